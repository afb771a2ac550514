// What a portal installs, rendered by the real eZ engine (../shared/real): head.tpl with and
// without piazza.js in place, the modulepreloads of piazza.ini [Preload] (scripts/preloads.mjs),
// the pagelayout that scripts/openpa-pagelayout.mjs writes from each theme's own, and
// `npm run validate` on a page of the overrides' output (problems named by block and attribute).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module of scripts/
import { pagePreloads, preloadIni, withPreloads } from '../../../scripts/preloads.mjs';
// @ts-expect-error -- plain ES module of scripts/
import { piazzaPagelayout, REPLACED } from '../../../scripts/openpa-pagelayout.mjs';
import { extension, realEz, renderEz, root, templateErrors, theme } from './ez';

const tmp = mkdtempSync(join(tmpdir(), 'piazza-install-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A release's dist/ as the build writes it: piazza.js, the chunks and chunks/manifest.json. */
function fakeDist(): string {
  const dist = join(tmp, 'dist');
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  const entries = {
    listing: ['listing-AAAA.js', 'preact-BBBB.js', 'http-CCCC.js'],
    'listing-early': ['listing-early-DDDD.js', 'http-CCCC.js'],
    'listing-openpa': ['listing-openpa-EEEE.js'],
    datatable: ['datatable-FFFF.js', 'preact-BBBB.js', 'http-CCCC.js'],
    'datatable-openpa': ['datatable-openpa-GGGG.js'],
    messages: ['messages-HHHH.js'],
  };
  writeFileSync(join(dist, 'chunks/manifest.json'), JSON.stringify(entries));
  for (const f of [...new Set(Object.values(entries).flat()), 'manifest-IIII.js']) writeFileSync(join(dist, 'chunks', f), '');
  writeFileSync(join(dist, 'piazza.js'), '');
  return dist;
}

describe('pagePreloads (scripts/preloads.mjs)', () => {
  it("is the manifest module, then each block's mapping, early chunk and code with their imports, each file once", () => {
    const dist = fakeDist();
    expect(pagePreloads(dist, ['listing'])).toEqual([
      'chunks/manifest-IIII.js',
      'chunks/listing-openpa-EEEE.js',
      'chunks/listing-early-DDDD.js',
      'chunks/http-CCCC.js',
      'chunks/listing-AAAA.js',
      'chunks/preact-BBBB.js',
    ]);
    expect(pagePreloads(dist, ['datatable'], { ezForm: false })).toEqual([
      'chunks/manifest-IIII.js',
      'chunks/datatable-FFFF.js',
      'chunks/preact-BBBB.js',
      'chunks/http-CCCC.js',
    ]);
    expect(pagePreloads(dist)).toEqual(['chunks/manifest-IIII.js']);
  });
});

describe.skipIf(realEz.skip)('what a portal installs, by the real eZ engine', () => {
  it('head.tpl without piazza.js in place: an HTML comment and a console error naming the file, no script URL of another design', () => {
    const out = renderEz('design:piazza/head.tpl');
    expect(out.html).toContain('<!-- piazza: extension/piazza/design/piazza/javascript/piazza/piazza.js is not installed');
    expect(out.html).toMatch(
      /<script>console\.error\("\[piazza\] extension\/piazza\/design\/piazza\/javascript\/piazza\/piazza\.js is not installed/,
    );
    expect(out.html).not.toMatch(/<script src=/);
  });

  it("head.tpl with a release installed: the consent config (the theme's banner is on by default), piazza.js, then the manifest preloaded; the blocks preload their chunks", () => {
    const ext = join(tmp, 'piazza');
    cpSync(extension, ext, { recursive: true });
    const dist = fakeDist();
    cpSync(dist, join(ext, 'design/piazza/javascript/piazza'), { recursive: true });
    const ini = join(ext, 'settings/piazza.ini.append.php');
    writeFileSync(
      ini,
      withPreloads(readFileSync(ini, 'utf8'), preloadIni(dist)).replace('NoncePlaceholder=', 'NoncePlaceholder=__CSP_NONCE__'),
    );
    const head = renderEz('design:piazza/head.tpl', { piazza: ext });
    expect(templateErrors(head.log)).toEqual([]);
    const tags = head.html.match(/<(script|link)[^>]*>/g);
    expect(tags).toEqual([
      '<script type="application/json" id="piazza-consent">', // data, not run: it needs no nonce (docs/openpa.md, step 5)
      '<script src="/extension/piazza/design/piazza/javascript/piazza/piazza.js" nonce="__CSP_NONCE__">',
      '<link rel="modulepreload" href="/extension/piazza/design/piazza/javascript/piazza/chunks/manifest-IIII.js" nonce="__CSP_NONCE__">',
    ]);
    const block = renderEz(null, {
      piazza: ext,
      block: { id: 'p1', type: 'OpendataRemoteContents', view: 'datatable', custom_attributes: { query: 'classes [document]' } },
    });
    expect(templateErrors(block.log)).toEqual([]);
    const hrefs = [...block.html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) =>
      m[1].replace('/extension/piazza/design/piazza/javascript/piazza/', ''),
    );
    expect(hrefs).toEqual(['chunks/datatable-openpa-GGGG.js', 'chunks/datatable-FFFF.js', 'chunks/preact-BBBB.js', 'chunks/http-CCCC.js']);
  });

  for (const design of ['bootstrapitalia2', 'bootstrapitalia2110']) {
    it(`${design}: the pagelayout scripts/openpa-pagelayout.mjs writes has piazza/head.tpl first in <head> and a footer pack without what piazza replaces`, () => {
      const source = readFileSync(join(theme, design, 'templates/pagelayout.tpl'), 'utf8');
      const { template, removed } = piazzaPagelayout(source, design + '/templates/pagelayout.tpl');
      const head = template.split(/^<head>$/m)[1];
      expect(
        head
          .split('\n')
          .map((l: string) => l.trim())
          .filter(Boolean)[0],
      ).toMatch(/^\{include uri='design:piazza\/head\.tpl'\}/);
      const pack = /\$footer_script_loader = ezscript_load\(array\(([\s\S]*?)\)\)/.exec(template)![1];
      const themePack = /\$footer_script_loader = ezscript_load\(array\(([\s\S]*?)\)\)/.exec(source)![1];
      const names = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      expect(names(pack)).toEqual(names(themePack).filter((n) => !REPLACED.includes(n)));
      expect(removed.length).toBe(design === 'bootstrapitalia2110' ? 4 : 3); // 2110's pack also has the brainsum consent
      // the rest is the theme's, line for line
      expect(
        template
          .replace(/^\{\*[\s\S]*?\*\}\n/, '')
          .replace(/\s*\{include uri='design:piazza\/head\.tpl'\}.*\n/, '\n')
          .replace(/\s+/g, ' '),
      ).toBe(
        source
          .replace(/'(jquery\.sharedlink|jquery\.blueimp-gallery\.min|stacktable|cookieconsent\/cookieconsent\.min)\.js',?/g, '')
          .replace(/,(\s*\)\))/, '$1')
          .replace(/\s+/g, ' ')
          .replace(/ ,/g, ','),
      );
      // the real engine compiles it and runs it up to the database, as the theme's own
      const file = join(tmp, design + '-pagelayout.tpl');
      writeFileSync(file, template);
      const ours = renderEz(file);
      const theirs = renderEz(join(theme, design, 'templates/pagelayout.tpl'));
      expect(ours.log).toMatch(/FAILED: RuntimeException: Home node not found/);
      expect(ours.log.split('\n')[0]).toBe(theirs.log.split('\n')[0]);
    });
  }

  it("npm run validate reads the overrides' output: each block mapped, a bad attribute named by block and path", () => {
    const good = renderEz(null, {
      block: {
        id: 'eventi',
        type: 'OpendataRemoteContents',
        view: 'default',
        custom_attributes: {
          query: 'classes [event]',
          facets: 'Argomenti:topics:tree,Periodo:date_range:start_time:end_time',
          items_per_row: 'auto',
          limit: '6',
        },
      },
    });
    const table = renderEz(null, {
      block: {
        id: 'docs',
        type: 'OpendataRemoteContents',
        view: 'datatable',
        custom_attributes: { query: 'classes [document]', fields: '_link,name', facets: 'Tipo:document_type:20:count' },
      },
    });
    const bad = renderEz(null, {
      block: {
        id: 'rotto',
        type: 'OpendataRemoteContents',
        view: 'horizontal',
        custom_attributes: { query: 'classes [event]', items_per_row: '9', limit: 'tanti' },
      },
    });
    const page = join(tmp, 'page.html');
    writeFileSync(
      page,
      '<!doctype html><html lang="it"><head><title>t</title></head><body><main>' +
        good.html +
        table.html +
        bad.html +
        '</main></body></html>',
    );
    const run = spawnSync(process.execPath, [join(root, 'scripts/validate.mjs'), '--lang', 'en', page], { encoding: 'utf8' });
    expect(run.stdout).toContain('listing "eventi": ok');
    expect(run.stdout).toContain('datatable "docs": ok');
    expect(run.stdout).toContain('listing "rotto": /openpa/attributes/limit must be an integer');
    expect(run.stdout).toContain('listing "rotto": /openpa/attributes/items_per_row must be ≤ 6');
    expect(run.status).toBe(1);
  }, 60_000);
});
