// The live preview: the real block on a page of the portal (fixtures/pages/configuratore-anteprima.html:
// its header, its stylesheet, its content width, piazza.js), in a frame as wide as a phone, a tablet
// or a computer, scaled down to fit the configurator's column — never squeezed. The frame's page
// mounts the block its fragment holds, and takes the old one down through the block kit's
// lifecycle (`piazza.unmount`) when the fragment changes; a consent config is read by piazza.js at
// load, so the page loads again with it.
import type { Config, ConfigType } from './model';
import { BLOCKS } from './blocks';

export type Width = 'phone' | 'tablet' | 'desktop';
/** The page the preview frames at each width (CSS px): a phone, a tablet in portrait, a laptop. */
export const WIDTHS: Record<Width, { width: number; height: number }> = {
  phone: { width: 375, height: 720 },
  tablet: { width: 768, height: 900 },
  desktop: { width: 1280, height: 900 },
};

export const PREVIEW_PAGE = '/configuratore-anteprima.html';

/** The preview page with a config: the block's, or the consent's (a new load each time: `v`). */
export function previewUrl(type: ConfigType, config: Config, fallback: string, version = 0): string {
  const p = new URLSearchParams();
  p.set('tipo', type);
  p.set('config', JSON.stringify(config));
  p.set('riserva', fallback);
  return PREVIEW_PAGE + (BLOCKS[type].preview === 'consent' ? '?v=' + version : '') + '#' + p.toString();
}

export interface PreviewEvents {
  /** The block mounted (or the consent page loaded). */
  onMounted(): void;
  /** The block did not mount: its admin message. */
  onError(message: string): void;
  /** The scale changed (the column or the width did). */
  onScale(scale: number): void;
}

export interface Preview {
  show(type: ConfigType, config: Config, fallback: string): void;
  setWidth(width: Width): void;
  /** The consent page again, with the visitor's choice forgotten (its cookie expired). */
  resetConsent(): void;
  dispose(): void;
}

export function createPreview(frame: HTMLIFrameElement, box: HTMLElement, events: PreviewEvents): Preview {
  let width: Width = 'desktop';
  let version = 0;
  let last: { type: ConfigType; config: Config; fallback: string } | null = null;
  // The frame's size and scale: a stylesheet of this page (CSSOM, no style attribute written).
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let written = '';
  function layout() {
    const { width: w, height: h } = WIDTHS[width];
    const scale = Math.min(1, Math.floor((box.clientWidth / w) * 1000) / 1000) || 1;
    // The box's height follows its own width (aspect-ratio, at most the page's height), never a
    // figure written here: this runs in a ResizeObserver callback on the box, and resizing the box
    // it observes made WebKit report "ResizeObserver loop completed with undelivered notifications"
    // as an uncaught error on the configurator's page (load run E, cross-browser).
    const text =
      `#configuratore-anteprima{width:${w}px;height:${h}px;transform:scale(${scale})}` +
      `.configuratore-anteprima-box{aspect-ratio:${w}/${h};max-height:${h}px}`;
    if (text !== written) sheet.replaceSync((written = text));
    events.onScale(scale);
  }
  const resize = new ResizeObserver(layout);
  resize.observe(box);

  let off: Array<() => void> = [];
  function listen() {
    for (const o of off) o();
    off = [];
    const piazza = (frame.contentWindow as (Window & typeof globalThis) | null)?.piazza;
    if (!last || !piazza) return;
    if (BLOCKS[last.type].preview === 'consent') return events.onMounted();
    off = [piazza.on('block:mounted', () => events.onMounted()), piazza.on('block:error', (d) => events.onError(d.message))];
    // (a block quicker than the page's load event)
    if (frame.contentDocument?.querySelector('#anteprima [data-piazza-block]')?.getAttribute('data-piazza-state') === 'mounted')
      events.onMounted();
  }
  frame.addEventListener('load', listen);

  /** The frame's location when it shows the preview page with a block (not consent's, nor blank). */
  function blockPage(): Location | null {
    try {
      const here = frame.contentWindow?.location;
      if (!here || here.pathname !== PREVIEW_PAGE) return null;
      const type = new URLSearchParams(here.hash.slice(1)).get('tipo');
      return type && BLOCKS[type as ConfigType]?.preview !== 'consent' ? here : null;
    } catch {
      return null; // another origin's page: loaded as before
    }
  }

  function show(type: ConfigType, config: Config, fallback: string) {
    last = { type, config, fallback };
    box.setAttribute('data-config', JSON.stringify(config));
    // a block: the same page, a new fragment (the page swaps the block); consent: the page again
    const consent = BLOCKS[type].preview === 'consent';
    const url = previewUrl(type, config, fallback, consent ? ++version : 0);
    const here = blockPage();
    // Only the fragment changes, in place: the block's URL state may have written the page's query
    // (`?eventi.page=2`), and a src differing from it there would load the page again (load run F).
    if (!consent && here) here.replace(here.pathname + here.search + url.slice(url.indexOf('#')));
    else frame.src = url;
  }

  return {
    show,
    setWidth(w) {
      width = w;
      layout();
    },
    resetConsent() {
      document.cookie = 'cconsent=; path=/; max-age=0; samesite=strict';
      if (last) show(last.type, last.config, last.fallback);
    },
    dispose() {
      resize.disconnect();
      for (const o of off) o();
      frame.removeEventListener('load', listen);
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    },
  };
}
