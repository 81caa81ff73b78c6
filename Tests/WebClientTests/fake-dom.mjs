// A small fake DOM for the client's tests: elements with attributes,
// children, inline styles, boxes laid out from those styles, and animations
// a test drives to any point of their run. Enough for the renderer and the
// page; nothing more.
//
// It knows the CSS animations of diffable.css: the class
// `diffable-arriving` starts `diffable-fade-in`, from transparent to the
// element's own opacity, and `diffable-leaving` starts `diffable-fade-out`,
// from it to transparent; each ends with an `animationend` event and stops
// when its class is taken away.
//
// Markup written with `innerHTML` or `insertAdjacentHTML` becomes elements,
// one per start tag, so that tests can tell text kept as text.

import assert from 'node:assert/strict';

import {
  ARRIVAL_ANIMATION, ARRIVING_CLASS, ARROW_ANIMATION, ARROW_CLASS, DEPARTURE_ANIMATION,
  FLASH_ANIMATION, FLASH_CLASS, LEAVING_CLASS,
} from '../../Sources/DiffableWeb/Resources/client/renderer.js';

/** An animation the test drives: `progress` from 0 to 1, then `finish()`. */
export class FakeAnimation {
  progress = 0;
  cancelled = false;
  constructor(target, keyframes, options) {
    this.target = target;
    this.keyframes = keyframes;
    this.options = options;
    this.finished = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.finished.catch(() => {});
  }

  /** The animation's effect: its keyframes can be replaced while it runs. */
  get effect() {
    return { setKeyframes: (keyframes) => { this.keyframes = keyframes; } };
  }

  finish() {
    this.progress = 1;
    this.resolve(this);
    this.onFinish?.();
  }
  cancel() { this.cancelled = true; this.reject(new Error('AbortError')); }
  get running() { return !this.cancelled && this.progress < 1; }

  /** The value of a number-valued property now, interpolated. */
  value(key, parse) {
    const [from, to] = [this.keyframes[0][key], this.keyframes.at(-1)[key]];
    if (from === undefined) return undefined;
    const [a, b] = [parse(from), parse(to)];
    return a.map((v, i) => v + (b[i] - v) * this.progress);
  }
}

const translate = (text) => (text.match(/-?[\d.]+/g) ?? ['0', '0']).map(Number);

/** The element's inline opacity, 1 when it has none. */
const ownOpacity = (element) => {
  const own = element.style.opacity;
  return own === undefined || own === '' ? 1 : Number(own);
};

/** The CSS animations of diffable.css, by the class that starts them. */
const CSS_ANIMATIONS = new Map([
  [ARRIVING_CLASS, {
    name: ARRIVAL_ANIMATION,
    keyframes: (element) => [{ opacity: 0 }, { opacity: ownOpacity(element) }],
  }],
  [LEAVING_CLASS, {
    name: DEPARTURE_ANIMATION,
    keyframes: (element) => [{ opacity: ownOpacity(element) }, { opacity: 0 }],
  }],
  [ARROW_CLASS, { name: ARROW_ANIMATION, keyframes: () => [{ opacity: 1 }, { opacity: 0 }] }],
  [FLASH_CLASS, { name: FLASH_ANIMATION, keyframes: () => [{ background: 'accent' }, {}] }],
]);

/**
 * A CSS animation of an element, started by a class: its keyframes follow
 * the element's inline style at each moment.
 */
class FakeCSSAnimation extends FakeAnimation {
  constructor(target, className) {
    super(target, [], { easing: 'ease-in-out' });
    this.className = className;
    const { name } = CSS_ANIMATIONS.get(className);
    this.onFinish = () => target.dispatch('animationend', { animationName: name });
  }
  get keyframes() { return CSS_ANIMATIONS.get(this.className).keyframes(this.target); }
  set keyframes(_) {}
}

/** The entries of the `matrix(...)` in a transform, or `null`. */
const matrixOf = (text) => {
  const found = /matrix\(([^)]*)\)/.exec(text ?? '');
  return found === null ? null : found[1].split(',').map(Number);
};
const number = (text) => [parseFloat(text)];

export class FakeElement {
  children = [];
  parentNode = null;
  attributes = new Map();
  animations = [];
  text = '';
  scrollLeft = 0;
  scrollTop = 0;
  scrollWidth = 0;
  scrollHeight = 0;
  clientWidth = 0;
  clientHeight = 0;
  listeners = new Map();

  constructor(document, tag) {
    this.ownerDocument = document;
    this.tagName = tag.toUpperCase();
    const style = {};
    style.setProperty = (key, value) => { style[key] = value; };
    this.style = style;
    const element = this;
    this.classList = {
      add(name) {
        if (this.contains(name)) return;
        element.className = `${element.className} ${name}`.trim();
        if (CSS_ANIMATIONS.has(name)) {
          const animation = new FakeCSSAnimation(element, name);
          element.animations.push(animation);
          element.ownerDocument.animations.push(animation);
        }
      },
      remove(...names) {
        for (const name of names) {
          if (!this.contains(name)) continue;
          element.className = element.className.split(' ').filter((n) => n !== name).join(' ');
          for (const animation of element.animations) {
            if (animation.className === name && animation.running) animation.cancel();
          }
        }
      },
      contains: (name) => element.className.split(' ').includes(name),
    };
    this.className = '';
  }

  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }

  get textContent() { return this.text + this.children.map((child) => child.textContent).join(''); }
  set textContent(value) { this.children = []; this.text = String(value); }

  append(...nodes) { for (const node of nodes) this.insertBefore(node, null); }
  insertBefore(node, before) {
    if (node.isFragment) {
      // A fragment's children go in, in order, and the fragment is left empty.
      for (const child of [...node.children]) this.insertBefore(child, before);
      return node;
    }
    node.remove();
    const at = before === null ? this.children.length : this.children.indexOf(before);
    assert.ok(at >= 0, 'insertBefore a node that is not a child');
    this.children.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }
  remove() {
    if (this.parentNode === null) return;
    // As in a browser, an element taken out of the document loses the focus.
    const document = this.ownerDocument;
    if (document.activeElement !== null && this.contains(document.activeElement)) {
      document.activeElement = document.body;
    }
    this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
    this.parentNode = null;
  }
  /** Takes the focus (recording `options`), and fires `focusin`. */
  focus(options) {
    this.focusOptions = options;
    this.ownerDocument.activeElement = this;
    this.dispatch('focusin');
  }
  replaceChildren(...nodes) {
    for (const child of [...this.children]) child.remove();
    this.text = '';
    this.append(...nodes);
  }
  /**
   * Markup, parsed crudely: an element for each start tag, so that a test
   * sees any element made from text the client should have kept as text.
   */
  set innerHTML(markup) {
    this.replaceChildren();
    this.insertAdjacentHTML('beforeend', markup);
  }
  get innerHTML() { return this.textContent; }
  insertAdjacentHTML(position, markup) {
    for (const [, tag] of String(markup).matchAll(/<([a-zA-Z][\w-]*)/g)) {
      this.append(this.ownerDocument.createElement(tag));
    }
  }

  get firstChild() { return this.children[0] ?? null; }
  get nextSibling() {
    if (this.parentNode === null) return null;
    const siblings = this.parentNode.children;
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  cloneNode(deep) {
    const copy = new FakeElement(this.ownerDocument, this.tagName);
    copy.className = this.className;
    copy.text = this.text;
    for (const [key, value] of this.attributes) copy.attributes.set(key, value);
    for (const [key, value] of Object.entries(this.style)) {
      if (typeof value !== 'function') copy.style[key] = value;
    }
    if (deep) copy.append(...this.children.map((child) => child.cloneNode(true)));
    return copy;
  }

  /** Every element below this one, depth first: document order. */
  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }
  /** The elements below this one with an attribute: `name` or `[name]`. */
  querySelectorAll(selector) {
    const name = attributeOf(selector);
    return [...this.descendants()].filter((element) => element.hasAttribute(name));
  }
  /** The first element below this one with an attribute, or `null`. */
  querySelector(selector) { return this.querySelectorAll(selector)[0] ?? null; }
  closest(selector) {
    const name = attributeOf(selector);
    for (let node = this; node !== null; node = node.parentNode) {
      if (node.hasAttribute(name)) return node;
    }
    return null;
  }
  contains(other) {
    for (let node = other; node !== null; node = node.parentNode) if (node === this) return true;
    return false;
  }

  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
  }
  removeEventListener(type, listener) {
    const listeners = this.listeners.get(type) ?? [];
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  }
  /** Fires an event here, bubbling up through the parents. */
  dispatch(type, event = {}) {
    const fired = { type, target: this, ...event };
    for (let node = this; node !== null; node = node.parentNode) {
      for (const listener of node.listeners.get(type) ?? []) listener(fired);
    }
  }

  animate(keyframes, options) {
    const animation = new FakeAnimation(this, keyframes, options);
    this.animations.push(animation);
    this.ownerDocument.animations.push(animation);
    return animation;
  }
  get running() { return this.animations.filter((animation) => animation.running); }

  /** The box from the inline style, moved by running translations, inside the parent's. */
  getBoundingClientRect() {
    const base = this.parentNode?.getBoundingClientRect() ?? { left: 0, top: 0 };
    let left = base.left + (parseFloat(this.style.left) || 0) - (this.parentNode?.scrollLeft ?? 0);
    let top = base.top + (parseFloat(this.style.top) || 0) - (this.parentNode?.scrollTop ?? 0);
    let width = parseFloat(this.style.width) || 0;
    let height = parseFloat(this.style.height) || 0;
    // A running animation of `transform` replaces the inline one.
    let matrix = matrixOf(this.style.transform);
    for (const animation of this.running) {
      const [dx, dy] = animation.value('transform', translate) ?? [0, 0];
      left += dx;
      top += dy;
      width = animation.value('width', number)?.[0] ?? width;
      height = animation.value('height', number)?.[0] ?? height;
      if (animation.keyframes[0].transform !== undefined) {
        matrix = matrixOf(animation.keyframes[0].transform);
      }
    }
    if (matrix === null) return { left, top, width, height };
    // The box under the matrix about its centre, as a bounding box.
    const [a, b, c, d, tx, ty] = matrix;
    const xs = [];
    const ys = [];
    for (const [x, y] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
      const [px, py] = [(x * width) / 2, (y * height) / 2];
      xs.push(a * px + c * py + tx);
      ys.push(b * px + d * py + ty);
    }
    const [centreX, centreY] = [left + width / 2, top + height / 2];
    return {
      left: centreX + Math.min(...xs), top: centreY + Math.min(...ys),
      width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys),
    };
  }
  opacity() {
    let opacity = 1;
    for (const animation of this.running) {
      opacity = animation.value('opacity', number)?.[0] ?? opacity;
    }
    return opacity;
  }
}

/** The attribute a selector names: `name` or `[name]`. */
const attributeOf = (selector) => selector.replace(/^\[(.*)\]$/, '$1');

export class FakeDocument {
  animations = [];
  activeElement = null;
  constructor() {
    this.documentElement = this.createElement('html');
    this.body = this.createElement('body');
    this.documentElement.append(this.body);
  }
  querySelectorAll(selector) { return this.documentElement.querySelectorAll(selector); }
  createElement(tag) { return new FakeElement(this, tag); }
  createDocumentFragment() {
    const fragment = new FakeElement(this, '#document-fragment');
    fragment.isFragment = true;
    return fragment;
  }
  get running() { return this.animations.filter((animation) => animation.running); }
}
