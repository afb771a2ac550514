// The listing's agenda tab on its demo page, against the emulator, in a browser set to Rome time:
// month and day views by window width (and switching on resize), Monday first, the day view at
// 09:00, event links (location, fallback, site-access prefix), filters in browser and server mode,
// JSONP and German for a remote portal, .ics files read back by ical.js, errors with Retry,
// keyboard and screen-reader access, axe, and never a request leaving the machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { afterPageTimers, chunksLoaded, distDir, downloadsOf, frames, newProbe, quiet, waitReady, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { DATE, romeDayOf } from './clock';
import {
  afterAgenda,
  agenda,
  calendarRequests,
  dayScroll,
  idsInDays,
  listedEvents,
  NINE_OCLOCK,
  nextAgenda,
  periodEnd,
  romeDay,
  type AgendaShown,
} from './listing-agenda-helpers';
import { announcements, pageIdle, recordAnnouncements } from './listing-helpers';

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 600, height: 900 };
const QUERY = 'classes [event] sort [time_interval=>asc]';

const env = useBrowserEnv();

/**
 * The demo page after the first agenda answer of block `agenda-eventi`, in the run's browser zone
 * (clock.ts: Rome, or a visitor abroad): what the agenda shows is Rome's in every zone.
 */
async function open(viewport = WIDE, search = ''): Promise<Probe> {
  const probe = await newProbe(env.browser, viewport);
  await probe.page.goto(env.portal.url + 'listing-agenda.html' + search, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  if (!search.includes('agenda-eventi.tab=list')) await nextAgenda(probe.page, 'agenda-eventi', 0);
  return probe;
}

/** What the emulator answers to `url` (the same request, made again from the test). */
const answerTo = async (url: string) => (await fetch(url)).json();

/** The event ids the agenda should list for what it shows, from the emulator's own answer to its last request. */
async function expectedIds(probe: Probe, shown: AgendaShown, match = '') {
  const last = calendarRequests(probe)
    .filter((r) => r.url.includes(match))
    .at(-1)!;
  const items = await answerTo(last.url);
  return idsInDays(items, shown.period, periodEnd(shown.view, shown.period)).sort();
}

const ids = async (page: Page, blockId: string) => (await listedEvents(page, blockId)).map((e) => e.id).sort();

/** Shows a block's agenda tab for the first time and waits for its first answer. */
async function showAgenda(page: Page, element: string, blockId = element) {
  await page.click('#' + blockId + '-agenda-tab');
  await page.waitForSelector('#' + element + ' .piazza-agenda');
  return nextAgenda(page, element, 0);
}

/** Opens the event list (its items are made when it opens). */
async function openList(page: Page, blockId: string) {
  await page.$eval('#' + blockId + ' .piazza-agenda-list', (d) => {
    (d as HTMLDetailsElement).open = true;
  });
  await page.waitForSelector('#' + blockId + ' .piazza-agenda-list :is(.piazza-agenda-days, .piazza-agenda-empty)');
}

describe('agenda tab', () => {
  it("loads its chunk (with Toast UI) only on the visitor's intent (nothing after the first results and idle time), and Toast UI is in no other chunk", async () => {
    const probe = await open(WIDE, '?agenda-eventi.tab=list');
    const { page } = probe;
    await page.waitForSelector('#agenda-eventi .piazza-listing-list[data-version="1"]');
    await pageIdle(page);
    expect(chunksLoaded(probe).filter((f) => f.startsWith('agenda-'))).toEqual([]);
    expect(await page.$('#agenda-eventi .toastui-calendar-layout')).toBeNull();
    await page.click('#agenda-eventi-agenda-tab');
    await nextAgenda(page, 'agenda-eventi', 0);
    expect(chunksLoaded(probe).filter((f) => f.startsWith('agenda-'))).toHaveLength(1);
    expect(await page.$('#agenda-eventi .toastui-calendar-layout')).not.toBeNull();
    // The listing chunk does not carry the calendar; the agenda chunk does, with its CSS (injected with a style element).
    const chunks = readdirSync(join(distDir(), 'chunks')).filter((f) => f.endsWith('.js'));
    const withToast = chunks.filter((f) => readFileSync(join(distDir(), 'chunks', f), 'utf8').includes('toastui-calendar-layout'));
    expect(withToast.map((f) => f.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['agenda']);
    expect(await page.$$eval('style[data-piazza-css="toastui-calendar"]', (s) => s.length)).toBe(1);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('shows a month above 768 px: Monday first, 800 px high, the visible range asked with the query', DATE, async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    const shown = await agenda(page, 'agenda-eventi');
    expect(shown).toMatchObject({ status: 'ready', view: 'month' });
    expect(shown.period).toMatch(/^\d{4}-\d{2}-01$/);
    // Six weeks of seven days, starting on a Monday, with full Italian day names.
    expect(await page.$$eval('#agenda-eventi .toastui-calendar-daygrid-cell', (c) => c.length)).toBe(42);
    const names = await page.$$eval('#agenda-eventi .toastui-calendar-day-name-item', (els) => els.map((e) => e.textContent!.trim()));
    expect(names).toEqual(['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica']);
    expect(await page.$eval('#agenda-eventi .piazza-agenda-calendar', (e) => e.getBoundingClientRect().height)).toBe(800);
    // The request: the block's query as q (double-encoded for the eZ module), and the grid's first Monday to the day after its last Sunday.
    const [request] = calendarRequests(probe);
    expect(request.path).toBe('/opendata/api/calendar/search/');
    expect(decodeURIComponent(request.params.q)).toBe(QUERY);
    // Wall times of the portal without offset: read them as calendar dates (UTC fields), not in this process's zone.
    const start = new Date(request.params.start + 'Z');
    const end = new Date(request.params.end + 'Z');
    expect(request.params.start).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    expect(start.getUTCDay()).toBe(1);
    expect((end.getTime() - start.getTime()) / 86_400_000).toBe(42);
    expect(request.params.start <= shown.period + 'T00:00:00').toBe(true);
    // The first cell is that Monday.
    const firstCell = await page.$eval('#agenda-eventi .toastui-calendar-daygrid-cell .toastui-calendar-weekday-grid-date', (e) =>
      e.textContent!.trim(),
    );
    expect(Number(firstCell)).toBe(start.getUTCDate());
    // The list has exactly the month's events (not the weeks around it), and the title says which month.
    await openList(page, 'agenda-eventi');
    const want = await expectedIds(probe, shown);
    expect(want.length).toBeGreaterThan(5);
    expect(await ids(page, 'agenda-eventi')).toEqual(want);
    expect(shown.count).toBe(want.length);
    const month = new Date(shown.period + 'T12:00:00Z').toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(await page.$eval('#agenda-eventi .piazza-agenda-title', (e) => e.textContent)).toBe(month);
    expect(await page.$eval('#agenda-eventi .piazza-agenda-list-count', (e) => e.textContent)).toBe(String(want.length));
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it(
    'shows a day at 768 px and below, opened at 09:00 with 48 px half-hour slots, and switches when the window is resized',
    DATE,
    async () => {
      const probe = await open(PHONE);
      const { page } = probe;
      const day = await agenda(page, 'agenda-eventi');
      expect(day).toMatchObject({ status: 'ready', view: 'day' });
      const today = romeDayOf(0); // the portal's today, whatever the browser's zone
      expect(day.period).toBe(today);
      let request = calendarRequests(probe).at(-1)!;
      expect([request.params.start, request.params.end]).toEqual([today + 'T00:00:00', periodEnd('day', today) + 'T00:00:00']);
      // The time grid: 24 × 2 slots of 48 px; the panel opens with 09:00 at its top.
      const gridHeight = await page.$eval(
        '#agenda-eventi .toastui-calendar-panel.toastui-calendar-time .toastui-calendar-timegrid',
        (grid) => (grid as HTMLElement).offsetHeight,
      );
      expect(gridHeight).toBe(48 * 48);
      expect(await dayScroll(page, 'agenda-eventi')).toBe(NINE_OCLOCK);
      const hourLabels = await page.$$eval('#agenda-eventi .toastui-calendar-timegrid-time', (els) =>
        els.map((e) => ({ text: e.textContent!.trim(), top: e.getBoundingClientRect().top })).filter((l) => /^(09|10):00$/.test(l.text)),
      );
      expect(hourLabels.map((l) => l.text)).toEqual(['09:00', '10:00']);
      expect(hourLabels[1].top - hourLabels[0].top).toBe(96);
      // The day view lists the day's events, open.
      expect(await page.$eval('#agenda-eventi .piazza-agenda-list', (d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await ids(page, 'agenda-eventi')).toEqual(await expectedIds(probe, day));
      // The all-day event of today is there (the dataset's eventAllDayToday).
      expect(await ids(page, 'agenda-eventi')).toContain(String(env.portal.dataset.notable.eventAllDayToday));
      await expectAxe(page, 'day view');

      // Wider than 768 px: the month of that day; back to a phone: the day again (today is in that month).
      const month = await afterAgenda(page, 'agenda-eventi', () => page.setViewport({ width: 769, height: 900 }));
      expect(month).toMatchObject({ view: 'month', period: today.slice(0, 8) + '01' });
      expect(await page.$$eval('#agenda-eventi .toastui-calendar-daygrid-cell', (c) => c.length)).toBe(42);
      expect(await page.$eval('#agenda-eventi .piazza-agenda-calendar', (e) => e.getBoundingClientRect().height)).toBe(800);
      request = calendarRequests(probe).at(-1)!;
      expect((Date.parse(request.params.end + 'Z') - Date.parse(request.params.start + 'Z')) / 86_400_000).toBe(42);
      const again = await afterAgenda(page, 'agenda-eventi', () => page.setViewport({ width: 768, height: 900 }));
      expect(again).toMatchObject({ view: 'day', period: today });
      expect(await dayScroll(page, 'agenda-eventi')).toBe(NINE_OCLOCK);
      expect(probe.errors).toEqual([]);
      await page.close();
    },
  );

  it('a window resized while the tab was hidden: shown again, it is drawn for the new size (and view)', DATE, async () => {
    const probe = await open(PHONE);
    const { page } = probe;
    const fits = () =>
      page.$eval('#agenda-eventi .piazza-agenda-calendar', (c) => {
        const panel = c.querySelector<HTMLElement>('.toastui-calendar-panel.toastui-calendar-time')!;
        // The time panel ends at the calendar's bottom (within its border), neither past it nor short of it.
        const gap = Math.round(c.getBoundingClientRect().bottom - panel.getBoundingClientRect().bottom);
        return { fits: gap >= 0 && gap <= 8, scrollTop: panel.scrollTop };
      });
    await dayScroll(page, 'agenda-eventi');
    expect(await fits()).toEqual({ fits: true, scrollTop: NINE_OCLOCK });
    // A smaller phone while the list is shown: the day view's panels were measured for the old height.
    await page.click('#agenda-eventi-list-tab');
    await page.setViewport({ width: 500, height: 700 });
    await page.click('#agenda-eventi-agenda-tab');
    await page.waitForSelector('#agenda-eventi .toastui-calendar-panel.toastui-calendar-time');
    await dayScroll(page, 'agenda-eventi');
    expect(await fits()).toEqual({ fits: true, scrollTop: NINE_OCLOCK });
    // Wider than 768 px while hidden: the period follows at once, the request waits until the tab is shown.
    await page.click('#agenda-eventi-list-tab');
    await page.setViewport(WIDE);
    // The media query's change event comes with the page's next frame, not with setViewport's answer.
    await page.waitForFunction(() => document.querySelector('#agenda-eventi .piazza-agenda')?.getAttribute('data-view') === 'month', {
      timeout: 5000,
    });
    const requests = calendarRequests(probe).length;
    await afterPageTimers(page, 300);
    await quiet(page);
    expect(calendarRequests(probe)).toHaveLength(requests);
    const { version } = await agenda(page, 'agenda-eventi');
    await page.click('#agenda-eventi-agenda-tab');
    const month = await nextAgenda(page, 'agenda-eventi', version);
    expect(month.view).toBe('month');
    expect(await page.$$eval('#agenda-eventi .toastui-calendar-daygrid-cell', (c) => c.length)).toBe(42);
    expect(await page.$eval('#agenda-eventi .piazza-agenda-calendar', (e) => e.getBoundingClientRect().height)).toBe(800);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('previous / next / today are labelled buttons; each load is announced politely ("N eventi a …")', DATE, async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    await recordAnnouncements(page, 'agenda-eventi');
    const labels = await page.$$eval('#agenda-eventi .piazza-agenda-toolbar button', (bs) => bs.map((b) => b.textContent!.trim()));
    expect(labels).toEqual(['Mese precedente', 'Oggi', 'Mese successivo']);
    const first = await agenda(page, 'agenda-eventi');
    await page.focus('#agenda-eventi .piazza-agenda-next');
    const next = await afterAgenda(page, 'agenda-eventi', () => page.keyboard.press('Enter'));
    expect(next.period > first.period).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('piazza-agenda-next'))).toBe(true);
    const monthName = new Date(next.period + 'T12:00:00Z').toLocaleDateString('it-IT', { month: 'long', timeZone: 'UTC' });
    const sameYear = next.period.slice(0, 4) === first.period.slice(0, 4);
    const month = monthName + (sameYear ? '' : ' ' + next.period.slice(0, 4));
    const message = next.count === 0 ? `Nessun evento a ${month}` : `${next.count} ${next.count === 1 ? 'evento' : 'eventi'} a ${month}`;
    await page.waitForFunction((id, m) => ((window as any)['__said_' + id] || []).includes(m), { timeout: 5000 }, 'agenda-eventi', message);
    expect((await announcements(page, 'agenda-eventi')).at(-1)).toBe(message);
    const back = await afterAgenda(page, 'agenda-eventi', () => page.click('#agenda-eventi .piazza-agenda-today'));
    expect(back.period).toBe(first.period);
    // In the day view the same buttons name days.
    await afterAgenda(page, 'agenda-eventi', () => page.setViewport(PHONE));
    expect(await page.$$eval('#agenda-eventi .piazza-agenda-toolbar button', (bs) => bs.map((b) => b.textContent!.trim()))).toEqual([
      'Giorno precedente',
      'Oggi',
      'Giorno successivo',
    ]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it(
    'every event is reachable by keyboard in the list and announced with its title, date and time; the grid takes no focus',
    DATE,
    async () => {
      const probe = await open(WIDE);
      const { page } = probe;
      expect(await page.$eval('#agenda-eventi .piazza-agenda-calendar', (e) => e.getAttribute('aria-hidden'))).toBe('true');
      expect(
        await page.$$eval(
          '#agenda-eventi .piazza-agenda-calendar button, #agenda-eventi .piazza-agenda-calendar [tabindex]',
          (els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length,
        ),
      ).toBe(0);
      // The list is a disclosure in the month view; opened from the keyboard, every event is a link.
      expect(await page.$$('#agenda-eventi .piazza-agenda-event')).toHaveLength(0);
      await page.focus('#agenda-eventi .piazza-agenda-list-summary');
      await page.keyboard.press('Enter');
      expect(await page.$eval('#agenda-eventi .piazza-agenda-list', (d) => (d as HTMLDetailsElement).open)).toBe(true);
      await page.waitForSelector('#agenda-eventi .piazza-agenda-event');
      const events = await listedEvents(page, 'agenda-eventi');
      const { count } = await agenda(page, 'agenda-eventi');
      expect(events).toHaveLength(count);
      expect(events.every((e) => e.href)).toBe(true);
      // "Title, weekday day month year, time": the date is read even where only the time is shown.
      for (const e of events) {
        expect(e.text.startsWith(e.title + ', ')).toBe(true);
        expect(e.text).toMatch(/, (lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} \w+ \d{4}, /);
        expect(e.when).toMatch(/^(\d{2}:\d{2}( – \d{2}:\d{2})?|Tutto il giorno|dal .+ al .+)$/);
      }
      // Tab walks from the summary through each event link and its .ics link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement!.className)).toContain('piazza-agenda-event-link');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement!.className)).toContain('piazza-agenda-event-ics');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement!.className)).toContain('piazza-agenda-event-link');
      await expectAxe(page, 'month view, list open');
      expect(probe.errors).toEqual([]);
      await page.close();
    },
  );

  it(
    'links an event to its location, else to /openpa/object/{id} behind the site-access prefix; a click on the grid goes there',
    DATE,
    async () => {
      const probe = await open(WIDE);
      const { page } = probe;
      await openList(page, 'agenda-eventi');
      const last = calendarRequests(probe).at(-1)!;
      const items: Array<{ id: number; extendedProps: { location: string } }> = await answerTo(last.url);
      const events = await listedEvents(page, 'agenda-eventi');
      for (const e of events) {
        const raw = items.find((i) => String(i.id) === e.id)!;
        expect(e.href).toBe(raw.extendedProps.location);
      }
      // A click on an event in the grid opens its location.
      const target = events[0];
      const title = await page.evaluateHandle(
        (t) =>
          [...document.querySelectorAll('#agenda-eventi .toastui-calendar-weekday-event-title')].find((e) =>
            (e.textContent || '').includes(t as string),
          ),
        target.title,
      );
      const element = title.asElement() as ElementHandle<Element> | null;
      expect(element).not.toBeNull();
      // Toast UI listens for the mouseup only after its mousedown re-render: press, let that render
      // paint and its effects run (however busy the machine), then release, as a person's click does.
      await element!.scrollIntoView();
      const box = (await element!.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await frames(page);
      await afterPageTimers(page, 0);
      const [navigation] = await Promise.all([page.waitForRequest((r) => r.isNavigationRequest()), page.mouse.up()]);
      expect(new URL(navigation.url()).pathname).toBe(target.href);
      await page.close();

      // Server mode on "/ita": opening hours have composite ids and no location → /ita/openpa/object/{content id}.
      const second = await open(WIDE);
      const p2 = second.page;
      await showAgenda(p2, 'orari', 'orari-server');
      const request = calendarRequests(second).find((r) => r.path.includes('/orari-server/'))!;
      expect(request.path).toBe('/ita/openpa/data/block_opendata_queried_contents/orari-server/calendar/');
      await openList(p2, 'orari');
      const hours = await listedEvents(p2, 'orari');
      expect(hours.length).toBeGreaterThan(0);
      for (const h of hours) {
        expect(h.id).toMatch(/^\d+-\d+-[a-z]+-/);
        expect(h.href).toBe('/ita/openpa/object/' + h.id.split('-')[0]);
      }
      expect(second.errors).toEqual([]);
      await p2.close();
    },
  );

  it('search and facet filters change the events, in browser mode and in server mode', DATE, async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    await openList(page, 'agenda-eventi');
    const all = await ids(page, 'agenda-eventi');
    // Search: a new request with q = '…' in front of the block's query; only matching events remain.
    await page.click('#agenda-eventi .piazza-listing-search button');
    await page.type('#agenda-eventi-search-text', 'mostra');
    const searched = await afterAgenda(page, 'agenda-eventi', () => page.keyboard.press('Enter'));
    let request = calendarRequests(probe).at(-1)!;
    expect(decodeURIComponent(request.params.q)).toBe(`q = 'mostra' and ${QUERY} and sort [score=>desc]`);
    const found = await ids(page, 'agenda-eventi');
    expect(found).toEqual(await expectedIds(probe, searched));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    // Cleared, then a facet: the events of that topic.
    await afterAgenda(page, 'agenda-eventi', () => page.click('#agenda-eventi .piazza-listing-search button'));
    expect(await ids(page, 'agenda-eventi')).toEqual(all);
    const topic = await page.$$eval('#agenda-eventi-facet-0 option', (os) =>
      (os as HTMLOptionElement[]).map((o) => o.value).find((v) => /^[\p{L} ]+$/u.test(v)),
    );
    const faceted = await afterAgenda(page, 'agenda-eventi', () => page.select('#agenda-eventi-facet-0', topic!));
    request = calendarRequests(probe).at(-1)!;
    expect(decodeURIComponent(request.params.q)).toBe(`topics in ['"${topic}"'] and ${QUERY}`);
    const byTopic = await ids(page, 'agenda-eventi');
    expect(byTopic).toEqual(await expectedIds(probe, faceted));
    expect(byTopic.length).toBeLessThan(all.length);
    // The date filters do not apply to the agenda, so they are hidden on this tab (and back on the list).
    expect(await page.$$('#agenda-eventi input[type=date], #agenda-eventi input[type=radio]')).toHaveLength(0);
    await page.click('#agenda-eventi-list-tab');
    expect((await page.$$('#agenda-eventi input[type=date]')).length).toBe(2);
    await page.close();

    // Server mode: the search goes to the block endpoint as `search=` (a fix: the original nested it in an ignored q).
    const second = await open(WIDE);
    const p2 = second.page;
    await showAgenda(p2, 'orari', 'orari-server');
    await openList(p2, 'orari');
    const before = await listedEvents(p2, 'orari');
    const name = before[0].title
      .replace(/ \(.*$/, '')
      .split(' ')
      .at(-1)!;
    await p2.click('#orari .piazza-listing-search button');
    await p2.type('#orari-server-search-text', name);
    const narrowed = await afterAgenda(p2, 'orari', () => p2.keyboard.press('Enter'));
    const serverRequest = calendarRequests(second).at(-1)!;
    expect(serverRequest.path).toContain('/orari-server/calendar/');
    expect(serverRequest.params.search).toBe(name);
    const after = await listedEvents(p2, 'orari');
    expect(after.map((e) => e.id).sort()).toEqual(await expectedIds(second, narrowed, '/orari-server/'));
    expect(after.length).toBeLessThan(before.length);
    expect(after.every((e) => e.title.includes(name))).toBe(true);
    expect(second.errors).toEqual([]);
    await p2.close();
  });

  it('a remote portal is asked over JSONP, and the agenda speaks German there', DATE, async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    await showAgenda(page, 'termine');
    const request = calendarRequests(probe).find((r) => r.path.startsWith('/api/opendata/v2/calendar/search/'))!;
    expect(request.params.callback).toBeTruthy();
    expect(decodeURIComponent(request.path.split('/search/')[1])).toBe(QUERY);
    const names = await page.$$eval('#termine .toastui-calendar-day-name-item', (els) => els.map((e) => e.textContent!.trim()));
    expect(names[0]).toBe('Montag');
    expect(names[6]).toBe('Sonntag');
    const labels = await page.$$eval('#termine .piazza-agenda-toolbar button', (bs) => bs.map((b) => b.textContent!.trim()));
    expect(labels).toEqual(['Vorheriger Monat', 'Heute', 'Nächster Monat']);
    const shown = await agenda(page, 'termine');
    const month = new Date(shown.period + 'T12:00:00Z').toLocaleDateString('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(await page.$eval('#termine .piazza-agenda-title', (e) => e.textContent)).toBe(month);
    // Links of a remote portal point to that portal.
    await openList(page, 'termine');
    const events = await listedEvents(page, 'termine');
    expect(events.length).toBe(shown.count);
    expect(events.every((e) => e.href!.startsWith(env.portal.origin + '/'))).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('downloads the period’s events and each event as iCalendar files that ical.js reads back', DATE, async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    const downloads = await downloadsOf(env.browser);
    try {
      await openList(page, 'agenda-eventi');
      const events = await listedEvents(page, 'agenda-eventi');
      const shown = await agenda(page, 'agenda-eventi');
      const link = '#agenda-eventi .piazza-agenda-ics';
      expect(await page.$eval(link, (a) => a.textContent)).toMatch(/^Scarica gli eventi di \w+( \d{4})? \(\.ics\)$/);
      const filename = await page.$eval(link, (a) => a.getAttribute('download'));
      expect(filename).toBe('eventi-' + shown.period.slice(0, 7) + '.ics');
      const file = downloads.next(filename!);
      await page.click(link);
      const text = await file;
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zone = calendar.getFirstSubcomponent('vtimezone');
      expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
      ICAL.TimezoneService.register(zone!);
      const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(vevents.map((v) => v.summary)).toEqual(events.map((e) => e.title));
      const multiDay = vevents.find(
        (v) => v.startDate.isDate && v.endDate.toJSDate().getTime() - v.startDate.toJSDate().getTime() > 86_400_000,
      );
      const timed = vevents.find((v) => !v.startDate.isDate)!;
      expect(timed.startDate.zone!.tzid).toBe('Europe/Rome');
      expect(vevents.every((v) => /^https?:\/\/127\.0\.0\.1:\d+\//.test(String(v.component.getFirstPropertyValue('url'))))).toBe(true);
      expect(multiDay ?? vevents.find((v) => v.startDate.isDate)).toBeTruthy();
      // Every event is one occurrence the API sent: same id (the UID's prefix), same start instant
      // (timed) or first day (all-day). A weekly event has several occurrences with one title and id.
      const items: Array<{ id: number | string; start: string; allDay: boolean; title: string }> = await answerTo(
        calendarRequests(probe).at(-1)!.url,
      );
      const occurrences = new Set(
        items.map(
          (i) =>
            String(i.id).replace(/[^A-Za-z0-9._-]+/g, '-') +
            ' ' +
            (i.allDay ? i.start.slice(0, 10) : Date.parse(i.start.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))),
        ),
      );
      const inFile = vevents.map((v) => {
        const uid = String(v.component.getFirstPropertyValue('uid'));
        const id = /^(.+)-\d{8}(T\d{6}Z)?@/.exec(uid)![1];
        return id + ' ' + (v.startDate.isDate ? v.startDate.toString() : v.startDate.toUnixTime() * 1000);
      });
      expect(inFile.filter((o) => !occurrences.has(o))).toEqual([]);
      expect(new Set(inFile).size).toBe(inFile.length);
      // The UID's stamp is the occurrence's UTC instant (stable for every visitor).
      expect(String(timed.component.getFirstPropertyValue('uid'))).toContain(
        '-' + new Date(timed.startDate.toUnixTime() * 1000).toISOString().replace(/[-:]|\.\d{3}/g, '') + '@',
      );

      // One event's own file: the link makes it when activated; read here through its object URL.
      const one = await page.evaluate(async () => {
        const a = document.querySelector<HTMLAnchorElement>('#agenda-eventi .piazza-agenda-event-ics')!;
        a.dispatchEvent(new FocusEvent('focus'));
        a.focus();
        return { href: a.href, download: a.download, text: await (await fetch(a.href)).text(), label: a.textContent };
      });
      expect(one.href).toMatch(/^blob:/);
      expect(one.download).toMatch(/\.ics$/);
      expect(one.label).toBe('Aggiungi al calendario: ' + events[0].title);
      const single = new ICAL.Component(ICAL.parse(one.text)).getAllSubcomponents('vevent');
      expect(single).toHaveLength(1);
      expect(single[0].getFirstPropertyValue('summary')).toBe(events[0].title);
    } finally {
      downloads.close();
    }
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it("a visitor abroad sees Italy's days and times, and is told so; a visitor in Rome is not", DATE, async () => {
    const romeTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'Europe/Rome']) {
      const probe = await newProbe(env.browser, WIDE);
      const { page } = probe;
      await page.emulateTimezone(zone);
      await page.goto(env.portal.url + 'listing-agenda.html', { waitUntil: 'domcontentloaded' });
      await waitReady(page);
      const shown = await nextAgenda(page, 'agenda-eventi', 0);
      // The month of Rome's today, whatever day it is in New York or Tokyo.
      expect(shown.period, zone).toBe(romeDayOf(0).slice(0, 8) + '01');
      const note = await page.$eval('#agenda-eventi .piazza-agenda', (a) => a.querySelector('.piazza-agenda-zone')?.textContent ?? null);
      expect(note, zone).toBe(zone === 'Europe/Rome' ? null : 'Date e orari sono quelli italiani (ora di Roma).');
      // Each timed event of one day reads "HH:mm – HH:mm" in Rome time, from the API's instants.
      await openList(page, 'agenda-eventi');
      const items: Array<{ id: number | string; start: string; end?: string; allDay: boolean }> = await answerTo(
        calendarRequests(probe).at(-1)!.url,
      );
      const parse = (t: string) => Date.parse(t.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
      const listed = await listedEvents(page, 'agenda-eventi');
      let checked = 0;
      for (const e of listed) {
        const raw = items.find(
          (i) =>
            String(i.id) === e.id &&
            !i.allDay &&
            i.end &&
            romeDay(parse(i.start)) === romeDay(parse(i.end!) - 1) &&
            parse(i.end!) > parse(i.start),
        );
        if (!raw || items.filter((i) => String(i.id) === e.id).length > 1) continue; // one occurrence: unambiguous
        expect(e.when, zone + ' ' + e.id).toBe(romeTime.format(parse(raw.start)) + ' – ' + romeTime.format(parse(raw.end!)));
        checked++;
      }
      expect(checked, zone).toBeGreaterThan(2);
      await expectAxe(page, 'abroad ' + zone);
      expect(probe.errors).toEqual([]);
      await page.close();
    }
  });

  it('a failed request shows an error with Retry (and a console line for admins); Retry loads the events', async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    env.portal.faults.arm({ match: '/opendata/api/calendar/search/', status: 500, times: 1 });
    const failed = await afterAgenda(page, 'agenda-eventi', () => page.click('#agenda-eventi .piazza-agenda-next'));
    expect(failed.status).toBe('error');
    const alert = await page.$eval('#agenda-eventi .piazza-agenda [role=alert]', (e) => e.textContent);
    expect(alert).toContain('Non è stato possibile caricare i contenuti.');
    expect(await page.$$('#agenda-eventi .piazza-agenda-event')).toHaveLength(0);
    await expectAxe(page, 'error');
    expect(probe.consoleErrors.some((m) => /listing block "agenda-eventi": richiesta del calendario non riuscita: 500/.test(m))).toBe(true);
    const retried = await afterAgenda(page, 'agenda-eventi', () => page.click('#agenda-eventi .piazza-agenda [role=alert] button'));
    expect(retried).toMatchObject({ status: 'ready', period: failed.period });
    expect(await page.$$('#agenda-eventi .piazza-agenda [role=alert]')).toHaveLength(0);
    await page.close();
  });

  it('works under a strict CSP: its styles and Toast UI’s carry the nonce, nothing is blocked', async () => {
    const probe = await newProbe(env.browser, WIDE);
    const { page } = probe;
    await page.goto(env.portal.url + 'listing-agenda-csp.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    const shown = await nextAgenda(page, 'agenda-csp', 0);
    expect(shown.status).toBe('ready');
    expect(
      await page.$$eval('style[data-piazza-css="toastui-calendar"], style[data-piazza-css="listing-agenda"]', (styles) =>
        styles.map((s) => (s as HTMLStyleElement).nonce),
      ),
    ).toEqual(['piazzaTest', 'piazzaTest']);
    // Both style sheets apply: the grid's own layout and the month's 800 px.
    expect(await page.$eval('#agenda-csp .toastui-calendar-layout', (e) => getComputedStyle(e).position)).toBe('relative');
    expect(await page.$eval('#agenda-csp .piazza-agenda-calendar', (e) => e.getBoundingClientRect().height)).toBe(800);
    expect(await page.$$eval('#agenda-csp .toastui-calendar-weekday-event-block', (e) => e.length)).toBeGreaterThan(0);
    await openList(page, 'agenda-csp');
    expect(await page.evaluate(() => (window as any).__cspViolations)).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('never sends a request off the machine: no Google Analytics from Toast UI, even after its 1 s delay', async () => {
    const probe = await open(WIDE);
    const { page } = probe;
    await showAgenda(page, 'orari', 'orari-server');
    await afterAgenda(page, 'agenda-eventi', () => page.setViewport(PHONE));
    await afterPageTimers(page, 1000); // set after Toast UI's 1 s ping timer: fires after it
    await quiet(page);
    expect(probe.requests.filter((u) => /google-analytics|googletagmanager|doubleclick/.test(u))).toEqual([]);
    expect(probe.external()).toEqual([]);
    // Toast UI marks a ping it is about to send in localStorage: there is none.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('TOAST UI')))).toEqual([]);
    await expectAxe(page, 'two agendas shown');
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
