import { describe, expect, it } from 'vitest';
import { buildQuery, encodeQuery, facetClause, facetToken, facetsParameter } from '../../../blocks/datatable/model/query';
import type { FacetSpec } from '../../../blocks/datatable/model/types';
// @ts-ignore plain JS emulator modules: the parser and search the emulator answers with
import { parseQuery, search } from '../../../fixtures/emulator/query/index.mjs';
// @ts-ignore plain JS dataset module
import { generateDataset } from '../../../fixtures/data/generate.mjs';

const facet = (field: string, multiple = true): FacetSpec => ({ field, label: field, multiple, sort: 'alpha', limit: 100 });
const HOSTILE = [
  "L'anno (2024)",
  'virgolette "doppie"',
  'parentesi ) chiusa',
  'finisce con \\',
  "mix \\' già escapato",
  'a, b and c or d',
  '[quadre] ]',
  "contains ['x']",
  'àèìòù €',
];

/** What the server reads of an array item (the emulator follows the PHP steps: runtime/query-language.ts). */
const serverReads = (item: string) => parseQuery(`name contains ['${item}']`).clauses[0].values[0];

describe('facetToken', () => {
  it('puts a backslash before quotes, parentheses and brackets, doubles backslashes', () => {
    expect(facetToken('document_type', "Atto d'indirizzo")).toBe("Atto d\\'indirizzo");
    expect(facetToken('topics', 'Ambiente (verde) [urbano]')).toBe('Ambiente \\(verde\\) \\[urbano\\]');
    expect(facetToken('topics', 'virgolette "doppie" e a\\b')).toBe('virgolette \\"doppie\\" e a\\\\b');
    expect(facetToken('topics', 'plain text')).toBe('plain text');
  });
  it('ends a value ending in a backslash with "\\\\\\ ", which the server reads back as one backslash', () => {
    // `\\'` would count as an escaped quote ("Syntax error: unbalanced quotes"); the item is trimmed,
    // the clean-up's `\'` → `'` takes the third backslash, and Solr reads `\\` as `\`.
    expect(facetToken('topics', 'finisce con \\')).toBe('finisce con \\\\\\ ');
    expect(serverReads(facetToken('topics', 'finisce con \\'))).toBe('finisce con \\');
    expect(serverReads(facetToken('topics', 'C:\\Comune\\'))).toBe('C:\\Comune\\');
  });
  it('wraps extra_ values in double quotes and URL-encodes them, quotes and parentheses included', () => {
    const token = facetToken('raw[extra_fase_si]', "Fase (1) d'avvio");
    expect(token).not.toMatch(/['()"\s]/);
    expect(decodeURIComponent(token)).toBe('"Fase \\(1\\) d\\\'avvio"');
  });
});

describe('facetClause', () => {
  it('lists every selected value with contains', () => {
    expect(facetClause('topics', ['Cultura', 'Sport'])).toBe("topics contains ['Cultura','Sport']");
  });
  it('gives a value with a $ a clause of its own (an array item reads it as an apostrophe), and-ed with the rest', () => {
    expect(facetClause('topics', ['Sport', 'Prezzo 5$'])).toBe("topics contains ['Sport'] and topics contains 'Prezzo 5$'");
    // A single value keeps a trailing backslash with an escaped apostrophe the clean-up trims.
    expect(facetClause('topics', ['5$ \\'])).toBe("topics contains '5$ \\\\\\''");
  });
  it('is null for an empty selection (blank values do not count)', () => {
    expect(facetClause('topics', [])).toBeNull();
    expect(facetClause('topics', ['', '  '])).toBeNull();
  });
});

describe('buildQuery', () => {
  const facets = [facet('document_type'), facet('anno', false)];

  it('puts the clauses, joined by and, in front of the base query and asks for the facets', () => {
    const q = buildQuery('classes [document] subtree [131]', facets, { anno: ['2024'], document_type: ['Delibera', 'Decreto'] });
    expect(q).toBe(
      "document_type contains ['Delibera','Decreto'] and anno contains ['2024'] and classes [document] subtree [131] facets [document_type|alpha|100,anno|alpha|100]",
    );
  });

  it('is the base query plus facets when nothing is chosen', () => {
    expect(buildQuery(' classes [document] ', facets, {})).toBe('classes [document] facets [document_type|alpha|100,anno|alpha|100]');
  });

  it("keeps the admin's own facets parameter and adds none", () => {
    expect(buildQuery('classes [document] facets [anno]', facets, {})).toBe('classes [document] facets [anno]');
    expect(buildQuery('classes [document]', [], { x: ['1'] })).toBe('classes [document]');
  });

  it('ignores filters on fields that are not configured facets', () => {
    expect(buildQuery('classes [document]', [], { injected: ["x') or (id > 0"] })).toBe('classes [document]');
  });

  it('is URL-encoded as a whole for the q parameter', () => {
    const q = buildQuery('classes [document]', facets, { anno: ['2024'] });
    expect(encodeQuery(q)).toBe(encodeURIComponent(q));
    expect(decodeURIComponent(encodeQuery(q))).toBe(q);
  });

  it('writes the facets parameter as field|sort|limit', () => {
    expect(facetsParameter([{ ...facet('a'), sort: 'count', limit: 5 }])).toBe('facets [a|count|5]');
  });
});

describe('round trip through the emulator parser', () => {
  it.each(HOSTILE)('a value survives: %s', (value) => {
    const ast = parseQuery(buildQuery('classes [document]', [facet('document_type')], { document_type: [value, 'altro'] }));
    const clause = ast.clauses.find((c: any) => c.field === 'document_type')!;
    expect(clause.operator).toBe('contains');
    // A backslash right before an apostrophe is the one thing the server's clean-up takes (its `\\'` → `'`).
    expect(clause.values).toEqual([value.replace(/\\'/g, "'"), 'altro']);
    expect(ast.parameters.classes).toEqual(['document']);
    expect(ast.parameters.facets!.map((f: any) => f.field)).toEqual(['document_type']);
  });

  it.each(HOSTILE)('an extra_ value stays one token and decodes back: %s', (value) => {
    const field = 'raw[extra_fase_si]';
    const ast = parseQuery(buildQuery('classes [bando]', [facet(field)], { [field]: [value] }));
    const clause = ast.clauses.find((c: any) => c.field === field)!;
    expect(clause.values).toHaveLength(1);
    const decoded = decodeURIComponent(clause.values[0]);
    // the original plugin's form for extra_ values: a backslash before " ' ( ) and \, then URL-encoded
    expect(decoded).toBe('"' + value.replace(/["'()\\]/g, '\\$&') + '"');
  });

  it.each([`Prezzo 5$`, `\${name} {{x}}`, `$`, `a$b\\`, `L'arte $ (x) [y]`])(
    'a value with a dollar survives in a clause of its own: %s',
    (value) => {
      const ast = parseQuery(buildQuery('classes [document]', [facet('document_type')], { document_type: ['altro', value] }));
      expect(ast.filter!.type).toBe('and');
      expect(ast.clauses.filter((c: any) => c.field === 'document_type').map((c: any) => [c.operator, c.values])).toEqual([
        ['contains', ['altro']],
        ['contains', [value]],
      ]);
    },
  );

  it("several facets parse as clauses joined by and, before the base query's own clauses", () => {
    const ast = parseQuery(
      buildQuery("classes [document] and name = 'x'", [facet('topics'), facet('anno')], { topics: ['Cultura'], anno: ['2024'] }),
    );
    expect(ast.filter!.type).toBe('and');
    expect(ast.clauses.map((c: any) => c.field)).toEqual(['topics', 'anno', 'name']);
  });
});

describe('the emulator filters by what the builder writes', () => {
  const ds: any = generateDataset({ today: '2026-11-21' });
  const docs = ds.contents.filter((c: any) => c.classIdentifier === 'document');
  const ids = (q: string) =>
    search(ds, q, { limit: 300 })
      .hits.map((c: any) => c.id)
      .sort();

  it('one value of a tag facet', () => {
    const q = buildQuery('classes [document]', [facet('document_type')], { document_type: ['Bando'] });
    const bandi = docs
      .filter((c: any) => c.fields.document_type.includes(ds.tag('document_type', 'Bando')))
      .map((c: any) => c.id)
      .sort();
    expect(bandi.length).toBeGreaterThan(1);
    expect(ids(q)).toEqual(bandi);
  });

  it('two values of one facet must both match (contains)', () => {
    const q = buildQuery('classes [document]', [facet('document_type')], { document_type: ['Bando', 'Decreto'] });
    expect(ids(q)).toEqual([]);
  });

  it('an extra_ value with quotes and parentheses', () => {
    const q = buildQuery('classes [document]', [facet('raw[extra_fase_si]')], { 'raw[extra_fase_si]': ['In valutazione (fase 2)'] });
    expect(ids(q)).toContain(ds.notable.documentFull);
    expect(ids(q).every((id: number) => ds.byId.get(id).raw.extra_fase_si === 'In valutazione (fase 2)')).toBe(true);
  });
});
