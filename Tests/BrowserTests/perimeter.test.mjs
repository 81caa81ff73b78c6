// The perimeter of `serve` (the web spec's "Production" section), attacked
// with no browser: wire clients that load their page as a browser does
// (support/wire.mjs), WebSockets on raw TCP for what no browser sends
// (support/raw-websocket.mjs) and HTTP on raw TCP (support/raw-http.mjs).
//
// - Identity: a socket is admitted only with the page's id, for the page's
//   path, with the cookie of the browser that loaded the page, from the
//   server's own origin, speaking wire version 1. A refusal is an upgrade
//   that the server closes at once with a code and a reason (another
//   origin's may instead get 403 before the upgrade), and never a list; a
//   refused socket takes nothing from the page's own.
// - Sessions: 1,100 pages asked for by one client with no socket do not
//   lock a new visitor out, nor take a page that has its socket;
//   `/state/ID` answers only the page's browser; a second socket of a page
//   supersedes the first (4000); SIGTERM closes sockets with 1001.
// - Messages: bad or over-rate messages are answered with errors and, 5 in
//   a row, close the socket (1008); a message over 1 MiB is closed with
//   1009, text that is not UTF-8 with 1007, an unmasked frame and a
//   continuation with nothing to continue with 1002.
// - HTTP: `HEAD` answers as `GET` with no body; 17 KiB of headers get 431,
//   a 9 KiB request line 414, a garbage line and `Content-Length` with
//   `Transfer-Encoding` 400, an unknown method 501, each then closing the
//   connection; headers not complete within 10 s close the connection (also
//   when they come a byte a second); and with the server's file limit at
//   1,024, 1,100 such connections are each closed within 12 s of being
//   accepted, after which a new visitor's page gets its lists.
//   `DIFFABLE_PERIMETER_LONG=1` adds the 60 s idle keep-alive check.
//
// Every close checked has its code and a non-empty reason. Nothing sleeps:
// each wait is on a close frame, the end of a connection, an answer, or the
// kernel's table of connections, with a deadline.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { pollUntil, withDeadline } from './support/cdp.mjs';
import { RawConnection, parseHead } from './support/raw-http.mjs';
import { OPCODE, RawWebSocket, clientFrame } from './support/raw-websocket.mjs';
import { GUARD_SKIP, startServer } from './support/server.mjs';
import { WIRE_VERSION, WireClient, visitPage } from './support/wire.mjs';

const MOUNTAINS = '/demos/mountains';
const READY = { v: WIRE_VERSION, type: 'ready', viewport: { width: 390, height: 844 }, lists: {} };
/** The most a refused or closed socket may take to close, in milliseconds. */
const CLOSE_TIMEOUT = 5_000;

let server;
before(async () => { server = await startServer(); });
after(async () => {
  if (server !== undefined) assert.deepEqual(await server.stop(), { code: 0, signal: null });
});

/** A page of the shared server, as a new browser (or the browser of `cookie`) loads it. */
const visit = (path = MOUNTAINS, options = {}) => visitPage(server.url, path, options);

/** A new page id the server never issued. */
const inventedId = () => randomBytes(16).toString('hex');

/**
 * Opens a socket to `url` with `headers` and says `ready` on it.
 *
 * @returns {Promise<RawWebSocket>}
 */
async function connect(url, headers) {
  const socket = await RawWebSocket.connect(url, { headers });
  assert.equal(socket.status, 101, `the upgrade of ${url} was answered ${socket.status}: ${socket.head}`);
  socket.send(READY);
  return socket;
}

/** The page's socket, opened as its browser does; resolves once its first reload came. */
async function openPage(page) {
  const socket = await connect(page.socketURL, page.headers);
  await socket.until((s) => s.messages.some((text) => JSON.parse(text).type === 'reload'),
    { what: `the first reload of ${page.id}` });
  return socket;
}

/**
 * Asserts that the server closed `socket` with `code` and a reason that is
 * not empty (and matches `reason` when given), and sent it no message.
 */
async function assertRefused(socket, code, reason) {
  const frame = await assertClosed(socket, code, reason);
  assert.deepEqual(socket.messages, [], 'the refused socket received messages');
  return frame;
}

/** Asserts that the server closed `socket` with `code` and a non-empty reason (matching `reason`). */
async function assertClosed(socket, code, reason) {
  try {
    const frame = await socket.closedByServer({ timeout: CLOSE_TIMEOUT });
    assert.equal(frame.code, code,
      `${new URL(socket.url).pathname} closed with ${frame.code} ${JSON.stringify(frame.reason)}`);
    assert.ok(frame.reason.length > 0, `the close ${code} has no reason`);
    if (reason !== undefined) assert.match(frame.reason, reason);
    return frame;
  } finally {
    socket.destroy();
  }
}

/** The messages of a socket, parsed. */
const parsed = (socket) => socket.messages.map((text) => JSON.parse(text));

/** The socket address of page `page` with another query. */
const socketWith = (page, query) => `${page.origin.replace(/^http/, 'ws')}${MOUNTAINS}/socket?${query}`;

describe('a socket is admitted only with its page\'s identity', () => {
  test('an invented page id is closed with 4002 and gets no list', async () => {
    const page = await visit();
    const socket = await connect(socketWith(page, `page=${inventedId()}&v=1`), page.headers);
    await assertRefused(socket, 4002);
  });

  test('a page\'s id without its cookie is closed with 1008 and gets no list', async () => {
    const page = await visit();
    const socket = await connect(page.socketURL, { Origin: page.origin });
    await assertRefused(socket, 1008);
  });

  test('a page\'s id with another browser\'s cookie is closed with 1008; the page keeps its socket',
    async () => {
      const page = await visit();
      const own = await openPage(page);
      try {
        const stranger = await visit();
        const socket = await connect(page.socketURL, stranger.headers);
        await assertRefused(socket, 1008, /another browser/);
        // The page's own socket was not touched, and still gets what it asks for.
        assert.ok(own.open, `the page's socket closed: ${JSON.stringify(own.closeFrame)}`);
        const reloads = parsed(own).filter((message) => message.type === 'reload').length;
        own.send({ v: WIRE_VERSION, type: 'resync', list: 'mountains', reason: 'the test' });
        await own.until((s) => parsed(s).filter((message) => message.type === 'reload').length > reloads,
          { what: 'a reload after the refused socket' });
      } finally {
        own.destroy();
      }
    });

  for (const origin of ['http://evil.example', 'null']) {
    test(`Origin: ${origin} is refused (403 before the upgrade, or closed with 1008) and gets no list`,
      async () => {
        const page = await visit();
        const socket = await RawWebSocket.connect(page.socketURL,
          { headers: { Cookie: page.cookie, Origin: origin } });
        if (socket.status === 101) {
          socket.send(READY);
          await assertRefused(socket, 1008, /origin/);
        } else {
          socket.destroy();
          assert.equal(socket.status, 403, socket.head);
        }
        const response = await fetch(page.socketURL.replace(/^ws/, 'http'), { headers: { origin } });
        await response.arrayBuffer();
        assert.equal(response.status, 403, 'a plain GET of the socket from that origin');
        // The same page from its own origin is admitted.
        (await openPage(page)).destroy();
      });
  }

  test('a page\'s id on another page\'s socket path is closed with 1008 and gets no list',
    async () => {
      const sort = await visit('/demos/sort');
      const socket = await connect(socketWith(sort, `page=${sort.id}&v=1`), sort.headers);
      await assertRefused(socket, 1008, /path/);
    });

  test('a malformed page id is closed with 1008; a missing or other wire version with 4001',
    async () => {
      const page = await visit();
      await assertRefused(await connect(socketWith(page, 'page=not-an-id&v=1'), page.headers), 1008);
      await assertRefused(await connect(socketWith(page, `page=${page.id.toUpperCase()}&v=1`),
        page.headers), 1008);
      await assertRefused(await connect(socketWith(page, `page=${page.id}`), page.headers), 4001);
      await assertRefused(await connect(socketWith(page, `page=${page.id}&v=2`), page.headers), 4001);
      // None of them took the page: it connects as itself.
      (await openPage(page)).destroy();
    });
});

describe('sessions', () => {
  test('1,100 pages asked for by one client with no socket lock no one out', async (t) => {
    // A server of its own, so that its table of pages is this test's.
    const own = await startServer();
    try {
      const origin = own.url;
      const victim = await visitPage(origin, MOUNTAINS);
      const victimSocket = new WireClient(victim);
      await victimSocket.open();
      await victimSocket.until((c) => c.lists().length > 0, { what: 'the victim\'s lists' });

      // One client address: half the pages with one cookie, half as new browsers.
      const attacker = await visitPage(origin, MOUNTAINS);
      const first = attacker;
      let issued = 1;
      const started = performance.now();
      await Promise.all(Array.from({ length: 8 }, async (_, worker) => {
        for (let index = worker; index < 1_099; index += 8) {
          const response = await withDeadline(fetch(`${origin}${MOUNTAINS}`,
            { headers: index % 2 === 0 ? { cookie: attacker.cookie } : {} }), 15_000,
          () => `no answer to page GET ${index}`);
          await response.arrayBuffer();
          assert.equal(response.status, 200, `page GET ${index} answered ${response.status}`);
          issued += 1;
        }
      }));
      t.diagnostic(`1,100 page GETs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      assert.equal(issued, 1_100);

      // A new visitor gets a page, and its socket its lists.
      const visitor = await visitPage(origin, MOUNTAINS);
      assert.notEqual(visitor.cookie, attacker.cookie);
      const client = new WireClient(visitor);
      await client.open();
      await client.until((c) => c.lists().length > 0 && c.items('mountains').length > 100,
        { what: 'the new visitor\'s lists' });
      assert.deepEqual(client.errors, []);
      await client.close();

      // The page with a socket was kept, and still answers.
      assert.equal(victimSocket.closeCode, null, `the victim's socket closed: ${victimSocket.closeReason}`);
      const state = await own.state(victim.id, { cookie: victim.cookie });
      assert.equal(state?.connection.connected, true);
      victimSocket.send({ type: 'input', name: 'search', value: 'ka' });
      await victimSocket.until((c) => c.items('mountains').length < 100, { what: 'the victim\'s query' });

      // The oldest page without a socket went first: its socket is not known.
      const evicted = await RawWebSocket.connect(first.socketURL, { headers: first.headers });
      evicted.send(READY);
      await assertRefused(evicted, 4002);
      await victimSocket.close();
    } finally {
      assert.deepEqual(await own.stop(), { code: 0, signal: null });
    }
  });

  test('/state/ID answers only the page\'s browser', async () => {
    const page = await visit();
    const stranger = await visit();
    // A page's session (and its state) is made by its first socket.
    const socket = await openPage(page);
    socket.destroy();
    assert.ok((await server.state(page.id, { cookie: page.cookie })) !== null, 'the page\'s own browser');
    for (const headers of [{}, { cookie: stranger.cookie }]) {
      const response = await fetch(`${server.url}/state/${page.id}`, { headers });
      await response.arrayBuffer();
      assert.equal(response.status, 404, `with ${JSON.stringify(headers)}`);
    }
    const unknown = await fetch(`${server.url}/state/${inventedId()}`, { headers: { cookie: page.cookie } });
    await unknown.arrayBuffer();
    assert.equal(unknown.status, 404);
  });

  test('a second socket of a page closes the first with 4000; the second gets the page',
    async () => {
      const page = await visit();
      const first = await openPage(page);
      const second = await openPage(page);
      try {
        await assertClosed(first, 4000, /replaced/);
        assert.ok(second.open);
        const state = await server.state(page.id, { cookie: page.cookie });
        assert.equal(state.connection.connected, true);
      } finally {
        second.destroy();
      }
    });

  test('SIGTERM closes every socket with 1001 and a reason', async () => {
    const own = await startServer();
    let stopped = false;
    try {
      const pages = [await visitPage(own.url, MOUNTAINS), await visitPage(own.url, '/demos/sort')];
      const sockets = [];
      for (const page of pages) sockets.push(await openPage(page));
      const stopping = own.stop();
      for (const socket of sockets) await assertClosed(socket, 1001, /shutting down/);
      assert.deepEqual(await stopping, { code: 0, signal: null });
      stopped = true;
    } finally {
      if (!stopped) await own.stop().catch(() => {});
    }
  });
});

describe('messages a socket must not send', () => {
  test('6 unreadable messages: errors, then the socket is closed with 1008 after the 5th',
    async () => {
      const socket = await openPage(await visit());
      for (let i = 0; i < 6; i += 1) socket.send('not json');
      const frame = await assertClosed(socket, 1008, /^5 bad messages in a row/);
      assert.ok(parsed(socket).filter((message) => message.type === 'error').length >= 4, frame.reason);
    });

  test('a resync flood past the rate is answered with errors and closed with 1008', async () => {
    const socket = await openPage(await visit());
    for (let i = 0; i < 40; i += 1) {
      socket.send({ v: WIRE_VERSION, type: 'resync', list: 'mountains', reason: 'a flood' });
    }
    await assertClosed(socket, 1008, /^5 bad messages in a row/);
    assert.ok(parsed(socket).some((message) => message.type === 'error'));
  });

  test('a message over 1 MiB is closed with 1009, in one frame or in fragments', { skip: GUARD_SKIP }, async () => {
    const whole = await openPage(await visit());
    whole.write(clientFrame({ payload: Buffer.alloc(1024 * 1024 + 1, 0x20) }));
    await assertClosed(whole, 1009);

    const fragmented = await openPage(await visit());
    for (let i = 0; i < 5; i += 1) {
      fragmented.write(clientFrame({
        opcode: i === 0 ? OPCODE.text : OPCODE.continuation, fin: i === 4,
        payload: Buffer.alloc(256 * 1024, 0x20),
      }));
    }
    await assertClosed(fragmented, 1009);
  });

  test('a text message that is not UTF-8 is closed with 1007', { skip: GUARD_SKIP }, async () => {
    const socket = await openPage(await visit());
    socket.write(clientFrame({ payload: Buffer.from([0x22, 0xff, 0xfe, 0x22]) }));
    await assertClosed(socket, 1007);
  });

  test('an unmasked frame is closed with 1002', { skip: GUARD_SKIP }, async () => {
    const socket = await openPage(await visit());
    socket.write(clientFrame({ payload: JSON.stringify({ ...READY }), masked: false }));
    await assertClosed(socket, 1002);
  });

  test('a continuation frame with no message started is closed with 1002', { skip: GUARD_SKIP }, async () => {
    const socket = await openPage(await visit());
    socket.write(clientFrame({ opcode: OPCODE.continuation, payload: JSON.stringify(READY) }));
    await assertClosed(socket, 1002);
  });
});

describe('HTTP', () => {
  /** Sends `request` on a new connection; the first answer, and whether the server then closed. */
  async function exchange(request, options) {
    const connection = await RawConnection.open(server.url);
    try {
      connection.write(request);
      return await connection.answerThenClose(options);
    } finally {
      connection.destroy();
    }
  }
  const host = () => `Host: ${new URL(server.url).host}`;

  for (const path of ['/', MOUNTAINS, '/client/page.js']) {
    test(`HEAD ${path} answers as GET does, with no body`, async () => {
      const connection = await RawConnection.open(server.url);
      try {
        // HEAD, then GET on the same connection: the GET's answer must follow
        // the HEAD's head at once, so the HEAD's answer had no body.
        connection.write(`HEAD ${path} HTTP/1.1\r\n${host()}\r\n\r\n`
          + `GET ${path} HTTP/1.1\r\n${host()}\r\n\r\n`);
        const both = await connection.until((c) => {
          const head = c.response;
          if (head === null) return false;
          const next = parseHead(c.received.subarray(head.headLength));
          return next !== null && c.received.length >= head.headLength + next.headLength
            + Number(next.headers['content-length'] ?? 0);
        }, { what: `the answers to HEAD and GET ${path}` });
        const head = both.response;
        const rest = both.received.subarray(head.headLength);
        assert.ok(rest.subarray(0, 9).toString('latin1') === 'HTTP/1.1 ',
          `HEAD ${path} was answered with a body: ${JSON.stringify(rest.subarray(0, 40).toString('latin1'))}`);
        const get = parseHead(rest);
        assert.equal(head.status, 200);
        assert.equal(get.status, 200);
        const comparable = (headers) => Object.fromEntries(Object.entries(headers)
          .filter(([name]) => name !== 'date' && name !== 'set-cookie'));
        assert.deepEqual(comparable(head.headers), comparable(get.headers));
        assert.equal(Number(head.headers['content-length']),
          rest.length - get.headLength, 'HEAD\'s Content-Length is the GET body\'s length');
      } finally {
        connection.destroy();
      }
    });
  }

  test('17 KiB of headers get 431, then the connection is closed', { skip: GUARD_SKIP }, async () => {
    const filler = Array.from({ length: 17 }, (_, i) => `X-Filler-${i}: ${'a'.repeat(1024)}\r\n`).join('');
    const answer = await exchange(`GET / HTTP/1.1\r\n${host()}\r\n${filler}\r\n`);
    assert.equal(answer.status, 431, answer.head);
    assert.ok(answer.closed, 'the connection stayed open after 431');
  });

  test('a request line of 9 KiB gets 414, then the connection is closed', { skip: GUARD_SKIP }, async () => {
    const answer = await exchange(`GET /${'a'.repeat(9 * 1024)} HTTP/1.1\r\n${host()}\r\n\r\n`);
    assert.equal(answer.status, 414, answer.head);
    assert.ok(answer.closed, 'the connection stayed open after 414');
  });

  test('a garbage request line gets 400, then the connection is closed', { skip: GUARD_SKIP }, async () => {
    const answer = await exchange('\x00\x01 this is no request \x7f\r\n\r\n');
    assert.equal(answer.status, 400, answer.head || answer.text);
    assert.ok(answer.closed, 'the connection stayed open after 400');
  });

  test('Content-Length with Transfer-Encoding gets 400, then the connection is closed', { skip: GUARD_SKIP }, async () => {
    const answer = await exchange(`POST / HTTP/1.1\r\n${host()}\r\nContent-Length: 5\r\n`
      + 'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    assert.equal(answer.status, 400, answer.head || answer.text);
    assert.ok(answer.closed, 'the connection stayed open after 400');
  });

  test('an unknown method gets 501, then the connection is closed', { skip: GUARD_SKIP }, async () => {
    const answer = await exchange(`BREW / HTTP/1.1\r\n${host()}\r\n\r\n`);
    assert.equal(answer.status, 501, answer.head || answer.text);
    assert.ok(answer.closed, 'the connection stayed open after 501');
  });

  test('headers not complete within 10 s close the connection, also a byte a second', { skip: GUARD_SKIP }, async () => {
    const silent = await RawConnection.open(server.url);
    const slow = await RawConnection.open(server.url);
    slow.write(`GET / HTTP/1.1\r\n${host()}\r\nX-Slow: `);
    const timer = setInterval(() => slow.write('a'), 1_000);
    try {
      for (const [name, connection] of [['silent', silent], ['slow', slow]]) {
        await connection.until((c) => c.ended,
          { timeout: 12_000 - (performance.now() - connection.connectedAt), what: `the end of the ${name} connection` });
        const after = connection.endedAt - connection.connectedAt;
        assert.ok(after >= 9_000, `the ${name} connection was closed after ${after.toFixed(0)} ms`);
      }
    } finally {
      clearInterval(timer);
      silent.destroy();
      slow.destroy();
    }
  });

  test('a connection idle for 60 s between requests is closed',
    { skip: process.env.DIFFABLE_PERIMETER_LONG !== '1' && 'takes 60 s: DIFFABLE_PERIMETER_LONG=1' },
    async () => {
      const connection = await RawConnection.open(server.url);
      try {
        connection.write(`GET /client/diffable.css HTTP/1.1\r\n${host()}\r\n\r\n`);
        await connection.until((c) => c.response !== null, { what: 'the answer' });
        const answered = performance.now();
        await connection.until((c) => c.ended, { timeout: 65_000, what: 'the end of the idle connection' });
        const idle = connection.endedAt - answered;
        assert.ok(idle >= 55_000, `closed after ${idle.toFixed(0)} ms idle`);
      } finally {
        connection.destroy();
      }
    });
});

// MARK: - Slowloris

/**
 * The server's side of each connection to `port`, from the kernel's table
 * of TCP connections (/proc/net/tcp), by the client's port: `'accepted'`
 * once the server has accepted it (it has an inode), `'waiting'` while it
 * waits in the listen backlog (established, or its handshake not yet
 * complete), and `'closing'` once the server has closed it.
 *
 * @returns {Map<number, 'accepted' | 'waiting' | 'closing'>}
 */
function serverSide(port) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const sides = new Map();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || !fields[1].endsWith(local) || fields[3] === '0A') continue;
    const state = fields[3];
    const side = state === '01' || state === '03'
      ? (fields[9] === '0' ? 'waiting' : 'accepted')
      : 'closing';
    sides.set(parseInt(fields[2].split(':')[1], 16), side);
  }
  return sides;
}

test('slowloris: with 1,024 files, 1,100 connections that never finish their headers are each '
  + 'closed within 12 s of being accepted, and a new visitor then gets its lists',
{ skip: GUARD_SKIP }, async (t) => {
  const COUNT = 1_100;
  const BATCH = 100;
  const ACCEPTED_LIMIT = 12_000;
  const ALL_LIMIT = 25_000;
  const ownLimit = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  assert.ok(ownLimit === 'unlimited' || Number(ownLimit) >= COUNT + 200,
    `this test opens ${COUNT} connections, and the test process may open only ${ownLimit} files: `
    + 'raise its limit (`ulimit -n 4096`; Scripts/browser-tests.sh does)');
  const own = await startServer({ fileLimit: 1024 });
  const connections = [];
  let timer = null;
  try {
    assert.equal(own.fileLimit(), 1024);
    const port = Number(new URL(own.url).port);
    const host = new URL(own.url).host;
    /** Reads the kernel's table: when each connection was first seen accepted, or seen at all. */
    let peak = 0;
    const look = () => {
      const now = performance.now();
      const table = serverSide(port);
      let held = 0;
      for (const connection of connections) {
        if (connection.socket.localPort === undefined) continue;
        const side = table.get(connection.socket.localPort);
        if (side === undefined) continue;
        connection.seen = true;
        if (side === 'accepted' && !connection.ended) {
          held += 1;
          connection.acceptedAt ??= now;
        }
      }
      peak = Math.max(peak, held);
    };

    // In batches, each waited for until the server's kernel has it (in the
    // backlog or accepted): 1,100 handshakes at once overflow the backlog,
    // and the kernel then answers with SYN cookies and may drop the last
    // ACK, which leaves a client that believes it is connected to a server
    // that has no such connection.
    const started = performance.now();
    for (let first = 0; first < COUNT; first += BATCH) {
      const batch = [];
      for (let index = first; index < Math.min(COUNT, first + BATCH); index += 1) {
        const connection = RawConnection.start(own.url);
        // Half send nothing; half start a request and send one header byte a second.
        connection.slow = index % 2 === 1;
        connection.acceptedAt = null;
        connection.seen = false;
        if (connection.slow) {
          connection.socket.once('connect',
            () => connection.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `));
        }
        connections.push(connection);
        batch.push(connection);
      }
      await pollUntil(() => {
        look();
        return batch.every((connection) => connection.seen || connection.ended);
      }, { timeout: 5_000, interval: 10, what: `the server's kernel to have connections ${first}...` })
        .catch(() => {});
    }
    const opened = performance.now();
    timer = setInterval(() => {
      for (const connection of connections) {
        if (connection.slow && connection.connectedAt !== null) connection.write('a');
      }
    }, 1_000);

    // The kernel's table, read every 100 ms, until every connection has
    // ended or the time is up: the test keeps every one open.
    await pollUntil(() => {
      look();
      return connections.every((connection) => connection.ended)
        || performance.now() - started > ALL_LIMIT;
    }, { timeout: ALL_LIMIT + 5_000, interval: 100, what: 'every connection to end' });

    const ended = connections.filter((connection) => connection.ended);
    const open = connections.filter((connection) => !connection.ended);
    const unknown = open.filter((connection) => !serverSide(port).has(connection.socket.localPort));
    const late = ended.filter((connection) => connection.acceptedAt !== null
      && connection.endedAt - connection.acceptedAt > ACCEPTED_LIMIT);
    const lastEnd = Math.max(started, ...ended.map((connection) => connection.endedAt));
    t.diagnostic(`${COUNT} connections opened in ${((opened - started) / 1000).toFixed(1)} s; `
      + `at most ${peak} accepted at once; ${ended.length} closed by the server, the last after `
      + `${((lastEnd - started) / 1000).toFixed(1)} s; ${open.length} still open, ${unknown.length} `
      + 'of them unknown to the server\'s kernel');
    assert.deepEqual(late.map((connection) => `a ${connection.slow ? 'slow' : 'silent'} connection `
      + `closed ${((connection.endedAt - connection.acceptedAt) / 1000).toFixed(1)} s after it was accepted`), []);
    // A connection the server's kernel does not have holds nothing of the
    // server's: only the others must have been closed.
    const held = open.filter((connection) => !unknown.includes(connection));
    assert.equal(held.length, 0, `${held.length} of ${COUNT} connections were still open after `
      + `${ALL_LIMIT / 1000} s (${held.filter((c) => c.acceptedAt !== null).length} of them accepted, `
      + `${held.filter((c) => c.slow).length} slow)`);
    assert.ok(unknown.length <= COUNT / 10, `${unknown.length} connections unknown to the server's kernel`);
    clearInterval(timer);
    timer = null;

    // A new visitor's page loads, and its socket gets its lists.
    const visitor = await visitPage(own.url, MOUNTAINS);
    const client = new WireClient(visitor);
    await client.open();
    await client.until((c) => c.lists().length > 0, { what: 'the new visitor\'s lists' });
    assert.deepEqual(client.errors, []);
    await client.close();
  } finally {
    if (timer !== null) clearInterval(timer);
    for (const connection of connections) connection.destroy();
    assert.deepEqual(await own.stop(), { code: 0, signal: null });
  }
});
