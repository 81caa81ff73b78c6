// End to end: the time from a batch's arrival to its first animation frame
// (`window.diffable.stats().batchToFirstFrame`) for a batch that brings about
// 100 cells into view. The mountains page is opened at a viewport where about
// 100 mountain cells are in the window; typing "k" leaves a few, and clearing
// it brings the others back in one batch. Each round is checked against the
// server like the other page tests; the times are printed (p50, p90, max),
// never asserted: they depend on the machine.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import {
  differences, serverItems, settle, showsMountains,
} from './support/diffable.mjs';
import { serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

/** A viewport whose mountains list holds about 100 cells in its window. */
const VIEWPORT = { width: 1280, height: 1000, deviceScaleFactor: 1, mobile: false };
/** How many times the batch is measured. */
const ROUNDS = Number(process.env.DIFFABLE_FRAME_ROUNDS ?? 12);

const running = serverAndBrowser();

/** The value at quantile `q` of sorted numbers (nearest rank). */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** The cells of the page's list and how many of them intersect its visible area. */
function readWindow() {
  const list = document.querySelector('[data-diffable-list]');
  const box = list.getBoundingClientRect();
  const cells = [...list.querySelectorAll('[data-item]')];
  const visible = cells.filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
  });
  return { items: cells.map((cell) => cell.getAttribute('data-item')), visible: visible.length };
}

test('a batch bringing about 100 cells into view: time from its arrival to its first frame',
  async (t) => {
    const page = await running.browser.newPage(VIEWPORT);
    t.after(async () => {
      const { errors } = page;
      await page.close();
      assert.deepEqual(errors, [], `the page reported errors:\n${errors.join('\n')}`);
    });
    await page.goto(`${running.server.url}/demos/mountains`);
    const opened = await settle(page, running.server, { what: 'opening /demos/mountains' });
    assert.deepEqual(differences(opened), [], 'after opening /demos/mountains');
    const names = serverItems(opened.server, 'mountains');
    assert.ok(names.length > 100, `the mountains page opens with ${names.length} mountains`);
    await page.focus('input[type=search]');

    const times = [];
    const broughtIn = [];
    let visible = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await page.typeText('k');
      const typed = await settle(page, running.server,
        { what: 'typing "k"', accepts: showsMountains(names, 'k') });
      assert.deepEqual(differences(typed), [], 'after typing "k"');
      const kept = new Set((await page.evaluate(readWindow)).items);
      const count = await page.evaluate(() => window.diffable.stats().batchToFirstFrame.length);
      await page.press('Backspace');
      const cleared = await settle(page, running.server,
        { what: 'clearing "k"', accepts: showsMountains(names, '') });
      assert.deepEqual(differences(cleared), [], 'after clearing "k"');
      const shown = await page.evaluate(readWindow);
      const added = await page.evaluate(
        (n) => window.diffable.stats().batchToFirstFrame.slice(n), count);
      assert.equal(added.length, 1, `clearing the search took ${added.length} batches`);
      times.push(added[0]);
      broughtIn.push(shown.items.filter((item) => !kept.has(item)).length);
      visible = shown.visible;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (value) => `${value.toFixed(1)} ms`;
    const message = `clearing "k" at ${VIEWPORT.width}×${VIEWPORT.height} `
      + `(${visible} cells visible, ${Math.min(...broughtIn)}–${Math.max(...broughtIn)} `
      + `brought in by the batch), ${times.length} rounds: batch arrival to first frame `
      + `p50 ${ms(quantile(sorted, 0.5))}, p90 ${ms(quantile(sorted, 0.9))}, `
      + `max ${ms(sorted.at(-1))} (${times.map(ms).join(', ')})`;
    t.diagnostic(message);
  });
