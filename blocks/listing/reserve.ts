// Holds a listing block's space (model/reserve.ts) from as early as its config can be read — the
// early chunk, often before the page is first drawn — until its first results or its error are
// shown (runtime/reserve.ts: a marker attribute and one stylesheet with the page nonce).
import { holdSpace } from '../../runtime/reserve';
import { reservedHeights, WIDTHS } from './model/reserve';
import type { ListingSettings, TabId } from './model/types';

/** A spinner where the shown tab's view will be: a map tab whose code is still on its way. */
const DRAWING = '.piazza-listing-panel:not([hidden]):not(.piazza-listing-offstage) .piazza-listing-spinner';

/**
 * Reserves the block's space as it opens on `tab`; the returned release gives it back. A map tab's
 * answer can come before its view's code: the release then waits for the view to replace the
 * spinner (in the same task as it does, so no frame shows the block folded to the spinner's
 * height); a second call (the block's cleanup, a later answer) gives the space back at once.
 */
export function reserveSpace(element: HTMLElement, s: ListingSettings, tab: TabId, nonce: string): () => void {
  const heights = reservedHeights(s, tab);
  if (!heights) return () => {};
  const give = holdSpace(element, s.blockId, heights, WIDTHS, nonce);
  let waiting: MutationObserver | null = null;
  return () => {
    if (waiting || !element.querySelector(DRAWING)) {
      waiting?.disconnect();
      return give();
    }
    waiting = new MutationObserver(() => {
      if (element.querySelector(DRAWING)) return;
      waiting!.disconnect();
      give();
    });
    waiting.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'class'] });
  };
}
