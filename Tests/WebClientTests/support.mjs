// Helpers shared by the client model's tests: messages built from a few
// fields, with everything else empty.

import { applyReload, createModel } from '../../Sources/DiffableWeb/Resources/client/model.js';

/** The text an identifier is keyed by: a string as it is, anything else as JSON. */
export const textOf = (id) => (typeof id === 'string' ? id : JSON.stringify(id));

/** The cell a test gives an item. */
export const cellOf = (item) => ({ text: `cell ${textOf(item)}` });

/**
 * A reload message of the list `main` from `[[sectionId, [items]], ...]`,
 * with a cell for every item.
 */
export function reload(sections, { seq = 1, list = 'main' } = {}) {
  const cells = {};
  for (const [, items] of sections) {
    for (const item of items) cells[textOf(item)] = cellOf(item);
  }
  return {
    v: 1, type: 'reload', list, seq,
    sections: sections.map(([id, items]) => ({ id, items })),
    cells,
  };
}

/** A model holding one reloaded list. */
export const modelWith = (sections, options) =>
  applyReload(createModel(), reload(sections, options));

/**
 * A batch message of the list `main` with sequence number 2: `update` holds
 * the lists of the batch that are not empty; the other fields default to
 * empty.
 */
export function batch(update, fields = {}) {
  return {
    v: 1, type: 'batch', list: 'main', seq: 2,
    update: {
      sectionDeletes: [], sectionInserts: [], sectionMoves: [], sectionReloads: [],
      itemDeletes: [], itemInserts: [], itemMoves: [], itemReloads: [], itemReconfigures: [],
      ...update,
    },
    counts: [],
    insertedSections: [], reloadedSections: [], insertedItems: [],
    cells: {}, reconfigured: {},
    ...fields,
  };
}

/** The sections a list holds, as `[[id, [items]], ...]`. */
export const shown = (model, list = 'main') =>
  model.lists.get(list).sections.map((section) => [section.id, [...section.items]]);
