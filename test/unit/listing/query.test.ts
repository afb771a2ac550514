import { describe, expect, it } from 'vitest';
import {
  escapeValue,
  facetClause,
  facetValue,
  facetsQuery,
  filteredQuery,
  isFacetDate,
  listQuery,
} from '../../../blocks/listing/model/query';
import { noFilters, settings, TUESDAY } from './fixtures';

const BASE = 'classes [event] and subtree [2] sort [time_interval=>asc]';

describe('escaping', () => {
  it('puts a backslash before " \' ( ) [ ]', () => {
    expect(escapeValue(`l'arte "bella" (2025) [x]`)).toBe(`l\\'arte \\"bella\\" \\(2025\\) \\[x\\]`);
  });
  it('turns a typed backslash into a space (it has no escape of its own)', () => {
    expect(escapeValue('a\\')).toBe('a ');
    expect(escapeValue("\\'")).toBe(" \\'");
  });
  it('keeps a backslash in a facet value, doubled inside its exact phrase (a trailing one too: the closing " keeps it off the apostrophe)', () => {
    expect(facetValue('topics', 'Tempo libero \\')).toBe(`'"Tempo libero \\\\"'`);
    expect(facetValue('topics', `a\\b (c)`)).toBe(`'"a\\\\b \\(c\\)"'`);
  });
  it('gives a value with a $ a clause of its own (an array item reads it as an apostrophe), or-ed with the rest', () => {
    expect(facetClause('topics', ['Sport', 'Prezzo 5$'])).toBe(`(topics in ['"Sport"'] or topics in '"Prezzo 5$"')`);
    expect(facetClause('topics', ['5$'])).toBe(`topics in '"5$"'`);
  });
  it('leaves & # % + alone (the URL encoding handles those)', () => {
    expect(escapeValue('a&b#c%d+e')).toBe('a&b#c%d+e');
  });
});

describe('browser query (the original buildQuery, fixed)', () => {
  it("matches the reference's worked example", () => {
    const s = settings({ query: BASE, showSearch: true, timeIntervals: true, facets: ['topics'] });
    const f = noFilters({ text: 'concerto', facets: { topics: ['Cultura'] }, interval: 'next7days' });
    expect(listQuery(s, f, TUESDAY, 0)).toBe(
      `topics in ['"Cultura"'] and q = 'concerto' and ${BASE} and calendar[time_interval] = [2025-06-10 00:00,2025-06-17 23:59] and sort [score=>desc] and limit 3 offset 0`,
    );
  });

  it('is the bare query without filters', () => {
    expect(filteredQuery(settings({ query: BASE }), noFilters(), TUESDAY)).toBe(BASE);
    expect(listQuery(settings({ query: BASE, limitPagination: 6 }), noFilters(), TUESDAY, 12)).toBe(BASE + ' and limit 6 offset 12');
  });

  it('prepends facets in config order, so the last facet comes first', () => {
    const s = settings({ query: 'classes [event]', facets: ['topics', 'has_public_event_typology|count|50'] });
    const f = noFilters({ facets: { topics: ['Cultura', 'Sport'], has_public_event_typology: ['Concerto'] } });
    expect(filteredQuery(s, f, TUESDAY)).toBe(
      `has_public_event_typology in ['"Concerto"'] and topics in ['"Cultura"','"Sport"'] and classes [event]`,
    );
  });

  it('ignores selections of facets the block does not have, and empty values', () => {
    const s = settings({ query: 'classes [event]', facets: ['topics'] });
    expect(filteredQuery(s, noFilters({ facets: { topics: [''], other: ['x'] } }), TUESDAY)).toBe('classes [event]');
  });

  it('escapes hostile facet values and text', () => {
    const s = settings({ query: 'classes [event]', showSearch: true, facets: ['topics'] });
    const f = noFilters({ text: `it's (a) "test"`, facets: { topics: [`Sport']) or (x`] } });
    expect(filteredQuery(s, f, TUESDAY)).toBe(
      `topics in ['"Sport\\'\\]\\) or \\(x"'] and q = 'it\\'s \\(a\\) \\"test\\"' and classes [event] and sort [score=>desc]`,
    );
  });

  it('adds the text only when the search is shown, and trims it', () => {
    expect(filteredQuery(settings({ query: 'a = 1' }), noFilters({ text: 'x' }), TUESDAY)).toBe('a = 1');
    expect(filteredQuery(settings({ query: 'a = 1', showSearch: true }), noFilters({ text: '   ' }), TUESDAY)).toBe('a = 1');
    expect(filteredQuery(settings({ showSearch: true }), noFilters({ text: ' x ' }), TUESDAY)).toBe("q = 'x' and sort [score=>desc]");
  });

  it('adds the interval only when the interval filter is shown', () => {
    expect(filteredQuery(settings({ query: 'q1' }), noFilters({ interval: 'today' }), TUESDAY)).toBe('q1');
    expect(filteredQuery(settings({ query: 'q1', timeIntervals: true }), noFilters(), TUESDAY)).toBe(
      'q1 and calendar[time_interval] = [2025-06-10 00:00,*]',
    );
  });

  it('adds the published range only when both dates are valid', () => {
    const s = settings({ query: 'q1', publishedRange: true });
    expect(filteredQuery(s, noFilters({ publishedFrom: '2025-01-01' }), TUESDAY)).toBe('q1');
    expect(filteredQuery(s, noFilters({ publishedFrom: '2025-01-01', publishedTo: '2025-01-31' }), TUESDAY)).toBe(
      'q1 and published range [2025-01-01 00:00,2025-01-31 23:59]',
    );
  });

  it('leaves interval and published range out of the agenda query', () => {
    const s = settings({ query: 'q1', timeIntervals: true, publishedRange: true, showSearch: true, facets: ['topics'] });
    const f = noFilters({
      text: 'x',
      facets: { topics: ['T'] },
      interval: 'today',
      publishedFrom: '2025-01-01',
      publishedTo: '2025-01-31',
    });
    expect(filteredQuery(s, f, TUESDAY, { calendar: true })).toBe(`topics in ['"T"'] and q = 'x' and q1 and sort [score=>desc]`);
  });

  it('asks facets with limit 1 as field|sort|limit, optionally without one facet', () => {
    const s = settings({
      query: 'classes [event]',
      facets: ['topics', { field: 'has_public_event_typology', label: 'Tipo', sort: 'count', limit: 20 }],
    });
    const f = noFilters({ facets: { topics: ['Cultura'] } });
    expect(facetsQuery(s, f, TUESDAY, s.facets)).toBe(
      `topics in ['"Cultura"'] and classes [event] and limit 1 facets [topics|alpha|1000,has_public_event_typology|count|20]`,
    );
    expect(facetsQuery(s, f, TUESDAY, [s.facets[0]], 'topics')).toBe('classes [event] and limit 1 facets [topics|alpha|1000]');
    expect(facetsQuery(settings(), noFilters(), TUESDAY, [s.facets[0]])).toBe('limit 1 facets [topics|alpha|1000]');
  });
});

describe('date facets', () => {
  it('are values longer than 15 characters, strict ISO, on fields that are not names', () => {
    expect(isFacetDate('data_dt', '2025-06-01T00:00:00Z')).toBe(true);
    expect(isFacetDate('name_dt', '2025-06-01T00:00:00Z')).toBe(false);
    expect(isFacetDate('data_dt', '2025-06-01')).toBe(false);
    expect(isFacetDate('data_dt', '2025-06-01 e altro testo')).toBe(false);
  });
  it('_dt fields are matched as day phrases, others by the raw value', () => {
    expect(facetClause('raw[attr_publication_date_dt]', ['2025-06-01T00:00:00Z'])).toBe(
      `raw[attr_publication_date_dt] in ['"2025-06-01T00:00:00Z"']`,
    );
    expect(facetClause('raw[attr_publication_date_dt]', ['2025-06-01T10:30:00+02:00'])).toBe(
      `raw[attr_publication_date_dt] in ['"2025-06-01T00:00:00Z"']`,
    );
    expect(facetClause('publication_date', ['2025-06-01T10:30:00+02:00'])).toBe(`publication_date in ['2025-06-01T10:30:00+02:00']`);
  });
});
