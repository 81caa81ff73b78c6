// A selectable list from the keyboard, in real Chromium: the server (the
// test's stand-in, support/fake-server.mjs, as the seed screens have no
// selection) sends a `reload` with `selectable: true`; Tab then moves the
// focus from cell to cell in the list's order, the focused cell shows a
// ring, and Enter or Space on it sends a `tap`, as a click does. A reload
// without `selectable` takes the cells out of the keyboard's way again.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const PAGE = clientPage({ title: 'Keys', socket: '/keys/socket', list: 'keys' });
const ITEMS = ['alpha', 'beta', 'gamma'];

/** A reload of the three items, `selectable` as given (no key when undefined). */
const reload = (seq, selectable) => ({
  v: 1, type: 'reload', list: 'keys', seq,
  sections: [{ id: 'greek', items: ITEMS }],
  cells: Object.fromEntries(ITEMS.map((item) => [item, { text: item.toUpperCase() }])),
  layout: {
    size: [390, 132],
    frames: Object.fromEntries(ITEMS.map((item, k) => [item, [0, 44 * k, 390, 44]])),
    supplementaries: [],
    bands: [],
  },
  ...(selectable === undefined ? {} : { selectable }),
});

const running = fakeServerAndBrowser({
  pages: { '/keys': PAGE },
  onReady: (peer) => {
    peer.send(reload(1, true));
  },
});

/** The focused element's item, or its tag when it is no cell. */
const focused = () => document.activeElement?.getAttribute('data-item')
  ?? document.activeElement?.tagName;

test('Tab focuses each cell of a selectable list in turn; Enter and Space tap it', async () => {
  const page = await running.browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${running.fake.url}/keys`);
    await page.waitFor((seq) => document.querySelector('[data-diffable-list]')
      ?.getAttribute('data-seq') === seq
      && document.querySelector('[data-diffable-list]').hasAttribute('data-idle'),
    { args: ['1'], what: 'the selectable reload shown' });
    const peer = running.peers.at(-1);

    const visited = [];
    for (let k = 0; k < ITEMS.length; k += 1) {
      await page.press('Tab');
      visited.push(await page.evaluate(focused));
    }
    assert.deepEqual(visited, ITEMS, 'Tab visits the cells in the list\'s order');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement);
      return [style.outlineStyle, style.outlineWidth, document.activeElement.getAttribute('role')];
    });
    assert.deepEqual(ring, ['solid', '2px', 'button']);

    await page.press('Enter');
    assert.deepEqual(await peer.next((message) => message.type === 'tap', { what: 'a tap' }),
      { v: 1, type: 'tap', list: 'keys', item: 'gamma' });
    await page.focus('[data-item=alpha]');
    await page.press(' ', { code: 'Space', windowsVirtualKeyCode: 32 });
    assert.deepEqual(await peer.next((message) => message.type === 'tap', { what: 'a tap' }),
      { v: 1, type: 'tap', list: 'keys', item: 'alpha' });
    assert.equal(await page.evaluate(() => document.querySelector('[data-diffable-list]').scrollTop),
      0, 'Space did not scroll the list');

    // Not selectable any more: no cell takes the focus.
    peer.send(reload(2, false));
    await page.waitFor(() => document.querySelector('[data-diffable-list]')
      ?.getAttribute('data-seq') === '2', { what: 'the second reload shown' });
    const attributes = await page.evaluate(() => [...document.querySelectorAll('[data-item]')]
      .map((cell) => [cell.getAttribute('tabindex'), cell.getAttribute('role')]));
    assert.deepEqual(attributes, ITEMS.map(() => [null, null]));
    await page.evaluate(() => document.activeElement?.blur());
    await page.press('Tab');
    assert.ok(!ITEMS.includes(await page.evaluate(focused)), 'Tab passes the cells by');
  } finally {
    await page.close();
  }
});
