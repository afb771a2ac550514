// The http client against a real loopback server (JSONP is covered by the browser tests).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, getJson, isCancelled, latest, RequestError } from '../../../runtime/http';

let server: Server;
let base = '';
const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"totalCount":2}'),
  '/rest-error': (res) =>
    res
      .writeHead(400, { 'Content-Type': 'application/json' })
      .end('{"error_type":"Opencontent.QueryLanguage.Parser.Exception","error_message":"Unexpected token"}'),
  '/module-error': (res) => res.writeHead(400).end('{"error_code":0,"error_message":"Class not found"}'),
  '/openpa-error': (res) => res.writeHead(500).end('{"error":"Block not found"}'),
  '/error-in-200': (res) => res.writeHead(200).end('{"error_code":3,"error_message":"Api x not allowed"}'),
  '/html-500': (res) => res.writeHead(500, 'Internal Server Error', { 'Content-Type': 'text/html' }).end('<h1>oops</h1>'),
  '/invalid': (res) => res.writeHead(200).end('{"totalCount":'),
  '/empty': (res) => res.writeHead(200).end(''),
  '/slow': (res) => {
    setTimeout(() => res.writeHead(200).end('{"slow":true}'), 300);
  },
};
let lastAccept: string | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastAccept = req.headers.accept;
    (routes[req.url!.split('?')[0]] ?? ((r) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = 'http://127.0.0.1:' + (server.address() as any).port;
});
afterAll(
  () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
);

const failure = (url: string, opts = {}) =>
  getJson(base + url, opts).then(
    () => {
      throw new Error('resolved');
    },
    (e) => e,
  );

describe('http client', () => {
  it('returns the parsed body', async () => {
    expect(await getJson(base + '/ok')).toEqual({ totalCount: 2 });
  });

  it('normalises every API error body to {status, message}', async () => {
    const cases: Array<[string, number, string]> = [
      ['/rest-error', 400, 'Unexpected token'],
      ['/module-error', 400, 'Class not found'],
      ['/openpa-error', 500, 'Block not found'],
      ['/error-in-200', 500, 'Api x not allowed'],
    ];
    for (const [url, status, message] of cases) {
      const e = await failure(url);
      expect(e).toBeInstanceOf(RequestError);
      expect([e.status, e.message, e.kind]).toEqual([status, message, 'api']);
    }
  });

  it('reports transport failures with status and status text', async () => {
    const e = await failure('/html-500');
    expect([e.status, e.message, e.kind]).toEqual([500, 'Internal Server Error', 'http']);
    const missing = await failure('/nowhere');
    expect([missing.status, missing.kind]).toEqual([404, 'http']);
  });

  it('treats invalid and empty bodies as errors, not as strings', async () => {
    expect((await failure('/invalid')).kind).toBe('invalid-json');
    expect((await failure('/invalid')).message).toBe('Invalid JSON response');
    expect((await failure('/empty')).kind).toBe('empty');
  });

  it('asks for JSON as the portal API expects (the header axios sent)', async () => {
    await getJson(base + '/ok');
    expect(lastAccept).toBe('application/json, text/plain, */*');
  });

  it('reports a server that does not answer as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as any).port;
    await new Promise<void>((ok) => closed.close(() => ok()));
    const e = await getJson('http://127.0.0.1:' + port + '/ok').then(
      () => null,
      (x) => x,
    );
    expect(e).toBeInstanceOf(RequestError);
    expect([e.status, e.kind]).toEqual([0, 'network']);
  });

  it('rejects with Cancelled when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failure('/ok', { signal: controller.signal })).toBeInstanceOf(Cancelled);
  });

  it('times out', async () => {
    const e = await failure('/slow', { timeout: 50 });
    expect([e.status, e.kind]).toEqual([0, 'timeout']);
  });

  it('cancels the superseded request so only the last one can resolve', async () => {
    const run = latest();
    const first = run((signal) => getJson(base + '/slow', { signal }));
    const second = run((signal) => getJson(base + '/ok', { signal }));
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('rejected');
    expect(isCancelled((a as PromiseRejectedResult).reason)).toBe(true);
    expect((a as PromiseRejectedResult).reason).toBeInstanceOf(Cancelled);
    expect(b).toEqual({ status: 'fulfilled', value: { totalCount: 2 } });
  });
});
