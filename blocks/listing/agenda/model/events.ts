// Calendar items (the API's FullCalendar-style array, already normalised by the listing model) →
// agenda events with real instants, and the questions the views ask about them. Pure.
//
// All-day items are date-only with an **exclusive** end (`2025-07-01` → `2025-07-05` is 1–4 July),
// as the API writes them; a missing or non-increasing end means one day. Timed items carry an
// offset (`+02:00`, or the opening hours' `+0000`); a missing or earlier end means "at that instant".
// Times are the portal's (Europe/Rome) wall dates (runtime/clock): a visitor abroad sees the
// concert at 21:00 on the day it happens in Italy, as the portal's own pages say.
import { wallDate } from '../../../../runtime/clock';
import { moment } from '../../../../runtime/dates';
import { collator } from '../../../../runtime/intl';
import { dayOf, parseYmd, ymd } from '../../model/dates';
import type { CalendarItem } from '../../model/response';

export interface AgendaEvent {
  /** Unique within one response (an item id repeats once per occurrence). */
  key: string;
  /** The item id as sent (opening hours: composite `{id}-{relId}-{day}-{hours}`). */
  id: string;
  title: string;
  allDay: boolean;
  /** The portal's wall date in ms (runtime/clock); all-day: local midnight of the first day. */
  start: number;
  /** Wall date ms, exclusive, ≥ start; all-day: local midnight after the last day. */
  end: number;
  /** Timed: the real instant of the start (ms since the epoch), for what must not depend on the device (UIDs). */
  instant: number | null;
  /** All-day only: the first day and the exclusive end day as the API wrote them (`YYYY-MM-DD`). */
  startDay: string | null;
  endDay: string | null;
  /** Where the event links to (null: nowhere known). */
  url: string | null;
  /** The content class name ("Evento", "Luogo"). */
  type: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (or the date part of a date-time) → local midnight; a time after 00:00 counts as the next day when `roundUp`. */
function dayFrom(text: string | null, roundUp = false): Date | null {
  if (!text) return null;
  const day = parseYmd(text.slice(0, 10));
  if (!day) return null;
  const time = /T(\d{2}):(\d{2})/.exec(text);
  return roundUp && time && (time[1] !== '00' || time[2] !== '00') ? dayOf(day, 1) : day;
}

/** The ISO form every engine parses the same way (ECMAScript's date-time string format). */
const ES_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant (ms) of an API date-time, or null. */
function instantOfText(text: string | null): number | null {
  if (!text) return null;
  // Date.parse is ~20× faster than moment's strict parse (500 events at a time); moment reads the rest (`+0000`).
  let ms = ES_DATE_TIME.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) {
    const m = moment(text, moment.ISO_8601, true);
    if (!m.isValid()) return null;
    ms = m.valueOf();
  }
  return ms;
}

/** One calendar item → an event, or null when its start cannot be read. */
export function toAgendaEvent(item: CalendarItem, key = item.id): AgendaEvent | null {
  const allDay = item.allDay || DATE_ONLY.test(item.start);
  const base = { key, id: item.id, title: item.title, allDay, url: item.url, type: item.type };
  if (allDay) {
    const first = dayFrom(item.start);
    if (!first) return null;
    const endDay = dayFrom(item.end, true);
    const last = endDay && endDay > first ? endDay : dayOf(first, 1);
    return { ...base, start: first.getTime(), end: last.getTime(), instant: null, startDay: ymd(first), endDay: ymd(last) };
  }
  const instant = instantOfText(item.start);
  if (instant === null) return null;
  const until = instantOfText(item.end);
  const start = wallDate(instant).getTime();
  const end = until !== null && until > instant ? wallDate(until).getTime() : start;
  return { ...base, start, end: Math.max(end, start), instant, startDay: null, endDay: null };
}

const compareText = (a: string, b: string) => collator('it').compare(a, b);

/** Chronological; at the same start all-day events first, then by title. */
export function compareEvents(a: AgendaEvent, b: AgendaEvent): number {
  return (
    a.start - b.start ||
    Number(b.allDay) - Number(a.allDay) ||
    compareText(a.title, b.title) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** Items → sorted events with unique keys; unreadable items are left out. */
export function toAgendaEvents(items: readonly CalendarItem[]): AgendaEvent[] {
  const seen = new Map<string, number>();
  const events: AgendaEvent[] = [];
  for (const item of items) {
    const base = item.id + '@' + item.start;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const event = toAgendaEvent(item, n ? base + '#' + n : base);
    if (event) events.push(event);
  }
  return events.sort(compareEvents);
}

/** Does the event touch [from, to)? An instantaneous event counts where it happens. */
export const overlaps = (e: AgendaEvent, from: number, to: number) => e.start < to && Math.max(e.end, e.start + 1) > from;

/** The events that touch [from, to), in order. */
export const eventsIn = (events: readonly AgendaEvent[], [from, to]: [Date, Date]) =>
  events.filter((e) => overlaps(e, from.getTime(), to.getTime()));

export interface DayGroup {
  /** `YYYY-MM-DD` */
  day: string;
  events: AgendaEvent[];
}

/**
 * The period's events grouped by day, each event once: under its first day, or under the period's
 * first day when it began earlier (an exhibition running since last month).
 */
export function groupByDay(events: readonly AgendaEvent[], bounds: [Date, Date]): DayGroup[] {
  const groups = new Map<string, AgendaEvent[]>();
  for (const e of eventsIn(events, bounds)) {
    const day = ymd(new Date(Math.max(e.start, bounds[0].getTime())));
    const list = groups.get(day);
    if (list) list.push(e);
    else groups.set(day, [e]);
  }
  return [...groups].map(([day, list]) => ({ day, events: list }));
}

/** The last day of an event (inclusive), local midnight. */
export function lastDay(e: AgendaEvent): Date {
  if (e.allDay) return dayOf(new Date(e.end), -1);
  // A timed event ending exactly at midnight ends on the day before.
  const end = new Date(e.end > e.start ? e.end - 1 : e.end);
  return dayOf(end);
}

/** Spans more than one calendar day. */
export const isMultiDay = (e: AgendaEvent) => dayOf(new Date(e.start)).getTime() !== lastDay(e).getTime();

/** Timed events shorter than this are drawn this long, so they stay visible and clickable in the day grid. */
export const MIN_DRAWN_MS = 30 * 60_000;

/** What the calendar widget (Toast UI) is given for one event. */
export interface DrawnEvent {
  id: string;
  calendarId: string;
  title: string;
  category: 'allday' | 'time';
  isAllday: boolean;
  start: Date;
  end: Date;
  isReadOnly: true;
  raw: { url: string | null };
}

/** An event as the calendar widget draws it (all-day ends are inclusive there). */
export function toCalendarEvent(e: AgendaEvent, calendarId: string): DrawnEvent {
  return {
    id: e.key,
    calendarId,
    title: e.title,
    category: e.allDay ? 'allday' : 'time',
    isAllday: e.allDay,
    start: new Date(e.start),
    end: e.allDay ? lastDay(e) : new Date(Math.max(e.end, e.start + MIN_DRAWN_MS)),
    isReadOnly: true,
    raw: { url: e.url },
  };
}
