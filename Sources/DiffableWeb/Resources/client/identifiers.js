// Identifiers as the client holds them, and as its messages write them.
//
// Section and item identifiers arrive as JSON values (Documentation/Web.md,
// "Identifiers"). The client keys them by their text: a string as it is,
// anything else as its JSON text. Within one list, every section identifier
// has one kind and every item identifier has one kind, as in Swift, where a
// snapshot has one section type and one item type; so two identifiers of a
// list never share a text.
//
// Messages about a batch write an identifier the way Swift's
// `String(reflecting:)` does, so that they read like the Swift validator's.

/**
 * A message from the server that does not have the shape the wire contract
 * gives it: a missing field, a value of the wrong type, a list of the wrong
 * length, an identifier of the wrong kind.
 */
export class MalformedMessageError extends Error {
  /**
   * @param {string} field The field at fault, as a path such as
   *   `update.itemMoves[2][0]`.
   * @param {string} problem What is wrong with it.
   */
  constructor(field, problem) {
    super(`malformed message: ${field} ${problem}`);
    this.name = 'MalformedMessageError';
    /** The field at fault. */
    this.field = field;
  }
}

/**
 * The kind of an identifier: `'string'` for a JSON string (a Swift
 * `String`), `'number'` for a JSON number (a Swift `Int` or another numeric
 * type), `'json'` for any other JSON value (another `Encodable` type).
 *
 * @typedef {'string' | 'number' | 'json'} IdentifierKind
 */

/**
 * Returns the kind of an identifier that arrived as a JSON value.
 *
 * @param {unknown} value The identifier as `JSON.parse` produced it.
 * @param {string} field Where it was, for the error.
 * @returns {IdentifierKind}
 * @throws {MalformedMessageError} When the value is `undefined`, a number
 *   that JSON cannot carry exactly (an integer beyond ±2^53, which the client
 *   could confuse with a neighbour), or a string with a lone surrogate (which
 *   no Swift string holds).
 */
export function identifierKind(value, field) {
  switch (typeof value) {
    case 'string':
      if (!value.isWellFormed()) {
        throw new MalformedMessageError(field, 'is a string with a lone surrogate');
      }
      return 'string';
    case 'number':
      if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
        throw new MalformedMessageError(
          field, `is the number ${value}, which the client cannot hold exactly`);
      }
      return 'number';
    case 'boolean':
    case 'object':
      return 'json';
    default:
      throw new MalformedMessageError(field, 'is missing');
  }
}

/**
 * Returns the text the client keys an identifier by, and that the page shows
 * in `data-item` and `data-section`: a string as it is, anything else as its
 * JSON text.
 *
 * @param {unknown} value The identifier as `JSON.parse` produced it.
 * @returns {string}
 */
export function identifierText(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Reads an identifier of a message: checks its kind against the kind the
 * list's identifiers already have, and returns its text and its kind.
 *
 * @param {unknown} value The identifier as `JSON.parse` produced it.
 * @param {IdentifierKind | null} expected The kind of the list's other
 *   identifiers of this role, or `null` when there are none yet.
 * @param {string} field Where it was, for the error.
 * @returns {{text: string, kind: IdentifierKind}}
 * @throws {MalformedMessageError} When the value is not an identifier, or is
 *   of another kind than `expected`.
 */
export function readIdentifier(value, expected, field) {
  const kind = identifierKind(value, field);
  if (expected !== null && kind !== expected) {
    throw new MalformedMessageError(
      field,
      `is ${kindPhrase(kind, false)}, `
        + `but the list's identifiers of this role are ${kindPhrase(expected, true)}`);
  }
  return { text: identifierText(value), kind };
}

/** How messages name a kind, as one identifier or as many. */
function kindPhrase(kind, plural) {
  switch (kind) {
    case 'string': return plural ? 'strings' : 'a string';
    case 'number': return plural ? 'numbers' : 'a number';
    default:
      return plural
        ? 'JSON values other than strings and numbers'
        : 'a JSON value other than a string or a number';
  }
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Whether a grapheme cluster boundary falls between two scalars. */
function hasBreak(left, right) {
  const first = graphemes.segment(left + right)[Symbol.iterator]().next().value;
  return first.segment.length === left.length;
}

/**
 * A scalar as `\u{…}`: uppercase hexadecimal digits, padded to 2, 4 or 8 of
 * them, as Swift writes an escaped scalar.
 */
function hexEscape(codePoint) {
  const width = codePoint <= 0xff ? 2 : codePoint <= 0xffff ? 4 : 8;
  return `\\u{${codePoint.toString(16).toUpperCase().padStart(width, '0')}}`;
}

/** The escape Swift always writes for a scalar, or `null` to write it as is. */
function alwaysEscaped(scalar, codePoint) {
  switch (scalar) {
    case '\\': return '\\\\';
    case '\'': return '\\\'';
    case '"': return '\\"';
    case '\0': return '\\0';
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    default:
      if (codePoint < 0x20 || codePoint === 0x7f) return hexEscape(codePoint);
      return null;
  }
}

/**
 * Writes a string as Swift's `String(reflecting:)` does: in double quotes,
 * with `\\`, `\'`, `\"`, `\0`, `\n`, `\r` and `\t` escaped, other ASCII
 * control characters as `\u{…}`, and any scalar that would combine with the
 * opening quote, an escape or the closing quote (a combining mark at the
 * start, a prepended concatenation mark at the end) as `\u{…}` too.
 *
 * @param {string} string A well-formed string.
 * @returns {string}
 */
export function swiftDebugString(string) {
  let result = '"';
  let last = '"'; // the last scalar written
  let wantBreak = true; // whether the next scalar must not combine with `last`
  for (const scalar of string) {
    const codePoint = scalar.codePointAt(0);
    const escaped = alwaysEscaped(scalar, codePoint);
    if (escaped !== null) {
      result += escaped;
      last = escaped.at(-1);
      wantBreak = true;
    } else if (wantBreak && !hasBreak(last, scalar)) {
      const escapedScalar = hexEscape(codePoint);
      result += escapedScalar;
      last = '}';
    } else {
      result += scalar;
      last = scalar;
      wantBreak = false;
    }
  }
  // Escape trailing scalars that would combine with what follows them.
  let suffix = '"';
  let scalars = null;
  while (!hasBreak(last, suffix[0])) {
    scalars ??= Array.from(result);
    scalars.pop();
    suffix = hexEscape(last.codePointAt(0)) + suffix;
    last = scalars.at(-1);
  }
  return (scalars === null ? result : scalars.join('')) + suffix;
}

/**
 * Writes an identifier as Swift's `String(reflecting:)` writes it: a string
 * identifier by {@link swiftDebugString}, a number as it is. Any other
 * identifier is written as its JSON text, which is as close as the client
 * can come to the Swift type's own description.
 *
 * @param {string} text The identifier's text.
 * @param {IdentifierKind} kind The identifier's kind.
 * @returns {string}
 */
export function reflectIdentifier(text, kind) {
  return kind === 'string' ? swiftDebugString(text) : text;
}

/**
 * Writes identifiers for a message as the Swift validator does: in brackets,
 * at most eight of them, then a count of the rest (`["a", "b", … (3 more)]`).
 *
 * @param {string[]} texts The identifiers' texts.
 * @param {IdentifierKind} kind Their kind.
 * @returns {string}
 */
export function describeIdentifiers(texts, kind) {
  const shown = texts.slice(0, 8).map((text) => reflectIdentifier(text, kind));
  const rest = texts.length - shown.length;
  return `[${shown.join(', ')}${rest > 0 ? `, … (${rest} more)` : ''}]`;
}
