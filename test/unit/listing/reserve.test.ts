// The space a listing block holds before its first results (issue 31): what each part of the block
// adds at each window width, by the sizes the model declares.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENDA_DAY, PLACES_HEIGHT, reservationCss, reservedHeights, SIZES, WIDTHS } from '../../../blocks/listing/model/reserve';
import { settings } from './fixtures';
import { DAY_VIEW_MAX_WIDTH, viewForWidth } from '../../../blocks/listing/agenda/model/period';

describe('the space a listing block reserves', () => {
  it('a card view: one card per row on a phone, two from 768 px, itemsPerRow from 992 px', () => {
    // (768 px appears twice in WIDTHS: 768 and just above, where only the agenda changes)
    const s = settings({ view: 'card_teaser', limitPagination: 6, itemsPerRow: 3 });
    const rows = (...r: number[]) => r.map((n, i) => n * SIZES.card[i]);
    expect(reservedHeights(s)).toEqual(rows(6, 6, 3, 3, 2));
    // a last row that is not full still counts
    expect(reservedHeights(settings({ view: 'card', limitPagination: 7, itemsPerRow: 3 }))).toEqual(rows(7, 7, 4, 4, 3));
    // one per row stays one
    expect(reservedHeights(settings({ view: 'card', limitPagination: 4, itemsPerRow: 1 }))).toEqual(rows(4, 4, 4, 4, 4));
  });

  it('a column flow (itemsPerRow auto): as many rows as its fullest column (1, 2, 3 columns)', () => {
    expect(reservedHeights(settings({ view: 'card_teaser', limitPagination: 6, itemsPerRow: 'auto' }))).toEqual(
      [6, 6, 3, 3, 2].map((r, i) => r * SIZES.card[i]),
    );
  });

  it('a stacked view: one row per result at every width', () => {
    const s = settings({ view: 'text_linked', limitPagination: 8 });
    expect(reservedHeights(s)).toEqual(WIDTHS.map((_, i) => 8 * SIZES.row[i]));
  });

  it('the filters and the tab bar it shows come first; facets share rows as the grid puts them', () => {
    const s = settings({
      view: 'card_teaser',
      limitPagination: 6,
      itemsPerRow: 2,
      showSearch: true,
      timeIntervals: true,
      publishedRange: true,
      facets: ['topics', 'has_public_event_typology', 'content_type'],
      tabs: ['list', 'geo', 'agenda'],
    });
    // (the tab bar and the panel's padding under it: 44 + 24 px)
    const chrome = (i: number) => SIZES.search[i] + SIZES.intervals[i] + SIZES.published[i] + 44 + 24;
    expect(reservedHeights(s)).toEqual([
      chrome(0) + 3 * SIZES.facets[0] + 6 * SIZES.card[0],
      chrome(1) + 3 * SIZES.facets[1] + 6 * SIZES.card[1],
      chrome(2) + 2 * SIZES.facets[2] + 3 * SIZES.card[2],
      chrome(3) + 2 * SIZES.facets[3] + 3 * SIZES.card[3],
      chrome(4) + 1 * SIZES.facets[4] + 3 * SIZES.card[4],
    ]);
    // one tab: no tab bar
    expect(reservedHeights(settings({ view: 'text_linked', limitPagination: 2, tabs: ['list'] }))).toEqual(
      WIDTHS.map((_, i) => 2 * SIZES.row[i]),
    );
  });

  it('a block that opens on its map: the filters, the tab bar and its panel, the map (360 px on a phone, 480 px from 576 px) and below 992 px the list of places under it, whatever the list would take', () => {
    const s = settings({ view: 'card_teaser', limitPagination: 6, showSearch: true, facets: ['topics'], tabs: ['geo', 'list'] });
    // search 48, a row of facets 76, tab bar 44, panel padding 24; below 992 px the gutter (16) and the places' fixed 240 px
    const above = 48 + 76 + 44 + 24;
    expect(PLACES_HEIGHT).toBe(240);
    expect(reservedHeights(s)).toEqual([
      above + 360 + 16 + 240,
      above + 480 + 16 + 240,
      above + 480 + 16 + 240,
      above + 480 + 16 + 240,
      above + 480,
    ]);
    // the same block opened on its list (a link to it): the list's space
    expect(reservedHeights(s, 'list')).toEqual(
      reservedHeights(settings({ view: 'card_teaser', limitPagination: 6, showSearch: true, facets: ['topics'], tabs: ['list', 'geo'] })),
    );
    // and a list block opened on its map by a link to the map's panel
    expect(reservedHeights(settings({ view: 'text_linked', limitPagination: 4, tabs: ['list', 'geo'] }), 'geo')).toEqual([
      68 + 360 + 256,
      68 + 480 + 256,
      68 + 480 + 256,
      68 + 480 + 256,
      68 + 480,
    ]);
    // a map alone (no tab bar, no panel padding)
    expect(reservedHeights(settings({ view: 'text_linked', tabs: ['geo'] }))).toEqual([360 + 256, 480 + 256, 480 + 256, 480 + 256, 480]);
  });

  it('the style sheet holds the list of places at the height the model counts', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../blocks/listing/style.css'), 'utf8');
    expect(css).toMatch(
      new RegExp(`max-width: 991\\.98px\\) \\{\\s*\\.piazza-listing \\.piazza-geo-companion \\{\\s*height: ${PLACES_HEIGHT}px;`),
    );
  });

  it('nothing for a block hidden until it has results', () => {
    expect(reservedHeights(settings({ hideIfEmpty: true }))).toBeNull();
    expect(reservedHeights(settings({ hideIfEmpty: true, tabs: ['geo', 'list'] }))).toBeNull();
    expect(reservedHeights(settings({ hideIfEmpty: true, tabs: ['agenda', 'list'] }))).toBeNull();
  });

  it('a block that opens on its agenda: the tab bar and its panel, the toolbar and the calendar (a day of 70 % of the window, 420 to 800 px, up to 768 px included — an iPad held upright — as the agenda shows it; a month of 800 px above); no date filters', () => {
    expect(AGENDA_DAY).toBe('clamp(420px, 70vh, 800px)');
    // tab bar 44 + panel 24 + toolbar 40
    expect(reservedHeights(settings({ tabs: ['agenda', 'list'], timeIntervals: true, publishedRange: true }))).toEqual([
      'calc(108px + clamp(420px, 70vh, 800px))',
      'calc(108px + clamp(420px, 70vh, 800px))',
      'calc(108px + clamp(420px, 70vh, 800px))',
      108 + 800,
      108 + 800,
    ]);
    // the agenda alone, with a search box: no tab bar
    expect(reservedHeights(settings({ tabs: ['agenda'], showSearch: true }))).toEqual([
      'calc(88px + clamp(420px, 70vh, 800px))',
      'calc(88px + clamp(420px, 70vh, 800px))',
      'calc(88px + clamp(420px, 70vh, 800px))',
      88 + 800,
      88 + 800,
    ]);
    // a list block opened on its agenda by a link to it
    expect(reservedHeights(settings({ tabs: ['list', 'agenda'] }), 'agenda')).toEqual(
      reservedHeights(settings({ tabs: ['agenda', 'list'] })),
    );
    expect(
      reservationCss('[x="a"]', [
        'calc(108px + clamp(420px, 70vh, 800px))',
        'calc(108px + clamp(420px, 70vh, 800px))',
        'calc(108px + clamp(420px, 70vh, 800px))',
        908,
        908,
      ]),
    ).toBe('[x="a"]{min-height:calc(108px + clamp(420px, 70vh, 800px))}@media (min-width:768.02px){[x="a"]{min-height:908px}}');
  });

  it('an agenda-first block reserves the calendar the agenda draws at that width: a day where the agenda shows a day (an iPad held upright, 768 px), a month above', () => {
    const heights = reservedHeights(settings({ tabs: ['agenda'] }));
    // the rule in force at a window width: the last of WIDTHS at or below it, as the media queries apply
    const at = (w: number) => heights?.[WIDTHS.filter((from) => from <= w).length - 1];
    for (const w of [320, 576, 767, 768, 768.5, 769, 820, 1024, 1280]) {
      const day = viewForWidth(w) === 'day';
      expect(typeof at(w) === 'string' && String(at(w)).includes(AGENDA_DAY), `${w} px`).toBe(day);
    }
    expect(viewForWidth(DAY_VIEW_MAX_WIDTH)).toBe('day');
  });

  it('one rule, and a media query where a wider window changes the height', () => {
    expect(reservationCss('[x="a"]', [900, 900, 450, 450, 300])).toBe(
      '[x="a"]{min-height:900px}@media (min-width:768px){[x="a"]{min-height:450px}}@media (min-width:992px){[x="a"]{min-height:300px}}',
    );
    expect(reservationCss('[x="a"]', [500, 620, 620, 620, 620])).toBe(
      '[x="a"]{min-height:500px}@media (min-width:576px){[x="a"]{min-height:620px}}',
    );
    expect(reservationCss('[x="a"]', [200, 200, 200, 200, 120])).toBe(
      '[x="a"]{min-height:200px}@media (min-width:992px){[x="a"]{min-height:120px}}',
    );
    expect(reservationCss('[x="a"]', [200, 200, 200, 200, 200])).toBe('[x="a"]{min-height:200px}');
  });
});
