// Holds a listing block's space (model/reserve.ts) from as early as its config can be read — the
// early chunk, often before the page is first drawn — until its first results or its error are
// shown (runtime/reserve.ts: a marker attribute and one stylesheet with the page nonce).
import { holdSpace } from '../../runtime/reserve';
import { reservedHeights, WIDTHS } from './model/reserve';
import type { ListingSettings, TabId } from './model/types';

/** Reserves the block's space as it opens on `tab`; the returned release gives it back. */
export function reserveSpace(element: HTMLElement, s: ListingSettings, tab: TabId, nonce: string): () => void {
  const heights = reservedHeights(s, tab);
  return heights ? holdSpace(element, s.blockId, heights, WIDTHS, nonce) : () => {};
}
