// Data table figures (emulator on loopback, fresh browser context per run):
//  - a 100-row page: cold load until 100 rows show; in-page "next page" click until the next
//    100 rows show; and the render alone (draw answer received → rows in the DOM);
//  - filter change to rows: choosing a facet value until the filtered rows show.
import type { Page } from 'puppeteer-core';
import type { BenchContext, Scenario } from '../run';

interface Action {
  click?: string;
  select?: [selector: string, value: string];
}
interface Until {
  rows?: number;
  infoStart?: string;
  infoEnd?: string;
}

/** Does `action` in the page; resolves with ms until the table is idle and shows what `until` says. */
function timeUntil(page: Page, action: Action, until: Until): Promise<number> {
  return page.evaluate(
    (a: Action, u: Until) =>
      new Promise<number>((resolve, reject) => {
        const done = () => {
          const info = document.querySelector('.piazza-datatable-info')?.textContent || '';
          return (
            document.querySelector('.piazza-datatable-body')?.getAttribute('aria-busy') === 'false' &&
            (u.rows === undefined || document.querySelectorAll('.piazza-datatable [role=grid] [role=row]').length === u.rows + 1) &&
            (u.infoStart === undefined || info.startsWith(u.infoStart)) &&
            (u.infoEnd === undefined || info.endsWith(u.infoEnd))
          );
        };
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (done()) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => {
          obs.disconnect();
          reject(new Error('timed out waiting for ' + JSON.stringify(u)));
        }, 20_000);
        if (a.click) (document.querySelector(a.click) as HTMLElement).click();
        if (a.select) {
          const el = document.querySelector(a.select[0]) as HTMLSelectElement;
          el.value = a.select[1];
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }),
    action,
    until,
  );
}

/** A page whose evaluated helpers survive tsx's keepNames (`__name(fn)` calls in serialised functions). */
async function newPage({ browser }: BenchContext) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument('window.__name = function (f) { return f; };');
  return { context, page };
}

async function hundredRows(ctx: BenchContext) {
  const { portal } = ctx;
  const { context, page } = await newPage(ctx);
  await page.setViewport({ width: 1280, height: 900 });
  await page.evaluateOnNewDocument(() => {
    const w = window as any;
    new MutationObserver(() => {
      if (w.__rows100 === undefined && document.querySelectorAll('.piazza-datatable [role=grid] [role=row]').length === 101)
        w.__rows100 = performance.now();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(portal.url + 'datatable-contenuti.html?contenuti.size=100', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (window as any).__rows100 !== undefined, { timeout: 30_000 });
  const cold = await page.evaluate(() => (window as any).__rows100 as number);
  const jsBytes = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\/dist\/.*\.js$/.test(e.name))
      .reduce((n, e) => n + e.transferSize, 0),
  );
  await page.waitForFunction(() => document.querySelector('.piazza-datatable-body')?.getAttribute('aria-busy') === 'false');

  const nextPage = await timeUntil(
    page,
    { click: '.piazza-datatable nav a[aria-label="Next page"]' },
    { rows: 100, infoStart: 'Results 101 to 200' },
  );
  // Render alone: from the draw answer's last byte to the rows on screen.
  await page.evaluate(() => {
    const w = window as any;
    new MutationObserver((_, obs) => {
      if (document.querySelector('.piazza-datatable-info')?.textContent?.startsWith('Results 201 to 300')) {
        w.__rowsAt = performance.now();
        obs.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.click('.piazza-datatable nav a[aria-label="Next page"]');
  await page.waitForFunction(() => (window as any).__rowsAt !== undefined, { timeout: 20_000 });
  const render = await page.evaluate(() => {
    const draw = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/datatable/search/') && e.name.includes('start=200'))
      .pop()!;
    return (window as any).__rowsAt - draw.responseEnd;
  });
  await context.close();
  return { coldTo100Rows: cold, nextPage100Rows: nextPage, render100Rows: render, jsBytes };
}

async function filterToRows(ctx: BenchContext) {
  const { portal } = ctx;
  const { context, page } = await newPage(ctx);
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(portal.url + 'datatable.html', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.querySelector('.piazza-datatable-info')?.textContent === 'Risultati da 1 a 10 di 60', {
    timeout: 30_000,
  });
  await page.waitForSelector('.piazza-datatable [role=grid] [role=row][aria-rowindex="11"]');
  const [value, count] = await page.$eval('#piazza-dt-documenti-facet-2', (sel) => {
    const o = (sel as HTMLSelectElement).options[1];
    return [o.value, Number(/\((\d+)\)$/.exec(o.textContent!)![1])] as [string, number];
  });
  const single = await timeUntil(
    page,
    { select: ['#piazza-dt-documenti-facet-2', value] },
    { rows: Math.min(10, count), infoStart: `Risultati da 1 a ${Math.min(10, count)} di ${count}` },
  );
  // A checkbox of a multiple facet (topics): the panel is opened first, outside the timing.
  await page.click('#piazza-dt-documenti-facet-1');
  const topicCount = await page.$eval('#piazza-dt-documenti-facet-1-panel label', (l) => Number(/\((\d+)\)$/.exec(l.textContent!)![1]));
  const multiple = await timeUntil(page, { click: '#piazza-dt-documenti-facet-1-0' }, { infoEnd: ' di ' + topicCount });
  await context.close();
  return { selectToRows: single, checkboxToRows: multiple };
}

const page100: Scenario = {
  name: 'datatable: 100-row page',
  runs: 5,
  units: { coldTo100Rows: 'ms', nextPage100Rows: 'ms', render100Rows: 'ms', jsBytes: 'B' },
  ratios: [['render share of a page change', 'render100Rows', 'nextPage100Rows']],
  run: hundredRows,
};

const filter: Scenario = {
  name: 'datatable: filter change to rows',
  runs: 5,
  run: filterToRows,
};

export default [page100, filter];
