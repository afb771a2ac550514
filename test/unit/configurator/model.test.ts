// @vitest-environment jsdom
// The configurator's pure side: problems in validate's words with their field's name, the markup a
// config goes into, the link's state, the form's view of a schema (titles, one-line help, the long
// text behind Dettagli, values in words) and the rule that defaults are not written.
import { describe, expect, it } from 'vitest';
import listingSchema from '../../../schemas/listing.schema.json';
import datatableSchema from '../../../schemas/datatable.schema.json';
import consentSchema from '../../../schemas/consent.schema.json';
import {
  BLOCKS,
  configHtml,
  decodeState,
  encodeState,
  fieldIdOf,
  forForm,
  normalizeOrigin,
  problemLine,
  problemsOf,
  starter,
  titleOf,
  typeOf,
} from '../../../configurator/model';
import { readSource } from '../../../configurator/import';
import { localizeSchema, withoutDefaults } from '../../../configurator/schema-ui';

const lines = (ps: { path: string; message: string }[]) => ps.map((p) => `${p.path} ${p.message}`);

describe('problemsOf', () => {
  it('words block problems as the admin messages do, in either language', () => {
    expect(lines(problemsOf('listing', { query: 5 }, 'it'))).toEqual(['/query deve essere una stringa']);
    expect(lines(problemsOf('listing', { query: 5 }, 'en'))).toEqual(['/query must be a string']);
    expect(problemsOf('listing', { query: 5 }, 'it')[0].title).toBe('Query di ricerca');
    expect(lines(problemsOf('datatable', {}, 'it'))).toEqual(['/query è obbligatorio']);
    expect(lines(problemsOf('datatable', [], 'it'))).toEqual(['/ deve essere un oggetto']);
  });

  it("checks consent with piazza.js's own check: a service's category must exist", () => {
    const config = {
      categories: { necessary: { needed: true } },
      services: { ga: { category: 'analytics', type: 'localcookie', search: 'ga' } },
    };
    expect(lines(problemsOf('consent', config, 'it'))).toEqual(['/services/ga/category deve essere una chiave di /categories']);
  });

  it('lists an ignored legacy key as a warning at its own path, and does not count it as an error', () => {
    const ps = problemsOf('listing', { listTpl: '#x' }, 'it');
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ path: '/listTpl', warning: true });
    expect(ps[0].message).toMatch(/^avviso: impostazione ignorata \/listTpl /);
  });

  it('leaves the config it checks as it was (the validator fills in defaults on a copy)', () => {
    const config = { blockId: 'a' };
    problemsOf('listing', config, 'it');
    expect(config).toEqual({ blockId: 'a' });
  });

  it("each problem names its field in the admin's words, the key beside it", () => {
    const [p] = problemsOf('listing', { limitPagination: 500 }, 'it');
    expect(p.title).toBe('Elementi per pagina');
    expect(problemLine(p)).toBe('Elementi per pagina (limitPagination) deve essere ≤ 100');
    expect(problemLine(problemsOf('listing', { limitPagination: 500 }, 'en')[0])).toBe('Items per page (limitPagination) must be ≤ 100');
    // nested: an array item by its number, a map entry by its key
    expect(titleOf(BLOCKS.listing.schema, '/facets/0/field', 'it')).toBe('Filtri 1 › Campo');
    expect(titleOf(BLOCKS.datatable.schema, '/columns/1/type', 'it')).toBe('Colonne 2 › Formato');
    expect(titleOf(BLOCKS.consent.schema, '/services/ga/category', 'it')).toBe('Servizi › ga › Categoria');
    expect(titleOf(BLOCKS.consent.schema, '/categories/analytics/needed', 'en')).toBe('Categories › analytics › Necessary');
    // a key the schema does not know keeps its name
    expect(titleOf(BLOCKS.listing.schema, '/nonsense', 'it')).toBe('nonsense');
  });

  it("a problem's path names the form field @rjsf/core draws for it", () => {
    expect(fieldIdOf('/facets/0/field')).toBe('root_facets_0_field');
    expect(fieldIdOf('/')).toBe('root');
  });
});

describe('configHtml', () => {
  it('a block element with its config script and fallback; a config text cannot close the script', () => {
    const config = { blockId: 'a"b', i18n: { 'results.none': '</script><img src=x onerror=alert(1)> <!--' } };
    const html = configHtml('listing', config, 'Senza JavaScript <b>');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const el = doc.querySelector('[data-piazza-block="listing"]')!;
    expect(el.id).toBe('a"b');
    expect(JSON.parse(el.querySelector('script[type="application/json"]')!.textContent!)).toEqual(config);
    expect(doc.querySelector('img')).toBeNull();
    expect(el.querySelector('p')!.textContent).toBe('Senza JavaScript <b>');
  });

  it('consent: the #piazza-consent script, nothing else', () => {
    const html = configHtml('consent', starter('consent'), '');
    expect(html.startsWith('<script type="application/json" id="piazza-consent">')).toBe(true);
    expect(readSource(html)).toEqual({ kind: 'piazza', type: 'consent', config: starter('consent') });
  });
});

describe('the link', () => {
  it('keeps type, language and config', () => {
    const state = {
      type: 'datatable' as const,
      lang: 'en' as const,
      config: { query: 'classes [x] & "y" #z', searchUrl: 'https://www.comune.esempio.it/api/opendata/v2/datatable/search/' },
    };
    expect(decodeState(encodeState(state))).toEqual(state);
  });

  it('holds nothing without a known type; an unreadable config gives the starter', () => {
    expect(decodeState('')).toBeNull();
    expect(decodeState('#tipo=gallery')).toBeNull();
    expect(decodeState('#tipo=listing&config=%7Bbroken')!.config).toEqual(starter('listing'));
  });
});

describe('what a paste holds (piazza configs)', () => {
  it("a block's HTML gives its type and config; JSON gives its $schema's type, or the one its keys belong to", () => {
    const html =
      '<div data-piazza-block="datatable" id="t"><script type="application/json">{"query": "classes [x]"}</script><p>x</p></div>';
    expect(readSource(html)).toEqual({ kind: 'piazza', type: 'datatable', config: { query: 'classes [x]' } });
    expect(readSource('{"$schema": "../../schemas/consent.schema.json"}')).toMatchObject({ kind: 'piazza', type: 'consent' });
    expect(readSource('{"columns": ["name"]}')).toMatchObject({ type: 'datatable' });
    expect(readSource('{"blockId": "x"}')).toMatchObject({ kind: 'piazza', type: null });
    expect(typeOf({ tabs: ['list'] })).toBe('listing');
  });

  it('says what is wrong with a paste it cannot read', () => {
    expect(readSource('{"a": ')).toEqual({ kind: 'error', error: 'json', detail: expect.any(String) });
    expect(readSource('<p>nothing</p>')).toEqual({ kind: 'error', error: 'noConfigInHtml' });
    expect(readSource('<div data-piazza-block="gallery"><script type="application/json">{}</script></div>')).toEqual({
      kind: 'error',
      error: 'blockType',
      detail: 'gallery',
    });
    expect(readSource('just words')).toEqual({ kind: 'error', error: 'unknown' });
  });

  it('itemsPerRow as the OpenPA template writes it ("3") becomes the number the form offers', () => {
    expect(forForm('listing', { itemsPerRow: '3' })).toEqual({ itemsPerRow: 3 });
    expect(forForm('listing', { itemsPerRow: 'auto' })).toEqual({ itemsPerRow: 'auto' });
  });
});

describe('normalizeOrigin', () => {
  it('an origin from what an admin types; empty is this portal; nonsense is null', () => {
    expect(normalizeOrigin('www.comune.esempio.it/')).toBe('https://www.comune.esempio.it');
    expect(normalizeOrigin('http://127.0.0.1:8080/api/opendata/v2')).toBe('http://127.0.0.1:8080');
    expect(normalizeOrigin('  ')).toBe('');
    expect(normalizeOrigin('http://exa mple')).toBeNull();
  });
});

describe('withoutDefaults', () => {
  it('leaves out values equal to their default, at any depth; keeps the rest', () => {
    const config = {
      blockId: 'a',
      limitPagination: 3,
      tabs: ['list'],
      facets: [],
      map: { maxZoom: 18, marker: { size: 'm' } },
      query: 'classes [event]',
      itemsPerRow: 4,
    };
    expect(withoutDefaults(listingSchema, config)).toEqual({ blockId: 'a', query: 'classes [event]', itemsPerRow: 4 });
  });

  it('keeps a required key even when empty, and an optional object with no default only if it holds something', () => {
    expect(withoutDefaults(datatableSchema, { query: '', order: { dir: 'asc' } })).toEqual({ query: '' });
    expect(withoutDefaults(datatableSchema, { query: 'x', order: { field: 'name', dir: 'asc' } })).toEqual({
      query: 'x',
      order: { field: 'name' },
    });
  });

  it('map entries (consent categories) lose their defaults too', () => {
    const config = { categories: { necessary: { needed: true, wanted: false }, analytics: { needed: false, wanted: false } } };
    expect(withoutDefaults(consentSchema, config)).toEqual({ categories: { necessary: { needed: true }, analytics: {} } });
  });
});

describe('localizeSchema', () => {
  it("a field's title and one-line help in the admin's language; the long text and its examples behind Dettagli", () => {
    const it_ = localizeSchema(BLOCKS.listing, 'it').properties;
    const en = localizeSchema(BLOCKS.listing, 'en').properties;
    const raw = (listingSchema as any).properties.blockId;
    expect(it_.blockId).toMatchObject({
      title: raw['x-title-it'],
      description: raw['x-help-it'],
      'x-details': `${raw['x-description-it']} Esempi: \`eventi-home\`, \`f3a9c2e1b7\`.`,
    });
    expect(en.blockId).toMatchObject({
      title: raw.title,
      description: raw['x-help'],
      'x-details': `${raw.description} Examples: \`eventi-home\`, \`f3a9c2e1b7\`.`,
    });
    for (const k of ['x-title-it', 'x-help-it', 'x-help', 'x-description-it']) expect(it_.blockId[k]).toBeUndefined();
  });

  it('values in words from the block table; the legacy keys left out; itemsPerRow one choice of its values', () => {
    const props = localizeSchema(BLOCKS.listing, 'it').properties;
    expect(props.tabs.items['x-enum-labels']).toEqual({ list: 'Lista', geo: 'Mappa', agenda: 'Calendario' });
    expect(localizeSchema(BLOCKS.datatable, 'en').definitions.fieldType['x-enum-labels'].relations).toBe('Related contents');
    expect(props.listTpl).toBeUndefined();
    expect(props.itemsPerRow.enum).toEqual([1, 2, 3, 4, 5, 6, 'auto']);
    expect(props.itemsPerRow.oneOf).toBeUndefined();
    // A union that is not a few scalars stays a union, its forms named.
    const search = localizeSchema(BLOCKS.consent, 'it').properties.services.additionalProperties.properties.search;
    expect(search.anyOf.map((a: any) => a.title)).toEqual(['Un nome', 'Più nomi']);
  });
});
