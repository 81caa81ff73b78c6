// The long lists' figures: headless Chromium opens `/demos/large` (1,000,000
// rows that size themselves) and `/demos/large-grid` (1,000,000 cells) of
// `serve` at a phone's viewport on loopback, and prints for each:
//
// - the fling: 30 frames of 40,000 px, the share of the viewport covered by
//   cells or placeholders in its least covered frame, over several flings;
// - after each fling, the time until cells alone cover the viewport (p50,
//   p90);
// - a jump to item 765,432 through the page's form, submit to the first
//   frame that shows it at the top (median);
// - a 60-second fling (10,000 px a frame, turning at each end): the page's
//   JavaScript heap (`Runtime.getHeapUsage`) and element count every 10
//   seconds.
//
//     DIFFABLE_SERVE=Demos/.build/release/serve node --experimental-websocket \
//       Tests/BrowserTests/large-figures.mjs
//
// DIFFABLE_FIGURE_RUNS sets the flings and jumps (10), DIFFABLE_FLING_SECONDS
// the long fling's length (60). A measurement, not a test: CI runs
// large.test.mjs, which checks the coverage of every frame.

import { launchChromium } from './support/chromium.mjs';
import { cellsCover, fling, jump } from './support/fling.mjs';
import { startServer } from './support/server.mjs';

const RUNS = Number(process.env.DIFFABLE_FIGURE_RUNS ?? 10);
const SECONDS = Number(process.env.DIFFABLE_FLING_SECONDS ?? 60);
const PHONE = { width: 390, height: 844 };

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const server = await startServer();
const browser = await launchChromium();
try {
  for (const path of ['/demos/large', '/demos/large-grid']) {
    console.log(path);
    const page = await browser.newPage(PHONE);
    await page.goto(`${server.url}${path}`);
    await page.waitFor(() => document.querySelector('[data-diffable-list="large"]')
      ?.getAttribute('data-seq') === '1', { what: `${path} live` });
    await page.evaluate(cellsCover, 'large', 0, 30_000);

    const least = [];
    const settle = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Down from the top, then back: each fling starts where cells cover the list.
      const pixels = run % 2 === 0 ? 40_000 : -40_000;
      const result = await page.evaluate(fling, 'large', 30, pixels);
      least.push(Math.min(...result.covered));
      settle.push(await page.evaluate(cellsCover, 'large', result.end, 30_000));
    }
    console.log(`fling of 30 × 40,000 px, ${RUNS} runs: least covered frame `
      + `${(100 * Math.min(...least)).toFixed(1)}% (every run: `
      + `${least.map((share) => `${(100 * share).toFixed(0)}%`).join(', ')})`);
    console.log(`cells after the fling: p50 ${quantile(settle, 0.5).toFixed(0)} ms, `
      + `p90 ${quantile(settle, 0.9).toFixed(0)} ms, max ${Math.max(...settle).toFixed(0)} ms`);

    const jumps = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Alternately to the cell and back to the first one.
      const [number, item] = run % 2 === 0 ? ['765,432', '765432'] : ['1', '1'];
      jumps.push((await page.evaluate(jump, 'large', number, item, 30_000)).ms);
    }
    console.log(`jump to 765,432 and back: median ${quantile(jumps, 0.5).toFixed(0)} ms, `
      + `max ${Math.max(...jumps).toFixed(0)} ms`);

    const samples = [];
    let uncovered = 0;
    let flings = 0;
    const started = Date.now();
    let direction = 1;
    while (Date.now() - started < SECONDS * 1_000) {
      const elapsed = (Date.now() - started) / 1_000;
      if (samples.length === 0 || elapsed >= samples.length * 10) {
        const { usedSize } = await page.send('Runtime.getHeapUsage');
        const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
        samples.push({ second: Math.round(elapsed), heap: usedSize, elements });
      }
      const result = await page.evaluate(fling, 'large', 60, direction * 10_000);
      flings += 1;
      const top = await page.evaluate(() => {
        const list = document.querySelector('[data-diffable-list="large"]');
        return { at: list.scrollTop, end: list.scrollHeight - list.clientHeight - 64 };
      });
      if (top.at >= top.end || top.at <= 0) direction = -direction;
      if (Math.min(...result.covered) < 1) uncovered += 1;
    }
    console.log(`${SECONDS} s fling: ${flings} flings of 60 frames, ${uncovered} with a frame not covered`);
    console.log(`${SECONDS} s fling: ${samples.map(({ second, heap, elements }) =>
      `${second} s: ${(heap / 1_048_576).toFixed(1)} MiB heap, ${elements} elements`).join('; ')}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
