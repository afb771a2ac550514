// piazza's side of the side by side, served as the original's is (serve.mjs): its pages and files
// from memory, compressed once with gzip -9, `no-store`; the API paths sent on to the same
// emulator. Each side then costs the same: static files from its server, API answers through one
// proxy to one emulator. (piazza's files once went through serve.mjs's proxy: each paid a hop in
// the bench's busy Node process the original's files did not, 60–80 ms on a page of 15 files.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, type Emulator } from '../browser/harness';
import { ORIGINAL_DIR } from './original';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};
/** What the ocopendata API and the portal's block endpoints answer under (the same as serve.mjs proxies). */
const API = ['/api/', '/opendata/api/', '/openpa/'];

/**
 * piazza's first results on a bench page, as a page function's source: block `id`'s list is ready
 * and shows a hit (the side by side's test, and the profiling tools').
 */
export const piazzaFirstResults = (id: string) =>
  `() => { const l = document.querySelector('#remote-gui-${id} .piazza-listing-list'); return !!l && l.getAttribute('data-piazza-status') === 'ready' && !!l.querySelector('[role=listitem]'); }`;

export interface PiazzaSite {
  /** Origin with a trailing slash. */
  url: string;
  /** URL of piazza's page in each profile. */
  page: Record<'block' | 'portal', string>;
  close(): Promise<void>;
}

interface Served {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
}

const COMPRESSED = ['.html', '.js', '.css', '.json', '.svg', '.map'];
const serve = (body: Buffer, ext: string): Served => ({
  body,
  gzip: COMPRESSED.includes(ext) ? gzipSync(body, { level: 9 }) : null,
  type: TYPES[ext] || 'application/octet-stream',
});

/** Every file under `dir`, as `at` + its path below `dir`. */
function addFiles(dir: string, at: string, into: Map<string, Served>, root = dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) addFiles(file, at, into, root);
    else into.set(at + relative(root, file).split(sep).join('/'), serve(readFileSync(file), extname(name)));
  }
}

/** Serves `pages` (path → HTML), dist/ under /dist/ and the original's theme files under /orig/, the API from `upstream`. */
export async function startPiazzaSite(upstream: Emulator, pages: Record<'block' | 'portal', string>): Promise<PiazzaSite> {
  const served = new Map<string, Served>();
  addFiles(distDir(), '/dist/', served);
  addFiles(join(ORIGINAL_DIR, 'files'), '/orig/', served);
  const paths = { block: '/bench/piazza-block.html', portal: '/bench/piazza-portal.html' };
  for (const profile of ['block', 'portal'] as const) served.set(paths[profile], serve(Buffer.from(pages[profile]), '.html'));
  const target = new URL(upstream.origin);

  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode || 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url || '/', 'http://x').pathname;
    if (API.some((p) => path.startsWith(p))) return proxy(req, res);
    const file = served.get(decodeURIComponent(path));
    if (!file) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404);
      return void res.end();
    }
    const gzip = file.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] || ''));
    const body = gzip ? file.gzip! : file.body;
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  return {
    url,
    page: { block: url + paths.block.slice(1), portal: url + paths.portal.slice(1) },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
