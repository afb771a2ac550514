// The agenda's navigation: previous / today / next (labelled for the view shown), the period's
// title, and the .ics download of the period's events.
import type { ComponentChildren } from 'preact';
import type { I18n } from '../../../../runtime/i18n';
import { Icon } from '../../../../runtime/ui/icons';
import { Spinner } from '../../views/Spinner';
import type { AgendaView } from '../model/period';

interface Props {
  idPrefix: string;
  view: AgendaView;
  title: string;
  loading: boolean;
  i18n: I18n;
  onMove(delta: number): void;
  onToday(): void;
  /** The period's download link (absent when there is nothing to download: its place stays). */
  download: ComponentChildren;
}

export function Toolbar({ idPrefix, view, title, loading, i18n, onMove, onToday, download }: Props) {
  const { t } = i18n;
  return (
    <div class="piazza-agenda-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
      <div class="d-flex align-items-center gap-2" role="group" aria-label={t('agenda.toolbar')}>
        <button type="button" class="btn btn-outline-primary btn-sm btn-icon piazza-agenda-prev" onClick={() => onMove(-1)}>
          <Icon name="chevron-left" className="icon-primary" />
          <span class="visually-hidden">{t('agenda.prev.' + view)}</span>
        </button>
        <button type="button" class="btn btn-outline-primary btn-sm piazza-agenda-today" onClick={onToday}>
          {t('agenda.today')}
        </button>
        <button type="button" class="btn btn-outline-primary btn-sm btn-icon piazza-agenda-next" onClick={() => onMove(1)}>
          <Icon name="chevron-right" className="icon-primary" />
          <span class="visually-hidden">{t('agenda.next.' + view)}</span>
        </button>
      </div>
      <p class="piazza-agenda-title h5 mb-0 ms-1" id={idPrefix + '-title'}>
        {title}
      </p>
      {loading && <Spinner label={t('loading')} small />}
      {/* The link's place is kept from the first render, before the events (and so the link) come:
          an invisible copy of its label, with the period's title (never shorter than the name the
          link says), under the link in one grid cell. */}
      <div class="ms-auto piazza-agenda-download">
        <span class="btn btn-outline-primary btn-sm piazza-agenda-ics-space" aria-hidden="true">
          {view === 'month' ? t('agenda.ics.month', { month: title }) : t('agenda.ics.day', { day: title })}
        </span>
        {download}
      </div>
    </div>
  );
}
