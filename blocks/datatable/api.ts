// The data table's calls: one draw at a time (a new one aborts the one before), export batches
// on their own signal, and the class definition. Every failure is a RequestError; a body that is
// not a draw answer is one too ('Invalid JSON response', as DataTables called it).
import { getJson, latest, RequestError } from '../../runtime/http';
import type { ClassDefinition } from './model/columns';
import { drawUrl, readDraw, type DrawRequest } from './model/draw';
import type { DrawResult } from './model/types';

export interface ApiConfig {
  searchUrl: string;
  classesUrl: string;
  jsonp: boolean;
}

export interface TableApi {
  /** The current draw; a newer call rejects this one with Cancelled. */
  draw(request: DrawRequest): Promise<DrawResult>;
  /** An export batch: independent of the visible draw, cancelled by its own signal. */
  batch(request: DrawRequest, signal: AbortSignal): Promise<DrawResult>;
  classDefinition(identifier: string): Promise<ClassDefinition>;
  cancel(): void;
}

export function createTableApi(config: ApiConfig, nonce: string): TableApi {
  const slot = latest();
  const options = { jsonp: config.jsonp, nonce };

  async function fetchDraw(request: DrawRequest, signal: AbortSignal): Promise<DrawResult> {
    // jQuery's cache: false, as the original: every draw is a fresh URL.
    const url = drawUrl(config.searchUrl, { ...request, nonce: Date.now() });
    const body = await getJson(url, { ...options, signal });
    const result = readDraw(body);
    if (!result) throw new RequestError(200, 'Invalid JSON response', 'invalid-json', url);
    return result;
  }

  return {
    draw: (request) => slot((signal) => fetchDraw(request, signal)),
    batch: fetchDraw,
    async classDefinition(identifier) {
      const url = config.classesUrl.replace(/\/?$/, '/') + encodeURIComponent(identifier);
      const body = await getJson<ClassDefinition>(url, options);
      if (!body || typeof body !== 'object' || !Array.isArray(body.fields)) throw new RequestError(200, 'Invalid JSON response', 'invalid-json', url);
      return body;
    },
    cancel: () => slot.cancel(),
  };
}
