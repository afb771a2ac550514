// A remote portal's view HTML is untrusted: DOMPurify (a maintained sanitizer) removes scripts,
// event handlers and javascript: URLs; we also drop what could restyle or phish on our page
// (style, forms), drop the markers piazza acts on (a later piazza.mount() must never read JSONP
// from a host the remote data names, nor mount a block it slipped in), make relative URLs point at
// the remote portal they came from, and open every link in a new tab without giving it our window.
import DOMPurify from 'dompurify';

const CONFIG = {
  RETURN_DOM_FRAGMENT: true as const,
  FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
  FORBID_ATTR: ['style', 'formaction', 'action', 'srcdoc', 'ping', 'data-piazza-block', 'data-shared_link', 'data-shared_link_view'],
};

function absolutize(el: Element, attr: string, base: string) {
  const value = el.getAttribute(attr);
  if (value === null || value.startsWith('#')) return;
  try {
    el.setAttribute(attr, new URL(value, base + '/').href);
  } catch {
    el.removeAttribute(attr);
  }
}

function absolutizeSrcset(el: Element, base: string) {
  const value = el.getAttribute('srcset');
  if (!value) return;
  el.setAttribute('srcset', value.split(',').map((part) => {
    const [url, ...rest] = part.trim().split(/\s+/);
    try {
      return [new URL(url, base + '/').href, ...rest].join(' ');
    } catch {
      return '';
    }
  }).filter(Boolean).join(', '));
}

/** Sanitized nodes of `html`, with links and images pointing at `base` (protocol//host:port of the remote portal). */
export function sanitizeView(html: string, base: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, CONFIG) as DocumentFragment;
  fragment.querySelectorAll('a[href], area[href]').forEach((a) => {
    absolutize(a, 'href', base);
    a.setAttribute('target', '_blank');
    const rel = new Set((a.getAttribute('rel') || '').split(/\s+/).filter(Boolean));
    rel.add('noopener');
    a.setAttribute('rel', Array.from(rel).join(' '));
  });
  fragment.querySelectorAll('img[src], source[src], video[src], audio[src], video[poster]').forEach((el) => {
    absolutize(el, 'src', base);
    if (el.hasAttribute('poster')) absolutize(el, 'poster', base);
  });
  fragment.querySelectorAll('img[srcset], source[srcset]').forEach((el) => absolutizeSrcset(el, base));
  return fragment;
}
