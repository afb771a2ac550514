// Shared steps of the cross-portal accessibility suite (test/browser/a11y-*.test.ts): the demo
// pages as the portal's index lists them, "the page has settled", axe with a state name, the polite
// live regions' messages, keyboard helpers that read `document.activeElement`, and the facts the PA
// validator (italia/pa-website-validator-ng) checks: Bootstrap Italia's class list, fonts, cookies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, expect } from 'vitest';
import { announced, newProbe, projectRoot, quiet, waitReady, type Emulator, type Probe } from '../harness';
import { useBrowserEnv } from '../env';
import { axeChecked } from '../expect-axe';
import { expected } from '../listing-helpers';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
/** WCAG 1.4.10: 320 CSS px wide is what a 1280 px window shows at 400 % (and a 640 px one at 200 %). */
export const REFLOW = { width: 320, height: 640 };

/** Every block, helper and consent root piazza renders or enhances, as one selector. */
export const BLOCK_ROOTS = [
  '[data-piazza-block]',
  '#cconsent-bar',
  '#cconsent-modal[open]',
  'dialog.piazza-gallery[open]',
  // the stacked copy of a table (a table the helper declines, with no header cells or fewer than
  // three columns as in stacktable.js, stays the portal's own content)
  '[data-piazza-stack-copy]',
  // shared-link embeds and consent placeholders
  '[data-piazza-embed]',
  '.table-procedure-wrapper',
  '[data-shared_link_view]',
  '[class*="shared_link-"]',
].join(', ');

/**
 * The demo pages, read from the portal's index (`fixtures/pages/index.html`, list `#demo-pages`)
 * at collection time, so a page added there is covered without touching this suite. The index
 * itself comes first.
 */
export function demoPages(): string[] {
  const html = readFileSync(join(projectRoot, 'fixtures/pages/index.html'), 'utf8');
  const list = /<ul[^>]*id="demo-pages"[^>]*>([\s\S]*?)<\/ul>/.exec(html);
  if (!list) throw new Error('fixtures/pages/index.html has no <ul id="demo-pages">');
  const hrefs = [...list[1].matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''));
  return ['', ...new Set(hrefs)];
}

/** A page in a context of its own (no cookie or storage from another test), ready, in the foreground. */
export async function openIsolated(
  browser: Browser,
  url: string,
  options: {
    viewport?: { width: number; height: number };
    reducedMotion?: boolean;
    before?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<Probe> {
  const context = await browser.createBrowserContext();
  const probe = await newProbe(context as unknown as Browser, options.viewport ?? DESKTOP);
  probe.page.once('close', () => void context.close().catch(() => {}));
  await options.before?.(probe.page);
  if (options.reducedMotion) await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await probe.page.bringToFront(); // focus and keyboard need the foreground tab
  await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

export interface A11yEnv {
  /** The emulator serving the demo portal (one per file). */
  portal: Emulator;
  /** One Chromium per file. */
  browser: Browser;
  /** Opens `path` in a context of its own (reduced motion unless asked otherwise), settled. */
  visit(path: string, options?: { viewport?: { width: number; height: number }; reducedMotion?: boolean }): Promise<Page>;
  /** The probe (console, requests) of the last page visited. */
  probe(): Probe;
}

/**
 * A suite file's set-up: the emulator and one browser for the file; after each test every page
 * visited must have had no page error and sent nothing off 127.0.0.1, faults are cleared and the
 * pages closed; at the end the file's page × state list is printed (PIAZZA_A11Y_MATRIX=1).
 */
export function a11yEnv(file: string): A11yEnv {
  const open: Probe[] = [];
  const env = useBrowserEnv() as unknown as A11yEnv;
  // Registered after useBrowserEnv's: runs before it closes the test's pages.
  afterEach(() => {
    for (const p of open.splice(0)) {
      expect(p.pageErrors, 'page errors').toEqual([]);
      expect(p.external(), 'requests leaving 127.0.0.1').toEqual([]);
    }
  });
  afterAll(() => printMatrix(file));
  env.visit = async (path, { viewport = DESKTOP, reducedMotion = true } = {}) => {
    const probe = await openIsolated(env.browser, env.portal.url + path, { viewport, reducedMotion });
    open.push(probe);
    await settle(probe.page);
    return probe.page;
  };
  env.probe = () => open[open.length - 1];
  return env;
}

/**
 * Waits until the page has settled: no request for a while, and no block loading (a busy region,
 * a `loading` status, a spinner, a table waiting for its first draw).
 */
export async function settle(page: Page): Promise<void> {
  await quiet(page);
  await page.waitForFunction(
    () => {
      const busy = document.querySelector(
        '[data-piazza-block] [aria-busy="true"], [data-piazza-status="loading"], .piazza-datatable-placeholder, .piazza-agenda-loading, .piazza-geo-loading',
      );
      return !busy;
    },
    { timeout: 20_000 },
  );
  await quiet(page);
}

/** With PIAZZA_A11Y_MATRIX=1, prints the page × state list this file checked with axe. */
export function printMatrix(file: string): void {
  if (process.env.PIAZZA_A11Y_MATRIX) console.log(`axe-checked states (${file}):\n  ` + axeChecked.join('\n  '));
}

// ---------------------------------------------------------------------------------------------
// Live regions

/**
 * Starts recording what every polite live region under `root` says: one entry per change to a
 * non-empty text (a region cleared and filled again, as announcers do to repeat a message, counts
 * once per fill). Regions added later (a lazily loaded tab, a dialog) are recorded too.
 * Assertive ones (role=alert) are recorded apart: they are not the result messages.
 */
export async function recordLive(page: Page, root: string): Promise<void> {
  await page.evaluate((rootSelector) => {
    const w = window as any;
    const said: Array<{ region: string; text: string; polite: boolean }> = (w.__a11yLive = []);
    const last = new WeakMap<Element, string>();
    const politeSel =
      '[aria-live="polite"], [role="status"]:not([aria-live="assertive"]):not([aria-live="off"]), [role="log"]:not([aria-live="off"])';
    const assertiveSel = '[aria-live="assertive"], [role="alert"]:not([aria-live="polite"]):not([aria-live="off"])';
    // Named after the block it belongs to (its id), or the dialog, then the region itself.
    const name = (el: Element) => {
      const block = el.closest('[data-piazza-block]')?.id || String(el.closest('dialog')?.className || '');
      return (block ? block + ' > ' : '') + (el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + String(el.className).split(/\s+/)[0]);
    };
    const regionsOf = (node: Node): Element[] => {
      const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
      if (!el) return [];
      const found: Element[] = [];
      const up = el.closest(politeSel + ', ' + assertiveSel);
      if (up) found.push(up);
      for (const inner of Array.from(el.querySelectorAll(politeSel + ', ' + assertiveSel))) found.push(inner);
      return found;
    };
    // What regions hold when recording starts is not a message.
    for (const r of Array.from(document.querySelectorAll(rootSelector)).flatMap((x) => [
      x,
      ...Array.from(x.querySelectorAll(politeSel + ', ' + assertiveSel)),
    ])) {
      last.set(r, (r.textContent || '').trim());
    }
    const observer = new MutationObserver((records) => {
      const touched = new Set<Element>();
      for (const rec of records) for (const r of regionsOf(rec.target)) touched.add(r);
      for (const r of touched) {
        if (!r.closest(rootSelector)) continue;
        const text = (r.textContent || '').replace(/\s+/g, ' ').trim();
        const before = last.get(r);
        last.set(r, text);
        if (text && text !== before) said.push({ region: name(r), text, polite: r.matches(politeSel) });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    w.__a11yLiveObserver = observer;
  }, root);
}

export interface LiveMessage {
  region: string;
  text: string;
  polite: boolean;
}

export const liveMessages = (page: Page): Promise<LiveMessage[]> => page.evaluate(() => ((window as any).__a11yLive || []).slice());

/** Forgets what was said so far (between two result changes). */
export const clearLive = (page: Page) =>
  page.evaluate(() => {
    ((window as any).__a11yLive || []).length = 0;
  });

/** Waits for the first polite message, then lets later ones (a debounce, a second render) arrive. */
export async function politeAfter(page: Page, action: () => Promise<unknown>): Promise<LiveMessage[]> {
  await clearLive(page);
  await action();
  await page.waitForFunction(() => ((window as any).__a11yLive || []).some((m: LiveMessage) => m.polite), { timeout: 15_000 });
  await settle(page);
  await announced(page);
  return (await liveMessages(page)).filter((m) => m.polite);
}

// ---------------------------------------------------------------------------------------------
// Keyboard

export interface Focused {
  tag: string;
  id: string;
  role: string;
  /** Accessible-name-ish: aria-label, else the text. */
  name: string;
  /** A short path for messages: `#id` or `tag.class`. */
  where: string;
}

export const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: 'none', id: '', role: '', name: '', where: '(none)' };
    const name = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).value || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120);
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      role: el.getAttribute('role') || '',
      name,
      where: el.id ? '#' + el.id : el.tagName.toLowerCase() + (cls ? '.' + cls : ''),
    };
  });

/** Is the focused element matched by `selector` (or inside an element it matches, with `within`)? */
export const focusMatches = (page: Page, selector: string, within = false) =>
  page.evaluate(
    (s, w) => {
      const el = document.activeElement;
      return !!el && el !== document.body && (w ? !!el.closest(s) : el.matches(s));
    },
    selector,
    within,
  );

/** Presses a key and lets the page react (a render, a focus move) before reading focus. */
export async function press(page: Page, key: string, shift = false): Promise<void> {
  if (shift) await page.keyboard.down('Shift');
  await page.keyboard.press(key as any);
  if (shift) await page.keyboard.up('Shift');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/**
 * Tabs (or Shift+Tabs) until the focused element matches `selector`; fails after `max` presses,
 * naming where focus went. Returns how many presses it took.
 */
export async function tabTo(page: Page, selector: string, { max = 150, shift = false, within = false } = {}): Promise<number> {
  const path: string[] = [];
  for (let i = 1; i <= max; i++) {
    await press(page, 'Tab', shift);
    if (await focusMatches(page, selector, within)) return i;
    path.push((await focused(page)).where);
  }
  throw new Error(`${shift ? 'Shift+Tab' : 'Tab'} never reached ${selector} in ${max} presses; focus went: ${path.slice(-25).join(' → ')}`);
}

export interface Walk {
  /** Each stop, `#id` or `tag.class`. */
  stops: string[];
  /** How many stops fell inside each of the `roots` given. */
  inside: Record<string, number>;
  /** Where the walk met a control a second time before focus left the document (a trap), else null. */
  trappedAt: string | null;
  /** Focus came back to the walk's first stop (round the document, or round a modal dialog). */
  wrapped: boolean;
}

/**
 * Walks the page with Tab (or Shift+Tab) from where focus is, until focus leaves the document
 * (headless Chromium then focuses the body). A keyboard trap shows as a control met again before
 * the walk ends.
 */
export async function walk(page: Page, { shift = false, max = 400, roots = [] as string[] } = {}): Promise<Walk> {
  const stops: string[] = [];
  const inside: Record<string, number> = Object.fromEntries(roots.map((r) => [r, 0]));
  const seen = new Map<string, number>();
  for (let i = 0; i < max; i++) {
    await press(page, 'Tab', shift);
    const stop = await page.evaluate((rs) => {
      const el = document.activeElement;
      if (!el || el === document.body || el === document.documentElement) return null;
      const w = window as any;
      w.__a11yKeys ??= new WeakMap();
      if (!w.__a11yKeys.has(el)) w.__a11yKeys.set(el, 'k' + (w.__a11yKeys.n = (w.__a11yKeys.n || 0) + 1));
      const cls = String((el as HTMLElement).className || '').split(/\s+/)[0];
      return {
        key: w.__a11yKeys.get(el) as string,
        label: el.id ? '#' + el.id : el.tagName.toLowerCase() + (cls ? '.' + cls : ''),
        in: rs.filter((r) => !!el.closest(r)),
      };
    }, roots);
    if (!stop) return { stops, inside, trappedAt: null, wrapped: false };
    // Back at the walk's first stop: focus went round the whole document (headless Chromium wraps
    // Shift+Tab from the first control to the last one instead of leaving the page), or round a dialog.
    if (seen.get(stop.key) === 0) return { stops, inside, trappedAt: null, wrapped: true };
    if (seen.has(stop.key))
      return { stops, inside, trappedAt: stop.label + ' (again after ' + (stops.length - seen.get(stop.key)!) + ' stops)', wrapped: false };
    seen.set(stop.key, stops.length);
    stops.push(stop.label);
    for (const r of stop.in) inside[r]++;
  }
  return { stops, inside, trappedAt: 'no end after ' + max + ' stops', wrapped: false };
}

// ---------------------------------------------------------------------------------------------
// PA validator (italia/pa-website-validator-ng)
//
// The checks below do what the validator's code does (read at v1.1.38, bb31fe92: src/audits/
// municipality_bootstrap, font, cookie, src/gatherers), on the same page state, and say where
// they differ:
// - C.SI.1.2 (validatorBootstrap): the same version reading — `window.BOOTSTRAP_ITALIA_VERSION`,
//   else the `--bootstrap-italia-version` of the body's computed style, trimmed, double quotes
//   removed (only those), compared with the same library (compare-versions 6, ≥ 2.0.0; a value it
//   cannot read throws, and the validator fails the page with that message) — and the same class
//   count (class attributes split on " ", distinct, rounded percentage ≥ 30). Differs: the
//   validator counts against a fixed list of Bootstrap Italia class names of its own
//   (cssClasses.ts, 3,495 names); here the list is read from the stylesheet of Bootstrap Italia
//   2.18.3 the demo pages load (bootstrapItaliaClasses). No Drupal pass (isDrupal: not a Drupal site).
// - C.SI.1.1 (validatorFonts): the same elements (every h1–h6 and p of the body), the first family
//   with double quotes removed at its ends (only those), the same allowed names, and a child with
//   another family makes its heading or paragraph "tolerable" (the first such child). The project's
//   own font test (a11y-validator.test.ts) is stricter: inside the blocks, every descendant.
// - C.SI.3.1 (validatorCookieOk): the same domain test; the site's domain is the page's (the
//   validator's `website` setting is the portal's home).
// - The crawl (crawlAppendBlocks): the validator clicks the page's first
//   `[data-element="load-other-cards"]` until the count of its links (`[data-element=event-link]`
//   and the like) stops growing, waiting for the network to be idle 2 s after each click; here
//   every listing block's button is clicked until it is gone, each click waiting for more items,
//   and what the block lists is compared with what the emulator counts.

let biClassSet: Set<string> | null = null;
/** Every class Bootstrap Italia's stylesheet names in a selector (C.SI.1.2 counts page classes against them). */
export function bootstrapItaliaClasses(): Set<string> {
  if (biClassSet) return biClassSet;
  let css = readFileSync(join(projectRoot, 'node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css'), 'utf8');
  css = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Keep only selectors: drop declaration blocks (innermost first) and string/url contents.
  css = css.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  let prev = '';
  while (prev !== css) {
    prev = css;
    css = css.replace(/\{[^{}]*\}/g, ',');
  }
  const set = new Set<string>();
  for (const m of css.matchAll(/\.(-?[_a-zA-Z][_a-zA-Z0-9-]*(?:\\.[_a-zA-Z0-9-]*)*)/g)) set.add(m[1].replace(/\\/g, ''));
  biClassSet = set;
  return set;
}

/** The validator's own count: distinct `class` attribute tokens of every element, split on a space as it does. */
export const pageClasses = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const used = new Set<string>();
    for (const el of Array.from(document.getElementsByTagName('*'))) {
      for (const c of (el.getAttribute('class') ?? '').split(' ')) if (c) used.add(c);
    }
    return [...used];
  });

export interface BootstrapCheck {
  /** What the page says, as the validator reads it (null: nothing there). */
  fromScript: string | null;
  fromStyle: string | null;
  /** The version the validator takes ('' when neither says one). */
  version: string;
  /** compare-versions' error on that text, which fails the page; null when it could read it. */
  error: string | null;
  /** ≥ 2.0.0 */
  recent: boolean;
}

/** C.SI.1.2's version, read and compared as municipality_bootstrap/index.ts does (see above). */
export async function validatorBootstrap(page: Page): Promise<BootstrapCheck> {
  const { compareVersions } = await import('compare-versions');
  const raw = await page.evaluate(() => ({
    fromScript: ((window as any).BOOTSTRAP_ITALIA_VERSION as string | undefined) || null,
    fromStyle: getComputedStyle(document.body).getPropertyValue('--bootstrap-italia-version') || null,
  }));
  const clean = (v: string | null) => (v === null ? null : v.trim().replaceAll('"', ''));
  const fromScript = clean(raw.fromScript);
  const fromStyle = clean(raw.fromStyle);
  const version = fromScript || fromStyle || '';
  const out: BootstrapCheck = { fromScript, fromStyle, version, error: null, recent: false };
  if (!version) return out;
  try {
    out.recent = compareVersions(version, '2.0.0') >= 0;
  } catch (e) {
    out.error = (e as Error).message;
  }
  return out;
}

/** C.SI.1.1 as font/index.ts checks it: the h1–h6 and p of the body whose first family is not a model font, and those only a child of which is ("tolerable"). */
export const validatorFonts = (page: Page): Promise<{ wrong: string[]; tolerable: string[]; checked: number }> =>
  page.evaluate((allowed) => {
    const wrongFonts = (e: Element) =>
      getComputedStyle(e)
        .fontFamily.split(',', 1)
        .map((s) => s.replace(/^"|"$/g, ''))
        .filter((x) => !allowed.includes(x));
    const name = (e: Element) =>
      e.tagName.toLowerCase() +
      (e.id ? '#' + e.id : '') +
      '.' +
      String(e.getAttribute('class') || '')
        .trim()
        .split(/\s+/)
        .join('.');
    const wrong: string[] = [];
    const tolerable: string[] = [];
    const outer = document.body.querySelectorAll('h1, h2, h3, h4, h5, h6, p');
    for (const e of Array.from(outer)) {
      const own = wrongFonts(e);
      if (own.length) {
        wrong.push(name(e) + ': ' + own.join(', '));
        continue;
      }
      for (const child of Array.from(e.querySelectorAll('*'))) {
        const f = wrongFonts(child);
        if (f.length) {
          tolerable.push(name(e) + ' > ' + name(child) + ': ' + f.join(', '));
          break;
        }
      }
    }
    return { wrong, tolerable, checked: outer.length };
  }, VALIDATOR_FONTS);

/** The names the validator allows (municipality_font/allowedFonts.ts), spelled as it lists them. */
const VALIDATOR_FONTS = ['Titillium Web', 'Lora', 'Roboto Mono', 'titillium web', 'lora', 'roboto mono'];

/** C.SI.3.1 as cookie/index.ts judges one cookie: its domain is the page's host or under it, or under the site's (www. removed everywhere). */
export function validatorCookieOk(domain: string, pageUrl: string, siteUrl = pageUrl): boolean {
  const pageHost = new URL(pageUrl).hostname.replaceAll('www.', '');
  const siteHost = new URL(siteUrl).hostname.replaceAll('www.', '');
  return pageHost === domain.replaceAll('www.', '') || domain.endsWith('.' + pageHost) || domain.endsWith('.' + siteHost);
}

/** Bootstrap Italia's model fonts (C.SI.1.1): the first family of every heading and paragraph. */
export const MODEL_FONTS = ['Titillium Web', 'Lora', 'Roboto Mono'];

/** The first family of a computed `font-family` (what the validator compares). */
export const firstFamily = (family: string) =>
  family
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '');

/**
 * Reflow (WCAG 1.4.10) inside each block root: what would make the reader scroll sideways. A root
 * or a box inside it that scrolls sideways, and any content (text, pictures, controls) that sticks
 * out of the root or the window. (A root's own scrollWidth also counts Bootstrap's `.row` gutters,
 * empty negative margins the portal's container padding takes in: not content, not a scroll.)
 */
export const overflowing = (page: Page, roots: string) =>
  page.$$eval(roots, (els) => {
    const out: string[] = [];
    const name = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? '#' + el.id : '') +
      '.' +
      (el.getAttribute('class') || '').trim().split(/\s+/).slice(0, 2).join('.');
    // Not content for anyone: visually hidden texts, hidden or inert parts (a lightbox's other slides).
    const hiddenText = (el: Element) =>
      !!el.closest('.visually-hidden, .visually-hidden-focusable:not(:focus), .sr-only, [hidden], [aria-hidden="true"], [inert]');
    // Boxes whose insides are drawn by a library to their own size (a map's canvas, its overlays).
    const drawn = '.ol-viewport';
    for (const root of els) {
      const rs = getComputedStyle(root);
      if ((root as HTMLElement).offsetParent === null && rs.position !== 'fixed') continue;
      const box = root.getBoundingClientRect();
      const left = Math.max(box.left, 0) - 1;
      const right = Math.min(box.right, innerWidth) + 1;
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (el.closest(drawn)) continue;
        const cs = getComputedStyle(el);
        if (/auto|scroll/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
          out.push(`${name(root)} › ${name(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth} px`);
        }
      }
      // Content that sticks out, unless a box that scrolls (reported above) holds it.
      const inScroller = (el: Element) => {
        for (let a = el.parentElement; a && a !== root; a = a.parentElement)
          if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
        return false;
      };
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.nodeType === 1 ? (n as Element) : n.parentElement!;
        if (el.closest(drawn) || hiddenText(el) || inScroller(el)) continue;
        let rects: DOMRect[];
        if (n.nodeType === 3) {
          if (!(n.textContent || '').trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          rects = Array.from(range.getClientRects());
        } else if (el.matches('img, svg, canvas, iframe, video, input, select, textarea, button')) {
          rects = [el.getBoundingClientRect()];
        } else continue;
        for (const r of rects) {
          if (r.width > 0 && (r.right > right || r.left < left) && !seen.has(el)) {
            seen.add(el);
            out.push(
              `${name(root)} › ${name(el)}${n.nodeType === 3 ? ' "' + (n.textContent || '').trim().slice(0, 30) + '"' : ''}: ${Math.round(r.left)}–${Math.round(r.right)} px, outside ${Math.round(left + 1)}–${Math.round(right - 1)}`,
            );
          }
        }
      }
    }
    return out;
  });

/** Opens the popup of the first place the map's companion list shows (opening its group first if needed). */
export async function openFirstPlace(page: Page, blockId: string): Promise<void> {
  const block = '#' + blockId;
  if (!(await page.$(`${block} .piazza-geo-show`))) {
    await page.click(`${block} .piazza-geo-group`);
    await page.waitForSelector(`${block} .piazza-geo-group[aria-expanded=true]`);
  }
  await page.click(`${block} .piazza-geo-show`);
  await page.waitForSelector(`${block} .piazza-geo-popup[data-piazza-status=ready]`);
}

/** C.SI.1.2's figure: the share of the page's distinct classes that are Bootstrap Italia's (`percentage` rounded as the validator does; it wants ≥ 30). */
export async function bootstrapItaliaShare(page: Page): Promise<{ share: number; percentage: number; total: number; others: string[] }> {
  const bi = bootstrapItaliaClasses();
  const classes = await pageClasses(page);
  const others = classes.filter((c) => !bi.has(c));
  const share = (classes.length - others.length) / classes.length;
  return { share, percentage: Math.round(share * 100), total: classes.length, others };
}

export interface Crawled {
  blockId: string;
  clicks: number;
  ids: number[];
  total: number;
  expectedIds: number[] | null;
}

/**
 * The validator's crawl on every listing block with a `[data-element=load-other-cards]` button:
 * click while it is there (the item count must grow each time), then read what the block lists
 * and what the emulator counts for the block's own query (server mode: the endpoint's total).
 */
export async function crawlAppendBlocks(page: Page, dataset: unknown): Promise<Crawled[]> {
  const blocks = await page.$$eval('[data-piazza-block=listing]', (els) =>
    els.filter((el) => el.querySelector('[data-element="load-other-cards"]')).map((el) => el.id),
  );
  const out: Crawled[] = [];
  for (const id of blocks) {
    const items = `#${id} .piazza-listing-list [role=listitem]`;
    let count = await page.$$eval(items, (els) => els.length);
    let clicks = 0;
    for (;;) {
      const button = await page.$(`#${id} [data-element="load-other-cards"]`);
      if (!button) break;
      if (++clicks > 60) throw new Error(`#${id}: still a load-other-cards button after 60 clicks`);
      await button.click();
      await page.waitForFunction((sel, n) => document.querySelectorAll(sel).length > n, { timeout: 15_000 }, items, count);
      await page.waitForFunction((b) => !document.querySelector(`#${b} [data-element="load-other-cards"][aria-busy="true"]`), {}, id);
      count = await page.$$eval(items, (els) => els.length);
    }
    const ids = await page.$$eval(items, (els) => els.map((el) => Number(el.getAttribute('data-piazza-hit'))));
    const config = await page.$eval(`#${id} > script[type="application/json"]`, (s) => JSON.parse(s.textContent || '{}'));
    const total = config.query
      ? expected(dataset, config.query + ' limit 1').total
      : Number(await page.$eval(`#${id} .piazza-listing-list`, (el) => el.getAttribute('data-total')));
    out.push({ blockId: id, clicks, ids, total, expectedIds: config.query ? expected(dataset, config.query + ' limit 300').ids : null });
  }
  return out;
}

/** Content a block clips: a box that hides overflow while its content is wider (not visually-hidden texts). */
export const clipped = (page: Page, roots: string) =>
  page.evaluate((rootSelector) => {
    const out: string[] = [];
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      if ((root as HTMLElement).offsetParent === null && getComputedStyle(root).position !== 'fixed') continue;
      const r = root.getBoundingClientRect();
      const name = root.id ? '#' + root.id : root.tagName.toLowerCase() + '.' + String((root as HTMLElement).className).split(/\s+/)[0];
      if (r.width && (r.left < -1 || r.right > innerWidth + 1))
        out.push(`${name} spans ${Math.round(r.left)}–${Math.round(r.right)} px of a ${innerWidth} px window`);
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        const cs = getComputedStyle(el);
        if (!/hidden|clip/.test(cs.overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
        if (el.matches('.visually-hidden, .visually-hidden-focusable, .sr-only') || el.closest('[inert], [hidden]') || el.clientWidth <= 1)
          continue;
        // A map's canvas and overlays, the calendar's panes and the grid's own scroller manage their insides.
        if (el.closest('.ol-viewport, .toastui-calendar-layout, .rdg, .piazza-geo-map')) continue;
        if (!(el.textContent || '').trim()) continue;
        out.push(
          `${name} › ${el.tagName.toLowerCase()}.${String(el.className).split(/\s+/).slice(0, 2).join('.')}: ${el.scrollWidth} px of content in ${el.clientWidth} px, overflow ${cs.overflowX}`,
        );
      }
    }
    return out;
  }, roots);

/**
 * Listing and data table blocks whose printed reservation (the space held until their first results, issue 31)
 * is more than they take with those results at this width: giving it back would move what is
 * below them (a layout shift). Read by putting the marker back for a moment.
 */
export const reservationsTooTall = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-piazza-block=listing], [data-piazza-block=datatable]'))) {
      const config = JSON.parse(el.querySelector(':scope > script[type="application/json"]')?.textContent || '{}');
      const id = config.blockId || el.id;
      if (!document.querySelector('style#piazza-reserve')?.textContent?.includes('"' + id + '"')) continue;
      if (el.hasAttribute('data-piazza-reserve')) {
        out.push('#' + el.id + ': still holding its space once shown');
        continue;
      }
      const height = el.getBoundingClientRect().height;
      el.setAttribute('data-piazza-reserve', id);
      const reserved = parseFloat(getComputedStyle(el).minHeight);
      el.removeAttribute('data-piazza-reserve');
      // a reservation held exactly (a map-first block's, the geo tab's own boxes) may differ from the drawn box by the
      // layout's sub-pixel rounding: under a pixel moves nothing on screen
      if (reserved - height >= 1)
        out.push(`#${el.id}: ${reserved} px reserved, ${height.toFixed(1)} px with its results at ${innerWidth} px`);
    }
    return out;
  });

/** Everything that breaks reflow in the blocks now: sideways scrolling, content out of its box, clipped. */
export const reflowProblems = async (page: Page): Promise<string[]> => [
  ...(await overflowing(page, BLOCK_ROOTS)),
  ...(await clipped(page, BLOCK_ROOTS)),
];

/** The first few controls inside blocks reached by Tab, each with what draws its focus ring (or nothing). */
export async function focusRings(page: Page, stops = 4): Promise<{ where: string; ring: string }[]> {
  const found: { where: string; ring: string }[] = [];
  // Tab from just before the first block (a focusable marker out of the Tab order), not from the
  // top of the page: the same first controls, without walking the portal's header link by link.
  await page.evaluate((roots) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const first = document.querySelector(roots);
    if (!first) return;
    const marker = document.createElement('span');
    marker.tabIndex = -1;
    marker.setAttribute('data-focus-start', '');
    first.before(marker);
    marker.focus();
  }, BLOCK_ROOTS);
  for (let i = 0; i < 60 && found.length < stops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((roots) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || !el.closest(roots)) return null;
      const cs = getComputedStyle(el);
      const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 ? 'outline ' + cs.outlineWidth : '';
      const shadow = cs.boxShadow && cs.boxShadow !== 'none' ? 'box-shadow' : '';
      const cls = String(el.className || '').split(/\s+/)[0];
      return { where: el.id ? '#' + el.id : el.tagName.toLowerCase() + (cls ? '.' + cls : ''), ring: outline || shadow };
    }, BLOCK_ROOTS);
    if (stop) found.push(stop);
  }
  await page.evaluate(() => document.querySelector('[data-focus-start]')?.remove());
  return found;
}
