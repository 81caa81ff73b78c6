// Boots a page served with `<body data-page="ID" data-socket="/PATH/socket">`
// (Documentation/Web.md, "The page"), where ID is the page id the server
// issued (32 lowercase hexadecimal digits): one connection to
// `ws(s)://HOST/PATH/socket?page=ID&v=VERSION`, a renderer for each
// `[data-diffable-list]`, `viewport` messages as lists scroll or change
// size (at most one per list per animation frame; while a list scrolls,
// only once it moved half a visible length, with the direction in
// `ahead`, and the exact viewport when scrolling ends), `input` messages from
// each `[data-diffable-input]` (and again after every `ready`, so that a
// reconnect restores them), `input` messages from each
// `[data-diffable-submit]` form as it is submitted (once: a message typed,
// not a state to restore), `tap` messages for clicks on cells (and Enter
// or Space on a focused cell), `measure`
// messages with the sizes of self-sizing cells, `input` messages held back
// by a control's `data-diffable-debounce` until the user pauses, `band`
// messages with the
// scroll offsets of orthogonal sections' bands (at most one per band per
// animation frame), `move` messages when a row of a reorderable list is
// dragged or moved with Alt+Up / Alt+Down (the gesture decided by
// `reorder-plan.js`; a `refused` puts the row back), the texts, control
// values and lines a `page` message sets (`page-texts.js`), a notice at the top
// of the page when the server closes the connection for good, a reload of the page (once in 30 s at
// most) when the server no longer knows it or speaks another wire version,
// and `window.diffable` for tests and curious people.

import { closeNotice, connect } from './connection.js';
import { WIRE_VERSION } from './messages.js';
import { createModel } from './model.js';
import { applyPageTexts, wireCopyButtons } from './page-texts.js';
import { createStats } from './render-plan.js';
import { createRenderer } from './renderer.js';
import { IDLE, dragStep, keyMove, refusalWords } from './reorder-plan.js';

/**
 * How long a change waits for an animation frame before it is drawn anyway
 * (a hidden tab gets no frames), in milliseconds.
 */
export const DRAW_FALLBACK = 100;

/**
 * Calls `draw` back once: at the next animation frame with `true`, or after
 * `fallback` milliseconds with `false` if no frame came first.
 *
 * @param {(callback: () => void) => void} requestFrame
 * @param {{setTimeout: Function, clearTimeout: Function}} clock
 * @param {number} [fallback]
 * @returns {(draw: (inFrame: boolean) => void) => void}
 */
export const frameScheduler = (requestFrame, clock, fallback = DRAW_FALLBACK) => (draw) => {
  let done = false;
  const timer = clock.setTimeout(() => {
    if (done) return;
    done = true;
    draw(false);
  }, fallback);
  requestFrame(() => {
    if (done) return;
    done = true;
    clock.clearTimeout(timer);
    draw(true);
  });
};

/** The pattern of a page id: 32 lowercase hexadecimal digits. */
const PAGE_ID = /^[0-9a-f]{32}$/;

/** Where `sessionStorage` keeps the time (`Date.now()`) the page last reloaded itself. */
export const RELOADED_AT_KEY = 'diffable-reloaded-at';

/** How long, in milliseconds, after reloading itself the page does not do it again. */
export const RELOAD_GUARD = 30_000;

/**
 * Whether the page may reload itself now, so that the server issues it a
 * new page id or the client of its new version; if so, keeps the time in
 * `storage`. It may not within `RELOAD_GUARD` ms of its last reload: a
 * server that refuses the new page as well would otherwise reload it for
 * ever. A storage that is missing, or that throws, cannot keep the time, so
 * the page may not reload either.
 *
 * ```js
 * mayReload(sessionStorage, Date.now()); // true, and the time is kept
 * mayReload(sessionStorage, Date.now()); // false
 * ```
 *
 * @param {{getItem: (key: string) => string | null,
 *   setItem: (key: string, value: string) => void} | null | undefined} storage
 *   `sessionStorage`.
 * @param {number} now The time, as `Date.now()` gives it.
 * @returns {boolean}
 */
export function mayReload(storage, now) {
  try {
    // A missing storage throws here, and counts as one that throws.
    const kept = storage.getItem(RELOADED_AT_KEY);
    // A time less than 30 s ahead of now (the clock was set back) is recent too.
    if (kept !== null && Math.abs(now - Number(kept)) < RELOAD_GUARD) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * The address of the page's socket: the path of `body[data-socket]` on the
 * page's host, `wss:` for an `https:` page and `ws:` otherwise, with
 * `page=ID` and the client's wire version `v` in its query.
 *
 * ```js
 * socketURL({ protocol: 'https:', host: 'example.org' }, '/sort/socket', id);
 * // "wss://example.org/sort/socket?page=<id>&v=1"
 * ```
 *
 * @param {{protocol: string, host: string}} location The page's location.
 * @param {string} path The socket's path, from `data-socket`.
 * @param {string} id The page id.
 * @returns {string}
 */
export function socketURL(location, path, id) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const separator = path.includes('?') ? '&' : '?';
  return `${scheme}//${location.host}${path}${separator}page=${encodeURIComponent(id)}`
    + `&v=${WIRE_VERSION}`;
}

/**
 * The value an `input` message carries for a control: a checkbox's state as
 * `"true"` or `"false"`, any other control's value.
 *
 * @param {{type?: string, checked?: boolean, value?: string}} control
 * @returns {string}
 */
export function controlValue(control) {
  if (control.type === 'checkbox' || control.type === 'radio') return String(control.checked);
  return String(control.value ?? '');
}

/**
 * What a `[data-diffable-submit]` form sends when submitted: the value of
 * its named field (its first `[name]` element), without the white space
 * around it; `null` when nothing is left, or the form has no such field.
 *
 * @param {Element} form
 * @returns {string | null}
 */
export function submittedValue(form) {
  const value = String(form.querySelector('[name]')?.value ?? '').trim();
  return value === '' ? null : value;
}

/**
 * How long a control waits after its last `input` event before it sends
 * its value: its `data-diffable-debounce` in milliseconds (a whole number
 * up to 10 000), or 0 (at once) when it has none or another value.
 *
 * @param {{getAttribute: (name: string) => string | null}} control
 * @returns {number}
 */
export function debounceDelay(control) {
  const text = control.getAttribute('data-diffable-debounce');
  if (text === null || !/^[0-9]{1,5}$/.test(text)) return 0;
  const delay = Number(text);
  return delay <= 10_000 ? delay : 0;
}

/**
 * The size and scroll offset of a list element, as `ready` and `viewport`
 * carry them. An offset beyond the content's ends while the list bounces
 * (a negative one, in some browsers) is reported at the end it passed.
 *
 * @param {Element} element A `[data-diffable-list]` element.
 * @returns {{width: number, height: number, x: number, y: number}}
 */
export const listViewport = (element) => ({
  width: element.clientWidth,
  height: element.clientHeight,
  x: Math.max(0, Math.min(element.scrollLeft, element.scrollWidth - element.clientWidth)),
  y: Math.max(0, Math.min(element.scrollTop, element.scrollHeight - element.clientHeight)),
});

/** The cookie that tells the server the size of the page's first list. */
export const VIEWPORT_COOKIE = 'diffable-viewport';

/**
 * The `document.cookie` assignment that keeps a list's size, `WIDTHxHEIGHT`
 * in whole pixels, for a year, for every path of the site: the server lays
 * the next page's first paint out for it (Documentation/Web.md,
 * "First paint").
 *
 * @param {{width: number, height: number}} viewport
 * @returns {string}
 */
export const viewportCookie = ({ width, height }) =>
  `${VIEWPORT_COOKIE}=${Math.round(width)}x${Math.round(height)}; path=/; max-age=31536000; `
  + 'samesite=lax';

/**
 * The scroll offset of a band (`[data-band]`) along its axis
 * (`data-band-axis`), as a `band` message carries it: within the band's
 * scroll range, so never negative.
 *
 * @param {Element} band A band element.
 * @returns {number}
 */
export const bandOffset = (band) => (band.getAttribute('data-band-axis') === 'y'
  ? Math.max(0, Math.min(band.scrollTop, band.scrollHeight - band.clientHeight))
  : Math.max(0, Math.min(band.scrollLeft, band.scrollWidth - band.clientWidth)));

/** Whether two list viewports are the same. */
const sameViewport = (a, b) => a !== undefined
  && a.width === b.width && a.height === b.height && a.x === b.x && a.y === b.y;

/**
 * How long, in milliseconds, a list goes without a scroll event before its
 * scrolling counts as over where the browser has no `scrollend` event.
 */
export const SCROLL_END_DELAY = 150;

/**
 * The axis a list scrolls along when the renderer cannot tell: vertical
 * when its content overflows its height, horizontal when it overflows
 * only its width, vertical otherwise.
 *
 * @param {Element} element A `[data-diffable-list]` element.
 * @returns {'x' | 'y'}
 */
export const overflowAxis = (element) => (element.scrollHeight <= element.clientHeight
  && element.scrollWidth > element.clientWidth ? 'x' : 'y');

/**
 * The `viewport` to send for a list, or `null` to send none. While the
 * list scrolls, a move of less than half a visible length along `axis`
 * from the viewport last sent sends nothing, as the server's window
 * reaches a visible length beyond it each way: a viewport goes out when
 * the size changed or the offset moved that far, with `ahead` 1 when the
 * offset grew and -1 when it shrank. Otherwise (scrolling over, a resize)
 * the exact viewport goes out whenever it differs, without `ahead`.
 *
 * ```js
 * const sent = { width: 375, height: 600, x: 0, y: 0 };
 * viewportToSend(sent, { ...sent, y: 100 }, 'y', true); // null
 * viewportToSend(sent, { ...sent, y: 300 }, 'y', true); // {..., y: 300, ahead: 1}
 * viewportToSend(sent, { ...sent, y: 100 }, 'y', false); // {..., y: 100}
 * ```
 *
 * @param {{width: number, height: number, x: number, y: number} | undefined} sent
 *   The viewport last sent, if any.
 * @param {{width: number, height: number, x: number, y: number}} now The
 *   list's viewport now.
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @param {boolean} scrolling Whether the list is scrolling.
 * @returns {{width: number, height: number, x: number, y: number, ahead?: number} | null}
 */
export function viewportToSend(sent, now, axis, scrolling) {
  if (sent === undefined) return now;
  if (sameViewport(sent, now)) return null;
  if (!scrolling) return now;
  const sized = sent.width !== now.width || sent.height !== now.height;
  const delta = axis === 'x' ? now.x - sent.x : now.y - sent.y;
  const length = axis === 'x' ? now.width : now.height;
  if (!sized && Math.abs(delta) < length / 2) return null;
  return delta === 0 ? now : { ...now, ahead: Math.sign(delta) };
}

/**
 * What a page that does not connect uses as its connection: it holds no
 * list and sends nothing.
 */
const unconnected = () => {
  const model = createModel();
  return {
    lists: () => [],
    model: () => model,
    viewport: () => false,
    input: () => false,
    tap: () => false,
    action: () => false,
    measure: () => false,
    band: () => false,
    move: () => false,
    close() {},
  };
};

/**
 * Boots the page: connects, renders its lists, reports their viewports,
 * sends its inputs and taps, shows the server's notices, and defines
 * `window.diffable`.
 *
 * A page whose `data-page` is missing, or is not 32 lowercase hexadecimal
 * digits, does not connect: it reports why (`kind: 'page'` in
 * `window.diffable.reports()`, and a console warning), and its connection
 * state is `'closed'`.
 *
 * Notices. When the server closes the connection for good, the page says
 * why in one `<p data-diffable-notice role="status">` at the start of the
 * body, as text, and keeps each notice for `window.diffable.notices()`.
 * When the server asks for a new page (close codes 4001 and 4002), the page
 * reloads itself, unless it did within `RELOAD_GUARD` ms (`mayReload`): it
 * shows a notice then.
 *
 * @param {object} [options]
 * @param {Window} [options.window] The page's window: everything the page
 *   uses (the document, storage, sockets, timers, animation frames, the
 *   location it reloads, the date) is taken from it.
 * @returns {object} `window.diffable`.
 */
export function boot({ window = globalThis } = {}) {
  const { document } = window;
  const requestFrame = (callback) => window.requestAnimationFrame(callback);
  const now = () => window.performance?.now() ?? Date.now();
  const given = document.body.getAttribute('data-page');
  const id = given !== null && PAGE_ID.test(given) ? given : null;
  const path = document.body.getAttribute('data-socket') ?? '/socket';
  const stats = createStats();
  const clock = {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle),
  };
  const scheduleDraw = frameScheduler(requestFrame, clock);
  const reports = [];
  let connectionState = 'connecting';
  /** Keeps a report of the connection's (or the page's own) and warns of it. */
  const warn = (report) => {
    reports.push({ kind: report.kind, message: report.message, list: report.list });
    if (reports.length > 200) reports.shift();
    window.console?.warn(`diffable: ${report.message}`);
  };
  const setState = (state) => {
    connectionState = state;
    document.documentElement.setAttribute('data-diffable-connection', state);
  };

  const notices = [];
  let noticeElement = null;
  const showNotice = ({ code, reason, message }) => {
    notices.push({ code, reason, message });
    if (noticeElement === null) {
      noticeElement = document.createElement('p');
      noticeElement.setAttribute('data-diffable-notice', '');
      noticeElement.setAttribute('role', 'status');
      document.body.insertBefore(noticeElement, document.body.firstChild);
    }
    // The reason in the message came from the network: text, never markup.
    noticeElement.textContent = message;
    setState('closed');
  };
  const reloadPage = ({ code, reason }) => {
    let storage;
    try {
      storage = window.sessionStorage;
    } catch {
      // A page whose storage is denied reads as one that reloaded just now.
    }
    if (mayReload(storage, (window.Date ?? Date).now())) window.location.reload();
    else showNotice({ code, reason, message: closeNotice(code, reason) });
  };

  let connection = null;
  const motion = () => !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  /** The moves the server refused, in order, for tests. */
  const refusals = [];
  /** The rows of `section` in a list's window, as the renderer placed them. */
  const rowsOf = (entry, section) => [...entry.element.querySelectorAll('[data-item]')]
    .filter((cell) => cell.getAttribute('data-section') === section)
    .map((cell) => ({
      item: cell.getAttribute('data-item'),
      top: Number.parseFloat(cell.style.top) || 0,
      height: Number.parseFloat(cell.style.height) || 0,
      cell,
    }));
  /** Whether the server marked the cell of `item` of list `name` fixed. */
  const isFixed = (name, item) =>
    connection.model().lists.get(name)?.cells.get(item)?.fixed === true;
  /** The items of `section` of list `name`, as the page holds them. */
  const itemsOf = (name, section) => connection.lists().find((list) => list.list === name)
    ?.sections.find((entry) => entry.id === section)?.items ?? [];
  /** Every row a drag moved goes back to its place, animated. */
  const putBack = (entry) => {
    for (const cell of entry.element.querySelectorAll('[data-dragged]')) {
      const from = cell.style.transform;
      cell.removeAttribute('data-dragged');
      cell.classList.remove('diffable-dragging');
      cell.style.transform = '';
      if (from !== '' && motion() && typeof cell.animate === 'function') {
        cell.animate([{ transform: from }, { transform: 'none' }],
          { duration: 200, easing: 'ease-out' });
      }
    }
  };
  /** One step of a list's drag gesture, and what it does to the page. */
  const dragEvent = (entry, name, event) => {
    const before = entry.drag;
    const { state, effect } = dragStep(before, event);
    entry.drag = state;
    switch (effect.kind) {
      case 'capture':
        entry.dragged = true;
        for (const row of state.rows) row.cell.setAttribute('data-dragged', '');
        state.rows[state.from].cell.classList.add('diffable-dragging');
        state.rows[state.from].cell.setPointerCapture?.(state.pointerId);
        break;
      case 'follow':
        for (const row of before.rows) {
          const dy = row.item === effect.item ? effect.dy : effect.offsets.get(row.item) ?? 0;
          row.cell.style.transform = dy === 0 ? '' : `translateY(${dy}px)`;
        }
        break;
      case 'send':
        before.rows[before.from].cell.classList.remove('diffable-dragging');
        if (!connection.move(name, effect.item, effect.section, effect.before)) putBack(entry);
        break;
      case 'putBack':
        putBack(entry);
        break;
      default:
    }
  };
  /** Each list by name: its element, renderer and the viewport last sent. */
  const lists = new Map();
  for (const element of document.querySelectorAll('[data-diffable-list]')) {
    const name = element.getAttribute('data-diffable-list');
    if (lists.has(name)) continue;
    const renderer = createRenderer(element, {
      onFirstFrame: stats.record,
      requestFrame,
      scheduleDraw,
      now,
      motion,
      opacityOf: (target) => Number(window.getComputedStyle(target).opacity),
      onMeasure: (sizes) => connection?.measure(name, sizes) ?? false,
      clock,
      onRefusal: (message) => warn({
        kind: 'cell', message: `list "${name}", ${message}`, list: name,
      }),
    });
    lists.set(name, {
      element, renderer, sent: undefined, scheduled: false,
      // Whether the list scrolls, and the timer that ends it without `scrollend`.
      scrolling: false, scrollTimer: null,
      // Bands: those to look at next frame, and the offset last sent of each section's.
      bands: new Set(), bandsScheduled: false, sentBands: new Map(),
      // Reordering: whether the last reload allowed it, the pointer's
      // gesture, and whether the click that ends a drag is to be ignored.
      reorderable: false, drag: IDLE, dragged: false,
    });
  }
  const controls = [...document.querySelectorAll('[data-diffable-input]')];

  const sendInputs = () => {
    for (const control of controls) {
      connection?.input(control.getAttribute('data-diffable-input'), controlValue(control));
    }
  };

  if (id === null) {
    warn({
      kind: 'page',
      message: given === null
        ? 'the page has no data-page id, so it does not connect'
        : `the page id ${JSON.stringify(given.slice(0, 64))} is not 32 lowercase `
          + 'hexadecimal digits, so the page does not connect',
    });
    setState('closed');
  }
  connection = id === null ? unconnected() : connect({
    url: socketURL(window.location, path, id),
    socketFactory: (url) => new window.WebSocket(url),
    now,
    clock,
    viewport: () => ({ width: window.innerWidth, height: window.innerHeight }),
    listViewports: () => {
      const sizes = {};
      for (const [name, entry] of lists) {
        entry.sent = listViewport(entry.element);
        sizes[name] = entry.sent;
      }
      return sizes;
    },
    onReady: () => {
      sendInputs();
      const first = lists.values().next().value;
      if (first?.sent !== undefined) document.cookie = viewportCookie(first.sent);
      // The server knows no band offsets on a new connection.
      for (const [name, entry] of lists) {
        entry.sentBands.clear();
        reportBands(entry, name, entry.element.querySelectorAll('[data-band]'));
      }
    },
    onChange: (change) => {
      const entry = lists.get(change.list);
      if (entry === undefined) return undefined;
      const { type } = change.message;
      if (type === 'reload') {
        entry.reorderable = change.message.reorderable === true;
        if (entry.reorderable) entry.element.setAttribute('data-reorderable', '');
        else entry.element.removeAttribute('data-reorderable');
      }
      // A change of the server's ends a drag: its rows are drawn anew.
      if (type !== 'visible') dragEvent(entry, change.list, { type: 'cancel' });
      const shown = entry.renderer.show(change);
      // A band drawn anew starts at offset 0.
      if (change.message.type !== 'visible') {
        reportBands(entry, change.list, entry.element.querySelectorAll('[data-band]'));
      }
      return shown;
    },
    onError: warn,
    onState: setState,
    onNotice: showNotice,
    onReloadPage: reloadPage,
    // The app scrolled a list (`scrollToItem`): at the frame that draws the
    // window the server sent before it, so that the new offset shows its
    // cells; the scroll events then report the new viewport, as the user's
    // own scrolling does.
    onPage: (message) => applyPageTexts(document, message, document.activeElement),
    onScroll: ({ list, x, y, animated }) => {
      const entry = lists.get(list);
      if (entry === undefined) return;
      scheduleDraw(() => entry.element.scrollTo({
        left: x, top: y, behavior: animated && motion() ? 'smooth' : 'instant',
      }));
    },
    onRefused: ({ list, item }) => {
      const entry = lists.get(list);
      if (entry === undefined) return;
      refusals.push({ list, item });
      putBack(entry);
      const text = connection.model().lists.get(list)?.cells.get(item)?.text;
      entry.renderer.announce(refusalWords(typeof text === 'string' ? text : item));
    },
  });

  // Viewports: at most one message per list per animation frame, and while
  // the list scrolls only once it moved half a visible length
  // (`viewportToSend`); the exact one when scrolling ends.
  const sendViewport = (entry, name) => {
    const now = listViewport(entry.element);
    const axis = entry.renderer.axis() ?? overflowAxis(entry.element);
    const message = viewportToSend(entry.sent, now, axis, entry.scrolling);
    if (message !== null && connection.viewport(name, message)) entry.sent = now;
  };
  const report = (entry, name) => {
    if (entry.scheduled) return;
    entry.scheduled = true;
    requestFrame(() => {
      entry.scheduled = false;
      sendViewport(entry, name);
    });
  };
  const scrollEnded = (entry, name) => {
    if (entry.scrollTimer !== null) clock.clearTimeout(entry.scrollTimer);
    entry.scrollTimer = null;
    if (!entry.scrolling) return;
    entry.scrolling = false;
    sendViewport(entry, name);
  };
  const scrolled = (entry, name) => {
    entry.scrolling = true;
    if (entry.scrollTimer !== null) clock.clearTimeout(entry.scrollTimer);
    entry.scrollTimer = clock.setTimeout(() => {
      entry.scrollTimer = null;
      scrollEnded(entry, name);
    }, SCROLL_END_DELAY);
    report(entry, name);
  };
  // Band offsets: at most one message per band per animation frame, for the
  // bands whose offset differs from the one last sent (0 until one is).
  function reportBands(entry, name, bands) {
    for (const band of bands) entry.bands.add(band);
    if (entry.bandsScheduled || entry.bands.size === 0) return;
    entry.bandsScheduled = true;
    requestFrame(() => {
      entry.bandsScheduled = false;
      const looked = [...entry.bands];
      entry.bands.clear();
      for (const band of looked) {
        const section = band.getAttribute('data-band');
        if (section === null || !entry.element.contains(band)) continue;
        const offset = bandOffset(band);
        if ((entry.sentBands.get(section) ?? 0) === offset) continue;
        if (connection.band(name, section, offset)) entry.sentBands.set(section, offset);
      }
    });
  }
  const resizes = typeof window.ResizeObserver === 'function'
    ? new window.ResizeObserver((entries) => {
      for (const { target } of entries) {
        const name = target.getAttribute('data-diffable-list');
        const entry = lists.get(name);
        if (entry === undefined) continue;
        entry.renderer.refresh();
        report(entry, name);
      }
    })
    : null;
  for (const [name, entry] of lists) {
    entry.element.addEventListener('scroll', (event) => {
      if (event.target === entry.element) scrolled(entry, name);
    }, { passive: true });
    entry.element.addEventListener('scrollend', (event) => {
      if (event.target === entry.element) scrollEnded(entry, name);
    }, { passive: true });
    // A band's scroll does not bubble: the list hears it while capturing.
    entry.element.addEventListener('scroll', (event) => {
      const band = event.target;
      if (band !== entry.element && band?.hasAttribute?.('data-band')) {
        reportBands(entry, name, [band]);
      }
    }, { passive: true, capture: true });
    resizes?.observe(entry.element);
    // Drags to reorder, with the pointer: see reorder-plan.js.
    entry.element.addEventListener('pointerdown', (event) => {
      if (!entry.reorderable) return;
      const cell = event.target?.closest?.('[data-item]');
      // A row the server marked fixed offers no drag.
      const own = cell && entry.element.contains(cell)
        && !isFixed(name, cell.getAttribute('data-item'));
      entry.dragged = false;
      dragEvent(entry, name, {
        type: 'down', pointerId: event.pointerId, button: event.button,
        item: own ? cell.getAttribute('data-item') : null,
        section: own ? cell.getAttribute('data-section') : null, x: event.clientX, y: event.clientY,
      });
    });
    entry.element.addEventListener('pointermove', (event) => {
      if (entry.drag.phase === 'idle') return;
      dragEvent(entry, name, {
        type: 'move', pointerId: event.pointerId, x: event.clientX, y: event.clientY,
        rows: () => rowsOf(entry, entry.drag.section),
      });
    });
    entry.element.addEventListener('pointerup', (event) => {
      if (entry.drag.phase === 'idle') return;
      dragEvent(entry, name,
        { type: 'up', pointerId: event.pointerId, items: itemsOf(name, entry.drag.section) });
    });
    entry.element.addEventListener('pointercancel',
      () => dragEvent(entry, name, { type: 'cancel' }));
    // And with the keyboard: Alt+Up and Alt+Down move the focused row by one.
    entry.element.addEventListener('keydown', (event) => {
      const cell = event.target;
      if (!entry.reorderable || !event.altKey || !cell?.hasAttribute?.('data-item')
        || !entry.element.contains(cell)) return;
      const item = cell.getAttribute('data-item');
      const section = cell.getAttribute('data-section');
      if (isFixed(name, item)) return;
      const move = keyMove(itemsOf(name, section), item, event.key);
      if (move === null) return;
      event.preventDefault();
      connection.move(name, item, section, move.before);
    });
    // Taps: a click anywhere inside a cell element, but the one ending a
    // drag; on a control of a cell's template (`data-action`), the
    // control's own tap instead. A control that is a link does not navigate
    // on a plain click: its tap is Swift's; with a modifier key, the browser
    // opens it as usual.
    entry.element.addEventListener('click', (event) => {
      if (entry.dragged) {
        entry.dragged = false;
        return;
      }
      const cell = event.target?.closest?.('[data-item]');
      if (!cell || !entry.element.contains(cell)) return;
      const control = event.target.closest('[data-action]');
      if (control && cell.contains(control) && control !== cell) {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault?.();
        const item = cell.getAttribute('data-item');
        connection.action(name, item, control.getAttribute('data-action'));
        return;
      }
      connection.tap(name, cell.getAttribute('data-item'));
    });
    // And Enter or Space on a focused cell, as on a button.
    entry.element.addEventListener('keydown', (event) => {
      const cell = event.target;
      if ((event.key !== 'Enter' && event.key !== ' ') || event.repeat
        || !cell?.hasAttribute?.('data-item') || !cell.hasAttribute('tabindex')
        || !entry.element.contains(cell)) return;
      event.preventDefault();
      connection.tap(name, cell.getAttribute('data-item'));
    });
  }
  if (resizes === null) {
    window.addEventListener('resize', () => {
      for (const [name, entry] of lists) {
        entry.renderer.refresh();
        report(entry, name);
      }
    });
  }

  // A control with `data-diffable-debounce` sends its value once the user
  // paused that long; its pending value goes out with the others after a
  // `ready` anyway.
  for (const control of controls) {
    const delay = debounceDelay(control);
    let timer = null;
    const send = () => {
      timer = null;
      connection.input(control.getAttribute('data-diffable-input'), controlValue(control));
    };
    control.addEventListener('input', () => {
      if (delay === 0) {
        send();
        return;
      }
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(send, delay);
    });
  }

  // Forms that send what is typed: each submission is one `input`, named by
  // the form, sent once (never again after a reconnect); the field is
  // cleared once it went out, and keeps its text when it could not.
  wireCopyButtons(document.body, window.navigator?.clipboard);

  for (const form of document.querySelectorAll('[data-diffable-submit]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = submittedValue(form);
      if (value === null) return;
      if (connection.input(form.getAttribute('data-diffable-submit'), value)) {
        form.querySelector('[name]').value = '';
      }
    });
  }

  const idle = () => [...lists.values()].every((entry) => entry.renderer.isIdle());
  const api = Object.freeze({
    page: id,
    lists: () => connection.lists(),
    layouts: () => Array.from(connection.model().lists, ([list, state]) => ({
      list,
      seq: state.seq,
      size: state.layout === null ? null : [...state.layout.size],
      frames: state.layout === null
        ? null
        : Object.fromEntries(
          Array.from(state.layout.frames, ([item, frame]) => [item, [...frame]])),
    })),
    stats: () => stats.snapshot(),
    idle,
    whenIdle: () => new Promise((resolve) => {
      const check = () => (idle() ? resolve() : requestFrame(check));
      check();
    }),
    connection: () => connectionState,
    reports: () => reports.map((entry) => ({ ...entry })),
    notices: () => notices.map((entry) => ({ ...entry })),
    refusals: () => refusals.map((entry) => ({ ...entry })),
    placeholders: (name) => lists.get(name)?.renderer.placeholders() ?? 0,
  });
  window.diffable = api;
  return api;
}

if (globalThis.document?.body?.hasAttribute('data-socket')) boot();
