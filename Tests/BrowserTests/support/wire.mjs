// Clients of the wire protocol (Documentation/Web.md) with no browser, for
// the load test: a page's socket that says `ready`, applies each `reload`
// and `batch` to the browser client's own model (so a batch it would refuse
// is refused here too), acknowledges it at once, and records when each
// arrived; and a raw socket that says `ready` and then never reads again.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect as connectTCP } from 'node:net';

import {
  applyBatch, applyLayout, applyReload, createModel, lists as listsOf,
} from '../../../Sources/DiffableWeb/Resources/client/model.js';
import { DEFAULT_TIMEOUT, requireWebSocket, withDeadline } from './cdp.mjs';

/** A random page id, as the page keeps in `sessionStorage`. */
export const pageId = () => randomBytes(8).toString('hex');

/** One page's socket, speaking as the browser client does. */
export class WireClient {
  /** Problems: refused messages, server errors, unexpected closes. */
  errors = [];
  /** `{type, seq, at}` of each reload and batch applied, `at` from `performance.now()`. */
  received = [];
  model = createModel();
  #socket;
  #waiters = [];
  #closed;

  /**
   * @param {string} url The page socket's address, with `?page=ID`.
   * @param {{viewport?: {width: number, height: number}, onApply?: (client: WireClient) => void}} [options]
   */
  constructor(url, { viewport = { width: 390, height: 844 }, onApply } = {}) {
    requireWebSocket();
    this.url = url;
    this.viewport = viewport;
    this.onApply = onApply;
    this.#socket = new WebSocket(url);
    this.#closed = new Promise((resolve) => {
      this.#socket.onclose = (event) => {
        this.closeCode = event.code;
        resolve(event.code);
        this.#notify();
      };
    });
    this.#socket.onmessage = (event) => this.#receive(event.data);
    this.#socket.onerror = () => { this.errors.push('the socket failed'); };
  }

  /** Resolves once the socket is open and `ready` is sent. */
  async open() {
    await withDeadline(new Promise((resolve, reject) => {
      this.#socket.onopen = resolve;
      this.#closed.then(() => reject(new Error(`${this.url} closed before opening`)));
    }), DEFAULT_TIMEOUT, () => `${this.url} did not open`);
    this.send({ type: 'ready', viewport: this.viewport, lists: {} });
  }

  /** Sends a message with `v: 1`. */
  send(message) {
    if (this.#socket.readyState === 1) this.#socket.send(JSON.stringify({ v: 1, ...message }));
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

  close() { this.#socket.close(); return this.#closed; }

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
 * A client that connects, says `ready`, asks for a reload of `list` `times`
 * times (each answered with a full reload), and never reads a byte: the
 * server's sends to it back up. Written on a raw TCP socket, since a
 * `WebSocket` always reads.
 *
 * @returns {Promise<{socket: import('node:net').Socket, sent: number, close: () => void}>}
 */
export async function stalledClient(url, { list, times = 200 }) {
  const address = new URL(url);
  const socket = connectTCP({ host: address.hostname, port: Number(address.port) });
  socket.on('error', () => {});
  await withDeadline(new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  }), DEFAULT_TIMEOUT, () => `could not connect to ${url}`);
  const key = randomBytes(16).toString('base64');
  socket.write(`GET ${address.pathname}${address.search} HTTP/1.1\r\nHost: ${address.host}\r\n`
    + 'Upgrade: websocket\r\nConnection: Upgrade\r\n'
    + `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  await withDeadline(new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      // From here on, nothing is read: the socket's buffers fill up.
      socket.pause();
      if (/^HTTP\/1\.1 101/.test(text)) resolve();
      else reject(new Error(`the upgrade was answered ${text.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
  }), DEFAULT_TIMEOUT, () => `${url} did not answer the upgrade`);
  let sent = 0;
  const frame = (message) => {
    const payload = Buffer.from(JSON.stringify({ v: 1, ...message }));
    const mask = randomBytes(4);
    let header;
    if (payload.length < 126) {
      header = Buffer.from([0x81, 0x80 | payload.length]);
    } else {
      header = Buffer.from([0x81, 0x80 | 126, 0, 0]);
      header.writeUInt16BE(payload.length, 2);
    }
    for (let i = 0; i < payload.length; i += 1) payload[i] ^= mask[i % 4];
    socket.write(Buffer.concat([header, mask, payload]));
    sent += 1;
  };
  frame({ type: 'ready', viewport: { width: 390, height: 844 }, lists: {} });
  for (let i = 0; i < times; i += 1) frame({ type: 'resync', list, reason: 'load test' });
  return {
    socket,
    get sent() { return sent; },
    /** Bytes the server sent that wait unread in this socket's kernel buffer. */
    queued: () => receiveQueue(socket),
    close: () => socket.destroy(),
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
