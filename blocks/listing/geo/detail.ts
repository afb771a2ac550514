// A place's detail for its popup: the first hit of `popupUrl` (a newer popup cancels the older
// request), its server-rendered view cleaned like the list's before anything renders it.
import { getJson, latest, RequestError } from '../../../runtime/http';
import { normaliseSearch, type CleanView, type Hit, type LinkBase } from '../model/response';
import type { ListingSettings } from '../model/types';
import { loadSanitizer } from '../sanitize';
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
        const hit = page.hits[0];
        if (!hit) return null;
        if (!hit.view) return { ...hit, view: null };
        let clean: (html: string) => CleanView;
        try {
          clean = await loadSanitizer();
        } catch {
          throw new RequestError(0, 'The HTML sanitiser could not be loaded', 'network', url);
        }
        return { ...hit, view: clean(hit.view) };
      });
    },
    cancel: () => slot.cancel(),
  };
}

export type DetailLoader = ReturnType<typeof createDetailLoader>;
