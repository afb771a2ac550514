// Server-rendered views (`extradata.view`) and map popups go through runtime/sanitize.ts, the one
// policy for remote HTML; the sanitiser is a lazy chunk of its own here, fetched in parallel with
// the block's first request (and DOMPurify only where the browser has no sanitiser of its own). A
// view is cleaned once into nodes; each place that shows it gets a copy of them (made in the
// page's document), so no cleaned view is ever parsed again.
import { RequestError } from '../../runtime/http/core';
import { lazyModule } from '../../runtime/lazy';
import type { CleanView, Hit, RawHit } from './model/response';

type Clean = (html: string) => CleanView;

export const loadSanitizer = lazyModule<Clean>(() =>
  import('../../runtime/sanitize')
    .then((m) => m.loadSanitizer())
    .then((clean) => (html: string) => {
      const nodes = clean(html);
      return { copy: () => document.importNode(nodes, true) };
    }),
);

/** Views cleaned, by their server HTML, at most `max` (then all forgotten): a hit shown again is not cleaned again. */
export function viewCache(max: number): (html: string, clean: Clean) => CleanView {
  const cleaned = new Map<string, CleanView>();
  return (html, clean) => {
    let done = cleaned.get(html);
    if (done === undefined) {
      if (cleaned.size >= max) cleaned.clear();
      cleaned.set(html, (done = clean(html)));
    }
    return done;
  };
}

/**
 * `url`'s hits as the page may show them: every view through the sanitiser before anything can render
 * it (the sanitiser loaded only when a hit has one; its failed download is the request's failure).
 */
export async function cleanHits(hits: RawHit[], url: string, cached = (html: string, clean: Clean) => clean(html)): Promise<Hit[]> {
  let clean: Clean | null = null;
  if (hits.some((h) => h.view)) {
    try {
      clean = await loadSanitizer();
    } catch {
      throw new RequestError(0, 'The HTML sanitiser could not be loaded', 'network', url);
    }
  }
  return hits.map((h) => ({ ...h, view: h.view && clean ? cached(h.view, clean) : null }));
}
