// Four builds, run in order by the rollup CLI:
//  1. the lazy ES-module chunks (dist/chunks/*-[hash].js), one entry per block, helper and the consent UI;
//  2. the manifest module (runtime/manifest.ts → dist/chunks/manifest-[hash].js): the entries of build 1
//     (entry name → hashed file + the files it imports, so the loader fetches a chunk and its
//     dependencies in parallel instead of in a waterfall) and the helpers' selectors;
//  3. dist/piazza.js, the classic IIFE a page includes. It holds only the manifest module's file
//     name, so it does not grow as entries are added;
//  4. dist/configurator/configurator.js, the admin page's own module (fixtures/pages/configuratore.html):
//     a build of its own so no visitor chunk is split differently for it, nothing of it reaches the
//     manifest, and the release leaves it out.
import { readFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { readBlocks } from './scripts/blocks.mjs';

const root = resolve('.');
const dist = resolve(process.env.PIAZZA_DIST || 'dist');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const minify = process.env.PIAZZA_MINIFY !== '0';

/** Blocks come from the blocks registry (blocks/registry.json), helpers by convention (helpers/<name>.ts): a new block or helper needs no change here. */
function lazyEntries() {
  const entries = {};
  const add = (name, file) => { if (file && existsSync(file)) entries[name] = file; };
  add('consent-ui', 'consent/ui/index.ts');
  // Entries of their own, though the UI chunk imports them: the core asks for all it needs at once (consent/types.ts ConsentChunks).
  add('consent-openpa', 'consent/openpa/consent-openpa.ts');
  for (const f of readdirSync('consent/ui/locales')) if (/^consent-[a-z]+\.ts$/.test(f)) add(f.slice(0, -3), join('consent/ui/locales', f));
  add('messages', 'runtime/messages.ts'); // admin messages, loaded by piazza.js only for a config problem
  for (const block of readBlocks()) {
    add(block.type, block.index);
    add(block.type + '-early', block.early); // a block's first requests (loader.ts)
    add(block.type + '-openpa', block.openpa); // an eZ form → the block's config (runtime/openpa.ts)
  }
  if (existsSync('helpers')) {
    for (const f of readdirSync('helpers')) {
      if (/^[a-z-]+\.ts$/.test(f) && !f.endsWith('.test.ts')) add('helper-' + f.slice(0, -3), join('helpers', f));
    }
  }
  add('helper-gallery', 'gallery/index.ts'); // the gallery: a feature of its own, loaded as a helper on [data-gallery]
  // PIAZZA_ENTRIES=listing,probe builds only those chunks (faster, and isolated from unfinished work).
  const only = process.env.PIAZZA_ENTRIES?.split(',').map((s) => s.trim()).filter(Boolean);
  if (only) for (const name of Object.keys(entries)) if (!only.includes(name)) delete entries[name];
  return entries;
}

/** `import css from './x.css'` → the minified text, injected at run time with the page nonce. */
function cssString() {
  return {
    name: 'css-string',
    transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const min = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{}:;,>])\s*/g, '$1').replace(/;}/g, '}').trim();
      return { code: `export default ${JSON.stringify(min)};`, map: { mappings: '' } };
    },
  };
}

/** `import schema from './x.schema.json'` (the configurator's forms) → the parsed object. */
function jsonModule() {
  return {
    name: 'json-module',
    transform(code, id) {
      if (!id.endsWith('.json')) return null;
      return { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: { mappings: '' } };
    },
  };
}

const manifest = {};
function writeManifest() {
  return {
    name: 'piazza-manifest',
    generateBundle(_opts, bundle) {
      for (const key of Object.keys(manifest)) delete manifest[key];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const deps = new Set();
        const walk = (file) => {
          for (const dep of bundle[file]?.imports ?? []) if (!deps.has(dep)) { deps.add(dep); walk(dep); }
        };
        walk(chunk.fileName);
        manifest[chunk.name] = [chunk.fileName, ...deps];
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: JSON.stringify(manifest, null, 1) });
    },
  };
}
/**
 * `piazza:files` → the entry table of build 1, and `piazza:blocks` → the registry's block types
 * (for runtime/manifest.ts: which `data-piazza-block` types exist, in an unknown type's message).
 */
function readFiles() {
  const id = '\0piazza:files';
  const blocks = '\0piazza:blocks';
  return {
    name: 'piazza-files',
    resolveId: (s) => (s === 'piazza:files' ? id : s === 'piazza:blocks' ? blocks : null),
    load: (s) => (s === id ? `export default ${JSON.stringify(manifest)};`
      : s === blocks ? `export default ${JSON.stringify(readBlocks().map((b) => b.type).filter((t) => manifest[t]))};` : null),
  };
}
/** Build 2 writes the manifest module's hashed name here; piazza.js reads it as `piazza:manifest`. */
let manifestFile = '';
function readManifestName() {
  const id = '\0piazza:manifest';
  return {
    name: 'piazza-manifest-name',
    resolveId: (s) => (s === 'piazza:manifest' ? id : null),
    load: (s) => (s === id ? `export default ${JSON.stringify(manifestFile)};` : null),
  };
}

/** The folder (the pattern's group) that holds every module of the chunk of our own, or null. */
function folderOf(chunk, pattern) {
  const own = chunk.moduleIds.filter((id) => !id.startsWith('\0') && !/[\\/]node_modules[\\/]/.test(id));
  const folders = new Set(own.map((id) => pattern.exec(id)?.[1] ?? null));
  return own.length && folders.size === 1 ? [...folders][0] : null;
}

/**
 * The shared code on a block's first path as two files, not a dozen (issue 31, item 4): each
 * module file is a request, a compile task and a link in the module graph before the block's first
 * request can leave, and on HTTP/1.1 six at a time. `runtime`: what a block's early step and
 * mount run (config check, http, dom, i18n, log, lazy, clock and dates of the request, the valtio
 * store, the timeline's marks); `views`: Preact with the kit, the store hook and the shared views
 * (pagination, a lazy tab's frame). A helper page loads `runtime` whole (6 KB, where it loaded
 * 1–3 KB of it). Nothing of `views` may be on the early step's path: the timeline, left to rollup,
 * went into `views` and made the listing's first request wait for Preact's 22 KB to be evaluated
 * (Chromium, four alternated runs of 15 loads: first results 205/293/254/199 → 185/292/211/171 ms).
 */
const FIRST_PATH = {
  runtime: [
    /[\\/]runtime[\\/](config|dom|i18n|log|lazy|http|reserve|query-language|intl|clock|timeline)\.ts$/,
    /[\\/]runtime[\\/]http[\\/]core\.ts$/,
    /[\\/]runtime[\\/]block[\\/]url-codec\.ts$/,
    /[\\/]schemas[\\/]problems\.js$/,
    /[\\/]node_modules[\\/](valtio|proxy-compare)[\\/]/,
    /[\\/]node_modules[\\/]ajv[\\/]dist[\\/]runtime[\\/]ucs2length\.js/,
  ],
  views: [
    /[\\/]node_modules[\\/]preact[\\/](dist|hooks|jsx-runtime)[\\/]/,
    /[\\/]runtime[\\/]block[\\/](kit|url-state|use-store|resource)\.ts$/,
    /[\\/]runtime[\\/]ui[\\/](Pagination|Lazy|ErrorNotice)\.tsx$/,
    /[\\/]runtime[\\/]ui[\\/](messages|load)\.ts$/,
  ],
};
const firstPathChunks = (id) => Object.keys(FIRST_PATH).find((name) => FIRST_PATH[name].some((re) => re.test(id)));

/**
 * The UI chunk keeps the consent modules it shares with the OpenPA entry (the OpenPA chunk imports
 * them from it): made entries of their own, they would be a third file. The config check stays a
 * chunk of its own (fetched only for a config with problems), which rollup would otherwise fold in.
 */
const CONSENT_UI = /[\\/]consent[\\/](ui[\\/]index|is-object|rules|cookies|record)\.ts$/;
const manualChunks = (id) =>
  firstPathChunks(id) ?? (CONSENT_UI.test(id) ? 'consent-ui' : /[\\/]consent[\\/]check\.ts$/.test(id) ? 'check' : undefined);

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): every function of the
 * file is compiled while the file streams in, off the main thread, instead of at its first call on
 * it. Nearly all of piazza's code runs soon after its file arrives (a chunk is fetched when it is
 * about to run), and the first results waited for those first calls' compiles: 20 interleaved pairs
 * each, twice, first results 420 → 392 and 437 → 416 ms median, answer → results 105 → 74 and
 * 110 → 74 ms (BENCHMARKS.md, issue 31). Not on the configurator (an admin's tool, most of it idle).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const shared = () => [
  alias({
    entries: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
    ],
  }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'], dedupe: ['preact'] }),
  commonjs(),
  replace({
    preventAssignment: true,
    values: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      'import.meta.env.MODE': JSON.stringify('production'),
      'import.meta.env': JSON.stringify({ MODE: 'production' }),
      __PIAZZA_VERSION__: JSON.stringify(pkg.version),
    },
  }),
  cssString(),
  esbuild({ jsx: 'automatic', jsxImportSource: 'preact', target: 'es2020', exclude: /node_modules/ }),
  minify && terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: /^# allFunctionsCalledOnLoad$/ } }),
];

const onwarn = (warning, warn) => {
  // moment ships `this` at top level and circular imports that are harmless.
  if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'CIRCULAR_DEPENDENCY') return;
  warn(warning);
};

const only = process.env.PIAZZA_ENTRIES?.split(',').map((s) => s.trim()).filter(Boolean);

export default [
  {
    input: lazyEntries(),
    preserveEntrySignatures: 'allow-extension',
    onwarn,
    // Chunks of earlier builds go first: hashed names pile up otherwise, and a test that counts
    // the chunks holding a library would count stale copies.
    plugins: [{ name: 'clean-chunks', buildStart: () => rmSync(join(dist, 'chunks'), { recursive: true, force: true }) }, ...shared(), writeManifest()],
    output: {
      dir: join(dist, 'chunks'),
      format: 'es',
      entryFileNames: '[name]-[hash].js',
      // A lazy listing tab is named after its folder: agenda-[hash].js for blocks/listing/agenda/index.tsx,
      // results-agenda-[hash].js for its controller, agenda/agenda.controller.ts (not index-… and
      // agenda.controller-…; results-<tab> is the name the size budgets and the bench know).
      // A chunk the tab's view and controller share, of that tab's modules only, is [name]-<tab>
      // (i18n-agenda, not a second i18n beside the runtime's): one name, one chunk, as the size
      // budgets count them (scripts/budgets.mjs).
      chunkFileNames: (chunk) => {
        const tab = /[\\/]blocks[\\/]listing[\\/]([a-z-]+)[\\/](index\.tsx?|([a-z-]+)\.controller\.ts)$/.exec(chunk.facadeModuleId || '');
        if (tab) return (tab[3] ? 'results-' + tab[1] : tab[1]) + '-[hash].js';
        const folder = chunk.facadeModuleId ? null : folderOf(chunk, /[\\/]blocks[\\/]listing[\\/]([a-z-]+)[\\/]/);
        const shared = folder && existsSync(join('blocks/listing', folder, 'index.tsx')) ? folder : null; // a lazy tab's folder
        return '[name]' + (shared ? '-' + shared : '') + '-[hash].js';
      },
      manualChunks,
      sourcemap: true,
      banner: COMPILE_HINT,
    },
  },
  {
    input: { manifest: 'runtime/manifest.ts' },
    onwarn,
    plugins: [
      readFiles(),
      ...shared(),
      { name: 'manifest-name', generateBundle: (_o, bundle) => { manifestFile = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry).fileName; } },
    ],
    output: { dir: join(dist, 'chunks'), format: 'es', entryFileNames: '[name]-[hash].js', sourcemap: true, banner: COMPILE_HINT },
  },
  {
    input: 'piazza.ts',
    onwarn,
    plugins: [readManifestName(), ...shared()],
    output: { file: join(dist, 'piazza.js'), format: 'iife', sourcemap: true, strict: true, banner: COMPILE_HINT },
  },
  ...(only && !only.includes('configurator') ? [] : [{
    input: { configurator: 'configurator/index.tsx' },
    onwarn,
    plugins: [
      { name: 'clean-configurator', buildStart: () => rmSync(join(dist, 'configurator'), { recursive: true, force: true }) },
      // @rjsf/core renders descriptions with markdown-to-jsx (25 KB) when asked to; the configurator
      // asks, and its own renderer (inline `code` only: all the schemas use) takes the library's place.
      alias({ entries: [{ find: /^markdown-to-jsx(\/react)?$/, replacement: join(root, 'configurator/markdown.tsx') }] }),
      jsonModule(),
      ...shared(),
    ],
    output: {
      dir: join(dist, 'configurator'),
      format: 'es',
      entryFileNames: '[name].js',
      // a block's eZ mapping is openpa-listing, openpa-datatable: not two more openpa chunks beside the runtime's
      chunkFileNames: (chunk) => '[name]' + ((b) => (b ? '-' + b : ''))(folderOf(chunk, /[\\/]blocks[\\/]([a-z0-9]+)[\\/]/)) + '-[hash].js',
      sourcemap: true,
    },
  }]),
];
