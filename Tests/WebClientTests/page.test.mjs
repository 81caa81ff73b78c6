// page.js booted in a fake window: the socket address and the page id the
// server issued, `ready` with the lists' viewports and the controls' values
// after it, one `viewport` per animation frame, `tap` on a click in a cell,
// `input` on an input event and on a form's submission, `band` as bands
// scroll (one per band per frame), `visible` messages styling cells, the
// connection's state on
// <html>, the notices and the reload the server's closes bring, and
// `window.diffable`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  bandOffset, boot, debounceDelay, frameScheduler,
} from '../../Sources/DiffableWeb/Resources/client/page.js';
import { FakeDocument } from './fake-dom.mjs';
import { FakeWebSocket } from './support.mjs';


/** The page id the fake server issued. */
const PAGE = 'a5'.repeat(16);
/** The fake window's `Date.now()`. */
const NOW = 1_700_000_000_000;

/** A storage over a map, as `sessionStorage`. */
const storageOf = (store) => ({
  getItem: (key) => store.get(key) ?? null,
  setItem: (key, value) => store.set(key, value),
  removeItem: (key) => store.delete(key),
});

/**
 * A window whose document has a list and a search field, with `data-page`
 * set to `page` (left out when `null`) and a `sessionStorage` (the map
 * `store`'s, unless `storage` is given; none when it is `null`, and a
 * getter that throws when it is `'denied'`).
 */
function fakeWindow({ page = PAGE, store = new Map(), storage = storageOf(store) } = {}) {
  const document = new FakeDocument();
  if (page !== null) document.body.setAttribute('data-page', page);
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
  const reloads = [];
  const window = {
    document,
    location: {
      protocol: 'http:', host: '127.0.0.1:8080', reload: () => reloads.push(window.Date.now()),
    },
    get sessionStorage() {
      if (storage === 'denied') throw new Error('SecurityError: storage is denied');
      return storage;
    },
    Date: { now: () => NOW },
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
    addEventListener() {},
  };
  const runFrames = () => { for (const callback of frames.splice(0)) callback(); };
  return { window, document, list, search, runFrames, store, warnings, reloads };
}

test('a booted page talks to its server and shows its lists', async () => {
  const { window, list, search, runFrames, store } = fakeWindow();
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  assert.equal(api, window.diffable);
  assert.equal(api.page, PAGE);
  assert.equal(store.size, 0, 'the page keeps nothing in its session storage');
  assert.equal(socket.url, `ws://127.0.0.1:8080/demos/mountains/socket?page=${PAGE}&v=1`);
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
  assert.equal(window.document.cookie,
    'diffable-viewport=375x600; path=/; max-age=31536000; samesite=lax',
    'the first list\'s size, for the next first paint');

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
  list.scrollTop = 400;
  list.dispatch('scroll');
  list.scrollTop = 460;
  list.dispatch('scroll');
  const before = socket.sent.length;
  runFrames();
  assert.deepEqual(socket.sent.slice(before), [
    { v: 1, type: 'viewport', list: 'mountains', width: 375, height: 600, x: 0, y: 460, ahead: 1 },
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

test('a list has one tab stop; Enter or Space on its focused cell taps it', () => {
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
  assert.deepEqual(focusable(), [['k2', '0', 'listitem'], ['everest', '-1', 'listitem']]);
  assert.equal(list.getAttribute('role'), 'list');
  assert.equal(press(cells()[0], 'Enter'), true);
  assert.deepEqual(taps(), [{ v: 1, type: 'tap', list: 'mountains', item: 'k2' }],
    'Enter taps a cell as a click does');

  socket.receive(reload(2, true));
  runFrames();
  assert.deepEqual(focusable(), [['k2', '0', 'option'], ['everest', '-1', 'option']]);
  assert.equal(list.getAttribute('role'), 'listbox');
  assert.equal(press(cells()[1], 'Enter'), true);
  assert.equal(press(cells()[0], ' '), true, 'Space does not scroll the list');
  assert.equal(press(cells()[0], 'a'), false);
  assert.equal(press(cells()[0], 'Enter', { repeat: true }), false);
  assert.equal(press(cells()[0].children[0], 'Enter'), false, 'only the focused cell itself');
  assert.deepEqual(taps().slice(1), [
    { v: 1, type: 'tap', list: 'mountains', item: 'everest' },
    { v: 1, type: 'tap', list: 'mountains', item: 'k2' },
  ]);

  socket.receive(reload(3, false));
  runFrames();
  assert.deepEqual(focusable(), [['k2', '0', 'listitem'], ['everest', '-1', 'listitem']]);
});

test('a reorderable list: a drag sends its move, Alt+Arrow too, a fixed row neither', () => {
  const { window, list, runFrames } = fakeWindow();
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  const items = ['k2', 'everest', 'denali'];
  const reload = (seq, reorderable) => ({
    v: 1, type: 'reload', list: 'mountains', seq, reorderable,
    sections: [{ id: 'peaks', items }],
    cells: {
      k2: { text: 'K2' }, everest: { text: 'Everest' }, denali: { text: 'Denali', fixed: true },
    },
    layout: {
      size: [375, 132],
      frames: Object.fromEntries(items.map((item, k) => [item, [0, 44 * k, 375, 44]])),
      supplementaries: [], bands: [],
    },
  });
  const cell = (item) => list.querySelectorAll('[data-item]')
    .find((element) => element.getAttribute('data-item') === item);
  const moves = () => socket.sent.filter((message) => message.type === 'move');
  const drag = (item, dy) => {
    const target = cell(item);
    target.dispatch('pointerdown', { pointerId: 1, button: 0, clientX: 10, clientY: 20 });
    for (const y of [24, 20 + dy]) {
      target.dispatch('pointermove', { pointerId: 1, clientX: 10, clientY: y });
    }
    target.dispatch('pointerup', { pointerId: 1 });
    target.dispatch('click', {});
  };
  const altKey = (item, key) =>
    cell(item).dispatch('keydown', { key, altKey: true, preventDefault() {} });

  socket.receive(reload(1, false));
  runFrames();
  assert.equal(list.hasAttribute('data-reorderable'), false);
  drag('k2', 100);
  altKey('k2', 'ArrowDown');
  assert.deepEqual(moves(), [], 'a list that is not reorderable sends no move');
  assert.equal(socket.sent.filter((message) => message.type === 'tap').length, 1,
    'its click is a tap');

  socket.receive(reload(2, true));
  runFrames();
  assert.equal(list.hasAttribute('data-reorderable'), true);
  drag('k2', 100);
  assert.deepEqual(moves(), [
    { v: 1, type: 'move', list: 'mountains', item: 'k2', section: 'peaks', before: null },
  ]);
  assert.equal(socket.sent.filter((message) => message.type === 'tap').length, 1,
    'the click ending a drag is no tap');
  assert.equal(cell('k2').style.transform, 'translateY(100px)', 'held where it was dropped');
  assert.equal(cell('k2').hasAttribute('data-dragged'), true);
  socket.receive({ v: 1, type: 'refused', list: 'mountains', item: 'k2', reason: 'no' });
  assert.equal(cell('k2').style.transform, '', 'put back');
  assert.equal(cell('k2').hasAttribute('data-dragged'), false);
  assert.deepEqual(api.refusals(), [{ list: 'mountains', item: 'k2' }]);

  altKey('everest', 'ArrowUp');
  altKey('everest', 'ArrowDown');
  altKey('k2', 'ArrowUp');
  assert.deepEqual(moves().slice(1), [
    { v: 1, type: 'move', list: 'mountains', item: 'everest', section: 'peaks', before: 'k2' },
    { v: 1, type: 'move', list: 'mountains', item: 'everest', section: 'peaks', before: null },
  ], 'one place up or down, nothing past the top');
  drag('denali', -100);
  altKey('denali', 'ArrowUp');
  assert.equal(moves().length, 3, 'a fixed row neither drags nor moves by a key');
});

test('a submitted form sends its field\'s text once, trimmed, then clears the field', () => {
  const { window, document } = fakeWindow();
  // The reconnect's timer is the one the test runs.
  const timers = [];
  window.setTimeout = (callback) => timers.push(callback);
  const form = document.createElement('form');
  form.setAttribute('data-diffable-submit', 'message');
  const field = document.createElement('input');
  field.setAttribute('name', 'message');
  Object.assign(field, { type: 'text', value: '' });
  const button = document.createElement('button');
  form.append(field, button);
  document.body.append(form);
  boot({ window });
  let socket = FakeWebSocket.made.at(-1);
  const submit = () => {
    let prevented = false;
    form.dispatch('submit', { preventDefault: () => { prevented = true; } });
    return prevented;
  };
  const inputs = () => socket.sent.filter((message) => message.type === 'input');

  field.value = 'before the socket opens';
  assert.equal(submit(), true, 'the page never leaves for the form\'s action');
  assert.equal(field.value, 'before the socket opens', 'what could not go out is kept');
  socket.open();
  assert.deepEqual(inputs(), [{ v: 1, type: 'input', name: 'search', value: 'kings' }],
    'ready sends the controls\' values, not the form\'s');

  field.value = '  Hello, <b>Ada</b>\n ';
  assert.equal(submit(), true);
  assert.equal(field.value, '');
  field.value = ' \t ';
  assert.equal(submit(), true);
  assert.equal(field.value, ' \t ', 'nothing to send: nothing sent, nothing cleared');
  field.value = 'again';
  submit();
  assert.deepEqual(inputs().slice(1), [
    { v: 1, type: 'input', name: 'message', value: 'Hello, <b>Ada</b>' },
    { v: 1, type: 'input', name: 'message', value: 'again' },
  ]);

  // A reconnect restores the controls, and sends no message again.
  socket.closeWith(1006, '');
  for (const callback of timers.splice(0)) callback();
  socket = FakeWebSocket.made.at(-1);
  socket.open();
  assert.deepEqual(inputs(), [{ v: 1, type: 'input', name: 'search', value: 'kings' }]);
});

/** The elements of the document, in order. */
const elementsOf = (document) => [...document.documentElement.descendants()];

/** The notice element at the start of the body, or `undefined`. */
const noticeOf = (document) => {
  const first = document.body.children[0];
  return first?.hasAttribute('data-diffable-notice') ? first : undefined;
};

test('the server\'s refusal shows a notice at the start of the body, as text', () => {
  const { window, document, list } = fakeWindow();
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  assert.equal(noticeOf(document), undefined, 'no notice before one is needed');
  const before = elementsOf(document).length;
  const markup = '<img src=x onerror=alert(1)>';
  socket.closeWith(1008, markup);

  const notice = noticeOf(document);
  assert.equal(notice.tagName, 'P');
  assert.equal(notice.getAttribute('role'), 'status');
  assert.equal(notice.textContent,
    `The server refused this page's connection: ${markup}. Reload the page to start again.`);
  assert.deepEqual(notice.children, [], 'the reason made no element');
  assert.equal(elementsOf(document).length, before + 1, 'one element more: the notice');
  assert.ok(elementsOf(document).every((element) => element.tagName !== 'IMG'));
  assert.equal(document.body.children[1].getAttribute('data-diffable-input'), 'search',
    'the notice goes before what the body held');
  assert.ok(document.body.contains(list));

  assert.equal(document.documentElement.getAttribute('data-diffable-connection'), 'closed');
  assert.equal(api.connection(), 'closed');
  assert.deepEqual(api.notices(), [{ code: 1008, reason: markup, message: notice.textContent }]);
  api.notices()[0].message = 'changed';
  assert.equal(api.notices()[0].message, notice.textContent, 'notices() gives copies');
  assert.equal(FakeWebSocket.made.at(-1), socket, 'no new socket');
});

test('a page opened again elsewhere says so, and does not reload', () => {
  const { window, document, reloads } = fakeWindow();
  const api = boot({ window });
  FakeWebSocket.made.at(-1).closeWith(4000, 'superseded');
  assert.equal(noticeOf(document).textContent,
    'This page was opened again elsewhere; this copy stopped.');
  assert.deepEqual(api.notices().map((notice) => [notice.code, notice.reason]),
    [[4000, 'superseded']]);
  assert.deepEqual(reloads, []);
});

for (const code of [4001, 4002]) {
  test(`${code}: the page reloads itself, and keeps the time it did`, () => {
    const { window, document, store, reloads } = fakeWindow();
    const api = boot({ window });
    const socket = FakeWebSocket.made.at(-1);
    socket.open();
    socket.closeWith(code, 'unknown page');
    assert.deepEqual(reloads, [NOW]);
    assert.equal(store.get('diffable-reloaded-at'), String(NOW));
    assert.equal(noticeOf(document), undefined);
    assert.deepEqual(api.notices(), []);
    assert.equal(api.connection(), 'closed');
  });
}

test('a page that reloaded itself less than 30 s ago shows a notice instead', () => {
  const store = new Map([['diffable-reloaded-at', String(NOW - 29_000)]]);
  const { window, document, reloads } = fakeWindow({ store });
  const api = boot({ window });
  FakeWebSocket.made.at(-1).closeWith(4002, '<b>unknown</b> page');
  assert.deepEqual(reloads, []);
  const message = 'The page could not reconnect: <b>unknown</b> page. Reload it to try again.';
  assert.equal(noticeOf(document).textContent, message);
  assert.ok(elementsOf(document).every((element) => element.tagName !== 'B'));
  assert.deepEqual(api.notices(), [{ code: 4002, reason: '<b>unknown</b> page', message }]);
  assert.equal(store.get('diffable-reloaded-at'), String(NOW - 29_000));
  assert.equal(document.documentElement.getAttribute('data-diffable-connection'), 'closed');

  // 30 s after, it may reload again.
  const later = fakeWindow({ store: new Map([['diffable-reloaded-at', String(NOW - 30_000)]]) });
  boot({ window: later.window });
  FakeWebSocket.made.at(-1).closeWith(4001, 'version');
  assert.deepEqual(later.reloads, [NOW]);
});

test('a storage that throws counts as a reload just now: a notice, no reload', () => {
  const throwing = {
    getItem() { throw new Error('denied'); },
    setItem() { throw new Error('denied'); },
  };
  const full = { getItem: () => null, setItem() { throw new Error('quota'); } };
  for (const storage of [throwing, full, 'denied', null]) {
    const { window, document, reloads } = fakeWindow({ storage });
    const api = boot({ window });
    FakeWebSocket.made.at(-1).closeWith(4001, '');
    assert.deepEqual(reloads, [], `reloaded with storage ${storage}`);
    assert.equal(noticeOf(document).textContent,
      'The page could not reconnect. Reload it to try again.');
    assert.equal(api.notices().length, 1);
  }
});

test('other closes reconnect, with no notice', () => {
  const { window, document, reloads } = fakeWindow();
  const api = boot({ window });
  FakeWebSocket.made.at(-1).closeWith(1001, 'server shutting down');
  assert.equal(api.connection(), 'waiting');
  assert.equal(noticeOf(document), undefined);
  assert.deepEqual(api.notices(), []);
  assert.deepEqual(reloads, []);
});

for (const [page, what] of [[null, 'no data-page'], ['A5'.repeat(16), 'uppercase'],
  ['a5'.repeat(15), '30 digits'], [`${'a5'.repeat(16)}0`, '33 digits'],
  ['g'.repeat(32), 'not hexadecimal'], ['', 'empty'], ['<img src=x onerror=alert(1)>', 'markup']]) {
  test(`a page with ${what} does not connect, and says why`, () => {
    const { window, document, list, warnings, reloads } = fakeWindow({ page });
    const made = FakeWebSocket.made.length;
    const api = boot({ window });
    assert.equal(FakeWebSocket.made.length, made, 'no socket opened');
    assert.equal(api.page, null);
    assert.equal(api.connection(), 'closed');
    assert.equal(document.documentElement.getAttribute('data-diffable-connection'), 'closed');
    assert.deepEqual(api.reports().map((report) => report.kind), ['page']);
    assert.match(api.reports()[0].message, /does not connect/);
    assert.deepEqual(warnings, [`diffable: ${api.reports()[0].message}`]);
    assert.deepEqual(api.lists(), []);
    assert.deepEqual(api.layouts(), []);
    list.dispatch('click');
    assert.ok(api.idle());
    assert.deepEqual(reloads, []);
  });
}

test('a click on a control of a cell\'s template sends its action, not a tap', () => {
  const { window, document, list, runFrames } = fakeWindow();
  const template = document.createElement('template');
  template.setAttribute('data-cell', 'peak');
  const content = document.createDocumentFragment();
  const button = document.createElement('button');
  button.setAttribute('data-action', 'climb');
  const name = document.createElement('span');
  name.setAttribute('data-field', 'name');
  content.append(name, button);
  template.content = content;
  document.body.append(template);
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  socket.receive({
    v: 1, type: 'reload', list: 'mountains', seq: 1,
    sections: [{ id: 'peaks', items: ['k2'] }],
    cells: {
      k2: {
        text: 'K2',
        template: {
          name: 'peak', fields: { name: 'K2', other: { image: 'javascript:x', description: '' } },
        },
      },
    },
    layout: { size: [375, 44], frames: { k2: [0, 0, 375, 44] }, supplementaries: [], bands: [] },
  });
  runFrames();
  const cell = list.querySelectorAll('[data-item]')[0];
  const control = cell.querySelectorAll('[data-action]')[0];
  assert.equal(cell.querySelectorAll('[data-field]')[0].textContent, 'K2');
  const before = socket.sent.length;
  let prevented = 0;
  control.dispatch('click', { preventDefault: () => { prevented += 1; } });
  control.dispatch('click', { metaKey: true });
  cell.dispatch('click');
  assert.deepEqual(socket.sent.slice(before), [
    { v: 1, type: 'action', list: 'mountains', item: 'k2', name: 'climb' },
    { v: 1, type: 'tap', list: 'mountains', item: 'k2' },
  ]);
  assert.equal(prevented, 1, 'a plain click on a control does not also navigate');
  assert.deepEqual(api.reports(), [], 'a field no slot names is not reported');
});

test('a scroll message scrolls its list at the next frame; a malformed one is reported', () => {
  const { window, list, runFrames } = fakeWindow();
  const scrolls = [];
  list.scrollTo = (options) => scrolls.push(options);
  window.matchMedia = () => ({ matches: false });
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  socket.receive({ v: 1, type: 'scroll', list: 'mountains', x: 0, y: 880, animated: true });
  socket.receive({ v: 1, type: 'scroll', list: 'elsewhere', x: 0, y: 10, animated: false });
  assert.deepEqual(scrolls, [], 'not before the frame that draws what came before it');
  runFrames();
  assert.deepEqual(scrolls, [{ left: 0, top: 880, behavior: 'smooth' }]);
  for (const bad of [
    { list: 'mountains', x: -1, y: 0, animated: false },
    { list: 'mountains', x: 0, y: 0 },
    { x: 0, y: 0, animated: false },
  ]) {
    socket.receive({ v: 1, type: 'scroll', ...bad });
  }
  runFrames();
  assert.equal(scrolls.length, 1);
  assert.equal(api.reports().filter((report) => /was a scroll without/.test(report.message)).length,
    3);
});

test('a page message sets texts and controls at once; a malformed one is reported', () => {
  const { window, document, search } = fakeWindow();
  const error = document.createElement('p');
  error.setAttribute('data-diffable-text', 'error');
  document.body.append(error);
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  const before = socket.sent.length;
  socket.receive({
    v: 1, type: 'page', texts: { error: 'rule 4' }, values: { search: 'denali' }, maxima: {},
    lines: {},
  });
  assert.equal(error.textContent, 'rule 4');
  assert.equal(search.value, 'denali');
  assert.equal(socket.sent.length, before, 'a value the server set is not sent back');
  socket.receive({ v: 1, type: 'page', texts: { error: 7 }, values: {}, maxima: {}, lines: {} });
  assert.equal(error.textContent, 'rule 4');
  assert.equal(api.reports().filter((report) => /was a page message whose texts\["error"\]/
    .test(report.message)).length, 1);
});

/** A `page` message that sets nothing. */
const emptyPage = { v: 1, type: 'page', texts: {}, values: {}, maxima: {}, lines: {} };

test('a page message sets a form control\'s value, except the one the user is typing in', () => {
  const { window, document } = fakeWindow();
  const source = document.createElement('textarea');
  source.setAttribute('data-diffable-text', 'source');
  const counts = document.createElement('input');
  counts.setAttribute('data-diffable-text', 'counts');
  document.body.append(source, counts);
  boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  socket.receive({ ...emptyPage, texts: { source: '{"sections": []}' } });
  socket.receive({ ...emptyPage, texts: { counts: '3,4' } });
  assert.equal(source.value, '{"sections": []}');
  assert.equal(source.textContent, '', 'a control\'s value, not its text');
  assert.equal(counts.value, '3,4');
  counts.focus();
  counts.value = '3,4,5';
  socket.receive({ ...emptyPage, texts: { counts: '3,4' } });
  assert.equal(counts.value, '3,4,5', 'what the user types is kept');
});

test('a control with data-diffable-debounce sends its value once the user pauses', () => {
  const timers = new Map();
  let nextTimer = 1;
  const { window, document, search } = fakeWindow();
  Object.assign(window, {
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { callback, ms });
      nextTimer += 1;
      return nextTimer - 1;
    },
    clearTimeout: (handle) => timers.delete(handle),
  });
  const layout = document.createElement('textarea');
  layout.setAttribute('data-diffable-input', 'layout');
  layout.setAttribute('data-diffable-debounce', '250');
  layout.value = '{}';
  document.body.append(layout);
  boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  const inputs = () => socket.sent.filter((message) => message.type === 'input');
  assert.deepEqual(inputs().map((message) => message.name), ['search', 'layout'],
    'every control\'s value after ready, at once');
  const before = inputs().length;
  for (const value of ['{"a"', '{"a": 1', '{"a": 12}']) {
    layout.value = value;
    layout.dispatch('input');
  }
  search.value = 'k';
  search.dispatch('input');
  assert.deepEqual(inputs().slice(before), [{ v: 1, type: 'input', name: 'search', value: 'k' }],
    'a control without the attribute sends at once; the debounced one waits');
  const waiting = [...timers.values()].filter((timer) => timer.ms === 250);
  assert.equal(waiting.length, 1, 'one timer: each input restarts it');
  waiting[0].callback();
  assert.deepEqual(inputs().slice(before + 1),
    [{ v: 1, type: 'input', name: 'layout', value: '{"a": 12}' }]);
});

test('debounceDelay reads whole numbers of milliseconds up to 10 000, else none', () => {
  const control = (value) => ({ getAttribute: () => value });
  assert.equal(debounceDelay(control('250')), 250);
  assert.equal(debounceDelay(control('10000')), 10_000);
  for (const bad of [null, '', '-5', '2.5', '1e3', '10001', '99999', ' 250']) {
    assert.equal(debounceDelay(control(bad)), 0, String(bad));
  }
});
