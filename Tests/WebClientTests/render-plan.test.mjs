// The renderer's decisions, without a DOM: what a change does to each cell,
// the content's order, reordering with few moves, cell boxes in bands, pinned
// supplementaries held within their range, band rest offsets, the axis, the
// timing statistics, and the page's socket address, reload guard and control
// values.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  applyBatch, applyReload, createModel,
} from '../../Sources/DiffableWeb/Resources/client/model.js';
import {
  batchChanges, cellBox, contentOrder, createStats, moveRuns, pinPlacement, pinnedOffset, planCells,
  reorder,
  scrollAnchor, scrollAxis, snapPoints, stackedLayout, supplementaryKey,
} from '../../Sources/DiffableWeb/Resources/client/render-plan.js';
import {
  RELOADED_AT_KEY, RELOAD_GUARD, controlValue, listViewport, mayReload, socketURL,
} from '../../Sources/DiffableWeb/Resources/client/page.js';
import { checkLayout } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import { batch } from './support.mjs';

const rows = (items) => {
  const frames = {};
  items.forEach((item, k) => { frames[item] = [0, k * 44, 390, 44]; });
  return { size: [390, 4400], frames, supplementaries: [], bands: [] };
};
const reloadOf = (items, window) => ({
  v: 1, type: 'reload', list: 'main', seq: 1, sections: [{ id: 's', items }],
  cells: Object.fromEntries(window.map((item) => [item, { text: item }])),
  layout: rows(window),
});

describe('planCells', () => {
  // a b c d shown; the batch deletes a, reloads b, reconfigures c, inserts x.
  const before = applyReload(createModel(), reloadOf(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']));
  const message = batch({
    itemDeletes: [[0, 0]], itemReloads: [[0, 1]], itemInserts: [[0, 3]],
    itemReconfigures: [[0, 1]],
  }, {
    counts: [4], insertedItems: ['x'],
    cells: { b: { text: 'b2' }, x: { text: 'x' } },
    reconfigured: { c: { text: 'c2' } },
    layout: rows(['b', 'c', 'd', 'x']),
  });
  const after = applyBatch(before, message);
  const shown = new Map(before.lists.get('main').cells);
  const changes = batchChanges(before.lists.get('main'), after.lists.get('main'), message);

  test('batchChanges names the inserted, reloaded and reconfigured items', () => {
    assert.deepEqual([...changes.inserted], ['x']);
    assert.deepEqual([...changes.reloaded], ['b']);
    assert.deepEqual([...changes.reconfigured], ['c']);
  });

  test('a batch fades in, fades out, cross-fades, updates in place and slides', () => {
    const plan = planCells({
      kind: 'batch', shown, after: after.lists.get('main'), changes, motion: true,
    });
    assert.deepEqual(plan.cells.map(({ item, section, effect }) => [item, section, effect]),
      [['b', 's', 'reload'], ['c', 's', 'update'], ['d', 's', 'keep'], ['x', 's', 'insert']]);
    assert.deepEqual(plan.leaving, [{ item: 'a', fade: true }]);
    assert.equal(plan.slide, true);
  });

  test('without motion, or in a reload, nothing fades or slides', () => {
    for (const [kind, motion] of [['batch', false], ['reload', true]]) {
      const plan = planCells({ kind, shown, after: after.lists.get('main'), changes, motion });
      assert.deepEqual(plan.cells.map((cell) => cell.effect),
        ['update', 'update', 'keep', 'appear']);
      assert.deepEqual(plan.leaving, [{ item: 'a', fade: false }]);
      assert.equal(plan.slide, false);
    }
  });

  test('a layout shows arrivals at once, removes leavers, and slides the rest', () => {
    const plan = planCells({ kind: 'layout', shown, after: after.lists.get('main'), motion: true });
    assert.equal(plan.cells.at(-1).effect, 'appear');
    assert.deepEqual(plan.leaving, [{ item: 'a', fade: false }]);
    assert.equal(plan.slide, true);
  });
});

describe('contentOrder', () => {
  const layout = checkLayout({
    size: [390, 1000],
    frames: {
      a: [0, 30, 390, 44], b: [0, 74, 390, 44], c: [0, 200, 100, 44], d: [100, 200, 100, 44],
    },
    supplementaries: [
      { kind: 'footer', section: 'one', index: 0, frame: [0, 118, 390, 20], pin: null,
        cell: { text: 'f' } },
      { kind: 'header', section: 'one', index: 0, frame: [0, 0, 390, 30], pin: [0, 138],
        cell: { text: 'h' } },
      { kind: 'header', section: 'empty', index: 0, frame: [0, 140, 390, 30], pin: null,
        cell: { text: 'e' } },
    ],
    bands: [{ section: 'two', frame: [0, 200, 390, 44], contentWidth: 800, rests: [] }],
  });
  const sections = [{ id: 'one' }, { id: 'empty' }, { id: 'two' }];
  const cells = [
    { item: 'a', section: 'one' }, { item: 'b', section: 'one' },
    { item: 'c', section: 'two' }, { item: 'd', section: 'two' },
  ];

  test('headers, cells (or the band), then footers, section by section', () => {
    const key = (kind, section) => supplementaryKey({ kind, section, index: 0 });
    assert.deepEqual(contentOrder(sections, cells, layout, 'y'), [
      { type: 'supplementary', key: key('header', 'one') },
      { type: 'cell', item: 'a' }, { type: 'cell', item: 'b' },
      { type: 'supplementary', key: key('footer', 'one') },
      { type: 'supplementary', key: key('header', 'empty') },
      { type: 'band', section: 'two' },
    ]);
  });
});

describe('reorder', () => {
  /** Applies the moves to an array, as insertBefore does to children. */
  const apply = (current, moves) => {
    const list = current.slice();
    for (const [node, before] of moves) {
      const from = list.indexOf(node);
      if (from >= 0) list.splice(from, 1);
      list.splice(before === null ? list.length : list.indexOf(before), 0, node);
    }
    return list;
  };

  test('moves only what is out of order', () => {
    const current = ['a', 'b', 'c', 'd', 'e'];
    const wanted = ['a', 'c', 'd', 'e', 'b'];
    const moves = reorder(current, wanted);
    assert.deepEqual(apply(current, moves), wanted);
    assert.ok(moves.length <= 2, `${moves.length} moves`);
    assert.deepEqual(reorder(wanted, wanted), []);
  });

  test('places new nodes and leaves skipped ones where they are', () => {
    const current = ['a', 'ghost', 'b', 'c'];
    const wanted = ['c', 'a', 'new', 'b'];
    const result = apply(current, reorder(current, wanted, new Set(['ghost'])));
    assert.deepEqual(result.filter((node) => node !== 'ghost'), wanted);
    assert.ok(result.includes('ghost'));
  });

  test('any permutation comes out in order', () => {
    let seed = 7;
    const random = () => { seed = (seed * 48271) % 2147483647; return seed / 2147483647; };
    for (let round = 0; round < 200; round += 1) {
      const current = Array.from({ length: 1 + Math.floor(random() * 9) }, (_, i) => i);
      const wanted = current.filter(() => random() < 0.8)
        .concat([100, 101].filter(() => random() < 0.5));
      for (let i = wanted.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [wanted[i], wanted[j]] = [wanted[j], wanted[i]];
      }
      const skip = new Set(current.filter((node) => !wanted.includes(node) && random() < 0.5));
      const kept = current.filter((node) => wanted.includes(node) || skip.has(node));
      const result = apply(kept, reorder(kept, wanted, skip));
      assert.deepEqual(result.filter((node) => !skip.has(node)), wanted);
      assert.equal(result.length, wanted.length + skip.size);
    }
  });

  test('moveRuns gathers adjacent moves, with the outcome of the moves one by one', () => {
    // New nodes x, y, z between a and b, and w at the end: two insertions.
    const current = ['a', 'b'];
    const wanted = ['a', 'x', 'y', 'z', 'b', 'w'];
    const moves = reorder(current, wanted);
    assert.equal(moves.length, 4);
    assert.deepEqual(moveRuns(moves), [
      { nodes: ['w'], before: null }, { nodes: ['x', 'y', 'z'], before: 'b' },
    ]);
    assert.deepEqual(moveRuns([]), []);
    /** Applies runs as a fragment insertion does: the run's nodes in order before `before`. */
    const applyRuns = (list, runs) => {
      const result = list.slice();
      for (const { nodes, before } of runs) {
        for (const node of nodes) {
          const from = result.indexOf(node);
          if (from >= 0) result.splice(from, 1);
        }
        result.splice(before === null ? result.length : result.indexOf(before), 0, ...nodes);
      }
      return result;
    };
    let seed = 11;
    const random = () => { seed = (seed * 48271) % 2147483647; return seed / 2147483647; };
    for (let round = 0; round < 200; round += 1) {
      const kept = Array.from({ length: Math.floor(random() * 12) }, (_, i) => i);
      const wanted = kept.filter(() => random() < 0.8)
        .concat(Array.from({ length: Math.floor(random() * 6) }, (_, i) => 100 + i));
      for (let i = wanted.length - 1; i > 0; i -= 1) {
        if (random() < 0.3) continue;
        const j = Math.floor(random() * (i + 1));
        [wanted[i], wanted[j]] = [wanted[j], wanted[i]];
      }
      const current = kept.filter((node) => wanted.includes(node));
      const moves = reorder(current, wanted);
      const runs = moveRuns(moves);
      assert.deepEqual(applyRuns(current, runs), apply(current, moves));
      assert.deepEqual(runs.flatMap((run) => run.nodes).sort(), moves.map(([node]) => node).sort());
    }
  });
});

describe('geometry', () => {
  test('a cell sits at its frame, or at its frame less its band\'s origin', () => {
    assert.deepEqual(cellBox([10, 20, 30, 40], undefined),
      { left: 10, top: 20, width: 30, height: 40 });
    assert.deepEqual(cellBox([210, 220, 30, 40], { frame: [0, 200, 390, 60] }),
      { left: 210, top: 20, width: 30, height: 40 });
  });

  test('a header pins to the top within its section, a footer to the bottom', () => {
    const header = { frame: [0, 100, 390, 30], pin: [100, 500] };
    assert.deepEqual(pinPlacement(header, 'y'),
      { wrapper: { left: 0, top: 100, width: 390, height: 400 }, offset: 0, side: 'top' });
    assert.equal(pinnedOffset(header, 'y', 0, 300), 100, 'below the top: where it is');
    assert.equal(pinnedOffset(header, 'y', 250, 300), 250, 'scrolled past: at the top');
    assert.equal(pinnedOffset(header, 'y', 480, 300), 470, 'its section ends: pushed up');
    const footer = { frame: [0, 480, 390, 20], pin: [100, 500] };
    assert.equal(pinPlacement(footer, 'y').side, 'bottom');
    assert.equal(pinnedOffset(footer, 'y', 0, 300), 280, 'held at the bottom of the view');
    assert.equal(pinnedOffset(footer, 'y', 400, 300), 480, 'where it is once in view');
    assert.equal(pinnedOffset(footer, 'y', -500, 300), 100, 'never above its section');
    const side = { frame: [50, 0, 40, 300], pin: [50, 600] };
    assert.deepEqual(pinPlacement(side, 'x'),
      { wrapper: { left: 50, top: 0, width: 550, height: 300 }, offset: 0, side: 'left' });
    assert.equal(pinnedOffset(side, 'x', 200, 390), 200);
  });

  test('a band rests at the offsets it can reach, each once, in order', () => {
    assert.deepEqual(snapPoints([0, 195, 390, 585, 780], 780, 390), [0, 195, 390]);
    assert.deepEqual(snapPoints([300, -4, 0], 1000, 390), [0, 300]);
    assert.deepEqual(snapPoints([], 1000, 390), []);
    assert.deepEqual(snapPoints([0, 100], 200, 390), [0]);
  });

  test('the axis follows the content\'s overflow', () => {
    assert.equal(scrollAxis([390, 5000], { width: 390, height: 800 }), 'y');
    assert.equal(scrollAxis([3000, 200], { width: 390, height: 800 }), 'x');
    assert.equal(scrollAxis([390.4, 800], { width: 390, height: 800 }), 'y');
  });

  test('a list with no layout is stacked in rows, frames for its cells only', () => {
    const model = applyReload(createModel(), {
      v: 1, type: 'reload', list: 'main', seq: 1,
      sections: [{ id: 's', items: ['a', 'b'] }], cells: { a: { text: 'a' }, b: { text: 'b' } },
    });
    const layout = stackedLayout(model.lists.get('main'), 300);
    assert.deepEqual(layout.size, [300, 88]);
    assert.deepEqual([...layout.frames], [['a', [0, 0, 300, 44]], ['b', [0, 44, 300, 44]]]);
  });
});

describe('stats', () => {
  test('records each change\'s time to its first frame, by type, as copies', () => {
    const stats = createStats({ limit: 2 });
    stats.record('batch', 12.5);
    stats.record('reload', 3);
    stats.record('batch', -1);
    stats.record('batch', 7);
    stats.record('other', 1);
    stats.record('layout', Number.NaN);
    const snapshot = stats.snapshot();
    assert.deepEqual(snapshot,
      { batchToFirstFrame: [0, 7], reloadToFirstFrame: [3], layoutToFirstFrame: [] });
    snapshot.batchToFirstFrame.push(99);
    assert.deepEqual(stats.snapshot().batchToFirstFrame, [0, 7]);
  });
});

describe('the page', () => {
  test('the socket address follows the page\'s scheme and host', () => {
    const local = { protocol: 'http:', host: '127.0.0.1:8080' };
    const id = '0123456789abcdef'.repeat(2);
    assert.equal(socketURL(local, '/demos/sort/socket', id),
      `ws://127.0.0.1:8080/demos/sort/socket?page=${id}&v=1`);
    assert.equal(socketURL({ protocol: 'https:', host: 'example.org' }, '/s?x=1', id),
      `wss://example.org/s?x=1&page=${id}&v=1`, 'a query the path has is kept');
    assert.equal(socketURL(local, '/s', 'a b&c'), 'ws://127.0.0.1:8080/s?page=a%20b%26c&v=1');
  });

  test('the page reloads itself at most once in 30 s, and never without a storage', () => {
    const store = new Map();
    const storage = {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => store.set(key, value),
    };
    assert.equal(RELOAD_GUARD, 30_000);
    assert.equal(mayReload(storage, 1_000_000), true, 'no stamp: it may');
    assert.equal(store.get(RELOADED_AT_KEY), '1000000', 'and the time is kept');
    assert.equal(mayReload(storage, 1_029_999), false, 'within 30 s of the last reload');
    assert.equal(store.get(RELOADED_AT_KEY), '1000000', 'a refusal keeps the stamp');
    assert.equal(mayReload(storage, 1_030_000), true, '30 s after');
    assert.equal(store.get(RELOADED_AT_KEY), '1030000');
    assert.equal(mayReload(storage, 1_010_000), false, 'a stamp just ahead of now is recent');
    store.set(RELOADED_AT_KEY, 'garbage');
    assert.equal(mayReload(storage, 2_000_000), true, 'a stamp that is not a time is none');

    const throwing = (which) => ({
      getItem: (key) => {
        if (which === 'get') throw new Error('denied');
        return store.get(key) ?? null;
      },
      setItem: () => {
        if (which === 'set') throw new Error('full');
      },
    });
    store.clear();
    assert.equal(mayReload(throwing('get'), 5_000_000), false, 'a storage that cannot be read');
    assert.equal(mayReload(throwing('set'), 5_000_000), false, 'one that cannot keep the time');
    assert.equal(mayReload(undefined, 5_000_000), false, 'no storage');
    assert.equal(mayReload(null, 5_000_000), false);
  });

  test('a list\'s viewport: its client size and scroll offset, within its content', () => {
    const element = {
      clientWidth: 375, clientHeight: 700, scrollWidth: 375, scrollHeight: 5000,
      scrollLeft: 0, scrollTop: 120.5,
    };
    assert.deepEqual(listViewport(element), { width: 375, height: 700, x: 0, y: 120.5 });
    assert.deepEqual(listViewport({ ...element, scrollTop: -30 }).y, 0);
    assert.deepEqual(listViewport({ ...element, scrollTop: 4400 }).y, 4300);
  });

  test('a control\'s value: a checkbox as true or false, a field as its text', () => {
    assert.equal(controlValue({ type: 'checkbox', checked: true, value: 'on' }), 'true');
    assert.equal(controlValue({ type: 'checkbox', checked: false, value: 'on' }), 'false');
    assert.equal(controlValue({ type: 'search', value: 'kings' }), 'kings');
  });
});

test('the scroll anchor: the first cell reaching into view, the leftmost of a row', () => {
  const frames = new Map([
    ['a', [0, 0, 100, 44]], ['b', [100, 44, 100, 44]], ['c', [0, 44, 100, 44]],
    ['d', [0, 88, 100, 44]], ['far', [0, 1000, 100, 44]],
  ]);
  const items = [...frames.keys()];
  assert.equal(scrollAnchor(items, frames, 'y', 50, 100), 'c', 'the row at 44 reaches into view');
  assert.equal(scrollAnchor(items, frames, 'y', 44, 100), 'c', 'a cell ending at the top is not');
  assert.equal(scrollAnchor(items, frames, 'y', 0, 100), null, 'an unscrolled list has none');
  assert.equal(scrollAnchor(items, frames, 'y', 500, 100), null, 'no cell in view');
  assert.equal(scrollAnchor(['x', 'b'], frames, 'y', 50, 100), 'b', 'items without frames are passed');
  assert.equal(scrollAnchor(items, frames, 'x', 50, 100), 'a', 'along x, the top one first');
  assert.equal(scrollAnchor(items, frames, 'x', 100, 100), 'b');
});
