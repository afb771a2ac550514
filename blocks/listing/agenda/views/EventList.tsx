// The period's events as a list grouped by day: the way through the agenda by keyboard and screen
// reader (every event is a link announced with its title, date and time) and on small screens.
// Open by default in the day view; in the month view the grid shows the same events, so it starts
// closed, and its items are only made when it is opened (500 events cost nothing until then).
import { useEffect, useState } from 'preact/hooks';
import type { I18n } from '../../../../runtime/i18n';
import { parseYmd, ymd } from '../../model/dates';
import type { AgendaEvent, DayGroup } from '../model/events';
import { describeWhen, formatDay } from '../model/format';
import { fileSlug } from '../model/ics';
import type { AgendaView } from '../model/period';
import { IcsLink } from './IcsLink';

interface Props {
  idPrefix: string;
  view: AgendaView;
  groups: DayGroup[];
  count: number;
  /** Bumped at each load (the .ics links make their files again). */
  version: number;
  i18n: I18n;
  /** The .ics text of some events. */
  ics(events: AgendaEvent[]): string;
}

function EventItem({ e, i18n, ics, version }: { e: AgendaEvent; i18n: I18n; ics: Props['ics']; version: number }) {
  const when = describeWhen(e, i18n);
  const content = (
    <>
      <span class="piazza-agenda-event-title">{e.title}</span>
      <span class="piazza-agenda-event-when">
        <span class="visually-hidden">, {when.date}, </span>
        {when.time}
      </span>
    </>
  );
  return (
    <li class="piazza-agenda-event" data-event-id={e.id}>
      {e.url ? (
        <a class="piazza-agenda-event-link" href={e.url}>
          {content}
        </a>
      ) : (
        <span class="piazza-agenda-event-link">{content}</span>
      )}
      <IcsLink
        className="piazza-agenda-event-ics small"
        build={() => ics([e])}
        version={version}
        filename={fileSlug(e.title, i18n.t('agenda.ics.eventFile')) + '-' + (e.startDay || ymd(new Date(e.start))) + '.ics'}
      >
        {i18n.t('agenda.ics.event')}
        <span class="visually-hidden">: {e.title}</span>
      </IcsLink>
    </li>
  );
}

export function EventList({ idPrefix, view, groups, count, version, i18n, ics }: Props) {
  const [open, setOpen] = useState(view === 'day');
  useEffect(() => setOpen(view === 'day'), [view]);
  // On paper the list stands for the grid (hidden in print): open while printing, as the visitor left it after.
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => setPrinting(true);
    const after = () => setPrinting(false);
    addEventListener('beforeprint', before);
    addEventListener('afterprint', after);
    return () => {
      removeEventListener('beforeprint', before);
      removeEventListener('afterprint', after);
    };
  }, []);
  const shown = open || printing;
  const { t } = i18n;
  return (
    <details
      class="piazza-agenda-list mt-3"
      open={shown}
      onToggle={(e) => {
        if (!printing) setOpen((e.currentTarget as HTMLDetailsElement).open);
      }}
    >
      <summary class="piazza-agenda-list-summary">
        {t('agenda.list')} <span class="badge bg-primary piazza-agenda-list-count">{count}</span>
      </summary>
      {!shown ? null : groups.length === 0 ? (
        <p class="piazza-agenda-empty mt-2 mb-0">{t('agenda.empty')}</p>
      ) : (
        <ul class="list-unstyled piazza-agenda-days mt-2 mb-0">
          {groups.map((g) => {
            const id = idPrefix + '-day-' + g.day;
            return (
              <li key={g.day} class="piazza-agenda-day">
                <p class="piazza-agenda-day-label fw-semibold" id={id}>
                  {formatDay(parseYmd(g.day)!, i18n.lang)}
                </p>
                <ul class="list-unstyled mb-0" aria-labelledby={id}>
                  {g.events.map((e) => (
                    <EventItem key={e.key} e={e} i18n={i18n} ics={ics} version={version} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
