// The REAL eZ Publish legacy template engine, with the theme and piazza's extension, as the
// OpenPA tests run it: ../shared/real/ez-render/render.php (compiled templates, as production).
// Where ../shared/real is absent (a user's clone) the tests that need it are skipped, with one line
// saying why (`realEz.skip`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
export const real = resolve(root, '../shared/real');
const renderPhp = join(real, 'ez-render/render.php');
export const extension = join(root, 'integrations/openpa/extension/piazza');
/** The theme's templates (openpa_bootstrapitalia at the commit of ../shared/real/ez/REVISIONS). */
export const theme = join(real, 'ez/extension/openpa_bootstrapitalia/design');

const php = spawnSync('php', ['-r', 'foreach (["dom", "intl", "mbstring"] as $m) if (!extension_loaded($m)) exit(1);'], { encoding: 'utf8' });
/** Why the real-engine tests cannot run here, or '' when they can. */
export const missing = !existsSync(renderPhp) ? '../shared/real (the upstream test oracles) is not beside this clone'
  : php.status !== 0 ? 'php-cli with the xml, intl and mbstring modules is not installed (scripts/ensure-php.sh installs it)'
  : '';
if (missing) {
  // one line for the whole run, not one per test file (each runs in its own worker of one parent)
  const marker = join(tmpdir(), 'piazza-openpa-skip-' + process.ppid);
  try {
    writeFileSync(marker, '', { flag: 'wx' }); // only the first worker creates it
    console.warn('[openpa tests] skipped: ' + missing);
  } catch { /* said already */ }
}
export const realEz = { skip: !!missing };

/**
 * piazza's extension as the tests load it: its design and settings as they are, plus test-only
 * stand-ins (ez-standins/) for the two tag-tree operators that need eZ Tags and a database, so
 * that `Label:field:tree` facets render on both sides.
 */
function extensionWithStandins(piazza = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-ez-'));
  // without piazza: the stand-ins alone, in an extension with an empty design
  if (piazza) symlinkSync(join(extension, 'design'), join(dir, 'design'));
  else mkdirSync(join(dir, 'design'));
  mkdirSync(join(dir, 'settings'));
  if (piazza) for (const f of readdirSync(join(extension, 'settings'))) symlinkSync(join(extension, 'settings', f), join(dir, 'settings', f));
  writeFileSync(join(dir, 'settings/site.ini.append.php'), '<?php /* #?ini charset="utf-8"?\n[TemplateSettings]\nExtensionAutoloadPath[]=piazza\n*/ ?>\n');
  mkdirSync(join(dir, 'autoloads'));
  symlinkSync(join(import.meta.dirname, 'ez-standins/eztemplateautoload.php'), join(dir, 'autoloads/eztemplateautoload.php'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
let withStandins: string | null = null;
let standinsOnly: string | null = null;

export interface EzBlock {
  id: string;
  name?: string;
  type: string;
  view: string;
  custom_attributes: Record<string, string>;
}

export interface RenderOptions {
  /** SiteDesign (default bootstrapitalia2). */
  siteDesign?: string;
  /** AdditionalSiteDesignList (default piazza,bootstrapitalia). */
  additional?: string[];
  /** Leave piazza's templates and settings out (the theme alone, with the test stand-ins). */
  noPiazza?: boolean;
  /** Another copy of piazza's extension (e.g. with piazza.js installed), instead of this repository's. */
  piazza?: string;
  block?: EzBlock;
  vars?: Record<string, unknown>;
}

/** Renders a template file, a `design:` URI, or (no template) the block as eZ Flow does (override.ini). */
export function renderEz(template: string | null, o: RenderOptions = {}): { html: string; log: string; status: number | null } {
  const ext = o.piazza ?? (o.noPiazza ? (standinsOnly ??= extensionWithStandins(false)) : (withStandins ??= extensionWithStandins()));
  const args = [renderPhp, '--site-design', o.siteDesign || 'bootstrapitalia2', '--additional', (o.additional || ['piazza', 'bootstrapitalia']).join(','), '--piazza', ext];
  if (o.block) args.push('--block', JSON.stringify(o.block));
  for (const [k, v] of Object.entries(o.vars || {})) args.push('--var', k + '=' + JSON.stringify(v));
  args.push(...(template === null ? ['--block-view'] : [template]));
  const run = spawnSync('php', args, { encoding: 'utf8', cwd: root });
  return { html: run.stdout, log: run.stderr, status: run.status };
}

/** Template errors of a render's log (the engine's, not PHP 8 deprecations of PHP 7 code). */
export const templateErrors = (log: string) => log.split('\n').filter((l) => /template error|FAILED/.test(l));
