// Cells of the app's own: a `<template data-cell="NAME">` of the page,
// cloned for a cell whose `template` names it, its `data-field` slots
// filled from the cell's fields as text and checked URLs, never as markup
// (Documentation/Web.md, "Cells of your own").
//
// The rules of a URL are the server's (`WebCell.checkURL`), checked again
// here: a page takes no `src` or `href` it did not check itself.

/** The image types a `data:` URL may hold. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** The longest URL a field may hold, in UTF-16 units here (the server counts bytes). */
const MAXIMUM_URL_LENGTH = 32768;

/**
 * Why a URL may not be a field's, or `null` when it may: an `https:` URL
 * with a host; for an image also a `data:image/` URL of PNG, JPEG, GIF,
 * WebP, AVIF or SVG; or a path of the page's origin (one `/`, not `//` or
 * `/\`). No whitespace or control character.
 *
 * @param {string} url The URL as the server sent it.
 * @param {'image' | 'link'} kind What it is for.
 * @returns {string | null} The reason it is refused, or `null`.
 */
export function refusedURL(url, kind) {
  if (typeof url !== 'string' || url.length === 0) return 'it is empty';
  if (url.length > MAXIMUM_URL_LENGTH) return `it is longer than ${MAXIMUM_URL_LENGTH}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(url)) return 'it holds a space or a control character';
  const lower = url.slice(0, 24).toLowerCase();
  if (lower.startsWith('https://')) {
    return url[8] === undefined || url[8] === '/' || url[8] === '\\' ? 'it names no host' : null;
  }
  if (url.startsWith('/')) {
    return url.startsWith('//') || url.startsWith('/\\')
      ? 'a path starting with // or /\\ leaves the page\'s origin' : null;
  }
  if (kind === 'image' && DATA_IMAGE.test(url)) return null;
  return kind === 'image'
    ? 'an image loads from https:, data:image/ or a path of the page\'s own origin'
    : 'a link goes to https: or a path of the page\'s own origin';
}

/**
 * Checks a cell's `template`: `{name, fields}`, the name a non-empty
 * string, each field a string, `{image, description}` or `{link, text}`
 * of strings.
 *
 * @param {unknown} template The template as `JSON.parse` produced it.
 * @param {(field: string, problem: string) => Error} fail Makes the error
 *   for a field of the wrong shape.
 * @param {string} at Where it was, for the error.
 * @returns {object} The same template.
 */
export function checkTemplate(template, fail, at) {
  const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(template)) throw fail(at, 'is not an object');
  if (typeof template.name !== 'string' || template.name.length === 0) {
    throw fail(`${at}.name`, 'is not a non-empty string');
  }
  if (!Object.hasOwn(template, 'fields')) return template;
  if (!isObject(template.fields)) throw fail(`${at}.fields`, 'is not an object');
  for (const [name, field] of Object.entries(template.fields)) {
    const where = `${at}.fields[${JSON.stringify(name)}]`;
    if (typeof field === 'string') continue;
    if (!isObject(field)) throw fail(where, 'is not a string or an object');
    const [url, text] = Object.hasOwn(field, 'image') ? ['image', 'description'] : ['link', 'text'];
    for (const key of [url, text]) {
      if (typeof field[key] !== 'string') throw fail(`${where}.${key}`, 'is not a string');
    }
  }
  return template;
}

/** Elements whose text is code, not text: never a slot. */
const CODE_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED']);

/** A URL in a report: quoted, its first 80 characters. */
const quoted = (url) => JSON.stringify(url.slice(0, 80));

/** Each document's templates by name, found once. */
const templatesOf = new WeakMap();

/** The page's `<template data-cell="NAME">`, or `undefined`. */
function templateNamed(document, name) {
  let templates = templatesOf.get(document);
  if (templates === undefined) {
    templates = new Map();
    for (const element of document.querySelectorAll('[data-cell]')) {
      const key = element.getAttribute('data-cell');
      if (element.tagName === 'TEMPLATE' && !templates.has(key)) templates.set(key, element);
    }
    templatesOf.set(document, templates);
  }
  return templates.get(name);
}

/**
 * The content of a cell drawn with the page's template: a
 * `.diffable-template` element holding a clone of the template, each slot
 * filled from the field of its name. A text goes in as `textContent`; an
 * image into an `<img>` slot's `src` (loaded lazily, its description as
 * `alt`), a link into an `<a>` slot's `href` and text, each only when
 * {@link refusedURL} allows it (a refused one leaves the slot's URL unset,
 * shows its text, and is reported); in a slot of any other element, an
 * image's description or a link's text goes in as text. A `<script>`,
 * `<style>`, `<template>`, `<iframe>`, `<object>` or `<embed>` is never
 * filled: its text would be code.
 *
 * @param {Document} document The page.
 * @param {object} template The cell's checked `template`.
 * @param {(message: string) => void} refuse Told of a refused URL or a
 *   missing template.
 * @returns {Element | null} The content, or `null` when the page has no
 *   template of that name (the cell then shows its built-in content).
 */
export function fillTemplate(document, template, refuse) {
  const source = templateNamed(document, template.name);
  if (source === undefined) {
    refuse(`the page has no <template data-cell=${JSON.stringify(template.name)}>`);
    return null;
  }
  const holder = document.createElement('div');
  holder.className = 'diffable-template';
  holder.setAttribute('data-template', template.name);
  holder.append(source.content.cloneNode(true));
  const fields = template.fields ?? {};
  for (const slot of holder.querySelectorAll('[data-field]')) {
    const name = slot.getAttribute('data-field');
    if (!Object.hasOwn(fields, name)) continue;
    const field = fields[name];
    const tag = slot.tagName;
    if (CODE_TAGS.has(tag)) {
      refuse(`field "${name}": a <${tag.toLowerCase()}> is no slot; its text would be code`);
      continue;
    }
    if (typeof field === 'string') {
      slot.textContent = field;
    } else if (Object.hasOwn(field, 'image')) {
      const refusal = refusedURL(field.image, 'image');
      if (tag !== 'IMG') {
        slot.textContent = field.description;
      } else {
        slot.setAttribute('alt', field.description);
        slot.setAttribute('loading', 'lazy');
        slot.setAttribute('decoding', 'async');
        if (refusal === null) slot.setAttribute('src', field.image);
        else refuse(`field "${name}": image ${quoted(field.image)} refused: ${refusal}`);
      }
    } else {
      const refusal = refusedURL(field.link, 'link');
      slot.textContent = field.text;
      if (tag !== 'A') continue;
      if (refusal === null) slot.setAttribute('href', field.link);
      else refuse(`field "${name}": link ${quoted(field.link)} refused: ${refusal}`);
    }
  }
  return holder;
}
