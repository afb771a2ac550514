// Server-rendered views (`extradata.view`) and map popups go through runtime/sanitize.ts, the one
// policy for remote HTML; DOMPurify is a lazy chunk of its own here, fetched in parallel with the
// block's first request.
import { lazyModule } from '../../runtime/lazy';

export const loadSanitizer = lazyModule<(html: string) => string>(() => import('../../runtime/sanitize').then((m) => m.sanitizeHtml));
