// Layouts in the model (Documentation/Web.md, "Layout of a list"): the
// `layout` of reloads and batches, the `layout` message, and the window
// rule: a list with a layout holds cells for the items of its frames only.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { checkLayout } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import {
  applyBatch, applyLayout, applyReload, createModel, lists,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { batch, expectMalformed } from './support.mjs';

/** A layout whose frames are the given items, stacked 44 px apart. */
function layoutOf(items, extra = {}) {
  const frames = {};
  items.forEach((item, k) => { frames[item] = [0, k * 44, 390, 44]; });
  return { size: [390, 44 * 100], frames, supplementaries: [], bands: [], ...extra };
}

/** A windowed reload of `main`: section `s` with `items`, cells of `window`. */
function windowedReload(items, window, seq = 1) {
  const cells = {};
  for (const item of window) cells[item] = { text: item.toUpperCase() };
  return {
    v: 1, type: 'reload', list: 'main', seq,
    sections: [{ id: 's', items }], cells, layout: layoutOf(window),
  };
}


describe('checkLayout', () => {
  test('reads size, frames as a map, supplementaries and bands', () => {
    const layout = checkLayout({
      size: [390, 1200.5],
      frames: { apple: [0, 0, 195, 44], pear: [195, 0, 195.5, 44] },
      supplementaries: [{
        kind: 'header', section: 'fruits', index: 0, frame: [0, 0, 390, 30], pin: [0, 400],
        cell: { text: 'Fruits' },
      }],
      bands: [{ section: 'food', frame: [0, 40, 390, 120], contentWidth: 780, rests: [0, 195] }],
    });
    assert.deepEqual(layout.size, [390, 1200.5]);
    assert.deepEqual([...layout.frames],
      [['apple', [0, 0, 195, 44]], ['pear', [195, 0, 195.5, 44]]]);
    assert.deepEqual(layout.supplementaries[0].pin, [0, 400]);
    assert.equal(layout.bands[0].contentWidth, 780);
    assert.ok(Object.isFrozen(layout.bands[0].rests));
  });

  test('refuses each field of the wrong shape, naming it', () => {
    const good = () => ({
      size: [1, 1], frames: {},
      supplementaries: [{
        kind: 'header', section: 's', index: 0, frame: [0, 0, 1, 1], pin: null, cell: { text: '' },
      }],
      bands: [{ section: 's', frame: [0, 0, 1, 1], contentWidth: 1, rests: [] }],
    });
    const cases = [
      [(l) => { delete l.size; }, 'layout.size', /is missing/],
      [(l) => { l.size = [1]; }, 'layout.size', /has 1 numbers, not 2/],
      [(l) => { l.size = [-1, 2]; }, 'layout.size[0]', /negative/],
      [(l) => { l.frames = []; }, 'layout.frames', /not an object/],
      [(l) => { l.frames = { a: [0, 0, 1] }; }, 'layout.frames["a"]', /not 4/],
      [(l) => { l.frames = { a: [0, 0, 1, '2'] }; }, 'layout.frames["a"][3]', /finite number/],
      [(l) => { l.frames = { a: [0, 0, -1, 2] }; }, 'layout.frames["a"][2]', /negative/],
      [(l) => { delete l.supplementaries[0].pin; }, 'layout.supplementaries[0].pin', /missing/],
      [(l) => { l.supplementaries[0].pin = [5, 1]; }, 'layout.supplementaries[0].pin', /below/],
      [(l) => { l.supplementaries[0].index = -1; }, 'layout.supplementaries[0].index'],
      [(l) => { l.supplementaries[0].cell = { text: 3 }; }, 'layout.supplementaries[0].cell.text'],
      [(l) => { l.bands[0].rests = [0, null]; }, 'layout.bands[0].rests[1]'],
      [(l) => { l.bands[0].contentWidth = -5; }, 'layout.bands[0].contentWidth'],
      [(l) => { l.bands.push(l.bands[0]); }, 'layout.bands[1].section', /has a band already/],
      [(l) => { l.unmoved = 'a'; }, 'layout.unmoved', /not a list/],
      [(l) => { l.unmoved = ['a', 3]; }, 'layout.unmoved[1]'],
      [(l) => { l.unmoved = ['a', 'a']; }, 'layout.unmoved[1]', /names twice/],
      [(l) => { l.frames = { a: [0, 0, 1, 1] }; l.unmoved = ['a']; }, 'layout.unmoved[0]',
        /layout.frames has/],
      [(l) => { l.shifted = [{ by: [0], items: [] }]; }, 'layout.shifted[0].by', /not 2/],
      [(l) => { l.shifted = [{ by: [0, 1] }]; }, 'layout.shifted[0].items', /missing/],
      [(l) => { l.unmoved = ['a']; l.shifted = [{ by: [0, 1], items: ['a'] }]; },
        'layout.shifted[0].items[0]', /names twice/],
    ];
    for (const [breakIt, field, pattern] of cases) {
      const layout = good();
      breakIt(layout);
      expectMalformed(() => checkLayout(layout), field, pattern);
    }
  });
});

describe('a reload with a layout', () => {
  test('holds every item but the cells of the window only', () => {
    const model = applyReload(createModel(), windowedReload(['a', 'b', 'c', 'd'], ['b', 'c']));
    const state = model.lists.get('main');
    assert.deepEqual(lists(model)[0].sections, [{ id: 's', items: ['a', 'b', 'c', 'd'] }]);
    assert.deepEqual([...state.cells.keys()], ['b', 'c']);
    assert.deepEqual(state.layout.frames.get('c'), [0, 44, 390, 44]);
  });

  test('refuses a cell outside the frames, a frame of no item, a frame with no cell', () => {
    const outside = windowedReload(['a', 'b'], ['a']);
    outside.cells.b = { text: 'B' };
    expectMalformed(() => applyReload(createModel(), outside), 'cells["b"]', /outside layout/);
    const stranger = windowedReload(['a'], ['a']);
    stranger.layout.frames.zed = [0, 0, 1, 1];
    expectMalformed(() => applyReload(createModel(), stranger), 'layout.frames["zed"]');
    const bare = windowedReload(['a', 'b'], ['a', 'b']);
    delete bare.cells.b;
    expectMalformed(() => applyReload(createModel(), bare), 'cells', /no cell for item "b"/);
    const band = windowedReload(['a'], ['a']);
    band.layout.bands = [{ section: 'nope', frame: [0, 0, 1, 1], contentWidth: 1, rests: [] }];
    expectMalformed(() => applyReload(createModel(), band), 'layout.bands[0].section');
  });
});

describe('a batch with a layout', () => {
  const start = () => applyReload(createModel(), windowedReload(['a', 'b', 'c', 'd'], ['a', 'b']));

  test('takes cells for what enters the window, keeps the held ones, drops the rest', () => {
    // Delete `a`, insert `x` at 0: the window shows x, b, c.
    const message = batch({ itemDeletes: [[0, 0]], itemInserts: [[0, 0]] }, {
      counts: [4], insertedItems: ['x'],
      cells: { x: { text: 'X' }, c: { text: 'C' } },
      layout: layoutOf(['x', 'b', 'c']),
    });
    const state = applyBatch(start(), message).lists.get('main');
    assert.deepEqual(state.sections[0].items, ['x', 'b', 'c', 'd']);
    assert.deepEqual(Object.fromEntries(state.cells),
      { x: { text: 'X' }, b: { text: 'B' }, c: { text: 'C' } });
  });

  test('an inserted item outside the window needs no cell', () => {
    const message = batch({ itemInserts: [[0, 4]] }, {
      counts: [5], insertedItems: ['far'], layout: layoutOf(['a', 'b']),
    });
    const state = applyBatch(start(), message).lists.get('main');
    assert.deepEqual([...state.cells.keys()], ['a', 'b']);
  });

  test('refuses a missing cell of an entering or inserted item, and a missing layout', () => {
    const entering = batch({}, { counts: [4], layout: layoutOf(['a', 'b', 'c']) });
    expectMalformed(() => applyBatch(start(), entering), 'cells',
      /no cell for item "c", which layout.frames has and the page did not hold/);
    const inserted = batch({ itemInserts: [[0, 0]] }, {
      counts: [5], insertedItems: ['x'], layout: layoutOf(['x', 'a']),
    });
    expectMalformed(() => applyBatch(start(), inserted), 'cells',
      /no cell for item "x", which the batch brings in/);
    expectMalformed(() => applyBatch(start(), batch({}, { counts: [4] })), 'layout', /missing/);
  });

  test('unmoved items keep the frames the list holds; the frames given replace theirs', () => {
    // Delete `a`: b moves up, c enters below it; nothing holds b's old place.
    const held = applyReload(createModel(), windowedReload(['a', 'b', 'c', 'd'], ['a', 'b', 'c']));
    const layout = layoutOf([]);
    layout.frames = { c: [0, 88, 390, 44] };
    layout.unmoved = ['b'];
    const message = batch({ itemDeletes: [[0, 0]] }, { counts: [3], layout });
    const state = applyBatch(held, message).lists.get('main');
    assert.deepEqual(Object.fromEntries(state.layout.frames),
      { b: [0, 44, 390, 44], c: [0, 88, 390, 44] });
    assert.deepEqual(state.layout.unmoved, []);
    assert.deepEqual([...state.cells.keys()], ['b', 'c']);
  });

  test('shifted items take the frames the list holds, moved by their offset', () => {
    // Insert `x` at the top: a, b and c move one row down.
    const held = applyReload(createModel(), windowedReload(['a', 'b', 'c', 'd'], ['a', 'b', 'c']));
    const layout = {
      ...layoutOf(['x']), shifted: [{ by: [0, 44], items: ['a', 'b'] }], unmoved: [],
    };
    layout.frames.c = [0, 132, 390, 44];
    const message = batch({ itemInserts: [[0, 0]] }, {
      counts: [5], insertedItems: ['x'], cells: { x: { text: 'X' } }, layout,
    });
    const state = applyBatch(held, message).lists.get('main');
    assert.deepEqual(Object.fromEntries(state.layout.frames), {
      x: [0, 0, 390, 44], a: [0, 44, 390, 44], b: [0, 88, 390, 44], c: [0, 132, 390, 44],
    });
    assert.deepEqual(state.layout.shifted, []);
    const unheld = batch({}, {
      counts: [4], layout: { ...layoutOf([]), shifted: [{ by: [0, 1], items: ['a', 'd'] }] },
    });
    expectMalformed(() => applyBatch(held, unheld), 'layout.shifted[0].items[1]',
      /"d", an item whose frame the list does not hold/);
  });

  test('refuses an unmoved item whose frame the list does not hold, or that left the list', () => {
    const unheld = batch({}, { counts: [4], layout: { ...layoutOf(['a']), unmoved: ['c'] } });
    expectMalformed(() => applyBatch(start(), unheld), 'layout.unmoved[0]',
      /"c", an item whose frame the list does not hold/);
    const deleted = batch({ itemDeletes: [[0, 0]] }, {
      counts: [3], layout: { ...layoutOf(['b']), unmoved: ['a'] },
    });
    expectMalformed(() => applyBatch(start(), deleted), 'layout.frames["a"]',
      /an item the list does not show/);
    const reload = windowedReload(['a'], ['a']);
    reload.layout = { ...layoutOf([]), unmoved: ['a'] };
    expectMalformed(() => applyReload(createModel(), reload), 'layout.unmoved[0]');
  });

  test('a reconfigured item in the window takes its new content', () => {
    const message = batch({ itemReconfigures: [[0, 1]] }, {
      counts: [4], reconfigured: { b: { text: 'B2' } }, layout: layoutOf(['a', 'b']),
    });
    assert.deepEqual(applyBatch(start(), message).lists.get('main').cells.get('b'), { text: 'B2' });
  });
});

describe('the layout message', () => {
  const start = () => applyReload(createModel(), windowedReload(['a', 'b', 'c', 'd'], ['a', 'b']));
  const message = (fields) => ({
    v: 1, type: 'layout', list: 'main', seq: 1,
    layout: layoutOf(['b', 'c']), cells: { c: { text: 'C' } }, ...fields,
  });

  test('moves the window: keeps b, takes c, drops a', () => {
    const model = applyLayout(start(), message());
    const state = model.lists.get('main');
    assert.deepEqual(Object.fromEntries(state.cells), { b: { text: 'B' }, c: { text: 'C' } });
    assert.equal(state.seq, 1);
    assert.deepEqual(state.sections[0].items, ['a', 'b', 'c', 'd']);
  });

  test('takes the frames of its unmoved items from the layout the list holds', () => {
    const layout = { ...layoutOf([]), frames: { c: [0, 88, 390, 44] }, unmoved: ['b'] };
    const state = applyLayout(start(), message({ layout })).lists.get('main');
    assert.deepEqual(Object.fromEntries(state.layout.frames),
      { b: [0, 44, 390, 44], c: [0, 88, 390, 44] });
  });

  test('is ignored for another seq or an unknown list', () => {
    const model = start();
    assert.equal(applyLayout(model, message({ seq: 2 })), model);
    assert.equal(applyLayout(model, message({ list: 'other' })), model);
  });

  test('refuses a missing cell and a malformed layout', () => {
    expectMalformed(() => applyLayout(start(), message({ cells: {} })), 'cells', /"c"/);
    expectMalformed(() => applyLayout(start(), message({ layout: { size: [1, 1] } })),
      'layout.frames');
    expectMalformed(() => applyLayout(start(), message({ type: 'batch' })), 'type');
  });
});

test('a layout\'s rows and geometry are read, and malformed ones refused', () => {
  const base = {
    size: [390, 100], frames: { a: [0, 0, 195, 50], b: [195, 0, 195, 50] }, bands: [],
    supplementaries: [{ kind: 'header', section: 's', index: 0, frame: [0, 0, 390, 20],
      pin: null, cell: { text: 'S' } }],
  };
  const read = checkLayout({
    ...base, rows: { count: 3, items: { a: 1, b: 1 }, supplementaries: [0] },
    geometry: { groups: { a: [0, 0, 390, 50] }, sections: { s: [0, 0, 390, 100] } },
  });
  assert.deepEqual([read.rows.count, [...read.rows.items], read.rows.supplementaries],
    [3, [['a', 1], ['b', 1]], [0]]);
  assert.deepEqual([...read.geometry.groups], [['a', [0, 0, 390, 50]]]);
  assert.equal(checkLayout(base).rows, null);
  for (const [rows, problem] of [
    [{ count: 3, items: { a: 3 }, supplementaries: [0] }, /not below count 3/],
    [{ count: 3, items: {}, supplementaries: [] }, /has 0 rows for 1 supplementaries/],
    [{ count: 3, items: { a: -2 }, supplementaries: [0] }, /items\["a"\]/],
    [{ items: {}, supplementaries: [0] }, /count/],
  ]) {
    assert.throws(() => checkLayout({ ...base, rows }), problem);
  }
  assert.throws(() => checkLayout({ ...base, geometry: { groups: { a: [0, 0] }, sections: {} } }),
    /geometry\.groups\["a"\]/);
});
