// A view whose code is a lazy chunk (a map, a calendar, a data grid). lazy() + Suspense would throw
// in render if the download failed, with nothing to catch it (the block went blank); here a failure
// is the visitor's error with Retry, like a failed request's, and one console line for admins.
// `load` is a lazyModule: a failed download is forgotten, so Retry downloads again.
import type { ComponentChildren } from 'preact';
import type { I18n } from '../i18n';
import { ErrorNotice } from './ErrorNotice';
import { useLoad } from './load';

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
  const [result, retry] = useLoad(load, [], failed);
  if (result?.state === 'failed') return <ErrorNotice i18n={i18n} onRetry={retry} />;
  return <>{result?.state === 'ok' ? render(result.value) : waiting}</>;
}
