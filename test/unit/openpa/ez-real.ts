// The real eZ Publish template engine (../shared/real/ez-render/render.php) rendering the theme's
// templates and the piazza extension's, on either theme, as a portal with these Seo settings.
// The portal's settings live in its database; a portal keeps them, warm, in cache files, and the
// engine reads those first (OpenPAINI::getSeoData, eZUser's user-info cache, the theme identifier):
// each render gets a throw-away cache folder holding them (the extension's site.ini sets
// FileSettings.CacheDir there), so the real code runs without a database. Every render is fresh:
// compiled templates live in that folder too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { real, realMissing } from '../../real';

export const EXTENSION = resolve(import.meta.dirname, '../../../integrations/openpa/extension/piazza');
export type Theme = 'bootstrapitalia2' | 'bootstrapitalia2110';

/** OpenPA's Seo settings (openpaini('Seo', …)): the theme's defaults (OpenPAINI::getEmptySeoData) and a portal's trackers. */
export interface Seo {
  CookieConsentMultimedia: 'enabled' | 'disabled';
  CookieConsentMultimediaText: string;
  googleAnalyticsAccountID: string;
  googleTagManagerID: string;
  webAnalyticsItaliaID: string;
  GoogleCookieless: 'enabled' | 'disabled';
  WebAnalyticsItaliaCookieless: 'enabled' | 'disabled';
}
export const PORTAL_SEO: Seo = {
  CookieConsentMultimedia: 'enabled', CookieConsentMultimediaText: 'YouTube, Vimeo, Slideshare',
  googleAnalyticsAccountID: 'G-PIAZZA01', googleTagManagerID: '', webAnalyticsItaliaID: '42',
  GoogleCookieless: 'disabled', WebAnalyticsItaliaCookieless: 'disabled',
};

/** Why the real engine cannot run here, or null. */
export function ezMissing(): string | null {
  const why = realMissing('ez-render/render.php', 'ez/extension/openpa_bootstrapitalia');
  if (why) return why;
  try { execFileSync('php', ['-r', 'exit(extension_loaded("mbstring") && class_exists("DOMDocument") ? 0 : 1);'], { stdio: 'ignore' }); } catch {
    return 'needs php-cli with php-xml and php-mbstring (apt-get install php-cli php-xml php-intl php-mbstring)';
  }
  return null;
}

const SPLIT = '<!--piazza-ez-split-->';
const php = (s: string) => "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";

export interface RenderOptions {
  theme: Theme;
  /** With the piazza extension in the design list and its settings (default); false: the theme as it ships. */
  piazza?: boolean;
  seo?: Partial<Seo>;
  /** Template variables (render.php --var), e.g. what the pagelayout defines. */
  vars?: Record<string, unknown>;
}

/**
 * `templates` (design: URIs) rendered with the real engine, each included from a wrapper as the
 * pagelayout includes them (so the override rules apply as on a portal); their HTML in order.
 */
export function renderTemplates(templates: string[], { theme, piazza = true, seo = {}, vars = {} }: RenderOptions): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-ez-'));
  try {
    const cache = join(dir, 'cache');
    mkdirSync(join(cache, 'openpa/pagedata'), { recursive: true });
    mkdirSync(join(cache, 'user-info/1/0'), { recursive: true });
    const settings = { ...{ googleTagManagerID: '', enableRobots: 'disabled', googleSiteVerificationID: '', robotsText: '', metaAuthor: false, metaCopyright: false, metaDescription: false, metaKeywords: false, webAnalyticsItaliaSiteID: '' }, ...PORTAL_SEO, ...seo };
    writeFileSync(join(cache, 'openpa/seo.cache'), `<?php return json_decode(${php(JSON.stringify(settings))}, true);`);
    writeFileSync(join(cache, 'openpa/pagedata/theme_identifier.cache'), "<?php return 'default';");
    // The anonymous visitor (user 10), as eZUser caches it; newer than any expiry the run sets.
    const user = join(cache, 'user-info/1/0/user-data-10.cache.php');
    writeFileSync(user, `<?php return array('info' => array(10 => array('contentobject_id' => 10, 'login' => 'anonymous', 'email' => 'anonymous@example.org', 'is_enabled' => true, 'password_hash' => '', 'password_hash_type' => 2)), 'groups' => array(42), 'roles' => array(), 'role_limitations' => array(), 'access_array' => array(), 'discount_rules' => array());`);
    const future = new Date('2099-01-01');
    utimesSync(user, future, future);
    // The extension: piazza's design and settings, or (as the theme ships) nothing but the cache folder.
    const ext = join(dir, 'piazza');
    mkdirSync(join(ext, 'settings'), { recursive: true });
    if (piazza) {
      symlinkSync(join(EXTENSION, 'design'), join(ext, 'design'));
      for (const f of readdirSync(join(EXTENSION, 'settings'))) symlinkSync(join(EXTENSION, 'settings', f), join(ext, 'settings', f));
    } else mkdirSync(join(ext, 'design'));
    writeFileSync(join(ext, 'settings/site.ini.append.php'), `<?php /* #?ini charset="utf-8"?\n[FileSettings]\nCacheDir=${cache}\n*/ ?>\n`);
    const wrapper = join(dir, 'page.tpl');
    writeFileSync(wrapper, templates.map((t) => `{include uri='${t}'}`).join(SPLIT));
    const additional = [...(piazza ? ['piazza'] : []), ...(theme === 'bootstrapitalia2110' ? ['bootstrapitalia2'] : []), 'bootstrapitalia'];
    const args = [real('ez-render/render.php'), '--piazza', ext, '--site-design', theme, '--additional', additional.join(','), '--quiet'];
    for (const [k, v] of Object.entries(vars)) args.push('--var', k + '=' + JSON.stringify(v));
    const html = execFileSync('php', [...args, wrapper], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
    return html.split(SPLIT);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const renderTemplate = (template: string, options: RenderOptions): string => renderTemplates([template], options)[0];
