// The agenda's dates in words, in the block's language (full Italian, English and German names,
// 24-hour times). moment (runtime/dates) supplies the names; the patterns are per language. Pure.
import { at, moment } from '../../../../runtime/dates';
import type { I18n, Lang } from '../../../../runtime/i18n';
import { dayOf } from '../../model/dates';
import { isMultiDay, lastDay, type AgendaEvent } from './events';
import { anchor, type Period } from './period';

const PATTERNS: Record<Lang, { month: string; day: string; dayNoYear: string; short: string; shortYear: string }> = {
  it: { month: 'MMMM YYYY', day: 'dddd D MMMM YYYY', dayNoYear: 'dddd D MMMM', short: 'D MMMM', shortYear: 'D MMMM YYYY' },
  en: { month: 'MMMM YYYY', day: 'dddd D MMMM YYYY', dayNoYear: 'dddd D MMMM', short: 'D MMMM', shortYear: 'D MMMM YYYY' },
  de: { month: 'MMMM YYYY', day: 'dddd, D. MMMM YYYY', dayNoYear: 'dddd, D. MMMM', short: 'D. MMMM', shortYear: 'D. MMMM YYYY' },
};

export const formatTime = (ms: number) => moment(ms).format('HH:mm');
export const formatDay = (date: Date | number, lang: Lang) => at(date, lang).format(PATTERNS[lang].day);
export const formatDayNoYear = (date: Date | number, lang: Lang) => at(date, lang).format(PATTERNS[lang].dayNoYear);
export const formatMonth = (date: Date | number, lang: Lang) => at(date, lang).format(PATTERNS[lang].month);

/** Full day names, Sunday first (the calendar widget's order): "domenica", "lunedì"… */
export const dayNames = (lang: Lang) => moment.localeData(lang).weekdays() as string[];

/** The period as a title: "settembre 2025", "martedì 16 settembre 2025". */
export const periodTitle = (p: Period, lang: Lang) => (p.view === 'month' ? formatMonth(anchor(p), lang) : formatDay(anchor(p), lang));

/** The period in a sentence: "settembre" ("settembre 2026" in another year), "martedì 16 settembre". */
export function periodName(p: Period, lang: Lang, today: Date): string {
  const a = anchor(p);
  const sameYear = a.getFullYear() === today.getFullYear();
  if (p.view === 'day') return sameYear ? formatDayNoYear(a, lang) : formatDay(a, lang);
  return at(a, lang).format(sameYear ? 'MMMM' : 'MMMM YYYY');
}

/** "12 eventi a settembre" (polite message after each load). */
export function countMessage(i18n: I18n, p: Period, count: number, today: Date): string {
  const name = periodName(p, i18n.lang, today);
  return p.view === 'month'
    ? i18n.plural('agenda.count.month', count, { month: name })
    : i18n.plural('agenda.count.day', count, { day: name });
}

export interface When {
  /** The event's first day in full ("sabato 21 giugno 2025"). */
  date: string;
  /** What the list shows next to the title: "18:00 – 23:00", "Tutto il giorno", "dal 1 al 4 luglio". */
  time: string;
}

/** When an event happens, in words. */
export function describeWhen(e: AgendaEvent, i18n: I18n): When {
  const lang = i18n.lang;
  const date = formatDay(e.start, lang);
  const last = lastDay(e);
  const first = dayOf(new Date(e.start));
  const short = (d: Date | number) =>
    at(d, lang).format(first.getFullYear() === last.getFullYear() ? PATTERNS[lang].short : PATTERNS[lang].shortYear);
  if (e.allDay) {
    return { date, time: isMultiDay(e) ? i18n.t('agenda.range', { from: short(first), to: short(last) }) : i18n.t('agenda.allDay') };
  }
  if (isMultiDay(e)) {
    return {
      date,
      time: i18n.t('agenda.range', { from: short(e.start) + ', ' + formatTime(e.start), to: short(e.end) + ', ' + formatTime(e.end) }),
    };
  }
  return { date, time: e.end > e.start ? formatTime(e.start) + ' – ' + formatTime(e.end) : formatTime(e.start) };
}
