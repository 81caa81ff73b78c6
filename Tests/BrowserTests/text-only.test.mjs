// Strings from the server reach the page only as text. No seed screen has an
// item named like markup, and the product must not grow a test-only way to
// make one, so here the server is the test's (support/fake-server.mjs): it
// serves the real client files and a page like the demo server's, and its
// socket sends a reload whose identifiers and cell strings are markup that
// would run script if it were ever parsed as HTML. In real Chromium, the
// page must show them as text, with no element made from them and no script
// run.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const IMAGE = '<img src=x onerror="window.injected=(window.injected||0)+1">';
const SCRIPT = '<script>window.injected=(window.injected||0)+1</script>';
const SECTION = '<b onmouseover="window.injected=1">peaks</b>';
const BADGE = '<i>3</i><svg onload="window.injected=1">';
const PLAIN = 'Mount "Plain" & <Sons>';

const PAGE = clientPage({ title: 'Markup as text', socket: '/hostile/socket', list: 'hostile' });

const running = fakeServerAndBrowser({
  pages: { '/hostile': PAGE },
  onReady: (peer) => {
    peer.send({
      v: 1, type: 'reload', list: 'hostile', seq: 1,
      sections: [{ id: SECTION, items: [IMAGE, PLAIN] }],
      cells: {
        [IMAGE]: {
          text: IMAGE, secondaryText: SCRIPT,
          accessories: [{ type: 'badge', text: BADGE }],
        },
        [PLAIN]: { text: PLAIN, secondaryText: SECTION },
      },
      layout: {
        size: [390, 88],
        frames: { [IMAGE]: [0, 0, 390, 44], [PLAIN]: [0, 44, 390, 44] },
        supplementaries: [],
        bands: [],
      },
    });
  },
});

test('identifiers and cell strings that are markup show as text, and no script runs',
  async () => {
    const page = await running.browser.newPage({ width: 390, height: 844 });
    try {
      await page.goto(`${running.fake.url}/hostile`);
      await page.waitFor(() => document.querySelector('[data-diffable-list]')
        ?.hasAttribute('data-idle') && document.querySelectorAll('[data-item]').length === 2,
      { what: 'the reload shown' });
      const ack = await running.peers[0].next((message) => message.type === 'ack', { what: 'ack' });
      assert.deepEqual(ack, { v: 1, type: 'ack', list: 'hostile', seq: 1 });
      const shown = await page.evaluate(() => {
        const list = document.querySelector('[data-diffable-list]');
        return {
          items: [...list.querySelectorAll('[data-item]')].map((cell) => ({
            item: cell.getAttribute('data-item'),
            section: cell.getAttribute('data-section'),
            text: cell.textContent,
          })),
          made: [...list.querySelectorAll('img, script, b, i, svg, iframe, object')]
            .map((element) => element.outerHTML),
          injected: window.injected ?? null,
          lists: window.diffable.lists(),
        };
      });
      assert.deepEqual(shown.made, [], 'elements were made from server strings');
      assert.equal(shown.injected, null, 'a server string ran script');
      assert.deepEqual(shown.items.map((cell) => cell.item), [IMAGE, PLAIN]);
      assert.deepEqual(shown.items.map((cell) => cell.section), [SECTION, SECTION]);
      assert.ok(shown.items[0].text.includes(IMAGE), shown.items[0].text);
      assert.ok(shown.items[0].text.includes(SCRIPT), shown.items[0].text);
      assert.ok(shown.items[0].text.includes(BADGE), shown.items[0].text);
      assert.ok(shown.items[1].text.includes(PLAIN), shown.items[1].text);
      assert.deepEqual(shown.lists[0].sections, [{ id: SECTION, items: [IMAGE, PLAIN] }]);
      // An image that loaded would have fired its error handler by now; make sure
      // nothing is pending by waiting for the next frame and looking again.
      assert.equal(await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => resolve(window.injected ?? null)))),
      null);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.close();
    }
  });
