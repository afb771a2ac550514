// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/" }
// window.CookieConsent on an OpenPA theme portal: orestbida v3's calls answered from piazza's
// state (the core's questions at once, the rest from the openpa chunk, calls made before it arrived
// replayed), the data-cc controls, Bootstrap Italia's remembered choice, and the calls piazza
// cannot honour named in the admin's words. One page, one core: the tests follow one visitor.
import { beforeAll, describe, expect, it, vi } from 'vitest';

// What jsdom lacks of the DOM piazza uses: SVGScriptElement (whose prototype the core marks as a
// script's, intercept.ts) and the modal dialog's showModal/close (as the HTML spec has them:
// the `open` attribute, a `close` event). The browser tests run the real ones.
vi.hoisted(() => {
  const g = globalThis as any;
  g.SVGScriptElement ??= class SVGScriptElement extends g.SVGElement {};
  const dialog = g.HTMLDialogElement.prototype;
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
import { startConsent } from '../../../consent/core';
import { createEmitter } from '../../../runtime/events';
import { adminNotes } from '../../../runtime/log';
import { adminMessages } from '../../../runtime/messages';
import { readCookie } from '../../../consent/record';
import type { AdminNote } from '../../../runtime/types';
import { themeConfig } from './openpa-fixtures';

const warned: string[] = [];
let CC: Record<string, (...args: any[]) => any>;
let early: unknown;
/** What run()'s callbacks were called for, in order. */
const calls: string[] = [];
const cookie = (name: string) => readCookie(document.cookie, name);
const record = () => JSON.parse(cookie('cconsent')!);
const cc = () => JSON.parse(decodeURIComponent(cookie('cc_cookie')!));
/** Until `check` holds (the chunks' work is asynchronous). */
async function until(check: () => unknown, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('never: ' + what);
}

beforeAll(async () => {
  localStorage.setItem('bs-ck3', JSON.stringify({ multimedia: true, other: true })); // remembered from an earlier visit
  document.head.innerHTML = `<script type="application/json" id="piazza-consent">${JSON.stringify(themeConfig())}</script>`;
  // (a video's overlay, as parts/video.tpl prints it: the core checks the remembered choice for it at once)
  document.body.innerHTML = `<div class="acceptoverlay"><button data-bs-accept-from="multimedia">Accetta</button></div>
    <a href="#" id="prefs" data-cc="show-preferencesModal">Personalizza</a>
    <button id="necessary" data-cc="accept-necessary">Solo necessari</button><button id="all" data-cc="accept-all">Tutti</button>
    <button id="unknown" data-cc="accept-something-else">?</button><button id="bar" data-cc="show-consentModal">Banner</button>
    <button id="custom" data-cc="accept-custom">Salva</button><a href="#x" id="other" data-cc="whatever">x</a>`;
  const ctx = {
    version: 'test',
    nonce: '',
    base: '/',
    events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
    explain: async (what: AdminNote | AdminNote[]) => {
      const text = adminMessages('en').explain(what as AdminNote);
      warned.push(text);
      return text;
    },
  };
  startConsent(ctx as any, {
    ui: () => import('../../../consent/ui/index'),
    openpa: () => import('../../../consent/openpa/consent-openpa'),
    prefetch() {},
    firstContent: async () => {},
  });
  CC = (window as any).CookieConsent;
  // The themes' own call, made before the openpa chunk can have arrived.
  early = CC.run({
    categories: {
      necessary: { readOnly: true },
      analytics: {},
      ads: {},
      marketing: { services: { multimedia: { onAccept: () => calls.push('accept'), onReject: () => calls.push('reject') } } },
    },
    onConsent: () => calls.push('consent'),
    onChange: () => calls.push('change'),
  });
});

describe('window.CookieConsent answers from piazza on a theme portal', () => {
  it('forgets Bootstrap Italia\'s remembered "multimedia" at once, before any choice (its AcceptOverlay would play videos)', () => {
    expect(JSON.parse(localStorage.getItem('bs-ck3')!)).toEqual({ multimedia: false, other: true });
  });

  it('answers the questions at once, before any choice: no valid consent, nothing accepted, no cookie', () => {
    expect(CC.validConsent()).toBe(false);
    expect(CC.acceptedCategory('necessary')).toBe(false); // orestbida: nothing is accepted without a valid consent
    expect(CC.acceptedCategory('analytics')).toBe(false);
    expect(CC.acceptedService('multimedia', 'marketing')).toBe(false);
  });

  it("keeps a run() made before the openpa chunk arrived (a promise), and adds the rest of orestbida's calls when it does", async () => {
    expect(early).toBeInstanceOf(Promise);
    await early;
    expect(calls).toEqual([]); // no choice yet: onConsent waits
    // piazza's config governs: said once, and that "ads" is not one of its categories.
    expect(warned.join('\n')).toMatch(/run\(\): only its callbacks apply/);
    expect(warned.join('\n')).toMatch(/category "ads" not in #piazza-consent/);
    expect(CC.getCookie()).toEqual({}); // no orestbida cookie yet: orestbida's {}
    expect(CC.validCookie('cc_cookie')).toBe(false);
    CC.showPreferences();
    await until(() => (document.querySelector('#cconsent-modal') as HTMLDialogElement)?.open, 'the dialog');
    await CC.hidePreferences();
    await until(() => !(document.querySelector('#cconsent-modal') as HTMLDialogElement)?.open, 'the dialog closed');
  });

  it('acceptCategory(["marketing"]): piazza\'s record and orestbida\'s cookie say it, and so do the answers', async () => {
    await CC.acceptCategory(['marketing']);
    await until(() => cookie('cconsent'), 'the record');
    expect(record().categories).toEqual({ necessary: { wanted: true }, analytics: { wanted: false }, marketing: { wanted: true } });
    expect(cc()).toMatchObject({
      categories: ['necessary', 'marketing'],
      services: { necessary: [], analytics: [], marketing: ['multimedia'] },
    });
    expect(CC.validConsent()).toBe(true);
    expect([CC.acceptedCategory('necessary'), CC.acceptedCategory('analytics'), CC.acceptedCategory('marketing')]).toEqual([
      true,
      false,
      true,
    ]);
    expect(CC.acceptedService('multimedia', 'marketing')).toBe(true);
    expect(CC.acceptedService('google', 'analytics')).toBe(false);
    expect(CC.acceptedService('multimedia', 'analytics')).toBe(false);
    expect(CC.getCookie('categories')).toEqual(['necessary', 'marketing']);
    expect(CC.getUserPreferences()).toEqual({
      acceptType: 'custom',
      acceptedCategories: ['necessary', 'marketing'],
      rejectedCategories: ['analytics'],
      acceptedServices: { necessary: [], analytics: [], marketing: ['multimedia'] },
      rejectedServices: { necessary: [], analytics: ['google', 'matomo'], marketing: [] },
    });
  });

  it('keeps the consent id across choices; lastConsentTimestamp moves', async () => {
    const before = cc();
    await until(() => new Date().toISOString() > before.lastConsentTimestamp, 'the clock moved on'); // (timestamps are in ms)
    await CC.acceptCategory('all');
    await until(() => cc().categories.length === 3, 'all accepted');
    expect(cc().consentId).toBe(before.consentId);
    expect(cc().consentTimestamp).toBe(before.consentTimestamp);
    expect(cc().lastConsentTimestamp > before.lastConsentTimestamp).toBe(true);
    expect(CC.getUserPreferences().acceptType).toBe('all');
  });

  it('data-cc="accept-necessary" and "accept-all" decide as in orestbida; other data-cc values are not piazza\'s', async () => {
    document.getElementById('necessary')!.click();
    await until(() => !CC.acceptedCategory('marketing'), 'necessary only');
    expect(CC.getUserPreferences().acceptType).toBe('necessary');
    expect(cc().categories).toEqual(['necessary']);
    const unknown = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('other')!.dispatchEvent(unknown);
    expect(unknown.defaultPrevented).toBe(false);
    document.getElementById('unknown')!.click(); // an accept- role orestbida does not have: nothing happens
    // setLanguage answers through the same UI promise, after the click's handler: that has run by then
    expect(await CC.setLanguage('it')).toBe(true);
    expect(CC.getUserPreferences().acceptType).toBe('necessary');
    expect((document.querySelector('#cconsent-modal') as HTMLDialogElement | null)?.open).toBeFalsy();
    document.getElementById('all')!.click();
    await until(() => CC.acceptedCategory('marketing') && CC.acceptedCategory('analytics'), 'all');
  });

  it('data-cc="show-preferencesModal" opens the dialog, and is marked as opening one', async () => {
    expect(document.getElementById('prefs')!.getAttribute('aria-haspopup')).toBe('dialog');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('prefs')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true); // href="#" does not jump
    await until(() => (document.querySelector('#cconsent-modal') as HTMLDialogElement)?.open, 'the dialog');
    await CC.hidePreferences();
  });

  it('data-cc="show-consentModal" shows the bar again after a choice; "accept-custom" saves the dialog\'s switches and hides both', async () => {
    expect(document.getElementById('cconsent-bar')).toBeNull();
    document.getElementById('bar')!.click();
    await until(() => document.getElementById('cconsent-bar'), 'the bar');
    const before = CC.getUserPreferences().acceptedCategories;
    document.getElementById('prefs')!.click();
    await until(() => (document.querySelector('#cconsent-modal') as HTMLDialogElement)?.open, 'the dialog');
    // the dialog's switch of marketing turned the other way, then the page's own "save" control
    document.querySelector<HTMLElement>('#cconsent-modal [data-category="marketing"] [role="switch"]')!.click();
    document.getElementById('custom')!.click();
    await until(() => CC.acceptedCategory('marketing') !== before.includes('marketing'), 'marketing saved the other way');
    expect(CC.acceptedCategory('analytics')).toBe(before.includes('analytics'));
    expect((document.querySelector('#cconsent-modal') as HTMLDialogElement).open).toBe(false);
    expect(document.getElementById('cconsent-bar')).toBeNull();
  });

  it('acceptService: a whole category is accepted when every service of it is asked; half of one is refused and said', async () => {
    await CC.acceptCategory([]);
    await until(() => !CC.acceptedCategory('analytics'), 'none');
    warned.length = 0;
    expect(CC.acceptService('google', 'analytics')).toBe(false);
    await until(() => warned.length, 'a warning');
    expect(warned[0]).toContain('acceptService("google", "analytics")');
    expect(CC.acceptedCategory('analytics')).toBe(false);
    CC.acceptService('all', 'analytics');
    await until(() => CC.acceptedCategory('analytics'), 'analytics accepted');
    expect(CC.acceptedCategory('marketing')).toBe(false); // the others unchanged
  });

  it("setCookieData keeps data in orestbida's cookie; getConfig tells its cookie", () => {
    expect(CC.setCookieData({ value: { newsletter: true } })).toBe(true);
    expect(CC.getCookie('data')).toEqual({ newsletter: true });
    expect(CC.setCookieData({ value: { newsletter: true }, mode: 'update' })).toBe(false);
    expect(CC.setCookieData({ value: { lang: 'it' }, mode: 'update' })).toBe(true);
    expect(CC.getCookie('data')).toEqual({ newsletter: true, lang: 'it' });
    expect(CC.getConfig('cookie')).toMatchObject({ name: 'cc_cookie', expiresAfterDays: 182, sameSite: 'Lax' });
  });

  it('eraseCookies removes the named cookies wherever they live', () => {
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_ga_X1=GS1; Path=/';
    document.cookie = 'keep=1; Path=/';
    CC.eraseCookies(/^_ga/);
    expect([cookie('_ga'), cookie('_ga_X1'), cookie('keep')]).toEqual([null, null, '1']);
  });

  it("run()'s callbacks followed every choice as in orestbida: a service's onAccept/onReject first, then onConsent (the first) or onChange (later ones)", async () => {
    // (the choices of the tests above: marketing, all, necessary (data-cc), all (data-cc), analytics
    // without marketing (data-cc accept-custom), none, analytics)
    expect(calls).toEqual(['accept', 'consent', 'change', 'reject', 'change', 'accept', 'change', 'reject', 'change', 'change', 'change']);
    calls.length = 0;
    await CC.acceptCategory(['analytics', 'marketing']);
    await until(() => calls.includes('accept'), 'onAccept');
    expect(calls).toEqual(['accept', 'change']);
  });

  it('reset() cannot be done: said, and the choice stays', async () => {
    warned.length = 0;
    await CC.reset(true);
    await until(() => warned.length, 'a warning');
    expect(warned[0]).toMatch(/reset\(\): not possible with piazza/);
    expect(CC.validConsent()).toBe(true);
  });

  it('a wrapper() callback that throws is told, naming its service, with its error; the next one still runs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Error('tracker broke');
    let ran = false;
    CC.wrapper('google', () => {
      throw broken;
    }); // analytics is accepted (above): it runs at once
    CC.wrapper('matomo', () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await until(() => error.mock.calls.length, 'the line');
    expect(error).toHaveBeenCalledWith('[piazza] consent: CookieConsent.wrapper("google"): the callback threw', broken);
    error.mockRestore();
  });
});
