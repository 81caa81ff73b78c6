// Where the renderer keeps a list scrolled: one scrolled to its end stays at
// its end as its content grows (a chat as messages come); one scrolled
// elsewhere keeps its first row in view in place on screen (scroll
// anchoring). Against a list element whose scroll range follows its content
// element's size, as a browser's does, and whose offset is clamped to that
// range. The range is read from the content's inline size, so a renderer
// that read it after writing the new size would not find the list at its
// end.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  applyBatch, applyLayout, applyReload, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { createRenderer } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';
import { batch } from './support.mjs';

/**
 * A list element 390 × 300 that scrolls over its content element, its
 * renderer, and `show(message)`.
 */
function setup() {
  const document = new FakeDocument();
  const root = document.createElement('div');
  root.setAttribute('data-diffable-list', 'main');
  root.clientWidth = 390;
  root.clientHeight = 300;
  const renderer = createRenderer(root, {
    motion: () => true,
    requestFrame: () => {},
    now: () => 0,
    opacityOf: (element) => element.opacity(),
  });
  const content = renderer.content;
  const along = (axis) => (axis === 'x'
    ? { size: 'width', client: 'clientWidth' }
    : { size: 'height', client: 'clientHeight' });
  const extent = (axis) => {
    const { size, client } = along(axis);
    return Math.max(root[client], parseFloat(content.style[size]) || 0);
  };
  const offsets = { x: 0, y: 0 };
  const clamp = (axis, value) => Math.max(0, Math.min(value, extent(axis) - root[along(axis).client]));
  Object.defineProperties(root, {
    scrollHeight: { get: () => extent('y') },
    scrollWidth: { get: () => extent('x') },
    scrollTop: {
      get: () => clamp('y', offsets.y),
      set: (value) => { offsets.y = clamp('y', value); },
    },
    scrollLeft: {
      get: () => clamp('x', offsets.x),
      set: (value) => { offsets.x = clamp('x', value); },
    },
  });
  let model = createModel();
  const show = (message) => {
    const before = model;
    const apply = { reload: applyReload, batch: applyBatch, layout: applyLayout }[message.type];
    model = apply(model, message);
    return renderer.show({ list: 'main', before, after: model, message, receivedAt: 0 });
  };
  return { root, show };
}

const names = (count, prefix = 'r') => Array.from({ length: count }, (_, k) => `${prefix}${k}`);

/** Rows of `height` px, one under the other; or, `across`, columns of 100 px. */
const layoutOf = (items, { height = 44, across = false } = {}) => ({
  size: across ? [items.length * 100, 300] : [390, items.length * height],
  frames: Object.fromEntries(items.map((item, k) => [item,
    across ? [k * 100, 0, 100, 300] : [0, k * height, 390, height]])),
  supplementaries: [],
  bands: [],
});

const reloadOf = (items, options) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: [{ id: 's', items }],
  cells: Object.fromEntries(items.map((item) => [item, { text: item }])),
  layout: layoutOf(items, options),
});

/** A batch appending `added` to a list of `items`, at `seq`. */
const appending = (items, added, seq, options) => batch({
  itemInserts: added.map((_, k) => [0, items.length + k]),
}, {
  seq,
  counts: [items.length + added.length],
  insertedItems: added,
  cells: Object.fromEntries(added.map((item) => [item, { text: item }])),
  layout: layoutOf([...items, ...added], options),
});

test('a list scrolled to its end stays at its end as rows come, and as they grow', () => {
  const { root, show } = setup();
  const rows = names(20);
  show(reloadOf(rows));
  root.scrollTop = 1000;
  assert.equal(root.scrollTop, 20 * 44 - 300, 'at its end');

  show(appending(rows, ['a'], 2));
  assert.equal(root.scrollTop, 21 * 44 - 300, 'at its new end after a batch');

  // Within a pixel of its end counts as at its end.
  root.scrollTop = 21 * 44 - 300 - 0.75;
  show(appending([...rows, 'a'], ['b', 'c'], 3));
  assert.equal(root.scrollTop, 23 * 44 - 300);

  // The rows measured taller: a layout message, drawn as a batch is.
  const all = [...rows, 'a', 'b', 'c'];
  show({ v: 1, type: 'layout', list: 'main', seq: 3, layout: layoutOf(all, { height: 60 }), cells: {} });
  assert.equal(root.scrollTop, 23 * 60 - 300, 'at its new end after a layout');
});

test('a list scrolled sideways to its end stays at its end as columns come', () => {
  const { root, show } = setup();
  const columns = names(10, 'c');
  show(reloadOf(columns, { across: true }));
  root.scrollLeft = 10 * 100 - 390;
  show(appending(columns, ['d'], 2, { across: true }));
  assert.equal(root.scrollLeft, 11 * 100 - 390);
  assert.equal(root.scrollTop, 0);
});

test('a list short of its end, or that did not overflow, stays where it is', () => {
  const { root, show } = setup();
  const rows = names(20);
  show(reloadOf(rows));
  root.scrollTop = 20 * 44 - 300 - 2;
  show(appending(rows, ['a'], 2));
  assert.equal(root.scrollTop, 20 * 44 - 300 - 2, 'two pixels short of its end');

  // A list that showed all it had is at its start as much as at its end:
  // it stays at its start as it grows (a search that finds more).
  const short = setup();
  const few = names(3);
  short.show(reloadOf(few));
  short.show(appending(few, names(20, 'n'), 2));
  assert.equal(short.root.scrollTop, 0);

  // The first reload does not scroll.
  const fresh = setup();
  fresh.show(reloadOf(rows));
  assert.equal(fresh.root.scrollTop, 0);
});

/** A batch inserting `added` at the top of a list of `items`, at `seq`. */
const prepending = (items, added, seq) => batch({
  itemInserts: added.map((_, k) => [0, k]),
}, {
  seq,
  counts: [items.length + added.length],
  insertedItems: added,
  cells: Object.fromEntries(added.map((item) => [item, { text: item }])),
  layout: layoutOf([...added, ...items]),
});

test('a scrolled list keeps the first row in view in place as rows come or grow above it',
  () => {
    const { root, show } = setup();
    const rows = names(20);
    show(reloadOf(rows));
    root.scrollTop = 10 * 44 + 10;
    const anchor = root.querySelectorAll('[data-item]')
      .find((cell) => cell.getAttribute('data-item') === 'r10');

    show(prepending(rows, ['a', 'b'], 2));
    assert.equal(root.scrollTop, 12 * 44 + 10, 'the anchor row is where it was on screen');
    assert.equal(anchor.running.length, 0, 'and does not slide: it did not move on screen');

    // A row above deleted: the list follows its anchor up.
    const after = ['a', 'b', ...rows];
    show(batch({ itemDeletes: [[0, 0]] }, {
      seq: 3, counts: [21], layout: layoutOf(after.slice(1)),
    }));
    assert.equal(root.scrollTop, 11 * 44 + 10);

    // The rows measured taller: a layout moves the anchor down by what
    // the rows above it grew.
    const shown = after.slice(1);
    const taller = layoutOf(shown, { height: 60 });
    show({ v: 1, type: 'layout', list: 'main', seq: 3, layout: taller, cells: {} });
    assert.equal(root.scrollTop, 11 * 60 + 10);
  });

test('an unscrolled list keeps its offset: rows inserted at its top are seen', () => {
  const { root, show } = setup();
  const rows = names(20);
  show(reloadOf(rows));
  show(prepending(rows, ['a', 'b'], 2));
  assert.equal(root.scrollTop, 0);
});
