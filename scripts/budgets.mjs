// The size budgets as .size-limit.js gives them to size-limit, and the check that each chunk name
// is exactly one built file. A budget names its chunks by rollup's chunk name: `listing` is exactly
// dist/chunks/listing-<hash>.js (rollup's [hash]: 8 characters of base64url), never listing-early-…
// or listing-openpa-…; a name with a slash is a path from the repository. A name that matches no
// file, or more than one, is a problem naming the budget and the chunk: a renamed or merged chunk
// would otherwise count 0 B, a name shared by two chunks would count both.
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { readBlocks, root } from './blocks.mjs';

/** The runtime's own files; each block's come from its line of the blocks registry. */
const runtime = [
  {
    name: "piazza.js (classic script: consent core + loader; orestbida's hold-or-allow questions and Bootstrap Italia's remembered multimedia choice, answered before the theme's scripts run; its admin lines as codes the messages chunk words in the admin's language)",
    chunks: ['dist/piazza.js'],
    // (+0.1 KB: V8's compile hint, the first line of every built file: rollup.config.mjs COMPILE_HINT;
    // +0.1 KB: Bootstrap Italia's remembered choice checked at the first video overlay, not at boot;
    // +0.25 KB: the bar's chunks fetched side by side and its work after the page's first content —
    // the texts' language rule (consent/lang.ts), the loader's prefetch and firstContent)
    limit: '6.4 KB',
  },
  {
    name: 'admin messages, it + en (only on a page with a config problem, an orestbida call piazza cannot honour, or a fault to tell the admin)',
    chunks: ['messages'],
    limit: '2.9 KB',
  },
  {
    name: "consent UI: bar, dialog, choice, embeds, orestbida's data-cc roles, CSS + the largest language chunk (hu)",
    chunks: ['consent-ui', 'consent-hu'],
    limit: '6.5 KB',
  },
  {
    name: "consent, OpenPA themes (only with carryOver or multimedia in the config, or an orestbida call): cc_cookie carried over and kept, orestbida's calls, the multimedia effects (without the consent UI it imports from)",
    chunks: ['consent-openpa'],
    limit: '4.5 KB',
  },
  { name: 'helper: stacked tables', chunks: ['helper-stacktable'], limit: '4 KB' },
  {
    name: 'helper: stacked tables before the first paint (the render-holding entry the eZ head prints on a page with one; without the helper it imports)',
    chunks: ['helper-stacktable-hold'],
    limit: '0.5 KB',
  },
  { name: 'helper: procedure steps', chunks: ['helper-procedure'], limit: '2.5 KB' },
  { name: 'helper: masonry cards', chunks: ['helper-masonry'], limit: '0.5 KB' },
  { name: 'helper: shared-link embeds (without the shared http and sanitizer chunks)', chunks: ['helper-sharedlink'], limit: '3 KB' },
  {
    name: "remote-HTML sanitizer: the policy and the browser's own sanitizer (Element.setHTML), with the theme's icons kept (listing views, map popups, shared-link embeds)",
    chunks: ['sanitize'],
    limit: '2 KB',
  },
  { name: 'DOMPurify 3, only in a browser without a sanitizer of its own (Safari)', chunks: ['dompurify'], limit: '12 KB' },
  { name: 'gallery trigger (loads on [data-gallery])', chunks: ['helper-gallery'], limit: '3.5 KB' },
  { name: 'gallery lightbox (fslightbox-react + wrapper, on first use)', chunks: ['lightbox'], limit: '18 KB' },
  {
    name: "the build's table of contents (manifest module, fetched by piazza.js at boot on every page)",
    chunks: ['manifest'],
    // (+0.15 KB: the consent's OpenPA chunk and its four languages as entries of their own, so the core asks for them side by side)
    limit: '2.6 KB',
  },
];

const configurator = [
  {
    name: "configurator, the admin page configuratore.html only (never a visitor page; its own build): @rjsf/core 6.11.1 + @rjsf/validator-ajv8 (ajv 8), Preact, the form's code and the three schemas with every field's name, help and long text in Italian and English (about 25 KB of it)",
    chunks: ['dist/configurator/configurator.js'],
    limit: '165 KB',
  },
  {
    name: "configurator chunks, on first use: a paste's reading with the eZ and jQuery mappings, the presets' configs",
    chunks: ['import', 'from-jquery', 'openpa', 'openpa-listing', 'openpa-datatable', 'theme-markup', 'preset-configs'],
    dir: 'dist/configurator',
    limit: '16 KB',
  },
];

/** rollup's `[hash]` (chunkFileNames and entryFileNames `[name]-[hash].js`): 8 characters of base64url. */
const HASH = '[A-Za-z0-9_-]'.repeat(8);

/** A chunk's name → the glob of exactly its file; a path from the repository as it is. */
export function file(chunk, dir = 'dist/chunks') {
  return chunk.includes('/') ? chunk : dir + '/' + named(chunk) + '-' + HASH + '.js';
}

function named(chunk) {
  if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(chunk))
    throw new Error(`size budgets: "${chunk}" is neither a chunk name (letters, digits and -) nor a path`);
  return chunk;
}

/** Every budget: its name, its chunks (names, or paths), the folder its names are in, its limit. */
export function budgets() {
  const blocks = readBlocks().flatMap((b) => b.budgets.map(({ name, chunks, limit }) => ({ name, chunks, limit })));
  return [...runtime, ...blocks, ...configurator].map(({ dir = 'dist/chunks', ...b }) => ({ ...b, dir }));
}

/** The problems of the budgets against the build: a chunk name that matches no file or more than one. */
export function unmatched(list, exists = (p) => existsSync(resolve(root, p)), listDir = (p) => readdirSync(resolve(root, p))) {
  if (!exists('dist')) return ['size budgets: no dist/ (run npm run build first)'];
  const problems = [];
  const listed = new Map();
  const filesOf = (dir) => {
    if (!listed.has(dir)) listed.set(dir, exists(dir) ? listDir(dir) : null);
    return listed.get(dir);
  };
  for (const b of list) {
    for (const chunk of b.chunks) {
      if (chunk.includes('/')) {
        if (!exists(chunk)) problems.push(`size budget "${b.name}": ${chunk} does not exist`);
        continue;
      }
      const files = filesOf(b.dir);
      if (!files) {
        problems.push(`size budget "${b.name}": no ${b.dir}/ (a build of part of the entries?)`);
        continue;
      }
      const exact = new RegExp('^' + named(chunk) + '-[A-Za-z0-9_-]{8}\\.js$');
      const hits = files.filter((f) => exact.test(f));
      if (hits.length === 0)
        problems.push(
          `size budget "${b.name}": chunk "${chunk}" is no file of ${b.dir}/ (${chunk}-<hash>.js): renamed, merged into another chunk, or gone? Fix the budget's list.`,
        );
      else if (hits.length > 1)
        problems.push(
          `size budget "${b.name}": chunk "${chunk}" names ${hits.length} files of ${b.dir}/ (${hits.join(', ')}): two modules of that name were split into chunks of their own; give one a name of its own (rollup.config.mjs chunkFileNames).`,
        );
    }
  }
  return problems;
}
