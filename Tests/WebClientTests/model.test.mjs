// The client's model of a page's lists: reloads, batches performed by
// identity, what `lists()` exports, and refusals of malformed messages and
// sequence gaps, which leave the model as it was.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BatchValidationError, SequenceGapError, applyBatch, applyReload,
  createModel, listContents, lists,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { batch, cellOf, expectMalformed, modelWith, reload, shown } from './support.mjs';

/** Expects `action` to throw a malformed-message error about `field`. */

/** Applies a batch that must be refused as malformed, and checks the model kept its list. */
function expectMalformedBatch(model, message, field, pattern) {
  const before = JSON.stringify(lists(model));
  expectMalformed(() => applyBatch(model, message), field, pattern);
  assert.equal(JSON.stringify(lists(model)), before);
}

describe('reload', () => {
  test('holds the sections, the sequence number and a cell per item', () => {
    const model = applyReload(createModel(), {
      v: 1, type: 'reload', list: 'main', seq: 4,
      sections: [{ id: 'fruits', items: ['apple', 'pear'] }, { id: 'empty', items: [] }],
      cells: {
        apple: { text: 'Apple' },
        pear: { text: 'Pear', secondaryText: 'ripe', color: '#3478f6' },
      },
    });
    assert.deepEqual(lists(model), [{
      list: 'main', seq: 4,
      sections: [{ id: 'fruits', items: ['apple', 'pear'] }, { id: 'empty', items: [] }],
    }]);
    const state = model.lists.get('main');
    assert.deepEqual(state.cells.get('pear'),
      { text: 'Pear', secondaryText: 'ripe', color: '#3478f6' });
    assert.equal(state.cells.size, 2);
  });

  test('keys identifiers by their text: numbers and other JSON values as JSON text', () => {
    const model = applyReload(createModel(), {
      v: 1, type: 'reload', list: 'grid', seq: 1,
      sections: [{ id: { group: 1 }, items: [7, -3] }],
      cells: { 7: { text: 'seven' }, '-3': { text: 'minus three' } },
    });
    assert.deepEqual(listContents(model.lists.get('grid')),
      { seq: 1, sections: [{ id: '{"group":1}', items: ['7', '-3'] }] });
  });

  test('replaces what the list held and leaves other lists alone', () => {
    let model = applyReload(createModel(), reload([['a', ['x']]], { list: 'one' }));
    model = applyReload(model, reload([['b', ['y']]], { list: 'two' }));
    const before = model;
    model = applyReload(model, reload([['c', ['z', 'x']]], { list: 'one', seq: 9 }));
    assert.deepEqual(lists(model), [
      { list: 'one', seq: 9, sections: [{ id: 'c', items: ['z', 'x'] }] },
      { list: 'two', seq: 1, sections: [{ id: 'b', items: ['y'] }] },
    ]);
    assert.deepEqual(lists(before)[0],
      { list: 'one', seq: 1, sections: [{ id: 'a', items: ['x'] }] });
  });

  test('what lists() returns is the caller\'s to change', () => {
    const model = modelWith([['a', ['x']]]);
    lists(model)[0].sections[0].items.push('intruder');
    assert.deepEqual(shown(model), [['a', ['x']]]);
  });

  test('refuses a section or an item shown twice', () => {
    expectMalformed(() => applyReload(createModel(), reload([['a', ['x']], ['a', ['y']]])),
      'sections[1].id', /"a", which sections\[0\] has too/);
    expectMalformed(() => applyReload(createModel(), reload([['a', ['x']], ['b', ['y', 'x']]])),
      'sections[1].items[1]', /"x", which sections\[0\]\.items\[0\] is too/);
  });

  test('takes selectable and reorderable as true or false, and refuses anything else', () => {
    for (const key of ['selectable', 'reorderable']) {
      for (const value of [true, false]) {
        const model = applyReload(createModel(), { ...reload([['a', ['x']]]), [key]: value });
        assert.deepEqual(shown(model), [['a', ['x']]]);
      }
      for (const value of ['true', 1, null]) {
        const message = { ...reload([['a', ['x']]]), [key]: value };
        expectMalformed(() => applyReload(createModel(), message), key, /is not true or false/);
      }
    }
  });

  test('takes announce as a string, or no announce, and refuses anything else', () => {
    for (const announce of ['8 results', '', 'Ada: "hi"\n</script> é 🏔️']) {
      const model = applyReload(createModel(), { ...reload([['a', ['x']]]), announce });
      assert.deepEqual(shown(model), [['a', ['x']]]);
    }
    for (const announce of [3, null, true, ['3 results'], { text: '3 results' }]) {
      expectMalformed(() => applyReload(createModel(), { ...reload([['a', ['x']]]), announce }),
        'announce', /not a string/);
    }
  });

  test('refuses a missing cell, a cell of no item, a malformed cell', () => {
    const message = reload([['a', ['x', 'y']]]);
    delete message.cells.y;
    expectMalformed(() => applyReload(createModel(), message), 'cells', /no cell for item "y"/);
    const extra = reload([['a', ['x']]]);
    extra.cells.ghost = { text: 'boo' };
    expectMalformed(() => applyReload(createModel(), extra), 'cells["ghost"]',
      /an item the list does not show/);
    const red = reload([['a', ['x']]]);
    red.cells.x = { text: 'x', color: 'red' };
    expectMalformed(() => applyReload(createModel(), red), 'cells["x"].color',
      /not a colour #rrggbb/);
    const untitled = reload([['a', ['x']]]);
    untitled.cells.x = { secondaryText: 'x' };
    expectMalformed(() => applyReload(createModel(), untitled), 'cells["x"].text', /is missing/);
    const badge = reload([['a', ['x']]]);
    badge.cells.x = { text: 'x', accessories: [{ type: 'checkmark' }, { type: 'badge' }] };
    expectMalformed(() => applyReload(createModel(), badge), 'cells["x"].accessories[1].text');
    const fixed = reload([['a', ['x']]]);
    fixed.cells.x = { text: 'x', fixed: 'yes' };
    expectMalformed(() => applyReload(createModel(), fixed), 'cells["x"].fixed',
      /is not true or false/);
    fixed.cells.x = { text: 'x', fixed: true };
    const kept = applyReload(createModel(), fixed).lists.get(fixed.list);
    assert.equal(kept.cells.get('x').fixed, true);
  });

  test('refuses a wrong version, type, list or sequence number, naming the field', () => {
    const bad = (change) => () =>
      applyReload(createModel(), { ...reload([['a', ['x']]]), ...change });
    expectMalformed(bad({ v: 2 }), 'v', /is 2, but this client speaks version 1/);
    expectMalformed(bad({ type: 'batch' }), 'type', /is "batch", not "reload"/);
    expectMalformed(bad({ list: 3 }), 'list', /not a string/);
    expectMalformed(bad({ seq: -1 }), 'seq');
    expectMalformed(bad({ seq: '2' }), 'seq');
    expectMalformed(bad({ sections: {} }), 'sections', /an object, not a list/);
    const { v, ...unversioned } = reload([['a', ['x']]]);
    assert.equal(v, 1);
    expectMalformed(() => applyReload(createModel(), unversioned), 'v', /is missing/);
    expectMalformed(() => applyReload(createModel(), null), 'message', /null, not an object/);
  });

  test('refuses identifiers of two kinds in one role', () => {
    expectMalformed(() => applyReload(createModel(), reload([['a', ['x', 2]]])),
      'sections[0].items[1]', /is a number, but the list's identifiers of this role are strings/);
    expectMalformed(() => applyReload(createModel(), reload([[1, []], ['b', []]])),
      'sections[1].id');
  });
});

describe('batch', () => {
  test('the example of Documentation/Web.md: reload, then batch', () => {
    const reloaded = applyReload(createModel(), {
      v: 1, type: 'reload', list: 'main', seq: 1,
      sections: [{ id: 'fruits', items: ['apple', 'pear'] }],
      cells: { apple: { text: 'Apple' }, pear: { text: 'Pear' } },
    });
    const next = applyBatch(reloaded, {
      v: 1, type: 'batch', list: 'main', seq: 2,
      update: {
        sectionDeletes: [], sectionInserts: [], sectionMoves: [], sectionReloads: [],
        itemDeletes: [], itemInserts: [[0, 2]], itemMoves: [[[0, 1], [0, 0]]], itemReloads: [],
        itemReconfigures: [[0, 0]],
      },
      counts: [3],
      insertedSections: [],
      reloadedSections: [],
      insertedItems: ['kiwi'],
      cells: { kiwi: { text: 'Kiwi' } },
      reconfigured: { pear: { text: 'Pear (ripe)' } },
    });
    assert.deepEqual(lists(next),
      [{ list: 'main', seq: 2, sections: [{ id: 'fruits', items: ['pear', 'apple', 'kiwi'] }] }]);
    assert.deepEqual(Object.fromEntries(next.lists.get('main').cells),
      { pear: { text: 'Pear (ripe)' }, apple: { text: 'Apple' }, kiwi: { text: 'Kiwi' } });
  });

  test('performs deletes, inserts, moves and reconfigures by identity', () => {
    const model = modelWith([['fruits', ['apple', 'pear', 'plum']]]);
    const next = applyBatch(model, batch(
      {
        itemDeletes: [[0, 0]], itemInserts: [[0, 2]], itemMoves: [[[0, 2], [0, 0]]],
        itemReconfigures: [[0, 1]],
      },
      {
        counts: [3], insertedItems: ['kiwi'], cells: { kiwi: { text: 'Kiwi' } },
        reconfigured: { pear: { text: 'Pear (ripe)' } },
      }));
    assert.deepEqual(lists(next),
      [{ list: 'main', seq: 2, sections: [{ id: 'fruits', items: ['plum', 'pear', 'kiwi'] }] }]);
    const { cells } = next.lists.get('main');
    assert.deepEqual([...cells.keys()], ['plum', 'pear', 'kiwi']);
    assert.deepEqual(cells.get('kiwi'), { text: 'Kiwi' });
    assert.deepEqual(cells.get('pear'), { text: 'Pear (ripe)' });
    assert.deepEqual(cells.get('plum'), cellOf('plum'));
    // The old model is untouched.
    assert.deepEqual(lists(model),
      [{ list: 'main', seq: 1, sections: [{ id: 'fruits', items: ['apple', 'pear', 'plum'] }] }]);
    assert.equal(model.lists.get('main').cells.size, 3);
    assert.ok(Object.isFrozen(next.lists.get('main')));
    assert.ok(Object.isFrozen(next.lists.get('main').sections[0].items));
  });

  test('deletes, inserts and reloads sections, taking new items from the message', () => {
    const model = modelWith([['A', [1, 2]], ['B', [3]], ['C', [4, 5]]]);
    const next = applyBatch(model, batch(
      { sectionDeletes: [1], sectionInserts: [0], sectionReloads: [2] },
      {
        counts: [1, 2, 2],
        insertedSections: [{ id: 'D', items: [6] }],
        reloadedSections: [{ id: 'C', items: [5, 7] }],
        cells: { 6: { text: 'six' }, 5: { text: 'five again' }, 7: { text: 'seven' } },
      }));
    assert.deepEqual(shown(next), [['D', ['6']], ['A', ['1', '2']], ['C', ['5', '7']]]);
    const { cells } = next.lists.get('main');
    assert.equal(cells.get('5').text, 'five again');
    assert.equal(cells.has('3'), false);
    assert.equal(cells.has('4'), false);
  });

  test('moves sections with their items, and items between sections', () => {
    const model = modelWith([['A', ['a1', 'a2']], ['B', ['b1']], ['C', []]]);
    const swapped =
      applyBatch(model, batch({ sectionMoves: [[0, 1], [1, 0]] }, { counts: [1, 2, 0] }));
    assert.deepEqual(shown(swapped), [['B', ['b1']], ['A', ['a1', 'a2']], ['C', []]]);
    const across = applyBatch(model, batch(
      { itemMoves: [[[0, 0], [2, 0]], [[1, 0], [0, 1]]] }, { counts: [2, 0, 1] }));
    assert.deepEqual(shown(across), [['A', ['a2', 'b1']], ['B', []], ['C', ['a1']]]);
  });

  test('a reloaded item keeps its place and takes its new cell', () => {
    const model = modelWith([['A', ['a1', 'a2']]]);
    const next = applyBatch(model,
      batch({ itemReloads: [[0, 1]] }, { counts: [2], cells: { a2: { text: 'new' } } }));
    assert.deepEqual(shown(next), [['A', ['a1', 'a2']]]);
    assert.equal(next.lists.get('main').cells.get('a2').text, 'new');
  });

  test('an empty list takes its identifiers\' kinds from its first batch', () => {
    const model = applyReload(createModel(), reload([]));
    const next = applyBatch(model, batch({ sectionInserts: [0] }, {
      counts: [2], insertedSections: [{ id: 's', items: [1, 2] }],
      cells: { 1: { text: '1' }, 2: { text: '2' } },
    }));
    assert.deepEqual(lists(next)[0].sections, [{ id: 's', items: ['1', '2'] }]);
    const third = {
      ...batch({ itemInserts: [[0, 0]] },
        { counts: [3], insertedItems: ['3'], cells: { 3: { text: '3' } } }),
      seq: 3,
    };
    expectMalformedBatch(next, third, 'insertedItems[0]',
      /is a string, but the list's identifiers of this role are numbers/);
  });

  test('batches follow one another by sequence number; a gap is refused', () => {
    let model = modelWith([['A', ['a']]]);
    model = applyBatch(model, batch({}, { counts: [1] }));
    model = applyBatch(model, { ...batch({}, { counts: [1] }), seq: 3 });
    assert.equal(lists(model)[0].seq, 3);
    assert.throws(() => applyBatch(model, { ...batch({}, { counts: [1] }), seq: 5 }), (error) => {
      assert.ok(error instanceof SequenceGapError);
      assert.equal(error.message, 'list "main" expected the batch with seq 4, but received seq 5');
      assert.equal(error.expected, 4);
      assert.equal(error.received, 5);
      return true;
    });
    assert.throws(() => applyBatch(model, { ...batch({}, { counts: [1] }), seq: 3 }),
      SequenceGapError);
    assert.equal(lists(model)[0].seq, 3);
  });

  test('a refused batch is a BatchValidationError carrying its rule', () => {
    const model = modelWith([['A', ['a']]]);
    assert.throws(
      () => applyBatch(model, batch({ itemDeletes: [[0, 0]] }, { counts: [1] })),
      (error) => error instanceof BatchValidationError && error.rule === 4);
  });
});

describe('malformed batches', () => {
  const model = modelWith([['A', ['a', 'b']], ['B', ['c']]]);

  test('the envelope', () => {
    const empty = (change) => ({ ...batch({}, { counts: [2, 1] }), ...change });
    expectMalformedBatch(model, empty({ v: 2 }), 'v', /this client speaks version 1/);
    const { v, ...unversioned } = empty({});
    assert.equal(v, 1);
    expectMalformedBatch(model, unversioned, 'v', /is missing/);
    expectMalformedBatch(model, empty({ type: 'reload' }), 'type');
    expectMalformedBatch(model, empty({ list: 'other' }), 'list', /which no reload has shown/);
    expectMalformedBatch(model, empty({ seq: 2.5 }), 'seq');
    expectMalformedBatch(model, [], 'message', /a list, not an object/);
  });

  test('announce: a string when there is one', () => {
    const valid = batch({}, { counts: [2, 1] });
    for (const announce of ['3 results', '', 'Ada: Did the batch animate?']) {
      assert.deepEqual(shown(applyBatch(model, { ...valid, announce })), shown(model));
    }
    for (const announce of [3, null, false, ['3 results'], { text: '3 results' }]) {
      expectMalformedBatch(model, { ...valid, announce }, 'announce', /not a string/);
    }
  });

  test('the update, as Swift\'s decoder reads it', () => {
    const { update, ...rest } = batch({}, { counts: [2, 1] });
    expectMalformedBatch(model, rest, 'update', /is missing/);
    const { itemMoves, ...eight } = update;
    assert.deepEqual(itemMoves, []);
    expectMalformedBatch(model, { ...rest, update: eight }, 'update.itemMoves', /is missing/);
    expectMalformedBatch(model, { ...rest, update: { ...update, itemShuffles: [] } },
      'update.itemShuffles', /is not one of sectionDeletes, /);
    const refusing = (change, field, pattern) =>
      expectMalformedBatch(model, batch(change, { counts: [2, 1] }), field, pattern);
    refusing({ sectionDeletes: [-1] }, 'update.sectionDeletes[0]', /not a non-negative integer/);
    refusing({ sectionInserts: [0.5] }, 'update.sectionInserts[0]');
    refusing({ sectionMoves: [[0]] }, 'update.sectionMoves[0]',
      /has 1 indices, not 2 \(\[from, to\]\)/);
    refusing({ itemDeletes: [[0, 0, 1]] }, 'update.itemDeletes[0]',
      /has 3 indices, not 2 \(\[section, item\]\)/);
    refusing({ itemMoves: [[[0, 0]]] }, 'update.itemMoves[0]', /has 1 item paths, not 2/);
    refusing({ itemMoves: [[[0, 0], [0, '1']]] }, 'update.itemMoves[0][1][1]');
    refusing({ itemReconfigures: 'all' }, 'update.itemReconfigures', /not a list/);
  });

  test('counts and the identifiers the batch brings', () => {
    expectMalformedBatch(model, batch({}, { counts: [2, '1'] }), 'counts[1]');
    expectMalformedBatch(model, batch({}, { counts: null }), 'counts');
    expectMalformedBatch(model, batch({ itemInserts: [[0, 0]] }, { counts: [3, 1] }),
      'insertedItems', /has 0 entries, but update\.itemInserts has 1/);
    expectMalformedBatch(model,
      batch({ itemInserts: [[0, 0]] }, { counts: [3, 1], insertedItems: [5] }),
      'insertedItems[0]', /is a number/);
    expectMalformedBatch(model, batch({ sectionInserts: [2] }, {
      counts: [2, 1, 2], insertedSections: [{ id: 'C', items: ['d'] }], cells: { d: { text: 'd' } },
    }), 'insertedSections[0].items', /has 1 items, but counts\[2\] is 2/);
    expectMalformedBatch(model,
      batch({ sectionInserts: [2] }, { counts: [2, 1, 0], insertedSections: [{ items: [] }] }),
      'insertedSections[0].id', /is missing/);
    expectMalformedBatch(model, batch({ sectionReloads: [1] }, {
      counts: [2, 1], reloadedSections: [{ id: 'Z', items: ['c'] }], cells: { c: { text: 'c' } },
    }), 'reloadedSections[0].id', /is "Z", but the reloaded section 1 is "B"/);
    expectMalformedBatch(model, batch({ sectionReloads: [1] }, {
      counts: [2, 2], reloadedSections: [{ id: 'B', items: ['c'] }], cells: { c: { text: 'c' } },
    }), 'reloadedSections[0].items', /has 1 items, but counts\[1\] is 2/);
  });

  test('cells: one for each item brought in, none for others', () => {
    expectMalformedBatch(model,
      batch({ itemInserts: [[1, 1]] }, { counts: [2, 2], insertedItems: ['d'] }),
      'cells', /no cell for item "d", which the batch brings in/);
    expectMalformedBatch(model, batch({ itemReloads: [[0, 1]] }, { counts: [2, 1] }),
      'cells', /no cell for item "b"/);
    expectMalformedBatch(model, batch({}, { counts: [2, 1], cells: { a: { text: 'a' } } }),
      'cells["a"]', /an item the batch does not bring in/);
    expectMalformedBatch(model, batch({}, { counts: [2, 1], reconfigured: { c: { text: 7 } } }),
      'reconfigured["c"].text', /the number 7, not a string/);
    expectMalformedBatch(model,
      batch({ itemReloads: [[0, 1]] }, { counts: [2, 1], cells: { b: { text: 7 } } }),
      'cells["b"].text', /the number 7, not a string/);
  });

  test('a reconfigured item without new content keeps its cell; others are left aside', () => {
    const next = applyBatch(model, batch({ itemReconfigures: [[0, 0], [0, 1]] }, {
      counts: [2, 1], reconfigured: { b: { text: 'new b' }, c: { text: 'not reconfigured' } },
    }));
    const { cells } = next.lists.get('main');
    assert.deepEqual(cells.get('a'), cellOf('a'));
    assert.deepEqual(cells.get('b'), { text: 'new b' });
    assert.deepEqual(cells.get('c'), cellOf('c'));
  });

  test('rules 1 to 7 come before the shape of what the batch brings', () => {
    // The identifiers of the inserts are null, as the Swift side writes a
    // position out of range, and the section is missing altogether; the
    // batch breaks rule 2 first.
    const rule2 = { name: 'BatchValidationError', rule: 2 };
    assert.throws(() => applyBatch(model,
      batch({ itemInserts: [[5, 0]] }, { counts: [2, 1], insertedItems: [null] })), rule2);
    assert.throws(() => applyBatch(model,
      batch({ sectionInserts: [7] }, { counts: [2, 1], insertedSections: [null] })), rule2);

    assert.throws(() => applyBatch(model, batch({ itemInserts: [[5, 0]] }, { counts: [2, 1] })),
      { name: 'BatchValidationError', rule: 2 });
  });
});

describe('cost', () => {
  /** The fastest of three runs of a batch deleting every other item of one section of n items. */
  function timeHalving(n) {
    const items = Array.from({ length: n }, (_, i) => i);
    const model = modelWith([['s', items]]);
    const message = batch(
      {
        itemDeletes: items.filter((i) => i % 2 === 1).map((i) => [0, i]),
        itemReconfigures: [[0, 0]],
      },
      { counts: [n / 2], reconfigured: { 0: { text: 'zero' } } });
    let best = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const start = process.hrtime.bigint();
      const next = applyBatch(model, message);
      best = Math.min(best, Number(process.hrtime.bigint() - start));
      assert.equal(next.lists.get('main').sections[0].items.length, n / 2);
    }
    return best;
  }

  test('a batch costs time in proportion to the list and the batch, not their product', () => {
    timeHalving(50_000); // warm up
    const small = timeHalving(50_000);
    const large = timeHalving(500_000);
    // Linear work grows about 10 times (up to 20 with cache and collector
    // effects at this size); quadratic work would grow 100 times.
    assert.ok(large / small < 50,
      `10 times the items took ${(large / small).toFixed(1)} times as long`);
  });
});
