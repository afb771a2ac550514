// The space a listing block's first results take, at least, at each window width: the block keeps
// it from before it mounts until they are shown (issue 31). A block that grows when it mounts
// pushes down everything below it, a layout shift the visitor sees and that Lighthouse (Italy's
// validator scores with it) counts. A lower bound, never more than the results fill: a
// reservation larger than what comes would shrink when released, a shift too; growing past it
// moves only what is below the block, out of sight on a phone. The block can hold it only once its
// code runs, after the page is first drawn: the page that prints the block (the portal's template)
// prints the same rules and the marker attribute, so the space is there from the first paint
// (README, "Layout shift"). Pure.
import { reservationCss as sharedCss } from '../../../runtime/reserve';
import { isCardLayout } from './settings';
import type { ListingSettings, TabId } from './types';

/** px: the list of places under the map (below 992 px); style.css holds the same figure. */
export const PLACES_HEIGHT = 240;

/**
 * Window widths where the block's layout changes: the map's height (geo/style.css), Bootstrap's md
 * (two columns), the agenda's month (agenda/model/period.ts: a day up to 768 px included, as the
 * original; 768.02 as Bootstrap writes "above 768") and lg (itemsPerRow). An iPad held upright is
 * 768 px wide: two columns, and the agenda's day.
 */
export const WIDTHS = [0, 576, 768, 768.02, 992] as const;

/**
 * px at each of WIDTHS, measured on the demo portal (Bootstrap Italia 2.18, 16 px text) and
 * rounded down; a card is far taller there (500–700 px with its picture): any card's title, a
 * line and its link take more than this.
 */
export const SIZES = {
  /** The search toggle with its margin. */
  search: [48, 48, 48, 48, 48],
  /** A row of facet selects with their floating labels (1, 2, 3 to a row). */
  facets: [76, 76, 76, 76, 76],
  /** The "when" radio group (five choices on three, two, one line). */
  intervals: [150, 150, 118, 118, 75],
  /** The "published from / to" pair. */
  published: [200, 200, 120, 120, 120],
  /** The tab bar. */
  tabs: [44, 44, 44, 44, 44],
  /** The tab panel's top padding under the tab bar (`pt-4`, views/Listing.tsx). */
  panel: [24, 24, 24, 24, 24],
  /** A card of a card view. */
  card: [120, 120, 120, 120, 120],
  /** A row of a stacked view (text_linked, latest_messages_item, accordion). */
  row: [40, 40, 40, 40, 40],
  /** The map of the geo tab: its fixed height (geo/style.css), the list of places beside it from 992 px, below it before. */
  map: [360, 480, 480, 480, 480],
  /**
   * Below the map before 992 px: the grid's gutter (`row g-3`, 16 px) and the list of places, whose
   * height is fixed there (style.css, PLACES_HEIGHT) so that the block's height does not depend on
   * how many places come; from 992 px the list is beside the map, no taller than it.
   */
  places: [16 + PLACES_HEIGHT, 16 + PLACES_HEIGHT, 16 + PLACES_HEIGHT, 16 + PLACES_HEIGHT, 0],
  /** The agenda's toolbar (its buttons and the period's title) with its margin, on one line at least. */
  agendaToolbar: [40, 40, 40, 40, 40],
} as const;

/**
 * The agenda's calendar (agenda/style.css): a month 800 px high above 768 px, a day up to it, 70 % of
 * the window's height between 420 and 800 px. A CSS length: the window's height is not known here.
 */
export const AGENDA_DAY = 'clamp(420px, 70vh, 800px)';
const AGENDA_MONTH = 800;

/**
 * min-height at each of WIDTHS when the block opens on `tab` (its first configured tab): px, or a
 * CSS length where it depends on the window's height (an agenda's day); null: nothing to hold (a
 * block hidden until it has results).
 */
export function reservedHeights(s: ListingSettings, tab: TabId = s.tabs[0] ?? 'list'): Array<number | string> | null {
  if (s.hideIfEmpty || s.limit < 1) return null;
  return WIDTHS.map((width, i): number | string => {
    const perRow = width >= 992 ? 3 : width >= 768 ? 2 : 1;
    let h = 0;
    if (s.showSearch) h += SIZES.search[i];
    if (s.facets.length) h += Math.ceil(s.facets.length / perRow) * SIZES.facets[i];
    // (the date filters are hidden on the agenda's tab)
    if (s.timeIntervals && tab !== 'agenda') h += SIZES.intervals[i];
    if (s.publishedRange && tab !== 'agenda') h += SIZES.published[i];
    if (s.tabs.length > 1) h += SIZES.tabs[i] + SIZES.panel[i];
    // the agenda's calendar has a fixed height (its toolbar and list of events below it, at least a line each, are not counted)
    if (tab === 'agenda') {
      h += SIZES.agendaToolbar[i];
      return width > 768 ? h + AGENDA_MONTH : `calc(${h}px + ${AGENDA_DAY})`;
    }
    // the geo tab's height is exact: its map's and its list's are fixed
    if (tab === 'geo') return h + SIZES.map[i] + SIZES.places[i];
    if (!isCardLayout(s)) return h + s.limit * SIZES.row[i];
    // itemsPerRow 'auto' is a column flow (1, 2, 3 columns): as many rows as the fullest column.
    const cards = s.itemsPerRow === 'auto' ? perRow : width >= 992 ? s.itemsPerRow : width >= 768 ? Math.min(2, s.itemsPerRow) : 1;
    return h + Math.ceil(s.limit / cards) * SIZES.card[i];
  });
}

/** The stylesheet holding `selector` at those heights (runtime/reserve.ts, at WIDTHS). */
export const reservationCss = (selector: string, heights: ReadonlyArray<number | string>): string => sharedCss(selector, heights, WIDTHS);
