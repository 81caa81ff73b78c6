// The browser tests' own tools, checked against a page served here by
// node:http: Chromium starts and stops with its profile removed, the
// viewport is exact, evaluation awaits promises and reports exceptions,
// typing fires input events, animations pause at a chosen time, offline
// emulation cuts fetches and WebSockets, screenshots are PNGs of the
// viewport, and the server launcher reads the address and stops on SIGTERM.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { launchChromium, pngSize } from './support/chromium.mjs';
import { requireWebSocket } from './support/cdp.mjs';
import { startServer } from './support/server.mjs';

requireWebSocket();

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>harness</title>
<style>body { margin: 0 } #box { position: absolute; left: 0; top: 0; width: 10px; height: 10px;
background: #3478f6 }</style></head><body>
<input type="search" id="search"><div id="box"></div>
<script>
  window.inputs = [];
  document.getElementById('search').addEventListener('input', (event) => {
    window.inputs.push(event.target.value);
  });
  window.socketEvents = [];
  window.openSocket = () => new Promise((resolve) => {
    const socket = new WebSocket('ws://' + location.host + '/socket');
    window.socket = socket;
    socket.onopen = () => { socketEvents.push('open'); resolve('open'); };
    socket.onerror = () => { socketEvents.push('error'); };
    socket.onclose = () => { socketEvents.push('close'); resolve('close'); };
    socket.onmessage = (event) => { socketEvents.push('message ' + event.data); };
  });
</script></body></html>`;

let httpServer;
let base;
let browser;
/** Each upgraded socket, to send frames from the server. */
const sockets = [];

before(async () => {
  httpServer = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (request.url === '/data') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end('{"ok":true}');
    } else {
      response.writeHead(404).end();
    }
  });
  httpServer.on('upgrade', (request, socket) => {
    const accept = createHash('sha1')
      .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n'
      + `Connection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.on('error', () => {});
    sockets.push(socket);
  });
  await new Promise((resolve) => { httpServer.listen(0, '127.0.0.1', resolve); });
  base = `http://127.0.0.1:${httpServer.address().port}`;
  browser = await launchChromium();
});

after(async () => {
  try {
    await browser?.close();
  } finally {
    for (const socket of sockets) socket.destroy();
    httpServer?.close();
  }
});

test('Chromium answers on its DevTools address and runs headless', async () => {
  assert.match(browser.address, /^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//);
  assert.match(await browser.version(), /Chrome/);
  assert.ok(existsSync(browser.profile));
});

test('the viewport is exact and evaluation awaits promises and reports exceptions', async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${base}/`);
    assert.deepEqual(await page.evaluate(() => [innerWidth, innerHeight]), [390, 844]);
    await page.setViewport({ width: 1280, height: 800 });
    assert.deepEqual(await page.evaluate(() => [innerWidth, innerHeight]), [1280, 800]);
    assert.equal(await page.evaluate((a, b) => Promise.resolve(a + b), 2, 3), 5);
    assert.deepEqual(await page.evaluate('fetch("/data").then((r) => r.json())'), { ok: true });
    await assert.rejects(page.evaluate(() => { throw new Error('from the page'); }),
      /evaluating in the page failed: Error: from the page/);
    await assert.rejects(page.send('No.suchMethod'), /No\.suchMethod: .*wasn't found/);
  } finally {
    await page.close();
  }
});

test('waitFor polls until the condition holds, and fails with the last value at its deadline',
  async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    try {
      await page.goto(`${base}/`);
      await page.evaluate(() => { setTimeout(() => { window.ready = 'yes'; }, 50); });
      assert.equal(await page.waitFor(() => window.ready, { what: 'ready' }), 'yes');
      await assert.rejects(
        page.waitFor((n) => window.missing ?? n, { timeout: 100, what: 'never', args: [0] }),
        /waited 100 ms for never; last value 0/);
    } finally {
      await page.close();
    }
  });

test('typing fires one input event per key, insertText one for all', async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${base}/`);
    await page.focus('#search');
    await page.typeText('ab');
    await page.insertText('cd');
    await page.press('Backspace');
    assert.deepEqual(await page.evaluate(() => window.inputs), ['a', 'ab', 'abcd', 'abc']);
  } finally {
    await page.close();
  }
});

test('a paused animation sits where its timing says', async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${base}/`);
    await page.evaluate(() => {
      document.getElementById('box').animate(
        [{ transform: 'translateX(0px)' }, { transform: 'translateX(100px)' }],
        { duration: 10_000, easing: 'linear' });
    });
    assert.equal(await page.pauseAnimationsAt(0.5), 1);
    assert.equal(await page.evaluate(() => document.getElementById('box').getBoundingClientRect().x), 50);
    assert.equal(await page.pauseAnimationsAt(0.25), 1);
    assert.equal(await page.evaluate(() => document.getElementById('box').getBoundingClientRect().x), 25);
    await page.evaluate(() => { for (const a of document.getAnimations()) a.finish(); });
    assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  } finally {
    await page.close();
  }
});

test('offline emulation fails fetches, and a WebSocket stays open with no close event', async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  try {
    await page.goto(`${base}/`);
    assert.equal(await page.evaluate(() => window.openSocket()), 'open');
    await page.setOffline(true);
    const offlineFetch = await page.evaluate(
      () => fetch('/data').then(() => 'answered', (error) => `failed: ${error.name}`));
    assert.equal(offlineFetch, 'failed: TypeError');
    // The half-open socket: the server's frames no longer arrive, and the
    // page is not told (only a heartbeat finds it).
    sockets.at(-1).write(Buffer.from([0x81, 2, 0x68, 0x69]));
    assert.equal(await page.evaluate(() => fetch('/data').then(() => 1, () => 0)), 0);
    assert.deepEqual(await page.evaluate(() => window.socketEvents), ['open']);
    await page.setOffline(false);
    assert.deepEqual(await page.evaluate('fetch("/data").then((r) => r.json())'), { ok: true });
  } finally {
    await page.close();
  }
});

test('a screenshot is a PNG of the viewport', async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  const folder = mkdtempSync(join(tmpdir(), 'diffable-shots-'));
  try {
    await page.goto(`${base}/`);
    const path = join(folder, 'page.png');
    const bytes = await page.screenshot(path);
    assert.deepEqual(pngSize(bytes), { width: 390, height: 844 });
    assert.ok(existsSync(path));
  } finally {
    await page.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('closing the browser ends its process and removes its profile', async () => {
  const other = await launchChromium();
  const { pid, profile } = other;
  await other.close();
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  assert.equal(existsSync(profile), false);
});

test('the server launcher reads the address, fetches JSON, reads memory, stops on SIGTERM',
  async () => {
    const folder = mkdtempSync(join(tmpdir(), 'diffable-fake-serve-'));
    const script = join(folder, 'fake-serve.mjs');
    // A stand-in for `serve`: the same first line and the same exit on SIGTERM.
    writeFileSync(script, `
      import { createServer } from 'node:http';
      const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
      const server = createServer((request, response) => {
        if (request.url === '/state/p1') response.end('{"lists":[]}');
        else response.writeHead(404).end('missing');
      });
      server.listen(port, '127.0.0.1', () => {
        console.log('Serving on http://127.0.0.1:' + server.address().port);
      });
      process.on('SIGTERM', () => server.close(() => process.exit(0)));
    `);
    try {
      const server = await startServer({ binary: process.execPath, args: [script] });
      try {
        assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
        assert.equal(server.socketURL('/x'), server.url.replace('http', 'ws') + '/x');
        assert.deepEqual(await server.json('/state/p1'), { lists: [] });
        await assert.rejects(server.json('/state/p2'), /GET \/state\/p2 answered 404: missing/);
        assert.ok(server.residentKiB() > 1000);
      } finally {
        assert.deepEqual(await server.stop(), { code: 0, signal: null });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
