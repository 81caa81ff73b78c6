// The client's model of the lists a page shows: what each list holds after
// the server's last reload and the batches since, keyed by identifier text.
//
// The model is pure and immutable: applying a message returns a new model
// and leaves the old one as it was, so a refused batch changes nothing, and
// the renderer can compare what it showed with what it must show.
//
// A batch is performed as `BatchUpdate.replay(on:insertingFrom:)` performs
// it on a snapshot (Documentation/Web.md, "Checking a batch"): rules 1 to 7
// against the counts before and after it, then the replay by identity, where
// an identifier shown twice breaks rule 8. A refusal carries the Swift
// validator's rule number and words.

import { BatchValidationError, bracketed, planBatch } from './batch-plan.js';
import { MalformedMessageError, describeIdentifiers, readIdentifier } from './identifiers.js';
import {
  array, cellTable, checkAnnounce, checkEnvelope, checkLayout, checkUpdate, checkVisibleItems,
  index, listField, object, required,
} from './messages.js';

export { BatchValidationError } from './batch-plan.js';
export { MalformedMessageError } from './identifiers.js';

/**
 * A batch whose sequence number does not follow the last one the list
 * applied: the client missed a message and needs a full reload.
 */
export class SequenceGapError extends Error {
  /**
   * @param {string} list The list's name.
   * @param {number} expected The sequence number that would follow.
   * @param {number} received The sequence number the batch has.
   */
  constructor(list, expected, received) {
    super(`list "${list}" expected the batch with seq ${expected}, but received seq ${received}`);
    this.name = 'SequenceGapError';
    this.expected = expected;
    this.received = received;
  }
}

/**
 * What the client holds for one list.
 *
 * @typedef {object} ListState
 * @property {number} seq The sequence number of the last reload or batch.
 * @property {ReadonlyArray<{id: string, items: ReadonlyArray<string>}>} sections
 *   The sections in order, each with its items in order, as identifier texts.
 * @property {Map<string, object>} cells The cell of each item shown, keyed by
 *   the item's text: every item of the list, or, when the list has a
 *   layout, exactly the items of `layout.frames` (the window). Treat it as
 *   read-only: states share nothing mutable, because each state has its own
 *   map.
 * @property {ReturnType<typeof checkLayout> | null} layout The list's layout
 *   as the last `reload`, `batch` or `layout` message gave it (frames of
 *   the items in the window, supplementaries, bands, content size), or
 *   `null` when the server sent none. Its `patterns` are always a list:
 *   none after a reload without them, and those held before after a
 *   `batch` or `layout` without them (less those of sections gone).
 * @property {import('./identifiers.js').IdentifierKind | null} sectionKind
 *   The kind of the list's section identifiers, `null` before it has any.
 * @property {import('./identifiers.js').IdentifierKind | null} itemKind The
 *   kind of its item identifiers, `null` before it has any.
 * @property {ReadonlyMap<string, VisibleItem>} visible What the sections'
 *   `visibleItemsInvalidationHandler`s left for cells, by item text, as the
 *   `visible` messages since the last reload gave it: only cells not at
 *   the defaults (see {@link isDefaultVisible}). Batches and layouts keep
 *   it; a reload empties it.
 */

/**
 * How a section's handler left one cell (`WebVisibleItem`).
 *
 * @typedef {object} VisibleItem
 * @property {number} alpha The opacity, 0 to 1.
 * @property {boolean} hidden Whether the cell is hidden.
 * @property {ReadonlyArray<number>} transform `[a, b, c, d, tx, ty]`,
 *   applied about the centre of the cell's box.
 * @property {number} zIndex The stacking order.
 * @property {ReadonlyArray<number> | null} frame The frame the handler gave
 *   the cell, in the coordinates of the layout's frames, or `null` when it
 *   kept the layout's.
 */

/** The attributes of a cell that no handler changed. */
export const DEFAULT_VISIBLE = Object.freeze({
  alpha: 1, hidden: false, transform: Object.freeze([1, 0, 0, 1, 0, 0]), zIndex: 0, frame: null,
});

/**
 * Whether a cell's visible attributes are the defaults: opaque, shown,
 * untransformed, at z-index 0 and at the layout's frame.
 *
 * @param {VisibleItem} item
 * @returns {boolean}
 */
export function isDefaultVisible(item) {
  return item.alpha === 1 && !item.hidden && item.zIndex === 0 && item.frame === null
    && item.transform.every((value, i) => value === DEFAULT_VISIBLE.transform[i]);
}

/**
 * The model of a page: its lists by name.
 *
 * @typedef {object} PageModel
 * @property {ReadonlyMap<string, ListState>} lists The lists, in the order of
 *   their first reload.
 */

/**
 * Returns the model of a page that shows no list yet.
 *
 * @returns {PageModel}
 */
export function createModel() {
  return Object.freeze({ lists: new Map() });
}

/** The most items a section's `runs` may stand for. */
export const MAX_RUN_ITEMS = 10_000_000;

/**
 * Reads a `{id, items}` section of a message, checking its identifiers; with
 * `runs` allowed (a `reload`'s sections), a `{id, runs}` section as well.
 */
function readSection(value, field, kinds, runs = false) {
  object(value, field);
  const id = readIdentifier(required(value, 'id', `${field}.id`), kinds.section, `${field}.id`);
  kinds.section = id.kind;
  if (runs && Object.hasOwn(value, 'runs')) {
    if (Object.hasOwn(value, 'items')) {
      throw new MalformedMessageError(field, 'has both items and runs, not one of them');
    }
    return { id: id.text, items: expandRuns(value.runs, `${field}.runs`, kinds) };
  }
  if (runs && !Object.hasOwn(value, 'items')) {
    throw new MalformedMessageError(field, 'has neither items nor runs');
  }
  const items = listField(value, 'items', `${field}.items`).map((item, k) => {
    const read = readIdentifier(item, kinds.item, `${field}.items[${k}]`);
    kinds.item = read.kind;
    return read.text;
  });
  return { id: id.text, items };
}

/** The runs a reload's section came as, by the items array they expanded to. */
const runsOf = new WeakMap();

/**
 * The index of the items of a reload's sections, some of which came as
 * runs, with `get(text)` and `has(text)` as a map's: the runs' items found
 * by a binary search of the runs, the others in a map. `null` when an
 * identifier is there twice (runs that overlap, or an item of `items` that
 * a run has too).
 */
function runIndex(sections) {
  const intervals = []; // [first, last, section, index of first]
  const others = new Map();
  for (let q = 0; q < sections.length; q += 1) {
    const { items } = sections[q];
    const runs = runsOf.get(items);
    if (runs !== undefined) {
      let k = 0;
      for (const [first, count] of runs) {
        intervals.push([first, first + (count - 1), q, k]);
        k += count;
      }
      continue;
    }
    for (let k = 0; k < items.length; k += 1) {
      if (others.has(items[k])) return null;
      others.set(items[k], positionKey(q, k));
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < intervals.length; i += 1) {
    if (intervals[i][0] <= intervals[i - 1][1]) return null;
  }
  const inRuns = (text) => {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || String(n) !== text) return undefined;
    let [low, high] = [0, intervals.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [first, last, q, k] = intervals[middle];
      if (n < first) high = middle - 1;
      else if (n > last) low = middle + 1;
      else return positionKey(q, k + (n - first));
    }
    return undefined;
  };
  for (const text of others.keys()) if (inRuns(text) !== undefined) return null;
  const get = (text) => others.get(text) ?? inRuns(text);
  return { get, has: (text) => get(text) !== undefined };
}

/**
 * The item texts a section's `runs` stand for: each run `[first, count]`
 * the integers `first` to `first + count - 1`, runs one after another, as
 * the same numbers in `items` would read. `first` is a safe integer, and so
 * is each number of the run; `count` is a positive integer; the runs stand
 * for at most {@link MAX_RUN_ITEMS} items.
 *
 * @throws {MalformedMessageError} Naming the section and the run at fault.
 */
function expandRuns(value, field, kinds) {
  array(value, field);
  let total = 0;
  value.forEach((run, r) => {
    const at = `${field}[${r}]`;
    if (!Array.isArray(run) || run.length !== 2) {
      throw new MalformedMessageError(at, 'is not a run [first, count]');
    }
    const [first, count] = run;
    if (!Number.isSafeInteger(first)) {
      throw new MalformedMessageError(`${at}[0]`, `is ${JSON.stringify(first) ?? 'missing'
      }, not an integer (the run's first identifier)`);
    }
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new MalformedMessageError(`${at}[1]`, `is ${JSON.stringify(count) ?? 'missing'
      }, not a positive integer (the run's count)`);
    }
    if (!Number.isSafeInteger(first + (count - 1))) {
      throw new MalformedMessageError(
        at, `ends at ${first + (count - 1)}, beyond the integers the client holds exactly`);
    }
    total += count;
    if (total > MAX_RUN_ITEMS) {
      throw new MalformedMessageError(
        at, `brings the section to ${total} items, more than the ${MAX_RUN_ITEMS} runs may hold`);
    }
  });
  if (total > 0) {
    if (kinds.item !== null && kinds.item !== 'number') {
      readIdentifier(value[0][0], kinds.item, `${field}[0][0]`); // throws, naming the kinds
    }
    kinds.item = 'number';
  }
  const items = new Array(total);
  let k = 0;
  for (const [first, count] of value) {
    for (let n = first, end = first + count; n < end; n += 1) items[k++] = String(n);
  }
  runsOf.set(items, value.map(([first, count]) => [first, count]));
  return items;
}

/**
 * What the model looked at to check and apply layouts, for tests that
 * show this work follows the window, not the list: `items`, the items it
 * looked at (frames, cells, patterns); `indexes`, the item indexes it
 * built (one per reload or batch, none per `layout` message).
 */
export const work = { items: 0, indexes: 0 };

/** The position of an item in its list, `section * 2^32 + item`. */
const positionKey = (q, k) => q * 0x1_0000_0000 + k;

/**
 * The position of each item of a list's sections, keyed by the (frozen)
 * sections array it indexes, so that states sharing their sections share
 * it: built once for each reload and batch, never for a `layout`.
 */
const positionsOf = new WeakMap();

/** The item text to position map of `sections`, built if it is not yet. */
function positions(sections) {
  let index = positionsOf.get(sections);
  if (index === undefined) {
    index = new Map();
    work.indexes += 1;
    sections.forEach((section, q) => {
      section.items.forEach((item, k) => index.set(item, positionKey(q, k)));
    });
    positionsOf.set(sections, index);
  }
  return index;
}

/**
 * Where an item is in a list's sections: `{section, index}`, or `null`
 * when the list does not show it. The sections' index of items is built
 * once, with the reload or batch that made them.
 *
 * @param {ReadonlyArray<{items: ReadonlyArray<string>}>} sections A list
 *   state's sections.
 * @param {string} item The item's text.
 * @returns {{section: number, index: number} | null}
 */
export function itemPosition(sections, item) {
  const key = positions(sections).get(item);
  if (key === undefined) return null;
  return { section: Math.floor(key / 0x1_0000_0000), index: key % 0x1_0000_0000 };
}

/**
 * Freezes a list's state, its sections and their item lists (an item list
 * already frozen may be shared with an earlier state).
 */
function freezeList(seq, sections, cells, kinds, layout = null, visible = new Map()) {
  for (const section of sections) {
    Object.freeze(section.items);
    Object.freeze(section);
  }
  return Object.freeze({
    seq, sections: Object.freeze(sections), cells, sectionKind: kinds.section, itemKind: kinds.item,
    layout, visible,
  });
}

/**
 * Reads the optional `layout` of a `reload` or `batch`, and checks it
 * against the list it lays out: its frames are of items the list shows, its
 * supplementaries and bands of sections the list has. The items its
 * `unmoved` and `shifted` name take the frames `previous` has for them.
 *
 * @param {object} message The message.
 * @param {ReadonlyArray<{id: string, items: ReadonlyArray<string>}>} sections
 *   What the list shows once the message is applied.
 * @param {ReturnType<typeof checkLayout> | null} previous The layout the
 *   list holds: `null` for a `reload`, which names no held frame.
 * @returns {ReturnType<typeof checkLayout> | null} `null` when the message has
 *   no layout.
 * @throws {MalformedMessageError} When it is malformed or does not fit.
 */
function readLayout(message, sections, previous = null, reload = false) {
  if (!Object.hasOwn(message, 'layout')) return null;
  const layout = withHeldFrames(checkLayout(message.layout, 'layout'), previous);
  return fitLayout(withPatterns(layout, reload ? null : previous, sections), sections);
}

/**
 * The layout with its patterns: those it has, else (in a `batch` or a
 * `layout` message, whose layout without `patterns` keeps them) those of
 * `previous` whose sections the list still has; none after a reload.
 */
function withPatterns(layout, previous, sections) {
  const ids = new Set(sections.map((section) => section.id));
  if (layout.patterns !== null) {
    layout.patterns.forEach((pattern, i) => {
      if (!ids.has(pattern.section)) {
        throw new MalformedMessageError(
          `layout.patterns[${i}].section`,
          `is ${JSON.stringify(pattern.section)}, a section the list does not show`);
      }
    });
    return layout;
  }
  const patterns = (previous?.patterns ?? []).filter((pattern) => ids.has(pattern.section));
  return Object.freeze({ ...layout, patterns: Object.freeze(patterns) });
}

/**
 * The layout with the frames of its `unmoved` and `shifted` items taken
 * from `previous` (moved by their group's `by`): every frame of the
 * window, and both lists empty.
 *
 * @throws {MalformedMessageError} When `previous` has no frame for one.
 */
function withHeldFrames(layout, previous) {
  if (layout.unmoved.length === 0 && layout.shifted.length === 0) return layout;
  const frames = new Map(layout.frames);
  const groups = [['layout.unmoved', [0, 0], layout.unmoved],
    ...layout.shifted.map((group, g) => [`layout.shifted[${g}].items`, group.by, group.items])];
  for (const [field, [dx, dy], items] of groups) {
    items.forEach((text, i) => {
      const frame = previous === null ? undefined : previous.frames.get(text);
      if (frame === undefined) {
        throw new MalformedMessageError(
          `${field}[${i}]`, `is ${JSON.stringify(text)}, an item whose frame the list does not hold`);
      }
      frames.set(text, Object.freeze([frame[0] + dx, frame[1] + dy, frame[2], frame[3]]));
    });
  }
  return Object.freeze({
    ...layout, frames, unmoved: Object.freeze([]), shifted: Object.freeze([]),
  });
}

/**
 * Checks that a layout lays out the list `sections`, and returns it. Its
 * work follows the layout's size and the count of sections, not of items.
 */
function fitLayout(layout, sections) {
  const items = positions(sections);
  const ids = new Set();
  for (const section of sections) ids.add(section.id);
  for (const text of layout.frames.keys()) {
    work.items += 1;
    if (!items.has(text)) {
      throw new MalformedMessageError(
        `layout.frames[${JSON.stringify(text)}]`, 'is the frame of an item the list does not show');
    }
  }
  layout.supplementaries.forEach((supplementary, i) => {
    if (!ids.has(supplementary.section)) {
      throw new MalformedMessageError(
        `layout.supplementaries[${i}].section`,
        `is ${JSON.stringify(supplementary.section)}, a section the list does not show`);
    }
  });
  layout.bands.forEach((band, i) => {
    if (!ids.has(band.section)) {
      throw new MalformedMessageError(
        `layout.bands[${i}].section`,
        `is ${JSON.stringify(band.section)}, a section the list does not show`);
    }
  });
  return layout;
}

/**
 * The cells of a list with a layout: one for each item of `layout.frames`,
 * in the list's order, from `given` when it has one, else from `fallback`.
 *
 * @param {ReadonlyArray<{items: ReadonlyArray<string>}>} sections The list.
 * @param {ReturnType<typeof checkLayout>} layout Its layout.
 * @param {object} given Item text to cell, the message's `cells`.
 * @param {(item: string) => object | undefined} fallback The cell to keep
 *   for an item `given` has none for.
 * @param {string} why Why a missing cell was needed, for the error.
 * @returns {Map<string, object>}
 * @throws {MalformedMessageError} When `given` has a cell for an item
 *   outside the frames, or an item of the frames has no cell.
 */
function windowCells(sections, layout, given, fallback, why) {
  for (const text of Object.keys(given)) {
    work.items += 1;
    if (!layout.frames.has(text)) {
      throw new MalformedMessageError(
        `cells[${JSON.stringify(text)}]`, 'is the cell of an item outside layout.frames');
    }
  }
  // The items of the frames (all of the list's: fitLayout checked them),
  // in the list's order.
  const at = positions(sections);
  const inWindow = [...layout.frames.keys()];
  work.items += inWindow.length;
  inWindow.sort((a, b) => at.get(a) - at.get(b));
  const cells = new Map();
  for (const item of inWindow) {
    const cell = Object.hasOwn(given, item) ? given[item] : fallback(item);
    if (cell === undefined) {
      throw new MalformedMessageError(
        'cells', `has no cell for item ${JSON.stringify(item)}, ${why(item)}`);
    }
    cells.set(item, cell);
  }
  return cells;
}

/**
 * Reads a `reload` message into the state of its list.
 *
 * @param {unknown} message A `reload` message as `JSON.parse` produced it.
 * @returns {{list: string, state: ListState}}
 * @throws {MalformedMessageError} When the message does not have the shape
 *   of a `reload` (`selectable`, `reorderable` or `showsChanges` not a boolean and
 *   `announce` not a string included), shows an identifier twice, or its `cells` do not have
 *   exactly one cell per item.
 */
export function readReload(message) {
  const { list, seq } = checkEnvelope(message, 'reload');
  for (const key of ['selectable', 'reorderable', 'showsChanges']) {
    if (Object.hasOwn(message, key) && typeof message[key] !== 'boolean') {
      throw new MalformedMessageError(key, 'is not true or false');
    }
  }
  checkAnnounce(message);
  const kinds = { section: null, item: null };
  const sections = listField(message, 'sections')
    .map((section, q) => readSection(section, `sections[${q}]`, kinds, true));
  const table = cellTable(message, 'cells');
  const windowed = Object.hasOwn(message, 'layout');

  // A windowed reload whose sections came as runs is indexed by its runs,
  // with no map of its items (the list's length in hashing saved), when
  // no identifier is there twice; else as any other, which names the
  // first identifier there twice.
  const byRuns = windowed && sections.some((section) => runsOf.has(section.items))
    ? runIndex(sections) : null;
  if (byRuns !== null) {
    const ids = new Map();
    sections.forEach((section, q) => {
      if (ids.has(section.id)) {
        throw new MalformedMessageError(
          `sections[${q}].id`,
          `is ${JSON.stringify(section.id)}, which sections[${ids.get(section.id)}] has too`);
      }
      ids.set(section.id, q);
    });
    positionsOf.set(sections, byRuns);
    work.indexes += 1;
  }
  const sectionAt = new Map();
  const itemAt = byRuns ?? new Map();
  const cells = new Map();
  if (byRuns === null) sections.forEach((section, q) => {
    const earlier = sectionAt.get(section.id);
    if (earlier !== undefined) {
      throw new MalformedMessageError(
        `sections[${q}].id`,
        `is ${JSON.stringify(section.id)}, which sections[${earlier}] has too`);
    }
    sectionAt.set(section.id, q);
    const { items } = section;
    for (let k = 0; k < items.length; k += 1) {
      const item = items[k];
      const at = itemAt.get(item);
      if (at !== undefined) {
        const [p, i] = [Math.floor(at / 0x1_0000_0000), at % 0x1_0000_0000];
        throw new MalformedMessageError(
          `sections[${q}].items[${k}]`,
          `is ${JSON.stringify(item)}, which sections[${p}].items[${i}] is too`);
      }
      itemAt.set(item, positionKey(q, k));
      if (windowed) continue;
      if (!Object.hasOwn(table, item)) {
        throw new MalformedMessageError('cells', `has no cell for item ${JSON.stringify(item)}`);
      }
      cells.set(item, table[item]);
    }
  });
  if (byRuns === null) {
    positionsOf.set(sections, itemAt);
    work.indexes += 1;
  }
  for (const text of Object.keys(table)) {
    if (!itemAt.has(text)) {
      throw new MalformedMessageError(
        `cells[${JSON.stringify(text)}]`, 'is the cell of an item the list does not show');
    }
  }
  const layout = readLayout(message, sections, null, true);
  if (layout === null) return { list, state: freezeList(seq, sections, cells, kinds) };
  const inWindow = windowCells(
    sections, layout, table, () => undefined, () => 'which layout.frames has');
  return { list, state: freezeList(seq, sections, inWindow, kinds, layout) };
}

/**
 * Performs a `batch` message on the state of its list, as
 * `BatchUpdate.replay(on:insertingFrom:)` performs a batch on a snapshot, and
 * returns the new state. `state` is left as it was.
 *
 * The checks run in this order: the shape of the envelope, `update`,
 * `counts` and the optional `announce`; the sequence number; rules 1 to 7
 * against the list's counts and `counts`; the shape of what the message
 * brings (`insertedSections`, `reloadedSections`, `insertedItems`, `cells`,
 * `reconfigured`) and its agreement with the batch; the replay by identity
 * (rule 8); a cell in `cells` for every item the batch brings in, and none
 * for others.
 *
 * @param {ListState} state What the list holds.
 * @param {unknown} message A `batch` message as `JSON.parse` produced it.
 * @returns {ListState}
 * @throws {MalformedMessageError} When the message does not have the shape
 *   of a `batch` (a missing field, a value of the wrong type, a list of the
 *   wrong length, an identifier of the wrong kind, a missing or unexpected
 *   cell in `cells`).
 * @throws {SequenceGapError} When its `seq` does not follow `state.seq`.
 * @throws {BatchValidationError} For the first of rules 1 to 8 the batch
 *   breaks, with the Swift validator's rule number and message.
 *
 * Complexity: O(n + b), where n is the number of items shown before and
 * after the batch and b the size of the message.
 */
export function replayBatch(state, message) {
  // The message's shape.
  const { list, seq } = checkEnvelope(message, 'batch');
  const update = checkUpdate(required(message, 'update', 'update'));
  const counts = listField(message, 'counts')
    .map((count, q) => index(count, `counts[${q}]`));
  checkAnnounce(message);

  // The sequence.
  if (seq !== state.seq + 1) throw new SequenceGapError(list, state.seq + 1, seq);

  // Rules 1 to 7.
  const old = state.sections;
  const plan = planBatch(update, old.map((section) => section.items.length), counts);
  const { sourceOfNew } = plan;

  // What the message brings, and its agreement with the batch. It is read
  // once the batch passed rules 1 to 7, as the Swift replay reads the new
  // snapshot's identifiers only then: a batch that breaks a rule is refused
  // under that rule, whatever else the message holds.
  const kinds = { section: state.sectionKind, item: state.itemKind };
  const insertedSections = listField(message, 'insertedSections')
    .map((section, i) => readSection(section, `insertedSections[${i}]`, kinds));
  const reloadedSections = listField(message, 'reloadedSections')
    .map((section, i) => readSection(section, `reloadedSections[${i}]`, kinds));
  const insertedItems = listField(message, 'insertedItems')
    .map((item, i) => {
      const read = readIdentifier(item, kinds.item, `insertedItems[${i}]`);
      kinds.item = read.kind;
      return read.text;
    });
  const cellsIn = cellTable(message, 'cells');
  const reconfiguredIn = cellTable(message, 'reconfigured');
  const lengthOf = (field, values, key) => {
    if (values.length !== update[key].length) {
      throw new MalformedMessageError(
        field, `has ${values.length} entries, but update.${key} has ${update[key].length}`);
    }
  };
  lengthOf('insertedSections', insertedSections, 'sectionInserts');
  lengthOf('reloadedSections', reloadedSections, 'sectionReloads');
  lengthOf('insertedItems', insertedItems, 'itemInserts');
  const insertedAt = new Map(); // new section position -> entry of insertedSections
  update.sectionInserts.forEach((q, i) => {
    insertedAt.set(q, insertedSections[i]);
    if (insertedSections[i].items.length !== counts[q]) {
      throw new MalformedMessageError(
        `insertedSections[${i}].items`,
        `has ${insertedSections[i].items.length} items, but counts[${q}] is ${counts[q]}`);
    }
  });
  const newPositionOf = new Array(old.length).fill(-1);
  sourceOfNew.forEach((p, q) => { if (p >= 0) newPositionOf[p] = q; });
  const reloadedAt = new Map(); // old section position -> entry of reloadedSections
  update.sectionReloads.forEach((p, i) => {
    const section = reloadedSections[i];
    reloadedAt.set(p, section);
    if (section.id !== old[p].id) {
      throw new MalformedMessageError(
        `reloadedSections[${i}].id`,
        `is ${JSON.stringify(section.id)}, `
          + `but the reloaded section ${p} is ${JSON.stringify(old[p].id)}`);
    }
    const q = newPositionOf[p];
    if (section.items.length !== counts[q]) {
      throw new MalformedMessageError(
        `reloadedSections[${i}].items`,
        `has ${section.items.length} items, but counts[${q}] is ${counts[q]}`);
    }
  });

  // The replay by identity.
  const slots = new Map(); // key of a new item position -> the item there
  const key = ([section, item]) => section * 0x1_0000_0000 + item;
  update.itemInserts.forEach((path, i) => slots.set(key(path), insertedItems[i]));
  for (const [from, to] of update.itemMoves) slots.set(key(to), old[from[0]].items[from[1]]);
  const sections = counts.map((count, q) => {
    const p = sourceOfNew[q];
    if (p < 0) {
      const section = insertedAt.get(q);
      return { id: section.id, items: section.items };
    }
    const { id } = old[p];
    if (plan.oldIsReloaded(p)) return { id, items: reloadedAt.get(p).items };
    if (plan.oldIsMoved(p)) return { id, items: old[p].items }; // frozen: shared
    // Survivors of p, in order, fill the positions that inserts and move
    // destinations leave free.
    const from = old[p].items;
    const items = [];
    let i = 0;
    for (let k = 0; k < count; k += 1) {
      const slot = slots.get(key([q, k]));
      if (slot !== undefined) {
        items.push(slot);
        continue;
      }
      while (i < from.length && !plan.oldItemSurvives(p, i)) i += 1;
      if (i < from.length) {
        items.push(from[i]);
        i += 1;
      }
    }
    return { id, items };
  });

  // Rule 8: no identifier twice.
  const seenSections = new Set();
  sections.forEach((section, q) => {
    if (seenSections.has(section.id)) {
      throw new BatchValidationError(
        8,
        `after the update, section identifier ${describeIdentifiers([section.id], kinds.section)} `
          + `would appear twice (again at ${q})`);
    }
    seenSections.add(section.id);
  });
  const seenItems = new Map();
  sections.forEach((section, q) => {
    section.items.forEach((item, k) => {
      if (seenItems.has(item)) {
        throw new BatchValidationError(
          8,
          `after the update, item identifier ${describeIdentifiers([item], kinds.item)} would `
            + `appear twice (again at ${bracketed([q, k])})`);
      }
      seenItems.set(item, positionKey(q, k));
    });
  });
  // The positions of the new sections' items, for their layouts.
  positionsOf.set(sections, seenItems);
  work.indexes += 1;

  // Cells: a new one for every item the batch brings in, the new content of
  // a reconfigured item when the message has one, the old one for the rest.
  const broughtIn = new Set(insertedItems);
  for (const section of [...insertedSections, ...reloadedSections]) {
    for (const item of section.items) broughtIn.add(item);
  }
  for (const [section, item] of update.itemReloads) broughtIn.add(old[section].items[item]);
  const reconfiguredItems = new Set(
    update.itemReconfigures.map(([section, item]) => sections[section].items[item]));

  // With a layout, the list holds cells for the items of its frames only: a
  // new one for each item the batch brings in or the page did not hold, the
  // new content of a reconfigured item when the message has one, the old one
  // for the rest. A cell in `cells` for an item the page held replaces it.
  if (state.layout !== null && !Object.hasOwn(message, 'layout')) {
    // The list holds the cells of its window only: without a layout, it
    // could not tell which of the others to draw.
    throw new MalformedMessageError('layout', 'is missing, but the list has a layout');
  }
  const layout = readLayout(message, sections, state.layout);
  if (layout !== null) {
    const cells = windowCells(sections, layout, cellsIn, (item) => {
      if (broughtIn.has(item)) return undefined;
      if (reconfiguredItems.has(item) && Object.hasOwn(reconfiguredIn, item)) {
        return reconfiguredIn[item];
      }
      return state.cells.get(item);
    }, (item) => (broughtIn.has(item)
      ? 'which the batch brings in'
      : 'which layout.frames has and the page did not hold'));
    return freezeList(seq, sections, cells, kinds, layout, state.visible);
  }

  for (const item of broughtIn) {
    if (!Object.hasOwn(cellsIn, item)) {
      throw new MalformedMessageError(
        'cells', `has no cell for item ${JSON.stringify(item)}, which the batch brings in`);
    }
  }
  for (const text of Object.keys(cellsIn)) {
    if (!broughtIn.has(text)) {
      throw new MalformedMessageError(
        `cells[${JSON.stringify(text)}]`, 'is the cell of an item the batch does not bring in');
    }
  }
  // A reconfigure redraws an item with the content it has then: the rules
  // say nothing of `reconfigured`, so an item keeps its cell when
  // `reconfigured` has none for it, and entries for items that are not
  // reconfigured are left aside.
  const cells = new Map();
  for (const section of sections) {
    for (const item of section.items) {
      const cell = reconfiguredItems.has(item) && Object.hasOwn(reconfiguredIn, item)
        ? reconfiguredIn[item]
        : broughtIn.has(item) ? cellsIn[item] : state.cells.get(item);
      cells.set(item, cell);
    }
  }

  return freezeList(seq, sections, cells, kinds, null, state.visible);
}

/**
 * Applies a `reload` message to a page's model: the list it names then holds
 * exactly what the message holds.
 *
 * @param {PageModel} model The page's model; left as it was.
 * @param {unknown} message A `reload` message as `JSON.parse` produced it.
 * @returns {PageModel} The new model.
 * @throws {MalformedMessageError} See {@link readReload}.
 */
export function applyReload(model, message) {
  const { list, state } = readReload(message);
  const lists = new Map(model.lists);
  lists.set(list, state);
  return Object.freeze({ lists });
}

/**
 * Applies a `batch` message to a page's model, or refuses it. A refused
 * batch leaves the model as it was; the client then asks for a full reload.
 *
 * @param {PageModel} model The page's model; left as it was.
 * @param {unknown} message A `batch` message as `JSON.parse` produced it.
 * @returns {PageModel} The new model.
 * @throws {MalformedMessageError} When the message is malformed, or names a
 *   list that no reload has shown.
 * @throws {SequenceGapError} When its `seq` does not follow the list's.
 * @throws {BatchValidationError} When the batch breaks one of rules 1 to 8.
 */
export function applyBatch(model, message) {
  const { list } = checkEnvelope(message, 'batch');
  const state = model.lists.get(list);
  if (state === undefined) {
    throw new MalformedMessageError(
      'list', `is ${JSON.stringify(list)}, which no reload has shown`);
  }
  const next = replayBatch(state, message);
  const lists = new Map(model.lists);
  lists.set(list, next);
  return Object.freeze({ lists });
}

/**
 * Applies a `layout` message to a page's model: the list it names takes the
 * new layout, keeps the cells of the items still in its frames and takes
 * the message's cells for the items that entered them.
 *
 * A message for a list the page does not hold, or whose `seq` is not the
 * list's, changes nothing: the list refused a batch and asked for a reload,
 * which carries a layout. The same model is returned then.
 *
 * @param {PageModel} model The page's model; left as it was.
 * @param {unknown} message A `layout` message as `JSON.parse` produced it.
 * @returns {PageModel} The new model, or `model` itself when the message is
 *   ignored.
 * @throws {MalformedMessageError} When the message does not have the shape
 *   of a `layout`, its layout does not fit the list, its `cells` has a cell
 *   for an item outside the frames, or an item of the frames that the list
 *   did not hold has no cell.
 */
export function applyLayout(model, message) {
  const { list, seq } = checkEnvelope(message, 'layout');
  const layoutIn = checkLayout(required(message, 'layout', 'layout'), 'layout');
  const given = cellTable(message, 'cells');
  const state = model.lists.get(list);
  if (state === undefined || state.seq !== seq) return model;
  const layout = fitLayout(
    withPatterns(withHeldFrames(layoutIn, state.layout), state.layout, state.sections),
    state.sections);
  const cells = windowCells(state.sections, layout, given, (item) => state.cells.get(item),
    () => 'which layout.frames has and the page did not hold');
  const lists = new Map(model.lists);
  lists.set(list, freezeList(seq, state.sections, cells, {
    section: state.sectionKind, item: state.itemKind,
  }, layout, state.visible));
  return Object.freeze({ lists });
}

/**
 * Applies a `visible` message to a page's model: each item it names takes
 * the attributes it gives, and one given the defaults is forgotten. The
 * list keeps everything else.
 *
 * A message for a list the page does not hold, or whose `seq` is not the
 * list's, changes nothing, as a `layout` does not; the same model is
 * returned then.
 *
 * @param {PageModel} model The page's model; left as it was.
 * @param {unknown} message A `visible` message as `JSON.parse` produced it.
 * @returns {PageModel} The new model, or `model` itself when the message is
 *   ignored.
 * @throws {MalformedMessageError} When the message does not have the shape
 *   of a `visible`, or names an item whose cell the page does not hold (the
 *   handlers run on cells displayed, which are in the list's window).
 */
export function applyVisible(model, message) {
  const { list, seq } = checkEnvelope(message, 'visible');
  const items = checkVisibleItems(required(message, 'items', 'items'), 'items');
  const state = model.lists.get(list);
  if (state === undefined || state.seq !== seq) return model;
  const visible = new Map(state.visible);
  for (const [item, attributes] of items) {
    if (!state.cells.has(item)) {
      throw new MalformedMessageError(
        `items[${JSON.stringify(item)}]`, 'is an item whose cell the page does not hold');
    }
    if (isDefaultVisible(attributes)) visible.delete(item);
    else visible.set(item, attributes);
  }
  const lists = new Map(model.lists);
  lists.set(list, Object.freeze({ ...state, visible }));
  return Object.freeze({ lists });
}

/**
 * Returns what a list holds as `{seq, sections: [{id, items}]}`, identifiers
 * as text: the form of `window.diffable.lists()`.
 *
 * @param {ListState} state A list's state.
 * @returns {{seq: number, sections: {id: string, items: string[]}[]}} Fresh
 *   arrays that the caller may change.
 */
export function listContents(state) {
  return {
    seq: state.seq,
    sections: state.sections.map((section) => ({ id: section.id, items: section.items.slice() })),
  };
}

/**
 * Returns what every list of a page holds, in the order of their first
 * reload: `[{list, seq, sections: [{id, items}]}]`, identifiers as text.
 *
 * @param {PageModel} model The page's model.
 * @returns {{list: string, seq: number, sections: {id: string, items: string[]}[]}[]}
 */
export function lists(model) {
  return Array.from(model.lists, ([list, state]) => ({ list, ...listContents(state) }));
}
