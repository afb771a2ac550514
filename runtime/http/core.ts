// The part of the http client that a JSONP-only chunk needs: errors, cancellation, JSONP. Chunks that only
// read a remote portal (shared-link embeds) import this module alone.
export type ErrorKind = 'http' | 'api' | 'timeout' | 'network' | 'invalid-json' | 'empty';

export class RequestError extends Error {
  constructor(
    public status: number,
    message: string,
    public kind: ErrorKind,
    public url = '',
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** A failed request as every admin line and the configurator print it: `<status> <message> (<url>)`. */
export const requestText = (e: { status?: number; message: string; url?: string }) =>
  (e.status || '-') + ' ' + e.message + (e.url ? ' (' + e.url + ')' : '');

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export const isCancelled = (e: unknown): e is Cancelled => e instanceof Cancelled || (e as Error)?.name === 'AbortError';

export interface RequestOptions {
  /** Remote host: load with JSONP (the portal's API answers `callback(...)`). */
  jsonp?: boolean;
  /** ms; default 15 s. */
  timeout?: number;
  signal?: AbortSignal;
  /** nonce for the JSONP <script> (strict CSP). */
  nonce?: string;
  /**
   * JSONP callback name (default: a generated unique one). A stable name keeps the URL identical
   * across page views, so a browser or CDN may cache it; `_` is appended while the name is taken.
   */
  callback?: string;
}

/** The API reports failures in the body too: {error_message|error_code|error_type|error}. */
export function bodyError(body: unknown, status: number, url: string): RequestError | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (!('error_message' in b || 'error_code' in b || 'error' in b)) return null;
  const message = String(b.error_message ?? b.error ?? 'Error ' + b.error_code);
  return new RequestError(status >= 400 ? status : 500, message, 'api', url);
}

export function parse(text: string, status: number, url: string): unknown {
  if (!text || !text.trim()) throw new RequestError(status, 'Empty response', 'empty', url);
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError(status, 'Invalid JSON response', 'invalid-json', url);
  }
}

/**
 * A finished HTTP exchange as the API's answer: the parsed body of a 2xx, else the error it carries
 * (the API's own message when its body has one, the status text when not). Pure: the transport
 * (http.ts) only hands over what arrived.
 */
export function answerOf(status: number, statusText: string, text: string, url: string): unknown {
  if (status >= 200 && status < 300) {
    const body = parse(text, status, url);
    const err = bodyError(body, status, url);
    if (err) throw err;
    return body;
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* non-JSON error page */
  }
  throw bodyError(body, status, url) || new RequestError(status, statusText || 'HTTP ' + status, 'http', url);
}

let jsonpSeq = 0;
/**
 * JSONP written here rather than with fetch-jsonp: that library cannot be aborted, throws in the
 * page when a server calls back twice, and leaves its global behind on timeout.
 */
export function viaJsonp(url: string, timeout: number, signal?: AbortSignal, nonce?: string, callback?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Cancelled());
    const w = window as unknown as Record<string, unknown>;
    let name = callback && /^[A-Za-z_$][\w$]*$/.test(callback) ? callback : 'piazzaJsonp' + Date.now().toString(36) + '_' + ++jsonpSeq;
    while (name in w) name += '_';
    const script = document.createElement('script');
    let settled = false;
    // A broken answer is a syntax error of its script: this request's failure (reported as such
    // below), not an uncaught error of the page. (Another host's script error has no file name.)
    const onScriptError = (e: ErrorEvent) => {
      if (e.filename === script.src || document.currentScript === script) e.preventDefault();
    };
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // A script cannot be aborted: once asked for, it runs when it arrives, however late (a busy
      // page, a queue of aborted searches). Its callback stays a no-op until it has run or failed
      // (a late or second call must not throw in the page), then the script and the name go.
      w[name] = () => {};
      fn();
    };
    const release = () => {
      window.removeEventListener('error', onScriptError);
      script.remove();
      delete w[name];
    };
    const onAbort = () => finish(() => reject(new Cancelled()));
    const timer = setTimeout(() => finish(() => reject(new RequestError(0, 'Request timed out', 'timeout', url))), timeout);
    w[name] = (body: unknown) =>
      finish(() => {
        const err = bodyError(body, 200, url);
        err ? reject(err) : resolve(body);
      });
    signal?.addEventListener('abort', onAbort);
    script.onerror = () => {
      finish(() => reject(new RequestError(0, 'Request failed', 'network', url)));
      release();
    };
    // The script ran without calling back (an empty or broken answer): fail now, not at the timeout.
    script.onload = () => {
      finish(() => reject(new RequestError(200, 'The JSONP answer did not call back', 'invalid-json', url)));
      release();
    };
    if (nonce) script.nonce = nonce;
    script.src = url + (url.includes('?') ? '&' : '?') + 'callback=' + name;
    window.addEventListener('error', onScriptError);
    document.head.appendChild(script);
  });
}

/**
 * JSONP only, for chunks that only ever read a remote portal: importing this instead of getJson
 * keeps the same-origin client out of the chunk (tree-shaken).
 */
export function getJsonp<T = unknown>(url: string, options: Omit<RequestOptions, 'jsonp'> = {}): Promise<T> {
  return viaJsonp(url, options.timeout ?? 15000, options.signal, options.nonce, options.callback) as Promise<T>;
}

/**
 * One slot per kind of request (a block's list, its facets, its map…): starting a new request aborts
 * the one before, whose promise then rejects with Cancelled and so can never render.
 */
export function latest() {
  let current: AbortController | null = null;
  const run = <T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    current?.abort();
    const controller = (current = new AbortController());
    return task(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) throw new Cancelled();
        return value;
      },
      (error) => {
        throw controller.signal.aborted ? new Cancelled() : error;
      },
    );
  };
  run.cancel = () => {
    current?.abort();
    current = null;
  };
  return run;
}
