// piazza's side of the side by side: the page a portal prints for the original's block once piazza
// is installed (docs/openpa.md). The block's markup comes from piazza's own eZ template rendered by
// the real eZ engine (../shared/real/ez-render) with the block attributes serve.mjs gives the
// original, so both pages show the same block; the page around it is the same shell in two
// profiles, as serve.mjs has them:
//   block:  nothing but what the block needs (the original: jQuery, moment, jsrender, Leaflet, …;
//           piazza: piazza.js and its chunks), no theme CSS on either side;
//   portal: the theme's files every portal page loads, the same on both sides, minus the ones
//           docs/openpa.md says piazza replaces on this page.
// piazza-site.ts serves them as serve.mjs serves the original's.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ES module of scripts/
import { preloadIni, withPreloads } from '../../scripts/preloads.mjs';
import { distDir } from '../browser/harness';
import { extension, renderEz } from '../unit/openpa/ez';
import type { OriginalBlock } from './original';

export type Profile = 'block' | 'portal';

/** The eZ Flow block the original's page stands for (serve.mjs's settings as the block's custom attributes). */
export function ezBlock(b: OriginalBlock) {
  const flag = (v: boolean) => (v ? '1' : '0');
  return {
    id: b.blockId,
    name: b.blockName,
    // serve.mjs's queryBuilder "browser": the remote-contents block (OpendataQueriedContents is the server's)
    type: 'OpendataRemoteContents',
    view: 'default',
    custom_attributes: {
      image: '',
      remote_url: b.remoteUrl,
      query: b.query,
      show_grid: flag(b.showGrid),
      show_map: flag(b.showMap),
      show_search: flag(b.showSearch),
      input_search_placeholder: b.searchPlaceholder,
      limit: String(b.limit),
      items_per_row: b.itemsPerRow,
      facets: b.facets,
      view_api: b.view,
      fields: b.fields,
      simple_geo_api: b.simpleGeoApi ? '1' : '',
      template: b.template,
      hide_if_empty: b.hideIfEmpty ? '1' : '',
    },
  };
}

/** Where piazza's extension serves its files from (ezdesign of javascript/piazza/…): the bench's pages serve dist/ as /dist/. */
export const STATIC = '/extension/piazza/design/piazza/javascript/piazza/';

/**
 * `render(ext)` with piazza's extension as a release installs it: `dist` in its design folder and
 * piazza.ini [Preload] written from it (scripts/preloads.mjs), so that head.tpl and the block
 * templates print the modulepreloads a portal prints, where it prints them. The copy is removed after.
 */
export function withInstalledExtension<T>(dist: string, render: (ext: string) => T): T {
  const tmp = mkdtempSync(join(tmpdir(), 'piazza-bench-ext-'));
  try {
    const ext = join(tmp, 'piazza');
    cpSync(extension, ext, { recursive: true });
    cpSync(dist, join(ext, 'design/piazza/javascript/piazza'), { recursive: true });
    const ini = join(ext, 'settings/piazza.ini.append.php');
    writeFileSync(ini, withPreloads(readFileSync(ini, 'utf8'), preloadIni(dist)));
    return render(ext);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** piazza's markup for the block, printed by piazza's override template through the real eZ engine (php, test/unit/openpa/ez.ts). */
export function renderBlock(b: OriginalBlock, ext?: string): string {
  const { html, log, status } = renderEz(null, { block: ezBlock(b), piazza: ext });
  if (status !== 0 || !html.includes('data-piazza-block="listing"'))
    throw new Error('ez-render printed no piazza listing block:\n' + (log || html).slice(0, 500));
  return html.trim().replaceAll(STATIC, '/dist/');
}

/** What head.tpl prints (piazza.js and the manifest's modulepreload), through the real eZ engine. */
export function renderHead(ext: string): string {
  const { html, log, status } = renderEz('design:piazza/head.tpl', { piazza: ext });
  if (status !== 0 || !html.includes('piazza.js')) throw new Error('ez-render printed no piazza head:\n' + (log || html).slice(0, 500));
  return html.trim().replaceAll(STATIC, '/dist/');
}

const ORIG = '/orig/openpa_bootstrapitalia/design';

/**
 * The theme's files of a portal page with a listing block, in the original page's order
 * (serve.mjs's page.html.tmpl, profile portal), less what piazza replaces on it (docs/openpa.md,
 * "What piazza replaces"): the block's own scripts and styles (jsrender, Leaflet and its plugins,
 * accessible-autocomplete, the remoteContentsGui plugin, moment 2.10 and EventCalendar) and the
 * footer plugins of the helpers (shared links, gallery, stacked tables). The DataTables files
 * stay (a portal keeps them while other templates of its own use them: the side kept heavier).
 */
const PORTAL = {
  headCss: [`${ORIG}/bootstrapitalia2/stylesheets/default.css`, `${ORIG}/bootstrapitalia2/stylesheets/cookieconsent.css`],
  headJs: [
    `${ORIG}/bootstrapitalia2/javascript/jquery.js`,
    `${ORIG}/bootstrapitalia2/javascript/moment-with-locales.min.js`,
    '/orig/ocopendata/design/standard/javascript/jquery.opendataTools.js',
    `${ORIG}/bootstrapitalia/javascript/chosen.jquery.js`,
  ],
  footJs: [
    `${ORIG}/bootstrapitalia2/javascript/bootstrap-italia.bundle.min.js`,
    `${ORIG}/bootstrapitalia/javascript/jquery.opendataDataTable.js`,
    `${ORIG}/bootstrapitalia/javascript/jquery.dataTables.js`,
    `${ORIG}/bootstrapitalia/javascript/dataTables.bootstrap4.min.js`,
  ],
  footCss: [`${ORIG}/bootstrapitalia2/stylesheets/common.css`],
};

/** piazza's page for the block in a profile: head.tpl's output first in <head> (piazza.js, the manifest's preload), the block with its own preloads (its template's). */
export function piazzaPage(block: string, profile: Profile, head: string): string {
  const css = (hrefs: string[]) => hrefs.map((h) => `<link rel="stylesheet" href="${h}">`).join('\n');
  const js = (srcs: string[]) => srcs.map((s) => `<script src="${s}"></script>`).join('\n');
  const portal = profile === 'portal';
  return `<!doctype html>
<html lang="it-IT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Eventi (piazza listing block, bench)</title>
<link rel="icon" href="data:,">
${head}
${portal ? css(PORTAL.headCss) + '\n' + js(PORTAL.headJs) : ''}
</head>
<body>
<main>
<div class="container px-4 my-4" id="main-container">
${block}
</div>
</main>
${portal ? js(PORTAL.footJs) + '\n' + css(PORTAL.footCss) : ''}
</body>
</html>
`;
}

/**
 * piazza's pages for the original's block, in both profiles (HTML): the modulepreloads where the
 * OpenPA templates print them once a release fills piazza.ini [Preload] in — the manifest's in
 * <head> (head.tpl), the block's chunks at the block (its override template, after the theme's CSS).
 */
export const benchPages = (b: OriginalBlock): Record<Profile, string> =>
  withInstalledExtension(distDir(), (ext) => {
    const head = renderHead(ext);
    const block = renderBlock(b, ext);
    return { block: piazzaPage(block, 'block', head), portal: piazzaPage(block, 'portal', head) };
  });
