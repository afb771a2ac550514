// The one "load it, show it, again on Retry" of the views: a lazy view's chunk (Lazy.tsx), the
// configurator's classes and fields. (A block's requests have theirs in its controllers:
// runtime/block/resource.ts; a chunk's download is remembered, or forgotten on failure, by
// runtime/lazy.ts.)
import { useLayoutEffect, useState } from 'preact/hooks';

export type Load<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; error: unknown };

/** A value loaded (again on `retry`, the second item) while `deps` hold; null while `load` is null. `failed` hears every failure. */
export function useLoad<T>(
  load: (() => Promise<T>) | null,
  deps: unknown[],
  failed?: (error: unknown) => void,
): [Load<T> | null, () => void] {
  const [result, setResult] = useState<Load<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Asked in the commit, not after the next paint: a value already in (a chunk fetched on intent)
  // shows without a frame of waiting first.
  useLayoutEffect(() => {
    if (!load) return void setResult(null);
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => live && setResult({ state: 'ok', value }),
      (error) => {
        failed?.(error);
        if (live) setResult({ state: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  return [result, () => setAttempt((n) => n + 1)];
}
