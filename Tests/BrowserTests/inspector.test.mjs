// End to end: the batch inspector (`/inspector`, web.md "Pages"), with
// `serve` and headless Chromium. The page opens with an example pair; its
// batch is in `textarea[name=batch]`, one `[data-step]` line per
// operation, and the `step` range from 0 to their number. At each step the
// list agrees with the server, and it changes from the step before by that
// step's operation alone: at 0 it is the old snapshot, at the last the new
// one. A batch edited by hand that the validator refuses shows its message
// in `[data-error]`, the line of the operation at fault marked, and the
// drawing stays; a snapshot that is no JSON snapshot says where. The test
// the page exports is the one the documentation example tests compile and
// run. Every wait is on the page's state, with a deadline.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { requireWebSocket } from './support/cdp.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();

const { open, check } = pageChecks(running);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where DIFFABLE_SCREENSHOTS=1 saves the README's picture of the inspector. */
const SCREENSHOTS = process.env.DIFFABLE_SCREENSHOTS === '1'
  ? join(ROOT, 'Documentation/Screenshots') : null;

/** Evaluated in the page: the fields, the steps, the error and what the list shows. */
function readInspector() {
  const field = (name) => document.querySelector(`[name="${name}"]`);
  const list = window.diffable?.lists?.().find((entry) => entry.sections !== undefined);
  return {
    old: field('old').value,
    new: field('new').value,
    batch: field('batch').value,
    step: Number(field('step').value),
    max: Number(field('step').max),
    steps: [...document.querySelectorAll('[data-step]')].map((line) => ({
      step: Number(line.getAttribute('data-step')),
      text: line.textContent,
      current: line.getAttribute('aria-current') === 'step',
      invalid: line.getAttribute('aria-invalid') === 'true',
    })),
    error: document.querySelector('[data-error]').textContent,
    test: document.querySelector('[data-export=test]').textContent,
    sections: list?.sections.map((section) => ({ id: section.id, items: section.items })) ?? [],
    notes: Object.fromEntries([...document.querySelectorAll('[data-item]')].map((cell) => [
      cell.getAttribute('data-item'),
      cell.querySelector('.diffable-secondary-text')?.textContent ?? '',
    ])),
  };
}

/** Evaluated in the page: sets a field's value and tells the page, as typing does. */
function setField(name, value) {
  const field = document.querySelector(`[name="${name}"]`);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The sections of a snapshot's JSON, as `window.diffable.lists()` gives them. */
const sectionsOf = (json) => JSON.parse(json).sections.map(({ id, items }) => ({ id, items }));

/** Every item of `sections` with its section and place. */
const places = (sections) => new Map(sections.flatMap((section) => section.items
  .map((item, index) => [item, `${section.id}#${index}`])));

/** The test the documentation example tests compile and run: the file's first test. */
function exportedTest() {
  const text = readFileSync(
    join(ROOT, 'Tests/DocumentationExampleTests/InspectorExportedTests.swift'), 'utf8');
  const body = text.slice(text.indexOf('import Diffable'));
  return body.slice(0, body.indexOf('\n// ---') + 1);
}

describe('the batch inspector', () => {
  test('each step shows the list after it, one operation at a time', async (t) => {
    const page = await open('/inspector', { width: 1200, height: 800 }, t);
    await check(page, { what: 'opening /inspector' });
    const start = await page.waitFor(() => {
      const lines = document.querySelectorAll('[data-step]').length;
      return lines > 0 && Number(document.querySelector('[name=step]').max) === lines;
    }, { what: 'the steps of the example' }).then(() => page.evaluate(`(${readInspector})()`));
    assert.equal(start.error, '');
    assert.deepEqual(start.steps.map((line) => line.step),
      start.steps.map((_, index) => index + 1), 'one [data-step] per operation, from 1');
    const batch = JSON.parse(start.batch);
    const count = Object.values(batch).reduce((sum, list) => sum + list.length, 0);
    assert.equal(start.steps.length, count, 'as many steps as the batch has operations');
    assert.deepEqual(start.sections, sectionsOf(start.old), 'step 0 shows the old snapshot');
    assert.equal(start.test, exportedTest(), 'the exported test is the one CI compiles and runs');

    // What each step points out: arrows added, cells flashed.
    await page.evaluate(() => {
      window.pointedOut = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.classList?.contains('diffable-move-arrow')) window.pointedOut.push('arrow');
          }
          if (record.type === 'attributes' && record.target.classList.contains('diffable-flash')) {
            window.pointedOut.push(`flash ${record.target.getAttribute('data-item')}`);
          }
        }
      }).observe(document.querySelector('[data-diffable-list]'),
        { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    let before = start;
    for (let step = 1; step <= start.steps.length; step += 1) {
      await page.evaluate(() => { window.pointedOut = []; });
      await page.evaluate(setField, 'step', String(step));
      // The server makes the step's line current once the page has shown it.
      await page.waitFor(
        (wanted) => document.querySelector('[data-step][aria-current=step]')
          ?.getAttribute('data-step') === String(wanted),
        { args: [step], what: `line ${step} current` });
      const read = await check(page, { what: `step ${step}` });
      const now = await page.evaluate(`(${readInspector})()`);
      assert.deepEqual(now.sections, read.client.find((list) => list.sections).sections
        .map(({ id, items }) => ({ id, items })));
      const [kind] = now.steps[step - 1].text.split(' "');
      const item = JSON.parse(now.steps[step - 1].text.match(/"(?:[^"\\]|\\.)*"/)[0]);
      const was = places(before.sections);
      const is = places(now.sections);
      const changed = [...new Set([...was.keys(), ...is.keys()])]
        .filter((id) => was.get(id) !== is.get(id));
      switch (kind) {
        case 'delete': assert.deepEqual([was.has(item), is.has(item)], [true, false]); break;
        case 'insert': assert.deepEqual([was.has(item), is.has(item)], [false, true]); break;
        case 'move':
          assert.notEqual(is.get(item), was.get(item), `step ${step} moves ${item}`);
          assert.deepEqual(await page.evaluate(() => window.pointedOut), ['arrow'],
            'a move is pointed out by an arrow');
          break;
        case 'reconfigure':
          assert.deepEqual(await page.evaluate(() => window.pointedOut), [`flash ${item}`],
            'a reconfigured cell flashes');
        // falls through
        case 'reload':
          assert.deepEqual(changed, [], `step ${step} moves nothing`);
          assert.equal(now.notes[item], `step ${step}: ${kind}`, 'the cell says what changed it');
          break;
        default: assert.fail(`unexpected step ${now.steps[step - 1].text}`);
      }
      for (const id of changed) {
        assert.ok(id === item || was.has(id) === is.has(id),
          `step ${step} (${kind} ${item}) adds or removes only ${item}, not ${id}`);
      }
      before = now;
    }
    assert.deepEqual(before.sections, sectionsOf(start.new), 'the last step shows the new snapshot');

    // Back to the start in one move: the old snapshot again.
    await page.evaluate(setField, 'step', '0');
    await page.waitFor(() => document.querySelector('[data-step][aria-current]') === null,
      { what: 'no line current' });
    await check(page, { what: 'step 0 again' });
    assert.deepEqual((await page.evaluate(`(${readInspector})()`)).sections, sectionsOf(start.old));
    if (SCREENSHOTS !== null) {
      await page.evaluate(setField, 'step', '2');
      await page.waitFor(() => document.querySelector('[data-step="2"][aria-current]') !== null,
        { what: 'step 2 shown' });
      await check(page, { what: 'step 2 for the screenshot' });
      await page.screenshot(join(SCREENSHOTS, 'inspector.png'));
    }
  });

  test('"take its last two applies" fills the fields from a seed screen in another tab',
    async (t) => {
      const inspector = await open('/inspector', { width: 1200, height: 800 }, t);
      await check(inspector, { what: 'opening /inspector' });
      const take = async () => {
        await inspector.evaluate(() => {
          const form = document.querySelector('[data-diffable-submit=take]');
          form.querySelector('select').value = 'mountains';
          form.requestSubmit();
        });
      };
      // No tab shows the mountains yet: the page says so, and keeps its pair.
      await take();
      await inspector.waitFor(() => /^take: no other tab of this browser shows Mountains/
        .test(document.querySelector('[data-error]').textContent), { what: 'the refusal' });

      const mountains = await open('/demos/mountains', { width: 800, height: 600 }, t);
      await check(mountains, { what: 'opening /demos/mountains' });
      await mountains.focus('input[type=search]');
      await mountains.insertText('ka');
      const searched = await check(mountains, {
        what: 'the search for ka',
        accepts: (state) => state.lists[0].sections.every((section) => section.items
          .every((item) => item.toLowerCase().includes('ka'))),
      });
      // The inspector's tab in front again: a hidden tab runs no animations.
      await inspector.send('Page.bringToFront');
      await take();
      const taken = await inspector.waitFor(
        () => document.querySelector('[data-error]').textContent === ''
          && JSON.parse(document.querySelector('[name=new]').value).sections
            .some((section) => section.items.some((item) => /ka/i.test(item)))
          && document.querySelectorAll('[data-step]').length === Object.values(
            JSON.parse(document.querySelector('[name=batch]').value))
            .reduce((sum, list) => sum + list.length, 0),
        { what: 'the mountains\' last two applies' })
        .then(() => inspector.evaluate(`(${readInspector})()`));
      assert.deepEqual(sectionsOf(taken.new),
        searched.client[0].sections.map(({ id, items }) => ({ id, items })),
        'the new snapshot is what the other tab shows');
      assert.ok(sectionsOf(taken.old).flatMap((section) => section.items).length
        > sectionsOf(taken.new).flatMap((section) => section.items).length,
        'the old one is the list before the search');
      const batch = JSON.parse(taken.batch);
      assert.equal(taken.steps.length, Object.values(batch).reduce((sum, l) => sum + l.length, 0));
      await check(inspector, { what: 'the taken pair at step 0' });
    });

  test('a refused hand edit shows the validator\'s message at its operation; the drawing stays',
    async (t) => {
      const page = await open('/inspector', { width: 1200, height: 800 }, t);
      await check(page, { what: 'opening /inspector' });
      const start = await page.waitFor(() => document.querySelectorAll('[data-step]').length > 0,
        { what: 'the example\'s steps' }).then(() => page.evaluate(`(${readInspector})()`));
      const batch = JSON.parse(start.batch);
      batch.itemDeletes.push([1, 0]);
      await page.evaluate(setField, 'batch', JSON.stringify(batch));
      // The message, the line at fault and the test arrive as three texts.
      const refused = await page.waitFor(
        () => document.querySelector('[data-error]').textContent !== ''
          && document.querySelector('[data-step][aria-invalid]') !== null
          && /#expect\(throws: refusal\)/
            .test(document.querySelector('[data-export=test]').textContent),
        { what: 'the validator\'s message' }).then(() => page.evaluate(`(${readInspector})()`));
      assert.match(refused.error, /^Invalid batch update \(rule \d\): /);
      const marked = refused.steps.filter((line) => line.invalid);
      assert.deepEqual(marked.map((line) => line.text), ['delete "leek" [1, 0]'],
        'the operation without which the batch is taken');
      assert.deepEqual(refused.sections, start.sections, 'the last good drawing stays');
      assert.match(refused.test, /#expect\(throws: refusal\)/, 'the test expects the refusal');

      // Not JSON at all, then a snapshot with a missing key: where, in words.
      await page.evaluate(setField, 'old', '{"sections": [');
      await page.waitFor(
        () => /^old: not a valid snapshot/.test(document.querySelector('[data-error]').textContent),
        { what: 'the old snapshot\'s error' });
      await page.evaluate(setField, 'new', '{"sections": [{"id": "a"}]}');
      const missing = await page.waitFor(
        () => /\nnew: not a valid snapshot: /.test(document.querySelector('[data-error]').textContent),
        { what: 'the new snapshot\'s error' }).then(() => page.evaluate(`(${readInspector})()`));
      assert.match(missing.error, /^old: not a valid snapshot: not JSON\nnew: not a valid snapshot: missing key "items" at sections\[0\]$/);
      assert.deepEqual(missing.sections, start.sections, 'the drawing stays');

      // A good pair again: its batch, no error, step 0.
      await page.evaluate(setField, 'old', '{"sections": [{"id": "a", "items": ["x", "y"]}]}');
      await page.evaluate(setField, 'new', '{"sections": [{"id": "a", "items": ["y", "x", "z"]}]}');
      const fresh = await page.waitFor(
        () => document.querySelector('[data-error]').textContent === ''
          && document.querySelectorAll('[data-step]').length === 2,
        { what: 'the new pair\'s two steps' }).then(() => page.evaluate(`(${readInspector})()`));
      assert.deepEqual(fresh.steps.map((line) => line.text),
        ['insert "z" [0, 2]', 'move "y" [0, 1] → [0, 0]']);
      await check(page, {
        what: 'the new pair at step 0',
        accepts: (state) => state.lists[0].sections[0]?.id === 'a',
      });
    });
});
