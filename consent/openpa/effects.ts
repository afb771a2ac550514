// The OpenPA themes' multimedia effects as piazza behaviours. bootstrapitalia2/2110's
// footer/advanced_cookie_consent.tpl runs `showIframes()` when orestbida accepts the service
// "multimedia" and `hideIframes()` when it is refused; here the same markup follows the config's
// `multimedia` (service or category), and everything shown is taken back when it is withdrawn,
// without a reload:
// - Bootstrap Italia's remembered choice (`bootstrap.cookies.rememberChoice('multimedia', …)`,
//   localStorage `bs-ck3`), which its AcceptOverlay reads to start videos by itself;
// - `[data-video-url]` videos: a `bootstrap.VideoPlayer` YouTube video (2.11), reset on withdrawal;
// - `.acceptoverlayable` overlays hidden (the theme's `show` class off, `.acceptoverlay` aria-hidden);
// - `iframe[data-coookieconsent="multimedia"]` (three o's, as the theme writes it) get `data-src`,
//   and `data-preview` back, the `.dimmer`s of their `.dimmable` toggled and toggled back;
// - `[data-coookieconsent="custom"]` elements get `data-src` as `src`, and their own `src` back
//   (the theme only copied src into data-src, so the custom content kept loading).
// Runs once the page is parsed: the theme's bundle (at the end of <body>) is there by then.
import type { AdminNotes } from '../../runtime/types';

/** What Bootstrap Italia 2.11's bundle offers (`window.bootstrap`); 2.2 has neither. */
interface Theme {
  cookies?: { rememberChoice?(service: string, remember: boolean): void };
  VideoPlayer?: { getOrCreateInstance(el: Element): { setYouTubeVideo(url: string): void; player?: { reset?(): void } } };
}

const EMBEDS = 'iframe[data-coookieconsent="multimedia"]';
const CUSTOM = '[data-coookieconsent="custom"]';
/** The theme's remembered-choice key (parts/video.tpl `data-bs-accept-from="multimedia"`). */
const SERVICE = 'multimedia';

const setOrRemove = (el: Element, name: string, value: string | null) =>
  value === null ? el.removeAttribute(name) : el.setAttribute(name, value);

/** `sync()` shows or takes back the effects as `allowed()` says now; true once they are shown. `log`: consent's admin lines. */
export function createEffects(allowed: () => boolean, log: Pick<AdminNotes, 'error'>) {
  /** One effect failing (a theme's player that throws) never stops the others; it is told. */
  const attempt = (step: () => void) => {
    try {
      step();
    } catch (e) {
      void log.error({ code: 'ccEffect' }, e);
    }
  };
  let shown = false;
  let undo: Array<() => void> = [];
  const theme = () => (window as unknown as { bootstrap?: Theme }).bootstrap;

  function show(): void {
    const bs = theme();
    bs?.cookies?.rememberChoice?.(SERVICE, true);
    // Videos: the element the theme wrote (a <video>); Video.js copies its attributes onto the
    // player it builds around it, so only the innermost one is a video to start.
    const player = bs?.VideoPlayer;
    if (player) {
      for (const el of document.querySelectorAll('[data-video-url]')) {
        if (el.querySelector('[data-video-url]')) continue;
        attempt(() => {
          const video = player.getOrCreateInstance(el);
          video.setYouTubeVideo(el.getAttribute('data-video-url')!);
          undo.push(() => video.player?.reset?.());
        });
      }
    }
    for (const overlay of document.querySelectorAll('.acceptoverlayable.show')) {
      const inner = overlay.querySelector('.acceptoverlay');
      const hidden = inner?.getAttribute('aria-hidden') ?? null;
      overlay.classList.remove('show');
      inner?.setAttribute('aria-hidden', 'true');
      undo.push(() => {
        overlay.classList.add('show');
        if (inner) setOrRemove(inner, 'aria-hidden', hidden);
      });
    }
    for (const frame of document.querySelectorAll<HTMLIFrameElement>(EMBEDS)) {
      const before = frame.getAttribute('src');
      const src = frame.getAttribute('data-src');
      if (src !== null) frame.setAttribute('src', src);
      const dimmers = Array.from(frame.closest('.dimmable')?.querySelectorAll('.dimmer.fade') || []);
      const toggle = () =>
        dimmers.forEach((d) => {
          d.classList.toggle('hide');
          d.classList.toggle('show');
        });
      toggle();
      undo.push(() => {
        setOrRemove(frame, 'src', frame.getAttribute('data-preview') ?? before);
        toggle();
      });
    }
    for (const el of document.querySelectorAll(CUSTOM)) {
      const before = el.getAttribute('src');
      const src = el.getAttribute('data-src');
      if (src !== null) el.setAttribute('src', src);
      undo.push(() => setOrRemove(el, 'src', before));
    }
  }

  function hide(): void {
    theme()?.cookies?.rememberChoice?.(SERVICE, false);
    const steps = undo.reverse();
    undo = [];
    steps.forEach(attempt);
  }

  return function sync(): boolean {
    const now = allowed();
    if (now !== shown) {
      shown = now;
      (now ? show : hide)();
    }
    return shown;
  };
}
