// One policy for every piece of remote HTML piazza puts in the page — a listing's server-rendered
// views and map popups, shared-link embeds — because all of it is equally untrusted (another
// portal's, or this portal's data). DOMPurify (a maintained sanitizer) removes scripts, event
// handlers and javascript: URLs; on top of it we drop what could restyle, frame or phish on our page
// (style, forms, frames, objects, <base>, <meta>, <link>; a CSS url() would also be a request the
// data chooses), and the markers piazza acts on: a later piazza.mount() must never read JSONP from a
// host the data names, nor mount a block the data slipped in. Kept: classes, data-element attributes
// (the PA validator reads them), Bootstrap Italia's <svg><use> icons, link targets — a link opening
// a new tab never gets our window (rel noopener).
// Imported by lazy chunks only: DOMPurify never weighs on piazza.js.
import DOMPurify from 'dompurify';

const POLICY = {
  ADD_TAGS: ['use'],
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
  FORBID_ATTR: ['style', 'formaction', 'action', 'srcdoc', 'ping', 'data-piazza-block', 'data-shared_link', 'data-shared_link_view'],
};

type Purifier = ReturnType<typeof DOMPurify>;
/**
 * One DOMPurify, its configuration set once: `sanitize(html, config)` reads and copies the whole
 * configuration at every call (a third of its time on a listing's six cards, in the search's CPU
 * profile, issue 31). It returns nodes, never HTML text: what it cleaned is what goes in the page,
 * with no serialise-and-parse-again between (the way mutation XSS slips through, and the parse
 * was a millisecond of a search's answer).
 */
let purifier: Purifier | undefined;
function instance(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.setConfig({ ...POLICY, RETURN_DOM_FRAGMENT: true });
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node instanceof Element && node.getAttribute('target') === '_blank') addRel(node, 'noopener');
    });
  }
  return purifier;
}

function addRel(el: Element, token: string) {
  const rel = new Set((el.getAttribute('rel') || '').split(/\s+/).filter(Boolean));
  rel.add(token);
  el.setAttribute('rel', Array.from(rel).join(' '));
}

/** Remote HTML as clean nodes (of an inert document: nothing loads or runs until they are put in the page). */
export const sanitizeNodes = (html: string): DocumentFragment => instance().sanitize(html) as unknown as DocumentFragment;

/**
 * Remote HTML as clean nodes, its links and images pointing at `base` (protocol//host:port of the
 * portal it came from) and every link opening in a new tab: an embed of another page must not
 * navigate ours.
 */
export function sanitizeEmbed(html: string, base: string): DocumentFragment {
  const fragment = sanitizeNodes(html);
  fragment.querySelectorAll('a[href], area[href]').forEach((a) => {
    absolutize(a, 'href', base);
    a.setAttribute('target', '_blank');
    addRel(a, 'noopener');
  });
  fragment.querySelectorAll('img[src], source[src], video[src], audio[src], video[poster]').forEach((el) => {
    absolutize(el, 'src', base);
    if (el.hasAttribute('poster')) absolutize(el, 'poster', base);
  });
  fragment.querySelectorAll('img[srcset], source[srcset]').forEach((el) => absolutizeSrcset(el, base));
  return fragment;
}

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
  el.setAttribute(
    'srcset',
    value
      .split(',')
      .map((part) => {
        const [url, ...rest] = part.trim().split(/\s+/);
        try {
          return [new URL(url, base + '/').href, ...rest].join(' ');
        } catch {
          return '';
        }
      })
      .filter(Boolean)
      .join(', '),
  );
}
