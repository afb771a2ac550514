// One page, checked as a first-time visitor who has not answered the cookie banner sees it: what
// piazza mounted and what it refused (block id + JSON path), when each block showed its first
// content (or that it never did: an answer that never came), what left for other origins and which
// cookies exist before any consent, console errors, failed requests, axe-core (WCAG 2.1 AA) by rule,
// and the time to `piazza:ready`. Returns a report; the verdict is `problems` (empty: all good).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let axeSource = null;
/** How long after the page's requests went quiet a mounted block may still take to show its first content. */
const SHOWN_GRACE_MS = 3000;

// Before any script of the page: when piazza.js has run (a classic script in <head>), listen to its
// block events, and note when `piazza:ready` fires.
const INIT = `(() => {
  const seen = window.__piazzaSmoke = { blocks: [], shown: new Map(), ready: null };
  document.addEventListener('DOMContentLoaded', () => {
    const p = window.piazza;
    if (!p || typeof p.on !== 'function') return;
    p.on('block:mounted', (d) => seen.blocks.push({ element: d.element, id: d.blockId }));
    p.on('block:error', (d) => seen.blocks.push({ element: d.element, id: d.blockId, message: d.message }));
    p.on('block:shown', (d) => seen.shown.set(d.element, Math.round(performance.now())));
  }, { once: true });
  document.addEventListener('piazza:ready', () => { seen.ready = Math.round(performance.now()); }, { once: true });
})();`;

/** `configurazione non valida: /a deve…; /b non è…` (or, with data-piazza-messages="en", `invalid config: …`) → [{path, message}] (the loader's console format). */
export function configProblems(message = '') {
  const m = /^(?:configurazione non valida|invalid config): (.*)$/s.exec(message);
  if (!m) return [];
  return m[1].split('; ').map((part) => {
    const space = part.indexOf(' ');
    return space > 0 ? { path: part.slice(0, space), message: part.slice(space + 1) } : { path: '/', message: part };
  });
}

/**
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url
 * @param {{width?: number, timeout?: number, allow?: string[]}} options
 */
export async function checkPage(browser, url, { width = 1280, timeout = 20_000, allow = [] } = {}) {
  const context = await browser.createBrowserContext(); // no cookie or storage of another page
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const consoleErrors = [];
  const failed = [];
  const requests = [];
  const serverCookies = new Set();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push('uncaught: ' + (err?.message ?? String(err))));
  page.on('request', (req) => requests.push(req.url()));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText || 'failed';
    if (reason !== 'net::ERR_ABORTED') failed.push(`${reason} ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    // Cookies the portal's own server sets are its (technical) business; the banner is about the rest.
    if (new URL(res.url()).origin === origin) {
      for (const line of (res.headers()['set-cookie'] || '').split('\n')) {
        const name = line.split('=')[0].trim();
        if (name) serverCookies.add(name);
      }
    }
  });
  await page.setViewport({ width, height: 900, isMobile: width < 768, hasTouch: width < 768 });
  await page.evaluateOnNewDocument(INIT);

  const report = {
    url,
    width,
    version: null,
    readyMs: null,
    blocks: [],
    otherOrigins: [],
    cookies: [],
    consoleErrors: [],
    failedRequests: [],
    axe: [],
    problems: [],
  };
  const problem = (text) => report.problems.push(text);
  try {
    await page.goto(url, { waitUntil: 'load', timeout });
    report.version = await page
      .waitForFunction(() => window.piazza?.version, { timeout: 5_000 })
      .then((h) => h.jsonValue())
      .catch(() => null);
    if (!report.version) problem('piazza.js is not on the page (window.piazza is missing)');
    else {
      const ready = await page.waitForFunction(() => window.__piazzaSmoke?.ready, { timeout }).catch(() => null);
      if (!ready) problem(`piazza:ready did not fire within ${timeout} ms`);
      // Blocks load their data after mounting: let the page's requests finish before judging them
      // (nothing finished loading for 500 ms; a connection the page keeps open does not hold it).
      await page
        .evaluate(
          (idle, cap) =>
            new Promise((done) => {
              let timer;
              const observer = new PerformanceObserver(() => {
                clearTimeout(timer);
                timer = setTimeout(end, idle);
              });
              const end = () => {
                observer.disconnect();
                done();
              };
              observer.observe({ type: 'resource' });
              timer = setTimeout(end, idle);
              setTimeout(end, cap);
            }),
          500,
          timeout,
        )
        .catch(() => {});
    }
    // A mounted block shows its first content once its first answer is drawn: a little more time
    // for one whose answer came at the end of the quiet spell.
    await page
      .waitForFunction(
        () => {
          const smoke = window.__piazzaSmoke;
          return Array.from(document.querySelectorAll('[data-piazza-state=mounted]')).every((el) => smoke?.shown.has(el));
        },
        { timeout: SHOWN_GRACE_MS, polling: 100 },
      )
      .catch(() => {});
    // Each block element with its state, and what the loader said of it (its id may come from the config).
    const seen = await page.evaluate(() => {
      const smoke = window.__piazzaSmoke || { blocks: [], shown: new Map(), ready: null };
      const blocks = Array.from(document.querySelectorAll('[data-piazza-block]')).map((el) => {
        const event = smoke.blocks.filter((b) => b.element === el).pop();
        return {
          id: event?.id || el.id,
          type: el.getAttribute('data-piazza-block'),
          state: el.getAttribute('data-piazza-state') || 'not mounted',
          shownMs: smoke.shown.get(el) ?? null,
          error: event?.message,
        };
      });
      return { blocks, ready: smoke.ready };
    });
    report.readyMs = seen.ready;
    report.blocks = seen.blocks.map((b) => (b.error ? { ...b, config: configProblems(b.error) } : b));
    for (const b of report.blocks) {
      if (b.state === 'error') problem(`block "${b.id}" (${b.type}) did not mount: ${b.error || 'error'}`);
      else if (b.state !== 'mounted' && report.version) problem(`block "${b.id}" (${b.type}) is ${b.state}`);
      else if (b.state === 'mounted' && b.shownMs === null)
        problem(`block "${b.id}" (${b.type}) mounted but showed nothing: neither its first content nor an error came`);
    }

    const allowed = new Set([origin, ...allow.map((a) => new URL(a).origin)]);
    report.otherOrigins = [...new Set(requests.filter((u) => /^https?:/.test(u) && !allowed.has(new URL(u).origin)))];
    for (const u of report.otherOrigins) problem(`request to another origin before any consent: ${u}`);

    const cdp = await page.createCDPSession();
    const { cookies } = await cdp.send('Network.getAllCookies');
    report.cookies = cookies.map((c) => ({ name: c.name, domain: c.domain, byServer: serverCookies.has(c.name) }));
    for (const c of report.cookies) if (!c.byServer) problem(`cookie "${c.name}" (${c.domain}) set before any consent`);

    // A block's own console line is already its block problem above.
    const blockLines = report.blocks.filter((b) => b.error).map((b) => `[piazza] ${b.type} block "${b.id}": ${b.error}`);
    report.consoleErrors = consoleErrors.filter((e) => !blockLines.some((line) => e.startsWith(line)));
    for (const e of report.consoleErrors) problem(`console error: ${e}`);
    report.failedRequests = [...new Set(failed)];
    for (const f of report.failedRequests) problem(`failed request: ${f}`);

    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
    report.axe = await page.evaluate(async () => {
      const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        count: v.nodes.length,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
    });
    for (const v of report.axe)
      problem(`axe ${v.rule} (${v.impact}): ${v.help} — ${v.count} element${v.count === 1 ? '' : 's'}, e.g. ${v.nodes[0]}`);
  } catch (e) {
    problem(`the page could not be checked: ${e?.message ?? e}`);
  } finally {
    await context.close().catch(() => {});
  }
  return report;
}
