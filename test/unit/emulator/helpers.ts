// A real HTTP server on 127.0.0.1:0 around the emulator's handler, with a fixed day so ids,
// counts and dates are stable.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type ApiHandler } from '../../../fixtures/emulator/api.mjs';
import { generateDataset, type Dataset } from '../../../fixtures/data/generate.mjs';

/** A Tuesday; the dataset clock is 10:00 in Rome (08:00Z). */
export const TODAY = '2025-06-10';

export interface Harness {
  origin: string;
  api: ApiHandler;
  dataset: Dataset;
  /** GET (or any method) a path as written: the caller encodes it. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** GET a path and parse the JSON body; fails the test on a non-JSON body. */
  json(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startHarness(options: { today?: string; hostile?: boolean; basePath?: string } = {}): Promise<Harness> {
  const dataset = generateDataset({ today: options.today ?? TODAY, hostile: options.hostile });
  const api = createApi({ dataset, basePath: options.basePath });
  const server: Server = createServer((req, res) => {
    if (!api(req, res)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not handled');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const doFetch = (path: string, init?: RequestInit) => fetch(origin + path, init);
  return {
    origin,
    api,
    dataset,
    fetch: doFetch,
    async json(path, init) {
      const res = await doFetch(path, init);
      const text = await res.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`not JSON (${res.status}) from ${path}: ${text.slice(0, 200)}`);
      }
      return { status: res.status, body, headers: res.headers };
    },
    close: () =>
      new Promise<void>((ok) => {
        api.reset();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** encodeURIComponent for a query in a REST path. */
export const enc = (text: string) => encodeURIComponent(text);

/** PHP urlencode, the form of REST nextPageQuery URLs. */
export const phpEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
