// The tiny event bus behind `piazza.on(event, cb)`, and whenParsed(). Lives in piazza.js, so it stays minimal.
import type { AdminNotes } from './problems';

export type Listener = (detail: any) => void;

export interface Emitter {
  on(event: string, cb: Listener): () => void;
  emit(event: string, detail?: unknown): void;
}

/** `fn` once the DOM is parsed: now if it is, else on DOMContentLoaded (shared by the boot and the consent core). */
export const whenParsed = (fn: () => void): void => {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', fn); // (it fires once)
  else fn();
};

/** `log`: the loader's own admin lines (`[piazza] `, piazza.ts), where a listener that threw is told. */
export function createEmitter(log: Pick<AdminNotes, 'error'>): Emitter {
  const map: Record<string, Set<Listener>> = {};
  return {
    on(event, cb) {
      (map[event] ||= new Set()).add(cb);
      return () => map[event].delete(cb);
    },
    emit(event, detail) {
      map[event]?.forEach((cb) => {
        // One broken listener must not stop the others (nor the runtime).
        try {
          cb(detail);
        } catch (e) {
          void log.error({ code: 'listener', event }, e);
        }
      });
    },
  };
}
