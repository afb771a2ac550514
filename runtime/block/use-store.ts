// A view's read of a block's store (store.ts). valtio/react's useSnapshot would do the same, but it
// needs preact/compat (useSyncExternalStore) and proxy-compare's render tracking: about 5 KB gzip
// that every list-only page would download. Here a component re-renders on any change of the
// store it reads, which for these small stores is the same thing.
import { useEffect, useReducer, useRef } from 'preact/hooks';
import { snapshot, subscribe } from './store';

/** The store's current snapshot; re-renders the component when the store changes. */
export function useStore<T extends object>(store: T): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const snap = snapshot(store) as T;
  const rendered = useRef(snap);
  rendered.current = snap;
  useEffect(() => {
    const check = () => {
      if (snapshot(store) !== rendered.current) rerender(0);
    };
    const unsubscribe = subscribe(store, check);
    check(); // a change between render and subscription
    return unsubscribe;
  }, [store]);
  return snap;
}
