// Listing block: `<div data-piazza-block="listing"><script type="application/json">{…}</script>
// …server-rendered fallback…</div>`. Config → settings → state (from the URL) → api → views;
// the rest is the kit's (runtime/block/kit.ts).
import { h } from 'preact';
import validate from '../../schemas/generated/listing.validate.js';
import legacy from '../../schemas/generated/listing.legacy.js';
import { defineBlock } from '../../runtime/block/kit';
import { afterPaint } from '../../runtime/dom';
import { mark } from '../../runtime/timeline';
import { createListingApi } from './api';
import { createFacetCounts } from './facet-counts.controller';
import { afterResults, datePickersAfterResults, revealOnResults, shownTabs } from './setup';
import { createTabResults } from './tabs.controller';
import { catalog } from './i18n';
import { resolveSettings } from './model/settings';
import { createActions, createState, filtersKey } from './model/state';
import type { ListingConfig } from './model/types';
import { decodeState, encodeState, tabOfHash } from './model/url';
import { reserveSpace } from './reserve';
import css from './style.css';
import { Listing } from './views/Listing';

export const mount = defineBlock<ListingConfig>({
  validate,
  legacy,
  css,
  catalog,
  hostClass: 'piazza-listing',
  keepConfig: true,
  async setup({ element, config, ctx, i18n, log, announce, render, add, url: urlState, shown }) {
    const settings = resolveSettings(config, ctx.blockId);
    const tabs = shownTabs(settings.tabs, log);
    const state = createState(decodeState(settings, location.search, tabs, location.hash));
    const actions = createActions(state);
    const api = createListingApi(settings, { nonce: ctx.nonce });
    // The space of the first results is held until they or their error are shown (the early chunk
    // may hold it already): mounting moves nothing below the block.
    const releaseSpace = reserveSpace(element, settings, state.tab, ctx.nonce);
    // …and given back only once the block has rendered: an answer taken before the first render
    // (below, a task later) must not leave a frame with the fallback at its own height.
    let rendered = false;
    let owed = false;
    const release = () => (rendered ? releaseSpace() : void (owed = true));
    const reveal = revealOnResults(element, settings.hideIfEmpty);
    const history = afterResults(api.busy, afterPaint); // the URL's writes
    const datePickers = datePickersAfterResults(afterPaint);
    let marked = false;
    const onResults = (totalCount: number) => {
      if (!marked) mark('piazza-results', settings.blockId);
      marked = true;
      release();
      history.shown();
      datePickers.shown();
      ctx.events.emit('listing:results', { blockId: settings.blockId, totalCount, element });
      reveal(totalCount);
      shown();
    };
    const onError: typeof log.request = (error, what) => {
      release();
      history.shown();
      datePickers.shown();
      log.request(error, what);
      shown();
    };
    // The results first: on a search their request leaves before the facet counts' (issue 18).
    const results = createTabResults(
      { state, actions, settings, api, i18n, ctx, announce, onResults, onError, onPageCorrected: () => url.replaceNext() },
      tabs,
    );
    const facets = createFacetCounts(state, settings, api, onError);
    // The URL last (its subscription runs after the requests are sent), once the results are shown.
    const url = urlState({
      state,
      encode: (snap, search) => encodeState(settings, snap, search, tabs, location.hash),
      decode: (search) => decodeState(settings, search, tabs, location.hash),
      restore: actions.restore,
      // Paging in append style ("load more") is not a place to go Back to.
      replaces: (before, after) =>
        settings.paging === 'append' && after.page > before.page && after.tab === before.tab && filtersKey(after) === filtersKey(before),
      schedule: history.schedule,
    });
    // A link to a tab's panel followed on the page opens the tab (its entry becomes the tab's URL).
    const onHash = () => {
      const linked = tabOfHash(settings, location.hash, tabs);
      if (!linked || linked === state.tab) return;
      url.replaceNext();
      actions.showTab(linked);
    };
    addEventListener('hashchange', onHash);
    add(api.cancel);
    add(facets.dispose);
    add(results.dispose);
    add(releaseSpace);
    add(() => removeEventListener('hashchange', onHash));
    // the first tab's (a failed chunk shows in its panel, with Retry: the block's first content then)
    results.get(state.tab).catch(() => {
      release();
      shown();
    });
    // A task boundary before the first render: the setup and the render were one long task (~60 ms
    // on the bench's host, ×4 under Lighthouse's mobile throttling); the fallback stays meanwhile.
    await new Promise<void>((resolve) => setTimeout(resolve));
    render(
      h(Listing, {
        state,
        actions,
        settings,
        i18n,
        api,
        ctx,
        tabs,
        results,
        facets: facets.store,
        retryFacets: facets.retry,
        datePickers: datePickers.store,
        announce,
        onResults,
        onError,
        hrefFor: url.hrefFor,
        replaceHistory: url.replaceNext,
      }),
    );
    rendered = true;
    datePickers.rendered();
    if (owed) releaseSpace();
  },
});
