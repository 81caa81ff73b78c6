// Checks of the shape of the server's messages (Documentation/Web.md,
// "Messages"): fields present, of the right types, lists of the right form.
// Each failure names the field.

import { MalformedMessageError } from './identifiers.js';
import { checkTemplate } from './cell-template.js';

/** The version of the wire messages this client speaks. */
export const WIRE_VERSION = 1;

/** The largest index or count the client accepts. */
const MAX_INDEX = 0xffff_ffff;

const UPDATE_KEYS = [
  'sectionDeletes', 'sectionInserts', 'sectionMoves', 'sectionReloads',
  'itemDeletes', 'itemInserts', 'itemMoves', 'itemReloads', 'itemReconfigures',
];

/** Whether a value is a plain JSON object (not null, not an array). */
export const isObject = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Returns a field of a message, refusing it when it is absent.
 *
 * @param {object} object The object holding the field.
 * @param {string} key The field's key.
 * @param {string} field The field's path, for the error.
 * @returns {unknown}
 * @throws {MalformedMessageError} When the field is missing.
 */
export function required(object, key, field) {
  if (!Object.hasOwn(object, key)) throw new MalformedMessageError(field, 'is missing');
  return object[key];
}

/**
 * Returns a field of a message that must be a list.
 *
 * @throws {MalformedMessageError} When it is missing or not a list.
 */
export const listField = (object, key, field = key) => array(required(object, key, field), field);

/**
 * Checks that a value is an array, and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
export function array(value, field) {
  if (!Array.isArray(value)) {
    throw new MalformedMessageError(field, `is ${typeName(value)}, not a list`);
  }
  return value;
}

/**
 * Checks that a value is a JSON object, and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
export function object(value, field) {
  if (!isObject(value)) {
    throw new MalformedMessageError(field, `is ${typeName(value)}, not an object`);
  }
  return value;
}

/**
 * Checks that a value is a string, and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
export function string(value, field) {
  if (typeof value !== 'string') {
    throw new MalformedMessageError(field, `is ${typeName(value)}, not a string`);
  }
  return value;
}

/**
 * Checks that a value is a non-negative integer no larger than 2^32 - 1,
 * and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
export function index(value, field) {
  if (!Number.isInteger(value) || value < 0 || value > MAX_INDEX) {
    throw new MalformedMessageError(field, `is ${typeName(value)}, not a non-negative integer`);
  }
  return value;
}

/** How a value reads in an error: its type, and a short rendering. */
function typeName(value) {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `${typeof value === 'string' ? 'the string' : `the ${typeof value}`} ${shown}`;
}

/**
 * Checks the fields every server message has: `"v": 1`, its `type`, the
 * `list` it is about and its `seq`.
 *
 * @param {unknown} message A message as `JSON.parse` produced it.
 * @param {string} type The type the caller expects.
 * @returns {{list: string, seq: number}}
 * @throws {MalformedMessageError} When the message is not an object, `v` is
 *   not 1, `type` is not `type`, `list` is not a string or `seq` is not a
 *   non-negative integer.
 */
export function checkEnvelope(message, type) {
  object(message, 'message');
  const v = required(message, 'v', 'v');
  if (v !== WIRE_VERSION) {
    throw new MalformedMessageError(
      'v', `is ${JSON.stringify(v)}, but this client speaks version ${WIRE_VERSION}`);
  }
  const actual = string(required(message, 'type', 'type'), 'type');
  if (actual !== type) throw new MalformedMessageError('type', `is "${actual}", not "${type}"`);
  const list = string(required(message, 'list', 'list'), 'list');
  const seq = required(message, 'seq', 'seq');
  if (!Number.isSafeInteger(seq) || seq < 0) {
    throw new MalformedMessageError('seq', `is ${typeName(seq)}, not a non-negative integer`);
  }
  return { list, seq };
}

/**
 * Checks the optional `announce` of a `reload` or `batch`: the words the
 * page's live region says for the message, as plain text.
 *
 * @param {object} message A message whose envelope was checked.
 * @returns {string | undefined} The words, or `undefined` when the message
 *   has none (the page then says a change in its own words).
 * @throws {MalformedMessageError} When `announce` is there and is not a
 *   string.
 */
export function checkAnnounce(message) {
  return Object.hasOwn(message, 'announce') ? string(message.announce, 'announce') : undefined;
}

/**
 * Checks a `BatchUpdate` in its JSON form, as Swift's decoder does: all nine
 * lists present and no other key, indices non-negative integers, item paths
 * `[section, item]`, moves `[from, to]`.
 *
 * @param {unknown} update The `update` field of a batch message.
 * @returns {object} The same update, known to have that shape.
 * @throws {MalformedMessageError} Naming the first field of the wrong shape.
 */
export function checkUpdate(update) {
  object(update, 'update');
  for (const key of Object.keys(update)) {
    if (!UPDATE_KEYS.includes(key)) {
      throw new MalformedMessageError(`update.${key}`, `is not one of ${UPDATE_KEYS.join(', ')}`);
    }
  }
  const list = (key) => array(required(update, key, `update.${key}`), `update.${key}`);
  const path = (value, field, form = '[section, item]') => {
    array(value, field);
    if (value.length !== 2) {
      throw new MalformedMessageError(field, `has ${value.length} indices, not 2 (${form})`);
    }
    index(value[0], `${field}[0]`);
    index(value[1], `${field}[1]`);
  };
  for (const key of ['sectionDeletes', 'sectionInserts', 'sectionReloads']) {
    list(key).forEach((value, i) => index(value, `update.${key}[${i}]`));
  }
  list('sectionMoves').forEach((move, i) => path(move, `update.sectionMoves[${i}]`, '[from, to]'));
  for (const key of ['itemDeletes', 'itemInserts', 'itemReloads', 'itemReconfigures']) {
    list(key).forEach((value, i) => path(value, `update.${key}[${i}]`));
  }
  list('itemMoves').forEach((move, i) => {
    const field = `update.itemMoves[${i}]`;
    array(move, field);
    if (move.length !== 2) {
      throw new MalformedMessageError(field, `has ${move.length} item paths, not 2 ([from, to])`);
    }
    path(move[0], `${field}[0]`);
    path(move[1], `${field}[1]`);
  });
  return update;
}

const ACCESSORY_TYPES = ['disclosure', 'switch', 'checkmark', 'badge'];

/**
 * Checks a cell (`WebCell`): an object whose `text` is a string; the optional
 * `secondaryText` and `image` strings, `color` as `#rrggbb`, `indentation` a
 * non-negative integer, `fixed` a boolean, `accessories` a list of typed
 * accessories, and `template` as cell-template.js's `checkTemplate` says.
 * Fields the client does not know are left alone.
 *
 * @param {unknown} cell The cell as `JSON.parse` produced it.
 * @param {string} field Where it was, for the error.
 * @returns {object} The same cell.
 * @throws {MalformedMessageError} Naming the first field of the wrong shape.
 */
export function checkCell(cell, field) {
  object(cell, field);
  string(required(cell, 'text', `${field}.text`), `${field}.text`);
  for (const key of ['secondaryText', 'image']) {
    if (Object.hasOwn(cell, key)) string(cell[key], `${field}.${key}`);
  }
  if (Object.hasOwn(cell, 'color')) {
    string(cell.color, `${field}.color`);
    if (!/^#[0-9a-fA-F]{6}$/.test(cell.color)) {
      throw new MalformedMessageError(`${field}.color`, `is "${cell.color}", not a colour #rrggbb`);
    }
  }
  if (Object.hasOwn(cell, 'indentation')) index(cell.indentation, `${field}.indentation`);
  if (Object.hasOwn(cell, 'fixed') && typeof cell.fixed !== 'boolean') {
    throw new MalformedMessageError(`${field}.fixed`, 'is not true or false');
  }
  if (Object.hasOwn(cell, 'accessories')) {
    array(cell.accessories, `${field}.accessories`).forEach((accessory, i) => {
      const at = `${field}.accessories[${i}]`;
      object(accessory, at);
      const type = string(required(accessory, 'type', `${at}.type`), `${at}.type`);
      if (!ACCESSORY_TYPES.includes(type)) {
        throw new MalformedMessageError(
          `${at}.type`, `is "${type}", not one of ${ACCESSORY_TYPES.join(', ')}`);
      }
      const flag = { disclosure: 'expanded', switch: 'on' }[type];
      const flagged = flag !== undefined && Object.hasOwn(accessory, flag);
      if (flagged && typeof accessory[flag] !== 'boolean') {
        throw new MalformedMessageError(`${at}.${flag}`, 'is not true or false');
      }
      if (type === 'badge') string(required(accessory, 'text', `${at}.text`), `${at}.text`);
    });
  }
  if (Object.hasOwn(cell, 'template')) {
    checkTemplate(
      cell.template, (at, problem) => new MalformedMessageError(at, problem), `${field}.template`);
  }
  return cell;
}

/**
 * Reads a field of a message that maps item texts to cells (`cells`,
 * `reconfigured`), checking every cell.
 *
 * @param {object} message The message.
 * @param {string} key The field's key.
 * @returns {object} The field, an object of cells.
 * @throws {MalformedMessageError} When it is missing, not an object, or one
 *   of its cells is malformed.
 */
export function cellTable(message, key) {
  const table = object(required(message, key, key), key);
  for (const [text, cell] of Object.entries(table)) {
    checkCell(cell, `${key}[${JSON.stringify(text)}]`);
  }
  return table;
}

/**
 * Checks that a value is a finite number, and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
export function finite(value, field) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new MalformedMessageError(field, `is ${typeName(value)}, not a finite number`);
  }
  return value;
}

/**
 * Checks that a value is a list of `length` finite numbers, of which those
 * at `nonNegative` are not negative, and returns it.
 *
 * @throws {MalformedMessageError} When it is not.
 */
function numbers(value, field, length, nonNegative, form) {
  array(value, field);
  if (value.length !== length) {
    throw new MalformedMessageError(field, `has ${value.length} numbers, not ${length} (${form})`);
  }
  value.forEach((number, i) => {
    finite(number, `${field}[${i}]`);
    if (nonNegative.includes(i) && number < 0) {
      throw new MalformedMessageError(`${field}[${i}]`, `is ${number}, which is negative`);
    }
  });
  return value;
}

/**
 * Checks a rect `[x, y, width, height]` of finite numbers, its width and
 * height not negative, and returns it.
 *
 * @throws {MalformedMessageError} When it is not one.
 */
export const rect = (value, field) => numbers(value, field, 4, [2, 3], '[x, y, width, height]');

/**
 * Checks the `items` of a `visible` message (Documentation/Web.md,
 * "`visible`"): item text to `{alpha, hidden, transform, zIndex}` and, when
 * the handler moved the cell, `frame`; `alpha` between 0 and 1,
 * `transform` six finite numbers `[a, b, c, d, tx, ty]`, `zIndex` an
 * integer, `hidden` a boolean.
 *
 * @param {unknown} items The value as `JSON.parse` produced it.
 * @param {string} field Where it was, for the error.
 * @returns {Map<string, {alpha: number, hidden: boolean, transform: number[],
 *   zIndex: number, frame: number[] | null}>} The attributes by item, frozen.
 * @throws {MalformedMessageError} Naming the first field of the wrong shape.
 */
export function checkVisibleItems(items, field = 'items') {
  object(items, field);
  const result = new Map();
  for (const [item, value] of Object.entries(items)) {
    const at = `${field}[${JSON.stringify(item)}]`;
    object(value, at);
    const alpha = finite(required(value, 'alpha', `${at}.alpha`), `${at}.alpha`);
    if (alpha < 0 || alpha > 1) {
      throw new MalformedMessageError(`${at}.alpha`, `is ${alpha}, not between 0 and 1`);
    }
    const hidden = required(value, 'hidden', `${at}.hidden`);
    if (typeof hidden !== 'boolean') {
      throw new MalformedMessageError(`${at}.hidden`, `is ${typeName(hidden)}, not a boolean`);
    }
    const transform = numbers(
      required(value, 'transform', `${at}.transform`), `${at}.transform`, 6, [],
      '[a, b, c, d, tx, ty]');
    const zIndex = required(value, 'zIndex', `${at}.zIndex`);
    if (!Number.isSafeInteger(zIndex)) {
      throw new MalformedMessageError(`${at}.zIndex`, `is ${typeName(zIndex)}, not an integer`);
    }
    const frame = Object.hasOwn(value, 'frame') ? rect(value.frame, `${at}.frame`) : null;
    result.set(item, Object.freeze({
      alpha, hidden, transform: Object.freeze([...transform]), zIndex,
      frame: frame === null ? null : Object.freeze([...frame]),
    }));
  }
  return result;
}

/**
 * Checks a LAYOUT value (Documentation/Web.md, "Layout of a list"): `size`
 * `[width, height]`; `frames`, item text to rect; `supplementaries`, each
 * `{kind, section, index, frame, pin, cell}` with `pin` `[min, max]` or
 * `null`; `bands`, each `{section, frame, contentWidth, rests}`; and, when
 * present, `estimated`, section text to `"width"`, `"height"` or `"both"`
 * (the sections whose cells size themselves); `unmoved`, the items that
 * keep the frame the page holds, and `shifted`, each `{by: [dx, dy],
 * items}`, items whose held frames move by `by` (each item named once,
 * none of them in `frames`); `patterns`, where the items outside the window
 * are ({@link checkPatterns}). Keys the client does not know are left alone.
 *
 * @param {unknown} layout The value as `JSON.parse` produced it.
 * @param {string} field Where it was, for the error.
 * @returns {{size: number[], frames: Map<string, number[]>,
 *   supplementaries: {kind: string, section: string, index: number, frame: number[],
 *   pin: number[] | null, cell: object}[],
 *   bands: {section: string, frame: number[], contentWidth: number, rests: number[]}[],
 *   estimated: Map<string, 'width' | 'height' | 'both'>, unmoved: string[],
 *   shifted: {by: number[], items: string[]}[],
 *   patterns: ReturnType<typeof checkPatterns> | null}}
 *   The layout, frozen, with its frames and estimated sections as maps;
 *   `patterns` is `null` when the layout has none (see checkPatterns).
 * @throws {MalformedMessageError} Naming the first field of the wrong shape.
 */
export function checkLayout(layout, field = 'layout') {
  object(layout, field);
  const size = numbers(
    required(layout, 'size', `${field}.size`), `${field}.size`, 2, [0, 1], '[width, height]');
  const framesIn = object(required(layout, 'frames', `${field}.frames`), `${field}.frames`);
  const frames = new Map();
  for (const [text, frame] of Object.entries(framesIn)) {
    const at = `${field}.frames[${JSON.stringify(text)}]`;
    frames.set(text, Object.freeze(rect(frame, at).slice()));
  }
  const supplementaries = listField(layout, 'supplementaries', `${field}.supplementaries`)
    .map((value, i) => {
      const at = `${field}.supplementaries[${i}]`;
      object(value, at);
      const pin = required(value, 'pin', `${at}.pin`);
      if (pin !== null) numbers(pin, `${at}.pin`, 2, [], '[min, max]');
      if (pin !== null && pin[1] < pin[0]) {
        throw new MalformedMessageError(
          `${at}.pin`, `is [${pin.join(', ')}], whose max is below its min`);
      }
      return Object.freeze({
        kind: string(required(value, 'kind', `${at}.kind`), `${at}.kind`),
        section: string(required(value, 'section', `${at}.section`), `${at}.section`),
        index: index(required(value, 'index', `${at}.index`), `${at}.index`),
        frame: Object.freeze(rect(required(value, 'frame', `${at}.frame`), `${at}.frame`).slice()),
        pin: pin === null ? null : Object.freeze(pin.slice()),
        cell: checkCell(required(value, 'cell', `${at}.cell`), `${at}.cell`),
      });
    });
  const bands = listField(layout, 'bands', `${field}.bands`).map((value, i) => {
    const at = `${field}.bands[${i}]`;
    object(value, at);
    const contentWidth = finite(
      required(value, 'contentWidth', `${at}.contentWidth`), `${at}.contentWidth`);
    if (contentWidth < 0) {
      throw new MalformedMessageError(
        `${at}.contentWidth`, `is ${contentWidth}, which is negative`);
    }
    return Object.freeze({
      section: string(required(value, 'section', `${at}.section`), `${at}.section`),
      frame: Object.freeze(rect(required(value, 'frame', `${at}.frame`), `${at}.frame`).slice()),
      contentWidth,
      rests: Object.freeze(listField(value, 'rests', `${at}.rests`)
        .map((rest, k) => finite(rest, `${at}.rests[${k}]`))),
    });
  });
  const seen = new Set();
  bands.forEach((band, i) => {
    if (seen.has(band.section)) {
      throw new MalformedMessageError(
        `${field}.bands[${i}].section`,
        `is ${JSON.stringify(band.section)}, which has a band already`);
    }
    seen.add(band.section);
  });
  const estimated = new Map();
  if (Object.hasOwn(layout, 'estimated')) {
    const sections = object(layout.estimated, `${field}.estimated`);
    for (const [section, axes] of Object.entries(sections)) {
      if (!ESTIMATED_AXES.has(axes)) {
        throw new MalformedMessageError(
          `${field}.estimated[${JSON.stringify(section)}]`,
          `is ${JSON.stringify(axes)}, not "width", "height" or "both"`);
      }
      estimated.set(section, axes);
    }
  }
  // The items whose frames the page holds: each named once, none in frames.
  const named = new Set();
  const heldItems = (value, at) => Object.freeze(array(value, at).map((text, i) => {
    string(text, `${at}[${i}]`);
    if (named.has(text) || frames.has(text)) {
      throw new MalformedMessageError(`${at}[${i}]`, `is ${JSON.stringify(text)}, which ${
        named.has(text) ? 'the layout names twice' : `${field}.frames has`}`);
    }
    named.add(text);
    return text;
  }));
  const unmoved = Object.hasOwn(layout, 'unmoved')
    ? heldItems(layout.unmoved, `${field}.unmoved`) : Object.freeze([]);
  const shifted = Object.hasOwn(layout, 'shifted')
    ? array(layout.shifted, `${field}.shifted`).map((value, i) => {
      const at = `${field}.shifted[${i}]`;
      object(value, at);
      const by = numbers(required(value, 'by', `${at}.by`), `${at}.by`, 2, [], '[dx, dy]');
      const items = heldItems(required(value, 'items', `${at}.items`), `${at}.items`);
      return Object.freeze({ by: Object.freeze(by.slice()), items });
    })
    : [];
  // The frames of the window's groups and sections, in a list that shows
  // its geometry.
  let geometry = null;
  if (Object.hasOwn(layout, 'geometry')) {
    const at = `${field}.geometry`;
    object(layout.geometry, at);
    const rects = (key) => {
      const values = object(required(layout.geometry, key, `${at}.${key}`), `${at}.${key}`);
      return new Map(Object.entries(values).map(([text, frame]) => [
        text, Object.freeze(rect(frame, `${at}.${key}[${JSON.stringify(text)}]`).slice())]));
    };
    geometry = Object.freeze({ groups: rects('groups'), sections: rects('sections') });
  }
  // Where a grid's window is in the whole list: the count of rows, and the
  // row of each item and supplementary.
  let rows = null;
  if (Object.hasOwn(layout, 'rows')) {
    const at = `${field}.rows`;
    object(layout.rows, at);
    const count = index(required(layout.rows, 'count', `${at}.count`), `${at}.count`);
    const items = new Map(Object.entries(
      object(required(layout.rows, 'items', `${at}.items`), `${at}.items`))
      .map(([text, row]) => [text, index(row, `${at}.items[${JSON.stringify(text)}]`)]));
    const ofSupplementaries = array(
      required(layout.rows, 'supplementaries', `${at}.supplementaries`), `${at}.supplementaries`)
      .map((row, i) => {
        if (row === -1) return -1;
        return index(row, `${at}.supplementaries[${i}]`);
      });
    if (ofSupplementaries.length !== supplementaries.length) {
      throw new MalformedMessageError(`${at}.supplementaries`,
        `has ${ofSupplementaries.length} rows for ${supplementaries.length} supplementaries`);
    }
    for (const [where, row] of [...items].map(([text, r]) => [`items[${JSON.stringify(text)}]`, r])
      .concat(ofSupplementaries.map((r, i) => [`supplementaries[${i}]`, r]))) {
      if (row >= count) {
        throw new MalformedMessageError(`${at}.${where}`, `is ${row}, not below count ${count}`);
      }
    }
    rows = Object.freeze({ count, items, supplementaries: Object.freeze(ofSupplementaries) });
  }
  // Where the items outside the window are, section by section.
  const patterns = Object.hasOwn(layout, 'patterns')
    ? checkPatterns(layout.patterns, `${field}.patterns`) : null;
  return Object.freeze({
    size: Object.freeze(size.slice()), frames, supplementaries: Object.freeze(supplementaries),
    bands: Object.freeze(bands), estimated, unmoved, shifted: Object.freeze(shifted), geometry,
    rows, patterns,
  });
}

/**
 * Checks a layout's `patterns`: each `{section, count, origin: [x, y],
 * step: [dx, dy], slots: [[x, y, w, h], ...]}`, `section` a string, `count`
 * a non-negative integer, `slots` not empty; item `k` of the section is at
 * slot `k % slots.length` of group `Math.floor(k / slots.length)`, whose
 * origin is `origin + group * step` (see {@link patternFrame}). One pattern
 * a section.
 *
 * @param {unknown} value The value as `JSON.parse` produced it.
 * @param {string} field Where it was, for the error.
 * @returns {ReadonlyArray<{section: string, count: number, origin: number[],
 *   step: number[], slots: number[][]}>} The patterns, frozen.
 * @throws {MalformedMessageError} Naming the first field of the wrong shape.
 */
export function checkPatterns(value, field = 'patterns') {
  const seen = new Set();
  return Object.freeze(array(value, field).map((pattern, i) => {
    const at = `${field}[${i}]`;
    object(pattern, at);
    const section = string(required(pattern, 'section', `${at}.section`), `${at}.section`);
    if (seen.has(section)) {
      throw new MalformedMessageError(
        `${at}.section`, `is ${JSON.stringify(section)}, which has a pattern already`);
    }
    seen.add(section);
    const count = required(pattern, 'count', `${at}.count`);
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new MalformedMessageError(
        `${at}.count`, `is ${typeName(count)}, not a non-negative integer`);
    }
    const pair = (key, form) => Object.freeze(
      numbers(required(pattern, key, `${at}.${key}`), `${at}.${key}`, 2, [], form).slice());
    const origin = pair('origin', '[x, y]');
    const step = pair('step', '[dx, dy]');
    const slots = array(required(pattern, 'slots', `${at}.slots`), `${at}.slots`);
    if (slots.length === 0) throw new MalformedMessageError(`${at}.slots`, 'is empty');
    return Object.freeze({
      section, count, origin, step,
      slots: Object.freeze(
        slots.map((slot, j) => Object.freeze(rect(slot, `${at}.slots[${j}]`).slice()))),
    });
  }));
}

/**
 * The frame of item `k` of a pattern's section, in the coordinates of the
 * layout's frames.
 *
 * ```js
 * patternFrame({origin: [0, 100], step: [0, 88], slots: [[0, 0, 195, 88], [195, 0, 195, 88]]}, 3);
 * // [195, 188, 195, 88]
 * ```
 *
 * @param {{origin: number[], step: number[], slots: number[][]}} pattern
 * @param {number} k The item's index in its section.
 * @returns {number[]} `[x, y, width, height]`.
 */
export function patternFrame({ origin, step, slots }, k) {
  const g = Math.floor(k / slots.length);
  const [x, y, width, height] = slots[k % slots.length];
  return [origin[0] + g * step[0] + x, origin[1] + g * step[1] + y, width, height];
}

/** The values of a layout's `estimated` sections. */
const ESTIMATED_AXES = new Set(['width', 'height', 'both']);
