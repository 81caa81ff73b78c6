// A drag to reorder, decided by reorder-plan.js: where a dragged row lands,
// how the rows between make room, the item a drop or Alt+Up / Alt+Down
// lands before, and the pointer's gesture from press to drop.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  DRAG_THRESHOLD, IDLE, dragStep, dropIndex, itemBefore, keyMove, refusalWords, roomOffsets,
} from '../../Sources/DiffableWeb/Resources/client/reorder-plan.js';

/** Rows 44 high with a gap of `gap` between them, from 0. */
const rowsOf = (items, gap = 0) =>
  items.map((item, k) => ({ item, top: (44 + gap) * k, height: 44 }));

const ROWS = rowsOf(['a', 'b', 'c', 'd']);

describe('where a dragged row lands', () => {
  test('its middle passes the middles of the rows it crosses', () => {
    assert.equal(dropIndex(ROWS, 0, 0), 0);
    assert.equal(dropIndex(ROWS, 0, 43), 0, 'short of b\'s middle');
    assert.equal(dropIndex(ROWS, 0, 45), 1, 'past b\'s middle');
    assert.equal(dropIndex(ROWS, 0, 500), 3, 'past every row: the end');
    assert.equal(dropIndex(ROWS, 3, -43), 3);
    assert.equal(dropIndex(ROWS, 3, -45), 2);
    assert.equal(dropIndex(ROWS, 3, -500), 0);
    assert.equal(dropIndex(ROWS, 1, 50), 2);
  });

  test('the rows between make room by the dragged row\'s pitch; the others stay', () => {
    assert.deepEqual([...roomOffsets(ROWS, 0, 2)], [['b', -44], ['c', -44], ['d', 0]]);
    assert.deepEqual([...roomOffsets(ROWS, 3, 1)], [['a', 0], ['b', 44], ['c', 44]]);
    assert.deepEqual([...roomOffsets(ROWS, 1, 1)], [['a', 0], ['c', 0], ['d', 0]]);
    const gapped = rowsOf(['a', 'b', 'c'], 6);
    assert.deepEqual([...roomOffsets(gapped, 0, 2)], [['b', -50], ['c', -50]]);
    assert.deepEqual([...roomOffsets(gapped, 2, 0)], [['a', 50], ['b', 50]], 'the last row');
  });
});

describe('the item a move lands before', () => {
  test('among the others, or null at the section\'s end', () => {
    assert.equal(itemBefore(['a', 'b', 'c'], 'a', 0), 'b');
    assert.equal(itemBefore(['a', 'b', 'c'], 'a', 1), 'c');
    assert.equal(itemBefore(['a', 'b', 'c'], 'a', 2), null);
    assert.equal(itemBefore(['a', 'b', 'c'], 'c', 0), 'a');
  });

  test('Alt+ArrowUp and Alt+ArrowDown move by one place, and no further than the ends', () => {
    const items = ['a', 'b', 'c'];
    assert.deepEqual(keyMove(items, 'b', 'ArrowUp'), { to: 0, before: 'a' });
    assert.deepEqual(keyMove(items, 'b', 'ArrowDown'), { to: 2, before: null });
    assert.deepEqual(keyMove(items, 'a', 'ArrowDown'), { to: 1, before: 'c' });
    assert.equal(keyMove(items, 'a', 'ArrowUp'), null);
    assert.equal(keyMove(items, 'c', 'ArrowDown'), null);
    assert.equal(keyMove(items, 'b', 'ArrowLeft'), null);
    assert.equal(keyMove(items, 'z', 'ArrowUp'), null);
  });

  test('a refusal is said in words with the row\'s text', () => {
    assert.equal(refusalWords('Package.swift'), 'Package.swift: cannot move here, put back');
  });
});

describe('the pointer\'s gesture', () => {
  const press = (item = 'a') => dragStep(IDLE, {
    type: 'down', pointerId: 1, button: 0, item, section: 's', x: 10, y: 20,
  }).state;
  const move = (state, y, rows = ROWS) =>
    dragStep(state, { type: 'move', pointerId: 1, x: 10, y, rows: () => rows });

  test('a press is not a drag until the pointer moves the threshold', () => {
    const pressed = press();
    assert.equal(pressed.phase, 'pressed');
    const still = move(pressed, 20 + DRAG_THRESHOLD - 1);
    assert.equal(still.state, pressed);
    assert.equal(still.effect.kind, 'none');
    const { state, effect } = move(pressed, 20 + DRAG_THRESHOLD);
    assert.equal(state.phase, 'dragging');
    assert.equal(effect.kind, 'capture');
    // Released before it moved: a click, not a drop.
    assert.deepEqual(dragStep(pressed, { type: 'up', pointerId: 1 }),
      { state: IDLE, effect: { kind: 'none' } });
  });

  test('only a primary button on a row starts one, and other pointers are ignored', () => {
    for (const event of [
      { type: 'down', pointerId: 1, button: 2, item: 'a', section: 's', x: 0, y: 0 },
      { type: 'down', pointerId: 1, button: 0, item: null, section: null, x: 0, y: 0 },
    ]) assert.equal(dragStep(IDLE, event).state, IDLE);
    const pressed = press();
    assert.equal(dragStep(pressed, { type: 'move', pointerId: 2, x: 0, y: 900 }).state, pressed);
    assert.equal(dragStep(pressed, { type: 'up', pointerId: 2 }).state, pressed);
  });

  test('the row follows the pointer, the others make room, and a drop sends the move', () => {
    let { state } = move(press('a'), 30);
    const follow = move(state, 20 + 100);
    assert.deepEqual(follow.effect.dy, 100);
    assert.equal(follow.effect.item, 'a');
    assert.deepEqual([...follow.effect.offsets], [['b', -44], ['c', -44], ['d', 0]]);
    state = follow.state;
    assert.deepEqual(dragStep(state, { type: 'up', pointerId: 1, items: ['a', 'b', 'c', 'd'] }), {
      state: IDLE, effect: { kind: 'send', item: 'a', section: 's', before: 'd' },
    });
  });

  test('a drop past the window\'s last row lands before the next item the page holds', () => {
    const window = rowsOf(['a', 'b', 'c']);
    let { state } = move(press('a'), 30, window);
    state = move(state, 20 + 500, window).state;
    assert.deepEqual(dragStep(state, { type: 'up', pointerId: 1, items: ['a', 'b', 'c', 'd', 'e'] })
      .effect, { kind: 'send', item: 'a', section: 's', before: 'd' });
    assert.deepEqual(dragStep(state, { type: 'up', pointerId: 1, items: ['a', 'b', 'c'] }).effect,
      { kind: 'send', item: 'a', section: 's', before: null });
  });

  test('a drop where the row was, or a cancel, puts the rows back and sends nothing', () => {
    let { state } = move(press('b'), 30);
    state = move(state, 25).state;
    assert.deepEqual(dragStep(state, { type: 'up', pointerId: 1 }),
      { state: IDLE, effect: { kind: 'putBack' } });
    state = move(move(press('b'), 30).state, 200).state;
    assert.deepEqual(dragStep(state, { type: 'cancel' }),
      { state: IDLE, effect: { kind: 'putBack' } });
    assert.deepEqual(dragStep(press('b'), { type: 'cancel' }),
      { state: IDLE, effect: { kind: 'none' } });
  });

  test('a row the window no longer holds when the drag begins does not drag', () => {
    const { state, effect } = move(press('z'), 40);
    assert.equal(state, IDLE);
    assert.equal(effect.kind, 'none');
  });
});
