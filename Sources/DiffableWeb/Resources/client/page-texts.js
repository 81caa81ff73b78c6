// What a page shows besides its lists, as the server sets it (a `page`
// message, Documentation/Web.md): the text of `[data-diffable-text=NAME]`
// elements (a form control's value, unless the user is typing in it), the
// value and `max` of `[data-diffable-input=NAME]` controls (but the focused
// one's),
// and the lines of `[data-diffable-lines=NAME]` elements, one `<li
// data-NAME="K">` each (K from 1); and the buttons that copy a text
// (`[data-diffable-copy=NAME]`). Everything is written as text or as a
// property of a control, never as HTML; names are compared as strings,
// never put into a selector.

/** The names lines may have: they become the attribute `data-NAME`. */
const LINES_NAME = /^[a-z][a-z0-9-]{0,63}$/;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Why `message` is no well-formed `page` message, or `null` when it is one.
 *
 * @param {unknown} message
 * @returns {string | null}
 */
export function pageTextsProblem(message) {
  for (const key of ['texts', 'values', 'maxima', 'lines']) {
    if (!isObject(message[key])) return `${key} is not an object`;
  }
  for (const key of ['texts', 'values']) {
    for (const [name, text] of Object.entries(message[key])) {
      if (typeof text !== 'string') return `${key}[${JSON.stringify(name)}] is not a string`;
    }
  }
  for (const [name, maximum] of Object.entries(message.maxima)) {
    if (!Number.isSafeInteger(maximum)) {
      return `maxima[${JSON.stringify(name)}] is not an integer`;
    }
  }
  if (Object.hasOwn(message, 'listSizes')) {
    if (!isObject(message.listSizes)) return 'listSizes is not an object';
    for (const [name, size] of Object.entries(message.listSizes)) {
      if (!Array.isArray(size) || size.length !== 2
        || !size.every((value) => Number.isFinite(value) && value >= 0)) {
        return `listSizes[${JSON.stringify(name)}] is not [width, height], finite and not negative`;
      }
    }
  }
  for (const [name, lines] of Object.entries(message.lines)) {
    const at = `lines[${JSON.stringify(name)}]`;
    if (!LINES_NAME.test(name)) return `${at}: the name is not [a-z][a-z0-9-]*`;
    if (!isObject(lines) || !Array.isArray(lines.texts)
      || !lines.texts.every((text) => typeof text === 'string')) {
      return `${at} has no texts, an array of strings`;
    }
    for (const key of ['current', 'invalid']) {
      const index = lines[key];
      if (index !== undefined
        && !(Number.isSafeInteger(index) && index >= 0 && index < lines.texts.length)) {
        return `${at}.${key} is not the index of a line`;
      }
    }
  }
  return null;
}

/** The elements under `root` whose attribute `attribute` is `name`. */
function named(root, attribute, name) {
  return [...root.querySelectorAll(`[${attribute}]`)]
    .filter((element) => element.getAttribute(attribute) === name);
}

/** The form controls whose `value` a text sets, rather than their content. */
const VALUE_CONTROLS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Writes a well-formed `page` message into the document: what it names
 * and nothing else. A name no element has changes nothing. A text or
 * value does not replace what the user is typing in the control that has
 * the focus (`focused`).
 *
 * @param {Document} document
 * @param {{texts: object, values: object, maxima: object, lines: object}} message
 * @param {Element | null} [focused] The document's active element.
 */
export function applyPageTexts(document, message, focused = null) {
  const root = document.body ?? document;
  for (const [name, text] of Object.entries(message.texts)) {
    for (const element of named(root, 'data-diffable-text', name)) {
      if (!VALUE_CONTROLS.has(String(element.tagName).toUpperCase())) {
        element.textContent = text;
      } else if (element !== focused) {
        element.value = text;
      }
    }
    for (const button of named(root, 'data-diffable-copy', name)) {
      button.removeAttribute('data-copied');
    }
  }
  for (const [name, maximum] of Object.entries(message.maxima)) {
    for (const control of named(root, 'data-diffable-input', name)) control.max = String(maximum);
  }
  for (const [name, value] of Object.entries(message.values)) {
    for (const control of named(root, 'data-diffable-input', name)) {
      if (control !== focused) control.value = value;
    }
  }
  // A list's client area (inside the gutter its scrollbar keeps) takes
  // the size: the gutter, read once the size is set, is added to it.
  for (const [name, [width, height]] of Object.entries(message.listSizes ?? {})) {
    for (const element of named(root, 'data-diffable-list', name)) {
      element.style.width = `${width}px`;
      element.style.height = `${height}px`;
      const [clientWidth, clientHeight] = [element.clientWidth, element.clientHeight];
      if (clientWidth > 0 && clientWidth < width) {
        element.style.width = `${2 * width - clientWidth}px`;
      }
      if (clientHeight > 0 && clientHeight < height) {
        element.style.height = `${2 * height - clientHeight}px`;
      }
    }
  }
  for (const [name, lines] of Object.entries(message.lines)) {
    for (const element of named(root, 'data-diffable-lines', name)) {
      element.replaceChildren(...lines.texts.map((text, index) => {
        const line = document.createElement('li');
        line.setAttribute(`data-${name}`, String(index + 1));
        line.textContent = text;
        if (lines.current === index) line.setAttribute('aria-current', 'step');
        if (lines.invalid === index) line.setAttribute('aria-invalid', 'true');
        return line;
      }));
    }
  }
}

/**
 * Makes each `button[data-diffable-copy=NAME]` under `root` copy the text
 * of the page's first `[data-diffable-text=NAME]` element to the
 * clipboard when clicked (an exported test, say); once it is copied, the
 * button has `data-copied` until the text changes or it is clicked again.
 * Without a clipboard (an insecure origin), the button does nothing.
 *
 * @param {Element} root
 * @param {{writeText(text: string): Promise<void>} | undefined} clipboard
 */
export function wireCopyButtons(root, clipboard) {
  for (const button of root.querySelectorAll('[data-diffable-copy]')) {
    button.addEventListener('click', () => {
      button.removeAttribute('data-copied');
      const name = button.getAttribute('data-diffable-copy');
      const [source] = named(root, 'data-diffable-text', name);
      if (source === undefined || clipboard === undefined) return;
      const text = source.textContent;
      clipboard.writeText(text).then(() => {
        if (source.textContent === text) button.setAttribute('data-copied', '');
      }, () => {});
    });
  }
}
