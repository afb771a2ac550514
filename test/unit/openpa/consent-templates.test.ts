// The eZ extension's consent templates, rendered by the real eZ engine (ez.ts) on both themes
// the portals run. What is proven here:
// - its override rules win on a real design list, SiteDesign (bootstrapitalia2 / 2110, which have
//   their own copies) first: orestbida's banner is gone, the trackers are held tags;
// - piazza/consent.tpl prints, where the theme would show its banner, a config piazza.js accepts
//   whole, with the theme's categories and the theme's own (Italian) texts;
// - its page_footer_script.tpl prints what the theme's prints, trackers held.
import { describe, expect, it } from 'vitest';
import { checkConsentConfig } from '../../../consent/config';
import { PORTAL_SEO, portalDesign, realEz, renderEzParts, type Seo, type Theme } from './ez';

const THEMES: Theme[] = ['bootstrapitalia2', 'bootstrapitalia2110'];
const FOOTER = ['design:footer/advanced_cookie_consent.tpl', 'design:page_footer_script.tpl', 'design:page_head_google_tag_manager.tpl'];
const LOADER = '<script src="/var/cache/public/javascript/footer-pack.js"></script>'; // the pagelayout's $footer_script_loader
const vars = { footer_script_loader: LOADER };

interface Options {
  theme: Theme;
  piazza?: boolean;
  seo?: Partial<Seo>;
  vars?: Record<string, unknown>;
}
/** `templates` on a portal on `theme` with Google Analytics and Web Analytics Italia (and `seo`), with the extension or without. */
const renderTemplates = (templates: string[], { theme, piazza = true, seo = {}, vars = {} }: Options) =>
  renderEzParts(templates, { ...portalDesign(theme, piazza), seo: { ...PORTAL_SEO, ...seo }, vars });
const renderTemplate = (template: string, options: Options) => renderTemplates([template], options)[0];

/** The config piazza/consent.tpl printed, or null. */
function consentOf(html: string): Record<string, any> | null {
  const m = html.match(/<script type="application\/json" id="piazza-consent">([\s\S]*?)<\/script>/);
  return m ? JSON.parse(m[1]) : null;
}
/** The texts the theme gives orestbida: `var CookieConsentSettings = {…}` of its banner template. */
function themeTexts(options: Options): Record<string, any> {
  const html = renderTemplate('design:footer/advanced_cookie_consent.tpl', { ...options, piazza: false });
  return JSON.parse(html.match(/var CookieConsentSettings = (\{.*\})\n/)![1]);
}
const scripts = (html: string) => html.match(/<script\b[^>]*>/g) || [];

describe.skipIf(realEz.skip)('the consent templates of the eZ extension, by the real engine', () => {
  describe.each(THEMES)('on %s', (theme) => {
    it("the extension's overrides win over the theme's own templates: no orestbida, trackers held", () => {
      const [banner, footer, gtm] = renderTemplates(FOOTER, { theme, vars, seo: { googleTagManagerID: 'GTM-PIAZZA' } });
      expect(banner).not.toMatch(/cookieconsent\.umd\.js|CookieConsent\.run|<script|<style/);
      expect(scripts(footer)).toEqual([
        `<script src="/design/${theme}/javascript/bootstrap-italia.bundle.min.js">`,
        '<script>',
        '<script src="/var/cache/public/javascript/footer-pack.js">',
        '<script type="text/plain" data-consent="google" async src="https://www.googletagmanager.com/gtag/js?id=G-PIAZZA01">',
        '<script type="text/plain" data-consent="google">',
        '<script type="text/plain" data-consent="matomo">',
      ]);
      expect(scripts(gtm)).toEqual(['<script type="text/plain" data-consent="gtm">']);
      // The same design list without the extension: the theme's banner and its live trackers.
      const [themeBanner, themeFooter, themeGtm] = renderTemplates(FOOTER, {
        theme,
        vars,
        piazza: false,
        seo: { googleTagManagerID: 'GTM-PIAZZA' },
      });
      expect(themeBanner).toMatch(/cookieconsent\.umd\.js[\s\S]*CookieConsent\.run\(/);
      expect(scripts(themeFooter)).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-PIAZZA01">');
      expect(scripts(themeGtm)).toEqual(['<script>']);
    });

    it("piazza's config, where the theme shows its banner: valid, the theme's categories, its texts in Italian", () => {
      const config = consentOf(renderTemplate('design:piazza/consent.tpl', { theme }))!;
      expect(checkConsentConfig(config)).toEqual([]);
      const theirs = themeTexts({ theme });
      const lang = config.language.current;
      const t = config.language.locale[lang];
      expect(lang).toBe('it');
      expect(t).toMatchObject({
        barLabel: theirs.barMainTitle,
        barMainText: theirs.barMainText,
        barBtnAcceptAll: theirs.barBtnAcceptAll,
        barBtnRefuseAll: theirs.barBtnAcceptNecessary,
        barLinkSetting: theirs.barLinkSetting,
        modalMainTitle: theirs.modalMainTitle,
        modalMainText: theirs.modalMainText,
        modalBtnSave: theirs.modalBtnSave,
        modalBtnAcceptAll: theirs.modalBtnAcceptAll,
        modalBtnRefuseAll: theirs.modalBtnAcceptNecessary,
        closeAriaLabel: theirs.close,
        alwaysOn: theirs.necessary.badge,
      });
      expect(t.barBtnAcceptAll).toBe('Accetta tutti i cookie'); // the theme's Italian translation, not an English source string
      // orestbida's categories of the theme's banner: necessary (readOnly), analytics, marketing with the service multimedia.
      const run = renderTemplate('design:footer/advanced_cookie_consent.tpl', { theme, piazza: false });
      expect(run).toMatch(/necessary: \{\s*readOnly: true[\s\S]*analytics: \{\},\s*marketing: \{\s*services: \{\s*multimedia: \{/);
      expect(Object.keys(config.categories)).toEqual(['necessary', 'analytics', 'marketing']);
      expect(config.categories.necessary.needed).toBe(true);
      expect(config.categories.marketing.language.locale[lang]).toEqual(theirs.multimedia);
      expect(config.services.multimedia).toMatchObject({ category: 'marketing' });
      expect(config).toMatchObject({ multimedia: 'multimedia', carryOver: { cookie: 'cc_cookie' } });
      // One service per tracker configured, named as the held tags name them.
      expect(config.services.google).toMatchObject({ category: 'analytics', type: 'script-tag' });
      expect(config.services.matomo).toMatchObject({ category: 'analytics', type: 'script-tag' });
      expect(config.services.gtm).toBeUndefined();
    });

    it('without the banner (CookieConsentMultimedia disabled) there is no config, and the trackers stay as the theme prints them', () => {
      const seo = { CookieConsentMultimedia: 'disabled' as const, googleAnalyticsAccountID: 'G-PIAZZA01' };
      const [printed, banner, footer] = renderTemplates(['design:piazza/consent.tpl', FOOTER[0], FOOTER[1]], { theme, vars, seo });
      expect(consentOf(printed)).toBeNull();
      expect(renderTemplate(FOOTER[0], { theme, seo, piazza: false }).trim()).toBe(''); // the theme shows no banner either
      expect(banner.trim()).not.toMatch(/<script/);
      expect(scripts(footer)).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-PIAZZA01">');
    });

    it('no tracker configured: no tracker service', () => {
      const config = consentOf(
        renderTemplate('design:piazza/consent.tpl', { theme, seo: { googleAnalyticsAccountID: '', webAnalyticsItaliaID: '' } }),
      )!;
      expect(Object.keys(config.services)).toEqual(['multimedia']);
    });

    it("page_footer_script.tpl prints what the theme's prints, its trackers held", () => {
      const seo = {
        googleTagManagerID: 'GTM-PIAZZA',
        GoogleCookieless: 'enabled' as const,
        WebAnalyticsItaliaCookieless: 'enabled' as const,
      };
      const ours = renderTemplate('design:page_footer_script.tpl', { theme, vars, seo });
      const theirs = renderTemplate('design:page_footer_script.tpl', { theme, vars, seo, piazza: false });
      const released = ours
        .replace('<script type="text/plain" data-consent="matomo">', '<script type="text/javascript">')
        .replaceAll(' type="text/plain" data-consent="google"', '');
      const words = (html: string) => html.replace(/\s+/g, ' ').trim();
      expect(words(released)).toBe(words(theirs));
      expect(ours).toContain("client_storage: 'none'");
    });
  });
});
