// The page's connection to the server (Documentation/Web.md, "From the
// client"): it says `ready` on every connection, applies each `reload` and
// `batch` to the page's model, tells a listener what changed, acknowledges
// once the listener has finished, asks for a reload when a batch is refused
// or a sequence number is skipped, keeps a heartbeat, and connects again
// after a growing, partly random delay when the socket goes away, unless
// the server closed it with a code that says another try would fail too.
//
// It knows neither the DOM nor the browser's `WebSocket` class: it is given
// a factory of sockets and a clock, so its tests drive it with fakes and
// never sleep.
//
// The socket. `socketFactory(url)` returns an object with the browser
// `WebSocket`'s interface, of which the connection uses `send(text)`,
// `close()`, `readyState` (1 when open) and the four handler properties
// `onopen`, `onmessage` (an event whose `data` is the frame's text),
// `onclose` (an event with the close `code` and `reason`) and `onerror`,
// which it assigns. `(url) => new WebSocket(url)` fits as it is.
//
// How a close ends. The server gives every close a reason, and its code
// says what the page should do:
// - 1008 (`CLOSE_REFUSED`: the server refused the page's origin, identity
//   or cookie, or the page sent too many bad messages) and 4000
//   (`CLOSE_SUPERSEDED`: another socket of the same page replaced this
//   one): connecting again would be refused again, or would take the page
//   from its other copy. The connection stops for good and tells the page
//   through `onNotice`.
// - 4001 (`CLOSE_VERSION`: the server speaks another wire version, after a
//   deploy) and 4002 (`CLOSE_UNKNOWN_PAGE`: the server does not know the
//   page id, which expired or was lost in a restart): only a new page from
//   the server can connect. The connection stops for good and asks the
//   page to reload itself through `onReloadPage`.
// - Any other code (1000, 1001 as the server shuts down, 1006 when the
//   connection broke, 1009, 1011, ...): the connection connects again.
// Only the current socket's close counts; a reason comes from the network
// and is passed on as text, never as markup.
//
// Decisions the wire note leaves open:
// - A frame it cannot read (not JSON, not an object, a `v` other than 1, no
//   `type`) is reported and dropped. It cannot say which list it was about,
//   so it asks no list for a reload, except the lists already waiting for
//   one (the lost frame may have been that reload): those ask again. Any
//   other list that missed a batch sees a sequence gap at its next batch and
//   asks then.
// - A `reload` or `batch` whose list can be read but whose content is
//   refused makes that list ask for a reload; batches for it are then
//   ignored until a reload comes.
// - A listener that fails (throws, or its promise rejects) is reported, and
//   the message is acknowledged anyway: the model holds it, and asking for a
//   reload would loop if the renderer keeps failing.
// - After a reconnect, every list keeps what it shows until its reload
//   comes; batches for it before then are ignored. A list the server no
//   longer has stays as it was: the wire has no message listing the lists.
// - An ack is sent only if the list still has that sequence number on the
//   same connection: a later reload or batch supersedes it, and an ack from
//   before a reconnect means nothing to the new connection.
// - A `layout` is applied like a batch but never acknowledged. One for a
//   list waiting for a reload, or whose `seq` is not the list's, is dropped
//   without a word (the reload brings a layout); one that cannot be applied
//   makes its list ask for a reload, as a refused batch does.
// - A `visible` is applied as a `layout` is, and never acknowledged either.
// - `ready` carries `lists` when the page gives `listViewports` (page.js
//   always does); without it, `ready` keeps its first form.
// - A `refused` (the server did not make a `move`) goes to `onRefused`, for
//   the page to put the row back.
// - `viewport`, `input`, `tap`, `action`, `measure`, `band` and `move` go out only
//   on an open socket once `ready` went out on it; otherwise they are
//   dropped, and the caller is told: the next `ready` carries the viewports
//   again, and `onReady` is the place to send the inputs again.

import {
  applyBatch, applyLayout, applyReload, applyVisible, createModel, lists as listsOf,
} from './model.js';
import { WIRE_VERSION, isObject } from './messages.js';
import { pageTextsProblem } from './page-texts.js';

/** `WebSocket.OPEN`: the state in which a socket can send. */
const OPEN = 1;

/** The close code of a refused connection: origin, identity, cookie, or too many bad messages. */
export const CLOSE_REFUSED = 1008;
/** The close code of a socket another socket of the same page replaced. */
export const CLOSE_SUPERSEDED = 4000;
/** The close code of a client whose wire version is not the server's. */
export const CLOSE_VERSION = 4001;
/** The close code of a page id the server does not know (expired, or lost in a restart). */
export const CLOSE_UNKNOWN_PAGE = 4002;

/**
 * The sentence that tells the reader of the page why its connection
 * stopped after a close with `code`, or `undefined` for a code after which
 * the connection connects again. The reason, when there is one, is part of
 * the sentence as it is: show the sentence as text.
 *
 * ```js
 * closeNotice(1008, 'origin not allowed');
 * // "The server refused this page's connection: origin not allowed. Reload the
 * // page to start again."
 * closeNotice(1006, ''); // undefined
 * ```
 *
 * @param {number} code The close code.
 * @param {string} reason The close reason the server gave; may be empty.
 * @returns {string | undefined}
 */
export function closeNotice(code, reason) {
  const because = reason === '' ? '' : `: ${reason}`;
  switch (code) {
    case CLOSE_REFUSED:
      return `The server refused this page's connection${because}. Reload the page to start again.`;
    case CLOSE_SUPERSEDED:
      return 'This page was opened again elsewhere; this copy stopped.';
    case CLOSE_VERSION:
    case CLOSE_UNKNOWN_PAGE:
      return `The page could not reconnect${because}. Reload it to try again.`;
    default:
      return undefined;
  }
}

/**
 * What the connection tells its `onNotice` listener when the server closed
 * the socket for good.
 *
 * @typedef {object} ConnectionNotice
 * @property {number} code The close code: 1008 or 4000, or 4001 or 4002
 *   when there is no `onReloadPage` listener.
 * @property {string} reason The close reason, as the server sent it (text).
 * @property {string} message A short sentence for the page's reader, from
 *   {@link closeNotice}.
 */

/** How long, in milliseconds, a list waits to ask again after its reload was refused. */
export const REFUSED_RELOAD_DELAY = 500;
/** The longest wait after reloads refused in a row (the wait doubles each time). */
export const MAXIMUM_REFUSED_RELOAD_DELAY = 30_000;

/**
 * What the connection tells its `onError` listener. It never throws at its
 * owner: every problem from the server or the socket arrives here.
 *
 * @typedef {object} ConnectionReport
 * @property {'server' | 'unreadable' | 'unknown-type' | 'refused' | 'listener'
 *   | 'heartbeat' | 'socket'} kind What happened: an `error` message from the
 *   server; a frame that could not be read; a message of a type the client
 *   does not know; a reload or batch refused (and a reload asked for); the
 *   change listener (or another) failing; no answer to a ping in time; the
 *   socket failing or closing (with its code and reason), or the factory
 *   throwing.
 * @property {string} message A sentence saying what was wrong.
 * @property {string} [list] The list concerned, when there is one.
 * @property {Error} [error] The error behind the report, when there is one.
 */

/**
 * What the connection tells its `onChange` listener after applying a
 * `reload`, a `batch`, a `layout` or a `visible`.
 *
 * @typedef {object} ConnectionChange
 * @property {string} list The list the message changed.
 * @property {import('./model.js').PageModel} before The page's model before.
 * @property {import('./model.js').PageModel} after The page's model after.
 * @property {object} message The message, as `JSON.parse` produced it;
 *   checked, so that a `reload`'s or `batch`'s `announce`, when there is
 *   one, is a string: the words for the page's live region.
 * @property {number} receivedAt When its frame arrived, by the `now` clock.
 */

/** Milliseconds on a monotonic clock when there is one. */
const globalNow = () => (globalThis.performance?.now() ?? Date.now());

/**
 * The timers the connection uses, called as methods of the clock; the
 * global timers by default.
 *
 * @typedef {object} Clock
 * @property {(callback: () => void, ms: number) => unknown} setTimeout
 * @property {(handle: unknown) => void} clearTimeout
 * @property {(callback: () => void, ms: number) => unknown} setInterval
 * @property {(handle: unknown) => void} clearInterval
 */

/** The global timers, as a {@link Clock}. */
const globalClock = Object.freeze({
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
});

/**
 * The longest delay before the `attempt`th reconnection in a row (0 for the
 * first): `initial` doubling up to `maximum`. The connection waits a random
 * part of it, from half to all of it, so that the pages a server restart
 * closed do not all come back in the same instant.
 *
 * ```js
 * reconnectDelay(2, { initial: 250, maximum: 5_000 }); // 1000: the wait is 500 to 1000
 * ```
 *
 * @param {number} attempt How many reconnections failed since the last open.
 * @param {{initial: number, maximum: number}} backoff The delays in ms.
 * @returns {number} The delay in milliseconds.
 */
export function reconnectDelay(attempt, { initial, maximum }) {
  return Math.min(maximum, initial * 2 ** Math.min(attempt, 30));
}

/**
 * Opens the page's connection to the server and keeps it open until
 * `close()`, or until the server closes it with a code that stops it (see
 * the top of this file).
 *
 * ```js
 * const connection = connect({
 *   url: `ws://${location.host}/socket`,
 *   socketFactory: (url) => new WebSocket(url),
 *   viewport: () => ({ width: innerWidth, height: innerHeight }),
 *   onChange: ({ before, after, message }) => renderer.show(before, after, message),
 * });
 * connection.lists(); // [{list: 'main', seq: 3, sections: [...]}]
 * ```
 *
 * @param {object} options
 * @param {string} options.url The server's WebSocket address.
 * @param {(url: string) => object} options.socketFactory Returns a socket with
 *   the browser `WebSocket`'s interface (see the top of this file).
 * @param {() => {width: number, height: number}} options.viewport The
 *   viewport to send in `ready`, read on each connection.
 * @param {() => Object<string, {width: number, height: number, x: number, y: number}>}
 *   [options.listViewports] The size and scroll offset of each list element,
 *   sent as `ready`'s `lists`, read on each connection. Without it, `ready`
 *   has no `lists` (the first version of the message).
 * @param {() => void} [options.onReady] Called right after each `ready` is
 *   sent: the place to send the page's inputs again.
 * @param {() => number} [options.now] The clock stamping `receivedAt`
 *   (`performance.now()` by default).
 * @param {(change: ConnectionChange) => (PromiseLike<unknown> | void)} [options.onChange]
 *   Called after each applied `reload`, `batch` or `layout`. A reload or
 *   batch is acknowledged when the promise it returns settles (the
 *   renderer's animation finished), or at once when it returns anything
 *   else; without it, every reload and batch is acknowledged at once. A
 *   `layout` is never acknowledged.
 * @param {(report: ConnectionReport) => void} [options.onError] Told of every
 *   problem; the connection carries on, except after the closes that stop it
 *   (see the top of this file).
 * @param {(state: 'connecting' | 'open' | 'waiting' | 'closed') => void} [options.onState]
 *   Told when the connection starts connecting, opens, waits to connect
 *   again, or is closed for good.
 * @param {(notice: ConnectionNotice) => void} [options.onNotice] Told, once,
 *   when the server closed the socket with 1008 or 4000 (or 4001 or 4002
 *   without `onReloadPage`), after the connection stopped for good.
 * @param {(refusal: {list: string, item: string, reason: string}) => void} [options.onRefused]
 *   Told of each `refused`: the server did not make the `move` of `item`.
 * @param {(close: {code: number, reason: string}) => void} [options.onReloadPage]
 *   Called, once, when the server closed the socket with 4001 or 4002,
 *   after the connection stopped for good: the page should load itself
 *   again from the server.
 * @param {(scroll: {list: string, x: number, y: number, animated: boolean}) => void}
 *   [options.onScroll] Told of a `scroll` message: the server asks that the
 *   list element be scrolled to the offset `x`, `y`, smoothly when
 *   `animated`.
 * @param {(page: {texts: object, values: object, maxima: object, lines: object}) => void}
 *   [options.onPage] Told of a well-formed `page` message: what the page
 *   shows besides its lists (`page-texts.js` writes it).
 * @param {Clock} [options.clock] The timers to use (the global ones by default).
 * @param {number} [options.heartbeatInterval] Milliseconds between pings
 *   (10 000 by default).
 * @param {number} [options.heartbeatTimeout] Milliseconds after a ping within
 *   which some message must arrive, or the socket is closed and opened
 *   again (5 000 by default).
 * @param {number} [options.connectTimeout] Milliseconds within which a new
 *   socket must open, or it is closed and another tried (10 000 by default).
 * @param {{initial: number, maximum: number}} [options.backoff] The longest
 *   delay before reconnecting, doubling from `initial` to `maximum` ms (250
 *   and 5 000 by default), back to `initial` after a connection opens.
 * @param {() => number} [options.random] Returns a number in [0, 1) for each
 *   delay before reconnecting (`Math.random` by default): the connection
 *   waits `reconnectDelay(attempt, backoff) * (1 + random()) / 2` ms.
 * @returns {{lists: () => {list: string, seq: number,
 *   sections: {id: string, items: string[]}[]}[],
 *   model: () => import('./model.js').PageModel, close: () => void,
 *   viewport: (list: string, rect: {width: number, height: number, x: number, y: number,
 *   ahead?: number}) => boolean,
 *   input: (name: string, value: string) => boolean,
 *   tap: (list: string, item: string) => boolean,
 *   action: (list: string, item: string, name: string) => boolean,
 *   measure: (list: string, sizes: Object<string, number[]>) => boolean,
 *   band: (list: string, section: string, offset: number) => boolean,
 *   move: (list: string, item: string, section: string, before: string | null) => boolean}}
 *   `lists()` is what the page holds, as `window.diffable.lists()` gives it;
 *   `model()` the page's model; `close()` closes the socket and stops for
 *   good; `viewport`, `input`, `tap`, `action`, `measure` and `band` send those
 *   messages when the socket is open and `ready` was sent on it, and say
 *   whether they did (`viewport` carries `ahead` when it is 1 or -1, the
 *   direction of a scroll; `measure` carries the sizes `[width, height]` of
 *   self-sizing cells, by item; `band` the scroll offset of an orthogonal
 *   section's band; `move` the item a dragged row lands before, `null`
 *   at its section's end).
 */
export function connect({
  url, socketFactory, viewport, listViewports, onReady, onChange, onError, onState,
  onNotice, onReloadPage, onScroll, onRefused, onPage,
  clock = globalClock, now = globalNow, random = Math.random,
  heartbeatInterval = 10_000, heartbeatTimeout = 5_000, connectTimeout = 10_000,
  backoff = { initial: 250, maximum: 5_000 },
}) {
  let model = createModel();
  let socket = null;
  /** Counts connections, so that late acks and handlers of old sockets are dropped. */
  let generation = 0;
  let attempts = 0;
  let closed = false;
  let nextPing = 1;
  let reconnectTimer = null;
  let pingTimer = null;
  /** Closes a socket that does not open, or does not answer a ping, in time. */
  let watchdog = null;
  /** The lists waiting for a reload: a message of theirs was refused, or the socket is new. */
  const awaitingReload = new Set();
  /**
   * For each list whose last reloads were refused, how many in a row, and
   * the timer of its next `resync`: asking again at once for a reload the
   * server builds the same way would loop as fast as the socket goes.
   */
  const refusedReloads = new Map();
  /** Whether `ready` was sent on the current socket. */
  let readySent = false;

  const report = (value) => {
    if (onError === undefined) return;
    try {
      onError(value);
    } catch {
      // A failing error listener must not break the connection.
    }
  };
  const state = (value) => {
    if (onState === undefined) return;
    try {
      onState(value);
    } catch (error) {
      report({ kind: 'listener', message: `the state listener failed: ${error}`, error });
    }
  };

  const send = (message) => {
    if (socket !== null && socket.readyState === OPEN) {
      socket.send(JSON.stringify({ v: WIRE_VERSION, ...message }));
    }
  };

  const stopTimers = () => {
    for (const refused of refusedReloads.values()) {
      if (refused.timer !== null) clock.clearTimeout(refused.timer);
      refused.timer = null;
    }
    if (pingTimer !== null) clock.clearInterval(pingTimer);
    if (watchdog !== null) clock.clearTimeout(watchdog);
    if (reconnectTimer !== null) clock.clearTimeout(reconnectTimer);
    pingTimer = null;
    watchdog = null;
    reconnectTimer = null;
  };

  /** Forgets the current socket, closing it; its handlers then do nothing. */
  const drop = () => {
    const old = socket;
    socket = null;
    readySent = false;
    generation += 1;
    stopTimers();
    if (old !== null) {
      try {
        old.close();
      } catch {
        // Closing a socket that already failed may throw; it is gone either way.
      }
    }
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = (reconnectDelay(attempts, backoff) * (1 + random())) / 2;
    attempts += 1;
    state('waiting');
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, delay);
  };

  /** The socket failed, closed, or stopped answering: connect again. */
  const lost = (kind, message) => {
    report({ kind, message });
    drop();
    scheduleReconnect();
  };

  const askForReload = (list, reason) => {
    awaitingReload.add(list);
    send({ type: 'resync', list, reason });
  };

  /**
   * Asks for a reload of `list` after its reload was refused: after
   * `REFUSED_RELOAD_DELAY` ms the first time, twice as long each time
   * after, up to `MAXIMUM_REFUSED_RELOAD_DELAY`, until a reload is taken.
   * A new socket asks with its `ready`, and forgets the timer.
   */
  const askForReloadLater = (list, reason) => {
    awaitingReload.add(list);
    const refused = refusedReloads.get(list) ?? { count: 0, timer: null };
    refused.count += 1;
    if (refused.timer !== null) clock.clearTimeout(refused.timer);
    const delay = Math.min(
      MAXIMUM_REFUSED_RELOAD_DELAY, REFUSED_RELOAD_DELAY * 2 ** (refused.count - 1));
    const on = generation;
    refused.timer = clock.setTimeout(() => {
      refused.timer = null;
      if (on === generation && !closed) send({ type: 'resync', list, reason });
    }, delay);
    refusedReloads.set(list, refused);
  };

  /** Acknowledges `seq` of `list` if nothing superseded it on this connection. */
  const ack = (list, seq, sentOn) => {
    if (sentOn !== generation || closed) return;
    if (model.lists.get(list)?.seq !== seq || awaitingReload.has(list)) return;
    send({ type: 'ack', list, seq });
  };

  const applied = (list, before, message, receivedAt) => {
    const { seq } = model.lists.get(list);
    const on = generation;
    const acknowledges = message.type === 'reload' || message.type === 'batch';
    const done = () => {
      if (acknowledges) ack(list, seq, on);
    };
    if (onChange === undefined) {
      done();
      return;
    }
    const failed = (error) => report({
      kind: 'listener', list, error,
      message: `the change listener failed on ${message.type} ${seq} of "${list}": ${error}`,
    });
    let result;
    try {
      result = onChange({ list, before, after: model, message, receivedAt });
    } catch (error) {
      failed(error);
      done();
      return;
    }
    if (result !== null && typeof result?.then === 'function') {
      result.then(done, (error) => {
        failed(error);
        done();
      });
    } else {
      done();
    }
  };

  /**
   * Applies a `reload`, `batch`, `layout` or `visible` whose `list` is a
   * string. A `layout` or `visible` for a list waiting for a reload, or
   * that the model ignores (another `seq`), changes nothing and is not
   * passed on.
   */
  const receiveListMessage = (message, receivedAt) => {
    const { list, type } = message;
    if (type !== 'reload' && awaitingReload.has(list)) return;
    const before = model;
    try {
      switch (type) {
        case 'reload': model = applyReload(model, message); break;
        case 'batch': model = applyBatch(model, message); break;
        case 'visible': model = applyVisible(model, message); break;
        default: model = applyLayout(model, message);
      }
    } catch (error) {
      const reason = error.message;
      report({ kind: 'refused', list, error, message: `${type} refused: ${reason}` });
      if (type === 'reload') askForReloadLater(list, reason);
      else askForReload(list, reason);
      return;
    }
    if (model === before) return;
    awaitingReload.delete(list);
    if (type === 'reload') refusedReloads.delete(list);
    applied(list, before, message, receivedAt);
  };

  const unreadable = (problem, error) => {
    report({ kind: 'unreadable', message: `a message from the server ${problem}`, error });
    for (const list of awaitingReload) {
      send({ type: 'resync', list, reason: `a message from the server ${problem}` });
    }
  };

  /** The text of the current socket's last `error` message. */
  let lastServerError = '';

  const receive = (data) => {
    const receivedAt = now();
    // Any message shows the socket is alive.
    if (watchdog !== null) {
      clock.clearTimeout(watchdog);
      watchdog = null;
    }
    if (typeof data !== 'string') {
      unreadable('was not a text frame');
      return;
    }
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      unreadable(`was not JSON (${error.message})`, error);
      return;
    }
    if (!isObject(message)) {
      unreadable('was not a JSON object');
      return;
    }
    if (message.v !== WIRE_VERSION) {
      unreadable(`had version ${JSON.stringify(message.v)}, not ${WIRE_VERSION}`);
      return;
    }
    const { type } = message;
    if (typeof type !== 'string') {
      unreadable('had no type');
      return;
    }
    switch (type) {
      case 'reload':
      case 'batch':
      case 'layout':
      case 'visible':
        if (typeof message.list !== 'string') {
          unreadable(`was a ${type} with no list`);
          return;
        }
        receiveListMessage(message, receivedAt);
        return;
      case 'pong':
        return;
      case 'scroll': {
        const offsets = [message.x, message.y];
        if (typeof message.list !== 'string' || typeof message.animated !== 'boolean'
          || !offsets.every((value) => Number.isFinite(value) && value >= 0)) {
          unreadable('was a scroll without a list, a finite offset x, y not negative, '
            + 'or animated true or false');
          return;
        }
        const { list, x, y, animated } = message;
        tell('scroll', onScroll, { list, x, y, animated });
        return;
      }
      case 'page': {
        const problem = pageTextsProblem(message);
        if (problem !== null) {
          unreadable(`was a page message whose ${problem}`);
          return;
        }
        tell('page', onPage, message);
        return;
      }
      case 'refused':
        if (typeof message.list !== 'string' || typeof message.item !== 'string'
          || typeof message.reason !== 'string') {
          unreadable('was a refused with no list, item or reason');
          return;
        }
        report({ kind: 'refused', message: message.reason, list: message.list });
        tell('refused', onRefused,
          { list: message.list, item: message.item, reason: message.reason });
        return;
      case 'error':
        // A server whose close frames carry no reason sends it first as
        // an error: the close's notice reads it.
        lastServerError = typeof message.message === 'string' ? message.message : '';
        report({
          kind: 'server',
          message: typeof message.message === 'string'
            ? message.message
            : `the server sent an error with no message: ${data.slice(0, 200)}`,
        });
        return;
      default:
        report({
          kind: 'unknown-type',
          message: `a message of unknown type ${JSON.stringify(type)} was ignored`,
        });
    }
  };

  const ping = () => {
    send({ type: 'ping', id: nextPing });
    nextPing += 1;
    if (watchdog === null) {
      watchdog = clock.setTimeout(() => {
        watchdog = null;
        lost('heartbeat', `no message from the server within ${heartbeatTimeout} ms of a ping`);
      }, heartbeatTimeout);
    }
  };

  function open() {
    if (closed) return;
    state('connecting');
    let created;
    try {
      created = socketFactory(url);
    } catch (error) {
      report({ kind: 'socket', message: `could not open a socket to ${url}: ${error}`, error });
      scheduleReconnect();
      return;
    }
    socket = created;
    lastServerError = '';
    generation += 1;
    const mine = generation;
    const current = () => mine === generation && !closed;
    watchdog = clock.setTimeout(() => {
      watchdog = null;
      lost('socket', `the socket did not open within ${connectTimeout} ms`);
    }, connectTimeout);
    created.onopen = () => {
      if (!current()) return;
      clock.clearTimeout(watchdog);
      watchdog = null;
      let size;
      let listSizes;
      try {
        size = viewport();
        if (listViewports !== undefined) listSizes = listViewports();
      } catch (error) {
        report({ kind: 'listener', message: `the viewport function failed: ${error}`, error });
        drop();
        scheduleReconnect();
        return;
      }
      attempts = 0;
      // The server answers `ready` with a reload of every list, which
      // replaces what the page holds: until it comes, a list keeps what it
      // shows and a batch for it is ignored, as it may follow a state the
      // server no longer knows.
      awaitingReload.clear();
      for (const list of model.lists.keys()) awaitingReload.add(list);
      send(listSizes === undefined
        ? { type: 'ready', viewport: size }
        : { type: 'ready', viewport: size, lists: listSizes });
      readySent = true;
      pingTimer = clock.setInterval(ping, heartbeatInterval);
      state('open');
      if (onReady !== undefined) {
        try {
          onReady();
        } catch (error) {
          report({ kind: 'listener', message: `the ready listener failed: ${error}`, error });
        }
      }
    };
    created.onmessage = (event) => {
      if (current()) receive(event.data);
    };
    created.onerror = () => {
      if (current()) lost('socket', 'the socket failed');
    };
    created.onclose = (event) => {
      if (!current()) return;
      const code = event?.code;
      const given = typeof event?.reason === 'string' ? event.reason : '';
      const reason = given === '' ? lastServerError : given;
      const said = code === undefined ? ''
        : ` (code ${code}${reason === '' ? '' : `, ${JSON.stringify(reason)}`})`;
      const message = `the socket closed${said}`;
      if (code === CLOSE_VERSION || code === CLOSE_UNKNOWN_PAGE) {
        stop(message);
        if (onReloadPage !== undefined) tell('reload', onReloadPage, { code, reason });
        else tell('notice', onNotice, { code, reason, message: closeNotice(code, reason) });
      } else if (code === CLOSE_REFUSED || code === CLOSE_SUPERSEDED) {
        stop(message);
        tell('notice', onNotice, { code, reason, message: closeNotice(code, reason) });
      } else {
        lost('socket', message);
      }
    };
  }

  /** The server closed the socket for good: stop, as `close()` does. */
  function stop(message) {
    drop();
    closed = true;
    report({ kind: 'socket', message });
    state('closed');
  }

  /** Calls the page's `onNotice` or `onReloadPage` listener, if it has one. */
  function tell(name, listener, value) {
    if (listener === undefined) return;
    try {
      listener(value);
    } catch (error) {
      report({ kind: 'listener', message: `the ${name} listener failed: ${error}`, error });
    }
  }

  open();

  /** Sends a message of the page once `ready` went out on an open socket. */
  const sendAfterReady = (message) => {
    if (closed || !readySent || socket === null || socket.readyState !== OPEN) return false;
    send(message);
    return true;
  };

  return {
    lists: () => listsOf(model),
    model: () => model,
    viewport: (list, { width, height, x, y, ahead }) => sendAfterReady(ahead === 1 || ahead === -1
      ? { type: 'viewport', list, width, height, x, y, ahead }
      : { type: 'viewport', list, width, height, x, y }),
    input: (name, value) => sendAfterReady({ type: 'input', name, value }),
    tap: (list, item) => sendAfterReady({ type: 'tap', list, item }),
    action: (list, item, name) => sendAfterReady({ type: 'action', list, item, name }),
    measure: (list, sizes) => sendAfterReady({ type: 'measure', list, sizes }),
    band: (list, section, offset) => sendAfterReady({ type: 'band', list, section, offset }),
    move: (list, item, section, before) =>
      sendAfterReady({ type: 'move', list, item, section, before }),
    close() {
      if (closed) return;
      drop();
      closed = true;
      state('closed');
    },
  };
}
