// The consent core, run synchronously by piazza.js before any other script on the page: reads the
// config (#piazza-consent JSON, or the legacy `CookieConsent.init(config)`), applies the visitor's
// stored choice, expires cookies of unwanted services, installs the interceptors and answers
// `allows()` / `wrapper()` and orestbida's questions (acceptedCategory…). Everything that can wait
// (bar, dialog, storing a choice, reviving text/plain tags, embed placeholders) is the lazy UI
// chunk, loaded only when the page needs it; the OpenPA themes' part (a choice carried over from
// orestbida's cc_cookie, the multimedia effects, orestbida's other calls) is the lazy openpa chunk.
// A choice applies at once, without a reload.
import { configFrom, defaults, isObject, sanitise } from './config';
import { expire, installCookieFilter, presentCookies, readCookies } from './cookies';
import { gcmSignal } from './gcm';
import { installInterceptor, nativeReplace } from './intercept';
import { applyRecord, buildRecord, COOKIE_NAME, judge, readCookie } from './record';
import { allows, blockedOfType, categoryBlocked, cookiesToDelete, cookieWriteBlocked, searchMatches, serviceNamed } from './rules';
import { pageTexts } from './lang';
import { HELD_TAGS, type ConsentChunks, type ConsentConfig, type ConsentCore, type ConsentUi } from './types';
import { whenParsed } from '../runtime/events';
import { adminNotes } from '../runtime/log';
import type { ConfigProblem, ConsentApi, RuntimeContext } from '../runtime/types';

/** sessionStorage flag: the page already reloaded once this session to drop a stale record. */
const RELOADED = 'piazza-consent-reloaded';

export function startConsent(ctx: RuntimeContext, chunks: ConsentChunks): ConsentApi {
  // piazza.js carries the codes of its lines; their words are the messages chunk's
  const log = adminNotes('[piazza] consent: ', ctx.explain);
  const report = (problems: ConfigProblem[]) => void log.error(problems);
  let config: ConsentConfig | null = null;
  /** A config was given but is not usable at all: whatever it might govern stays blocked. */
  let broken = false;
  /** The visitor's stored choice is applied to `config` (see known()). */
  let read = false;
  let choiceNeeded = false;
  let ui: Promise<ConsentUi> | undefined;
  /** The UI chunk's failed download has been told (once, until one succeeds). */
  let uiReported = false;
  let openpa: Promise<unknown> | undefined;
  let replay: ReturnType<typeof installInterceptor>;
  let waiting: Array<[string, () => void]> = [];
  /** Bootstrap Italia's remembered "multimedia" is checked once, before its first overlay (beforeOverlays). */
  let forgetting = false;

  /**
   * The config with the visitor's stored choice applied, read at the first question that needs it
   * (a script to hold or not, a cookie write, allows(), the UI), so every answer is the choice's,
   * as if it had been read at boot. Not at boot: the first cookie read of a page is a synchronous
   * round trip to the browser's network service, 5–40 ms while it is busy with the page's first
   * downloads, and piazza.js holds the HTML parser while it runs (issue 31). A page that asks
   * nothing has it read when the main thread is idle (the purge of configure). Null before a config.
   */
  function known(): ConsentConfig | null {
    if (!read && config) readStored(config);
    return config;
  }

  const allowsName = (name: string) => (config ? allows(known()!, name) : !broken);

  const failed = (e: unknown) => void log.error({ code: 'consentUi' }, e);

  /** A wrapper() callback: one that throws is told (naming its service) and stops nothing else. */
  function run(name: string, cb: () => void): void {
    try {
      cb();
    } catch (e) {
      void log.error({ code: 'ccWrapper', name }, e);
    }
  }

  /**
   * The UI chunk (fetched once), then `act`. A failed download is forgotten: the next call (an opener,
   * the bar's moment) downloads again. It is one console error until a download succeeds: the core's
   * own calls (held tags at DOMContentLoaded, the bar after the page's first content) may each meet
   * the same outage.
   */
  function withUi(act?: (u: ConsentUi) => void): Promise<ConsentUi> {
    const p = (ui ||= chunks.ui().then((m) => m.createUi(core)));
    p.then(
      (u) => {
        uiReported = false;
        act?.(u);
      },
      (e) => {
        if (ui !== p) return;
        ui = undefined;
        if (!uiReported) failed(e);
        uiReported = true;
      },
    );
    return p;
  }

  /** The OpenPA chunk (fetched once, when the config or a call needs it; the UI chunk it imports comes with it). */
  const withOpenpa = () =>
    (openpa ||= chunks
      .openpa()
      .then((m) => m.startOpenpa(core))
      .catch(failed));

  function configure(raw: unknown): void {
    // A later call (setConfiguration) may be partial: check it with the categories known so far.
    const input = config && isObject(raw) ? { categories: config.categories, ...raw } : raw;
    const copy = clone(input);
    // What the check refuses is dropped at once; its words (and those of a missing or unknown key)
    // are lazy: the check comes with the UI chunk, the words with the messages chunk.
    if (sanitise(input))
      chunks
        .ui()
        .then((m) => m.problems(copy))
        .then(report, failed);
    if (!isObject(input)) {
      broken ||= !config;
      return;
    }
    const first = !config;
    // (a partial call's `categories` are the config's own: merged into themselves, nothing changes)
    const c = (config = configFrom(config || defaults(), input));
    // (a later call may add categories: the stored choice is read again, at the next question)
    read = false;
    if (first) install();
    // Consent Mode's default goes to Google's tags from the choice, before any of them runs.
    if (c.googleConsentMode) gcmSignal(known()!, first ? 'default' : 'update');
    // The cookies of unwanted services go once the page is idle (a task later without
    // requestIdleCallback: Safari), not while the parser waits: their trackers are held meanwhile.
    (window.requestIdleCallback || setTimeout)(purge);
    document.dispatchEvent(new CustomEvent('CCConfigSet'));
    settle();
    const ready = () => {
      if (document.querySelector(HELD_TAGS) || (c.iframePlaceholders && document.querySelector('iframe[data-src]'))) withUi();
    };
    whenParsed(ready);
    const m = c.multimedia;
    // Bootstrap Italia 2.11 plays every video of the page itself (AcceptOverlay) while its
    // localStorage remembers "multimedia": forgotten unless allowed, before it reads it (the config
    // of that moment: a later call may have changed it).
    if (m && !forgetting) {
      forgetting = true;
      beforeOverlays(() => {
        const name = config?.multimedia;
        try {
          const seen = JSON.parse(localStorage[BI_CHOICES]);
          if (name && seen.multimedia && !allowsName(name)) localStorage[BI_CHOICES] = JSON.stringify({ ...seen, multimedia: false });
        } catch {
          /* no storage, nothing remembered, or not the theme's JSON */
        }
      });
    }
    // The OpenPA chunk (a choice carried over from orestbida's cookie makes the bar needless: decided
    // first) and the bar run once the page's blocks show their first content: the page's own content
    // comes first (issue 31). What they need is fetched side by side, at low priority, once the page is
    // parsed and the blocks' first requests are out, not each after the chunk that imports it: on a
    // phone on 4G the bar came 5 s into the load, after three round trips one after the other. Which
    // chunks is decided then too: the stored choice is not read while the page parses (a synchronous
    // round trip to the browser's cookie store).
    const theme = m || c.carryOver;
    if (first)
      chunks.prefetch(() =>
        core.needsChoice()
          ? ['consent-ui', 'consent-' + pageTexts(c, document.documentElement.lang), ...(theme ? ['consent-openpa'] : [])]
          : [],
      );
    // (the bar once the delay is over, and once: showBar() shows one bar, only while a choice is needed)
    chunks
      .firstContent()
      .then(() => theme && withOpenpa())
      .then(() =>
        setTimeout(() => {
          if (!core.needsChoice()) return;
          withUi();
          setTimeout(() => withUi((u) => u.showBar()), c.barTimeout);
        }),
      );
  }

  function readStored(c: ConsentConfig): void {
    read = true;
    const { verdict, record } = judge(readCookie(readCookies()), c);
    // (with carryOver, the openpa chunk maps an older record onto this config instead)
    if (verdict === 'discard' && !c.carryOver) discard();
    // Global Privacy Control (opt-in) pre-sets what the visitor has not answered yet to off.
    applyRecord(c, record, !!(c.globalPrivacyControl && (navigator as any).globalPrivacyControl));
    c.cookieExists = !!record;
    choiceNeeded = verdict !== 'apply';
  }

  /** The spec: a stale record is deleted and the page reloaded; we reload at most once per session, and only if the deletion worked. */
  function discard(): void {
    expire(COOKIE_NAME);
    let reload = false;
    try {
      if (readCookie(readCookies()) === null && !sessionStorage.getItem(RELOADED)) {
        sessionStorage.setItem(RELOADED, '1');
        reload = true;
      }
    } catch {
      /* no storage: no guard, so no reload */
    }
    if (reload) location.reload();
    else void log.warn({ code: 'staleConsent' });
  }

  function install(): void {
    // text/plain, JSON, templates never run: only a script that would is held
    replay = installInterceptor((type, texts) =>
      !type || /^module$|script/i.test(type)
        ? blockedOfType(known()!, 'dynamic-script').find(([, s]) => searchMatches(s, texts))
        : undefined,
    );
    installCookieFilter((name) => cookieWriteBlocked(known()!, name));
    // The portal's links, ours, and the OpenPA themes' orestbida controls (data-cc, also clicked
    // from inside an embed's preview frame through window.parent.document).
    document.addEventListener('click', (e) => {
      const opener = (e.target as Element | null)?.closest?.('.ccb__edit,[data-piazza-consent-open],[data-cc^=show-],[data-cc^=accept-]');
      if (!opener) return;
      e.preventDefault();
      withUi((u) => u.open(opener));
    });
  }

  function purge(): void {
    cookiesToDelete(known()!, presentCookies()).forEach(expire);
  }

  /** What follows the current choice: held scripts, wrapped callbacks, and (in the UI chunk) tags and embeds. */
  function settle(): void {
    replay((s) => !categoryBlocked(known()!, s.category));
    const now = waiting.filter(([name]) => allowsName(name));
    waiting = waiting.filter((w) => !now.includes(w));
    now.forEach(([name, cb]) => run(name, cb));
    ui?.then(
      (u) => u.refresh(),
      () => {},
    );
  }

  const core = {
    get config() {
      return known();
    },
    nonce: ctx.nonce,
    report,
    needsChoice: () => (known(), choiceNeeded),
    allows: allowsName,
    stored(record) {
      const c = known()!;
      c.cookieExists = true;
      choiceNeeded = false;
      purge();
      settle();
      gcmSignal(c, 'update');
      window.dispatchEvent(new CustomEvent('cconsent-setCookie', { detail: record }));
      ctx.events.emit('consent:change', record);
    },
    replace: (next, old) => nativeReplace.call(old.parentNode!, next, old),
    log,
    ui: withUi,
    calls: [],
  } as Omit<ConsentCore, 'legacy'> as ConsentCore; // (legacy: window.CookieConsent, below)

  const api: ConsentApi = {
    open() {
      if (config) withUi((u) => u.open(document.activeElement));
    },
    get: () => (known()?.cookieExists ? buildRecord(config!) : null),
    allows: allowsName,
    knows: (name) => !!config && (name in config.categories || !!serviceNamed(config, name)),
  };
  ctx.consent = api;

  /** orestbida: a valid choice exists (and its category is accepted). */
  const valid = () => !!known()?.cookieExists && !choiceNeeded;
  const acceptedCategory = (name: string) => valid() && !categoryBlocked(config!, name);
  (window as any).CookieConsent = core.legacy = {
    init: configure,
    setConfiguration: configure,
    get config() {
      return known();
    },
    /** Runs cb when `name` is not blocked; otherwise once, as soon as it is allowed. */
    wrapper(name: string, cb: () => void) {
      if (typeof cb !== 'function') return;
      if (allowsName(name)) run(name, cb);
      else waiting.push([name, cb]);
    },
    // orestbida v3's questions before acting: answered at once from the choice applied now.
    validConsent: valid,
    acceptedCategory,
    acceptedService: (service: string, category: string) => acceptedCategory(category) && config!.services[service]?.category === category,
    // orestbida's run(), the one call of the themes' own templates: kept, with its callbacks, for the
    // openpa chunk (its other calls are added there when it arrives, at boot on a theme's config).
    run: (...args: unknown[]) =>
      new Promise((done) => {
        core.calls.push(['run', args, done]);
        withOpenpa();
      }),
  } as ConsentCore['legacy'];

  const source = document.getElementById('piazza-consent');
  if (source) {
    let raw: unknown;
    try {
      raw = JSON.parse(source.textContent || '');
    } catch (e) {
      broken = true;
      report([{ path: '/', code: 'json', detail: (e as Error).message }]);
    }
    if (!broken) configure(raw);
  }
  return api;
}

/** Bootstrap Italia's remembered choices (`bootstrap.cookies.rememberChoice`), in localStorage. */
const BI_CHOICES = 'bs-ck3';

/** Bootstrap Italia 2.11's AcceptOverlay, which reads the remembered choices when it is made. */
const OVERLAY = '[data-bs-accept-from]';

/**
 * `fix` before Bootstrap Italia 2.11 can read its remembered choices: its bundle (at the end of
 * <body>) makes an AcceptOverlay for each overlay then in the page, and one remembering
 * "multimedia" plays its video by itself. Not at boot: a page's first storage access is a
 * synchronous round trip to the browser, 6–37 ms on the bench while the page loads (issue 31),
 * and piazza.js holds the parser meanwhile. So when the first overlay is inserted (a parser's
 * mutation record is delivered at its microtask checkpoint, before any later script runs), and
 * never on a page without one: not at idle either, where the round trip would hold a block's
 * answer that arrives meanwhile.
 */
function beforeOverlays(fix: () => void): void {
  if (document.querySelector(OVERLAY)) return fix();
  const watch = new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n.nodeType === 1 && ((n as Element).matches(OVERLAY) || (n as Element).querySelector(OVERLAY))) {
          watch.disconnect();
          return fix();
        }
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Objects and lists copied, every other value as is (a RegExp, a function of the legacy call). */
const clone = (v: unknown): unknown =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) : Array.isArray(v) ? v.map(clone) : v;
