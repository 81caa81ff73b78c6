// The page's connection to the server, driven with a fake socket and a fake
// clock: `ready` on every open, reloads and batches applied and acknowledged
// after the listener finishes, refusals and gaps answered with `resync`, the
// heartbeat, reconnection with a partly random backoff, the server's closes
// that stop the connection for good, and reports of what the server got
// wrong. No test sleeps: time passes only when a test advances the clock.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import {
  MAXIMUM_REFUSED_RELOAD_DELAY, REFUSED_RELOAD_DELAY, closeNotice, connect, reconnectDelay,
} from '../../Sources/DiffableWeb/Resources/client/connection.js';
import { reload } from './support.mjs';

/** A clock whose time passes only through `advance`. */
class FakeClock {
  now = 0;
  #timers = new Map();
  #next = 1;

  setTimeout(callback, ms) { return this.#add(callback, ms, null); }
  setInterval(callback, ms) { return this.#add(callback, ms, ms); }
  clearTimeout(handle) { this.#timers.delete(handle); }
  clearInterval(handle) { this.#timers.delete(handle); }

  #add(callback, ms, every) {
    const handle = this.#next;
    this.#next += 1;
    this.#timers.set(handle, { at: this.now + ms, callback, every });
    return handle;
  }

  /** How many timers are pending. */
  get pending() { return this.#timers.size; }

  /** Lets `ms` pass, firing the timers that fall due, in order of their time. */
  advance(ms) {
    const end = this.now + ms;
    for (;;) {
      let first = null;
      for (const [handle, timer] of this.#timers) {
        if (timer.at <= end && (first === null || timer.at < first[1].at)) first = [handle, timer];
      }
      if (first === null) break;
      const [handle, timer] = first;
      this.now = timer.at;
      if (timer.every === null) this.#timers.delete(handle);
      else timer.at += timer.every;
      timer.callback();
    }
    this.now = end;
  }
}

/** A socket with the browser `WebSocket`'s handler properties, driven by the test. */
class FakeSocket {
  readyState = 0;
  sent = [];
  closedByClient = false;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;

  constructor(url, openedAt) {
    this.url = url;
    this.openedAt = openedAt;
  }

  send(text) {
    assert.equal(this.readyState, 1, 'sent on a socket that is not open');
    this.sent.push(JSON.parse(text));
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({ type: 'open' });
  }

  /** The server sends a frame: an object is sent as its JSON text. */
  receive(message) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ type: 'message', data });
  }

  /** The connection goes away, with a close code and reason. */
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ type: 'close', code, reason });
  }

  /** The messages of a type the client sent. */
  sentOf(type) { return this.sent.filter((message) => message.type === type); }
}

/**
 * A connection over fake sockets and a fake clock, with what it reported.
 * Its random part of each reconnect delay is 0: it waits half of
 * `reconnectDelay`, unless the test gives another `random`.
 */
function harness(options = {}) {
  const clock = new FakeClock();
  const sockets = [];
  const reports = [];
  const changes = [];
  const states = [];
  const notices = [];
  const reloads = [];
  const connection = connect({
    url: 'ws://test/socket',
    socketFactory: (url) => {
      const socket = new FakeSocket(url, clock.now);
      sockets.push(socket);
      return socket;
    },
    viewport: () => ({ width: 390, height: 844 }),
    onError: (value) => reports.push(value),
    onState: (value) => states.push(value),
    onNotice: (value) => notices.push(value),
    onReloadPage: (value) => reloads.push(value),
    clock,
    random: () => 0,
    heartbeatInterval: 10_000,
    heartbeatTimeout: 5_000,
    ...options,
    onChange: options.onChange === undefined
      ? undefined
      : (change) => {
        changes.push(change);
        return options.onChange(change);
      },
  });
  return {
    clock, sockets, reports, changes, states, notices, reloads, connection,
    get socket() { return sockets.at(-1); },
  };
}

/** A promise and the function that settles it: what a renderer's animation returns. */
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => { setImmediate(resolve); });

// The example of Documentation/Web.md, "batch": from `fruits: [apple, pear]`
// to `fruits: [pear, apple, kiwi]`, with `pear` reconfigured.
const fruits = {
  v: 1, type: 'reload', list: 'main', seq: 1,
  sections: [{ id: 'fruits', items: ['apple', 'pear'] }],
  cells: { apple: { text: 'Apple' }, pear: { text: 'Pear' } },
};
const fruitsBatch = {
  v: 1, type: 'batch', list: 'main', seq: 2,
  update: {
    sectionDeletes: [], sectionInserts: [], sectionMoves: [],
    sectionReloads: [], itemDeletes: [], itemInserts: [[0, 2]],
    itemMoves: [[[0, 1], [0, 0]]], itemReloads: [],
    itemReconfigures: [[0, 0]],
  },
  counts: [3],
  insertedSections: [],
  reloadedSections: [],
  insertedItems: ['kiwi'],
  cells: { kiwi: { text: 'Kiwi' } },
  reconfigured: { pear: { text: 'Pear (ripe)' } },
};
const fruitsAfter = [
  { list: 'main', seq: 2, sections: [{ id: 'fruits', items: ['pear', 'apple', 'kiwi'] }] },
];

/** What the client sends first on every connection. */
const ready = { v: 1, type: 'ready', viewport: { width: 390, height: 844 } };

/** The fixture's lines: real batches generated by the Swift side. */
const fixture = readFileSync(new URL('./Fixtures/batches.jsonl', import.meta.url), 'utf8')
  .split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
const text = (id) => (typeof id === 'string' ? id : JSON.stringify(id));

/** A reload of a fixture line's `old` snapshot, with the seq before its batch's. */
function fixtureReload(line) {
  const cells = {};
  for (const section of line.old.sections) {
    for (const item of section.items) cells[text(item)] = { text: text(item) };
  }
  return {
    v: 1, type: 'reload', list: line.batch.list, seq: line.batch.seq - 1,
    sections: line.old.sections, cells,
  };
}
const asText = (snapshot) =>
  snapshot.sections.map((section) => ({ id: text(section.id), items: section.items.map(text) }));
const fixtureLine = (valid) => fixture.find((line) => (line.error === undefined) === valid
  && line.old.sections.length > 1 && !line.name.endsWith('-9'));

describe('opening', () => {
  test('connects at once and sends ready with the viewport when the socket opens', () => {
    const h = harness();
    assert.equal(h.sockets.length, 1);
    assert.equal(h.socket.url, 'ws://test/socket');
    assert.deepEqual(h.socket.sent, []);
    h.socket.open();
    assert.deepEqual(h.socket.sent, [ready]);
    assert.deepEqual(h.states, ['connecting', 'open']);
    h.connection.close();
  });

  test('reads the viewport on each connection', () => {
    let width = 390;
    const h = harness({ viewport: () => ({ width, height: 844 }) });
    h.socket.open();
    width = 1024;
    h.socket.drop();
    h.clock.advance(250);
    h.socket.open();
    assert.deepEqual(h.socket.sent, [{ ...ready, viewport: { width: 1024, height: 844 } }]);
    h.connection.close();
  });
});

describe('reloads and batches', () => {
  test('without a listener, applies and acknowledges each message at once', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive(fruitsBatch);
    assert.deepEqual(h.connection.lists(), fruitsAfter);
    assert.deepEqual(h.socket.sentOf('ack'), [
      { v: 1, type: 'ack', list: 'main', seq: 1 },
      { v: 1, type: 'ack', list: 'main', seq: 2 },
    ]);
    assert.deepEqual(h.connection.model().lists.get('main').cells.get('pear'),
      { text: 'Pear (ripe)' });
    h.connection.close();
  });

  test('tells the listener the models before and after, and acks when it finishes', async () => {
    const animations = [];
    const h = harness({
      onChange: () => {
        const animation = deferred();
        animations.push(animation);
        return animation.promise;
      },
    });
    h.socket.open();
    h.socket.receive(fruits);
    assert.equal(h.changes.length, 1);
    assert.equal(h.changes[0].list, 'main');
    assert.equal(h.changes[0].before.lists.size, 0);
    assert.equal(h.changes[0].after.lists.get('main').seq, 1);
    assert.deepEqual(h.changes[0].message, fruits);
    await settle();
    assert.deepEqual(h.socket.sentOf('ack'), [], 'acknowledged before the listener finished');
    animations[0].resolve();
    await settle();
    assert.deepEqual(h.socket.sentOf('ack'), [{ v: 1, type: 'ack', list: 'main', seq: 1 }]);

    h.socket.receive(fruitsBatch);
    assert.equal(h.changes[1].before, h.changes[0].after);
    assert.deepEqual(h.connection.lists(), fruitsAfter, 'the model changes before the animation');
    await settle();
    assert.equal(h.socket.sentOf('ack').length, 1);
    animations[1].resolve();
    await settle();
    assert.deepEqual(h.socket.sentOf('ack').at(-1), { v: 1, type: 'ack', list: 'main', seq: 2 });
    h.connection.close();
  });

  test('the listener gets a reload\'s and a batch\'s announce on the message', () => {
    const h = harness({ onChange: () => undefined });
    h.socket.open();
    h.socket.receive({ ...fruits, announce: '2 results' });
    h.socket.receive({ ...fruitsBatch, announce: 'Ada: "Kiwi?"\n</script>' });
    const unchanged = {
      ...fruitsBatch, seq: 3,
      update: { ...fruitsBatch.update, itemInserts: [], itemMoves: [], itemReconfigures: [] },
      insertedItems: [], cells: {}, reconfigured: {},
    };
    h.socket.receive(unchanged);
    assert.deepEqual(h.changes.map((change) => change.message.announce),
      ['2 results', 'Ada: "Kiwi?"\n</script>', undefined]);
    assert.deepEqual(h.socket.sentOf('ack').map((ack) => ack.seq), [1, 2, 3]);
    h.connection.close();
  });

  test('a batch whose announce is not a string is refused, and the list resynced', () => {
    const h = harness({ onChange: () => undefined });
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive({ ...fruitsBatch, announce: 3 });
    assert.equal(h.changes.length, 1);
    assert.deepEqual(h.reports.map((report) => report.kind), ['refused']);
    assert.match(h.reports[0].message, /announce is the number 3, not a string/);
    assert.equal(h.socket.sentOf('resync').length, 1);
    assert.deepEqual(h.connection.lists(), [
      { list: 'main', seq: 1, sections: [{ id: 'fruits', items: ['apple', 'pear'] }] },
    ]);
    h.connection.close();
  });

  test('a listener returning nothing is acknowledged at once', () => {
    const h = harness({ onChange: () => undefined });
    h.socket.open();
    h.socket.receive(fruits);
    assert.deepEqual(h.socket.sentOf('ack'), [{ v: 1, type: 'ack', list: 'main', seq: 1 }]);
    h.connection.close();
  });

  test('a failing listener is reported, and the message acknowledged anyway', async () => {
    const h = harness({ onChange: (change) => (change.message.seq === 1
      ? Promise.reject(new Error('no animation'))
      : (() => { throw new Error('no DOM'); })()) });
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive(fruitsBatch);
    await settle();
    assert.deepEqual(h.socket.sentOf('ack').map((ack) => ack.seq).sort(), [2]);
    assert.deepEqual(h.reports.map((r) => r.kind), ['listener', 'listener']);
    assert.match(h.reports[0].message, /batch 2 of "main": Error: no DOM/);
    assert.match(h.reports[1].message, /reload 1 of "main": Error: no animation/);
    h.connection.close();
  });

  test('an ack superseded by a later message of the list is not sent', async () => {
    const animations = [];
    const h = harness({
      onChange: () => {
        const animation = deferred();
        animations.push(animation);
        return animation.promise;
      },
    });
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive(fruitsBatch);
    animations[1].resolve();
    animations[0].resolve();
    await settle();
    assert.deepEqual(h.socket.sentOf('ack'), [{ v: 1, type: 'ack', list: 'main', seq: 2 }]);
    h.connection.close();
  });

  test('applies a batch the Swift side generated, and holds its new snapshot', () => {
    const line = fixtureLine(true);
    const h = harness();
    h.socket.open();
    h.socket.receive(fixtureReload(line));
    h.socket.receive(line.batch);
    assert.deepEqual(h.connection.lists(),
      [{ list: line.batch.list, seq: line.batch.seq, sections: asText(line.new) }]);
    assert.deepEqual(h.socket.sentOf('ack').at(-1),
      { v: 1, type: 'ack', list: line.batch.list, seq: line.batch.seq });
    h.connection.close();
  });
});

describe('refusals', () => {
  test('a refused batch keeps the list, asks for a reload with the reason, '
    + 'and later batches wait for it', () => {
    const line = fixtureLine(false);
    const h = harness();
    h.socket.open();
    h.socket.receive(fixtureReload(line));
    const before = h.connection.lists();
    h.socket.receive(line.batch);
    assert.deepEqual(h.connection.lists(), before);
    assert.deepEqual(h.socket.sentOf('resync'),
      [{ v: 1, type: 'resync', list: line.batch.list, reason: line.error.message }]);
    assert.equal(h.reports.length, 1);
    assert.equal(h.reports[0].kind, 'refused');
    assert.equal(h.reports[0].error.rule, line.error.rule);
    assert.deepEqual(h.socket.sentOf('ack').map((ack) => ack.seq), [line.batch.seq - 1]);

    // A valid batch that follows is ignored: it is not acked, and not refused again.
    const next = fixtureLine(true);
    h.socket.receive({ ...next.batch, list: line.batch.list, seq: line.batch.seq + 1 });
    assert.deepEqual(h.connection.lists(), before);
    assert.equal(h.socket.sentOf('resync').length, 1);
    assert.equal(h.socket.sentOf('ack').length, 1);

    // The reload brings the list back, and its batches apply again.
    h.socket.receive({ ...fixtureReload(next), list: line.batch.list, seq: 7 });
    h.socket.receive({ ...next.batch, list: line.batch.list, seq: 8 });
    assert.deepEqual(h.connection.lists(),
      [{ list: line.batch.list, seq: 8, sections: asText(next.new) }]);
    assert.deepEqual(h.socket.sentOf('ack').map((ack) => ack.seq), [line.batch.seq - 1, 7, 8]);
    h.connection.close();
  });

  test('a refused reload is asked for again later, twice as late each time it is refused',
    () => {
      // No heartbeat in the way of the long waits.
      const h = harness({ heartbeatInterval: 3_600_000, heartbeatTimeout: 3_600_000 });
      h.socket.open();
      const mixed = { ...fruits, sections: [{ id: 'fruits', items: ['apple', 7] }],
        cells: { apple: { text: 'Apple' }, 7: { text: 'Seven' } } };
      const resyncs = () => h.socket.sentOf('resync').length;
      const waits = [];
      for (let refusal = 0; refusal < 8; refusal += 1) {
        h.socket.receive(mixed);
        const before = resyncs();
        let waited = 0;
        while (resyncs() === before) {
          h.clock.advance(REFUSED_RELOAD_DELAY / 2);
          waited += REFUSED_RELOAD_DELAY / 2;
          assert.ok(waited <= MAXIMUM_REFUSED_RELOAD_DELAY, 'no resync within the longest wait');
        }
        waits.push(waited);
      }
      assert.deepEqual(waits, [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
      assert.equal(h.socket.sentOf('resync').at(-1).reason.startsWith('malformed message: '), true);

      // A reload taken starts the count again; a refused batch asks at once.
      h.socket.receive(fruits);
      assert.deepEqual(h.connection.lists()[0].seq, 1);
      h.socket.receive({ ...mixed, seq: 2 });
      h.clock.advance(REFUSED_RELOAD_DELAY - 1);
      assert.equal(resyncs(), 8);
      h.clock.advance(1);
      assert.equal(resyncs(), 9);
      h.socket.receive({ ...fruits, seq: 3 });
      const { counts, ...withoutCounts } = { ...fruitsBatch, seq: 4 };
      assert.ok(counts);
      h.socket.receive(withoutCounts);
      assert.equal(resyncs(), 10);

      // A socket that closes forgets the wait: its next socket's ready asks.
      h.socket.receive({ ...mixed, seq: 5 });
      h.connection.close();
      h.clock.advance(MAXIMUM_REFUSED_RELOAD_DELAY);
      assert.equal(resyncs(), 10);
    });

  test('a malformed batch asks for a reload, naming the field', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    const { counts, ...withoutCounts } = fruitsBatch;
    assert.deepEqual(counts, [3]);
    h.socket.receive(withoutCounts);
    assert.deepEqual(h.socket.sentOf('resync'),
      [{ v: 1, type: 'resync', list: 'main', reason: 'malformed message: counts is missing' }]);
    assert.deepEqual(h.connection.lists()[0].seq, 1);
    h.connection.close();
  });

  test('a sequence gap asks for a reload', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive({ ...fruitsBatch, seq: 3 });
    assert.deepEqual(h.socket.sentOf('resync'), [{
      v: 1, type: 'resync', list: 'main',
      reason: 'list "main" expected the batch with seq 2, but received seq 3',
    }]);
    assert.equal(h.connection.lists()[0].seq, 1);
    h.connection.close();
  });

  test('a batch for a list no reload has shown asks for that list', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive({ ...fruitsBatch, list: 'other' });
    assert.deepEqual(h.socket.sentOf('resync').map((m) => m.list), ['other']);
    assert.deepEqual(h.connection.lists(), []);
    h.connection.close();
  });

  test('a refusal in one list leaves the others going', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive(reload([['s', ['a']]], { list: 'side', seq: 1 }));
    h.socket.receive({ ...fruitsBatch, list: 'side' });
    h.socket.receive(fruitsBatch);
    assert.deepEqual(h.connection.lists()[0], fruitsAfter[0]);
    assert.deepEqual(h.socket.sentOf('resync').map((m) => m.list), ['side']);
    h.connection.close();
  });
});

describe('frames the client cannot read', () => {
  test('malformed JSON is reported, dropped, and the next batch\'s gap asks for a reload', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive('{"v": 1, "type": "batch", "list": "ma');
    assert.equal(h.reports.length, 1);
    assert.equal(h.reports[0].kind, 'unreadable');
    assert.match(h.reports[0].message, /^a message from the server was not JSON/);
    assert.deepEqual(h.socket.sentOf('resync'), [], 'no list is known to have missed anything');
    assert.equal(h.socket.readyState, 1, 'the connection carries on');
    h.socket.receive({ ...fruitsBatch, seq: 3 });
    assert.deepEqual(h.socket.sentOf('resync').map((m) => m.list), ['main']);
    h.connection.close();
  });

  test('an unreadable frame makes the lists waiting for a reload ask again', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive({ ...fruitsBatch, seq: 5 });
    h.socket.receive('not json');
    assert.deepEqual(h.socket.sentOf('resync').map((m) => m.list), ['main', 'main']);
    assert.match(h.socket.sentOf('resync')[1].reason, /^a message from the server was not JSON/);
    h.connection.close();
  });

  test('other versions, non-objects and messages without a type or list are reported', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive({ v: 2, type: 'reload', list: 'main', seq: 1 });
    h.socket.receive('[1, 2]');
    h.socket.receive({ v: 1, list: 'main' });
    h.socket.receive({ v: 1, type: 'reload', seq: 1 });
    assert.deepEqual(h.reports.map((r) => r.message), [
      'a message from the server had version 2, not 1',
      'a message from the server was not a JSON object',
      'a message from the server had no type',
      'a message from the server was a reload with no list',
    ]);
    assert.deepEqual(h.socket.sentOf('resync'), []);
    h.connection.close();
  });

  test('a server error is reported, not thrown, and the connection carries on', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive({ v: 1, type: 'error', message: 'unknown list "nope" in ack' });
    assert.deepEqual(h.reports, [{ kind: 'server', message: 'unknown list "nope" in ack' }]);
    h.socket.receive(fruits);
    assert.equal(h.connection.lists().length, 1);
    h.connection.close();
  });

  test('an unknown message type is reported and ignored', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive({ v: 1, type: 'frames', list: 'main' });
    assert.deepEqual(h.reports,
      [{ kind: 'unknown-type', message: 'a message of unknown type "frames" was ignored' }]);
    assert.deepEqual(h.socket.sent.map((m) => m.type), ['ready']);
    h.connection.close();
  });
});

describe('heartbeat', () => {
  test('pings every interval with an increasing id', () => {
    const h = harness();
    h.socket.open();
    h.clock.advance(9_999);
    assert.deepEqual(h.socket.sentOf('ping'), []);
    h.clock.advance(1);
    h.socket.receive({ v: 1, type: 'pong', id: 1 });
    h.clock.advance(10_000);
    h.socket.receive({ v: 1, type: 'pong', id: 2 });
    h.clock.advance(10_000);
    h.socket.receive({ v: 1, type: 'pong', id: 3 });
    assert.deepEqual(h.socket.sentOf('ping'), [
      { v: 1, type: 'ping', id: 1 }, { v: 1, type: 'ping', id: 2 }, { v: 1, type: 'ping', id: 3 },
    ]);
    assert.equal(h.sockets.length, 1);
    assert.equal(h.socket.closedByClient, false);
    assert.deepEqual(h.reports, []);
    h.connection.close();
  });

  test('any message answers a ping', () => {
    const h = harness();
    h.socket.open();
    h.clock.advance(10_000);
    h.clock.advance(4_999);
    h.socket.receive(fruits);
    h.clock.advance(5_001);
    assert.equal(h.sockets.length, 1);
    assert.equal(h.socket.closedByClient, false);
    h.connection.close();
  });

  test('no answer within the timeout closes the socket and connects again with backoff', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.clock.advance(10_000);
    h.clock.advance(4_999);
    assert.equal(h.socket.closedByClient, false);
    h.clock.advance(1);
    const first = h.sockets[0];
    assert.equal(first.closedByClient, true, 'the half-open socket is closed');
    assert.equal(h.reports.at(-1).kind, 'heartbeat');
    assert.equal(h.sockets.length, 1, 'reconnects only after the backoff');
    h.clock.advance(124);
    assert.equal(h.sockets.length, 1);
    h.clock.advance(1);
    assert.equal(h.sockets.length, 2);
    assert.equal(h.socket.openedAt, 15_125);

    // The old socket's late close event changes nothing.
    first.drop();
    assert.equal(h.sockets.length, 2);

    h.socket.open();
    assert.deepEqual(h.socket.sent, [ready]);
    h.clock.advance(10_000);
    assert.deepEqual(h.socket.sentOf('ping'), [{ v: 1, type: 'ping', id: 2 }]);
    h.connection.close();
  });
});

describe('reconnecting', () => {
  test('the delay doubles from 250 ms to 5 s', () => {
    const backoff = { initial: 250, maximum: 5_000 };
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map((n) => reconnectDelay(n, backoff)),
      [250, 500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
  });

  test('waits longer after each failed attempt, and starts over after an open', () => {
    const h = harness(); // random() is 0: each wait is half of reconnectDelay
    const opens = () => h.sockets.map((socket) => socket.openedAt);
    h.socket.drop();
    for (const delay of [125, 250, 500, 1_000, 2_000, 2_500, 2_500]) {
      const count = h.sockets.length;
      h.clock.advance(delay - 1);
      assert.equal(h.sockets.length, count, `reconnected before ${delay} ms`);
      h.clock.advance(1);
      assert.equal(h.sockets.length, count + 1, `did not reconnect after ${delay} ms`);
      h.socket.onerror?.({ type: 'error' });
      h.socket.drop();
    }
    assert.deepEqual(opens(), [0, 125, 375, 875, 1_875, 3_875, 6_375, 8_875]);
    h.clock.advance(5_000);
    h.socket.open();
    h.socket.drop();
    const count = h.sockets.length;
    h.clock.advance(125);
    assert.equal(h.sockets.length, count + 1, 'the delay did not start over after an open');
    h.connection.close();
  });

  test('a socket factory that throws is reported and tried again', () => {
    let fail = true;
    const clock = new FakeClock();
    const reports = [];
    const sockets = [];
    const connection = connect({
      url: 'ws://test/socket',
      socketFactory: (url) => {
        if (fail) throw new SyntaxError('bad address');
        const socket = new FakeSocket(url, clock.now);
        sockets.push(socket);
        return socket;
      },
      viewport: () => ({ width: 1, height: 1 }),
      onError: (value) => reports.push(value),
      clock,
    });
    assert.equal(reports[0].kind, 'socket');
    fail = false;
    clock.advance(250);
    assert.equal(sockets.length, 1);
    connection.close();
  });

  test('after a reconnect: ready again, and the reloads give the server\'s lists', async () => {
    const animations = [];
    const h = harness({
      onChange: () => {
        const animation = deferred();
        animations.push(animation);
        return animation.promise;
      },
    });
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.receive(fruitsBatch);
    h.socket.receive({ ...fruitsBatch, seq: 9 }); // refused: waits for a reload
    const first = h.socket;
    first.drop();
    h.clock.advance(250);
    h.socket.open();
    assert.deepEqual(h.socket.sent, [ready]);

    // A batch before the list's reload is ignored: it may follow a state the
    // server no longer knows.
    h.socket.receive({ ...fruitsBatch, seq: 3 });
    assert.equal(h.connection.lists()[0].seq, 2);
    assert.deepEqual(h.socket.sent, [ready]);

    // The server restarted: its list is new, and its seq starts again.
    const server = reload([['vegetables', ['leek', 'kale']], ['fruits', ['fig']]], { seq: 1 });
    h.socket.receive(server);
    assert.deepEqual(h.connection.lists(), [{
      list: 'main', seq: 1,
      sections: [{ id: 'vegetables', items: ['leek', 'kale'] }, { id: 'fruits', items: ['fig'] }],
    }]);
    assert.equal(h.changes.at(-1).before.lists.get('main').seq, 2);

    // The animations from before the reconnect finish: their acks are dropped.
    animations[0].resolve();
    animations[1].resolve();
    await settle();
    assert.deepEqual(first.sentOf('ack'), []);
    assert.deepEqual(h.socket.sentOf('ack'), []);
    animations[2].resolve();
    await settle();
    assert.deepEqual(h.socket.sentOf('ack'), [{ v: 1, type: 'ack', list: 'main', seq: 1 }]);
    h.connection.close();
  });

  test('close() stops for good: no reconnect, no ping, no ack', async () => {
    const animation = deferred();
    const h = harness({ onChange: () => animation.promise });
    h.socket.open();
    h.socket.receive(fruits);
    h.connection.close();
    assert.equal(h.socket.closedByClient, true);
    assert.equal(h.states.at(-1), 'closed');
    assert.equal(h.clock.pending, 0);
    h.socket.drop();
    h.clock.advance(60_000);
    animation.resolve();
    await settle();
    assert.equal(h.sockets.length, 1);
    assert.deepEqual(h.socket.sent.map((m) => m.type), ['ready']);
    h.connection.close();
  });

  test('close() while waiting to reconnect cancels the attempt', () => {
    const h = harness();
    h.socket.drop();
    h.connection.close();
    h.clock.advance(60_000);
    assert.equal(h.sockets.length, 1);
  });
});

test('close() called by the error listener as the socket drops stops the reconnect', () => {
  const clock = new FakeClock();
  const sockets = [];
  const connection = connect({
    url: 'ws://test/socket',
    socketFactory: (url) => {
      const socket = new FakeSocket(url, clock.now);
      sockets.push(socket);
      return socket;
    },
    viewport: () => ({ width: 1, height: 1 }),
    onError: () => connection.close(),
    clock,
  });
  sockets[0].open();
  sockets[0].drop();
  clock.advance(60_000);
  assert.equal(sockets.length, 1);
  assert.equal(clock.pending, 0);
});

test('a socket that does not open in time is closed, and another tried', () => {
  const h = harness({ connectTimeout: 3_000 });
  h.clock.advance(2_999);
  assert.equal(h.socket.closedByClient, false);
  h.clock.advance(1);
  assert.equal(h.sockets[0].closedByClient, true);
  assert.deepEqual(h.reports,
    [{ kind: 'socket', message: 'the socket did not open within 3000 ms' }]);
  h.clock.advance(250);
  assert.equal(h.sockets.length, 2);
  h.socket.open();
  h.clock.advance(3_000);
  assert.equal(h.sockets.length, 2, 'an open socket is not timed out');
  assert.deepEqual(h.socket.sentOf('ready').length, 1);
  h.connection.close();
});

test('a viewport function that fails is reported, and the connection tried again later', () => {
  let fail = true;
  const h = harness({
    viewport: () => {
      if (fail) throw new Error('no window');
      return { width: 390, height: 844 };
    },
  });
  h.socket.open();
  assert.deepEqual(h.socket.sent, []);
  assert.equal(h.sockets[0].closedByClient, true);
  assert.deepEqual(h.reports.map((r) => r.message),
    ['the viewport function failed: Error: no window']);
  fail = false;
  h.clock.advance(250);
  h.socket.open();
  assert.deepEqual(h.socket.sent, [ready]);
  h.connection.close();
});

describe('a random part of each reconnect delay', () => {
  test('random() 0 waits half of reconnectDelay; 0.999 just under all of it', () => {
    const backoff = { initial: 250, maximum: 5_000 };
    for (const [random, first] of [[0, 125], [0.999, 249.875]]) {
      const h = harness({ random: () => random, backoff });
      h.socket.drop();
      h.clock.advance(first - 0.125);
      assert.equal(h.sockets.length, 1, `random ${random}: reconnected too early`);
      h.clock.advance(0.125);
      assert.equal(h.sockets.length, 2, `random ${random}: did not reconnect`);
      assert.equal(h.socket.openedAt, first);
      assert.ok(first >= reconnectDelay(0, backoff) / 2 && first < reconnectDelay(0, backoff));
      h.connection.close();
    }
  });

  test('each delay draws its own random part', () => {
    const draws = [0, 0.999, 0.5, 0.25];
    const h = harness({ random: () => draws.shift() });
    const waits = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const droppedAt = h.clock.now;
      h.socket.drop();
      h.clock.advance(2_000);
      waits.push(h.socket.openedAt - droppedAt);
    }
    // 250 * 0.5, 500 * 0.9995, 1000 * 0.75, 2000 * 0.625.
    assert.deepEqual(waits, [125, 499.75, 750, 1_250]);
    assert.equal(draws.length, 0);
    h.connection.close();
  });

  test('the default is Math.random: the wait is between half and all of the delay', () => {
    // `undefined` leaves connect's own default in place of the harness's.
    const h = harness({ random: undefined, backoff: { initial: 1_000, maximum: 1_000 } });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const before = h.clock.now;
      h.socket.drop();
      h.clock.advance(1_000);
      const waited = h.socket.openedAt - before;
      assert.ok(waited >= 500 && waited < 1_000, `waited ${waited} ms`);
    }
    h.connection.close();
  });
});

describe('closes from the server', () => {
  const refused = "The server refused this page's connection: origin not allowed. "
    + 'Reload the page to start again.';

  /** That the connection stopped for good: closed, no timer, no new socket. */
  function assertStopped(h) {
    assert.equal(h.states.at(-1), 'closed');
    assert.equal(h.clock.pending, 0, 'no timer left');
    h.clock.advance(60_000);
    assert.equal(h.sockets.length, 1, 'did not connect again');
    assert.equal(h.connection.input('search', 'x'), false);
  }

  test('1008: stops for good, and tells the page with the reason', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive(fruits);
    h.socket.drop(1008, 'origin not allowed');
    assert.deepEqual(h.notices, [{ code: 1008, reason: 'origin not allowed', message: refused }]);
    assert.deepEqual(h.reloads, []);
    assert.deepEqual(h.reports.at(-1),
      { kind: 'socket', message: 'the socket closed (code 1008, "origin not allowed")' });
    assert.deepEqual(h.connection.lists(), [
      { list: 'main', seq: 1, sections: [{ id: 'fruits', items: ['apple', 'pear'] }] },
    ], 'the page keeps what it shows');
    assertStopped(h);
  });

  test('1008 with no reason leaves the reason out of the sentence', () => {
    const h = harness();
    h.socket.drop(1008, '');
    assert.deepEqual(h.notices, [{
      code: 1008, reason: '',
      message: "The server refused this page's connection. Reload the page to start again.",
    }]);
    assertStopped(h);
  });

  test('a close with no reason reads the error the server sent just before it', () => {
    const h = harness();
    h.socket.open();
    h.socket.receive({ v: 1, type: 'error', message: 'the page was issued to another browser' });
    h.socket.drop(1008, '');
    assert.equal(h.notices.length, 1);
    assert.equal(h.notices[0].reason, 'the page was issued to another browser');
    assert.match(h.notices[0].message, /the page was issued to another browser/);
    assertStopped(h);
  });

  test("an earlier socket's error is not a later close's reason", () => {
    const h = harness();
    const first = h.socket;
    first.open();
    first.receive({ v: 1, type: 'error', message: 'an old complaint' });
    first.drop(1006, '');
    h.clock.advance(60_000);
    const second = h.socket;
    assert.notEqual(second, first);
    second.open();
    second.drop(1008, '');
    assert.equal(h.notices.at(-1).reason, '');
  });

  test('1008 before the socket opened: no reconnect, no open timeout left', () => {
    const h = harness({ connectTimeout: 3_000 });
    h.socket.drop(1008, 'bad cookie');
    assert.equal(h.notices.length, 1);
    assert.equal(h.reports.length, 1, 'no timeout reported later');
    assertStopped(h);
    assert.equal(h.reports.length, 1);
  });

  test('4000: another socket of the page replaced this one; stops for good', () => {
    const h = harness();
    h.socket.open();
    h.socket.drop(4000, 'superseded');
    assert.deepEqual(h.notices, [{
      code: 4000, reason: 'superseded',
      message: 'This page was opened again elsewhere; this copy stopped.',
    }]);
    assert.deepEqual(h.reloads, []);
    assertStopped(h);
  });

  for (const [code, reason] of [[4001, 'client version 1, server version 2'],
    [4002, 'unknown page']]) {
    test(`${code}: stops for good and asks the page to reload itself`, () => {
      const h = harness();
      h.socket.open();
      h.socket.drop(code, reason);
      assert.deepEqual(h.reloads, [{ code, reason }]);
      assert.deepEqual(h.notices, []);
      assertStopped(h);
    });
  }

  test('4001 or 4002 without onReloadPage: a notice instead', () => {
    const h = harness({ onReloadPage: undefined });
    h.socket.drop(4002, 'unknown page');
    assert.deepEqual(h.notices, [{
      code: 4002, reason: 'unknown page',
      message: 'The page could not reconnect: unknown page. Reload it to try again.',
    }]);
    assertStopped(h);
  });

  for (const code of [1000, 1001, 1002, 1006, 1007, 1009, 1011, 3000, 4003, undefined]) {
    test(`${code ?? 'no code'}: connects again after the backoff`, () => {
      const h = harness();
      h.socket.open();
      h.socket.drop(code, 'going away');
      assert.equal(h.states.at(-1), 'waiting');
      h.clock.advance(125);
      assert.equal(h.sockets.length, 2);
      assert.deepEqual(h.notices, []);
      assert.deepEqual(h.reloads, []);
      h.connection.close();
    });
  }

  test('only the current socket\'s close counts', () => {
    const h = harness();
    const first = h.socket;
    first.open();
    h.clock.advance(15_000); // no answer to the ping: the client drops it
    h.clock.advance(125);
    assert.equal(h.sockets.length, 2);
    first.drop(1008, 'too many bad messages');
    first.drop(4002, 'unknown page');
    assert.deepEqual(h.notices, []);
    assert.deepEqual(h.reloads, []);
    assert.equal(h.states.at(-1), 'connecting');
    h.socket.open();
    assert.equal(h.states.at(-1), 'open');

    // Once stopped, the same socket's later events change nothing.
    h.socket.drop(4000, 'superseded');
    h.socket.drop(4000, 'superseded');
    h.socket.onerror?.({ type: 'error' });
    assert.equal(h.notices.length, 1);
    assert.equal(h.sockets.length, 2);
    h.clock.advance(60_000);
    assert.equal(h.sockets.length, 2);
  });

  test('a notice listener that throws is reported; the connection stays stopped', () => {
    const h = harness({ onNotice: () => { throw new Error('no page'); } });
    h.socket.drop(1008, 'bad origin');
    assert.deepEqual(h.reports.map((report) => report.kind), ['socket', 'listener']);
    assert.match(h.reports[1].message, /the notice listener failed: Error: no page/);
    assertStopped(h);
  });

  test('closeNotice: a sentence for the codes that stop, none for the others', () => {
    assert.equal(closeNotice(1008, 'origin not allowed'), refused);
    assert.equal(closeNotice(4001, ''), 'The page could not reconnect. Reload it to try again.');
    assert.equal(closeNotice(1006, 'x'), undefined);
    assert.equal(closeNotice(1000, ''), undefined);
  });
});
