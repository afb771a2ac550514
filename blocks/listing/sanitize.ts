// Server-rendered views (`extradata.view`) are HTML from the portal or, worse, from another portal:
// they are cleaned with DOMPurify before they reach the page (no scripts, no event handlers, no
// javascript: links, no style attributes: a CSS url() would be a request the data chooses, and a
// strict CSP refuses them anyway; no markers piazza acts on, so a later piazza.mount() never reads
// JSONP from a host the data names), keeping what the portal's markup needs: classes, data-element
// attributes (the PA validator reads them), Bootstrap Italia's <svg><use> icons, link targets.
// DOMPurify is a lazy chunk of its own, fetched in parallel with the first request.
import { lazyModule } from '../../runtime/lazy';

type Clean = (html: string) => string;

export const loadSanitizer = lazyModule<Clean>(() => import('dompurify')
    .then(({ default: DOMPurify }) => {
      const purify = DOMPurify(window);
      purify.addHook('afterSanitizeAttributes', (node) => {
        if (node instanceof HTMLAnchorElement && node.target === '_blank') node.rel = 'noopener noreferrer';
      });
      return (html: string) => purify.sanitize(html, { ADD_TAGS: ['use'], ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select'], FORBID_ATTR: ['style', 'data-piazza-block', 'data-shared_link', 'data-shared_link_view'] }) as string;
    }));
