// A stand-in server for what `serve` cannot be made to send: it serves the
// browser client's real files (Sources/DiffableWeb/Resources/client/), a
// page of the tests' choosing, and a WebSocket whose messages the test
// writes itself. The client under test is the product's; only the server is
// the test's.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';
import { ROOT } from './server.mjs';
import { acceptUpgrade, FrameReader, textFrame } from '../../WebClientTests/websocket-frames.mjs';

const CLIENT = join(ROOT, 'Sources/DiffableWeb/Resources/client');
const TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** The server's end of one WebSocket: JSON text frames in and out. */
export class Peer {
  messages = [];
  #waiters = [];
  #frames = new FrameReader({
    onText: (message) => this.#deliver(message),
    onClose: () => this.socket.end(),
  });

  constructor(socket) {
    this.socket = socket;
    socket.on('data', (chunk) => this.#frames.push(chunk));
    socket.on('error', () => {});
  }

  /** The next message from the client for which `accepts` holds. */
  next(accepts, { timeout = DEFAULT_TIMEOUT, what = 'message' } = {}) {
    const at = this.messages.findIndex(accepts);
    if (at >= 0) return Promise.resolve(this.messages.splice(at, 1)[0]);
    const waiter = { accepts };
    const promise = new Promise((resolve) => { waiter.resolve = resolve; });
    this.#waiters.push(waiter);
    return withDeadline(promise, timeout, () => `no ${what} from the page`)
      .finally(() => { this.#waiters = this.#waiters.filter((other) => other !== waiter); });
  }

  /** Sends a message as one unmasked text frame. */
  send(message) {
    this.socket.write(textFrame(message));
  }

  #deliver(message) {
    // The heartbeat is answered here, as a server does.
    if (message.type === 'ping') this.send({ v: 1, type: 'pong', id: message.id });
    const waiter = this.#waiters.find((candidate) => candidate.accepts(message));
    if (waiter !== undefined) {
      this.#waiters = this.#waiters.filter((other) => other !== waiter);
      waiter.resolve(message);
    } else {
      this.messages.push(message);
    }
  }
}

/**
 * A page like the demo server's, with the real client: a heading, one list
 * element `[data-diffable-list=list]`, its socket at `socket`, and a page
 * id of its own in `data-page` (the client does not connect without one;
 * the stand-in checks none).
 *
 * @param {{title: string, socket: string, list: string}} page
 * @returns {string} The page's HTML.
 */
export const clientPage = ({ title, socket, list }) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/client/diffable.css">
<script type="module" src="/client/page.js"></script></head>
<body data-page="${randomBytes(16).toString('hex')}" data-socket="${socket}">
<header><h1>${title}</h1></header>
<div data-diffable-list="${list}" class="diffable-list"></div>
</body></html>`;

/**
 * Starts the stand-in: `GET /client/FILE` from the client's folder, `GET
 * path` for each of `pages` (path → HTML), and WebSocket upgrades on any
 * path, each handed to `onPeer(peer, url)`.
 *
 * @returns {Promise<{url: string, close: () => void}>}
 */
export async function startFakeServer({ pages, onPeer }) {
  const sockets = new Set();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (pages[path] !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[path]);
      return;
    }
    if (path.startsWith('/client/')) {
      const file = normalize(join(CLIENT, path.slice('/client/'.length)));
      if (file.startsWith(`${CLIENT}/`)) {
        try {
          const body = await readFile(file);
          response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
            .end(body);
          return;
        } catch {
          // Falls through to the 404.
        }
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('upgrade', (request, socket) => {
    acceptUpgrade(request, socket);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    onPeer(new Peer(socket), request.url);
  });
  await new Promise((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
