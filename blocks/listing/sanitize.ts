// Server-rendered views (`extradata.view`) and map popups go through runtime/sanitize.ts, the one
// policy for remote HTML; DOMPurify is a lazy chunk of its own here, fetched in parallel with the
// block's first request. A view is cleaned once into nodes; each place that shows it gets a copy
// of them (made in the page's document), so no cleaned view is ever parsed again.
import { lazyModule } from '../../runtime/lazy';
import type { CleanView } from './model/response';

export const loadSanitizer = lazyModule<(html: string) => CleanView>(() =>
  import('../../runtime/sanitize').then((m) => (html: string) => {
    const nodes = m.sanitizeNodes(html);
    return { copy: () => document.importNode(nodes, true) };
  }),
);
