// Map tiles (the original's and piazza's default: OpenStreetMap) answered by the bench, as the
// original's run.mjs does: nothing leaves the machine, and both maps get the same 1×1 picture.
import type { Page } from 'puppeteer-core';

const TILE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export async function answerMapTiles(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*tile.openstreetmap.org/*', requestStage: 'Request' }] });
  cdp.on('Fetch.requestPaused', (e) => {
    void cdp
      .send('Fetch.fulfillRequest', {
        requestId: e.requestId,
        responseCode: 200,
        responseHeaders: [
          { name: 'Content-Type', value: 'image/png' },
          { name: 'Cache-Control', value: 'no-store' },
        ],
        body: TILE_PNG,
      })
      .catch(() => {});
  });
}
