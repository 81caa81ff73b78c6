// The load test: N pages of the mountains screen on one `serve`, each a
// client of the wire protocol with no browser (support/wire.mjs) that
// loads its page as a browser does (the page id and cookie the server
// issues) and then types a new query 10 times a second for D seconds:
// every query is one apply on the server, every batch is checked and
// replayed by the browser client's model and acknowledged at once. One
// more client says `ready`, asks for reloads and types queries as fast as
// the server's rates allow, and never reads: it must slow no other, and its
// session must hold no more than its limit of unsent bytes (it drops what
// waits and catches the page up with reloads instead).
//
// With `DIFFABLE_LOAD_ATTACKERS` (0 unless set), that many attacker loops
// run beside the healthy clients while they type (support/attackers.mjs,
// in a worker thread): page GETs with no socket, sockets with invented or
// stolen page ids, resync floods that the server closes, and slowloris
// connections. None may close a healthy client's socket or get a list, and
// the healthy clients' times are printed as without them.
//
// The clients offer permessage-deflate as browsers do (and inflate what the
// server compresses), so that the memory per session counts each socket's
// compression state; `DIFFABLE_LOAD_DEFLATE=0` offers none.
//
// `DIFFABLE_LOAD_WORKERS=N` splits the clients over N worker threads, each
// with an event loop of its own (`runLoadInWorkers`): one loop answering
// hundreds of sockets queues each query behind the others, and its time
// would be the generator's, not the server's. The times are pooled, and the
// memory read while every worker's sessions are open.
//
// It measures, for each query typed, the time from sending it to
// acknowledging the batch that shows its result (the server's apply, diff,
// layout and encoding, the transfer, and the client's check and replay),
// and the server's resident memory per session. At the end every client
// must still have its socket and show exactly the server's snapshot
// (`GET /state/ID`, with the client's cookie).
//
//     DIFFABLE_SERVE=Demos/.build/debug/serve DIFFABLE_LOAD_CLIENTS=50 \
//       DIFFABLE_LOAD_SECONDS=20 DIFFABLE_LOAD_ATTACKERS=8 node Tests/BrowserTests/load.mjs
//
// `load.test.mjs` runs it under `node --test` (10 clients for 3 s unless the
// same variables say otherwise).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

import { startAttackers } from './support/attackers.mjs';
import { withDeadline } from './support/cdp.mjs';
import { startServer } from './support/server.mjs';
import { WireClient, quantile, stalledClient, visitPage } from './support/wire.mjs';

/** The screen the clients open, and its list. */
const SCREEN = '/demos/mountains';

/** The parameters from the environment, with the short run's defaults. */
export function loadParameters(environment = process.env) {
  const number = (name, fallback) => {
    const text = environment[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (value === 0 && name !== 'DIFFABLE_LOAD_ATTACKERS')) {
      throw new Error(`${name} must be a positive number, not ${text}`);
    }
    return value;
  };
  return {
    clients: number('DIFFABLE_LOAD_CLIENTS', 10),
    seconds: number('DIFFABLE_LOAD_SECONDS', 3),
    rate: number('DIFFABLE_LOAD_RATE', 10),
    attackers: Math.floor(number('DIFFABLE_LOAD_ATTACKERS', 0)),
    // DIFFABLE_LOAD_STALLED=0 leaves out the client that stops reading, for a comparison.
    stalled: environment.DIFFABLE_LOAD_STALLED !== '0',
    // The clients offer permessage-deflate, as browsers do, unless DIFFABLE_LOAD_DEFLATE=0.
    deflate: environment.DIFFABLE_LOAD_DEFLATE !== '0',
    // The clients split over this many worker threads (runLoadInWorkers).
    workers: Math.floor(number('DIFFABLE_LOAD_WORKERS', 1)),
  };
}

/** A name as the search matches it: no case, no accents. */
const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Letters that some name's character may or may not fold to (`ø` has no
 * decomposition; Foundation's folding and JavaScript's may disagree):
 * queries with them are not used, so that a query's result is known here.
 */
function ambiguousLetters(names) {
  const folds = { ø: 'o', ł: 'l', đ: 'd', ß: 's', æ: 'ae', œ: 'oe', ı: 'i', þ: 't', ð: 'd' };
  const letters = new Set();
  for (const name of names) {
    for (const character of fold(name)) {
      if (character.charCodeAt(0) < 0x80) continue;
      for (const letter of folds[character] ?? 'abcdefghijklmnopqrstuvwxyz') letters.add(letter);
    }
  }
  return letters;
}

/**
 * Queries whose results are pairwise different (so that every query typed
 * changes the list, and a result tells which query it shows), each with its
 * result as a key: the sorted names, one per line.
 */
export function queryCycle(names, length = 30) {
  const ambiguous = ambiguousLetters(names);
  const candidates = [''];
  for (const letter of 'aeiknrstuhlmc') candidates.push(letter);
  for (const name of names) {
    const folded = fold(name).replace(/[^a-z]/g, '');
    for (let at = 0; at + 2 <= folded.length; at += 3) candidates.push(folded.slice(at, at + 2));
  }
  const cycle = [];
  const seen = new Set();
  for (const query of candidates) {
    if ([...query].some((letter) => ambiguous.has(letter))) continue;
    const key = resultKey(names.filter((name) => fold(name).includes(query)));
    if (seen.has(key)) continue;
    seen.add(key);
    cycle.push({ query, key });
    if (cycle.length === length) break;
  }
  if (cycle.length < length) throw new Error(`only ${cycle.length} queries with distinct results`);
  return cycle;
}

const resultKey = (names) => [...names].sort().join('\n');

/**
 * Runs the load against a started server.
 *
 * @param {import('./support/server.mjs').Server} server
 * @param {{clients: number, seconds: number, rate: number, stalled?: boolean, attackers?: number,
 *   log?: (line: string) => void, afterTyping?: () => Promise<void>}} options`afterTyping`
 *   runs once every query is answered, before the sessions close.
 */
export async function runLoad(server, {
  clients, seconds, rate, stalled: stall = true, attackers = 0, deflate = true, log = () => {},
  afterTyping = async () => {},
}) {
  const residentBefore = server.residentKiB();

  // The client that stops reading, there from the start.
  const stalledPage = stall ? await visitPage(server.url, SCREEN) : null;
  const stalled = stall
    ? await stalledClient(stalledPage, { list: 'mountains', seconds: seconds + 30 })
    : null;

  const pages = [];
  for (let index = 0; index < clients; index += 1) {
    const page = await visitPage(server.url, SCREEN);
    const client = new WireClient(page, { deflate });
    pages.push({ id: page.id, page, client, pending: [], latencies: [], superseded: 0, typed: 0 });
  }
  await Promise.all(pages.map(async ({ client }) => {
    await client.open();
    client.send({ type: 'input', name: 'search', value: '' });
    await client.until((c) => c.lists().length > 0, { what: 'first reload' });
  }));
  const listName = pages[0].client.lists()[0].list;
  const names = pages[0].client.items(listName);
  const cycle = queryCycle(names);
  log(`${clients} clients on ${SCREEN} (list ${listName}, ${names.length} items), `
    + `${rate} queries/s each for ${seconds} s, ${stalled ? 'one' : 'no'} client not reading, `
    + `${attackers} attackers, permessage-deflate `
    + (deflate ? `offered, agreed on ${pages.filter((p) => p.client.socket.deflating).length} sockets`
      : 'not offered'));

  // A query is answered when the list shows its result: every earlier query
  // still waiting was merged into that batch (the session skips superseded
  // snapshots), and its time is counted up to the same ack.
  for (const page of pages) {
    page.client.onApply = (client) => {
      const now = performance.now();
      const key = resultKey(client.items(listName));
      const at = page.pending.findLastIndex((entry) => entry.key === key);
      if (at < 0) return;
      for (const entry of page.pending.slice(0, at + 1)) page.latencies.push(now - entry.sentAt);
      page.superseded += at;
      page.pending.splice(0, at + 1);
    };
  }

  const interval = 1000 / rate;
  const ticks = Math.round(seconds * rate);
  // The attackers start with the typing and stop when it ends.
  const attack = attackers > 0
    ? startAttackers({
      origin: server.url, path: SCREEN, attackers, seconds, victims: pages.map(({ id }) => id),
    })
    : null;
  const started = performance.now();
  const typing = Promise.all(pages.map((page, index) => new Promise((resolve) => {
    let tick = 0;
    const type = () => {
      const { query, key } = cycle[(index + tick + 1) % cycle.length];
      page.pending.push({ key, sentAt: performance.now() });
      page.client.send({ type: 'input', name: 'search', value: query });
      page.typed += 1;
      tick += 1;
      if (tick === ticks) {
        resolve();
        return;
      }
      // Against the schedule, not the last timer, so that slow timers do not stretch the run.
      setTimeout(type, Math.max(0, started + tick * interval - performance.now()));
    };
    setTimeout(type, (index * interval) / clients);
  })));
  const [, attackReport] = await Promise.all([typing, attack]);

  await withDeadline(Promise.all(pages.map(({ client, pending }) => client.until(
    () => pending.length === 0, { timeout: 30_000, what: 'result of the last query' }))),
  30_000, () => 'the clients did not all show their last query');
  const elapsed = (performance.now() - started) / 1000;
  const residentAfter = server.residentKiB();
  // Every session is still open: a caller running several loads at once
  // measures the server here.
  await afterTyping();
  const stalledQueued = stalled?.queued() ?? null;

  const failures = [];
  for (const failure of attackReport?.failures ?? []) failures.push(`attackers: ${failure}`);
  for (const { id, page, client } of pages) {
    if (client.errors.length > 0) failures.push(`page ${id}: ${client.errors.join('; ')}`);
    if (client.closeCode !== null) {
      failures.push(`page ${id}: its socket closed (${client.closeCode} ${JSON.stringify(client.closeReason)})`);
    }
    const state = await server.state(id, { cookie: page.cookie });
    if (state === null) {
      failures.push(`page ${id}: the server has no state of it`);
      continue;
    }
    const serverLists = state.lists.map((list) => ({
      list: list.name, seq: list.seq,
      sections: list.sections.map((section) => ({
        id: textOf(section.id), items: section.items.map(textOf),
      })),
    }));
    const shown = JSON.stringify(client.lists());
    if (JSON.stringify(serverLists) !== shown) {
      failures.push(`page ${id} shows ${shown.slice(0, 300)}, the server has `
        + `${JSON.stringify(serverLists).slice(0, 300)}`);
    }
  }
  // The page not reading holds at most the session's limit of unsent bytes,
  // plus the reload being written and the catch-up reload queued whatever
  // its size (each far smaller than the limit).
  const stalledConnection = stalled === null
    ? null : (await server.state(stalledPage.id, { cookie: stalledPage.cookie }))?.connection ?? null;
  if (stalled !== null && stalledConnection?.connected !== true) {
    failures.push(`the page not reading lost its socket: ${JSON.stringify(stalledConnection)}`);
  }
  if (stalledConnection !== null
    && stalledConnection.unsentBytes > 2 * stalledConnection.maximumUnsentBytes) {
    failures.push(`the page not reading holds ${stalledConnection.unsentBytes} unsent bytes, `
      + `over twice the limit of ${stalledConnection.maximumUnsentBytes}`);
  }
  for (const { client } of pages) await client.close();
  stalled?.close();

  const latencies = pages.flatMap((page) => page.latencies);
  const typed = pages.reduce((sum, page) => sum + page.typed, 0);
  const superseded = pages.reduce((sum, page) => sum + page.superseded, 0);
  const report = {
    clients, seconds, rate, typed, superseded, elapsed,
    p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: Math.max(...latencies),
    latencies,
    residentBeforeKiB: residentBefore, residentAfterKiB: residentAfter,
    perSessionKiB: (residentAfter - residentBefore) / (clients + (stalled ? 1 : 0)),
    stalledSent: stalled?.sent ?? 0, stalledQueued,
    stalledUnsent: stalledConnection?.unsentBytes ?? null,
    stalledCatchUps: stalledConnection?.catchUpReloads ?? null,
    attack: attackReport === null ? null : { ...attackReport, failures: undefined }, failures,
  };
  log(`typed ${typed} queries in ${elapsed.toFixed(1)} s (${superseded} merged into a later batch); `
    + `query to ack: p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms, `
    + `max ${report.max.toFixed(1)} ms`);
  if (stalled !== null) {
    log(`the client not reading sent ${stalled.sent} messages (resyncs, queries and viewports); `
      + `${stalledQueued ?? 'an unknown number of'} bytes wait unread in its socket, `
      + `${stalledConnection?.unsentBytes} unsent in its session, which caught it up `
      + `${stalledConnection?.catchUpReloads} times`);
  }
  if (attackReport !== null) {
    log(`${attackers} attackers made ${attackReport.attacks} attacks: ${attackReport.pageGets} page GETs `
      + `with no socket, ${attackReport.refusedSockets} sockets refused `
      + `(${JSON.stringify(attackReport.refusedCodes)}), ${attackReport.floods} resync floods closed `
      + `(${JSON.stringify(attackReport.floodCodes)}), ${attackReport.slowOpened} slowloris connections `
      + `(${attackReport.slowClosedByServer} closed by the server)`);
  }
  log(`server memory: ${residentBefore} KiB before, ${residentAfter} KiB with `
    + `${clients + (stalled ? 1 : 0)} `
    + `sessions: ${report.perSessionKiB.toFixed(0)} KiB per session`);
  return report;
}

/** An identifier's text, as `data-item` shows it. */
const textOf = (id) => (typeof id === 'string' ? id : JSON.stringify(id));

/**
 * Runs the load split over `workers` worker threads, each with its own
 * event loop and its share of the clients (the client not reading and the
 * attackers run in the first): one event loop answering hundreds of
 * sockets adds its own queueing to every query's time, which a server of
 * more cores cannot take away. Resolves with the times of every query,
 * pooled, and the server's memory per session while all are open.
 */
export async function runLoadInWorkers(server, parameters, workers, log = () => {}) {
  const residentBefore = server.residentKiB();
  const shares = Array.from({ length: workers },
    (_, k) => Math.floor(parameters.clients / workers) + (k < parameters.clients % workers ? 1 : 0));
  const threads = shares.map((clients, k) => new Worker(fileURLToPath(import.meta.url), {
    workerData: {
      url: server.url, pid: server.pid,
      parameters: { ...parameters, clients, stalled: k === 0 && parameters.stalled,
        attackers: k === 0 ? parameters.attackers : 0 },
    },
  }));
  const typed = threads.map((thread) => new Promise((resolve, reject) => {
    thread.on('message', (message) => { if (message.type === 'typed') resolve(); });
    thread.once('error', reject);
  }));
  const reports = threads.map((thread) => new Promise((resolve, reject) => {
    thread.on('message', (message) => { if (message.type === 'report') resolve(message.report); });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`a load worker exited with ${code}`)));
  }));
  await Promise.all(typed);
  const residentAfter = server.residentKiB();
  for (const thread of threads) thread.postMessage('close');
  const parts = await Promise.all(reports);
  const latencies = parts.flatMap((part) => part.latencies);
  const sessions = parameters.clients + (parameters.stalled ? 1 : 0);
  const report = {
    workers, typed: parts.reduce((sum, part) => sum + part.typed, 0),
    p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: Math.max(...latencies),
    residentBeforeKiB: residentBefore, residentAfterKiB: residentAfter,
    perSessionKiB: (residentAfter - residentBefore) / sessions,
    failures: parts.flatMap((part) => part.failures),
  };
  log(`${workers} workers: typed ${report.typed} queries; query to ack: p50 ${report.p50.toFixed(1)} ms, `
    + `p99 ${report.p99.toFixed(1)} ms, max ${report.max.toFixed(1)} ms; server memory: `
    + `${residentBefore} KiB before, ${residentAfter} KiB with ${sessions} sessions: `
    + `${report.perSessionKiB.toFixed(0)} KiB per session`);
  return report;
}

if (!isMainThread && workerData?.url !== undefined) {
  // A load worker: its share of the clients against the server it is given.
  const { url, pid, parameters } = workerData;
  const server = {
    url,
    residentKiB: () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]),
    state: async (id, { cookie } = {}) => {
      const response = await fetch(`${url}/state/${encodeURIComponent(id)}`,
        { headers: cookie === undefined ? {} : { cookie } });
      return response.status === 200 ? response.json() : null;
    },
  };
  const report = await runLoad(server, {
    ...parameters,
    afterTyping: () => new Promise((resolve) => {
      parentPort.once('message', resolve);
      parentPort.postMessage({ type: 'typed' });
    }),
  });
  parentPort.postMessage({ type: 'report', report: { ...report, attack: null } });
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  let status = 0;
  try {
    const parameters = loadParameters();
    const log = (line) => console.log(line);
    const report = parameters.workers > 1
      ? await runLoadInWorkers(server, parameters, parameters.workers, log)
      : await runLoad(server, { ...parameters, log });
    for (const failure of report.failures) console.error(`FAIL ${failure}`);
    if (report.failures.length > 0) status = 1;
  } finally {
    const { code, signal } = await server.stop();
    if (code !== 0) {
      console.error(`serve ended with ${signal ?? code} on SIGTERM`);
      status = 1;
    }
  }
  process.exit(status);
}
