// Listing block: `<div data-piazza-block="listing"><script type="application/json">{…}</script>
// …server-rendered fallback…</div>`. Config → settings → state (from the URL) → api → views.
import { h, render } from 'preact';
import validate from '../../schemas/generated/listing.validate.js';
import legacy from '../../schemas/generated/listing.legacy.js';
import { checkConfig, ignoredNote, legacyNotes } from '../../runtime/config';
import { urlState } from '../../runtime/block/url-state';
import { createAnnouncer, injectStyle } from '../../runtime/dom';
import type { RequestError } from '../../runtime/http';
import { createI18n } from '../../runtime/i18n';
import type { BlockContext } from '../../runtime/types';
import { createListingApi } from './api';
import { createFacetCounts } from './facet-counts';
import { createTabResults } from './tab-results';
import { catalog } from './i18n';
import { resolveSettings } from './model/settings';
import { createActions, createState, filtersKey } from './model/state';
import type { ListingConfig, TabId } from './model/types';
import { decodeState, encodeState, tabOfHash } from './model/url';
import css from './style.css';
import { availableTabs } from './tabs';
import { Listing } from './views/Listing';
import { reserveSpace } from './reserve';

export function mount(element: HTMLElement, raw: unknown, ctx: BlockContext) {
  const config = checkConfig<ListingConfig>(validate, raw);
  const settings = resolveSettings(config, ctx.blockId);
  const prefix = '[piazza] listing block "' + settings.blockId + '": ';
  for (const n of legacyNotes(raw, legacy)) ctx.explain(ignoredNote(n)).then((text) => console.warn(prefix + text));
  let tabs: TabId[] = availableTabs(settings.tabs);
  const missing = settings.tabs.filter((tab) => !tabs.includes(tab));
  if (missing.length) console.warn(prefix + 'tabs not available in this version: ' + missing.join(', '));
  if (!tabs.length) tabs = ['list'];

  const releaseStyle = injectStyle('listing', css, ctx.nonce);
  const i18n = createI18n(catalog, settings.locale, settings.i18n);
  const state = createState(decodeState(settings, location.search, tabs, location.hash));
  const actions = createActions(state);
  const api = createListingApi(settings, { nonce: ctx.nonce });
  // The space of the first results is held until they or their error are shown (the early chunk
  // may hold it already): mounting moves nothing below the block.
  const releaseSpace = reserveSpace(element, settings, state.tab, ctx.nonce);

  // hideIfEmpty: hidden (with the portal's wrapper) until a response has results.
  const wrapper = settings.hideIfEmpty ? (element.closest<HTMLElement>('.remote-gui-wrapper') || element) : null;
  let revealed = !wrapper;
  if (wrapper) wrapper.setAttribute('data-piazza-listing-hidden', '');
  const onResults = (totalCount: number) => {
    releaseSpace();
    ctx.events.emit('listing:results', { blockId: settings.blockId, totalCount, element });
    if (revealed || totalCount <= 0 || !wrapper) return;
    revealed = true;
    wrapper.removeAttribute('data-piazza-listing-hidden');
    wrapper.hidden = false;
    if (wrapper.style.display === 'none') wrapper.style.removeProperty('display'); // the portal's template hides it inline
  };
  const onError = (error: RequestError, what: string) => {
    releaseSpace();
    console.error(prefix + what + ' request failed: ' + (error.status || '-') + ' ' + error.message + (error.url ? ' (' + error.url + ')' : ''));
  };

  // The fallback stays until now; the config script stays too (harmless, and readable by tools).
  const host = document.createElement('div');
  host.className = 'piazza-listing';
  const script = element.querySelector(':scope > script[type="application/json"]');
  element.replaceChildren(...(script ? [script] : []), host);
  const announcer = createAnnouncer(element);
  const url = urlState({
    state,
    encode: (snap, search) => encodeState(settings, snap, search, tabs, location.hash),
    decode: (search) => decodeState(settings, search, tabs, location.hash),
    restore: actions.restore,
    // Paging in append style ("load more") is not a place to go Back to.
    replaces: (before, after) =>
      settings.paging === 'append' && after.page > before.page && after.tab === before.tab && filtersKey(after) === filtersKey(before),
  });
  // The results first: on a search their request leaves before the facet counts' (issue 18).
  const results = createTabResults({
    state, actions, settings, api, i18n, ctx, announce: announcer.say, onResults, onError, onPageCorrected: url.replaceNext,
  }, tabs);
  const facets = createFacetCounts(state, settings, api, onError);
  // A link to a tab's panel followed on the page opens the tab (its entry becomes the tab's URL).
  const onHash = () => {
    const linked = tabOfHash(settings, location.hash, tabs);
    if (!linked || linked === state.tab) return;
    url.replaceNext();
    actions.showTab(linked);
  };
  addEventListener('hashchange', onHash);
  results.get(state.tab).catch(releaseSpace); // the first tab's (a failed chunk shows in its panel, with Retry)

  render(
    h(Listing, {
      state, actions, settings, i18n, api, ctx, tabs, results,
      facets: facets.store,
      retryFacets: facets.retry,
      announce: announcer.say,
      onResults,
      onError,
      hrefFor: url.hrefFor,
      replaceHistory: url.replaceNext,
    }),
    host,
  );

  return () => {
    removeEventListener('hashchange', onHash);
    releaseSpace();
    render(null, host);
    results.dispose();
    url.dispose();
    facets.dispose();
    api.cancel();
    announcer.destroy();
    releaseStyle();
  };
}
