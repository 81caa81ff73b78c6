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
// - A duplicated tab: a second page starts with a copy of the first one's
//   session storage, as a browser's "Duplicate tab" gives it; it must take
//   its own page id and session, so that neither page ends the other's
//   connection and each shows its own query.
//
// Every wait is on the page's connection state (`data-diffable-connection`
// on the root element), `data-idle` or the server's state.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import {
  differences, pageIdOf, serverItems, settle, showsMountains,
} from './support/diffable.mjs';
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

/** Makes the page count the sockets it opens, in `window.socketsOpened`, from its next document on. */
const countSockets = (page) => page.send('Page.addScriptToEvaluateOnNewDocument', {
  source: 'window.socketsOpened = 0; const Native = window.WebSocket; '
    + 'window.WebSocket = class extends Native { constructor(...args) { super(...args); '
    + 'window.socketsOpened += 1; } };',
});

test('a duplicated tab takes its own page id and session; neither ends the other\'s connection',
  async (t) => {
    const first = await running.browser.newPage(PHONE);
    t.after(() => first.close());
    await countSockets(first);
    await first.goto(`${running.server.url}/demos/mountains`);
    const opened = await settle(first, running.server, { what: 'opening /demos/mountains' });
    assert.deepEqual(differences(opened), []);
    const names = serverItems(opened.server, 'mountains');
    const storage = await first.evaluate(() => ({ ...window.sessionStorage }));
    assert.equal(storage['diffable-page'], opened.id);

    const second = await running.browser.newPage(PHONE);
    t.after(() => second.close());
    await countSockets(second);
    // Before the page's own scripts run: the first page's storage, as a duplicate starts with.
    await second.send('Page.addScriptToEvaluateOnNewDocument', {
      source: `for (const [key, value] of Object.entries(${JSON.stringify(storage)})) `
        + 'window.sessionStorage.setItem(key, value);',
    });
    await second.goto(`${running.server.url}/demos/mountains`);
    const duplicate = await settle(second, running.server, { what: 'opening the duplicate' });
    assert.deepEqual(differences(duplicate), [], 'the duplicate, opened');
    assert.notEqual(duplicate.id, opened.id, 'the duplicate has its own page id');

    // Typing in the first page filters its list only. (A page in a tab in
    // the background gets no animation frames: each is brought to the front
    // to be read.)
    await first.send('Page.bringToFront');
    await first.focus('input[type=search]');
    await first.typeText('ka');
    const typed = await settle(first, running.server,
      { what: 'typing "ka" in the first page', accepts: showsMountains(names, 'ka') });
    assert.deepEqual(differences(typed), [], 'the first page, after typing');
    await second.send('Page.bringToFront');
    const other = await settle(second, running.server,
      { what: 'the duplicate, untouched', accepts: showsMountains(names, '') });
    assert.deepEqual(differences(other), [], 'the duplicate, after the first page typed');
    // Each page kept the one socket it opened.
    assert.equal(await connectionIs(first, ['open']), 'open');
    assert.equal(await connectionIs(second, ['open']), 'open');
    assert.equal(await first.evaluate(() => window.socketsOpened), 1, 'sockets of the first page');
    assert.equal(await second.evaluate(() => window.socketsOpened), 1, 'sockets of the duplicate');
  });
