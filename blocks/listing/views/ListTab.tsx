// The list tab (a TabView like the lazy ones): results in the configured layout, numbered pages
// or "load more", the three loading looks, the empty state and the error with Retry.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { scrollToTop } from '../../../runtime/dom';
import { pageCount } from '../../../runtime/pagination';
import { ErrorNotice } from '../../../runtime/ui/ErrorNotice';
import { Pagination } from '../../../runtime/ui/Pagination';
import type { ListController, ListResults } from '../list.controller';
import { isCardLayout } from '../model/settings';
import type { Hit } from '../model/response';
import type { TabViewProps } from '../tab-contract';
import { HitItem } from './HitItem';
import { Pure } from './Pure';
import { Spinner } from './Spinner';
import { useStore } from '../../../runtime/block/use-store';

/** Column classes for `itemsPerRow` (card views); 'auto' is a masonry-like column flow. */
function layout(settings: TabViewProps['settings']): { list: string; item: string } {
  if (!isCardLayout(settings)) return { list: 'piazza-listing-stack', item: 'mb-3' };
  if (settings.itemsPerRow === 'auto') return { list: 'piazza-listing-masonry', item: 'mb-4' };
  const n = settings.itemsPerRow;
  const lg = Math.max(1, Math.floor(12 / n));
  return { list: 'row g-4', item: 'col-12' + (n > 1 ? ' col-md-6' : '') + ' col-lg-' + lg };
}

/** How long rows being replaced stay as they are before they turn grey: a quicker answer never greys them. */
export const STALE_AFTER_MS = 150;

export function TabView(props: TabViewProps) {
  const { settings, i18n, panelId } = props;
  const { t } = i18n;
  const controller = props.controller as ListController;
  const snap = useStore(controller.results) as ListResults;
  const list = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  // The results (version) whose reload has waited STALE_AFTER_MS: a new answer (a new version) is never grey.
  const reloading = snap.pending === 'reload';
  const [staleVersion, setStaleVersion] = useState(-1);
  useEffect(() => {
    if (!reloading) return;
    const timer = setTimeout(() => setStaleVersion(snap.version), STALE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reloading, snap.version]);

  // After a result change the visitor asked for: paging reloads scroll to the list top and move
  // focus there; "load more" moves focus to the first new item (never strands it on a removed button).
  useLayoutEffect(() => {
    if (!snap.version || !list.current) return;
    if (snap.change === 'page' && top.current) {
      scrollToTop(top.current);
      list.current.focus({ preventScroll: true });
    } else if (snap.change === 'append') {
      const item = list.current.children[snap.firstNew] as HTMLElement | undefined;
      const target = item?.querySelector<HTMLElement>('a[href], button, [tabindex]') || item;
      target?.focus();
    }
  }, [snap.version]);

  const { list: listClass, item: itemClass } = layout(settings);
  const pages = pageCount(snap.totalCount, settings.limit);
  const hits = snap.hits as Hit[];
  const more = settings.paging === 'append' && snap.status === 'ready' && hits.length < snap.totalCount;

  return (
    <div
      class="piazza-listing-list"
      ref={top}
      data-piazza-status={snap.pending ? 'loading' : snap.status}
      data-total={snap.totalCount}
      data-version={snap.version}
    >
      {snap.pending === 'first' && (
        <div class="piazza-listing-loading d-flex justify-content-center py-5">
          <Spinner label={t('loading')} />
        </div>
      )}
      {snap.status === 'error' && snap.pending === null && <ErrorNotice i18n={i18n} onRetry={controller.retry} />}
      {snap.status === 'ready' && snap.totalCount === 0 && snap.pending === null && <p class="piazza-listing-empty">{t('results.none')}</p>}
      <div
        ref={list}
        id={panelId + '-results'}
        class={listClass + (reloading && staleVersion === snap.version ? ' piazza-listing-stale' : '')}
        role="list"
        aria-label={t('results.label')}
        aria-busy={reloading || undefined}
        tabIndex={-1}
        hidden={!hits.length || snap.pending === 'first'}
      >
        {hits.map((hit, i) => (
          <div role="listitem" class={itemClass} key={i + ':' + hit.id} tabIndex={-1} data-piazza-hit={hit.id}>
            <Pure deps={[hit]}>{() => <HitItem hit={hit} settings={settings} i18n={i18n} />}</Pure>
          </div>
        ))}
      </div>
      {settings.paging === 'pages' && snap.status === 'ready' && (
        <Pagination
          page={snap.page}
          count={pages}
          i18n={i18n}
          idPrefix={panelId}
          hrefFor={(page) => props.hrefFor({ page })}
          onPage={(p) => props.actions.goToPage(p)}
        />
      )}
      {more && (
        <div class="d-flex justify-content-center mt-4">
          <button
            type="button"
            class="btn btn-outline-primary"
            data-element="load-other-cards"
            aria-busy={snap.pending === 'append' || undefined}
            aria-disabled={snap.pending === 'append' || undefined}
            onClick={() => snap.pending !== 'append' && props.actions.goToPage(snap.page + 1)}
          >
            {snap.pending === 'append' ? (
              <>
                <Spinner label={t('loading')} small /> <span aria-hidden="true">{t('loading')}</span>
              </>
            ) : (
              t('results.more')
            )}
          </button>
        </div>
      )}
    </div>
  );
}
