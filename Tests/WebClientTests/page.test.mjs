// page.js booted in a fake window: the socket address and page id, `ready`
// with the lists' viewports and the controls' values after it, one
// `viewport` per animation frame, `tap` on a click in a cell, `input` on an
// input event, `band` as bands scroll (one per band per frame), `visible`
// messages styling cells, the connection's state on <html>, and
// `window.diffable`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  bandOffset, boot, frameScheduler,
} from '../../Sources/DiffableWeb/Resources/client/page.js';
import { FakeDocument } from './fake-dom.mjs';

class FakeWebSocket {
  static made = [];
  readyState = 0;
  sent = [];
  constructor(url) {
    this.url = url;
    FakeWebSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen({}); }
  receive(message) { this.onmessage({ data: JSON.stringify(message) }); }
}

function fakeWindow({ store = new Map(), random = 0xa5 } = {}) {
  const document = new FakeDocument();
  document.body.setAttribute('data-socket', '/demos/mountains/socket');
  const list = document.createElement('div');
  list.setAttribute('data-diffable-list', 'mountains');
  Object.assign(list,
    { clientWidth: 375, clientHeight: 600, scrollHeight: 5000, scrollWidth: 375 });
  const search = document.createElement('input');
  search.setAttribute('data-diffable-input', 'search');
  Object.assign(search, { type: 'search', value: 'kings' });
  document.body.append(search, list);
  const frames = [];
  const warnings = [];
  const listeners = new Map();
  const window = {
    document,
    location: { protocol: 'http:', host: '127.0.0.1:8080' },
    sessionStorage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => store.set(key, value),
      removeItem: (key) => store.delete(key),
    },
    crypto: { getRandomValues: (bytes) => bytes.fill(random) },
    WebSocket: FakeWebSocket,
    innerWidth: 390,
    innerHeight: 844,
    performance: { now: () => 500 },
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: () => 0, clearTimeout() {}, setInterval: () => 0, clearInterval() {},
    matchMedia: () => ({ matches: true }), // reduced motion: nothing animates
    getComputedStyle: () => ({ opacity: '1' }),
    ResizeObserver: class {
      constructor(callback) { this.callback = callback; }
      observe(element) { this.element = element; }
    },
    console: { warn: (text) => warnings.push(text) },
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  const runFrames = () => { for (const callback of frames.splice(0)) callback(); };
  /** Dispatches a window event to the listeners the page added. */
  const fire = (type, event = {}) => { for (const listener of listeners.get(type) ?? []) listener(event); };
  return { window, list, search, runFrames, store, warnings, fire };
}

test('a booted page talks to its server and shows its lists', async () => {
  const { window, list, search, runFrames, store } = fakeWindow();
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  const id = 'a5'.repeat(16);
  assert.equal(api, window.diffable);
  assert.equal(api.page, id);
  assert.equal(store.get('diffable-page'), id);
  assert.equal(socket.url, `ws://127.0.0.1:8080/demos/mountains/socket?page=${id}`);
  assert.equal(window.document.documentElement.getAttribute('data-diffable-connection'),
    'connecting');

  socket.open();
  assert.deepEqual(socket.sent, [
    {
      v: 1, type: 'ready', viewport: { width: 390, height: 844 },
      lists: { mountains: { width: 375, height: 600, x: 0, y: 0 } },
    },
    { v: 1, type: 'input', name: 'search', value: 'kings' },
  ]);
  assert.equal(api.connection(), 'open');

  socket.receive({
    v: 1, type: 'reload', list: 'mountains', seq: 1,
    sections: [{ id: 'peaks', items: ['k2', 'everest', 'denali'] }],
    cells: { k2: { text: 'K2' }, everest: { text: 'Everest' } },
    layout: {
      size: [375, 132], frames: { k2: [0, 0, 375, 44], everest: [0, 44, 375, 44] },
      supplementaries: [], bands: [],
    },
  });
  // The model holds the reload at once; the list draws it at the next frame.
  assert.ok(!api.idle());
  assert.ok(!list.hasAttribute('data-idle'));
  assert.deepEqual(list.querySelectorAll('[data-item]'), []);
  runFrames();
  assert.ok(list.hasAttribute('data-idle'));
  assert.deepEqual(api.lists(), [{
    list: 'mountains', seq: 1, sections: [{ id: 'peaks', items: ['k2', 'everest', 'denali'] }],
  }]);
  assert.deepEqual(api.layouts(), [{
    list: 'mountains', seq: 1, size: [375, 132],
    frames: { k2: [0, 0, 375, 44], everest: [0, 44, 375, 44] },
  }]);
  assert.deepEqual(list.querySelectorAll('[data-item]').map((e) => e.getAttribute('data-item')),
    ['k2', 'everest']);
  assert.ok(api.idle());
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(socket.sent.at(-1), { v: 1, type: 'ack', list: 'mountains', seq: 1 });

  // Scrolling twice in a frame sends one viewport; a frame with no change sends none.
  list.scrollTop = 40;
  list.dispatch('scroll');
  list.scrollTop = 60;
  list.dispatch('scroll');
  const before = socket.sent.length;
  runFrames();
  assert.deepEqual(socket.sent.slice(before), [
    { v: 1, type: 'viewport', list: 'mountains', width: 375, height: 600, x: 0, y: 60 },
  ]);
  list.dispatch('scroll');
  runFrames();
  assert.equal(socket.sent.length, before + 1);
  assert.deepEqual(api.stats().reloadToFirstFrame, [0]);

  // A click inside a cell taps it; typing sends the field's text.
  const everest = list.querySelectorAll('[data-item]')[1];
  everest.children[0].dispatch('click');
  list.dispatch('click');
  search.value = 'denali';
  search.dispatch('input');
  assert.deepEqual(socket.sent.slice(before + 1), [
    { v: 1, type: 'tap', list: 'mountains', item: 'everest' },
    { v: 1, type: 'input', name: 'search', value: 'denali' },
  ]);
});

test('a band\'s scroll sends its offset once a frame; visible messages style its cells',
  async () => {
  const { window, list, runFrames } = fakeWindow();
  boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  socket.receive({
    v: 1, type: 'reload', list: 'mountains', seq: 1,
    sections: [{ id: 'top', items: ['k2'] }, { id: 'band', items: ['p', 'q'] }],
    cells: { k2: { text: 'K2' }, p: { text: 'P' }, q: { text: 'Q' } },
    layout: {
      size: [375, 200],
      frames: { k2: [0, 0, 375, 44], p: [0, 44, 300, 100], q: [300, 44, 300, 100] },
      supplementaries: [],
      bands: [{ section: 'band', frame: [0, 44, 375, 100], contentWidth: 600, rests: [] }],
    },
  });
  runFrames();
  const band = list.querySelectorAll('[data-band]')[0];
  Object.assign(band, { clientWidth: 375, scrollWidth: 600 });
  assert.equal(band.getAttribute('data-band'), 'band');
  await new Promise((resolve) => { setImmediate(resolve); });
  runFrames();
  const before = socket.sent.length;
  band.scrollLeft = 100;
  band.dispatch('scroll');
  band.scrollLeft = 250;
  band.dispatch('scroll');
  runFrames();
  assert.deepEqual(socket.sent.slice(before),
    [{ v: 1, type: 'band', list: 'mountains', section: 'band', offset: 225 }],
    'one message, at the end of the band\'s range');
  band.dispatch('scroll');
  runFrames();
  assert.equal(socket.sent.length, before + 1, 'the same offset is not sent again');

  socket.receive({
    v: 1, type: 'visible', list: 'mountains', seq: 1,
    items: { q: { alpha: 0.5, hidden: false, transform: [0.5, 0, 0, 0.5, 0, 0], zIndex: 1 } },
  });
  runFrames();
  const q = list.querySelectorAll('[data-item]').find((e) => e.getAttribute('data-item') === 'q');
  assert.equal(q.style.transform, 'matrix(0.5, 0, 0, 0.5, 0, 0)');
  assert.equal(q.style.opacity, '0.5');
  assert.equal(q.style.zIndex, '1');
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.equal(socket.sent.length, before + 1, 'a visible message is not acknowledged');
});

test('bandOffset: the offset along the band\'s axis, within its range', () => {
  const band = (axis, fields) => ({
    getAttribute: () => axis, scrollLeft: 0, scrollTop: 0, clientWidth: 100, scrollWidth: 300,
    clientHeight: 50, scrollHeight: 150, ...fields,
  });
  assert.equal(bandOffset(band('x', { scrollLeft: 120 })), 120);
  assert.equal(bandOffset(band('x', { scrollLeft: 260 })), 200);
  assert.equal(bandOffset(band('x', { scrollLeft: -8 })), 0);
  assert.equal(bandOffset(band('y', { scrollTop: 130, scrollLeft: 7 })), 100);
});

test('frameScheduler draws once: at the next frame, or from its timer when no frame comes', () => {
  const frames = [];
  const timers = new Map();
  let next = 0;
  const clock = {
    setTimeout: (callback, ms) => { next += 1; timers.set(next, { callback, ms }); return next; },
    clearTimeout: (handle) => { timers.delete(handle); },
  };
  const schedule = frameScheduler((callback) => frames.push(callback), clock, 100);
  const calls = [];
  schedule((inFrame) => calls.push(inFrame));
  assert.equal(timers.get(1).ms, 100);
  frames.shift()();
  assert.deepEqual(calls, [true]);
  assert.equal(timers.size, 0, 'the frame cancels the timer');

  schedule((inFrame) => calls.push(inFrame));
  timers.get(2).callback();
  frames.shift()();
  assert.deepEqual(calls, [true, false], 'a frame after the timer draws nothing more');
});

test('a reload of the tab resumes its page id; a duplicated tab takes its own', () => {
  const first = fakeWindow();
  const id = boot({ window: first.window }).page;
  assert.equal(first.store.get('diffable-page-live'), '1');

  // A duplicate starts with a copy of the storage of the live page.
  const duplicate = fakeWindow({ store: new Map(first.store), random: 0x3c });
  const other = boot({ window: duplicate.window }).page;
  assert.equal(other, '3c'.repeat(16));
  assert.equal(FakeWebSocket.made.at(-1).url,
    `ws://127.0.0.1:8080/demos/mountains/socket?page=${other}`);

  // The first page unloads (a reload of its tab); its next document resumes the id.
  first.fire('pagehide', { persisted: false });
  assert.ok(!first.store.has('diffable-page-live'));
  const reloaded = fakeWindow({ store: first.store, random: 0x11 });
  assert.equal(boot({ window: reloaded.window }).page, id);

  // Hidden into the back-forward cache and shown again, a page holds its id again.
  reloaded.fire('pagehide', { persisted: true });
  reloaded.fire('pageshow', { persisted: true });
  assert.equal(reloaded.store.get('diffable-page'), id);
  assert.equal(reloaded.store.get('diffable-page-live'), '1');
  const copied = fakeWindow({ store: new Map(reloaded.store), random: 0x22 });
  assert.equal(boot({ window: copied.window }).page, '22'.repeat(16));
});

test('a selectable list\'s cells take the focus, and Enter or Space on one taps it', () => {
  const { window, list, runFrames } = fakeWindow();
  boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  const reload = (seq, selectable) => ({
    v: 1, type: 'reload', list: 'mountains', seq,
    sections: [{ id: 'peaks', items: ['k2', 'everest'] }],
    cells: { k2: { text: 'K2' }, everest: { text: 'Everest' } },
    layout: {
      size: [375, 88], frames: { k2: [0, 0, 375, 44], everest: [0, 44, 375, 44] },
      supplementaries: [], bands: [],
    },
    ...(selectable === undefined ? {} : { selectable }),
  });
  const cells = () => list.querySelectorAll('[data-item]');
  const focusable = () => cells().map((cell) => [
    cell.getAttribute('data-item'), cell.getAttribute('tabindex'), cell.getAttribute('role'),
  ]);
  const taps = () => socket.sent.filter((message) => message.type === 'tap');
  const press = (target, key, more = {}) => {
    let prevented = false;
    target.dispatch('keydown', { key, preventDefault: () => { prevented = true; }, ...more });
    return prevented;
  };

  socket.receive(reload(1));
  runFrames();
  assert.deepEqual(focusable(), [['k2', null, null], ['everest', null, null]]);
  assert.equal(press(cells()[0], 'Enter'), false);
  assert.deepEqual(taps(), [], 'the cells of a list that is not selectable are not buttons');

  socket.receive(reload(2, true));
  runFrames();
  assert.deepEqual(focusable(), [['k2', '0', 'button'], ['everest', '0', 'button']]);
  assert.equal(press(cells()[1], 'Enter'), true);
  assert.equal(press(cells()[0], ' '), true, 'Space does not scroll the list');
  assert.equal(press(cells()[0], 'a'), false);
  assert.equal(press(cells()[0], 'Enter', { repeat: true }), false);
  assert.equal(press(cells()[0].children[0], 'Enter'), false, 'only the focused cell itself');
  assert.deepEqual(taps(), [
    { v: 1, type: 'tap', list: 'mountains', item: 'everest' },
    { v: 1, type: 'tap', list: 'mountains', item: 'k2' },
  ]);

  socket.receive(reload(3, false));
  runFrames();
  assert.deepEqual(focusable(), [['k2', null, null], ['everest', null, null]]);
  assert.equal(press(cells()[1], 'Enter'), false);
  assert.equal(taps().length, 2);
});
