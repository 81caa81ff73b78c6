// End to end: lists of a million items (Documentation/Web.md, "Long
// lists"), with `serve` and headless Chromium: `/demos/large`, 1,000,000
// rows that size themselves (estimated at 30 px, measured in the page),
// and `/demos/large-grid`, 1,000,000 cells of 64 px rows, three a row at
// a phone's width. The reload carries the items as one run, and every
// layout the pattern of where the items outside the window are: a fling
// of 40,000 px a frame never shows the list's background where the layout
// has an item (a placeholder stands there until the cell arrives), the
// page's element count stays flat, and the jump form puts the item asked
// for at the top. Nothing waits on time: every wait is on an animation
// frame, the DOM or the page's state, with a deadline. large-figures.mjs
// times the same against a release build.
//
// DIFFABLE_SCREENSHOTS=1 saves the README's pictures into
// Documentation/Screenshots/: each page after the jump, and placeholders
// in view.

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

/** The two pages: their paths, and the words of their jump form's answers. */
const PAGES = [
  { path: '/demos/large', name: 'rows', status: 'Row 765,432', refusal: 'Rows are numbered 1 to 1,000,000.' },
  { path: '/demos/large-grid', name: 'cells', status: 'Cell 765,432',
    refusal: 'Cells are numbered 1 to 1,000,000.' },
];

/** Opens `path` and waits until its reload is drawn and cells cover the list. */
async function openLarge(t, path) {
  const page = await openPage(running, path, PHONE, t);
  await page.waitFor(() => {
    const list = document.querySelector('[data-diffable-list="large"]');
    return list?.getAttribute('data-seq') === '1' && list.hasAttribute('data-idle');
  }, { what: `${path} live and idle` });
  await page.evaluate(cellsCover, 'large', 0, 15_000);
  return page;
}

for (const { path, name, status, refusal } of PAGES) {
  test(`${path}: the page holds a million items from one run, and cells only for its window`,
    async (t) => {
      const page = await openLarge(t, path);
      const held = await page.evaluate(() => {
        const [list] = window.diffable.lists();
        return {
          sections: list.sections.length,
          count: list.sections[0].items.length,
          first: list.sections[0].items[0],
          last: list.sections[0].items.at(-1),
          cells: document.querySelectorAll('[data-diffable-list="large"] [data-item]').length,
          height: document.querySelector('[data-diffable-list="large"]').scrollHeight,
        };
      });
      assert.deepEqual({ ...held, cells: undefined, height: undefined },
        { sections: 1, count: 1_000_000, first: '1', last: '1000000', cells: undefined, height: undefined });
      assert.ok(held.cells > 0 && held.cells < 1_000, `${held.cells} cells in the DOM`);
      assert.ok(held.height > 20_000_000 && held.height <= 33_554_432, `${held.height} px of content`);
    });

  test(`${path}: a fling of 40,000 px a frame is covered in every frame, and the page stays flat`,
    async (t) => {
      const page = await openLarge(t, path);
      const down = await page.evaluate(fling, 'large', 30, 40_000);
      assert.equal(down.scrollTop, 1_200_000);
      const bare = down.covered.map((share, frame) => ({ frame, share })).filter(({ share }) => share < 1);
      assert.deepEqual(bare, [], `frames where the viewport showed neither ${name} nor placeholders`);
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

  test(`${path}: the jump form puts 765,432 at the top; a bad number is refused in words`,
    async (t) => {
      const page = await openLarge(t, path);
      const jumped = await page.evaluate(jump, 'large', '765,432', '765432', 15_000);
      assert.equal(jumped.status, status);
      if (SCREENSHOTS !== null && path === '/demos/large') {
        await page.evaluate(cellsCover, 'large', 0, 15_000);
        await page.screenshot(join(SCREENSHOTS, 'large.png'));
      }
      const bad = await page.evaluate(async (words) => {
        const form = document.querySelector('form[data-diffable-submit="jump"]');
        form.querySelector('input[name=jump]').value = '2000000';
        form.requestSubmit();
        const line = document.querySelector('[data-diffable-text="jump-status"]');
        return new Promise((resolve) => {
          const look = () => (line.textContent === words ? resolve(line.textContent) : requestAnimationFrame(look));
          look();
        });
      }, refusal);
      assert.equal(bad, refusal);
    });
}

test('with the network gone, a scroll far away shows placeholders where cells would be',
  async (t) => {
    const page = await openLarge(t, '/demos/large-grid');
    await page.evaluate(jump, 'large', '765,432', '765432', 15_000);
    if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, 'large-grid.png'));
    await page.setOffline(true);
    const away = await page.evaluate(fling, 'large', 1, 200_000);
    assert.deepEqual(away.covered, [1, 1], 'cells or placeholders under every point');
    assert.equal(away.cells.at(-1), 0, 'no cell so far away: the server was not asked');
    const shown = await page.evaluate(() => window.diffable.placeholders('large'));
    // Three to a row at 390 px, rows of 64 px: the 844 px view and half a view each side.
    assert.ok(shown >= 3 * Math.ceil(844 / 64), `${shown} placeholders`);
    if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, 'large-grid-placeholders.png'));
  });
