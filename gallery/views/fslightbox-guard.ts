// Imported right before fslightbox-react (module evaluation follows import order): while that
// module evaluates, it appends a <style> without a nonce to <head>, which a strict CSP refuses and
// which sets fonts the PA validator rejects. We keep that element out of the page and re-inject its
// rules ourselves, amended, with the nonce (see lightbox.tsx). Released as soon as it has run.
let captured = '';
const head = document.head;
const hadOwn = Object.prototype.hasOwnProperty.call(head, 'appendChild');
const original = head.appendChild;

head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  if (node instanceof HTMLStyleElement && node.classList.contains('fslightbox-styles')) {
    captured = node.textContent || '';
    return node;
  }
  return original.call(this, node) as T;
};

/** Restores <head>'s appendChild and returns the stylesheet fslightbox wanted to add. */
export function releaseFslightboxStyles(): string {
  if (hadOwn) head.appendChild = original;
  else delete (head as { appendChild?: unknown }).appendChild;
  return captured;
}
