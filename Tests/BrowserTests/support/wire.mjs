// Clients of the wire protocol (Documentation/Web.md) with no browser, for
// the load test and the perimeter tests. Each first loads its page as a
// browser does (`GET /demos/NAME`: the page id the server issued in
// `data-page`, the socket's path in `data-socket`, and the browser cookie it
// set), then opens the socket `PATH?page=ID&v=1` with that cookie and the
// server's own origin: a page's socket that says `ready`, applies each
// `reload` and `batch` to the browser client's own model (so a batch it
// would refuse is refused here too), acknowledges it at once, and records
// when each arrived; and a socket that says `ready`, asks for reloads and
// then never reads again. Both are written on support/raw-websocket.mjs.

import { readFileSync } from 'node:fs';

import {
  applyBatch, applyLayout, applyReload, createModel, lists as listsOf,
} from '../../../Sources/DiffableWeb/Resources/client/model.js';
import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';
import { RawWebSocket } from './raw-websocket.mjs';

/** The wire version the tests speak, as the browser client's `WIRE_VERSION`. */
export const WIRE_VERSION = 1;

/** The name of the demo server's browser cookie. */
export const BROWSER_COOKIE = 'diffable-browser';

/**
 * A page as a browser loads it: its id, its socket's address with
 * `?page=ID&v=1`, and the headers its socket sends (`Cookie`, `Origin`).
 *
 * @typedef {object} VisitedPage
 * @property {string} id The page id, from `data-page`.
 * @property {string} path The page's path, e.g. `/demos/mountains`.
 * @property {string} cookie `diffable-browser=TOKEN`, as a `Cookie` header carries it.
 * @property {string} origin The server's origin, `http://HOST:PORT`.
 * @property {string} socketURL `ws://HOST:PORT/PATH/socket?page=ID&v=1`.
 * @property {Object<string, string>} headers `Cookie` and `Origin` for the socket.
 * @property {Headers} responseHeaders The page's response headers.
 */

/**
 * Loads `path` of the server at `origin` as a browser does, sending
 * `cookie` when given (a browser that has been here), and returns the page
 * the server issued. The cookie is the one the server set, or the one sent
 * when it set none.
 *
 * @param {string} origin `http://HOST:PORT`.
 * @param {string} path
 * @param {{cookie?: string}} [options]
 * @returns {Promise<VisitedPage>}
 */
export async function visitPage(origin, path, { cookie } = {}) {
  const response = await withDeadline(
    fetch(`${origin}${path}`, { headers: cookie === undefined ? {} : { cookie } }),
    DEFAULT_TIMEOUT, () => `no answer to GET ${path}`);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${html.slice(0, 200)}`);
  const body = /<body\b[^>]*>/.exec(html)?.[0] ?? '';
  const id = /\sdata-page="([^"]*)"/.exec(body)?.[1];
  const socketPath = /\sdata-socket="([^"]*)"/.exec(body)?.[1];
  if (id === undefined || socketPath === undefined) {
    throw new Error(`GET ${path}: the page's body has no data-page or data-socket: ${body}`);
  }
  const set = response.headers.getSetCookie()
    .map((line) => line.split(';')[0].trim())
    .find((pair) => pair.startsWith(`${BROWSER_COOKIE}=`));
  const kept = set ?? cookie;
  if (kept === undefined) throw new Error(`GET ${path} set no ${BROWSER_COOKIE} cookie`);
  const socketURL = `${origin.replace(/^http/, 'ws')}${socketPath}?page=${id}&v=${WIRE_VERSION}`;
  return {
    id, path, cookie: kept, origin, socketURL,
    headers: { Cookie: kept, Origin: origin },
    responseHeaders: response.headers,
  };
}

/** One page's socket, speaking as the browser client does. */
export class WireClient {
  /** Problems: refused messages, server errors, unexpected closes. */
  errors = [];
  /** `{type, seq, at}` of each reload and batch applied, `at` from `performance.now()`. */
  received = [];
  model = createModel();
  /** The server's close frame's code and reason, once the socket closed. */
  closeCode = null;
  closeReason = null;
  /** The raw socket, once open. */
  socket = null;
  #waiters = [];

  /**
   * @param {VisitedPage} page The page whose socket this is (`visitPage`).
   * @param {{viewport?: {width: number, height: number}, onApply?: (client: WireClient) => void,
   *   headers?: Object<string, string>, deflate?: boolean}} [options] `headers` replace the
   *   page's `Cookie` and `Origin`; with `deflate`, the socket offers permessage-deflate, as
   *   a browser does.
   */
  constructor(page, {
    viewport = { width: 390, height: 844 }, onApply, headers = page.headers, deflate = false,
  } = {}) {
    this.page = page;
    this.url = page.socketURL;
    this.viewport = viewport;
    this.onApply = onApply;
    this.headers = headers;
    this.deflate = deflate;
  }

  /** Resolves once the socket is open and `ready` is sent. */
  async open() {
    const socket = await RawWebSocket.connect(this.url, { headers: this.headers, deflate: this.deflate });
    if (socket.status !== 101) {
      socket.destroy();
      throw new Error(`${this.url}: the upgrade was answered ${socket.status}`);
    }
    this.socket = socket;
    socket.onmessage = (text) => this.#receive(text);
    socket.onend = () => {
      this.closeCode = socket.closeFrame?.code ?? 1006;
      this.closeReason = socket.closeFrame?.reason ?? '';
      this.#notify();
    };
    this.send({ type: 'ready', viewport: this.viewport, lists: {} });
  }

  /** Sends a message with `v: 1`, when the socket is open. */
  send(message) {
    if (this.socket?.open) this.socket.send(JSON.stringify({ v: WIRE_VERSION, ...message }));
  }

  /** What the client shows: `[{list, seq, sections: [{id, items}]}]`. */
  lists() { return listsOf(this.model); }

  /** The items of every section of list `name`, in order, or null. */
  items(name) {
    const list = this.lists().find((entry) => entry.list === name);
    return list === undefined ? null : list.sections.flatMap((section) => section.items);
  }

  /**
   * Resolves when `predicate(this)` holds after a message (or now), with a
   * deadline.
   */
  until(predicate, { timeout = DEFAULT_TIMEOUT, what = 'a condition' } = {}) {
    if (predicate(this)) return Promise.resolve();
    const waiter = {};
    const promise = new Promise((resolve) => { waiter.resolve = resolve; });
    waiter.predicate = predicate;
    this.#waiters.push(waiter);
    return withDeadline(promise, timeout, () => `${this.url}: no ${what}`).finally(() => {
      this.#waiters = this.#waiters.filter((other) => other !== waiter);
    });
  }

  /** Closes the socket (1000) and resolves when the connection has ended. */
  async close() { await this.socket?.close(); }

  #receive(data) {
    const at = performance.now();
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      this.errors.push(`unreadable frame ${String(data).slice(0, 80)}`);
      return;
    }
    try {
      if (message.type === 'reload') {
        this.model = applyReload(this.model, message);
      } else if (message.type === 'batch') {
        this.model = applyBatch(this.model, message);
      } else if (message.type === 'layout') {
        // A new window after a viewport change: applied, never acknowledged.
        this.model = applyLayout(this.model, message);
        return;
      } else if (message.type === 'error') {
        this.errors.push(`server error: ${message.message}`);
        return;
      } else {
        return;
      }
    } catch (error) {
      this.errors.push(`refused ${message.type} ${message.seq}: ${error.message}`);
      this.send({ type: 'resync', list: message.list, reason: error.message });
      return;
    }
    this.received.push({ type: message.type, seq: message.seq, at });
    this.send({ type: 'ack', list: message.list, seq: message.seq });
    this.onApply?.(this);
    this.#notify();
  }

  #notify() {
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(this)) waiter.resolve();
    }
  }
}

/**
 * A client that never reads: it connects its page's socket, says `ready`
 * with a viewport tall enough for every cell of a list to be in each
 * reload, then, for `seconds` or until closed, asks for reloads of `list`,
 * types queries into `input` and switches the list's width between two
 * sizes (each switch is a new layout), each at just under the server's rate
 * for the message (resync: its burst of 20, then 4 a second; input: 100,
 * then 50 a second; viewport: 200, then 200 a second), so that the server
 * answers each and refuses none; and it reads no byte after the handshake,
 * so the server's sends to it back up (about 6 MB in 3 s).
 *
 * @param {VisitedPage} page
 * @param {{list: string, input?: string, queries?: string[], seconds?: number}} options
 * @returns {Promise<{socket: import('node:net').Socket, sent: number,
 *   queued: () => number | null, close: () => void}>}
 */
export async function stalledClient(page, { list, input = 'search', queries = ['a', ''], seconds = 10 }) {
  const raw = await RawWebSocket.connect(page.socketURL, { headers: page.headers, pauseAfterUpgrade: true });
  if (raw.status !== 101) {
    raw.destroy();
    throw new Error(`${page.socketURL}: the upgrade was answered ${raw.status}`);
  }
  let sent = 0;
  const send = (message) => {
    raw.send(JSON.stringify({ v: WIRE_VERSION, ...message }));
    sent += 1;
  };
  send({ type: 'ready', viewport: { width: 390, height: 100_000 }, lists: {} });
  const resync = () => send({ type: 'resync', list, reason: 'a client that never reads' });
  let typed = 0;
  const type = () => {
    send({ type: 'input', name: input, value: queries[typed % queries.length] });
    typed += 1;
  };
  let resized = 0;
  const resize = () => {
    const width = resized % 2 === 0 ? 1280 : 390;
    send({ type: 'viewport', list, width, height: 100_000, x: 0, y: 0 });
    resized += 1;
  };
  for (let i = 0; i < 20; i += 1) resync();
  for (let i = 0; i < 100; i += 1) type();
  for (let i = 0; i < 200; i += 1) resize();
  const timers = [setInterval(resync, 250), setInterval(type, 20), setInterval(resize, 5)];
  const stop = () => { for (const timer of timers) clearInterval(timer); };
  const ends = setTimeout(stop, seconds * 1000);
  raw.onend = () => { stop(); clearTimeout(ends); };
  return {
    socket: raw.socket,
    get sent() { return sent; },
    /** Bytes the server sent that wait unread in this socket's kernel buffer. */
    queued: () => receiveQueue(raw.socket),
    close: () => {
      stop();
      clearTimeout(ends);
      raw.destroy();
    },
  };
}

/**
 * The bytes waiting unread in a loopback TCP socket's receive queue, from
 * /proc/net/tcp (null when the line is not found, e.g. not on Linux).
 */
export function receiveQueue(socket) {
  const local = socket.localPort.toString(16).toUpperCase().padStart(4, '0');
  const remote = socket.remotePort.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5) continue;
      if (fields[1].endsWith(`:${local}`) && fields[2].endsWith(`:${remote}`)) {
        return parseInt(fields[4].split(':')[1], 16);
      }
    }
  }
  return null;
}

/** The value at quantile `q` (0...1) of `values`, nearest rank. */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
