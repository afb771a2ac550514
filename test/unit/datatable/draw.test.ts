import { describe, expect, it } from 'vitest';
import {
  decodesTwice,
  drawParams,
  drawUrl,
  facetOptions,
  isCurrentDraw,
  misalignment,
  nextDraw,
  readDraw,
} from '../../../blocks/datatable/model/draw';
import { resolveColumns, resolveFacets, typeFromClass, fieldValue, type ClassDefinition } from '../../../blocks/datatable/model/columns';
import type { ColumnSpec, FacetResult } from '../../../blocks/datatable/model/types';
// @ts-ignore plain JS dataset module
import { buildClasses } from '../../../fixtures/data/classes.mjs';
// @ts-ignore plain JS fixture module
import { phpUrldecode } from '../../../fixtures/emulator/endpoints/http.mjs';

const col = (field: string, sortable = true): ColumnSpec => ({ field, title: field, type: 'text', sortable, link: false });

describe('draw counter', () => {
  it('steps through odd numbers', () => {
    expect(nextDraw(0)).toBe(1);
    expect(nextDraw(1)).toBe(3);
    expect(nextDraw(3)).toBe(5);
  });
  it('accepts the echo and the incremented answer of the current draw only', () => {
    expect(isCurrentDraw(5, 5)).toBe(true);
    expect(isCurrentDraw(5, 6)).toBe(true);
    // answers to draw 3 under both conventions
    expect(isCurrentDraw(5, 3)).toBe(false);
    expect(isCurrentDraw(5, 4)).toBe(false);
    expect(isCurrentDraw(5, 7)).toBe(false);
  });
});

describe('drawParams', () => {
  const p = drawParams({
    draw: 3,
    columns: [col('name'), col('file', false), { ...col('amounts', false), type: 'matrix' }],
    state: { sort: { field: 'name', dir: 'desc' }, search: ' bando ' },
    start: 20,
    length: 10,
    query: "anno contains ['2024'] and classes [document]",
    ezLang: 'ita-IT',
    nonce: 99,
  });
  it('sends the DataTables parameters', () => {
    expect(p.get('draw')).toBe('3');
    expect(p.get('columns[0][data]')).toBe('data.ita-IT.name');
    expect(p.get('columns[0][name]')).toBe('name');
    expect(p.get('columns[1][orderable]')).toBe('false');
    expect(p.get('columns[2][searchable]')).toBe('false');
    expect(p.get('order[0][column]')).toBe('0');
    expect(p.get('order[0][dir]')).toBe('desc');
    expect(p.get('start')).toBe('20');
    expect(p.get('length')).toBe('10');
    expect(p.get('search[value]')).toBe('bando');
    expect(p.get('search[regex]')).toBe('false');
    expect(p.get('_')).toBe('99');
  });
  it('sends q to the module door URL-encoded once more (it decodes twice)', () => {
    const url = drawUrl('/ita/opendata/api/datatable/search/', {
      draw: 1,
      columns: [col('name')],
      state: { sort: null, search: '' },
      start: 0,
      length: 10,
      query: "anno contains ['2024'] and classes [document]",
      ezLang: 'ita-IT',
    });
    expect(new URL(url, 'http://x').searchParams.get('q')).toBe(encodeURIComponent("anno contains ['2024'] and classes [document]"));
    expect(url).toContain('q=anno%2520contains');
    expect(p.has('q')).toBe(false);
  });
  it('tells the doors apart by their path', () => {
    expect(decodesTwice('/api/opendata/v2/datatable/search/')).toBe(false);
    expect(decodesTwice('https://www.comune.it/api/opendata/v2/datatable/search/')).toBe(false);
    expect(decodesTwice('/ita/opendata/api/datatable/search/')).toBe(true);
  });
  it('puts the query in the path of the REST door, which never reads ?q=, and in ?q= at the module door', () => {
    const query = "topics contains ['Ambiente \\(verde\\) \\[urbano\\]'] and classes [document] + 1 & 2 # 3";
    const request = { draw: 3, columns: [col('name')], state: { sort: null, search: '' }, start: 0, length: 10, query, ezLang: 'ita-IT' };
    const rest = new URL(drawUrl('/api/opendata/v2/datatable/search/', request), 'http://x');
    expect(rest.searchParams.has('q')).toBe(false);
    expect(rest.searchParams.get('draw')).toBe('3');
    expect(rest.pathname.startsWith('/api/opendata/v2/datatable/search/')).toBe(true);
    // what the server's route reads from the path (PHP's urldecode: + would be a space, so it is %2B)
    expect(phpUrldecode(rest.pathname.slice('/api/opendata/v2/datatable/search/'.length))).toBe(query);
    // the base URL's own parameters stay, with or without its trailing slash
    const withParams = new URL(drawUrl('https://www.comune.it/api/opendata/v2/datatable/search?lang=ita', { ...request, query: 'id = 1' }));
    expect([withParams.pathname, withParams.searchParams.get('lang'), withParams.searchParams.get('draw')]).toEqual([
      '/api/opendata/v2/datatable/search/id%20%3D%201',
      'ita',
      '3',
    ]);
    const module = new URL(drawUrl('/ita/opendata/api/datatable/search/', { ...request, query: 'id = 1' }), 'http://x');
    expect([module.pathname, decodeURIComponent(module.searchParams.get('q')!)]).toEqual(['/ita/opendata/api/datatable/search/', 'id = 1']);
  });
  it('sends no order without a sort', () => {
    const q = drawParams({
      draw: 1,
      columns: [col('name')],
      state: { sort: null, search: '' },
      start: 0,
      length: 10,
      query: 'x',
      ezLang: 'ita-IT',
    });
    expect(q.has('order[0][column]')).toBe(false);
    expect(q.has('_')).toBe(false);
  });
  it('reads meta columns from metadata', () => {
    const q = drawParams({
      draw: 1,
      columns: [col('published')],
      state: { sort: null, search: '' },
      start: 0,
      length: 1,
      query: 'x',
      ezLang: 'ita-IT',
    });
    expect(q.get('columns[0][data]')).toBe('metadata.published');
  });
});

describe('readDraw', () => {
  it('reads a draw answer, numbers as strings included', () => {
    const r = readDraw({
      draw: '4',
      recordsTotal: 10,
      recordsFiltered: '3',
      data: [{ metadata: { id: 1 } }, 'junk'],
      facets: [{ name: 'anno', data: { 2024: 2, x: 'bad' } }, { nope: 1 }],
    });
    expect(r).toEqual({
      draw: 4,
      recordsTotal: 10,
      recordsFiltered: 3,
      data: [{ metadata: { id: 1 } }],
      facets: [{ name: 'anno', data: { 2024: 2 } }],
    });
  });
  it.each([
    null,
    [],
    'x',
    { draw: 1 },
    { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: {} },
    { draw: -1, recordsTotal: 1, recordsFiltered: 1, data: [] },
    { error_message: 'x' },
  ])('is null for %j (Invalid JSON response)', (body) => expect(readDraw(body)).toBeNull());
});

describe('misalignment', () => {
  const cols = [col('name'), col('anno')];
  it("finds the first row lacking a column's field", () => {
    const rows = [{ data: { 'ita-IT': { name: 'a', anno: null } } }, { data: { 'ita-IT': { name: 'b' } } }];
    expect(misalignment(rows, cols, 'it')).toEqual({ row: 1, fields: ['anno'] });
  });
  it('is null when every field is present (null counts as present)', () => {
    expect(misalignment([{ data: { 'ita-IT': { name: null, anno: 1 } } }], cols, 'it')).toBeNull();
  });
});

describe('facetOptions', () => {
  const facets: FacetResult[] = [
    { name: 'document_type', data: { Delibera: 4, '': 3, ' ': 1, Decreto: 2 } },
    { name: 'anno', data: { 2024: 1 } },
  ];
  it('offers value (count) without empty values', () => {
    expect(facetOptions('document_type', 0, facets, ['Decreto'])).toEqual([
      { value: 'Delibera', count: 4, selected: false },
      { value: 'Decreto', count: 2, selected: true },
    ]);
  });
  it('keeps a selected value the answer no longer has', () => {
    expect(facetOptions('anno', 1, facets, ['2023'])).toEqual([
      { value: '2024', count: 1, selected: false },
      { value: '2023', count: 0, selected: true },
    ]);
  });
  it('matches by position when the server renamed the facet', () => {
    expect(facetOptions('raw[x]', 1, facets, [])).toEqual([{ value: '2024', count: 1, selected: false }]);
  });
});

describe('columns from the class definition', () => {
  const document: ClassDefinition = buildClasses().document;
  const byField = (cols: ColumnSpec[]) => Object.fromEntries(cols.map((c) => [c.field, c]));

  it('maps every template.type / dataType of the document class to a cell type', () => {
    const cols = byField(resolveColumns({}, document, 'it'));
    expect(Object.fromEntries(Object.entries(cols).map(([k, c]) => [k, c.type]))).toEqual({
      name: 'text',
      has_code: 'text',
      abstract: 'text',
      document_type: 'tags',
      topics: 'relations',
      file: 'file',
      attachments: 'multifile',
      authors: 'author',
      contact_user: 'user',
      price: 'price',
      link: 'url',
      publication_date: 'date',
      expiration_time: 'datetime',
      amounts: 'matrix',
      anno: 'number',
      is_public: 'boolean',
      related_services: 'relations',
    });
    expect(cols.amounts.sortable).toBe(false);
    expect(cols.topics.sortable).toBe(false);
    expect(cols.publication_date.sortable).toBe(true);
    expect(cols.publication_date.title).toBe('Data di pubblicazione');
    expect(cols.publication_date.dataType).toBe('ezdate');
  });

  it('never lets the server sort by a meta field it does not index', () => {
    const cols = byField(resolveColumns({ columns: ['published', 'ownerName', 'mainNodeId', 'name', 'class'] }, null, 'it'));
    expect([cols.published.sortable, cols.ownerName.sortable, cols.mainNodeId.sortable, cols.name.sortable, cols.class.sortable]).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('lets the config override title, type, sort and link', () => {
    const cols = resolveColumns(
      { columns: ['*name', { field: 'anno', title: 'Year', sortable: false, type: 'text' }, 'published'] },
      document,
      'en',
    );
    expect(cols).toEqual([
      { field: 'name', title: 'Title', type: 'text', dataType: 'ezstring', sortable: true, link: true },
      { field: 'anno', title: 'Year', type: 'text', dataType: 'ezinteger', sortable: false, link: false },
      { field: 'published', title: 'published', type: 'datetime', dataType: undefined, sortable: true, link: false },
    ]);
  });

  it('works without a class', () => {
    expect(resolveColumns({ columns: ['x'] }, null, 'it')).toEqual([
      { field: 'x', title: 'x', type: 'auto', dataType: undefined, sortable: true, link: false },
    ]);
  });

  it('labels facets from the column, the class or the field', () => {
    const cols = resolveColumns({ columns: [{ field: 'anno', title: 'Anno di riferimento' }] }, document, 'it');
    expect(resolveFacets(['anno', { field: 'document_type', multiple: true }, 'raw[x]'], cols, document, 'it')).toEqual([
      { field: 'anno', label: 'Anno di riferimento', multiple: false, sort: 'alpha', limit: 100 },
      { field: 'document_type', label: 'Tipo di documento', multiple: true, sort: 'alpha', limit: 100 },
      { field: 'raw[x]', label: 'raw[x]', multiple: false, sort: 'alpha', limit: 100 },
    ]);
  });

  it('knows the unused types too', () => {
    expect(typeFromClass({ identifier: 'g', dataType: 'ezgmaplocation', template: { type: 'geo' } })).toBe('geo');
    expect(typeFromClass({ identifier: 'x', dataType: 'ezxmltext', template: { type: 'html' } })).toBe('html');
    expect(typeFromClass({ identifier: 'u', dataType: 'unknown' })).toBe('auto');
  });
});

describe('fieldValue', () => {
  const hit = {
    metadata: { id: 7, name: { 'ita-IT': 'Nome', 'eng-GB': 'Name' }, published: '2025-01-01T10:00:00+01:00', classIdentifier: 'document' },
    data: { 'ita-IT': { name: 'Titolo', anno: 2024 }, 'eng-GB': { name: 'Title' } },
  };
  it('reads data in the current language, then metadata', () => {
    expect(fieldValue(hit, 'name', 'en')).toBe('Title');
    expect(fieldValue(hit, 'anno', 'it')).toBe(2024);
    expect(fieldValue(hit, 'published', 'it')).toBe('2025-01-01T10:00:00+01:00');
    expect(fieldValue(hit, 'class', 'it')).toBe('document');
    expect(fieldValue(hit, 'metadata.name', 'en')).toBe('Name');
    expect(fieldValue(hit, 'missing', 'it')).toBeUndefined();
  });
  it('falls back to metadata when the server filled a meta field with null', () => {
    const event = { metadata: { name: { 'ita-IT': 'Festa' } }, data: { 'ita-IT': { name: null, event_title: 'Festa' } } };
    expect(fieldValue(event, 'name', 'it')).toBe('Festa');
    expect(fieldValue({ data: { 'ita-IT': { anno: null } } }, 'anno', 'it')).toBeNull();
  });
  it('titles meta columns from the given texts', () => {
    expect(resolveColumns({ columns: ['name', 'x'] }, null, 'it', { name: 'Titolo' }).map((c) => c.title)).toEqual(['Titolo', 'x']);
  });
});
