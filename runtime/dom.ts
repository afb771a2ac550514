// DOM utilities shared by chunks: styles with the page nonce, and the polite announcer.

/** Inject a stylesheet once per id, carrying the nonce of piazza.js (strict CSP, no inline style attributes). */
const styleUsers = new Map<string, number>();

/**
 * Adds a stylesheet once per id, however many blocks use it. The returned release removes it when
 * its last user lets go (a block's unmount leaves no <style> behind); helpers that stay for the
 * page's life simply never release.
 */
export function injectStyle(id: string, css: string, nonce: string): () => void {
  const selector = 'style[data-piazza-css="' + id + '"]';
  if (!document.querySelector(selector)) {
    const style = document.createElement('style');
    style.setAttribute('data-piazza-css', id);
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    document.head.appendChild(style);
  }
  styleUsers.set(id, (styleUsers.get(id) || 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const users = (styleUsers.get(id) || 1) - 1;
    if (users > 0) return void styleUsers.set(id, users);
    styleUsers.delete(id);
    document.querySelector(selector)?.remove();
  };
}

/**
 * A polite live region, in `host` (or placed by the caller: `element`). `say` is debounced: a burst
 * of result changes gives exactly one message, the last, instead of a queue the screen reader
 * would read out one by one.
 */
export function createAnnouncer(host?: HTMLElement, delay = 250) {
  const region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  host?.appendChild(region);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    element: region,
    /** `text` may be a function: the words are then made when they are said, after the delay, not on the way to a drawing. */
    say(text: string | (() => string)) {
      clearTimeout(timer);
      // Marks a message on its way, so a page (and its tests) can tell "said" from "still to say".
      region.setAttribute('data-piazza-announcing', '');
      timer = setTimeout(() => {
        // Clearing first makes a repeated identical message be announced again.
        region.textContent = '';
        requestAnimationFrame(() => {
          region.textContent = wordsOf(text);
          region.removeAttribute('data-piazza-announcing');
        });
      }, delay);
    },
    destroy() {
      clearTimeout(timer);
      region.remove();
    },
  };
}

/** An announcement's words: made now, when they are a function (runtime/types.ts `Announce`). */
export const wordsOf = (text: string | (() => string)): string => (typeof text === 'function' ? text() : text);

/**
 * Resolves in a task after the next frame is painted: work that must not stand between a drawing
 * and its paint (issue 31). After `latestMs` at the latest: a page in the background paints no frame.
 */
export function afterPaint(latestMs = 200): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, latestMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}

/** Scroll an element into view below the page's sticky header (`scroll-padding-top`, 72px if unset). */
export function scrollToTop(el: Element): void {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 72;
  const top = el.getBoundingClientRect().top + window.scrollY - padding;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
}
