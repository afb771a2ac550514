// The space a data table holds from before it mounts until its first rows are shown (issue 31):
// it replaces a line or two of fallback with filters and a page of rows, and would otherwise push
// everything below it down (a layout shift). A lower bound at each window width, as the listing's
// (blocks/listing/model/reserve.ts): what the block's parts take at least, rows of one line, a
// full first page (a table with fewer rows than that gives some back when they come: the
// listing's rule too). The
// page that prints the block prints the same rules (README, "Layout shift"). Pure.

/** px, measured on the demo portal (Bootstrap Italia 2.18, 16 px text) and rounded down. */
export const SIZES = {
  /** A row of facet selects with their labels (1, 2, 3 to a row at Bootstrap's md and lg), and the gap between rows. */
  facets: 64,
  facetGap: 16,
  /** The search box with its label and margin. */
  search: 80,
  /** The form's bottom margin, the toolbar's (page size, CSV, the sort on cards) line and the count above the rows, with their margins. */
  form: 16,
  toolbar: 96,
  info: 40,
  /** The grid: its header and a row of one line. */
  header: 44,
  row: 44,
  /** A card: its border, padding and margin, and one field of one line (a card leaves out its empty fields: one is all it is sure to have). */
  card: 42,
  field: 40,
} as const;

export interface TableLayout {
  facets: number;
  search: boolean;
  /** Something on the toolbar at every width: the page-size choice or the CSV download. */
  toolbar: boolean;
  pageSize: number;
  /** Cards below this width (px), 0 never. */
  cardBreakpoint: number;
}

/** What the space depends on, from the block's config (its defaults filled in by the schema). */
export function tableLayout(c: {
  facets?: unknown[];
  search: boolean;
  pageSizeOptions: unknown[];
  export: { enabled?: boolean };
  pageSize: number;
  cardBreakpoint: number;
}): TableLayout {
  return {
    facets: c.facets?.length ?? 0,
    search: c.search,
    toolbar: c.pageSizeOptions.length > 0 || !!c.export.enabled,
    pageSize: c.pageSize,
    cardBreakpoint: c.cardBreakpoint,
  };
}

/** Window widths where the table's layout changes: the cards' breakpoint, Bootstrap's md and lg. */
export function widthsOf(t: TableLayout): number[] {
  return [...new Set([0, 768, 992, ...(t.cardBreakpoint > 0 ? [t.cardBreakpoint] : [])])].sort((a, b) => a - b);
}

/** min-height (px) at each of widthsOf(t). */
export function reservedHeights(t: TableLayout): number[] {
  return widthsOf(t).map((width) => {
    const perRow = width >= 992 ? 3 : width >= 768 ? 2 : 1;
    const rows = Math.ceil(t.facets / perRow);
    let h = rows ? rows * SIZES.facets + (rows - 1) * SIZES.facetGap : 0;
    if (t.search) h += SIZES.search;
    if (rows || t.search) h += SIZES.form;
    if (t.toolbar) h += SIZES.toolbar;
    h += SIZES.info;
    const cards = width < t.cardBreakpoint;
    return h + (cards ? t.pageSize * (SIZES.card + SIZES.field) : SIZES.header + t.pageSize * SIZES.row);
  });
}
