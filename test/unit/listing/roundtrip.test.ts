// Round trips through the emulator's parser (the ocopendata query language as the portal reads it):
// whatever a visitor types or a facet value holds, the clause the portal parses carries it intact.
import { describe, expect, it } from 'vitest';
// @ts-ignore plain JS fixture module
import { parseQuery } from '../../../fixtures/emulator/query/index.mjs';
// @ts-ignore plain JS fixture module
import { phpUrldecode } from '../../../fixtures/emulator/endpoints/http.mjs';
import { listUrl } from '../../../blocks/listing/model/endpoints';
import { filteredQuery } from '../../../blocks/listing/model/query';
import { noFilters, settings, TUESDAY } from './fixtures';

const HOSTILE = [
  `l'arte`,
  `"citazione"`,
  `(parentesi)`,
  `[quadre]`,
  `a ' or 1 = 1 or '`,
  `']) or (id = '1`,
  `x' and classes [user] and q = 'y`,
  `rock & roll`,
  `#hash`,
  `100% + 1`,
  `a=b&q=evil`,
  `\u00e8 \u00e0 \u{1F600}`,
  `tab\there`,
  `<script>alert(1)</script>`,
  `fine'`,
  `'`,
  `''`,
  `\\`,
  `a\\`,
  `\\'`,
  `a\\b`,
  `sort [name=>asc]`,
  `limit 1000`,
  `and or`,
];
/** What survives the search text's escaping: a typed backslash becomes a space (it has no escape of its own there). */
const expected = (v: string) => v.replace(/\\/g, ' ');
/**
 * What survives as a facet value, an exact phrase: everything but a backslash right before an
 * apostrophe, which the server's clean-up takes whatever is written (`\'` → `'`).
 */
const facetExpected = (v: string) => v.replace(/\\(?=')/g, '');
/**
 * What the server reads of the search text: the server's clean-up trims apostrophes off both ends
 * of a value (SentenceConverter::cleanValue), harmless for words searched.
 */
const searched = (v: string) =>
  expected(v)
    .trim()
    .replace(/^'+|'+$/g, '');

/** The query the eZ module reads from a list URL: $_GET decoding, then urldecode. */
const moduleQuery = (url: string) => phpUrldecode(new URL(url, 'http://x').searchParams.get('q'));

describe('escaping round-trips through the portal parser', () => {
  const s = settings({
    query: 'classes [event] sort [time_interval=>asc]',
    showSearch: true,
    facets: ['topics', 'has_public_event_typology'],
  });

  it.each(HOSTILE)('search text %j', (text) => {
    const ast = parseQuery(moduleQuery(listUrl(s, noFilters({ text }), TUESDAY, 0)));
    const q = ast.clauses.filter((c: any) => c.field === 'q');
    if (!expected(text).trim()) return expect(q).toHaveLength(0);
    expect(q).toHaveLength(1);
    expect(q[0].values).toEqual([searched(text)]);
    expect(ast.parameters.classes).toEqual(['event']);
    expect(ast.parameters.limit).toBe(3);
    expect(ast.parameters.offset).toBe(0);
  });

  it.each(HOSTILE)('facet value %j', (value) => {
    const ast = parseQuery(moduleQuery(listUrl(s, noFilters({ facets: { topics: [value, 'Sport'] } }), TUESDAY, 6)));
    const clause = ast.clauses.find((c: any) => c.field === 'topics')!;
    expect(clause.operator).toBe('in');
    expect(clause.values).toEqual([facetExpected(value), 'Sport']);
    expect(clause.items.every((i: any) => i.exact)).toBe(true);
    expect(ast.clauses.map((c: any) => c.field)).toEqual(['topics']);
    expect(ast.parameters.offset).toBe(6);
  });

  // A `$` inside [..] comes back from the server as `'`: such a value goes in a clause of its own,
  // and the two are or-ed in parentheses, so "any of the chosen topics" still holds.
  it.each([`Prezzo 5$`, `\${name} {{x}}`, `$`, `a$b\\`])('facet value with a dollar %j', (value) => {
    const ast = parseQuery(moduleQuery(listUrl(s, noFilters({ facets: { topics: [value, 'Sport'] } }), TUESDAY, 6)));
    const group = ast.filter as any; // `classes [event]` is a parameter: the or-group is the whole filter
    expect(group.type).toBe('or');
    expect(ast.parameters.classes).toEqual(['event']);
    expect(group.children.map((c: any) => [c.field, c.operator, c.values])).toEqual([
      ['topics', 'in', ['Sport']],
      ['topics', 'in', [value]],
    ]);
    expect(ast.clauses.filter((c: any) => c.field === 'topics').every((c: any) => c.items.every((i: any) => i.exact))).toBe(true);
  });

  it('every filter at once parses into the expected clauses', () => {
    const full = settings({
      query: 'classes [event] and subtree [2] sort [time_interval=>asc]',
      showSearch: true,
      timeIntervals: true,
      publishedRange: true,
      facets: ['topics', 'has_public_event_typology'],
    });
    const ast = parseQuery(
      filteredQuery(
        full,
        noFilters({
          text: `l'arte`,
          facets: { topics: ['Cultura'], has_public_event_typology: ['Concerto'] },
          interval: 'weekend',
          publishedFrom: '2025-01-01',
          publishedTo: '2025-06-30',
        }),
        TUESDAY,
      ),
    );
    expect(ast.clauses.map((c: any) => [c.field, c.operator, c.values])).toEqual([
      ['has_public_event_typology', 'in', ['Concerto']],
      ['topics', 'in', ['Cultura']],
      ['q', '=', [`l'arte`]],
      ['calendar[time_interval]', '=', ['2025-06-14 00:00', '2025-06-15 23:59']],
      ['published', 'range', ['2025-01-01 00:00', '2025-06-30 23:59']],
    ]);
    expect(ast.parameters.sort).toEqual([{ field: 'score', direction: 'desc' }]); // the text's relevance wins over the block's order
    expect(ast.parameters.subtree).toEqual([2]);
  });
});
