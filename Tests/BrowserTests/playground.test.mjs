// End to end: the layout playground (`/playground`), with `serve` and
// headless Chromium. An edit of the layout's JSON is solved by the server
// and drawn in one reply (the list's next `data-seq`); an edit that cannot
// be decoded shows its error with its JSON path and keeps the drawing; a
// preset's cells sit at the frames `diffable layout` prints for the same
// JSON, size, safe area and item counts; a click on a cell shows its frame
// and its section's. Nothing waits on time: every wait
// is on `data-idle`, `data-seq`, the page's text or the server's state,
// polled with a deadline.
//
// `diffable layout` is the root package's command: $DIFFABLE_COMMAND, or
// .build/debug/diffable (Scripts/browser-tests.sh builds it).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { readDom } from './support/diffable.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';
import { ROOT } from './support/server.mjs';

requireWebSocket();

const running = serverAndBrowser();

const { open, check } = pageChecks(running);

/** Where DIFFABLE_SCREENSHOTS=1 saves the README's picture of the playground. */
const SCREENSHOTS = process.env.DIFFABLE_SCREENSHOTS === '1'
  ? join(ROOT, 'Documentation/Screenshots') : null;

/** The `diffable` command. */
const DIFFABLE = process.env.DIFFABLE_COMMAND ?? join(ROOT, '.build/debug/diffable');

/** A tab wide enough for the controls, the editor and a phone's list. */
const VIEWPORT = { width: 1280, height: 1400 };

/** Evaluated in the page: sets a control's value and fires its `input` event, as typing does. */
function setControl(selector, value) {
  const control = document.querySelector(selector);
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Evaluated in the page: the list's sequence number once it is idle at more than `seq`. */
function idleAfter(seq) {
  const list = document.querySelector('[data-diffable-list=playground]');
  const now = Number(list.getAttribute('data-seq'));
  return list.hasAttribute('data-idle') && now > seq ? now : null;
}

/** Evaluated in the page: the texts the server set. */
function readTexts() {
  const text = (selector) => document.querySelector(selector).textContent;
  return {
    error: text('[data-error]'),
    swift: text('[data-export=swift]'),
    uikit: text('[data-export=uikit]'),
    layout: document.querySelector('textarea[name=layout]').value,
    items: document.querySelector('input[name=items]').value,
    width: document.querySelector('input[name=width]').value,
    height: document.querySelector('input[name=height]').value,
    safeArea: document.querySelector('input[name=safe-area]').value,
  };
}

/** The playground's list as the DOM shows it. */
async function drawing(page) {
  const lists = await page.evaluate(readDom);
  return lists.find((list) => list.name === 'playground');
}

/** The current sequence number of the playground's list. */
const seqOf = (page) => page.evaluate(
  () => Number(document.querySelector('[data-diffable-list=playground]').getAttribute('data-seq')));

/**
 * Opens the playground, settled, and chooses the preset `name`: returns the
 * page and its sequence number once the preset is drawn.
 */
async function openWithPreset(t, name) {
  const page = await open('/playground', VIEWPORT, t);
  await check(page, { what: 'opening /playground' });
  const before = await seqOf(page);
  await page.evaluate(setControl, 'select[name=preset]', name);
  const seq = await page.waitFor(idleAfter, { args: [before], what: `the preset ${name} drawn` });
  await check(page, { what: `the preset ${name}` });
  return { page, seq };
}

/** The frames `diffable layout` prints for `json`, by item identifier (`"S.I"`). */
function framesOfCommand(json, { width, height, items, safeArea }) {
  assert.ok(existsSync(DIFFABLE),
    `${DIFFABLE} is missing: build it (swift build --product diffable) or set DIFFABLE_COMMAND`);
  const directory = mkdtempSync(join(tmpdir(), 'playground-'));
  try {
    const spec = join(directory, 'layout.json');
    writeFileSync(spec, json);
    const output = execFileSync(DIFFABLE, [
      'layout', spec, '--size', `${width}x${height}`, '--items', items,
      '--safe-area', safeArea,
    ], { encoding: 'utf8' });
    const frames = new Map();
    for (const element of JSON.parse(output).elements) {
      if (element.category !== 'cell') continue;
      frames.set(element.indexPath.join('.'), element.frame);
    }
    return frames;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('the layout playground', () => {
  for (const preset of ['grid', 'nested', 'orthogonal-groupPaging', 'by-width']) {
    test(`the ${preset} preset's cells are at the frames diffable layout prints`, async (t) => {
      const { page } = await openWithPreset(t, preset);
      const texts = await page.evaluate(readTexts);
      assert.equal(texts.error, '');
      const frames = framesOfCommand(texts.layout, {
        width: texts.width, height: texts.height, items: texts.items, safeArea: texts.safeArea,
      });
      const shown = await drawing(page);
      assert.ok(shown.cells.length >= 6, `cells drawn: ${shown.cells.length}`);
      for (const cell of shown.cells) {
        const frame = frames.get(cell.item);
        assert.ok(frame !== undefined, `diffable layout has a frame for ${cell.item}`);
        for (let i = 0; i < 4; i += 1) {
          assert.ok(Math.abs(cell.box[i] - frame[i]) <= 0.5,
            `${cell.item}: box ${cell.box} against the command's frame ${frame}`);
        }
        assert.equal(cell.text, cell.item.split('.')[1], 'a cell shows its item\'s number');
      }
      // Every cell whose frame starts within the device's height is drawn.
      const expected = [...frames].filter(([, frame]) => frame[1] < Number(texts.height))
        .map(([item]) => item);
      const drawn = new Set(shown.cells.map((cell) => cell.item));
      assert.deepEqual(expected.filter((item) => !drawn.has(item)), []);
      if (preset.startsWith('orthogonal-')) {
        // The band scrolls sideways, resting at each group's leading edge.
        const band = await page.evaluate(() => {
          const element = document.querySelector('[data-diffable-list=playground] [data-band]');
          if (element === null) return null;
          const overflow = getComputedStyle(element).overflowX;
          return { overflow, wider: element.scrollWidth > element.clientWidth };
        });
        assert.deepEqual(band, { overflow: 'auto', wider: true });
      }
      assert.match(texts.swift, /^import CollectionLayout\n/);
      assert.match(texts.uikit, /NSCollectionLayoutGroup\.(horizontal|vertical)\(/);
    });
  }

  test('an edit is solved and drawn in one reply, at the new frames', async (t) => {
    const { page, seq } = await openWithPreset(t, 'grid');
    const before = await drawing(page);
    const cell = (list, item) => list.cells.find((entry) => entry.item === item);
    // Three columns: the second cell a third of the 382-point group along.
    assert.deepEqual(cell(before, '0.1').box.map(Math.round), [135, 8, 119, 119]);
    const { layout } = await page.evaluate(readTexts);
    const halves = layout.replaceAll('0.3333333333333333', '0.5');
    assert.notEqual(halves, layout);
    await page.evaluate(setControl, 'textarea[name=layout]', halves);
    const next = await page.waitFor(idleAfter, { args: [seq], what: 'the edit drawn' });
    assert.equal(next, seq + 1, 'one reload for one edit');
    await check(page, { what: 'the edit' });
    const after = await drawing(page);
    // Two columns: 4 + 191 + 4 along, 191 less 8 of insets wide and tall.
    assert.deepEqual(cell(after, '0.1').box, [199, 8, 183, 183]);
    assert.deepEqual(cell(after, '0.2').box, [8, 199, 183, 183]);
    const texts = await page.evaluate(readTexts);
    assert.equal(texts.error, '');
    assert.match(texts.swift, /\.fractionalWidth\(0\.5\)/);
    // A click on a cell shows its frame and its section's.
    const middle = await page.evaluate(() => {
      const box = document.querySelector('[data-item="0.1"]').getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.click(middle.x, middle.y);
    const selection = await page.waitFor(() => {
      const text = document.querySelector('[data-diffable-text=selection]').textContent;
      return text.startsWith('item ') ? text : null;
    }, { what: 'the clicked cell\'s frame' });
    assert.match(selection, /^item 0\.1: x 199, y 8, 183 × 183 in section 0: x 0, y 0, 390 × /);
  });

  test('an edit that cannot be decoded shows its error with its path and keeps the drawing',
    async (t) => {
      const { page, seq } = await openWithPreset(t, 'grid');
      const before = await drawing(page);
      const { layout, swift } = await page.evaluate(readTexts);
      const broken = JSON.stringify({
        sections: [{ group: { horizontal: { subitems: [] } } }],
      });
      await page.evaluate(setControl, 'textarea[name=layout]', broken);
      const error = await page.waitFor(
        () => document.querySelector('[data-error]').textContent || null,
        { what: 'the error' });
      assert.equal(error, 'sections[0].group.horizontal: missing key \'layoutSize\'');
      const kept = await drawing(page);
      assert.equal(kept.seq, seq, 'no reload');
      assert.deepEqual(kept.cells, before.cells, 'the last good drawing stays');
      assert.equal((await page.evaluate(readTexts)).swift, swift, 'the exports stay');
      // Markup in the JSON is shown as text.
      await page.evaluate(setControl, 'textarea[name=layout]', '{"<b>x</b>": 1}');
      const shownAsText = await page.waitFor(() => {
        const shown = document.querySelector('[data-error]');
        return shown.textContent.includes('<b>x</b>')
          ? { text: shown.textContent, elements: shown.children.length } : null;
      }, { what: 'the error with markup as text' });
      assert.equal(shownAsText.elements, 0, shownAsText.text);
      assert.match(shownAsText.text, /^<b>x<\/b>: unknown key '<b>x<\/b>'; expected one of/);
      // Putting the layout back clears the error and draws it again.
      await page.evaluate(setControl, 'textarea[name=layout]', layout);
      await page.waitFor(() => document.querySelector('[data-error]').textContent === '',
        { what: 'the error cleared' });
      await page.waitFor(idleAfter, { args: [seq], what: 'the layout drawn again' });
      const again = await check(page, { what: 'the layout put back' });
      assert.deepEqual((await drawing(page)).cells, before.cells);
      assert.ok(again.dom.length === 1);
    });

  test('hovering a cell outlines its group and section and says their frames', async (t) => {
    const { page } = await openWithPreset(t, 'grid');
    const texts = await page.evaluate(readTexts);
    const frames = framesOfCommand(texts.layout, {
      width: texts.width, height: texts.height, items: texts.items, safeArea: texts.safeArea,
    });
    // The middle of item 4, the second row's second cell.
    const point = await page.evaluate(() => {
      const cell = [...document.querySelectorAll('[data-diffable-list=playground] [data-item]')]
        .find((element) => element.getAttribute('data-item') === '0.4');
      const box = cell.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...point });
    const outlines = await page.waitFor(() => document.querySelectorAll('.diffable-outline').length
      === 2, { what: 'the outlines of item 4' }).then(() => page.evaluate(() => {
      const list = document.querySelector('[data-diffable-list=playground]');
      const content = list.querySelector('[data-item]').parentElement.getBoundingClientRect();
      const boxOf = (selector) => {
        const box = list.querySelector(selector).getBoundingClientRect();
        return [box.left - content.left, box.top - content.top, box.width, box.height]
          .map((value) => Math.round(value * 100) / 100);
      };
      return {
        group: boxOf('.diffable-outline-group'),
        section: boxOf('.diffable-outline-section'),
        label: list.querySelector('.diffable-outline-label').textContent,
      };
    }));
    // The grid's group is a row of three: it holds items 3 to 5, as the
    // command lays them out.
    const row = ['0.3', '0.4', '0.5'].map((item) => frames.get(item));
    const [x, y] = [Math.min(...row.map((f) => f[0])), Math.min(...row.map((f) => f[1]))];
    assert.ok(outlines.group[0] <= x + 0.5 && outlines.group[1] <= y + 0.5, `${outlines.group}`);
    assert.ok(outlines.group[3] < outlines.section[3], 'a row, inside its section');
    for (const frame of row) {
      assert.ok(frame[0] + frame[2] <= outlines.group[0] + outlines.group[2] + 0.5
        && frame[1] + frame[3] <= outlines.group[1] + outlines.group[3] + 0.5,
      `item at ${frame} inside the group ${outlines.group}`);
    }
    // The label says the three frames, each to within half a point of what is drawn.
    const said = /^item \[(.*)\] · group \[(.*)\] · section \[(.*)\]$/.exec(outlines.label);
    assert.ok(said !== null, outlines.label);
    const near = (text, frame, what) => text.split(', ').map(Number).forEach((value, i) => {
      assert.ok(Math.abs(value - frame[i]) <= 0.5, `${what}: ${text} against ${frame}`);
    });
    near(said[1], frames.get('0.4'), 'the item');
    near(said[2], outlines.group, 'the group');
    near(said[3], outlines.section, 'the section');
    // Leaving the list takes the outlines away.
    await page.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 1, y: 1 });
    await page.waitFor(() => document.querySelectorAll('.diffable-outline').length === 0,
      { what: 'the outlines gone' });
  });

  test('a device, right to left and item counts re-solve the drawing', async (t) => {
    const { page, seq } = await openWithPreset(t, 'grid');
    await page.evaluate(setControl, 'input[name=items]', '4,2');
    const second = await page.waitFor(idleAfter, { args: [seq], what: 'the counts drawn' });
    await page.evaluate(() => {
      const box = document.querySelector('input[name=direction]');
      box.checked = true;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const third = await page.waitFor(idleAfter, { args: [second], what: 'right to left drawn' });
    await page.evaluate(setControl, 'select[name=device]', 'tablet-landscape');
    await page.waitFor(idleAfter, { args: [third], what: 'the tablet drawn' });
    const read = await check(page, { what: 'a tablet, right to left' });
    const list = read.server.lists.find((entry) => entry.name === 'playground');
    assert.deepEqual(list.sections.map((section) => section.items.length), [4, 2]);
    const texts = await page.evaluate(readTexts);
    assert.deepEqual([texts.width, texts.height, texts.safeArea], ['1194', '834', '24,0,20,0']);
    // The list's client area is the device's frame.
    assert.deepEqual(await page.evaluate(() => {
      const list = document.querySelector('[data-diffable-list=playground]');
      return [list.clientWidth, list.clientHeight];
    }), [1194, 834]);
    const shown = await drawing(page);
    // Right to left: the first item is at the right end of the 1194-point row.
    const first = shown.cells.find((cell) => cell.item === '0.0');
    assert.ok(Math.abs(first.box[0] + first.box[2] - (1194 - 8)) <= 0.5, `${first.box}`);
    if (SCREENSHOTS !== null) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.evaluate(setControl, 'select[name=preset]', 'reststop');
      await page.evaluate(setControl, 'select[name=device]', 'phone-portrait');
      await page.evaluate(() => {
        const box = document.querySelector('input[name=direction]');
        box.checked = false;
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.waitFor(() => document.querySelector('input[name=items]').value === '6,8,4'
        && document.querySelector('input[name=width]').value === '390',
      { what: 'the rest stop on a phone' });
      await check(page, {
        what: 'the rest stop for the screenshot',
        accepts: (state) => state.lists[0].sections.length === 3,
      });
      await page.setViewport({ width: 1100, height: 1000 });
      await check(page, { what: 'the screenshot\'s size' });
      await page.screenshot(join(SCREENSHOTS, 'playground.png'));
    }
  });
});
