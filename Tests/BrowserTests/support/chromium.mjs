// Headless Chromium for the browser tests: found (or installed with apt-get
// when missing), launched with a temporary profile and
// `--remote-debugging-port=0`, driven over the DevTools protocol, and always
// stopped with its profile removed, also when a test fails.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CDPConnection, DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';

/** Where Debian's `chromium` package puts the real binary (its wrapper is `/usr/bin/chromium`). */
export const DEBIAN_CHROMIUM = '/usr/lib/chromium/chromium';

/**
 * The Chromium binary to run: `$CHROMIUM` when set, else Debian's.
 *
 * @returns {string | null} Its path, or null when there is none.
 */
export function findChromium() {
  const candidates = [process.env.CHROMIUM, DEBIAN_CHROMIUM].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

/**
 * The Chromium binary, installed first with apt-get when it is missing
 * (Debian's `chromium` package; about 20 s on the CI machine).
 *
 * @returns {string}
 */
export function ensureChromium() {
  const found = findChromium();
  if (found !== null) return found;
  for (const command of [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', '--no-install-recommends', 'chromium']],
  ]) {
    const run = spawnSync(command[0], command[1], { stdio: 'inherit' });
    if (run.status !== 0) {
      throw new Error(`could not install Chromium: \`${command.flat().join(' ')}\` failed`);
    }
  }
  const installed = findChromium();
  if (installed === null) throw new Error(`apt-get installed chromium, but ${DEBIAN_CHROMIUM} is missing`);
  return installed;
}

/** Browsers still running, stopped if the test process exits first. */
const running = new Set();
process.on('exit', () => {
  for (const browser of running) browser.kill();
});

/**
 * Launches headless Chromium.
 *
 * @param {{binary?: string, args?: string[]}} [options]
 * @returns {Promise<Browser>}
 */
export async function launchChromium({ binary = ensureChromium(), args = [] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'diffable-chromium-'));
  const child = spawn(binary, [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
    '--no-first-run', '--no-default-browser-check', '--disable-extensions',
    '--disable-background-networking', '--disable-component-update', '--mute-audio',
    '--hide-scrollbars', '--remote-debugging-port=0', `--user-data-dir=${profile}`,
    ...args, 'about:blank',
  ], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so that closing it also ends the helper
    // processes (renderers, utilities) that may outlive the browser process.
    detached: true,
  });
  // A test that fails before closing the browser must not keep Node alive:
  // the exit handler above kills it.
  child.unref();
  child.stderr.unref();
  const browser = new Browser(child, profile);
  running.add(browser);
  try {
    const address = await withDeadline(new Promise((resolve, reject) => {
      let text = '';
      const onData = (chunk) => {
        text += chunk;
        const match = /DevTools listening on (ws:\/\/[^\s]+)/.exec(text);
        if (match !== null) {
          child.stderr.off('data', onData);
          // Keep draining standard error so that Chromium never blocks on it.
          child.stderr.resume();
          resolve(match[1]);
        }
      };
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', onData);
      child.once('error', (error) => reject(new Error(`could not start ${binary}: ${error.message}`)));
      child.once('exit', (code, signal) => reject(new Error(
        `Chromium exited (${signal ?? code}) before printing its DevTools address:\n${text}`)));
    }), DEFAULT_TIMEOUT, () => 'Chromium printed no DevTools address');
    await browser.attach(address);
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** A running headless Chromium; `close()` stops it and removes its profile. */
export class Browser {
  #child;
  #profile;
  #exited;
  #pages = new Set();

  constructor(child, profile) {
    this.#child = child;
    this.#profile = profile;
    this.#exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    /** The browser's DevTools address, e.g. `ws://127.0.0.1:PORT/devtools/browser/ID`. */
    this.address = null;
    /** `http://127.0.0.1:PORT`, where `/json/...` answers. */
    this.httpBase = null;
    /** The browser-wide DevTools connection. */
    this.connection = null;
  }

  /** The browser's process id. */
  get pid() { return this.#child.pid; }

  /** The temporary profile directory. */
  get profile() { return this.#profile; }

  async attach(address) {
    this.address = address;
    const url = new URL(address);
    this.httpBase = `http://${url.host}`;
    this.connection = await CDPConnection.open(address);
  }

  /** Chromium's version line, from `/json/version`. */
  async version() {
    const response = await fetch(`${this.httpBase}/json/version`);
    return (await response.json()).Browser;
  }

  /**
   * Opens a page (`PUT /json/new`) and connects to it, with an exact
   * viewport when `width` and `height` are given.
   *
   * @param {{width?: number, height?: number, deviceScaleFactor?: number, mobile?: boolean}} [viewport]
   * @returns {Promise<Page>}
   */
  async newPage(viewport = {}) {
    const response = await fetch(`${this.httpBase}/json/new?about:blank`, { method: 'PUT' });
    if (!response.ok) throw new Error(`PUT /json/new answered ${response.status}`);
    const target = await response.json();
    const page = new Page(this, target, await CDPConnection.open(target.webSocketDebuggerUrl));
    this.#pages.add(page);
    await page.start();
    if (viewport.width !== undefined) await page.setViewport(viewport);
    return page;
  }

  forget(page) { this.#pages.delete(page); }

  /**
   * Kills the browser's process group at once (for the exit handler, and
   * for helpers left after the browser process ended); `close()` is the
   * polite way.
   */
  kill() {
    try {
      process.kill(-this.#child.pid, 'SIGKILL');
    } catch {
      // The group has ended already.
    }
  }

  /** Closes the pages and the browser, waits for the process to end, removes the profile. */
  async close() {
    for (const page of [...this.#pages]) page.connection.close();
    this.#pages.clear();
    if (this.connection !== null && !this.connection.closed) {
      await this.connection.send('Browser.close', {}, { timeout: 5_000 }).catch(() => {});
      this.connection.close();
    }
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      const exited = withDeadline(this.#exited, 5_000, () => 'Chromium did not exit');
      this.#child.kill('SIGTERM');
      await exited.catch(() => {
        this.kill();
        return this.#exited;
      });
    }
    // Helpers still running would keep writing into the profile.
    this.kill();
    running.delete(this);
    // Helpers just killed may not have gone yet: removal retries a few times.
    rmSync(this.#profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/**
 * Evaluated in the page: calls `check(...values)` every animation frame (or
 * 16 ms when no frame comes) until it returns a truthy value or
 * `timeoutMs` passes.
 */
async function pollInPage(check, timeoutMs, values) {
  const start = performance.now();
  let last;
  for (;;) {
    let failure = null;
    try {
      last = await check(...values);
    } catch (error) {
      failure = `threw ${error}`;
    }
    if (failure === null && last) return { ok: true, value: last };
    if (performance.now() - start > timeoutMs) {
      return { ok: false, last: failure ?? JSON.stringify(last) ?? String(last) };
    }
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 16);
      requestAnimationFrame(() => { clearTimeout(timer); resolve(); });
    });
  }
}

/** One page (tab) of the browser, with the commands the tests use. */
export class Page {
  /** Uncaught exceptions and `console.error` calls of the page, in order. */
  errors = [];
  /** Every console call of the page, as `type: text`. */
  console = [];

  constructor(browser, target, connection) {
    this.browser = browser;
    this.target = target;
    this.connection = connection;
  }

  /** Enables the domains the helpers use and records the page's errors. */
  async start() {
    this.connection.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
      const text = exceptionDetails.exception?.description ?? exceptionDetails.text;
      this.errors.push(`exception: ${text}`);
    });
    this.connection.on('Runtime.consoleAPICalled', ({ type, args }) => {
      const text = args.map((arg) => arg.value ?? arg.description ?? arg.type).join(' ');
      this.console.push(`${type}: ${text}`);
      if (type === 'error') this.errors.push(`console.error: ${text}`);
    });
    await Promise.all([
      this.connection.send('Page.enable'),
      this.connection.send('Runtime.enable'),
      this.connection.send('Network.enable'),
    ]);
  }

  /** Shorthand for a command on this page. */
  send(method, params, options) { return this.connection.send(method, params, options); }

  /**
   * Sets an exact viewport in CSS pixels (`--window-size` is not exact).
   *
   * @param {{width: number, height: number, deviceScaleFactor?: number, mobile?: boolean}} viewport
   */
  async setViewport({ width, height, deviceScaleFactor = 1, mobile = false }) {
    await this.send('Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor, mobile });
  }

  /** Loads `url` and waits for its `load` event. */
  async goto(url, { timeout = DEFAULT_TIMEOUT } = {}) {
    const loaded = this.connection.waitForEvent('Page.loadEventFired', () => true, { timeout });
    const { errorText } = await this.send('Page.navigate', { url });
    if (errorText) {
      loaded.catch(() => {});
      throw new Error(`could not load ${url}: ${errorText}`);
    }
    await loaded;
  }

  /**
   * Evaluates `code` in the page and returns its value (awaited when it is a
   * promise), as JSON. `code` is an expression, or a function called with
   * `args` (which travel as JSON).
   *
   * @param {string | Function} code
   * @param {...any} args
   * @returns {Promise<any>}
   */
  async evaluate(code, ...args) {
    const expression = typeof code === 'function'
      ? `(${code})(...${JSON.stringify(args)})`
      : code;
    return this.evaluateExpression(expression);
  }

  /**
   * Evaluates an expression as `evaluate` does, waiting up to `timeout` ms
   * for its value.
   */
  async evaluateExpression(expression, { timeout = DEFAULT_TIMEOUT } = {}) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', {
      expression, awaitPromise: true, returnByValue: true, userGesture: true,
    }, { timeout });
    if (exceptionDetails !== undefined) {
      const text = exceptionDetails.exception?.description ?? exceptionDetails.text;
      throw new Error(`evaluating in the page failed: ${text}`);
    }
    return result.value;
  }

  /**
   * Polls `predicate` (a function evaluated in the page with `args`) every
   * animation frame until it returns a truthy value, and returns that
   * value; fails after `timeout` ms with `what` and the last value seen.
   *
   * @param {Function} predicate
   * @param {{timeout?: number, what?: string, args?: any[]}} [options]
   */
  async waitFor(predicate, { timeout = DEFAULT_TIMEOUT, what = String(predicate), args = [] } = {}) {
    // The predicate goes into the expression as source text, so that pages
    // with a content security policy forbidding `eval` can be polled too.
    const outcome = await this.evaluateExpression(
      `(${pollInPage})(${predicate}, ${JSON.stringify(timeout)}, ${JSON.stringify(args)})`,
      { timeout: timeout + 5_000 });
    if (!outcome.ok) {
      throw new Error(`waited ${timeout} ms for ${what}; last value ${outcome.last}`);
    }
    return outcome.value;
  }

  /** Types `text` as one IME-style insertion (`Input.insertText`): one `input` event. */
  async insertText(text) { await this.send('Input.insertText', { text }); }

  /** Types each character of `text` as its own key press: one `input` event each. */
  async typeText(text) {
    for (const character of text) {
      await this.send('Input.dispatchKeyEvent', { type: 'keyDown', text: character, key: character });
      await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key: character });
    }
  }

  /**
   * Presses a named key (`Backspace`, `Enter`, `ArrowDown`, `PageUp`, ...),
   * with the DevTools protocol's `modifiers` (1 Alt, 2 Ctrl, 4 Meta, 8 Shift).
   * Enter types its carriage return too, as a keyboard's does: in a form's
   * field, it submits the form.
   */
  async press(key, { code = key, windowsVirtualKeyCode, modifiers = 0 } = {}) {
    const codes = {
      Backspace: 8, Tab: 9, Enter: 13, Escape: 27, ' ': 32, PageUp: 33, PageDown: 34, End: 35,
      Home: 36, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40,
    };
    const keyCode = windowsVirtualKeyCode ?? codes[key];
    const event = { key, code, modifiers, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    await this.send('Input.dispatchKeyEvent', key === 'Enter'
      ? { type: 'keyDown', text: '\r', unmodifiedText: '\r', ...event }
      : { type: 'rawKeyDown', ...event });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
  }

  /** Chromium's accessibility tree of the page: its nodes that are not ignored. */
  async accessibilityTree() {
    const { nodes } = await this.send('Accessibility.getFullAXTree');
    return nodes.filter((node) => !node.ignored);
  }

  /** Focuses the first element matching `selector`. */
  async focus(selector) {
    const found = await this.evaluate((s) => {
      const element = document.querySelector(s);
      if (element === null) return false;
      element.focus();
      return document.activeElement === element;
    }, selector);
    if (!found) throw new Error(`no focusable element matches ${selector}`);
  }

  /** Clicks at a point of the viewport, in CSS pixels. */
  async click(x, y) {
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    }
  }

  /**
   * Drags with the mouse's left button from one point of the viewport to
   * another, in CSS pixels: a press, `steps` moves along the line, a
   * release, as a hand does (each move a pointer event of the page).
   */
  async drag(from, to, { steps = 8 } = {}) {
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: from.x, y: from.y });
    await this.send('Input.dispatchMouseEvent',
      { type: 'mousePressed', x: from.x, y: from.y, button: 'left', buttons: 1, clickCount: 1 });
    for (let k = 1; k <= steps; k += 1) {
      const x = from.x + ((to.x - from.x) * k) / steps;
      const y = from.y + ((to.y - from.y) * k) / steps;
      await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'left', buttons: 1 });
    }
    await this.send('Input.dispatchMouseEvent',
      { type: 'mouseReleased', x: to.x, y: to.y, button: 'left', buttons: 0, clickCount: 1 });
  }

  /**
   * Takes the network away (`offline: true`) or gives it back, and returns
   * once the page says so (`navigator.onLine`): the page's renderer learns
   * of the change after the command returns, and a fetch made before it
   * does may still go out (seen on a loaded machine).
   */
  async setOffline(offline) {
    await this.send('Network.emulateNetworkConditions',
      { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await this.waitFor((online) => navigator.onLine === online,
      { what: `navigator.onLine to be ${!offline}`, args: [!offline] });
  }

  /**
   * Pauses every running animation of the document and seeks each to
   * `fraction` of its duration (0.5: its midpoint); returns how many.
   */
  async pauseAnimationsAt(fraction) {
    return this.evaluate((f) => {
      const animations = document.getAnimations();
      for (const animation of animations) {
        animation.pause();
        const { duration, delay } = animation.effect.getComputedTiming();
        animation.currentTime = delay + f * duration;
      }
      return animations.length;
    }, fraction);
  }

  /** Lets the paused animations run on. */
  async resumeAnimations() {
    await this.evaluate(() => { for (const animation of document.getAnimations()) animation.play(); });
  }

  /**
   * Writes a PNG of the viewport (or the whole page with `fullPage`) to
   * `path` and returns its bytes.
   */
  async screenshot(path, { fullPage = false } = {}) {
    const { data } = await this.send('Page.captureScreenshot',
      { format: 'png', captureBeyondViewport: fullPage });
    const bytes = Buffer.from(data, 'base64');
    if (path !== undefined) writeFileSync(path, bytes);
    return bytes;
  }

  /** Closes the tab. */
  async close() {
    this.browser.forget(this);
    await fetch(`${this.browser.httpBase}/json/close/${this.target.id}`).catch(() => {});
    this.connection.close();
  }
}

/** The width and height of a PNG, read from its header. */
export function pngSize(bytes) {
  const signature = '89504e470d0a1a0a';
  if (bytes.subarray(0, 8).toString('hex') !== signature) throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
