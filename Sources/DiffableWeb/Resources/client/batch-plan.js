// The structural half of checking a batch: rules 1 to 7, which need only the
// number of items of each section before and after the batch.
//
// This is the client's side of `_BatchPlan` in DiffableCore: the same checks
// in the same order, refused with the same rule numbers and the same words,
// so that a batch the client refuses reads as the Swift validator would have
// refused it. It never looks at identifiers and costs O(s + b), where s is
// the number of sections on both sides and b the size of the batch.

/**
 * A batch that breaks one of the strict rules of `BatchUpdate`, with the
 * rule's number and the validator's words.
 */
export class BatchValidationError extends Error {
  /**
   * @param {number} rule The number of the rule the batch breaks, 1 to 8.
   * @param {string} message What is wrong, naming indices and identifiers.
   */
  constructor(rule, message) {
    super(message);
    this.name = 'BatchValidationError';
    /** The number of the rule the batch breaks. */
    this.rule = rule;
  }
}

// What a batch does at an old or new position.
const DELETE = 'delete';
const RELOAD = 'reload';
const MOVE = 'move';
const INSERT = 'insert';
/** A section move at its destination (an item move is `MOVE` at both ends). */
const MOVE_TO = 'move to';

/** The verb of a use: "attempt to *delete* item 3 ...". */
const verb = (use) => use;

/** What a section changed this way is "also being". */
function participle(use) {
  switch (use) {
    case DELETE: return 'deleted';
    case RELOAD: return 'reloaded';
    case INSERT: return 'inserted';
    default: return 'moved';
  }
}

/** The word for a side of the batch. */
const when = (old) => (old ? 'before' : 'after');

/**
 * A map key for an item position. Item indices are below 2^21 sections by
 * 2^32 items in any message the client can hold, so the key is exact.
 */
export const itemKey = (section, item) => section * 0x1_0000_0000 + item;

/** Writes an item path as `IndexPath.bracketedDescription` does: `[0, 2]`. */
export const bracketed = (path) => `[${path.join(', ')}]`;

/**
 * The plan of a batch that passed rules 1 to 7: how it uses each old
 * section and item position, and where each new section comes from.
 *
 * @typedef {object} BatchPlan
 * @property {number[]} sourceOfNew For each new section, the old section it
 *   continues, or -1 when it is inserted.
 * @property {(p: number) => boolean} oldIsReloaded Whether an old section is
 *   reloaded.
 * @property {(p: number) => boolean} oldIsMoved Whether an old section is
 *   moved.
 * @property {(p: number, i: number) => boolean} oldItemSurvives Whether an
 *   item of an old section that keeps its items stays in place (it is not
 *   deleted or moved; it may be reloaded).
 */

/**
 * Checks a batch against the number of items of each section before and
 * after it, as `_BatchPlan.init(_:oldItemCounts:newItemCounts:)` does.
 *
 * @param {object} update The batch in `BatchUpdate`'s JSON form, already
 *   checked for shape: nine lists of non-negative integers, item paths
 *   `[section, item]` and moves `[from, to]`.
 * @param {number[]} oldCounts The number of items of each section before.
 * @param {number[]} newCounts The number of items of each section after.
 * @returns {BatchPlan}
 * @throws {BatchValidationError} For the first of rules 1 to 7 the batch
 *   breaks, in the validator's order and words.
 */
export function planBatch(update, oldCounts, newCounts) {
  const oldCount = oldCounts.length;
  const newCount = newCounts.length;

  // Sections: ranges (rule 2), duplicates (rule 1), rule 6, rule 3.
  const oldSectionUse = new Array(oldCount).fill(null);
  const newSectionUse = new Array(newCount).fill(null);
  const claimSection = (index, use, uses, old) => {
    if (!(index >= 0 && index < uses.length)) {
      throw new BatchValidationError(
        2,
        `attempt to ${verb(use)} section ${index}, but there are only ${uses.length} `
          + `sections ${when(old)} the update`);
    }
    const earlier = uses[index];
    if (earlier !== null) {
      throw new BatchValidationError(
        1, `attempt to ${verb(earlier)} and ${verb(use)} the same section (${index})`);
    }
    uses[index] = use;
  };
  for (const p of update.sectionDeletes) claimSection(p, DELETE, oldSectionUse, true);
  for (const p of update.sectionReloads) claimSection(p, RELOAD, oldSectionUse, true);
  for (const [from] of update.sectionMoves) claimSection(from, MOVE, oldSectionUse, true);
  for (const q of update.sectionInserts) claimSection(q, INSERT, newSectionUse, false);
  for (const [, to] of update.sectionMoves) claimSection(to, MOVE_TO, newSectionUse, false);
  if (update.sectionReloads.length > 0 && update.sectionMoves.length > 0) {
    const moves = update.sectionMoves.map(([from, to]) => `${from} -> ${to}`).join(', ');
    throw new BatchValidationError(
      6,
      `cannot reload sections ${bracketed(update.sectionReloads)} in a batch that also moves `
        + `sections (${moves})`);
  }
  if (newCount !== oldCount - update.sectionDeletes.length + update.sectionInserts.length) {
    throw new BatchValidationError(
      3,
      'invalid number of sections. The number of sections contained in the list '
        + `view after the update (${newCount}) must be equal to the number of sections `
        + `contained in the list view before the update (${oldCount}), plus or minus the `
        + `number of sections inserted or deleted (${update.sectionInserts.length} inserted, `
        + `${update.sectionDeletes.length} deleted).`);
  }

  // Where each new section comes from: moves go to their destinations; the
  // rest (reloaded sections included) fill the free positions in order.
  const sourceOfNew = new Array(newCount).fill(-1);
  for (const [from, to] of update.sectionMoves) sourceOfNew[to] = from;
  {
    let q = 0;
    for (let p = 0; p < oldCount; p += 1) {
      if (oldSectionUse[p] !== null && oldSectionUse[p] !== RELOAD) continue;
      while (newSectionUse[q] !== null) q += 1;
      sourceOfNew[q] = p;
      q += 1;
    }
  }
  const oldIsReloaded = (p) => oldSectionUse[p] === RELOAD;
  const newSectionChange = (q) =>
    newSectionUse[q] ?? (oldIsReloaded(sourceOfNew[q]) ? RELOAD : null);

  // Items: ranges (rule 2), sections (rule 5), duplicates (rules 1 and 7).
  const oldItemUse = new Map();
  const newItemUse = new Map();
  const claimItem = ([section, item], use, old) => {
    const counts = old ? oldCounts : newCounts;
    const attempt = () =>
      `attempt to ${verb(use)} item ${item} ${old ? 'from' : 'into'} section ${section}`;
    if (!(section >= 0 && section < counts.length)) {
      throw new BatchValidationError(
        2, `${attempt()}, but there are only ${counts.length} sections ${when(old)} the update`);
    }
    if (!(item >= 0 && item < counts[section])) {
      throw new BatchValidationError(
        2,
        attempt()
          + (old
            ? ` which only contains ${counts[section]} items before the update`
            : `, but there are only ${counts[section]} items in section ${section} `
              + 'after the update'));
    }
    const change = old ? oldSectionUse[section] : newSectionChange(section);
    if (change !== null) {
      throw new BatchValidationError(
        5, `${attempt()}, which is also being ${participle(change)}`);
    }
    const uses = old ? oldItemUse : newItemUse;
    const key = itemKey(section, item);
    const earlier = uses.get(key);
    uses.set(key, use);
    if (earlier !== undefined) {
      const reloadAndMove =
        (earlier === RELOAD && use === MOVE) || (earlier === MOVE && use === RELOAD);
      throw new BatchValidationError(
        reloadAndMove ? 7 : 1,
        `attempt to ${verb(earlier)} and ${verb(use)} the same index path `
          + `(${bracketed([section, item])})`);
    }
    return section;
  };

  // Claims, counting what leaves and enters each section for rule 4.
  const deleted = new Array(oldCount).fill(0);
  const movedOut = new Array(oldCount).fill(0);
  const inserted = new Array(newCount).fill(0);
  const movedIn = new Array(newCount).fill(0);
  for (const path of update.itemDeletes) deleted[claimItem(path, DELETE, true)] += 1;
  for (const path of update.itemReloads) claimItem(path, RELOAD, true);
  for (const [from] of update.itemMoves) movedOut[claimItem(from, MOVE, true)] += 1;
  for (const path of update.itemInserts) inserted[claimItem(path, INSERT, false)] += 1;
  for (const [, to] of update.itemMoves) movedIn[claimItem(to, MOVE, false)] += 1;
  for (const path of update.itemReconfigures) {
    const [section, item] = path;
    if (!(section >= 0 && section < newCount && item >= 0 && item < newCounts[section])) {
      throw new BatchValidationError(
        2,
        `attempt to reconfigure item at ${bracketed(path)}, which is not in the new snapshot`);
    }
  }

  // Rule 4: counts of surviving sections.
  for (let q = 0; q < newCount; q += 1) {
    const p = sourceOfNew[q];
    if (p < 0 || oldIsReloaded(p)) continue;
    const before = oldCounts[p];
    const after = newCounts[q];
    if (after !== before - deleted[p] - movedOut[p] + inserted[q] + movedIn[q]) {
      throw new BatchValidationError(
        4,
        `invalid number of items in section ${q}. The number of items contained `
          + `in an existing section after the update (${after}) must be equal to the number `
          + `of items contained in that section before the update (${before}), plus or minus `
          + `the number of items inserted or deleted from that section (${inserted[q]} `
          + `inserted, ${deleted[p]} deleted) and plus or minus the number of items moved `
          + `into or out of that section (${movedIn[q]} moved in, ${movedOut[p]} moved out).`);
    }
  }

  return {
    sourceOfNew,
    oldIsReloaded,
    oldIsMoved: (p) => oldSectionUse[p] === MOVE,
    oldItemSurvives: (p, i) => {
      const use = oldItemUse.get(itemKey(p, i));
      return use === undefined || use === RELOAD;
    },
  };
}
