// HTTP/1.1 on a raw TCP socket (node:net), for requests no HTTP client
// sends (a garbage line, 17 KiB of headers, `Content-Length` with
// `Transfer-Encoding`, an unknown method, headers a byte at a time) and for
// what a client hides: whether a `HEAD` answer has a body, and whether the
// server closes the connection after its answer.

import { connect as connectTCP } from 'node:net';

import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';
import { Waiters } from './waiters.mjs';

/**
 * One answer read from the bytes a server sent: its status, head (the
 * status line and headers, as text), headers (lower-case names; repeated
 * ones joined with ", ") and the length of its head including the blank
 * line; or null when the head is not complete.
 *
 * @param {Buffer} bytes
 * @returns {{status: number, head: string, headers: Object<string, string>, headLength: number} | null}
 */
export function parseHead(bytes) {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = bytes.subarray(0, end).toString('latin1');
  const [statusLine, ...lines] = head.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: match === null ? 0 : Number(match[1]), head, headers, headLength: end + 4 };
}

/** One TCP connection to an HTTP server, collecting every byte it sends. */
export class RawConnection {
  /** Every byte received, in order. */
  received = Buffer.alloc(0);
  /** Whether the connection has ended (closed by either side, or reset). */
  ended = false;
  /** `performance.now()` when it connected, and when it ended. */
  connectedAt = null;
  endedAt = null;
  socket;
  #waiters = new Waiters(this);

  constructor(socket) {
    this.socket = socket;
    socket.on('connect', () => { this.connectedAt = performance.now(); });
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.#notify();
    });
    socket.on('error', () => {});
    const end = () => {
      if (this.ended) return;
      this.ended = true;
      this.endedAt = performance.now();
      this.#notify();
    };
    socket.on('end', end);
    socket.on('close', end);
  }

  /** Connects to the server at `origin` (`http://HOST:PORT`); resolves once connected. */
  static async open(origin, { timeout = DEFAULT_TIMEOUT } = {}) {
    const connection = RawConnection.start(origin);
    await withDeadline(new Promise((resolve, reject) => {
      connection.socket.once('connect', resolve);
      connection.socket.once('error', reject);
    }), timeout, () => `could not connect to ${origin}`).catch((error) => {
      connection.destroy();
      throw error;
    });
    return connection;
  }

  /** Starts connecting to `origin` and returns at once (`connectedAt` is set once connected). */
  static start(origin) {
    const { hostname, port } = new URL(origin);
    return new RawConnection(connectTCP({ host: hostname, port: Number(port) }));
  }

  /** Writes bytes (a string as latin1), when the connection has not ended. */
  write(bytes) {
    if (!this.ended && !this.socket.destroyed) {
      this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    }
  }

  /** The first answer's head, once complete (null before). */
  get response() { return parseHead(this.received); }

  /** Resolves when `predicate(this)` holds, checked now, after each chunk and at the end. */
  until(predicate, options) {
    return this.#waiters.until(predicate, options);
  }


  /**
   * Waits for the first answer's head and then for the server to end the
   * connection; resolves with the head and whether the connection ended
   * within `timeout` ms (it does not reject when the server keeps it open).
   *
   * @returns {Promise<{status: number, head: string, headers: Object<string, string>,
   *   closed: boolean, text: string}>}
   */
  async answerThenClose({ timeout = 5_000 } = {}) {
    try {
      await this.until((c) => c.response !== null || c.ended, { timeout, what: 'answer' });
      await this.until((c) => c.ended, { timeout, what: 'end of the connection' });
    } catch {
      // Reported in `closed` (and a missing answer in `status`).
    }
    const head = this.response;
    return {
      status: head?.status ?? null, head: head?.head ?? '', headers: head?.headers ?? {},
      closed: this.ended, text: this.received.toString('latin1'),
    };
  }

  /** Ends the connection at once. */
  destroy() { this.socket.destroy(); }

  #notify() {
    this.#waiters.notify();
  }

}
