// Which files a page with piazza's blocks preloads (<link rel="modulepreload">), from a build's
// dist/: the one computation for the OpenPA templates (through piazza.ini [Preload], written by the
// CLI below) and for anyone who writes the same links by hand, e.g. the benchmark's page.
//
//   import { pagePreloads } from './scripts/preloads.mjs';
//   pagePreloads('dist', ['listing'])  → ['chunks/manifest-….js', 'chunks/listing-openpa-….js', …]
//
// CLI (at each release, on the portal's copy of the extension):
//   node scripts/preloads.mjs --dist release/piazza-X/dist --ini extension/piazza/settings/piazza.ini.append.php
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The build's entries (dist/chunks/manifest.json: entry → [its file, …the files it imports]) and its manifest module. */
export function readBuild(dist) {
  const entries = JSON.parse(readFileSync(join(dist, 'chunks/manifest.json'), 'utf8'));
  const manifest = readdirSync(join(dist, 'chunks')).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (manifest.length !== 1) throw new Error(`${dist}/chunks: expected one manifest-*.js, found ${manifest.length}`);
  return { entries, manifest: 'chunks/' + manifest[0] };
}

/**
 * The files, relative to dist/, that a page preloads: the manifest module piazza.js fetches first,
 * then for each block type its mapping of the eZ form (`<type>-openpa`, with `ezForm`), its early
 * chunk and its code, each with the files it imports — what piazza would otherwise ask for only
 * once piazza.js and the manifest have run. In order, each file once.
 */
export function pagePreloads(dist, blockTypes = [], { ezForm = true } = {}) {
  const { entries, manifest } = readBuild(dist);
  const out = [manifest];
  for (const type of blockTypes) {
    for (const entry of [...(ezForm ? [type + '-openpa'] : []), type + '-early', type]) {
      for (const file of entries[entry] || []) out.push('chunks/' + file);
    }
  }
  return [...new Set(out)];
}

/** piazza.ini's [Preload] lines: `manifest[]` and, for each entry, `<entry>[]` (read by preload.tpl). */
export function preloadIni(dist) {
  const { entries, manifest } = readBuild(dist);
  const lines = ['manifest[]', 'manifest[]=' + manifest];
  for (const [entry, files] of Object.entries(entries)) {
    lines.push(entry + '[]', ...files.map((f) => entry + '[]=chunks/' + f));
  }
  return lines.join('\n');
}

/** The ini text with the lines between `# @preloads-begin` and `# @preloads-end` replaced. */
export function withPreloads(ini, lines) {
  const re = /(# @preloads-begin\n)[\s\S]*?(# @preloads-end)/;
  if (!re.test(ini)) throw new Error('no "# @preloads-begin" … "# @preloads-end" in the ini ([Preload] of piazza.ini.append.php)');
  return ini.replace(re, (_, begin, end) => begin + lines + '\n' + end);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] || '')).href) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dist = opt('--dist') || 'dist';
  const ini = opt('--ini');
  if (!ini) {
    console.log(preloadIni(dist));
  } else {
    writeFileSync(ini, withPreloads(readFileSync(ini, 'utf8'), preloadIni(dist)));
    console.log(`${ini}: [Preload] written from ${dist}/chunks/manifest.json`);
  }
}
