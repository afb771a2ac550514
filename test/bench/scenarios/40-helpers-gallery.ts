// Page helpers and gallery (issue 8): what each costs a visitor, cold cache, in one run.
//   tables: piazza:ready → every wide table stacked, at 375 px
//   embeds: navigation → every shared-link placeholder replaced (local + remote-origin JSONP)
//   gallery: first click → lightbox open (includes fetching the lightbox chunk), then a second open (warm)
import type { BenchContext, Scenario } from '../run';

async function freshPage({ browser }: BenchContext, viewport = { width: 1280, height: 900 }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  return { page, done: () => context.close() };
}

const tables: Scenario = {
  name: 'helpers: stacked tables at 375 px',
  runs: 7,
  units: { stacked: 'ms', ready: 'ms' },
  async run(ctx) {
    const { page, done } = await freshPage(ctx, { width: 375, height: 740 });
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('piazza:ready', () => ((window as any).__ready = performance.now()));
    });
    await page.goto(ctx.portal.url + 'helpers-tables.html', { waitUntil: 'domcontentloaded' });
    const stacked = await page.waitForFunction(
      () => {
        const ids = ['uffici', 'contributi', 'bilancio'];
        return ids.every((id) => document.getElementById(id)?.getAttribute('data-piazza-stacked') === 'true') && performance.now();
      },
      { polling: 'raf' },
    );
    const out = { stacked: (await stacked.jsonValue()) as number, ready: await page.evaluate(() => (window as any).__ready as number) };
    await done();
    return out;
  },
};

const embeds: Scenario = {
  name: 'helpers: shared-link embeds (6 links, local and remote origin)',
  runs: 7,
  units: { embedded: 'ms', bytes: 'B' },
  async run(ctx) {
    const { page, done } = await freshPage(ctx);
    await page.goto(ctx.portal.url + 'helpers-sharedlink.html', { waitUntil: 'domcontentloaded' });
    const embedded = await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-shared_link]')).every((l) => l.hasAttribute('data-piazza-embedded')) &&
        performance.now(),
      { polling: 'raf', timeout: 30_000 },
    );
    const bytes = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.includes('/dist/'))
        .reduce((n, e) => n + e.transferSize, 0),
    );
    const out = { embedded: (await embedded.jsonValue()) as number, bytes };
    await done();
    return out;
  },
};

const gallery: Scenario = {
  name: 'gallery: click to open lightbox',
  runs: 7,
  units: { firstOpen: 'ms', secondOpen: 'ms', lightboxBytes: 'B' },
  ratios: [['first / second open', 'firstOpen', 'secondOpen']],
  async run(ctx) {
    const { page, done } = await freshPage(ctx);
    await page.goto(ctx.portal.url + 'gallery.html', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => !!(window as any).piazza);
    await page.evaluate(() => (window as any).piazza.ready);
    const open = async (selector: string) => {
      const t0 = await page.evaluate(() => performance.now());
      await page.click(selector);
      const t1 = await page.waitForFunction(
        () =>
          !!document.querySelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button') &&
          performance.now(),
        { polling: 'raf' },
      );
      const ms = ((await t1.jsonValue()) as number) - t0;
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('dialog.piazza-gallery'));
      return ms;
    };
    // The mouse goes straight to the item and clicks (no hover warm-up before the click).
    const firstOpen = await open('#foto a:nth-of-type(1)');
    const secondOpen = await open('#foto a:nth-of-type(2)');
    const lightboxBytes = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\/chunks\/lightbox-/.test(e.name))
        .reduce((n, e) => n + e.transferSize, 0),
    );
    await done();
    return { firstOpen, secondOpen, lightboxBytes };
  },
};

export default [tables, embeds, gallery];
