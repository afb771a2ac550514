// Every state a visitor can reach, through axe-core (WCAG 2.0/2.1 A and AA; the pages as they load
// are checked in a11y-pages.test.ts): consent bar and dialog (each category open), listing
// list/map/agenda tabs with filters applied, both pagination styles, the error states (emulator
// fault knobs), the data table sorted, filtered and as phone cards, stacked tables at 375 px,
// procedure steps open, the lightbox open, embeds loaded. No rule is disabled. Each failure names
// the state, the rule and the nodes.
import { describe, expect, it } from 'vitest';
import { after, firstResults, shown } from './listing-helpers';
import { geoReady } from './listing-geo-kit';
import { nextAgenda } from './listing-agenda-helpers';
import { drawAfter, GRID } from './datatable-kit';
import { a11yEnv, DESKTOP, openFirstPlace, PHONE, settle } from './a11y/kit';
import { expectAxe } from './expect-axe';

const env = a11yEnv('a11y-portal');
const visit = (path: string, viewport = DESKTOP) => env.visit(path, { viewport });

describe('consent', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('bar, dialog, every category open (%s)', async (name, viewport) => {
    const page = await visit('consent.html', viewport);
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await expectAxe(page, `/consent.html · bar · ${name}`);
    await page.click('#cconsent-bar [data-piazza-consent-open]');
    await page.waitForSelector('#cconsent-modal[open]', { visible: true });
    await expectAxe(page, `/consent.html · dialog · ${name}`);
    const groups = await page.$$eval('#cconsent-modal .pc-cat', (cs) => cs.map((c) => c.getAttribute('data-category')!));
    expect(groups.length).toBeGreaterThan(2);
    for (const key of groups) {
      const head = `#cconsent-modal .pc-cat[data-category="${key}"] h3 button`;
      await page.click(head);
      expect(await page.$eval(head, (b) => b.getAttribute('aria-expanded'))).toBe('true');
      // A switch turned on, where the category has one.
      const sw = `#cconsent-modal .pc-cat[data-category="${key}"] [role=switch]`;
      if (await page.$(sw)) await page.click(sw);
      await expectAxe(page, `/consent.html · dialog, "${key}" open · ${name}`);
      await page.click(head); // closed again: one group open at a time
    }
  });

  it('embeds loaded after consent (the video iframe, the held scripts)', async () => {
    const page = await visit('consent.html');
    await page.waitForSelector('#cconsent-bar', { visible: true });
    const buttons = await page.$$('#cconsent-bar .pc-actions button');
    await buttons[buttons.length - 1].click(); // accept all
    await page.waitForSelector('iframe[data-consent="multimedia"][src]');
    await settle(page);
    await expectAxe(page, '/consent.html · everything accepted, video loaded');
  });
});

describe('listing', () => {
  it('list tab with every filter applied, page 2, then a search with no result', async () => {
    const page = await visit('listing.html');
    await firstResults(page, 'eventi', 'notizie');
    await after(page, 'eventi', () => page.select('#eventi-facet-0', 'Cultura'));
    await after(page, 'eventi', () => page.click('#eventi-interval-next30days'));
    await page.click('#eventi .piazza-listing-search > button');
    await page.waitForSelector('#eventi-search-text', { visible: true });
    await expectAxe(page, '/listing.html · list: facet + interval, search open');
    await after(page, 'eventi', () => page.click('#eventi-interval-all'));
    await after(page, 'eventi', () => page.select('#eventi-facet-0', ''));
    await after(page, 'eventi', () => page.click('#eventi-list [aria-label="Pagina 2"]'));
    expect((await shown(page, 'eventi')).status).toBe('ready');
    await expectAxe(page, '/listing.html · list: numbered pagination, page 2');
    await page.type('#eventi-search-text', 'nessuna corrispondenza xyz');
    const none = await after(page, 'eventi', () => page.keyboard.press('Enter'));
    expect(none.total).toBe(0);
    await expectAxe(page, '/listing.html · list: search with no result');
  });

  it('append pagination after two "load more"', async () => {
    const page = await visit('listing.html');
    await firstResults(page, 'notizie');
    await after(page, 'notizie', () => page.click('#notizie [data-element=load-other-cards]'));
    await after(page, 'notizie', () => page.click('#notizie [data-element=load-other-cards]'));
    await expectAxe(page, '/listing.html · append pagination: 3 pages loaded');
  });

  it('map tab with a facet applied, a group open, a popup open', async () => {
    const page = await visit('listing.html?eventi.tab=geo');
    await geoReady(page, 'eventi');
    const v = await page.$eval('#eventi .piazza-geo', (el) => Number(el.getAttribute('data-version')));
    await page.select('#eventi-facet-0', 'Cultura');
    await geoReady(page, 'eventi', v);
    await settle(page);
    await expectAxe(page, '/listing.html · map: facet applied');
    await openFirstPlace(page, 'eventi');
    await settle(page);
    await expectAxe(page, '/listing.html · map: group open, popup open');
  });

  it('agenda tab with a facet applied, its event list open; the day view on a phone', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await visit('listing.html?eventi.tab=agenda&eventi.f.topics=Cultura', viewport);
      await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]');
      const list = '#eventi details.piazza-agenda-list';
      if (!(await page.$eval(list, (d) => (d as HTMLDetailsElement).open))) await page.click(list + ' > summary');
      await settle(page);
      await expectAxe(page, `/listing.html · agenda (${name === 'phone' ? 'day' : 'month'}): facet applied, event list open · ${name}`);
      const { version } = await page.$eval('#eventi .piazza-agenda', (el) => ({ version: Number(el.getAttribute('data-version')) }));
      await page.click('#eventi .piazza-agenda-next');
      await nextAgenda(page, 'eventi', version);
      await settle(page);
      await expectAxe(page, `/listing.html · agenda: next period · ${name}`);
    }
  });

  it('the agenda page: month and day, remote portal in German', async () => {
    const page = await visit('listing-agenda.html');
    await expectAxe(page, '/listing-agenda.html · agenda month, three blocks');
  });

  it('error states with Retry: list, facets, map, agenda', async () => {
    env.portal.faults.arm({ match: 'view=card_teaser', status: 500 });
    env.portal.faults.arm({ match: 'facets', status: 500 });
    let page = await visit('listing.html');
    await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status=error] .piazza-error');
    await page.waitForSelector('#eventi .piazza-listing-filters .piazza-error');
    await expectAxe(page, '/listing.html · list and facet counts failed (HTTP 500)');
    env.portal.faults.clear();

    env.portal.faults.arm({ match: 'extrageo', status: 500 });
    page = await visit('listing-geo.html');
    await page.waitForSelector('#eventi-mappa .piazza-geo[data-piazza-status=error] .piazza-error');
    await expectAxe(page, '/listing-geo.html · map failed (HTTP 500)');
    env.portal.faults.clear();

    env.portal.faults.arm({ match: 'calendar', status: 500 });
    page = await visit('listing-agenda.html');
    await page.waitForSelector('#agenda-eventi .piazza-agenda[data-piazza-status=error] .piazza-error');
    await expectAxe(page, '/listing-agenda.html · agenda failed (HTTP 500)');
  });

  it('a map whose tiles wait for consent: the placeholder, then the map allowed once', async () => {
    const page = await visit('listing-geo-consent.html');
    await page.waitForSelector('#luoghi .piazza-geo-placeholder');
    await expectAxe(page, '/listing-geo-consent.html · tiles held back, places listed');
    await page.click('#luoghi .piazza-geo-placeholder .btn-primary');
    await page.waitForSelector('#luoghi .piazza-geo-map');
    await settle(page);
    await expectAxe(page, '/listing-geo-consent.html · map allowed once');
  });

  it('the map page: three maps, a popup opened from the companion list', async () => {
    const page = await visit('listing-geo.html');
    for (const id of ['eventi-mappa', 'luoghi-server', 'eventi-remoti']) await geoReady(page, id);
    await openFirstPlace(page, 'luoghi-server');
    await settle(page);
    await expectAxe(page, '/listing-geo.html · popup open');
  });
});

describe('data table', () => {
  it('sorted, filtered (single and multiple facets, panel open), page 2, an error', async () => {
    const page = await visit('datatable.html');
    const headers = await page.$$(GRID + ' [role=columnheader]');
    await drawAfter(page, () => headers[0].click());
    await expectAxe(page, '/datatable.html · sorted by title');
    const years = await page.$$eval('#piazza-dt-documenti-facet-2 option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
    );
    await drawAfter(page, () => page.select('#piazza-dt-documenti-facet-2', years[0]));
    await page.click('#piazza-dt-documenti-facet-0');
    await page.waitForSelector('#piazza-dt-documenti-facet-0-panel:not([hidden])');
    await drawAfter(page, () => page.click('#piazza-dt-documenti-facet-0-panel input[type=checkbox]'));
    await expectAxe(page, '/datatable.html · filtered (year, type), facet panel open, chips shown');
    await page.keyboard.press('Escape');
    await drawAfter(page, () => page.click('.piazza-datatable-active .btn-link'));
    await drawAfter(page, () => page.click('.piazza-datatable nav a[aria-label="Pagina 2"]'));
    await expectAxe(page, '/datatable.html · page 2');

    env.portal.faults.arm({ match: 'datatable/search', status: 500 });
    await drawAfter(page, () => page.click('.piazza-datatable nav a[aria-label="Pagina successiva"]'));
    await page.waitForSelector('.piazza-datatable .piazza-error');
    await expectAxe(page, '/datatable.html · draw failed (HTTP 500), Retry');
  });

  it('cards on a phone, sorted with the sort select', async () => {
    const page = await visit('datatable.html', PHONE);
    await page.waitForSelector('.piazza-datatable #piazza-dt-documenti-sort');
    expect(await page.$(GRID)).toBeNull();
    await expectAxe(page, '/datatable.html · cards · phone');
    const options = await page.$$eval('#piazza-dt-documenti-sort option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    await drawAfter(page, () => page.select('#piazza-dt-documenti-sort', options[options.length - 1]));
    await expectAxe(page, '/datatable.html · cards sorted · phone');
  });
});

describe('page helpers and gallery', () => {
  it('stacked tables at 375 px, and back at full width', async () => {
    const page = await visit('helpers-tables.html', PHONE);
    await page.waitForSelector('.piazza-stacktable:not([hidden]), table[data-piazza-stacked]:not([hidden]), [data-piazza-stack]');
    await expectAxe(page, '/helpers-tables.html · stacked · 375 px');
    await page.setViewport(DESKTOP);
    await settle(page);
    await expectAxe(page, '/helpers-tables.html · back to tables · desktop');
  });

  it('procedure steps: one open, all open', async () => {
    const page = await visit('helpers-procedure.html');
    await page.click('[aria-controls="collapse-p1-0"]');
    await page.waitForSelector('#collapse-p1-0:not([hidden])');
    await expectAxe(page, '/helpers-procedure.html · one step open');
    await page.click('#procedura [data-procedure-toggle]');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#procedura [data-procedure]')).every((s) => !(s as HTMLElement).hidden),
    );
    await expectAxe(page, '/helpers-procedure.html · all steps open');
  });

  it('masonry cards with a section open', async () => {
    const page = await visit('helpers-masonry.html');
    const toggle = await page.$('[data-bs-toggle=masonry] [aria-controls]');
    expect(toggle).not.toBeNull();
    await toggle!.click();
    await settle(page);
    await expectAxe(page, '/helpers-masonry.html · a section open');
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('lightbox open: a picture, a video waiting for consent, a picture that fails (%s)', async (name, viewport) => {
    const page = await visit('gallery.html', viewport);
    await page.click('#foto a:nth-of-type(1)');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await settle(page);
    await expectAxe(page, `/gallery.html · lightbox: picture · ${name}`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.piazza-gallery[open]'));
    await page.click('#video li:nth-child(1) a');
    await page.waitForSelector('dialog.piazza-gallery .piazza-gallery-current .piazza-gallery-consent');
    await expectAxe(page, `/gallery.html · lightbox: YouTube placeholder · ${name}`);
    for (let i = 0; i < 4; i++) await page.click('dialog.piazza-gallery .piazza-gallery-next');
    await page.waitForSelector('dialog.piazza-gallery .piazza-gallery-current.slide-error');
    await expectAxe(page, `/gallery.html · lightbox: missing picture · ${name}`);
  });
});

describe('loading looks', () => {
  // A request the emulator never answers (`silent`) holds each block in its loading state for axe.
  const hold = (match: string) => env.portal.faults.arm({ match, silent: true, times: 1 });

  it('list reloading, "load more" busy, table drawing, map and agenda loading', async () => {
    const page = await visit('portale.html');
    await hold('view=card_teaser');
    await page.select('#eventi-facet-0', 'Cultura');
    await page.waitForSelector('#eventi .piazza-listing-stale[aria-busy=true]');
    await hold('public_service');
    await page.click('#servizi [data-element=load-other-cards]');
    await page.waitForSelector('#servizi [data-element=load-other-cards][aria-busy=true]');
    await hold('datatable/search');
    await page.click('#documenti nav a[aria-label="Pagina successiva"]');
    await page.waitForSelector('#documenti .piazza-datatable-body.is-loading[aria-busy=true]');
    await expectAxe(page, '/portale.html · loading: list reloading, load more busy, table drawing');
    await hold('extrageo');
    await page.click('#eventi-geo-tab');
    await page.waitForSelector('#eventi .piazza-geo[data-piazza-status=loading] .piazza-geo-loading');
    await expectAxe(page, '/portale.html · loading: map');
    await hold('calendar');
    await page.click('#eventi-agenda-tab');
    await page.waitForSelector('#eventi .piazza-agenda-loading');
    await expectAxe(page, '/portale.html · loading: agenda');
  });
});

describe('the whole portal on one page', () => {
  it('every block, then everything accepted: embeds loaded, every tab shown', async () => {
    const page = await visit('portale.html');
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await expectAxe(page, '/portale.html · every block, consent bar');
    const buttons = await page.$$('#cconsent-bar .pc-actions button');
    await buttons[buttons.length - 1].click();
    await page.waitForSelector('#main iframe[data-consent="multimedia"][src]');
    await settle(page);
    await expectAxe(page, '/portale.html · accepted: video and statistics loaded');
    await page.click('#eventi-geo-tab');
    await geoReady(page, 'eventi');
    await settle(page);
    await expectAxe(page, '/portale.html · map tab');
    await page.click('#eventi-agenda-tab');
    await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]');
    await settle(page);
    await expectAxe(page, '/portale.html · agenda tab');
  });
});
