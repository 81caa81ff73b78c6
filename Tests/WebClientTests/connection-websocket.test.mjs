// The connection over a real `WebSocket` (Node's, which is the browser's
// interface) and a small WebSocket server on loopback written here with
// node:http: the real class fits the socket factory as it is, and the page
// says `ready`, acks, answers a dropped connection and a server that stops
// answering pings by connecting again, and stops for good when the server
// closes with a code that says so. Every wait is on a message or an event,
// never on a sleep.
//
// Node 20 has `WebSocket` only behind `--experimental-websocket`; without
// the global, this file runs itself again in a child `node` with the flag.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { connect } from '../../Sources/DiffableWeb/Resources/client/connection.js';
import { reload } from './support.mjs';
import { acceptUpgrade, closeFrame, FrameReader, textFrame } from './websocket-frames.mjs';

const FLAG = '--experimental-websocket';

/** Values that arrive over time, taken in order by those waiting for them. */
class Queue {
  #values = [];
  #waiters = [];

  push(value) {
    const at = this.#waiters.findIndex((waiter) => waiter.accepts(value));
    if (at >= 0) this.#waiters.splice(at, 1)[0].resolve(value);
    else this.#values.push(value);
  }

  /** The first value `accepts` takes, now or when it arrives. */
  take(accepts = () => true) {
    const at = this.#values.findIndex(accepts);
    if (at >= 0) return Promise.resolve(this.#values.splice(at, 1)[0]);
    return new Promise((resolve) => { this.#waiters.push({ accepts, resolve }); });
  }
}

/** The server's end of one WebSocket connection: text frames in and out. */
class Peer {
  messages = new Queue();
  #frames = new FrameReader({
    onText: (message) => this.messages.push(message),
    onClose: () => this.socket.end(),
  });

  constructor(socket) {
    this.socket = socket;
    socket.on('data', (chunk) => this.#frames.push(chunk));
    socket.on('error', () => {});
  }

  /** The next message of a type the client sends. */
  next(type) { return this.messages.take((message) => message.type === type); }

  /** Sends a message in one unmasked text frame. */
  send(message) {
    this.socket.write(textFrame(message));
  }

  /** Starts the closing handshake with a close code and reason. */
  close(code, reason) { this.socket.write(closeFrame(code, reason)); }

  /** Drops the TCP connection with no closing handshake. */
  kill() { this.socket.destroy(); }
}

/** A WebSocket server on loopback; `connections` yields a `Peer` per client. */
async function startServer() {
  const connections = new Queue();
  const server = createServer((request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket) => {
    acceptUpgrade(request, socket);
    connections.push(new Peer(socket));
  });
  await new Promise((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  const { port } = server.address();
  return { url: `ws://127.0.0.1:${port}/socket`, connections, server };
}

/** Resolves when `predicate` holds after one of the connection's changes. */
function watch() {
  const changes = new Queue();
  return {
    onChange: (change) => changes.push(change),
    changed: (predicate) => changes.take(predicate),
  };
}

if (globalThis.WebSocket === undefined) {
  test('runs again with a WebSocket global', (t) => {
    if (!process.allowedNodeEnvironmentFlags.has(FLAG)) {
      t.skip(`this Node has neither a WebSocket global nor ${FLAG}`);
      return;
    }
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(
      process.execPath, [FLAG, '--no-warnings', '--test', fileURLToPath(import.meta.url)],
      { encoding: 'utf8', env, timeout: 60_000 });
    const summary = run.stdout.split('\n').filter((line) => /^# (tests|pass|fail)/.test(line));
    t.diagnostic(`with ${FLAG}: ${summary.join(', ')}`);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.ok(summary.includes('# fail 0') && !summary.includes('# pass 0'), run.stdout);
  });
} else {
  const fruits = reload([['fruits', ['apple', 'pear']]]);
  const oneMore = {
    v: 1, type: 'batch', list: 'main', seq: 2,
    update: {
      sectionDeletes: [], sectionInserts: [], sectionMoves: [], sectionReloads: [],
      itemDeletes: [], itemInserts: [[0, 2]], itemMoves: [], itemReloads: [],
      itemReconfigures: [],
    },
    counts: [3], insertedSections: [], reloadedSections: [], insertedItems: ['kiwi'],
    cells: { kiwi: { text: 'Kiwi' } }, reconfigured: {},
  };

  test('the browser WebSocket class fits: ready, acks, and a reload after a dropped socket',
    async () => {
      const { url, connections, server } = await startServer();
      const { onChange, changed } = watch();
      const connection = connect({
        url, socketFactory: (address) => new WebSocket(address),
        viewport: () => ({ width: 390, height: 844 }),
        onChange, backoff: { initial: 1, maximum: 4 }, heartbeatInterval: 60_000,
      });
      try {
        let peer = await connections.take();
        assert.deepEqual(await peer.next('ready'),
          { v: 1, type: 'ready', viewport: { width: 390, height: 844 } });
        peer.send(fruits);
        assert.deepEqual(await peer.next('ack'), { v: 1, type: 'ack', list: 'main', seq: 1 });
        peer.send(oneMore);
        assert.deepEqual(await peer.next('ack'), { v: 1, type: 'ack', list: 'main', seq: 2 });
        assert.deepEqual(connection.lists()[0].sections[0].items, ['apple', 'pear', 'kiwi']);

        peer.kill();
        peer = await connections.take();
        assert.equal((await peer.next('ready')).type, 'ready');
        peer.send(reload([['vegetables', ['leek']]], { seq: 1 }));
        await changed((change) => change.after.lists.get('main').sections[0].id === 'vegetables');
        assert.deepEqual(connection.lists(),
          [{ list: 'main', seq: 1, sections: [{ id: 'vegetables', items: ['leek'] }] }]);
        assert.deepEqual(await peer.next('ack'), { v: 1, type: 'ack', list: 'main', seq: 1 });
      } finally {
        connection.close();
        server.close();
        server.closeAllConnections?.();
      }
    });

  test('a server that stops answering pings is left for a new connection', async () => {
    const { url, connections, server } = await startServer();
    const errors = new Queue();
    const connection = connect({
      url, socketFactory: (address) => new WebSocket(address),
      viewport: () => ({ width: 390, height: 844 }),
      onError: (report) => errors.push(report),
      backoff: { initial: 1, maximum: 4 }, heartbeatInterval: 20, heartbeatTimeout: 100,
    });
    try {
      const peer = await connections.take();
      await peer.next('ready');
      for (let answered = 0; answered < 3; answered += 1) {
        const { id } = await peer.next('ping');
        assert.equal(id, answered + 1);
        peer.send({ v: 1, type: 'pong', id });
      }
      // The server goes quiet, with its TCP connection still open.
      const report = await errors.take((value) => value.kind === 'heartbeat');
      assert.match(report.message, /no message from the server within 100 ms of a ping/);
      const next = await connections.take();
      assert.equal((await next.next('ready')).type, 'ready');
    } finally {
      connection.close();
      server.close();
      server.closeAllConnections?.();
    }
  });

  test('a close with 1008 and its reason reaches the page, and nothing connects again',
    async () => {
      const { url, connections, server } = await startServer();
      const notices = new Queue();
      const states = [];
      const connection = connect({
        url, socketFactory: (address) => new WebSocket(address),
        viewport: () => ({ width: 390, height: 844 }),
        onNotice: (notice) => notices.push(notice),
        onState: (state) => states.push(state),
        backoff: { initial: 1, maximum: 4 }, heartbeatInterval: 60_000,
      });
      try {
        const peer = await connections.take();
        await peer.next('ready');
        peer.close(1008, 'origin not allowed');
        const notice = await notices.take();
        assert.deepEqual([notice.code, notice.reason], [1008, 'origin not allowed']);
        // A reconnect would have said `waiting` before the notice came.
        assert.deepEqual(states, ['connecting', 'open', 'closed']);
      } finally {
        connection.close();
        server.close();
        server.closeAllConnections?.();
      }
    });
}
