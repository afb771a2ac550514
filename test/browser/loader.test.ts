// The loader in a real page: only needed chunks load, a broken block is isolated (one console error
// naming block and JSON path, fallback kept), late markup mounts once, nothing leaves 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { chunksLoaded, distDir, newProbe, openPage, projectRoot, waitReady, eventually } from './harness';
import { useBrowserEnv } from './env';
import { servePages } from './consent-kit';

const env = useBrowserEnv();

describe('loader', () => {
  it('loads the demo index with 0 console errors and only the chunks it uses', async () => {
    const probe = await openPage(env.browser, env.portal.url);
    const text = await probe.page.$eval('#probe-home', (el) => el.textContent!.trim());
    expect(text).toMatch(/^piazza \S+ attivo: componenti caricati da http:\/\/127\.0\.0\.1:\d+\/dist\/$/);
    expect(await probe.page.$eval('#probe-home', (el) => el.getAttribute('data-piazza-state'))).toBe('mounted');
    expect(probe.errors).toEqual([]);
    // The manifest module (the build's table of contents), then exactly the probe entry and the
    // shared chunks it lists for it: no other block's code.
    const manifest = JSON.parse(readFileSync(distDir() + '/chunks/manifest.json', 'utf8'));
    const contents = readdirSync(distDir() + '/chunks').filter((f) => /^manifest-[\w-]+\.js$/.test(f));
    expect(contents).toHaveLength(1);
    expect(new Set(chunksLoaded(probe))).toEqual(new Set([...contents, ...manifest.probe]));
    expect(probe.external()).toEqual([]);
    await probe.page.close();
  });

  it('isolates broken blocks and keeps their fallback content', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'test/loader.html');
    const { page } = probe;
    // Visible text: the config <script> is not content.
    const state = (id: string) =>
      page.$eval('#' + id, (el) => [
        el.getAttribute('data-piazza-state'),
        Array.from(el.childNodes)
          .filter((n) => n.nodeName !== 'SCRIPT')
          .map((n) => n.textContent)
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      ]);

    expect(await state('ok')).toEqual(['mounted', expect.stringMatching(/attivo.*— primo$/)]);
    expect(await state('ok-2')).toEqual(['mounted', expect.stringMatching(/^piazza \S+ active: .*— secondo$/)]);
    expect(await state('bad-json')).toEqual(['error', 'fallback bad json']);
    expect(await state('bad-schema')).toEqual(['error', 'fallback bad schema']);
    expect(await state('unknown-type')).toEqual(['error', 'fallback unknown type']);

    // One console error per broken block, naming the block id and the JSON path.
    expect(probe.consoleErrors).toHaveLength(3);
    expect(probe.consoleErrors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[piazza\] probe block "bad-json": configurazione non valida: \/ non è un JSON valido \(.+\)$/),
        expect.stringMatching(
          /^\[piazza\] probe block "probe-bad-schema": configurazione non valida: .*\/colour non è una chiave prevista/,
        ),
        expect.stringMatching(/^\[piazza\] nope block "mystery": tipo di blocco sconosciuto "nope" \(disponibili: [^)]*\bprobe\b[^)]*\)$/),
      ]),
    );
    expect(probe.consoleErrors.find((e) => e.includes('probe-bad-schema'))).toContain('/message deve essere una stringa');
    expect(probe.consoleErrors.find((e) => e.includes('"mystery"'))).not.toMatch(/helper-|consent|messages/); // blocks only
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });

  it('data-piazza-messages="en" on the piazza.js tag: the admin messages in English, the page as before', async () => {
    // loader.html, with the switch and a consent config that is not valid
    const html = readFileSync(projectRoot + '/fixtures/pages/test/loader.html', 'utf8').replace(
      '<script src="/dist/piazza.js"></script>',
      '<script type="application/json" id="piazza-consent">{"categories": {"necessary": {"needed": true}}, "barTimeout": -1}</script>\n' +
        '<script src="/dist/piazza.js" data-piazza-messages="en"></script>',
    );
    const url = env.portal.url + 'test/loader-en.html';
    const probe = await newProbe(env.browser);
    await servePages(probe.page, { [url]: { html } });
    await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
    await waitReady(probe.page);
    expect(await probe.page.$eval('#ok', (el) => el.getAttribute('data-piazza-state'))).toBe('mounted');
    await eventually(() => expect(probe.consoleErrors).toHaveLength(4));
    expect(probe.consoleErrors).toEqual(
      expect.arrayContaining([
        '[piazza] consent: invalid config: /barTimeout must be an integer ≥ 0',
        expect.stringMatching(/^\[piazza\] probe block "bad-json": invalid config: \/ is not valid JSON \(.+\)$/),
        expect.stringMatching(
          /^\[piazza\] probe block "probe-bad-schema": invalid config: (?=.*\/colour is not a known key)(?=.*\/message must be a string)/,
        ),
        expect.stringMatching(/^\[piazza\] nope block "mystery": unknown block type "nope" \(known: [^)]*\bprobe\b[^)]*\)$/),
      ]),
    );
    expect(probe.pageErrors).toEqual([]);
    await probe.page.close();
  });

  it('mounts blocks added later with piazza.mount(), once', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'test/loader.html');
    const { page } = probe;
    const [mountedEvents, shownEvents] = await page.evaluate(async () => {
      const p = (window as any).piazza;
      let events = 0;
      const shown: string[] = [];
      p.on('block:mounted', () => events++);
      p.on('block:shown', (e: any) => shown.push(e.blockId + ' ' + e.type));
      const late = document.getElementById('late')!;
      late.innerHTML =
        '<div data-piazza-block="probe" id="late-block"><script type="application/json">{"message":"tardi"}</script>fallback late</div>';
      await p.mount(late);
      await p.mount(late); // twice: a no-op
      await p.mount(); // the whole document again: nothing new to mount
      return [events, shown];
    });
    expect(mountedEvents).toBe(1);
    expect(shownEvents).toEqual(['late-block probe']); // its line on screen, told once
    expect(await page.$eval('#late-block', (el) => el.textContent)).toMatch(/— tardi$/);
    expect(await page.$$eval('#late-block p', (ps) => ps.length)).toBe(1);
    const probes = chunksLoaded(probe).filter((f) => f.startsWith('probe-'));
    expect(probes).toHaveLength(1); // the chunk is fetched once and reused
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it("sends a listing's first request when the block is parsed after the manifest came, while a footer script still holds DOMContentLoaded", async () => {
    // A portal's head scripts hold the parser until the manifest module has run, and its footer
    // scripts (the theme's bundle) hold DOMContentLoaded after the block: the early chunk must go
    // as the parser reaches the block. The footer script is answered only once the list's request
    // was seen, so without that the page would wait here until the timeout.
    const probe = await newProbe(env.browser);
    const { page } = probe;
    const url = env.portal.url + 'listing-list-only.html';
    const html = (await (await fetch(url)).text())
      .replace('<main', '<script src="/test/held-head.js"></script>\n<main')
      .replace('</main>', '</main>\n<script src="/test/held-footer.js"></script>');
    let manifestIn!: () => void;
    const manifest = new Promise<void>((resolve) => (manifestIn = resolve));
    page.on('requestfinished', (req) => {
      if (/\/chunks\/manifest-[\w-]+\.js$/.test(req.url())) manifestIn();
    });
    let listAsked!: () => void;
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    const script = (body: string) => ({ status: 200, contentType: 'text/javascript', body });
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url() === url + '?held') return void req.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      // (a task of the page after the manifest's arrival: its module has run by then)
      if (req.url().endsWith('/test/held-head.js'))
        return void manifest
          .then(() => page.evaluate(() => 0))
          .then(() => req.respond(script('window.headRan = !document.getElementById("eventi");')));
      if (req.url().endsWith('/test/held-footer.js'))
        return void asked.then(() => req.respond(script('window.footerRan = document.readyState;')));
      if (req.url().includes('/api/content/search/') && req.url().includes('view=card_teaser')) listAsked();
      req.continue();
    });
    await page.goto(url + '?held', { waitUntil: 'domcontentloaded' });
    // the block came after the manifest had run, and its list was asked for before DOMContentLoaded
    expect(await page.evaluate(() => [(window as any).headRan, (window as any).footerRan])).toEqual([true, 'loading']);
    await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status="ready"] [role=listitem]');
    // the block took the early answer: the list asked once
    expect(probe.requests.filter((u) => u.includes('/api/content/search/') && u.includes('view=card_teaser'))).toHaveLength(1);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('falls back to finding its own script when document.currentScript is null', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'test/loader-injected.html');
    expect(await probe.page.$eval('#injected', (el) => el.getAttribute('data-piazza-state'))).toBe('mounted');
    expect(probe.errors).toEqual([]);
    await probe.page.close();
  });

  it('isolates a chunk that fails to load', async () => {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    // The probe chunk answers 404 for this page view (cache off: the chunk is cached as immutable).
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => (req.url().includes('/dist/chunks/probe-') ? req.respond({ status: 404, body: '' }) : req.continue()));
    await page.goto(env.portal.url + 'test/loader.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    expect(await page.$eval('#ok', (el) => [el.getAttribute('data-piazza-state'), el.querySelector('p')?.textContent])).toEqual([
      'error',
      'fallback ok',
    ]);
    expect(probe.consoleErrors.some((e) => /^\[piazza\] probe block "probe-ok": .*(fetch|import|module)/i.test(e))).toBe(true);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});
