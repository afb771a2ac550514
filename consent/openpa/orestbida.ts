// orestbida CookieConsent v3.0.1's calls on `window.CookieConsent`, answered from piazza's state,
// for the OpenPA themes' own code and the portal's. The core answers the questions a script asks
// before acting (validConsent, acceptedCategory, acceptedService) at once, and keeps a run() made
// before this chunk arrived (core.calls); the rest is here, from the moment it arrives.
// What cannot be honoured says so once in the console, in the admin's words (ccReset, ccService…).
import { expire, presentCookies, readCookies, writeCookie } from '../cookies';
import { isObject } from '../config';
import { readCookie } from '../record';
import { categoryBlocked } from '../rules';
import type { ConsentConfig, ConsentCore, ServiceConfig } from '../types';
import { parseOrestbida } from './carry';
import { ccAssignment, ccCookieName, CC_LIFETIME_MS } from './cc-cookie';

type Callback = (detail?: unknown) => void;
/** What `run(config)` may carry that piazza honours: the callbacks. */
interface RunConfig {
  categories?: Record<
    string,
    { readOnly?: boolean; enabled?: boolean; services?: Record<string, { label?: string; onAccept?: Callback; onReject?: Callback }> }
  >;
  onFirstConsent?: Callback;
  onConsent?: Callback;
  onChange?: Callback;
  language?: { default?: string; translations?: Record<string, unknown> };
  [key: string]: unknown;
}

const optionalOf = (c: ConsentConfig) => Object.keys(c.categories).filter((k) => !c.categories[k].needed);
const servicesOf = (c: ConsentConfig, category: string) => Object.keys(c.services).filter((s) => c.services[s].category === category);

/** Text of the theme's section titles and descriptions (they hold HTML: a badge, paragraphs). */
function plain(html: unknown): string {
  const t = document.createElement('template');
  t.innerHTML = typeof html === 'string' ? html : '';
  return (t.content.textContent || '').replace(/\s+/g, ' ').trim();
}

/**
 * A piazza config from orestbida's `run(config)`, for a page that gave piazza none: categories
 * (readOnly → needed, nothing wanted before a choice: opt-in), each service a `wrapped` service of
 * its category (callbacks run through run()'s hooks), and the default language's texts
 * (consentModal and preferencesModal keys, section titles and descriptions of linked categories).
 */
export function configFromOrestbida(run: RunConfig): Record<string, unknown> {
  const lang = run.language?.default || 'en';
  const tr: any = (isObject(run.language?.translations) && (run.language!.translations as any)[lang]) || {};
  const cm = tr.consentModal || {},
    pm = tr.preferencesModal || {};
  const sections: any[] = Array.isArray(pm.sections) ? pm.sections : [];
  const categories: Record<string, unknown> = {},
    services: Record<string, ServiceConfig> = {};
  for (const [key, c] of Object.entries(isObject(run.categories) ? run.categories! : {})) {
    const section = sections.find((s) => s?.linkedCategory === key);
    const texts = section ? { locale: { [lang]: { name: plain(section.title), description: plain(section.description) } } } : undefined;
    categories[key] = { needed: !!c?.readOnly, ...(texts && { language: texts }) };
    for (const s of Object.keys(isObject(c?.services) ? c!.services! : {})) services[s] = { category: key, type: 'wrapped', search: s };
  }
  const texts: Record<string, unknown> = {
    barLabel: cm.title,
    barMainText: plain(cm.description),
    barBtnAcceptAll: cm.acceptAllBtn,
    barBtnRefuseAll: cm.acceptNecessaryBtn,
    barLinkSetting: cm.showPreferencesBtn,
    barClose: cm.closeIconLabel,
    modalMainTitle: pm.title,
    closeAriaLabel: pm.closeIconLabel,
    modalBtnAcceptAll: pm.acceptAllBtn,
    modalBtnRefuseAll: pm.acceptNecessaryBtn,
    modalBtnSave: pm.savePreferencesBtn,
    modalMainText: plain(sections.find((s) => s && !s.linkedCategory)?.description),
  };
  for (const k of Object.keys(texts)) if (typeof texts[k] !== 'string' || !texts[k]) delete texts[k];
  return { language: { current: lang, locale: { [lang]: texts } }, categories, services };
}

export function installOrestbida(core: ConsentCore) {
  const cc = core.legacy;
  let given: RunConfig | null = null;
  /** Services run() gave callbacks for, enabled now (orestbida's `_enabled`). */
  const enabled = new Set<string>();
  let consented = false;

  const config = () => core.config;
  const ui = () => core.ui();
  const cookieName = () => ccCookieName(config());

  /** run()'s callbacks follow the choice: at run() and after each stored choice (orestbida's manageExistingScripts). */
  function follow(first: boolean, changed: boolean): void {
    if (!given || !config()) return;
    const call = (cb: unknown, detail?: unknown) => {
      if (typeof cb !== 'function') return;
      try {
        cb(detail);
      } catch (e) {
        void core.log.error({ code: 'ccCallback' }, e);
      }
    };
    const valid = cc.validConsent();
    for (const [category, c] of Object.entries(given.categories || {})) {
      for (const [name, s] of Object.entries(c?.services || {})) {
        const on = valid && cc.acceptedCategory(category);
        const id = category + '/' + name;
        if (on && !enabled.has(id)) {
          enabled.add(id);
          call(s?.onAccept);
        } else if (!on && enabled.has(id)) {
          enabled.delete(id);
          call(s?.onReject);
        }
      }
    }
    const detail = { cookie: cc.getCookie() };
    if (valid && !consented) {
      consented = true;
      if (first) call(given.onFirstConsent, detail);
      call(given.onConsent, detail);
    } else if (valid && changed) call(given.onChange, detail);
  }
  addEventListener('cconsent-setCookie', () => follow(true, true));

  function acceptCategory(categories?: string | string[], excluded: string[] = []): void {
    const c = config();
    if (!c) return;
    const all = optionalOf(c);
    const pick = categories === undefined ? null : categories === 'all' ? all : ([] as string[]).concat(categories);
    ui().then((u) => {
      // (the bar goes with the need of a choice; an open dialog stays, its switches follow, as in orestbida)
      if (pick) u.choice.set(pick.filter((k) => all.includes(k) && !excluded.includes(k)));
      else u.choice.save(); // the dialog's switches, as orestbida's "accept custom"
    });
  }

  const answers: Record<string, (...args: any[]) => unknown> = {
    async run(userConfig: RunConfig) {
      if (!isObject(userConfig) || given) return;
      given = userConfig;
      if (!config()) cc.init(configFromOrestbida(userConfig));
      else {
        void core.log.warn({ code: 'ccRun' });
        for (const name of Object.keys(userConfig.categories || {}))
          if (!config()!.categories[name]) void core.log.warn({ code: 'ccRunCategory', name });
      }
      follow(false, false);
    },
    show: (create?: boolean) => void ui().then((u) => u.showBar(!!create)), // as orestbida: without createModal, only while a choice is due
    hide: () => void ui().then((u) => u.hideBar()),
    showPreferences: () => void ui().then((u) => u.preferences(document.activeElement)),
    hidePreferences: () => void ui().then((u) => u.close()),
    acceptCategory,
    acceptService(service: string | string[], category: string) {
      const c = config();
      if (!c || !c.categories[category] || c.categories[category].needed) return false;
      const asked = service === 'all' ? servicesOf(c, category) : ([] as string[]).concat(service);
      const wanted = optionalOf(c).filter((k) => !categoryBlocked(c, k) && k !== category);
      if (!asked.length) return acceptCategory(wanted);
      if (servicesOf(c, category).every((s) => asked.includes(s))) return acceptCategory([...wanted, category]);
      void core.log.warn({ code: 'ccService', service: String(service), category });
      return false;
    },
    eraseCookies(cookies: string | RegExp | Array<string | RegExp>) {
      const names = presentCookies();
      for (const rule of ([] as Array<string | RegExp>).concat(cookies)) {
        for (const name of names) if (typeof rule === 'string' ? name === rule : rule instanceof RegExp && rule.test(name)) expire(name);
      }
    },
    loadScript(src: string, attrs?: Record<string, string>) {
      return new Promise<boolean>((done) => {
        if (document.querySelector('script[src="' + CSS.escape(src) + '"]')) return done(true);
        const script = document.createElement('script');
        for (const [k, v] of Object.entries(isObject(attrs) ? attrs! : {})) script.setAttribute(k, String(v));
        script.onload = () => done(true);
        script.onerror = () => {
          script.remove();
          done(false);
        };
        script.src = src;
        document.head.appendChild(script); // the interceptor holds it like any script of a refused service
      });
    },
    getUserPreferences() {
      const c = config();
      const valid = cc.validConsent();
      const keys = c ? Object.keys(c.categories) : [];
      const accepted = valid ? keys.filter((k) => !categoryBlocked(c!, k)) : [];
      const servicesBy = (pick: (k: string) => boolean) => Object.fromEntries(keys.map((k) => [k, pick(k) ? servicesOf(c!, k) : []]));
      const optional = c ? optionalOf(c) : [];
      return {
        acceptType: !valid
          ? ''
          : accepted.length === keys.length
            ? 'all'
            : optional.every((k) => !accepted.includes(k))
              ? 'necessary'
              : 'custom',
        acceptedCategories: accepted,
        rejectedCategories: keys.filter((k) => !accepted.includes(k)),
        acceptedServices: servicesBy((k) => accepted.includes(k)),
        rejectedServices: servicesBy((k) => !accepted.includes(k)),
      };
    },
    getConfig(field?: string) {
      const c = config();
      const own = {
        mode: 'opt-in',
        revision: c?.carryOver?.revision ?? 0,
        autoShow: true,
        cookie: {
          name: cookieName(),
          path: '/',
          domain: location.hostname,
          expiresAfterDays: CC_LIFETIME_MS / 86400000,
          sameSite: 'Lax',
          useLocalStorage: false,
        },
        categories: Object.fromEntries(
          Object.keys(c?.categories || {}).map((k) => [
            k,
            {
              readOnly: !!c!.categories[k].needed,
              enabled: !!c!.categories[k].needed,
              services: Object.fromEntries(servicesOf(c!, k).map((s) => [s, {}])),
            },
          ]),
        ),
      };
      const merged: Record<string, unknown> = { ...own, ...given };
      return field ? merged[field] : merged;
    },
    setCookieData({ value, mode }: { value?: unknown; mode?: string } = {}) {
      const name = cookieName();
      const current = parseOrestbida(readCookie(readCookies(), name));
      if (!current || !cc.validConsent()) return false; // no consent, no cookie to keep data in
      let data = value;
      if (mode === 'update') {
        const old = current.data;
        if (isObject(old) && isObject(value)) {
          if (Object.keys(value).every((k) => old[k] === value[k])) return false;
          data = { ...old, ...value };
        } else if (old === value) return false;
      }
      writeCookie(ccAssignment(name, { ...current, data } as any, location));
      return true;
    },
    /** orestbida's cookie (kept in step with piazza's choice), or one field of it; `{}` without one, as orestbida. */
    getCookie(field?: string, name = cookieName()) {
      const value = parseOrestbida(readCookie(readCookies(), name)) || {};
      return field ? value[field] : value;
    },
    validCookie: (name: string) => !!readCookie(readCookies(), name),
    setLanguage: (lang: string) => ui().then((u) => u.setLanguage(String(lang))),
    reset() {
      void core.log.warn({ code: 'ccReset' });
    },
  };
  Object.assign(cc, answers);

  /** The calls kept before this chunk arrived, in order. */
  function replay(): void {
    for (const [name, args, done] of core.calls.splice(0)) {
      let result: unknown;
      try {
        result = answers[name](...args);
      } catch (e) {
        void core.log.error({ code: 'ccFailed', name }, e);
      }
      done(result);
    }
  }

  return {
    replay,
    /** run()'s callbacks for the choice applied at load. */
    start: () => follow(false, false),
  };
}
