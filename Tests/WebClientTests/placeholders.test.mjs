// Placeholders (Documentation/Web.md, "`renderer.js`: the DOM"): boxes at
// the slots of the layout's patterns whose items have no cell drawn, in
// the list's view and half a visible length around it, redrawn as the list
// scrolls, from a pool, and never taken for cells.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { patternFrame } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import {
  applyLayout, applyReload, createModel, lists,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import {
  placeholderBox, placeholderSlots,
} from '../../Sources/DiffableWeb/Resources/client/render-plan.js';
import { createRenderer } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';

/** Two cells a row, 88 px tall, a million items: item k at row k >> 1. */
const GRID = Object.freeze({
  section: 's', count: 1_000_000, origin: [0, 20], step: [0, 88],
  slots: [[0, 0, 195, 88], [195, 0, 195, 88]],
});

/** The layout of the window `from` to `to` (items), with the grid's pattern (none for `null`). */
function windowOf(from, to, patterns = [GRID]) {
  const frames = {};
  const cells = {};
  for (let k = from; k < to; k += 1) {
    frames[String(k)] = patternFrame(GRID, k);
    cells[String(k)] = { text: `item ${k}` };
  }
  return {
    layout: {
      size: [390, 20 + 500_000 * 88], frames, supplementaries: [], bands: [],
      ...(patterns === null ? {} : { patterns }),
    },
    cells,
  };
}

/** A list 390 by 300 px whose renderer draws at once, and its model. */
function setup() {
  const document = new FakeDocument();
  const root = document.createElement('div');
  root.setAttribute('data-diffable-list', 'main');
  Object.assign(root, { clientWidth: 390, clientHeight: 300 });
  document.body.append(root);
  const renderer = createRenderer(root, {
    motion: () => false, requestFrame: () => {}, now: () => 0, opacityOf: () => 1,
  });
  let model = createModel();
  const show = (message) => {
    const before = model;
    model = (message.type === 'reload' ? applyReload : applyLayout)(model, message);
    return renderer.show({ list: 'main', before, after: model, message });
  };
  const placeholders = () => root.querySelectorAll('[data-placeholder]');
  const box = (element) => {
    const rect = element.getBoundingClientRect();
    const origin = renderer.content.getBoundingClientRect();
    return [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height];
  };
  const cellBox = (item) => box(root.querySelectorAll('[data-item]')
    .find((element) => element.getAttribute('data-item') === item));
  const scrollTo = (y) => {
    root.scrollTop = y;
    root.dispatch('scroll');
  };
  return {
    document, root, renderer, show, placeholders, box, cellBox, scrollTo, model: () => model,
  };
}

const reload = (from, to, patterns) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: [{ id: 's', runs: [[0, 1_000_000]] }],
  ...windowOf(from, to, patterns),
});

/** The items of the slots whose placeholder boxes are shown, checked against the pattern. */
function placedItems(page) {
  return page.placeholders().map((element) => {
    const [x, y, width, height] = page.box(element);
    const g = Math.round((y - 20) / 88);
    const k = 2 * g + (x >= 195 ? 1 : 0);
    const want = patternFrame(GRID, k);
    [x, y, width, height].forEach((value, i) => {
      assert.ok(Math.abs(value - want[i]) <= 0.5, `placeholder of ${k}: ${[x, y, width, height]}`);
    });
    return k;
  }).sort((a, b) => a - b);
}

const range = (from, to) => Array.from({ length: to - from }, (_, i) => from + i);

describe('placeholders', () => {
  test('stand at the slots in view and half a length around it, not where a cell is', () => {
    const page = setup();
    // Rows 0 to 3 (items 0 to 7) drawn; the view with its margin reaches
    // from -150 to 450 px: rows 0 to 4 (row 4 starts at 372).
    page.show(reload(0, 8));
    assert.deepEqual(placedItems(page), [8, 9]);
    assert.equal(page.renderer.placeholders(), 2);
    for (const item of ['0', '7']) {
      const k = Number(item);
      assert.deepEqual(page.cellBox(item), patternFrame(GRID, k), 'cells at their frames');
    }
  });

  test('are redrawn as the list scrolls, at once, from the pattern alone', () => {
    const page = setup();
    page.show(reload(0, 8));
    page.scrollTo(100_000);
    // 99 850 to 100 450 px: rows 1134 (starting at 99 812) to 1141.
    assert.deepEqual(placedItems(page), range(2 * 1134, 2 * 1142));
    page.scrollTo(0);
    assert.deepEqual(placedItems(page), [8, 9]);
  });

  test('leave the slots of the cells a layout draws', () => {
    const page = setup();
    page.show(reload(0, 8));
    page.scrollTo(100_000);
    const moved = windowOf(2 * 1134, 2 * 1140);
    page.show({ v: 1, type: 'layout', list: 'main', seq: 1, ...moved });
    assert.deepEqual(placedItems(page), range(2 * 1140, 2 * 1142));
    // Without patterns in the message, the list keeps them.
    const { layout, cells } = windowOf(2 * 1134, 2 * 1142);
    delete layout.patterns;
    page.show({ v: 1, type: 'layout', list: 'main', seq: 1, layout, cells });
    assert.deepEqual(placedItems(page), []);
    // A reload without patterns has none.
    page.show(reload(0, 8, null));
    page.scrollTo(500_000);
    assert.equal(page.renderer.placeholders(), 0);
  });

  test('come from a pool: the DOM stays as large however far the list scrolls', () => {
    const page = setup();
    page.show(reload(0, 8));
    const count = () => [...page.document.body.descendants()].length;
    const first = count();
    const counts = [];
    for (let y = 0; y <= 44_000_000; y += 400_037) {
      page.scrollTo(y);
      counts.push(count());
      assert.ok(page.renderer.placeholders() <= 16, `${page.renderer.placeholders()} at ${y}`);
      assert.equal(page.placeholders().length, page.renderer.placeholders());
    }
    // Two shown at the top, 16 elsewhere; none past the end.
    assert.ok(Math.max(...counts) <= first + 14, `the element counts seen: ${counts}`);
    page.scrollTo(45_000_000);
    assert.equal(count(), first - 3, 'past the last item, no placeholder and no holder');
    page.scrollTo(0);
    assert.equal(count(), first);
  });

  test('are no cells: hidden from assistive technology, in no walk of the cells', () => {
    const page = setup();
    page.show(reload(0, 8));
    page.scrollTo(5000);
    assert.ok(page.placeholders().length > 0);
    for (const element of page.placeholders()) {
      assert.equal(element.getAttribute('aria-hidden'), 'true');
      assert.equal(element.getAttribute('data-placeholder'), '');
      assert.equal(element.getAttribute('data-item'), null);
      assert.equal(element.getAttribute('data-section'), null);
      assert.ok(element.classList.contains('diffable-placeholder'));
    }
    assert.equal(page.placeholders()[0].parentNode.getAttribute('aria-hidden'), 'true');
    const cells = page.root.querySelectorAll('[data-item]');
    assert.deepEqual(cells.map((element) => element.getAttribute('data-item')),
      range(0, 8).map(String));
    assert.equal(lists(page.model())[0].sections[0].items.length, 1_000_000);
  });
});

describe('placeholderSlots', () => {
  test('looks at the groups in the rect only, whatever the section\'s length', () => {
    let looked = 0;
    const items = new Proxy([], {
      get: (target, key) => {
        if (key === 'length') return 1_000_000;
        looked += 1;
        return String(key);
      },
    });
    const slots = placeholderSlots([GRID], () => items, [0, 50_000, 390, 600], () => false);
    assert.deepEqual(slots.map((slot) => Number(slot.item)), range(2 * 567, 2 * 575));
    assert.equal(looked, 16, 'one look for each slot in the rect');
  });

  test('a step back, across, or none', () => {
    const items = range(0, 10).map(String);
    const of = (pattern, rect) => placeholderSlots([{ section: 's', count: 10, ...pattern }],
      () => items, rect, (item) => item === '3').map((slot) => slot.item);
    const slot = [[0, 0, 100, 40]];
    assert.deepEqual(of({ origin: [0, 0], step: [0, -40], slots: slot }, [0, -200, 100, 81]),
      ['4', '5']);
    assert.deepEqual(of({ origin: [0, 0], step: [100, 0], slots: slot }, [250, 0, 300, 40]),
      ['2', '4', '5']);
    assert.deepEqual(of({ origin: [0, 0], step: [0, 0], slots: slot }, [0, 0, 10, 10]),
      ['0', '1', '2', '4', '5', '6', '7', '8', '9']);
    assert.deepEqual(of({ origin: [0, 0], step: [0, 0], slots: slot }, [0, 50, 10, 10]), []);
    // No further than the pattern's count, nor the section's length.
    assert.deepEqual(placeholderSlots([{ section: 's', count: 12, origin: [0, 0], step: [0, 40],
      slots: slot }], () => items, [0, 300, 100, 1000], () => false).map((s) => s.item),
    ['7', '8', '9']);
  });
});

describe('placeholderSlots around the rows drawn', () => {
  // A self-sizing section's pattern: 1,000 rows of an average 30 px whose
  // slot fills the step; the rows drawn, measured, span 3,000 to 3,540.
  const ROWS = { section: 's', count: 1_000, origin: [0, 0], step: [0, 30], slots: [[0, 0, 390, 30]] };
  const items = Array.from({ length: 1_000 }, (_, k) => String(k));
  const around = (rect, extent) => placeholderSlots(
    [ROWS], () => items, rect, () => false, undefined, () => extent);

  test('meet the drawn rows at both ends, the step apart, and stand behind them', () => {
    const slots = around([0, 2_900, 390, 800], [3_000, 3_540]);
    const frames = slots.map(({ frame }) => frame).sort((a, b) => a[1] - b[1]);
    // Before: 2,970, 2,940, 2,910, 2,880 (reaching into the rect); behind
    // the rows drawn, 3,000 to 3,540; after: 3,540 on.
    assert.deepEqual(frames.map((frame) => frame[1]),
      [2_880, 2_910, 2_940, 2_970, 3_000, 3_540, 3_570, 3_600, 3_630, 3_660, 3_690]);
    const behind = frames.find((frame) => frame[1] === 3_000);
    assert.deepEqual(behind, [0, 3_000, 390, 540]);
    for (const frame of frames.filter((box) => box !== behind)) {
      assert.deepEqual([frame[0], frame[2], frame[3]], [0, 390, 30]);
    }
  });

  test('stop at the section\'s ends, and follow the pattern where no row is drawn', () => {
    const tail = around([0, 29_900, 390, 800], [29_920, 29_950]);
    assert.ok(tail.every(({ frame }) => frame[1] < 30_000), JSON.stringify(tail));
    const plain = around([0, 600, 390, 60], null);
    assert.deepEqual(plain.map(({ item }) => item), ['20', '21']);
  });

  test('a fixed section (its slot shorter than the step) keeps the pattern\'s frames', () => {
    const spaced = { ...ROWS, step: [0, 50], slots: [[0, 0, 390, 44]] };
    const slots = placeholderSlots([spaced], () => items, [0, 1_000, 390, 100], () => false,
      undefined, () => [0, 44]);
    assert.deepEqual(slots.map(({ frame }) => frame[1]), [1_000, 1_050]);
  });
});

describe('placeholderBox', () => {
  test('moves a frame\'s edges out to whole pixels, so that boxes meeting at a fraction overlap', () => {
    assert.deepEqual(placeholderBox([0, 150_121.265625, 390, 29.984375]),
      { left: 0, top: 150_121, width: 390, height: 31 });
    const [a, b] = [[0, 10.4, 390, 29.7], [0, 40.1, 390, 29.7]].map(placeholderBox);
    assert.ok(a.top + a.height >= b.top, `${a.top + a.height} reaches ${b.top}`);
    assert.deepEqual(placeholderBox([2, 4, 60, 30]), { left: 2, top: 4, width: 60, height: 30 });
  });
});
