// The space a listing block's first results take, at least, at each window width: the block keeps
// it from before it mounts until they are shown (issue 31). A block that grows when it mounts
// pushes down everything below it, a layout shift the visitor sees and that Lighthouse (Italy's
// validator scores with it) counts. A lower bound, never more than the results fill: a
// reservation larger than what comes would shrink when released, a shift too; growing past it
// moves only what is below the block, out of sight on a phone. The block can hold it only once its
// code runs, after the page is first drawn: the page that prints the block (the portal's template)
// prints the same rules and the marker attribute, so the space is there from the first paint
// (README, "Layout shift"). Pure.
import { isCardLayout } from './settings';
import type { ListingSettings } from './types';

/** Window widths where the block's layout changes: Bootstrap's md (two columns) and lg (itemsPerRow). */
export const WIDTHS = [0, 768, 992] as const;

/**
 * px at each of WIDTHS, measured on the demo portal (Bootstrap Italia 2.18, 16 px text) and
 * rounded down; a card is far taller there (500–700 px with its picture): any card's title, a
 * line and its link take more than this.
 */
export const SIZES = {
  /** The search toggle with its margin. */
  search: [48, 48, 48],
  /** A row of facet selects with their floating labels (1, 2, 3 to a row). */
  facets: [76, 76, 76],
  /** The "when" radio group (five choices on three, two, one line). */
  intervals: [150, 118, 75],
  /** The "published from / to" pair. */
  published: [200, 120, 120],
  /** The tab bar. */
  tabs: [44, 44, 44],
  /** A card of a card view. */
  card: [120, 120, 120],
  /** A row of a stacked view (text_linked, latest_messages_item, accordion). */
  row: [40, 40, 40],
} as const;

/** min-height (px) at each of WIDTHS, or null: nothing to hold (a block hidden until it has results, or that opens on a map or agenda). */
export function reservedHeights(s: ListingSettings): number[] | null {
  if (s.hideIfEmpty || s.limit < 1 || (s.tabs[0] ?? 'list') !== 'list') return null;
  return WIDTHS.map((width, i) => {
    const perRow = width >= 992 ? 3 : width >= 768 ? 2 : 1;
    let h = 0;
    if (s.showSearch) h += SIZES.search[i];
    if (s.facets.length) h += Math.ceil(s.facets.length / perRow) * SIZES.facets[i];
    if (s.timeIntervals) h += SIZES.intervals[i];
    if (s.publishedRange) h += SIZES.published[i];
    if (s.tabs.length > 1) h += SIZES.tabs[i];
    if (!isCardLayout(s)) return h + s.limit * SIZES.row[i];
    // itemsPerRow 'auto' is a column flow (1, 2, 3 columns): as many rows as the fullest column.
    const cards = s.itemsPerRow === 'auto' ? perRow : width >= 992 ? s.itemsPerRow : width >= 768 ? Math.min(2, s.itemsPerRow) : 1;
    return h + Math.ceil(s.limit / cards) * SIZES.card[i];
  });
}

/** The stylesheet holding `selector` at those heights: one rule, and a media query where a wider window changes it. */
export function reservationCss(selector: string, heights: readonly number[]): string {
  return heights
    .map((h, i) => {
      if (i && h === heights[i - 1]) return '';
      const rule = selector + '{min-height:' + h + 'px}';
      return i ? '@media (min-width:' + WIDTHS[i] + 'px){' + rule + '}' : rule;
    })
    .join('');
}
