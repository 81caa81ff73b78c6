// End to end: the mountains page in headless Chromium loses its server or
// its socket, or is opened again, and must then show exactly the server's
// snapshot.
//
// - A half-open socket: the network goes away (DevTools' offline
//   emulation), so the socket stays open with no close event and no frame
//   gets through; only the client's heartbeat finds it. Once it has given up
//   the socket, the user types, the network comes back, and the page
//   connects again with its page id, resends its query and shows the
//   server's result.
// - A server restart: `serve` stops (SIGTERM: its sockets close with 1001)
//   and a new one starts on the same port, which never issued the page's
//   id: the page's socket is closed with 4002, the page reloads itself
//   once, gets a new id and shows its lists.
// - A reload: the page gets a new id and its lists; the old id's session
//   loses its socket.
// - The same page in two tabs of one browser (one cookie): each tab gets its
//   own id and session, neither ends the other's connection, and each shows
//   its own query.
// - A socket of the same page opened elsewhere (a wire client with the
//   page's id and the browser's cookie) supersedes the page's: the page's
//   is closed with 4000, and the page says so and does not reconnect.
//
// Every wait is on the page's connection state (`data-diffable-connection`
// on the root element), `data-idle`, the document's load, or the server's
// state, with a deadline.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { pollUntil, requireWebSocket } from './support/cdp.mjs';
import {
  cookieOf, differences, pageIdOf, serverItems, settle, showsMountains,
} from './support/diffable.mjs';
import { serverAndBrowser } from './support/fixtures.mjs';
import { startServer } from './support/server.mjs';
import { WireClient } from './support/wire.mjs';

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

/**
 * Makes the page count, from its next document on, the documents it loads
 * (in `sessionStorage`, which a reload keeps: `window.documentsLoaded`) and
 * the sockets each opens (`window.socketsOpened`).
 */
const countDocumentsAndSockets = (page) => page.send('Page.addScriptToEvaluateOnNewDocument', {
  source: 'window.documentsLoaded = Number(sessionStorage.getItem("test-documents") ?? 0) + 1; '
    + 'sessionStorage.setItem("test-documents", String(window.documentsLoaded)); '
    + 'window.socketsOpened = 0; const Native = window.WebSocket; '
    + 'window.WebSocket = class extends Native { constructor(...args) { super(...args); '
    + 'window.socketsOpened += 1; } };',
});

/** The page's `load` event after `action()` (a reload, by the test or by the page itself). */
async function loadsAfter(page, action, { timeout } = {}) {
  const loaded = page.connection.waitForEvent('Page.loadEventFired', () => true, { timeout });
  try {
    await action();
  } catch (error) {
    loaded.catch(() => {});
    throw error;
  }
  await loaded;
}

test('after the server restarts, the page reloads itself once (4002) and shows its lists',
  async (t) => {
    const page = await running.browser.newPage(PHONE);
    t.after(() => page.close());
    await countDocumentsAndSockets(page);
    await page.goto(`${running.server.url}/demos/mountains`);
    const before = await settle(page, running.server, { what: 'opening /demos/mountains' });
    assert.deepEqual(differences(before), []);
    const names = serverItems(before.server, 'mountains');
    const cookie = await cookieOf(page, running.server.url);

    const port = Number(new URL(running.server.url).port);
    assert.deepEqual(await running.server.stop(), { code: 0, signal: null });
    running.server = undefined;
    await connectionIs(page, ['connecting', 'waiting'], HEARTBEAT);
    // The new server knows neither the page id nor the cookie: the page's
    // next socket is closed with 4002, and the page loads itself again.
    await loadsAfter(page, async () => { running.server = await startServer({ port }); },
      { timeout: HEARTBEAT });
    const after = await settle(page, running.server, {
      what: 'the reloaded page', timeout: HEARTBEAT,
      accepts: (state) => state.lists[0].sections.length > 0,
    });
    assert.deepEqual(differences(after), [], 'after reloading from the new server');
    const query = await page.evaluate(() => document.querySelector('input[type=search]').value);
    assert.ok(showsMountains(names, query)(after.server), `the new session shows the query ${JSON.stringify(query)}`);
    assert.notEqual(after.id, before.id, 'the reloaded page has a new id');
    assert.match(after.id, /^[0-9a-f]{32}$/);
    // The new server adopts the browser's well-formed cookie as it is (it
    // sets one only for a request with none): the new page is bound to it.
    assert.equal(await cookieOf(page, running.server.url), cookie);
    const seen = await page.evaluate(() => ({
      documents: window.documentsLoaded,
      navigation: performance.getEntriesByType('navigation')[0].type,
      reloadedAt: sessionStorage.getItem('diffable-reloaded-at'),
      notices: window.diffable.notices(),
      sockets: window.socketsOpened,
    }));
    assert.equal(seen.documents, 2, 'the page loaded itself again once');
    assert.equal(seen.navigation, 'reload');
    assert.ok(seen.reloadedAt !== null, 'the page kept the time it reloaded itself');
    assert.deepEqual(seen.notices, []);
    assert.equal(seen.sockets, 1, 'sockets opened by the reloaded page');
    assert.equal(await connectionIs(page, ['open']), 'open');
  });

test('a page reloaded gets a new id and its lists; its old session loses its socket',
  async (t) => {
    const { page } = await openMountains(t);
    const first = await pageIdOf(page);
    const cookie = await cookieOf(page, running.server.url);
    await loadsAfter(page, () => page.send('Page.reload'));
    const read = await settle(page, running.server, { what: 'the page reloaded' });
    assert.deepEqual(differences(read), [], 'after reloading');
    assert.notEqual(read.id, first, 'the reloaded page has a new id');
    assert.equal(await cookieOf(page, running.server.url), cookie, 'the browser kept its cookie');
    // The old page's session is kept for a while, without its socket.
    const old = await pollUntil(async () => {
      const state = await running.server.state(first, { cookie });
      return state !== null && state.connection.connected === false && state;
    }, { what: `the session of ${first} to lose its socket` });
    assert.equal(old.connection.connected, false);
    assert.equal(await connectionIs(page, ['open']), 'open');
  });

test('a page opened in a second tab of the same browser gets its own id and session; '
  + 'neither ends the other\'s connection', async (t) => {
  const first = await running.browser.newPage(PHONE);
  t.after(() => first.close());
  await countDocumentsAndSockets(first);
  await first.goto(`${running.server.url}/demos/mountains`);
  const opened = await settle(first, running.server, { what: 'opening /demos/mountains' });
  assert.deepEqual(differences(opened), []);
  const names = serverItems(opened.server, 'mountains');

  const second = await running.browser.newPage(PHONE);
  t.after(() => second.close());
  await countDocumentsAndSockets(second);
  await second.goto(`${running.server.url}/demos/mountains`);
  const other = await settle(second, running.server, { what: 'opening the second tab' });
  assert.deepEqual(differences(other), [], 'the second tab, opened');
  assert.notEqual(other.id, opened.id, 'the second tab has its own page id');
  assert.equal(await cookieOf(second, running.server.url), await cookieOf(first, running.server.url),
    'both tabs are the same browser');

  // Typing in the first tab filters its list only. (A tab in the background
  // gets no animation frames: each is brought to the front to be read.)
  await first.send('Page.bringToFront');
  await first.focus('input[type=search]');
  await first.typeText('ka');
  const typed = await settle(first, running.server,
    { what: 'typing "ka" in the first tab', accepts: showsMountains(names, 'ka') });
  assert.deepEqual(differences(typed), [], 'the first tab, after typing');
  await second.send('Page.bringToFront');
  const untouched = await settle(second, running.server,
    { what: 'the second tab, untouched', accepts: showsMountains(names, '') });
  assert.deepEqual(differences(untouched), [], 'the second tab, after the first one typed');
  // Each tab kept the one socket it opened.
  assert.equal(await connectionIs(first, ['open']), 'open');
  assert.equal(await connectionIs(second, ['open']), 'open');
  assert.equal(await first.evaluate(() => window.socketsOpened), 1, 'sockets of the first tab');
  assert.equal(await second.evaluate(() => window.socketsOpened), 1, 'sockets of the second tab');
  for (const tab of [first, second]) {
    assert.deepEqual(await tab.evaluate(() => window.diffable.notices()), []);
  }
});

test('a socket of the same page opened elsewhere closes the page\'s with 4000; '
  + 'the page says so and does not reconnect', async (t) => {
  const page = await running.browser.newPage(PHONE);
  t.after(() => page.close());
  await countDocumentsAndSockets(page);
  await page.goto(`${running.server.url}/demos/mountains`);
  const opened = await settle(page, running.server, { what: 'opening /demos/mountains' });
  assert.deepEqual(differences(opened), []);
  const cookie = await cookieOf(page, running.server.url);

  // The page's id, with its browser's cookie, from outside the browser.
  const origin = running.server.url;
  const elsewhere = new WireClient({
    id: opened.id, path: '/demos/mountains', cookie, origin,
    socketURL: `${origin.replace(/^http/, 'ws')}/demos/mountains/socket?page=${opened.id}&v=1`,
    headers: { Cookie: cookie, Origin: origin },
  });
  t.after(() => elsewhere.close());
  await elsewhere.open();
  await elsewhere.until((client) => client.lists().length > 0, { what: 'the reload of the socket opened elsewhere' });
  assert.deepEqual(elsewhere.errors, []);

  assert.equal(await connectionIs(page, ['closed']), 'closed');
  const notice = await page.waitFor(() => {
    const element = document.querySelector('[data-diffable-notice]');
    return element !== null && { text: element.textContent, role: element.getAttribute('role') };
  }, { what: 'the page\'s notice' });
  assert.equal(notice.role, 'status');
  assert.match(notice.text, /opened again elsewhere/);
  const notices = await page.evaluate(() => window.diffable.notices());
  assert.equal(notices.length, 1);
  assert.equal(notices[0].code, 4000);
  assert.ok(notices[0].reason.length > 0, 'the close has a reason');
  // The page stopped for good: its one socket, and the other keeps the session.
  assert.equal(await page.evaluate(() => window.socketsOpened), 1);
  assert.equal(await page.evaluate(() => window.documentsLoaded), 1);
  const state = await running.server.state(opened.id, { cookie });
  assert.equal(state.connection.connected, true);
  assert.equal(elsewhere.closeCode, null, 'the socket opened elsewhere is still open');
});
