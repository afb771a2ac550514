import { describe, expect, it } from 'vitest';
import { countsFor, facetLabel, facetOptions, facetRequests } from '../../../blocks/listing/model/facets';
import { noFilters, settings } from './fixtures';

describe('which facet counts to ask', () => {
  const s = settings({ facets: ['topics', 'type', 'year'] });

  it('one request for all facets without a selection', () => {
    expect(facetRequests(s, noFilters())).toEqual([{ facets: s.facets }]);
  });

  it('plus one per selected facet, without its own selection', () => {
    const reqs = facetRequests(s, noFilters({ facets: { type: ['A'], year: [] } }));
    expect(reqs).toEqual([{ facets: [s.facets[0], s.facets[2]] }, { facets: [s.facets[1]], exceptFacet: 'type' }]);
  });

  it('matches responses by name, else by position', () => {
    const counts = countsFor(s.facets, [
      { name: 'type', counts: [{ value: 'A', count: 1 }] },
      { name: 'other', counts: [{ value: 'B', count: 2 }] },
    ]);
    expect(counts).toEqual({ topics: [{ value: 'A', count: 1 }], type: [{ value: 'A', count: 1 }], year: [] });
  });
});

describe('options', () => {
  const topics = settings({ facets: ['topics'] }).facets[0];
  const counts = [
    { value: 'Sport', count: 2 },
    { value: 'cultura', count: 4 },
    { value: 'Ambiente', count: 9 },
  ];

  it('alpha: by label, locale-aware; counts kept for the labels', () => {
    const opts = facetOptions(topics, { counts, selected: [], locale: 'it-IT', removeEmpty: false });
    expect(opts.map((o) => [o.label, o.count, o.disabled])).toEqual([
      ['Ambiente', 9, false],
      ['cultura', 4, false],
      ['Sport', 2, false],
    ]);
  });

  it('count: most results first; limit honoured', () => {
    const def = settings({ facets: ['topics|count|2'] }).facets[0];
    expect(facetOptions(def, { counts, selected: [], locale: 'it-IT', removeEmpty: false }).map((o) => o.value)).toEqual([
      'Ambiente',
      'cultura',
    ]);
  });

  it('a selected value is always offered, even with no results', () => {
    const opts = facetOptions(topics, { counts, selected: ['Turismo'], locale: 'it-IT', removeEmpty: false });
    expect(opts[0]).toEqual({ value: 'Turismo', label: 'Turismo', count: 0, depth: 0, disabled: false });
  });

  it('before counts arrive: only the selection, with an unknown count', () => {
    expect(facetOptions(topics, { counts: null, selected: ['X'], locale: 'it-IT', removeEmpty: false })).toEqual([
      { value: 'X', label: 'X', count: null, depth: 0, disabled: false },
    ]);
  });

  it('configured options keep their order and depth; empty ones are disabled, or removed with removeExistingEmptyFacets', () => {
    const def = settings({
      facets: [
        { field: 'topics', options: [{ value: 'Sport' }, { value: 'Calcio', depth: 1 }, { value: 'Ambiente', label: 'Ambiente e verde' }] },
      ],
    }).facets[0];
    const input = {
      counts: [
        { value: 'Sport', count: 2 },
        { value: 'Ambiente', count: 1 },
        { value: 'Altro', count: 5 },
      ],
      selected: [],
      locale: 'it-IT',
    };
    expect(facetOptions(def, { ...input, removeEmpty: false }).map((o) => [o.label, o.count, o.depth, o.disabled])).toEqual([
      ['Sport', 2, 0, false],
      ['Calcio', 0, 1, true],
      ['Ambiente e verde', 1, 0, false],
    ]);
    expect(facetOptions(def, { ...input, removeEmpty: true }).map((o) => o.value)).toEqual(['Sport', 'Ambiente']);
    expect(facetOptions(def, { ...input, selected: ['Calcio'], removeEmpty: true }).map((o) => [o.value, o.disabled])).toEqual([
      ['Sport', false],
      ['Calcio', false],
      ['Ambiente', false],
    ]);
  });

  it('date facets read as dates and sort chronologically', () => {
    const def = settings({ facets: ['raw[attr_data_dt]'] }).facets[0];
    const opts = facetOptions(def, {
      counts: [
        { value: '2025-06-01T00:00:00Z', count: 1 },
        { value: '2024-12-31T00:00:00Z', count: 2 },
      ],
      selected: [],
      locale: 'it-IT',
      removeEmpty: false,
    });
    expect(opts.map((o) => o.label)).toEqual(['31/12/2024', '01/06/2025']);
  });
});

it('facet labels', () => {
  expect(facetLabel('raw[extra_year_dt]', '2025-06-01T00:00:00Z', 'it-IT')).toBe('2025');
  expect(facetLabel('raw[extra_yearmonth_dt]', '2025-06-01T00:00:00Z', 'it-IT')).toBe('2025/06');
  expect(facetLabel('raw[attr_data_dt]', '2025-06-01T23:00:00-05:00', 'en-GB')).toBe('01/06/2025');
  expect(facetLabel('name_dt', '2025-06-01T00:00:00Z', 'it-IT')).toBe('2025-06-01T00:00:00Z');
  expect(facetLabel('topics', 'Cultura', 'it-IT')).toBe('Cultura');
});
