// What the end-to-end tests check on a page of the demo server, by the DOM
// contract of the web spec: each `[data-diffable-list]` with `data-seq` and
// `data-idle`, cells with `data-item` and `data-section`,
// `window.diffable.lists()` and `window.diffable.page`; and the server's own
// account of the page, `GET /state/PAGEID`, asked with the tab's cookie.

import { DEFAULT_TIMEOUT } from './cdp.mjs';

/** An identifier's text: a string as it is, anything else as its JSON. */
export const textOf = (id) => (typeof id === 'string' ? id : JSON.stringify(id));

/** A name as the mountain search matches it: no case, no accents. */
export const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Evaluated in the page: every list as the DOM shows it, read in one go.
 * Boxes are relative to the list's content origin: the top-left corner,
 * inside its border, of the list's child that holds its cells (the content
 * element, sized like the layout).
 */
export function readDom() {
  const round = (value) => Math.round(value * 1000) / 1000;
  return [...document.querySelectorAll('[data-diffable-list]')].map((list) => {
    const cells = [...list.querySelectorAll('[data-item]')];
    let content = cells[0] ?? list.firstElementChild ?? list;
    while (content.parentElement !== null && content.parentElement !== list) {
      content = content.parentElement;
    }
    if (content.parentElement !== list) content = list;
    const origin = content.getBoundingClientRect();
    const x0 = origin.left + content.clientLeft;
    const y0 = origin.top + content.clientTop;
    return {
      name: list.getAttribute('data-diffable-list'),
      seq: list.hasAttribute('data-seq') ? Number(list.getAttribute('data-seq')) : null,
      idle: list.hasAttribute('data-idle'),
      cells: cells.map((cell) => {
        const box = cell.getBoundingClientRect();
        return {
          item: cell.getAttribute('data-item'),
          section: cell.getAttribute('data-section'),
          text: cell.textContent,
          box: [round(box.left - x0), round(box.top - y0), round(box.width), round(box.height)],
        };
      }),
    };
  });
}

/** Evaluated in the page: `window.diffable.lists()`, or null before the client has booted. */
export function readClient() {
  return window.diffable?.lists?.() ?? null;
}

/** The page id the client keeps (`window.diffable.page`), once it has booted. */
export async function pageIdOf(page) {
  return page.waitFor(() => window.diffable?.page, { what: 'window.diffable.page' });
}

/**
 * The `Cookie` header the page's browser sends to `url`, its cookies in
 * the order of their names: the server's browser cookie is `HttpOnly`, so
 * it is read over DevTools.
 *
 * @param {import('./chromium.mjs').Page} page
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function cookieOf(page, url) {
  const { cookies } = await page.send('Network.getCookies', { urls: [url] });
  // By name: the page rewrites its size cookie (`diffable-viewport`) on
  // every `ready`, which reorders the browser's list.
  return cookies.map(({ name, value }) => `${name}=${value}`).sort().join('; ');
}

/** The server's state of the page the tab shows, asked with the tab's own cookie (null when none). */
export async function stateOf(page, server) {
  const id = await pageIdOf(page);
  return server.state(id, { cookie: await cookieOf(page, server.url) });
}

/**
 * Waits until every list of the page is idle and shows the sequence number
 * the server says it shows, and `accepts(server state, dom)` holds; then
 * returns `{dom, client, server}` read at that moment. Polls (DOM in one
 * evaluation, then the server) with a deadline: a page whose server keeps
 * changing it (the sort screen's timer) is caught at a quiet moment.
 */
export async function settle(page, server, { accepts = () => true, timeout = DEFAULT_TIMEOUT, what = 'the page to settle' } = {}) {
  const deadline = performance.now() + timeout;
  let last = 'nothing read';
  for (;;) {
    // Read again each time: a page that reloads itself gets a new id (and
    // may get a new cookie).
    const id = await pageIdOf(page);
    const dom = await page.waitFor(() => {
      const lists = [...document.querySelectorAll('[data-diffable-list]')];
      // A list at `data-seq` 0 shows the HTML's first paint, which the
      // server's state knows nothing of: settled means drawn from the socket.
      return lists.length > 0 && lists.every((list) => list.hasAttribute('data-idle')
        && Number(list.getAttribute('data-seq')) >= 1) && window.diffable?.lists !== undefined;
    }, { timeout: Math.max(1, deadline - performance.now()), what: `every list idle (${what})` })
      .then(() => page.evaluate(`[(${readDom})(), (${readClient})()]`));
    const [lists, client] = dom;
    const state = await server.state(id, { cookie: await cookieOf(page, server.url) });
    if (state === null) {
      // No session for the page yet (a restarted server): wait for one.
      last = `the server has no session ${id}`;
      if (performance.now() > deadline) throw new Error(`waited ${timeout} ms for ${what}; ${last}`);
      await nextFrame(page);
      continue;
    }
    const sameSeq = state.lists.length === lists.length
      && state.lists.every((list) => lists.find((shown) => shown.name === list.name)?.seq === list.seq);
    const stillIdle = await page.evaluate(
      (seqs) => [...document.querySelectorAll('[data-diffable-list]')].every((list, i) =>
        list.hasAttribute('data-idle') && Number(list.getAttribute('data-seq')) === seqs[i]),
      lists.map((list) => list.seq));
    if (sameSeq && stillIdle && accepts(state, lists)) return { dom: lists, client, server: state, id };
    last = `page seqs ${JSON.stringify(lists.map((l) => l.seq))}, server seqs `
      + `${JSON.stringify(state.lists.map((l) => l.seq))}`;
    if (performance.now() > deadline) throw new Error(`waited ${timeout} ms for ${what}; ${last}`);
    await nextFrame(page);
  }
}

/** Resolves after the page's next animation frame (or 16 ms when none comes). */
const nextFrame = (page) => page.evaluate(() => new Promise((resolve) => {
  const timer = setTimeout(resolve, 16);
  requestAnimationFrame(() => { clearTimeout(timer); resolve(); });
}));

/**
 * The differences between what the page shows and the server's state, as
 * sentences (empty when they agree): the lists and their sequence numbers;
 * `window.diffable.lists()` against the server's sections; the DOM's cells
 * against the server's window (the items of `frames`), in snapshot order,
 * each in its section, showing its text, at its frame to within `tolerance`.
 */
export function differences({ dom, client, server }, { tolerance = 0.5, texts = new Map() } = {}) {
  const problems = [];
  if (dom.length !== server.lists.length) {
    problems.push(`the page has ${dom.length} lists, the server ${server.lists.length}`);
    return problems;
  }
  server.lists.forEach((list, index) => {
    const name = list.name;
    const shown = dom.find((entry) => entry.name === name);
    if (shown === undefined) {
      problems.push(`the server has a list ${name}, the page has none`);
      return;
    }
    if (shown.seq !== list.seq) problems.push(`${name}: data-seq ${shown.seq}, server seq ${list.seq}`);
    const sections = list.sections.map((section) => ({
      id: textOf(section.id), items: section.items.map(textOf),
    }));
    const held = client?.find((entry) => (entry.list ?? entry.name) === name);
    if (held === undefined || held === null) {
      problems.push(`${name}: window.diffable.lists() has no such list`);
    } else {
      if (held.seq !== list.seq) problems.push(`${name}: window.diffable.lists() seq ${held.seq}, server ${list.seq}`);
      if (JSON.stringify(held.sections) !== JSON.stringify(sections)) {
        problems.push(`${name}: window.diffable.lists() sections differ from the server's: `
          + `${JSON.stringify(held.sections).slice(0, 200)} against ${JSON.stringify(sections).slice(0, 200)}`);
      }
    }
    const order = sections.flatMap((section) => section.items.map((item) => [item, section.id]));
    const sectionOf = new Map(order);
    const windowItems = new Set(Object.keys(list.frames));
    const expected = order.map(([item]) => item).filter((item) => windowItems.has(item));
    const actual = shown.cells.map((cell) => cell.item);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      const missing = expected.filter((item) => !actual.includes(item));
      const extra = actual.filter((item) => !windowItems.has(item));
      problems.push(`${name}: DOM order of [data-item] is not the snapshot's order of the window `
        + `(${actual.length} cells, ${expected.length} expected; missing ${JSON.stringify(missing.slice(0, 5))}, `
        + `extra ${JSON.stringify(extra.slice(0, 5))}; first cells ${JSON.stringify(actual.slice(0, 6))} `
        + `against ${JSON.stringify(expected.slice(0, 6))})`);
    }
    for (const cell of shown.cells) {
      const frame = list.frames[cell.item];
      if (frame === undefined) continue;
      if (cell.section !== sectionOf.get(cell.item)) {
        problems.push(`${name}: ${cell.item} has data-section ${cell.section}, is in ${sectionOf.get(cell.item)}`);
      }
      const wanted = texts.get(cell.item);
      if (wanted !== undefined && !cell.text.includes(wanted)) {
        problems.push(`${name}: ${cell.item} shows ${JSON.stringify(cell.text)}, not ${JSON.stringify(wanted)}`);
      }
      const off = cell.box.map((value, i) => Math.abs(value - frame[i]));
      if (off.some((value) => value > tolerance)) {
        problems.push(`${name}: ${cell.item} sits at ${JSON.stringify(cell.box)}, its frame is ${JSON.stringify(frame)}`);
      }
    }
  });
  return problems;
}

/** The items of a list in the server's state, in order, as text. */
export const serverItems = (state, name) => {
  const list = state.lists.find((entry) => entry.name === name) ?? state.lists[0];
  return list.sections.flatMap((section) => section.items.map(textOf));
};

/**
 * Whether a server state shows exactly the mountains of `allNames` whose
 * names match `query` (ignoring case and accents; the queries the tests
 * type avoid `o`, which `ø` may or may not fold to).
 */
export const showsMountains = (allNames, query) => (state) => {
  const shown = serverItems(state, 'mountains');
  const wanted = allNames.filter((name) => fold(name).includes(fold(query)));
  return shown.length === wanted.length && new Set([...shown, ...wanted]).size === wanted.length;
};
