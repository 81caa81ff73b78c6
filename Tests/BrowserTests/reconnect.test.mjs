// End to end: the mountains page in headless Chromium loses its server and
// gets it back, and must then show exactly the server's snapshot, with the
// query typed meanwhile.
//
// - A half-open socket: the network goes away (DevTools' offline
//   emulation), so the socket stays open with no close event and no frame
//   gets through; only the client's heartbeat finds it. Once it has given up
//   the socket, the user types, the network comes back, and the page
//   connects again, resends its query and shows the server's result.
// - A server restart: `serve` stops (SIGTERM, closing sockets) and a new one
//   starts on the same port, with no session of the page; the page connects
//   again and shows the new session's snapshot of its query.
//
// Every wait is on the page's connection state (`data-diffable-connection`
// on the root element), `data-idle` or the server's state.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { differences, serverItems, settle, showsMountains } from './support/diffable.mjs';
import { serverAndBrowser } from './support/fixtures.mjs';
import { startServer } from './support/server.mjs';

requireWebSocket();

const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, mobile: true };
/** The client's heartbeat finds a silent socket within 15 s (10 s interval, 5 s timeout). */
const HEARTBEAT = 30_000;

const running = serverAndBrowser();

/** The page's connection state, once it is `state`. */
const connectionIs = (page, states, timeout) => page.waitFor(
  (wanted) => wanted.includes(document.documentElement.getAttribute('data-diffable-connection'))
    && document.documentElement.getAttribute('data-diffable-connection'),
  { args: [states], timeout, what: `the connection to be ${states.join(' or ')}` });

async function openMountains(t) {
  const page = await running.browser.newPage(PHONE);
  t.after(() => page.close());
  await page.goto(`${running.server.url}/demos/mountains`);
  const read = await settle(page, running.server, { what: 'opening /demos/mountains' });
  assert.deepEqual(differences(read), []);
  const names = serverItems(read.server, 'mountains');
  assert.ok(names.length > 100);
  await connectionIs(page, ['open']);
  return { page, names };
}

test('a half-open socket is found by the heartbeat, and the page then shows the server snapshot',
  async (t) => {
    const { page, names } = await openMountains(t);
    await page.focus('input[type=search]');
    await page.setOffline(true);
    try {
      // Nothing closes the socket: the page must find out by itself.
      await connectionIs(page, ['connecting', 'waiting'], HEARTBEAT);
      await page.typeText('ri');
    } finally {
      await page.setOffline(false);
    }
    const read = await settle(page, running.server, {
      what: 'reconnecting', accepts: showsMountains(names, 'ri'), timeout: HEARTBEAT,
    });
    assert.deepEqual(differences(read), [], 'after reconnecting');
    const reports = await page.evaluate(() => window.diffable.reports());
    assert.ok(reports.some((report) => report.kind === 'heartbeat'), JSON.stringify(reports));
    assert.equal(await page.evaluate(() => document.querySelector('input[type=search]').value), 'ri');
  });

test('after the server restarts, the page shows the new server snapshot of its query',
  async (t) => {
    const { page, names } = await openMountains(t);
    await page.focus('input[type=search]');
    await page.typeText('ka');
    const before = await settle(page, running.server, { what: 'typing "ka"', accepts: showsMountains(names, 'ka') });
    assert.deepEqual(differences(before), []);

    const port = Number(new URL(running.server.url).port);
    assert.deepEqual(await running.server.stop(), { code: 0, signal: null });
    running.server = undefined;
    await connectionIs(page, ['connecting', 'waiting'], HEARTBEAT);
    running.server = await startServer({ port });
    const read = await settle(page, running.server, {
      what: 'reconnecting to the new server', accepts: showsMountains(names, 'ka'), timeout: HEARTBEAT,
    });
    assert.deepEqual(differences(read), [], 'after reconnecting to the new server');
    assert.ok(read.server.lists[0].seq >= 1);
  });
