// Compact identifiers in a reload's sections (Documentation/Web.md,
// "`reload`"): `runs` of consecutive integers, expanded as `items` would
// read, refused when malformed; and layouts whose model work (and the
// renderer's plan of cells) follows the window, not the list.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  MAX_RUN_ITEMS, applyBatch, applyLayout, applyReload, createModel,
  itemPosition, lists, work,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { planCells } from '../../Sources/DiffableWeb/Resources/client/render-plan.js';
import { batch, expectMalformed } from './support.mjs';

/**
 * A reload of `main` with the given sections, cells for `window` and a
 * layout whose frames are theirs (none when `layout` is `null`).
 */
function reloadOf(sections, { window = [], layout = layoutOf(window) } = {}) {
  const cells = {};
  for (const item of window) cells[item] = { text: `cell ${item}` };
  return {
    v: 1, type: 'reload', list: 'main', seq: 1, sections, cells,
    ...(layout === null ? {} : { layout }),
  };
}

/** A layout whose frames are `items`, stacked 44 px apart from `from`. */
function layoutOf(items, from = 0) {
  const frames = {};
  items.forEach((item, k) => { frames[item] = [0, (from + k) * 44, 390, 44]; });
  return { size: [390, 44e6], frames, supplementaries: [], bands: [] };
}


describe('runs', () => {
  test('expand to the integers they stand for, runs after one another', () => {
    const model = applyReload(createModel(), reloadOf([
      { id: 's', runs: [[3, 2], [-2, 3], [10, 1]] },
    ], { window: ['3', '4', '-2', '-1', '0', '10'] }));
    assert.deepEqual(model.lists.get('main').sections[0].items,
      ['3', '4', '-2', '-1', '0', '10']);
  });

  test('read exactly as the same numbers in items, lists() included', () => {
    const window = ['7', '8', '9', '1', '2'];
    const byRuns = applyReload(createModel(), reloadOf([
      { id: 'a', runs: [[7, 3]] }, { id: 'b', runs: [[1, 2]] },
    ], { window, layout: null }));
    const byItems = applyReload(createModel(), reloadOf([
      { id: 'a', items: [7, 8, 9] }, { id: 'b', items: [1, 2] },
    ], { window, layout: null }));
    assert.deepEqual(lists(byRuns), lists(byItems));
    assert.deepEqual(lists(byRuns), [{
      list: 'main', seq: 1,
      sections: [{ id: 'a', items: ['7', '8', '9'] }, { id: 'b', items: ['1', '2'] }],
    }]);
    assert.equal(byRuns.lists.get('main').itemKind, 'number');
    // A batch replays by identity on either: inserting the number 5 after 7.
    const message = batch({ itemInserts: [[0, 1]] },
      { counts: [4, 2], insertedItems: [5], cells: { 5: { text: 'five' } } });
    assert.deepEqual(lists(applyBatch(byRuns, message)), lists(applyBatch(byItems, message)));
    assert.deepEqual(lists(applyBatch(byRuns, message))[0].sections[0].items,
      ['7', '5', '8', '9']);
  });

  test('a duplicate across runs or sections is refused as in items', () => {
    const runs = () => applyReload(createModel(), reloadOf([
      { id: 'a', runs: [[0, 3]] }, { id: 'b', runs: [[5, 1], [2, 2]] },
    ], { window: [] }));
    const items = () => applyReload(createModel(), reloadOf([
      { id: 'a', items: [0, 1, 2] }, { id: 'b', items: [5, 2, 3] },
    ], { window: [] }));
    expectMalformed(runs, 'sections[1].items[1]', /"2", which sections\[0\]\.items\[2\] is too/);
    expectMalformed(items, 'sections[1].items[1]', /"2", which sections\[0\]\.items\[2\] is too/);
  });

  test('runs and items side by side: each item found where it is, a duplicate refused', () => {
    const sections = [{ id: 'a', runs: [[0, 10], [20, 5]] }, { id: 'b', items: [10, 2.5, -1] }];
    const before = work.indexes;
    const model = applyReload(createModel(), reloadOf(sections, { window: ['22', '2.5'] }));
    assert.equal(work.indexes, before + 1);
    const { sections: held } = model.lists.get('main');
    const where = (item) => itemPosition(held, item);
    assert.deepEqual(where('3'), { section: 0, index: 3 });
    assert.deepEqual(where('22'), { section: 0, index: 12 });
    assert.deepEqual(where('10'), { section: 1, index: 0 });
    assert.deepEqual(where('2.5'), { section: 1, index: 1 });
    assert.deepEqual(where('-1'), { section: 1, index: 2 });
    for (const absent of ['15', '25', '03', '1e1', '', '-0']) assert.equal(where(absent), null);
    assert.deepEqual([...model.lists.get('main').cells.keys()], ['22', '2.5']);
    // A cell or frame of an item the list does not show is refused, as ever.
    expectMalformed(() => applyReload(createModel(), reloadOf(sections, { window: ['15'] })),
      'cells["15"]', /is the cell of an item the list does not show/);
    expectMalformed(() => applyReload(createModel(), {
      ...reloadOf(sections), layout: { ...reloadOf(sections, { window: ['25'] }).layout },
    }), 'layout.frames["25"]', /is the frame of an item the list does not show/);
    expectMalformed(() => applyReload(createModel(), reloadOf([
      { id: 'a', runs: [[0, 10]] }, { id: 'b', items: [11, 4] }])),
    'sections[1].items[1]', /"4", which sections\[0\]\.items\[4\] is too/);
    expectMalformed(() => applyReload(createModel(), reloadOf([
      { id: 'a', runs: [[0, 10]] }, { id: 'a', runs: [[10, 1]] }])),
    'sections[1].id', /"a", which sections\[0\] has too/);
  });

  test('a bad first is refused, naming the section and the run', () => {
    for (const first of [1.5, '3', null, 2 ** 53]) {
      expectMalformed(
        () => applyReload(createModel(), reloadOf([
          { id: 's', items: [] }, { id: 't', runs: [[0, 1], [first, 2]] }])),
        'sections[1].runs[1][0]', /not an integer/);
    }
    expectMalformed(() => applyReload(createModel(), reloadOf([{ id: 's', runs: [[0]] }])),
      'sections[0].runs[0]', /not a run \[first, count\]/);
    expectMalformed(
      () => applyReload(createModel(), reloadOf([{ id: 's', runs: [[2 ** 53 - 2, 3]] }])),
      'sections[0].runs[0]', /beyond the integers/);
  });

  test('a bad count is refused, naming the section and the run', () => {
    for (const count of [0, -1, 2.5, '4', null]) {
      expectMalformed(
        () => applyReload(createModel(), reloadOf([{ id: 's', runs: [[0, 2], [9, count]] }])),
        'sections[0].runs[1][1]', /not a positive integer/);
    }
  });

  test('a section with both items and runs, or neither, is refused', () => {
    expectMalformed(() => applyReload(createModel(), reloadOf([{ id: 's', items: [], runs: [] }])),
      'sections[0]', /both items and runs/);
    expectMalformed(() => applyReload(createModel(), reloadOf([{ id: 's' }])),
      'sections[0]', /neither items nor runs/);
    expectMalformed(() => applyReload(createModel(), reloadOf([{ id: 's', runs: {} }])),
      'sections[0].runs', /not a list/);
  });

  test('runs of another kind than the list\'s items are refused', () => {
    expectMalformed(() => applyReload(createModel(), reloadOf([
      { id: 's', items: ['a'] }, { id: 't', runs: [[0, 1]] }], { window: [] })),
    'sections[1].runs[0][0]', /number/);
  });

  test('more than 10,000,000 items in runs are refused, naming the run that passes it', () => {
    assert.equal(MAX_RUN_ITEMS, 10_000_000);
    expectMalformed(() => applyReload(createModel(), reloadOf([
      { id: 's', runs: [[0, 6_000_000], [-10_000_000, 4_000_001]] }])),
    'sections[0].runs[1]', /10000001 items, more than the 10000000/);
  });

  test('a million items in one run', () => {
    const model = applyReload(createModel(), reloadOf([{ id: 's', runs: [[0, 1_000_000]] }],
      { window: ['0', '1'], layout: layoutOf(['0', '1']) }));
    const { items } = model.lists.get('main').sections[0];
    assert.equal(items.length, 1_000_000);
    assert.equal(items[0], '0');
    assert.equal(items[999_999], '999999');
    assert.equal(lists(model)[0].sections[0].items.length, 1_000_000);
    assert.deepEqual([...model.lists.get('main').cells.keys()], ['0', '1']);
  });
});

describe('model work per layout', () => {
  /** What a `layout` message of 20 frames from item `from` costs on a list of `length` items. */
  function layoutWork(length) {
    const window = Array.from({ length: 20 }, (_, k) => String(k));
    let model = applyReload(createModel(), reloadOf([{ id: 's', runs: [[0, length]] }],
      { window, layout: layoutOf(window) }));
    const moved = Array.from({ length: 20 }, (_, k) => String(k + 10));
    const cells = {};
    for (const item of moved.slice(10)) cells[item] = { text: item };
    const before = { ...work };
    model = applyLayout(model, {
      v: 1, type: 'layout', list: 'main', seq: 1, layout: layoutOf(moved, 10), cells,
    });
    assert.deepEqual([...model.lists.get('main').cells.keys()], moved);
    return { items: work.items - before.items, indexes: work.indexes - before.indexes };
  }

  test('does not grow with the section\'s length', () => {
    const small = layoutWork(100);
    const large = layoutWork(1_000_000);
    assert.deepEqual(large, small);
    assert.equal(large.indexes, 0, 'a layout message builds no index of the items');
    assert.ok(large.items <= 3 * 20 + 10, `looked at ${large.items} items for 20 frames`);
  });

  test('keeps the cells of the window in the list\'s order', () => {
    const model = applyReload(createModel(), reloadOf([
      { id: 'a', runs: [[0, 5]] }, { id: 'b', items: [100] }],
    { window: ['100', '3', '1'], layout: layoutOf(['100', '3', '1']) }));
    assert.deepEqual([...model.lists.get('main').cells.keys()], ['1', '3', '100']);
  });
});

describe('the renderer\'s plan of cells', () => {
  test('looks at the window\'s cells, not at every item of the list', () => {
    let looked = 0;
    const texts = Array.from({ length: 100_000 }, (_, k) => String(k));
    const items = new Proxy(texts, {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^[0-9]+$/.test(key)) looked += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const sections = [{ id: 'a', items: ['x', 'y'] }, { id: 's', items }];
    assert.deepEqual(itemPosition(sections, '5000'), { section: 1, index: 5000 });
    assert.equal(itemPosition(sections, 'z'), null);
    looked = 0;
    const cells = new Map([['5001', { text: 'b' }], ['5000', { text: 'a' }], ['y', { text: 'y' }]]);
    const plan = planCells({
      kind: 'layout', shown: new Map([['4999', {}]]), after: { sections, cells }, motion: false,
    });
    assert.equal(looked, 0);
    assert.deepEqual(plan.cells.map(({ item, section, position }) => [item, section, position]),
      [['y', 'a', 2], ['5000', 's', 5003], ['5001', 's', 5004]]);
    assert.equal(plan.total, 100_002);
    assert.deepEqual(plan.leaving, [{ item: '4999', fade: false }]);
  });
});
