// One refusal for each rule of a batch, with the rule number and the message
// the Swift validator (`BatchUpdate.replay(on:insertingFrom:)`) gives for the
// same batch on the same snapshots. The messages were printed by the Swift
// library for these cases and are written out here character for character.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { applyBatch } from '../../Sources/DiffableWeb/Resources/client/model.js';
import { batch, modelWith, shown } from './support.mjs';

const fruit = [['a', ['x', 'y', 'z']], ['b', ['w']]];

/** The fields of a batch on `fruit` that inserts `item` and keeps the counts. */
const inserting = (item) => ({
  counts: [3, 1], insertedItems: [item], cells: { [item]: { text: item } },
});

/**
 * Applies a batch to a model holding `sections`, expects it refused with
 * `rule` and `message`, and checks that the model still holds `sections`.
 */
function expectRefusal(sections, message, rule, expected) {
  const model = modelWith(sections);
  const before = JSON.stringify(shown(model));
  assert.throws(
    () => applyBatch(model, message),
    (error) => {
      assert.equal(error.name, 'BatchValidationError');
      assert.equal(error.message, expected);
      assert.equal(error.rule, rule);
      return true;
    });
  assert.equal(JSON.stringify(shown(model)), before, 'a refused batch leaves the list as it was');
  assert.equal(model.lists.get('main').seq, 1);
}

describe('rule 1: no position used twice', () => {
  test('a section deleted twice', () => {
    expectRefusal(fruit, batch({ sectionDeletes: [0, 0] }, { counts: [3, 1] }), 1,
      'attempt to delete and delete the same section (0)');
  });
  test('an old item deleted and moved', () => {
    expectRefusal(fruit,
      batch({ itemDeletes: [[0, 0]], itemMoves: [[[0, 0], [0, 1]]] }, { counts: [3, 1] }), 1,
      'attempt to delete and move the same index path ([0, 0])');
  });
  test('a new item position inserted into and moved to', () => {
    expectRefusal(fruit,
      batch({ itemInserts: [[0, 1]], itemMoves: [[[0, 0], [0, 1]]] },
        { counts: [3, 1], insertedItems: ['v'], cells: { v: { text: 'v' } } }), 1,
      'attempt to insert and move the same index path ([0, 1])');
  });
  test('a section reloaded and moved is rule 1 before rule 6', () => {
    expectRefusal(fruit,
      batch({ sectionMoves: [[0, 1], [1, 0]], sectionReloads: [0, 1] },
        {
          counts: [3, 1],
          reloadedSections: [{ id: 'a', items: ['x', 'y', 'z'] }, { id: 'b', items: ['w'] }],
        }),
      1, 'attempt to reload and move the same section (0)');
  });
});

describe('rule 2: every index in range', () => {
  test('a deleted section past the end', () => {
    expectRefusal(fruit, batch({ sectionDeletes: [3] }, { counts: [3, 1] }), 2,
      'attempt to delete section 3, but there are only 2 sections before the update');
  });
  test('a section moved past the end', () => {
    expectRefusal(fruit, batch({ sectionMoves: [[0, 5]] }, { counts: [3, 1] }), 2,
      'attempt to move to section 5, but there are only 2 sections after the update');
  });
  test('an item deleted from a section past the end', () => {
    expectRefusal(fruit, batch({ itemDeletes: [[4, 0]] }, { counts: [3, 1] }), 2,
      'attempt to delete item 0 from section 4, but there are only 2 sections before the update');
  });
  test('an item deleted past the end of its section', () => {
    expectRefusal(fruit, batch({ itemDeletes: [[0, 7]] }, { counts: [3, 1] }), 2,
      'attempt to delete item 7 from section 0 which only contains 3 items before the update');
  });
  test('an item inserted past the end of its section', () => {
    expectRefusal(fruit,
      batch({ itemInserts: [[0, 9]] }, inserting('v')), 2,
      'attempt to insert item 9 into section 0, but there are only 3 items in section 0 after the '
        + 'update');
  });
  test('an item inserted into a section past the end', () => {
    expectRefusal(fruit,
      batch({ itemInserts: [[2, 0]] }, inserting('v')), 2,
      'attempt to insert item 0 into section 2, but there are only 2 sections after the update');
  });
  test('a reconfigured item past the end', () => {
    expectRefusal(fruit, batch({ itemReconfigures: [[1, 1]] }, { counts: [3, 1] }), 2,
      'attempt to reconfigure item at [1, 1], which is not in the new snapshot');
  });
});

describe('rules 3 and 4: counts', () => {
  test('rule 3: a section appears from nowhere', () => {
    expectRefusal(fruit, batch({}, { counts: [3, 1, 0] }), 3,
      'invalid number of sections. The number of sections contained in the list view after the '
        + 'update (3) must be equal to the number of sections contained in the list view before '
        + 'the update (2), plus or minus the number of sections inserted or deleted (0 inserted, '
        + '0 deleted).');
  });
  test('rule 4: an item appears from nowhere', () => {
    expectRefusal(fruit,
      batch({ itemDeletes: [[0, 0]], itemMoves: [[[1, 0], [0, 1]]] }, { counts: [4, 1] }), 4,
      'invalid number of items in section 0. The number of items contained in an existing '
        + 'section after the update (4) must be equal to the number of items contained in that '
        + 'section before the update (3), plus or minus the number of items inserted or deleted '
        + 'from that section (0 inserted, 1 deleted) and plus or minus the number of items moved '
        + 'into or out of that section (1 moved in, 0 moved out).');
  });
});

describe('rule 5: no item operation in a changed section', () => {
  test('an item inserted into an inserted section', () => {
    expectRefusal(fruit,
      batch({ sectionInserts: [1], itemInserts: [[1, 0]] }, {
        counts: [3, 1, 1], insertedSections: [{ id: 'c', items: ['v'] }], insertedItems: ['v'],
        cells: { v: { text: 'v' } },
      }), 5,
      'attempt to insert item 0 into section 1, which is also being inserted');
  });
  test('an item deleted from a deleted section', () => {
    expectRefusal(fruit,
      batch({ sectionDeletes: [1], sectionInserts: [1], itemDeletes: [[1, 0]] }, {
        counts: [3, 1], insertedSections: [{ id: 'c', items: ['v'] }], cells: { v: { text: 'v' } },
      }), 5,
      'attempt to delete item 0 from section 1, which is also being deleted');
  });
  test('an item inserted into a reloaded section', () => {
    expectRefusal(fruit,
      batch({ sectionReloads: [0], itemInserts: [[0, 0]] }, {
        counts: [3, 1],
        reloadedSections: [{ id: 'a', items: ['x', 'y', 'z'] }],
        insertedItems: ['v'],
      }), 5,
      'attempt to insert item 0 into section 0, which is also being reloaded');
  });
  test('an item reloaded in a moved section', () => {
    expectRefusal(fruit,
      batch({ sectionMoves: [[0, 1], [1, 0]], itemReloads: [[0, 0]] }, { counts: [1, 3] }), 5,
      'attempt to reload item 0 from section 0, which is also being moved');
  });
});

describe('rules 6 and 7: reloads beside moves', () => {
  test('rule 6: a section reloaded in a batch that moves sections', () => {
    expectRefusal([['a', ['x']], ['b', ['y']], ['c', ['z']]],
      batch({ sectionMoves: [[0, 1], [1, 0]], sectionReloads: [2] }, {
        counts: [1, 1, 1],
        reloadedSections: [{ id: 'c', items: ['z'] }],
        cells: { z: { text: 'z' } },
      }), 6,
      'cannot reload sections [2] in a batch that also moves sections (0 -> 1, 1 -> 0)');
  });
  test('rule 7: a reloaded item also moved', () => {
    expectRefusal(fruit,
      batch({ itemMoves: [[[0, 1], [0, 0]]], itemReloads: [[0, 1]] }, { counts: [3, 1] }), 7,
      'attempt to reload and move the same index path ([0, 1])');
  });
});

describe('rule 8: no identifier shown twice after the replay', () => {
  test('an inserted section that is still shown', () => {
    expectRefusal([['a', [1]], ['b', [2]]],
      batch({ sectionDeletes: [1], sectionInserts: [1] }, {
        counts: [1, 1], insertedSections: [{ id: 'a', items: [1] }], cells: { 1: { text: '1' } },
      }), 8,
      'after the update, section identifier ["a"] would appear twice (again at 1)');
  });
  test('an inserted item that is still shown, written with Swift\'s escapes', () => {
    const odd = 'it\'s "q"\n\\';
    expectRefusal([[0, [odd, 'x']]],
      batch({ itemDeletes: [[0, 1]], itemInserts: [[0, 1]] }, {
        counts: [2], insertedItems: [odd], cells: { [odd]: { text: 'odd' } },
      }), 8,
      'after the update, item identifier ["it\\\'s \\"q\\"\\n\\\\"] would appear twice '
        + '(again at [0, 1])');
  });
  test('an integer item shown twice', () => {
    expectRefusal([['s', [7, 8]]],
      batch({ itemDeletes: [[0, 1]], itemInserts: [[0, 1]] }, {
        counts: [2], insertedItems: [7], cells: { 7: { text: '7' } },
      }), 8,
      'after the update, item identifier [7] would appear twice (again at [0, 1])');
  });
  test('a section whose identifier starts with a combining mark', () => {
    expectRefusal([['\u0301é\t', ['x']], ['日本', ['y']]],
      batch({ sectionDeletes: [1], sectionInserts: [1] }, {
        counts: [1, 1],
        insertedSections: [{ id: '\u0301é\t', items: ['x'] }],
        cells: { x: { text: 'x' } },
      }), 8,
      'after the update, section identifier ["\\u{0301}é\\t"] would appear twice (again at 1)');
  });
});
