// The data table block: filters and search, the grid (or cards on phones), the one pagination.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { scrollToTop } from '../../../runtime/dom';
import { pageCount } from '../../../runtime/pagination';
import { ErrorNotice } from '../../../runtime/ui/ErrorNotice';
import { Lazy } from '../../../runtime/ui/Lazy';
import { Pagination } from '../../../runtime/ui/Pagination';
import { facetOptions } from '../model/draw';
import { pageSizes, rowRange, withFilter, withoutFilters, withPage, withPageSize, withSearch, withSort } from '../model/state';
import { Cards } from './Cards';
import { PageSize, SearchBox, SortSelect } from './Controls';
import { Export } from './Export';
import { Filters, type FacetView } from './Filters';
import { cellOptions, viewRows } from '../model/rows';
import type { Table, TableSetup } from '../table.controller';
import { deviceOnPortalTime } from '../../../runtime/clock';
import { useStore } from '../../../runtime/block/use-store';
import { lazyModule } from '../../../runtime/lazy';

// The grid view is a lazy chunk: while it downloads, the placeholder; if that fails, the error with
// Retry, like a draw's (runtime/ui/Lazy).
const loadGrid = lazyModule(() => import('./DatatableGrid'));

export interface AppProps {
  setup: TableSetup;
  /** The controller created in mount: the store this view reads, navigate and retry. */
  table: Table;
  idPrefix: string;
  caption: string;
  showSearch: boolean;
  pageSizeOptions: number[];
  exportOptions: { enabled: boolean; filename: string; batchSize: number; separator: ',' | ';' | '\t' } | null;
  /** 0: never cards */
  cardBreakpoint: number;
  nonce: string;
  /** The first rows (or the error) are on the page: the block's reserved space can go (runtime/reserve.ts). */
  onShown?(): void;
}

/** Calls `then` once its place is drawn, before the browser paints it (the rows replace the reserved space in one frame). */
function Drawn({ then }: { then?: () => void }) {
  useLayoutEffect(() => then?.(), []);
  return null;
}

/** true below the breakpoint, following the viewport live. */
function useNarrow(breakpoint: number): boolean {
  const query = breakpoint > 0 ? '(max-width: ' + (breakpoint - 0.02) + 'px)' : null;
  const [narrow, setNarrow] = useState(() => !!query && matchMedia(query).matches);
  useEffect(() => {
    if (!query) return;
    const mq = matchMedia(query);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return narrow;
}

export function App({
  setup,
  table,
  idPrefix,
  caption,
  showSearch,
  pageSizeOptions,
  exportOptions,
  cardBreakpoint,
  nonce,
  onShown,
}: AppProps) {
  const { i18n, columns } = setup;
  const { t } = i18n;
  const { state, shown, loading, error } = useStore(table.store);
  const { navigate, hrefFor, retry } = table;
  const o = useMemo(() => cellOptions(i18n), [i18n]);
  // Each answer's cells are worked out once, for the grid, the cards and the link column alike.
  const rows = useMemo(
    () => (shown ? viewRows(shown.result.data, columns, o, setup.linkTemplate, shown.state.page * shown.state.pageSize) : []),
    [shown, o],
  );
  const narrow = useNarrow(cardBreakpoint);
  const info = useRef<HTMLParagraphElement>(null);
  const sizes = pageSizes(pageSizeOptions, setup.rules.defaults.pageSize);
  // Date-times are shown on the portal's clock (runtime/dates): say so to a device keeping another time.
  const zoneNote = useMemo(() => columns.some((c) => c.type === 'datetime') && !deviceOnPortalTime(), [columns]);

  const facetViews: FacetView[] = useMemo(
    () =>
      setup.facets.map((facet, i) => ({
        facet,
        options: facetOptions(facet.field, i, shown?.result.facets || [], state.filters[facet.field] || []),
      })),
    [shown, state.filters],
  );

  const total = shown?.result.recordsFiltered ?? 0;
  const pages = shown ? pageCount(total, shown.state.pageSize) : 0;
  const range = shown ? rowRange(shown.state, shown.result.data.length) : { from: 0, to: 0 };
  const filteredFrom = shown && shown.result.recordsTotal !== total ? ' ' + t('info.filtered', { max: shown.result.recordsTotal }) : '';
  const infoText = !shown
    ? error
      ? ''
      : t('loading')
    : total
      ? t('info', { ...range, total }) + filteredFrom
      : t('info.empty') + filteredFrom;
  const ids = { info: idPrefix + '-info', hint: idPrefix + '-hint' };
  const empty = t('results_zero');

  const goToPage = (page: number) => {
    navigate(withPage(state, page));
    // The list changed under the visitor: bring its top into view and put focus on the count.
    if (!info.current) return;
    info.current.focus({ preventScroll: true });
    scrollToTop(info.current);
  };

  return (
    <div class="piazza-datatable">
      {(setup.facets.length > 0 || showSearch) && (
        <form class="piazza-datatable-form" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
          {setup.facets.length > 0 && (
            <Filters
              facets={facetViews}
              i18n={i18n}
              idPrefix={idPrefix}
              onChange={(field, values) => navigate(withFilter(state, field, values))}
              onClear={() => navigate(withoutFilters(state))}
            />
          )}
          {showSearch && (
            <SearchBox id={idPrefix + '-search'} value={state.search} i18n={i18n} onSearch={(text) => navigate(withSearch(state, text))} />
          )}
        </form>
      )}
      <div class="piazza-datatable-toolbar d-flex flex-wrap align-items-end gap-3">
        {narrow && columns.some((c) => c.sortable) && (
          <SortSelect
            id={idPrefix + '-sort'}
            sort={state.sort}
            columns={columns}
            i18n={i18n}
            onChange={(s) => navigate(withSort(state, s))}
          />
        )}
        {sizes.length > 1 && (
          <PageSize
            id={idPrefix + '-size'}
            value={state.pageSize}
            options={sizes}
            i18n={i18n}
            onChange={(n) => navigate(withPageSize(state, n))}
          />
        )}
        {exportOptions && (
          <Export
            setup={setup}
            state={state}
            idPrefix={idPrefix}
            filename={exportOptions.filename}
            batchSize={exportOptions.batchSize}
            separator={exportOptions.separator}
          />
        )}
      </div>
      <p class="piazza-datatable-info" id={ids.info} ref={info} tabIndex={-1}>
        {infoText}
        {loading && shown && <span class="piazza-datatable-loading"> · {t('loading')}</span>}
      </p>
      {zoneNote && <p class="piazza-datatable-zone small">{t('zone')}</p>}
      <p class="visually-hidden" id={ids.hint}>
        {t('grid.hint')}
      </p>
      <div class={'piazza-datatable-body' + (loading ? ' is-loading' : '')} aria-busy={loading ? 'true' : 'false'}>
        {error ? (
          <>
            <ErrorNotice i18n={i18n} onRetry={retry} message={t(error === 'invalidJson' ? 'error.invalidJson' : 'error.ajax')} />
            <Drawn then={onShown} />
          </>
        ) : !shown ? (
          <p class="piazza-datatable-placeholder">{t('loading')}</p>
        ) : narrow ? (
          <>
            <Cards columns={columns} rows={rows} label={caption} describedBy={ids.info} newTab={t('cell.newTab')} empty={empty} />
            <Drawn then={onShown} />
          </>
        ) : (
          <Lazy
            load={loadGrid}
            i18n={i18n}
            waiting={<p class="piazza-datatable-placeholder">{t('loading')}</p>}
            failed={(e) => {
              onShown?.();
              setup.log.error({ it: 'la vista a griglia non si è caricata', en: 'the grid view could not be loaded' }, e);
            }}
            render={(grid) => (
              <>
                <grid.default
                  columns={columns}
                  rows={rows}
                  sort={state.sort}
                  onSort={(s) => navigate(withSort(state, s))}
                  label={caption}
                  describedBy={ids.info + ' ' + ids.hint}
                  newTab={t('cell.newTab')}
                  empty={empty}
                  nonce={nonce}
                />
                <Drawn then={onShown} />
              </>
            )}
          />
        )}
      </div>
      {!error && shown && (
        <Pagination
          page={state.page}
          count={pages}
          i18n={i18n}
          idPrefix={idPrefix}
          onPage={goToPage}
          hrefFor={setup.urlKeys ? (p) => hrefFor(withPage(state, p)) : undefined}
        />
      )}
    </div>
  );
}
