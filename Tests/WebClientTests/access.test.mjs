// What assistive technology and the keyboard get from a list: the pure
// decisions of access-plan.js (list or grid, a grid's rows, where a key
// goes, who takes a deleted cell's focus, a batch's words and their pace),
// and the renderer carrying them out on the fake DOM: roles, positions in
// the whole snapshot, headers, levels, one tab stop, focus kept across
// batches, keys, and the live region.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  ANNOUNCEMENT_INTERVAL, arrowTarget, batchCounts, batchSummary, createAnnouncer, focusSuccessor,
  gridRows, isGrid, pageTarget,
} from '../../Sources/DiffableWeb/Resources/client/access-plan.js';
import {
  applyBatch, applyLayout, applyReload, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { createRenderer } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';
import { batch } from './support.mjs';

/** Frames of rows 44 points high, one below the other, from `top`. */
const rows = (items, top = 0) =>
  new Map(items.map((item, k) => [item, [0, top + 44 * k, 390, 44]]));

/** Frames of a grid of `columns` cells 100 points square. */
const squares = (items, columns) => new Map(items.map((item, k) =>
  [item, [100 * (k % columns), 100 * Math.floor(k / columns), 100, 100]]));

const cellsOf = (items, section = 's') => items.map((item) => ({ item, section }));

describe('list or grid, and a grid\'s rows', () => {
  test('rows one below the other are a list; cells side by side, or a band, a grid', () => {
    const items = ['a', 'b', 'c', 'd'];
    assert.equal(isGrid(cellsOf(items), { frames: rows(items), bands: [] }, 'y'), false);
    assert.equal(isGrid(cellsOf(items), { frames: squares(items, 2), bands: [] }, 'y'), true);
    assert.equal(isGrid(cellsOf(items), { frames: rows(items), bands: [{ section: 's' }] }, 'y'),
      true);
    // Side by side only across sections: still a list.
    const split = [{ item: 'a', section: 's' }, { item: 'b', section: 't' }];
    assert.equal(isGrid(split, { frames: squares(['a', 'b'], 2), bands: [] }, 'y'), false);
    // A list that scrolls sideways, its cells one after the other along x.
    const across = new Map(items.map((item, k) => [item, [100 * k, 0, 100, 300]]));
    assert.equal(isGrid(cellsOf(items), { frames: across, bands: [] }, 'x'), false);
  });

  test('a grid\'s rows: a header alone, cells side by side together, a band in one', () => {
    const order = [
      { type: 'supplementary', key: 'h' },
      ...['a', 'b', 'c'].map((item) => ({ type: 'cell', item })),
      { type: 'band', section: 'band' },
      { type: 'supplementary', key: 'f' },
    ];
    const cells = [...cellsOf(['a', 'b', 'c']), ...cellsOf(['p', 'q'], 'band')];
    const frames = squares(['a', 'b', 'c'], 2);
    const keys = (row) => row.map((entry) => entry.item ?? entry.key);
    assert.deepEqual(gridRows(order, cells, frames, 'y').map(keys),
      [['h'], ['a', 'b'], ['c'], ['p', 'q'], ['f']]);
  });
});

describe('keys', () => {
  test('arrows go to the cell straight ahead, in a list and in a grid', () => {
    const list = rows(['a', 'b', 'c']);
    assert.equal(arrowTarget('ArrowDown', 'a', list), 'b');
    assert.equal(arrowTarget('ArrowUp', 'c', list), 'b');
    assert.equal(arrowTarget('ArrowUp', 'a', list), null);
    const grid = squares(['a', 'b', 'c', 'd', 'e', 'f'], 3);
    assert.equal(arrowTarget('ArrowRight', 'a', grid), 'b');
    assert.equal(arrowTarget('ArrowDown', 'b', grid), 'e', 'down goes below, not to a nearer side');
    assert.equal(arrowTarget('ArrowLeft', 'f', grid), 'e');
    assert.equal(arrowTarget('ArrowUp', 'f', grid), 'c');
    assert.equal(arrowTarget('ArrowRight', 'c', grid), null, 'no wrapping by the frames');
    assert.equal(arrowTarget('Tab', 'a', grid), null);
  });

  test('Page Down and Page Up go a page away, or as far as the cells reach', () => {
    const list = rows(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    assert.equal(pageTarget(1, 'a', list, 132, 'y'), 'd');
    assert.equal(pageTarget(-1, 'g', list, 132, 'y'), 'd');
    assert.equal(pageTarget(1, 'f', list, 1000, 'y'), 'h');
    assert.equal(pageTarget(1, 'h', list, 132, 'y'), null);
  });

  test('a deleted item\'s focus goes to the next one left, or else the previous', () => {
    const before = [{ items: ['a', 'b'] }, { items: ['c', 'd'] }];
    assert.equal(focusSuccessor(before, 'b', (item) => item !== 'b'), 'c');
    assert.equal(focusSuccessor(before, 'c', (item) => item === 'a'), 'a');
    assert.equal(focusSuccessor(before, 'a', () => false), null);
    assert.equal(focusSuccessor(before, 'z', () => true), null);
  });
});

describe('announcements', () => {
  test('a batch in a few words: added, removed, moved; nothing for reloads alone', () => {
    assert.equal(batchSummary({ added: 3, removed: 0, moved: 0 }), '3 items added');
    assert.equal(batchSummary({ added: 1, removed: 2, moved: 1 }),
      '1 item added, 2 removed, 1 moved');
    assert.equal(batchSummary({ added: 0, removed: 1, moved: 0 }), '1 item removed');
    assert.equal(batchSummary({ added: 0, removed: 0, moved: 0 }), null);
    const before = { sections: [{ items: ['a', 'b'] }, { items: ['c'] }] };
    const message = batch(
      { sectionDeletes: [0], itemInserts: [[0, 0]], itemMoves: [[[1, 0], [0, 1]]] },
      { insertedSections: [{ id: 'n', items: ['x', 'y'] }] });
    assert.deepEqual(batchCounts(before, message), { added: 3, removed: 2, moved: 1 });
  });

  test('at most one announcement a second; words that come sooner wait, the last wins', () => {
    let time = 0;
    const timers = [];
    const written = [];
    const announcer = createAnnouncer({
      write: (text) => written.push([time, text]),
      now: () => time,
      clock: { setTimeout: (callback, ms) => timers.push({ callback, at: time + ms }) },
    });
    announcer.announce('one');
    time = 300;
    announcer.announce('two');
    time = 600;
    announcer.announce('three');
    assert.deepEqual(written, [[0, 'one']]);
    assert.equal(timers.length, 1, 'one timer for the words waiting');
    assert.equal(timers[0].at, ANNOUNCEMENT_INTERVAL);
    time = timers[0].at;
    timers[0].callback();
    assert.deepEqual(written, [[0, 'one'], [1000, 'three']]);
    time = 2500;
    announcer.announce('four');
    assert.deepEqual(written.at(-1), [2500, 'four'], 'a second later: at once');
  });
});

/** A list element in a fake document, under a body, and its renderer. */
function setup() {
  const document = new FakeDocument();
  const root = document.createElement('div');
  root.setAttribute('data-diffable-list', 'main');
  document.body.append(root);
  root.clientWidth = 390;
  root.clientHeight = 132;
  let time = 10_000;
  const timers = [];
  const renderer = createRenderer(root, {
    motion: () => false,
    requestFrame: () => {},
    now: () => time,
    clock: {
      setTimeout: (callback, ms) => timers.push({ callback, at: time + ms }),
      clearTimeout: () => {},
    },
  });
  let model = createModel();
  const show = (message) => {
    const before = model;
    const apply = { reload: applyReload, batch: applyBatch, layout: applyLayout }[message.type];
    model = apply(model, message);
    return renderer.show({ list: 'main', before, after: model, message });
  };
  const cell = (item) => root.querySelectorAll('data-item')
    .find((element) => element.getAttribute('data-item') === item);
  const live = document.body.children.find((element) => element.className === 'diffable-live');
  const press = (item, key) => cell(item).dispatch('keydown', { key, preventDefault() {} });
  const later = (ms) => {
    time += ms;
    for (const timer of timers.splice(0).filter((entry) => entry.at <= time)) timer.callback();
  };
  return { document, root, show, cell, live, press, later };
}

/** A layout of rows for the items that have frames. */
const layoutOf = (frames, extra = {}) => ({
  size: [390, 44 * 10], frames: Object.fromEntries(frames), supplementaries: [], bands: [],
  ...extra,
});

/** A `layout` message that moves the window to `items`, with their cells. */
const windowOf = (items) => ({
  v: 1, type: 'layout', list: 'main', seq: 1, layout: layoutOf(rows(items, 20)),
  cells: Object.fromEntries(items.map((item) => [item, { text: item.toUpperCase() }])),
});

/** A reload of two sections, five items; the window holds `window`'s. */
const reloadOf = (window = ['a', 'b', 'c', 'd', 'e'], extra = {}) => ({
  v: 1, type: 'reload', list: 'main', seq: 1,
  sections: [{ id: 's', items: ['a', 'b'] }, { id: 't', items: ['c', 'd', 'e'] }],
  cells: Object.fromEntries(window.map((item) => [item, { text: item.toUpperCase() }])),
  layout: layoutOf(rows(window, 20)),
  ...extra,
});

describe('the renderer\'s roles, positions, focus and words', () => {
  test('a list of items, each with its place in the whole list, its headers headings', () => {
    const page = setup();
    page.show(reloadOf(['b', 'c', 'd'], {
      layout: layoutOf(rows(['b', 'c', 'd'], 20), {
        supplementaries: [
          { kind: 'header', section: 't', index: 0, frame: [0, 0, 390, 20], pin: null,
            cell: { text: 'T' } },
          { kind: 'footer', section: 't', index: 0, frame: [0, 200, 390, 20], pin: null,
            cell: { text: 'end' } },
        ],
      }),
    }));
    assert.equal(page.root.getAttribute('role'), 'list');
    const described = ['b', 'c', 'd'].map((item) => ['role', 'aria-setsize', 'aria-posinset',
      'aria-label', 'tabindex'].map((name) => page.cell(item).getAttribute(name)));
    assert.deepEqual(described, [
      ['listitem', '5', '2', 'B', '0'],
      ['listitem', '5', '3', 'C', '-1'],
      ['listitem', '5', '4', 'D', '-1'],
    ]);
    const [header, footer] = page.root.querySelectorAll('data-kind');
    assert.deepEqual([header.getAttribute('role'), header.getAttribute('aria-level')],
      ['heading', '2']);
    assert.equal(footer.getAttribute('role'), null);
  });

  test('an outline is a tree of items with levels; a grid\'s rows own its cells', () => {
    const page = setup();
    page.show(reloadOf(['a', 'b'], {
      cells: {
        a: { text: 'A', accessories: [{ type: 'disclosure', expanded: true }] },
        b: { text: 'B', secondaryText: 'under A', indentation: 1 },
      },
    }));
    assert.equal(page.root.getAttribute('role'), 'tree', 'an outline is a tree');
    assert.deepEqual(['a', 'b'].map((item) => [page.cell(item).getAttribute('role'),
      page.cell(item).getAttribute('aria-level'), page.cell(item).getAttribute('aria-posinset')]),
    [['treeitem', '1', null], ['treeitem', '2', null]]);
    assert.equal(page.cell('a').getAttribute('aria-expanded'), 'true');
    assert.equal(page.cell('b').getAttribute('aria-label'), 'B, under A');

    const grid = setup();
    const frames = [...squares(['a', 'b', 'c'], 2)].map(([item, [x, y, w, h]]) =>
      [item, [x, y + 20, w, h]]);
    grid.show(reloadOf(['a', 'b', 'c'], {
      layout: layoutOf(frames, {
        supplementaries: [{ kind: 'header', section: 's', index: 0, frame: [0, 0, 390, 20],
          pin: null, cell: { text: 'S' } }],
      }),
    }));
    assert.equal(grid.root.getAttribute('role'), 'grid');
    assert.equal(grid.cell('a').getAttribute('role'), 'gridcell');
    assert.equal(grid.cell('a').getAttribute('aria-posinset'), null);
    const header = grid.root.querySelectorAll('data-kind')[0];
    assert.equal(header.getAttribute('role'), 'rowheader');
    const owned = grid.root.querySelectorAll('role').filter((element) =>
      element.getAttribute('role') === 'row').map((row) => row.getAttribute('aria-owns'));
    assert.deepEqual(owned, [
      header.id, `${grid.cell('a').id} ${grid.cell('b').id}`, grid.cell('c').id,
    ]);
    // Its window holds 3 of its 5 items: how many rows it has is unknown.
    const rowsOf = (page) => page.root.querySelectorAll('role')
      .filter((element) => element.getAttribute('role') === 'row');
    assert.equal(grid.root.getAttribute('aria-rowcount'), '-1');
    assert.deepEqual(rowsOf(grid).map((row) => row.getAttribute('aria-rowindex')),
      [null, null, null]);

    // The server says where the window's rows are in the whole list: the
    // header's row 0, a b's row 1, c's row 2, of 4 in all.
    const placed = setup();
    placed.show(reloadOf(['a', 'b', 'c'], {
      layout: layoutOf(frames, {
        supplementaries: [{ kind: 'header', section: 's', index: 0, frame: [0, 0, 390, 20],
          pin: null, cell: { text: 'S' } }],
        rows: { count: 4, items: { a: 1, b: 1, c: 2 }, supplementaries: [0] },
      }),
    }));
    assert.equal(placed.root.getAttribute('aria-rowcount'), '4');
    assert.deepEqual(rowsOf(placed).map((row) => row.getAttribute('aria-rowindex')),
      ['1', '2', '3']);

    // A grid whose window holds all its items: each row has its place.
    const whole = setup();
    whole.show(reloadOf(['a', 'b', 'c', 'd', 'e'], {
      layout: layoutOf([...squares(['a', 'b', 'c', 'd', 'e'], 2)]),
    }));
    assert.equal(whole.root.getAttribute('role'), 'grid');
    assert.equal(whole.root.getAttribute('aria-rowcount'), '3', 'a b, then c d, then e');
    assert.deepEqual(rowsOf(whole).map((row) => row.getAttribute('aria-rowindex')),
      ['1', '2', '3']);
  });

  test('the focus stays on its item across a batch, and a deleted one\'s goes to its neighbour', () => {
    const page = setup();
    page.show(reloadOf());
    page.cell('b').focus();
    assert.equal(page.cell('b').getAttribute('tabindex'), '0', 'the tab stop follows the focus');
    assert.equal(page.cell('a').getAttribute('tabindex'), '-1');
    // b moves to the end: its element moves in the DOM, and keeps the focus.
    page.show({
      ...batch({ itemMoves: [[[0, 1], [1, 3]]] }, { counts: [1, 4] }),
      layout: layoutOf(rows(['a', 'c', 'd', 'e', 'b'], 20)),
    });
    assert.equal(page.document.activeElement, page.cell('b'));
    // b is deleted: c, which followed it, takes the focus.
    page.show({
      ...batch({ itemDeletes: [[1, 3]] }, { seq: 3, counts: [1, 3] }),
      layout: layoutOf(rows(['a', 'c', 'd', 'e'], 20)),
    });
    assert.equal(page.document.activeElement, page.cell('e'));
    assert.deepEqual(page.cell('e').focusOptions, { preventScroll: true });
  });

  test('a focused cell that leaves the window stays in the DOM, focused', () => {
    const page = setup();
    page.show(reloadOf());
    page.cell('a').focus();
    page.show(windowOf(['d', 'e']));
    assert.notEqual(page.cell('a'), undefined);
    assert.equal(page.document.activeElement, page.cell('a'));
    assert.equal(page.cell('b'), undefined, 'the others left');
  });

  test('arrows, Home and End; a cell beyond the window is focused once it comes', () => {
    const page = setup();
    page.root.scrollHeight = 440;
    page.show(reloadOf(['a', 'b', 'c']));
    page.cell('a').focus();
    page.press('a', 'ArrowDown');
    assert.equal(page.document.activeElement, page.cell('b'));
    page.press('b', 'ArrowRight');
    assert.equal(page.document.activeElement, page.cell('b'), 'a list takes Up and Down only');
    page.press('b', 'End');
    assert.equal(page.document.activeElement, page.cell('b'), 'e is not drawn yet');
    assert.equal(page.root.scrollTop, 440, 'the list scrolled to its end');
    page.show(windowOf(['d', 'e']));
    assert.equal(page.document.activeElement, page.cell('e'));
    page.press('e', 'ArrowUp');
    assert.equal(page.document.activeElement, page.cell('d'));
    page.press('d', 'ArrowUp');
    assert.equal(page.document.activeElement, page.cell('d'),
      'c is beyond the window: it is focused once drawn');
    page.show(windowOf(['b', 'c', 'd']));
    assert.equal(page.document.activeElement, page.cell('c'));
  });

  test('the live region says what a batch did, or the app\'s words, at most once a second', () => {
    const page = setup();
    page.show(reloadOf(['a', 'b', 'c', 'd', 'e'], { announce: '5 results' }));
    assert.equal(page.live.textContent, '5 results');
    assert.equal(page.live.getAttribute('aria-live'), 'polite');
    page.later(1000);
    page.show({
      ...batch({ itemInserts: [[0, 2], [0, 3]] }, {
        counts: [4, 3], insertedItems: ['x', 'y'], cells: { x: { text: 'X' }, y: { text: 'Y' } },
      }),
      layout: layoutOf(rows(['a', 'b', 'x', 'y', 'c', 'd', 'e'], 20)),
    });
    assert.equal(page.live.textContent, '2 items added');
    page.later(100);
    page.show({
      ...batch({ itemDeletes: [[0, 2]] }, { seq: 3, counts: [3, 3], announce: 'Ada: Hello' }),
      layout: layoutOf(rows(['a', 'b', 'y', 'c', 'd', 'e'], 20)),
    });
    assert.equal(page.live.textContent, '2 items added', 'too soon: the words wait');
    page.later(900);
    assert.equal(page.live.textContent, 'Ada: Hello');
  });
});
