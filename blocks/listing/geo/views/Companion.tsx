// The companion list: the places the map shows in its current view, as links, reachable with the
// keyboard and a screen reader. A cluster is a "N punti" group that opens to list its places;
// "Show on the map" centres the map on a place and opens its popup.
import { useMemo, useState } from 'preact/hooks';
import type { I18n } from '../../../../runtime/i18n';
import type { GeoPoint } from '../../model/response';
import type { ListingSettings } from '../../model/types';
import type { ClusterIndex, ClusterRef } from '../model/cluster-index';
import { companionEntries, groupPlaces, type GroupEntry } from '../model/companion';
import type { Extent } from '../model/project';
import { fullViewUrl } from '../model/urls';

/** Entries listed at first; "show more" adds as many again. */
const PAGE = 100;

export interface CompanionView {
  index: ClusterIndex;
  extent: Extent;
  zoom: number;
  /** px per metre conversion of the drawn map, for `data-at` (where an entry is drawn); null without a map. */
  resolution: number | null;
}

interface Props {
  id: string;
  view: CompanionView | null;
  points: GeoPoint[];
  settings: ListingSettings;
  i18n: I18n;
  /** Without a map (tiles not allowed yet) the places are only listed. */
  mapShown: boolean;
  /** What is listed is about to change (a search, or the map's first view of its places). */
  busy: boolean;
  onShow(point: number, trigger: HTMLElement): void;
  onZoom(cluster: ClusterRef): void;
}

export function Companion({ id, view, points, settings, i18n, mapShown, busy, onShow, onZoom }: Props) {
  const { t, plural } = i18n;
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  const list = useMemo(
    () => (view ? companionEntries(view.index, view.index.clusters(view.zoom, view.extent), limit) : null),
    [view, limit],
  );
  const at = (x: number, y: number) =>
    view && view.resolution
      ? Math.round((x - view.extent[0]) / view.resolution) + ',' + Math.round((view.extent[3] - y) / view.resolution)
      : undefined;

  const place = (point: number) => {
    const p = points[point];
    return (
      <>
        <a href={fullViewUrl(settings, p.mainNodeId, p.id)} class="piazza-geo-place">
          {p.name}
        </a>
        {mapShown && (
          <button
            type="button"
            class="btn btn-link btn-sm p-0 ms-2 piazza-geo-show"
            aria-label={t('geo.list.showPlace', { name: p.name })}
            onClick={(e) => onShow(point, e.currentTarget as HTMLElement)}
          >
            {t('geo.list.show')}
          </button>
        )}
      </>
    );
  };

  const group = (g: GroupEntry) => {
    const expanded = open === g.key;
    const names = g.sample.map((p) => points[p].name).join(', ');
    const inner = expanded && view ? groupPlaces(view.index, g.cluster) : null;
    return (
      <>
        <button
          type="button"
          class="btn btn-link btn-sm p-0 fw-semibold piazza-geo-group"
          aria-expanded={expanded}
          aria-controls={id + '-' + g.key}
          onClick={() => setOpen(expanded ? null : g.key)}
        >
          {plural('geo.cluster', g.count)}
        </button>{' '}
        <span class="piazza-geo-sample">{t('geo.group.sample', { names })}</span>
        <div id={id + '-' + g.key} hidden={!expanded}>
          {inner && (
            <>
              <ul class="piazza-geo-group-places">
                {inner.points.map((p) => (
                  <li key={p} data-point={p} data-id={String(points[p].id)}>
                    {place(p)}
                  </li>
                ))}
              </ul>
              {inner.more > 0 && <p class="small mb-1">{plural('geo.group.more', inner.more)}</p>}
              {mapShown && (
                <button type="button" class="btn btn-outline-primary btn-xs btn-sm py-0" onClick={() => onZoom(g.cluster)}>
                  {t('geo.group.zoom')}
                </button>
              )}
            </>
          )}
        </div>
      </>
    );
  };

  return (
    <section class="piazza-geo-companion" aria-labelledby={id + '-title'} aria-busy={busy || undefined}>
      <h3 class="h6 mb-1" id={id + '-title'}>
        {t('geo.list.title')}
      </h3>
      {/* nothing to list yet: it says so rather than leaving the section empty under a screen reader's cursor */}
      {!list && busy && <p class="small mb-2 piazza-geo-list-loading">{t('geo.list.loading')}</p>}
      {list && (
        <p class="small mb-2" data-places={list.places}>
          {plural('geo.list.count', list.places)}
        </p>
      )}
      {list && list.entries.length > 0 && (
        <ul class="piazza-geo-list" id={id}>
          {list.entries.map((e) =>
            e.kind === 'place' ? (
              <li key={e.key} data-point={e.point} data-id={String(points[e.point].id)} data-at={at(e.x, e.y)}>
                {place(e.point)}
              </li>
            ) : (
              <li key={e.key} data-count={e.count} data-at={at(e.cluster.x, e.cluster.y)}>
                {group(e)}
              </li>
            ),
          )}
        </ul>
      )}
      {list && list.hidden > 0 && (
        <button type="button" class="btn btn-outline-primary btn-sm mt-2" onClick={() => setLimit(limit + PAGE)}>
          {plural('geo.list.more', Math.min(list.hidden, PAGE))}
        </button>
      )}
    </section>
  );
}
