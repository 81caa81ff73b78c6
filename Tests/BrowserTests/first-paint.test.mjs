// The first paint (Documentation/Serving.md, "First paint"): a page's HTML
// holds its lists' first window. With JavaScript off the page shows it;
// with it on, the socket's first reload adopts the painted cells: none is
// removed and made again, and once the browser's list size is known (the
// `diffable-viewport` cookie, set by the first visit) nothing shifts:
// Chromium's layout-shift score is 0.
//
// Nothing waits on time: the waits are on `data-idle`, sequence numbers and
// the server's state.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { differences, settle } from './support/diffable.mjs';
import { serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();
const WIDE = { width: 1280, height: 800 };

/**
 * Runs in the page before its own scripts: keeps the cell elements the
 * HTML holds once it is parsed (before any module runs), and adds up the
 * layout shifts Chromium reports.
 */
const RECORDER = `(() => {
  const record = { painted: [], shift: 0 };
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) if (!entry.hadRecentInput) record.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    record.painted = [...document.querySelectorAll('.diffable-cell[data-item]')];
  });
  window.firstPaintRecord = record;
})();`;

/** What became of the painted cells: kept as they were, or made again. */
function report() {
  const record = window.firstPaintRecord;
  const shown = new Map([...document.querySelectorAll('.diffable-cell[data-item]')]
    .map((element) => [element.getAttribute('data-item'), element]));
  const itemOf = (element) => element.getAttribute('data-item');
  return {
    painted: record.painted.length,
    kept: record.painted.filter((element) => shown.get(itemOf(element)) === element).length,
    remade: record.painted
      .filter((element) => shown.has(itemOf(element)) && shown.get(itemOf(element)) !== element)
      .map(itemOf),
    shift: record.shift,
  };
}

async function open(t, { script = true } = {}) {
  const page = await running.browser.newPage(WIDE);
  t.after(async () => {
    const errors = page.errors;
    await page.close();
    assert.deepEqual(errors, [], `the page reported errors:\n${errors.join('\n')}`);
  });
  if (!script) await page.send('Emulation.setScriptExecutionDisabled', { value: true });
  else await page.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER });
  await page.goto(`${running.server.url}/demos/mountains`);
  return page;
}

test('with JavaScript off, the page shows its list\'s first window as text', async (t) => {
  const page = await open(t, { script: false });
  const read = await page.evaluate(() => {
    const list = document.querySelector('[data-diffable-list]');
    const bounds = list.getBoundingClientRect();
    const cells = [...list.querySelectorAll('.diffable-cell[data-item]')].map((element) => {
      const box = element.getBoundingClientRect();
      return {
        text: element.querySelector('.diffable-text')?.textContent ?? '',
        visible: box.width > 0 && box.height > 0 && box.top < bounds.bottom
          && box.bottom > bounds.top && box.left < bounds.right && box.right > bounds.left,
      };
    });
    return {
      seq: list.getAttribute('data-seq'),
      connection: document.documentElement.getAttribute('data-diffable-connection'),
      cells,
    };
  });
  assert.equal(read.connection, null, 'no script ran');
  assert.equal(read.seq, '0');
  assert.ok(read.cells.length >= 20, `${read.cells.length} cells`);
  assert.ok(read.cells.every((cell) => cell.text.length > 0), 'every cell shows its name');
  assert.ok(read.cells.filter((cell) => cell.visible).length >= 10, 'the list\'s first screen is full');
  const names = read.cells.map((cell) => cell.text);
  assert.deepEqual(names, [...names].sort((l, r) => l.localeCompare(r)),
    'the mountains in the order of their names');
});

test('the socket\'s reload adopts the painted cells; the second visit shifts nothing', async (t) => {
  // The first visit's browser has no size cookie yet: the grid was laid out
  // for the default size and its cells move, but none is made again.
  for (const visit of ['first', 'second']) {
    const page = await open(t);
    const read = await settle(page, running.server, { what: `the ${visit} visit` });
    assert.deepEqual(differences(read), [], `the ${visit} visit`);
    const outcome = await page.evaluate(report);
    assert.ok(outcome.painted >= 20, `${visit} visit: ${outcome.painted} cells painted`);
    assert.deepEqual(outcome.remade, [], `${visit} visit: painted cells made again`);
    if (visit === 'second') {
      assert.equal(outcome.kept, outcome.painted, 'every painted cell is kept');
      assert.equal(outcome.shift, 0, 'the layout-shift score');
    }
  }
});
