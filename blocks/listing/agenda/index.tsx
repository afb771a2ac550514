// The listing's agenda tab (a lazy chunk: loaded, with Toast UI, the first time the tab is shown).
// A month on screens wider than 768 px, a day otherwise, switching when the window crosses that
// width; the events of the visible range for the block's query and the visitor's text and facet
// filters (in every mode); a keyboard and screen-reader list of the same events; .ics downloads.
import { useEffect, useMemo } from 'preact/hooks';
import { useStore } from '../../../runtime/block/use-store';
import { useStyle } from '../../../runtime/ui/style';
import { createI18n } from '../../../runtime/i18n';
import { ErrorNotice } from '../../../runtime/ui/ErrorNotice';
import type { TabViewProps } from '../tab-contract';
import { CALENDAR_ID, type CalendarTexts } from './calendar';
import { catalog } from './i18n';
import { eventsIn, groupByDay, toCalendarEvent, type AgendaEvent } from './model/events';
import { periodName, periodTitle } from './model/format';
import { buildIcs } from './model/ics';
import { DAY_VIEW_MAX_WIDTH, periodBounds, samePeriod, type Period } from './model/period';
import type { AgendaController, AgendaResults } from './agenda.controller';
import css from './style.css';
import { CalendarGrid } from './views/CalendarGrid';
import { EventList } from './views/EventList';
import { IcsLink } from './views/IcsLink';
import { Toolbar } from './views/Toolbar';
import { deviceOnPortalTime, portalNow } from '../../../runtime/clock';

/** Open an event's page; a modifier key (or the middle button) opens it in a new tab. */
function openEvent(url: string, newTab: boolean) {
  if (newTab) window.open(url, '_blank', 'noopener');
  else location.assign(url);
}

export function TabView(props: TabViewProps) {
  const { settings, ctx, active, staged = false, panelId } = props;
  const i18n = useMemo(() => createI18n(catalog, settings.locale, settings.i18n), []);
  useStyle('listing-agenda', css, ctx.nonce);
  const { t, lang } = i18n;
  const controller = props.controller as AgendaController;
  useEffect(() => {
    const small = matchMedia(`(max-width: ${DAY_VIEW_MAX_WIDTH}px)`);
    const follow = () => controller.setView(small.matches ? 'day' : 'month');
    follow();
    small.addEventListener('change', follow);
    return () => small.removeEventListener('change', follow);
  }, []);

  const snap = useStore(controller.results) as AgendaResults;
  const period = snap.period as Period;
  const current = samePeriod(snap.loaded as Period | null, period);
  const events = snap.events as AgendaEvent[];
  // What the grid draws: the visible range's events, once they belong to the period shown.
  const drawn = useMemo(() => (current ? events.map((e) => toCalendarEvent(e, CALENDAR_ID)) : null), [events, current]);
  const inPeriod = useMemo(() => (current ? eventsIn(events, periodBounds(period)) : []), [events, current]);
  const groups = useMemo(() => groupByDay(inPeriod, periodBounds(period)), [inPeriod]);
  const texts: CalendarTexts = useMemo(
    () => ({
      allDay: t('agenda.allDay'),
      more: (count: number) => t('agenda.more', { count }),
      calendarName: t('agenda.label'),
    }),
    [],
  );

  const title = periodTitle(period, lang);
  const name = periodName(period, lang, portalNow());
  const onPortalTime = useMemo(() => deviceOnPortalTime(), []);
  const ics = (list: AgendaEvent[]) =>
    buildIcs(list, { now: Date.now(), host: location.hostname, baseUrl: location.href, name: title, version: ctx.version });
  const status = snap.loading ? 'loading' : snap.status;

  return (
    <div
      class={'piazza-agenda' + (snap.loading ? ' piazza-agenda-loading' : '')}
      data-piazza-status={status}
      data-view={period.view}
      data-period={period.date}
      data-version={snap.version}
      data-count={current ? inPeriod.length : undefined}
    >
      <Toolbar
        idPrefix={panelId}
        view={period.view}
        title={title}
        loading={snap.loading}
        i18n={i18n}
        onMove={controller.move}
        onToday={controller.today}
        download={
          current &&
          inPeriod.length > 0 && (
            <IcsLink
              className="btn btn-outline-primary btn-sm piazza-agenda-ics"
              build={() => ics(inPeriod)}
              version={snap.version}
              filename={t('agenda.ics.file') + '-' + period.date.slice(0, period.view === 'month' ? 7 : 10) + '.ics'}
            >
              {period.view === 'month' ? t('agenda.ics.month', { month: name }) : t('agenda.ics.day', { day: name })}
            </IcsLink>
          )
        }
      />
      {!onPortalTime && <p class="piazza-agenda-zone small">{t('agenda.zone')}</p>}
      {snap.status === 'error' && !snap.loading && <ErrorNotice i18n={i18n} onRetry={controller.retry} />}
      <div aria-busy={snap.loading || undefined}>
        <CalendarGrid
          laidOut={active || staged}
          period={period}
          events={drawn}
          nonce={ctx.nonce}
          lang={lang}
          texts={texts}
          onOpen={openEvent}
        />
        <EventList
          idPrefix={panelId}
          view={period.view}
          groups={groups}
          count={inPeriod.length}
          version={snap.version}
          i18n={i18n}
          ics={ics}
        />
      </div>
    </div>
  );
}
