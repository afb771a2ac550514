// The OpenPA integration templates (integrations/openpa/), rendered for the block attributes a
// portal would have for the demo's blocks, with an interpreter of the eZ template subset they use
// (ez-template.ts): each must emit the piazza config the demo block has, and `npm run validate`
// must accept the page they make. Expected configs are written here from the theme's attribute
// conventions, not read from the templates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { phpJsonEncode, render } from './ez-template';
import { headTpl, listingTpl, piazzaIni, renderOpenpaBlock, root, tableTpl } from './blocks';

const tmp = mkdtempSync(join(tmpdir(), 'piazza-openpa-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function renderBlock(...args: Parameters<typeof renderOpenpaBlock>) {
  const out = renderOpenpaBlock(...args);
  expect(out.warnings).toEqual([]);
  return out;
}

/** Runs `npm run validate`'s script on a page made of the rendered blocks. */
function validate(blocks: string[]): { status: number | null; output: string } {
  const page = join(tmp, 'page-' + Math.random().toString(36).slice(2) + '.html');
  writeFileSync(page, '<!doctype html><html lang="it"><head><title>t</title></head><body><main>' + blocks.join('\n') + '</main></body></html>');
  const run = spawnSync(process.execPath, [join(root, 'scripts/validate.mjs'), page], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The demo's own config of a block (fixtures/pages/…), without its "$schema". */
function demoConfig(page: string, id: string) {
  const html = readFileSync(join(root, 'fixtures/pages', page), 'utf8');
  const m = new RegExp(`id="${id}">\\s*<script type="application/json">([\\s\\S]*?)</script>`).exec(html)!;
  const { $schema, ...config } = JSON.parse(m[1]);
  return config;
}

describe('the listing block template (opendata_remote_gui)', () => {
  it('portale.html "eventi": facets with labels, search, map and — from the time-interval facet — the agenda', () => {
    const { config, html, includes } = renderBlock(listingTpl, {
      id: 'eventi',
      custom_attributes: {
        query: 'classes [event] sort [time_interval=>asc]', limit: '6', items_per_row: '3', view_api: 'card_teaser',
        facets: 'Argomento:topics,Tipo di evento:has_public_event_typology,Quando:time_interval',
        show_search: '1', show_map: '1', show_grid: '1', hide_if_empty: '', input_search_placeholder: '',
      },
    });
    const demo = demoConfig('portale.html', 'eventi');
    expect(config.query).toBe(demo.query);
    expect(config.facets).toEqual(demo.facets);
    expect(config.tabs).toEqual(demo.tabs);
    expect(config.timeIntervals).toBe(true);
    expect(config.showSearch).toBe(true);
    expect(config.limitPagination).toBe(6);
    // Beside the filters the theme shows two cards per row where three were asked.
    expect(config.itemsPerRow).toBe(2);
    expect(config).toMatchObject({ blockId: 'eventi', queryBuilder: 'browser', remoteUrl: '', localAccessPrefix: '/', locale: 'ita-IT', hideIfEmpty: false, publishedRange: false });
    // Nothing of the jQuery block is asked for any more, and no empty hash became "[]".
    expect(html).not.toMatch(/ezscript_require|remoteContentsGui|jsrender/);
    expect(config).not.toHaveProperty('i18n');
    expect(includes).toEqual(["uri='design:parts/block_name.tpl'"]);
  });

  it('listing.html "eventi-server": a block of type OpendataQueriedContents asks its own endpoint (server mode)', () => {
    const { config } = renderBlock(listingTpl, {
      id: 'eventi-server', type: 'OpendataQueriedContents',
      custom_attributes: { query: '', limit: '6', items_per_row: '2', facets: 'Argomento:topics,Tipo di evento:has_public_event_typology,Quando:time_interval', show_search: '1' },
    }, { prefix: '/ita' });
    const demo = demoConfig('listing.html', 'eventi-server');
    expect(config.queryBuilder).toBe('server');
    expect(config.blockId).toBe(demo.blockId);
    expect(config.facets).toEqual(demo.facets);
    expect(config.itemsPerRow).toBe(2);
    expect(config.localAccessPrefix).toBe('/ita');
    // show_grid not set: the theme's default is the list; the time interval adds the agenda.
    expect(config.tabs).toEqual(['list', 'agenda']);
  });

  it('a remote portal, a tag tree facet, the published range, a search placeholder and map settings from piazza.ini', () => {
    const { config, html } = renderBlock(listingTpl, {
      id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      custom_attributes: {
        remote_url: 'https://www.comune.esempio.it/', query: "classes [article] and name = 'Piazza \"Grande\"'", limit: '5', show_grid: '1',
        facets: 'Argomenti:topics:tree,Pubblicato:published_range', input_search_placeholder: 'Cerca una notizia', fields: 'abstract,published',
        hide_if_empty: '1', query_builder: 'people_by_role', show_all_link: '1', show_all_text: 'Tutte le notizie',
      },
    }, { map: { TileUrl: '/tiles/{z}/{x}/{y}.png', Attribution: 'Comune di Esempio', AttributionUrl: '/note-legali', ConsentService: '' } });
    expect(config.remoteUrl).toBe('https://www.comune.esempio.it');
    expect(config.query).toBe("classes [article] and name = 'Piazza \"Grande\"'");
    expect(config.queryBuilder).toBe('people_by_role');
    expect(config.facets).toEqual([{
      field: 'raw[subattr_topics___tag_ids____si]', label: 'Argomenti',
      options: [{ value: '11', label: 'Cultura', depth: 0 }, { value: '12', label: 'Musica', depth: 1 }, { value: '13', label: 'Teatro', depth: 1 }, { value: '21', label: 'Ambiente', depth: 0 }],
    }]);
    expect(config.publishedRange).toBe(true);
    expect(config.tabs).toEqual(['list']);
    expect(config.i18n).toEqual({ 'search.label': 'Cerca una notizia' });
    expect(config.fields).toEqual(['abstract', 'published']);
    expect(config.hideIfEmpty).toBe(true);
    expect(config.map).toEqual({ tileUrl: '/tiles/{z}/{x}/{y}.png', attribution: 'Comune di Esempio', attributionUrl: '/note-legali' });
    expect(html).toContain('href="https://www.comune.esempio.it">Tutte le notizie</a>');
  });

  it('text of the config cannot end the script element, and reads back exactly', () => {
    const query = "classes [event] and name = '</script><script>alert(1)</script>' and abstract = 'città'";
    const { html, configs, config } = renderBlock(listingTpl, { id: 'x1', custom_attributes: { query, show_grid: '1' } });
    expect(configs).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(config.query).toBe(query);
  });

  it('no tab to show (list off, no map, no time interval): nothing is rendered, as the theme does', () => {
    const { html, configs } = renderBlock(listingTpl, { id: 'x2', custom_attributes: { query: 'classes [event]', show_grid: '0', show_map: '', facets: 'Argomento:topics' } });
    expect(configs).toEqual([]);
    expect(html).not.toContain('remote-gui-wrapper');
  });
});

describe('the data-table block template (opendata_remote_gui_datatable)', () => {
  it('portale.html "documenti": the class from the query, "_link" as the link column, facets with their limit and sort, the module door', () => {
    const { config } = renderBlock(tableTpl, {
      id: 'documenti',
      custom_attributes: { query: 'classes [document] subtree [131]', limit: '10', fields: '_link,name, document_type,publication_date,file', facets: 'Tipo di documento:document_type,Anno:anno:100:count' },
    }, { prefix: '/ita' });
    const demo = demoConfig('portale.html', 'documenti');
    expect(config.query).toBe(demo.query);
    expect(config.class).toBe(demo.class);
    expect(config.pageSize).toBe(demo.pageSize);
    expect(config.columns).toEqual([{ field: 'id', title: '#', link: true, sortable: false }, 'name', 'document_type', 'publication_date', 'file']);
    expect(config.facets).toEqual([
      { field: 'document_type', label: 'Tipo di documento', limit: 300, sort: 'alpha' },
      { field: 'anno', label: 'Anno', limit: 100, sort: 'count' },
    ]);
    // This portal: the eZ module door under the site access, as the original plugin.
    expect(config.searchUrl).toBe('/ita/opendata/api/datatable/search/');
    expect(config.classesUrl).toBe('/ita/opendata/api/classes/');
    expect(config.jsonp).toBe(false);
  });

  it('another portal over JSONP; several classes name no class; a matrix column; no fields → link and name', () => {
    const remote = renderBlock(tableTpl, {
      id: 'r1', custom_attributes: { query: 'classes [document,public_service] sort [name=>asc]', remote_url: 'https://dati.comune.esempio.it/', fields: 'name,contatti.telefono' },
    }).config;
    expect(remote.searchUrl).toBe('https://dati.comune.esempio.it/api/opendata/v2/datatable/search/');
    expect(remote.classesUrl).toBe('https://dati.comune.esempio.it/api/opendata/v2/classes/');
    expect(remote.jsonp).toBe(true);
    expect(remote).not.toHaveProperty('class');
    expect(remote.columns).toEqual(['name', { field: 'contatti', type: 'matrix', sortable: false }]);
    expect(remote.facets).toEqual([]);
    const plain = renderBlock(tableTpl, { id: 'r2', custom_attributes: { query: 'classes [public_service]' } }).config;
    expect(plain.columns).toEqual([{ field: 'id', title: '#', link: true, sortable: false }, 'name']);
    expect(plain.class).toBe('public_service');
    expect(plain.searchUrl).toBe('/opendata/api/datatable/search/');
  });
});

it('npm run validate accepts the page the templates make for the demo blocks (and rejects a broken one)', () => {
  const blocks = [
    renderBlock(listingTpl, { id: 'eventi', custom_attributes: { query: 'classes [event] sort [time_interval=>asc]', limit: '6', items_per_row: '3', facets: 'Argomento:topics,Quando:time_interval', show_search: '1', show_map: '1' } }, { map: { TileUrl: '/tiles/{z}/{x}/{y}.png', Attribution: 'Comune', AttributionUrl: '', ConsentService: 'openstreetmap' } }),
    renderBlock(listingTpl, { id: 'eventi-server', type: 'OpendataQueriedContents', custom_attributes: { limit: '6', facets: 'Argomento:topics:tree,Pubblicato:published_range' } }),
    renderBlock(listingTpl, { id: 'servizi', custom_attributes: { query: 'classes [public_service] sort [name=>asc]', limit: '6', items_per_row: '3', remote_url: 'https://www.comune.esempio.it' } }),
    renderBlock(tableTpl, { id: 'documenti', custom_attributes: { query: 'classes [document] subtree [131]', limit: '10', fields: '_link,name,document_type,publication_date', facets: 'Tipo:document_type' } }),
    renderBlock(tableTpl, { id: 'contatti', custom_attributes: { query: 'classes [office]', remote_url: 'https://www.comune.esempio.it', fields: 'name,contatti.telefono' } }),
  ];
  const ok = validate(blocks.map((b) => b.html));
  // One line per block: a problem or an ignored setting would add lines.
  expect(ok.output.trim().split('\n')).toHaveLength(5);
  expect(ok.status).toBe(0);
  for (const id of ['eventi', 'eventi-server', 'servizi', 'documenti', 'contatti']) expect(ok.output).toContain('"' + id + '"');
  // An attribute out of range (nine cards per row; the theme offers 1–6): validate names the
  // block and the path.
  const broken = renderBlock(listingTpl, { id: 'rotto', custom_attributes: { query: 'classes [event]', items_per_row: '9' } });
  const bad = validate([broken.html]);
  expect(bad.status).toBe(1);
  expect(bad.output).toContain('"rotto"');
  expect(bad.output).toContain('/itemsPerRow');
});

describe('the head template (piazza.js first in <head>)', () => {
  const head = (nonce: string, integrity = '', messages = '') => render(headTpl, {
    variables: {}, ini: { 'piazza.ini': piazzaIni({}, nonce, integrity, messages) }, designBase: '/extension/piazza/design/piazza',
  });
  it('a classic script from the extension\'s javascript folder, with integrity and the nonce placeholder only when set', () => {
    const plain = head('');
    expect(plain.warnings).toEqual([]);
    expect(plain.html.trim()).toBe('<script src="/extension/piazza/design/piazza/javascript/piazza/piazza.js"></script>');
    expect(head('__CSP_NONCE__', 'sha384-abc').html.trim()).toBe('<script src="/extension/piazza/design/piazza/javascript/piazza/piazza.js" integrity="sha384-abc" crossorigin="anonymous" nonce="__CSP_NONCE__"></script>');
    expect(head('', '', 'en').html.trim()).toBe('<script src="/extension/piazza/design/piazza/javascript/piazza/piazza.js" data-piazza-messages="en"></script>');
  });
});

describe('the interpreter follows PHP where the JSON depends on it', () => {
  it('json_encode: "/" escaped, non-ASCII as \\u, an empty hash as []', () => {
    expect(phpJsonEncode({ a: '</script>', b: 'è', c: {}, d: [1, true, null] })).toBe('{"a":"<\\/script>","b":"\\u00e8","c":[],"d":[1,true,null]}');
  });
});
