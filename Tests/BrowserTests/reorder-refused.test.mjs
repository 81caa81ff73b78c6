// End to end, against the stand-in server: a refused drop springs back. The
// page's real client shows a reorderable list of three rows, one of them
// fixed; a drag of the fixed row sends nothing, a drag of another sends
// its `move` and holds the row where it was dropped until the answer, and
// the stand-in's `refused` puts every row back at its frame and says so in
// the live region. Nothing waits on time: every wait is on the page's
// state or a message, polled with a deadline.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const PAGE = clientPage({ title: 'Rows', socket: '/rows/socket', list: 'rows' });
const ITEMS = ['alpha', 'beta', 'gamma'];

/** Three rows 44 high in a reorderable list; beta's cell is fixed. */
const reload = {
  v: 1, type: 'reload', list: 'rows', seq: 1, reorderable: true,
  sections: [{ id: 'all', items: ITEMS }],
  cells: Object.fromEntries(ITEMS.map((item) =>
    [item, { text: item.toUpperCase(), ...(item === 'beta' ? { fixed: true } : {}) }])),
  layout: {
    size: [300, 44 * 3],
    frames: Object.fromEntries(ITEMS.map((item, k) => [item, [0, 44 * k, 300, 44]])),
    supplementaries: [], bands: [],
  },
};

const running = fakeServerAndBrowser({
  pages: { '/rows': PAGE },
  onReady: (peer) => { peer.send(reload); },
});

/** Each row's centre in the viewport, and its box relative to the content, by item. */
const rows = () => Object.fromEntries([...document.querySelectorAll('[data-item]')].map((cell) => {
  const box = cell.getBoundingClientRect();
  const origin = cell.parentNode.getBoundingClientRect();
  return [cell.getAttribute('data-item'), {
    x: box.left + box.width / 2, y: box.top + box.height / 2,
    box: [box.left - origin.left, box.top - origin.top, box.width, box.height],
  }];
}));

test('a fixed row does not drag; a refused drop springs back to its frame', async (t) => {
  const page = await running.browser.newPage({ width: 390, height: 844 });
  t.after(() => page.close());
  await page.goto(`${running.fake.url}/rows`);
  await page.waitFor(() => {
    const list = document.querySelector('[data-diffable-list]');
    return list?.getAttribute('data-seq') === '1' && list.hasAttribute('data-idle');
  }, { what: 'the reload drawn' });
  const peer = running.peers.at(-1);
  const before = await page.evaluate(rows);

  // beta is fixed: a drag of it sends nothing (the next move is alpha's).
  await page.drag(before.beta, { x: before.beta.x, y: before.gamma.y + 30 });
  assert.equal(await page.evaluate(() => document.querySelector('[data-dragged]')), null);

  await page.drag(before.alpha, { x: before.alpha.x, y: before.gamma.y + 10 });
  const move = await peer.next((message) => message.type === 'move', { what: 'a move' });
  assert.deepEqual(move, { v: 1, type: 'move', list: 'rows', item: 'alpha', section: 'all',
    before: null });
  // Until the answer, alpha stays where it was dropped, the others aside
  // (once their slides to make room are over).
  await page.waitFor(() => document.getAnimations()
    .every((animation) => animation.playState !== 'running'), { what: 'the rows aside' });
  const held = await page.evaluate(rows);
  assert.ok(held.alpha.box[1] > 44 * 2 - 1, `alpha held low: ${JSON.stringify(held.alpha)}`);
  assert.deepEqual(held.gamma.box, [0, 44, 300, 44], 'gamma made room');

  peer.send({ v: 1, type: 'refused', list: 'rows', item: 'alpha', reason: 'not today' });
  await page.waitFor(() => document.querySelector('[data-dragged]') === null
    && document.getAnimations().every((animation) => animation.playState !== 'running'),
  { what: 'the rows back in place' });
  const after = await page.evaluate(rows);
  for (const [k, item] of ITEMS.entries()) {
    assert.deepEqual(after[item].box, [0, 44 * k, 300, 44], `${item} back at its frame`);
  }
  assert.deepEqual(await page.evaluate(() => window.diffable.refusals()),
    [{ list: 'rows', item: 'alpha' }]);
  await page.waitFor(() => document.querySelector('.diffable-live')?.textContent
    === 'ALPHA: cannot move here, put back', { what: 'the refusal said' });
  assert.deepEqual(await page.evaluate(() => window.diffable.lists()[0].sections[0].items), ITEMS);
});
