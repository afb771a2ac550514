// The OpenPA integration templates and how the tests render them: a block as eZ would pass it
// (id, type, custom_attributes), the ini values the templates read, and OpenPA's tag-tree functions.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { render, type RenderContext } from './ez-template';

export const root = resolve(import.meta.dirname, '../../..');
const design = join(root, 'integrations/openpa/extension/piazza/design/piazza');
export const listingTpl = readFileSync(join(design, 'override/templates/block/opendata_remote_gui.tpl'), 'utf8');
export const tableTpl = readFileSync(join(design, 'override/templates/block/opendata_remote_gui_datatable.tpl'), 'utf8');
export const headTpl = readFileSync(join(design, 'templates/piazza/head.tpl'), 'utf8');

export const piazzaIni = (map: Record<string, string> = {}, nonce = '', integrity = '', messages = '') => ({
  Assets: { Folder: 'piazza', Integrity: integrity },
  Messages: { Language: messages },
  CSP: { NoncePlaceholder: nonce },
  Map: { TileUrl: '', Attribution: '', AttributionUrl: '', ConsentService: '', ...map },
});
// A tag tree as OpenPA's api_tagtree() returns it (ids are numbers there).
const topicsTree = {
  children: [
    { id: 11, keyword: 'Cultura', children: [{ id: 12, keyword: 'Musica', children: [] }, { id: 13, keyword: 'Teatro', children: [] }] },
    { id: 21, keyword: 'Ambiente', children: [] },
  ],
};

export interface EzBlock { id: string; type?: string; custom_attributes: Record<string, string> }

/** The block's HTML, its configs (type, element id, JSON text), the first config parsed, and what eZ would have warned. */
export function renderOpenpaBlock(template: string, block: EzBlock, options: { prefix?: string; map?: Record<string, string> } = {}) {
  const ctx: RenderContext = {
    variables: { block: { type: 'OpendataRemoteGui', ...block } },
    ini: { 'site.ini': { RegionalSettings: { Locale: 'ita-IT' } }, 'piazza.ini': piazzaIni(options.map) },
    siteAccessPrefix: options.prefix ?? '',
    functions: {
      tag_root_from_attribute_identifier: (field) => (field === 'topics' ? 7 : false),
      api_tagtree: (id) => (id === 7 ? topicsTree : { children: [] }),
    },
  };
  const out = render(template, ctx);
  const configs = [...out.html.matchAll(/data-piazza-block="(\w+)" id="([^"]+)"><script type="application\/json">([\s\S]*?)<\/script>/g)];
  return { html: out.html, warnings: out.warnings, configs, config: configs[0] ? JSON.parse(configs[0][3]) : null, includes: out.includes };
}
