// What the end-to-end test files share: `serve` (or the stand-in server of
// support/fake-server.mjs) and headless Chromium, started before a file's
// tests and stopped after them.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';

import { launchChromium } from './chromium.mjs';
import { differences, settle } from './diffable.mjs';
import { startFakeServer } from './fake-server.mjs';
import { startServer } from './server.mjs';

/**
 * Starts `serve` and Chromium before the file's tests, and stops both after
 * them; `serve` must end with status 0 on SIGTERM. A test may replace
 * `server` (a restart) or set it to `undefined` (stopped): the one there at
 * the end is stopped.
 *
 * @returns {{server: Awaited<ReturnType<typeof startServer>> | undefined,
 *   browser: Awaited<ReturnType<typeof launchChromium>> | undefined}}
 */
export function serverAndBrowser() {
  const running = { server: undefined, browser: undefined };
  before(async () => {
    running.server = await startServer();
    running.browser = await launchChromium();
  });
  after(async () => {
    try {
      await running.browser?.close();
    } finally {
      if (running.server !== undefined) {
        // A server that crashed says why: the end of its standard error
        // (a backtrace) goes with the failure.
        const { server } = running;
        assert.deepEqual(await server.stop(), { code: 0, signal: null },
          `the server did not exit cleanly; its standard error ends:\n${server.stderr.slice(-4000)}`);
      }
    }
  });
  return running;
}

/**
 * What the tests of `serve`'s pages do with `running` (from
 * `serverAndBrowser()`): `open(path, viewport, t)` opens `path` in a new
 * tab at `viewport`, and the page's errors fail the test `t` at its end;
 * `check(page, options)` settles the page (`settle`, with its options) and
 * asserts that it agrees with the server, returning what was read.
 *
 * @param {ReturnType<typeof serverAndBrowser>} running
 */
export function pageChecks(running) {
  const open = (path, viewport, t) => openPage(running, path, viewport, t);
  const check = async (page, options = {}) => {
    const read = await settle(page, running.server, options);
    assert.deepEqual(differences(read), [], `after ${options.what ?? 'loading'}`);
    return read;
  };
  return { open, check };
}

/**
 * Starts the stand-in server with `pages` (path → HTML) and Chromium before
 * the file's tests, and stops both after them. Each socket a page opens is
 * kept in `peers`, in order; once its page says `ready`, `onReady(peer)`
 * sends what the test's server sends.
 *
 * @param {{pages: Object<string, string>, onReady: (peer: import('./fake-server.mjs').Peer) => void}} options
 * @returns {{fake: Awaited<ReturnType<typeof startFakeServer>> | undefined,
 *   browser: Awaited<ReturnType<typeof launchChromium>> | undefined,
 *   peers: import('./fake-server.mjs').Peer[]}}
 */
export function fakeServerAndBrowser({ pages, onReady }) {
  const running = { fake: undefined, browser: undefined, peers: [] };
  before(async () => {
    running.fake = await startFakeServer({
      pages,
      onPeer: (peer) => {
        running.peers.push(peer);
        peer.next((message) => message.type === 'ready', { what: 'ready' })
          .then(() => onReady(peer), () => {});
      },
    });
    running.browser = await launchChromium();
  });
  after(async () => {
    try {
      await running.browser?.close();
    } finally {
      running.fake?.close();
    }
  });
  return running;
}

/**
 * Opens `path` of the running `serve` in a new tab at `viewport`; when test
 * `t` ends, the tab is closed and the page's errors, if any, fail it.
 *
 * @param {ReturnType<typeof serverAndBrowser>} running
 * @param {string} path
 * @param {object} viewport As `Browser.newPage` takes it.
 * @param {import('node:test').TestContext} t
 */
export async function openPage(running, path, viewport, t) {
  const page = await running.browser.newPage(viewport);
  t.after(async () => {
    const errors = page.errors;
    await page.close();
    assert.deepEqual(errors, [], `the page reported errors:\n${errors.join('\n')}`);
  });
  await page.goto(`${running.server.url}${path}`);
  return page;
}

/**
 * Opens `path` of the stand-in server of `running` (from
 * `fakeServerAndBrowser`) in a new tab at `viewport`, closed when the test
 * `t` ends, and waits until its list shows seq 1, idle; returns the page
 * and the socket it opened.
 */
export async function openFakePage(running, path, viewport, t) {
  const page = await running.browser.newPage(viewport);
  t.after(() => page.close());
  await page.goto(`${running.fake.url}${path}`);
  await idleAt(page, '1');
  return { page, peer: running.peers.at(-1) };
}

/** Waits until the page's first list has shown `seq` (a string) and is idle. */
export const idleAt = (page, seq) => page.waitFor((wanted) => {
  const list = document.querySelector('[data-diffable-list]');
  return list?.getAttribute('data-seq') === wanted && list.hasAttribute('data-idle');
}, { args: [seq], what: `seq ${seq} shown and idle` });
