// The original jQuery listing block (openpa_bootstrapitalia's remoteContentsGui), loaded at run
// time from ../shared/real/original-listing — never copied into the project (GPL, not ours). Its
// serve.mjs serves the block's page and the theme's files; the API goes to the project's emulator
// as upstream (piazza's side: piazza-site.ts, the same way). Where the folder is absent (a user's
// clone), the side by side is skipped, saying so.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot, type Emulator } from '../browser/harness';

export const ORIGINAL_DIR = resolve(projectRoot, '../shared/real/original-listing');

/** The block settings of serve.mjs (BLOCK_DEFAULTS): what both pages show. */
export interface OriginalBlock {
  blockId: string;
  blockName: string;
  query: string;
  limit: number;
  view: string;
  itemsPerRow: string;
  facets: string;
  showGrid: boolean;
  showMap: boolean;
  showSearch: boolean;
  hideIfEmpty: boolean;
  searchPlaceholder: string;
  fields: string;
  template: string;
  remoteUrl: string;
  simpleGeoApi: boolean;
}

export interface OriginalSite {
  /** Origin of the server, with a trailing slash; `/?profile=portal` is the portal profile. */
  url: string;
  /** openpa_bootstrapitalia's commit of the original's files (files/manifest.json). */
  commit: string;
  block: OriginalBlock;
  close(): Promise<void>;
}

/** serve.mjs over `upstream`, or the reason it cannot run. */
export async function startOriginal(upstream: Emulator): Promise<OriginalSite | string> {
  const serve = join(ORIGINAL_DIR, 'serve.mjs');
  if (!existsSync(serve))
    return `no ${ORIGINAL_DIR} (the original listing is kept in ../shared/real, not in this project): side by side skipped`;
  const mod = await import(pathToFileURL(serve).href);
  const manifest = JSON.parse(readFileSync(join(ORIGINAL_DIR, 'files/manifest.json'), 'utf8'));
  const app = mod.createServer({ upstream: upstream.origin, encoding: 'gzip' });
  const base = await app.listen(0);
  return {
    url: base + '/',
    commit: String(manifest.openpa_bootstrapitalia?.commit ?? manifest.openpa_bootstrapitalia ?? '?'),
    block: { ...mod.BLOCK_DEFAULTS } as OriginalBlock,
    close: () => app.close(),
  };
}
