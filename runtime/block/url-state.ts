// A block's state in the page URL, so Back/Forward, reload and a shared link restore it: every
// change of the store adds a history entry (Back undoes it), except the ones `replaces` names
// and the one after replaceNext(); Back/Forward decode the URL and restore it, never pushing.
// Each block's parameters carry its prefix (in its encode/decode), so two blocks on a page and
// the portal's own parameters never collide.
import { snapshot, subscribe } from './store';

export interface UrlStateOptions<S extends object> {
  /** The block's store (a valtio proxy); its changes are written to the URL. */
  state: S;
  /** The search part for a state, the page's other parameters kept as they are in `search`. */
  encode(state: S, search: string): string;
  /** The state a search part describes: defaults for what is missing or unusable. */
  decode(search: string): S;
  /** Puts a decoded state into the store (Back/Forward). */
  restore(next: S): void;
  /** A change not worth a Back step (e.g. "load more"): its entry replaces the current one. */
  replaces?(before: S, after: S): boolean;
  /**
   * When a change is written (default: at once). A history entry keeps the browser's own process
   * busy for a while (~20 ms on a busy machine), and a request sent meanwhile waits for it (issue
   * 31): a block whose changes send requests writes them once their results are shown. Each
   * change's write, in order: it writes the state of that change.
   */
  schedule?(write: () => void): void;
}

export interface UrlState<S> {
  /** The link to the state with `change` applied (for real <a href> on pages and tabs). */
  hrefFor(change: Partial<S>): string;
  /** The next change replaces the current history entry (corrections: a page past the end). */
  replaceNext(): void;
  dispose(): void;
}

export function urlState<S extends object>(o: UrlStateOptions<S>): UrlState<S> {
  const snap = () => snapshot(o.state) as S;
  const same = (a: S, b: S) => o.encode(a, '') === o.encode(b, '');
  let replaceNext = false;
  let disposed = false;
  /** Bumped by Back/Forward: a change still waiting for its write is then not written over them. */
  let visit = 0;
  let last = snap();

  /** Each change is its own entry (or replaces one), decided when it is made, written now or when scheduled. */
  const change = () => {
    const now = snap();
    const replace = replaceNext || !!o.replaces?.(last, now);
    last = now;
    replaceNext = false;
    const at = visit;
    const write = () => {
      if (disposed || at !== visit) return;
      const search = o.encode(now, location.search);
      if (search === location.search) return;
      const url = location.pathname + search + location.hash;
      if (replace) history.replaceState(history.state, '', url);
      else history.pushState(history.state, '', url);
    };
    if (o.schedule) o.schedule(write);
    else write();
  };

  const onPop = () => {
    visit++;
    const next = o.decode(location.search);
    if (same(next, snap())) return;
    replaceNext = true; // the URL is now the state's: a restore is never a new entry
    o.restore(next);
  };

  const unsubscribe = subscribe(o.state, change);
  addEventListener('popstate', onPop);
  return {
    hrefFor: (change) => location.pathname + o.encode({ ...snap(), ...change }, location.search) + location.hash,
    replaceNext: () => {
      replaceNext = true;
    },
    dispose() {
      disposed = true;
      unsubscribe();
      removeEventListener('popstate', onPop);
    },
  };
}
