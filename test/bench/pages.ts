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
// @ts-expect-error -- plain ES module of scripts/
import { pagePreloads } from '../../scripts/preloads.mjs';
import { distDir } from '../browser/harness';
import { renderEz } from '../unit/openpa/ez';
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
      image: '', remote_url: b.remoteUrl, query: b.query, show_grid: flag(b.showGrid), show_map: flag(b.showMap),
      show_search: flag(b.showSearch), input_search_placeholder: b.searchPlaceholder, limit: String(b.limit),
      items_per_row: b.itemsPerRow, facets: b.facets, view_api: b.view, fields: b.fields,
      simple_geo_api: b.simpleGeoApi ? '1' : '', template: b.template, hide_if_empty: b.hideIfEmpty ? '1' : '',
    },
  };
}

/** piazza's markup for the block, printed by piazza's override template through the real eZ engine (php, test/unit/openpa/ez.ts). */
export function renderBlock(b: OriginalBlock): string {
  const { html, log, status } = renderEz(null, { block: ezBlock(b) });
  if (status !== 0 || !html.includes('data-piazza-block="listing"')) throw new Error('ez-render printed no piazza listing block:\n' + (log || html).slice(0, 500));
  return html.trim();
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

/** piazza's page for the block in a profile: piazza.js first in <head> (head.tpl), the preloads, the block. */
export function piazzaPage(block: string, profile: Profile, preloads: readonly string[]): string {
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
<script src="/dist/piazza.js"></script>
${preloads.map((f) => `<link rel="modulepreload" href="/dist/${f}">`).join('\n')}
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

/** piazza's pages for the original's block, in both profiles (HTML). */
export const benchPages = (b: OriginalBlock): Record<Profile, string> => {
  const block = renderBlock(b);
  // What head.tpl and the block's template write from piazza.ini [Preload] once a release fills it in.
  const preloads: string[] = pagePreloads(distDir(), ['listing']);
  return { block: piazzaPage(block, 'block', preloads), portal: piazzaPage(block, 'portal', preloads) };
};
