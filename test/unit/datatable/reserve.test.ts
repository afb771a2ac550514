// The space a data table holds before its first rows (issue 31): what each part adds at each
// window width, by the sizes the model declares.
import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/datatable.validate.js';
import { checkConfig } from '../../../runtime/config';
import { reservationCss } from '../../../runtime/reserve';
import { reservedHeights, SIZES, tableLayout, widthsOf } from '../../../blocks/datatable/model/reserve';

const layout = (config: Record<string, unknown>) =>
  tableLayout(checkConfig<Parameters<typeof tableLayout>[0]>(validate, { class: 'document', query: 'classes [document]', ...config }));

describe('the space a data table reserves', () => {
  it('cards below the breakpoint (one field each: a card leaves its empty ones out), the grid from it', () => {
    const l = layout({ search: false, pageSizeOptions: [], export: { enabled: false }, pageSize: 5 });
    expect(widthsOf(l)).toEqual([0, 768, 992]);
    const card = SIZES.card + SIZES.field;
    const grid = SIZES.header + 5 * SIZES.row;
    expect(reservedHeights(l)).toEqual([SIZES.info + 5 * card, SIZES.info + grid, SIZES.info + grid]);
  });

  it('another breakpoint is a width of its own; 0 keeps the grid everywhere', () => {
    expect(widthsOf(layout({ cardBreakpoint: 576 }))).toEqual([0, 576, 768, 992]);
    const l = layout({ cardBreakpoint: 0, search: false, pageSizeOptions: [], export: { enabled: false }, pageSize: 3 });
    expect(widthsOf(l)).toEqual([0, 768, 992]);
    expect(new Set(reservedHeights(l))).toEqual(new Set([SIZES.info + SIZES.header + 3 * SIZES.row]));
  });

  it('the facets share rows as the grid puts them (1, 2, 3 to a row), then the search, the toolbar and the count', () => {
    const l = layout({
      facets: ['a', 'b', 'c', 'd'].map((field) => ({ field })),
      search: true,
      pageSizeOptions: [10, 25],
      pageSize: 10,
      cardBreakpoint: 0,
    });
    const rows = (n: number) => n * SIZES.facets + (n - 1) * SIZES.facetGap;
    const below = SIZES.search + SIZES.form + SIZES.toolbar + SIZES.info + SIZES.header + 10 * SIZES.row;
    expect(reservedHeights(l)).toEqual([rows(4) + below, rows(2) + below, rows(2) + below]);
    // the CSV button alone makes a toolbar too
    expect(layout({ pageSizeOptions: [], export: { enabled: true } }).toolbar).toBe(true);
    expect(layout({ pageSizeOptions: [], export: { enabled: false } }).toolbar).toBe(false);
  });

  it('one rule, and a media query where a wider window changes the height', () => {
    expect(reservationCss('[x="a"]', [900, 450, 450], [0, 768, 992])).toBe(
      '[x="a"]{min-height:900px}@media (min-width:768px){[x="a"]{min-height:450px}}',
    );
  });
});
