// Draws one list into its `[data-diffable-list]` element and animates its
// changes (Documentation/Web.md, "The page").
//
// The list element scrolls; inside it, one content element sized like the
// layout's content holds the window's cells, absolutely positioned at their
// frames, in snapshot order, with the section supplementaries around them
// and each orthogonal section's cells in a band that scrolls sideways. Every
// string reaches the page as text: elements are built with `createElement`
// and `textContent`, never from HTML.
//
// Each change is drawn at the next animation frame (`scheduleDraw`; at once
// without it), and drawing reads no layout after writing. A batch animates with the Web Animations
// API and two CSS animations: cells that arrive fade in (the stylesheet's
// `diffable-fade-in`, started by the class `diffable-arriving`: one class
// costs the browser far less than one `Element.animate` call, and a batch
// may bring in a hundred cells), cells that leave fade out in place (the
// class `diffable-leaving` and its `diffable-fade-out`, having
// lost `data-item` first), reloaded cells cross-fade, and cells whose frame
// changed slide there from where they are on screen at that moment, so an
// interrupted animation carries on from its current position and opacity
// instead of jumping or stacking. `data-idle` is set exactly when none of
// the list's animations runs. What to do is decided by `render-plan.js`.
//
// Cells of the sections the layout names `estimated` size themselves: after
// a draw, at the next animation frame, the renderer measures the content of
// each such cell in the window (a copy of it, in a hidden holder, with its
// estimated lengths free), and hands the sizes that differ from the cells'
// frames to `onMeasure`; the server answers with a `layout` whose frames
// follow them, which is drawn like any other, moving what follows. The list
// is not idle from the draw until that answer comes.
//
// Cells of sections with a `visibleItemsInvalidationHandler` carry what it
// left (the list state's `visible`, from `visible` messages) as inline
// style: opacity, a transform about the box's centre, z-index and
// visibility, and the handler's frame when it moved the cell. A `visible`
// message restyles only the cells it names, with no layout read. The
// batch animations compose with it: a slide's keyframes are its
// translation followed by the cell's transform (and are rewritten when a
// `visible` message changes the transform mid-slide), fades end at the
// cell's opacity, and positions read for a slide are those of the box
// under the transform.
//
// Where the layout has `patterns`, the slots of items whose cells are not
// drawn show placeholders (`div.diffable-placeholder`, aria-hidden, in a
// holder at the start of the content) across the view and half a visible
// length around it: redrawn at each scroll event, after each draw and on
// `refresh()`, from a pool of elements, looking at the slots in view only.

import {
  arrowTarget, batchCounts, batchSummary, createAnnouncer, focusSuccessor, gridRows, isGrid,
  pageTarget,
} from './access-plan.js';
import {
  batchChanges, cellBox, contentOrder, moveRuns, pinPlacement, placeholderBox, placeholderRect,
  placeholderSlots, planCells, reorder, scrollAnchor, scrollAxis, sizesToSend, slideTransform, snapPoints,
  stackedLayout, supplementaryKey, untransformedRect, visibleStyle,
} from './render-plan.js';
import { fillTemplate } from './cell-template.js';
import { itemPosition } from './model.js';

/**
 * The class that fades a cell in, by the stylesheet's CSS animation
 * `ARRIVAL_ANIMATION`, from transparent to the cell's own opacity (its
 * handler's alpha, even one set while it runs).
 */
export const ARRIVING_CLASS = 'diffable-arriving';

/** The name of the CSS animation of `ARRIVING_CLASS` (diffable.css). */
export const ARRIVAL_ANIMATION = 'diffable-fade-in';

/**
 * The class of an element fading out where it is, having lost its
 * identity: the stylesheet's CSS animation `DEPARTURE_ANIMATION` takes it
 * from its own opacity to transparent, and keeps it there.
 */
export const LEAVING_CLASS = 'diffable-leaving';

/** The name of the CSS animation of `LEAVING_CLASS` (diffable.css). */
export const DEPARTURE_ANIMATION = 'diffable-fade-out';

/** How long a batch's animations take, in milliseconds. */
export const ANIMATION_DURATION = 300;

/**
 * The class of the arrow drawn from a moved item's old place to its new
 * one, and of the flash of a reconfigured cell, in a list that shows its
 * changes (`showsChanges` on its reload); their CSS animations
 * (diffable.css) are `ARROW_ANIMATION` and `FLASH_ANIMATION`.
 */
export const ARROW_CLASS = 'diffable-move-arrow';
export const ARROW_ANIMATION = 'diffable-arrow';
export const FLASH_CLASS = 'diffable-flash';
export const FLASH_ANIMATION = 'diffable-flash';

/**
 * Where the arrow of a move goes, in the content's coordinates: from the
 * centre of the box `from` to the centre of the box `to` (each `{x, y,
 * width, height}`), as the box of a line `length` long turned by `angle`
 * radians about its start; `null` when the centres are within 1 px.
 */
export function arrowBox(from, to) {
  const [x1, y1] = [from.x + from.width / 2, from.y + from.height / 2];
  const [x2, y2] = [to.x + to.width / 2, to.y + to.height / 2];
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length < 1) return null;
  return { left: x1, top: y1, length, angle: Math.atan2(y2 - y1, x2 - x1) };
}

/**
 * The most sizes one `measure` message carries (the server's limit); more
 * go in several.
 */
export const MAXIMUM_MEASURED_ITEMS = 1000;

/**
 * How long, in milliseconds, a list that sent measured sizes stays busy
 * waiting for the server's answer before it counts as idle anyway.
 */
export const MEASURE_ANSWER_TIMEOUT = 2000;

/** A measured length, to the hundredth of a pixel. */
/**
 * What an element of the first paint shows, as far as the renderer knows:
 * nothing it can compare, so the first reload fills it again in place.
 */
const ADOPTED = Object.freeze({});

const hundredths = (value) => Math.round(value * 100) / 100;

const px = (value) => `${value}px`;

/**
 * The box each element was last given by {@link place}, relative to its
 * parent: where it sits once its animations end, known without asking the
 * browser for a layout.
 */
const placed = new WeakMap();

/** Sets an element's box (left, top, width, height) in pixels. */
function place(element, box) {
  placed.set(element, box);
  element.style.left = px(box.left);
  element.style.top = px(box.top);
  element.style.width = px(box.width);
  element.style.height = px(box.height);
}

/**
 * Fills an element with a cell's content, as text: the swatch, the image's
 * mark, the text and secondary text, or the page's template the cell names
 * filled with its fields (cell-template.js); then the accessories.
 *
 * @param {Document} document The document to make elements with.
 * @param {Element} element The cell or supplementary element.
 * @param {object} cell A checked cell (`WebCell`).
 * @param {(message: string) => void} [refuse] Told of a URL the cell's
 *   template may not have, or of a template the page lacks.
 */
export function fillCell(document, element, cell, refuse = () => {}) {
  const make = (tag, className, text) => {
    const child = document.createElement(tag);
    child.className = className;
    if (text !== undefined) child.textContent = text;
    return child;
  };
  const parts = [];
  element.style.setProperty('--diffable-indentation', String(cell.indentation ?? 0));
  const templated = cell.template === undefined
    ? null : fillTemplate(document, cell.template, refuse);
  if (templated !== null) parts.push(templated);
  else fillBuiltIn(document, cell, make, parts);
  fillAccessories(element, cell, make, parts);
  element.replaceChildren(...parts);
}

/** The built-in content of a cell: the swatch, the image's mark and the texts. */
function fillBuiltIn(document, cell, make, parts) {
  if (cell.color !== undefined) {
    const swatch = make('span', 'diffable-swatch');
    swatch.style.backgroundColor = cell.color;
    swatch.setAttribute('aria-hidden', 'true');
    parts.push(swatch);
  }
  if (cell.image !== undefined) {
    const image = make('span', 'diffable-image', (cell.image.at(0) ?? '').toUpperCase());
    image.setAttribute('title', cell.image);
    image.setAttribute('data-image', cell.image);
    image.setAttribute('aria-hidden', 'true');
    parts.push(image);
  }
  const texts = make('span', 'diffable-texts');
  texts.append(make('span', 'diffable-text', cell.text));
  if (cell.secondaryText !== undefined) {
    texts.append(make('span', 'diffable-secondary-text', cell.secondaryText));
  }
  parts.push(texts);
}

/** A cell's accessories, after its content; `aria-expanded` from a disclosure mark. */
function fillAccessories(element, cell, make, parts) {
  const accessories = cell.accessories ?? [];
  element.removeAttribute('aria-expanded');
  if (accessories.length > 0) {
    const holder = make('span', 'diffable-accessories');
    for (const accessory of accessories) {
      switch (accessory.type) {
        case 'disclosure': {
          const mark = make('span', 'diffable-disclosure');
          mark.setAttribute('aria-hidden', 'true');
          if (accessory.expanded !== undefined) {
            mark.setAttribute('data-expanded', String(accessory.expanded));
            element.setAttribute('aria-expanded', String(accessory.expanded));
          }
          holder.append(mark);
          break;
        }
        case 'switch': {
          const toggle = make('span', 'diffable-switch');
          toggle.setAttribute('role', 'switch');
          toggle.setAttribute('aria-checked', String(accessory.on === true));
          toggle.setAttribute('aria-label', cell.text);
          toggle.setAttribute('data-on', String(accessory.on === true));
          holder.append(toggle);
          break;
        }
        case 'checkmark': {
          const mark = make('span', 'diffable-checkmark', '✓');
          mark.setAttribute('aria-label', 'selected');
          holder.append(mark);
          break;
        }
        default:
          holder.append(make('span', 'diffable-badge', accessory.text));
      }
    }
    parts.push(holder);
  }
}

/** The number of the last element given an `id` by a renderer of this page. */
let lastElementNumber = 0;

/** An element's `id`, given one unique on the page when it has none. */
const idOf = (element) => {
  if (!element.id) {
    lastElementNumber += 1;
    element.id = `diffable-${lastElementNumber}`;
  }
  return element.id;
};

/** Sets an attribute, or removes it when `value` is `null`, writing only a change. */
const setAttribute = (element, name, value) => {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
};

/** A cell's accessible name: its text, then its secondary text. */
const nameOf = (cell) => (cell.secondaryText === undefined
  ? cell.text : `${cell.text}, ${cell.secondaryText}`);

/** Whether a supplementary kind names a section header. */
const isHeaderKind = (kind) => /header/i.test(kind);

/**
 * Makes the renderer of one list.
 *
 * ```js
 * const renderer = createRenderer(document.querySelector('[data-diffable-list="main"]'));
 * connect({ ..., onChange: (change) => renderer.show(change) });
 * ```
 *
 * @param {Element} root The list element, `[data-diffable-list]`: a scroll
 *   container (diffable.css makes it one).
 * @param {object} [options]
 * @param {() => boolean} [options.motion] Whether to animate; by default,
 *   unless the user prefers reduced motion.
 * @param {(callback: () => void) => void} [options.requestFrame] Calls back
 *   at the next animation frame (`requestAnimationFrame` by default).
 * @param {() => number} [options.now] The clock of `receivedAt`
 *   (`performance.now()` by default).
 * @param {(draw: (inFrame: boolean) => void) => void} [options.scheduleDraw]
 *   When given, changes are not drawn as they arrive but when it calls
 *   `draw` back, all that arrived since in order: at the next animation
 *   frame (`inFrame` true), so that a change drawn late in a frame's
 *   interval does not wait for the frame after; or from a timer when no
 *   frame comes (a hidden tab; `inFrame` false). Without it, each change is
 *   drawn at once.
 * @param {(type: string, ms: number) => void} [options.onFirstFrame] Told,
 *   for each change, the milliseconds from its message's arrival to the
 *   first animation frame that shows it: the end of its drawing when it was
 *   drawn in an animation frame (the frame's rendering follows), the next
 *   frame's callbacks otherwise.
 * @param {(element: Element) => number} [options.opacityOf] An element's
 *   opacity as drawn now (from `getComputedStyle` by default).
 * @param {number} [options.duration] Milliseconds an animation takes.
 * @param {(sizes: Object<string, number[]>) => boolean} [options.onMeasure]
 *   Given the measured sizes `[width, height]` of self-sizing cells, by
 *   item, to send to the server; returns whether it sent them. Without it,
 *   nothing is measured.
 * @param {(element: Element) => {width: number, height: number}} [options.sizeOf]
 *   The size of a measuring copy of a cell as laid out (its bounding box by
 *   default).
 * @param {{setTimeout: Function, clearTimeout: Function}} [options.clock]
 *   The timers of the wait for the server's answer to a measurement.
 * @param {(message: string) => void} [options.onRefusal] Told, naming the
 *   item, of a URL a cell's template may not have or of a template the page
 *   lacks (the cell shows the rest).
 * @returns {{show: (change: import('./connection.js').ConnectionChange) => Promise<void>,
 *   isIdle: () => boolean, content: Element, axis: () => 'x' | 'y' | null}}
 *   `show` draws a change and returns a promise settled when its
 *   animations are over (the connection acknowledges a batch then); `axis`
 *   is the scroll axis of the layout last drawn, `null` before one;
 *   `placeholders` the count of placeholders shown; `refresh` shows the
 *   placeholders of the list's view as it is now (after a resize).
 */
export function createRenderer(root, {
  motion = () => !(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false),
  requestFrame = (callback) => globalThis.requestAnimationFrame(callback),
  now = () => globalThis.performance.now(),
  onFirstFrame = () => {},
  opacityOf = (element) => Number(globalThis.getComputedStyle(element).opacity),
  duration = ANIMATION_DURATION,
  scheduleDraw,
  onMeasure,
  sizeOf = (element) => {
    const box = element.getBoundingClientRect();
    return { width: box.width, height: box.height };
  },
  clock = globalThis,
  onRefusal = () => {},
} = {}) {
  const document = root.ownerDocument;
  /** What tells `onRefusal` of a refusal in the cell of `what`. */
  const refusing = (what) => (message) => onRefusal(`${what}: ${message}`);
  // A list whose page's HTML holds its first window (`data-first-paint`):
  // its content is adopted, not made.
  const drawn = root.hasAttribute('data-first-paint')
    ? ([...root.children].find((child) => child.classList.contains('diffable-content')) ?? null)
    : null;
  const content = drawn ?? document.createElement('div');
  content.className = 'diffable-content';
  // The duration of the stylesheet's fades, which is every animation's.
  content.style.setProperty('--diffable-duration', `${duration}ms`);
  if (drawn === null) root.append(content);
  root.setAttribute('data-idle', '');
  content.setAttribute('role', 'none');
  // The rows that own a grid's cells (`aria-owns`): the cells stay where
  // the layout puts them, and assistive technology reads them by row.
  const rowHolder = document.createElement('div');
  rowHolder.className = 'diffable-rows';
  rowHolder.setAttribute('role', 'none');
  root.append(rowHolder);
  // The polite live region that says what a batch changed: after the
  // list, which holds only its items.
  const live = document.createElement('div');
  live.className = 'diffable-live';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  if (root.parentNode === null) root.append(live);
  else root.parentNode.insertBefore(live, root.nextSibling);
  const announcer = createAnnouncer({
    write: (text) => { live.textContent = text; },
    now,
    clock,
  });

  /** The element of each cell in the window, and the cell it shows. */
  const cellElements = new Map();
  const shown = new Map();
  /** Supplementary elements by key: `{element, wrapper}`, the wrapper of a pinned one. */
  const supplementaries = new Map();
  /** Band elements by section: `{element, inner, points}`. */
  const bands = new Map();
  /** Elements fading out: they lost their identity and leave when done. */
  const ghosts = new Set();
  /** The animations running on each element, and all of them. */
  const animationsOf = new WeakMap();
  const running = new Set();
  /**
   * The keyframes of each slide or fade running on a cell, from the cell's
   * transform and opacity: `(transform, alpha) => keyframes`.
   */
  const restyles = new WeakMap();
  /** The visible attributes each cell element is styled with, if any. */
  const visibleOf = new WeakMap();

  /** Every element with animations, so that a reload can stop them all. */
  const animated = new Set();

  /** Changes waiting for `scheduleDraw`: `{change, resolve, reject}`. */
  let waiting = [];

  /**
   * Self-sizing cells: the size of each one's content, with the cell and
   * the fixed lengths (`null` where free) it was measured for.
   */
  const measuredSizes = new Map();
  /** The size last sent for each item in the window; a reload forgets them. */
  const sentSizes = new Map();
  /** Whether a measurement waits for its animation frame. */
  let measureScheduled = false;
  /** The timer of the wait for the server's answer to sizes sent, or `null`. */
  let answerTimer = null;
  /** The layout last drawn. */
  let drawnLayout = null;
  /**
   * Elements built and filled while their change waits for its frame, for
   * the cells it brings in: `{cell, element}` by item. Not yet in the
   * document, so building them costs the page no layout; they fade in
   * once drawn.
   */
  const prepared = new Map();

  /** Makes a cell's element, filled, not yet in the document. */
  const makeCell = (item, cell) => {
    const element = document.createElement('div');
    element.className = 'diffable-cell';
    element.setAttribute('data-item', item);
    fillCell(document, element, cell, refusing(`item ${JSON.stringify(item)}`));
    return element;
  };

  /**
   * Whether the list's cells are selectable, as its last `reload` said: the
   * list is then a listbox of options, selected where a cell has a
   * checkmark.
   */
  let selectable = false;
  /** Whether the list points out what each batch does, as its last `reload` said. */
  let showsChanges = false;
  /** The item that holds the list's one tab stop: the last focused, or the window's first. */
  let activeItem = null;
  /** An item a key moved the focus to beyond the window: focused once drawn. */
  let pendingFocus = null;
  /** The list's state, its window's cells and scroll axis as last drawn. */
  let drawnState = null;
  let drawnCells = [];
  let drawnAxis = 'y';
  /** Whether the list reads as a grid (rows of cells) rather than a list. */
  let grid = false;
  /** The focused cell, kept in the DOM though it left the window, or `null`. */
  let keptOutside = null;

  if (drawn !== null) adopt();

  // Placeholders: quiet boxes at the slots of the layout's patterns whose
  // items have no cell drawn, in what is visible and half a visible length
  // around it. They are in a holder of their own at the start of the
  // content (there while it holds any), so that no walk of the cells meets
  // them, and hidden from assistive technology; their elements are reused,
  // the surplus removed.
  const placeholderHolder = document.createElement('div');
  placeholderHolder.className = 'diffable-placeholders';
  placeholderHolder.setAttribute('aria-hidden', 'true');
  const placeholderPool = [];
  /** The items of each section of the list last drawn, but those in bands. */
  let placeholderItems = new Map();
  /** Where each section's drawn cells are along the scroll axis, `[start, end]`. */
  let placeholderExtents = new Map();

  /**
   * Shows the placeholders of the view `{x, y, width, height}` (the list's
   * scroll offset and client size): O(slots in view + cells drawn).
   */
  const drawPlaceholders = (view) => {
    const patterns = drawnLayout?.patterns ?? [];
    const slots = patterns.length === 0 ? [] : placeholderSlots(
      patterns, (section) => placeholderItems.get(section), placeholderRect(view, drawnAxis),
      (item) => cellElements.has(item), undefined,
      (section) => placeholderExtents.get(section) ?? null);
    slots.forEach(({ frame }, i) => {
      let element = placeholderPool[i];
      if (element === undefined) {
        element = document.createElement('div');
        element.className = 'diffable-placeholder';
        element.setAttribute('data-placeholder', '');
        element.setAttribute('aria-hidden', 'true');
        placeholderHolder.append(element);
        placeholderPool.push(element);
      }
      place(element, placeholderBox(frame));
    });
    while (placeholderPool.length > slots.length) placeholderPool.pop().remove();
    if (slots.length === 0) placeholderHolder.remove();
    else if (placeholderHolder.parentNode !== content) {
      content.insertBefore(placeholderHolder, content.firstChild);
    }
  };
  /** The list's view as it is now: read, so not to be called after a write in a draw. */
  const currentView = () => ({
    x: root.scrollLeft, y: root.scrollTop, width: root.clientWidth, height: root.clientHeight,
  });
  // Before the frame the scroll shows is drawn.
  root.addEventListener('scroll', (event) => {
    if (event.target === root) drawPlaceholders(currentView());
  }, { passive: true });

  /**
   * Takes the elements of the first paint as the renderer's own: its cells
   * as shown with unknown content (the first reload fills them in place,
   * and removes those it does not have), its bands, and its supplementaries
   * with their pin ranges. Elements of no known shape are removed.
   */
  function adopt() {
    for (const element of [...content.querySelectorAll('[data-item]')]) {
      const item = element.getAttribute('data-item');
      if (item === null || cellElements.has(item)) {
        element.remove();
        continue;
      }
      cellElements.set(item, element);
      shown.set(item, ADOPTED);
      if (element.getAttribute('role') === 'option') selectable = true;
    }
    for (const element of [...content.children]) {
      const section = element.getAttribute('data-band');
      if (section === null) continue;
      const inner = [...element.children]
        .find((child) => child.classList.contains('diffable-band-content'));
      if (inner === undefined || bands.has(section)) {
        element.remove();
        continue;
      }
      bands.set(section, { element, inner, markers: [], points: '' });
    }
    for (const element of [...content.querySelectorAll('[data-kind]')]) {
      const key = supplementaryKey({
        kind: element.getAttribute('data-kind'),
        section: element.getAttribute('data-section'),
        index: Number(element.getAttribute('data-index')),
      });
      const parent = element.parentNode;
      const wrapper = parent !== content && parent?.classList.contains('diffable-pin-range')
        ? parent : null;
      if (supplementaries.has(key)) {
        (wrapper ?? element).remove();
        continue;
      }
      supplementaries.set(key, { element, wrapper, cell: null });
    }
  }

  /** Builds the elements of the cells a waiting change brings in. */
  const prepare = ({ list, message, after }) => {
    const cells = after.lists.get(list)?.cells;
    if (cells === undefined || message.cells === null || typeof message.cells !== 'object') return;
    for (const item of Object.keys(message.cells)) {
      const cell = cells.get(item);
      if (cell === undefined || cellElements.has(item) || prepared.has(item)) continue;
      prepared.set(item, { cell, element: makeCell(item, cell) });
    }
  };

  const isIdle = () => running.size === 0 && waiting.length === 0 && !measureScheduled
    && answerTimer === null;
  const updateIdle = () => {
    if (isIdle()) root.setAttribute('data-idle', '');
    else root.removeAttribute('data-idle');
  };

  /** Stops an element's animations at once: it shows its own style again. */
  const cancelAnimations = (element) => {
    const mine = animationsOf.get(element);
    if (mine === undefined) return;
    animationsOf.delete(element);
    animated.delete(element);
    for (const animation of mine) {
      running.delete(animation);
      animation.cancel();
    }
  };

  /**
   * Starts a Web Animation and tracks it (`track`).
   *
   * @returns {Promise<void>} Settled when the animation is over.
   */
  const animate = (element, keyframes, { fill = 'none', after, restyle } = {}) => {
    const animation = element.animate(keyframes, { duration, easing: 'ease-in-out', fill });
    if (restyle !== undefined) restyles.set(animation, restyle);
    return track(element, animation, after);
  };

  /**
   * Tracks an animation of `element` (anything with `cancel()` and a
   * `finished` promise) until it finishes or is cancelled; `after` runs
   * then, before the list may turn idle.
   *
   * @returns {Promise<void>} Settled when the animation is over.
   */
  const track = (element, animation, after) => {
    let mine = animationsOf.get(element);
    if (mine === undefined) {
      mine = new Set();
      animationsOf.set(element, mine);
    }
    mine.add(animation);
    animated.add(element);
    running.add(animation);
    const over = () => {
      if (animationsOf.get(element) === mine) {
        mine.delete(animation);
        if (mine.size === 0) {
          animationsOf.delete(element);
          animated.delete(element);
        }
      }
      running.delete(animation);
      after?.();
      updateIdle();
    };
    return animation.finished.then(over, over);
  };

  /**
   * Starts the stylesheet's CSS animation `name` on `element` by adding
   * `className`, and tracks it (`track`) until its `animationend`, or until
   * it is cancelled; then the class goes (which stops the animation) and
   * `after` runs.
   *
   * @returns {Promise<void>} Settled when the animation is over.
   */
  const animateByClass = (element, className, name, after) => {
    let settle;
    const finished = new Promise((resolve) => { settle = resolve; });
    const ended = (event) => {
      if (event.target === element && event.animationName === name) end();
    };
    const end = () => {
      element.removeEventListener('animationend', ended);
      element.classList.remove(className);
      settle();
    };
    element.addEventListener('animationend', ended);
    element.classList.add(className);
    return track(element, { cancel: end, finished }, after);
  };

  /**
   * Points out what a batch did, in a list that shows its changes: an
   * arrow from where each moved cell was on screen (`first`, read before
   * the batch) to where it goes, fading out as a ghost does, and a flash
   * of each reconfigured cell. Returns their animations' ends.
   */
  const pointOut = (update, before, first, plan, changes) => {
    const ends = [];
    for (const [from] of update.itemMoves) {
      const item = before?.sections[from[0]]?.items[from[1]];
      const element = cellElements.get(item);
      const was = first.get(element)?.visual;
      const box = placed.get(element);
      if (was === undefined || box === undefined || element.parentNode !== content) continue;
      const line = arrowBox(was, { x: box.left, y: box.top, width: box.width, height: box.height });
      if (line === null) continue;
      const arrow = document.createElement('div');
      arrow.setAttribute('aria-hidden', 'true');
      arrow.style.left = px(line.left);
      arrow.style.top = px(line.top);
      arrow.style.width = px(line.length);
      arrow.style.transform = `rotate(${line.angle}rad)`;
      content.append(arrow);
      ghosts.add(arrow);
      ends.push(animateByClass(arrow, ARROW_CLASS, ARROW_ANIMATION, () => {
        ghosts.delete(arrow);
        arrow.remove();
      }));
    }
    for (const { item, effect } of plan.cells) {
      if (effect !== 'update' || !changes.reconfigured.has(item)) continue;
      ends.push(animateByClass(cellElements.get(item), FLASH_CLASS, FLASH_ANIMATION, undefined));
    }
    return ends;
  };

  /** Fades a cell in, to its own opacity (`ARRIVING_CLASS`). */
  const fadeInCell = (element) =>
    animateByClass(element, ARRIVING_CLASS, ARRIVAL_ANIMATION, undefined);

  /**
   * An element's rect relative to another element's box. `origins` keeps
   * the boxes of origins already read, for a run of reads with no write in
   * between.
   */
  const rectOf = (element, origin, origins) => {
    const box = element.getBoundingClientRect();
    let base = origins?.get(origin);
    if (base === undefined) {
      base = origin.getBoundingClientRect();
      origins?.set(origin, base);
    }
    return { x: box.left - base.left, y: box.top - base.top, width: box.width, height: box.height };
  };

  /**
   * Styles a cell with its visible attributes (`undefined`: none), and
   * brings the keyframes of a slide or fade-in it is in to its new
   * transform and opacity.
   */
  const styleCell = (element, attributes) => {
    if (attributes === undefined && !visibleOf.has(element)) return;
    const style = visibleStyle(attributes);
    element.style.opacity = style.opacity;
    element.style.transform = style.transform;
    element.style.zIndex = style.zIndex;
    element.style.visibility = style.visibility;
    if (attributes === undefined) visibleOf.delete(element);
    else visibleOf.set(element, attributes);
    for (const animation of animationsOf.get(element) ?? []) {
      const restyle = restyles.get(animation);
      if (restyle !== undefined && typeof animation.effect?.setKeyframes === 'function') {
        animation.effect.setKeyframes(restyle(style.transform, attributes?.alpha ?? 1));
      }
    }
  };

  /** The box of a cell as drawn, less its handler's transform. */
  const boxOf = (element, origin, origins) => untransformedRect(
    rectOf(element, origin, origins), visibleOf.get(element), placed.get(element));

  /**
   * Carries out `reorder`'s moves, each run of adjacent elements in one
   * insertion of a fragment.
   */
  const insertRuns = (parent, moves) => {
    for (const { nodes, before } of moveRuns(moves)) {
      if (nodes.length === 1) {
        parent.insertBefore(nodes[0], before);
      } else {
        const fragment = document.createDocumentFragment();
        fragment.append(...nodes);
        parent.insertBefore(fragment, before);
      }
    }
  };

  /** Takes a fading element's identity away and fades it out where it is. */
  const fadeOut = (element, from, opacity) => {
    element.removeAttribute('data-item');
    element.removeAttribute('data-section');
    element.setAttribute('aria-hidden', 'true');
    if (from !== undefined) {
      place(element, { left: from.x, top: from.y, width: from.width, height: from.height });
    }
    // The fade starts from the opacity read, which the element keeps as its own.
    element.style.opacity = String(opacity);
    ghosts.add(element);
    return animateByClass(element, LEAVING_CLASS, DEPARTURE_ANIMATION, () => {
      ghosts.delete(element);
      element.remove();
    });
  };

  /** Removes every fading element and stops every animation: a reload draws at once. */
  const stopEverything = () => {
    for (const element of [...animated]) cancelAnimations(element);
    for (const ghost of ghosts) ghost.remove();
    ghosts.clear();
  };

  /** Creates, moves and fills the bands of a layout; removes the others. */
  const drawBands = (layout, axis) => {
    const wanted = new Map(layout.bands.map((band) => [band.section, band]));
    for (const [section, entry] of bands) {
      if (wanted.has(section)) continue;
      cancelAnimations(entry.element);
      entry.element.remove();
      bands.delete(section);
    }
    const across = axis === 'y' ? 'x' : 'y';
    for (const band of layout.bands) {
      let entry = bands.get(band.section);
      if (entry === undefined) {
        const element = document.createElement('div');
        element.className = 'diffable-band';
        element.setAttribute('data-band', band.section);
        const inner = document.createElement('div');
        inner.className = 'diffable-band-content';
        element.append(inner);
        content.append(element);
        entry = { element, inner, markers: [], points: '' };
        bands.set(band.section, entry);
      }
      const [x, y, width, height] = band.frame;
      place(entry.element, { left: x, top: y, width, height });
      entry.element.setAttribute('data-band-axis', across);
      if (across === 'x') {
        entry.inner.style.width = px(band.contentWidth);
        entry.inner.style.height = px(height);
      } else {
        entry.inner.style.width = px(width);
        entry.inner.style.height = px(band.contentWidth);
      }
      const points = snapPoints(
        band.rests, band.contentWidth, across === 'x' ? width : height);
      const key = points.join(' ');
      if (key !== entry.points) {
        for (const marker of entry.markers) marker.remove();
        entry.markers = points.map((point) => {
          const marker = document.createElement('span');
          marker.className = 'diffable-rest';
          marker.setAttribute('aria-hidden', 'true');
          marker.style[across === 'x' ? 'left' : 'top'] = px(point);
          entry.inner.append(marker);
          return marker;
        });
        entry.points = key;
        if (points.length > 0) entry.element.setAttribute('data-snapping', '');
        else entry.element.removeAttribute('data-snapping');
      }
    }
    return wanted;
  };

  /** Creates, places and fills the supplementaries of a layout; removes the others. */
  const drawSupplementaries = (layout, axis) => {
    const wanted = new Map(layout.supplementaries
      .map((supplementary) => [supplementaryKey(supplementary), supplementary]));
    for (const [key, entry] of supplementaries) {
      if (wanted.has(key)) continue;
      cancelAnimations(entry.element);
      (entry.wrapper ?? entry.element).remove();
      supplementaries.delete(key);
    }
    for (const [key, supplementary] of wanted) {
      let entry = supplementaries.get(key);
      if (entry === undefined) {
        const element = document.createElement('div');
        element.className = 'diffable-supplementary';
        element.setAttribute('data-kind', supplementary.kind);
        element.setAttribute('data-section', supplementary.section);
        element.setAttribute('data-index', String(supplementary.index));
        entry = { element, wrapper: null, cell: null };
        supplementaries.set(key, entry);
      }
      const { element } = entry;
      const text = JSON.stringify(supplementary.cell);
      if (entry.cell !== text) {
        fillCell(document, element, supplementary.cell, refusing(`supplementary ${JSON.stringify(key)}`));
        entry.cell = text;
        entry.name = nameOf(supplementary.cell);
      }
      for (const side of ['left', 'top', 'right', 'bottom', 'marginLeft', 'marginTop']) {
        element.style[side] = '';
      }
      if (supplementary.pin === null) {
        if (entry.wrapper !== null) {
          entry.wrapper.remove();
          entry.wrapper = null;
        }
        element.removeAttribute('data-pinned');
        const [x, y, width, height] = supplementary.frame;
        place(element, { left: x, top: y, width, height });
        if (element.parentNode !== content) content.append(element);
        continue;
      }
      if (entry.wrapper === null) {
        cancelAnimations(element);
        entry.wrapper = document.createElement('div');
        entry.wrapper.className = 'diffable-pin-range';
        entry.wrapper.setAttribute('aria-hidden', 'false');
        content.append(entry.wrapper);
      }
      if (element.parentNode !== entry.wrapper) entry.wrapper.append(element);
      const { wrapper, offset, side } = pinPlacement(supplementary, axis);
      place(entry.wrapper, wrapper);
      entry.wrapper.setAttribute('data-axis', axis);
      element.setAttribute('data-pinned', side);
      element.style.width = px(supplementary.frame[2]);
      element.style.height = px(supplementary.frame[3]);
      element.style[axis === 'x' ? 'marginLeft' : 'marginTop'] = px(offset);
      element.style[side] = '0px';
    }
  };

  /** The item of the cell that has the keyboard's focus, or `null`. */
  const focusedItem = () => {
    const active = document.activeElement;
    if (active === null || active === undefined || !root.contains(active)) return null;
    const item = active.getAttribute('data-item');
    return item !== null && cellElements.get(item) === active ? item : null;
  };

  /**
   * Gives the list, its cells and supplementaries their roles and
   * positions: a list (a listbox when selectable) of items that know their
   * place in the whole snapshot, its headers headings; an outline, a tree
   * of items with levels; or a grid whose rows own its cells, its headers
   * row headers. One cell holds the list's tab stop.
   */
  const describe = (plan, layout, axis, entries) => {
    grid = isGrid(plan.cells, layout, axis);
    // An outline (levels or disclosure marks in the window) is a tree.
    const tree = !grid && plan.cells.some(({ cell }) => (cell.indentation ?? 0) > 0
      || (cell.accessories ?? []).some((accessory) => accessory.type === 'disclosure'));
    const [listRole, itemRole] = grid
      ? ['grid', 'gridcell']
      : tree ? ['tree', 'treeitem'] : selectable ? ['listbox', 'option'] : ['list', 'listitem'];
    setAttribute(root, 'role', listRole);
    const setSize = String(plan.total);
    if (activeItem === null || !cellElements.has(activeItem)) {
      activeItem = plan.cells[0]?.item ?? null;
    }
    for (const { item, cell, position } of plan.cells) {
      const element = cellElements.get(item);
      const flat = !grid && !tree;
      setAttribute(element, 'role', itemRole);
      setAttribute(element, 'aria-setsize', flat ? setSize : null);
      setAttribute(element, 'aria-posinset', flat ? String(position) : null);
      setAttribute(element, 'aria-level', tree ? String((cell.indentation ?? 0) + 1) : null);
      setAttribute(element, 'aria-selected', selectable
        ? String((cell.accessories ?? []).some((accessory) => accessory.type === 'checkmark'))
        : null);
      setAttribute(element, 'aria-label', nameOf(cell));
      setAttribute(element, 'tabindex', item === activeItem ? '0' : '-1');
    }
    for (const { element, name } of supplementaries.values()) {
      const header = isHeaderKind(element.getAttribute('data-kind') ?? '');
      const role = header ? (grid ? 'rowheader' : 'heading') : (grid ? 'gridcell' : null);
      setAttribute(element, 'role', role);
      setAttribute(element, 'aria-level', header && !grid ? '2' : null);
      // Named by its text as written, not as the stylesheet may case it.
      setAttribute(element, 'aria-label', role === null ? null : (name ?? null));
    }
    const rows = grid ? gridRows(entries, plan.cells, layout.frames, axis) : [];
    // A grid whose window holds every item has all its rows here: their
    // count and each one's place. Otherwise the layout says where the
    // window's rows are in the whole list (`rows`); without that, how many
    // there are is not known here (-1).
    const whole = plan.cells.length === plan.total;
    const supplementaryRows = new Map((layout.rows?.supplementaries ?? [])
      .map((row, i) => [supplementaryKey(layout.supplementaries[i]), row]));
    const placeOf = (row, k) => {
      if (layout.rows === null || layout.rows === undefined) return whole ? k : null;
      const places = row.map((entry) => (entry.type === 'cell'
        ? layout.rows.items.get(entry.item)
        : supplementaryRows.get(entry.key)));
      return places.every((place) => place !== undefined && place >= 0)
        ? Math.min(...places) : null;
    };
    const count = layout.rows ? String(layout.rows.count) : (whole ? String(rows.length) : '-1');
    setAttribute(root, 'aria-rowcount', grid ? count : null);
    while (rowHolder.children.length > rows.length) rowHolder.children[rows.length].remove();
    rows.forEach((row, k) => {
      let element = rowHolder.children[k];
      if (element === undefined) {
        element = document.createElement('div');
        element.setAttribute('role', 'row');
        rowHolder.append(element);
      }
      const owned = row.map((entry) => idOf(entry.type === 'cell'
        ? cellElements.get(entry.item)
        : supplementaries.get(entry.key).element));
      setAttribute(element, 'aria-owns', owned.join(' '));
      const place = placeOf(row, k);
      setAttribute(element, 'aria-rowindex', place === null ? null : String(place + 1));
    });
  };

  /**
   * In a list that shows its geometry (its layout has `geometry`), the
   * outlines of the hovered or focused item's group and section, and a
   * label of the three frames; `null` when none is shown.
   */
  let outlined = null;

  /** Takes the outlines away. */
  const clearOutlines = () => {
    for (const element of outlined?.elements ?? []) {
      ghosts.delete(element);
      element.remove();
    }
    outlined = null;
  };

  /** Outlines `item`'s group and section, and says their frames and its own. */
  const outlineItem = (item) => {
    if (outlined?.item === item) return;
    clearOutlines();
    const geometry = drawnLayout?.geometry;
    const element = cellElements.get(item);
    const frame = drawnLayout?.frames.get(item);
    if (!geometry || element === undefined || frame === undefined) return;
    const section = element.getAttribute('data-section');
    const band = drawnLayout.bands.find((entry) => entry.section === section);
    const words = (rect) => rect.map((value) => hundredths(value)).join(', ');
    const elements = [];
    const add = (className, box, parent, text = null) => {
      const made = document.createElement('div');
      made.className = className;
      made.setAttribute('aria-hidden', 'true');
      if (text !== null) made.textContent = text;
      place(made, box);
      parent.append(made);
      ghosts.add(made);
      elements.push(made);
    };
    const sectionFrame = geometry.sections.get(section);
    if (sectionFrame !== undefined) {
      add('diffable-outline diffable-outline-section', cellBox(sectionFrame, undefined), content);
    }
    const group = geometry.groups.get(item);
    const parent = band === undefined ? content : (bands.get(section)?.inner ?? content);
    if (group !== undefined) {
      add('diffable-outline diffable-outline-group', cellBox(group, band), parent);
    }
    const box = cellBox(frame, band);
    add('diffable-outline-label', { left: box.left, top: box.top + box.height, width: 0, height: 0 },
      parent, `item [${words(frame)}]`
        + (group === undefined ? '' : ` · group [${words(group)}]`)
        + (sectionFrame === undefined ? '' : ` · section [${words(sectionFrame)}]`));
    outlined = { item, elements };
  };

  const outlineTarget = (event) => {
    const cell = event.target?.closest?.('[data-item]');
    if (cell === null || cell === undefined || !root.contains(cell)) return null;
    return cell.getAttribute('data-item');
  };
  root.addEventListener('pointerover', (event) => {
    const item = outlineTarget(event);
    if (item !== null) outlineItem(item);
  });
  root.addEventListener('pointerleave', () => clearOutlines());

  /** Moves the list's tab stop to a focused cell. */
  root.addEventListener('focusin', (event) => {
    const item = event.target?.getAttribute?.('data-item');
    if (item === null || item === undefined || cellElements.get(item) !== event.target) return;
    outlineItem(item);
    if (activeItem === item) return;
    const previous = cellElements.get(activeItem);
    if (previous !== undefined) setAttribute(previous, 'tabindex', '-1');
    activeItem = item;
    setAttribute(event.target, 'tabindex', '0');
  });

  /** The item `step` places after `item` in the whole list (before it when negative). */
  const itemAfter = (item, step) => {
    const { sections } = drawnState;
    const at = itemPosition(sections, item);
    if (at === null) return null;
    // The next (or previous) item, across empty sections.
    let [q, k] = [at.section, at.index + step];
    while (q >= 0 && q < sections.length && (k < 0 || k >= sections[q].items.length)) {
      q += step;
      if (q < 0 || q >= sections.length) return null;
      k = step > 0 ? 0 : sections[q].items.length - 1;
    }
    return sections[q]?.items[k] ?? null;
  };

  /**
   * Focuses an item's cell; one beyond the window is focused once drawn,
   * the list scrolled toward it: to its start or end, or half a page.
   */
  const focusItem = (item, toward) => {
    const element = cellElements.get(item);
    if (element !== undefined) {
      pendingFocus = null;
      element.focus();
      return;
    }
    pendingFocus = item;
    const [position, length, extent] = drawnAxis === 'x'
      ? ['scrollLeft', root.clientWidth, root.scrollWidth]
      : ['scrollTop', root.clientHeight, root.scrollHeight];
    if (toward === 'start') root[position] = 0;
    else if (toward === 'end') root[position] = extent;
    else root[position] += toward * (length / 2);
  };

  /**
   * The keys of a focused cell: arrows in layout order (along the scroll
   * axis in a list, all four in a grid), Home and End to the list's first
   * and last item, Page Up and Page Down by a screen.
   */
  root.addEventListener('keydown', (event) => {
    const element = event.target;
    const item = element?.getAttribute?.('data-item');
    if (item === null || item === undefined || cellElements.get(item) !== element
      || drawnState === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const frames = new Map();
    for (const cell of drawnCells) {
      const frame = drawnLayout?.frames.get(cell.item);
      if (frame !== undefined && cellElements.has(cell.item)) frames.set(cell.item, frame);
    }
    const forward = drawnAxis === 'x' ? 'ArrowRight' : 'ArrowDown';
    const backward = drawnAxis === 'x' ? 'ArrowLeft' : 'ArrowUp';
    let target = null;
    let toward = 0;
    switch (event.key) {
      case 'ArrowUp': case 'ArrowDown': case 'ArrowLeft': case 'ArrowRight':
        if (!grid && event.key !== forward && event.key !== backward) return;
        toward = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : -1;
        target = arrowTarget(event.key, item, frames);
        break;
      case 'PageDown': case 'PageUp':
        toward = event.key === 'PageDown' ? 2 : -2;
        target = pageTarget(Math.sign(toward), item, frames,
          drawnAxis === 'x' ? root.clientWidth : root.clientHeight, drawnAxis);
        break;
      case 'Home':
        toward = 'start';
        target = drawnState.sections.find((section) => section.items.length > 0)?.items[0] ?? null;
        break;
      case 'End':
        toward = 'end';
        target = drawnState.sections.findLast((section) => section.items.length > 0)
          ?.items.at(-1) ?? null;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target === null && typeof toward === 'number') target = itemAfter(item, Math.sign(toward));
    if (target !== null && target !== item) focusItem(target, toward);
  });

  /**
   * Draws a change: a `reload`, `batch` or `layout` the connection applied.
   *
   * @param {import('./connection.js').ConnectionChange} change
   * @returns {Promise<void>} Settled when the change's animations are over.
   */
  const show = (change) => {
    if (scheduleDraw === undefined) return drawNow(change, false);
    return new Promise((resolve, reject) => {
      waiting.push({ change, resolve, reject });
      root.removeAttribute('data-idle');
      if (waiting.length === 1) scheduleDraw(drawWaiting);
      try {
        prepare(change);
      } catch {
        // Only a head start: drawing makes what was not prepared, or says what is wrong.
      }
    });
  };

  /** Draws the changes waiting for `scheduleDraw`, in order. */
  const drawWaiting = (inFrame) => {
    const changes = waiting;
    waiting = [];
    for (const { change, resolve, reject } of changes) {
      try {
        resolve(drawNow(change, inFrame));
      } catch (error) {
        reject(error);
      }
    }
    // Elements a change prepared that no change drew (their item left or
    // was drawn otherwise) never reach the document.
    prepared.clear();
  };

  /**
   * Draws a `visible` message: restyles the cells it names that are in the
   * window, and moves those whose handler frame changed, with no layout
   * read and no animation.
   */
  const drawVisible = (change, inFrame) => {
    const { list, message } = change;
    const receivedAt = change.receivedAt ?? now();
    const state = change.after.lists.get(list);
    const bandOf = new Map((state.layout?.bands ?? []).map((band) => [band.section, band]));
    for (const item of Object.keys(message.items)) {
      const element = cellElements.get(item);
      const frame = state.layout?.frames.get(item);
      if (element === undefined || frame === undefined) continue;
      const visible = state.visible.get(item);
      const band = bandOf.get(element.getAttribute('data-section'));
      place(element, cellBox(visible?.frame ?? frame, band));
      styleCell(element, visible);
    }
    updateIdle();
    if (inFrame) onFirstFrame('visible', now() - receivedAt);
    else requestFrame(() => onFirstFrame('visible', now() - receivedAt));
    return Promise.resolve();
  };

  const drawNow = (change, inFrame) => {
    try {
      if (change.message.type === 'visible') return drawVisible(change, inFrame);
      return draw(change, inFrame);
    } catch (error) {
      // A list that failed to draw must not look busy for ever.
      updateIdle();
      throw error;
    }
  };

  const draw = (change, inFrame) => {
    const { list, message } = change;
    const receivedAt = change.receivedAt ?? now();
    const type = message.type;
    const state = change.after.lists.get(list);
    root.removeAttribute('data-idle');

    const viewport = { width: root.clientWidth, height: root.clientHeight };
    const scrolled = { x: root.scrollLeft, y: root.scrollTop };
    const layout = state.layout ?? stackedLayout(state, viewport.width);
    const axis = scrollAxis(layout.size, viewport);
    // A list that overflows and is scrolled to its end (along its axis,
    // within 1 px) stays at its end as its content grows: a chat as
    // messages come. Where it is is read here, before any write.
    const [offset, length, extent] = axis === 'x'
      ? [root.scrollLeft, root.clientWidth, root.scrollWidth]
      : [root.scrollTop, root.clientHeight, root.scrollHeight];
    const atEnd = extent - length >= 1 && offset + length >= extent - 1;
    // Elsewhere, a batch or layout that moves what is in view keeps the
    // first cell in view where it is on screen (scroll anchoring): rows
    // inserted or grown above push nothing the user is reading. A reload
    // starts afresh; a list scrolled to its end stays at its end instead.
    const anchor = type === 'reload' || atEnd || drawnLayout === null || axis !== drawnAxis
      ? null
      : scrollAnchor(cellElements.keys(), drawnLayout.frames, axis, offset, length);
    const anchorFrom = anchor === null ? null : drawnLayout.frames.get(anchor);
    const anchorTo = anchor === null ? undefined : layout.frames.get(anchor);
    const along = axis === 'x' ? 0 : 1;
    const anchorShift = anchorTo === undefined ? 0 : anchorTo[along] - anchorFrom[along];
    const motionOn = motion();
    const changes = type === 'batch'
      ? batchChanges(change.before.lists.get(list), state, message)
      : undefined;
    const plan = planCells({ kind: type, shown, after: state, changes, motion: motionOn });
    if (type === 'reload') {
      selectable = message.selectable === true;
      showsChanges = message.showsChanges === true;
    }
    // The focused cell stays in the DOM when it leaves the window but not
    // the list; when it leaves the list, its nearest neighbour takes the focus.
    const focused = focusedItem();
    let successor = null;
    keptOutside = null;
    if (focused !== null && plan.leaving.some((entry) => entry.item === focused)) {
      const present = { has: (item) => itemPosition(state.sections, item) !== null };
      if (present.has(focused)) {
        plan.leaving = plan.leaving.filter((entry) => entry.item !== focused);
        keptOutside = cellElements.get(focused);
      } else {
        successor = focusSuccessor(
          change.before.lists.get(list)?.sections ?? [], focused, (item) => present.has(item));
      }
    }
    if (!plan.slide) stopEverything();

    // First: where every element is on screen now, and how opaque.
    const first = new Map();
    if (plan.slide) {
      // Reads only, before any write: one layout at most, of the frame on screen.
      const origins = new Map();
      const measured = [
        ...cellElements.values(),
        ...[...bands.values()].map((entry) => entry.element),
        ...[...supplementaries.values()]
          .filter((entry) => entry.wrapper === null).map((entry) => entry.element),
      ];
      for (const element of measured) {
        const parent = element.parentNode;
        if (parent === null) continue;
        first.set(element, {
          parent,
          local: boxOf(element, parent, origins),
          visual: boxOf(element, content, origins),
          opacity: animationsOf.has(element)
            ? opacityOf(element)
            : (visibleOf.get(element)?.alpha ?? 1),
        });
      }
    }
    // Rows a drag moved (page.js, reorder-plan.js) lose its translation:
    // read where the drop left them, they slide from there.
    for (const element of content.querySelectorAll('[data-dragged]')) {
      element.removeAttribute('data-dragged');
      element.classList.remove('diffable-dragging');
      element.style.transform = visibleStyle(visibleOf.get(element)).transform;
    }
    const settled = [];

    // Cells that leave: faded out in place in a batch, removed otherwise.
    for (const { item, fade } of plan.leaving) {
      const element = cellElements.get(item);
      cellElements.delete(item);
      shown.delete(item);
      const before = first.get(element);
      first.delete(element);
      cancelAnimations(element);
      if (fade && before !== undefined) {
        // A cell fading out is no longer one to focus or tap.
        element.removeAttribute('tabindex');
        element.removeAttribute('role');
        settled.push(fadeOut(element, before.local, before.opacity));
      } else {
        element.remove();
      }
    }

    const bandOf = drawBands(layout, axis);
    drawSupplementaries(layout, axis);

    // Cells that stay or arrive.
    const arriving = [];
    const reloading = new Set();
    for (const { item, section, cell, effect } of plan.cells) {
      const band = bandOf.get(section);
      const parent = band === undefined ? content : bands.get(section).inner;
      let element = cellElements.get(item);
      let filled = false;
      if (element === undefined) {
        const ready = prepared.get(item);
        prepared.delete(item);
        element = ready?.cell === cell ? ready.element : makeCell(item, cell);
        filled = true;
        cellElements.set(item, element);
        if (effect === 'insert') arriving.push(element);
      } else if (effect === 'reload') {
        const before = first.get(element);
        if (before !== undefined) {
          const ghost = element.cloneNode(true);
          ghost.removeAttribute('data-item');
          ghost.removeAttribute('data-section');
          ghost.removeAttribute('id');
          ghost.removeAttribute('tabindex');
          ghost.removeAttribute('role');
          ghost.classList.remove(ARRIVING_CLASS, LEAVING_CLASS);
          before.parent.insertBefore(ghost, element.nextSibling);
          settled.push(fadeOut(ghost, before.local, before.opacity));
          reloading.add(element);
        }
      }
      if (effect !== 'keep' && !filled) {
        fillCell(document, element, cell, refusing(`item ${JSON.stringify(item)}`));
      }
      shown.set(item, cell);
      element.setAttribute('data-section', section);
      const axes = layout.estimated?.get(section);
      if (axes === undefined) element.removeAttribute('data-self-sizing');
      else element.setAttribute('data-self-sizing', axes);
      const visible = state.visible?.get(item);
      place(element, cellBox(visible?.frame ?? layout.frames.get(item), band));
      styleCell(element, visible);
      // A new element, or one changing parent, goes in with the reordering below.
      if (element.parentNode !== null && element.parentNode !== parent) element.remove();
    }

    // DOM order: the snapshot's, around the elements fading out.
    const entries = contentOrder(state.sections, plan.cells, layout, axis);
    const order = entries.map((entry) => {
      if (entry.type === 'cell') return cellElements.get(entry.item);
      if (entry.type === 'band') return bands.get(entry.section).element;
      const supplementary = supplementaries.get(entry.key);
      return supplementary.wrapper ?? supplementary.element;
    });
    const still = keptOutside === null ? ghosts : new Set([...ghosts, keptOutside]);
    insertRuns(content, reorder([...content.children], order, still));
    for (const [section, entry] of bands) {
      const wanted = plan.cells.filter((cell) => cell.section === section)
        .map((cell) => cellElements.get(cell.item));
      const skip = new Set([...still, ...entry.markers]);
      insertRuns(entry.inner, reorder([...entry.inner.children], wanted, skip));
    }
    content.style.width = px(layout.size[0]);
    content.style.height = px(layout.size[1]);
    root.setAttribute('data-seq', String(state.seq));
    root.removeAttribute('data-first-paint');
    describe(plan, layout, axis, entries);
    drawnState = state;
    drawnCells = plan.cells;
    drawnAxis = axis;
    // Moving an element in the DOM takes its focus away: it gets it back.
    if (successor !== null) {
      if (cellElements.has(successor)) cellElements.get(successor).focus({ preventScroll: true });
      else pendingFocus = successor;
    } else if (focused !== null && cellElements.has(focused)
      && document.activeElement !== cellElements.get(focused)) {
      cellElements.get(focused).focus({ preventScroll: true });
    }
    if (pendingFocus !== null && cellElements.has(pendingFocus)) {
      const item = pendingFocus;
      pendingFocus = null;
      cellElements.get(item).focus();
    }
    if (type === 'batch' || type === 'reload') {
      const words = typeof message.announce === 'string'
        ? message.announce
        : type === 'batch'
          ? batchSummary(batchCounts(change.before.lists.get(list), message))
          : null;
      if (words) announcer.announce(words);
    }

    // Last, Invert, Play: each kept element slides from where it was, its
    // earlier animation stopped once its position was read. Where it ends
    // is the box it was just given, so drawing forces no layout; only an
    // element that changed parent (into or out of a band) is measured.
    if (plan.slide) {
      const kept = [...first].filter(([element]) => element.parentNode !== null);
      for (const [element] of kept) cancelAnimations(element);
      const origins = new Map();
      const moves = kept.map(([element, before]) => {
        const same = element.parentNode === before.parent;
        const box = placed.get(element);
        const to = same && box !== undefined
          ? { x: box.left, y: box.top, width: box.width, height: box.height }
          : boxOf(element, same ? element.parentNode : content, origins);
        return { element, from: same ? before.local : before.visual, to, opacity: before.opacity };
      });
      for (const { element, from, to, opacity } of moves) {
        const reloaded = reloading.has(element);
        // Where the list follows its anchor, what was on screen starts
        // where it was on screen.
        const shifted = element.parentNode === content ? anchorShift : 0;
        const dx = from.x - to.x + (axis === 'x' ? shifted : 0);
        const dy = from.y - to.y + (axis === 'x' ? 0 : shifted);
        const resized = Math.abs(from.width - to.width) > 0.5
          || Math.abs(from.height - to.height) > 0.5;
        const moved = Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5;
        const alpha = visibleOf.get(element)?.alpha ?? 1;
        const fading = reloaded || Math.abs(opacity - alpha) > 0.001;
        if (!moved && !resized && !fading) continue;
        const keyframes = (own, target) => {
          const start = {};
          const end = {};
          if (moved) {
            start.transform = slideTransform(dx, dy, own);
            end.transform = slideTransform(0, 0, own);
          }
          if (resized) {
            Object.assign(start, { width: px(from.width), height: px(from.height) });
            Object.assign(end, { width: px(to.width), height: px(to.height) });
          }
          if (fading) {
            start.opacity = reloaded ? 0 : opacity;
            end.opacity = target;
          }
          return [start, end];
        };
        const own = visibleStyle(visibleOf.get(element)).transform;
        settled.push(animate(element, keyframes(own, alpha), { restyle: keyframes }));
      }
    }
    for (const element of arriving) settled.push(fadeInCell(element));
    if (showsChanges && changes !== undefined && motionOn) {
      settled.push(
        ...pointOut(message.update, change.before.lists.get(list), first, plan, changes));
    }
    // The last write: a list that was at its end goes to its new end; an
    // anchored one follows its anchor.
    const end = layout.size[axis === 'x' ? 0 : 1] - length;
    const key = axis === 'x' ? 'x' : 'y';
    if (atEnd && end > offset) {
      root[axis === 'x' ? 'scrollLeft' : 'scrollTop'] = end;
      scrolled[key] = end;
    }
    if (Math.abs(anchorShift) > 0.5) {
      root[axis === 'x' ? 'scrollLeft' : 'scrollTop'] = offset + anchorShift;
      scrolled[key] = offset + anchorShift;
    }

    // Self-sizing cells are measured once drawn; this draw answers any
    // measurement sent before it.
    if (answerTimer !== null) {
      clock.clearTimeout(answerTimer);
      answerTimer = null;
    }
    if (type === 'reload') {
      sentSizes.clear();
      measuredSizes.clear();
    }
    drawnLayout = layout;
    // Placeholders where the new window leaves slots without cells, from
    // the view read before the writes, and the offsets written since.
    placeholderItems = new Map(state.sections
      .filter((section) => !bands.has(section.id))
      .map((section) => [section.id, section.items]));
    placeholderExtents = new Map();
    for (const [item, element] of cellElements) {
      const frame = layout.frames.get(item);
      const section = element.getAttribute('data-section');
      if (frame === undefined || section === null) continue;
      const [start, end] = drawnAxis === 'x'
        ? [frame[0], frame[0] + frame[2]] : [frame[1], frame[1] + frame[3]];
      const known = placeholderExtents.get(section);
      if (known === undefined) placeholderExtents.set(section, [start, end]);
      else placeholderExtents.set(section, [Math.min(known[0], start), Math.max(known[1], end)]);
    }
    drawPlaceholders({ ...scrolled, ...viewport });
    // Outlines follow the item they outline to its new frames.
    if (outlined !== null) {
      const { item } = outlined;
      clearOutlines();
      outlineItem(item);
    }
    if (onMeasure !== undefined && layout.estimated?.size > 0 && !measureScheduled) {
      measureScheduled = true;
      if (scheduleDraw === undefined) measure();
      else scheduleDraw(measure);
    }

    updateIdle();
    if (inFrame) onFirstFrame(type, now() - receivedAt);
    else requestFrame(() => onFirstFrame(type, now() - receivedAt));
    return Promise.all(settled).then(() => undefined);
  };

  /**
   * Measures the self-sizing cells of the window whose content, or fixed
   * length, changed since they were last measured, and sends the sizes
   * that differ from their frames (`sizesToSend`).
   */
  const measure = () => {
    measureScheduled = false;
    for (const item of [...sentSizes.keys()]) {
      if (!cellElements.has(item)) sentSizes.delete(item);
    }
    for (const item of [...measuredSizes.keys()]) {
      if (!cellElements.has(item)) measuredSizes.delete(item);
    }
    const layout = drawnLayout;
    const cells = [];
    const fresh = [];
    for (const [item, element] of cellElements) {
      const axes = layout?.estimated?.get(element.getAttribute('data-section'));
      const frame = layout?.frames.get(item);
      if (axes === undefined || frame === undefined) continue;
      const entry = {
        item, axes, frame, cell: shown.get(item), size: null,
        width: axes === 'height' ? frame[2] : null,
        height: axes === 'width' ? frame[3] : null,
      };
      const known = measuredSizes.get(item);
      if (known !== undefined && known.cell === entry.cell && known.width === entry.width
        && known.height === entry.height) {
        entry.size = known.size;
      } else {
        fresh.push(entry);
      }
      cells.push(entry);
    }
    if (fresh.length > 0) {
      // All writes, then all reads: one layout for every copy.
      const holder = document.createElement('div');
      holder.className = 'diffable-measure';
      holder.setAttribute('aria-hidden', 'true');
      const copies = fresh.map((entry) => {
        const copy = document.createElement('div');
        copy.className = 'diffable-cell';
        copy.setAttribute('data-self-sizing', entry.axes);
        fillCell(document, copy, entry.cell);
        copy.style.width = entry.width === null ? 'max-content' : px(entry.width);
        copy.style.height = entry.height === null ? 'auto' : px(entry.height);
        holder.append(copy);
        return copy;
      });
      content.append(holder);
      fresh.forEach((entry, k) => {
        const { width, height } = sizeOf(copies[k]);
        entry.size = [hundredths(width), hundredths(height)];
        measuredSizes.set(entry.item, {
          cell: entry.cell, width: entry.width, height: entry.height, size: entry.size,
        });
      });
      holder.remove();
    }
    const send = sizesToSend(cells, sentSizes);
    for (let start = 0; start < send.length; start += MAXIMUM_MEASURED_ITEMS) {
      const sizes = Object.fromEntries(send.slice(start, start + MAXIMUM_MEASURED_ITEMS));
      if (!onMeasure(sizes)) break;
      for (const [item, size] of Object.entries(sizes)) sentSizes.set(item, size);
      if (answerTimer === null) {
        answerTimer = clock.setTimeout(() => {
          answerTimer = null;
          updateIdle();
        }, MEASURE_ANSWER_TIMEOUT);
      }
    }
    updateIdle();
  };

  return {
    show, isIdle, content, announce: (words) => announcer.announce(words),
    axis: () => (drawnLayout === null ? null : drawnAxis),
    placeholders: () => placeholderPool.length,
    refresh: () => drawPlaceholders(currentView()),
  };
}
