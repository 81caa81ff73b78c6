// Promises that wait for a condition on an object that changes as bytes
// arrive (a raw HTTP connection, a raw WebSocket), each with a deadline.

import { DEFAULT_TIMEOUT, withDeadline } from './cdp.mjs';

/** The waiters of one object: `until` adds one, `notify` settles those whose condition holds. */
export class Waiters {
  #subject;
  #waiting = [];

  /** @param {object} subject What each condition is asked of. */
  constructor(subject) {
    this.#subject = subject;
  }

  /**
   * Resolves with the subject when `predicate(subject)` holds (checked now
   * and at each `notify()`), or rejects at the deadline.
   */
  until(predicate, { timeout = DEFAULT_TIMEOUT, what = 'a condition' } = {}) {
    if (predicate(this.#subject)) return Promise.resolve(this.#subject);
    const waiter = { predicate };
    const promise = new Promise((resolve) => { waiter.resolve = resolve; });
    this.#waiting.push(waiter);
    return withDeadline(promise, timeout, () => `no ${what}`).finally(() => {
      this.#waiting = this.#waiting.filter((other) => other !== waiter);
    });
  }

  /** Settles the waiters whose condition now holds. */
  notify() {
    for (const waiter of [...this.#waiting]) {
      if (waiter.predicate(this.#subject)) waiter.resolve(this.#subject);
    }
  }
}
