// What assistive technology and the keyboard get from a list, as pure
// functions of the model and the layout (Documentation/Web.md,
// "Accessibility"): whether the list reads as a list or as a grid, the rows
// of a grid, where an arrow key goes, the words that summarize a batch, the
// item that takes the focus of a deleted one, and the pace of the
// announcements. None of it touches the DOM; `renderer.js` and `page.js`
// carry it out.

/** Half a pixel: frames closer than this are taken as touching. */
const EPSILON = 0.5;

/** The smallest interval, in milliseconds, between two announcements. */
export const ANNOUNCEMENT_INTERVAL = 1000;

/**
 * Whether a list reads as a grid rather than a list: when its layout has a
 * band (an orthogonal section, whose cells stand side by side), or when two
 * cells of one section that follow each other stand side by side (the
 * second starts across from the first, before the first ends along the
 * scroll axis).
 *
 * @param {{item: string, section: string}[]} cells The window's cells, in
 *   snapshot order.
 * @param {{frames: Map<string, number[]>, bands: {section: string}[]}} layout
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {boolean}
 *
 * Complexity: O(c) for c cells.
 */
export function isGrid(cells, layout, axis) {
  if (layout.bands.length > 0) return true;
  const [a, b] = axis === 'x' ? [0, 1] : [1, 0];
  let previous = null;
  for (const cell of cells) {
    const frame = layout.frames.get(cell.item);
    if (frame === undefined) continue;
    if (previous !== null && previous.section === cell.section
      && frame[a] < previous.frame[a] + previous.frame[a + 2] - EPSILON
      && frame[b] >= previous.frame[b] + previous.frame[b + 2] - EPSILON) {
      return true;
    }
    previous = { section: cell.section, frame };
  }
  return false;
}

/**
 * The rows of a grid, in reading order: each section header in a row of its
 * own, the cells of a band in one row, and the other cells in runs that
 * stand side by side (a cell starts a new row when it starts at or after
 * the end of the row so far along the scroll axis, or in another section);
 * other supplementaries (footers) in rows of their own.
 *
 * @param {({type: 'cell', item: string} | {type: 'band', section: string}
 *   | {type: 'supplementary', key: string})[]} order The content's order
 *   ({@link import('./render-plan.js').contentOrder}).
 * @param {{item: string, section: string}[]} cells The window's cells.
 * @param {Map<string, number[]>} frames The frames of the window's cells.
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {({type: 'cell', item: string} | {type: 'supplementary', key: string})[][]}
 *   The rows, each its entries in order.
 *
 * Complexity: O(c + s) for c cells and s supplementaries.
 */
export function gridRows(order, cells, frames, axis) {
  const a = axis === 'x' ? 0 : 1;
  const sectionOf = new Map();
  const cellsOf = new Map();
  for (const { item, section } of cells) {
    sectionOf.set(item, section);
    if (!cellsOf.has(section)) cellsOf.set(section, []);
    cellsOf.get(section).push({ type: 'cell', item });
  }
  const rows = [];
  let row = null;
  let end = -Infinity;
  let section = null;
  for (const entry of order) {
    if (entry.type === 'supplementary') {
      rows.push([entry]);
      row = null;
      continue;
    }
    if (entry.type === 'band') {
      rows.push(cellsOf.get(entry.section) ?? []);
      row = null;
      continue;
    }
    const frame = frames.get(entry.item);
    const start = frame?.[a] ?? end;
    if (row === null || sectionOf.get(entry.item) !== section || start >= end - EPSILON) {
      row = [];
      rows.push(row);
      end = -Infinity;
      section = sectionOf.get(entry.item);
    }
    row.push(entry);
    if (frame !== undefined) end = Math.max(end, frame[a] + frame[a + 2]);
  }
  return rows.filter((entries) => entries.length > 0);
}

/** The direction of each arrow key: `[dx, dy]`. */
const DIRECTIONS = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

/** The distance between the centres of two frames along the axis `k` (0 for x, 1 for y). */
const offset = (from, to, k) => Math.abs((to[k] + to[k + 2] / 2) - (from[k] + from[k + 2] / 2));

/**
 * The cell an arrow key moves the focus to, by the frames: among the cells
 * whose centre lies beyond the focused one's in the key's direction, the
 * one nearest along it, counting the distance across it (between the two
 * centres) twice, so that the cell straight ahead wins over a nearer one
 * off to the side; ties go to the earlier cell. In a
 * list, Up and Down go to the cells above and below; in a grid, each of the
 * four goes where the eye expects, bands included.
 *
 * @param {string} key `ArrowUp`, `ArrowDown`, `ArrowLeft` or `ArrowRight`.
 * @param {string} from The focused item.
 * @param {Map<string, number[]>} frames The frames of the cells that can
 *   take the focus, in snapshot order.
 * @returns {string | null} The item to focus, or `null` when no cell lies
 *   that way among `frames`.
 *
 * Complexity: O(c) for c frames.
 */
export function arrowTarget(key, from, frames) {
  const direction = DIRECTIONS[key];
  const origin = frames.get(from);
  if (direction === undefined || origin === undefined) return null;
  const [dx, dy] = direction;
  const along = dx === 0 ? 1 : 0;
  const across = 1 - along;
  const sign = dx + dy;
  const centre = (frame, k) => frame[k] + frame[k + 2] / 2;
  let best = null;
  let bestScore = Infinity;
  for (const [item, frame] of frames) {
    if (item === from) continue;
    const distance = (centre(frame, along) - centre(origin, along)) * sign;
    if (distance <= EPSILON) continue;
    const score = distance + 2 * offset(origin, frame, across);
    if (score < bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The cell Page Up or Page Down moves the focus to: the one whose centre is
 * nearest the point a page away from the focused cell's, along the scroll
 * axis, among those beyond it that way; the farthest one that way when
 * none reaches the point.
 *
 * @param {number} sign 1 for Page Down, -1 for Page Up.
 * @param {string} from The focused item.
 * @param {Map<string, number[]>} frames The frames of the cells that can
 *   take the focus.
 * @param {number} page The length of a page, the list's visible length.
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {string | null} The item to focus; `null` when no cell lies that way.
 */
export function pageTarget(sign, from, frames, page, axis) {
  const origin = frames.get(from);
  if (origin === undefined) return null;
  const [a, b] = axis === 'x' ? [0, 1] : [1, 0];
  const centre = (frame, k) => frame[k] + frame[k + 2] / 2;
  const target = centre(origin, a) + sign * page;
  let best = null;
  let bestScore = Infinity;
  for (const [item, frame] of frames) {
    const distance = (centre(frame, a) - centre(origin, a)) * sign;
    if (item === from || distance <= EPSILON) continue;
    const score = Math.abs(centre(frame, a) - target) + 2 * offset(origin, frame, b);
    if (score < bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The item that takes the focus when the focused one is deleted: its
 * nearest neighbour that is still in the list, the next one first (as a
 * list closes up over a deleted row), then the previous.
 *
 * @param {ReadonlyArray<{items: ReadonlyArray<string>}>} before The
 *   sections before the change.
 * @param {string} deleted The focused item, deleted.
 * @param {(item: string) => boolean} kept Whether an item is still in the list.
 * @returns {string | null} The neighbour, or `null` when none is left.
 *
 * Complexity: O(n) for n items before the change.
 */
export function focusSuccessor(before, deleted, kept) {
  const items = before.flatMap((section) => section.items);
  const at = items.indexOf(deleted);
  if (at < 0) return null;
  for (let k = at + 1; k < items.length; k += 1) if (kept(items[k])) return items[k];
  for (let k = at - 1; k >= 0; k -= 1) if (kept(items[k])) return items[k];
  return null;
}

/**
 * A batch's changes in a few words, for the list's live region: the items
 * it added, removed and moved ("3 items added, 1 removed"), or `null` when
 * it did none of these (a batch that only reloads or reconfigures cells
 * says nothing: the cell itself says what changed).
 *
 * @param {{added: number, removed: number, moved: number}} counts
 * @returns {string | null}
 */
export function batchSummary({ added, removed, moved }) {
  const parts = [];
  if (added > 0) parts.push(['added', added]);
  if (removed > 0) parts.push(['removed', removed]);
  if (moved > 0) parts.push(['moved', moved]);
  if (parts.length === 0) return null;
  return parts.map(([verb, count], k) => (k === 0
    ? `${count} ${count === 1 ? 'item' : 'items'} ${verb}`
    : `${count} ${verb}`)).join(', ');
}

/**
 * The counts of {@link batchSummary} for a batch message, already applied.
 *
 * @param {import('./model.js').ListState} before The list before the batch.
 * @param {object} message The batch message.
 * @returns {{added: number, removed: number, moved: number}}
 */
export function batchCounts(before, message) {
  const { update } = message;
  const added = update.itemInserts.length
    + message.insertedSections.reduce((sum, section) => sum + section.items.length, 0);
  const removed = update.itemDeletes.length
    + update.sectionDeletes.reduce(
      (sum, section) => sum + (before.sections[section]?.items.length ?? 0), 0);
  return { added, removed, moved: update.itemMoves.length };
}

/**
 * Paces a live region's announcements: the first is written at once, and
 * then at most one each `interval`; words that come sooner wait for the end
 * of the interval, and only the last of them is written.
 *
 * @param {object} input
 * @param {(text: string) => void} input.write Writes the words to the region.
 * @param {() => number} input.now The clock, in milliseconds.
 * @param {{setTimeout: Function, clearTimeout: Function}} input.clock Its timers.
 * @param {number} [input.interval] The smallest interval between two writes.
 * @returns {{announce: (text: string) => void, pending: () => string | null}}
 */
export function createAnnouncer({ write, now, clock, interval = ANNOUNCEMENT_INTERVAL }) {
  let last = -Infinity;
  let waiting = null;
  let timer = null;
  const flush = () => {
    timer = null;
    last = now();
    const text = waiting;
    waiting = null;
    write(text);
  };
  return {
    announce(text) {
      waiting = text;
      if (timer !== null) return;
      const wait = last + interval - now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    pending: () => waiting,
  };
}
