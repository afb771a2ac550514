// What the listing decides at mount beyond the kit: which tabs it shows, (hideIfEmpty) when it
// appears, and when the URL and the date fields follow its first results.
import { proxy } from '../../runtime/block/store';
import type { AdminLog } from '../../runtime/log';
import type { TabId } from './model/types';
import { availableTabs } from './tabs';

/** The configured tabs this build has (a missing one told to the admin); the list when none. */
export function shownTabs(configured: readonly TabId[], log: AdminLog): TabId[] {
  const tabs = availableTabs(configured);
  const missing = configured.filter((tab) => !tabs.includes(tab));
  if (missing.length) log.warn({ code: 'tabsMissing', tabs: missing.join(', ') });
  return tabs.length ? tabs : ['list'];
}

/** hideIfEmpty: the block (with the portal's wrapper) hidden until a response has results; call with each count. */
export function revealOnResults(element: HTMLElement, hideIfEmpty: boolean): (totalCount: number) => void {
  const wrapper = hideIfEmpty ? element.closest<HTMLElement>('.remote-gui-wrapper') || element : null;
  if (!wrapper) return () => {};
  wrapper.setAttribute('data-piazza-listing-hidden', '');
  let revealed = false;
  return (totalCount) => {
    if (revealed || totalCount <= 0) return;
    revealed = true;
    wrapper.removeAttribute('data-piazza-listing-hidden');
    wrapper.hidden = false;
    if (wrapper.style.display === 'none') wrapper.style.removeProperty('display'); // the portal's template hides it inline
  };
}

/** The longest a change of the state waits for its results before the URL takes it anyway. */
export const URL_LATEST_MS = 1000;

/**
 * Work that waits for the block's results: each scheduled piece runs a frame after the results
 * are shown or failed (`shown()`), a frame after it is scheduled when nothing is awaited
 * (`busy()` false), `latestMs` after it at the latest; in order. The URL's writes (urlState's
 * `schedule`): a history entry keeps the browser's own process busy (~20 ms on a busy machine)
 * and the request in flight waited for it — written at the change, it made a search's, a map's
 * and an agenda's answer ~20 ms later (issue 31). The date fields (datePickersAfterResults).
 */
export function afterResults(
  busy: () => boolean,
  nextPaint: () => Promise<void>,
  latestMs = URL_LATEST_MS,
): { schedule(write: () => void): void; shown(): void } {
  let writes: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const pending = writes;
    writes = [];
    if (pending.length) void nextPaint().then(() => pending.forEach((write) => write()));
  };
  return {
    schedule(write) {
      writes.push(write);
      if (!busy()) flush();
      else timer ??= setTimeout(flush, latestMs);
    },
    shown: flush,
  };
}

/** The longest the date filters stay plain fields after the block's first render. */
export const DATE_PICKERS_LATEST_MS = 500;

/**
 * When the date filters become date fields (`<input type="date">`): a frame after the first tab's
 * results or error are shown (`shown()`), DATE_PICKERS_LATEST_MS after the first render at the
 * latest (`rendered()`). A page's first date field costs Chromium 7–18 ms when its type is set
 * (its locale's calendar data; the next one ~1 ms), inside the first render the first answer
 * waits behind: made after the results, they came 27 ms sooner (30 interleaved pairs on the side
 * by side's page; issue 31). The fields change before a visitor can reach them; one that holds a
 * date or takes the focus is a date field at once (DateFilters.tsx).
 */
export function datePickersAfterResults(
  nextPaint: () => Promise<void>,
  latestMs = DATE_PICKERS_LATEST_MS,
): { store: { ready: boolean }; shown(): void; rendered(): void } {
  const store = proxy({ ready: false });
  let seen = false;
  const after = afterResults(() => !seen, nextPaint, latestMs);
  return {
    store,
    shown() {
      seen = true;
      after.shown();
    },
    rendered: () =>
      after.schedule(() => {
        store.ready = true;
      }),
  };
}
