// Boots a page served with `<body data-socket="/PATH/socket">`
// (Documentation/Web.md, "The page"): a page id kept in `sessionStorage`,
// one connection to `ws(s)://HOST/PATH/socket?page=ID`, a renderer for each
// `[data-diffable-list]`, `viewport` messages as lists scroll or change
// size (at most one per list per animation frame), `input` messages from
// each `[data-diffable-input]` (and again after every `ready`, so that a
// reconnect restores them), `tap` messages for clicks on cells (and Enter
// or Space on a focused cell of a selectable list), `measure`
// messages with the sizes of self-sizing cells, `band` messages with the
// scroll offsets of orthogonal sections' bands (at most one per band per
// animation frame), and `window.diffable` for tests and curious people.

import { connect } from './connection.js';
import { createStats } from './render-plan.js';
import { createRenderer } from './renderer.js';

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

/** Where the page id is kept in `sessionStorage`. */
export const PAGE_ID_KEY = 'diffable-page';

/**
 * Where `sessionStorage` says that a live document holds the kept page id:
 * set while a page runs, removed when it is hidden for good (`pagehide`).
 */
export const PAGE_CLAIM_KEY = 'diffable-page-live';

/**
 * Returns the page's id, and marks it held by this document: the one kept
 * in `storage` if no live document holds it, or a new random one, kept
 * there.
 *
 * A reload of the tab resumes its id, which the unloaded document released
 * (`releasePageId`). A duplicated tab (or a window opened with a copy of
 * the opener's storage) starts with a copy taken while the first document
 * was live, so it finds the id held and takes its own: two documents on
 * one id would each end the other's connection to its session, by turns.
 * A storage that cannot be read or written (disabled, full) only costs the
 * page its resumption after a reload of the tab.
 *
 * @param {{getItem: (key: string) => string | null, setItem: (key: string,
 *   value: string) => void} | undefined} storage `sessionStorage`.
 * @param {(bytes: Uint8Array) => Uint8Array} randomize Fills bytes with
 *   random values (`crypto.getRandomValues`).
 * @returns {string} 32 lowercase hexadecimal digits.
 */
export function pageId(storage, randomize) {
  let id = null;
  try {
    const kept = storage?.getItem(PAGE_ID_KEY);
    if (typeof kept === 'string' && /^[0-9a-f]{32}$/.test(kept)
      && storage.getItem(PAGE_CLAIM_KEY) === null) id = kept;
  } catch {
    // A storage that throws is as good as none.
  }
  if (id === null) {
    const bytes = randomize(new Uint8Array(16));
    id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  claimPageId(storage, id);
  return id;
}

/**
 * Keeps `id` in `storage` as the id a live document holds: at boot, and
 * again when the page comes back from the back-forward cache.
 *
 * @param {{setItem: (key: string, value: string) => void} | undefined} storage
 * @param {string} id The page id.
 */
export function claimPageId(storage, id) {
  try {
    storage?.setItem(PAGE_ID_KEY, id);
    storage?.setItem(PAGE_CLAIM_KEY, '1');
  } catch {
    // The id still serves this document.
  }
}

/**
 * Says in `storage` that no live document holds the kept id any more, so
 * that the next document of the tab (a reload) resumes it.
 *
 * @param {{removeItem: (key: string) => void} | undefined} storage
 */
export function releasePageId(storage) {
  try {
    storage?.removeItem(PAGE_CLAIM_KEY);
  } catch {
    // The next document takes a new id.
  }
}

/**
 * The address of the page's socket: the path of `body[data-socket]` on the
 * page's host, `wss:` for an `https:` page and `ws:` otherwise, with
 * `page=ID` in its query.
 *
 * @param {{protocol: string, host: string}} location The page's location.
 * @param {string} path The socket's path, from `data-socket`.
 * @param {string} id The page id.
 * @returns {string}
 */
export function socketURL(location, path, id) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const separator = path.includes('?') ? '&' : '?';
  return `${scheme}//${location.host}${path}${separator}page=${encodeURIComponent(id)}`;
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
 * Boots the page: connects, renders its lists, reports their viewports,
 * sends its inputs and taps, and defines `window.diffable`.
 *
 * @param {object} [options]
 * @param {Window} [options.window] The page's window: everything the page
 *   uses (the document, storage, sockets, timers, animation frames) is
 *   taken from it.
 * @returns {object} `window.diffable`.
 */
export function boot({ window = globalThis } = {}) {
  const { document } = window;
  const requestFrame = (callback) => window.requestAnimationFrame(callback);
  const now = () => window.performance?.now() ?? Date.now();
  const id = pageId(window.sessionStorage, (bytes) => window.crypto.getRandomValues(bytes));
  window.addEventListener('pagehide', () => releasePageId(window.sessionStorage));
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) claimPageId(window.sessionStorage, id);
  });
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

  let connection = null;
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
      motion: () => !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false),
      opacityOf: (target) => Number(window.getComputedStyle(target).opacity),
      onMeasure: (sizes) => connection?.measure(name, sizes) ?? false,
      clock,
    });
    lists.set(name, {
      element, renderer, sent: undefined, scheduled: false,
      // Bands: those to look at next frame, and the offset last sent of each section's.
      bands: new Set(), bandsScheduled: false, sentBands: new Map(),
    });
  }
  const controls = [...document.querySelectorAll('[data-diffable-input]')];

  const sendInputs = () => {
    for (const control of controls) {
      connection?.input(control.getAttribute('data-diffable-input'), controlValue(control));
    }
  };

  connection = connect({
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
      // The server knows no band offsets on a new connection.
      for (const [name, entry] of lists) {
        entry.sentBands.clear();
        reportBands(entry, name, entry.element.querySelectorAll('[data-band]'));
      }
    },
    onChange: (change) => {
      const entry = lists.get(change.list);
      if (entry === undefined) return undefined;
      const shown = entry.renderer.show(change);
      // A band drawn anew starts at offset 0.
      if (change.message.type !== 'visible') {
        reportBands(entry, change.list, entry.element.querySelectorAll('[data-band]'));
      }
      return shown;
    },
    onError: (report) => {
      reports.push({ kind: report.kind, message: report.message, list: report.list });
      if (reports.length > 200) reports.shift();
      window.console?.warn(`diffable: ${report.message}`);
    },
    onState: (state) => {
      connectionState = state;
      document.documentElement.setAttribute('data-diffable-connection', state);
    },
  });

  // Viewports: at most one message per list per animation frame.
  const report = (entry, name) => {
    if (entry.scheduled) return;
    entry.scheduled = true;
    requestFrame(() => {
      entry.scheduled = false;
      const now = listViewport(entry.element);
      if (sameViewport(entry.sent, now)) return;
      if (connection.viewport(name, now)) entry.sent = now;
    });
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
        if (entry !== undefined) report(entry, name);
      }
    })
    : null;
  for (const [name, entry] of lists) {
    entry.element.addEventListener('scroll', () => report(entry, name), { passive: true });
    // A band's scroll does not bubble: the list hears it while capturing.
    entry.element.addEventListener('scroll', (event) => {
      const band = event.target;
      if (band !== entry.element && band?.hasAttribute?.('data-band')) {
        reportBands(entry, name, [band]);
      }
    }, { passive: true, capture: true });
    resizes?.observe(entry.element);
    // Taps: a click anywhere inside a cell element.
    entry.element.addEventListener('click', (event) => {
      const cell = event.target?.closest?.('[data-item]');
      if (cell && entry.element.contains(cell)) {
        connection.tap(name, cell.getAttribute('data-item'));
      }
    });
    // And Enter or Space on a focused cell of a selectable list, as on a button.
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
      for (const [name, entry] of lists) report(entry, name);
    });
  }

  for (const control of controls) {
    control.addEventListener('input', () => {
      connection.input(control.getAttribute('data-diffable-input'), controlValue(control));
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
  });
  window.diffable = api;
  return api;
}

if (globalThis.document?.body?.hasAttribute('data-socket')) boot();
