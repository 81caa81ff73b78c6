// Identifiers: their text, their kind, and how messages write them. The
// renderings of strings below were printed by Swift's `String(reflecting:)`
// (Swift 6.3) for the same strings.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  MalformedMessageError, describeIdentifiers, identifierKind, identifierText, readIdentifier,
  reflectIdentifier, swiftDebugString,
} from '../../Sources/DiffableWeb/Resources/client/identifiers.js';

/** `[string, String(reflecting: string)]`, as the Swift toolchain wrote them. */
const swiftRenderings = [
  ["a", "\"a\""],
  ["", "\"\""],
  ["it's", "\"it\\'s\""],
  ["q\"b", "\"q\\\"b\""],
  ["back\\slash", "\"back\\\\slash\""],
  ["nl\n", "\"nl\\n\""],
  ["cr\r", "\"cr\\r\""],
  ["tab\t", "\"tab\\t\""],
  ["nul\u0000", "\"nul\\0\""],
  ["\u0001\u001b\u007f", "\"\\u{01}\\u{1B}\\u{7F}\""],
  ["\u0005", "\"\\u{05}\""],
  ["\u00e9", "\"\u00e9\""],
  ["e\u0301", "\"e\u0301\""],
  ["\u0301abc", "\"\\u{0301}abc\""],
  ["a\n\u0301b", "\"a\\n\\u{0301}b\""],
  ["\t\u0301\u0302", "\"\\t\\u{0301}\\u{0302}\""],
  ["\u0080\u009f", "\"\u0080\u009f\""],
  ["\u2028", "\"\u2028\""],
  ["\ufeff", "\"\ufeff\""],
  ["\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67",
    "\"\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67\""],
  ["\ud83c\uddeb\ud83c\uddf7", "\"\ud83c\uddeb\ud83c\uddf7\""],
  ["end\u0600", "\"end\\u{0600}\""],
  ["\u0600", "\"\\u{0600}\""],
  ["\u0600\u0600", "\"\\u{0600}\\u{0600}\""],
  ["a\u0600\u0301", "\"a\u0600\u0301\""],
  ["\u0600\n", "\"\u0600\\n\""],
  ["x\u200d", "\"x\u200d\""],
  ["\u200d", "\"\\u{200D}\""],
  ["\u0903", "\"\\u{0903}\""],
  ["a\u0903", "\"a\u0903\""],
  ["\u0e33", "\"\\u{0E33}\""],
  ["\ud834\udd65", "\"\\u{0001D165}\""],
  ["\udb40\udd00x", "\"\\u{000E0100}x\""],
  ["\n\ud83c\udffb", "\"\\n\\u{0001F3FB}\""],
  ["<img src=x onerror=alert(1)>", "\"<img src=x onerror=alert(1)>\""],
  ["\u65e5\u672c", "\"\u65e5\u672c\""],
  ["\udbff\udfff", "\"\udbff\udfff\""],
  ["a\u00ad", "\"a\u00ad\""],
];

describe('String(reflecting:) of a string', () => {
  for (const [string, expected] of swiftRenderings) {
    test(`${JSON.stringify(string)} is written ${expected}`, () => {
      assert.equal(swiftDebugString(string), expected);
    });
  }
});

describe('identifier text', () => {
  test('a string is its text as it is, even when it looks like JSON', () => {
    assert.equal(identifierText('apple'), 'apple');
    assert.equal(identifierText('42'), '42');
    assert.equal(identifierText('<b>"x"</b>'), '<b>"x"</b>');
  });
  test('anything else is its JSON text', () => {
    assert.equal(identifierText(42), '42');
    assert.equal(identifierText(-7), '-7');
    assert.equal(identifierText({ id: 7 }), '{"id":7}');
    assert.equal(identifierText([1, 'a']), '[1,"a"]');
    assert.equal(identifierText(true), 'true');
  });
});

describe('identifier kinds', () => {
  test('strings, numbers and other JSON values', () => {
    assert.equal(identifierKind('x', 'f'), 'string');
    assert.equal(identifierKind(3, 'f'), 'number');
    assert.equal(identifierKind(1.5, 'f'), 'number');
    assert.equal(identifierKind({ id: 1 }, 'f'), 'json');
    assert.equal(identifierKind(null, 'f'), 'json');
  });
  test('an integer JSON cannot carry exactly is refused', () => {
    assert.throws(() => identifierKind(2 ** 60, 'sections[0].items[3]'), (error) =>
      error instanceof MalformedMessageError && error.field === 'sections[0].items[3]'
        && /cannot hold exactly/.test(error.message));
  });
  test('a string with a lone surrogate is refused', () => {
    assert.throws(() => identifierKind('a\ud800', 'insertedItems[0]'),
      /insertedItems\[0\] is a string with a lone surrogate/);
  });
  test('a missing identifier is refused', () => {
    assert.throws(() => identifierKind(undefined, 'insertedItems[2]'),
      /insertedItems\[2\] is missing/);
  });
  test('an identifier of another kind than the list\'s is refused, naming the field', () => {
    assert.deepEqual(readIdentifier('7', 'string', 'f'), { text: '7', kind: 'string' });
    assert.deepEqual(readIdentifier(7, null, 'f'), { text: '7', kind: 'number' });
    assert.throws(() => readIdentifier(7, 'string', 'insertedItems[0]'), (error) =>
      error instanceof MalformedMessageError && error.field === 'insertedItems[0]'
        && error.message === 'malformed message: insertedItems[0] is a number, but the list\'s '
          + 'identifiers of this role are strings');
  });
});

describe('identifiers in messages', () => {
  test('a string in Swift\'s quotes, a number as it is', () => {
    assert.equal(reflectIdentifier('a"b', 'string'), '"a\\"b"');
    assert.equal(reflectIdentifier('42', 'number'), '42');
    assert.equal(reflectIdentifier('42', 'string'), '"42"');
  });
  test('at most eight, then a count of the rest', () => {
    assert.equal(describeIdentifiers([], 'string'), '[]');
    assert.equal(describeIdentifiers(['a'], 'string'), '["a"]');
    const ten = Array.from({ length: 10 }, (_, i) => String(i));
    assert.equal(describeIdentifiers(ten, 'number'), '[0, 1, 2, 3, 4, 5, 6, 7, … (2 more)]');
    assert.equal(describeIdentifiers(ten.slice(0, 8), 'number'), '[0, 1, 2, 3, 4, 5, 6, 7]');
  });
});
