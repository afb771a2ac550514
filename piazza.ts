// Entry of dist/piazza.js: a classic synchronous script placed in <head> before any third-party
// script. Order matters: the consent core must hold trackers back before anything else runs,
// then the loader mounts blocks and helpers when the DOM is ready.
import { startConsent } from './consent/core';
import type { ConsentOpenpaModule, ConsentUiModule } from './consent/types';
import { createEmitter, whenParsed } from './runtime/events';
import { createLoader } from './runtime/loader';
import { adminNotes } from './runtime/log';
import type { RuntimeContext } from './runtime/types';

// window.piazza's type is the public one (types/piazza.d.ts), so what ships in the typings is what boots.
import type {} from './types/piazza';

(function boot() {
  if (window.piazza) return; // included twice: the first copy stays in charge
  const script = (document.currentScript || document.querySelector('script[src*="piazza.js"]')) as HTMLScriptElement | null;
  const base = new URL('.', script?.src || location.href).href;
  const explain: RuntimeContext['explain'] = (what) => loader.explain(what); // the words of an admin line are a lazy chunk
  // the runtime's own lines, `[piazza] `: a listener of piazza.on() that threw, page helpers without the manifest
  const log = adminNotes('[piazza] ', explain);
  const events = createEmitter(log);
  const ctx: RuntimeContext = { version: __PIAZZA_VERSION__, nonce: script?.nonce || '', base, events, explain };
  // Created before the consent core, which may need it for those words; creating it fetches
  // only the build's manifest and mounts nothing.
  const loader = createLoader(ctx, log);
  // Consent first, synchronously: it sets ctx.consent and window.CookieConsent. Its chunks (UI,
  // OpenPA) are fetched through the loader only when needed, never before this boot pass ends (a
  // load waits for the manifest module, so it always continues in a later microtask).
  const consent = startConsent(ctx, {
    ui: () => loader.load<ConsentUiModule>('consent-ui'),
    openpa: () => loader.load<ConsentOpenpaModule>('consent-openpa'),
    prefetch: loader.prefetch,
    firstContent: loader.firstContent,
  });

  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  window.piazza = { version: ctx.version, on: events.on, mount: loader.mount, unmount: loader.unmount, ready, consent };

  const start = () =>
    loader.mount(document).then(() => {
      markReady();
      events.emit('ready');
      document.dispatchEvent(new CustomEvent('piazza:ready'));
    });
  whenParsed(start);
})();
