// @vitest-environment jsdom
// The configurator's pure side: problems in validate's words, the markup a config goes into (and
// back out of), the link's state, what a paste holds, the form's view of a schema and the rule
// that defaults are not written.
import { describe, expect, it } from 'vitest';
import listingSchema from '../../../schemas/listing.schema.json';
import datatableSchema from '../../../schemas/datatable.schema.json';
import consentSchema from '../../../schemas/consent.schema.json';
import {
  configHtml, decodeState, encodeState, fieldIdOf, forForm, normalizeOrigin, problemsOf, readPasted, starter, typeOf,
} from '../../../configurator/model';
import { localizeSchema, withoutDefaults } from '../../../configurator/schema-ui';

const lines = (ps: { path: string; message: string }[]) => ps.map((p) => `${p.path} ${p.message}`);

describe('problemsOf', () => {
  it('words block problems as the admin messages do, in either language', () => {
    expect(lines(problemsOf('listing', { query: 5 }, 'it'))).toEqual(['/query deve essere una stringa']);
    expect(lines(problemsOf('listing', { query: 5 }, 'en'))).toEqual(['/query must be a string']);
    expect(lines(problemsOf('datatable', {}, 'it'))).toEqual(['/query è obbligatorio']);
    expect(lines(problemsOf('datatable', [], 'it'))).toEqual(['/ deve essere un oggetto']);
  });

  it('checks consent with piazza.js\'s own check: a service\'s category must exist', () => {
    const config = { categories: { necessary: { needed: true } }, services: { ga: { category: 'analytics', type: 'localcookie', search: 'ga' } } };
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

  it('a problem\'s path names the form field @rjsf/core draws for it', () => {
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
    expect(readPasted(html, 'listing')).toEqual({ type: 'consent', config: starter('consent') });
  });
});

describe('the link', () => {
  it('keeps type, language, API origin and config', () => {
    const state = { type: 'datatable' as const, lang: 'en' as const, api: 'https://www.comune.esempio.it', config: { query: 'classes [x] & "y" #z' } };
    expect(decodeState(encodeState(state))).toEqual(state);
  });

  it('holds nothing without a known type; an unreadable config gives the starter', () => {
    expect(decodeState('')).toBeNull();
    expect(decodeState('#tipo=gallery')).toBeNull();
    expect(decodeState('#tipo=listing&config=%7Bbroken')!.config).toEqual(starter('listing'));
  });
});

describe('readPasted', () => {
  it('a block\'s HTML gives its type and config; JSON gives its $schema\'s type, or the one its keys belong to', () => {
    const html = '<div data-piazza-block="datatable" id="t"><script type="application/json">{"query": "classes [x]"}</script><p>x</p></div>';
    expect(readPasted(html, 'listing')).toEqual({ type: 'datatable', config: { query: 'classes [x]' } });
    expect(readPasted('{"$schema": "../../schemas/consent.schema.json"}', 'listing')).toMatchObject({ type: 'consent' });
    expect(readPasted('{"columns": ["name"]}', 'listing')).toMatchObject({ type: 'datatable' });
    expect(readPasted('{"blockId": "x"}', 'datatable')).toMatchObject({ type: 'datatable' });
    expect(typeOf({ tabs: ['list'] })).toBe('listing');
  });

  it('says what is wrong with a paste it cannot read', () => {
    expect(readPasted('{"a": ', 'listing')).toEqual({ error: expect.stringMatching(/^json:/) });
    expect(readPasted('<p>nothing</p>', 'listing')).toEqual({ error: 'noConfigInHtml' });
    expect(readPasted('<div data-piazza-block="gallery"><script type="application/json">{}</script></div>', 'listing')).toEqual({ error: 'blockType:gallery' });
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
    const config = { blockId: 'a', limitPagination: 3, tabs: ['list'], facets: [], map: { maxZoom: 18, marker: { size: 'm' } }, query: 'classes [event]', itemsPerRow: 4 };
    expect(withoutDefaults(listingSchema, config)).toEqual({ blockId: 'a', query: 'classes [event]', itemsPerRow: 4 });
  });

  it('keeps a required key even when empty, and an optional object with no default only if it holds something', () => {
    expect(withoutDefaults(datatableSchema, { query: '', order: { dir: 'asc' } })).toEqual({ query: '' });
    expect(withoutDefaults(datatableSchema, { query: 'x', order: { field: 'name', dir: 'asc' } })).toEqual({ query: 'x', order: { field: 'name' } });
  });

  it('map entries (consent categories) lose their defaults too', () => {
    const config = { categories: { necessary: { needed: true, wanted: false }, analytics: { needed: false, wanted: false } } };
    expect(withoutDefaults(consentSchema, config)).toEqual({ categories: { necessary: { needed: true }, analytics: {} } });
  });
});

describe('localizeSchema', () => {
  it('Italian help from x-description-it, English from description, each with its examples', () => {
    const it_ = localizeSchema(listingSchema, 'it').properties;
    const en = localizeSchema(listingSchema, 'en').properties;
    expect(it_.blockId.description).toBe(`${(listingSchema as any).properties.blockId['x-description-it']} Esempi: \`eventi-home\`, \`f3a9c2e1b7\`.`);
    expect(en.blockId.description).toBe(`${(listingSchema as any).properties.blockId.description} Examples: \`eventi-home\`, \`f3a9c2e1b7\`.`);
    expect(it_.blockId['x-description-it']).toBeUndefined();
  });

  it('drops the legacy keys from the form, and draws itemsPerRow as one choice of its values', () => {
    const props = localizeSchema(listingSchema, 'it').properties;
    expect(props.listTpl).toBeUndefined();
    expect(props.itemsPerRow.enum).toEqual([1, 2, 3, 4, 5, 6, 'auto']);
    expect(props.itemsPerRow.oneOf).toBeUndefined();
    // A union that is not a few scalars stays a union.
    expect(localizeSchema(consentSchema, 'it').properties.services.additionalProperties.properties.search.anyOf).toHaveLength(2);
  });
});
