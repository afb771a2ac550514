// Every template of the theme that runs a jQuery plugin piazza replaces, accounted for: generated
// from the theme's files (../shared/real/ez: openpa_bootstrapitalia, every design), each must be a
// row of docs/openpa.md's "Pages that run the jQuery plugins" table, which says either which piazza
// override renders it (then override.ini.append.php routes it there and the file exists) or that the
// page keeps jQuery and which packs it needs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extension, realEz, root, theme } from './ez';

/** The plugins piazza's blocks replace (jquery.opendata_remote_gui.js, jquery.opendataDataTable.js, the search view). */
const PLUGINS = /\bremoteContentsGui\b|\bopendataDataTable\b|\bopendataSearchView\b/;

function templates(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? templates(p) : p.endsWith('.tpl') ? [p] : [];
  });
}

/** The guide's table: `| design/…/file.tpl | plugin | what piazza does |`. */
function guideRows(): Map<string, string> {
  const doc = readFileSync(join(root, 'docs/openpa.md'), 'utf8');
  const section = doc.split('### Pages that run the jQuery plugins')[1]?.split('\n## ')[0] || '';
  const rows = new Map<string, string>();
  for (const m of section.matchAll(/^\| `(design\/[^`]+\.tpl)` \| ([^|]+) \| (.+) \|$/gm)) rows.set(m[1], m[3]);
  return rows;
}

describe.skipIf(realEz.skip)("inventory of the theme's jQuery-plugin pages", () => {
  const found = templates(theme)
    .filter((f) => PLUGINS.test(readFileSync(f, 'utf8')))
    .map((f) => relative(join(theme, '..'), f))
    .sort();
  const rows = guideRows();
  const overrideIni = readFileSync(join(extension, 'settings/override.ini.append.php'), 'utf8');

  it('finds the pages the issue names (the grep works)', () => {
    for (const page of [
      'design/bootstrapitalia2/templates/openpa/full/parts/amministrazione_trasparente/children_table_fields.tpl',
      'design/bootstrapitalia2/override/templates/block/opendata_remote_gui_horizontal.tpl',
      'design/bootstrapitalia2110/templates/dashboard/all_latest_content.tpl',
    ]) {
      expect(found).toContain(page);
    }
  });

  it('lists no page the guide does not name', () => {
    expect(found.filter((f) => !rows.has(f))).toEqual([]);
  });

  it('names no page that is not in the theme', () => {
    expect([...rows.keys()].filter((f) => !found.includes(f))).toEqual([]);
  });

  it('says, for each page, the override that renders it or the packs it keeps', () => {
    for (const [page, what] of rows) {
      const override = /override `([^`]+\.tpl)`/.exec(what)?.[1];
      if (override) {
        // piazza's template exists and override.ini sends the page there
        expect(existsSync(join(extension, 'design/piazza/override/templates', override)), page + ' → ' + override).toBe(true);
        expect(overrideIni, page).toContain('MatchFile=' + override);
      } else {
        expect(what, page).toMatch(/keeps jQuery.*`[^`]+\.js`/);
      }
    }
  });
});
