// The http client's transport (runtime/http.ts, XMLHttpRequest) on the three engines, against a
// real loopback server: what reaches the server, and how each way an exchange can end reaches
// the caller. The answer's mapping alone (status, body → value or RequestError) is a unit test
// (test/unit/runtime/http.test.ts); here each kind of ending goes through a real request once.
// The client is the project's own module, bundled for the page by esbuild as the build does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { selectedEngines, type Tab } from './engines';
import { useModulePage, useModuleTabs } from './module-page';

type Route = (req: IncomingMessage, res: ServerResponse) => void;
const json =
  (status: number, body: string, statusText?: string): Route =>
  (_req, res) => {
    if (statusText) res.writeHead(status, statusText, { 'Content-Type': 'application/json' });
    else res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  };
const ROUTES: Record<string, Route> = {
  '/ok': json(200, '{"totalCount":2,"name":"Città"}'),
  '/rest-error': json(400, '{"error_type":"Opencontent.QueryLanguage.Parser.Exception","error_message":"Unexpected token"}'),
  '/error-in-200': json(200, '{"error_code":3,"error_message":"Api x not allowed"}'),
  '/html-500': (_req, res) => res.writeHead(500, 'Internal Server Error', { 'Content-Type': 'text/html' }).end('<h1>oops</h1>'),
  '/invalid': json(200, '{"totalCount":'),
  '/empty': json(200, ''),
  '/slow': (_req, res) => {
    const timer = setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"slow":true}'), 400);
    res.on('close', () => clearTimeout(timer));
  },
  '/drop': (req) => req.socket.destroy(),
};

/** The Accept header of each request for `/ok` (the browser's own requests, e.g. a favicon, go elsewhere). */
const accepts: string[] = [];
const served = useModulePage('runtime/http.ts', 'piazzaHttp', {
  route: (req, res, path) => {
    if (path === '/ok') accepts.push(String(req.headers.accept));
    (ROUTES[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  },
});

/** What a getJson of `path` gave in the page: its value, or its error's name, status, kind and message. */
interface Outcome {
  value?: unknown;
  error?: { name: string; status?: number; kind?: string; message: string };
}

describe.each(selectedEngines())('%s', (engine) => {
  const { open } = useModuleTabs(served, engine);
  /** getJson in the page; `abort` is 'before' (an aborted signal) or ms after the start. */
  const get = (t: Tab, path: string, o: { timeout?: number; abort?: 'before' | number } = {}) =>
    t.evaluate(
      (url: string, timeout: number | null, abort: 'before' | number | null) => {
        const http = (window as any).piazzaHttp;
        const controller = new AbortController();
        if (abort === 'before') controller.abort();
        else if (abort !== null) setTimeout(() => controller.abort(), abort);
        return http.getJson(url, { signal: controller.signal, ...(timeout === null ? {} : { timeout }) }).then(
          (value: unknown) => ({ value }),
          (e: any) => ({ error: { name: e.name, status: e.status, kind: e.kind, message: e.message } }),
        );
      },
      served.origin + path,
      o.timeout ?? null,
      o.abort ?? null,
    ) as Promise<Outcome>;

  it('answers with the parsed body, asking for JSON as the portal API expects (the header axios sent)', async () => {
    const t = await open();
    accepts.length = 0;
    expect(await get(t, '/ok')).toEqual({ value: { totalCount: 2, name: 'Città' } });
    expect(accepts).toEqual(['application/json, text/plain, */*']);
  });

  it('maps each way an answer can fail: the API error body, an error page, a missing route, bad bodies', async () => {
    const t = await open();
    const error = async (path: string) => (await get(t, path)).error;
    expect(await error('/rest-error')).toEqual({ name: 'RequestError', status: 400, kind: 'api', message: 'Unexpected token' });
    expect(await error('/error-in-200')).toEqual({ name: 'RequestError', status: 500, kind: 'api', message: 'Api x not allowed' });
    expect(await error('/html-500')).toEqual({ name: 'RequestError', status: 500, kind: 'http', message: 'Internal Server Error' });
    expect(await error('/nowhere')).toMatchObject({ name: 'RequestError', status: 404, kind: 'http' });
    expect(await error('/invalid')).toEqual({ name: 'RequestError', status: 200, kind: 'invalid-json', message: 'Invalid JSON response' });
    expect(await error('/empty')).toEqual({ name: 'RequestError', status: 200, kind: 'empty', message: 'Empty response' });
  });

  it('reports a connection the server drops as a network failure, and a slow one past its timeout as a timeout', async () => {
    const t = await open();
    expect((await get(t, '/drop')).error).toMatchObject({ name: 'RequestError', status: 0, kind: 'network' });
    expect((await get(t, '/slow', { timeout: 100 })).error).toMatchObject({ name: 'RequestError', status: 0, kind: 'timeout' });
  });

  it('rejects with Cancelled when its signal aborts, before it starts or on its way', async () => {
    const t = await open();
    expect((await get(t, '/ok', { abort: 'before' })).error?.name).toBe('Cancelled');
    expect((await get(t, '/slow', { abort: 50 })).error?.name).toBe('Cancelled');
  });

  it('cancels the superseded request of a slot, so only the last one can resolve', async () => {
    const t = await open();
    const settled = await t.evaluate((base: string) => {
      const http = (window as any).piazzaHttp;
      const run = http.latest();
      const first = run((signal: AbortSignal) => http.getJson(base + '/slow', { signal }));
      const second = run((signal: AbortSignal) => http.getJson(base + '/ok', { signal }));
      return Promise.allSettled([first, second]).then((all) =>
        all.map((r) => (r.status === 'fulfilled' ? { value: r.value } : { error: r.reason.name })),
      );
    }, served.origin);
    expect(settled).toEqual([{ error: 'Cancelled' }, { value: { totalCount: 2, name: 'Città' } }]);
  });
});
