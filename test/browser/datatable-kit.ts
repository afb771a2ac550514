// Shared steps of the data table browser tests: open a demo page, wait for a draw to land,
// read the grid, ask the emulator directly what it would answer.
import type { HTTPRequest, Page } from 'puppeteer-core';
import type { Browser } from 'puppeteer-core';
import { openPage, type Emulator, type Probe } from './harness';

export const GRID = '.piazza-datatable [role=grid]';
export const isDraw = (url: string) => url.includes('/datatable/search/');

/**
 * The query text of a draw URL, read where each door reads it: the REST door from the path
 * (`/api/opendata/v2/datatable/search/<query>`, decoded once), the eZ module door from `?q=`
 * (decoded twice).
 */
export function drawQuery(url: string): string {
  const u = new URL(url);
  const rest = /\/api\/opendata\/v2\/[^/]+\/search\/(.*)$/.exec(u.pathname);
  if (rest) return decodeURIComponent(rest[1]);
  return decodeURIComponent(u.searchParams.get('q') ?? '');
}

export async function openTable(
  browser: Browser,
  portal: Emulator,
  path = 'datatable.html',
  viewport?: { width: number; height: number },
): Promise<Probe> {
  const probe = await openPage(browser, portal.url + path, viewport);
  // Paging scrolls the table into view; instant scrolling keeps clicks from landing on a moving page.
  await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  // A page's first load (a freshly started emulator, the block's chunks, a first draw of up to 100
  // rows) on a runner whose cores other jobs share: the test's own timeout bounds it, not 15 s (the
  // load run saw a 100-row hostile table pass 15 s there and nowhere else).
  await idle(probe.page, 50_000);
  return probe;
}

/** Waits until the table is neither loading nor waiting for its first answer. */
export async function idle(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const body = document.querySelector('.piazza-datatable-body');
      return !!body && body.getAttribute('aria-busy') === 'false' && !document.querySelector('.piazza-datatable-placeholder');
    },
    { timeout },
  );
}

/**
 * Runs an action that triggers one or more draws, and waits until every draw it started has
 * finished (answered or aborted) and the table is idle again: an answer to an earlier action
 * can never be taken for this one's.
 */
export async function drawAfter(page: Page, action: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const pending = new Set<HTTPRequest>();
  const onRequest = (r: HTTPRequest) => {
    if (isDraw(r.url())) {
      started++;
      pending.add(r);
    }
  };
  const onDone = (r: HTTPRequest) => {
    pending.delete(r);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await action();
    const deadline = Date.now() + 15_000;
    while (!(started > 0 && pending.size === 0)) {
      if (Date.now() > deadline) throw new Error('no draw finished after the action');
      await new Promise((r) => setTimeout(r, 20));
    }
    await idle(page);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

export const infoText = (page: Page) => page.$eval('.piazza-datatable-info', (el) => el.textContent!.replace(/\s+/g, ' ').trim());

/** Text of one column (1-based) for every data row of the grid. */
export const columnTexts = (page: Page, col = 1) =>
  page.$$eval(GRID + ' [role=row][aria-rowindex]:not([aria-rowindex="1"]) [aria-colindex="' + col + '"]', (cells) =>
    cells.map((c) => c.textContent!.replace(/\s+/g, ' ').trim()),
  );

export const rowCount = (page: Page) => page.$$eval(GRID + ' [role=row][aria-rowindex]:not([aria-rowindex="1"])', (rows) => rows.length);

export const lastDraw = (probe: Probe) => [...probe.requests].reverse().find(isDraw)!;
export const drawCount = (probe: Probe) => probe.requests.filter(isDraw).length;

export interface ServerAnswer {
  recordsFiltered: number;
  names: string[];
  ids: number[];
  facets: Array<{ name: string; data: Record<string, number> }>;
}

/** What the emulator answers for a URL the page requested (same parameters, fetched again). */
export async function serverAnswer(url: string): Promise<ServerAnswer> {
  const body = await (await fetch(url)).json();
  return {
    recordsFiltered: body.recordsFiltered,
    names: body.data.map((h: any) => h.data['ita-IT']?.name ?? h.metadata.name['ita-IT']),
    ids: body.data.map((h: any) => h.metadata.id),
    facets: body.facets,
  };
}

/** A URL parameter of the page's location. */
export const pageParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Clicks a pagination link by its accessible label ("Pagina 2", "Pagina successiva"). */
export const clickPage = (page: Page, label: string) => page.click(`.piazza-datatable nav a[aria-label="${label}"]`);
