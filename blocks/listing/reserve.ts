// Holds a listing block's space (model/reserve.ts) from as early as its config can be read — the
// early chunk, often before the page is first drawn — until its first results or its error are
// shown. A marker attribute on the block and one stylesheet with the page nonce (no inline style).
import { injectStyle } from '../../runtime/dom';
import { reservationCss, reservedHeights } from './model/reserve';
import type { ListingSettings } from './model/types';

const ATTRIBUTE = 'data-piazza-reserve';
/** block id → the release of its stylesheet (the early chunk and the mount reserve the same space once). */
const held = new Map<string, () => void>();

/** Reserves the block's space; the returned release gives it back. */
export function reserveSpace(element: HTMLElement, s: ListingSettings, nonce: string): () => void {
  const heights = reservedHeights(s);
  if (!heights) return () => {};
  element.setAttribute(ATTRIBUTE, s.blockId);
  if (!held.has(s.blockId)) {
    const css = reservationCss('[' + ATTRIBUTE + '="' + CSS.escape(s.blockId) + '"]', heights);
    held.set(s.blockId, injectStyle('listing-reserve-' + s.blockId, css, nonce));
  }
  return () => {
    element.removeAttribute(ATTRIBUTE);
    held.get(s.blockId)?.();
    held.delete(s.blockId);
  };
}
