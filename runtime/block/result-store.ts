// The one shape of a results controller (the listing's list, map and agenda): a valtio store of
// what the last request gave, fetched by runtime/block/resource.ts for the block's state, with the
// fields every view reads the same way (status, loading, error, version) kept here: a failure is
// stored, counted and reported (`onError(error, what)`: the block's `[piazza] … <what> request
// failed` line) in one place, and `settle` marks an answer shown. What a result means stays with
// the controller (`load`). No DOM, no Preact.
import { proxy } from './store';
import type { RequestError } from '../http';
import type { Words } from '../types';
import { resource, type ResourceOptions } from './resource';

export interface ResultState {
  /** idle: nothing asked yet; ready/error: the outcome of the last request. */
  status: 'idle' | 'ready' | 'error';
  /** A request on its way. */
  loading: boolean;
  error: RequestError | null;
  /** Bumped at each answer (result or error). */
  version: number;
}

export interface ResultStoreOptions<R, K extends string> extends Pick<ResourceOptions<K>, 'watch' | 'active' | 'key' | 'cancel'> {
  /** What the request is called in the admin's console line, in both languages: `{ it: 'dell’elenco', en: 'list' }`. */
  what: Words;
  onError(error: RequestError, what: Words): void;
  /** Fetches and stores the result of `key` (then `settle(results)`); `current()` is false once a newer key is wanted. */
  load(key: K, current: () => boolean, results: R & ResultState): Promise<void>;
  /** What else a failure changes in the store (before its version is bumped). */
  failed?(error: RequestError, results: R & ResultState): void;
}

export interface ResultStore<R> {
  results: R & ResultState;
  /** Fetch now if the key changed (state the store does not watch). */
  sync(): void;
  /** The tab is shown (fetch now if the key changed meanwhile) or hidden (stop fetching). */
  setActive(value: boolean): void;
  retry(): void;
  dispose(): void;
}

/** An answer is shown: no error, ready, not loading, a new version. */
export function settle(results: ResultState): void {
  results.error = null;
  results.status = 'ready';
  results.loading = false;
  results.version++;
}

export function resultStore<R extends object, K extends string>(fields: R, o: ResultStoreOptions<R, K>): ResultStore<R> {
  const results = proxy({ status: 'idle', loading: false, error: null, version: 0, ...fields } as R & ResultState);
  const fetcher = resource<K>({
    watch: o.watch,
    active: o.active,
    key: o.key,
    cancel: o.cancel,
    load: (key, current) => o.load(key, current, results),
    failed(error) {
      results.error = error;
      results.status = 'error';
      results.loading = false;
      o.failed?.(error, results);
      results.version++;
      o.onError(error, o.what);
    },
  });
  return { results, sync: fetcher.sync, setActive: fetcher.setActive, retry: fetcher.retry, dispose: fetcher.dispose };
}
