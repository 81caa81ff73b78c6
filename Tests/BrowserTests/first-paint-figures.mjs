// The first paint's figures: headless Chromium opens the mountains page of
// `serve` cold (no cache) at a phone's viewport, on loopback with an added
// round-trip latency of 0, 150 and 300 ms (the DevTools protocol's network
// emulation), and prints the medians, from navigation, of:
//
// - first cell: the first animation frame with a cell in the list;
// - first contentful paint, as Chromium reports it;
// - live: the first frame after the socket's reload is drawn (`data-seq` 1).
//
//     DIFFABLE_SERVE=Demos/.build/release/serve node --experimental-websocket \
//       Tests/BrowserTests/first-paint-figures.mjs
//
// DIFFABLE_FIGURE_RUNS sets the loads per latency (5). A measurement, not a
// test: CI does not run it (Benchmarks/README.md has the figures).

import { launchChromium } from './support/chromium.mjs';
import { startServer } from './support/server.mjs';

const RUNS = Number(process.env.DIFFABLE_FIGURE_RUNS ?? 5);
const LATENCIES = [0, 150, 300];
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, mobile: true };

/** Runs in the page before its scripts: notes the times above. */
const TIMER = `(() => {
  const times = { cell: null, fcp: null, live: null };
  const frame = (key) => requestAnimationFrame(() => { times[key] ??= performance.now(); });
  let cellSeen = false;
  let liveSeen = false;
  const look = () => {
    if (!cellSeen && document.querySelector('.diffable-cell[data-item]') !== null) {
      cellSeen = true;
      frame('cell');
    }
    const list = document.querySelector('[data-diffable-list]');
    if (!liveSeen && list !== null && Number(list.getAttribute('data-seq')) >= 1) {
      liveSeen = true;
      frame('live');
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq'],
  });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      if (entry.name === 'first-contentful-paint') times.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  window.firstPaintTimes = times;
})();`;

const median = (values) => {
  const sorted = [...values].sort((l, r) => l - r);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = await startServer();
const browser = await launchChromium();
try {
  console.log(`server: ${process.env.DIFFABLE_SERVE ?? 'serve'}; ${RUNS} cold loads each`);
  console.log('latency ms | first cell ms | first contentful paint ms | live ms');
  for (const latency of LATENCIES) {
    const samples = { cell: [], fcp: [], live: [] };
    for (let run = 0; run < RUNS; run += 1) {
      const page = await browser.newPage(PHONE);
      await page.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.send('Network.emulateNetworkConditions', {
        offline: false, latency, downloadThroughput: -1, uploadThroughput: -1,
      });
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source: TIMER });
      await page.goto(`${server.url}/demos/mountains`);
      const times = await page.waitFor(() => {
        const t = window.firstPaintTimes;
        return t.cell !== null && t.live !== null && t.fcp !== null ? t : null;
      }, { what: 'the page to be live' });
      for (const key of Object.keys(samples)) samples[key].push(times[key]);
      await page.close();
    }
    const row = [latency, median(samples.cell), median(samples.fcp), median(samples.live)];
    console.log(row.map((value) => Math.round(value)).join(' | '));
  }
} finally {
  await browser.close();
  await server.stop();
}
