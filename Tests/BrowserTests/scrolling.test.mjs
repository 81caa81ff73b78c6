// Where a list is scrolled, in real Chromium (Documentation/Web.md,
// "`scroll`" and renderer.js's scroll anchoring). The server is the test's
// stand-in (support/fake-server.mjs): a list of 200 rows 44 px high, then
// the batches and `scroll` messages a test sends. Rows inserted or deleted
// above the rows in view leave those rows where they are on screen; a
// `scroll` message scrolls the list element, and the page reports the new
// viewport. Nothing waits on time: every wait is on `data-seq`,
// `data-idle` or the page's messages.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser, idleAt, openFakePage } from './support/fixtures.mjs';

requireWebSocket();

const PAGE = clientPage({ title: 'Rows', socket: '/rows/socket', list: 'rows' });
const ROWS = Array.from({ length: 200 }, (_, k) => `row-${k}`);

/** Every row of `items` 44 px high, one under the other, 390 wide. */
const layoutOf = (items) => ({
  size: [390, 44 * items.length],
  frames: Object.fromEntries(items.map((item, k) => [item, [0, 44 * k, 390, 44]])),
  supplementaries: [],
  bands: [],
});

const reload = {
  v: 1, type: 'reload', list: 'rows', seq: 1, sections: [{ id: 's', items: ROWS }],
  cells: Object.fromEntries(ROWS.map((item) => [item, { text: item }])),
  layout: layoutOf(ROWS),
};

const running = fakeServerAndBrowser({
  pages: { '/rows': PAGE },
  onReady: (peer) => { peer.send(reload); },
});

/** Opens the page (closed when test `t` ends) at seq 1; returns the page and its peer. */
const open = (t) => openFakePage(running, '/rows', { width: 390, height: 600 }, t);

/** Evaluated in the page: where `item`'s cell is on screen (its top), and the list's offset. */
function onScreen(item) {
  const list = document.querySelector('[data-diffable-list]');
  const cell = [...list.querySelectorAll('[data-item]')]
    .find((element) => element.getAttribute('data-item') === item);
  return { top: cell?.getBoundingClientRect().top ?? null, scrollTop: list.scrollTop };
}

test('rows inserted and deleted above the rows in view leave them in place on screen',
  async (t) => {
    const { page, peer } = await open(t);
    await page.evaluate(() => { document.querySelector('[data-diffable-list]').scrollTop = 2210; });
    await peer.next((message) => message.type === 'viewport' && message.y === 2210,
      { what: 'the viewport after the scroll' });
    const before = await page.evaluate(onScreen, 'row-51');
    const added = ['new-0', 'new-1', 'new-2'];
    const items = [...added, ...ROWS];
    peer.send({
      v: 1, type: 'batch', list: 'rows', seq: 2,
      update: {
        sectionDeletes: [], sectionInserts: [], sectionMoves: [], sectionReloads: [],
        itemDeletes: [], itemInserts: [[0, 0], [0, 1], [0, 2]], itemMoves: [], itemReloads: [],
        itemReconfigures: [],
      },
      counts: [items.length], insertedSections: [], reloadedSections: [], insertedItems: added,
      cells: Object.fromEntries(added.map((item) => [item, { text: item }])), reconfigured: {},
      layout: layoutOf(items),
    });
    await idleAt(page, '2');
    const after = await page.evaluate(onScreen, 'row-51');
    assert.equal(after.top, before.top, 'row 51 did not move on screen');
    assert.equal(after.scrollTop, 2210 + 3 * 44, 'the list followed it');
  });

test('a scroll message scrolls the list, which reports its new viewport', async (t) => {
  const { page, peer } = await open(t);
  peer.send({ v: 1, type: 'scroll', list: 'rows', x: 0, y: 4400, animated: false });
  const viewport = await peer.next((message) => message.type === 'viewport' && message.y === 4400,
    { what: 'the viewport at 4,400' });
  assert.equal(viewport.list, 'rows');
  const shown = await page.evaluate(onScreen, 'row-100');
  assert.equal(shown.scrollTop, 4400);
  const listTop = await page.evaluate(
    () => document.querySelector('[data-diffable-list]').getBoundingClientRect().top);
  assert.equal(shown.top, listTop, 'row 100 at the list\'s top');
});
