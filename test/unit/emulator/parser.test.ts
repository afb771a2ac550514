import { describe, it, expect } from 'vitest';
import {
  parseQuery,
  stringifyQuery,
  escapeValue,
  escapeValueStrict,
  QueryError,
  PARSER_ERROR,
  CONVERTER_ERROR,
  type Clause,
} from '../../../fixtures/emulator/query/index.mjs';

const clause = (text: string, i = 0): Clause => parseQuery(text).clauses[i];

describe('query parser: clauses and values', () => {
  it('reads every operator', () => {
    for (const op of ['=', '!=', 'in', '!in', 'contains', '!contains', 'range', '!range']) {
      const c = clause(`anno ${op} ['2024','2025']`);
      expect(c.operator).toBe(op);
      expect(c.field).toBe('anno');
      expect(c.values).toEqual(['2024', '2025']);
    }
  });

  it('unescapes \\\' \\" \\( \\) \\[ \\] inside single quotes', () => {
    const c = clause(String.raw`topics in ['Ambiente \(verde\) \[urbano\]', 'L\'arte dell\'incontro', 'a \"b\"']`);
    expect(c.values).toEqual(['Ambiente (verde) [urbano]', "L'arte dell'incontro", 'a "b"']);
  });

  it('reads \'"v"\' as the exact string v, keeping escaped inner quotes', () => {
    const c = clause(String.raw`has_public_event_typology in ['"Concerto \"all\'aperto\""','"Sport"']`);
    expect(c.values).toEqual([`Concerto "all'aperto"`, 'Sport']);
    expect(c.items.map((i) => i.exact)).toEqual([true, true]);
    // An escaped quote at both ends is part of the value, not the exact wrapper.
    const d = clause(String.raw`name = '\"Ciao\"'`);
    expect(d.values).toEqual(['"Ciao"']);
    expect(d.items[0].exact).toBe(false);
  });

  it('round-trips hostile values escaped the listing way', () => {
    const hostile = [
      `Concerto "all'aperto"`,
      'Ambiente (verde) [urbano]',
      `]) or id > 0 or (['`,
      `'; DROP`,
      '<b>Bold</b> news',
      'città, è così',
      '  spaces  ',
      `"quoted"`,
      'x,y',
      '[',
      ')',
      'a\\(b',
    ];
    for (const v of hostile) {
      const text = `topics in ['"${escapeValue(v)}"'] and classes [event]`;
      const c = clause(text);
      expect(c.values, text).toEqual([v]);
      expect(c.items[0].exact).toBe(true);
      expect(parseQuery(text).parameters.classes).toEqual(['event']);
    }
  });

  it('round-trips any value, backslashes included, with the strict escaping', () => {
    for (const v of ['ends with \\', '\\\\"', `a\\b`, `'"\\()[]`]) {
      const c = clause(`name in ['"${escapeValueStrict(v)}"']`);
      expect(c.values).toEqual([v]);
    }
  });

  it('reads values as the server does: Solr takes a lone backslash, the clean-up a backslash before an apostrophe', () => {
    // written unescaped, `\b` reaches Solr's phrase, where a backslash escapes the next character
    expect(clause(`topics in ['"a\\b"']`).values).toEqual(['ab']);
    // `\\\'` (an escaped backslash, an escaped apostrophe): ValueParser keeps `\\'`, whose `\'` the clean-up reads as `'`
    expect(clause(`name in ['"${escapeValueStrict(`\\'`)}"']`).values).toEqual([`'`]);
    // a `$` inside a quoted array value is ValueParser's stand-in for `\'`: it comes back as `'`
    expect(clause(`topics contains ['5$ al mese']`).values).toEqual([`5' al mese`]);
    // an array mixing bare and quoted items is cut at the quotes: the bare item keeps its comma
    expect(clause(`topics in [a, 'b']`).values).toEqual(['a,', 'b']);
    expect(clause(`topics in ['a', 'b','c' ]`).values).toEqual(['a', 'b', 'c']);
    // not in an array, the same value keeps its `$`; at either end of a value an apostrophe is trimmed
    expect(clause(`name = '5$ al mese'`).values).toEqual(['5$ al mese']);
    expect(clause(`name = '\\'tra apici\\''`).values).toEqual(['tra apici']);
    // the space after `[` and before `]` goes, inside values too (here `\]`: no space right before `]`)
    expect(clause(`name in ['"a \\[ b \\] c"']`).values).toEqual(['a [b ] c']);
  });

  it('fails where the server fails: an odd number of unescaped quotes, an unescaped bracket inside an array value', () => {
    expect(() => parseQuery(`name contains ['a\\\\']`)).toThrow('Syntax error: unbalanced quotes');
    expect(() => parseQuery(`q = 'it''s`)).toThrow('Syntax error: unbalanced quotes');
    let error: any;
    try {
      parseQuery(`topics contains ['Ambiente \\(verde\\) [urbano]']`);
    } catch (e) {
      error = e;
    }
    expect([error?.message, error?.type, error?.status]).toEqual([
      'trim(): Argument #1 ($string) must be of type string, array given',
      'TypeError',
      500,
    ]);
  });

  it('keeps bare array items whole: dates with spaces, *, today', () => {
    const c = clause('calendar[time_interval] = [2025-01-01 00:00,2025-01-31 23:59]');
    expect(c.fn).toEqual({ name: 'calendar', args: ['time_interval'] });
    expect(c.values).toEqual(['2025-01-01 00:00', '2025-01-31 23:59']);
    expect(clause('calendar[time_interval] = [today,*]').values).toEqual(['today', '*']);
    expect(clause('calendar[rel.valid_from, rel.valid_through] = [a,b]').fn!.args).toEqual(['rel.valid_from', 'rel.valid_through']);
  });

  it('reads raw[], dotted fields, meta fields, q and bare values', () => {
    expect(clause('raw[meta_node_id_si] = 6132').fn).toEqual({ name: 'raw', args: ['meta_node_id_si'] });
    expect(clause('raw[meta_node_id_si] = 6132').values).toEqual(['6132']);
    expect(clause("takes_place_in.name in ['Piazza']").path).toEqual(['takes_place_in', 'name']);
    expect(clause("q = 'concerto all\\'aperto'").values).toEqual(["concerto all'aperto"]);
    expect(clause('name = Festa della Musica').values).toEqual(['Festa della Musica']);
    expect(clause("published range ['2025-01-01T00:00:00+01:00','*']").values).toEqual(['2025-01-01T00:00:00+01:00', '*']);
  });
});

describe('query parser: structure and parameters', () => {
  it('refuses and mixed with or at one level, as the server does; parentheses group', () => {
    // FragmentCollection::isValid: one connective per level, else "ambiguous clause"
    expect(() => parseQuery("a = '1' or b = '2' and c = '3'")).toThrow(
      `Syntax error ambiguous clause in "( a = '1' or b = '2' and c = '3' )"`,
    );
    expect(() => parseQuery('a in [1] and b in [2] or id in [3]')).toThrow('Syntax error ambiguous clause');
    const grouped = parseQuery("(a = '1' or b = '2') and c = '3'");
    expect(grouped.filter!.type).toBe('and');
    expect((grouped.filter as any).children[0].type).toBe('or');
    expect(parseQuery("a = '1' or b = '2' or c = '3'").filter!.type).toBe('or');
  });

  it("with the portal's fields known, a clause must start with one (TokenFactory), as the server says", () => {
    const fields = ['topics', 'anno', 'document_type', 'time_interval'];
    expect(() => parseQuery('foo_unknown = 3', { fields })).toThrow(
      'Syntax error "foo_unknown = 3": first token is not a field nor parameter',
    );
    expect(() => parseQuery("topics.foo_unknown = 'x'", { fields })).toThrow('first token is not a field nor parameter');
    // meta fields, q, function fields, sub-fields of known fields and tag_ids pass
    for (const text of [
      'id = 3',
      "q = 'x'",
      "raw[extra_x_s] = 'y'",
      'calendar[time_interval] = [today,*]',
      "topics.name = 'a'",
      'topics.tag_ids in [1]',
      "anno contains ['2024']",
    ]) {
      expect(() => parseQuery(text, { fields }), text).not.toThrow();
    }
    // without the list (the builders' own tests), any field name parses
    expect(parseQuery('foo_unknown = 3').clauses[0].field).toBe('foo_unknown');
  });

  it('lifts parameters from anywhere, also after and; the last repeat wins', () => {
    const text =
      "topics in ['\"Cultura\"'] and q = 'concerto' and classes [event] and subtree [2] sort [time_interval=>asc] and calendar[time_interval] = [2025-06-10 00:00,*] and offset 0 sort [score=>desc] and limit 3 offset 6";
    const ast = parseQuery(text);
    expect(ast.clauses.map((c) => c.field)).toEqual(['topics', 'q', 'calendar[time_interval]']);
    expect(ast.parameters).toMatchObject({
      classes: ['event'],
      subtree: [2],
      limit: 3,
      offset: 6,
      sort: [{ field: 'score', direction: 'desc' }],
    });
    expect(ast.filter!.type).toBe('and');
  });

  it('reads classes in both forms, select-fields, geosort and language', () => {
    expect(parseQuery("classes 'event'").parameters.classes).toEqual(['event']);
    expect(parseQuery('classes [event,article]').parameters.classes).toEqual(['event', 'article']);
    const p = parseQuery(
      "select-fields [metadata.id] and raw[meta_node_id_si] = 6132 limit 1 geosort [46.1,11.2] language 'ita-IT'",
    ).parameters;
    expect(p).toMatchObject({ selectFields: ['metadata.id'], limit: 1, geosort: [46.1, 11.2], language: ['ita-IT'] });
  });

  it('reads facets with defaults count/100/0 and raw[] fields', () => {
    const p = parseQuery('facets [topics, has_public_event_typology|alpha|1000, raw[subattr_x___tag_ids____si]|count|5|10]').parameters;
    expect(p.facets).toEqual([
      { field: 'topics', sort: 'count', limit: 100, offset: 0, query: null },
      { field: 'has_public_event_typology', sort: 'alpha', limit: 1000, offset: 0, query: null },
      { field: 'raw[subattr_x___tag_ids____si]', sort: 'count', limit: 5, offset: 10, query: null },
    ]);
  });

  it('stringifies to a query that parses to the same thing, with offset replaced', () => {
    const ast = parseQuery('(a in [\'"x \\(1\\)"\'] or b = 2) and c contains [y] classes [event] limit 3 offset 0');
    const next = stringifyQuery(ast, { offset: 3 });
    expect(next).toBe('( a in [\'"x \\(1\\)"\'] or b = 2 ) and c contains [y] classes [event] limit 3 offset 3');
    const again = parseQuery(next);
    expect(again.clauses.map((c) => c.values)).toEqual(ast.clauses.map((c) => c.values));
    expect(again.parameters.offset).toBe(3);
    expect(stringifyQuery(parseQuery('classes [event]'), { offset: 30 })).toBe('classes [event] offset 30');
  });
});

describe('query parser: errors', () => {
  const error = (text: string) => {
    try {
      parseQuery(text);
    } catch (e) {
      return e as QueryError;
    }
    throw new Error('no error for ' + text);
  };
  it('reports syntax errors as Parser exceptions', () => {
    expect(error("topics in ['x").message).toBe('Syntax error: unbalanced quotes');
    // ParenthesisSplitter's own words, for ( ) and for [ ] alike
    expect(error('topics in [x').message).toBe('Unbalanced parenthesis in ""0');
    expect(error("(a = '1'").message).toBe('Unbalanced parenthesis in ""0');
    expect(error("q = 'a (b'").message).toBe('Unbalanced parenthesis in ""0');
    // balanced, but inside quotes: the server would search "a" only; the emulator refuses it
    expect(error("q = 'a (b) c'").message).toContain('a parenthesis inside quotes without a backslash');
    expect(parseQuery("q = 'a \\(b\\) c'").clauses[0].values).toEqual(['a (b) c']);
    expect(error("a foo '1'").message).toBe('Operator foo not handled');
    expect(error("q in ['x']").type).toBe(PARSER_ERROR);
    expect(error('a =').type).toBe(PARSER_ERROR);
    expect(error('a =')).toBeInstanceOf(QueryError);
  });
  it('reports bad parameter values as Converter exceptions', () => {
    expect(error('limit [1]').type).toBe(CONVERTER_ERROR);
    expect(error('sort [name=>up]').message).toBe('Can not convert sort order value: up');
    expect(error("sort 'name'").message).toBe('Sort parameter require an hash value');
    expect(error('geosort [1]').message).toBe('Geosort parameter require a LatLon array');
  });
});
