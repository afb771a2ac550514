// Helpers for the listing browser tests: read a block's results, wait for the next result change,
// and compute what the emulator says a query should return.
import type { Page } from 'puppeteer-core';
// @ts-ignore plain JS fixture module
import { search } from '../../fixtures/emulator/query/index.mjs';
import { romeDayOf } from './clock';
import { nextVersion, quiet } from './harness';

export interface Shown {
  status: string;
  total: number;
  version: number;
  /** Content ids of the items shown. */
  ids: number[];
}

export function shown(page: Page, blockId: string): Promise<Shown> {
  return page.$eval('#' + blockId + ' .piazza-listing-list', (el) => ({
    status: el.getAttribute('data-piazza-status') || '',
    total: Number(el.getAttribute('data-total')),
    version: Number(el.getAttribute('data-version')),
    ids: Array.from(el.querySelectorAll('[role=listitem]')).map((li) => Number(li.getAttribute('data-piazza-hit'))),
  }));
}

/** Waits until the block shows a result change after `version` (ready or error). */
export async function nextResults(page: Page, blockId: string, version: number): Promise<Shown> {
  await nextVersion(page, '#' + blockId + ' .piazza-listing-list', version);
  return shown(page, blockId);
}

/** Runs `action` and returns the results it led to. */
export async function after(page: Page, blockId: string, action: () => Promise<unknown>): Promise<Shown> {
  const { version } = await shown(page, blockId);
  await action();
  return nextResults(page, blockId, version);
}

/** Adds a listing block to the page and mounts it (as a portal does with piazza.mount). */
export function addListing(page: Page, id: string, config: Record<string, unknown>) {
  return page.evaluate(
    (blockId, cfg) => {
      const el = document.createElement('div');
      el.id = blockId;
      el.setAttribute('data-piazza-block', 'listing');
      const script = document.createElement('script');
      script.type = 'application/json';
      script.textContent = JSON.stringify(cfg);
      const fallback = document.createElement('p');
      fallback.textContent = 'Contenuto senza JavaScript';
      el.append(script, fallback);
      document.querySelector('main')!.append(el);
      return (window as any).piazza.mount(el);
    },
    id,
    config,
  );
}

/** First results of every listed block. */
export async function firstResults(page: Page, ...blockIds: string[]) {
  for (const id of blockIds) await nextResults(page, id, 0);
}

/** What the emulator answers for `query` (ids in order, and the total). */
export function expected(dataset: unknown, query: string): { ids: number[]; total: number } {
  const result = search(dataset, query, { maxLimit: 300 });
  return { ids: result.hits.map((c: { id: number }) => c.id), total: result.totalCount };
}

/** YYYY-MM-DD, `days` from today in Rome (the portal's day, on the run's clock: clock.ts). */
export const day = (days = 0): string => romeDayOf(days);

/** Sets a date input as a visitor's date picker does (value, then input and change events). */
export const setDate = (page: Page, selector: string, value: string) =>
  page.$eval(
    selector,
    (el, v) => {
      (el as HTMLInputElement).value = v as string;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
  );

/** Records every text the block's polite live region receives. */
export const recordAnnouncements = (page: Page, blockId: string) =>
  page.$eval('#' + blockId + ' > [role=status][aria-live=polite]', (region) => {
    const said: string[] = ((window as any)['__said_' + region.parentElement!.id] = []);
    new MutationObserver(() => {
      if (region.textContent) said.push(region.textContent);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });

export const announcements = (page: Page, blockId: string): Promise<string[]> =>
  page.evaluate((id) => (window as any)['__said_' + id] || [], blockId);

/** The page's query parameters, read once a change shown now is in the URL (a frame after its results: blocks/listing/setup.ts). */
export const searchParams = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string>>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => done(Object.fromEntries(new URLSearchParams(location.search))))),
        ),
      ),
  );

/**
 * The visitor's browser asks to save data (navigator.connection.saveData: a phone's data saver):
 * the listing then fetches a map or agenda tab's code only on a press, not on a pointer over it or focus.
 */
export const saveData = (page: Page) =>
  page.evaluateOnNewDocument(() =>
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } }),
  );

/**
 * The page has had idle time and fetched nothing since: where a tab's code fetched "in idle time"
 * would have come before issue 31, for checks that no tab chunk comes before the visitor's intent.
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => ('requestIdleCallback' in window ? requestIdleCallback(() => done(null), { timeout: 3000 }) : done(null))),
  );
  await quiet(page);
}
