// End to end: the seed screens' gestures, with `serve` and headless
// Chromium. On the chat, a message typed into the page's form and sent with
// Enter comes at the end of the server's list, followed by Ada's answer,
// and the list, scrolled to its end before, is still at its end once they
// are drawn. On the Wi-Fi settings, a click on a network found joins it:
// the server's configuration section holds it, the network left is back
// among the networks, and each of the two rows is the element it was
// (moved, not deleted and inserted again), the check mark gone with the
// network joined.
// Nothing waits on time: every wait is on `data-idle`, sequence numbers,
// the page's own state or the server's, polled with a deadline.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { requireWebSocket } from './support/cdp.mjs';
import { serverItems, textOf } from './support/diffable.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();

const { open, check } = pageChecks(running);

/** The items of the section `id` of the server's first list, as text. */
const sectionItems = (state, id) =>
  (state.lists[0].sections.find((section) => textOf(section.id) === id)?.items ?? []).map(textOf);

/** The text the DOM shows for `item` in a `settle` read, or `undefined`. */
const shownText = (dom, item) => dom[0].cells.find((cell) => cell.item === item)?.text;

/** Evaluated in the page: where the first list is scrolled along its height. */
function scrollOf() {
  const list = document.querySelector('[data-diffable-list]');
  return { top: list.scrollTop, client: list.clientHeight, height: list.scrollHeight };
}

describe('the chat, used', () => {
  test('a message typed and sent with Enter comes last, then Ada\'s answer, at the list\'s end',
    async (t) => {
      // A short window, so that the history alone overflows the list.
      const page = await open('/demos/chat', { width: 390, height: 250 }, t);
      await check(page, { what: 'opening /demos/chat' });
      await page.evaluate(() => {
        const list = document.querySelector('[data-diffable-list]');
        list.scrollTop = list.scrollHeight;
      });
      const before = await page.evaluate(scrollOf);
      assert.ok(before.height > before.client + 44,
        `the list must overflow for the test to mean anything: ${JSON.stringify(before)}`);
      assert.ok(before.top + before.client >= before.height - 1, JSON.stringify(before));

      const text = 'Hello from the browser <b>not bold</b>';
      await page.focus('input[name=message]');
      await page.typeText(text);
      await page.press('Enter');
      // The form sent the message and cleared its field.
      await page.waitFor(() => document.querySelector('input[name=message]').value === '',
        { what: 'the message field to be cleared' });

      const answer = 'Did the batch animate?';
      const read = await check(page, {
        what: 'the message and its answer',
        timeout: 30_000,
        accepts: (state, dom) => {
          const items = serverItems(state, 'chat');
          const [mine, theirs] = items.slice(-2);
          return items.every((item) => !item.includes('typing'))
            && shownText(dom, mine)?.includes(text) && shownText(dom, theirs)?.includes(answer);
        },
      });
      const items = serverItems(read.server, 'chat');
      assert.match(shownText(read.dom, items.at(-2)), /you · /, 'the message is yours');
      assert.match(shownText(read.dom, items.at(-1)), /Ada$/, 'the answer is Ada\'s');
      const markup = await page.evaluate(
        () => document.querySelectorAll('[data-diffable-list] b').length);
      assert.equal(markup, 0, 'the message reaches the page as text');

      const after = await page.evaluate(scrollOf);
      assert.ok(after.height > before.height, `the list grew: ${JSON.stringify([before, after])}`);
      assert.ok(after.top + after.client >= after.height - 1,
        `the list is at its end: ${JSON.stringify(after)}`);
    });
});

describe('the Wi-Fi settings, used', () => {
  test('a click on a network joins it: its row moves up, the network left moves down',
    async (t) => {
      const page = await open('/demos/wifi', { width: 390, height: 844, deviceScaleFactor: 2 }, t);
      await check(page, { what: 'opening /demos/wifi' });
      const HOME = '{"network":"Home"}';
      await page.evaluate(() => document.querySelector('input[type=checkbox][role=switch]').click());
      let joined = null;
      let read = null;
      // A scan may take the network clicked away before the join comes:
      // then another is clicked.
      for (let attempt = 0; attempt < 5 && joined === null; attempt += 1) {
        const found = await check(page, {
          what: 'Wi-Fi on, with networks found',
          timeout: 30_000,
          accepts: (state, dom) => {
            const networks = sectionItems(state, 'networks');
            return networks.length > 0 && dom[0].cells.some((cell) => cell.item === networks[0]);
          },
        });
        assert.deepEqual(sectionItems(found.server, 'configuration'), ['{"row":"wifiSwitch"}', HOME]);
        const chosen = sectionItems(found.server, 'networks')[0];
        // Each of the two rows is marked, to be found again as the same element.
        const target = await page.evaluate((item, home) => {
          const cellOf = (text) => [...document.querySelectorAll('[data-item]')]
            .find((cell) => cell.getAttribute('data-item') === text);
          cellOf(home).markedByTheTest = true;
          const cell = cellOf(item);
          cell.markedByTheTest = true;
          const box = cell.getBoundingClientRect();
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        }, chosen, HOME);
        await page.click(target.x, target.y);
        read = await check(page, {
          what: `joining ${chosen}`,
          accepts: (state) => sectionItems(state, 'configuration').includes(chosen)
            || !sectionItems(state, 'networks').includes(chosen),
        });
        if (sectionItems(read.server, 'configuration').includes(chosen)) joined = chosen;
      }
      assert.notEqual(joined, null, 'no click joined a network');
      assert.deepEqual(sectionItems(read.server, 'configuration'), ['{"row":"wifiSwitch"}', joined]);
      const networks = sectionItems(read.server, 'networks');
      assert.ok(networks.includes(HOME), `Home is not back among ${JSON.stringify(networks)}`);
      assert.ok(!networks.includes(joined));
      const rows = await page.evaluate((items) => items.map((item) => {
        const cell = [...document.querySelectorAll('[data-item]')]
          .find((element) => element.getAttribute('data-item') === item);
        return {
          section: cell.getAttribute('data-section'),
          same: cell.markedByTheTest === true,
          checked: cell.querySelector('.diffable-checkmark') !== null,
        };
      }), [joined, HOME]);
      assert.deepEqual(rows, [
        { section: 'configuration', same: true, checked: true },
        { section: 'networks', same: true, checked: false },
      ]);
    });
});
