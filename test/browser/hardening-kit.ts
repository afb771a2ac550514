// Shared probes of the hardening suites: the XSS tripwire (window.__piazzaXss, called by every
// payload of the hostile dataset), unhandled promise rejections, a DOM scan for live hostile
// markup, requests to origins nothing is configured to use, and the page still being usable.
import type { Browser, Page } from 'puppeteer-core';
import { newProbe, waitReady, type Emulator, type Probe } from './harness';
// @ts-ignore plain JS fixture module
import { ATTACKER_ORIGIN, XSS_MARKER } from '../../fixtures/data/hostile.mjs';

export { ATTACKER_ORIGIN };

/**
 * Installed before any script of the page (and of its frames): every payload that runs calls
 * window.__piazzaXss(id) — here, of the top window — and lands in __piazzaXssHits; every
 * unhandled promise rejection lands in __piazzaRejections.
 */
export async function installProbes(page: Page): Promise<void> {
  await page.evaluateOnNewDocument((marker: string) => {
    const w = window as any;
    if (w === w.top) {
      const hits: string[] = (w.__piazzaXssHits = []);
      Object.defineProperty(w, marker, { value: (id: unknown) => hits.push(String(id)) > 0, configurable: false, writable: false });
    }
    const rejections: string[] = (w.__piazzaRejections = []);
    w.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
      const r = e.reason as any;
      rejections.push(String(r?.stack || r?.message || r));
    });
  }, XSS_MARKER);
}

/** A probe with the tripwire, on `url`, after the first mount pass. */
export async function openGuarded(browser: Browser, url: string, viewport?: { width: number; height: number }): Promise<Probe> {
  const probe = await newProbe(browser, viewport);
  await installProbes(probe.page);
  await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

export const xssHits = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__piazzaXssHits.slice());
export const rejections = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__piazzaRejections.slice());

export interface DomScan {
  /** Elements with an on* attribute (the demo pages have none of their own). */
  handlers: string[];
  /** URL attributes that would run code or render a document: javascript:, vbscript:, data:text/html, data:image/svg+xml. */
  codeUrls: string[];
  /** Elements hostile data may never create: scripts carrying a payload, frames, objects, base, meta refresh, foreign stylesheets. */
  elements: string[];
  /** Anything other than a link that points at the attacker's origin (images, frames, styles, JSONP…). */
  attackerRefs: string[];
}

/** Scans the whole document (and open shadow roots) for hostile markup that became live. */
export function scanDom(page: Page): Promise<DomScan> {
  return page.evaluate(
    (marker: string, attacker: string) => {
      const out = { handlers: [] as string[], codeUrls: [] as string[], elements: [] as string[], attackerRefs: [] as string[] };
      const describe = (el: Element) =>
        el.tagName.toLowerCase() +
        (el.id ? '#' + el.id : '') +
        (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : '');
      // What a URL parser does first: strip leading/trailing C0 controls and spaces, drop tabs and newlines.
      // eslint-disable-next-line no-control-regex
      const normal = (v: string) =>
        v
          .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
          .replace(/[\t\n\r]/g, '')
          .toLowerCase();
      const CODE = /^(javascript|vbscript):|^data:(text\/html|image\/svg\+xml|application\/xhtml)/;
      const URL_ATTRS = new Set([
        'href',
        'src',
        'action',
        'formaction',
        'xlink:href',
        'data',
        'poster',
        'background',
        'codebase',
        'cite',
        'ping',
      ]);
      const visit = (root: Document | ShadowRoot) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const tag = el.tagName.toLowerCase();
          for (const a of Array.from(el.attributes)) {
            const name = a.name.toLowerCase();
            if (name.startsWith('on')) out.handlers.push(describe(el) + ' ' + name);
            if (URL_ATTRS.has(name) && CODE.test(normal(a.value)))
              out.codeUrls.push(describe(el) + ' ' + name + '=' + a.value.slice(0, 60));
            if (name === 'srcdoc') out.elements.push(describe(el) + ' srcdoc');
            if (name === 'content' && tag === 'meta' && /url\s*=/i.test(a.value)) out.elements.push('meta refresh');
            if (a.value.includes(attacker.slice(7)) && !(tag === 'a' && name === 'href')) out.attackerRefs.push(describe(el) + ' ' + name);
          }
          // A script that would run (JSON configs and text/plain held-back tags are data).
          const runs =
            tag === 'script' && /^(|text\/javascript|module|application\/javascript)$/i.test((el.getAttribute('type') || '').trim());
          if (runs && ((el.textContent || '').includes(marker) || (el.getAttribute('src') || '').includes(attacker.slice(7))))
            out.elements.push('script ' + (el.textContent || '').slice(0, 40));
          if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) out.elements.push(describe(el));
          if (tag === 'style' && (el.textContent || '').includes(attacker.slice(7))) out.elements.push('style @import');
          if (tag === 'link' && (el.getAttribute('href') || '').includes(attacker.slice(7))) out.elements.push('link stylesheet');
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return out;
    },
    XSS_MARKER,
    ATTACKER_ORIGIN,
  );
}

export const CLEAN_SCAN: DomScan = { handlers: [], codeUrls: [], elements: [], attackerRefs: [] };

/** Requests that went to an origin the page was not configured to use. */
export const foreignRequests = (probe: Probe, allowed: Array<Emulator | string>) => {
  const origins = allowed.map((a) => (typeof a === 'string' ? a : a.origin));
  return probe.requests.filter((u) => !/^(data|blob|about):/.test(u) && !origins.some((o) => u.startsWith(o + '/')));
};

/**
 * The page does not scroll sideways (long unbroken strings wrap or are contained). With `within`,
 * only what piazza made counts (the portal's own markup is the portal's business): elements under
 * those selectors that reach past the viewport.
 */
export const overflow = (page: Page, within?: string) =>
  page.evaluate((scope) => {
    const doc = document.documentElement;
    const right = doc.clientWidth + 1;
    if (!scope && doc.scrollWidth <= right) return [];
    const pool = scope
      ? Array.from(document.querySelectorAll(scope)).flatMap((r) => [r, ...Array.from(r.querySelectorAll('*'))])
      : Array.from(document.body.querySelectorAll('*'));
    // Name the widest culprits: elements wider than the viewport whose children are not.
    return pool
      .filter(
        (el) => el.getBoundingClientRect().right > right && Array.from(el.children).every((c) => c.getBoundingClientRect().right <= right),
      )
      .slice(0, 5)
      .map(
        (el) =>
          el.tagName.toLowerCase() +
          '.' +
          String(el.className).split(' ').slice(0, 3).join('.') +
          ' right=' +
          Math.round(el.getBoundingClientRect().right),
      );
  }, within ?? null);

/**
 * Shortens the client's timeouts (15 s) for the test's sake, before any script of the page: every
 * timer of 10 s or more (the XHR and JSONP clients’ timeouts are such timers) runs `factor` times
 * sooner. What is checked is what happens after a timeout, never how long it takes.
 */
export async function shortenTimeouts(page: Page, options: { factor?: number } = {}): Promise<void> {
  await page.evaluateOnNewDocument((factor: number) => {
    const set = window.setTimeout;
    (window as any).setTimeout = (fn: any, ms?: number, ...rest: any[]) =>
      set(fn, ms && ms >= 10000 ? Math.round(ms / factor) : ms, ...rest);
  }, options.factor ?? 5);
}
