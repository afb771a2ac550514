// `<script type="text/plain" data-consent="…">` tags (script-tag services): each allowed one is
// replaced, once, by a runnable copy carrying the nonce. Copies run one after another, in document
// order (an external script without `async` is waited for), at load and after every change.
// `data-type` gives the type to run with (e.g. module).
import { copyScript } from '../copy';
import type { ConsentCore } from '../types';

export const HELD_TAGS = 'script[type="text/plain" i][data-consent]';

export function createReviver(core: ConsentCore) {
  const started = new WeakSet<Element>();
  let queue = Promise.resolve();

  function revive(el: Element): void {
    if (started.has(el) || !core.allows(el.getAttribute('data-consent')!)) return;
    started.add(el);
    queue = queue.then(
      () =>
        new Promise<void>((done) => {
          if (!el.parentNode) return done();
          const s = copyScript(el, core.nonce, el.getAttribute('data-type'));
          const wait = s.hasAttribute('src') && !s.async;
          if (wait) {
            s.addEventListener('load', () => done());
            s.addEventListener('error', () => done());
          }
          core.replace(s, el);
          if (!wait) done();
        }),
    );
  }

  return () => document.querySelectorAll(HELD_TAGS).forEach(revive);
}
