// Rich-text tables piazza stacks (responsive-stack|card|column, the classes the theme offers the
// editor), by the real eZ engine (../shared/real): piazza's override prints the table exactly as the
// theme's ezxmltags/table.tpl does, with the stacked tables' helper preloaded before it once a release
// fills piazza.ini [Preload], so that its chunk downloads while the page parses (issue 31, CLS).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module of scripts/
import { preloadIni, withPreloads } from '../../../scripts/preloads.mjs';
import { extension, realEz, renderEz, renderEzParts, templateErrors, theme } from './ez';

const tmp = mkdtempSync(join(tmpdir(), 'piazza-stacktable-tpl-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ours = join(extension, 'design/piazza/override/templates/piazza_table_stacked.tpl');
const themeTable = (design: string) => join(theme, design, 'templates/content/datatype/view/ezxmltags/table.tpl');
/** The markup without the whitespace between tags (the two designs indent differently). */
const tags = (html: string) => html.replace(/>\s+</g, '><').trim();
const CLASSES = ['responsive-stack', 'responsive-card', 'responsive-column'];
/** What the XHTML output handler gives the table tag's template: its class, rows, caption… */
const vars = (classification: string) => ({
  classification,
  rows: '<tr><th>Ufficio</th><th>Telefono</th></tr><tr><td>Anagrafe</td><td>0461 000111</td></tr>',
  caption: 'Orari degli uffici',
  summary: 'Uffici & orari',
});

/** The extension as a release installs it: piazza.js, its chunks and piazza.ini [Preload] written from them. */
function installed(): string {
  const dist = join(tmp, 'dist');
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  const entries = {
    'helper-stacktable': ['helper-stacktable-SSSS.js', 'runtime-RRRR.js'],
    'helper-stacktable-hold': ['helper-stacktable-hold-HHHH.js', 'helper-stacktable-SSSS.js', 'runtime-RRRR.js'],
    listing: ['listing-AAAA.js', 'runtime-RRRR.js'],
  };
  writeFileSync(join(dist, 'chunks/manifest.json'), JSON.stringify(entries));
  for (const f of [...new Set(Object.values(entries).flat()), 'manifest-IIII.js']) writeFileSync(join(dist, 'chunks', f), '');
  writeFileSync(join(dist, 'piazza.js'), '');
  const ext = join(tmp, 'piazza');
  cpSync(extension, ext, { recursive: true });
  cpSync(dist, join(ext, 'design/piazza/javascript/piazza'), { recursive: true });
  const ini = join(ext, 'settings/piazza.ini.append.php');
  writeFileSync(
    ini,
    withPreloads(readFileSync(ini, 'utf8'), preloadIni(dist)).replace('NoncePlaceholder=', 'NoncePlaceholder=__CSP_NONCE__'),
  );
  return ext;
}

describe.skipIf(realEz.skip)('rich-text tables piazza stacks, by the real eZ engine', () => {
  it("override.ini sends the table tag of each of the three classes (its `classification` key) to piazza's template", () => {
    const ini = readFileSync(join(extension, 'settings/override.ini.append.php'), 'utf8');
    for (const c of CLASSES) {
      const group = ini.split(/^\[/m).find((g) => g.startsWith(`piazza_table_${c.replace('-', '_')}]\n`)) ?? '';
      expect(group).toContain('Source=content/datatype/view/ezxmltags/table.tpl\n');
      expect(group).toContain('MatchFile=piazza_table_stacked.tpl\n');
      expect(group).toContain(`Match[classification]=${c}\n`);
    }
  });

  for (const design of ['bootstrapitalia', 'bootstrapitalia2110'])
    it(`nothing in [Preload]: the table as the theme's ${design} template prints it (tags, attributes, text)`, () => {
      for (const c of CLASSES) {
        const theirs = renderEz(themeTable(design), { vars: vars(c) });
        const mine = renderEz(ours, { vars: vars(c) });
        expect(templateErrors(theirs.log)).toEqual([]);
        expect(templateErrors(mine.log)).toEqual([]);
        expect(theirs.html).toContain(`<table class="table ${c}" summary="Uffici &amp; orari">`);
        expect(tags(mine.html)).toBe(tags(theirs.html));
      }
    }, 30_000);

  it('a release installed: the helper and the files it imports preloaded, then the table', () => {
    const ext = installed();
    const mine = renderEz(ours, { piazza: ext, vars: vars('responsive-card') });
    const theirs = renderEz(themeTable('bootstrapitalia'), { vars: vars('responsive-card') });
    expect(templateErrors(mine.log)).toEqual([]);
    const base = '/extension/piazza/design/piazza/javascript/piazza/';
    const links = [...mine.html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1].replace(base, ''));
    expect(links).toEqual(['chunks/helper-stacktable-SSSS.js', 'chunks/runtime-RRRR.js']);
    // the links come before the table, and the table is the theme's
    expect(mine.html.indexOf('modulepreload')).toBeLessThan(mine.html.indexOf('<table'));
    expect(tags(mine.html.replace(/<link rel="modulepreload"[^>]*>/g, ''))).toBe(tags(theirs.html));
  }, 30_000);

  // The page's first paint held until the tables are stacked (helpers/stacktable-hold.ts): the table's
  // template says so through the view's persistent variable, which eZ's node view keeps in
  // $module_result.content_info (kernel/classes/eznodeviewfunctions.php: set to false before the view,
  // lines 163, read after it, 229–233, kept with the view cache's keys, 515) — the template of a
  // rich-text tag runs in that same template instance (ezxmloutputhandler.php: eZTemplate::factory(),
  // line 165; the tag's template included at 590). Here the real engine runs the table's template,
  // then piazza's head template as the pagelayout includes it.
  const TABLE =
    "{include uri='file:extension/piazza/design/piazza/override/templates/piazza_table_stacked.tpl' classification='responsive-stack' rows='<tr><td>Anagrafe</td></tr>'}";
  /** The global persistent_variable after `body`, as `keywords=…;stacked=yes|no`. */
  function persistentAfter(body: string, start: unknown): string {
    const page = join(tmp, 'page-' + Math.random().toString(36).slice(2) + '.tpl');
    writeFileSync(
      page,
      body +
        "<!--pv-->{if is_array($#persistent_variable)}keywords={if is_set($#persistent_variable.keywords)}{$#persistent_variable.keywords}{/if};stacked={if is_set($#persistent_variable.piazza_stacked_tables)}{$#persistent_variable.piazza_stacked_tables|choose('no', 'yes')}{else}no{/if}{else}not an array{/if}",
    );
    const out = renderEz(page, { vars: { persistent_variable: start } });
    expect(templateErrors(out.log)).toEqual([]);
    expect(out.status).toBe(0);
    return out.html.split('<!--pv-->')[1].trim();
  }

  it("a stacked table sets the view's persistent variable for the page head, keeping what other templates put there", () => {
    // as the node view starts it (false), after another datatype's template (ezkeyword.tpl's hash), twice on one page
    expect(persistentAfter(TABLE, false)).toBe('keywords=;stacked=yes');
    expect(persistentAfter(TABLE, { keywords: 'scuola, orari' })).toBe('keywords=scuola, orari;stacked=yes');
    expect(persistentAfter(TABLE + TABLE, { keywords: 'scuola' })).toBe('keywords=scuola;stacked=yes');
    // no table, nothing set
    expect(persistentAfter('', { keywords: 'scuola' })).toBe('keywords=scuola;stacked=no');
  }, 30_000);

  const flagged = (persistent: unknown) => ({ module_result: { content_info: { persistent_variable: persistent } } });
  const base = '/extension/piazza/design/piazza/javascript/piazza/';

  it("head.tpl on a page with a stacked table: the helper's files preloaded, then its render-holding module, after piazza.js", () => {
    const ext = installed();
    const [head] = renderEzParts(['design:piazza/head.tpl'], { piazza: ext, vars: flagged({ piazza_stacked_tables: true }) });
    const hold = `<script type="module" blocking="render" src="${base}chunks/helper-stacktable-hold-HHHH.js" nonce="__CSP_NONCE__"></script>`;
    expect(head).toContain(hold);
    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1].replace(base, ''));
    expect(preloads).toEqual(['chunks/manifest-IIII.js', 'chunks/helper-stacktable-SSSS.js', 'chunks/runtime-RRRR.js']);
    expect(head.indexOf(`${base}piazza.js`)).toBeLessThan(head.indexOf(hold));
    expect(head.indexOf('helper-stacktable-SSSS.js')).toBeLessThan(head.indexOf(hold));
  }, 30_000);

  it('head.tpl without the flag (no stacked table, another module, a view with no persistent variable) or without [Preload]: no hold', () => {
    const ext = installed();
    for (const vars of [flagged(false), flagged({ keywords: 'scuola' }), {}]) {
      const [head] = renderEzParts(['design:piazza/head.tpl'], { piazza: ext, vars });
      expect(head).toContain(`${base}piazza.js`);
      expect(head).not.toContain('blocking=');
      expect(head).not.toContain('helper-stacktable');
    }
    // a release whose [Preload] is not written (or older than this entry): the page is not held
    const [bare] = renderEzParts(['design:piazza/head.tpl'], { vars: flagged({ piazza_stacked_tables: true }) });
    expect(bare).not.toContain('blocking=');
  }, 30_000);
});
