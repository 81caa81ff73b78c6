// End to end: `serve --port 0` and headless Chromium, driven over the
// DevTools protocol. Each page of the demo server is opened at a phone's
// viewport and a wide one, and after each step the DOM must agree with the
// server's account of the page (`GET /state/PAGEID`): lists, sequence
// numbers, `window.diffable.lists()`, the DOM order of the cells and each
// cell's box at its solved frame (±0.5 px). On the mountains page a user
// types into the search; an animation paused at its midpoint has a moving
// cell between its old and new place; twenty queries typed at once do not
// pile animations up. On the expanding rows, a click expands a row, which
// grows to its text and moves the rows below, and Enter on the focused row
// collapses it. On the outline, a click opens a folder, whose entries come
// in indented below it, and Enter on it closes it. On the Wi-Fi settings,
// the page's switch brings the networks in and takes them away. (Dropped
// sockets and a restarted server:
// reconnect.test.mjs.)
// Nothing waits on time: every wait is on `data-idle`, sequence numbers or
// the server's state, polled with a deadline.
//
// DIFFABLE_SCREENSHOTS=1 saves a PNG of each page and viewport into
// Documentation/Screenshots/ (the README shows them).

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { readDom, serverItems, showsMountains, stateOf } from './support/diffable.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';
import { ROOT } from './support/server.mjs';

requireWebSocket();

const VIEWPORTS = {
  phone: { width: 390, height: 844, deviceScaleFactor: 2, mobile: true },
  wide: { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false },
};
const SCREENS = ['mountains', 'sort', 'reststop', 'expand', 'outline', 'chat', 'wifi'];
const SCREENSHOTS = process.env.DIFFABLE_SCREENSHOTS === '1'
  ? join(ROOT, 'Documentation/Screenshots') : null;

const running = serverAndBrowser();

before(() => {
  if (SCREENSHOTS !== null) mkdirSync(SCREENSHOTS, { recursive: true });
});

const { open, check } = pageChecks(running);

/** Saves a screenshot when DIFFABLE_SCREENSHOTS=1. */
async function screenshot(page, name) {
  if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, `${name}.png`));
}

/** Every mountain's name, as the page shows them with an empty search. */
let allNames = null;

/** Whether the server's state shows exactly the mountains matching `query`. */
const showsQuery = (query) => (state) => {
  if (allNames === null) throw new Error('no list of every mountain yet');
  return showsMountains(allNames, query)(state);
};

/** Opens the mountains page and checks it shows every mountain; keeps their names. */
async function openMountains(viewport, t) {
  const page = await open('/demos/mountains', viewport, t);
  const read = await check(page, { what: 'opening /demos/mountains' });
  const names = serverItems(read.server, 'mountains');
  assert.ok(names.length > 100, `the mountains page opens with ${names.length} mountains`);
  if (allNames === null) allNames = names;
  assert.deepEqual([...names].sort(), [...allNames].sort());
  return { page, read };
}

/** Every batch-arrival-to-first-frame time read from the pages, with the cells in the DOM. */
const frameTimes = [];

/** Summarizes times in milliseconds: count, median, 99th percentile, maximum. */
function summary(values) {
  if (values.length === 0) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return `${sorted.length} batches: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, `
    + `max ${sorted.at(-1).toFixed(1)} ms`;
}

/**
 * Reads `window.diffable.stats()`: the times from a batch's arrival to its
 * first animation frame, printed with the number of cells the page holds.
 */
async function reportFrameTimes(page, t, label) {
  const [stats, cells] = await page.evaluate(() => [window.diffable.stats(),
    document.querySelectorAll('[data-item]').length]);
  t.diagnostic(`${label} (${cells} cells in the DOM): batch arrival to first frame: `
    + `${summary(stats.batchToFirstFrame)}; reload: ${summary(stats.reloadToFirstFrame)}`);
  frameTimes.push(...stats.batchToFirstFrame.map((ms) => ({ ms, cells, label })));
  return stats;
}

after(() => {
  const many = frameTimes.filter((entry) => entry.cells >= 100).map((entry) => entry.ms);
  console.log(`batch arrival to first frame, every page: ${summary(frameTimes.map((e) => e.ms))}`);
  console.log(`batch arrival to first frame, pages with 100 cells or more: ${summary(many)}`);
});

describe('every page agrees with the server at a phone and a wide viewport', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const screen of SCREENS) {
      test(`/demos/${screen} at ${viewport.width}×${viewport.height}`, async (t) => {
        const page = await open(`/demos/${screen}`, viewport, t);
        const read = await check(page, { what: `opening /demos/${screen}` });
        assert.ok(read.dom.length > 0 && read.dom.some((list) => list.cells.length > 0),
          `/demos/${screen} shows no cells`);
        assert.deepEqual(await page.evaluate(() => [innerWidth, innerHeight]),
          [viewport.width, viewport.height]);
        if (screen === 'sort' || screen === 'chat') {
          // The sort steps on a timer, and the chat plays: two more steps, each checked.
          let seq = read.dom[0].seq;
          for (let step = 0; step < 2; step += 1) {
            const next = await check(page, {
              what: `sort step after seq ${seq}`, accepts: (state) => state.lists[0].seq > seq,
            });
            seq = next.dom[0].seq;
          }
        }
        await screenshot(page, `${screen}-${size}`);
        await reportFrameTimes(page, t, `/demos/${screen} ${size}`);
      });
    }

    test(`/ at ${viewport.width}×${viewport.height} lists the pages that exist`, async (t) => {
      const page = await open('/', viewport, t);
      const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')]
        .map((link) => ({ href: link.getAttribute('href'), text: link.closest('li, tr, p, div')?.textContent ?? link.textContent })));
      for (const screen of SCREENS) {
        const link = links.find((entry) => entry.href === `/demos/${screen}`);
        assert.ok(link !== undefined, `the index does not link /demos/${screen}: ${JSON.stringify(links)}`);
        assert.ok(link.text.trim().length > screen.length, `the index has no description of ${screen}`);
      }
      for (const { href } of links) {
        if (!href.startsWith('/')) continue;
        const response = await fetch(`${running.server.url}${href}`);
        assert.equal(response.status, 200, `the index links ${href}, which answers ${response.status}`);
      }
      await screenshot(page, `index-${size}`);
    });
  }
});

describe('the rest stop page: cells that size themselves', () => {
  const brandsOf = (state) => Object.entries(state.lists[0].frames)
    .filter(([item]) => item.startsWith('{"brand":'));

  for (const viewport of Object.values(VIEWPORTS)) {
    test(`at ${viewport.width}×${viewport.height}, each brand is as tall as its wrapped text, `
      + 'and the rows below it moved', async (t) => {
      const page = await open('/demos/reststop', viewport, t);
      // Settled once the server took the page's measurements: no brand is
      // at its estimate of 56 px any longer.
      const read = await check(page, {
        what: 'the brands measured',
        accepts: (state) => brandsOf(state).length === 6
          && brandsOf(state).every(([, frame]) => frame[3] !== 56),
      });
      const cells = await page.evaluate(() => {
        const content = document.querySelector('.diffable-content');
        const origin = content.getBoundingClientRect();
        return [...document.querySelectorAll('[data-item][data-section="brands"]')].map((cell) => {
          const box = cell.getBoundingClientRect();
          const style = getComputedStyle(cell);
          // The brand's card of the page's template, as tall as its text.
          const texts = (cell.querySelector('.diffable-texts')
            ?? cell.querySelector('.diffable-template').firstElementChild).getBoundingClientRect();
          return {
            item: cell.getAttribute('data-item'),
            sizing: cell.getAttribute('data-self-sizing'),
            top: box.top - origin.top,
            height: box.height,
            content: texts.height + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
            overflows: cell.scrollHeight > cell.clientHeight + 1,
          };
        });
      });
      assert.equal(cells.length, 6, `brand cells: ${JSON.stringify(cells)}`);
      for (const cell of cells) {
        assert.equal(cell.sizing, 'height', `${cell.item} is not marked self-sizing`);
        assert.ok(Math.abs(cell.height - Math.max(44, cell.content)) <= 0.5,
          `${cell.item} is ${cell.height} px tall, its content ${cell.content} px`);
        assert.ok(!cell.overflows, `${cell.item} cuts its text off`);
      }
      // Rows of two: each row starts where the tallest cell of the row
      // above ends, as the server solved it and the page shows it.
      const frames = new Map(brandsOf(read.server));
      const order = read.server.lists[0].sections.find((section) => section.id === 'brands')
        .items.map((item) => JSON.stringify(item));
      for (let row = 1; row < 3; row += 1) {
        const above = order.slice(2 * (row - 1), 2 * row).map((item) => frames.get(item));
        const here = order.slice(2 * row, 2 * row + 2).map((item) => frames.get(item));
        const bottom = Math.max(...above.map(([, y, , height]) => y + height));
        for (const [, y] of here) assert.ok(Math.abs(y - bottom) <= 0.5, `row ${row} starts at ${y}, not ${bottom}`);
        assert.ok(bottom > above[0][1] + 56, `row ${row - 1} did not grow past its estimate`);
      }
      for (const cell of cells) {
        assert.ok(Math.abs(cell.top - frames.get(cell.item)[1]) <= 0.5);
      }
    });
  }
});

describe('the expanding rows, used', () => {
  test('a click expands a row to its text and moves the rows below; Enter collapses it',
    async (t) => {
      const page = await open('/demos/expand', VIEWPORTS.phone, t);
      const opened = await check(page, { what: 'opening /demos/expand' });
      const frames = (state) => state.lists[0].frames;
      const before = frames(opened.server);
      assert.deepEqual(Object.keys(before).sort(), ['0', '1', '2', '3', '4']);

      const [x, y] = await page.evaluate(() => {
        const box = document.querySelector('[data-item="1"]').getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2];
      });
      await page.click(x, y);
      const expanded = await check(page, {
        what: 'expanding row 1',
        accepts: (state) => frames(state)['1'][3] > before['1'][3] + 20,
      });
      const after = frames(expanded.server);
      const growth = after['1'][3] - before['1'][3];
      for (const item of ['2', '3', '4']) {
        assert.equal(after[item][1] - before[item][1], growth, `row ${item} moved down`);
      }
      assert.deepEqual(after['0'], before['0']);
      const row = await page.evaluate(() => {
        const cell = document.querySelector('[data-item="1"]');
        return [cell.textContent, cell.getAttribute('aria-expanded'), cell.getAttribute('role')];
      });
      assert.ok(row[0].includes('The data source compares the new snapshot'), row[0]);
      // A row that expands is a tree item: a role that can say it is expanded.
      assert.deepEqual(row.slice(1), ['true', 'treeitem']);
      await screenshot(page, 'expand-expanded');

      await page.focus('[data-item="1"]');
      await page.press('Enter');
      const collapsed = await check(page, {
        what: 'collapsing row 1 from the keyboard',
        accepts: (state) => frames(state)['1'][3] === before['1'][3],
      });
      assert.deepEqual(frames(collapsed.server), before);
      assert.equal(
        await page.evaluate(() => document.querySelector('[data-item="1"]').getAttribute('aria-expanded')),
        'false');
    });
});

describe('the outline, used', () => {
  test('a click opens a folder below it, one level in; Enter on it closes it', async (t) => {
    const page = await open('/demos/outline', VIEWPORTS.phone, t);
    const opened = await check(page, { what: 'opening /demos/outline' });
    const roots = ['Sources/DiffableCore/', 'Sources/DiffableEngine/', 'Sources/diffable/',
      'Package.swift'];
    assert.deepEqual(serverItems(opened.server, 'outline'), roots);
    const folder = 'Sources/DiffableCore/';
    const entries = ['Snapshot/', 'SectionSnapshot/', 'BatchUpdate/'].map((name) => folder + name);
    const cellOf = (item) => page.evaluate((text) => {
      const cell = [...document.querySelectorAll('[data-item]')]
        .find((element) => element.getAttribute('data-item') === text);
      const box = cell.getBoundingClientRect();
      return {
        x: box.left + box.width / 2, y: box.top + box.height / 2,
        expanded: cell.getAttribute('aria-expanded'),
        indentation: cell.style.getPropertyValue('--diffable-indentation'),
        text: cell.textContent,
      };
    }, item);

    const closed = await cellOf(folder);
    assert.equal(closed.expanded, 'false');
    await page.click(closed.x, closed.y);
    const expanded = await check(page, {
      what: `opening ${folder}`,
      accepts: (state) => serverItems(state, 'outline').length === roots.length + entries.length,
    });
    assert.deepEqual(serverItems(expanded.server, 'outline'),
      [folder, ...entries, ...roots.slice(1)]);
    assert.equal((await cellOf(folder)).expanded, 'true');
    const entry = await cellOf(entries[0]);
    assert.deepEqual([entry.text, entry.indentation], ['Snapshot/', '1']);
    await screenshot(page, 'outline-expanded');

    await page.focus(`[data-item="${folder}"]`);
    await page.press('Enter');
    const collapsed = await check(page, {
      what: `closing ${folder} from the keyboard`,
      accepts: (state) => serverItems(state, 'outline').length === roots.length,
    });
    assert.deepEqual(serverItems(collapsed.server, 'outline'), roots);
    assert.equal((await cellOf(folder)).expanded, 'false');
  });
});

describe('the Wi-Fi settings, used', () => {
  test('the switch brings in the networks under their header, and takes them away', async (t) => {
    const page = await open('/demos/wifi', VIEWPORTS.phone, t);
    const opened = await check(page, { what: 'opening /demos/wifi' });
    const SWITCH = '{"row":"wifiSwitch"}';
    assert.deepEqual(serverItems(opened.server, 'wifi'), [SWITCH]);
    const toggle = () => page.evaluate(() => {
      const control = document.querySelector('input[type=checkbox][role=switch]');
      control.click();
      return control.checked;
    });
    const switchRow = () => page.evaluate((item) => [...document.querySelectorAll('[data-item]')]
      .find((cell) => cell.getAttribute('data-item') === item)
      .querySelector('[role=switch]').getAttribute('aria-checked'), SWITCH);
    assert.equal(await switchRow(), 'false');

    assert.equal(await toggle(), true);
    const on = await check(page, {
      what: 'turning Wi-Fi on',
      accepts: (state) => state.lists[0].sections.length === 2,
    });
    const items = serverItems(on.server, 'wifi');
    assert.deepEqual(items.slice(0, 2), [SWITCH, '{"network":"Home"}']);
    assert.equal(await switchRow(), 'true');
    const headers = await page.evaluate(() => [...document.querySelectorAll('[data-kind]')]
      .map((element) => element.textContent));
    assert.ok(headers.includes('Choose a network…'), JSON.stringify(headers));
    await screenshot(page, 'wifi-on');

    assert.equal(await toggle(), false);
    const off = await check(page, {
      what: 'turning Wi-Fi off',
      accepts: (state) => state.lists[0].sections.length === 1,
    });
    assert.deepEqual(serverItems(off.server, 'wifi'), [SWITCH]);
    assert.equal(await switchRow(), 'false');
  });
});

describe('the mountains page, used', () => {
  test('typing filters the list; each step agrees with the server', async (t) => {
    const { page } = await openMountains(VIEWPORTS.phone, t);
    await page.focus('input[type=search]');
    for (const text of ['k', 'a', 'n']) {
      await page.typeText(text);
      const query = await page.evaluate(() => document.querySelector('input[type=search]').value);
      await check(page, { what: `typing ${JSON.stringify(query)}`, accepts: showsQuery(query) });
    }
    for (let i = 0; i < 3; i += 1) await page.press('Backspace');
    await check(page, { what: 'clearing the search', accepts: showsQuery('') });
    await page.insertText('ma');
    await check(page, { what: 'inserting "ma"', accepts: showsQuery('ma') });
    await reportFrameTimes(page, t, 'mountains after typing');
  });

  test('an animation paused at its midpoint has a moving cell between its old and new place',
    async (t) => {
      const { page } = await openMountains(VIEWPORTS.wide, t);
      await page.focus('input[type=search]');
      await page.typeText('ka');
      const before = await check(page, { what: 'typing "ka"', accepts: showsQuery('ka') });
      const old = new Map(before.dom[0].cells.map((cell) => [cell.item, cell.box]));

      // Stop the page's clock, so that the batch's animations start and stay at their start.
      await page.send('Animation.enable');
      await page.send('Animation.setPlaybackRate', { playbackRate: 0 });
      try {
        await page.press('Backspace');
        const seq = before.dom[0].seq;
        await page.waitFor((s) => {
          const list = document.querySelector('[data-diffable-list]');
          return Number(list.getAttribute('data-seq')) > s && !list.hasAttribute('data-idle')
            && document.getAnimations().length > 0;
        }, { args: [seq], what: 'the batch of the cleared search to start animating' });
        // The batch in flight is unacknowledged while the clock stands
        // still, so the server shows the batch being animated.
        const state = await stateOf(page, running.server);
        assert.notEqual(state, null, 'the server has no state of the page');
        assert.ok(showsQuery('k')(state), 'the server does not show the query "k"');
        assert.equal(state.lists[0].seq, await page.evaluate(
          () => Number(document.querySelector('[data-diffable-list]').getAttribute('data-seq'))));
        const frames = state.lists[0].frames;
        const paused = await page.pauseAnimationsAt(0.5);
        assert.ok(paused > 0);
        const middle = new Map((await page.evaluate(readDom))[0].cells
          .map((cell) => [cell.item, cell.box]));
        const moving = [...old.keys()].filter((item) => frames[item] !== undefined
          && middle.has(item)
          && Math.hypot(frames[item][0] - old.get(item)[0], frames[item][1] - old.get(item)[1]) > 4);
        assert.ok(moving.length > 0, 'no cell moves when the search changes');
        t.diagnostic(`${paused} animations paused at their midpoint; ${moving.length} moving cells `
          + 'checked between their old and new places');
        for (const item of moving) {
          const [from, to, at] = [old.get(item), frames[item], middle.get(item)];
          for (const axis of [0, 1]) {
            const low = Math.min(from[axis], to[axis]) - 0.5;
            const high = Math.max(from[axis], to[axis]) + 0.5;
            assert.ok(at[axis] >= low && at[axis] <= high,
              `${item} at its midpoint is at ${at} outside ${from} → ${to}`);
          }
          const travelled = Math.hypot(at[0] - from[0], at[1] - from[1]);
          const left = Math.hypot(to[0] - at[0], to[1] - at[1]);
          assert.ok(travelled > 1 && left > 1,
            `${item} at its midpoint is at ${at}, not between ${from} and ${to}`);
        }
        if (SCREENSHOTS !== null) await page.screenshot(join(SCREENSHOTS, 'mountains-moving.png'));
      } finally {
        await page.send('Animation.setPlaybackRate', { playbackRate: 1 });
        await page.resumeAnimations();
      }
      await check(page, { what: 'the animation finishing', accepts: showsQuery('k') });
    });

  test('a batch that brings in over 100 cells: time from its arrival to its first frame',
    async (t) => {
      const { page } = await openMountains(VIEWPORTS.wide, t);
      await page.focus('input[type=search]');
      const times = [];
      let cells = 0;
      for (let round = 0; round < 5; round += 1) {
        await page.typeText('k');
        await check(page, { what: 'typing "k"', accepts: showsQuery('k') });
        const before = await page.evaluate(() => window.diffable.stats().batchToFirstFrame.length);
        await page.press('Backspace');
        const after = await check(page, { what: 'clearing "k"', accepts: showsQuery('') });
        cells = after.dom[0].cells.length;
        const added = await page.evaluate((n) => window.diffable.stats().batchToFirstFrame.slice(n), before);
        assert.equal(added.length, 1, `clearing the search took ${added.length} batches`);
        assert.ok(cells >= 100, `only ${cells} cells in the DOM at 1280×800`);
        times.push(added[0]);
        frameTimes.push({ ms: added[0], cells, label: 'clearing "k"' });
      }
      t.diagnostic(`clearing "k" at 1280×800 (${cells} cells): batch arrival to first frame `
        + `${times.map((ms) => `${ms.toFixed(1)} ms`).join(', ')}`);
    });

  test('twenty queries typed at once never run two animations on one element', async (t) => {
    const { page, read: start } = await openMountains(VIEWPORTS.phone, t);
    await page.focus('input[type=search]');
    // Sample every frame: the most animations running at once on one element.
    await page.evaluate(() => {
      window.pileUp = { most: 0, where: null, frames: 0 };
      const sample = () => {
        const running = new Map();
        for (const animation of document.getAnimations()) {
          if (animation.playState !== 'running') continue;
          const target = animation.effect?.target;
          running.set(target, (running.get(target) ?? 0) + 1);
        }
        for (const [target, count] of running) {
          if (count > window.pileUp.most) {
            window.pileUp.most = count;
            window.pileUp.where = target?.getAttribute?.('data-item') ?? String(target);
          }
        }
        window.pileUp.frames += 1;
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // Twenty keys, each changing the list a lot: a letter, then back to every mountain.
    for (const letter of 'kmaertins') {
      await page.typeText(letter);
      await page.press('Backspace');
    }
    await page.typeText('ka');
    const query = 'ka';
    const end = await check(page, { what: 'twenty keys', accepts: showsQuery(query) });
    assert.ok(end.dom[0].seq > start.dom[0].seq);
    const pileUp = await page.evaluate(() => window.pileUp);
    t.diagnostic(`most animations on one element: ${pileUp.most} over ${pileUp.frames} frames`);
    assert.ok(pileUp.frames > 0);
    assert.ok(pileUp.most <= 1, `${pileUp.most} animations ran at once on ${pileUp.where}`);
    await reportFrameTimes(page, t, 'mountains after twenty keys');
  });
});
