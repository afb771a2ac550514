// Shared-link embeds (helpers-sharedlink.html) against the emulator, both as this portal and as a
// remote portal on another port (a second emulator): JSONP with a stable callback per object, the
// port kept, the view in the page's language, links opened in a new tab, the masonry re-laid out,
// failures logged with the placeholder kept, and a hostile portal's view executing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { openPage, startPortal, type Emulator, type Probe, quiet } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { helperChunks, WIDTHS } from './helpers-common';

const env = useBrowserEnv({ remote: true });

const api = (probe: Probe) => probe.requests.filter((u) => u.includes('/api/opendata/'));
const settled = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => Array.from(document.querySelectorAll(sel)).every((l) => l.hasAttribute('data-piazza-embedded')),
    {},
    selector,
  );

describe.each(WIDTHS)('shared-link embeds (%s)', (_name, viewport) => {
  it('replaces each placeholder with the view from the portal the link points at (port kept), via JSONP', async () => {
    const probe = await openPage(
      env.browser,
      env.portal.url + 'helpers-sharedlink.html?remote=' + encodeURIComponent(env.remote.origin),
      viewport,
    );
    const { page } = probe;
    await page.waitForFunction(
      () =>
        !document.getElementById('ph-locale') &&
        !document.getElementById('ph-nodo') &&
        !document.getElementById('ph-remoto') &&
        !document.getElementById('ph-remoto-nodo') &&
        !document.getElementById('ph-tradotto'),
    );
    await settled(page, '[data-shared_link="999999"]');

    // Local object, local node (looked up with the original's select-fields query), remote ones on the second port.
    expect(api(probe).sort()).toEqual(
      [
        `${env.portal.origin}/api/opendata/v2/content/read/4002?view=banner&callback=shared_link_4002`,
        `${env.portal.origin}/api/opendata/v2/content/read/4007?view=card_teaser&callback=shared_link_4007`,
        `${env.portal.origin}/api/opendata/v2/content/search/select-fields%20%5Bmetadata.id%5D%20and%20raw%5Bmeta_node_id_si%5D%20%3D%2014002%20limit%201?callback=shared_link_node_14002`,
        `${env.remote.origin}/api/opendata/v2/content/read/4010?view=card_teaser_info&callback=shared_link_4010`,
        `${env.remote.origin}/api/opendata/v2/content/read/5003?view=card_teaser&callback=shared_link_5003`,
        `${env.remote.origin}/api/opendata/v2/content/read/5004?view=card&callback=shared_link_5004`,
        `${env.remote.origin}/api/opendata/v2/content/read/999999?view=card_teaser&callback=shared_link_999999`,
        `${env.remote.origin}/api/opendata/v2/content/search/select-fields%20%5Bmetadata.id%5D%20and%20raw%5Bmeta_node_id_si%5D%20%3D%2014010%20limit%201?callback=shared_link_node_14010`,
      ].sort(),
    );

    const embedded = await page.$$eval('#griglia [data-object_id]', (els) =>
      els.map((el) => ({
        id: el.getAttribute('data-object_id'),
        classes: el.className,
        heading: el.querySelector('h3')?.textContent?.trim() ?? null,
        links: Array.from(el.querySelectorAll('a[href]')).map((a) => [
          new URL(a.getAttribute('href')!).origin,
          a.getAttribute('target'),
          a.getAttribute('rel'),
        ]),
      })),
    );
    const byId = Object.fromEntries(embedded.map((e) => [e.id, e]));
    expect(byId['4007'].classes).toContain('card-teaser');
    expect(byId['4007'].heading).toBe('Festa della Musica'); // the page is Italian
    expect(byId['4002'].classes).toContain('banner');
    expect(byId['5004'].heading).toBe('Only in English: council meeting summary'); // no Italian: the first language
    expect(byId['4010'].classes).toContain('card-teaser-info');
    // Links point at the portal they came from, in a new tab without our window.
    for (const id of ['4007', '4002']) expect(byId[id].links).toContainEqual([env.portal.origin, '_blank', 'noopener']);
    for (const id of ['5004', '4010', '5003']) expect(byId[id].links).toContainEqual([env.remote.origin, '_blank', 'noopener']);
    for (const e of embedded.filter((x) => x.id !== '999999')) {
      for (const [, target, rel] of e.links) expect([target, (rel || '').split(' ').includes('noopener')]).toEqual(['_blank', true]);
    }

    // A failed read keeps its placeholder and is logged with status, text and URL, as every failed request (ctx.log's request),
    // in Italian (no data-piazza-messages="en" on this page), prefixed with the helper and the link.
    expect(await page.$eval('#ph-mancante h2', (h) => h.textContent)).toBe('Contenuto rimosso');
    const logged = probe.consoleErrors.filter((m) => m.startsWith('[piazza]'));
    expect(logged).toEqual([
      expect.stringMatching(
        /^\[piazza\] sharedlink helper "http:\/\/127\.0\.0\.1:\d+\/openpa\/object\/999999": richiesta della vista card_teaser non riuscita: - Request failed \(http:\/\/127\.0\.0\.1:\d+\/.+\)$/,
      ),
    ]);
    // The browser's own line for the failed script is the only other error.
    expect(probe.consoleErrors.filter((m) => !m.startsWith('[piazza]'))).toEqual([expect.stringMatching(/404/)]);
    expect(probe.pageErrors).toEqual([]);

    // The masonry grid was re-laid out around the new cards: none overlaps another.
    const overlaps = await page.$eval('#griglia', (grid) => {
      const r = Array.from(grid.children).map((c) => c.getBoundingClientRect());
      let n = 0;
      for (let i = 0; i < r.length; i++)
        for (let j = i + 1; j < r.length; j++) {
          if (
            Math.min(r[i].right, r[j].right) - Math.max(r[i].left, r[j].left) > 1 &&
            Math.min(r[i].bottom, r[j].bottom) - Math.max(r[i].top, r[j].top) > 1
          )
            n++;
        }
      return n;
    });
    expect(overlaps).toBe(0);
    expect(Number(await page.$eval('#griglia', (g) => g.getAttribute('data-piazza-masonry-layouts')))).toBeGreaterThan(0);

    await expectAxe(page);
    expect(helperChunks(probe)).toEqual(['helper-sharedlink']);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('shared-link embeds: language, cache, late markup', () => {
  it('shows the view in the page language, else the fallback language', async () => {
    const probe = await openPage(
      env.browser,
      env.portal.url + 'helpers-sharedlink.html?lang=de&remote=' + encodeURIComponent(env.remote.origin),
    );
    const { page } = probe;
    await page.waitForFunction(() => !document.getElementById('ph-tradotto') && !document.getElementById('ph-locale'));
    expect(await page.$eval('[data-object_id="5003"] h3', (h) => h.textContent!.trim())).toBe('Neue Webseite der Gemeinde');
    expect(await page.$eval('[data-object_id="4007"] h3', (h) => h.textContent!.trim())).toBe('Fest der Musik');
    // 4010 has Italian only: the fallback language.
    await page.waitForFunction(() => !document.getElementById('ph-remoto-nodo'));
    expect(await page.$eval('[data-object_id="4010"] h3', (h) => h.textContent!.trim())).toBe('Concerto jazz del weekend');
    await page.close();
  });

  it('requests each object once per page, keeps callback names unique, and embeds late markup', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-sharedlink.html?remote=' + encodeURIComponent(env.remote.origin));
    const { page } = probe;
    await page.waitForFunction(() => !document.getElementById('ph-locale'));
    const before = api(probe).length;
    // Two more placeholders of an object already read, then one of the same object in another
    // view, added later; mounting twice changes nothing.
    await page.evaluate(async () => {
      const late = document.getElementById('late')!;
      late.innerHTML =
        '<div data-object_id="4007" class="shared_link-card_teaser" id="ph-late-1"><a data-shared_link="4007" data-shared_link_view="card_teaser" href="/openpa/object/4007">a</a></div>' +
        '<div data-object_id="4007" class="shared_link-card_teaser" id="ph-late-2"><a data-shared_link="4007" data-shared_link_view="card_teaser" href="/openpa/object/4007">b</a></div>' +
        '<div data-object_id="4007" class="shared_link-latest_messages_item" id="ph-late-3"><a data-shared_link="4007" data-shared_link_view="latest_messages_item" href="/openpa/object/4007">c</a></div>';
      await (window as any).piazza.mount(late);
      await (window as any).piazza.mount(late);
    });
    await page.waitForFunction(() => !document.querySelector('#late [id^="ph-late"]'));
    expect(await page.$$eval('#late .card-teaser[data-object_id="4007"]', (c) => c.length)).toBe(2);
    expect(await page.$$eval('#late .latest-message-item', (c) => c.length)).toBe(1);
    const added = api(probe).slice(before);
    // The object's callback name was used on this page already, by a script that has run since: the
    // name is free again (a name is taken only while its script may still run; two on their way at
    // once get unique variants), so the theme's own name is asked for.
    expect(added).toEqual([`${env.portal.origin}/api/opendata/v2/content/read/4007?view=latest_messages_item&callback=shared_link_4007`]);
    expect(probe.errors.filter((e) => /callback|is not a function/.test(e))).toEqual([]);
    await page.close();
  });

  it('logs a remote portal that is down and keeps the placeholder', async () => {
    const down = await startPortal();
    const origin = down.origin;
    await down.close();
    const probe = await openPage(env.browser, env.portal.url + 'helpers-sharedlink.html?remote=' + encodeURIComponent(origin));
    const { page } = probe;
    await settled(page, '[data-remote-path]');
    expect(await page.$eval('#ph-remoto h2', (h) => h.textContent)).toBe('Riepilogo del consiglio');
    expect(probe.consoleErrors.filter((m) => m.startsWith('[piazza] sharedlink helper ')).length).toBe(4);
    expect(await page.$$eval('[data-remote-path]', (l) => l.map((x) => x.getAttribute('data-piazza-embedded')))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    await page.close();
  });
});

describe('shared-link embeds from a hostile portal', () => {
  let hostile: Emulator;
  beforeAll(async () => {
    hostile = await startPortal({ hostile: true });
  });
  afterAll(async () => {
    await hostile?.close();
  });

  it('executes nothing: no script, no event handler, no javascript: URL survives', async () => {
    const probe = await openPage(
      env.browser,
      env.portal.url + 'test/helpers-sharedlink-hostile.html?remote=' + encodeURIComponent(hostile.origin),
    );
    const { page } = probe;
    await settled(page, '[data-shared_link]');
    await page.waitForFunction(
      () => !document.getElementById('ph-1') && !document.getElementById('ph-2') && !document.getElementById('ph-3'),
    );
    // The views did carry the attacks (so this test can fail)…
    const raw = await (await fetch(hostile.origin + '/api/opendata/v2/content/read/4007?view=card_teaser')).text();
    expect(raw).toMatch(/<script>window\.__piazzaXss/);
    expect(raw).toMatch(/onerror=/);
    expect(raw).toMatch(/javascript:window\.__piazzaXss/);
    // …and none of them got through.
    const found = await page.$eval('#griglia', (grid) => ({
      scripts: grid.querySelectorAll('script').length,
      handlers: Array.from(grid.querySelectorAll('*')).filter((el) => Array.from(el.attributes).some((a) => /^on/i.test(a.name))).length,
      jsUrls: Array.from(grid.querySelectorAll('[href],[src]')).filter((el) =>
        /^\s*javascript:/i.test(el.getAttribute('href') || el.getAttribute('src') || ''),
      ).length,
      embedded: grid.querySelectorAll('[data-object_id]').length,
    }));
    expect(found).toEqual({ scripts: 0, handlers: 0, jsUrls: 0, embedded: 4 });
    // Images that would have fired onerror did load (and fail) in the page: give them the chance.
    await quiet(page);
    expect(await page.evaluate(() => (window as any).__piazzaXss)).toBeUndefined();
    // The other view's element of the same object was left alone.
    expect(await page.$eval('#not-this-view', (el) => el.textContent!.trim())).toBe("Resta com'è");
    expect(probe.pageErrors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});
