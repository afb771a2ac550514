// What the agenda shows: a month (on screens wider than 768 px) or a day, and the range of days the
// calendar grid covers (a month grid is 6 whole weeks starting on Monday). Local calendar days, plain
// Date, no moment: pure and DST-safe (days are calendar steps, never 24 h multiples).
import { dayOf, localIso, parseYmd, ymd } from '../../model/dates';

export type AgendaView = 'month' | 'day';

/** A month (`date` is its 1st) or a day. Dates as `YYYY-MM-DD`: plain data, safe in a store. */
export interface Period {
  view: AgendaView;
  date: string;
}

/** Above this window width the agenda shows a month, at or below it a day (as the original). */
export const DAY_VIEW_MAX_WIDTH = 768;
export const viewForWidth = (width: number): AgendaView => (width > DAY_VIEW_MAX_WIDTH ? 'month' : 'day');

/** Weeks start on Monday; a month grid always has 6 weeks (the calendar widget's layout too). */
export const WEEK_STARTS_ON = 1;
export const MONTH_GRID_DAYS = 42;

/** The period of `view` containing `date`. */
export function periodOf(view: AgendaView, date: Date): Period {
  const day = dayOf(date);
  return { view, date: ymd(view === 'month' ? new Date(day.getFullYear(), day.getMonth(), 1) : day) };
}

/** The anchor day of a period (its 1st for a month), local midnight. */
export function anchor(p: Period): Date {
  const d = parseYmd(p.date);
  if (!d) throw new Error('invalid period date ' + p.date);
  return d;
}

/** The month or day itself: [start, end) as local midnights. */
export function periodBounds(p: Period): [Date, Date] {
  const a = anchor(p);
  return p.view === 'month' ? [a, new Date(a.getFullYear(), a.getMonth() + 1, 1)] : [a, dayOf(a, 1)];
}

/** The days the grid shows: [start, end) as local midnights (a month spills into the weeks around it). */
export function visibleRange(p: Period): [Date, Date] {
  if (p.view === 'day') return periodBounds(p);
  const first = anchor(p);
  const start = dayOf(first, -((first.getDay() - WEEK_STARTS_ON + 7) % 7));
  return [start, dayOf(start, MONTH_GRID_DAYS)];
}

/** `start`/`end` of the calendar request: the visible range as local ISO text, end exclusive. */
export function requestRange(p: Period): [string, string] {
  const [start, end] = visibleRange(p);
  return [localIso(start), localIso(end)];
}

/** The previous (-1) or next (+1) month or day. */
export function move(p: Period, delta: number): Period {
  const a = anchor(p);
  return p.view === 'month' ? periodOf('month', new Date(a.getFullYear(), a.getMonth() + delta, 1)) : periodOf('day', dayOf(a, delta));
}

/**
 * The same place in another view. A month becomes today when today is in it, else its first day;
 * a day becomes its month.
 */
export function switchView(p: Period, view: AgendaView, today: Date): Period {
  if (p.view === view) return p;
  if (view === 'month') return periodOf('month', anchor(p));
  const [start, end] = periodBounds(p);
  const t = dayOf(today);
  return periodOf('day', t >= start && t < end ? t : start);
}

export const samePeriod = (a: Period | null, b: Period | null) => !!a && !!b && a.view === b.view && a.date === b.date;

/** true when `today` falls in the period (the "today" button is then redundant). */
export function containsDay(p: Period, day: Date): boolean {
  const [start, end] = periodBounds(p);
  const d = dayOf(day);
  return d >= start && d < end;
}
