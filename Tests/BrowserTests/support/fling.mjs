// Page functions of the long-list measurements (large.test.mjs and
// large-figures.mjs): each runs in the page through `page.evaluate`, so
// each is self-contained. Coverage is sampled at a grid of points of the
// list's client area: a point is covered when a cell (`[data-item]`) or a
// placeholder (`[data-placeholder]`) is under it; the grid page's cells
// tile its content with no space between them.

/**
 * Scrolls the list `name` by `pixels` at each of `frames` animation frames
 * (down, or up when negative, clamped to its content less a 64 px row), and returns, for
 * the frame before the first scroll and each frame after one: the share of
 * sample points covered by cells or placeholders, by cells alone, and the
 * number of elements in the document.
 */
export function fling(name, frames, pixels) {
  const list = document.querySelector(`[data-diffable-list="${name}"]`);
  const box = list.getBoundingClientRect();
  const points = [];
  for (let i = 0; i < 8; i += 1) {
    for (let j = 0; j < 12; j += 1) {
      points.push([box.left + ((i + 0.5) * list.clientWidth) / 8,
        box.top + ((j + 0.5) * list.clientHeight) / 12]);
    }
  }
  const share = (selector) => {
    const rects = [...list.querySelectorAll(selector)].map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.bottom > box.top && rect.top < box.bottom);
    let hit = 0;
    for (const [x, y] of points) {
      if (rects.some((rect) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom)) {
        hit += 1;
      }
    }
    return hit / points.length;
  };
  return new Promise((resolve) => {
    const covered = [];
    const cells = [];
    const nodes = [];
    let frame = 0;
    const step = () => {
      covered.push(share('[data-item], [data-placeholder]'));
      cells.push(share('[data-item]'));
      nodes.push(document.getElementsByTagName('*').length);
      if (frame === frames) {
        resolve({ covered, cells, nodes, scrollTop: list.scrollTop, end: performance.now() });
        return;
      }
      frame += 1;
      // A row short of the end: the last row may be part filled, and where
      // it has no cell the layout has no item.
      const top = list.scrollHeight - list.clientHeight - 64;
      list.scrollTop = Math.max(0, Math.min(top, list.scrollTop + pixels));
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/**
 * Resolves with the milliseconds from `since` (a `performance.now()` time)
 * to the first animation frame in which cells alone cover the list
 * `name`'s client area; rejects after `timeout` ms.
 */
export function cellsCover(name, since, timeout) {
  const list = document.querySelector(`[data-diffable-list="${name}"]`);
  const box = list.getBoundingClientRect();
  const covered = () => {
    const rects = [...list.querySelectorAll('[data-item]')].map((element) => element.getBoundingClientRect());
    for (let i = 0; i < 8; i += 1) {
      for (let j = 0; j < 12; j += 1) {
        const x = box.left + ((i + 0.5) * list.clientWidth) / 8;
        const y = box.top + ((j + 0.5) * list.clientHeight) / 12;
        if (!rects.some((rect) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom)) {
          return false;
        }
      }
    }
    return true;
  };
  return new Promise((resolve, reject) => {
    const look = () => {
      const now = performance.now();
      if (covered()) resolve(now - since);
      else if (now - since > timeout) reject(new Error(`cells did not cover the list in ${timeout} ms`));
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/**
 * Submits the page's jump form with `number`, and resolves, at the first
 * animation frame where the cell of `item` is at the top of the list
 * `name` (within half a pixel), with the milliseconds since the submit and
 * the status line; rejects after `timeout` ms.
 */
export function jump(name, number, item, timeout) {
  const list = document.querySelector(`[data-diffable-list="${name}"]`);
  const form = document.querySelector('form[data-diffable-submit="jump"]');
  form.querySelector('input[name=jump]').value = number;
  const since = performance.now();
  form.requestSubmit();
  return new Promise((resolve, reject) => {
    const look = () => {
      const now = performance.now();
      const cell = [...list.querySelectorAll('[data-item]')]
        .find((element) => element.getAttribute('data-item') === item);
      const top = list.getBoundingClientRect().top;
      if (cell !== undefined && Math.abs(cell.getBoundingClientRect().top - top) <= 0.5) {
        resolve({
          ms: now - since,
          status: document.querySelector('[data-diffable-text="jump-status"]')?.textContent ?? null,
        });
      } else if (now - since > timeout) {
        reject(new Error(`cell ${item} was not at the top in ${timeout} ms`));
      } else {
        requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  });
}
