// The demo server (`serve`) for the browser and load tests: started with
// `--port 0` (or a given port, to restart a server where its pages look for
// it), its address read from its first line ("Serving on
// http://HOST:PORT"), stopped with SIGTERM (on which it must exit 0).
//
// The binary comes from `$DIFFABLE_SERVE`: `swift run --package-path Demos
// serve` builds before it runs, which takes far longer than a test should
// wait, so Scripts/browser-tests.sh builds `serve` once (`swift build
// --package-path Demos --product serve`) and passes its path. Without the
// variable, an already built `Demos/.build/debug/serve` is used.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';

/** The repository's root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Which server is tested: `serve` (Hummingbird, the default) or
 * `serve-vapor` (DIFFABLE_SERVER=vapor, which Scripts/browser-tests.sh sets
 * for its second run).
 */
export const SERVER = process.env.DIFFABLE_SERVER === 'vapor' ? 'vapor' : 'hummingbird';

/**
 * Why a check of the connection guard (header timeouts, request sizes,
 * frame checks before the WebSocket library) is skipped on `serve-vapor`:
 * `false` on `serve`.
 */
export const GUARD_SKIP = SERVER === 'vapor'
  && 'serve-vapor: Vapor 4 has no hook into a connection\'s pipeline, so the connection '
  + 'guard is Hummingbird\'s alone (Documentation/Serving.md, "On Vapor")';

/** The `serve` binary to test. */
export function serveBinary() {
  const fromEnvironment = process.env.DIFFABLE_SERVE;
  if (fromEnvironment) {
    if (!existsSync(fromEnvironment)) {
      throw new Error(`DIFFABLE_SERVE is ${fromEnvironment}, which does not exist`);
    }
    return fromEnvironment;
  }
  const built = join(ROOT, 'Demos/.build/debug/serve');
  if (existsSync(built)) return built;
  throw new Error('no serve binary: set DIFFABLE_SERVE to it, or run Scripts/browser-tests.sh '
    + '(which builds it with `swift build --package-path Demos --product serve`)');
}

/** Servers still running, stopped if the test process exits first. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `serve ARGS --port 0` (or another binary that behaves the same;
 * or on a given `port`, to restart a server where its pages look for it)
 * and resolves once it has printed its address. With `fileLimit`, the
 * server runs with that limit of open files (`ulimit -n`, set by bash,
 * which then `exec`s the server: its process id is the server's).
 *
 * @param {{binary?: string, args?: string[], env?: object, port?: number, fileLimit?: number}} [options]
 * @returns {Promise<Server>}
 */
export async function startServer({
  binary = serveBinary(), args = [], env = {}, port = 0, fileLimit,
} = {}) {
  const argv = [...args, '--port', String(port)];
  const [command, commandArgs] = fileLimit === undefined
    ? [binary, argv]
    : ['bash', ['-c', `ulimit -n ${Number(fileLimit)} && exec "$0" "$@"`, binary, ...argv]];
  const child = spawn(command, commandArgs, {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
  });
  running.add(child);
  // A test that fails before stopping the server must not keep Node alive:
  // the exit handler above kills it.
  child.unref();
  child.stdout.unref();
  child.stderr.unref();
  const server = new Server(child);
  try {
    server.url = await withDeadline(new Promise((resolvePromise, reject) => {
      let text = '';
      const onData = (chunk) => {
        text += chunk;
        const newline = text.indexOf('\n');
        if (newline < 0) return;
        child.stdout.off('data', onData);
        const line = text.slice(0, newline);
        const match = /^Serving on (http:\/\/\S+?)\/?$/.exec(line);
        if (match === null) reject(new Error(`serve's first line is ${JSON.stringify(line)}`));
        else resolvePromise(match[1]);
      };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', onData);
      child.once('error', (error) => reject(new Error(`could not start ${binary}: ${error.message}`)));
      child.once('exit', (code, signal) => reject(new Error(
        `serve exited (${signal ?? code}) before printing its address:\n${server.stderr}`)));
    }), DEFAULT_TIMEOUT, () => 'serve printed no address');
    return server;
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
}

/** A running `serve`. */
export class Server {
  /** `http://HOST:PORT`. */
  url = null;
  /** What it printed on standard output after its first line, and on standard error. */
  stdout = '';
  stderr = '';
  #child;
  #exit;

  constructor(child) {
    this.#child = child;
    child.stdout.on('data', (chunk) => { this.stdout += chunk; });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => { this.stderr += chunk; });
    this.#exit = new Promise((resolvePromise) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolvePromise({ code, signal });
      });
    });
  }

  /** The process id. */
  get pid() { return this.#child.pid; }

  /** `ws://HOST:PORT` + `path`. */
  socketURL(path) { return `${this.url.replace(/^http/, 'ws')}${path}`; }

  /** The JSON of `GET path` (with `headers`), failing on a status other than 200. */
  async json(path, { headers = {} } = {}) {
    const response = await fetch(`${this.url}${path}`, { headers });
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    return response.json();
  }

  /**
   * The page's `listStates()` (`GET /state/ID`), or null when the server has
   * no such page. The server answers only the browser the page was issued
   * to: `cookie` is that browser's `Cookie` header (support/wire.mjs keeps
   * it from the page's `GET`; support/diffable.mjs reads it from Chromium).
   * Without it, or with another browser's, the answer is null too.
   *
   * @param {string} id
   * @param {{cookie?: string}} [options]
   */
  async state(id, { cookie } = {}) {
    const response = await fetch(`${this.url}/state/${encodeURIComponent(id)}`,
      { headers: cookie === undefined ? {} : { cookie } });
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new Error(`GET /state/${id} answered ${response.status}: ${await response.text()}`);
    }
    return response.json();
  }

  /** The server's resident memory in KiB (`VmRSS` of /proc/PID/status). */
  residentKiB() {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    if (match === null) throw new Error(`/proc/${this.pid}/status has no VmRSS line`);
    return Number(match[1]);
  }

  /** The limit of open files the server runs with (`Max open files` of /proc/PID/limits). */
  fileLimit() {
    const limits = readFileSync(`/proc/${this.pid}/limits`, 'utf8');
    const match = /^Max open files\s+(\d+)/m.exec(limits);
    if (match === null) throw new Error(`/proc/${this.pid}/limits has no Max open files line`);
    return Number(match[1]);
  }

  /**
   * Sends SIGTERM and resolves with how the process ended; kills it when it
   * has not ended within `timeout` ms, and then rejects.
   *
   * @returns {Promise<{code: number | null, signal: string | null}>}
   */
  async stop({ timeout = 10_000 } = {}) {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      this.#child.kill('SIGTERM');
    }
    try {
      return await withDeadline(this.#exit, timeout, () => 'serve did not stop on SIGTERM');
    } catch (error) {
      this.#child.kill('SIGKILL');
      await this.#exit;
      throw error;
    }
  }
}
