// Cells of the app's own (cell-template.js): the URL rules, the shape of a
// cell's `template`, and a template's slots filled as text and checked
// URLs by the renderer's `fillCell`.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  checkTemplate, refusedURL,
} from '../../Sources/DiffableWeb/Resources/client/cell-template.js';
import { checkCell } from '../../Sources/DiffableWeb/Resources/client/messages.js';
import { fillCell } from '../../Sources/DiffableWeb/Resources/client/renderer.js';
import { FakeDocument } from './fake-dom.mjs';

describe('URLs', () => {
  test('allowed: https with a host, data:image of the listed types for images, own paths', () => {
    for (const [url, kind] of [
      ['https://example.com/a.png', 'image'], ['HTTPS://example.com', 'link'],
      ['/pictures/a.svg', 'image'], ['/', 'link'], ['data:image/png;base64,iVBO', 'image'],
      ['data:image/svg+xml,%3Csvg%3E', 'image'], ['DATA:IMAGE/WEBP;base64,Ukl', 'image'],
    ]) {
      assert.equal(refusedURL(url, kind), null, url);
    }
  });

  test('refused, as the server refuses them, each with its reason', () => {
    for (const [url, kind, reason] of [
      ['javascript:alert(1)', 'link', /a link goes to https:/],
      ['JavaScript:alert(1)', 'image', /an image loads from/],
      ['http://example.com/a.png', 'image', /an image loads from/],
      ['//evil.example/a.png', 'image', /leaves the page's origin/],
      ['/\\evil.example/a.png', 'link', /leaves the page's origin/],
      ['https:///a.png', 'image', /names no host/], ['https://', 'link', /names no host/],
      ['data:image/png;base64,AAAA', 'link', /a link goes to/],
      ['data:text/html,<script>', 'image', /an image loads from/],
      ['data:image/svg', 'image', /an image loads from/],
      ['java\nscript:alert(1)', 'link', /control character/],
      ['/a b.png', 'image', /control character/], ['', 'image', /empty/],
      ['pictures/a.png', 'image', /an image loads from/],
      [`/${'a'.repeat(32768)}`, 'image', /longer than/],
    ]) {
      assert.match(refusedURL(url, kind) ?? 'allowed', reason, url);
    }
  });
});

describe('a cell\'s template', () => {
  test('is checked with the cell, naming the field of the wrong shape', () => {
    const good = { text: 'Pie', template: { name: 'food', fields: { name: 'Pie' } } };
    assert.equal(checkCell(good, 'cells.pie'), good);
    for (const [template, field] of [
      [3, 'cells.pie.template'],
      [{ fields: {} }, 'cells.pie.template.name'],
      [{ name: '' }, 'cells.pie.template.name'],
      [{ name: 'food', fields: [] }, 'cells.pie.template.fields'],
      [{ name: 'food', fields: { p: 3 } }, 'cells.pie.template.fields["p"]'],
      [{ name: 'food', fields: { p: { image: 3, description: '' } } },
        'cells.pie.template.fields["p"].image'],
      [{ name: 'food', fields: { p: { link: '/a' } } }, 'cells.pie.template.fields["p"].text'],
    ]) {
      assert.throws(() => checkCell({ text: 'Pie', template }, 'cells.pie'),
        (error) => error.field === field, JSON.stringify(template));
    }
    assert.throws(() => checkTemplate(null, (at, problem) => new Error(`${at} ${problem}`), 't'),
      /t is not an object/);
  });
});

/**
 * A document holding `<template data-cell="food">` with a name, a price, a
 * picture, a menu link, an "Add" button (`data-action="add"`) and a
 * `<script>` slot.
 */
function pageWithTemplate() {
  const document = new FakeDocument();
  const template = document.createElement('template');
  template.setAttribute('data-cell', 'food');
  const content = document.createDocumentFragment();
  const slot = (tag, field) => {
    const element = document.createElement(tag);
    element.setAttribute('data-field', field);
    return element;
  };
  const button = document.createElement('button');
  button.setAttribute('data-action', 'add');
  button.textContent = 'Add';
  content.append(slot('span', 'name'), slot('span', 'price'), slot('img', 'picture'),
    slot('a', 'menu'), slot('script', 'code'), button);
  template.content = content;
  document.body.append(template);
  return document;
}

const slotOf = (element, field) => element.querySelectorAll('[data-field]')
  .find((slot) => slot.getAttribute('data-field') === field);

describe('fillCell with a template', () => {
  test('clones the page\'s template and fills its slots as text and checked URLs', () => {
    const document = pageWithTemplate();
    const cell = document.createElement('div');
    const refusals = [];
    fillCell(document, cell, {
      text: 'Pie',
      accessories: [{ type: 'badge', text: '2' }],
      template: {
        name: 'food',
        fields: {
          name: '<b>Pie</b>', price: '$4', code: 'alert(1)', missing: 'x',
          picture: { image: '/pictures/pie.svg', description: 'A pie' },
          menu: { link: 'https://example.com/menu', text: 'Menu' },
        },
      },
    }, (message) => refusals.push(message));
    const [holder, accessories] = cell.children;
    assert.equal(holder.className, 'diffable-template');
    assert.equal(holder.getAttribute('data-template'), 'food');
    assert.equal(accessories.className, 'diffable-accessories', 'accessories follow');
    assert.equal(slotOf(holder, 'name').textContent, '<b>Pie</b>');
    assert.equal(slotOf(holder, 'name').children.length, 0, 'text, never markup');
    assert.equal(slotOf(holder, 'price').textContent, '$4');
    const picture = slotOf(holder, 'picture');
    assert.equal(picture.getAttribute('src'), '/pictures/pie.svg');
    assert.equal(picture.getAttribute('alt'), 'A pie');
    assert.equal(picture.getAttribute('loading'), 'lazy');
    assert.equal(slotOf(holder, 'menu').getAttribute('href'), 'https://example.com/menu');
    assert.equal(slotOf(holder, 'menu').textContent, 'Menu');
    assert.equal(slotOf(holder, 'code').textContent, '', 'a script is never filled');
    assert.deepEqual(refusals, ['field "code": a <script> is no slot; its text would be code']);
    const button = holder.querySelectorAll('[data-action]')[0];
    assert.equal(button.textContent, 'Add', 'what no field names stays as the template has it');
    assert.equal(document.querySelectorAll('[data-cell]')[0].content.children.length, 6,
      'the template itself is untouched');
  });

  test('a refused URL leaves the slot without it and is reported; the text still shows', () => {
    const document = pageWithTemplate();
    const cell = document.createElement('div');
    const refusals = [];
    fillCell(document, cell, {
      text: 'Pie',
      template: {
        name: 'food',
        fields: {
          picture: { image: 'javascript:alert(1)', description: 'A pie' },
          menu: { link: '//evil.example/', text: 'Menu' },
        },
      },
    }, (message) => refusals.push(message));
    const holder = cell.children[0];
    assert.ok(!slotOf(holder, 'picture').hasAttribute('src'));
    assert.equal(slotOf(holder, 'picture').getAttribute('alt'), 'A pie');
    assert.ok(!slotOf(holder, 'menu').hasAttribute('href'));
    assert.equal(slotOf(holder, 'menu').textContent, 'Menu');
    assert.equal(refusals.length, 2);
    assert.match(refusals[0], /^field "picture": image "javascript:alert\(1\)" refused: /);
    assert.match(refusals[1], /^field "menu": link "\/\/evil.example\/" refused: .*origin/);
  });

  test('an image or a link in a slot of another element goes in as its text', () => {
    const document = pageWithTemplate();
    const cell = document.createElement('div');
    fillCell(document, cell, {
      text: 'Pie',
      template: {
        name: 'food',
        fields: {
          name: { image: '/a.png', description: 'A pie' },
          price: { link: '/menu', text: 'Menu' },
        },
      },
    });
    const holder = cell.children[0];
    assert.equal(slotOf(holder, 'name').textContent, 'A pie');
    assert.ok(!slotOf(holder, 'name').hasAttribute('src'));
    assert.equal(slotOf(holder, 'price').textContent, 'Menu');
    assert.ok(!slotOf(holder, 'price').hasAttribute('href'));
  });

  test('a template the page lacks: the built-in content, and a report', () => {
    const document = pageWithTemplate();
    const cell = document.createElement('div');
    const refusals = [];
    fillCell(document, cell, { text: 'Pie', template: { name: 'drink', fields: {} } },
      (message) => refusals.push(message));
    assert.equal(cell.children[0].className, 'diffable-texts');
    assert.equal(cell.textContent, 'Pie');
    assert.deepEqual(refusals, ['the page has no <template data-cell="drink">']);
  });
});
