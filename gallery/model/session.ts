// The lightbox session as a pure state machine: open / sliding / closed, the slideshow (stopped,
// playing, or paused while something holds it: the pointer on the picture, focus on a control, a
// playing video), preload ranges and swipe decisions. The view only feeds it events and timers.

export interface GalleryOptions {
  /** ms between slides while the slideshow plays (blueimp: 5000). */
  slideshowInterval: number;
  /** ms of a slide transition (blueimp: 400). */
  transitionSpeed: number;
  /** Slides loaded on each side of the current one (blueimp: 2). */
  preloadRange: number;
  startSlideshow: boolean;
  /** Class added to a slide whose content failed to load (blueimp: slide-error). */
  slideErrorClass: string;
}

export const DEFAULTS: GalleryOptions = {
  slideshowInterval: 5000,
  transitionSpeed: 400,
  preloadRange: 2,
  startSlideshow: false,
  slideErrorClass: 'slide-error',
};

/** Options from the gallery widget's data attributes (`data-slideshow-interval="3000"`…), as blueimp read them. */
export function optionsFrom(data: Record<string, string | undefined>): GalleryOptions {
  const int = (v: string | undefined, d: number, min: number, max: number) => {
    const n = v === undefined || v.trim() === '' ? NaN : Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : d;
  };
  const cls = data.slideErrorClass?.trim();
  return {
    slideshowInterval: int(data.slideshowInterval, DEFAULTS.slideshowInterval, 1000, 600000),
    transitionSpeed: int(data.transitionSpeed, DEFAULTS.transitionSpeed, 0, 5000),
    preloadRange: int(data.preloadRange, DEFAULTS.preloadRange, 0, 10),
    startSlideshow: data.startSlideshow === 'true',
    slideErrorClass: cls && /^[\w-]+( [\w-]+)*$/.test(cls) ? cls : DEFAULTS.slideErrorClass,
  };
}

export type Hold = 'hover' | 'focus' | 'media';
export type Phase = 'open' | 'closing' | 'closed';

export interface SessionState {
  phase: Phase;
  index: number;
  count: number;
  /** A slide change is under way (for `transitionSpeed` ms). */
  sliding: boolean;
  /** What the visitor asked for. */
  slideshow: 'stopped' | 'playing';
  /** Temporary pauses of a playing slideshow. */
  holds: Hold[];
}

export type SlideshowState = 'stopped' | 'playing' | 'paused';

export function slideshowState(s: SessionState): SlideshowState {
  if (s.slideshow === 'stopped') return 'stopped';
  return s.holds.length || s.phase !== 'open' ? 'paused' : 'playing';
}

export const wrap = (i: number, count: number) => (count ? ((i % count) + count) % count : 0);

export function initial(count: number, index: number, options: Pick<GalleryOptions, 'startSlideshow'>): SessionState {
  return {
    phase: 'open',
    index: wrap(index, count),
    count,
    sliding: false,
    slideshow: options.startSlideshow && count > 1 ? 'playing' : 'stopped',
    holds: [],
  };
}

export type Action =
  | { type: 'goto'; index: number }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'slideEnd' }
  | { type: 'play' }
  | { type: 'stop' }
  | { type: 'toggleSlideshow' }
  | { type: 'hold'; reason: Hold; on: boolean }
  | { type: 'close' }
  | { type: 'closed' };

export function reduce(s: SessionState, a: Action): SessionState {
  if (s.phase === 'closed') return s;
  switch (a.type) {
    case 'goto': {
      const index = wrap(a.index, s.count);
      return index === s.index || s.phase !== 'open' ? s : { ...s, index, sliding: true };
    }
    case 'next':
      return reduce(s, { type: 'goto', index: s.index + 1 });
    case 'prev':
      return reduce(s, { type: 'goto', index: s.index - 1 });
    case 'slideEnd':
      return s.sliding ? { ...s, sliding: false } : s;
    case 'play':
      return s.count > 1 && s.slideshow !== 'playing' ? { ...s, slideshow: 'playing' } : s;
    case 'stop':
      return s.slideshow === 'stopped' ? s : { ...s, slideshow: 'stopped' };
    case 'toggleSlideshow':
      return reduce(s, { type: s.slideshow === 'playing' ? 'stop' : 'play' });
    case 'hold': {
      const has = s.holds.includes(a.reason);
      if (a.on === has) return s;
      return { ...s, holds: a.on ? [...s.holds, a.reason] : s.holds.filter((h) => h !== a.reason) };
    }
    case 'close':
      return s.phase === 'open' ? { ...s, phase: 'closing', sliding: false } : s;
    case 'closed':
      return { ...s, phase: 'closed', sliding: false, holds: [] };
  }
}

/** The slides to load around `index`: the current one first, then by distance, each side up to `range`. */
export function preloadIndexes(index: number, count: number, range: number): number[] {
  const out = [wrap(index, count)];
  for (let d = 1; d <= range; d++) {
    for (const i of [index + d, index - d]) {
      const w = wrap(i, count);
      if (!out.includes(w)) out.push(w);
    }
  }
  return count ? out : [];
}

export interface Swipe {
  dx: number;
  dy: number;
  /** ms between pointer down and up. */
  dt: number;
  /** Width of the slide area. */
  width: number;
}

/** blueimp's rule: a quick flick of more than 20 px (under 250 ms), or a drag over half the width. */
export const SWIPE_MIN_PX = 20;
export const SWIPE_MAX_MS = 250;

export function swipeDirection({ dx, dy, dt, width }: Swipe): 'next' | 'prev' | null {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const flick = dt < SWIPE_MAX_MS && Math.abs(dx) > SWIPE_MIN_PX;
  const drag = Math.abs(dx) > width / 2;
  if (!flick && !drag) return null;
  return dx < 0 ? 'next' : 'prev';
}
