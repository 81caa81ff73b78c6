// Replays the batches the Swift side generated (Fixtures/batches.jsonl, one
// JSON object per line): a valid line's batch, applied after a reload of
// `old`, must leave the list holding exactly `new`; a corrupted line's batch
// must be refused with exactly the rule and message Swift's
// `BatchUpdate.replay(on:insertingFrom:)` gave, and leave `old` in place.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  BatchValidationError, applyBatch, applyReload, createModel, lists,
} from '../../Sources/DiffableWeb/Resources/client/model.js';

const fixture = new URL('./Fixtures/batches.jsonl', import.meta.url);

/** The text an identifier is keyed by (Documentation/Web.md, "Identifiers"). */
const text = (id) => (typeof id === 'string' ? id : JSON.stringify(id));

/** The sections of a fixture's snapshot as the model exports them. */
const asText = (snapshot) =>
  snapshot.sections.map((section) => ({ id: text(section.id), items: section.items.map(text) }));

/** A reload of `old` for the batch's list, with the sequence number before the batch's. */
function reloadFor(line) {
  const cells = {};
  for (const section of line.old.sections) {
    for (const item of section.items) cells[text(item)] = { text: text(item) };
  }
  return {
    v: 1, type: 'reload', list: line.batch.list, seq: line.batch.seq - 1,
    sections: line.old.sections, cells,
  };
}

/** Checks one line; returns a description of what went wrong, or null. */
function check(line) {
  const before = applyReload(createModel(), reloadFor(line));
  const held = () => lists(before)[0].sections;
  let after;
  try {
    after = applyBatch(before, line.batch);
  } catch (error) {
    if (line.error === undefined) {
      return `expected the batch to give ${JSON.stringify(asText(line.new))}, `
        + `but it was refused: ${error.name} (rule ${error.rule}): ${error.message}`;
    }
    if (!(error instanceof BatchValidationError)
      || error.rule !== line.error.rule || error.message !== line.error.message) {
      return `expected refusal (rule ${line.error.rule}): ${line.error.message}\n`
        + `  actual ${error.name} (rule ${error.rule}): ${error.message}`;
    }
    if (JSON.stringify(held()) !== JSON.stringify(asText(line.old))) {
      return `the refused batch changed the list to ${JSON.stringify(held())}`;
    }
    return null;
  }
  if (line.error !== undefined) {
    return `expected refusal (rule ${line.error.rule}): ${line.error.message}\n`
      + `  actual: accepted, giving ${JSON.stringify(lists(after)[0].sections)}`;
  }
  const actual = lists(after)[0];
  if (JSON.stringify(actual.sections) !== JSON.stringify(asText(line.new))) {
    return `expected ${JSON.stringify(asText(line.new))}\n`
      + `  actual   ${JSON.stringify(actual.sections)}`;
  }
  if (actual.seq !== line.batch.seq) return `expected seq ${line.batch.seq}, actual ${actual.seq}`;
  return null;
}

test('replays every batch of the Swift-generated fixture', (t) => {
  if (!existsSync(fixture)) {
    t.skip(`no fixture at ${fixture.pathname}: the Swift side generates Fixtures/batches.jsonl`);
    return;
  }
  const lines = readFileSync(fixture, 'utf8').split('\n').filter((line) => line.trim() !== '');
  assert.ok(lines.length > 0, 'the fixture has no lines');
  const failures = [];
  let valid = 0;
  let refused = 0;
  lines.forEach((source, number) => {
    let line;
    try {
      line = JSON.parse(source);
    } catch (error) {
      failures.push(`line ${number + 1}: not JSON: ${error.message}`);
      return;
    }
    const problem = check(line);
    if (problem !== null) failures.push(`line ${number + 1} "${line.name}": ${problem}`);
    else if (line.error === undefined) valid += 1;
    else refused += 1;
  });
  t.diagnostic(
    `${valid} valid batches reproduced, ${refused} corrupted batches refused, of ${lines.length}`);
  assert.equal(failures.length, 0,
    `${failures.length} of ${lines.length} lines failed:\n${failures.slice(0, 20).join('\n')}`);
});
