// The browser's own sanitiser (the HTML Sanitizer API: Element.setHTML, Chromium 146+, Firefox 148+):
// ~3× faster than DOMPurify on a listing's six views (BENCHMARKS.md, issue 31) and maintained with
// the parser it guards. Its safe mode removes scripts, event handlers, javascript: URLs, frames and
// objects whatever the configuration says; the configuration adds the policy's removals.
//
// It also removes every SVG <use>, and the theme's views draw their icons with one
// (display_icon: `<svg class="icon"><use xlink:href="…/sprites.svg#it-…"></use></svg>`). So a view
// with a <use> is first parsed into an inert template, each <use> becomes a mark holding the
// index of its checked link (http(s) or site-relative, with a #fragment: a sprite's icon), and
// after the sanitiser each mark becomes a <use> made here with that link alone. The marks go
// through the sanitiser as markup: whatever it makes of them is safe, and the worst a forged mark
// can do is show one of the view's own icons elsewhere.
import type { Clean, Policy } from './types';

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
const MARK = 'data-piazza-icon';
/** Markup that sets attributes over time (an href among them): not in DOMPurify's lists either. */
const SVG_ANIMATION = ['animate', 'animateMotion', 'animateTransform', 'set'];

interface SafeSetHTML {
  setHTML(html: string, options: { sanitizer: unknown }): void;
}

/**
 * The browser's sanitiser with the policy, or null when it has none or its `setHTML` does not
 * follow the policy: Chromium 105–117 shipped an earlier Sanitizer API with other configuration names, which it
 * would ignore — and with them the policy's removals. So the sanitiser must first clean a sample
 * the way the policy says, or DOMPurify is used.
 */
export function nativeSanitizer(policy: Policy): Clean | null {
  if (
    typeof (Element.prototype as Partial<SafeSetHTML>).setHTML !== 'function' ||
    typeof (window as { Sanitizer?: unknown }).Sanitizer !== 'function'
  )
    return null;
  let clean: Clean;
  try {
    clean = withPolicy(policy);
  } catch {
    return null;
  }
  return follows(clean(SAMPLE)) ? clean : null;
}

/**
 * One removal of each kind the configuration asks for, and one the safe mode makes by itself. No
 * style in it: parsing one reports a violation on a page whose CSP has no 'unsafe-inline' styles.
 */
const SAMPLE =
  '<p data-piazza-block="x" ping="/p"><!--c--><a href="javascript:void 0">a</a><svg><set attributeName="x"></set></svg></p><form></form>';
function follows(out: DocumentFragment): boolean {
  const p = out.querySelector('p');
  const walker = document.createTreeWalker(out, NodeFilter.SHOW_COMMENT);
  return (
    !!p && !p.hasAttribute('data-piazza-block') && !p.hasAttribute('ping') && !out.querySelector('form, set, a[href]') && !walker.nextNode()
  );
}

function withPolicy(policy: Policy): Clean {
  const { Sanitizer } = window as unknown as { Sanitizer: new (config: object) => unknown };
  const sanitizer = new Sanitizer({
    removeElements: [...policy.elements, ...SVG_ANIMATION.map((name) => ({ name, namespace: SVG }))],
    removeAttributes: [...policy.attributes],
    comments: false,
  });
  // An inert document: nothing in it loads or runs; the callers copy the nodes into the page.
  const inert = document.implementation.createHTMLDocument('');
  return (html) => {
    const icons = /<use[\s/>]/i.test(html) ? markIcons(inert, html) : null;
    const box = inert.createElement('div');
    (box as unknown as SafeSetHTML).setHTML(icons ? icons.html : html, { sanitizer });
    restoreIcons(inert, box, icons ? icons.links : []);
    const out = inert.createDocumentFragment();
    out.append(...Array.from(box.childNodes));
    return out;
  };
}

/** `html` with each SVG <use> as an empty <g> mark; `links`, by mark, the icon each one showed. */
function markIcons(inert: Document, html: string): { html: string; links: string[] } {
  const template = inert.createElement('template');
  template.innerHTML = html; // parsed only: a template's content never loads or runs
  const content = template.content;
  for (const el of Array.from(content.querySelectorAll(`[${MARK}]`))) el.removeAttribute(MARK);
  const links: string[] = [];
  for (const use of Array.from(content.querySelectorAll('use'))) {
    if (use.namespaceURI !== SVG) continue;
    const link = use.getAttribute('href') ?? use.getAttributeNS(XLINK, 'href');
    if (link === null || !isIconLink(link)) {
      use.remove();
      continue;
    }
    const mark = inert.createElementNS(SVG, 'g');
    mark.setAttribute(MARK, String(links.push(link) - 1));
    use.replaceWith(mark);
  }
  return { html: template.innerHTML, links };
}

function restoreIcons(inert: Document, box: Element, links: string[]) {
  for (const mark of Array.from(box.querySelectorAll(`[${MARK}]`))) {
    const link = links[Number(mark.getAttribute(MARK))];
    if (mark.namespaceURI !== SVG || mark.localName !== 'g' || link === undefined) {
      mark.removeAttribute(MARK); // the view's own attribute of that name means nothing here
      continue;
    }
    const use = inert.createElementNS(SVG, 'use');
    use.setAttribute('href', link);
    mark.replaceWith(use);
  }
}

/** A sprite's icon: an http(s) or site-relative link with a #fragment. */
function isIconLink(link: string): boolean {
  try {
    const url = new URL(link, document.baseURI);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hash.length > 1;
  } catch {
    return false;
  }
}
