// Attackers for the load test (load.mjs, `DIFFABLE_LOAD_ATTACKERS`): loops
// that run beside the healthy clients, each going round four attacks until
// its time is up:
//
// - pages: 20 page GETs with no cookie and no socket (each a new browser's
//   page, which the server must evict rather than let them lock anyone out);
// - ids: a socket with an invented page id and the attacker's own cookie,
//   and one with a healthy client's page id and the attacker's cookie: each
//   must be closed (4002, 1008) without receiving a list, and the healthy
//   client must keep its socket;
// - flood: a socket of the attacker's own page that sends 100 resyncs at
//   once: past the rate (a burst of 20), the server answers errors and
//   closes the socket with 1008 after 5 of them;
// - slowloris: a connection that sends `GET / HTTP/1.1` and then one header
//   byte every 500 ms, never finishing its headers; each loop keeps at most
//   8 open, and ends them all when its time is up.
//
// Every wait has a deadline, every loop ends at its time, and the number of
// attacks is bounded too. `runAttackers` runs in the caller's thread;
// `startAttackers` runs them in a worker thread, so that the attackers'
// work does not delay the healthy clients' event loop (it still takes the
// machine's time, as a real attacker's would).

import { randomBytes } from 'node:crypto';
import { connect as connectTCP } from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

import { withDeadline } from './cdp.mjs';
import { RawWebSocket } from './raw-websocket.mjs';
import { WIRE_VERSION, visitPage } from './wire.mjs';

/** At most this many attacks per loop, whatever the time. */
const MAXIMUM_ATTACKS = 10_000;
/** At most this many slowloris connections open per loop. */
const MAXIMUM_SLOW = 8;
/** How long one attack may wait for the server, in milliseconds. */
const ATTACK_TIMEOUT = 10_000;

/**
 * Runs `attackers` loops against the page `path` of the server at `origin`
 * for `seconds`, and resolves with what they did and saw.
 *
 * @param {{origin: string, path: string, attackers: number, seconds: number, victims?: string[]}} options
 *   `victims`: page ids of healthy clients, whose ids the attackers try with their own cookie.
 * @returns {Promise<AttackReport>}
 */
export async function runAttackers({ origin, path, attackers, seconds, victims = [] }) {
  const until = Date.now() + seconds * 1000;
  const report = {
    attackers, pageGets: 0, refusedSockets: 0, refusedCodes: {}, floods: 0, floodCodes: {},
    slowOpened: 0, slowClosedByServer: 0, attacks: 0, failures: [],
  };
  const fail = (message) => {
    if (report.failures.length < 20) report.failures.push(message);
  };
  const count = (table, code) => { table[code] = (table[code] ?? 0) + 1; };
  const slow = new Set();
  const ws = origin.replace(/^http/, 'ws');
  const socketPath = `${path}/socket`;

  /** A socket that must be refused: closed with a reason, never sent a list. */
  async function refused(id, headers, expected) {
    const socket = await RawWebSocket.connect(`${ws}${socketPath}?page=${id}&v=${WIRE_VERSION}`,
      { headers, timeout: ATTACK_TIMEOUT });
    try {
      if (socket.status !== 101) {
        fail(`a socket with ${expected.what} was answered ${socket.status}`);
        return;
      }
      socket.send({ v: WIRE_VERSION, type: 'ready', viewport: { width: 390, height: 844 }, lists: {} });
      const { code, reason } = await socket.closedByServer({ timeout: ATTACK_TIMEOUT });
      report.refusedSockets += 1;
      count(report.refusedCodes, code);
      if (code !== expected.code || reason === '') {
        fail(`a socket with ${expected.what} closed with ${code} ${JSON.stringify(reason)}, not ${expected.code}`);
      }
      if (socket.messages.length > 0) {
        fail(`a socket with ${expected.what} received ${socket.messages[0].slice(0, 80)}`);
      }
    } finally {
      socket.destroy();
    }
  }

  const attacks = {
    async pages() {
      for (let i = 0; i < 20 && Date.now() < until; i += 1) {
        const response = await withDeadline(fetch(`${origin}${path}`), ATTACK_TIMEOUT,
          () => `no answer to the attacker's GET ${path}`);
        await response.arrayBuffer();
        if (response.status === 200) report.pageGets += 1;
        else fail(`an attacker's GET ${path} answered ${response.status}`);
      }
    },
    async ids(loop) {
      const own = await visitPage(origin, path);
      await refused(randomBytes(16).toString('hex'), own.headers,
        { code: 4002, what: 'an invented page id' });
      if (victims.length > 0) {
        await refused(victims[loop % victims.length], own.headers,
          { code: 1008, what: "a healthy client's page id and another cookie" });
      }
    },
    async flood() {
      const own = await visitPage(origin, path);
      const socket = await RawWebSocket.connect(own.socketURL,
        { headers: own.headers, timeout: ATTACK_TIMEOUT });
      try {
        if (socket.status !== 101) {
          fail(`the flooding socket was answered ${socket.status}`);
          return;
        }
        socket.onmessage = () => {};
        socket.send({ v: WIRE_VERSION, type: 'ready', viewport: { width: 390, height: 844 }, lists: {} });
        const list = path.split('/').at(-1);
        for (let i = 0; i < 100; i += 1) {
          socket.send({ v: WIRE_VERSION, type: 'resync', list, reason: 'a flood' });
        }
        const { code, reason } = await socket.closedByServer({ timeout: ATTACK_TIMEOUT });
        report.floods += 1;
        count(report.floodCodes, code);
        if (code !== 1008 || !reason.startsWith('5 bad messages in a row')) {
          fail(`the resync flood closed with ${code} ${JSON.stringify(reason)}`);
        }
      } finally {
        socket.destroy();
      }
    },
    async slowloris() {
      if (slow.size >= MAXIMUM_SLOW) return;
      const { hostname, port, host } = new URL(origin);
      const socket = connectTCP({ host: hostname, port: Number(port) });
      socket.on('error', () => {});
      slow.add(socket);
      report.slowOpened += 1;
      let timer = null;
      socket.once('connect', () => {
        socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
        timer = setInterval(() => socket.write('a'), 500);
      });
      socket.once('close', () => {
        clearInterval(timer);
        if (slow.delete(socket)) report.slowClosedByServer += 1;
      });
    },
  };
  const kinds = Object.keys(attacks);

  await Promise.all(Array.from({ length: attackers }, async (_, loop) => {
    for (let round = 0; round < MAXIMUM_ATTACKS && Date.now() < until; round += 1) {
      const kind = kinds[(loop + round) % kinds.length];
      try {
        await attacks[kind](loop);
        report.attacks += 1;
      } catch (error) {
        fail(`${kind}: ${error.message}`);
      }
    }
  }));
  // The time is up: the slow connections still open end here.
  for (const socket of [...slow]) {
    slow.delete(socket);
    socket.destroy();
  }
  return report;
}

/**
 * What the attackers did: page GETs answered, refused sockets and their
 * close codes, resync floods and their close codes, slowloris connections
 * opened and closed by the server, attacks in all, and what went other
 * than the contract says (`failures`).
 *
 * @typedef {object} AttackReport
 */

/**
 * Runs `runAttackers(options)` in a worker thread; resolves with its
 * report, or rejects when the worker fails or has not ended within its
 * time and a margin (it is then stopped).
 *
 * @returns {Promise<AttackReport>}
 */
export async function startAttackers(options) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { attackers: options } });
  const margin = ATTACK_TIMEOUT * 3;
  try {
    return await withDeadline(new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the attackers' worker exited with ${code}`)));
    }), options.seconds * 1000 + margin, () => "the attackers' worker did not end");
  } finally {
    await worker.terminate();
  }
}

if (!isMainThread && workerData?.attackers !== undefined) {
  parentPort.postMessage(await runAttackers(workerData.attackers));
}
