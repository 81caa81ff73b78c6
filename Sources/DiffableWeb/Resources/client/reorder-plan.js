// What a drag to reorder does, as pure functions (Documentation/Web.md,
// "Reordering"): where a dragged row lands, how the rows between make room,
// the `move` message a drop or Alt+Up / Alt+Down sends (the moved item and
// the item it lands before, never index paths), and the pointer's gesture as
// a state machine whose transitions return what the page is to do. The
// page (`page.js`) only reads the rows' boxes, sets transforms and sends;
// the renderer draws the server's answer from where the row was dropped.
//
// A row is dragged within its own section of a list laid out top to bottom.

/** How far, in CSS pixels, a pressed pointer moves before a drag begins. */
export const DRAG_THRESHOLD = 4;

/**
 * A row of the dragged row's section as the drag sees it: its item and its
 * box along the list's height, as the renderer placed it.
 *
 * @typedef {{item: string, top: number, height: number}} DragRow
 */

/**
 * Where a dragged row lands: its index among the section's other rows, the
 * number of them whose middle lies above the dragged row's middle.
 *
 * @param {ReadonlyArray<DragRow>} rows The section's rows, in order.
 * @param {number} from The dragged row's index in `rows`.
 * @param {number} dy How far the row was dragged down (negative: up).
 * @returns {number} An index from 0 to `rows.length - 1`.
 */
export function dropIndex(rows, from, dy) {
  const dragged = rows[from];
  const middle = dragged.top + dy + dragged.height / 2;
  let index = 0;
  rows.forEach((row, k) => {
    if (k !== from && row.top + row.height / 2 < middle) index += 1;
  });
  return index;
}

/**
 * How each row between a dragged row's place and where it lands moves to
 * make room: by the dragged row's pitch (its height and the gap after it),
 * up when the row goes down past them, down when it goes up.
 *
 * @param {ReadonlyArray<DragRow>} rows The section's rows, in order.
 * @param {number} from The dragged row's index in `rows`.
 * @param {number} to Where it lands, among the other rows (`dropIndex`).
 * @returns {Map<string, number>} The offset along the height of every row
 *   but the dragged one: 0 for those that stay.
 */
export function roomOffsets(rows, from, to) {
  const dragged = rows[from];
  const next = rows[from + 1] ?? rows[from - 1];
  const pitch = next === undefined
    ? dragged.height
    : dragged.height + Math.max(0, from + 1 < rows.length
      ? next.top - (dragged.top + dragged.height)
      : dragged.top - (next.top + next.height));
  const offsets = new Map();
  rows.forEach((row, k) => {
    if (k === from) return;
    // The row's index among the others.
    const index = k < from ? k : k - 1;
    let offset = 0;
    if (k > from && index < to) offset = -pitch;
    else if (k < from && index >= to) offset = pitch;
    offsets.set(row.item, offset);
  });
  return offsets;
}

/**
 * The item a moved item lands before, given where it lands among the other
 * items of its section; `null` for the section's end.
 *
 * @param {ReadonlyArray<string>} items The section's items, in order (the
 *   moved one included).
 * @param {string} item The moved item.
 * @param {number} to Its index among the others.
 * @returns {string | null}
 */
export function itemBefore(items, item, to) {
  const others = items.filter((other) => other !== item);
  return others[to] ?? null;
}

/**
 * The item a dragged row lands before. The rows are the section's rows in
 * the list's window, a run of its items: past the last of them, the row
 * lands before the item that follows that run in `items` (the section's
 * items as the page holds them), or at the section's end.
 *
 * @param {{item: string, rows: ReadonlyArray<DragRow>, to: number}} drag
 * @param {ReadonlyArray<string>} [items] The section's items, in order.
 * @returns {string | null}
 */
function droppedBefore({ item, rows, to }, items = []) {
  const others = rows.map((row) => row.item).filter((other) => other !== item);
  if (to < others.length) return others[to];
  const last = items.indexOf(others[others.length - 1]);
  if (last < 0) return null;
  return items.slice(last + 1).find((other) => other !== item) ?? null;
}

/**
 * Where Alt+ArrowUp or Alt+ArrowDown moves a row: one place up or down in
 * its section, as the `before` of a `move`; `null` when it cannot go
 * further, or for another key.
 *
 * @param {ReadonlyArray<string>} items The section's items, in order.
 * @param {string} item The focused row's item.
 * @param {string} key The key pressed with Alt.
 * @returns {{to: number, before: string | null} | null} Its index among the
 *   others, and the item it lands before.
 */
export function keyMove(items, item, key) {
  const index = items.indexOf(item);
  if (index < 0) return null;
  let to;
  if (key === 'ArrowUp') to = index - 1;
  else if (key === 'ArrowDown') to = index + 1;
  else return null;
  if (to < 0 || to > items.length - 1) return null;
  return { to, before: itemBefore(items, item, to) };
}

/**
 * What the live region says when the server refuses a move: the row's text
 * and that it went back.
 *
 * @param {string} text The row's text.
 * @returns {string}
 */
export const refusalWords = (text) => `${text}: cannot move here, put back`;

/**
 * The pointer's gesture on a reorderable list, as a state machine: `idle`,
 * `pressed` (a primary button went down on a row, not yet far enough to
 * drag), `dragging` (the row follows the pointer, the rows between make
 * room) and back to `idle` on a drop or a cancel.
 *
 * @typedef {{phase: 'idle'}
 *   | {phase: 'pressed', pointerId: number, item: string, section: string, x: number, y: number}
 *   | {phase: 'dragging', pointerId: number, item: string, section: string, y: number,
 *       rows: ReadonlyArray<DragRow>, from: number, to: number}} DragState
 */

/**
 * What the page does after a transition.
 *
 * - `capture`: takes the pointer (`setPointerCapture`) and marks the rows.
 * - `follow`: the dragged row goes `dy` down from its place, each other row
 *   by its `offsets` entry.
 * - `send`: sends `{type: 'move', item, section, before}`; the rows stay
 *   where they are until the server's batch or `refused` comes.
 * - `putBack`: every row goes back to its place, animated.
 *
 * @typedef {{kind: 'none'} | {kind: 'capture'}
 *   | {kind: 'follow', item: string, dy: number, offsets: Map<string, number>}
 *   | {kind: 'send', item: string, section: string, before: string | null}
 *   | {kind: 'putBack'}} DragEffect
 */

/** The state of no gesture. */
export const IDLE = Object.freeze({ phase: 'idle' });

const NONE = Object.freeze({ kind: 'none' });

/**
 * One step of the gesture.
 *
 * Events: `down` (`pointerId`, `button`, `item` and `section` of the row
 * pressed, or `null` item off a row, `x`, `y`), `move` (`pointerId`, `x`,
 * `y`, and `rows()`, which reads the pressed row's section's rows when a
 * drag begins), `up` (`pointerId`, and `items`, the section's items as the
 * page holds them, for a drop past the window's rows), `cancel` (the pointer was lost, or the
 * list drew a change of the server's: the drag is over, its rows back).
 *
 * @param {DragState} state
 * @param {object} event
 * @returns {{state: DragState, effect: DragEffect}}
 */
export function dragStep(state, event) {
  switch (event.type) {
    case 'down':
      if (state.phase !== 'idle' || event.button !== 0 || event.item === null) {
        return { state, effect: NONE };
      }
      return {
        state: {
          phase: 'pressed', pointerId: event.pointerId, item: event.item, section: event.section,
          x: event.x, y: event.y,
        },
        effect: NONE,
      };
    case 'move': {
      if (state.phase === 'idle' || event.pointerId !== state.pointerId) {
        return { state, effect: NONE };
      }
      if (state.phase === 'pressed') {
        if (Math.hypot(event.x - state.x, event.y - state.y) < DRAG_THRESHOLD) {
          return { state, effect: NONE };
        }
        const rows = event.rows();
        const from = rows.findIndex((row) => row.item === state.item);
        if (from < 0) return { state: IDLE, effect: NONE };
        return {
          state: {
            phase: 'dragging', pointerId: state.pointerId, item: state.item,
            section: state.section, y: state.y, rows, from, to: from,
          },
          effect: { kind: 'capture' },
        };
      }
      const dy = event.y - state.y;
      const to = dropIndex(state.rows, state.from, dy);
      return {
        state: { ...state, to },
        effect: {
          kind: 'follow', item: state.item, dy, offsets: roomOffsets(state.rows, state.from, to),
        },
      };
    }
    case 'up':
      if (state.phase === 'idle' || event.pointerId !== state.pointerId) {
        return { state, effect: NONE };
      }
      if (state.phase === 'pressed') return { state: IDLE, effect: NONE };
      if (state.to === state.from) return { state: IDLE, effect: { kind: 'putBack' } };
      return {
        state: IDLE,
        effect: {
          kind: 'send', item: state.item, section: state.section,
          before: droppedBefore(state, event.items),
        },
      };
    case 'cancel':
      return { state: IDLE, effect: state.phase === 'dragging' ? { kind: 'putBack' } : NONE };
    default:
      return { state, effect: NONE };
  }
}
