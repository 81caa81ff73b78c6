// The load test (load.mjs) under `node --test`: 10 clients typing 10 queries
// a second for 3 s, with one client that never reads, unless
// DIFFABLE_LOAD_CLIENTS, DIFFABLE_LOAD_SECONDS and DIFFABLE_LOAD_RATE say
// otherwise. Every client must end showing the server's snapshot, with no
// refused batch, and no query may wait for the session's acknowledgement
// timeout (2 s): a client that stops reading must not hold up the others.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { startServer } from './support/server.mjs';
import { loadParameters, runLoad } from './load.mjs';

requireWebSocket();

/** Milliseconds under which every query must be acknowledged: the session's ack timeout. */
const LIMIT = Number(process.env.DIFFABLE_LOAD_P99_MS || 2000);

test('pages typing queries all end showing the server snapshot, none held up', async (t) => {
  const parameters = loadParameters();
  const server = await startServer();
  try {
    const report = await runLoad(server, { ...parameters, log: (line) => t.diagnostic(line) });
    assert.deepEqual(report.failures, []);
    assert.ok(report.typed >= parameters.clients * parameters.seconds * parameters.rate * 0.99);
    assert.ok(report.p99 < LIMIT,
      `p99 of query to ack is ${report.p99.toFixed(0)} ms, over ${LIMIT} ms`);
    console.log(`load: ${JSON.stringify({ ...report, failures: undefined })}`);
  } finally {
    assert.deepEqual(await server.stop(), { code: 0, signal: null });
  }
});
