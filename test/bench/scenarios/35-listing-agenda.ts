// Agenda figures: a month with 500 events (the calendar answer is served by the test, in the
// real shape, for the range the page asks), measured in the page from the end of that response
// to the frame after the calendar grid has drawn its events. Cold cache, Rome time, 1280 px.
import type { HTTPRequest } from 'puppeteer-core';
import type { BenchContext, Scenario } from '../run';

const EVENTS = 500;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());
const rome = (d: Date, h: number, m = 0) => ymd(d) + 'T' + pad(h) + ':' + pad(m) + ':00+01:00';

/** 500 calendar items in the month shown (the grid starts at most 6 days before its 1st): timed ones on every day, some all-day and multi-day. */
function monthOfEvents(gridStart: Date) {
  const inMonth = new Date(gridStart.getFullYear(), gridStart.getMonth(), gridStart.getDate() + 7);
  const days = new Date(inMonth.getFullYear(), inMonth.getMonth() + 1, 0).getDate();
  return Array.from({ length: EVENTS }, (_, i) => {
    const day = new Date(inMonth.getFullYear(), inMonth.getMonth(), 1 + (i % days));
    const allDay = i % 10 === 0;
    const id = 4001 + (i % 120);
    const location = '/Vivere-il-comune/Eventi/Evento-' + i;
    const title = `Evento ${i}: ${['Concerto', 'Mostra', 'Sagra', 'Incontro', 'Laboratorio'][i % 5]} in piazza`;
    if (allDay) {
      const last = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1 + (i % 3));
      return { id, title, allDay: true, start: ymd(day), end: ymd(last), type: 'Evento', extendedProps: { location } };
    }
    const hour = 8 + (i % 13);
    return {
      id,
      title,
      allDay: false,
      start: rome(day, hour, (i % 4) * 15),
      end: rome(day, hour + 1 + (i % 2), (i % 4) * 15),
      type: 'Evento',
      extendedProps: { location },
    };
  });
}

async function monthWith500({ browser, portal }: BenchContext) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.emulateTimezone('Europe/Rome');
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/calendar/search/')) return void request.continue();
    const body = JSON.stringify(monthOfEvents(new Date(url.searchParams.get('start')!)));
    void request.respond({ status: 200, contentType: 'application/json; charset=utf-8', body });
  });
  await page.evaluateOnNewDocument(() => {
    const w = window as any;
    // The end of the calendar response, and the first frame after its events are in the grid.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceResourceTiming[])
        if (e.name.includes('/calendar/search/')) w.__responseEnd = e.responseEnd;
    }).observe({ type: 'resource', buffered: true });
    const watch = new MutationObserver(() => {
      const agenda = document.querySelector('.piazza-agenda[data-piazza-status=ready]');
      if (!agenda || !document.querySelector('.toastui-calendar-weekday-event-block')) return;
      watch.disconnect();
      w.__drawnAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => (w.__paintedAt = performance.now()), 0));
    });
    watch.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-piazza-status'] });
  });
  await page.goto(portal.url + 'listing-agenda-month.html', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (window as any).__paintedAt !== undefined && (window as any).__responseEnd !== undefined, {
    timeout: 30_000,
  });
  const figures = await page.evaluate(() => {
    const w = window as any;
    return {
      responseToDrawn: w.__drawnAt - w.__responseEnd,
      responseToPainted: w.__paintedAt - w.__responseEnd,
      count: Number(document.querySelector('.piazza-agenda')!.getAttribute('data-count')),
    };
  });
  if (figures.count !== EVENTS) throw new Error(`expected ${EVENTS} events in the month, got ${figures.count}`);
  // Opening the event list (closed in the month view): its 500 items are made then.
  const listOpened = await page.evaluate(
    () =>
      new Promise<{ ms: number; listed: number }>((resolve) => {
        const list = document.querySelector<HTMLElement>('.piazza-agenda-list')!;
        const t0 = performance.now();
        const watch = new MutationObserver(() => {
          const listed = list.querySelectorAll('.piazza-agenda-event').length;
          if (!listed) return;
          watch.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - t0, listed }), 0));
        });
        watch.observe(list, { childList: true, subtree: true });
        list.querySelector<HTMLElement>('summary')!.click();
      }),
  );
  if (listOpened.listed !== EVENTS) throw new Error(`expected ${EVENTS} listed events, got ${listOpened.listed}`);
  await context.close();
  return { ...figures, listOpened: listOpened.ms };
}

const month500: Scenario = {
  name: 'listing agenda: month with 500 events, response → painted',
  runs: 7,
  units: { 'response → grid drawn': 'ms', 'response → painted': 'ms', 'list of 500 opened → painted': 'ms' },
  async run(ctx) {
    const f = await monthWith500(ctx);
    return {
      'response → grid drawn': f.responseToDrawn,
      'response → painted': f.responseToPainted,
      'list of 500 opened → painted': f.listOpened,
    };
  },
};

export default [month500];
