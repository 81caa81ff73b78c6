// Helpers shared by the client model's tests: messages built from a few
// fields, with everything else empty.

import assert from 'node:assert/strict';

import { MalformedMessageError } from '../../Sources/DiffableWeb/Resources/client/identifiers.js';
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

/**
 * Asserts that `action` throws a `MalformedMessageError` about `field`,
 * whose message starts with the field and matches `pattern` if given.
 */
export function expectMalformed(action, field, pattern) {
  assert.throws(action, (error) => {
    assert.ok(error instanceof MalformedMessageError, `expected a malformed message, got ${error}`);
    assert.equal(error.field, field);
    assert.ok(error.message.startsWith(`malformed message: ${field} `), error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

/**
 * A WebSocket double for the page's tests: what the page sends, parsed;
 * `open`, `receive` and `closeWith` play the server. Every socket made is
 * in `FakeWebSocket.made`.
 */
export class FakeWebSocket {
  static made = [];
  readyState = 0;
  sent = [];
  constructor(url) {
    this.url = url;
    FakeWebSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen({}); }
  receive(message) { this.onmessage({ data: JSON.stringify(message) }); }
  /** The server closes the socket. */
  closeWith(code, reason) { this.readyState = 3; this.onclose({ code, reason }); }
}
