// The one http client for every block: XMLHttpRequest for same-origin JSON, JSONP for a remote
// portal. Every failure becomes one RequestError {status, message, kind}; a superseded request
// rejects with a Cancelled error that views ignore, so a stale response can never render.
//
// Not axios (the design's first choice): the same behaviour (GET, the same Accept header,
// same-origin cookies, 2xx is success, a timeout over the whole exchange, abort by signal, every
// failure mapped in core.ts) for well under 1 kB instead of axios' 21 kB gzip (issue 18). And
// XMLHttpRequest rather than fetch: fetch settles at the headers and reads the body in a task of
// its own, and its answer reached the page's code 1.5–2 ms later than the same answer by
// XMLHttpRequest (Chromium, interleaved on the bench's page; every click waits for it: issue 31).
import { answerOf, Cancelled, RequestError, viaJsonp, type RequestOptions } from './http/core';

export * from './http/core';

function viaXhr(url: string, timeout: number, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Cancelled());
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    // a timer of ours rather than xhr.timeout: one clock for both transports (JSONP's is a timer too)
    const timer = setTimeout(() => {
      timedOut = true;
      xhr.abort();
    }, timeout);
    const onAbort = () => xhr.abort();
    const settle = (outcome: () => unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      try {
        resolve(outcome());
      } catch (e) {
        reject(e);
      }
    };
    xhr.open('GET', url);
    xhr.setRequestHeader('Accept', 'application/json, text/plain, */*');
    xhr.onload = () => settle(() => answerOf(xhr.status, xhr.statusText, xhr.responseText, url));
    xhr.onerror = () =>
      settle(() => {
        throw new RequestError(0, 'Network error', 'network', url);
      });
    xhr.onabort = () =>
      settle(() => {
        throw timedOut ? new RequestError(0, 'Request timed out', 'timeout', url) : new Cancelled();
      });
    signal?.addEventListener('abort', onAbort);
    xhr.send();
  });
}

/** Answers on their way for a getJson that has not been made yet: URL → response, taken once. */
const ahead = new Map<string, Promise<unknown>>();

/** The caller's view of an answer it did not start: its own signal still cancels it, for it alone. */
const taken = (answer: Promise<unknown>, signal?: AbortSignal) =>
  !signal
    ? answer
    : new Promise((resolve, reject) => {
        const cancel = () => reject(new Cancelled());
        if (signal.aborted) return cancel();
        signal.addEventListener('abort', cancel, { once: true });
        answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
      });

export function getJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const early = ahead.get(url);
  if (early) {
    ahead.delete(url);
    return taken(early, options.signal) as Promise<T>;
  }
  const timeout = options.timeout ?? 15000;
  return (
    options.jsonp ? viaJsonp(url, timeout, options.signal, options.nonce, options.callback) : viaXhr(url, timeout, options.signal)
  ) as Promise<T>;
}

/**
 * Sends a GET now for the next getJson of the same URL to take: a block's first requests, sent
 * by its small "early" chunk while the block's own code is still downloading (issue 18). Not
 * taken within 30 s (the block failed, or asked for something else), the answer is dropped.
 */
export function getJsonAhead(url: string, options: Omit<RequestOptions, 'signal'> = {}): void {
  if (ahead.has(url)) return;
  const answer = getJson(url, options);
  answer.catch(() => {}); // the taker hears of a failure; nobody else must
  ahead.set(url, answer);
  setTimeout(() => {
    if (ahead.get(url) === answer) ahead.delete(url);
  }, 30_000);
}
