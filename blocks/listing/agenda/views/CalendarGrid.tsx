// Hosts the Toast UI calendar in a Preact tree. It is created the first time the tab is laid out —
// shown, or staged out of sight before its first showing (a hidden element cannot be measured) —,
// follows the period and the events, and is made again when the tab comes back after the window
// changed size while it was hidden (its layout was measured at 0 × 0 then).
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { createAgendaCalendar, type AgendaCalendar, type AgendaCalendarOptions } from '../calendar';
import type { DrawnEvent } from '../model/events';
import { anchor, samePeriod, type Period } from '../model/period';

interface Props extends Omit<AgendaCalendarOptions, 'view' | 'date'> {
  /** Shown, or staged out of sight: it has a box. */
  laidOut: boolean;
  period: Period;
  /** What to draw (null: nothing yet for this period). */
  events: DrawnEvent[] | null;
}

const windowSize = () => window.innerWidth + 'x' + window.innerHeight;
const EMPTY: DrawnEvent[] = [];

export function CalendarGrid(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<AgendaCalendar | null>(null);
  /** What the calendar was last given (so no effect repeats work: 500 events are not free). */
  const shown = useRef<{ period: Period | null; events: DrawnEvent[] | null; size: string }>({ period: null, events: null, size: '' });
  const latest = useRef(props);
  latest.current = props;

  const sync = () => {
    const p = latest.current;
    if (!p.laidOut || !host.current) return;
    const s = shown.current;
    if (!calendar.current || s.size !== windowSize()) {
      calendar.current?.destroy();
      calendar.current = createAgendaCalendar(host.current, { ...p, view: p.period.view, date: anchor(p.period) });
      shown.current = { period: p.period, events: null, size: windowSize() };
    } else if (!samePeriod(s.period, p.period)) {
      calendar.current.show(p.period.view, anchor(p.period));
      s.period = p.period;
    }
    const events = p.events || EMPTY;
    if (shown.current.events !== events) {
      calendar.current.setEvents(events);
      shown.current.events = events;
    }
  };

  useLayoutEffect(sync, [props.laidOut, props.period.view, props.period.date, props.events]);
  // While shown, the calendar follows the window by itself; while hidden it would measure 0 × 0.
  useEffect(() => {
    const onResize = () => {
      if (latest.current.laidOut) shown.current.size = windowSize();
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      calendar.current?.destroy();
      calendar.current = null;
    };
  }, []);

  return <div ref={host} class={'piazza-agenda-calendar is-' + props.period.view} aria-hidden="true" />;
}
