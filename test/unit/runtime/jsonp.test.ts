// @vitest-environment jsdom
// A JSONP script cannot be aborted: once asked for, it runs when it arrives, however late. Its
// callback must answer (as a no-op) until the script has run or failed, whatever settled the request
// first, and only then go with its script element. (jsdom does not fetch the script: the test plays the
// browser's part — the script's call, then its load or error event.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJsonp, isCancelled, RequestError } from '../../../runtime/http';

const w = window as unknown as Record<string, unknown>;

/** The request's script element and its callback's name, read from the src piazza wrote. */
function asked() {
  const scripts = document.head.querySelectorAll('script');
  const script = scripts[scripts.length - 1] as HTMLScriptElement;
  const name = new URL(script.src).searchParams.get('callback')!;
  return { script, name, call: (body: unknown) => (w[name] as (b: unknown) => void)(body) };
}

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('JSONP', () => {
  it('aborted: the late script still finds its callback, then both are gone once it has run', async () => {
    const controller = new AbortController();
    const request = getJsonp('https://altro.comune.it/api/opendata/v2/content/search/x', { signal: controller.signal });
    const { script, name, call } = asked();
    controller.abort();
    const error = await request.catch((e) => e);
    expect(isCancelled(error)).toBe(true);
    // The answer arrives after the abort: it calls back, nothing throws, nothing resolves.
    expect(typeof w[name]).toBe('function');
    expect(() => call({ totalCount: 1, searchHits: [] })).not.toThrow();
    expect(script.isConnected).toBe(true);
    script.dispatchEvent(new Event('load'));
    expect(name in w).toBe(false);
    expect(script.isConnected).toBe(false);
  });

  it('timed out long ago: the callback waits for its script, not for a clock', async () => {
    vi.useFakeTimers();
    const request = getJsonp('https://altro.comune.it/lento', { timeout: 1000 });
    const { script, name, call } = asked();
    const settled = request.catch((e) => e);
    vi.advanceTimersByTime(1000);
    const error = await settled;
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toMatch(/timed out/);
    vi.advanceTimersByTime(10 * 60_000); // ten minutes on a busy page
    expect(() => call({ totalCount: 0, searchHits: [] })).not.toThrow();
    script.dispatchEvent(new Event('error'));
    expect(name in w).toBe(false);
  });

  it('answered: resolves with the body; a second call from the same script is a no-op; cleaned up on load', async () => {
    const request = getJsonp<{ totalCount: number }>('https://altro.comune.it/ok');
    const { script, name, call } = asked();
    call({ totalCount: 2, searchHits: [] });
    await expect(request).resolves.toMatchObject({ totalCount: 2 });
    expect(() => call({ totalCount: 3 })).not.toThrow();
    script.dispatchEvent(new Event('load'));
    expect(name in w).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('a script that ran without calling back fails the request at its load event', async () => {
    const request = getJsonp('https://altro.comune.it/vuoto');
    const { script, name } = asked();
    script.dispatchEvent(new Event('load'));
    const error = await request.catch((e) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toMatch(/did not call back/);
    expect(name in w).toBe(false);
  });

  it('already aborted: no script is asked for and no name is left', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = Object.keys(w).filter((k) => k.startsWith('piazzaJsonp')).length;
    const error = await getJsonp('https://altro.comune.it/x', { signal: controller.signal }).catch((e) => e);
    expect(isCancelled(error)).toBe(true);
    expect(document.head.querySelector('script')).toBeNull();
    expect(Object.keys(w).filter((k) => k.startsWith('piazzaJsonp')).length).toBe(before);
  });
});
