// A view whose code is a lazy chunk (a map, a calendar, a data grid). lazy() + Suspense would throw
// in render if the download failed, with nothing to catch it (the block went blank); here a failure
// is the visitor's error with Retry, like a failed request's, and one console line for admins.
// `load` is a lazyModule: a failed download is forgotten, so Retry downloads again.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { I18n } from '../i18n';
import { ErrorNotice } from './ErrorNotice';

export interface LazyProps<T> {
  load(): Promise<T>;
  i18n: I18n;
  /** Shown while the chunk downloads. */
  waiting: ComponentChildren;
  /** The admin's console line. */
  failed(error: unknown): void;
  render(value: T): ComponentChildren;
}

export function Lazy<T>({ load, i18n, waiting, failed, render }: LazyProps<T>) {
  const [value, setValue] = useState<{ ready: T } | null>(null);
  const [broken, setBroken] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Asked in the commit, not after the next paint: a chunk already in (fetched on intent) shows
  // without a frame of the spinner first.
  useLayoutEffect(() => {
    let live = true;
    load().then(
      (ready) => live && setValue({ ready }),
      (e) => {
        failed(e);
        if (live) setBroken(true);
      },
    );
    return () => { live = false; };
  }, [attempt]);
  if (broken) return <ErrorNotice i18n={i18n} onRetry={() => { setBroken(false); setAttempt(attempt + 1); }} />;
  return <>{value ? render(value.ready) : waiting}</>;
}
