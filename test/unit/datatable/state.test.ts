import { describe, expect, it } from 'vitest';
import {
  defaultSort,
  initialState,
  pageSizes,
  rowRange,
  sameState,
  sanitize,
  withFilter,
  withoutFilters,
  withPage,
  withPageSize,
  withSearch,
  withSort,
  type StateRules,
} from '../../../blocks/datatable/model/state';
import { readSearch, stateParams, urlKeys, writeSearch } from '../../../blocks/datatable/model/url';
import type { ColumnSpec, FacetSpec, TableState } from '../../../blocks/datatable/model/types';

const col = (field: string, type: ColumnSpec['type'] = 'text', sortable = true): ColumnSpec => ({
  field,
  title: field,
  type,
  sortable,
  link: false,
});
const columns = [col('name'), col('publication_date', 'date'), col('file', 'file', false)];
const facets: FacetSpec[] = [
  { field: 'document_type', label: 'Tipo', multiple: true, sort: 'alpha', limit: 100 },
  { field: 'anno', label: 'Anno', multiple: false, sort: 'alpha', limit: 100 },
];
const defaults = initialState(10, { field: 'name', dir: 'asc' });
const rules: StateRules = { columns, facets, pageSizeOptions: [10, 25, 50], defaults };

describe('defaults', () => {
  it('sorts by the first sortable column, descending for dates', () => {
    expect(defaultSort(columns)).toEqual({ field: 'name', dir: 'asc' });
    expect(defaultSort([col('file', 'file', false), col('d', 'datetime')])).toEqual({ field: 'd', dir: 'desc' });
    expect(defaultSort([col('file', 'file', false)])).toBeNull();
    expect(defaultSort(columns, { field: 'publication_date' })).toEqual({ field: 'publication_date', dir: 'asc' });
  });
  it('adds the configured page size to the options', () => {
    expect(pageSizes([10, 50], 25)).toEqual([10, 25, 50]);
    expect(pageSizes([], 25)).toEqual([]);
  });
});

describe('transitions', () => {
  const s: TableState = { ...defaults, page: 3 };
  it('goes back to the first page on every change but paging', () => {
    expect(withSort(s, { field: 'publication_date', dir: 'desc' }).page).toBe(0);
    expect(withSearch(s, 'x').page).toBe(0);
    expect(withFilter(s, 'anno', ['2024']).page).toBe(0);
    expect(withoutFilters(s).page).toBe(0);
    expect(withPage(s, 5).page).toBe(5);
    expect(withPage(s, -1).page).toBe(0);
  });
  it('keeps the same state when the search text did not change', () => {
    expect(withSearch(s, '')).toBe(s);
  });
  it('keeps the first visible row in view when the page size changes', () => {
    expect(withPageSize({ ...defaults, page: 3 }, 25)).toMatchObject({ page: 1, pageSize: 25 });
    expect(withPageSize({ ...defaults, pageSize: 50, page: 1 }, 10)).toMatchObject({ page: 5 });
  });
  it('drops a facet whose selection becomes empty', () => {
    const a = withFilter(defaults, 'anno', ['2024']);
    expect(a.filters).toEqual({ anno: ['2024'] });
    expect(withFilter(a, 'anno', ['']).filters).toEqual({});
  });
  it('compares choices regardless of the order values were picked in', () => {
    const a = withFilter(defaults, 'document_type', ['a', 'b']);
    const b = withFilter(defaults, 'document_type', ['b', 'a']);
    expect(sameState(a, b)).toBe(true);
    expect(sameState(a, withPage(a, 1))).toBe(false);
  });
  it('counts the rows shown', () => {
    expect(rowRange({ ...defaults, page: 2 }, 7)).toEqual({ from: 21, to: 27 });
    expect(rowRange(defaults, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('sanitize', () => {
  it('drops what the config cannot express', () => {
    const dirty: TableState = {
      page: -2,
      pageSize: 7,
      sort: { field: 'file', dir: 'asc' },
      search: 'x'.repeat(500),
      filters: { unknown: ['a'], anno: ['2024', '2023'], document_type: ['a', 'a', ' '] },
    };
    expect(sanitize(dirty, rules)).toEqual({
      page: 0,
      pageSize: 10,
      sort: { field: 'name', dir: 'asc' },
      search: 'x'.repeat(200),
      filters: { anno: ['2024'], document_type: ['a'] },
    });
  });
  it('keeps a valid state as it is', () => {
    const ok: TableState = {
      page: 2,
      pageSize: 25,
      sort: { field: 'publication_date', dir: 'desc' },
      search: 'bando',
      filters: { anno: ['2024'] },
    };
    expect(sanitize(ok, rules)).toEqual(ok);
  });
});

describe('URL codec', () => {
  const k = urlKeys('documenti');
  const state: TableState = {
    page: 2,
    pageSize: 25,
    sort: { field: 'publication_date', dir: 'desc' },
    search: "l'avviso & co",
    filters: { document_type: ['Delibera', 'Atto (x)'], anno: ['2024'] },
  };

  it('writes only what differs from the defaults, 1-based pages', () => {
    expect(stateParams(defaults, defaults)).toEqual([]);
    expect(stateParams(state, defaults)).toEqual([
      ['page', '3'],
      ['size', '25'],
      ['sort', 'publication_date:desc'],
      ['q', "l'avviso & co"],
      ['f.anno', '2024'],
      ['f.document_type', 'Delibera'],
      ['f.document_type', 'Atto (x)'],
    ]);
    // (the codec adds the block's prefix: documenti.page=3…)
    expect(writeSearch('', state, defaults, k)).toMatch(/^\?documenti\.page=3&documenti\.size=25&documenti\.sort=/);
  });

  it("round-trips through the search string and keeps the portal's own parameters", () => {
    const search = writeSearch('?lang=it&documenti.page=9&altro.page=2', state, defaults, k);
    expect(search).toContain('lang=it');
    expect(search).toContain('altro.page=2');
    expect(search).not.toContain('documenti.page=9');
    expect(readSearch(search, defaults, k)).toEqual(state);
  });

  it('gives the defaults for an empty or foreign URL', () => {
    expect(readSearch('', defaults, k)).toEqual(defaults);
    expect(readSearch('?altro.page=4', defaults, k)).toEqual(defaults);
    expect(writeSearch('', defaults, defaults, k)).toBe('');
  });

  it('reads "no sort" and ignores malformed numbers and sorts', () => {
    expect(readSearch('?documenti.sort=none', defaults, k).sort).toBeNull();
    expect(writeSearch('', { ...defaults, sort: null }, defaults, k)).toBe('?documenti.sort=none');
    const bad = readSearch('?documenti.page=abc&documenti.size=-3&documenti.sort=name:sideways', defaults, k);
    expect(bad).toEqual(defaults);
  });
});
