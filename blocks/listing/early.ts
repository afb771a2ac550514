// The listing's first requests, sent while the block's own code is still on its way: the loader
// runs this small chunk as soon as the build's manifest names the block, so the list and facet
// answers travel in parallel with the views' code and the block's own first search() and
// facetCounts() take them (runtime/http getJsonAhead) instead of asking again (issue 18).
// The same settings, URL state and URLs as the block: a config it would refuse sends nothing. It
// also reserves the space the block's first tab will take (reserve.ts), before they move
// anything below it.
import validate from '../../schemas/generated/listing.validate.js';
import { checkConfig } from '../../runtime/config';
import type { MountContext } from '../../runtime/types';
import { createListingApi } from './api';
import { requestRange } from './model/endpoints';
import { resolveSettings } from './model/settings';
import { filtersOf } from './model/state';
import type { ListingConfig } from './model/types';
import { decodeState } from './model/url';
import { mark } from '../../runtime/timeline';
import { reserveSpace } from './reserve';

/** Sends the first requests; settles once the block shows its first results or its error (the loader's firstContent). */
export function early(element: HTMLElement, raw: unknown, ctx: MountContext): Promise<void> | undefined {
  if (element.querySelector(':scope > .piazza-listing')) return; // the block has asked for itself already
  const settings = resolveSettings(checkConfig<ListingConfig>(validate, raw), ctx.blockId);
  // (the configured tabs, not the registry of tabs.ts, whose lazy imports would split the block's
  // chunks differently; every tab a config can name is in this build)
  const state = decodeState(settings, location.search, settings.tabs, location.hash);
  // A remote portal's JSONP is left to the block: WebKit reported such a script, sent this early,
  // as failed to load (cross-browser test), and a remote answer is slower than the code anyway.
  if (settings.source.kind !== 'remote') {
    const { offset, limit } = requestRange(settings, state.page, true);
    // (the map and agenda ask for other things, when their controllers arrive: only the facets then)
    createListingApi(settings, { nonce: ctx.nonce }).ahead(filtersOf(state), offset, limit, state.tab === 'list');
  }
  // The space, reserved after the requests leave (it writes a stylesheet) but in the same task, so
  // no frame comes between: released by the block once its first tab's results are shown; by a
  // block that fails to mount, whose fallback comes back at its own height.
  const release = reserveSpace(element, settings, state.tab, ctx.nonce);
  const offs = (['block:error', 'block:mounted'] as const).map((event) =>
    ctx.events.on(event, (e: { element: HTMLElement }) => {
      if (e.element !== element) return;
      if (event === 'block:error') release();
      for (const off of offs) off();
    }),
  );
  mark('piazza-early', ctx.blockId);
  return new Promise<void>((shown) => {
    const offs = (['block:shown', 'block:error'] as const).map((event) =>
      ctx.events.on(event, (e: { element: HTMLElement }) => {
        if (e.element !== element) return;
        for (const off of offs) off();
        shown();
      }),
    );
  });
}
