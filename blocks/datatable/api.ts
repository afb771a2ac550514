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
  /** The first class (alphabetical) among the query's results, as the OpenPA template found it; null: no results. */
  classOfResults(query: string, ezLang: string): Promise<string | null>;
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
      // Plain JSON always: ocopendata's classes route has no environment, so its view ignores
      // `callback` (classes/api/view_controller.php loadView → views/json_v1.php): JSONP cannot work.
      const body = await getJson<ClassDefinition>(url, { nonce });
      if (!body || typeof body !== 'object' || !Array.isArray(body.fields))
        throw new RequestError(200, 'Invalid JSON response', 'invalid-json', url);
      return body;
    },
    async classOfResults(query, ezLang) {
      // (the template asked the content search for `facets [class]`, limit 1; a draw of one row is the same search)
      const request: DrawRequest = {
        draw: 1,
        columns: [{ field: 'id', title: '', type: 'number', sortable: false, link: false }],
        state: { sort: null, search: '' },
        start: 0,
        length: 1,
        query: query + ' facets [class|alpha|10]',
        ezLang,
        nonce: Date.now(),
      };
      const url = drawUrl(config.searchUrl, request);
      const result = readDraw(await getJson(url, options));
      if (!result) throw new RequestError(200, 'Invalid JSON response', 'invalid-json', url);
      const classes = Object.keys(result.facets.find((f) => f.name === 'class')?.data || result.facets[0]?.data || {});
      return classes[0] ?? null;
    },
    cancel: () => slot.cancel(),
  };
}
