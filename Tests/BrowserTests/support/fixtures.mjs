// What the end-to-end test files share: `serve` and headless Chromium,
// started before a file's tests and stopped after them.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';

import { launchChromium } from './chromium.mjs';
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
        assert.deepEqual(await running.server.stop(), { code: 0, signal: null });
      }
    }
  });
  return running;
}
