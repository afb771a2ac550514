// Writes piazza's override of the portal's pagelayout.tpl, at install time, from the portal's own
// (the theme's files stay the theme's: nothing of them is kept in this repository):
//   1. `{include uri='design:piazza/head.tpl'}` as the first line of <head>, so piazza.js runs before
//      any other script of the page (preload.tpl, page_head_script.tpl, trackers…);
//   2. the footer pack of anonymous visitors (`$footer_script_loader = ezscript_load(array(…))`)
//      without the files piazza replaces on every page (REPLACED below);
//   3. the override group that makes eZ use it (settings/override.ini.append.php, between
//      `# @pagelayout-begin` and `# @pagelayout-end`).
// Run it again after each theme update:
//   node scripts/openpa-pagelayout.mjs --pagelayout extension/openpa_bootstrapitalia/design/bootstrapitalia2110/templates/pagelayout.tpl \
//        --extension extension/piazza
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What piazza replaces for every page: the shared-link, gallery and stacked-table helpers, and the
 * brainsum consent of bootstrapitalia2110's pack (piazza's consent keeps its API and cookie).
 * The data-table and jsrender files stay: pages of the theme that keep jQuery call them
 * (docs/openpa.md, "Pages that run the jQuery plugins").
 */
export const REPLACED = ['jquery.sharedlink.js', 'jquery.blueimp-gallery.min.js', 'stacktable.js', 'cookieconsent/cookieconsent.min.js'];

export const TEMPLATE = 'piazza_pagelayout.tpl';

/** The portal's pagelayout.tpl → piazza's; throws, naming what it did not find, on a layout it cannot read. */
export function piazzaPagelayout(source, from = 'pagelayout.tpl') {
  const head = /<head>[ \t]*\n/;
  if (!head.test(source)) throw new Error(`${from}: no <head> line`);
  if (source.includes('design:piazza/head.tpl'))
    throw new Error(`${from}: already includes piazza/head.tpl (give the theme's pagelayout.tpl)`);
  let out = source.replace(head, (m) => m + "    {include uri='design:piazza/head.tpl'}{* piazza.js first: docs/openpa.md, step 4 *}\n");
  const loader = /(\$footer_script_loader\s*=\s*ezscript_load\(\s*array\()([\s\S]*?)(\)\s*\))/;
  const m = loader.exec(out);
  if (!m) throw new Error(`${from}: no $footer_script_loader = ezscript_load(array(…))`);
  const removed = [];
  const kept = m[2]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .filter((entry) => {
      const name = entry.replace(/^'|'$/g, '');
      if (REPLACED.includes(name)) {
        removed.push(name);
        return false;
      }
      return true;
    });
  out = out.replace(loader, (_, a, __, c) => a + '\n        ' + kept.join(',\n        ') + '\n    ' + c);
  const note = `{* piazza: written by scripts/openpa-pagelayout.mjs from ${from}: piazza/head.tpl first in <head>,\n   the footer pack without ${removed.join(', ') || 'nothing'} (piazza replaces them). Do not edit: run it again. *}\n`;
  return { template: note + out, removed };
}

/** The override group that points eZ's pagelayout.tpl at piazza's. */
export const pagelayoutGroup = `[piazza_pagelayout]\nSource=pagelayout.tpl\nMatchFile=${TEMPLATE}\nSubdir=templates`;

export function withPagelayoutGroup(ini, group = pagelayoutGroup) {
  const re = /(# @pagelayout-begin\n)[\s\S]*?(# @pagelayout-end)/;
  if (!re.test(ini)) throw new Error('no "# @pagelayout-begin" … "# @pagelayout-end" in override.ini.append.php');
  return ini.replace(re, (_, begin, end) => begin + group + '\n' + end);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] || '')).href) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const source = opt('--pagelayout');
  const extension = opt('--extension') || 'integrations/openpa/extension/piazza';
  if (!source) {
    console.error('usage: node scripts/openpa-pagelayout.mjs --pagelayout <theme pagelayout.tpl> [--extension <extension/piazza>]');
    process.exit(2);
  }
  try {
    const { template, removed } = piazzaPagelayout(readFileSync(source, 'utf8'), source);
    writeFileSync(join(extension, 'design/piazza/override/templates', TEMPLATE), template);
    const ini = join(extension, 'settings/override.ini.append.php');
    writeFileSync(ini, withPagelayoutGroup(readFileSync(ini, 'utf8')));
    console.log(
      `${extension}: ${TEMPLATE} written (piazza/head.tpl first; removed from the footer pack: ${removed.join(', ') || 'nothing'}), [piazza_pagelayout] in settings/override.ini.append.php`,
    );
  } catch (e) {
    console.error(String(e.message || e));
    process.exit(1);
  }
}
