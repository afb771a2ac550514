// Keeps a Bootstrap Italia masonry grid (`[data-bs-toggle=masonry]`) laid out while its cards
// change height: a collapsible section opening or closing, an embed replacing a placeholder, an
// image arriving. The original disposed and recreated the Masonry on `shown/hidden.bs.collapse`,
// so during the collapse animation cards overlapped and on re-creation the grid collapsed and the
// page jumped. Here the existing instance re-lays out in place once per frame for as long as any
// card's size changes (animation included), and never goes away in between. The layout runs inside
// the ResizeObserver callback, i.e. after the browser's layout and before it paints: no frame shows
// a card overlapping another.
// Shared by the masonry and shared-link helpers (one follower per grid).
import { collapseWithoutTheme } from './collapse';

interface MasonryInstance {
  /** Since Bootstrap Italia 2.12 or so; 2.2 and 2.11 (OpenPA's two themes) have no public layout(). */
  layout?(): void;
  /** 2.2–2.18: the Masonry v4 library instance, null until the grid's images have loaded. */
  _masonry?: { layout(): void; reloadItems(): void; options: { transitionDuration?: number | string } } | null;
  dispose?(): void;
}
interface MasonryStatic {
  getInstance(el: Element): MasonryInstance | null;
  getOrCreateInstance(el: Element): MasonryInstance;
}

/**
 * Lays a grid out with whichever API the portal's bundle has: the component's layout(), else the
 * library instance it keeps (2.2, 2.11), else what the original did, dispose and create again.
 */
function layOut(api: MasonryStatic, grid: HTMLElement): void {
  const instance = api.getOrCreateInstance(grid);
  if (typeof instance.layout === 'function') instance.layout();
  else if (instance._masonry !== undefined) {
    const lib = instance._masonry; // null: still waiting for images, it lays out when they arrive
    // Masonry v4 animates a card to its new column for 0.4 s, across the cards in between: move at
    // once. Its layout() places only the cards it knew: reload them first (an embed is a new card).
    if (lib) {
      lib.options.transitionDuration = 0;
      lib.reloadItems();
      lib.layout();
    }
  } else {
    instance.dispose?.();
    api.getOrCreateInstance(grid);
  }
}

/** Bootstrap Italia's Masonry, when the portal loads its bundle. */
const masonryApi = (): MasonryStatic | null => (window as any).bootstrap?.Masonry ?? null;

export interface Follower {
  grid: HTMLElement;
  /** Re-lay out now (after our own DOM change), then keep following. */
  relayout(): void;
  /** Number of layouts done: tests and the bench read it. */
  readonly layouts: number;
}

const followers = new WeakMap<HTMLElement, Follower>();

/** Starts (once) following `grid`; returns its follower. */
export function follow(grid: HTMLElement): Follower {
  const known = followers.get(grid);
  if (known) return known;

  const heights = new WeakMap<Element, number>();
  let layouts = 0;

  const layout = () => {
    const api = masonryApi();
    if (!grid.isConnected) return;
    if (!api) return flowWithoutTheme(grid); // cards added later flow too
    // A grid added after the theme's start-up gets its instance here, as the original did; an instance
    // still waiting for its images lays out when they arrive (a layout is a no-op until then).
    layOut(api, grid);
    layouts++;
    // Our layout sets widths, which can change heights once more: remember what we laid out.
    for (const child of Array.from(grid.children)) heights.set(child, (child as HTMLElement).offsetHeight);
    grid.setAttribute('data-piazza-masonry-layouts', String(layouts));
  };

  const sizes = new ResizeObserver((entries) => {
    // Only a height change matters: widths are what the layout itself sets.
    if (entries.some((e) => heights.get(e.target) !== (e.target as HTMLElement).offsetHeight)) layout();
  });
  const watch = (child: Element) => {
    heights.set(child, (child as HTMLElement).offsetHeight);
    sizes.observe(child);
  };
  Array.from(grid.children).forEach(watch);
  collapseWithoutTheme(grid);
  if (!masonryApi()) flowWithoutTheme(grid);
  // Cards added or replaced later (embeds) are followed too.
  new MutationObserver((records) => {
    let changed = false;
    for (const r of records) {
      r.addedNodes.forEach((n) => {
        if (n instanceof Element && n.parentElement === grid) {
          watch(n);
          changed = true;
        }
      });
      if (r.removedNodes.length) changed = true;
    }
    if (changed) layout();
  }).observe(grid, { childList: true });

  const follower: Follower = {
    grid,
    relayout: layout,
    get layouts() {
      return layouts;
    },
  };
  followers.set(grid, follower);
  return follower;
}

/**
 * Without the theme's script, once every script of the page has run: 2.18's CSS still stacks the
 * cards (`.it-masonry > div {position: absolute}`, for its script to place), so they flow as a
 * Bootstrap row instead.
 */
function flowWithoutTheme(grid: HTMLElement): void {
  if (document.readyState !== 'complete') {
    // The theme's script may still come: decide when the page has loaded (one wait per grid).
    if (!waiting.has(grid)) {
      waiting.add(grid);
      addEventListener('load', () => flowWithoutTheme(grid), { once: true });
    }
    return;
  }
  if (masonryApi()) return;
  for (const child of Array.from(grid.children) as HTMLElement[]) {
    if (getComputedStyle(child).position === 'absolute' && !child.style.position) child.style.position = 'static';
  }
}
const waiting = new WeakSet<HTMLElement>();

/** The masonry grid around `el`, if any. */
export const gridOf = (el: Element): HTMLElement | null => el.closest<HTMLElement>('[data-bs-toggle="masonry"]');
