// Size budgets (gzip) of the built files, `npx size-limit` after `npm run build`. The runtime's
// own files are listed here; each block's chunks come from its line of the blocks registry
// (blocks/registry.json, `budgets`), so a new block brings its budget with it.
import { readBlocks } from './scripts/blocks.mjs';

const runtime = [
  { name: "piazza.js (classic script: consent core + loader; orestbida's hold-or-allow questions and Bootstrap Italia's remembered multimedia choice, answered before the theme's scripts run; its admin lines as codes the messages chunk words in the admin's language)", path: "dist/piazza.js", limit: "5.85 KB" },
  { name: "admin messages, it + en (only on a page with a config problem, an orestbida call piazza cannot honour, or a fault to tell the admin)", path: "dist/chunks/messages-*.js", limit: "2.9 KB" },
  { name: "consent UI: bar, dialog, choice, embeds, orestbida's data-cc roles, CSS + the largest language chunk (hu)", path: ["dist/chunks/consent-ui-*.js", "dist/chunks/consent-hu-*.js"], limit: "6.5 KB" },
  { name: "consent, OpenPA themes (only with carryOver or multimedia in the config, or an orestbida call): cc_cookie carried over and kept, orestbida's calls, the multimedia effects (without the consent UI it imports from)", path: "dist/chunks/consent-openpa-*.js", limit: "4.5 KB" },
  { name: "helper: stacked tables", path: "dist/chunks/helper-stacktable-*.js", limit: "4 KB" },
  { name: "helper: procedure steps", path: "dist/chunks/helper-procedure-*.js", limit: "2.5 KB" },
  { name: "helper: masonry cards", path: "dist/chunks/helper-masonry-*.js", limit: "0.5 KB" },
  { name: "helper: shared-link embeds (without the shared http and sanitizer chunks)", path: "dist/chunks/helper-sharedlink-*.js", limit: "3 KB" },
  { name: "gallery trigger (loads on [data-gallery])", path: "dist/chunks/helper-gallery-*.js", limit: "3.5 KB" },
  { name: "gallery lightbox (fslightbox-react + wrapper, on first use)", path: "dist/chunks/lightbox-*.js", limit: "18 KB" },
  { name: "the build's table of contents (manifest module, fetched by piazza.js at boot on every page)", path: "dist/chunks/manifest-*.js", limit: "2.1 KB" },
];

/** A chunk's name (`listing` → dist/chunks/listing-*.js), or a path from the repository (`dist/piazza.js`). */
const file = (chunk) => (chunk.includes('/') ? chunk : 'dist/chunks/' + chunk + '-*.js');
const blocks = readBlocks().flatMap((b) => b.budgets.map(({ name, chunks, limit }) => ({
  name,
  path: chunks.length === 1 ? file(chunks[0]) : chunks.map(file),
  limit,
})));

const configurator = [
  {
    name: "configurator, the admin page configuratore.html only (never a visitor page; its own build): @rjsf/core 6.11.1 + @rjsf/validator-ajv8 (ajv 8), Preact, the form's code and the three schemas with every field's name, help and long text in Italian and English (about 25 KB of it)",
    path: 'dist/configurator/configurator.js',
    limit: '165 KB',
  },
  {
    name: "configurator chunks, on first use: a paste's reading with the eZ and jQuery mappings, the presets' configs",
    path: ['dist/configurator/import-*.js', 'dist/configurator/from-jquery-*.js', 'dist/configurator/openpa-*.js', 'dist/configurator/theme-markup-*.js', 'dist/configurator/preset-configs-*.js'],
    limit: '16 KB',
  },
];

export default [...runtime, ...blocks, ...configurator].map((check) => ({ ...check, gzip: true }));
