// The `viewport` messages of page.js as a list scrolls (Documentation/Web.md,
// "`viewport`"): nothing for a scroll of a few rows, one with `ahead` once
// the list moved half a visible length, the exact viewport when scrolling
// ends (by `scrollend`, or 150 ms of the page's clock without a scroll
// event), and one on a resize; and `window.diffable.placeholders`.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  SCROLL_END_DELAY, boot, overflowAxis, viewportToSend,
} from '../../Sources/DiffableWeb/Resources/client/page.js';
import { FakeDocument } from './fake-dom.mjs';
import { FakeWebSocket } from './support.mjs';


/**
 * A booted page with one list `long`, `width` by `height`, over content
 * `scrollWidth` by `scrollHeight`, its socket open: frames, timers and the
 * resize observer are the test's to run.
 */
function page({ width = 375, height = 600, scrollWidth = 375, scrollHeight = 100_000 } = {}) {
  const document = new FakeDocument();
  document.body.setAttribute('data-page', 'c3'.repeat(16));
  document.body.setAttribute('data-socket', '/socket');
  const list = document.createElement('div');
  list.setAttribute('data-diffable-list', 'long');
  Object.assign(list, { clientWidth: width, clientHeight: height, scrollWidth, scrollHeight });
  document.body.append(list);
  const frames = [];
  let time = 0;
  let nextTimer = 1;
  const timers = new Map();
  let observer = null;
  const window = {
    document,
    location: { protocol: 'http:', host: 'localhost', reload() {} },
    sessionStorage: null,
    Date: { now: () => 0 },
    WebSocket: FakeWebSocket,
    innerWidth: 390,
    innerHeight: 844,
    performance: { now: () => time },
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { at: time + ms, callback });
      return nextTimer++;
    },
    clearTimeout: (id) => timers.delete(id),
    setInterval: () => 0,
    clearInterval() {},
    matchMedia: () => ({ matches: true }),
    getComputedStyle: () => ({ opacity: '1' }),
    ResizeObserver: class {
      constructor(callback) { this.callback = callback; observer = this; }
      observe() {}
    },
    console: { warn() {} },
    addEventListener() {},
  };
  const api = boot({ window });
  const socket = FakeWebSocket.made.at(-1);
  socket.open();
  socket.sent.length = 0;
  const runFrames = () => { for (const callback of frames.splice(0)) callback(); };
  /** Moves the clock on by `ms`, firing the timers due. */
  const advance = (ms) => {
    time += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > time || !timers.has(id)) continue;
      timers.delete(id);
      timer.callback();
    }
  };
  /** Scrolls the list to `y` (and `x`), firing a scroll event, then a frame. */
  const scrollTo = (y, x = list.scrollLeft) => {
    list.scrollTop = y;
    list.scrollLeft = x;
    list.dispatch('scroll');
    runFrames();
  };
  const viewports = () => socket.sent.filter((message) => message.type === 'viewport');
  return {
    api, window, list, socket, runFrames, advance, scrollTo, viewports,
    resize: () => { observer.callback([{ target: list }]); runFrames(); },
  };
}

const at = (y, extra = {}) => ({
  v: 1, type: 'viewport', list: 'long', width: 375, height: 600, x: 0, y, ...extra,
});

describe('viewportToSend', () => {
  const sent = { width: 375, height: 600, x: 0, y: 1000 };
  test('while scrolling: half a visible length along the axis, or a new size', () => {
    assert.equal(viewportToSend(sent, { ...sent, y: 1299 }, 'y', true), null);
    assert.equal(viewportToSend(sent, { ...sent, y: 701 }, 'y', true), null);
    assert.equal(viewportToSend(sent, { ...sent, x: 500 }, 'y', true), null);
    assert.deepEqual(viewportToSend(sent, { ...sent, y: 1300 }, 'y', true),
      { ...sent, y: 1300, ahead: 1 });
    assert.deepEqual(viewportToSend(sent, { ...sent, y: 700 }, 'y', true),
      { ...sent, y: 700, ahead: -1 });
    assert.deepEqual(viewportToSend(sent, { ...sent, height: 500 }, 'y', true),
      { ...sent, height: 500 });
    // Horizontally: x against half the width.
    assert.equal(viewportToSend(sent, { ...sent, x: 187 }, 'x', true), null);
    assert.deepEqual(viewportToSend(sent, { ...sent, x: 188 }, 'x', true),
      { ...sent, x: 188, ahead: 1 });
  });

  test('not scrolling: the exact viewport whenever it differs, without ahead', () => {
    assert.deepEqual(viewportToSend(sent, { ...sent, y: 1001 }, 'y', false), { ...sent, y: 1001 });
    assert.equal(viewportToSend(sent, { ...sent }, 'y', false), null);
    assert.deepEqual(viewportToSend(undefined, sent, 'y', true), sent);
  });

  test('the axis where the content overflows', () => {
    const element = (w, h, sw, sh) =>
      ({ clientWidth: w, clientHeight: h, scrollWidth: sw, scrollHeight: sh });
    assert.equal(overflowAxis(element(300, 600, 300, 5000)), 'y');
    assert.equal(overflowAxis(element(300, 600, 5000, 600)), 'x');
    assert.equal(overflowAxis(element(300, 600, 300, 600)), 'y');
  });
});

describe('a scrolling list', () => {
  test('a scroll of a few rows sends nothing; half a length sends one, ahead', () => {
    const p = page();
    p.scrollTo(100);
    p.scrollTo(250);
    assert.deepEqual(p.viewports(), []);
    p.scrollTo(300);
    assert.deepEqual(p.viewports(), [at(300, { ahead: 1 })]);
    p.scrollTo(500);
    assert.deepEqual(p.viewports().length, 1, 'measured from the one last sent');
    p.scrollTo(650);
    p.scrollTo(351);
    assert.deepEqual(p.viewports().slice(1), [at(650, { ahead: 1 })]);
    p.scrollTo(350);
    assert.deepEqual(p.viewports().slice(2), [at(350, { ahead: -1 })]);
  });

  test('scrolling that ends sends the exact viewport: after 150 ms without a scroll', () => {
    const p = page();
    p.scrollTo(100);
    p.advance(SCROLL_END_DELAY - 1);
    p.scrollTo(120);
    p.advance(SCROLL_END_DELAY - 1);
    assert.deepEqual(p.viewports(), [], 'each scroll event puts the end off');
    p.advance(1);
    assert.deepEqual(p.viewports(), [at(120)]);
    p.advance(1000);
    assert.equal(p.viewports().length, 1, 'once');
  });

  test('scrolling that ends sends the exact viewport: at scrollend', () => {
    const p = page();
    p.scrollTo(420);
    p.scrollTo(460);
    assert.deepEqual(p.viewports(), [at(420, { ahead: 1 })]);
    p.list.dispatch('scrollend');
    assert.deepEqual(p.viewports(), [at(420, { ahead: 1 }), at(460)]);
    p.advance(SCROLL_END_DELAY);
    p.list.dispatch('scrollend');
    assert.equal(p.viewports().length, 2, 'nothing more: the server knows where it is');
  });

  test('a horizontal list measures along x', () => {
    const p = page({ scrollWidth: 100_000, scrollHeight: 600 });
    p.scrollTo(0, 150);
    assert.deepEqual(p.viewports(), []);
    p.scrollTo(0, 200);
    assert.deepEqual(p.viewports(), [at(0, { x: 200, ahead: 1 })]);
  });

  test('a resize sends the new size at once, without ahead', () => {
    const p = page();
    p.list.clientHeight = 500;
    p.resize();
    assert.deepEqual(p.viewports(), [at(0, { height: 500 })]);
    p.resize();
    assert.equal(p.viewports().length, 1, 'nothing when nothing changed');
  });
});

describe('placeholders on the page', () => {
  test('window.diffable.placeholders counts them, redrawn on scroll and on resize', () => {
    const p = page();
    p.socket.onmessage({
      data: JSON.stringify({
        v: 1, type: 'reload', list: 'long', seq: 1, sections: [{ id: 's', runs: [[0, 10_000]] }],
        cells: { 0: { text: 'zero' } },
        layout: {
          size: [375, 440_000], frames: { 0: [0, 0, 375, 44] }, supplementaries: [], bands: [],
          patterns: [{
            section: 's', count: 10_000, origin: [0, 0], step: [0, 44], slots: [[0, 0, 375, 44]],
          }],
        },
      }),
    });
    assert.equal(p.api.placeholders('long'), 0, 'drawn at the next frame');
    p.runFrames();
    // 0 to 900 px but the drawn item 0: items 1 to 20, and one behind the
    // drawn row (a row's slot fills the step: the rows meet the cells).
    assert.equal(p.api.placeholders('long'), 21);
    p.list.scrollTop = 100_000;
    p.list.dispatch('scroll');
    // 99 700 to 100 900 px, before any frame: items 2265 to 2293.
    assert.equal(p.api.placeholders('long'), 29);
    p.list.clientHeight = 300;
    p.resize();
    assert.equal(p.api.placeholders('long'), 14);
    assert.equal(p.api.placeholders('none'), 0);
  });
});
