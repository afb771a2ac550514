// Gallery helper (chunk `helper-gallery`): any element marked `data-gallery` (the portal's
// `atoms/gallery.tpl` links) opens the lightbox on click, with the items of its group (same
// attribute value), read from blueimp-style attributes. This chunk is small: the lightbox itself
// (fslightbox-react) loads when a gallery item is first approached (hover, focus) or clicked.
// As in blueimp, the gallery lives in a widget container (the portal's `#blueimp-gallery` from
// page_extra.tpl, or the element the attribute's value selects) and its slides container; when one
// is missing, or the group has nothing to show, the fault is logged and the link works as a link:
// `[piazza] gallery helper "<data-gallery>": `, in English in blueimp's own words.
import type { RuntimeContext } from '../runtime/types';
import { toItem, type GalleryItem } from './model/items';
import { optionsFrom } from './model/session';
import { lazyModule } from '../runtime/lazy';
import { adminLog, linePrefix } from '../runtime/log';

const DEFAULT_WIDGET = '#blueimp-gallery';
type LightboxModule = typeof import('./lightbox');

let ctx: RuntimeContext | null = null;
const loadLightbox = lazyModule<LightboxModule>(() => import('./lightbox'));

const data = (el: Element, name: string) => el.getAttribute('data-' + name);

function url(value: string | null): string {
  if (!value || value.startsWith('#')) return '';
  try {
    return new URL(value, document.baseURI).href;
  } catch {
    return '';
  }
}

/** blueimp's item properties: `data-X` first, then the element's own attribute (href, type, title). */
export function readItem(el: Element): GalleryItem | null {
  const img = el.querySelector('img');
  return toItem({
    href: data(el, 'href') !== null ? url(data(el, 'href')) : url(el.getAttribute('href')),
    type: data(el, 'type') ?? el.getAttribute('type'),
    title: data(el, 'title') ?? el.getAttribute('title') ?? el.querySelector('figcaption')?.textContent ?? img?.getAttribute('alt'),
    alt: data(el, 'alt') ?? img?.getAttribute('alt') ?? null,
    thumbnail: url(data(el, 'thumbnail') ?? img?.getAttribute('src') ?? null),
    poster: url(data(el, 'poster')),
    sources: data(el, 'sources'),
    youtube: data(el, 'youtube'),
    vimeo: data(el, 'vimeo'),
    srcset: data(el, 'urlset') ?? data(el, 'srcset'),
  });
}

const groupOf = (value: string) =>
  Array.from(document.querySelectorAll('[data-gallery]')).filter((el) => (el.getAttribute('data-gallery') || '') === value);

/** The widget: the element the attribute's value selects, else the portal's default one. */
function widgetFor(value: string): HTMLElement | null {
  if (value) {
    try {
      const named = document.querySelector<HTMLElement>(value);
      if (named) return named;
    } catch {
      /* not a selector (e.g. a plain group name): the default widget */
    }
  }
  return document.querySelector<HTMLElement>(DEFAULT_WIDGET);
}

const slidesOf = (widget: HTMLElement) => widget.querySelector<HTMLElement>('.slides') || widget.querySelector<HTMLElement>('div');

function onClick(e: MouseEvent) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !ctx) return;
  const trigger = (e.target as Element | null)?.closest?.<HTMLElement>('[data-gallery]');
  if (!trigger) return;
  const value = trigger.getAttribute('data-gallery') || '';
  const group = groupOf(value);
  const list: GalleryItem[] = [];
  let index = 0;
  for (const el of group) {
    const item = readItem(el);
    if (!item) continue;
    if (el === trigger) index = list.length;
    list.push(item);
  }
  const log = adminLog(linePrefix('gallery', value, 'helper'), ctx.explain);
  if (!list.length) return log.error({ it: 'lista assente o vuota', en: 'No or empty list provided' });
  const widget = widgetFor(value);
  const where = value || DEFAULT_WIDGET;
  if (!widget) {
    return log.error({ it: 'contenitore del widget non trovato (' + where + ')', en: 'Widget container not found (' + where + ')' });
  }
  const slides = slidesOf(widget);
  if (!slides) {
    const missing = ' (.slides in ' + where + ')';
    return log.error({ it: 'contenitore delle slide non trovato' + missing, en: 'Slides container not found' + missing });
  }
  e.preventDefault();
  const context = ctx;
  loadLightbox().then(
    (m) => m.openGallery({ items: list, index, options: optionsFrom({ ...widget.dataset }), widget, slides, trigger, ctx: context, log }),
    (err) => {
      // The lightbox could not load (offline?): the visitor still gets the picture.
      log.error({ it: 'il lightbox non si è caricato', en: 'the lightbox could not be loaded' }, err);
      const href = list[index].href;
      if (href) location.assign(href);
    },
  );
}

/** Warm the lightbox up when a visitor is about to use it. */
function onIntent(e: Event) {
  if ((e.target as Element | null)?.closest?.('[data-gallery]')) loadLightbox().catch(() => {});
}

export function mount(root: ParentNode, context: RuntimeContext): void {
  if (!ctx) {
    ctx = context;
    // One delegated listener serves every gallery item, including ones added later.
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
  }
  const items = Array.from(root.querySelectorAll<HTMLElement>('[data-gallery]'));
  if (root instanceof HTMLElement && root.matches('[data-gallery]')) items.push(root);
  for (const el of items) {
    if (!el.hasAttribute('aria-haspopup') && widgetFor(el.getAttribute('data-gallery') || '')) el.setAttribute('aria-haspopup', 'dialog');
  }
}
