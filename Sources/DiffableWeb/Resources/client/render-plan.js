// The renderer's decisions, as pure functions of the model: which elements a
// change creates, keeps, updates and removes, and how; the order of the
// elements in a list's content; where a cell sits in its band; how a pinned
// supplementary is held within its range; where a band comes to rest; and
// the page's timing statistics. None of it touches the DOM, so node:test
// tests it as it is; `renderer.js` carries the decisions out.

import { identifierText } from './identifiers.js';
import { itemPosition } from './model.js';

/**
 * The axis along which a list scrolls: `'x'` when its content is wider than
 * the list and no taller, `'y'` otherwise (a vertical list, the common case).
 *
 * @param {ReadonlyArray<number>} size The content size `[width, height]`.
 * @param {{width: number, height: number}} viewport The list element's size.
 * @returns {'x' | 'y'}
 */
export function scrollAxis(size, viewport) {
  const wide = size[0] > viewport.width + 0.5;
  const tall = size[1] > viewport.height + 0.5;
  return wide && !tall ? 'x' : 'y';
}

/**
 * The cell that keeps its place on screen when a change moves what is
 * around it (scroll anchoring): of the cells drawn, the one whose frame
 * starts first along `axis` among those that reach into the visible part
 * (`offset` to `offset + length`), the lower cross-axis start breaking a
 * tie; `null` when the list is not scrolled (an unscrolled list keeps its
 * offset, as UIKit's and a browser's do, and shows what comes in at its
 * top) or no cell is visible.
 *
 * @param {Iterable<string>} items The items drawn.
 * @param {ReadonlyMap<string, ReadonlyArray<number>>} frames Their frames
 *   as drawn, `[x, y, width, height]`.
 * @param {'x' | 'y'} axis The scroll axis.
 * @param {number} offset The list's scroll offset along `axis`.
 * @param {number} length The list's visible length along `axis`.
 * @returns {string | null}
 */
export function scrollAnchor(items, frames, axis, offset, length) {
  if (!(offset > 0)) return null;
  const [along, across] = axis === 'x' ? [0, 1] : [1, 0];
  let best = null;
  let bestFrame = null;
  for (const item of items) {
    const frame = frames.get(item);
    if (frame === undefined) continue;
    const start = frame[along];
    const end = start + frame[along + 2];
    if (end <= offset || start >= offset + length) continue;
    if (bestFrame === null || start < bestFrame[along]
      || (start === bestFrame[along] && frame[across] < bestFrame[across])) {
      best = item;
      bestFrame = frame;
    }
  }
  return best;
}

/**
 * What a batch does to the items it touches, by item text: the items it
 * inserts (alone or with their section), the items it reloads (alone or
 * with their section), and the items it reconfigures.
 *
 * @param {import('./model.js').ListState} before The list before the batch.
 * @param {import('./model.js').ListState} after The list after it.
 * @param {object} message The batch message, already applied (so checked).
 * @returns {{inserted: Set<string>, reloaded: Set<string>, reconfigured: Set<string>}}
 */
export function batchChanges(before, after, message) {
  const inserted = new Set(message.insertedItems.map(identifierText));
  for (const section of message.insertedSections) {
    for (const item of section.items) inserted.add(identifierText(item));
  }
  const reloaded = new Set();
  for (const section of message.reloadedSections) {
    for (const item of section.items) reloaded.add(identifierText(item));
  }
  for (const [section, item] of message.update.itemReloads) {
    reloaded.add(before.sections[section].items[item]);
  }
  const reconfigured = new Set(message.update.itemReconfigures
    .map(([section, item]) => after.sections[section].items[item]));
  return { inserted, reloaded, reconfigured };
}

/**
 * How a change treats one element that stays or arrives:
 * - `'insert'`: a new element that fades in;
 * - `'appear'`: a new element shown at once;
 * - `'reload'`: an element kept whose new content cross-fades with the old;
 * - `'update'`: an element kept whose content is replaced in place;
 * - `'keep'`: an element kept as it is (it may still slide to a new frame).
 *
 * @typedef {'insert' | 'appear' | 'reload' | 'update' | 'keep'} Effect
 */

/**
 * Plans how a list's cells change from what its DOM holds to what the model
 * holds after a change.
 *
 * - A `reload` animates nothing: new cells appear, cells that left are
 *   removed, kept cells are updated when their content changed, and nothing
 *   slides.
 * - A `layout` (the window moved, or the layout was solved again) shows new
 *   cells at once and removes the ones that left, and slides kept cells
 *   whose frame changed.
 * - A `batch` fades in the cells that arrive, fades out in place the ones
 *   that leave (deleted, or moved out of the window), cross-fades reloaded
 *   cells, updates reconfigured ones in place, and slides the rest to their
 *   new frames.
 * - Without motion, a batch is a reload: no fades, no slides.
 *
 * @param {object} input
 * @param {'reload' | 'batch' | 'layout'} input.kind The change's message type.
 * @param {ReadonlyMap<string, object>} input.shown The cell each element in
 *   the DOM shows, by item text.
 * @param {import('./model.js').ListState} input.after The list after the
 *   change; its `cells` are the window's.
 * @param {{reloaded: Set<string>}} [input.changes] What the batch did, from
 *   {@link batchChanges}.
 * @param {boolean} input.motion Whether animations are on.
 * @returns {{cells: {item: string, section: string, cell: object, effect: Effect,
 *   position: number}[], leaving: {item: string, fade: boolean}[], slide: boolean,
 *   total: number}} The window's cells in snapshot order, each with its
 *   place in the whole list (1 for its first item, counting every section's),
 *   the elements to take away, whether kept elements slide from where they
 *   are to their new frames, and how many items the whole list has.
 *
 * Complexity: O(w log w + s), for w cells in the window and s sections;
 * each item's place comes from the model's index (`itemPosition`).
 */
export function planCells({ kind, shown, after, changes, motion }) {
  const animated = motion && kind === 'batch';
  // Where each section starts in the whole list: the work follows the
  // window's cells and the sections, not the list's items.
  const starts = [];
  let total = 0;
  for (const section of after.sections) {
    starts.push(total);
    total += section.items.length;
  }
  const cells = [];
  const staying = new Set();
  for (const [item, cell] of after.cells) {
    const at = itemPosition(after.sections, item);
    if (at === null) continue;
    staying.add(item);
    let effect;
    if (!shown.has(item)) effect = animated ? 'insert' : 'appear';
    else if (animated && changes?.reloaded.has(item)) effect = 'reload';
    else effect = shown.get(item) === cell ? 'keep' : 'update';
    cells.push({
      item, section: after.sections[at.section].id, cell, effect,
      position: starts[at.section] + at.index + 1,
    });
  }
  cells.sort((a, b) => a.position - b.position);
  const leaving = [];
  for (const item of shown.keys()) {
    if (!staying.has(item)) leaving.push({ item, fade: animated });
  }
  return { cells, leaving, slide: motion && kind !== 'reload', total };
}

/** The key of a supplementary element: its kind, section and index. */
export const supplementaryKey = ({ kind, section, index }) =>
  JSON.stringify([kind, section, index]);

/**
 * The order of the elements of a list's content, which is the order
 * assistive technology reads: section by section, the supplementaries that
 * start no later than the section's first cell in the window (headers), then the
 * section's cells in snapshot order (inside the section's band when it has
 * one), then its other supplementaries (footers). A section with no cell in
 * the window has its supplementaries in the order of their frames.
 *
 * @param {{id: string}[]} sections The list's sections, in order.
 * @param {{item: string, section: string}[]} cells The window's cells, in
 *   snapshot order.
 * @param {import('./messages.js').checkLayout} layout The list's layout.
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {({type: 'cell', item: string} | {type: 'band', section: string}
 *   | {type: 'supplementary', key: string})[]} The content's children.
 */
export function contentOrder(sections, cells, layout, axis) {
  const a = axis === 'x' ? 0 : 1;
  const cellsOf = new Map();
  for (const entry of cells) {
    if (!cellsOf.has(entry.section)) cellsOf.set(entry.section, []);
    cellsOf.get(entry.section).push(entry.item);
  }
  const supplementariesOf = new Map();
  for (const supplementary of layout.supplementaries) {
    if (!supplementariesOf.has(supplementary.section)) {
      supplementariesOf.set(supplementary.section, []);
    }
    supplementariesOf.get(supplementary.section).push(supplementary);
  }
  const banded = new Set(layout.bands.map((band) => band.section));
  const order = [];
  for (const { id } of sections) {
    const items = cellsOf.get(id) ?? [];
    const extras = (supplementariesOf.get(id) ?? []).slice()
      .sort((l, r) => l.frame[a] - r.frame[a] || l.index - r.index);
    const start = items.length === 0
      ? Infinity
      : Math.min(...items.map((item) => layout.frames.get(item)[a]));
    const leading = extras.filter((s) => s.frame[a] <= start);
    const trailing = extras.filter((s) => !(s.frame[a] <= start));
    for (const s of leading) order.push({ type: 'supplementary', key: supplementaryKey(s) });
    if (banded.has(id)) order.push({ type: 'band', section: id });
    else for (const item of items) order.push({ type: 'cell', item });
    for (const s of trailing) order.push({ type: 'supplementary', key: supplementaryKey(s) });
  }
  return order;
}

/**
 * The moves that bring a parent's children into a wanted order:
 * `[node, before]` pairs for `parent.insertBefore(node, before)`, applied in
 * turn, `before` being `null` for the end. The longest run of wanted
 * children already in order stays where it is, so a change that moves one
 * cell moves one element; children in `skip` (elements fading out) are
 * never moved.
 *
 * @template T
 * @param {ReadonlyArray<T>} current The parent's children, in order.
 * @param {ReadonlyArray<T>} wanted The children to have, in order: some of
 *   `current` and new ones.
 * @param {ReadonlySet<T>} [skip] Children to leave where they are.
 * @returns {[T, T | null][]}
 *
 * Complexity: O((c + w) log w) for c children and w wanted ones.
 */
export function reorder(current, wanted, skip = new Set()) {
  const position = new Map();
  current.forEach((node, i) => { if (!skip.has(node)) position.set(node, i); });
  // The longest increasing run of current positions, in wanted order.
  const tails = []; // tails[k]: index in `wanted` of the smallest tail of a run of k + 1
  const previous = new Array(wanted.length).fill(-1);
  wanted.forEach((node, w) => {
    const at = position.get(node);
    if (at === undefined) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (position.get(wanted[tails[middle]]) < at) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[w] = tails[low - 1];
    tails[low] = w;
  });
  const staying = new Set();
  for (let w = tails.at(-1) ?? -1; w >= 0; w = previous[w]) staying.add(w);
  const moves = [];
  for (let w = wanted.length - 1; w >= 0; w -= 1) {
    if (staying.has(w)) continue;
    moves.push([wanted[w], w + 1 < wanted.length ? wanted[w + 1] : null]);
  }
  return moves;
}

/**
 * The moves of {@link reorder} gathered into runs of adjacent nodes: each
 * run's nodes, in document order, go in before its `before` at once (in a
 * document fragment), which has the same outcome as the moves one by one.
 * A run is a sequence of moves each of which goes just before the node of
 * the move preceding it.
 *
 * @template T
 * @param {ReadonlyArray<[T, T | null]>} moves `[node, before]` pairs, as
 *   {@link reorder} returns them.
 * @returns {{nodes: T[], before: T | null}[]}
 */
export function moveRuns(moves) {
  const runs = [];
  let run = null;
  for (const [node, before] of moves) {
    if (run !== null && before === run.nodes.at(-1)) {
      run.nodes.push(node);
    } else {
      run = { nodes: [node], before };
      runs.push(run);
    }
  }
  for (const { nodes } of runs) nodes.reverse();
  return runs;
}

/**
 * Where a cell sits inside its parent: in the content at its frame, or in
 * its band's scrolling content at its frame less the band's origin (item
 * frames of a band are in content coordinates at scroll offset 0).
 *
 * @param {ReadonlyArray<number>} frame The cell's frame `[x, y, w, h]`.
 * @param {{frame: ReadonlyArray<number>} | undefined} band The band of its
 *   section, if it has one.
 * @returns {{left: number, top: number, width: number, height: number}}
 */
export function cellBox(frame, band) {
  const [x, y, width, height] = frame;
  if (band === undefined) return { left: x, top: y, width, height };
  return { left: x - band.frame[0], top: y - band.frame[1], width, height };
}

/**
 * The inline CSS that a cell's visible attributes (what a section's
 * `visibleItemsInvalidationHandler` left, from `visible` messages) give
 * it: `opacity` for the alpha, `transform` as `matrix(a, b, c, d, tx, ty)`
 * (CSS applies it about the centre of the box, where UIKit applies a
 * cell's transform), `z-index` and `visibility`. Each is empty, leaving the
 * style sheet's, where the attributes are the defaults or there are none.
 *
 * @param {import('./model.js').VisibleItem | undefined} attributes
 * @returns {{opacity: string, transform: string, zIndex: string, visibility: string}}
 */
export function visibleStyle(attributes) {
  if (attributes === undefined) return { opacity: '', transform: '', zIndex: '', visibility: '' };
  const [a, b, c, d, tx, ty] = attributes.transform;
  const identity = a === 1 && b === 0 && c === 0 && d === 1 && tx === 0 && ty === 0;
  return {
    opacity: attributes.alpha === 1 ? '' : String(attributes.alpha),
    transform: identity ? '' : `matrix(${a}, ${b}, ${c}, ${d}, ${tx}, ${ty})`,
    zIndex: attributes.zIndex === 0 ? '' : String(attributes.zIndex),
    visibility: attributes.hidden ? 'hidden' : '',
  };
}

/**
 * The transform of a slide's keyframe: the slide's translation, then the
 * cell's own transform from its visible attributes, so that a cell a
 * handler scaled slides scaled instead of losing its transform while the
 * animation runs (an animation of `transform` replaces the inline one).
 *
 * @param {number} dx The translation along x, in pixels.
 * @param {number} dy The translation along y, in pixels.
 * @param {string} own The cell's inline transform (`visibleStyle`), or `''`.
 * @returns {string}
 */
export const slideTransform = (dx, dy, own) =>
  (own === '' ? `translate(${dx}px, ${dy}px)` : `translate(${dx}px, ${dy}px) ${own}`);

/**
 * Where a cell's box is, given where it shows: the bounding box of a cell
 * a handler transformed is the box's image under the transform about its
 * centre, which has the same centre moved by `tx, ty`; the box has the
 * size it was placed with. Without a transform, the rect as it is.
 *
 * @param {{x: number, y: number, width: number, height: number}} rect The
 *   cell's bounding box as drawn.
 * @param {import('./model.js').VisibleItem | undefined} attributes The
 *   cell's visible attributes.
 * @param {{width: number, height: number} | undefined} size The size the
 *   cell was placed with.
 * @returns {{x: number, y: number, width: number, height: number}}
 */
export function untransformedRect(rect, attributes, size) {
  if (attributes === undefined || size === undefined) return rect;
  const [a, b, c, d, tx, ty] = attributes.transform;
  if (a === 1 && b === 0 && c === 0 && d === 1 && tx === 0 && ty === 0) return rect;
  const centreX = rect.x + rect.width / 2 - tx;
  const centreY = rect.y + rect.height / 2 - ty;
  return {
    x: centreX - size.width / 2, y: centreY - size.height / 2,
    width: size.width, height: size.height,
  };
}

/**
 * How a pinned supplementary is held within its range with CSS sticky
 * positioning: a wrapper spanning the range `pin` along the scroll axis (and
 * the element's frame across it), the element inside it at its natural
 * place, sticking to the side it belongs to. An element at the start of its
 * range (a header) sticks to the start of the visible area; one at its end
 * (a footer) to the end. Its box then never leaves the range: at scroll
 * offset s with visible length v, a header sits at
 * `min(max(natural, s), pin[1] - length)` and a footer at
 * `max(min(natural, s + v - length), pin[0])`; see {@link pinnedOffset}.
 *
 * @param {{frame: ReadonlyArray<number>, pin: ReadonlyArray<number>}} supplementary
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {{wrapper: {left: number, top: number, width: number, height: number},
 *   offset: number, side: 'top' | 'bottom' | 'left' | 'right'}} The
 *   wrapper's box in the content, the element's offset inside it along the
 *   axis, and the side it sticks to.
 */
export function pinPlacement({ frame, pin }, axis) {
  const [x, y, width, height] = frame;
  const [min, max] = pin;
  const natural = axis === 'x' ? x : y;
  const length = axis === 'x' ? width : height;
  const trailing = natural + length >= max - 0.5 && natural > min + 0.5;
  // The range always holds the element itself, even if `pin` is shorter.
  const start = Math.min(min, natural);
  const end = Math.max(max, natural + length);
  const wrapper = axis === 'x'
    ? { left: start, top: y, width: end - start, height }
    : { left: x, top: start, width, height: end - start };
  const side = axis === 'x' ? (trailing ? 'right' : 'left') : (trailing ? 'bottom' : 'top');
  return { wrapper, offset: natural - start, side };
}

/**
 * Where a pinned supplementary sits along the scroll axis at a scroll
 * offset: the position sticky positioning gives the element placed by
 * {@link pinPlacement}. The renderer leaves this to the browser; tests and
 * the page's checks use it to know where a pinned element must be.
 *
 * @param {{frame: ReadonlyArray<number>, pin: ReadonlyArray<number>}} supplementary
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @param {number} scroll The list's scroll offset along the axis.
 * @param {number} visible The list's visible length along the axis.
 * @returns {number} The element's offset along the axis, in content
 *   coordinates.
 */
export function pinnedOffset(supplementary, axis, scroll, visible) {
  const { wrapper, offset, side } = pinPlacement(supplementary, axis);
  const start = axis === 'x' ? wrapper.left : wrapper.top;
  const range = axis === 'x' ? wrapper.width : wrapper.height;
  const length = axis === 'x' ? supplementary.frame[2] : supplementary.frame[3];
  const natural = start + offset;
  const position = side === 'top' || side === 'left'
    ? Math.max(natural, scroll)
    : Math.min(natural, scroll + visible - length);
  return Math.min(Math.max(position, start), start + range - length);
}

/**
 * The scroll offsets a band comes to rest at: its rest offsets that it can
 * scroll to (within `0 ... contentLength - bandLength`, the last one clamped
 * there), sorted, each once. Empty for a band that scrolls continuously.
 *
 * @param {ReadonlyArray<number>} rests The section's rest offsets.
 * @param {number} contentLength The band's content length along its axis.
 * @param {number} bandLength The band's visible length along its axis.
 * @returns {number[]}
 */
export function snapPoints(rests, contentLength, bandLength) {
  const limit = Math.max(0, contentLength - bandLength);
  const points = new Set();
  for (const rest of rests) points.add(Math.min(Math.max(rest, 0), limit));
  return [...points].sort((l, r) => l - r);
}

/**
 * The page's timing statistics: for each change, the milliseconds from its
 * message's arrival to the first animation frame that shows it.
 *
 * @returns {{record: (type: string, ms: number) => void,
 *   snapshot: () => {batchToFirstFrame: number[], reloadToFirstFrame: number[],
 *   layoutToFirstFrame: number[]}}}
 */
export function createStats({ limit = 10_000 } = {}) {
  const series = { batch: [], reload: [], layout: [] };
  return {
    record(type, ms) {
      const values = series[type];
      if (values === undefined || !Number.isFinite(ms)) return;
      if (values.length >= limit) values.shift();
      values.push(Math.max(0, ms));
    },
    snapshot: () => ({
      batchToFirstFrame: series.batch.slice(),
      reloadToFirstFrame: series.reload.slice(),
      layoutToFirstFrame: series.layout.slice(),
    }),
  };
}

/**
 * The layout of a list the server sent none for: its cells stacked in rows
 * of `rowHeight` across `width`, no supplementaries, no bands.
 *
 * @param {import('./model.js').ListState} state The list.
 * @param {number} width The list element's width.
 * @param {number} [rowHeight] The height of a row (44 by default).
 * @returns {{size: number[], frames: Map<string, number[]>, supplementaries: [], bands: [],
 *   estimated: Map<string, string>}}
 */
export function stackedLayout(state, width, rowHeight = 44) {
  const frames = new Map();
  let y = 0;
  for (const section of state.sections) {
    for (const item of section.items) {
      if (state.cells.has(item)) frames.set(item, [0, y, width, rowHeight]);
      y += rowHeight;
    }
  }
  return { size: [width, y], frames, supplementaries: [], bands: [], estimated: new Map() };
}

/**
 * How far, in pixels, a measured length may be from the solved one and
 * still count as the same: a cell within it is not measured again by the
 * server, so that rounding cannot start a loop of measurements.
 */
export const MEASURE_TOLERANCE = 0.5;

/**
 * The sizes of self-sizing cells to send the server: each measured size
 * that differs from its cell's frame by more than the tolerance on an
 * estimated axis, unless it is the size last sent for the item (the server
 * took it and could not use it, or its answer is on the way).
 *
 * ```js
 * sizesToSend([{item: 'a', axes: 'height', frame: [0, 0, 390, 44], size: [390, 61]}], new Map());
 * // [['a', [390, 61]]]
 * ```
 *
 * @param {{item: string, axes: 'width' | 'height' | 'both', frame: number[],
 *   size: number[]}[]} measured Each cell's frame and its content's size
 *   `[width, height]`.
 * @param {Map<string, number[]>} sent The size last sent for each item.
 * @param {number} [tolerance]
 * @returns {[string, number[]][]} Item and size, in the order measured.
 */
export function sizesToSend(measured, sent, tolerance = MEASURE_TOLERANCE) {
  const result = [];
  const near = (a, b) => Math.abs(a - b) <= tolerance;
  for (const { item, axes, frame, size } of measured) {
    const same = (axes === 'height' || near(size[0], frame[2]))
      && (axes === 'width' || near(size[1], frame[3]));
    if (same) continue;
    const last = sent.get(item);
    if (last !== undefined && near(last[0], size[0]) && near(last[1], size[1])) continue;
    result.push([item, size]);
  }
  return result;
}

/** The most placeholders a list shows at once. */
export const MAX_PLACEHOLDERS = 1000;

/**
 * A placeholder's box for `frame`, its edges moved out to whole pixels:
 * the browser rounds each box's edges to a 64th of a pixel, so boxes that
 * meet at a fractional offset (a self-sizing section's average step) can
 * leave a seam between them; boxes on whole pixels meet, or overlap.
 *
 * @param {number[]} frame `[x, y, width, height]`.
 * @returns {{left: number, top: number, width: number, height: number}}
 */
export function placeholderBox([x, y, width, height]) {
  const [left, top] = [Math.floor(x), Math.floor(y)];
  return { left, top, width: Math.ceil(x + width) - left, height: Math.ceil(y + height) - top };
}

/**
 * The rect a list's placeholders cover: what is visible of its content
 * (the scroll offset and client size), and half a visible length more
 * before and after along the scroll axis.
 *
 * @param {{x: number, y: number, width: number, height: number}} view
 *   The list's scroll offset and client size.
 * @param {'x' | 'y'} axis The list's scroll axis.
 * @returns {number[]} `[x, y, width, height]`, in content coordinates.
 */
export const placeholderRect = ({ x, y, width, height }, axis) => (axis === 'x'
  ? [x - width / 2, y, width * 2, height]
  : [x, y - height / 2, width, height * 2]);

/**
 * The slots of a layout's `patterns` in `rect` whose items have no cell
 * drawn: where the page shows placeholders. Only the groups of slots that
 * can reach into `rect` are looked at, found from each pattern's origin
 * and step, never by walking the section; a pattern names items up to its
 * `count` and its section's length, whichever is less.
 *
 * ```js
 * placeholderSlots([{section: 's', count: 100, origin: [0, 0], step: [0, 44],
 *   slots: [[0, 0, 390, 44]]}], () => items, [0, 440, 390, 88], () => false);
 * // [{item: items[10], frame: [0, 440, 390, 44]}, {item: items[11], frame: [0, 484, 390, 44]}]
 * ```
 *
 * @param {ReadonlyArray<{section: string, count: number, origin: number[],
 *   step: number[], slots: number[][]}>} patterns The layout's patterns.
 * @param {(section: string) => ReadonlyArray<string> | undefined} itemsOf
 *   The items of a section of the list, `undefined` for one to leave out
 *   (unknown, or in a band).
 * @param {number[]} rect `[x, y, width, height]`, in content coordinates.
 * @param {(item: string) => boolean} drawn Whether an item's cell is drawn.
 * @param {number} [limit] The most slots to return.
 * @param {(section: string) => number[] | null} [extentOf] Where a
 *   section's drawn cells are along the scroll axis, `[start, end]`, or
 *   `null` when none is drawn: a section of rows whose one slot fills the
 *   step (a self-sizing section's pattern) shows its placeholders from
 *   those ends, the step apart (`rowsAround`).
 * @returns {{item: string, frame: number[]}[]}
 */
export function placeholderSlots(
  patterns, itemsOf, rect, drawn, limit = MAX_PLACEHOLDERS, extentOf = () => null,
) {
  const [rx, ry, rw, rh] = rect;
  const found = [];
  // Slots looked at, bounded even for a pattern whose groups all overlap.
  let budget = limit * 4;
  for (const pattern of patterns) {
    const items = itemsOf(pattern.section);
    if (items === undefined) continue;
    const count = Math.min(pattern.count, items.length);
    const { origin, step, slots } = pattern;
    if (count === 0) continue;
    // A section of rows whose slot fills the step (the server's pattern of
    // a self-sizing section) is drawn from the rows on screen.
    const extent = extentOf(pattern.section);
    const along = step[0] === 0 ? 1 : 0;
    if (extent !== null && slots.length === 1 && (step[0] === 0) !== (step[1] === 0)
      && slots[0][along + 2] >= Math.abs(step[along])) {
      budget = rowsAround(pattern, count, items, extent, rect, found, limit, budget);
      if (found.length >= limit || budget < 0) return found;
      continue;
    }
    // The extent of a group's slots, from its origin.
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y, w, h] of slots) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + w);
      maxY = Math.max(maxY, y + h);
    }
    // The groups g whose extent overlaps the rect on both axes:
    // o + g * d + max > start and o + g * d + min < start + length.
    let low = 0;
    let high = Math.ceil(count / slots.length) - 1;
    for (const [o, d, min, max, start, length] of [
      [origin[0], step[0], minX, maxX, rx, rw], [origin[1], step[1], minY, maxY, ry, rh]]) {
      if (d === 0) {
        if (!(o + max > start && o + min < start + length)) high = -1;
        continue;
      }
      const after = (start - o - max) / d;
      const before = (start + length - o - min) / d;
      low = Math.max(low, Math.floor(d > 0 ? after : before));
      high = Math.min(high, Math.ceil(d > 0 ? before : after));
    }
    for (let g = low; g <= high; g += 1) {
      for (let j = 0; j < slots.length; j += 1) {
        const k = g * slots.length + j;
        if (k >= count) break;
        budget -= 1;
        if (budget < 0) return found;
        const [sx, sy, width, height] = slots[j];
        const x = origin[0] + g * step[0] + sx;
        const y = origin[1] + g * step[1] + sy;
        if (!(x < rx + rw && x + width > rx && y < ry + rh && y + height > ry)) continue;
        const item = items[k];
        if (drawn(item)) continue;
        found.push({ item, frame: [x, y, width, height] });
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}

/**
 * The placeholders of a section of rows (one slot a group, stepping along
 * one axis) around the rows drawn, which span `extent` (`[start, end]`
 * along that axis): rows of the pattern's step from the drawn rows' end
 * to the section's, and from their start back to the section's, so that
 * placeholders meet the drawn rows whatever the sizes measured between
 * (a self-sizing section's step is an average, and its pattern drifts
 * from the rows' real places), and one behind the drawn rows, for the
 * gaps that open while measured rows slide. Adds them to `found`;
 * returns the budget left.
 */
function rowsAround(pattern, count, items, [start, end], rect, found, limit, budget) {
  const { origin, step, slots: [[sx, sy, width, height]] } = pattern;
  const a = step[0] === 0 ? 1 : 0;
  const d = step[a];
  const o = origin[a] + (a === 1 ? sy : sx);
  const length = a === 1 ? height : width;
  // The section's rows from its first row's start to its last row's end.
  const first = d > 0 ? o : o + (count - 1) * d;
  const last = (d > 0 ? o + (count - 1) * d : o) + length;
  const size = Math.abs(d);
  const [low, high] = a === 1 ? [rect[1], rect[1] + rect[3]] : [rect[0], rect[0] + rect[2]];
  // A placeholder from `at`, `span` long along the axis, for the row there.
  const place = (at, span = size) => {
    const k = Math.min(count - 1, Math.max(0, Math.round((at - o) / d)));
    const frame = a === 1
      ? [origin[0] + sx, at, width, span] : [at, origin[1] + sy, span, height];
    found.push({ item: items[k], frame });
  };
  // Behind the drawn rows (cells are opaque): while measured rows slide to
  // their new frames, the space they open shows a placeholder, not the
  // list's background.
  const [behindStart, behindEnd] = [Math.max(start, low), Math.min(end, high)];
  if (behindEnd > behindStart) {
    place(behindStart, behindEnd - behindStart);
    budget -= 1;
  }
  // After the drawn rows: from `end` on, within the rect and the section.
  for (let j = Math.max(0, Math.floor((low - end) / size)); ; j += 1) {
    const at = end + j * size;
    if (at >= Math.min(high, last)) break;
    budget -= 1;
    if (budget < 0 || found.length >= limit) return budget;
    place(at);
  }
  // Before them: back from `start`.
  for (let j = Math.max(1, Math.ceil((start - high) / size)); ; j += 1) {
    const at = start - j * size;
    if (at + size <= Math.max(low, first)) break;
    budget -= 1;
    if (budget < 0 || found.length >= limit) return budget;
    place(at);
  }
  return budget;
}
