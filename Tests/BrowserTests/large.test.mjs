// End to end: a list of a million items (Documentation/Web.md, "Long
// lists"), with `serve` and headless Chromium, on `/demos/large-grid`:
// 1,000,000 cells of 64 px rows, four a row at a phone's width. The reload
// carries its items as one run, and every layout the pattern of where the
// cells outside the window are: a fling of 40,000 px a frame never shows
// the list's background where the layout has a cell (a placeholder stands
// there until the cell arrives), the page's element count stays flat, and
// the jump form puts the cell asked for at the top. Nothing waits on time:
// every wait is on an animation frame, the DOM or the page's state, with a
// deadline. large-figures.mjs times the same against a release build.
//
// DIFFABLE_SCREENSHOTS=1 saves the README's pictures of the grid into
// Documentation/Screenshots/: after the jump, and placeholders in view.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { requireWebSocket } from './support/cdp.mjs';
import { openPage, serverAndBrowser } from './support/fixtures.mjs';
import { cellsCover, fling, jump } from './support/fling.mjs';

requireWebSocket();

const running = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

/** Where DIFFABLE_SCREENSHOTS=1 saves the README's pictures. */
const SCREENSHOTS = process.env.DIFFABLE_SCREENSHOTS === '1'
  ? join(fileURLToPath(new URL('../..', import.meta.url)), 'Documentation/Screenshots') : null;

/** Opens the grid and waits until its reload is drawn and cells cover it. */
async function openGrid(t) {
  const page = await openPage(running, '/demos/large-grid', PHONE, t);
  await page.waitFor(() => {
    const list = document.querySelector('[data-diffable-list="large"]');
    return list?.getAttribute('data-seq') === '1' && list.hasAttribute('data-idle');
  }, { what: 'the grid live and idle' });
  await page.evaluate(cellsCover, 'large', 0, 15_000);
  return page;
}

test('the page holds a million items from one run, and cells only for its window', async (t) => {
  const page = await openGrid(t);
  const held = await page.evaluate(() => {
    const [list] = window.diffable.lists();
    return {
      sections: list.sections.length,
      count: list.sections[0].items.length,
      first: list.sections[0].items[0],
      last: list.sections[0].items.at(-1),
      cells: document.querySelectorAll('[data-diffable-list="large"] [data-item]').length,
    };
  });
  assert.deepEqual({ ...held, cells: undefined },
    { sections: 1, count: 1_000_000, first: '1', last: '1000000', cells: undefined });
  assert.ok(held.cells > 0 && held.cells < 1_000, `${held.cells} cells in the DOM`);
});

test('a fling of 40,000 px a frame is covered in every frame, and the page stays flat',
  async (t) => {
    const page = await openGrid(t);
    const down = await page.evaluate(fling, 'large', 30, 40_000);
    assert.equal(down.scrollTop, 1_200_000);
    const bare = down.covered.map((share, frame) => ({ frame, share })).filter(({ share }) => share < 1);
    assert.deepEqual(bare, [], 'frames where the viewport showed neither cells nor placeholders');
    assert.ok(down.cells.slice(1).some((share) => share < 1),
      'the fling outran the cells at least once (else nothing was measured)');
    await page.evaluate(cellsCover, 'large', 0, 15_000);
    // Back up, longer: the element count keeps to what the first frames had.
    const up = await page.evaluate(fling, 'large', 120, -10_000);
    assert.deepEqual(up.covered.filter((share) => share < 1), []);
    const most = Math.max(...down.nodes, ...up.nodes);
    const least = Math.min(...down.nodes, ...up.nodes);
    assert.ok(most - least < 1_000 && most < 3 * down.nodes[0],
      `elements from ${least} to ${most}, ${down.nodes[0]} at first`);
    await page.evaluate(cellsCover, 'large', 0, 15_000);
  });

test('the jump form puts cell 765,432 at the top; a bad number is refused in words',
  async (t) => {
    const page = await openGrid(t);
    const jumped = await page.evaluate(jump, 'large', '765,432', '765432', 15_000);
    assert.equal(jumped.status, 'Cell 765,432');
    const bad = await page.evaluate(async () => {
      const form = document.querySelector('form[data-diffable-submit="jump"]');
      form.querySelector('input[name=jump]').value = '2000000';
      form.requestSubmit();
      const status = document.querySelector('[data-diffable-text="jump-status"]');
      return new Promise((resolve) => {
        const look = () => (status.textContent.startsWith('Cells are')
          ? resolve(status.textContent) : requestAnimationFrame(look));
        look();
      });
    });
    assert.equal(bad, 'Cells are numbered 1 to 1,000,000.');
  });

test('with the network gone, a scroll far away shows placeholders where cells would be',
  async (t) => {
    const page = await openGrid(t);
    await page.evaluate(jump, 'large', '765,432', '765432', 15_000);
    if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, 'large-grid.png'));
    await page.setOffline(true);
    const away = await page.evaluate(fling, 'large', 1, 200_000);
    assert.deepEqual(away.covered, [1, 1], 'cells or placeholders under every point');
    assert.equal(away.cells.at(-1), 0, 'no cell so far away: the server was not asked');
    const shown = await page.evaluate(() => window.diffable.placeholders('large'));
    // Four to a row at 390 px, rows of 64 px: the 844 px view and half a view each side.
    assert.ok(shown >= 4 * Math.ceil(844 / 64), `${shown} placeholders`);
    if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, 'large-grid-placeholders.png'));
  });
