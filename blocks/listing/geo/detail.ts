// A place's detail for its popup: the first hit of `popupUrl` (a newer popup cancels the older
// request), its server-rendered view cleaned like the list's before anything renders it.
import { getJson, latest, RequestError } from '../../../runtime/http';
import { normaliseSearch, type Hit, type LinkBase } from '../model/response';
import type { ListingSettings } from '../model/types';
import { cleanHits } from '../sanitize';
import { isContentId, popupUrl } from './model/urls';

export function createDetailLoader(s: ListingSettings, link: LinkBase, nonce: string) {
  const slot = latest();
  return {
    /** The hit, or null when the portal has none for this id (the popup then shows name and link). */
    load(id: number | string): Promise<Hit | null> {
      if (!isContentId(id)) return Promise.resolve(null);
      const url = popupUrl(s, id);
      return slot(async (signal) => {
        const page = normaliseSearch(await getJson(url, { jsonp: s.source.kind === 'remote', signal, nonce }), link);
        if (!page) throw new RequestError(200, 'Unexpected response', 'invalid-json', url);
        const [hit] = await cleanHits(page.hits.slice(0, 1), url);
        return hit ?? null;
      });
    },
    cancel: () => slot.cancel(),
  };
}

export type DetailLoader = ReturnType<typeof createDetailLoader>;
