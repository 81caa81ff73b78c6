// The seed screens through Chromium's accessibility tree
// (`Accessibility.getFullAXTree`), served by `serve`: every cell in the DOM
// is an item of a list or a cell of a grid, named by its text; the
// outline's rows have levels and say whether they are expanded, and keep
// the focus through the batch that opens a folder; the mountains page says
// in its live region how many mountains a search found. (The keyboard and
// the focus across deletes, on a list the test writes:
// keyboard.test.mjs.)
//
// Nothing waits on time: every wait is on `data-idle`, sequence numbers or
// the server's state.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { settle } from './support/diffable.mjs';
import { openPage, serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, mobile: true };

/** Opens `path` at a phone's size and waits for its lists to settle. */
async function open(path, t) {
  const page = await openPage(running, path, PHONE, t);
  await settle(page, running.server, { what: `opening ${path}` });
  return page;
}

const CELL_ROLES = new Set(['listitem', 'option', 'gridcell', 'treeitem']);

/** The value of an accessibility node's property, or `undefined`. */
const property = (node, name) => node.properties?.find((entry) => entry.name === name)?.value.value;

/** The accessibility nodes of the page's cells, with their DOM node ids. */
async function cellNodes(page) {
  const nodes = await page.accessibilityTree();
  return nodes.filter((node) => CELL_ROLES.has(node.role?.value));
}

for (const screen of ['mountains', 'sort', 'reststop', 'expand', 'outline', 'chat', 'wifi']) {
  test(`/demos/${screen}: every cell is an item of a list or a grid, named`, async (t) => {
    const page = await open(`/demos/${screen}`, t);
    const nodes = await page.accessibilityTree();
    const containers = nodes.filter((node) =>
      ['list', 'listbox', 'grid', 'tree'].includes(node.role?.value));
    assert.ok(containers.length >= 1, 'a list, a tree or a grid');
    const cells = nodes.filter((node) => CELL_ROLES.has(node.role?.value));
    // The cells, and in a grid its headers and footers (row headers and cells).
    const [names, items] = await page.evaluate(() => [
      [...document.querySelectorAll('[role=listitem], [role=option], [role=gridcell], [role=treeitem]')]
        .map((element) => element.getAttribute('aria-label') ?? element.textContent),
      [...document.querySelectorAll('[data-item]')].map((cell) => [cell.getAttribute('role'),
        cell.getAttribute('aria-label')]),
    ]);
    assert.equal(cells.length, names.length, 'one node for each cell in the DOM');
    assert.deepEqual(cells.map((node) => node.name?.value).sort(), [...names].sort());
    for (const [role, name] of items) {
      assert.ok(CELL_ROLES.has(role), `a cell has the role ${role}`);
      assert.ok(name !== null && name.length > 0, 'every cell is named');
    }
    const generic = nodes.filter((node) => node.role?.value === 'generic').length;
    assert.ok(generic <= 10, `${generic} generic nodes`);
  });
}

test('the mountains grid, larger than its window, says its rows and each one\'s place',
  async (t) => {
    const page = await open('/demos/mountains', t);
    const read = await page.evaluate(() => {
      const list = document.querySelector('[data-diffable-list]');
      const cells = [...list.querySelectorAll('[data-item]')];
      const columns = new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().top)))
        .size;
      return {
        role: list.getAttribute('role'),
        count: Number(list.getAttribute('aria-rowcount')),
        perRow: cells.length / columns,
        rows: [...list.querySelectorAll('[role=row]')]
          .map((row) => Number(row.getAttribute('aria-rowindex'))),
        items: window.diffable.lists()[0].sections.reduce((sum, s) => sum + s.items.length, 0),
        drawn: cells.length,
      };
    });
    assert.equal(read.role, 'grid');
    assert.ok(read.drawn < read.items, 'the window holds part of the grid');
    const columns = Math.round(read.perRow);
    assert.equal(read.count, Math.ceil(read.items / columns), `${read.items} mountains, ${columns} a row`);
    assert.deepEqual(read.rows, read.rows.map((_, k) => k + 1), 'the first rows, 1 on');
    // Scrolled to the end: the last row is the last.
    await page.evaluate(() => {
      const list = document.querySelector('[data-diffable-list]');
      list.scrollTop = list.scrollHeight;
    });
    const last = await page.waitFor((count) => {
      const rows = [...document.querySelectorAll('[data-diffable-list] [role=row]')]
        .map((row) => Number(row.getAttribute('aria-rowindex')));
      return rows.at(-1) === count ? rows : null;
    }, { args: [read.count], what: 'the last row drawn' });
    assert.ok(last[0] > 1, `the window's rows start later: ${last[0]}`);
    assert.deepEqual(last, last.map((_, k) => last[0] + k), 'consecutive places');
  });

test('the outline: levels, expanded or not, and the focus kept through opening', async (t) => {
  const page = await open('/demos/outline', t);
  const folder = 'Sources/DiffableCore/';
  const before = await cellNodes(page);
  const row = before.find((node) => node.name?.value.startsWith('DiffableCore'));
  assert.ok(row, `a row for ${folder}: ${before.map((node) => node.name?.value).join(', ')}`);
  assert.equal(property(row, 'expanded'), false);
  assert.equal(property(row, 'level'), 1);

  await page.focus(`[data-item="${folder}"]`);
  await page.press('Enter');
  await settle(page, running.server, {
    what: 'opening the folder',
    accepts: (state) => state.lists[0].sections.flatMap((section) => section.items).length > 4,
  });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-item')),
    folder, 'the focus stayed on the folder');
  const after = await cellNodes(page);
  const opened = after.find((node) => node.name?.value === row.name.value);
  assert.equal(property(opened, 'expanded'), true);
  const inside = after.filter((node) => property(node, 'level') === 2);
  assert.equal(inside.length, 3, 'three entries one level in');
  // Down goes into the folder.
  await page.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-item')),
    `${folder}Snapshot/`);
});

test('the mountains page says how many a search found, in its polite live region', async (t) => {
  const page = await open('/demos/mountains', t);
  await page.focus('input[type=search]');
  await page.typeText('zzzz');
  await settle(page, running.server, {
    what: 'no mountain for zzzz',
    accepts: (state) => state.lists[0].sections.every((section) => section.items.length === 0),
  });
  await page.waitFor(() => document.querySelector('.diffable-live')?.textContent === 'No results',
    { what: 'the announcement' });
  const live = (await page.send('Accessibility.getFullAXTree')).nodes
    .filter((node) => node.role?.value === 'status' && property(node, 'live') === 'polite');
  assert.equal(live.length, 1);
});
