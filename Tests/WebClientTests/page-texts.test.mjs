// What a `page` message sets (page-texts.js): texts of elements, values
// and maxima of controls, lines; names compared as text, never as a
// selector; malformed messages refused with a reason; and page.js writing a
// `page` message it receives.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  applyPageTexts, pageTextsProblem, wireCopyButtons,
} from '../../Sources/DiffableWeb/Resources/client/page-texts.js';
import { FakeDocument } from './fake-dom.mjs';

const empty = { texts: {}, values: {}, maxima: {}, lines: {} };

/** A document with an error text, a batch field, a step range and a list of steps. */
function inspectorDocument() {
  const document = new FakeDocument();
  const make = (tag, attributes) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };
  return {
    document,
    error: make('p', { 'data-diffable-text': 'error' }),
    other: make('p', { 'data-diffable-text': 'errors' }),
    batch: make('textarea', { 'data-diffable-input': 'batch' }),
    step: make('input', { 'data-diffable-input': 'step', type: 'range' }),
    steps: make('ol', { 'data-diffable-lines': 'step' }),
  };
}

test('texts, values, maxima and lines reach the elements named, as text', () => {
  const { document, error, other, batch, step, steps } = inspectorDocument();
  other.textContent = 'kept';
  applyPageTexts(document, {
    texts: { error: '<b>rule 4</b>' },
    values: { batch: '{"itemDeletes": [[0, 1]]}', step: '2' },
    maxima: { step: 3 },
    lines: { step: { texts: ['delete [0, 1]', '<i>insert</i>', 'move'], current: 1, invalid: 2 } },
  });
  assert.equal(error.textContent, '<b>rule 4</b>');
  assert.equal(error.children.length, 0, 'the text is not parsed as markup');
  assert.equal(other.textContent, 'kept', 'a name is matched whole, not as a prefix');
  assert.equal(batch.value, '{"itemDeletes": [[0, 1]]}');
  assert.equal(step.value, '2');
  assert.equal(step.max, '3');
  assert.deepEqual(steps.children.map((line) => [
    line.tagName, line.getAttribute('data-step'), line.textContent,
    line.getAttribute('aria-current'), line.getAttribute('aria-invalid'),
  ]), [
    ['LI', '1', 'delete [0, 1]', null, null],
    ['LI', '2', '<i>insert</i>', 'step', null],
    ['LI', '3', 'move', null, 'true'],
  ]);

  // New lines replace the old; a message without a name leaves it alone.
  applyPageTexts(document, { ...empty, lines: { step: { texts: ['only'] } } });
  assert.deepEqual(steps.children.map((line) => line.textContent), ['only']);
  assert.equal(steps.children[0].getAttribute('aria-current'), null);
  assert.equal(error.textContent, '<b>rule 4</b>');
});

test('a name that would be a selector matches nothing and breaks nothing', () => {
  const { document, error } = inspectorDocument();
  error.textContent = 'kept';
  applyPageTexts(document, { ...empty, texts: { '"], *, [x="': 'everything' } });
  assert.equal(error.textContent, 'kept');
});

test('malformed page messages are refused with what is wrong', () => {
  assert.equal(pageTextsProblem(empty), null);
  for (const [message, problem] of [
    [{ ...empty, texts: undefined }, /texts is not an object/],
    [{ ...empty, values: [] }, /values is not an object/],
    [{ ...empty, texts: { a: 1 } }, /texts\["a"\] is not a string/],
    [{ ...empty, maxima: { step: 1.5 } }, /maxima\["step"\] is not an integer/],
    [{ ...empty, lines: { 'on-Click': { texts: [] } } }, /the name is not/],
    [{ ...empty, lines: { onclick: { texts: [] } } }, null],
    [{ ...empty, lines: { step: { texts: [1] } } }, /has no texts/],
    [{ ...empty, lines: { step: { texts: ['a'], current: 1 } } }, /current is not the index/],
    [{ ...empty, lines: { step: { texts: ['a'], invalid: -1 } } }, /invalid is not the index/],
  ]) {
    const found = pageTextsProblem(message);
    if (problem === null) assert.equal(found, null);
    else assert.match(found ?? '', problem);
  }
});

test('a copy button copies its text; a new text takes its mark away', async () => {
  const { document, error } = inspectorDocument();
  const button = document.createElement('button');
  button.setAttribute('data-diffable-copy', 'error');
  document.body.append(button);
  const copied = [];
  wireCopyButtons(document.body, { writeText: async (text) => { copied.push(text); } });
  applyPageTexts(document, { ...empty, texts: { error: '@Test func a() {}' } });
  button.dispatch('click');
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(copied, ['@Test func a() {}']);
  assert.ok(button.hasAttribute('data-copied'));
  applyPageTexts(document, { ...empty, texts: { error: 'another' } });
  assert.ok(!button.hasAttribute('data-copied'), 'the mark was for the old text');
  assert.equal(error.textContent, 'another');

  // No clipboard, or one that refuses: nothing happens, nothing throws.
  const bare = inspectorDocument();
  const other = bare.document.createElement('button');
  other.setAttribute('data-diffable-copy', 'error');
  bare.document.body.append(other);
  wireCopyButtons(bare.document.body, undefined);
  other.dispatch('click');
  wireCopyButtons(bare.document.body, { writeText: () => Promise.reject(new Error('denied')) });
  other.dispatch('click');
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.ok(!other.hasAttribute('data-copied'));
});

test('list sizes set a list element\'s CSS size; malformed ones are refused', () => {
  const document = new FakeDocument();
  const list = document.createElement('div');
  list.setAttribute('data-diffable-list', 'playground');
  document.body.append(list);
  applyPageTexts(document, { ...empty, listSizes: { playground: [390, 844], other: [1, 1] } });
  assert.deepEqual([list.style.width, list.style.height], ['390px', '844px']);
  assert.equal(pageTextsProblem({ ...empty, listSizes: { playground: [390, 844] } }), null);
  for (const bad of [[390], [390, -1], [390, Infinity], '390x844']) {
    assert.match(pageTextsProblem({ ...empty, listSizes: { playground: bad } }) ?? '',
      /listSizes\["playground"\] is not \[width, height\]/);
  }
  assert.match(pageTextsProblem({ ...empty, listSizes: [] }) ?? '', /listSizes is not an object/);
});

test('a list size is its client area: a scrollbar\'s gutter is added', () => {
  const document = new FakeDocument();
  const list = document.createElement('div');
  list.setAttribute('data-diffable-list', 'playground');
  document.body.append(list);
  // A gutter of 15 px across and none along.
  Object.defineProperty(list, 'clientWidth', { get: () => parseFloat(list.style.width) - 15 });
  Object.defineProperty(list, 'clientHeight', { get: () => parseFloat(list.style.height) });
  applyPageTexts(document, { ...empty, listSizes: { playground: [390, 844] } });
  assert.deepEqual([list.style.width, list.style.height], ['405px', '844px']);
});
