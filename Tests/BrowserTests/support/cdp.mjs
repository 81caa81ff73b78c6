// A client of the Chrome DevTools protocol over Node's built-in `WebSocket`
// (Node 20: behind `--experimental-websocket`): commands are sent with an id
// and resolve with the reply of that id; events go to listeners and to those
// waiting for them. Nothing here sleeps: every wait is on a reply or an
// event, with a deadline that fails the wait with a message saying what
// never came.

/** Milliseconds a command or an awaited event may take by default. */
export const DEFAULT_TIMEOUT = 15_000;

/** Fails with a clear message when this Node has no `WebSocket` global. */
export function requireWebSocket() {
  if (globalThis.WebSocket === undefined) {
    throw new Error(
      'these tests need a WebSocket global: run them with `node --experimental-websocket '
        + '--test Tests/BrowserTests/` (Scripts/browser-tests.sh does)');
  }
}

/**
 * Resolves or rejects like `promise`, or rejects with `message` after `ms`.
 *
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {() => string} message Called only when the deadline passes.
 * @returns {Promise<T>}
 */
export function withDeadline(promise, ms, message) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message()} (waited ${ms} ms)`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Calls `check()` (which may be async) until it returns a truthy value, and
 * resolves with that value: at once, then every `interval` ms; rejects with
 * `what` and the last value seen once `timeout` ms have passed. For state
 * that announces no change (a server's account of a page), polled with a
 * deadline.
 *
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{timeout?: number, interval?: number, what?: string}} [options]
 * @returns {Promise<T>}
 */
export async function pollUntil(check, { timeout = DEFAULT_TIMEOUT, interval = 20, what = 'a condition' } = {}) {
  const deadline = performance.now() + timeout;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (performance.now() > deadline) {
      throw new Error(`waited ${timeout} ms for ${what}; last value ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => { setTimeout(resolve, interval); });
  }
}

/** One DevTools connection: to the browser, or to one page target. */
export class CDPConnection {
  #socket;
  #nextId = 1;
  /** Replies awaited, by command id. */
  #pending = new Map();
  /** Listeners by event method ('*' for every event). */
  #listeners = new Map();
  #closed = false;
  #closeReason = null;

  constructor(socket) {
    this.#socket = socket;
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onclose = () => this.#fail('the DevTools socket closed');
    socket.onerror = () => this.#fail('the DevTools socket failed');
  }

  /**
   * Opens a DevTools WebSocket (`webSocketDebuggerUrl` of a target, or the
   * browser's address printed on standard error).
   *
   * @param {string} url
   * @returns {Promise<CDPConnection>}
   */
  static async open(url) {
    requireWebSocket();
    const socket = new WebSocket(url);
    await withDeadline(new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error(`could not open the DevTools socket ${url}`));
    }), DEFAULT_TIMEOUT, () => `the DevTools socket ${url} did not open`);
    return new CDPConnection(socket);
  }

  /** Whether the socket has closed. */
  get closed() { return this.#closed; }

  /**
   * Sends a command and resolves with its result; rejects with the
   * protocol's error message, or when no reply comes within `timeout`.
   *
   * @param {string} method e.g. `Runtime.evaluate`.
   * @param {object} [params]
   * @param {{timeout?: number}} [options]
   * @returns {Promise<any>}
   */
  send(method, params = {}, { timeout = DEFAULT_TIMEOUT } = {}) {
    if (this.#closed) {
      return Promise.reject(new Error(`${method}: ${this.#closeReason}`));
    }
    const id = this.#nextId;
    this.#nextId += 1;
    const reply = new Promise((resolve, reject) => {
      this.#pending.set(id, { method, resolve, reject });
    });
    this.#socket.send(JSON.stringify({ id, method, params }));
    return withDeadline(reply, timeout, () => `no reply to ${method}`)
      .finally(() => this.#pending.delete(id));
  }

  /**
   * Calls `listener(params, method)` for each event `method` ('*' for all).
   *
   * @returns {() => void} Removes the listener.
   */
  on(method, listener) {
    if (!this.#listeners.has(method)) this.#listeners.set(method, new Set());
    this.#listeners.get(method).add(listener);
    return () => this.#listeners.get(method)?.delete(listener);
  }

  /**
   * The parameters of the next event `method` for which `predicate` holds.
   * Register the wait before doing what causes the event.
   *
   * @param {string} method
   * @param {(params: any) => boolean} [predicate]
   * @param {{timeout?: number}} [options]
   * @returns {Promise<any>}
   */
  waitForEvent(method, predicate = () => true, { timeout = DEFAULT_TIMEOUT } = {}) {
    let remove;
    const event = new Promise((resolve) => {
      remove = this.on(method, (params) => {
        if (predicate(params)) resolve(params);
      });
    });
    return withDeadline(event, timeout, () => `no ${method} event`).finally(() => remove());
  }

  /** Closes the socket; pending commands fail. */
  close() {
    this.#fail('the DevTools connection was closed');
    try {
      this.#socket.close();
    } catch {
      // Already closed.
    }
  }

  #receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.id !== undefined) {
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      if (message.error !== undefined) {
        const detail = message.error.data ? ` (${message.error.data})` : '';
        pending.reject(new Error(`${pending.method}: ${message.error.message}${detail}`));
      } else {
        pending.resolve(message.result);
      }
      return;
    }
    for (const key of [message.method, '*']) {
      for (const listener of this.#listeners.get(key) ?? []) {
        listener(message.params, message.method);
      }
    }
  }

  #fail(reason) {
    if (this.#closed) return;
    this.#closed = true;
    this.#closeReason = reason;
    for (const { method, reject } of this.#pending.values()) {
      reject(new Error(`${method}: ${reason}`));
    }
    this.#pending.clear();
  }
}
