// End to end: cells of the page's own templates (Documentation/Web.md,
// "Cells of your own"), with `serve` and headless Chromium, on the rest
// stop. Its dishes are cards of the page's `<template data-cell="food">`:
// a picture (an SVG `data:` URL, loaded by the page), the name and price as
// text, and an "Add" button whose click reaches Swift as an `action`: the
// basket count on the card goes up, the cell is not selected, and the
// page announces it. Its brands are a template with a link. What the
// server sends is text: the slots hold no markup. Nothing waits on time:
// every wait is on `data-idle`, the page's own state or the DOM, polled
// with a deadline.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { requireWebSocket } from './support/cdp.mjs';
import { pageChecks, serverAndBrowser } from './support/fixtures.mjs';

requireWebSocket();

const running = serverAndBrowser();

const { open, check } = pageChecks(running);

const CHEESEBURGER = '{"dish":"Cheeseburger","price":9}';

/** Where DIFFABLE_SCREENSHOTS=1 saves the README's picture of a template cell. */
const SCREENSHOTS = process.env.DIFFABLE_SCREENSHOTS === '1'
  ? join(fileURLToPath(new URL('../..', import.meta.url)), 'Documentation/Screenshots') : null;

/** Evaluated in the page: the food cards and brand cells as the DOM shows them. */
function readCards() {
  const cells = [...document.querySelectorAll('[data-item]')];
  const card = (cell) => {
    const holder = cell.querySelector('.diffable-template');
    if (holder === null) return null;
    const slot = (name) => holder.querySelector(`[data-field="${name}"]`);
    const picture = slot('picture');
    return {
      item: cell.getAttribute('data-item'),
      template: holder.getAttribute('data-template'),
      role: cell.getAttribute('role'),
      selected: cell.getAttribute('aria-selected'),
      name: slot('name')?.textContent ?? null,
      price: slot('price')?.textContent ?? null,
      basket: slot('basket')?.textContent ?? null,
      picture: picture === null ? null : {
        src: picture.getAttribute('src')?.slice(0, 25) ?? null,
        loaded: picture.complete && picture.naturalWidth > 0,
      },
      link: slot('site') === null ? null
        : { href: slot('site').getAttribute('href'), text: slot('site').textContent },
      markup: holder.querySelectorAll('b, script, iframe').length,
    };
  };
  return {
    cards: cells.map(card).filter((entry) => entry !== null),
    reports: window.diffable.reports().filter((report) => report.kind === 'cell'),
    live: document.querySelector('.diffable-live')?.textContent ?? '',
  };
}

/** Evaluated in the page: the middle of the "Add" button of `item`'s card. */
function addButtonOf(item) {
  const cell = [...document.querySelectorAll('[data-item]')]
    .find((element) => element.getAttribute('data-item') === item);
  const box = cell.querySelector('[data-action="add"]').getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

describe('the rest stop\'s cards, of the page\'s own templates', () => {
  test('dishes and brands are drawn with their templates, fields as text, pictures loaded',
    async (t) => {
      const page = await open('/demos/reststop', { width: 1024, height: 640 }, t);
      await check(page, { what: 'opening /demos/reststop' });
      const first = await page.waitFor(() => {
        const cell = [...document.querySelectorAll('[data-template="food"] img')][0];
        return cell?.complete && cell.naturalWidth > 0;
      }, { what: 'the first dish\'s picture to load' });
      assert.ok(first);
      const read = await page.evaluate(readCards);
      const food = read.cards.filter((card) => card.template === 'food');
      const brands = read.cards.filter((card) => card.template === 'brand');
      assert.ok(food.length >= 2, `food cards drawn: ${JSON.stringify(read.cards)}`);
      const burger = food.find((card) => card.item === CHEESEBURGER);
      assert.equal(burger.name, 'Cheeseburger');
      assert.equal(burger.price, '$9');
      assert.equal(burger.basket, '');
      assert.equal(burger.picture.src, 'data:image/svg+xml,%3Csvg');
      assert.ok(burger.picture.loaded, 'the picture was loaded and decoded');
      assert.ok(['listitem', 'gridcell'].includes(burger.role),
        `a list without selection: items, not options (${burger.role})`);
      assert.ok(brands.length >= 1, 'brand cards drawn');
      for (const brand of brands) {
        assert.match(brand.link.href, /^https:\/\/example\.com\/brands\/[a-z0-9-]+$/);
        assert.match(brand.link.text, /'s site$/);
      }
      assert.ok(read.cards.every((card) => card.markup === 0), 'no markup in any slot');
      assert.deepEqual(read.reports, [], 'no URL refused, no template missing');
      // The controls are buttons, named with their dish, in the
      // accessibility tree.
      const tree = await page.accessibilityTree();
      const buttons = tree.filter((node) => node.role?.value === 'button')
        .map((node) => node.name?.value);
      assert.ok(buttons.includes('Add Cheeseburger'), JSON.stringify(buttons));
    });

  test('"Add" reaches Swift: the card counts the basket, nothing is selected, words are said',
    async (t) => {
      const page = await open('/demos/reststop', { width: 1024, height: 640 }, t);
      await check(page, { what: 'opening /demos/reststop' });
      const before = await page.evaluate(() => window.diffable.lists()[0].seq);
      for (const count of [1, 2]) {
        const button = await page.evaluate(addButtonOf, CHEESEBURGER);
        await page.click(button.x, button.y);
        await page.waitFor((item, text) => {
          const cell = [...document.querySelectorAll('[data-item]')]
            .find((element) => element.getAttribute('data-item') === item);
          return cell?.querySelector('[data-field="basket"]')?.textContent === text
            && document.querySelector('[data-diffable-list]').hasAttribute('data-idle');
        }, { what: `the card to say ${count} in basket`, args: [CHEESEBURGER, `${count} in basket`] });
      }
      const read = await check(page, { what: 'two dishes added' });
      assert.ok(read.dom[0].seq >= before + 2, 'each tap was one batch');
      const cards = await page.evaluate(readCards);
      const burger = cards.cards.find((card) => card.item === CHEESEBURGER);
      assert.equal(burger.selected, null, 'the cell is not selected');
      await page.waitFor(() => document.querySelector('.diffable-live')?.textContent
        === 'Cheeseburger: 2 in basket', { what: 'the announcement of the basket' });
      if (SCREENSHOTS !== null) {
        await page.screenshot(join(SCREENSHOTS, 'reststop-templates.png'));
      }
    });
});
