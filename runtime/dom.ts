// DOM utilities shared by chunks: styles with the page nonce, and the polite announcer.

/** Inject a stylesheet once per id, carrying the nonce of piazza.js (strict CSP, no inline style attributes). */
export function injectStyle(id: string, css: string, nonce: string): void {
  if (document.querySelector('style[data-piazza-css="' + id + '"]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-piazza-css', id);
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  document.head.appendChild(style);
}

/**
 * A polite live region. `say` is debounced: a burst of result changes gives exactly one message,
 * the last, instead of a queue the screen reader would read out one by one.
 */
export function createAnnouncer(host: HTMLElement, delay = 250) {
  const region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  host.appendChild(region);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    element: region,
    say(text: string) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Clearing first makes a repeated identical message be announced again.
        region.textContent = '';
        requestAnimationFrame(() => (region.textContent = text));
      }, delay);
    },
    destroy() {
      clearTimeout(timer);
      region.remove();
    },
  };
}

/** Scroll an element into view below the page's sticky header (`scroll-padding-top`, 72px if unset). */
export function scrollToTop(el: Element): void {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 72;
  const top = el.getBoundingClientRect().top + window.scrollY - padding;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
}
