// One policy for every piece of remote HTML piazza puts in the page — a listing's server-rendered
// views and map popups, shared-link embeds — because all of it is equally untrusted (another
// portal's, or this portal's data). A maintained sanitiser removes scripts, event handlers and
// javascript: URLs; on top of it we drop what could restyle, frame or phish on our page
// (style, forms, frames, objects, <base>, <meta>, <link>; a CSS url() would also be a request the
// data chooses), and the markers piazza acts on: a later piazza.mount() must never read JSONP from a
// host the data names, nor mount a block the data slipped in. Kept: classes, data-element attributes
// (the PA validator reads them), Bootstrap Italia's <svg><use> icons, link targets — a link opening
// a new tab never gets our window (rel noopener).
// The browser's own sanitiser where it has one (runtime/sanitize/native.ts), else DOMPurify
// (runtime/sanitize/dompurify.ts, a chunk fetched only then); both get the policy below, and their
// nodes go through the same last steps (`finish`). Imported by lazy chunks only.
import { lazyModule } from './lazy';
import { nativeSanitizer } from './sanitize/native';
import type { Clean, Policy } from './sanitize/types';

export type { Clean } from './sanitize/types';

const POLICY: Policy = {
  elements: ['style', 'form', 'input', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
  attributes: ['style', 'formaction', 'action', 'srcdoc', 'ping', 'is', 'data-piazza-block', 'data-shared_link', 'data-shared_link_view'],
};

export const loadSanitizer = lazyModule<Clean>(async () => {
  const clean = nativeSanitizer(POLICY) ?? (await import('./sanitize/dompurify')).dompurifySanitizer(POLICY);
  return (html) => finish(clean(html), html);
});

/** Link schemes a view may point at (DOMPurify's own list; the native sanitiser removes only javascript:). */
const LINK_SCHEMES = /^(https?|mailto|tel|callto|sms|cid|xmpp|matrix|ftps?):$/;

/**
 * The last steps, the same after either sanitiser: a link opening a new tab never gets our window
 * (rel noopener); no element may take the name of a property of `document` or of a form (DOM
 * clobbering: `<img name="getElementById">` would shadow the page's own); a custom element gives
 * way to its content (a page's own components must not start from data); a link may only point
 * at a web page, a mail or a phone number. DOMPurify does the last three itself; the native
 * sanitiser does not. Each step visits only the elements its selector finds, not every element of
 * the view (a search's answer waits for it: issue 31).
 */
function finish(fragment: DocumentFragment, html: string): DocumentFragment {
  if (CUSTOM_TAG.test(html)) {
    for (const el of Array.from(fragment.querySelectorAll('*'))) {
      if (el.localName.includes('-')) el.replaceWith(...Array.from(el.childNodes));
    }
  }
  const form = document.createElement('form');
  for (const el of Array.from(fragment.querySelectorAll('[id], [name]'))) {
    for (const name of ['id', 'name']) {
      const value = el.getAttribute(name);
      if (value !== null && (value in document || value in form)) el.removeAttribute(name);
    }
  }
  // `*|`: an href in any namespace (SVG's xlink:href too)
  for (const el of Array.from(fragment.querySelectorAll('[*|href]'))) {
    for (const attr of Array.from(el.attributes)) {
      if (attr.localName === 'href' && !linkAllowed(attr.value)) el.removeAttributeNode(attr);
    }
  }
  for (const el of Array.from(fragment.querySelectorAll('[target]'))) {
    if (el.getAttribute('target')!.toLowerCase() === '_blank') addRel(el, 'noopener');
  }
  return fragment;
}

/**
 * A start tag whose name has a hyphen (a custom element's): the name runs to the first of the
 * characters that end it in the HTML tokenizer. The parser makes no element of its own with one.
 */
const CUSTOM_TAG = /<[a-z][^\t\n\f\r />]*-/i;

function linkAllowed(value: string): boolean {
  try {
    return LINK_SCHEMES.test(new URL(value, document.baseURI).protocol);
  } catch {
    return false;
  }
}

function addRel(el: Element, token: string) {
  const rel = new Set((el.getAttribute('rel') || '').split(/\s+/).filter(Boolean));
  rel.add(token);
  el.setAttribute('rel', Array.from(rel).join(' '));
}

/**
 * Remote HTML as clean nodes, its links and images pointing at `base` (protocol//host:port of the
 * portal it came from) and every link opening in a new tab: an embed of another page must not
 * navigate ours.
 */
export async function sanitizeEmbed(html: string, base: string): Promise<DocumentFragment> {
  const fragment = (await loadSanitizer())(html);
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
