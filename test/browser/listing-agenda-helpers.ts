// Helpers for the agenda tab's browser tests: read what the tab shows, wait for its next answer,
// and compute from the emulator's own answer which events a period should list.
import type { Page } from 'puppeteer-core';
import { nextVersion, type Probe } from './harness';

export interface AgendaShown {
  status: string;
  view: string;
  /** `YYYY-MM-DD`: the month's 1st or the day. */
  period: string;
  version: number;
  count: number;
}

export const agenda = (page: Page, blockId: string): Promise<AgendaShown> =>
  page.$eval('#' + blockId + ' .piazza-agenda', (el) => ({
    status: el.getAttribute('data-piazza-status') || '',
    view: el.getAttribute('data-view') || '',
    period: el.getAttribute('data-period') || '',
    version: Number(el.getAttribute('data-version')),
    count: Number(el.getAttribute('data-count') ?? -1),
  }));

/** Waits for the agenda's next answer after `version` (events or error). */
export async function nextAgenda(page: Page, blockId: string, version: number): Promise<AgendaShown> {
  await nextVersion(page, '#' + blockId + ' .piazza-agenda', version);
  return agenda(page, blockId);
}

/** Runs `action` and returns the answer it led to. */
export async function afterAgenda(page: Page, blockId: string, action: () => Promise<unknown>): Promise<AgendaShown> {
  const { version } = await agenda(page, blockId);
  await action();
  return nextAgenda(page, blockId, version);
}

/** The day view's time panel: 24 hours of two 48 px slots, opened with 09:00 at its top. */
export const NINE_OCLOCK = 9 * 2 * 48;

/**
 * The day view's time panel scroll, once it settled: the agenda scrolls to 09:00 when the time grid
 * has a height, which can be a frame or more after the answer's `data-version` (the grid is laid
 * out by the browser, not by the answer). Waits for 09:00 (bounded), then reads what is there.
 */
export async function dayScroll(page: Page, blockId: string): Promise<number> {
  const panel = '#' + blockId + ' .toastui-calendar-panel.toastui-calendar-time';
  await page
    .waitForFunction((sel, top) => document.querySelector(sel)?.scrollTop === top, { timeout: 5000 }, panel, NINE_OCLOCK)
    .catch(() => undefined); // the assertion on the value read below says what was there instead
  return page.$eval(panel, (p) => p.scrollTop);
}

export interface ListedEvent {
  id: string;
  title: string;
  href: string | null;
  /** The link's text as a screen reader reads it (title, date, time). */
  text: string;
  when: string;
}

export const listedEvents = (page: Page, blockId: string): Promise<ListedEvent[]> =>
  page.$$eval('#' + blockId + ' .piazza-agenda-event', (items) =>
    items.map((li) => {
      const link = li.querySelector('.piazza-agenda-event-link')!;
      return {
        id: li.getAttribute('data-event-id') || '',
        title: link.querySelector('.piazza-agenda-event-title')!.textContent || '',
        href: link.getAttribute('href'),
        text: (link.textContent || '').replace(/\s+/g, ' ').trim(),
        when: [...link.querySelector('.piazza-agenda-event-when')!.childNodes]
          .filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden')))
          .map((n) => n.textContent)
          .join('')
          .trim(),
      };
    }),
  );

/** The calendar requests the page made: module `…/calendar/search/?`, REST `…/calendar/search/{query}`, server `…/calendar/`. */
export function calendarRequests(probe: Probe) {
  return probe.requests
    .map((u) => new URL(u))
    .filter((url) => /\/calendar\/(search\/.*)?$/.test(url.pathname))
    .map((url) => ({ url: url.href, path: url.pathname, params: Object.fromEntries(url.searchParams) }));
}

const romeFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The Rome calendar day of an instant (`YYYY-MM-DD`): the oracle does not use the code under test. */
export const romeDay = (ms: number) => romeFormat.format(new Date(ms));

interface RawItem {
  id: number | string;
  title: string;
  allDay?: boolean;
  start: string;
  end?: string;
}

/**
 * The ids of the items of a calendar answer that touch the days [from, to) (`YYYY-MM-DD`, Rome):
 * all-day items by their dates (end exclusive), timed ones by the Rome days they span.
 */
export function idsInDays(items: RawItem[], from: string, to: string): string[] {
  return items
    .filter((e) => {
      if (e.allDay || /^\d{4}-\d{2}-\d{2}$/.test(e.start)) {
        const first = e.start.slice(0, 10);
        const end = e.end && e.end.slice(0, 10) > first ? e.end.slice(0, 10) : null;
        return first < to && (end ? end > from : first >= from);
      }
      const start = Date.parse(e.start.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
      const endMs = e.end ? Math.max(Date.parse(e.end.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')), start) : start;
      const last = romeDay(endMs > start ? endMs - 1 : endMs);
      return romeDay(start) < to && last >= from;
    })
    .map((e) => String(e.id));
}

/** First day of the next month / next day, as `YYYY-MM-DD`. */
export function periodEnd(view: string, period: string): string {
  const [y, m, d] = period.split('-').map(Number);
  const next = view === 'month' ? new Date(Date.UTC(y, m, 1)) : new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}
