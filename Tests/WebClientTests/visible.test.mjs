// The visible attributes that sections' `visibleItemsInvalidationHandler`s
// leave on cells: `visible` messages checked and applied to the model (kept
// by batches and layouts, emptied by a reload), and the pure functions the
// renderer styles cells and reads their boxes with.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  applyBatch, applyLayout, applyReload, applyVisible, isDefaultVisible, MalformedMessageError,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import {
  slideTransform, untransformedRect, visibleStyle,
} from '../../Sources/DiffableWeb/Resources/client/render-plan.js';
import { batch, modelWith, reload } from './support.mjs';

const DEFAULTS = { alpha: 1, hidden: false, transform: [1, 0, 0, 1, 0, 0], zIndex: 0 };
const visible = (items, { seq = 1, list = 'main' } = {}) =>
  ({ v: 1, type: 'visible', list, seq, items });
const held = (model) => Object.fromEntries(model.lists.get('main').visible);

describe('visible messages in the model', () => {
  test('each item takes its attributes; one at the defaults is forgotten', () => {
    const model = modelWith([['s', ['a', 'b', 'c']]]);
    const scaled = { ...DEFAULTS, alpha: 0.5, transform: [0.5, 0, 0, 0.5, 0, 0] };
    const once = applyVisible(model, visible({ a: scaled, b: { ...DEFAULTS, hidden: true } }));
    assert.deepEqual(held(once), {
      a: { ...scaled, frame: null }, b: { ...DEFAULTS, hidden: true, frame: null },
    });
    assert.deepEqual(held(model), {}, 'the model it was applied to is unchanged');
    const twice = applyVisible(once, visible({
      a: DEFAULTS, c: { ...DEFAULTS, zIndex: 3, frame: [0, 10, 20, 30] },
    }));
    assert.deepEqual(held(twice), {
      b: { ...DEFAULTS, hidden: true, frame: null },
      c: { ...DEFAULTS, zIndex: 3, frame: [0, 10, 20, 30] },
    });
    assert.ok(isDefaultVisible({ ...DEFAULTS, frame: null }));
    assert.ok(!isDefaultVisible({ ...DEFAULTS, frame: [0, 0, 1, 1] }));
    assert.ok(!isDefaultVisible({ ...DEFAULTS, transform: [1, 0, 0, 1, 0, 1], frame: null }));
  });

  test('one for another seq or another list changes nothing', () => {
    const model = modelWith([['s', ['a']]]);
    assert.equal(applyVisible(model, visible({ a: { ...DEFAULTS, alpha: 0 } }, { seq: 2 })), model);
    assert.equal(
      applyVisible(model, visible({ a: { ...DEFAULTS, alpha: 0 } }, { list: 'side' })), model);
  });

  test('batches and layouts keep what the handlers left; a reload forgets it', () => {
    const model = applyVisible(modelWith([['s', ['a', 'b']]]),
      visible({ a: { ...DEFAULTS, alpha: 0.5 } }));
    const batched = applyBatch(model, batch({ itemDeletes: [[0, 1]] }, { counts: [1] }));
    assert.deepEqual(Object.keys(held(batched)), ['a']);
    const laidOut = applyLayout(applyReload(model, {
      ...reload([['s', ['a', 'b']]], { seq: 4 }),
      layout: { size: [390, 88], frames: { a: [0, 0, 390, 44] }, supplementaries: [], bands: [] },
      cells: { a: { text: 'a' } },
    }), {
      v: 1, type: 'layout', list: 'main', seq: 4, cells: {},
      layout: { size: [390, 88], frames: { a: [0, 0, 390, 44] }, supplementaries: [], bands: [] },
    });
    assert.deepEqual(held(laidOut), {}, 'the reload emptied it');
    const again = applyVisible(laidOut, visible({ a: { ...DEFAULTS, zIndex: 1 } }, { seq: 4 }));
    const kept = applyLayout(again, {
      v: 1, type: 'layout', list: 'main', seq: 4, cells: {},
      layout: { size: [390, 88], frames: { a: [0, 0, 390, 44] }, supplementaries: [], bands: [] },
    });
    assert.deepEqual(Object.keys(held(kept)), ['a']);
    // An item whose cell the page does not hold (outside the window) is refused.
    assert.throws(() => applyVisible(kept, visible({ b: DEFAULTS }, { seq: 4 })),
      /items\["b"\] is an item whose cell the page does not hold/);
  });

  const malformed = [
    [{ a: { ...DEFAULTS, alpha: 2 } }, /items\["a"\]\.alpha is 2, not between 0 and 1/],
    [{ a: { ...DEFAULTS, alpha: 'x' } }, /items\["a"\]\.alpha/],
    [{ a: { ...DEFAULTS, transform: [1, 0, 0, 1, 0] } }, /items\["a"\]\.transform has 5 numbers/],
    [{ a: { ...DEFAULTS, transform: [1, 0, 0, 1, 0, null] } }, /items\["a"\]\.transform\[5\]/],
    [{ a: { ...DEFAULTS, zIndex: 1.5 } }, /items\["a"\]\.zIndex .* not an integer/],
    [{ a: { ...DEFAULTS, hidden: 'no' } }, /items\["a"\]\.hidden .* not a boolean/],
    [{ a: { ...DEFAULTS, frame: [0, 0, -1, 1] } }, /items\["a"\]\.frame\[2\]/],
    [{ a: { alpha: 1 } }, /items\["a"\]\.hidden is missing/],
    [[], /items is a list, not an object/],
  ];
  for (const [items, problem] of malformed) {
    test(`refused: ${JSON.stringify(items)}`, () => {
      const model = modelWith([['s', ['a']]]);
      assert.throws(() => applyVisible(model, visible(items)),
        (error) => error instanceof MalformedMessageError && problem.test(error.message));
    });
  }
});

describe('styles and boxes of cells with visible attributes', () => {
  test('visibleStyle: CSS for what differs from the defaults, empty otherwise', () => {
    const empty = { opacity: '', transform: '', zIndex: '', visibility: '' };
    assert.deepEqual(visibleStyle(undefined), empty);
    assert.deepEqual(visibleStyle({ ...DEFAULTS, frame: null }), empty);
    assert.deepEqual(visibleStyle({
      alpha: 0.25, hidden: true, transform: [0, 1, -1, 0, 5, -2], zIndex: -1, frame: null,
    }), {
      opacity: '0.25', transform: 'matrix(0, 1, -1, 0, 5, -2)', zIndex: '-1',
      visibility: 'hidden',
    });
  });

  test('slideTransform: the translation, then the cell\'s own transform', () => {
    assert.equal(slideTransform(0, 12, ''), 'translate(0px, 12px)');
    assert.equal(slideTransform(-3, 0, 'matrix(0.5, 0, 0, 0.5, 0, 0)'),
      'translate(-3px, 0px) matrix(0.5, 0, 0, 0.5, 0, 0)');
  });

  test('untransformedRect: the box about the drawn centre, less the translation', () => {
    const rect = { x: 25, y: 10, width: 50, height: 20 };
    assert.equal(untransformedRect(rect, undefined, { width: 100, height: 40 }), rect);
    assert.equal(untransformedRect(rect, { ...DEFAULTS, frame: null }, { width: 100, height: 40 }),
      rect);
    const half = { ...DEFAULTS, transform: [0.5, 0, 0, 0.5, 0, 0], frame: null };
    assert.deepEqual(untransformedRect(rect, half, { width: 100, height: 40 }),
      { x: 0, y: 0, width: 100, height: 40 });
    // Turned a quarter and moved 10 right: the bounding box is 40 × 100 about (60, 20).
    const turned = { ...DEFAULTS, transform: [0, 1, -1, 0, 10, 0], frame: null };
    assert.deepEqual(
      untransformedRect({ x: 40, y: -30, width: 40, height: 100 }, turned,
        { width: 100, height: 40 }),
      { x: 0, y: 0, width: 100, height: 40 });
  });
});
