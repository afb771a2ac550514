// The one shape of "fetch what the state asks for" every result controller of a block shares
// (the listing's list, map, agenda and facet counts): fetch only while active (a tab shown), once
// per key (the request the state asks for, as a URL), again on retry, never report a superseded
// or cancelled request, stop on dispose. What a result means stays with the controller: `load`
// fetches and stores it, `failed` shows the error. No DOM, no Preact.
import { subscribe } from './store';
import { isCancelled, type RequestError } from '../http';

export interface ResourceOptions<K extends string> {
  /** The state whose changes may change the key (a valtio proxy). */
  watch?: object;
  /** Fetching from the start (no tab to wait for); default false: on setActive(true). */
  active?: boolean;
  /** What the state asks for now, as a comparable key; null: nothing to fetch. */
  key(): K | null;
  /** Fetches and stores the result of `key`; `current()` is false once a newer key is wanted. */
  load(key: K, current: () => boolean): Promise<void>;
  failed(error: RequestError, key: K): void;
  /** Cancels what is in flight (on dispose). */
  cancel?(): void;
}

export interface Resource {
  /** Fetch now if the key changed (for state the resource does not watch). */
  sync(): void;
  /** A tab shown (fetch if the key changed meanwhile) or hidden (stop fetching). */
  setActive(value: boolean): void;
  /** Fetch the current key again, even if it was fetched. */
  retry(): void;
  dispose(): void;
}

export function resource<K extends string>(o: ResourceOptions<K>): Resource {
  let active = o.active ?? false;
  /** The key shown or on its way; null after an error, so the same key fetches again. */
  let wanted: K | null = null;

  async function sync() {
    if (!active) return;
    const key = o.key();
    if (key === null || key === wanted) return;
    wanted = key;
    const current = () => wanted === key;
    try {
      await o.load(key, current);
    } catch (e) {
      if (isCancelled(e) || !current()) return; // superseded: the newer request tells the story
      wanted = null;
      o.failed(e as RequestError, key);
    }
  }

  const unsubscribe = o.watch ? subscribe(o.watch, () => void sync()) : () => {};
  if (active) void sync();
  return {
    sync: () => void sync(),
    setActive(value) {
      active = value;
      if (value) void sync();
    },
    retry() {
      wanted = null;
      void sync();
    },
    dispose() {
      active = false;
      unsubscribe();
      o.cancel?.();
    },
  };
}
