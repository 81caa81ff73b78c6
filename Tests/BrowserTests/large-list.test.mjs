// A list of a million rows in real Chromium (Documentation/Web.md,
// "`reload`", "Layout" and "`renderer.js`: the DOM"). The server is the
// test's stand-in (support/fake-server.mjs): one reload whose section comes
// as `runs`, with a window of cells at the top and a pattern of 20 px rows
// for the rest. A jump far down shows placeholders at the rows' frames at
// once (in the scroll event), and reports the viewport; a scroll of a few
// rows reports the exact viewport once it ends; the window's
// cells, once they come, take the placeholders' place. Nothing waits on
// time: every wait is on `data-seq`, `data-idle`, the DOM or the page's
// messages.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser, idleAt, openFakePage } from './support/fixtures.mjs';

requireWebSocket();

const PAGE = clientPage({ title: 'A million rows', socket: '/big/socket', list: 'big' });
const COUNT = 1_000_000;
const ROW = 20;
const PATTERN = {
  section: 's', count: COUNT, origin: [0, 0], step: [0, ROW], slots: [[0, 0, 390, ROW]],
};

/** The cells and frames of rows `from` to `to`, and the pattern. */
function windowOf(from, to) {
  const frames = {};
  const cells = {};
  for (let k = Math.max(0, from); k < Math.min(COUNT, to); k += 1) {
    frames[k] = [0, k * ROW, 390, ROW];
    cells[k] = { text: `Row ${k}` };
  }
  return {
    layout: {
      size: [390, COUNT * ROW], frames, supplementaries: [], bands: [], patterns: [PATTERN],
    },
    cells,
  };
}

const running = fakeServerAndBrowser({
  pages: { '/big': PAGE },
  onReady: (peer) => {
    peer.send({
      v: 1, type: 'reload', list: 'big', seq: 1, sections: [{ id: 's', runs: [[0, COUNT]] }],
      ...windowOf(0, 90),
    });
  },
});

/** Evaluated in the page: the placeholders shown, their boxes in the content, and a look. */
function placeholders() {
  const list = document.querySelector('[data-diffable-list]');
  const content = list.querySelector('.diffable-content');
  const origin = content.getBoundingClientRect();
  const shown = [...list.querySelectorAll('[data-placeholder]')];
  const style = shown.length === 0 ? null : getComputedStyle(shown[0]);
  return {
    count: window.diffable.placeholders('big'),
    boxes: shown.map((element) => {
      const box = element.getBoundingClientRect();
      return [box.left - origin.left, box.top - origin.top, box.width, box.height];
    }),
    hidden: shown.every((element) => element.getAttribute('aria-hidden') === 'true'
      && !element.hasAttribute('data-item')),
    radius: style?.borderTopLeftRadius ?? null,
    background: style?.backgroundColor ?? null,
    cells: list.querySelectorAll('[data-item]').length,
    width: list.clientWidth,
    height: list.clientHeight,
    items: window.diffable.lists()[0].sections[0].items.length,
  };
}

test('a million rows: placeholders where cells are not yet, viewports by half lengths',
  async (t) => {
    const { page, peer } = await openFakePage(running, '/big', { width: 390, height: 600 }, t);
    const top = await page.evaluate(placeholders);
    assert.equal(top.items, COUNT);
    // The window covers the view and its margins: the one placeholder is
    // the one behind the drawn rows (for gaps while measured rows slide).
    assert.equal(top.count, 1, 'only the one behind the rows');
    assert.ok(top.boxes[0][3] > ROW, `behind the rows: ${top.boxes[0]}`);

    // A jump: the frame after it shows placeholders at the rows' frames.
    const y = 10_000_000;
    const jumped = await page.evaluate((to) => new Promise((resolve) => {
      const list = document.querySelector('[data-diffable-list]');
      list.addEventListener('scroll', () => resolve(window.diffable.placeholders('big')),
        { once: true });
      list.scrollTop = to;
    }), y);
    // The rows in the view and half its height either side.
    const { width, height } = top;
    const first = Math.floor((y - height / 2) / ROW);
    const last = Math.ceil((y + height * 1.5) / ROW) - 1;
    assert.equal(jumped, last - first + 1, 'drawn in the scroll event');
    const far = await page.evaluate(placeholders);
    assert.equal(far.count, last - first + 1);
    assert.ok(far.hidden);
    assert.notEqual(far.radius, '0px');
    assert.notEqual(far.background, 'rgba(0, 0, 0, 0)');
    far.boxes.forEach((box, i) => {
      const want = [0, (first + i) * ROW, 390, ROW];
      box.forEach((value, j) => assert.ok(Math.abs(value - want[j]) <= 0.5,
        `placeholder ${i}: ${box} for ${want}`));
    });
    const jump = await peer.next((message) => message.type === 'viewport' && message.y === y,
      { what: 'the viewport after the jump' });
    // Toward the end; a jump by script ends at once (`scrollend`), and the
    // report of a scroll that ended has no `ahead`.
    assert.ok(jump.ahead === 1 || jump.ahead === undefined, `ahead ${jump.ahead}`);

    // A few rows more: nothing while scrolling, the exact viewport once it ends.
    await page.evaluate(() => { document.querySelector('[data-diffable-list]').scrollTop += 60; });
    const end = await peer.next((message) => message.type === 'viewport',
      { what: 'the viewport once scrolling ended' });
    assert.deepEqual(end, { v: 1, type: 'viewport', list: 'big', width, height, x: 0, y: y + 60 });

    // The window's cells come: no placeholder is left in view.
    const around = (y + 60) / ROW;
    const rows = Math.ceil(height / ROW);
    peer.send({
      v: 1, type: 'layout', list: 'big', seq: 1, ...windowOf(around - rows, around + 2 * rows),
    });
    await page.waitFor((wanted) => document.querySelectorAll('[data-item]').length === wanted,
      { what: 'the new window drawn', args: [3 * rows] });
    await idleAt(page, '1');
    const filled = await page.evaluate(placeholders);
    assert.equal(filled.count, 1, 'only the one behind the rows');
    assert.ok(filled.boxes[0][3] > ROW, `behind the rows: ${filled.boxes[0]}`);
    assert.equal(filled.cells, 3 * rows);
  });
