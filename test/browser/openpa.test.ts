// The blocks the OpenPA integration templates render (integrations/openpa/, docs/openpa.md), on a
// page of the demo portal: a listing in browser mode with facets, search and the agenda, the
// server-mode block the emulator knows, a listing of "another portal" over JSONP and the data
// table on the module door under a site-access-less portal — each mounts, shows the emulator's
// results, and the page has no console error, no failed request and no axe violation.
import { describe, expect, it } from 'vitest';
import { openPage } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { firstResults, shown } from './listing-helpers';
import { rowCount } from './datatable-kit';
import { listingTpl, renderOpenpaBlock, tableTpl } from '../unit/openpa/blocks';

const env = useBrowserEnv();

describe('blocks rendered by the OpenPA templates', () => {
  it('mount and show results on the demo portal, with no error and no axe violation', async () => {
    const blocks = [
      renderOpenpaBlock(listingTpl, { id: 'eventi', custom_attributes: { query: 'classes [event] sort [time_interval=>asc]', limit: '6', items_per_row: '3', facets: 'Argomento:topics,Quando:time_interval', show_search: '1', show_map: '1' } }),
      renderOpenpaBlock(listingTpl, { id: 'eventi-server', type: 'OpendataQueriedContents', custom_attributes: { limit: '6', facets: 'Argomento:topics,Tipo di evento:has_public_event_typology,Quando:time_interval' } }),
      renderOpenpaBlock(listingTpl, { id: 'servizi', custom_attributes: { query: 'classes [public_service] sort [name=>asc]', limit: '4', remote_url: env.portal.origin + '/' } }),
      renderOpenpaBlock(tableTpl, { id: 'documenti', custom_attributes: { query: 'classes [document] subtree [131]', limit: '10', fields: '_link,name,document_type,publication_date', facets: 'Tipo di documento:document_type' } }),
    ];
    for (const b of blocks) expect(b.warnings).toEqual([]);
    const html = '<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
      + '<title>Blocchi dai template OpenPA</title><script src="/dist/piazza.js"></script>'
      + '<link rel="stylesheet" href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css"></head>'
      + '<body><main id="main" class="container"><h1>Blocchi dai template OpenPA</h1>'
      + blocks.map((b) => b.html).join('\n') + '</main></body></html>';
    await fetch(env.portal.origin + '/__emulator/pages', { method: 'POST', body: JSON.stringify({ path: '/openpa-blocks.html', html }) });

    const probe = await openPage(env.browser, env.portal.url + 'openpa-blocks.html');
    const { page } = probe;
    await firstResults(page, 'remote-gui-eventi', 'remote-gui-eventi-server', 'remote-gui-servizi');
    await page.waitForFunction(() => document.querySelectorAll('.piazza-datatable [role=grid] [role=row]').length > 1, { timeout: 15_000 });
    const states = await page.$$eval('[data-piazza-block]', (els) => els.map((e) => e.id + ' ' + e.getAttribute('data-piazza-state')));
    expect(states).toEqual(['remote-gui-eventi mounted', 'remote-gui-eventi-server mounted', 'remote-gui-servizi mounted', 'remote-datatable-documenti mounted']);
    for (const id of ['remote-gui-eventi', 'remote-gui-eventi-server', 'remote-gui-servizi']) {
      const list = await shown(page, id);
      expect(list.status, id).toBe('ready');
      expect(list.ids.length, id).toBeGreaterThan(0);
    }
    expect((await shown(page, 'remote-gui-servizi')).ids.length).toBeLessThanOrEqual(4);
    expect(await rowCount(page)).toBeGreaterThan(0);
    // Tabs from show_map and the time-interval facet; the "other portal" was asked over JSONP.
    expect(await page.$$eval('#remote-gui-eventi [role=tab]', (tabs) => tabs.length)).toBe(3);
    expect(probe.requests.some((u) => u.includes('/api/opendata/v2/content/search/') && u.includes('callback='))).toBe(true);
    expect(probe.requests.some((u) => u.includes('/opendata/api/datatable/search/'))).toBe(true);
    expect(probe.errors).toEqual([]);
    expect(probe.failedResponses).toEqual([]);
    await expectAxe(page);
    await page.close();
  });
});
