// A page assembled from the REAL eZ engine's output (../shared/real/ez-render/render.php): piazza's
// head.tpl, with this build installed in the extension and its preloads written by
// scripts/preloads.mjs, then the blocks as eZ Flow renders them through piazza's overrides — a
// listing (default view: facets, search, map and the agenda), the horizontal view, a queried-contents
// block the emulator knows, a data table and an Amministrazione Trasparente table. On Chromium,
// Firefox and WebKit (engines/): every block mounts and shows the emulator's data, with no console
// error but the one of a block given a bad attribute (named by block and attribute, its fallback
// kept), no failed request and no axe violation. The extension's static path is served as /dist/.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module of scripts/
import { preloadIni, withPreloads } from '../../scripts/preloads.mjs';
import { extension, realEz, renderEz, root, templateErrors, type EzBlock } from '../unit/openpa/ez';
import { selectedEngines, useEngine } from './engines';
import { expectAxe } from './expect-axe';

const STATIC = '/extension/piazza/design/piazza/javascript/piazza/';
const block = (id: string, type: string, view: string, custom_attributes: Record<string, string>): EzBlock => ({
  id,
  name: 'Blocco ' + id,
  type,
  view,
  custom_attributes,
});

let page = '';
const tmp = mkdtempSync(join(tmpdir(), 'piazza-openpa-page-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(() => {
  if (realEz.skip) return;
  // the extension as a portal installs it: this build in its design, the preloads in its ini
  const ext = join(tmp, 'piazza');
  cpSync(extension, ext, { recursive: true });
  cpSync(join(root, 'dist'), join(ext, 'design/piazza/javascript/piazza'), {
    recursive: true,
    filter: (f) => !f.includes('/configurator'),
  });
  const ini = join(ext, 'settings/piazza.ini.append.php');
  writeFileSync(ini, withPreloads(readFileSync(ini, 'utf8'), preloadIni(join(root, 'dist'))));
  const render = (template: string | null, o: Parameters<typeof renderEz>[1] = {}) => {
    const out = renderEz(template, { piazza: ext, ...o });
    expect(templateErrors(out.log), String(template)).toEqual([]);
    return out.html;
  };
  const head = render('design:piazza/head.tpl');
  const blocks = [
    block('eventi', 'OpendataRemoteContents', 'default', {
      query: 'classes [event] sort [time_interval=>asc]',
      limit: '6',
      items_per_row: '3',
      facets: 'Argomento:topics,Quando:time_interval',
      show_search: '1',
      show_map: '1',
    }),
    block('documenti-orizzontale', 'OpendataRemoteContents', 'horizontal', {
      query: 'classes [document] subtree [131]',
      limit: '4',
      items_per_row: '4',
      facets: 'Tipo di documento:document_type',
      show_search: '1',
    }),
    block('eventi-server', 'OpendataQueriedContents', 'default', {
      limit: '6',
      facets: 'Argomento:topics,Tipo di evento:has_public_event_typology,Quando:time_interval',
    }),
    block('documenti', 'OpendataRemoteContents', 'datatable', {
      query: 'classes [document] subtree [131]',
      fields: '_link,name,document_type',
      facets: 'Tipo di documento:document_type',
    }),
    // an editor's mistake: told once, at the attribute; the rest of the page works
    block('rotto', 'OpendataRemoteContents', 'default', { query: 'classes [event]', items_per_row: '9' }),
  ].map((b) => render(null, { block: b }));
  const column = (identifier: string, title: string) =>
    JSON.stringify({ data: 'data.ita-IT.' + identifier, name: identifier, title, searchable: true, orderable: true });
  const trasparenza = render(join(extension, 'design/piazza/override/templates/piazza_children_table_fields.tpl'), {
    vars: {
      table_index: 0,
      node: { node_id: 131 },
      fields: {
        query: 'classes [document] subtree [131]',
        order: '[[0,"asc"]]',
        group_by: '',
        class_identifier: 'document',
        facets: [],
        title: 'Documenti',
        description: '',
        include_expired: false,
        class_fields: [
          { identifier: 'name', column: column('name', 'Titolo'), dataType: 'ezstring', template: { type: 'string' }, showLink: true },
          {
            identifier: 'document_type',
            column: column('document_type', 'Tipo'),
            dataType: 'eztags',
            template: { type: 'tag' },
            showLink: false,
          },
        ],
      },
    },
  });
  page = (
    '<!doctype html><html lang="it"><head><meta charset="utf-8">' +
    head +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Blocchi dal motore eZ</title>' +
    '<link rel="stylesheet" href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css"></head>' +
    '<body><main id="main" class="container"><h1>Blocchi dal motore eZ</h1>' +
    blocks.join('\n') +
    trasparenza +
    '</main></body></html>'
  ).replaceAll(STATIC, '/dist/');
}, 120_000);

describe.skipIf(realEz.skip).each(selectedEngines())("%s: a page of the real eZ engine's output", (engine) => {
  const env = useEngine(engine);

  it("mounts every block with the emulator's data, no console error, no failed request, axe clean", { timeout: 120_000 }, async () => {
    // the consent config of the theme's categories (its banner is on by default: docs/openpa.md, step 5), then piazza.js
    expect(page).toMatch(
      /^<!doctype html><html lang="it"><head><meta charset="utf-8">\s*<script type="application\/json" id="piazza-consent">[\s\S]*?<\/script>\s*<script src="\/dist\/piazza\.js"><\/script>\s*<link rel="modulepreload" href="\/dist\/chunks\/manifest-/,
    );
    const path = `/test/openpa-real-${engine}.html`;
    await fetch(env.portal.origin + '/__emulator/pages', { method: 'POST', body: JSON.stringify({ path, html: page }) });
    const tab = await env.engine.newTab();
    try {
      await tab.goto(env.portal.url + path.slice(1));
      const ids = [
        'remote-gui-eventi',
        'remote-gui-documenti-orizzontale',
        'remote-gui-eventi-server',
        'remote-datatable-documenti',
        'container-131-0',
      ];
      await tab.waitFor(
        (list: string[]) => list.every((id) => document.getElementById(id)?.getAttribute('data-piazza-state') === 'mounted'),
        ids,
      );
      // each listing shows results; each table rows (the class read from the results for the block)
      await tab.waitFor(() =>
        Array.from(document.querySelectorAll('.piazza-listing-list')).every(
          (l) => l.getAttribute('data-piazza-status') === 'ready' && l.querySelector('[role=listitem]'),
        ),
      );
      await tab.waitFor(
        () =>
          Array.from(document.querySelectorAll('.piazza-datatable [role=grid]')).length === 2 &&
          Array.from(document.querySelectorAll('.piazza-datatable [role=grid]')).every((g) => g.querySelectorAll('[role=row]').length > 1),
      );
      const seen = await tab.evaluate(() => ({
        tabs: document.querySelectorAll('#remote-gui-eventi [role=tab]').length,
        horizontalTabs: document.querySelectorAll('#remote-gui-documenti-orizzontale [role=tab]').length,
        listings: document.querySelectorAll('.piazza-listing-list').length,
        headers: Array.from(document.querySelectorAll('#container-131-0 [role=columnheader]')).map((h) => h.textContent!.trim()),
      }));
      expect(seen).toMatchObject({ tabs: 3, horizontalTabs: 0, listings: 3 });
      expect(seen.headers.slice(0, 2)).toEqual([expect.stringContaining('Titolo'), expect.stringContaining('Tipo')]);
      const requested = await tab.requested();
      // the module door for this portal's data, the class of the results asked as the template did
      expect(
        requested.some(
          (u) =>
            u.startsWith('/opendata/api/datatable/search/') &&
            decodeURIComponent(decodeURIComponent(u)).includes('facets [class|alpha|10]'),
        ),
      ).toBe(true); // (q is encoded twice at the module door)
      expect(requested.some((u) => u.startsWith('/opendata/api/classes/document'))).toBe(true);
      await tab.waitFor(() => document.getElementById('remote-gui-rotto')?.getAttribute('data-piazza-state') === 'error');
      const errors = await tab.errors();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/\[piazza\] listing block "rotto": .*\/openpa\/attributes\/items_per_row/);
      expect(await tab.failedResponses()).toEqual([]);
      await expectAxe(tab, 'the blocks of the real engine');
    } finally {
      await tab.close();
    }
  });
});
