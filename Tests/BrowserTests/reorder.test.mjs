// End to end: the outline's rows reordered, with `serve` and headless
// Chromium. A root dragged with the mouse to the top is first on the page
// and in the server's list once the page is idle, the live region says
// where it went, and a folder opened afterwards keeps the new order;
// Alt+ArrowDown moves the focused row down by one and leaves the focus on
// it; a row the handler does not let move (an entry of a folder) neither
// drags nor moves by a key. (A refused drop springing back, which `serve`
// cannot be made to send at will, is reorder-refused.test.mjs's.)
// Nothing waits on time: every wait is on `data-idle`, sequence numbers,
// the page's own state or the server's, polled with a deadline.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { serverItems } from './support/diffable.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();

const { open, check } = pageChecks(running);

const ROOTS = ['Sources/DiffableCore/', 'Sources/DiffableEngine/', 'Sources/diffable/',
  'Package.swift'];

const VIEWPORT = { width: 390, height: 844 };

/** Where the row of `item` is in the viewport: its centre and height. */
const rowOf = (page, item) => page.evaluate((text) => {
  const cell = [...document.querySelectorAll('[data-item]')]
    .find((element) => element.getAttribute('data-item') === text);
  const box = cell.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, height: box.height };
}, item);

/** Waits until no row carries a drag's translation and no animation runs. */
const settledRows = (page) => page.waitFor(() => document.querySelector('[data-dragged]') === null
  && document.getAnimations().every((animation) => animation.playState !== 'running'),
{ what: 'the rows in place' });

describe('the outline, reordered', () => {
  test('a root dragged to the top comes first, and a folder opened later keeps the order',
    async (t) => {
      const page = await open('/demos/outline', VIEWPORT, t);
      const opened = await check(page, { what: 'opening /demos/outline' });
      assert.deepEqual(serverItems(opened.server, 'outline'), ROOTS);
      assert.equal(await page.evaluate(
        () => document.querySelector('[data-diffable-list]').hasAttribute('data-reorderable')),
      true);

      const from = await rowOf(page, 'Package.swift');
      const first = await rowOf(page, ROOTS[0]);
      await page.drag(from, { x: from.x, y: first.y - first.height / 2 });
      const moved = await check(page, {
        what: 'the drop',
        accepts: (state) => serverItems(state, 'outline')[0] === 'Package.swift',
      });
      assert.deepEqual(serverItems(moved.server, 'outline'),
        ['Package.swift', ...ROOTS.slice(0, 3)]);
      await settledRows(page);
      await page.waitFor(() => document.querySelector('.diffable-live')?.textContent
        === 'Package.swift moved to position 1 of 4', { what: 'the move announced' });

      // The model kept the move: a folder opened now opens in its new place.
      const folder = await rowOf(page, ROOTS[0]);
      await page.click(folder.x, folder.y);
      const expanded = await check(page, {
        what: `opening ${ROOTS[0]}`,
        accepts: (state) => serverItems(state, 'outline').length === 7,
      });
      assert.deepEqual(serverItems(expanded.server, 'outline'), [
        'Package.swift', ROOTS[0],
        ...['Snapshot/', 'SectionSnapshot/', 'BatchUpdate/'].map((name) => ROOTS[0] + name),
        ROOTS[1], ROOTS[2],
      ]);
    });

  test('Alt+ArrowDown moves the focused row down by one, and it keeps the focus', async (t) => {
    const page = await open('/demos/outline', VIEWPORT, t);
    await check(page, { what: 'opening /demos/outline' });
    await page.focus(`[data-item="${ROOTS[0]}"]`);
    await page.press('ArrowDown', { modifiers: 1 });
    const moved = await check(page, {
      what: 'Alt+ArrowDown',
      accepts: (state) => serverItems(state, 'outline')[1] === ROOTS[0],
    });
    assert.deepEqual(serverItems(moved.server, 'outline'),
      [ROOTS[1], ROOTS[0], ROOTS[2], ROOTS[3]]);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-item')),
      ROOTS[0], 'the focus stayed on the moved row');
    await page.waitFor(() => document.querySelector('.diffable-live')?.textContent
      === 'DiffableCore/ moved to position 2 of 4', { what: 'the move announced' });
  });

  test('an entry of a folder, which the handler does not let move, offers no drag or key move',
    async (t) => {
      const page = await open('/demos/outline', VIEWPORT, t);
      await check(page, { what: 'opening /demos/outline' });
      const folder = 'Sources/diffable/';
      const row = await rowOf(page, folder);
      await page.click(row.x, row.y);
      const expanded = await check(page, {
        what: `opening ${folder}`,
        accepts: (state) => serverItems(state, 'outline').length === 6,
      });
      const items = serverItems(expanded.server, 'outline');
      const entry = `${folder}Diff/`;
      assert.equal(await page.evaluate((text) => window.diffable.lists()[0].sections[0].items
        .includes(text), entry), true);
      const from = await rowOf(page, entry);
      const first = await rowOf(page, ROOTS[0]);
      await page.drag(from, { x: from.x, y: first.y - first.height / 2 });
      assert.equal(await page.evaluate(() => document.querySelector('[data-dragged]')), null,
        'the fixed row did not drag');
      await page.focus(`[data-item="${entry}"]`);
      await page.press('ArrowUp', { modifiers: 1 });
      // A move of a root after them: had either sent a move, its refusal
      // would have come first.
      await page.focus(`[data-item="${ROOTS[0]}"]`);
      await page.press('ArrowDown', { modifiers: 1 });
      const moved = await check(page, {
        what: 'Alt+ArrowDown on a root',
        accepts: (state) => serverItems(state, 'outline')[1] === ROOTS[0],
      });
      assert.deepEqual(serverItems(moved.server, 'outline'),
        [items[1], items[0], ...items.slice(2)]);
      assert.deepEqual(await page.evaluate(() => window.diffable.refusals()), []);
    });
});
