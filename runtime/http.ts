// The one http client for every block: axios for same-origin JSON, JSONP for a remote portal.
// Every failure becomes one RequestError {status, message, kind}; a superseded request rejects
// with a Cancelled error that views ignore, so a stale response can never render.
import axios from 'axios';
import { bodyError, Cancelled, isCancelled, parse, RequestError, viaJsonp, type RequestOptions } from './http/core';

export * from './http/core';

async function viaAxios(url: string, timeout: number, signal?: AbortSignal): Promise<unknown> {
  try {
    // The body is read as text and parsed here, so an invalid or empty body is an error, not a string.
    const res = await axios.get<string>(url, { timeout, signal, responseType: 'text', transformResponse: (x) => x });
    const body = parse(res.data, res.status, url);
    const err = bodyError(body, res.status, url);
    if (err) throw err;
    return body;
  } catch (e: any) {
    if (e instanceof RequestError || isCancelled(e)) throw isCancelled(e) ? new Cancelled() : e;
    if (e?.code === 'ECONNABORTED' || e?.code === 'ETIMEDOUT') throw new RequestError(0, 'Request timed out', 'timeout', url);
    const res = e?.response;
    if (!res) throw new RequestError(0, e?.message || 'Network error', 'network', url);
    let body: unknown = null;
    try { body = JSON.parse(res.data); } catch { /* non-JSON error page */ }
    throw bodyError(body, res.status, url) || new RequestError(res.status, res.statusText || 'HTTP ' + res.status, 'http', url);
  }
}

export function getJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const timeout = options.timeout ?? 15000;
  return (options.jsonp ? viaJsonp(url, timeout, options.signal, options.nonce, options.callback) : viaAxios(url, timeout, options.signal)) as Promise<T>;
}

