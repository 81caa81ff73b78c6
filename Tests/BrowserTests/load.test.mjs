// The load test (load.mjs) under `node --test`: 10 clients typing 10 queries
// a second for 3 s, with one client that never reads and no attackers,
// unless DIFFABLE_LOAD_CLIENTS, DIFFABLE_LOAD_SECONDS, DIFFABLE_LOAD_RATE,
// DIFFABLE_LOAD_STALLED and DIFFABLE_LOAD_ATTACKERS say otherwise. Every
// client must end with its socket, showing the server's snapshot, with no
// refused batch; every attack must be refused as the contract says; and no
// query may wait for the session's acknowledgement timeout (2 s): neither a
// client that stops reading nor the attackers may hold up the others.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { startServer } from './support/server.mjs';
import { loadParameters, runLoad } from './load.mjs';

/** Milliseconds under which every query must be acknowledged: the session's ack timeout. */
const LIMIT = Number(process.env.DIFFABLE_LOAD_P99_MS || 2000);

test('pages typing queries all end showing the server snapshot, none held up', async (t) => {
  const parameters = loadParameters();
  const server = await startServer();
  try {
    const report = await runLoad(server, { ...parameters, log: (line) => t.diagnostic(line) });
    assert.deepEqual(report.failures, []);
    assert.ok(report.typed >= parameters.clients * parameters.seconds * parameters.rate * 0.99);
    if (parameters.attackers > 0) {
      assert.ok(report.attack.attacks >= parameters.attackers,
        `${parameters.attackers} attackers made only ${report.attack.attacks} attacks`);
    }
    assert.ok(report.p99 < LIMIT,
      `p99 of query to ack is ${report.p99.toFixed(0)} ms, over ${LIMIT} ms`);
    console.log(`load: ${JSON.stringify({ ...report, failures: undefined })}`);
  } finally {
    assert.deepEqual(await server.stop(), { code: 0, signal: null });
  }
});
