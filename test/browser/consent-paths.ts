// Every way a page can put a script into the document, as functions run in the page (any engine):
// the consent tests insert one tracker per path and check where each ends up.
import { TRACKER } from './consent-kit';

export const src = (id: string) => `${TRACKER}?id=${id}`;

/** Every DOM way of inserting a script (by node), run in the page; `id` is the tracker id prefix. */
export const NODE_PATHS = [
  'appendChild',
  'insertBefore',
  'replaceChild',
  'append',
  'prepend',
  'before',
  'after',
  'replaceWith',
  'replaceChildren',
  'insertAdjacentElement',
  'rangeInsertNode',
  'fragment',
  'contextualFragment',
  'subtree',
  'textBefore',
  'cloneNode',
  'rangeCloneContents',
];
export const MARKUP_PATHS = ['innerHTML', 'outerHTML', 'insertAdjacentHTML'];

/** A page template: its scripts were never started, so a clone of them runs once inserted (no insertion API needed to build it). */
export const TEMPLATE = `<template id="tpl"><section><script data-path="subtree" src="${src('a-subtree')}"></script></section></template>`;

/** Inserts one tracker per path into its own zone `#z-<prefix><path>`, around `.first .mid .last`. Runs in the page. */
export function insertAll(prefix: string, paths: string[]) {
  const make = (path: string) => {
    const s = document.createElement('script');
    s.src = '/test/trackers/tracker.js?id=' + prefix + path;
    s.setAttribute('data-path', path);
    return s;
  };
  const html = (path: string) => '<script data-path="' + path + '" src="/test/trackers/tracker.js?id=' + prefix + path + '"></scr' + 'ipt>';
  /** A copy of the page template's section whose (never started) script names `path`: built by `copy`, not by an insertion. */
  const fromTemplate = (path: string, copy: (section: Element) => Node) => {
    const script = (document.getElementById('tpl') as HTMLTemplateElement).content.querySelector('script')!;
    const was = [script.getAttribute('src'), script.getAttribute('data-path')];
    script.setAttribute('src', '/test/trackers/tracker.js?id=' + prefix + path); // inert content: fetches nothing
    script.setAttribute('data-path', path);
    const made = copy(script.parentElement!);
    script.setAttribute('data-path', was[1]!);
    if (was[0] === null) script.removeAttribute('src');
    else script.setAttribute('src', was[0]);
    return made;
  };
  const results: Record<string, unknown> = {};
  for (const path of paths) {
    const zone = document.createElement('div');
    zone.id = 'z-' + prefix + path;
    zone.innerHTML = '<i class="first"></i><i class="mid"></i><i class="last"></i>';
    document.body.appendChild(zone);
    const mid = zone.querySelector('.mid')!;
    const last = zone.querySelector('.last')!;
    let ret: unknown;
    switch (path) {
      case 'appendChild':
        ret = mid.appendChild(make(path));
        break;
      case 'insertBefore':
        ret = zone.insertBefore(make(path), last);
        break;
      case 'replaceChild':
        ret = zone.replaceChild(make(path), mid);
        break;
      case 'append':
        mid.append('text', make(path));
        break;
      case 'prepend':
        mid.prepend(make(path), 'text');
        break;
      case 'before':
        last.before(make(path));
        break;
      case 'after':
        mid.after(make(path));
        break;
      case 'replaceWith':
        mid.replaceWith(make(path));
        break;
      case 'replaceChildren':
        mid.replaceChildren(make(path));
        break;
      case 'insertAdjacentElement':
        ret = last.insertAdjacentElement('beforebegin', make(path));
        break;
      case 'rangeInsertNode': {
        const r = document.createRange();
        r.setStartBefore(last);
        r.insertNode(make(path));
        break;
      }
      case 'fragment': {
        const f = document.createDocumentFragment();
        f.append(make(path));
        zone.insertBefore(f, last);
        break;
      }
      case 'contextualFragment': {
        const f = document.createRange().createContextualFragment(html(path));
        zone.insertBefore(f, last);
        break;
      }
      case 'subtree': {
        const t = document.getElementById('tpl') as HTMLTemplateElement;
        zone.insertBefore(document.importNode(t.content.firstElementChild!, true), last);
        break;
      }
      case 'cloneNode':
        zone.insertBefore(
          fromTemplate(path, (section) => section.cloneNode(true)),
          last,
        );
        break;
      case 'rangeCloneContents':
        zone.insertBefore(
          fromTemplate(path, (section) => {
            const r = document.createRange();
            r.selectNode(section);
            return r.cloneContents();
          }),
          last,
        );
        break;
      case 'textBefore': {
        const t = document.createTextNode('x');
        zone.insertBefore(t, last);
        t.before(make(path));
        break;
      }
      case 'innerHTML':
        mid.innerHTML = '<b>before</b>' + html(path) + '<b>after</b>';
        break;
      case 'outerHTML':
        mid.outerHTML = '<b>before</b>' + html(path);
        break;
      case 'insertAdjacentHTML':
        last.insertAdjacentHTML('beforebegin', html(path));
        break;
    }
    results[path] = ret instanceof Element ? ret.getAttribute('data-path') : (ret ?? null);
  }
  return results;
}

/** Where each tracker script of `prefix` sits now: the class of the element before it, or its parent. */
export function positions(prefix: string) {
  const out: Record<string, { parent: string; prev: string | null; type: string | null; count: number }> = {};
  document.querySelectorAll('script[src*="id=' + prefix + '"]').forEach((s) => {
    const path = s.getAttribute('data-path')!;
    const prev = s.previousElementSibling;
    out[path] = {
      parent: s.parentElement!.id || s.parentElement!.className || s.parentElement!.tagName,
      prev: prev ? prev.className || prev.tagName : null,
      type: s.getAttribute('type'),
      count: (out[path]?.count || 0) + 1,
    };
  });
  return out;
}
