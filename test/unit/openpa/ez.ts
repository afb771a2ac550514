// The REAL eZ Publish legacy template engine, with the theme and piazza's extension, as the
// OpenPA tests run it: ../shared/real/ez-render/render.php (compiled templates, as production).
// Where ../shared/real is absent (a user's clone) the tests that need it are skipped, with one line
// saying why (`realEz.skip`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
export const real = resolve(root, '../shared/real');
const renderPhp = join(real, 'ez-render/render.php');
export const extension = join(root, 'integrations/openpa/extension/piazza');
/** The theme's templates (openpa_bootstrapitalia at the commit of ../shared/real/ez/REVISIONS). */
export const theme = join(real, 'ez/extension/openpa_bootstrapitalia/design');

const php = spawnSync('php', ['-r', 'foreach (["dom", "intl", "mbstring"] as $m) if (!extension_loaded($m)) exit(1);'], {
  encoding: 'utf8',
});
/** Why the real-engine tests cannot run here, or '' when they can. */
export const missing = !existsSync(renderPhp)
  ? '../shared/real (the upstream test oracles) is not beside this clone'
  : php.status !== 0
    ? 'php-cli with the xml, intl and mbstring modules is not installed (scripts/ensure-php.sh installs it)'
    : '';
if (missing) {
  // one line for the whole run, not one per test file (each runs in its own worker of one parent)
  const marker = join(tmpdir(), 'piazza-openpa-skip-' + process.ppid);
  try {
    writeFileSync(marker, '', { flag: 'wx' }); // only the first worker creates it
    console.warn('[openpa tests] skipped: ' + missing);
  } catch {
    /* said already */
  }
}
export const realEz = { skip: !!missing };

/**
 * OpenPA's Seo settings (openpaini('Seo', …)). A portal keeps them in its database and, warm, in a
 * cache file the engine reads first (OpenPAINI::getSeoData, openpa classes/openpaini.php): each
 * render is given that file, so the real code runs without a database.
 */
export interface Seo {
  CookieConsentMultimedia: 'enabled' | 'disabled';
  CookieConsentMultimediaText: string;
  googleAnalyticsAccountID: string;
  googleTagManagerID: string;
  webAnalyticsItaliaID: string;
  GoogleCookieless: 'enabled' | 'disabled';
  WebAnalyticsItaliaCookieless: 'enabled' | 'disabled';
}
/** The theme's defaults (OpenPAINI::getEmptySeoData): the orestbida banner on, no tracker. */
const THEME_SEO = {
  googleAnalyticsAccountID: '',
  enableRobots: 'disabled',
  googleTagManagerID: '',
  googleSiteVerificationID: '',
  robotsText: '',
  metaAuthor: false,
  metaCopyright: false,
  metaDescription: false,
  metaKeywords: false,
  webAnalyticsItaliaID: '',
  webAnalyticsItaliaSiteID: '',
  GoogleCookieless: 'disabled',
  WebAnalyticsItaliaCookieless: 'disabled',
  CookieConsentMultimedia: 'enabled',
  CookieConsentMultimediaText: 'YouTube, Vimeo, Slideshare, Isuu, Facebook, Twitter, Linkedin, Instagram, Whatsapp',
};
/** A portal with Google Analytics and Web Analytics Italia configured (the consent tests' portal). */
export const PORTAL_SEO: Partial<Seo> = {
  CookieConsentMultimediaText: 'YouTube, Vimeo, Slideshare',
  googleAnalyticsAccountID: 'G-PIAZZA01',
  webAnalyticsItaliaID: '42',
};

const q = (s: string) => "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";

/**
 * piazza's extension as the tests load it: the design and settings of `source` (this repository's,
 * or an installed copy), none with `source` null, plus test-only stand-ins (ez-standins/) for the
 * two tag-tree operators that need eZ Tags and a database, so that `Label:field:tree` facets render
 * on both sides, and a cache folder (site.ini FileSettings.CacheDir) that each render refills.
 */
function extensionFor(source: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-ez-'));
  if (source) symlinkSync(join(source, 'design'), join(dir, 'design'));
  else mkdirSync(join(dir, 'design'));
  mkdirSync(join(dir, 'settings'));
  if (source) for (const f of readdirSync(join(source, 'settings'))) symlinkSync(join(source, 'settings', f), join(dir, 'settings', f));
  writeFileSync(
    join(dir, 'settings/site.ini.append.php'),
    `<?php /* #?ini charset="utf-8"?\n[TemplateSettings]\nExtensionAutoloadPath[]=piazza\n[FileSettings]\nCacheDir=${join(dir, 'cache')}\n*/ ?>\n`,
  );
  mkdirSync(join(dir, 'autoloads'));
  symlinkSync(join(import.meta.dirname, 'ez-standins/eztemplateautoload.php'), join(dir, 'autoloads/eztemplateautoload.php'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const extensions = new Map<string | null, string>();

/**
 * A fresh cache folder (compiled templates too, as in render.php's throw-away root), warm with what
 * the engine would otherwise ask the database: the Seo settings, the theme identifier, the
 * anonymous visitor (user 10) as eZUser caches it.
 */
function freshCache(ext: string, seo: Partial<Seo>): void {
  const cache = join(ext, 'cache');
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(join(cache, 'openpa/pagedata'), { recursive: true });
  mkdirSync(join(cache, 'user-info/1/0'), { recursive: true });
  writeFileSync(join(cache, 'openpa/seo.cache'), `<?php return json_decode(${q(JSON.stringify({ ...THEME_SEO, ...seo }))}, true);`);
  writeFileSync(join(cache, 'openpa/pagedata/theme_identifier.cache'), "<?php return 'default';");
  const user = join(cache, 'user-info/1/0/user-data-10.cache.php');
  writeFileSync(
    user,
    "<?php return array('info' => array(10 => array('contentobject_id' => 10, 'login' => 'anonymous', 'email' => 'anonymous@example.org', 'is_enabled' => true, 'password_hash' => '', 'password_hash_type' => 2)), 'groups' => array(42), 'roles' => array(), 'role_limitations' => array(), 'access_array' => array(), 'discount_rules' => array());",
  );
  const future = new Date('2099-01-01'); // newer than any expiry the run sets
  utimesSync(user, future, future);
}

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
  /** The portal's Seo settings, over the theme's defaults (banner on, no tracker). */
  seo?: Partial<Seo>;
  block?: EzBlock;
  vars?: Record<string, unknown>;
}

export interface Rendered {
  html: string;
  log: string;
  status: number | null;
}

/** Renders a template file, a `design:` URI, or (no template) the block as eZ Flow does (override.ini). */
export function renderEz(template: string | null, o: RenderOptions = {}): Rendered {
  const source = o.noPiazza ? null : (o.piazza ?? extension);
  let ext = extensions.get(source);
  if (!ext) extensions.set(source, (ext = extensionFor(source)));
  freshCache(ext, o.seo ?? {});
  const args = [
    renderPhp,
    '--site-design',
    o.siteDesign || 'bootstrapitalia2',
    '--additional',
    (o.additional || ['piazza', 'bootstrapitalia']).join(','),
    '--piazza',
    ext,
  ];
  if (o.block) args.push('--block', JSON.stringify(o.block));
  for (const [k, v] of Object.entries(o.vars || {})) args.push('--var', k + '=' + JSON.stringify(v));
  args.push(...(template === null ? ['--block-view'] : [template]));
  const run = spawnSync('php', args, { encoding: 'utf8', cwd: root, maxBuffer: 16 << 20 });
  return { html: run.stdout, log: run.stderr, status: run.status };
}

export type Theme = 'bootstrapitalia2' | 'bootstrapitalia2110';
/** A portal's design list on `theme` (2110 falls back to bootstrapitalia2's templates): with piazza installed, or as the theme ships. */
export const portalDesign = (theme: Theme, piazza = true): RenderOptions => ({
  siteDesign: theme,
  additional: [...(piazza ? ['piazza'] : []), ...(theme === 'bootstrapitalia2110' ? ['bootstrapitalia2'] : []), 'bootstrapitalia'],
  noPiazza: !piazza,
});

const SPLIT = '<!--piazza-ez-split-->';
/**
 * `templates` (design: URIs) in one render, each included from a page as the pagelayout includes
 * them (so override.ini applies as on a portal); their HTML in order. A failed render or a template
 * error throws, with the engine's log.
 */
export function renderEzParts(templates: string[], o: RenderOptions = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-ez-page-'));
  try {
    const page = join(dir, 'page.tpl');
    writeFileSync(page, templates.map((t) => `{include uri='${t}'}`).join(SPLIT));
    const out = renderEz(page, o);
    if (out.status !== 0 || templateErrors(out.log).length) throw new Error(`render of ${templates.join(', ')} failed:\n${out.log}`);
    return out.html.split(SPLIT);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Template errors of a render's log (the engine's, not PHP 8 deprecations of PHP 7 code). */
export const templateErrors = (log: string) => log.split('\n').filter((l) => /template error|FAILED/.test(l));
