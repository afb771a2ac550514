// Keeps a Bootstrap Italia masonry grid (`[data-bs-toggle=masonry]`) laid out while its cards
// change height: a collapsible section opening or closing, an embed replacing a placeholder, an
// image arriving. The original disposed and recreated the Masonry on `shown/hidden.bs.collapse`,
// so during the collapse animation cards overlapped and on re-creation the grid collapsed and the
// page jumped. Here the existing instance re-lays out in place once per frame for as long as any
// card's size changes (animation included), and never goes away in between.
// Shared by the masonry and shared-link helpers (one follower per grid).

interface MasonryInstance {
  layout(): void;
}
interface MasonryStatic {
  getInstance(el: Element): MasonryInstance | null;
  getOrCreateInstance(el: Element): MasonryInstance;
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
  let frame = 0;
  let layouts = 0;

  const layout = () => {
    frame = 0;
    const api = masonryApi();
    if (!api || !grid.isConnected) return; // without the theme's masonry the grid flows naturally
    // The theme creates its instance once images have loaded; if it has not yet, it will lay out then.
    const instance = api.getInstance(grid);
    if (!instance) return;
    instance.layout();
    layouts++;
    // Our layout sets widths, which can change heights once more: remember what we laid out.
    for (const child of Array.from(grid.children)) heights.set(child, (child as HTMLElement).offsetHeight);
    grid.setAttribute('data-piazza-masonry-layouts', String(layouts));
  };
  const schedule = () => { frame ||= requestAnimationFrame(layout); };

  const sizes = new ResizeObserver((entries) => {
    // Only a height change matters: widths are what the layout itself sets.
    if (entries.some((e) => heights.get(e.target) !== Math.round(e.borderBoxSize?.[0]?.blockSize ?? (e.target as HTMLElement).offsetHeight))) schedule();
  });
  const watch = (child: Element) => {
    heights.set(child, (child as HTMLElement).offsetHeight);
    sizes.observe(child);
  };
  Array.from(grid.children).forEach(watch);
  // Cards added or replaced later (embeds) are followed too.
  new MutationObserver((records) => {
    let changed = false;
    for (const r of records) {
      r.addedNodes.forEach((n) => { if (n instanceof Element && n.parentElement === grid) { watch(n); changed = true; } });
      if (r.removedNodes.length) changed = true;
    }
    if (changed) schedule();
  }).observe(grid, { childList: true });

  const follower: Follower = {
    grid,
    relayout: schedule,
    get layouts() { return layouts; },
  };
  followers.set(grid, follower);
  return follower;
}

/** The masonry grid around `el`, if any. */
export const gridOf = (el: Element): HTMLElement | null => el.closest<HTMLElement>('[data-bs-toggle="masonry"]');
