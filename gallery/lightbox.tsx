// The lightbox (lazy: loaded when a gallery item is first approached or clicked). fslightbox-react
// does the slides, sizing and transitions; this wrapper makes it an accessible modal dialog (role,
// label, focus trap and return, Esc and arrows, labelled buttons, captions), adds the slideshow,
// the swipe thresholds, preloading, load errors and consent for external video, and keeps it CSP-
// and privacy-clean (its stylesheet re-injected with the nonce, no localStorage, no type probing).
import { releaseFslightboxStyles } from './views/fslightbox-guard';
import FsLightbox from 'fslightbox-react';
import { render } from 'preact';
import { createPortal, memo, useEffect, useMemo, useState } from 'preact/compat';
import { useStore } from '../runtime/block/use-store';
import { createAnnouncer, injectStyle } from '../runtime/dom';
import { createI18n } from '../runtime/i18n';
import type { AdminLog, RuntimeContext } from '../runtime/types';
import css from './gallery.css';
import { catalog } from './messages';
import type { GalleryItem } from './model/items';
import { preloadIndexes, slideshowState, swipeDirection, type GalleryOptions } from './model/session';
import { Controls } from './views/Controls';
import { adapt, type FsInstance } from './views/fslightbox-adapter';
import { MediaSlide } from './views/MediaSlide';
import { createStore, StoreContext, type GalleryStore } from './views/store';

const fslightboxCss = releaseFslightboxStyles()
  // The validator wants the portal's fonts on every paragraph: no Arial.
  .replace(/font-family:[^;}]*;?/g, '')
  // Focus must stay visible (WCAG 2.4.7).
  .replace(/\.fslightboxb:focus\{outline:0\}/g, '')
  // blueimp's transition speed: 400 ms.
  .replace(/\.3s/g, '.4s');

export interface OpenRequest {
  items: GalleryItem[];
  index: number;
  options: GalleryOptions;
  /** The gallery widget (`#blueimp-gallery` or the one named by data-gallery): events are dispatched on it. */
  widget: HTMLElement;
  /** Where the session's renderer lives (the widget's slides container). */
  slides: HTMLElement;
  /** The element that opened the gallery: focus returns to it. */
  trigger: HTMLElement;
  ctx: RuntimeContext;
  /** The gallery's admin lines (`[piazza] gallery helper "<data-gallery>": `). */
  log: AdminLog;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

// fslightbox must render exactly once per session: re-rendering it would unmount the custom slides
// it has moved into its own DOM.
const Fs = memo(FsLightbox as (props: Record<string, unknown>) => any, () => true);

const FOCUSABLE =
  'a[href],button:not([disabled]),iframe,video[controls],[tabindex]:not([tabindex="-1"]),input:not([disabled]),select,textarea';

function focusables(container: HTMLElement): HTMLElement[] {
  const list = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
  return [container, ...list];
}

let open: { close(): void } | null = null;

/** Opens a lightbox session; a session already open is closed first. */
export function openGallery(req: OpenRequest): void {
  open?.close();
  // An fslightbox upgrade that renames its stylesheet would leave the lightbox unstyled: say so.
  if (!fslightboxCss) {
    req.log.error({
      it: 'foglio di stile di fslightbox-react non trovato (cambio di versione?)',
      en: "fslightbox-react's stylesheet was not found (version change?)",
    });
  }
  injectStyle('gallery-fslightbox', fslightboxCss, req.ctx.nonce);
  injectStyle('gallery', css, req.ctx.nonce);
  const host = document.createElement('div');
  host.className = 'piazza-gallery-session';
  req.slides.appendChild(host);
  const fire = (type: string, detail?: unknown) => req.widget.dispatchEvent(new CustomEvent(type, { detail }));
  // The session's store lives as long as the session, whichever way it ends (closed, or replaced by another).
  const store = createStore(req.items, req.index, req.options, req.ctx, createI18n(catalog, document.documentElement.lang));
  let closed = false;
  const onClosed = () => {
    if (closed) return;
    closed = true;
    open = null;
    store.destroy();
    render(null, host);
    host.remove();
    const back = req.trigger.isConnected ? req.trigger : null;
    back?.focus();
    fire('closed');
    req.ctx.events.emit('gallery:closed', { widget: req.widget });
  };
  fire('open');
  render(<Session req={req} store={store} fire={fire} onClosed={onClosed} />, host);
  open = { close: () => onClosed() };
}

function Session({
  req,
  store,
  fire,
  onClosed,
}: {
  req: OpenRequest;
  store: GalleryStore;
  fire(type: string, detail?: unknown): void;
  onClosed(): void;
}) {
  const snap = useStore(store.state);
  const [ui, setUi] = useState<HTMLElement | null>(null);
  const [announcer, setAnnouncer] = useState<ReturnType<typeof createAnnouncer> | null>(null);
  const { items, options } = store;
  const { index, sliding, phase } = snap.session;
  const slideshow = slideshowState(snap.session);

  const props = useMemo(
    () => ({
      sources: items.map((item, i) => (item.kind === 'image' ? item.href : <MediaSlide index={i} />)),
      // Types given up front: fslightbox never probes URLs with requests, and never caches them in localStorage.
      types: items.map((item) => (item.kind === 'image' ? 'image' : null)),
      customAttributes: items.map((item) =>
        item.kind === 'image' ? { alt: item.alt || item.title || '', ...(item.srcset ? { srcset: item.srcset } : {}) } : {},
      ),
      sourceIndex: store.state.session.index,
      openOnMount: true,
      useDialog: true,
      disableLocalStorage: true,
      disableSlideSwiping: true, // our own swipe, with blueimp's thresholds
      exitFullscreenOnClose: true,
      onInit: (fs: FsInstance) => attach(fs, store, setUi, setAnnouncer, fire),
      onOpen: () => {
        fire('opened');
        req.ctx.events.emit('gallery:opened', { widget: req.widget, index: store.state.session.index });
      },
      onClose: () => {
        store.dispatch({ type: 'closed' });
        onClosed();
      },
    }),
    [],
  );

  // Slide changed: only the current slide is reachable, neighbours preload, listeners hear of it.
  useEffect(() => {
    const lightbox = store.lightbox;
    if (!lightbox) return;
    for (let i = 0; i < items.length; i++) {
      const slide = lightbox.slide(i);
      if (!slide) continue;
      slide.inert = i !== index;
      slide.classList.toggle('piazza-gallery-current', i === index);
    }
    for (const i of preloadIndexes(index, items.length, options.preloadRange)) {
      if (items[i].kind === 'image' && !preloaded.has(items[i].href)) {
        preloaded.add(items[i].href);
        new Image().src = items[i].href;
      }
    }
  }, [index, ui]);

  useEffect(() => {
    if (!ui) return;
    fire('slide', { index });
    req.ctx.events.emit('gallery:slide', { widget: req.widget, index });
    // While the slideshow plays the slides are not announced (they would interrupt every few seconds).
    if (announcer && slideshow !== 'playing') {
      const item = items[index];
      const vars = {
        kind: store.i18n.t(item.kind === 'image' ? 'kind.image' : 'kind.video'),
        index: index + 1,
        count: items.length,
        title: item.title,
      };
      announcer.say(store.i18n.t(item.title ? 'slideTitled' : 'slide', vars));
    }
  }, [index, ui]);

  // The transition takes `transitionSpeed` ms ("sliding"), then the slide has ended.
  useEffect(() => {
    if (!sliding) return;
    const t = setTimeout(
      () => {
        store.dispatch({ type: 'slideEnd' });
        fire('slideend', { index });
      },
      reducedMotion() ? 0 : options.transitionSpeed,
    );
    return () => clearTimeout(t);
  }, [sliding, index]);

  // The slideshow: the next slide after `slideshowInterval` ms of playing (restarted by any change).
  useEffect(() => {
    if (slideshow !== 'playing' || !ui) return;
    const t = setTimeout(() => store.lightbox?.next(), options.slideshowInterval);
    return () => clearTimeout(t);
  }, [slideshow, index, ui]);

  // State for styles, scripts and tests, on the dialog.
  useEffect(() => {
    const container = store.lightbox?.container();
    if (!container) return;
    container.setAttribute('data-piazza-gallery-state', phase);
    container.setAttribute('data-index', String(index));
    container.setAttribute('data-sliding', String(sliding));
    container.setAttribute('data-slideshow', slideshow);
    req.widget.classList.toggle('blueimp-gallery-playing', slideshow === 'playing');
  }, [phase, index, sliding, slideshow, ui]);

  // Slides whose content failed to load get the error class (and a message for images).
  useEffect(() => {
    for (const i of snap.errors) {
      const slide = store.lightbox?.slide(i);
      if (!slide || slide.hasAttribute('data-piazza-error')) continue;
      slide.setAttribute('data-piazza-error', '');
      slide.classList.add(...options.slideErrorClass.split(' '));
      if (items[i].kind === 'image') {
        const p = document.createElement('p');
        p.className = 'piazza-gallery-error-text';
        p.textContent = store.i18n.t('error.image');
        slide.appendChild(p);
      }
    }
  }, [snap.errors, ui]);

  return (
    <StoreContext.Provider value={store}>
      <Fs {...props} />
      {ui && createPortal(<Controls />, ui)}
    </StoreContext.Provider>
  );
}

const preloaded = new Set<string>();

/** Once fslightbox has built its dialog: make it ours. */
function attach(
  fs: FsInstance,
  store: GalleryStore,
  setUi: (el: HTMLElement) => void,
  setAnnouncer: (a: ReturnType<typeof createAnnouncer>) => void,
  fire: (type: string, detail?: unknown) => void,
) {
  const lightbox = adapt(fs);
  store.lightbox = lightbox;
  lightbox.onSlide((i) => store.dispatch({ type: 'goto', index: i }));
  lightbox.onCloseStart(() => {
    store.dispatch({ type: 'close' });
    fire('close');
  });
  const container = lightbox.container()!;
  const { i18n, items } = store;
  container.classList.add('piazza-gallery');
  container.setAttribute('role', 'dialog');
  container.setAttribute('aria-modal', 'true');
  container.setAttribute('aria-label', i18n.plural('dialog', items.length));
  if (store.options.transitionSpeed !== 400) {
    const ms = store.options.transitionSpeed;
    container.setAttribute('data-speed', String(ms));
    injectStyle(
      'gallery-speed-' + ms,
      `.piazza-gallery[data-speed="${ms}"] *{animation-duration:${ms}ms!important;transition-duration:${ms}ms!important}`,
      store.ctx.nonce,
    );
  }

  const ui = document.createElement('div');
  ui.className = 'piazza-gallery-ui';
  container.appendChild(ui);
  setAnnouncer(createAnnouncer(ui));
  setUi(ui);

  // Esc: fslightbox closes with its fade; the native dialog must not vanish first.
  container.addEventListener('cancel', (e) => e.preventDefault());

  // Focus stays in the dialog (Tab and Shift+Tab wrap around).
  container.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const list = focusables(container);
    const first = list[0];
    const last = list[list.length - 1];
    const active = document.activeElement as HTMLElement | null;
    if (e.shiftKey && (active === first || !container.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !container.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  });

  // Swipe (touch, pen or mouse drag) with blueimp's thresholds.
  let down: { x: number; y: number; t: number; id: number } | null = null;
  container.addEventListener('pointerdown', (e) => {
    if (
      !e.isPrimary ||
      (e.target as Element).closest('.piazza-gallery-ui button, .piazza-gallery-ui a, video, iframe, .piazza-gallery-consent')
    )
      return;
    down = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId };
  });
  document.addEventListener('pointerup', function up(e) {
    if (!container.isConnected) return document.removeEventListener('pointerup', up);
    if (!down || e.pointerId !== down.id) return;
    const direction = swipeDirection({
      dx: e.clientX - down.x,
      dy: e.clientY - down.y,
      dt: e.timeStamp - down.t,
      width: container.clientWidth,
    });
    down = null;
    if (direction === 'next') lightbox.next();
    else if (direction === 'prev') lightbox.prev();
  });

  // The slideshow pauses while the pointer rests on the picture or focus is on another control.
  container.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    store.dispatch({ type: 'hold', reason: 'hover', on: !!(e.target as Element).closest('.fslightbox-source') });
  });
  container.addEventListener('pointerleave', () => store.dispatch({ type: 'hold', reason: 'hover', on: false }));
  const focusHold = () =>
    queueMicrotask(() => {
      const active = document.activeElement;
      const held = !!active && container.contains(active) && active !== container && !active.classList.contains('piazza-gallery-playpause');
      store.dispatch({ type: 'hold', reason: 'focus', on: held });
    });
  container.addEventListener('focusin', focusHold);
  container.addEventListener('focusout', focusHold);

  // A picture that fails to load (error events do not bubble: capture them).
  container.addEventListener(
    'error',
    (e) => {
      const target = e.target as Element;
      if (target instanceof HTMLImageElement && target.classList.contains('fslightbox-source')) {
        const i = lightbox.indexOfSource(target);
        if (i >= 0) store.markError(i);
      }
    },
    true,
  );
}
