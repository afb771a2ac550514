// @vitest-environment jsdom
// "Start from what the portal has": each kind of paste is recognised and becomes the config its
// block's own handling makes of it — an eZ block's attributes (page XML, the editor's lines, JSON,
// the overrides' eZ form) through the one eZ mapping, the jQuery listing's settings as the listing
// takes them, the data table's plugin settings through the mapping the block mounts them with.
// Expected configs are written from docs/openpa.md's tables (§3, §4), not read from the code.
// (import-real.test.ts pastes what the real eZ engine renders.)
import { describe, expect, it } from 'vitest';
import { importSource, notePlace, readSource, type EzContext, type Source } from '../../../configurator/import';
import listingSchema from '../../../schemas/listing.schema.json';
import { textsFor } from '../../../configurator/texts';
import { fromPluginSettings } from '../../../blocks/datatable/model/plugin-settings';
import { BLOCKS } from '../../../configurator/blocks';

const t = textsFor('it');
const ctx: EzContext = { block: { id: 'b1', type: 'OpendataRemoteContents', view: 'default' }, site: { prefix: '/ita', locale: 'it-IT' } };
async function made(text: string, context = ctx) {
  const src = readSource(text);
  if (src.kind === 'error') throw new Error(src.error + ' ' + (src.detail || ''));
  return { src, ...(await importSource(src as Exclude<Source, { kind: 'error' }>, context, 'listing', t)) };
}

/** The listing an OpendataRemoteContents block (view default) with these attributes is, per docs/openpa.md §3. */
const EVENTS = {
  $schema: '../schemas/listing.schema.json',
  blockId: 'b1',
  queryBuilder: 'browser',
  remoteUrl: '',
  localAccessPrefix: '/ita',
  query: 'classes [event] sort [time_interval=>asc]',
  view: 'card_teaser',
  locale: 'it-IT',
  hideIfEmpty: false,
  showSearch: true,
  limitPagination: 6,
  // `Argomenti:topics` beside `Quando:time_interval`: a facet, sorted alpha, up to 1000 options; the time interval is the radios and the agenda tab
  facets: [{ field: 'topics', label: 'Argomenti', sort: 'alpha', limit: 1000 }],
  timeIntervals: true,
  publishedRange: false,
  tabs: ['list', 'geo', 'agenda'],
  // 3 per row becomes 2 beside the filters, as the theme
  itemsPerRow: 2,
};

describe("an eZ block's attributes", () => {
  it('as the editor shows them, one a line, by label or identifier; checkboxes and select labels as the editor stores them', async () => {
    const lines = [
      'Query (esempio: classes [private_organization] sort [name=>asc]): classes [event] sort [time_interval=>asc]',
      'Mostra lista: sì',
      'Mostra mappa = 1',
      'Mostra input di ricerca: x',
      'Elementi per pagina: 6',
      'Elementi per riga: 3',
      'Identificatori filtri (esempio: Argomenti:topics.name,Tipologia:type): Argomenti:topics,Quando:time_interval',
      'view_api: Card (teaser)',
      'una riga qualunque',
    ].join('\n');
    const out = await made(lines);
    expect(out.src).toMatchObject({
      kind: 'ez',
      attributes: { show_grid: '1', show_map: '1', show_search: '1', limit: '6', view_api: 'card_teaser' },
    });
    expect(out.config).toEqual(EVENTS);
    expect(out.notes).toEqual([{ path: '', message: 'riga non riconosciuta: «una riga qualunque»' }]);
  });

  it("eZ Flow's page XML: the block's id, type and view come with it; attributes without an equivalent are said", async () => {
    const xml = `<?xml version="1.0"?><page><zone id="id_z1"><block id="id_b1"><name>Eventi</name><type>OpendataRemoteContents</type><view>default</view>
      <custom_attributes><query>classes [event] sort [time_interval=>asc]</query><show_grid>1</show_grid><show_map>1</show_map><show_search>1</show_search>
      <limit>6</limit><items_per_row>3</items_per_row><facets>Argomenti:topics,Quando:time_interval</facets><view_api></view_api><image>123</image></custom_attributes></block>
      <block id="id_b2"><type>OpendataRemoteContents</type><view>datatable</view><custom_attributes><query>x</query></custom_attributes></block></zone></page>`;
    const out = await made(xml, { ...ctx, block: { id: 'ignored', type: 'RicercaLuoghi', view: 'default' } });
    expect(out.src).toMatchObject({ kind: 'ez', block: { id: 'b1', type: 'OpendataRemoteContents', view: 'default' }, others: 1 });
    expect(out.config).toEqual(EVENTS);
    expect(out.notes.map((n) => n.path)).toEqual(['/openpa/attributes/image', '']);
  });

  it('a data table view becomes a data table (docs/openpa.md §3: columns, class of the results, sort, module door)', async () => {
    const out = await made(
      JSON.stringify({
        id: 'id_t1',
        type: 'OpendataRemoteContents',
        view: 'datatable',
        custom_attributes: { query: 'classes [document]', fields: '_link,name,document_type', facets: 'Tipo:document_type:50:count' },
      }),
    );
    expect(out.type).toBe('datatable');
    expect(out.config).toEqual({
      $schema: '../schemas/datatable.schema.json',
      blockId: 't1',
      query: 'classes [document]',
      locale: 'it-IT',
      searchUrl: '/ita/opendata/api/datatable/search/',
      jsonp: false,
      classesUrl: '/ita/opendata/api/classes/',
      linkTemplate: '/openpa/object/{id}',
      columns: [{ field: 'id', title: '#', link: true, sortable: false }, 'name', 'document_type'],
      classFromResults: true,
      order: { field: 'name', dir: 'asc' },
      facets: [{ field: 'document_type', label: 'Tipo', limit: 50, sort: 'count' }],
    });
  });

  it("the eZ form of piazza's overrides, whole; an attribute the mapping cannot read is a problem at that attribute", async () => {
    const form = {
      openpa: {
        block: { id: 'b9', type: 'OpendataQueriedContents', view: 'default' },
        attributes: { limit: 'tanti', items_per_row: '9' },
        site: { prefix: '/', locale: 'en-GB' },
      },
    };
    const out = await made(JSON.stringify(form));
    expect(out.config).toMatchObject({ blockId: 'b9', queryBuilder: 'server', locale: 'en-GB', localAccessPrefix: '/' });
    const problems = out.notes.filter((n) => n.problem).map((n) => [n.path, n.message]);
    expect(problems[0]).toEqual(['/openpa/attributes/limit', 'deve essere un numero intero']);
    // every other problem is items_per_row's (one per form the schema allows), told at the attribute
    expect(problems.slice(1).map(([path]) => path)).toEqual(expect.arrayContaining(['/openpa/attributes/items_per_row']));
    expect(new Set(problems.slice(1).map(([path]) => path))).toEqual(new Set(['/openpa/attributes/items_per_row']));
    expect(problems.slice(1).map(([, m]) => m)).toContain('deve essere ≤ 6');
  });

  it("bare attributes (JSON of eZ Flow's text values) are told from a piazza config by their eZ names", () => {
    expect(readSource('{"show_map": "1", "query": "classes [place]"}')).toMatchObject({
      kind: 'ez',
      attributes: { show_map: '1', query: 'classes [place]' },
    });
    expect(readSource('{"query": "classes [place]", "tabs": ["geo"]}')).toMatchObject({ kind: 'piazza', type: 'listing' });
  });
});

describe('the old jQuery blocks', () => {
  it("remoteContentsGui({…}) in a script: the settings as the listing takes them, its ignored keys and the plugin's texts left out and said", async () => {
    const script = `<script>$(document).ready(function () { $("#remote-gui-ev1").remoteContentsGui({
      'queryBuilder': "browser", 'remoteUrl': "", 'localAccessPrefix': "/", 'spinnerTpl': '#tpl-remote-gui-spinner', 'listTpl': '#tpl-remote-gui-list',
      'itemsPerRow': '2', 'limitPagination': 6, 'query': "classes [event] and q = \\047l\\\\\\047albo\\047", 'hideIfEmpty': false,
      'useCustomTpl': false, 'view': 'card_teaser', 'locale': 'it-IT',
      'i18n': { calendarToday: 'Oggi', placeholder: 'Seleziona' }, 'facets':['topics'], 'fields':['abstract'] }); });</script>`;
    const out = await made(script);
    expect(out.src).toMatchObject({ kind: 'jquery', type: 'listing', blockId: 'ev1' });
    expect(out.config).toEqual({
      $schema: '../schemas/listing.schema.json',
      blockId: 'ev1',
      queryBuilder: 'browser',
      remoteUrl: '',
      localAccessPrefix: '/',
      itemsPerRow: 2,
      limitPagination: 6,
      query: "classes [event] and q = 'l\\'albo'",
      hideIfEmpty: false,
      view: 'card_teaser',
      locale: 'it-IT',
      facets: ['topics'],
      fields: ['abstract'],
    });
    expect(out.notes.map((n) => n.path)).toEqual(['/spinnerTpl', '/listTpl', '/useCustomTpl', '/i18n/calendarToday', '/i18n/placeholder']);
    expect(BLOCKS.listing.check(out.config)).toEqual([]);
  });

  it("a config that names piazza's schema stays that config, jQuery keys and all (the problem list warns about them; validate reads the same file)", async () => {
    const config = { $schema: '../schemas/listing.schema.json', blockId: 'b2', query: 'classes [event]', listTpl: '#tpl' };
    expect(readSource(JSON.stringify(config))).toEqual({ kind: 'piazza', type: 'listing', config });
    // without the schema's name, the same keys are the old plugin's settings
    const { $schema, ...settings } = config;
    expect(readSource(JSON.stringify(settings))).toMatchObject({ kind: 'jquery', type: 'listing' });
    // any type of the blocks registry counts (no list of names in the configurator): the probe block's, with a data table plugin's key
    const probe = { $schema: 'https://example.org/piazza/schemas/probe.schema.json', builder: {} };
    expect(readSource(JSON.stringify(probe))).toEqual({ kind: 'piazza', type: 'probe', config: probe });
    // a schema of no registered type names none
    expect(readSource(JSON.stringify({ ...probe, $schema: '../schemas/notaprobe.schema.json' }))).toMatchObject({
      kind: 'jquery',
      type: 'datatable',
    });
  });

  it("a note names a setting of the block in the form's words with the key the paste has; a key of the pasted settings' own as it is", () => {
    const words = (key: string) => (listingSchema.properties as any)[key]['x-title-it'];
    expect(notePlace('listing', '/spinnerTpl', 'it')).toBe(`${words('spinnerTpl')} (spinnerTpl)`);
    expect(notePlace('listing', '/i18n/calendarToday', 'it')).toBe(`${words('i18n')} › calendarToday (i18n/calendarToday)`);
    // a key the schema does not name, the DataTables settings, the eZ form: no words but the key
    expect(notePlace('listing', '/colore', 'it')).toBe('/colore');
    expect(notePlace('datatable', '/datatable/responsive', 'it')).toBe('/datatable/responsive');
    expect(notePlace('datatable', '/table', 'it')).toBe('/table');
    expect(notePlace('listing', '/openpa/attributes/image', 'it')).toBe('/openpa/attributes/image');
  });

  it('opendataDataTable({…}): the mapping the data table mounts such a config with (docs/openpa.md §4)', async () => {
    const script = `$('#container-131-0').opendataDataTable({
      "builder": {"query": 'classes [document] subtree [131]'},
      "table": {"id": 'trasparenza-131-0', "template": '<table class="table"></table>'},
      "datatable": {"responsive": true, "order": [[2, 'desc']], "language": {"url": "/extension/openpa_bootstrapitalia/design/bootstrapitalia2/javascript/datatable/ita-IT.json"},
        "ajax": {url: "https://www.comune.example.it/opendata/api/datatable/search/"}, "lengthMenu": [30, 60, 90, 120],
        "columns": [{"data":"data.ita-IT.name","name":"name","title":"Titolo","searchable":true,"orderable":true},{"data":"data.ita-IT.document_type","name":"document_type","title":"Tipo","orderable":false},{"data":"metadata.published","name":"published","title":"Pubblicato"}],
        "columnDefs": [{ "render": function (data, type, row, meta) { return data; }, "targets": [0] }] }
    }).data('opendataDataTable');`;
    const out = await made(script);
    expect(out.src).toMatchObject({ kind: 'jquery', type: 'datatable', blockId: 'container-131-0' });
    expect(out.config).toEqual({
      $schema: '../schemas/datatable.schema.json',
      blockId: 'container-131-0',
      query: 'classes [document] subtree [131]',
      searchUrl: 'https://www.comune.example.it/opendata/api/datatable/search/',
      columns: [
        { field: 'name', title: 'Titolo', sortable: true },
        { field: 'document_type', title: 'Tipo', sortable: false },
        { field: 'published', title: 'Pubblicato' },
      ],
      classFromResults: true,
      order: { field: 'published', dir: 'desc' },
      pageSizeOptions: [30, 60, 90, 120],
      locale: 'ita-IT',
    });
    expect(out.notes.map((n) => n.path)).toEqual([
      '/datatable/columnDefs',
      '/datatable/responsive',
      '/table',
      '/datatable/columnDefs/0/render',
    ]);
    expect(BLOCKS.datatable.check(out.config)).toEqual([]);
  });

  it("the theme's data table: its data-* are the attributes the template wrote them from (wash(javascript) undone), through the eZ mapping", async () => {
    const html = `<div id="remote-datatable-t7" data-remote="" data-query="classes [document] and q = \\047l\\\\\\047albo\\047" data-facets='[{"field":"document_type","name":"Tipo","limit":300,"sort":"alpha"}]' data-fields='["_link","name"]'><table class="content-data"></table></div>`;
    const out = await made(html);
    expect(out.src).toMatchObject({
      kind: 'ez',
      block: { id: 't7', type: 'OpendataRemoteContents', view: 'datatable' },
      attributes: { query: "classes [document] and q = 'l\\'albo'", fields: '_link,name', facets: 'Tipo:document_type:300:alpha' },
    });
    expect(out.config).toMatchObject({
      blockId: 't7',
      query: "classes [document] and q = 'l\\'albo'",
      columns: [{ field: 'id', link: true }, 'name'],
      facets: [{ field: 'document_type', label: 'Tipo', limit: 300, sort: 'alpha' }],
    });
  });
});

describe("the data table's plugin settings, as the block mounts them", () => {
  it("what has no equivalent is said, with what replaces it; a missing query is the config's problem", () => {
    const { config, ignored } = fromPluginSettings({
      builder: { filters: { anno: { field: 'anno', operator: 'in', value: ['2024'] } } },
      loadDatatableCallback: null,
      datatable: { pageLength: 25, searching: false, ajax: { url: 'https://x.it/api/opendata/v2/datatable/search/', dataType: 'jsonp' } },
    });
    expect(config).toEqual({
      query: '',
      facets: [{ field: 'anno' }],
      classFromResults: true,
      pageSize: 25,
      search: false,
      searchUrl: 'https://x.it/api/opendata/v2/datatable/search/',
      jsonp: true,
    });
    expect(ignored.map((n) => n.key)).toEqual(['/builder/filters', '/loadDatatableCallback']);
    expect(BLOCKS.datatable.check(config as unknown as Record<string, unknown>)).toEqual([{ path: '/query', code: 'minLength', limit: 1 }]);
  });
});
