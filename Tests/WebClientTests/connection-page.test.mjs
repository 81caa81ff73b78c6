// What the connection does for the page beyond reloads and batches: `ready`
// with the lists' viewports, the inputs sent again after each `ready`,
// `layout` messages passed on and never acknowledged, and the page's
// `viewport`, `input` and `tap` messages, sent only after `ready`.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { connect } from '../../Sources/DiffableWeb/Resources/client/connection.js';

/** A socket driven by the test, with the browser `WebSocket`'s handlers. */
class Socket {
  readyState = 0;
  sent = [];
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.({}); }
  receive(message) { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop() { this.readyState = 3; this.onclose?.({ code: 1006 }); }
}

/** A clock whose timers never fire: these tests do not wait. */
const stillClock = {
  setTimeout: () => 0, clearTimeout() {}, setInterval: () => 0, clearInterval() {},
};

function harness(options = {}) {
  const sockets = [];
  const changes = [];
  const reports = [];
  let time = 100;
  const connection = connect({
    url: 'ws://test/socket',
    socketFactory: () => { const socket = new Socket(); sockets.push(socket); return socket; },
    viewport: () => ({ width: 390, height: 844 }),
    clock: stillClock,
    now: () => { time += 1; return time; },
    onChange: (change) => { changes.push(change); },
    onError: (report) => reports.push(report),
    ...options,
  });
  return { connection, sockets, changes, reports, get socket() { return sockets.at(-1); } };
}

const reload = {
  v: 1, type: 'reload', list: 'main', seq: 1,
  sections: [{ id: 's', items: ['a', 'b', 'c'] }],
  cells: { a: { text: 'A' } },
  layout: { size: [390, 132], frames: { a: [0, 0, 390, 44] }, supplementaries: [], bands: [] },
};
const layout = {
  v: 1, type: 'layout', list: 'main', seq: 1,
  layout: { size: [390, 132], frames: { b: [0, 44, 390, 44] }, supplementaries: [], bands: [] },
  cells: { b: { text: 'B' } },
};

describe('ready and the page\'s messages', () => {
  test('ready carries the lists\' viewports, then the inputs go out', () => {
    const h = harness({
      listViewports: () => ({ main: { width: 390, height: 700, x: 0, y: 120 } }),
      onReady: () => h.connection.input('search', 'kings'),
    });
    assert.equal(h.connection.input('search', 'early'), false, 'nothing before the socket opens');
    h.socket.open();
    assert.deepEqual(h.socket.sent, [
      {
        v: 1, type: 'ready', viewport: { width: 390, height: 844 },
        lists: { main: { width: 390, height: 700, x: 0, y: 120 } },
      },
      { v: 1, type: 'input', name: 'search', value: 'kings' },
    ]);
    h.socket.drop();
    assert.equal(h.connection.tap('main', 'a'), false, 'nothing while the socket is away');
  });

  test('viewport, tap and measure are sent on an open socket after ready', () => {
    const h = harness({ listViewports: () => ({}) });
    assert.equal(h.connection.viewport('main', { width: 1, height: 2, x: 3, y: 4 }), false);
    assert.equal(h.connection.measure('main', { a: [390, 61] }), false);
    h.socket.open();
    assert.equal(h.connection.viewport('main', { width: 1, height: 2, x: 3, y: 4 }), true);
    assert.equal(h.connection.tap('main', '{"id":7}'), true);
    assert.equal(h.connection.measure('main', { a: [390, 61.25] }), true);
    assert.deepEqual(h.socket.sent.slice(1), [
      { v: 1, type: 'viewport', list: 'main', width: 1, height: 2, x: 3, y: 4 },
      { v: 1, type: 'tap', list: 'main', item: '{"id":7}' },
      { v: 1, type: 'measure', list: 'main', sizes: { a: [390, 61.25] } },
    ]);
    h.connection.close();
    assert.equal(h.connection.input('search', ''), false);
  });

  test('a viewport carries ahead when it is 1 or -1, and only then', () => {
    const h = harness({ listViewports: () => ({}) });
    h.socket.open();
    const rect = { width: 1, height: 2, x: 3, y: 4 };
    for (const ahead of [1, -1, 0, undefined]) h.connection.viewport('main', { ...rect, ahead });
    const base = { v: 1, type: 'viewport', list: 'main', ...rect };
    assert.deepEqual(h.socket.sent.slice(1),
      [{ ...base, ahead: 1 }, { ...base, ahead: -1 }, base, base]);
  });
});

describe('moves', () => {
  test('a move goes out after ready; a refused goes to onRefused, a malformed one is reported',
    () => {
      const refusals = [];
      const h = harness({ listViewports: () => ({}), onRefused: (r) => refusals.push(r) });
      assert.equal(h.connection.move('main', 'a', 's', 'c'), false, 'nothing before ready');
      h.socket.open();
      assert.equal(h.connection.move('main', 'a', 's', 'c'), true);
      assert.equal(h.connection.move('main', 'a', 's', null), true);
      assert.deepEqual(h.socket.sent.slice(1), [
        { v: 1, type: 'move', list: 'main', item: 'a', section: 's', before: 'c' },
        { v: 1, type: 'move', list: 'main', item: 'a', section: 's', before: null },
      ]);
      h.socket.receive({ v: 1, type: 'refused', list: 'main', item: 'a', reason: 'no' });
      assert.deepEqual(refusals, [{ list: 'main', item: 'a', reason: 'no' }]);
      assert.deepEqual(h.reports.at(-1), { kind: 'refused', message: 'no', list: 'main' });
      h.socket.receive({ v: 1, type: 'refused', list: 'main', reason: 'no' });
      assert.equal(refusals.length, 1);
      assert.match(h.reports.at(-1).message, /refused with no list, item or reason/);
    });
});

describe('layout messages', () => {
  test('are passed on with the time they arrived, and never acknowledged', async () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(reload);
    h.socket.receive(layout);
    await new Promise((resolve) => { setImmediate(resolve); });
    assert.deepEqual(h.changes.map((change) => change.message.type), ['reload', 'layout']);
    assert.ok(h.changes[1].receivedAt > h.changes[0].receivedAt);
    assert.deepEqual([...h.connection.model().lists.get('main').cells.keys()], ['b']);
    assert.deepEqual(h.socket.sent.map((message) => message.type), ['ready', 'ack']);
  });

  test('one for another seq is dropped; a malformed one asks for a reload', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(reload);
    h.socket.receive({ ...layout, seq: 7 });
    assert.equal(h.changes.length, 1);
    h.socket.receive({ ...layout, cells: {} });
    assert.equal(h.changes.length, 1);
    assert.deepEqual(h.socket.sent.at(-1).type, 'resync');
    assert.match(h.reports.at(-1).message, /layout refused: malformed message: cells/);
    // Until the reload comes, layouts are ignored.
    h.socket.receive(layout);
    assert.equal(h.changes.length, 1);
    h.socket.receive({ ...reload, seq: 2 });
    assert.equal(h.changes.length, 2);
  });
});
