// A layout's `patterns` (Documentation/Web.md, "Layout"): where the items
// outside the window are, checked, none after a reload without them, kept
// by a batch or layout without them, replaced by one with them.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { checkLayout, patternFrame } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import {
  applyBatch, applyLayout, applyReload, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { batch, expectMalformed } from './support.mjs';

const GRID = Object.freeze({
  section: 's', count: 1000, origin: [0, 0], step: [0, 88],
  slots: [[0, 0, 195, 88], [195, 0, 195, 88]],
});

const layoutOf = (extra = {}) => ({
  size: [390, 44_000], frames: { 0: [0, 0, 195, 88], 1: [195, 0, 195, 88] },
  supplementaries: [], bands: [], ...extra,
});

const SECTIONS = [{ id: 's', runs: [[0, 1000]] }, { id: 't', items: [] }];

const reloadWith = (extra) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: SECTIONS,
  cells: { 0: { text: 'zero' }, 1: { text: 'one' } }, layout: layoutOf(extra),
});

const layoutMessage = (extra) => ({
  v: 1, type: 'layout', list: 'main', seq: 1, layout: layoutOf(extra), cells: {},
});

const patternsOf = (model) => model.lists.get('main').layout.patterns;


describe('patterns', () => {
  test('are read, frozen, and give each item its frame', () => {
    const layout = checkLayout(layoutOf({ patterns: [GRID] }));
    assert.deepEqual(layout.patterns, [GRID]);
    assert.ok(Object.isFrozen(layout.patterns[0].slots[1]));
    assert.equal(checkLayout(layoutOf()).patterns, null);
    assert.deepEqual(patternFrame(GRID, 0), [0, 0, 195, 88]);
    assert.deepEqual(patternFrame(GRID, 7), [195, 264, 195, 88]);
    assert.deepEqual(
      patternFrame({ origin: [10, 20], step: [300, -5], slots: [[1, 2, 3, 4]] }, 4),
      [1211, 2, 3, 4]);
  });

  test('each malformed field refuses the layout, naming it', () => {
    const bad = (change, field, words) => expectMalformed(
      () => checkLayout(layoutOf({ patterns: [{ ...GRID, ...change }] })), field, words);
    bad({ section: 3 }, 'layout.patterns[0].section', /not a string/);
    bad({ count: -1 }, 'layout.patterns[0].count', /non-negative integer/);
    bad({ count: 2.5 }, 'layout.patterns[0].count', /non-negative integer/);
    bad({ origin: [0] }, 'layout.patterns[0].origin', /1 numbers, not 2/);
    bad({ origin: [0, null] }, 'layout.patterns[0].origin[1]', /finite number/);
    bad({ step: [0, 'a'] }, 'layout.patterns[0].step[1]', /finite number/);
    bad({ slots: [] }, 'layout.patterns[0].slots', /is empty/);
    bad({ slots: [[0, 0, -1, 4]] }, 'layout.patterns[0].slots[0][2]', /negative/);
    bad({ slots: [[0, 0, 1]] }, 'layout.patterns[0].slots[0]', /3 numbers, not 4/);
    expectMalformed(() => checkLayout(layoutOf({ patterns: {} })), 'layout.patterns', /not a list/);
    expectMalformed(() => checkLayout(layoutOf({ patterns: [GRID, GRID] })),
      'layout.patterns[1].section', /has a pattern already/);
    // A section the list does not have refuses the message in the model.
    const elsewhere = reloadWith({ patterns: [{ ...GRID, section: 'x' }] });
    expectMalformed(() => applyReload(createModel(), elsewhere),
      'layout.patterns[0].section', /a section the list does not show/);
  });

  test('a reload without them has none; a layout or batch without them keeps them', () => {
    assert.deepEqual(patternsOf(applyReload(createModel(), reloadWith({}))), []);
    let model = applyReload(createModel(), reloadWith({ patterns: [GRID] }));
    assert.deepEqual(patternsOf(model), [GRID]);
    model = applyLayout(model, layoutMessage({}));
    assert.deepEqual(patternsOf(model), [GRID], 'kept by a layout without patterns');
    model = applyBatch(model, batch({}, { counts: [1000, 0], layout: layoutOf() }));
    assert.deepEqual(patternsOf(model), [GRID], 'kept by a batch without patterns');
    // A reload without them forgets them.
    assert.deepEqual(patternsOf(applyReload(model, { ...reloadWith({}), seq: 3 })), []);
  });

  test('present, they replace those held, even with none', () => {
    let model = applyReload(createModel(), reloadWith({ patterns: [GRID] }));
    const other = { ...GRID, section: 't', count: 0 };
    model = applyLayout(model, layoutMessage({ patterns: [other] }));
    assert.deepEqual(patternsOf(model), [other]);
    model = applyBatch(model,
      batch({}, { counts: [1000, 0], layout: layoutOf({ patterns: [GRID] }) }));
    assert.deepEqual(patternsOf(model), [GRID]);
    model = applyLayout(model, { ...layoutMessage({ patterns: [] }), seq: 2 });
    assert.deepEqual(patternsOf(model), []);
  });

  test('a bad pattern in a layout message refuses it and leaves the model', () => {
    const model = applyReload(createModel(), reloadWith({ patterns: [GRID] }));
    const gone = layoutMessage({ patterns: [{ ...GRID, section: 'gone' }] });
    expectMalformed(() => applyLayout(model, gone),
      'layout.patterns[0].section', /does not show/);
    assert.deepEqual(patternsOf(model), [GRID]);
  });

  test('held patterns of a section a batch deletes are dropped', () => {
    let model = applyReload(createModel(),
      reloadWith({ patterns: [GRID, { ...GRID, section: 't' }] }));
    model = applyBatch(model,
      batch({ sectionDeletes: [1] }, { counts: [1000], layout: layoutOf() }));
    assert.deepEqual(patternsOf(model), [GRID]);
  });
});
