// A WebSocket client on a raw TCP socket (node:net), for what Node's own
// `WebSocket` cannot do: send a handshake with any headers and read a
// refusal's status, send frames a browser never sends (unmasked, a
// continuation with no start, text that is not UTF-8, one message larger
// than any limit), stop reading, and see the server's close code and reason
// even when the server ends the connection at once. Node's `WebSocket`
// (undici) has one more trap for these tests: it may send its upgrade on a
// keep-alive connection an earlier `fetch` left open, which `serve` answers
// with a 307 to the same address instead of 101.
//
// Frames it sends are masked unless told otherwise; frames it reads are
// unmasked (a server's). It offers no extension, so nothing is compressed.

import { randomBytes } from 'node:crypto';
import { connect as connectTCP } from 'node:net';
import { constants as zlibConstants, createInflateRaw } from 'node:zlib';

import { readFrame } from '../../WebClientTests/websocket-frames.mjs';
import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';
import { Waiters } from './waiters.mjs';

/** Opcodes (RFC 6455, 5.2). */
export const OPCODE = Object.freeze({
  continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa,
});

/**
 * One frame as a client writes it: `payload` (a Buffer or a string, as
 * UTF-8), masked with a random key unless `masked` is false, with FIN set
 * unless `fin` is false.
 *
 * @param {{opcode?: number, payload?: Buffer | string, fin?: boolean, masked?: boolean}} frame
 * @returns {Buffer}
 */
export function clientFrame({ opcode = OPCODE.text, payload = Buffer.alloc(0), fin = true, masked = true } = {}) {
  const body = Buffer.from(payload);
  let header;
  if (body.length < 126) {
    header = Buffer.from([0, body.length]);
  } else if (body.length < 0x1_0000) {
    header = Buffer.alloc(4);
    header[1] = 126;
    header.writeUInt16BE(body.length, 2);
  } else {
    header = Buffer.alloc(10);
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(body.length), 2);
  }
  header[0] = (fin ? 0x80 : 0) | opcode;
  if (!masked) return Buffer.concat([header, body]);
  header[1] |= 0x80;
  const mask = randomBytes(4);
  for (let i = 0; i < body.length; i += 1) body[i] ^= mask[i % 4];
  return Buffer.concat([header, mask, body]);
}

/** A close frame's payload: the code, then the reason as UTF-8. */
/** The text of an `error` message, or `null` for any other text. */
function errorText(text) {
  try {
    const message = JSON.parse(text);
    return message?.type === 'error' && typeof message.message === 'string' ? message.message : null;
  } catch {
    return null;
  }
}

export function closePayload(code, reason = '') {
  const text = Buffer.from(reason);
  const payload = Buffer.alloc(2 + text.length);
  payload.writeUInt16BE(code, 0);
  text.copy(payload, 2);
  return payload;
}

/**
 * One client connection. `status` is the handshake's status (101 when
 * upgraded); after a refusal the connection ends and `body` holds what
 * came after the head.
 */
export class RawWebSocket {
  /** The address it connected to. */
  url = null;
  /** The handshake's answer: status, head (as text) and, when not upgraded, the body so far. */
  status = null;
  head = '';
  body = '';
  /** Each text message received, as a string, in order, while `onmessage` is not set. */
  messages = [];
  /** The server's close frame, `{code, reason}` (`code` null when it had no payload), once it came. */
  closeFrame = null;
  /** Whether the TCP connection has ended (closed by either side, or reset). */
  ended = false;
  /** `performance.now()` when the connection ended. */
  endedAt = null;
  /** Called with each text message as it arrives, instead of keeping it in `messages`. */
  onmessage = null;
  /** The last text message, read or handed to `onmessage`. */
  #lastText = null;
  /** Called once the connection has ended. */
  onend = null;
  /** Why a compressed message could not be inflated (the connection is then ended). */
  inflateError = null;
  socket;
  #buffer = Buffer.alloc(0);
  #fragments = null;
  #upgraded = false;
  #closeSent = false;
  #waiters = new Waiters(this);
  #readUntilUpgrade = false;
  /** Whether the connection asked for permessage-deflate, and the inflater once the server agreed. */
  #offersDeflate = false;
  #inflater = null;
  /** Whether the message being received is compressed. */
  #compressed = false;
  /** The messages inflating, in order: each is delivered once those before it are. */
  #inflating = Promise.resolve();

  constructor(socket) {
    this.socket = socket;
    socket.on('data', (chunk) => this.#receive(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.ended = true;
      this.endedAt = performance.now();
      this.#notify();
      this.onend?.();
    });
  }

  /**
   * Connects to `url` (`ws://HOST:PORT/PATH?QUERY`) and sends the upgrade
   * request with `headers`; resolves once the server answered the
   * handshake (any status), or rejects at the deadline. With `pauseAfterUpgrade`,
   * nothing after the handshake's head is read: the server's sends back up.
   *
   * With `deflate`, it offers permessage-deflate as a browser does, and
   * inflates the messages the server compresses (RFC 7692; it sends its
   * own uncompressed, as the extension allows).
   *
   * @param {string} url
   * @param {{headers?: Object<string, string>, timeout?: number, pauseAfterUpgrade?: boolean,
   *   deflate?: boolean}} [options]
   * @returns {Promise<RawWebSocket>}
   */
  static async connect(url, {
    headers = {}, timeout = DEFAULT_TIMEOUT, pauseAfterUpgrade = false, deflate = false,
  } = {}) {
    const address = new URL(url);
    const socket = connectTCP({ host: address.hostname, port: Number(address.port) });
    const client = new RawWebSocket(socket);
    client.url = url;
    client.#readUntilUpgrade = pauseAfterUpgrade;
    client.#offersDeflate = deflate;
    await withDeadline(new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    }), timeout, () => `could not connect to ${url}`).catch((error) => {
      socket.destroy();
      throw error;
    });
    const lines = [
      `GET ${address.pathname}${address.search} HTTP/1.1`, `Host: ${address.host}`,
      'Upgrade: websocket', 'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13',
      ...(deflate ? ['Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits'] : []),
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    try {
      await client.until((c) => c.status !== null || c.ended,
        { timeout, what: `an answer to the upgrade of ${url}` });
    } catch (error) {
      socket.destroy();
      throw error;
    }
    if (client.status === null) throw new Error(`${url} ended the connection before answering the upgrade`);
    return client;
  }

  /** Whether the server agreed to permessage-deflate. */
  get deflating() { return this.#inflater !== null; }

  /** Whether the connection was upgraded and has not ended, nor a close frame come. */
  get open() { return this.#upgraded && !this.ended && this.closeFrame === null; }

  /** Sends `text` as one masked text frame (an object is sent as its JSON). */
  send(text) {
    this.write(clientFrame({ payload: typeof text === 'string' ? text : JSON.stringify(text) }));
  }

  /** Writes bytes as they are, when the connection has not ended. */
  write(bytes) {
    if (!this.ended && !this.socket.destroyed) this.socket.write(bytes);
  }

  /**
   * Resolves when `predicate(this)` holds (checked now and after each
   * frame and at the end of the connection), or rejects at the deadline.
   */
  until(predicate, options) {
    return this.#waiters.until(predicate, options);
  }


  /** Resolves with the server's close frame (and the end of the connection), with a deadline. */
  async closedByServer({ timeout = DEFAULT_TIMEOUT, what = 'close frame from the server' } = {}) {
    await this.until((c) => c.closeFrame !== null || c.ended, { timeout, what });
    if (this.closeFrame === null) {
      throw new Error(`the connection ended with no close frame (after ${this.messages.length} messages)`);
    }
    await this.until((c) => c.ended, { timeout, what: 'the end of the connection after its close frame' });
    return this.closeFrame;
  }

  /** Starts the closing handshake (1000) and resolves when the connection has ended. */
  async close({ code = 1000, reason = '', timeout = DEFAULT_TIMEOUT } = {}) {
    if (!this.ended && this.#upgraded && !this.#closeSent) {
      this.#closeSent = true;
      this.write(clientFrame({ opcode: OPCODE.close, payload: closePayload(code, reason) }));
    }
    try {
      await this.until((c) => c.ended, { timeout, what: 'the end of the connection after closing it' });
    } finally {
      this.destroy();
    }
  }

  /** Ends the TCP connection at once. */
  destroy() { this.socket.destroy(); }

  #receive(chunk) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    if (!this.#upgraded) {
      if (this.status === null) {
        const end = this.#buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        this.head = this.#buffer.subarray(0, end).toString('latin1');
        this.#buffer = this.#buffer.subarray(end + 4);
        const match = /^HTTP\/1\.1 (\d{3})/.exec(this.head);
        this.status = match === null ? 0 : Number(match[1]);
        if (this.status === 101) {
          this.#upgraded = true;
          this.#acceptExtensions();
          if (this.#readUntilUpgrade) this.socket.pause();
        }
      }
      if (!this.#upgraded) {
        this.body += this.#buffer.toString('latin1');
        this.#buffer = Buffer.alloc(0);
        this.#notify();
        return;
      }
    }
    this.#readFrames();
    this.#notify();
  }

  /** Makes the inflater when the server's answer agreed to permessage-deflate. */
  #acceptExtensions() {
    if (!this.#offersDeflate) return;
    const line = /^sec-websocket-extensions:(.*)$/im.exec(this.head)?.[1] ?? '';
    if (!/\bpermessage-deflate\b/.test(line)) return;
    const bits = Number(/server_max_window_bits=(\d+)/.exec(line)?.[1] ?? 15);
    this.#inflater = createInflateRaw({ windowBits: bits });
  }

  /** Inflates one compressed message, after those before it (the window carries over). */
  #inflate(payload) {
    const inflater = this.#inflater;
    return new Promise((resolve, reject) => {
      const chunks = [];
      const onData = (chunk) => chunks.push(chunk);
      inflater.on('data', onData);
      inflater.once('error', reject);
      // RFC 7692 §7.2.2: the sender dropped the flush's last four bytes.
      inflater.write(Buffer.concat([payload, Buffer.from([0x00, 0x00, 0xff, 0xff])]));
      inflater.flush(zlibConstants.Z_SYNC_FLUSH, () => {
        inflater.off('data', onData);
        inflater.off('error', reject);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
  }

  #readFrames() {
    for (;;) {
      const frame = readFrame(this.#buffer);
      if (frame === null) return;
      const { fin, rsv1, opcode, payload } = frame;
      this.#buffer = frame.rest;
      this.#frame(fin, opcode, payload, rsv1);
    }
  }

  #frame(fin, opcode, payload, rsv1 = false) {
    if (opcode === OPCODE.text || opcode === OPCODE.binary) {
      this.#fragments = [payload];
      this.#compressed = rsv1 && this.#inflater !== null;
    } else if (opcode === OPCODE.continuation && this.#fragments !== null) {
      this.#fragments.push(payload);
    } else if (opcode === OPCODE.ping) {
      this.write(clientFrame({ opcode: OPCODE.pong, payload }));
      return;
    } else if (opcode === OPCODE.close) {
      this.closeFrame = payload.length >= 2
        ? { code: payload.readUInt16BE(0), reason: payload.subarray(2).toString('utf8') }
        : { code: null, reason: '' };
      // A server whose close frames carry no reason (Vapor's WebSocketKit)
      // sends it first as an `error` message; the page's client reads it
      // as the close's reason, and so does this one: that message is the
      // reason, not one the socket received.
      const error = this.#lastText === null ? null : errorText(this.#lastText);
      if (this.closeFrame.reason === '' && error !== null) {
        this.closeFrame.reason = error;
        if (this.messages.at(-1) === this.#lastText) this.messages.pop();
      }
      if (!this.#closeSent) {
        this.#closeSent = true;
        this.write(clientFrame({ opcode: OPCODE.close, payload: payload.subarray(0, 2) }));
      }
      return;
    } else {
      return;
    }
    if (!fin) return;
    const bytes = Buffer.concat(this.#fragments);
    this.#fragments = null;
    if (this.#compressed || this.#inflater !== null) {
      // Once compression is on, every message goes through the chain, so
      // that messages are delivered in the order they came.
      const compressed = this.#compressed;
      this.#inflating = this.#inflating
        .then(() => (compressed ? this.#inflate(bytes) : bytes.toString('utf8')))
        .then((text) => {
          this.#deliver(text);
          this.#notify();
        })
        .catch((error) => {
          this.inflateError = error;
          this.destroy();
        });
      return;
    }
    this.#deliver(bytes.toString('utf8'));
  }

  #deliver(text) {
    this.#lastText = text;
    if (this.onmessage === null) this.messages.push(text);
    else this.onmessage(text);
  }

  #notify() {
    this.#waiters.notify();
  }

}
