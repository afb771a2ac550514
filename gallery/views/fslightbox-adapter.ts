// The only place that knows fslightbox-react 2.1.1's instance internals (the version is pinned
// exactly in package.json; the gallery browser tests fail if an upgrade moves these). The basic
// edition has no public API for slide changes, so the wrapper drives it through these.
export interface FsInstance {
  props: Record<string, unknown>;
  elements: {
    container: HTMLElement | null;
    /** One wrapper per slide ("source main wrapper"). */
    smw: HTMLElement[];
    sources: Array<HTMLElement | undefined>;
    sourceAnimationWrappers: HTMLElement[];
  };
  stageIndexes: { current: number; previous?: number; next?: number };
  /** 1 while open. */
  io?: number;
  core: {
    lightboxCloser: { close(): void };
    slideChangeFacade: { changeToPrevious(): void; changeToNext(): void };
    slideIndexChanger: { jumpTo(index: number): void };
  };
  /** Called with the 1-based slide number on every slide change. */
  sn(n: number): void;
  close(): void;
}

export interface Lightbox {
  container(): HTMLElement | null;
  current(): number;
  next(): void;
  prev(): void;
  jumpTo(index: number): void;
  close(): void;
  /** The element of slide `index` (where the error class goes). */
  slide(index: number): HTMLElement | null;
  /** Which slide a loaded source element belongs to, or -1. */
  indexOfSource(el: Element): number;
  /** Calls `cb(index)` after every slide change, however it was made (keys, buttons, slideshow). */
  onSlide(cb: (index: number) => void): void;
  /** Calls `cb()` when closing starts (Esc, button, backdrop), before the fade-out. */
  onCloseStart(cb: () => void): void;
}

export function adapt(fs: FsInstance): Lightbox {
  return {
    container: () => fs.elements.container,
    current: () => fs.stageIndexes.current,
    next: () => fs.core.slideChangeFacade.changeToNext(),
    prev: () => fs.core.slideChangeFacade.changeToPrevious(),
    jumpTo: (index) => {
      if (index !== fs.stageIndexes.current) fs.core.slideIndexChanger.jumpTo(index);
    },
    close: () => fs.close(),
    slide: (index) => fs.elements.smw[index] ?? null,
    indexOfSource: (el) => fs.elements.sources.findIndex((s) => !!s && (s === el || s.contains(el))),
    onSlide(cb) {
      const show = fs.sn.bind(fs);
      fs.sn = (n: number) => {
        show(n);
        cb(n - 1);
      };
    },
    onCloseStart(cb) {
      // Every close path (keyboard, backdrop click, fs.close) calls lightboxCloser.close by property.
      const closer = fs.core.lightboxCloser;
      const close = closer.close;
      let started = false;
      closer.close = () => {
        if (fs.io && !started) {
          started = true;
          cb();
        }
        close();
      };
    },
  };
}
