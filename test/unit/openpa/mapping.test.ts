// The one mapping of eZ block attributes, where the real-engine tests do not reach: malformed
// forms, problems told at the attribute, and what the new listing settings (typed facets, date
// ranges) put in the query and the URL. Expected queries are written from the theme's plugin
// (jquery.opendata_remote_gui.js buildQuery), not read from the code under test.
import { describe, expect, it } from 'vitest';
import { fromOpenpa as listingFromOpenpa } from '../../../blocks/listing/model/openpa';
import { fromOpenpa as tableFromOpenpa } from '../../../blocks/datatable/model/openpa';
import { filteredQuery } from '../../../blocks/listing/model/query';
import { createActions, createState, defaultState, filtersKey, filtersOf } from '../../../blocks/listing/model/state';
import { decodeState, encodeState } from '../../../blocks/listing/model/url';
import { readForm, relocate } from '../../../runtime/openpa';
import { settings, TUESDAY } from '../listing/fixtures';

const form = (attributes: Record<string, unknown>, block: Record<string, string> = {}) => ({
  openpa: {
    block: { id: 'b1', type: 'OpendataRemoteContents', view: 'default', ...block },
    attributes,
    site: { prefix: '/ita/', locale: 'it-IT' },
  },
});

describe('readForm and relocate', () => {
  it('names what is wrong with the form itself', () => {
    expect(readForm('x').problems).toEqual([{ path: '/openpa', code: 'type', types: ['object'] }]);
    expect(readForm({ openpa: { block: { id: 'a' }, site: {} } }).problems).toEqual([{ path: '/openpa/attributes', code: 'required' }]);
    expect(readForm({ openpa: { block: {}, attributes: { limit: { n: 1 } }, site: {} } }).problems).toEqual([
      { path: '/openpa/attributes/limit', code: 'type', types: ['string'] },
    ]);
  });
  it("reads eZ's text the way eZ Flow stores it: numbers and booleans as text, PHP's empty hash as no attribute", () => {
    expect(readForm(form({ limit: 6, show_map: true, show_grid: false, image: null })).form.attributes).toEqual({
      limit: '6',
      show_map: '1',
      show_grid: '0',
    });
    expect(readForm({ openpa: { block: { id: 'a' }, attributes: [], site: {} } }).problems).toEqual([]);
  });
  it('tells a config problem at the attribute it came from, the config path beside it below the top', () => {
    const origin = { '/itemsPerRow': '/openpa/attributes/items_per_row', '/facets/1': '/openpa/attributes/facets/2' };
    expect(
      relocate(
        [
          { path: '/itemsPerRow', code: 'maximum' },
          { path: '/facets/1/field', code: 'pattern' },
          { path: '/x', code: 'y' },
        ],
        origin,
      ),
    ).toEqual([
      { path: '/openpa/attributes/items_per_row', code: 'maximum' },
      { path: '/openpa/attributes/facets/2 (/facets/1/field)', code: 'pattern' },
      { path: '/x', code: 'y' },
    ]);
  });
});

describe('listing mapping: problems', () => {
  it("a non-numeric limit is the limit attribute's problem; a block with nothing to show is show_grid's", () => {
    expect(listingFromOpenpa(form({ limit: 'tanti' })).problems).toEqual([
      { path: '/openpa/attributes/limit', code: 'type', types: ['integer'] },
    ]);
    expect(listingFromOpenpa(form({ show_grid: '0', show_map: '' })).problems).toEqual([
      { path: '/openpa/attributes/show_grid', code: 'noTabs' },
    ]);
  });
  it('a places search without the public state id cannot build its query', () => {
    expect(listingFromOpenpa(form({ node_id: '2', root_tag: '' }, { type: 'RicercaLuoghi' })).problems).toEqual([
      { path: '/openpa/context/publicState', code: 'required' },
    ]);
  });
});

describe('data table mapping: problems', () => {
  it('a facet without a field, or with a limit that is not a number, is named by its position', () => {
    const out = tableFromOpenpa(
      form({ query: 'classes [document]', facets: 'Tipo,Anno:anno:molti,Ufficio:has_organization' }, { view: 'datatable' }),
    );
    expect(out.problems).toEqual([
      { path: '/openpa/attributes/facets/0', code: 'required' },
      { path: '/openpa/attributes/facets/1', code: 'type', types: ['integer'] },
    ]);
    expect(out.config.facets).toEqual([
      { field: 'anno', label: 'Anno', limit: 300, sort: 'alpha' },
      { field: 'has_organization', label: 'Ufficio', limit: 300, sort: 'alpha' },
    ]);
  });
  it("an Amministrazione Trasparente order that is not JSON is the order attribute's problem", () => {
    const out = tableFromOpenpa({
      openpa: {
        block: { id: 't', type: 'TrasparenzaTable' },
        attributes: { query: 'q', order: '[[0,', class_identifier: 'document' },
        site: { prefix: '/' },
        context: { columns: [{ identifier: 'name', column: '{"title":"Nome","orderable":true}', showLink: true }] },
      },
    });
    expect(out.problems).toEqual([{ path: '/openpa/attributes/order', code: 'json', detail: 'not JSON' }]);
    expect(out.config.columns).toEqual([{ field: 'name', title: 'Nome', sortable: true, link: true }]);
  });
  it("site-access prefix: the module doors and links under it; a remote portal's REST door with JSONP, its class still from here", () => {
    const local = tableFromOpenpa(form({ query: 'q' }, { view: 'datatable' })).config;
    expect([local.searchUrl, local.classesUrl, local.jsonp, local.linkTemplate]).toEqual([
      '/ita/opendata/api/datatable/search/',
      '/ita/opendata/api/classes/',
      false,
      '/openpa/object/{id}',
    ]);
    const remote = tableFromOpenpa(form({ query: 'q', remote_url: 'https://altro.it/' }, { view: 'datatable' })).config;
    expect([remote.searchUrl, remote.classesUrl, remote.jsonp, remote.linkTemplate]).toEqual([
      'https://altro.it/api/opendata/v2/datatable/search/',
      '/ita/opendata/api/classes/',
      true,
      'https://altro.it/openpa/object/{id}',
    ]);
  });
});

describe("typed facets and date ranges in the query (the plugin's buildQuery)", () => {
  const s = settings(
    listingFromOpenpa(
      form({
        query: 'classes [event]',
        facets: 'Anno:anno_i:integer,Giorno:raw[data_dt]:date,Codice:code:keyword,Periodo:date_range:start_time:end_time',
      }),
    ).config,
  );
  it('integer: numbers; date: a day on _dt fields; any other type: the value unquoted', () => {
    const q = filteredQuery(
      s,
      { ...filtersOf(defaultState(s)), facets: { anno_i: ['2024', 'x'], 'raw[data_dt]': ['2025-03-04T00:00:00Z'], code: ["A'B"] } },
      TUESDAY,
    );
    expect(q).toBe("code in ['A\\'B'] and raw[data_dt] in ['\"2025-03-04T00:00:00Z\"'] and anno_i in [2024] and classes [event]");
  });
  it('a from day keeps what ends after it, a to day what starts before it; an invalid day adds nothing', () => {
    const f = filtersOf(defaultState(s));
    expect(filteredQuery(s, { ...f, ranges: [['2025-06-01', '2025-06-30']] }, TUESDAY)).toBe(
      'classes [event] and end_time range [2025-06-01 00:00,*] and start_time range [*,2025-06-30 23:59]',
    );
    expect(filteredQuery(s, { ...f, ranges: [['2025-06-01', 'domani']] }, TUESDAY)).toBe(
      'classes [event] and end_time range [2025-06-01 00:00,*]',
    );
    expect(filteredQuery(s, { ...f, ranges: [['', '']] }, TUESDAY)).toBe('classes [event]');
  });
  it("a range is in the URL under the block's keys, goes back to page 1 when it changes, and counts as a filter", () => {
    const state = createState(defaultState(s));
    state.page = 3;
    createActions(state).setRange(0, '2025-06-01', '');
    expect(state.page).toBe(0);
    const search = encodeState(s, state, '?x=1');
    expect(search).toBe('?x=1&b1.r0.from=2025-06-01');
    expect(decodeState(s, search).ranges).toEqual([['2025-06-01', '']]);
    expect(decodeState(s, '?b1.r0.from=ieri').ranges).toEqual([['', '']]);
    expect(filtersKey(state)).not.toBe(filtersKey(filtersOf(defaultState(s))));
  });
});
