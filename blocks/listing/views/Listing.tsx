// The block: shared filters, the tab bar (when more than one tab exists) and the tab panels.
// A lazy tab's chunk is loaded the first time it is shown (or before: tabs.controller.ts); a visited
// panel stays mounted (hidden) so a map or calendar keeps its view when the visitor comes back,
// and the map's and agenda's panels are mounted as soon as their code is in (the map hidden, the
// agenda's calendar laid out out of sight), made before the click.
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '../../../runtime/ui/ErrorNotice';
import { Lazy } from '../../../runtime/ui/Lazy';
import type { FacetCounts } from '../facet-counts.controller';
import type { ListingState, TabId } from '../model/types';
import { LAID_OUT, type TabResults } from '../tabs.controller';
import { loadTab, type TabViewProps } from '../tabs';
import { DateRange, Intervals } from './DateFilters';
import { FacetSelect } from './FacetSelect';
import { TabView as ListTabView } from './ListTab';
import { SearchBox } from './SearchBox';
import { Spinner } from './Spinner';
import { panelId, tabId, Tabs } from './Tabs';
import { Pure } from './Pure';
import { useStore } from '../../../runtime/block/use-store';

export interface ListingProps extends Omit<TabViewProps, 'active' | 'panelId' | 'controller'> {
  tabs: readonly TabId[];
  results: TabResults;
  facets: FacetCounts;
  retryFacets(): void;
  /** `ready` once the date filters are to be date fields (setup.ts datePickersAfterResults). */
  datePickers: { ready: boolean };
}

type LazyTabProps = Omit<TabViewProps, 'controller'> & { results: TabResults };

/** A map or agenda tab: its view's chunk and its results controller, then the view. */
function LazyTab({ tab, props }: { tab: Exclude<TabId, 'list'>; props: LazyTabProps }) {
  return (
    <Lazy
      load={() => Promise.all([loadTab(tab), props.results.get(tab)])}
      i18n={props.i18n}
      waiting={
        <div class="d-flex justify-content-center py-5">
          <Spinner label={props.i18n.t('loading')} />
        </div>
      }
      failed={(e) =>
        props.ctx.log.error({ it: 'la scheda ' + tab + ' non si è caricata', en: 'the ' + tab + ' tab could not be loaded' }, e)
      }
      render={([{ TabView }, controller]) => <TabView {...props} controller={controller} />}
    />
  );
}

export function Listing(props: ListingProps) {
  const { settings: s, i18n, actions, tabs } = props;
  const { t } = i18n;
  const snap = useStore(props.state) as ListingState;
  const facets = useStore(props.facets) as FacetCounts;
  const staged = useStore(props.results.staging).tabs;
  const datePickers = useStore(props.datePickers).ready;
  const [visited, setVisited] = useState<TabId[]>([snap.tab]);
  useEffect(() => {
    if (!visited.includes(snap.tab)) setVisited([...visited, snap.tab]);
  }, [snap.tab]);

  const id = s.blockId;
  const agenda = snap.tab === 'agenda';
  const hasFilters = s.showSearch || s.facets.length > 0 || s.timeIntervals || s.publishedRange || s.dateRanges.length > 0;
  const tabbed = tabs.length > 1;
  return (
    <>
      {hasFilters && (
        <div class="piazza-listing-filters mb-4" role="group" aria-label={t('filters.label')}>
          {s.showSearch && <SearchBox idPrefix={id} text={snap.text} i18n={i18n} onSearch={actions.search} />}
          {s.facets.length > 0 && (
            <div class="row g-3 mb-3">
              {s.facets.map((def, i) => (
                <div class="col-12 col-md-6 col-lg-4" key={def.field}>
                  <FacetSelect
                    id={id + '-facet-' + i}
                    def={def}
                    counts={facets.counts?.[def.field] ?? null}
                    selected={snap.facets[def.field] || []}
                    loading={facets.loading}
                    removeEmpty={s.removeExistingEmptyFacets}
                    i18n={i18n}
                    onChange={(values) => actions.selectFacet(def.field, values)}
                  />
                </div>
              ))}
            </div>
          )}
          {facets.error && !facets.loading && <ErrorNotice i18n={i18n} message={t('facet.error')} onRetry={props.retryFacets} />}
          {/* The agenda's own dates are its range: the date filters do not apply there, so they are hidden. */}
          {s.timeIntervals && !agenda && <Intervals idPrefix={id} value={snap.interval} i18n={i18n} onChange={actions.chooseInterval} />}
          {s.publishedRange && !agenda && (
            <DateRange
              idPrefix={id + '-published'}
              legend={t('published.legend')}
              from={snap.publishedFrom}
              to={snap.publishedTo}
              picker={datePickers}
              i18n={i18n}
              onChange={actions.setPublished}
            />
          )}
          {!agenda &&
            s.dateRanges.map((r, i) => (
              <DateRange
                key={i}
                idPrefix={id + '-range-' + i}
                legend={r.label || r.fromField + ' – ' + r.toField}
                from={snap.ranges?.[i]?.[0] || ''}
                to={snap.ranges?.[i]?.[1] || ''}
                picker={datePickers}
                i18n={i18n}
                onChange={(from, to) => actions.setRange(i, from, to)}
              />
            ))}
        </div>
      )}
      {tabbed && (
        <Tabs blockId={id} tabs={tabs} current={snap.tab} i18n={i18n} onSelect={actions.showTab} onIntent={props.results.intent} />
      )}
      {tabs
        .filter((tab) => visited.includes(tab) || tab === snap.tab || staged.includes(tab))
        .map((tab) => {
          const active = tab === snap.tab;
          // (staged: made before its first visit; laid out out of sight if its view needs a box, else hidden)
          const offstage = !active && !visited.includes(tab) && staged.includes(tab) && LAID_OUT.includes(tab);
          const tabProps = { ...props, active, staged: offstage, panelId: panelId(id, tab) };
          return (
            <div
              key={tab}
              id={panelId(id, tab)}
              class={'piazza-listing-panel' + (tabbed ? ' pt-4' : '') + (offstage ? ' piazza-listing-offstage' : '')}
              hidden={!active && !offstage}
              {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': tabId(id, tab), tabIndex: 0 } : {})}
            >
              <Pure deps={[active, offstage]}>
                {() =>
                  tab === 'list' ? (
                    <ListTabView {...tabProps} controller={props.results.now('list')!} />
                  ) : (
                    <LazyTab tab={tab} props={tabProps} />
                  )
                }
              </Pure>
            </div>
          );
        })}
    </>
  );
}
