// Shared browser-test harness: Debian Chromium driven by puppeteer-core, the emulator on a free
// loopback port, and per-page probes (console errors, page errors, every request, axe-core).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { vi } from 'vitest';
import puppeteer, { type Browser, type Page, type HTTPRequest } from 'puppeteer-core';
import type { FaultSpec, LogEntry } from '../../fixtures/emulator/api.mjs';
// @ts-ignore plain JS fixture module
import { startEmulator } from '../../fixtures/emulator/index.mjs';
import { browserZone, clockScript, testNow } from './clock';

const require = createRequire(import.meta.url);
export const projectRoot = resolve(import.meta.dirname, '../..');
export const distDir = () => resolve(projectRoot, process.env.PIAZZA_DIST || 'dist');

export function chromiumPath(): string | null {
  const candidates = [process.env.PIAZZA_CHROMIUM, '/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

/** A fault for the next requests whose path+query contains `match`, and one logged API request: the emulator's own types. */
export type { FaultSpec, LogEntry };

/** The one handle tests hold on an emulator: its address and dataset, its faults and its request log. */
export interface Emulator {
  url: string;
  origin: string;
  port: number;
  dataset: any;
  faults: { arm(spec: FaultSpec | FaultSpec[]): void; clear(): void; release(): number };
  log: { read(): LogEntry[]; clear(): void };
  /** The last request's number in the served log (GET /__emulator/served?since=…). */
  servedSeq(): number;
  close(): Promise<void>;
}

/** The emulator on a free port; its dataset's "today" is the run's clock (clock.ts) unless `today` is given. */
export function startPortal(options: Record<string, unknown> = {}): Promise<Emulator> {
  return startEmulator({ distDir: distDir(), quiet: true, today: testNow(), ...options });
}

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface LaunchOptions {
  args?: string[];
  /** Hostnames → 127.0.0.1 (e.g. ['comune.test', 'www.comune.test']); every other name fails to resolve. */
  hosts?: string[];
}

export async function launch(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: run scripts/ensure-chromium.sh or set PIAZZA_CHROMIUM');
  const profile = mkdtempSync(join(tmpdir(), 'piazza-chromium-'));
  // Nothing may leave the machine: names resolve only to loopback, and only those the test lists.
  const map = (options.hosts || []).map((h) => `MAP ${h} 127.0.0.1`).join(', ');
  const rules = `--host-resolver-rules=${map ? map + ', ' : ''}MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`;
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir: profile,
    args: [...BASE_ARGS, rules, ...(options.args || [])],
  });
  removeWhenGone(profile, browser.process());
  onTheRunsClock(browser);
  return browser;
}

const prepared = new WeakSet<Page>();
/** The run's clock and the visitor's zone (clock.ts) on a page, before any of its scripts run. */
export async function preparePage(page: Page): Promise<Page> {
  if (prepared.has(page)) return page;
  prepared.add(page);
  await page.evaluateOnNewDocument(clockScript(testNow()));
  await page.emulateTimezone(browserZone());
  likeAVisitor(page);
  return page;
}

/** Page function: every value in `values` is an option of the <select> `selector` (in either engine). */
export const optionsOffered = (selector: string, values: string[]) => {
  const offered = Array.from(document.querySelectorAll<HTMLOptionElement>(selector + ' option'), (o) => o.value);
  return values.every((v) => offered.includes(v));
};

const visitors = new WeakSet<Page>();
/**
 * The page's clicks and selects act as a person does, on what is there to act on. For every
 * puppeteer page of the tests, in any engine (engines/puppeteer.ts too).
 * - page.click() presses where the element is when it asks: while the listing scrolls smoothly to
 *   its top after a page change or Back, that point moves and the press lands elsewhere (a lost
 *   click, seen under load). Clicks wait for two frames without scrolling first.
 * - page.select() of an option not (yet) in the <select> silently selects nothing: a listing's
 *   facet options arrive a moment after its first results (the counts follow the list). Selects
 *   wait until every asked value is an option.
 */
export function likeAVisitor(page: Page): void {
  if (visitors.has(page)) return;
  visitors.add(page);
  const click = page.click.bind(page);
  page.click = async (...args: Parameters<Page['click']>) => {
    await page.waitForFunction(
      () =>
        new Promise<boolean>((done) => {
          const y = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)));
        }),
      { timeout: 10_000 },
    );
    return click(...args);
  };
  const select = page.select.bind(page);
  page.select = async (selector: string, ...values: string[]) => {
    await page.waitForFunction(optionsOffered, { timeout: 10_000 }, selector, values);
    return select(selector, ...values);
  };
}

/**
 * Every page of this browser, in any context, starts on the run's clock: the page's "today" is the
 * emulator's, also for tests that call browser.newPage() or a context's newPage() themselves.
 */
function onTheRunsClock(browser: Browser) {
  const wrap = <T extends { newPage(...a: any[]): Promise<Page> }>(owner: T): T => {
    const newPage = owner.newPage.bind(owner);
    owner.newPage = async (...a: any[]) => preparePage(await newPage(...a));
    return owner;
  };
  wrap(browser);
  wrap(browser.defaultBrowserContext());
  const createContext = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async (...a: Parameters<Browser['createBrowserContext']>) => wrap(await createContext(...a));
}

const profiles = new Set<string>();
const removeProfile = (dir: string) => {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    profiles.delete(dir);
  } catch {
    /* retried at exit */
  }
};
// Last chance for a profile whose browser outlived a failed test: when the test process ends.
process.once('exit', () => {
  for (const dir of profiles) removeProfile(dir);
});

/**
 * Removes a browser profile once the browser process has exited (not at 'disconnected': Chromium
 * still writes its profile then, and a removal racing it left ~30 folders in /tmp per run).
 */
export function removeWhenGone(
  dir: string,
  proc: { exitCode: number | null; signalCode?: string | null; once(e: 'exit', cb: () => void): unknown } | null,
) {
  profiles.add(dir);
  if (!proc) return; // no process of ours: removed at exit
  if (proc.exitCode !== null || proc.signalCode) removeProfile(dir);
  else proc.once('exit', () => removeProfile(dir));
}

/**
 * A folder Chromium downloads into, and the text of each finished download. Chromium creates the
 * target file empty as soon as a download starts (a placeholder for the name) and fills it later, so
 * the file's presence says nothing: wait for the browser's own "completed".
 */
export interface Downloads {
  dir: string;
  next(name: string, timeoutMs?: number): Promise<string>;
  close(): void;
}
export async function downloadsOf(browser: Browser): Promise<Downloads> {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-downloads-'));
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
  return {
    dir,
    next: (name, timeoutMs = 20_000) =>
      new Promise((done, fail) => {
        const on = (e: { state: string }) => {
          if (e.state === 'completed') {
            stop();
            done(readFileSync(join(dir, name), 'utf8'));
          } else if (e.state === 'canceled') {
            stop();
            fail(new Error('download of ' + name + ' canceled'));
          }
        };
        const timer = setTimeout(() => {
          stop();
          fail(new Error('no download of ' + name));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(timer);
          cdp.off('Browser.downloadProgress', on);
        };
        cdp.on('Browser.downloadProgress', on);
      }),
    close: () => {
      rmSync(dir, { recursive: true, force: true });
      void cdp
        .send('Browser.setDownloadBehavior', { behavior: 'default' })
        .then(() => cdp.detach())
        .catch(() => {});
    },
  };
}

export interface Probe {
  page: Page;
  /** console.error messages and uncaught page errors. */
  errors: string[];
  consoleErrors: string[];
  pageErrors: string[];
  /** every URL the page requested, in order. */
  requests: string[];
  /** responses with status ≥ 400, as "status url". */
  failedResponses: string[];
  /** requests that would leave the machine (anything but loopback, data: and blob:). */
  external(): string[];
}

const LOOPBACK = /^(https?|wss?):\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//;
export const isLocal = (url: string) => LOOPBACK.test(url) || /^(data|blob|about):/.test(url);

export async function newProbe(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Probe> {
  const page = await preparePage(await browser.newPage());
  await page.setViewport(viewport);
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => pageErrors.push(String((err as Error)?.message ?? err)));
  const failedResponses: string[] = [];
  page.on('request', (req: HTTPRequest) => {
    requests.push(req.url());
  });
  page.on('response', (res) => {
    if (res.status() >= 400) failedResponses.push(res.status() + ' ' + res.url());
  });
  return {
    page,
    consoleErrors,
    pageErrors,
    get errors() {
      return [...consoleErrors, ...pageErrors];
    },
    requests,
    failedResponses,
    external: () => requests.filter((u) => !isLocal(u)),
  };
}

/** Opens a page and waits for `piazza:ready` (the first mount pass done). */
export async function openPage(browser: Browser, url: string, viewport?: { width: number; height: number }): Promise<Probe> {
  const probe = await newProbe(browser, viewport);
  await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

export async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as any).piazza, { timeout: 15_000 });
  await page.evaluate(() => (window as any).piazza.ready);
}

/** Files (under dist/chunks/) the page loaded. */
export const chunksLoaded = (probe: Probe) =>
  probe.requests.filter((u) => u.includes('/dist/chunks/')).map((u) => u.split('/dist/chunks/')[1]);

let axeSource: string | null = null;
/** axe-core's own script (axe.min.js), read once. */
export const axeScript = (): string => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The page function of every axe check: axe-core with the WCAG 2.1 A/AA tags on `ctx` (default the document); rule id, help, node selectors. */
export const axeRun = async (ctx: string | null): Promise<AxeViolation[]> => {
  const result = await (window as any).axe.run(ctx ? document.querySelector(ctx) : document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  return result.violations.map((v: any) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n: any) => n.target.join(' ')),
  }));
};

/** axe-core with the WCAG 2.1 A/AA tags; returns violations (rule id, help, node selectors). */
export async function axe(page: Page, context: string | null = null): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => !!(window as any).axe))) await page.evaluate(axeScript());
  return page.evaluate(axeRun, context);
}

/** Readable summary for assertion messages: what to fix, where. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.join('\n  ')}`).join('\n');

/**
 * The one "wait for the next answer" of the block tests: `selector`'s `data-version` (a block's
 * count of answers shown) passes `after` and its `data-piazza-status` is no longer `loading`.
 * The listing's list, agenda and map waiters are this with their own selector.
 */
export async function nextVersion(page: Page, selector: string, after: number, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (sel, v) => {
      const el = document.querySelector(sel);
      return !!el && Number(el.getAttribute('data-version')) > v && el.getAttribute('data-piazza-status') !== 'loading';
    },
    { timeout },
    selector,
    after,
  );
}

/** Waits for `n` animation frames of the page: what a render started now has painted by then. */
export const frames = (page: Page, n = 2) =>
  page.evaluate(
    (k) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : done());
        step(k);
      }),
    n,
  );

/**
 * Follows the page's requests whose URL `match`es, from now on: `settled()` resolves once at least
 * one was sent and every one sent has finished or failed (aborted included). For "the late answer
 * came and changed nothing" without guessing how late it is.
 */
export function watchRequests(page: Page, match: (url: string) => boolean) {
  const pending = new Set<HTTPRequest>();
  let seen = 0;
  let wake: (() => void) | null = null;
  const check = () => {
    if (seen > 0 && pending.size === 0) wake?.();
  };
  const onRequest = (r: HTTPRequest) => {
    if (match(r.url())) {
      seen++;
      pending.add(r);
    }
  };
  const onDone = (r: HTTPRequest) => {
    if (pending.delete(r)) check();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    seen: () => seen,
    settled: (timeout = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`requests still pending: ${[...pending].map((r) => r.url()).join(', ') || 'none sent'}`)),
          timeout,
        );
        wake = () => {
          clearTimeout(timer);
          page.off('request', onRequest);
          page.off('requestfinished', onDone);
          page.off('requestfailed', onDone);
          resolve();
        };
        check();
      }),
  };
}

/**
 * Page function, for any engine: resolves once no resource has finished loading for 250 ms, then
 * two frames. (An observer, not the resource list, which stops growing at 250 entries.) A request
 * still in flight is seen by the tests' own request logs.
 */
export const untilQuiet = () =>
  new Promise<boolean>((done) => {
    let timer: ReturnType<typeof setTimeout>;
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(end, 250);
    });
    const end = () => {
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
    };
    observer.observe({ type: 'resource' });
    timer = setTimeout(end, 250);
  });

/**
 * The page has had its chance to do what it would do next: nothing fetched for 250 ms (answers in,
 * images loaded or failed, their handlers run), then two painted frames. For checks that something
 * did NOT happen (a duplicate request, a script from hostile data), after a condition that says the
 * page reached the point where it would have. A reload meanwhile is waited out and the page watched
 * again. (puppeteer's waitForNetworkIdle is not used: it can wait forever on a request a navigation
 * cancelled.)
 */
/** An assertion that comes true in time: messages whose words are a lazy chunk, animations' last
 * frames. vi.waitFor's default second is too short for a chunk on two busy CI cores. */
export const eventually = <T>(assertion: () => T | Promise<T>) => vi.waitFor(assertion, { timeout: 10_000, interval: 50 });

export async function quiet(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.evaluate(untilQuiet);
      return;
    } catch (e) {
      if (attempt > 3 || !/context was destroyed|navigat|detached/i.test(String(e))) throw e;
      await page.waitForFunction(() => document.readyState !== 'loading', { timeout: 20_000 });
    }
  }
}

/** Waits until no announcer has a message on its way (each says its last after a 250 ms debounce, runtime/dom.ts). */
export const announced = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-piazza-announcing]'), { timeout: 15_000 });

/**
 * Every timer the page set before this call with a delay of at most `ms` has fired (a page's
 * timers fire in order of their due time, so one set now for `ms` comes after them, however busy
 * the machine). For "a delayed thing did not happen": a bar after barTimeout, a request after unmount.
 */
export const afterPageTimers = (page: Page, ms: number) =>
  page.evaluate((t) => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), t)), ms);
