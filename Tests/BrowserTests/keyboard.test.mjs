// Lists from the keyboard and through the accessibility tree, in real
// Chromium (Documentation/Web.md, "Accessibility"). The server is the
// test's stand-in (support/fake-server.mjs), which sends a list of two
// sections with a header, or a grid, and then the batches a test asks for;
// the client is the product's. Keys are real key events; what assistive
// technology gets is read from Chromium's accessibility tree
// (`Accessibility.getFullAXTree`), not from attributes.
//
// One tab stop per list: Tab enters it at its last focused cell and leaves
// it with the next Tab; arrows move in layout order (Up and Down in a list,
// all four in a grid, by the frames), Home and End go to the first and last
// item, Enter and Space tap. The focus stays on its item across a batch
// that moves it, and goes to the nearest neighbour when the item is
// deleted. A batch is announced in the polite live region.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser, idleAt, openFakePage } from './support/fixtures.mjs';

requireWebSocket();

const PAGE = clientPage({ title: 'Keys', socket: '/keys/socket', list: 'keys' });
const FIRST = ['alpha', 'beta', 'gamma'];
const SECOND = ['delta', 'epsilon', 'zeta'];
const ITEMS = [...FIRST, ...SECOND];

/** A list of the six items in two sections, rows 44 high, a header over the second. */
const listReload = (seq, selectable) => ({
  v: 1, type: 'reload', list: 'keys', seq,
  sections: [{ id: 'first', items: FIRST }, { id: 'second', items: SECOND }],
  cells: Object.fromEntries(ITEMS.map((item) => [item, { text: item.toUpperCase() }])),
  layout: {
    size: [300, 44 * 6 + 30],
    frames: Object.fromEntries(ITEMS.map((item, k) => [item, [0, 44 * k + (k < 3 ? 0 : 30), 300, 44]])),
    supplementaries: [{
      kind: 'header', section: 'second', index: 0, frame: [0, 132, 300, 30], pin: null,
      cell: { text: 'Second' },
    }],
    bands: [],
  },
  ...(selectable === undefined ? {} : { selectable }),
});

/** A grid of the six items in one section, three squares a row. */
const gridReload = (seq) => ({
  v: 1, type: 'reload', list: 'keys', seq,
  sections: [{ id: 'all', items: ITEMS }],
  cells: Object.fromEntries(ITEMS.map((item) => [item, { text: item.toUpperCase() }])),
  layout: {
    size: [300, 200],
    frames: Object.fromEntries(ITEMS.map((item, k) =>
      [item, [100 * (k % 3), 100 * Math.floor(k / 3), 100, 100]])),
    supplementaries: [],
    bands: [],
  },
});

/** A batch of the list: `update`'s non-empty lists, and the layout after it. */
const listBatch = (seq, update, sections, more = {}) => ({
  v: 1, type: 'batch', list: 'keys', seq,
  update: {
    sectionDeletes: [], sectionInserts: [], sectionMoves: [], sectionReloads: [],
    itemDeletes: [], itemInserts: [], itemMoves: [], itemReloads: [], itemReconfigures: [],
    ...update,
  },
  counts: sections.map((items) => items.length),
  insertedSections: [], reloadedSections: [], insertedItems: [], cells: {}, reconfigured: {},
  layout: {
    size: [300, 300],
    frames: Object.fromEntries(sections.flat().map((item, k) => [item, [0, 44 * k, 300, 44]])),
    supplementaries: [], bands: [],
  },
  ...more,
});

let firstReload = listReload;
const running = fakeServerAndBrowser({
  pages: { '/keys': PAGE },
  onReady: (peer) => { peer.send(firstReload(1)); },
});

/** The focused element's item, or its tag when it is no cell. */
const focused = () => document.activeElement?.getAttribute('data-item')
  ?? document.activeElement?.tagName;

/** Opens the page (closed when test `t` ends), waits for reload 1; returns the page and its peer. */
function open(reload, t) {
  firstReload = reload;
  return openFakePage(running, '/keys', { width: 390, height: 844 }, t);
}

/** Presses each key and returns the item focused after each. */
async function walk(page, keys) {
  const visited = [];
  for (const key of keys) {
    await page.press(key);
    visited.push(await page.evaluate(focused));
  }
  return visited;
}

/** The value of an accessibility node's property, or `undefined`. */
const property = (node, name) => node.properties?.find((entry) => entry.name === name)?.value.value;

test('a list: one tab stop, arrows, Home and End, Enter and Space tap', async (t) => {
  const { page, peer } = await open(listReload, t);
  assert.deepEqual(await walk(page, ['Tab']), ['alpha'], 'Tab enters at the first cell');
  assert.deepEqual(await walk(page, ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']),
    ['beta', 'gamma', 'delta', 'gamma'], 'Down and Up in the list\'s order, past the header');
  assert.deepEqual(await walk(page, ['ArrowRight', 'End', 'Home', 'PageDown']),
    ['gamma', 'zeta', 'alpha', 'zeta'], 'Right does nothing in a list');
  assert.equal(await page.evaluate(() => document.querySelectorAll('[tabindex="0"]').length), 1);
  const left = await walk(page, ['Tab']);
  assert.ok(!ITEMS.includes(left[0]), `the next Tab leaves the list (focus: ${left[0]})`);
  await page.press('Tab', { modifiers: 8 });
  assert.equal(await page.evaluate(focused), 'zeta', 'Shift-Tab comes back to the last one');

  await page.press('Enter');
  assert.deepEqual(await peer.next((message) => message.type === 'tap', { what: 'a tap' }),
    { v: 1, type: 'tap', list: 'keys', item: 'zeta' });
  await page.press('Home');
  await page.press(' ', { code: 'Space' });
  assert.deepEqual(await peer.next((message) => message.type === 'tap', { what: 'a tap' }),
    { v: 1, type: 'tap', list: 'keys', item: 'alpha' });
  assert.equal(await page.evaluate(() => document.querySelector('[data-diffable-list]').scrollTop),
    0, 'Space did not scroll the list');
});

test('the accessibility tree: a list of items that know their place, its header a heading', async (t) => {
  const { page } = await open(listReload, t);
  const nodes = await page.accessibilityTree();
  const roles = (role) => nodes.filter((node) => node.role?.value === role);
  assert.equal(roles('list').length, 1);
  // The protocol's nodes carry no set size or position (its property
  // names have none): those are read from the cells' attributes.
  const items = roles('listitem');
  assert.deepEqual(items.map((node) => node.name?.value), ITEMS.map((item) => item.toUpperCase()));
  const places = await page.evaluate(() => [...document.querySelectorAll('[data-item]')]
    .map((cell) => [cell.getAttribute('aria-setsize'), cell.getAttribute('aria-posinset')]));
  assert.deepEqual(places, ITEMS.map((item, k) => ['6', String(k + 1)]));
  const headings = roles('heading').filter((node) => node.name?.value !== 'Keys')
    .map((node) => [node.name?.value, property(node, 'level')]);
  // Named as written, though the stylesheet shows headers in capitals.
  assert.deepEqual(headings, [['Second', 2]], 'the header, besides the page\'s own h1');
  const live = (await page.send('Accessibility.getFullAXTree')).nodes
    .filter((node) => node.role?.value === 'status');
  assert.equal(live.length, 1, 'one live region');
  assert.equal(property(live[0], 'live'), 'polite');
});

test('a grid: rows of cells in the tree, and arrows in all four directions', async (t) => {
  const { page } = await open(gridReload, t);
  const nodes = await page.accessibilityTree();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const grid = nodes.find((node) => node.role?.value === 'grid');
  assert.ok(grid, 'the list is a grid');
  const rows = nodes.filter((node) => node.role?.value === 'row');
  const cellsOf = (row) => (row.childIds ?? []).map((id) => byId.get(id))
    .filter((node) => node?.role?.value === 'gridcell').map((node) => node.name?.value);
  assert.deepEqual(rows.map(cellsOf), [['ALPHA', 'BETA', 'GAMMA'], ['DELTA', 'EPSILON', 'ZETA']]);

  assert.deepEqual(await walk(page, ['Tab', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp',
    'End']), ['alpha', 'beta', 'epsilon', 'delta', 'alpha', 'zeta']);
});

test('the focus stays on a moved item, goes to a deleted one\'s neighbour; batches are announced',
  async (t) => {
    const { page, peer } = await open(listReload, t);
    await page.focus('[data-item=beta]');
    // beta moves to the end of the second section: its element moves in the DOM.
    peer.send(listBatch(2, { itemMoves: [[[0, 1], [1, 3]]] },
      [['alpha', 'gamma'], ['delta', 'epsilon', 'zeta', 'beta']]));
    await idleAt(page, '2');
    assert.equal(await page.evaluate(focused), 'beta');
    // epsilon and beta are deleted: beta's focus goes to zeta, the one before it left.
    peer.send(listBatch(3, { itemDeletes: [[1, 1], [1, 3]] },
      [['alpha', 'gamma'], ['delta', 'zeta']]));
    await idleAt(page, '3');
    assert.equal(await page.evaluate(focused), 'zeta');
    await page.waitFor(() => document.querySelector('.diffable-live')?.textContent !== '',
      { what: 'an announcement' });
    const words = await page.evaluate(() => document.querySelector('.diffable-live').textContent);
    assert.match(words, /^(1 item moved|2 items removed)$/);
  });
