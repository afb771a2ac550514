// An OpenPA theme portal (bootstrapitalia2110) switching from its orestbida banner to piazza,
// with the real parts: the real eZ engine's output of the theme's templates and of the extension's
// overrides (test/unit/openpa/ez.ts), the real orestbida CookieConsent 3.0.1 and the theme's
// real Bootstrap Italia 2.11 bundle (../shared/real). On Chromium, Firefox ESR and WebKitGTK:
// - a visitor chooses on orestbida's banner (accept all / necessary only / multimedia only); the
//   same page with piazza instead shows no banner and runs exactly what was chosen: the YouTube
//   video (Bootstrap Italia's VideoPlayer) and the embed revealed only when multimedia was
//   accepted, Google Analytics only with analytics; nothing requested from YouTube or Google before;
// - withdrawal through the page's data-cc="show-preferencesModal" takes them back, without a reload;
// - an embed's preview frame opens piazza's dialog through window.parent (the theme's openPref);
// - a first visit gets piazza's bar with the theme's Italian texts, the bar axe clean.
// The browsers reach only 127.0.0.1: a request to YouTube or Google is seen as attempted (the element
// that makes it, and the failed load the page probe records), never answered. Nothing of ours is stubbed.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_SEO, extension, portalDesign, real, realEz, renderEzParts, root } from '../unit/openpa/ez';
import { selectedEngines, useEngine, type Tab } from './engines';
import { expectAxe } from './expect-axe';

const THEME = 'bootstrapitalia2110';
const BUNDLE = `theme-js/${THEME}/javascript/bootstrap-italia.bundle.min.js`;
const UMD = 'consent/orestbida-v3/cookieconsent.umd.js';
const PATH = '/servizi/video-comunale';
const VIDEO = 'https://www.youtube.com/watch?v=pzzVIDEO01';
const EMBED = 'https://www.youtube.com/embed/pzzEMBED02';
const EMBED_DIMMED = 'https://www.youtube.com/embed/pzzEMBED03';
/** A URL on YouTube's or Google Tag Manager's hosts (not one of the portal's that names them in its query). */
const host = (names: string) => `(^|\\s)https?://([\\w-]+\\.)*(${names})/`;
const THIRD_PARTY = host('youtube\\.com|googletagmanager\\.com');
const YOUTUBE = host('youtube\\.com');
const GOOGLE = host('googletagmanager\\.com');
/**
 * orestbida hides from bots (`hideFromBots`, default on): it takes a browser whose navigator says
 * `webdriver` (every automated one) for a bot and shows it no banner. The theme's page, as a
 * visitor's browser sees it: this first script says it is not one.
 */
const NOT_A_BOT = "<script>Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });</script>";

const STATIC = '/extension/piazza/design/piazza/javascript/piazza/';
const tmp = mkdtempSync(join(tmpdir(), 'piazza-consent-openpa-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The extension as a portal installs it: this build's piazza.js in its design (head.tpl prints nothing without it). */
function installed(): string {
  const ext = join(tmp, 'piazza');
  cpSync(extension, ext, { recursive: true });
  mkdirSync(join(ext, 'design/piazza/javascript/piazza'), { recursive: true });
  cpSync(join(root, 'dist/piazza.js'), join(ext, 'design/piazza/javascript/piazza/piazza.js'));
  return ext;
}

/** The page a portal with GA and Matomo prints, from the real engine: the theme as it ships (orestbida), or with the extension (piazza). */
function portalPage(piazza: boolean): string {
  const parts = renderEzParts(
    [
      ...(piazza ? ['design:piazza/head.tpl'] : []),
      'design:page_head_style.tpl',
      'design:openpa/cookie.tpl',
      'design:parts/video.tpl',
      'design:content/datatype/view/ezxmltags/iframe.tpl',
      'design:page_footer_script.tpl',
      'design:footer/advanced_cookie_consent.tpl',
    ],
    {
      ...portalDesign(THEME, piazza),
      piazza: piazza ? installed() : undefined,
      seo: PORTAL_SEO,
      // What the pagelayout and the kernel give every template ($site: ezpkernelweb.php; $theme,
      // $footer_script_loader: pagelayout.tpl), and the content of this page.
      vars: {
        site: { http_equiv: { 'Content-language': 'it' } },
        theme: 'default',
        footer_script_loader: '',
        video: { id: 7, content: VIDEO },
        src: EMBED,
        width: '560',
        height: '315',
      },
    },
  );
  const [head, style, cookiePage, video, embed, footerScripts, banner] = piazza ? parts : ['', ...parts];
  // Editor content of the kind the theme's showIframes() dims: an embed inside a .dimmable.
  const dimmed = `<div class="dimmable position-relative"><div class="dimmer fade show" id="dimmer"><div class="dimmer-inner"><p>Contenuto multimediale</p></div></div>${embed.replaceAll(EMBED, EMBED_DIMMED)}</div>`;
  return `<!doctype html><html lang="it"><head>${piazza ? '' : NOT_A_BOT}<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Video comunale</title>
${head.replaceAll(STATIC, '/dist/')}${style}</head>
<body><main class="container my-4" id="main"><h1>Video comunale</h1>${video}<div class="my-4" id="embed">${embed}</div>${dimmed}${cookiePage}</main>
${footerScripts}${banner}</body></html>`;
}

/** The embed's preview page (bootstrapitalia/iframe?url=…): the theme's own openPref() script, read from its template. */
function previewPage(): string {
  const tpl = readFileSync(join(real, `ez/extension/openpa_bootstrapitalia/design/${THEME}/templates/bootstrapitalia/iframe.tpl`), 'utf8');
  const script = tpl.match(/\{literal\}([\s\S]*?)\{\/literal\}/)![1];
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Anteprima</title></head><body>
<p>L'incorporamento di contenuti multimediali non è abilitato nel rispetto delle tue preferenze sui cookie.
<a href="#" id="prefs" onclick="openPref()">Personalizza i cookie</a></p><script>${script}</script></body></html>`;
}

// ---- page functions (sent to the page: they may use only their arguments) ----

/** What the page asked of YouTube or Google so far: elements that make a request, and the probe's failed loads. */
const thirdParty = (pattern: string) => {
  const re = new RegExp(pattern);
  const asking: string[] = [];
  for (const s of Array.from(document.querySelectorAll('script[src]')) as HTMLScriptElement[]) {
    if (re.test(s.src) && (!s.type || /javascript|module/i.test(s.type))) asking.push('script ' + s.src);
  }
  for (const f of Array.from(document.querySelectorAll('iframe[src]')) as HTMLIFrameElement[])
    if (re.test(f.src)) asking.push('iframe ' + f.src);
  for (const e of performance.getEntriesByType('resource')) if (re.test(e.name)) asking.push('resource ' + e.name);
  for (const e of ((window as any).__piazzaProbe?.errors || []) as string[]) if (re.test(e)) asking.push('probe ' + e);
  return asking;
};
/** What the multimedia markup shows now. */
const multimedia = () => {
  const frame = (sel: string) => document.querySelector(sel)!.getAttribute('src');
  return {
    embed: frame('#embed iframe'),
    dimmedEmbed: frame('.dimmable iframe'),
    dimmer: document.getElementById('dimmer')!.className,
    overlayShown: document.querySelector('.acceptoverlayable')!.classList.contains('show'),
    // Video.js with the YouTube tech (Bootstrap Italia's VideoPlayer.setYouTubeVideo): its player is
    // marked vjs-youtube, and the tech asks YouTube for its iframe API.
    youtubePlayer: !!document.querySelector('.video-js.vjs-youtube'),
    youtubeApiAsked: !!document.querySelector('script[src="https://www.youtube.com/iframe_api"]'),
    remembered: JSON.parse(localStorage.getItem('bs-ck3') || '{}').multimedia ?? null,
  };
};

describe.skipIf(realEz.skip)('an OpenPA portal moving from orestbida to piazza', () => {
  let orestbidaHtml = '';
  let piazzaHtml = '';
  beforeAll(() => {
    orestbidaHtml = portalPage(false);
    piazzaHtml = portalPage(true);
  });

  describe.each(selectedEngines())('%s', (engine) => {
    const env = useEngine(engine);
    const tabs: Tab[] = [];
    afterEach(async () => {
      for (const t of tabs.splice(0)) await t.close();
    });

    const serve = (path: string, html: string, type = 'text/html; charset=utf-8') =>
      fetch(env.portal.origin + '/__emulator/pages', {
        method: 'POST',
        body: JSON.stringify({ path, html, headers: { 'Content-Type': type } }),
      });
    beforeAll(async () => {
      const js = 'text/javascript; charset=utf-8';
      await serve(`/design/${THEME}/javascript/bootstrap-italia.bundle.min.js`, readFileSync(join(real, BUNDLE), 'utf8'), js);
      await serve(`/design/${THEME}/javascript/cookieconsent.umd.js`, readFileSync(join(real, UMD), 'utf8'), js);
      await serve(
        `/design/${THEME}/stylesheets/cookieconsent.css`,
        readFileSync(join(real, 'consent/orestbida-v3/cookieconsent.css'), 'utf8'),
        'text/css',
      );
      await serve(
        `/design/${THEME}/stylesheets/default.css`,
        readFileSync(join(real, `theme-js/${THEME}/stylesheets/default.css`), 'utf8'),
        'text/css',
      );
      await serve('/bootstrapitalia/iframe', previewPage());
      const sprites = `ez/extension/openpa_bootstrapitalia/design/${THEME}/images/svg/sprites.svg`; // display_icon()'s
      await serve(
        '/extension/openpa_bootstrapitalia/design/' + THEME + '/images/svg/sprites.svg',
        readFileSync(join(real, sprites), 'utf8'),
        'image/svg+xml',
      );
    });

    /**
     * A visitor's click, once the element is in view and nothing around it moves: the theme's CSS
     * scrolls smoothly and orestbida's modals slide in, and a click mid-move lands elsewhere.
     */
    async function press(tab: Tab, selector: string): Promise<void> {
      await tab.waitFor((sel: string) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const still = document
          .getAnimations()
          .every((a) => a.playState !== 'running' || !(a.effect as KeyframeEffect)?.target?.closest?.('#cc-main'));
        return still && !!hit && (el.contains(hit) || hit.contains(el)); // nothing in front of it
      }, selector);
      await tab.click(selector);
    }

    async function newTab(): Promise<Tab> {
      const tab = await env.engine.newTab();
      tabs.push(tab);
      return tab;
    }

    /** The visitor's choice on orestbida's banner; returns what orestbida itself says was accepted. */
    async function chooseOnOrestbida(tab: Tab, choose: (click: (selector: string) => Promise<void>) => Promise<void>): Promise<string[]> {
      await serve(PATH, orestbidaHtml);
      await tab.goto(env.portal.url + PATH.slice(1));
      await tab.waitFor(() => document.documentElement.classList.contains('show--consent'));
      // The theme as it ships: no video before a choice, but Google Analytics asked at once.
      expect(await tab.evaluate(thirdParty, YOUTUBE)).toEqual([]);
      expect(await tab.evaluate(thirdParty, GOOGLE)).toContain('script https://www.googletagmanager.com/gtag/js?id=G-PIAZZA01');
      await choose((selector) => press(tab, selector));
      await tab.waitFor(() => document.cookie.includes('cc_cookie=') && !document.documentElement.classList.contains('show--consent'));
      return tab.evaluate(() => (window as any).CookieConsent.getUserPreferences().acceptedCategories as string[]);
    }

    /** The same page, now with piazza: settled once piazza took its record from orestbida's cookie. */
    async function openWithPiazza(tab: Tab): Promise<void> {
      await serve(PATH, piazzaHtml);
      await tab.goto(env.portal.url + PATH.slice(1));
      await tab.waitFor(() => !!(window as any).piazza);
      await tab.evaluate(() => (window as any).piazza.ready.then(() => true));
      // (piazza's cconsent is a Secure cookie: WebKit keeps none on http://127.0.0.1, so its state is what is read)
      await tab.waitFor(() => !!(window as any).piazza.consent.get());
    }

    const piazzaSays = (tab: Tab) =>
      tab.evaluate(() => {
        const cc = (window as any).CookieConsent;
        return {
          categories: cc.getUserPreferences().acceptedCategories as string[],
          bar: !!document.getElementById('cconsent-bar'),
          valid: cc.validConsent() as boolean,
        };
      });

    it('accept all on orestbida: piazza shows no banner and runs everything; withdrawn from the page\'s "Cookie settings", it is all taken back, no reload', async () => {
      const tab = await newTab();
      const accepted = await chooseOnOrestbida(tab, (click) => click('#cc-main .cm__btn[data-role="all"]'));
      expect(accepted).toEqual(['necessary', 'analytics', 'marketing']);
      expect((await tab.evaluate(multimedia)).embed).toBe(EMBED); // orestbida's own showIframes ran

      await openWithPiazza(tab);
      expect(await piazzaSays(tab)).toEqual({ categories: accepted, bar: false, valid: true });
      await tab.waitFor(() => document.querySelector('#embed iframe')!.getAttribute('src')!.startsWith('https://www.youtube.com/'));
      const shown = await tab.evaluate(multimedia);
      expect(shown).toMatchObject({
        embed: EMBED,
        dimmedEmbed: EMBED_DIMMED,
        overlayShown: false,
        youtubeApiAsked: true,
        remembered: true,
      });
      await tab.waitFor(() => !!document.querySelector('.video-js.vjs-youtube'));
      expect(shown.dimmer).toMatch(/\bhide\b/);
      // Google Analytics revived from its held tag: the request is attempted.
      await tab.waitFor(() => !!document.querySelector('script[src*="googletagmanager.com/gtag/js"]:not([type="text/plain"])'));

      // Withdrawal: the page's own control (openpa/cookie.tpl), piazza's dialog, necessary only.
      await tab.evaluate(() => {
        (window as any).__samePage = true;
        return true;
      });
      await press(tab, 'main .btn-info[data-cc="show-preferencesModal"]'); // (the video's own link is hidden with its overlay)
      await tab.waitFor(() => !!(document.getElementById('cconsent-modal') as HTMLDialogElement | null)?.open);
      await tab.evaluate(() => {
        const refuse = Array.from(document.querySelectorAll('#cconsent-modal .pc-foot button')).find((b) =>
          /necessari/i.test(b.textContent!),
        );
        (refuse as HTMLElement).setAttribute('data-test', 'refuse');
        return true;
      });
      await press(tab, '#cconsent-modal [data-test="refuse"]');
      await tab.waitFor(() => document.querySelector('#embed iframe')!.getAttribute('src')!.startsWith('/bootstrapitalia/iframe'));
      const taken = await tab.evaluate(multimedia);
      expect(taken).toMatchObject({
        embed: '/bootstrapitalia/iframe?url=' + EMBED,
        dimmedEmbed: '/bootstrapitalia/iframe?url=' + EMBED_DIMMED,
        overlayShown: true,
        youtubePlayer: false,
        remembered: false,
      });
      expect(taken.dimmer).toMatch(/\bshow\b/);
      expect(await tab.evaluate(() => (window as any).__samePage === true)).toBe(true);
      expect(await piazzaSays(tab)).toEqual({ categories: ['necessary'], bar: false, valid: true });
      // orestbida's cookie follows piazza's choice.
      expect(await tab.evaluate(() => (window as any).CookieConsent.getCookie('categories'))).toEqual(['necessary']);
    });

    it("necessary only on orestbida: piazza asks nothing, and nothing of YouTube or Google is requested; the preview frame opens piazza's dialog", async () => {
      const tab = await newTab();
      const accepted = await chooseOnOrestbida(tab, (click) => click('#cc-main .cm__btn[data-role="necessary"]'));
      expect(accepted).toEqual(['necessary']);

      await openWithPiazza(tab);
      expect(await piazzaSays(tab)).toEqual({ categories: ['necessary'], bar: false, valid: true });
      const state = await tab.evaluate(multimedia);
      expect(state).toMatchObject({
        embed: '/bootstrapitalia/iframe?url=' + EMBED,
        overlayShown: true,
        youtubePlayer: false,
        youtubeApiAsked: false,
      });
      expect(await tab.evaluate(thirdParty, THIRD_PARTY)).toEqual([]);
      expect(await tab.evaluate(() => document.querySelectorAll('script[type="text/plain"][data-consent="google"]').length)).toBe(2);

      // The theme's preview page in the embed calls window.parent's [data-cc='show-preferencesModal'].
      await tab.waitFor(() => !!(document.querySelector('#embed iframe') as HTMLIFrameElement).contentDocument?.getElementById('prefs'));
      await tab.evaluate(() => {
        (document.querySelector('#embed iframe') as HTMLIFrameElement).contentDocument!.getElementById('prefs')!.click();
        return true;
      });
      await tab.waitFor(() => !!(document.getElementById('cconsent-modal') as HTMLDialogElement | null)?.open);
      expect(await tab.evaluate(thirdParty, THIRD_PARTY)).toEqual([]);
    });

    it('multimedia only on orestbida (its preferences): piazza reveals the video and the embeds, and holds Google Analytics', async () => {
      const tab = await newTab();
      const accepted = await chooseOnOrestbida(tab, async (click) => {
        await click('#cc-main .cm__btn[data-role="show"]');
        await tab.waitFor(() => document.documentElement.classList.contains('show--preferences'));
        await click('#cc-main label.section__toggle-wrapper:has(input[value="marketing"])');
        await tab.waitFor(() => (document.querySelector('#cc-main input.section__toggle[value="marketing"]') as HTMLInputElement).checked);
        await click('#cc-main .pm__btn[data-role="save"]');
      });
      expect(accepted).toEqual(['necessary', 'marketing']);

      await openWithPiazza(tab);
      expect(await piazzaSays(tab)).toEqual({ categories: ['necessary', 'marketing'], bar: false, valid: true });
      await tab.waitFor(
        () =>
          document.querySelector('#embed iframe')!.getAttribute('src') ===
          document.querySelector('#embed iframe')!.getAttribute('data-src'),
      );
      expect(await tab.evaluate(multimedia)).toMatchObject({ embed: EMBED, overlayShown: false, youtubeApiAsked: true, remembered: true });
      expect(await tab.evaluate(thirdParty, GOOGLE)).toEqual([]);
    });

    it("a first visit: piazza's bar with the theme's Italian texts, and nothing of YouTube or Google before a choice", async () => {
      const tab = await newTab();
      await serve(PATH, piazzaHtml);
      await tab.goto(env.portal.url + PATH.slice(1));
      await tab.waitFor(() => {
        const bar = document.getElementById('cconsent-bar');
        return !!bar && bar.getClientRects().length > 0;
      });
      const bar = await tab.evaluate(() => ({
        label: document.getElementById('cconsent-bar')!.getAttribute('aria-label'),
        text: document.querySelector('#cconsent-bar p')!.textContent!.trim(),
        buttons: Array.from(document.querySelectorAll('#cconsent-bar .pc-actions button')).map((b) => b.textContent!.trim()),
      }));
      expect(bar.label).toBe('Preferenze sui cookie');
      expect(bar.text).toMatch(/^Questo sito fa uso di cookie tecnici essenziali/);
      expect(bar.buttons).toEqual(['Accetta i cookie necessari', 'Personalizza i cookie', 'Accetta tutti i cookie']);
      expect(await tab.evaluate(thirdParty, THIRD_PARTY)).toEqual([]);
      // piazza's bar; the theme's own embeds fail axe's frame-title already (its ezxmltags/iframe.tpl writes no title)
      await expectAxe(tab, "piazza's bar on the theme's page", '#cconsent-bar');
    });

    it('Bootstrap Italia remembering "multimedia" from an earlier visit, no choice on piazza: forgotten before the theme\'s bundle reads it, so no video starts by itself', async () => {
      const tab = await newTab();
      await serve(PATH, piazzaHtml);
      await tab.goto(env.portal.url + PATH.slice(1));
      // the theme's own "remember" of an earlier visit (its AcceptOverlay's checkbox, or orestbida's showIframes)
      await tab.evaluate(() => {
        localStorage.setItem('bs-ck3', JSON.stringify({ multimedia: true, other: true }));
        return true;
      });
      await tab.goto(env.portal.url + PATH.slice(1));
      // The bundle has run (it made the overlay's AcceptOverlay at its end): one that read "multimedia"
      // would have hidden the overlay at once and clicked its button 100 ms later.
      await tab.waitFor(() => !!(window as any).bootstrap?.AcceptOverlay && document.readyState !== 'loading');
      expect(await tab.evaluate(multimedia)).toMatchObject({
        overlayShown: true,
        youtubePlayer: false,
        youtubeApiAsked: false,
        remembered: false,
      });
      expect(await tab.evaluate(() => JSON.parse(localStorage.getItem('bs-ck3')!))).toEqual({ multimedia: false, other: true });
      expect(await tab.evaluate(thirdParty, THIRD_PARTY)).toEqual([]);
    });
  });
});
