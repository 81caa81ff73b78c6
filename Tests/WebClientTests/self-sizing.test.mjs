// Self-sizing cells: the layout's `estimated` sections as the model reads
// them, `sizesToSend` (what is worth sending), and the renderer measuring
// copies of the window's cells, sending the sizes that differ from their
// frames, staying busy until the server's answer, drawing that answer
// (what follows slides), and never sending the same size twice.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { MalformedMessageError } from '../../Sources/DiffableWeb/Resources/client/identifiers.js';
import { checkLayout } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import {
  applyLayout, applyReload, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { sizesToSend } from '../../Sources/DiffableWeb/Resources/client/render-plan.js';
import { createRenderer } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';

/** Frames of rows of `heights`, stacked from 0, keyed by item. */
const rows = (items, heights = {}) => {
  const frames = {};
  let y = 0;
  for (const item of items) {
    const height = heights[item] ?? 44;
    frames[item] = [0, y, 390, height];
    y += height;
  }
  return { frames, height: y };
};

const layoutOf = (items, heights, estimated = { s: 'height' }) => {
  const { frames, height } = rows(items, heights);
  return { size: [390, height], frames, supplementaries: [], bands: [], estimated };
};

/**
 * A list "main" whose cells' content is as tall as `contentHeights` says
 * (by cell text; 44 otherwise), with a renderer that measures them and
 * records what it sends.
 */
function setup({ contentHeights = {}, connected = true } = {}) {
  const document = new FakeDocument();
  const root = document.createElement('div');
  root.setAttribute('data-diffable-list', 'main');
  root.clientWidth = 390;
  root.clientHeight = 600;
  const sent = [];
  const measuredCopies = [];
  const timers = [];
  let online = connected;
  const renderer = createRenderer(root, {
    motion: () => true,
    requestFrame: () => {},
    now: () => 0,
    opacityOf: (element) => element.opacity(),
    onMeasure: (sizes) => {
      if (!online) return false;
      sent.push(sizes);
      return true;
    },
    sizeOf: (copy) => {
      measuredCopies.push(copy);
      return {
        width: parseFloat(copy.style.width),
        height: contentHeights[copy.textContent] ?? 44,
      };
    },
    clock: {
      setTimeout: (callback) => {
        const timer = { callback, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer) => { timer.cleared = true; },
    },
  });
  let model = createModel();
  const show = (message) => {
    const before = model;
    model = (message.type === 'reload' ? applyReload : applyLayout)(model, message);
    return renderer.show({ list: 'main', before, after: model, message, receivedAt: 0 });
  };
  const cell = (item) => root.querySelectorAll('data-item')
    .find((element) => element.getAttribute('data-item') === item);
  const box = (element) => {
    const rect = element.getBoundingClientRect();
    const origin = renderer.content.getBoundingClientRect();
    return [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height];
  };
  return {
    document, root, renderer, show, sent, measuredCopies, timers, cell, box,
    setOnline: (value) => { online = value; },
  };
}

const reloadOf = (items, layout) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: [{ id: 's', items }],
  cells: Object.fromEntries(items.map((item) => [item, { text: `Cell ${item}` }])),
  layout,
});
const layoutMessage = (layout, cells = {}) => ({
  v: 1, type: 'layout', list: 'main', seq: 1, layout, cells,
});

describe('the estimated sections of a layout', () => {
  test('are read as a map, absent meaning none, and refused when not an axis', () => {
    const base = { size: [390, 44], frames: { a: [0, 0, 390, 44] }, supplementaries: [], bands: [] };
    assert.deepEqual([...checkLayout(base).estimated], []);
    assert.deepEqual(
      [...checkLayout({ ...base, estimated: { s: 'height', t: 'both' } }).estimated],
      [['s', 'height'], ['t', 'both']]);
    assert.throws(() => checkLayout({ ...base, estimated: { s: 'tall' } }), (error) =>
      error instanceof MalformedMessageError
      && error.message.includes('layout.estimated["s"]')
      && error.message.includes('not "width", "height" or "both"'));
    assert.throws(() => checkLayout({ ...base, estimated: ['s'] }), MalformedMessageError);
  });
});

describe('sizesToSend', () => {
  const frame = [0, 0, 390, 44];
  test('sends a size off its frame on an estimated axis, only', () => {
    assert.deepEqual(sizesToSend([
      { item: 'a', axes: 'height', frame, size: [390, 61] },
      { item: 'b', axes: 'height', frame, size: [390, 44.4] },
      { item: 'c', axes: 'height', frame, size: [200, 44] },
      { item: 'd', axes: 'width', frame, size: [200, 80] },
      { item: 'e', axes: 'both', frame, size: [390, 43] },
    ], new Map()), [['a', [390, 61]], ['d', [200, 80]], ['e', [390, 43]]]);
  });

  test('never sends the size last sent again, but a new one', () => {
    const sent = new Map([['a', [390, 61]], ['b', [390, 61]]]);
    assert.deepEqual(sizesToSend([
      { item: 'a', axes: 'height', frame, size: [390, 61.3] },
      { item: 'b', axes: 'height', frame, size: [390, 70] },
    ], sent), [['b', [390, 70]]]);
  });
});

describe('the renderer measures self-sizing cells', () => {
  test('sends the sizes that differ, stays busy until the answer, which moves what follows',
    async () => {
      const page = setup({ contentHeights: { 'Cell b': 80.504 } });
      page.show(reloadOf(['a', 'b', 'c'], layoutOf(['a', 'b', 'c'])));
      assert.deepEqual(page.sent, [{ b: [390, 80.5] }]);
      assert.equal(page.cell('b').getAttribute('data-self-sizing'), 'height');
      // Measured on copies, with the estimated length free, gone since.
      assert.equal(page.measuredCopies.length, 3);
      for (const copy of page.measuredCopies) {
        assert.equal(copy.getAttribute('data-item'), null);
        assert.equal(copy.getAttribute('data-self-sizing'), 'height');
        assert.equal(copy.style.height, 'auto');
        assert.equal(copy.style.width, '390px');
        assert.equal(copy.parentNode.parentNode, null, 'the holder left the document');
      }
      assert.ok(!page.root.hasAttribute('data-idle'), 'busy until the server answers');
      assert.ok(!page.renderer.isIdle());

      // The answer: b as tall as its content, c below it.
      const answered = layoutOf(['a', 'b', 'c'], { b: 80.5 });
      const drawn = page.show(layoutMessage(answered));
      assert.ok(page.timers[0].cleared, 'the wait for the answer is over');
      assert.deepEqual(page.box(page.cell('b')).map(Math.round), [0, 44, 390, 44],
        'b grows from where it was');
      const slide = page.cell('c').running[0];
      assert.deepEqual(slide.keyframes.map((frame) => frame.transform),
        ['translate(0px, -36.5px)', 'translate(0px, 0px)'], 'c slides down');
      for (const animation of page.document.running) animation.finish();
      await drawn;
      assert.deepEqual(page.box(page.cell('b')), [0, 44, 390, 80.5]);
      assert.deepEqual(page.box(page.cell('c')), [0, 124.5, 390, 44]);
      assert.deepEqual(page.sent.length, 1, 'the answer is not measured into a new message');
      assert.equal(page.measuredCopies.length, 3, 'unchanged cells are not measured again');
      assert.ok(page.root.hasAttribute('data-idle'));
    });

  test('a size the server did not take is not sent again: no loop', () => {
    const page = setup({ contentHeights: { 'Cell a': 90, 'Cell a, longer': 120 } });
    page.show(reloadOf(['a', 'b'], layoutOf(['a', 'b'])));
    assert.deepEqual(page.sent, [{ a: [390, 90] }]);
    // The server answers with the same frames (it kept its own size).
    page.show(layoutMessage(layoutOf(['a', 'b'])));
    page.show(layoutMessage(layoutOf(['a', 'b'])));
    assert.deepEqual(page.sent, [{ a: [390, 90] }]);
    assert.ok(page.root.hasAttribute('data-idle'));
    assert.equal(page.measuredCopies.length, 2, 'measured once');
    // Its cell, scrolled out and back with new content, is measured again and sent.
    page.show(layoutMessage(layoutOf(['b'])));
    page.show(layoutMessage(layoutOf(['a', 'b']), { a: { text: 'Cell a, longer' } }));
    assert.equal(page.measuredCopies.length, 3);
    assert.deepEqual(page.sent, [{ a: [390, 90] }, { a: [390, 120] }]);
  });

  test('the wait for an answer that never comes ends, and the list is idle', () => {
    const page = setup({ contentHeights: { 'Cell a': 90 } });
    page.show(reloadOf(['a'], layoutOf(['a'])));
    assert.ok(!page.root.hasAttribute('data-idle'));
    page.timers[0].callback();
    assert.ok(page.root.hasAttribute('data-idle'));
  });

  test('sizes not sent (no connection) are sent at the next draw; a reload forgets what was sent',
    () => {
      const page = setup({ contentHeights: { 'Cell a': 90 }, connected: false });
      page.show(reloadOf(['a'], layoutOf(['a'])));
      assert.deepEqual(page.sent, []);
      assert.ok(page.root.hasAttribute('data-idle'), 'nothing to wait for');
      page.setOnline(true);
      page.show(layoutMessage(layoutOf(['a'])));
      assert.deepEqual(page.sent, [{ a: [390, 90] }]);
      page.show(reloadOf(['a'], layoutOf(['a'])));
      assert.deepEqual(page.sent, [{ a: [390, 90] }, { a: [390, 90] }]);
    });

  test('cells of sections that are not estimated are neither marked nor measured', () => {
    const page = setup({ contentHeights: { 'Cell a': 90 } });
    page.show(reloadOf(['a'], layoutOf(['a'], {}, {})));
    assert.deepEqual(page.sent, []);
    assert.equal(page.measuredCopies.length, 0);
    assert.equal(page.cell('a').getAttribute('data-self-sizing'), null);
    assert.ok(page.root.hasAttribute('data-idle'));
  });

  test('a width-estimated cell is measured at its content width, its height fixed', () => {
    const page = setup();
    page.show(reloadOf(['a'], layoutOf(['a'], {}, { s: 'width' })));
    const [copy] = page.measuredCopies;
    assert.equal(copy.style.width, 'max-content');
    assert.equal(copy.style.height, '44px');
  });
});
