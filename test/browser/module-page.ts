// A project module on a page of its own, for files that test one module on the three engines
// (http-client, sanitizer): bundled by esbuild as the build does, exposed as `window[globalName]`,
// served on loopback at `/` (the page) and `/module.js`; any other path goes to `route`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { useEngine, type EngineName, type Tab } from './engines';
import { projectRoot } from './harness';

export interface ModulePage {
  /** http://127.0.0.1:port, set once the server listens (in beforeAll). */
  origin: string;
  globalName: string;
}

/** Call at the top of a file: bundles `entry` (a path from the project root) and serves it for the file's tests. */
export function useModulePage(
  entry: string,
  globalName: string,
  options: { head?: string; route?: (req: IncomingMessage, res: ServerResponse, path: string) => void } = {},
): ModulePage {
  const served: ModulePage = { origin: '', globalName };
  const server = createServer();
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [join(projectRoot, entry)],
      bundle: true,
      format: 'iife',
      globalName,
      target: 'es2020',
      write: false,
    });
    const code = bundle.outputFiles[0].text;
    const page = `<!doctype html><html lang="it"><title>${globalName}</title>${options.head ?? ''}<script src="/module.js"></script>`;
    server.on('request', (req, res) => {
      const path = req.url!.split('?')[0];
      if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
      if (path === '/module.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(code);
      if (options.route) return options.route(req, res, path);
      res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    served.origin = 'http://127.0.0.1:' + (server.address() as { port: number }).port;
  });
  afterAll(
    () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  );
  return served;
}

/** Call inside a describe per engine: `open()` gives a new tab on the module's page, closed after each test. */
export function useModuleTabs(served: ModulePage, engine: EngineName): { open(): Promise<Tab> } {
  const env = useEngine(engine);
  let tab: Tab | null = null;
  afterEach(async () => {
    await tab?.close();
    tab = null;
  });
  return {
    async open() {
      tab = await env.engine.newTab();
      await tab.goto(served.origin + '/');
      await tab.waitFor((name: string) => !!(window as any)[name], served.globalName);
      return tab;
    },
  };
}
