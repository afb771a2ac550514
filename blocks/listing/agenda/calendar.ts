// The Toast UI calendar, driven directly (its React wrapper crashes under preact/compat). It is the
// visual grid for pointer users; the keyboard and screen-reader way through the same events is the
// event list (views/EventList.tsx), so the grid is aria-hidden and its own buttons leave the tab
// order. Its dist carries its own Preact, immer and DOMPurify; its CSS is injected with the nonce.
import { escapeHtml } from '../../../runtime/escape';
import Calendar from '@toast-ui/calendar';
import calendarCss from '@toast-ui/calendar/toastui-calendar.min.css';
import { injectStyle } from '../../../runtime/dom';
import type { Lang } from '../../../runtime/i18n';
import type { DrawnEvent } from './model/events';
import { dayNames, formatDayNoYear, formatTime } from './model/format';
import type { AgendaView } from './model/period';

export const CALENDAR_ID = 'agenda';
/** Where the day view opens (the original's `scrollTime: '09:00:00'`). */
export const DAY_VIEW_SCROLL_HOUR = 9;

export interface CalendarTexts {
  allDay: string;
  more(count: number): string;
  calendarName: string;
}

export interface AgendaCalendarOptions {
  nonce: string;
  lang: Lang;
  view: AgendaView;
  date: Date;
  texts: CalendarTexts;
  /** An event was clicked: open its page (in a new tab with Ctrl/⌘/Shift or the middle button). */
  onOpen(url: string, newTab: boolean): void;
}

export interface AgendaCalendar {
  show(view: AgendaView, date: Date): void;
  setEvents(events: DrawnEvent[]): void;
  destroy(): void;
}

/**
 * Toast UI's date picker pings Google Analytics unless told not to; the calendar takes
 * `usageStatistics: false`, and the global opt-out covers the pickers it bundles.
 */
function optOutOfStatistics() {
  const w = window as unknown as { tui?: Record<string, unknown> };
  w.tui = Object.assign(w.tui || {}, { usageStatistics: false });
}

/** Colours with at least 4.5:1 on white (the widget's greys and red are lighter). */
const THEME = {
  common: {
    border: '1px solid #d9dadb',
    backgroundColor: '#ffffff',
    holiday: { color: '#a61c2d' },
    saturday: { color: '#1a1a1a' },
    dayName: { color: '#1a1a1a' },
    today: { color: '#ffffff' },
  },
  month: {
    dayExceptThisMonth: { color: '#5c6f82' },
    holidayExceptThisMonth: { color: '#8a4a55' },
    dayName: { borderLeft: 'none', backgroundColor: 'inherit' },
    moreView: { border: '1px solid #d9dadb', boxShadow: '0 2px 6px 0 rgba(0,0,0,.15)', backgroundColor: '#ffffff', width: 280 },
  },
  week: {
    today: { color: '#0059b3', backgroundColor: 'rgba(0,102,204,.05)' },
    pastDay: { color: '#5c6f82' },
    pastTime: { color: '#1a1a1a' },
    futureTime: { color: '#1a1a1a' },
    dayName: { borderLeft: 'none', borderTop: '1px solid #d9dadb', borderBottom: '1px solid #d9dadb', backgroundColor: 'inherit' },
    timeGridLeft: { width: '64px', backgroundColor: 'inherit', borderRight: '1px solid #d9dadb' },
    dayGridLeft: { width: '64px', backgroundColor: 'inherit', borderRight: '1px solid #d9dadb' },
  },
};

/** The time panel of the day view scrolls; put `hour` at its top once it is drawn. */
function scrollToHour(host: HTMLElement, hour: number, tries = 30) {
  const panel = host.querySelector<HTMLElement>('.toastui-calendar-panel.toastui-calendar-time');
  const grid = panel?.querySelector<HTMLElement>('.toastui-calendar-timegrid');
  if (!panel || !grid || !grid.offsetHeight) {
    if (tries > 0) requestAnimationFrame(() => scrollToHour(host, hour, tries - 1));
    return;
  }
  panel.scrollTop = Math.round((grid.offsetHeight * hour) / 24);
}

export function createAgendaCalendar(host: HTMLElement, o: AgendaCalendarOptions): AgendaCalendar {
  const releaseStyle = injectStyle('toastui-calendar', calendarCss, o.nonce);
  optOutOfStatistics();
  const names = dayNames(o.lang) as [string, string, string, string, string, string, string];
  const calendar = new Calendar(host, {
    defaultView: o.view,
    usageStatistics: false,
    isReadOnly: true,
    useFormPopup: false,
    useDetailPopup: false,
    gridSelection: false,
    week: {
      startDayOfWeek: 1,
      dayNames: names,
      showNowIndicator: false,
      taskView: false,
      eventView: ['allday', 'time'],
    },
    month: { startDayOfWeek: 1, dayNames: names, isAlways6Weeks: true },
    calendars: [
      {
        id: CALENDAR_ID,
        name: o.texts.calendarName,
        color: '#ffffff',
        backgroundColor: '#0066cc',
        borderColor: '#004d99',
        dragBackgroundColor: '#0066cc',
      },
    ],
    theme: THEME,
    // Titles are text: a name with markup is shown as written, never interpreted. Per-event and
    // per-cell templates return escaped text without tags, which Toast UI's sanitiser passes
    // through at once instead of parsing a document each time (500 events: ~150 ms saved).
    template: {
      time: (e) => escapeHtml(formatTime(e.start.getTime()) + ' ' + e.title),
      allday: (e) => escapeHtml(e.title),
      alldayTitle: () => `<span class="toastui-calendar-left-content">${escapeHtml(o.texts.allDay)}</span>`,
      monthGridHeaderExceed: (count) => escapeHtml(o.texts.more(count)),
      monthMoreTitleDate: ({ ymd }) => escapeHtml(formatDayNoYear(new Date(ymd + 'T00:00:00'), o.lang)),
      weekDayName: ({ dateInstance }) =>
        `<span class="toastui-calendar-day-name__name">${escapeHtml(formatDayNoYear(dateInstance.toDate(), o.lang))}</span>`,
      timegridDisplayPrimaryTime: ({ time }) => String(time.getHours()).padStart(2, '0') + ':00',
    },
  });
  calendar.setDate(o.date);
  calendar.on('clickEvent', ({ event, nativeEvent }) => {
    const url = (event.raw as { url?: string | null } | null)?.url;
    if (url) o.onOpen(url, nativeEvent.ctrlKey || nativeEvent.metaKey || nativeEvent.shiftKey || nativeEvent.button === 1);
  });

  // The grid is a picture of the list: nothing in it takes keyboard focus.
  const untab = () => {
    for (const el of host.querySelectorAll<HTMLElement>('button, a[href], [tabindex]')) {
      if (el.tabIndex !== -1) el.tabIndex = -1;
    }
  };
  const observer = new MutationObserver(untab);
  observer.observe(host, { childList: true, subtree: true });
  untab();
  if (o.view === 'day') scrollToHour(host, DAY_VIEW_SCROLL_HOUR);

  return {
    show(view, date) {
      const switched = calendar.getViewName() !== view;
      if (switched) calendar.changeView(view);
      calendar.setDate(date);
      if (switched && view === 'day') scrollToHour(host, DAY_VIEW_SCROLL_HOUR);
    },
    setEvents(events) {
      calendar.clear();
      calendar.createEvents(events);
    },
    destroy() {
      observer.disconnect();
      calendar.destroy();
      host.replaceChildren();
      releaseStyle();
    },
  };
}
