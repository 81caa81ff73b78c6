// The renderer against a small fake DOM written here: the DOM contract
// (data-seq, data-idle, data-item and data-section, snapshot order, boxes
// at frames, text only), the animations a batch starts (fades, slides from
// where a cell is now, cross-fades), reduced motion, bands and pinned
// supplementaries, and the visible attributes handlers leave on cells. The
// fake lays boxes out from their inline styles and lets a test move an
// animation to any point of its run.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  applyBatch, applyLayout, applyReload, applyVisible, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import { arrowBox, createRenderer } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';
import { batch } from './support.mjs';

/** A list element in a fake document, its renderer, and what it recorded. */
function setup({ motion = true, scheduled = false, firstPaint } = {}) {
  const document = new FakeDocument();
  const root = document.createElement('div');
  root.setAttribute('data-diffable-list', 'main');
  if (firstPaint !== undefined) {
    root.setAttribute('data-first-paint', '');
    root.append(firstPaint);
  }
  root.clientWidth = 390;
  root.clientHeight = 300;
  const frames = [];
  const firstFrames = [];
  const draws = [];
  let motionOn = motion;
  const renderer = createRenderer(root, {
    motion: () => motionOn,
    requestFrame: (callback) => frames.push(callback),
    now: () => 1000,
    onFirstFrame: (type, ms) => firstFrames.push([type, ms]),
    opacityOf: (element) => element.opacity(),
    scheduleDraw: scheduled ? (draw) => draws.push(draw) : undefined,
  });
  let model = createModel();
  const show = (message, receivedAt = 990) => {
    const before = model;
    const apply = {
      reload: applyReload, batch: applyBatch, layout: applyLayout, visible: applyVisible,
    }[message.type];
    model = apply(model, message);
    return renderer.show({ list: 'main', before, after: model, message, receivedAt });
  };
  return {
    document, root, renderer, show, frames, firstFrames, draws,
    setMotion: (value) => { motionOn = value; },
    content: renderer.content,
    cell: (item) => root.querySelectorAll('data-item')
      .find((element) => element.getAttribute('data-item') === item),
    order: () => root.querySelectorAll('data-item')
      .map((element) => element.getAttribute('data-item')),
    box: (element) => {
      const rect = element.getBoundingClientRect();
      const origin = renderer.content.getBoundingClientRect();
      return [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height];
    },
  };
}

const rowsOf = (items) => Object.fromEntries(items.map((item, k) => [item, [0, k * 44, 390, 44]]));
const layoutOf = (items, extra = {}) => ({
  size: [390, items.length * 44], frames: rowsOf(items), supplementaries: [], bands: [], ...extra,
});
const reloadOf = (items, extra) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: [{ id: 's', items }],
  cells: Object.fromEntries(items.map((item) => [item, { text: `Cell ${item}` }])),
  layout: layoutOf(items, extra),
});
const settle = () => new Promise((resolve) => { setImmediate(resolve); });

describe('the DOM contract', () => {
  test('a reload draws every window cell at its frame, in order, as text', () => {
    const page = setup();
    const evil = '<img src=x onerror=alert(1)>';
    page.show(reloadOf(['a', evil, 'c']));
    assert.equal(page.root.getAttribute('data-seq'), '1');
    assert.ok(page.root.hasAttribute('data-idle'));
    assert.deepEqual(page.order(), ['a', evil, 'c']);
    assert.deepEqual(page.box(page.cell('c')), [0, 88, 390, 44]);
    assert.equal(page.cell(evil).getAttribute('data-section'), 's');
    assert.match(page.cell(evil).textContent, /Cell <img src=x onerror=alert\(1\)>/);
    assert.ok(![...page.root.descendants()].some((element) => element.tagName === 'IMG'));
    assert.equal(page.content.style.height, '132px');
    assert.equal(page.document.animations.length, 0, 'a reload does not animate');
    page.frames.forEach((callback) => callback());
    assert.deepEqual(page.firstFrames, [['reload', 10]]);
  });

  test('a batch: fades, slides, order at once, idle and settled when the animations end',
    async () => {
      const page = setup();
      page.show(reloadOf(['a', 'b', 'c', 'd']));
      const b = page.cell('b');
      const d = page.cell('d');
      // Delete b, move d to the front, insert x at the end, reload c.
      let settled = false;
      page.show(batch({
        itemDeletes: [[0, 1]], itemMoves: [[[0, 3], [0, 0]]], itemInserts: [[0, 3]],
        itemReloads: [[0, 2]],
      }, {
        counts: [4], insertedItems: ['x'],
        cells: { x: { text: 'Cell x' }, c: { text: 'Cell c, new' } },
        layout: layoutOf(['d', 'a', 'c', 'x']),
      })).then(() => { settled = true; });
      assert.deepEqual(page.order(), ['d', 'a', 'c', 'x'], 'the DOM follows the snapshot at once');
      assert.equal(page.root.getAttribute('data-seq'), '2');
      assert.ok(!page.root.hasAttribute('data-idle'));
      // b fades out where it was, without its identity.
      assert.equal(b.getAttribute('data-item'), null);
      assert.equal(b.parentNode, page.content);
      assert.deepEqual(b.running[0].keyframes, [{ opacity: 1 }, { opacity: 0 }]);
      // d slides from where it was (132 px further down) to its frame.
      assert.deepEqual(d.running[0].keyframes,
        [{ transform: 'translate(0px, 132px)' }, { transform: 'translate(0px, 0px)' }]);
      // x fades in; c's new content fades in over a fading copy of the old.
      assert.deepEqual(page.cell('x').running[0].keyframes, [{ opacity: 0 }, { opacity: 1 }]);
      assert.equal(page.cell('c').textContent, 'Cell c, new');
      const ghosts = page.content.children.filter((e) => e.classList.contains('diffable-leaving'));
      assert.deepEqual(ghosts.map((ghost) => ghost.textContent).sort(), ['Cell b', 'Cell c']);
      for (const animation of page.document.running) animation.finish();
      await settle();
      assert.ok(settled);
      assert.ok(page.root.hasAttribute('data-idle'));
      assert.equal(b.parentNode, null, 'the deleted cell is gone');
      assert.ok(page.content.children.every((e) => !e.classList.contains('diffable-leaving')));
      for (const [item, frame] of Object.entries(rowsOf(['d', 'a', 'c', 'x']))) {
        assert.deepEqual(page.box(page.cell(item)), frame);
      }
    });

  test('a list that shows its changes draws an arrow per move and flashes reconfigures',
    async () => {
      for (const showsChanges of [true, false]) {
        const page = setup();
        page.show({ ...reloadOf(['a', 'b', 'c', 'd']), ...(showsChanges ? { showsChanges } : {}) });
        let settled = false;
        page.show(batch({ itemMoves: [[[0, 3], [0, 0]]], itemReconfigures: [[0, 2]] }, {
          counts: [4], cells: { b: { text: 'Cell b, new' } }, layout: layoutOf(['d', 'a', 'b', 'c']),
        })).then(() => { settled = true; });
        const arrows = page.content.children
          .filter((element) => element.classList.contains('diffable-move-arrow'));
        const flashing = page.cell('b').running.filter((animation) => animation.className === 'diffable-flash');
        if (!showsChanges) {
          assert.deepEqual([arrows.length, flashing.length], [0, 0], 'nothing is pointed out');
          continue;
        }
        // From the middle of d's old row (y 132 + 22) up to its new one (y 22).
        assert.equal(arrows.length, 1);
        const [arrow] = arrows;
        assert.deepEqual([arrow.style.left, arrow.style.top, arrow.style.width, arrow.style.transform],
          ['195px', '154px', '132px', `rotate(${-Math.PI / 2}rad)`]);
        assert.equal(arrow.getAttribute('aria-hidden'), 'true');
        assert.equal(arrow.getAttribute('data-item'), null);
        assert.equal(flashing.length, 1, 'the reconfigured cell flashes');
        assert.deepEqual(page.order(), ['d', 'a', 'b', 'c'], 'the arrow is no cell');
        for (const animation of page.document.running) animation.finish();
        await settle();
        assert.ok(settled && page.root.hasAttribute('data-idle'));
        assert.equal(arrow.parentNode, null, 'the arrow is gone once it faded');
      }
    });

  test('a list that shows its geometry outlines the hovered item\'s group and section', () => {
    const page = setup();
    const geometry = {
      groups: { a: [0, 0, 390, 88], b: [0, 0, 390, 88], c: [0, 88, 390, 88] },
      sections: { s: [0, 0, 390, 176] },
    };
    page.show(reloadOf(['a', 'b', 'c'], { geometry }));
    const outlines = () => page.content.children
      .filter((element) => /diffable-outline/.test(element.className))
      .map((element) => [element.className, page.box(element), element.textContent]);
    page.cell('c').children[0].dispatch('pointerover');
    assert.deepEqual(outlines(), [
      ['diffable-outline diffable-outline-section', [0, 0, 390, 176], ''],
      ['diffable-outline diffable-outline-group', [0, 88, 390, 88], ''],
      ['diffable-outline-label', [0, 132, 0, 0],
        'item [0, 88, 390, 44] · group [0, 88, 390, 88] · section [0, 0, 390, 176]'],
    ]);
    assert.ok(page.content.children.filter((e) => /diffable-outline/.test(e.className))
      .every((element) => element.getAttribute('aria-hidden') === 'true'));
    assert.deepEqual(page.order(), ['a', 'b', 'c'], 'outlines are no cells');
    // A new layout moves the outlines with their item; leaving takes them away.
    page.show({
      v: 1, type: 'layout', list: 'main', seq: 1, cells: {},
      layout: layoutOf(['a', 'b', 'c'], {
        geometry: { ...geometry, groups: { ...geometry.groups, c: [0, 100, 390, 88] } },
      }),
    });
    assert.deepEqual(outlines()[1][1], [0, 100, 390, 88]);
    page.root.dispatch('pointerleave');
    assert.deepEqual(outlines(), []);
    // Focus outlines too; a list without geometry outlines nothing.
    page.cell('a').dispatch('focusin');
    assert.equal(outlines().length, 3);
    const plain = setup();
    plain.show(reloadOf(['a']));
    plain.cell('a').dispatch('pointerover');
    assert.equal(plain.content.children.filter((e) => /diffable-outline/.test(e.className)).length,
      0);
  });

  test('no arrow with reduced motion; arrowBox', () => {
    const page = setup({ motion: false });
    page.show({ ...reloadOf(['a', 'b']), showsChanges: true });
    page.show(batch({ itemMoves: [[[0, 1], [0, 0]]] }, { counts: [2], layout: layoutOf(['b', 'a']) }));
    assert.equal(page.content.children.filter((e) => e.classList.contains('diffable-move-arrow')).length, 0);
    assert.deepEqual(arrowBox({ x: 0, y: 0, width: 10, height: 10 }, { x: 30, y: 40, width: 10, height: 10 }),
      { left: 5, top: 5, length: 50, angle: Math.atan2(40, 30) });
    assert.equal(arrowBox({ x: 0, y: 0, width: 10, height: 10 }, { x: 0.5, y: 0, width: 10, height: 10 }), null);
  });

  test('an interrupted slide carries on from where the cell is, and never stacks', async () => {
    const page = setup();
    page.show(reloadOf(['a', 'b', 'c', 'd', 'e']));
    const a = page.cell('a');
    const first = page.show(batch({ itemMoves: [[[0, 0], [0, 4]]] }, {
      counts: [5], layout: layoutOf(['b', 'c', 'd', 'e', 'a']),
    }));
    const [slide] = a.running;
    slide.progress = 0.25; // a is at 176 - 176 * 0.75 = 44 on screen
    assert.deepEqual(page.box(a), [0, 44, 390, 44]);
    const message = batch({ itemMoves: [[[0, 4], [0, 0]]] }, {
      seq: 3, counts: [5], layout: layoutOf(['a', 'b', 'c', 'd', 'e']),
    });
    page.show(message);
    assert.ok(slide.cancelled, 'the old animation was stopped');
    assert.equal(a.running.length, 1, 'one animation at a time');
    assert.deepEqual(page.box(a), [0, 44, 390, 44], 'no jump: it starts where it was');
    await first; // the first batch is over once it is superseded
    a.running[0].finish();
    for (const animation of page.document.running) animation.finish();
    await settle();
    assert.deepEqual(page.box(a), [0, 0, 390, 44]);
    assert.ok(page.root.hasAttribute('data-idle'));
  });

  test('a cell fading in when another batch comes keeps fading from where it was', () => {
    const page = setup();
    page.show(reloadOf(['a']));
    page.show(batch({ itemInserts: [[0, 1]] }, {
      counts: [2], insertedItems: ['b'], cells: { b: { text: 'b' } }, layout: layoutOf(['a', 'b']),
    }));
    const b = page.cell('b');
    b.running[0].progress = 0.5;
    page.show(batch({ itemMoves: [[[0, 1], [0, 0]]] }, {
      seq: 3, counts: [2], layout: layoutOf(['b', 'a']),
    }));
    assert.deepEqual(b.running[0].keyframes, [
      { transform: 'translate(0px, 44px)', opacity: 0.5 },
      { transform: 'translate(0px, 0px)', opacity: 1 },
    ]);
  });

  test('with reduced motion nothing animates and the batch is over at once', async () => {
    const page = setup({ motion: false });
    page.show(reloadOf(['a', 'b']));
    const a = page.cell('a');
    let settled = false;
    page.show(batch({ itemDeletes: [[0, 0]], itemInserts: [[0, 1]] }, {
      counts: [2], insertedItems: ['c'], cells: { c: { text: 'c' } }, layout: layoutOf(['b', 'c']),
    })).then(() => { settled = true; });
    assert.equal(page.document.animations.length, 0);
    assert.equal(a.parentNode, null);
    assert.ok(page.root.hasAttribute('data-idle'));
    assert.deepEqual(page.order(), ['b', 'c']);
    await settle();
    assert.ok(settled);
  });
});

describe('rows a drag moved', () => {
  test('lose the drag\'s translation, and slide from where they were dropped', () => {
    const page = setup();
    page.show(reloadOf(['a', 'b', 'c', 'd']));
    // a dragged 100 px down, b and c moved up to make room (page.js).
    const dragged = { a: 100, b: -44, c: -44 };
    for (const [item, dy] of Object.entries(dragged)) {
      page.cell(item).setAttribute('data-dragged', '');
      page.cell(item).style.transform = `matrix(1, 0, 0, 1, 0, ${dy})`;
    }
    page.cell('a').classList.add('diffable-dragging');
    page.show(batch({ itemMoves: [[[0, 0], [0, 2]]] }, {
      counts: [4], layout: layoutOf(['b', 'c', 'a', 'd']),
    }));
    assert.deepEqual(page.order(), ['b', 'c', 'a', 'd']);
    assert.equal(page.root.querySelectorAll('data-dragged').length, 0);
    assert.ok(!page.cell('a').classList.contains('diffable-dragging'));
    for (const item of Object.keys(dragged)) assert.equal(page.cell(item).style.transform, '');
    // a was dropped at 100 and its frame is at 88: it slides the 12 px left.
    assert.deepEqual(page.cell('a').running[0].keyframes,
      [{ transform: 'translate(0px, 12px)' }, { transform: 'translate(0px, 0px)' }]);
    // b and c already stood at their new frames.
    assert.equal(page.cell('b').running.length, 0);
    assert.equal(page.cell('c').running.length, 0);
  });
});

describe('layouts', () => {
  test('the window moves: cells come and go at once, a cell whose frame changed slides', () => {
    const page = setup();
    page.show(reloadOf(['a', 'b', 'c', 'd']));
    assert.deepEqual(page.order(), ['a', 'b', 'c', 'd']);
    const b = page.cell('b');
    page.show({
      v: 1, type: 'layout', list: 'main', seq: 1, cells: {},
      layout: {
        size: [390, 300], frames: { b: [0, 60, 390, 44], c: [0, 104, 390, 44] },
        supplementaries: [], bands: [],
      },
    });
    assert.deepEqual(page.order(), ['b', 'c']);
    assert.equal(page.root.getAttribute('data-seq'), '1');
    assert.deepEqual(b.running.map((animation) => animation.keyframes), [
      [{ transform: 'translate(0px, -16px)' }, { transform: 'translate(0px, 0px)' }],
    ]);
    assert.deepEqual(page.document.running.map((animation) => animation.target),
      [b, page.cell('c')], 'c slides too (88 to 104); nothing fades');
    assert.equal(page.content.style.height, '300px');
  });
});

describe('bands and pinned supplementaries', () => {
  test('a band holds its section\'s cells at their frames, with snap marks at its rests', () => {
    const page = setup();
    page.show({
      v: 1, type: 'reload', list: 'main', seq: 1,
      sections: [{ id: 'top', items: ['a'] }, { id: 'band', items: ['p', 'q', 'r'] }],
      cells: { a: { text: 'a' }, p: { text: 'p' }, q: { text: 'q' }, r: { text: 'r' } },
      layout: {
        size: [390, 200],
        frames: {
          a: [0, 0, 390, 44], p: [0, 50, 180, 100], q: [200, 50, 180, 100], r: [400, 50, 180, 100],
        },
        supplementaries: [{
          kind: 'header', section: 'top', index: 0, frame: [0, 0, 390, 20], pin: [0, 44],
          cell: { text: 'Top' },
        }],
        bands: [{
          section: 'band', frame: [0, 44, 390, 120], contentWidth: 600, rests: [0, 200, 400],
        }],
      },
    });
    const band = page.content.children.find((e) => e.classList.contains('diffable-band'));
    assert.equal(band.getAttribute('data-band-axis'), 'x');
    assert.ok(band.hasAttribute('data-snapping'));
    const inner = band.children[0];
    assert.equal(inner.style.width, '600px');
    const marks = inner.children.filter((e) => e.classList.contains('diffable-rest'));
    // 400 is beyond the band's reach (600 - 390): it rests at the end.
    assert.deepEqual(marks.map((mark) => mark.style.left), ['0px', '200px', '210px']);
    assert.equal(page.cell('q').parentNode, inner);
    assert.deepEqual(page.box(page.cell('q')), [200, 50, 180, 100]);
    assert.deepEqual(page.order(), ['a', 'p', 'q', 'r']);
    const header = page.root.querySelectorAll('data-kind')[0];
    assert.equal(header.getAttribute('data-section'), 'top');
    assert.equal(header.getAttribute('data-pinned'), 'top');
    assert.equal(header.parentNode.classList.contains('diffable-pin-range'), true);
    assert.equal(header.parentNode.style.height, '44px');
    assert.equal(page.content.children[0], header.parentNode, 'the header comes first');
  });
});

describe('the first paint', () => {
  /** A reload of a list with a pinned header, two rows and a band of three. */
  const banded = ({ seq = 1, rows = ['a', 'b'], texts = {} } = {}) => ({
    v: 1, type: 'reload', list: 'main', seq,
    sections: [{ id: 'top', items: rows }, { id: 'band', items: ['p', 'q', 'r'] }],
    cells: Object.fromEntries([...rows, 'p', 'q', 'r']
      .map((item) => [item, { text: texts[item] ?? item }])),
    layout: {
      size: [390, 200],
      frames: {
        ...Object.fromEntries(rows.map((item, k) => [item, [0, 20 + k * 44, 390, 44]])),
        p: [0, 120, 180, 60], q: [200, 120, 180, 60], r: [400, 120, 180, 60],
      },
      supplementaries: [{
        kind: 'header', section: 'top', index: 0, frame: [0, 0, 390, 20], pin: [0, 108],
        cell: { text: 'Top' },
      }],
      bands: [{ section: 'band', frame: [0, 108, 390, 80], contentWidth: 600, rests: [] }],
    },
  });

  /** The content a page's HTML holds: the renderer's own drawing of `message`, copied. */
  const served = (message) => {
    const server = setup();
    server.show(message);
    return server.content.cloneNode(true);
  };

  test('the first reload adopts the page\'s cells, band and header, re-creating none', () => {
    const content = served(banded());
    const page = setup({ firstPaint: content });
    assert.equal(page.content, content, 'the content element is the page\'s');
    const before = new Map(page.order().map((item) => [item, page.cell(item)]));
    const header = page.root.querySelectorAll('data-kind')[0];
    const band = content.children.find((e) => e.classList.contains('diffable-band'));

    page.show(banded({ rows: ['a', 'c'], texts: { q: 'Q, changed' } }));
    assert.deepEqual(page.order(), ['a', 'c', 'p', 'q', 'r']);
    for (const item of ['a', 'p', 'q', 'r']) {
      assert.equal(page.cell(item), before.get(item), `${item} is the element the page had`);
    }
    assert.equal(before.get('b').parentNode, null, 'the row the reload does not have is gone');
    assert.equal(page.cell('q').textContent, 'Q, changed', 'a changed cell is filled in place');
    assert.deepEqual(page.box(page.cell('c')), [0, 64, 390, 44]);
    assert.equal(page.root.querySelectorAll('data-kind')[0], header);
    assert.equal(header.parentNode.classList.contains('diffable-pin-range'), true);
    assert.equal(content.children.find((e) => e.classList.contains('diffable-band')), band);
    assert.equal(page.root.hasAttribute('data-first-paint'), false);
    assert.equal(page.root.getAttribute('data-seq'), '1');
    assert.equal(page.content.children.length, 4, 'header range, two rows, the band');
  });

  test('cells of a selectable first paint stay options only while the list is selectable', () => {
    const message = { ...reloadOf(['a', 'b']), selectable: true };
    const page = setup({ firstPaint: served(message) });
    assert.equal(page.cell('a').getAttribute('role'), 'option');
    page.show(reloadOf(['a', 'b']));
    assert.equal(page.cell('a').getAttribute('role'), 'listitem');
    assert.equal(page.cell('a').getAttribute('tabindex'), '0');
    assert.equal(page.cell('b').getAttribute('tabindex'), '-1');
  });

  test('a list without the first-paint mark makes its own content', () => {
    const document = new FakeDocument();
    const root = document.createElement('div');
    const stray = document.createElement('div');
    stray.className = 'diffable-content';
    root.append(stray);
    const renderer = createRenderer(root, { motion: () => false });
    assert.notEqual(renderer.content, stray);
  });
});

describe('visible attributes from the sections\' handlers', () => {
  const DEFAULTS = { alpha: 1, hidden: false, transform: [1, 0, 0, 1, 0, 0], zIndex: 0 };
  const visible = (items, seq = 1) => ({ v: 1, type: 'visible', list: 'main', seq, items });
  const styleOf = (element) => ({
    opacity: element.style.opacity, transform: element.style.transform,
    zIndex: element.style.zIndex, visibility: element.style.visibility,
  });

  test('a visible message styles the cells it names, moves a moved one, and starts nothing', () => {
    const page = setup();
    page.show(reloadOf(['a', 'b', 'c']));
    page.show(visible({
      a: { ...DEFAULTS, alpha: 0.5, transform: [0.8, 0, 0, 0.8, 0, 0], zIndex: 2 },
      b: { ...DEFAULTS, hidden: true, frame: [10, 50, 390, 44] },
    }));
    assert.deepEqual(styleOf(page.cell('a')), {
      opacity: '0.5', transform: 'matrix(0.8, 0, 0, 0.8, 0, 0)', zIndex: '2', visibility: '',
    });
    assert.deepEqual(styleOf(page.cell('b')),
      { opacity: '', transform: '', zIndex: '', visibility: 'hidden' });
    assert.deepEqual(page.box(page.cell('b')), [10, 50, 390, 44]);
    // a, scaled by 0.8 about its centre.
    assert.deepEqual(page.box(page.cell('a')).map((v) => Math.round(v * 10) / 10),
      [39, 4.4, 312, 35.2]);
    assert.equal(page.document.animations.length, 0);
    assert.ok(page.root.hasAttribute('data-idle'));

    // Back to the defaults: the style sheet's again, at the layout's frame.
    page.show(visible({ a: DEFAULTS, b: DEFAULTS }));
    assert.deepEqual(styleOf(page.cell('a')),
      { opacity: '', transform: '', zIndex: '', visibility: '' });
    assert.deepEqual(page.box(page.cell('b')), [0, 44, 390, 44]);
    page.frames.forEach((callback) => callback());
    assert.deepEqual(page.firstFrames.map(([type]) => type), ['reload', 'visible', 'visible']);
  });

  test('a batch keeps the style; a slide composes with the transform and reads the box under it',
    async () => {
      const page = setup();
      page.show(reloadOf(['a', 'b', 'c', 'd']));
      page.show(visible({ d: { ...DEFAULTS, alpha: 0.5, transform: [0.5, 0, 0, 0.5, 0, 0] } }));
      const d = page.cell('d');
      // Move d to the front: it slides from its frame 132 px down, scaled all the way.
      page.show(batch({ itemMoves: [[[0, 3], [0, 0]]] }, {
        counts: [4], layout: layoutOf(['d', 'a', 'b', 'c']),
      }));
      assert.deepEqual(d.running.map((animation) => animation.keyframes), [[
        { transform: 'translate(0px, 132px) matrix(0.5, 0, 0, 0.5, 0, 0)' },
        { transform: 'translate(0px, 0px) matrix(0.5, 0, 0, 0.5, 0, 0)' },
      ]], 'no resize and no fade: the box under the transform did not change');
      assert.equal(d.style.transform, 'matrix(0.5, 0, 0, 0.5, 0, 0)');
      assert.equal(d.style.opacity, '0.5');

      // The handler's transform changes mid-slide: the slide follows it.
      d.running[0].progress = 0.5;
      page.show(visible({ d: { ...DEFAULTS, transform: [0.9, 0, 0, 0.9, 0, 0] } }, 2));
      assert.deepEqual(d.running[0].keyframes, [
        { transform: 'translate(0px, 132px) matrix(0.9, 0, 0, 0.9, 0, 0)' },
        { transform: 'translate(0px, 0px) matrix(0.9, 0, 0, 0.9, 0, 0)' },
      ]);
      assert.equal(d.style.opacity, '');

      // Interrupted half way: the next slide starts from where d shows, unscaled box.
      page.show({
        ...batch({ itemMoves: [[[0, 0], [0, 3]]] }, {
          counts: [4], layout: layoutOf(['a', 'b', 'c', 'd']),
        }),
        seq: 3,
      });
      assert.deepEqual(d.running.map((animation) => animation.keyframes[0]), [
        { transform: 'translate(0px, -66px) matrix(0.9, 0, 0, 0.9, 0, 0)' },
      ]);
      for (const animation of page.document.running) animation.finish();
      await settle();
      assert.ok(page.root.hasAttribute('data-idle'));
      assert.deepEqual(page.box(d).map((v) => Math.round(v * 10) / 10), [19.5, 134.2, 351, 39.6]);
    });

  test('a cell inserted with a handler\'s alpha fades in to it', () => {
    const page = setup();
    page.show(reloadOf(['a']));
    page.show(batch({ itemInserts: [[0, 1]] }, {
      counts: [2], insertedItems: ['b'], cells: { b: { text: 'Cell b' } },
      layout: layoutOf(['a', 'b']),
    }));
    page.show(visible({ b: { ...DEFAULTS, alpha: 0.25 } }, 2));
    assert.deepEqual(page.cell('b').running[0].keyframes, [{ opacity: 0 }, { opacity: 0.25 }],
      'its fade-in ends at the alpha that came meanwhile');
    page.show({
      ...batch({ itemInserts: [[0, 2]] }, {
        counts: [3], insertedItems: ['c'], cells: { c: { text: 'Cell c' } },
        layout: layoutOf(['a', 'b', 'c']),
      }),
      seq: 3,
    });
    // b, still fading in from the first batch, ends at its alpha.
    assert.deepEqual(page.cell('b').running.at(-1).keyframes.at(-1), { opacity: 0.25 });
    assert.equal(page.cell('b').style.opacity, '0.25');
  });
});

describe('drawing at the next frame (scheduleDraw)', () => {
  test('changes wait, not idle, and are drawn in order at the frame, first frame measured then',
    async () => {
      const page = setup({ scheduled: true });
      let drawn = false;
      page.show(reloadOf(['a', 'b'])).then(() => { drawn = true; });
      assert.equal(page.draws.length, 1);
      assert.deepEqual(page.order(), [], 'nothing is drawn before the frame');
      assert.ok(!page.root.hasAttribute('data-idle'));
      assert.ok(!page.renderer.isIdle());
      page.show(batch({ itemInserts: [[0, 2]] }, {
        counts: [3], insertedItems: ['x'], cells: { x: { text: 'Cell x' } },
        layout: layoutOf(['a', 'b', 'x']),
      }));
      assert.equal(page.draws.length, 1, 'one frame draws every change that waits');
      page.draws.shift()(true);
      assert.deepEqual(page.order(), ['a', 'b', 'x']);
      assert.equal(page.root.getAttribute('data-seq'), '2');
      assert.equal(page.cell('x').textContent, 'Cell x');
      assert.deepEqual(page.cell('x').running[0].keyframes, [{ opacity: 0 }, { opacity: 1 }]);
      assert.deepEqual(page.firstFrames, [['reload', 10], ['batch', 10]],
        'drawn in a frame: measured when drawn');
      assert.deepEqual(page.frames, []);
      await settle();
      assert.ok(drawn);
      for (const animation of page.document.running) animation.finish();
      await settle();
      assert.ok(page.root.hasAttribute('data-idle'));
      assert.ok(page.renderer.isIdle());
    });

  test('drawn from a timer (no frame came), the first frame is the next one', () => {
    const page = setup({ scheduled: true });
    page.show(reloadOf(['a']));
    page.draws.shift()(false);
    assert.deepEqual(page.order(), ['a']);
    assert.deepEqual(page.firstFrames, []);
    page.frames.forEach((callback) => callback());
    assert.deepEqual(page.firstFrames, [['reload', 10]]);
  });

  test('a cell brought in while its change waits is built then, and shown as sent', () => {
    const page = setup({ scheduled: true });
    page.show(reloadOf(['a']));
    page.draws.shift()(true);
    page.show(batch({ itemInserts: [[0, 0]] }, {
      counts: [2], insertedItems: ['y'], cells: { y: { text: 'Cell y', secondaryText: 'new' } },
      layout: layoutOf(['y', 'a']),
    }));
    // Deleted again before the frame: drawn, then fading out without its identity.
    page.show(batch({ itemDeletes: [[0, 0]] }, { seq: 3, counts: [1], layout: layoutOf(['a']) }));
    page.draws.shift()(true);
    assert.deepEqual(page.order(), ['a']);
    page.show(batch({ itemInserts: [[0, 1]] }, {
      seq: 4, counts: [2], insertedItems: ['z'], cells: { z: { text: 'Cell z' } },
      layout: layoutOf(['a', 'z']),
    }));
    page.draws.shift()(true);
    assert.deepEqual(page.order(), ['a', 'z']);
    assert.equal(page.cell('z').textContent, 'Cell z');
    assert.equal(page.cell('z').getAttribute('data-section'), 's');
    assert.deepEqual(page.box(page.cell('z')), [0, 44, 390, 44]);
  });

  test('a cell a batch brings in is built while it waits, and fades in once drawn; an unused one never does',
    () => {
      const page = setup({ scheduled: true });
      page.show(reloadOf(['a']));
      page.draws.shift()(true);
      page.show(batch({ itemInserts: [[0, 1]] }, {
        counts: [2], insertedItems: ['x'], cells: { x: { text: 'Cell x' } },
        layout: layoutOf(['a', 'x']),
      }));
      assert.deepEqual(page.document.running, [], 'no fade before the frame');
      assert.ok(!page.root.hasAttribute('data-idle'), 'busy while the change waits');
      page.draws.shift()(true);
      const x = page.cell('x');
      assert.equal(x.running.length, 1, 'one fade, begun at the frame that inserts it');
      assert.deepEqual(x.running[0].keyframes, [{ opacity: 0 }, { opacity: 1 }]);
      assert.ok(x.classList.contains('diffable-arriving'));
      x.running[0].finish();
      assert.ok(!x.classList.contains('diffable-arriving'), 'the class goes when the fade ends');
      // Brought in, then gone before the frame (a reload): never faded.
      page.show(batch({ itemInserts: [[0, 2]] }, {
        seq: 3, counts: [3], insertedItems: ['y'], cells: { y: { text: 'Cell y' } },
        layout: layoutOf(['a', 'x', 'y']),
      }));
      page.show({ v: 1, type: 'reload', list: 'main', seq: 4, sections: [{ id: 's', items: ['a'] }],
        cells: { a: { text: 'Cell a' } }, layout: layoutOf(['a']) });
      page.draws.shift()(true);
      assert.deepEqual(page.order(), ['a']);
      assert.deepEqual(page.document.running, []);
    });

  test('a change that fails to draw rejects its promise and leaves the list idle', async () => {
    const page = setup({ scheduled: true });
    const failed = page.renderer.show({ list: 'main', before: null, after: null, message: {} });
    page.draws.shift()(true);
    await assert.rejects(failed);
    assert.ok(page.root.hasAttribute('data-idle'));
    assert.ok(page.renderer.isIdle());
  });
});
