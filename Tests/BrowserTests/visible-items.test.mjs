// A section's `visibleItemsInvalidationHandler` in real Chromium. No seed
// screen has a handler (the rest stop's band is a golden case of the
// layout), and the product must not grow a test-only page, so the server is
// the test's (support/fake-server.mjs) and says what the Swift session says:
// Fixtures/visible-band.json holds the messages a `WebSession` sent for a
// band of 150-point tiles whose handler scales and fades each tile with its
// distance from the band's centre (DiffableWebTests' WebVisibleItemsTests
// writes it and checks it is current). The page scrolls the band itself:
// it must report the offset in one `band` message, and each tile's computed
// transform and opacity must follow what the handler left: the tile at the
// band's centre at scale 1, those further away smaller.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { clientPage } from './support/fake-server.mjs';
import { fakeServerAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const FIXTURE = JSON.parse(
  readFileSync(new URL('./Fixtures/visible-band.json', import.meta.url), 'utf8'));

/** The band's width, and the scale the handler gives a tile `distance` from its centre. */
const BAND = 390;
const scaleAt = (distance) => Math.max(0.5, 1 - distance / BAND);

const PAGE = clientPage({ title: 'A band with a handler', socket: '/band/socket', list: 'main' });

const running = fakeServerAndBrowser({
  pages: { '/band': PAGE },
  onReady: (peer) => {
    for (const message of FIXTURE.ready) peer.send(message);
  },
});

/** Each tile's computed scale (1 for `none`), opacity and drawn width. */
function readTiles() {
  const tiles = {};
  for (const cell of document.querySelectorAll('[data-section="band"][data-item]')) {
    const style = getComputedStyle(cell);
    const matrix = /^matrix\(([^)]*)\)$/.exec(style.transform);
    tiles[cell.getAttribute('data-item')] = {
      scale: matrix === null ? 1 : Number(matrix[1].split(',')[0]),
      opacity: Number(style.opacity),
      width: cell.getBoundingClientRect().width,
    };
  }
  return tiles;
}

/** Asserts a tile's scale and opacity are `scale`, and it is drawn that much narrower. */
function assertScaled(tile, scale, name) {
  assert.ok(Math.abs(tile.scale - scale) < 1e-4, `${name} scale ${tile.scale}, not ${scale}`);
  assert.ok(Math.abs(tile.opacity - scale) < 1e-4, `${name} opacity ${tile.opacity}`);
  assert.ok(Math.abs(tile.width - 150 * scale) < 0.5, `${name} width ${tile.width}`);
}

test('scrolling a band sends its offset once, and the tiles follow the handler', async () => {
  const page = await running.browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${running.fake.url}/band`);
    await page.waitFor(() => document.querySelector('[data-diffable-list]')
      ?.hasAttribute('data-idle')
      && document.querySelector('[data-item="b-00001"]')?.style.transform.startsWith('matrix('),
    { what: 'the reload and the handler\'s attributes at offset 0 shown' });

    // At offset 0 the band's centre is at 195: tile 1 (centre 225) is 30 away,
    // tile 0 (centre 75) 120.
    const atRest = await page.evaluate(readTiles);
    assertScaled(atRest['b-00000'], scaleAt(120), 'b-00000');
    assertScaled(atRest['b-00001'], scaleAt(30), 'b-00001');
    assert.ok(atRest['b-00001'].width > atRest['b-00000'].width);

    // Two scrolls in one task: one `band` message, with where the band ends up.
    await page.evaluate((offset) => {
      const band = document.querySelector('[data-band="band"]');
      band.scrollLeft = 100;
      band.scrollLeft = offset;
    }, FIXTURE.offset);
    const sent = await running.peers[0].next((message) => message.type === 'band', { what: 'band' });
    assert.deepEqual(sent,
      { v: 1, type: 'band', list: 'main', section: 'band', offset: FIXTURE.offset });
    for (const message of FIXTURE.band) running.peers[0].send(message);
    await page.waitFor(() => {
      const tile = document.querySelector('[data-item="b-00002"]');
      return tile !== null && !tile.style.transform.startsWith('matrix(0.53');
    }, { what: 'the handler\'s attributes at the new offset shown' });

    // At 330 the centre is at 525, tile 3's: scale 1; tiles 2 and 4 are 150 away.
    const scrolled = await page.evaluate(readTiles);
    assertScaled(scrolled['b-00003'], 1, 'b-00003');
    assertScaled(scrolled['b-00002'], scaleAt(150), 'b-00002');
    assertScaled(scrolled['b-00004'], scaleAt(150), 'b-00004');
    assert.deepEqual(running.peers[0].messages.filter((message) => message.type === 'band'), [],
      'the band\'s offset was sent once');
    assert.deepEqual(await page.evaluate(() => window.diffable.reports()), []);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.close();
  }
});
