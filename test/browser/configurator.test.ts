// The configurator (fixtures/pages/configuratore.html, issue 17): an admin builds a listing, a data
// table and a consent config through the form only (class pickers fed by the emulator's API); what
// "Copy" puts on the clipboard is what `npm run validate` accepts, and its HTML renders on a plain
// page the same block the preview showed; a pasted invalid config lists the problems `npm run
// validate` prints, path for path and word for word; a link reopens the configuration; axe finds
// nothing at 320 and 1280 px.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { downloadsOf, type Downloads, newProbe, projectRoot, startPortal, waitReady, type Emulator, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { bootstrapItaliaShare, reflowProblems, settle } from './a11y/kit';

const env = useBrowserEnv();
const work = mkdtempSync(join(tmpdir(), 'piazza-configurator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Downloads are set up once, before any page opens (as the CSV export's tests do).
let downloads: Downloads;
afterAll(() => downloads?.close());

beforeAll(async () => {
  downloads = await downloadsOf(env.browser);
  await env.browser.defaultBrowserContext().overridePermissions(env.portal.origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
});

async function openConfigurator(hash = '', viewport = { width: 1280, height: 900 }): Promise<Probe> {
  const probe = await newProbe(env.browser, viewport);
  await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await probe.page.goto(env.portal.url + 'configuratore.html' + hash, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  await probe.page.waitForSelector('#configuratore-form form');
  return probe;
}

/** Replaces a field's text as a person does: select all, type. */
async function fill(page: Page, selector: string, text: string) {
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press('Backspace');
}

async function pickClass(page: Page, identifier: string) {
  await page.waitForSelector('#configuratore-classe');
  await page.select('#configuratore-classe', identifier);
  await page.waitForSelector('#configuratore-campi');
}

/** What the Copy button puts on the clipboard. */
async function copied(page: Page, button: string): Promise<string> {
  await page.bringToFront();
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click(button);
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0), { timeout: 5000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

/** `npm run validate` on a file: its exit status and lines. */
function validate(name: string, text: string, args: string[] = []): { status: number; lines: string[] } {
  const file = join(work, name);
  writeFileSync(file, text);
  try {
    const out = execFileSync(process.execPath, [join(projectRoot, 'scripts/validate.mjs'), ...args, file], { encoding: 'utf8' });
    return { status: 0, lines: out.trim().split('\n') };
  } catch (e: any) {
    return { status: e.status, lines: String(e.stdout).trim().split('\n') };
  }
}

/** The problem list as shown: `path message` per line. */
const shownProblems = (page: Page) => page.$$eval('#configuratore-problemi li', (lis) => lis.map((li) => li.textContent!.replace(/\s+/g, ' ').trim()));

/** A value's JSON with object keys sorted: equal values, equal text. */
function canonical(v: unknown): string {
  const sort = (x: any): any => (Array.isArray(x) ? x.map(sort) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sort(x[k])])) : x);
  return JSON.stringify(sort(v));
}

/** Waits until the preview holds `config` and piazza mounted it. */
async function previewShows(page: Page, config: unknown) {
  await page.waitForFunction((want) => {
    const host = document.querySelector('#configuratore-anteprima');
    const el = host?.querySelector('[data-piazza-block]');
    // canonical(), in the page
    const sort = (x: any): any => (Array.isArray(x) ? x.map(sort) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sort(x[k])])) : x);
    const shown = !!host?.getAttribute('data-config') && JSON.stringify(sort(JSON.parse(host.getAttribute('data-config')!))) === want;
    // A block mounted by piazza.js, or the consent's frame.
    return shown && (el ? el.getAttribute('data-piazza-state') === 'mounted' : !!host!.querySelector('iframe'));
  }, { timeout: 15_000 }, canonical(config));
}

/**
 * A plain portal page holding only `html` and piazza.js (a consent script goes before it, in the
 * head, where the portal puts it); returns it opened and ready.
 */
async function plainPage(path: string, html: string): Promise<Probe> {
  const consent = html.startsWith('<script');
  const page = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Pagina semplice</title>
${consent ? html : ''}<script src="/dist/piazza.js"></script><link rel="stylesheet" href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css"></head>
<body><main class="container">${consent ? '<p>Pagina semplice.</p>' : html}</main></body></html>`;
  await fetch(env.portal.origin + '/__emulator/pages', { method: 'POST', body: JSON.stringify({ path, html: page }) });
  const probe = await newProbe(env.browser);
  await probe.page.goto(env.portal.origin + path, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

/** What a listing shows: its tabs, its filters' labels and the ids of its first page of hits. */
async function listingSummary(page: Page, root: string) {
  await page.waitForFunction((r) => {
    const list = document.querySelector(r + ' .piazza-listing-list');
    return !!list && list.getAttribute('data-piazza-status') !== 'loading' && list.querySelectorAll('[role=listitem]').length > 0;
  }, { timeout: 15_000 }, root);
  return page.$eval(root, (el) => ({
    tabs: [...el.querySelectorAll('[role=tab]')].map((t) => t.textContent!.trim()),
    filters: [...el.querySelectorAll('.piazza-listing-filters label')].map((l) => l.textContent!.trim()).filter(Boolean),
    hits: [...el.querySelectorAll('.piazza-listing-list [role=listitem]')].map((li) => li.getAttribute('data-piazza-hit')),
  }));
}

/** What a data table shows: its column headers, its filters' labels and its rows' text. */
async function tableSummary(page: Page, root: string) {
  await page.waitForFunction((r) => {
    const body = document.querySelector(r + ' .piazza-datatable-body');
    return !!body && body.getAttribute('aria-busy') === 'false' && document.querySelectorAll(r + ' [role=grid] [role=row]').length > 1;
  }, { timeout: 15_000 }, root);
  return page.$eval(root, (el) => ({
    headers: [...el.querySelectorAll('[role=columnheader]')].map((h) => h.textContent!.trim()),
    filters: [...el.querySelectorAll('label')].map((l) => l.textContent!.trim()).filter(Boolean),
    rows: [...el.querySelectorAll('[role=grid] [role=row]')].slice(1).map((r) => r.textContent!.replace(/\s+/g, ' ').trim()),
  }));
}

const fieldName = (cls: string, field: string): string =>
  env.portal.dataset.classes[cls].fields.find((f: any) => f.identifier === field).name['ita-IT'];

describe('configurator: built through the form only', () => {
  it('a listing: facets and card fields picked from a class, tabs list + geo + agenda; the copy validates and renders the same block on a plain page', async () => {
    const { page, errors } = await openConfigurator();
    await fill(page, '#root_blockId', 'eventi-cfg');
    await pickClass(page, 'event');
    await page.click('#configuratore-usa-classe');
    await page.click('#scegli-facets-topics');
    await page.click('#scegli-facets-has_public_event_typology');
    await page.click('#scegli-fields-event_abstract');
    await page.click('#root_tabs-1');
    await page.click('#root_tabs-2');

    const expected = {
      $schema: '../schemas/listing.schema.json',
      blockId: 'eventi-cfg',
      query: 'classes [event]',
      tabs: ['list', 'geo', 'agenda'],
      facets: [
        { field: 'topics', label: fieldName('event', 'topics') },
        { field: 'has_public_event_typology', label: fieldName('event', 'has_public_event_typology') },
      ],
      fields: ['event_abstract'],
    };
    const json = await copied(page, '#configuratore-copia-json');
    expect(JSON.parse(json)).toEqual(expected);
    expect(await shownProblems(page)).toEqual([]);
    const check = validate('listing.json', json);
    expect(check).toEqual({ status: 0, lines: [expect.stringMatching(/: listing "eventi-cfg": ok$/)] });

    // The preview is the block of that config, mounted by piazza.js.
    await previewShows(page, expected);
    const inPreview = await listingSummary(page, '#configuratore-anteprima #eventi-cfg');
    expect(inPreview.tabs).toHaveLength(3);
    expect(inPreview.filters).toEqual(expect.arrayContaining([expected.facets[0].label, expected.facets[1].label]));

    const html = await copied(page, '#configuratore-copia-html');
    expect(html).toMatch(/^<div data-piazza-block="listing" id="eventi-cfg">\n<script type="application\/json">\n/);
    const plain = await plainPage('/configuratore-elenco.html', html);
    expect(await listingSummary(plain.page, '#eventi-cfg')).toEqual(inPreview);
    expect(plain.errors).toEqual([]);
    expect(errors).toEqual([]);
    await plain.page.close();
    await page.close();
  });

  it('a data table: columns (with their types) and a filter picked from a class; the copy and the download validate and render the same table', async () => {
    const { page, errors } = await openConfigurator();
    await page.click('#tipo-datatable');
    await page.waitForSelector('#root_query');
    // The starter's empty query is the first problem an admin meets, worded as validate words it.
    expect(await shownProblems(page)).toEqual(['/query non può essere vuoto']);
    await pickClass(page, 'document');
    await page.click('#configuratore-usa-classe');
    for (const f of ['name', 'document_type', 'publication_date']) await page.click('#scegli-columns-' + f);
    await page.click('#scegli-facets-document_type');

    const expected = {
      $schema: '../schemas/datatable.schema.json',
      blockId: 'tabella',
      query: 'classes [document]',
      class: 'document',
      // The cell types the table itself reads from the class: ezstring → text, eztags → tags, ezdate → date.
      columns: [
        { field: 'name', title: fieldName('document', 'name'), type: 'text' },
        { field: 'document_type', title: fieldName('document', 'document_type'), type: 'tags' },
        { field: 'publication_date', title: fieldName('document', 'publication_date'), type: 'date' },
      ],
      facets: [{ field: 'document_type', label: fieldName('document', 'document_type') }],
    };
    const json = await copied(page, '#configuratore-copia-json');
    expect(JSON.parse(json)).toEqual(expected);
    expect(await shownProblems(page)).toEqual([]);
    expect(validate('datatable.json', json)).toEqual({ status: 0, lines: [expect.stringMatching(/: datatable "tabella": ok$/)] });

    const file = downloads.next('datatable-tabella.json');
    await page.click('#configuratore-scarica');
    expect(JSON.parse(await file)).toEqual(expected);

    await previewShows(page, expected);
    const inPreview = await tableSummary(page, '#configuratore-anteprima #tabella');
    expect(inPreview.headers).toEqual(expected.columns.map((c) => c.title));
    const plain = await plainPage('/configuratore-tabella.html', await copied(page, '#configuratore-copia-html'));
    expect(await tableSummary(plain.page, '#tabella')).toEqual(inPreview);
    expect(plain.errors).toEqual([]);
    expect(errors).toEqual([]);
    await plain.page.close();
    await page.close();
  });

  it('a consent config: a category and a service added in the form; the copied #piazza-consent script validates and shows the same dialog on a plain page', async () => {
    const { page, errors } = await openConfigurator();
    await page.click('#tipo-consent');
    await page.waitForSelector('#root_categories__add');
    await page.click('#root_categories__add');
    await fill(page, '#root_categories_newKey-key', 'analytics');
    await page.keyboard.press('Tab'); // the key is renamed when its field loses focus
    await page.waitForSelector('#root_categories_analytics_needed');
    await page.click('#root_services__add');
    await fill(page, '#root_services_newKey-key', 'matomo');
    await page.keyboard.press('Tab');
    await page.waitForSelector('#root_services_matomo_category');
    await fill(page, '#root_services_matomo_category', 'analytics');
    // The form's selects carry option indexes: choose by the text shown.
    const option = await page.$$eval('#root_services_matomo_type option', (os) => os.find((o) => o.textContent === 'dynamic-script')!.getAttribute('value')!);
    await page.select('#root_services_matomo_type', option);
    await fill(page, '#root_services_matomo_search', 'matomo.js');

    const expected = {
      $schema: '../schemas/consent.schema.json',
      categories: { necessary: { needed: true, wanted: true }, analytics: {} },
      services: { matomo: { category: 'analytics', type: 'dynamic-script', search: 'matomo.js' } },
    };
    const json = await copied(page, '#configuratore-copia-json');
    expect(JSON.parse(json)).toEqual(expected);
    expect(await shownProblems(page)).toEqual([]);
    expect(validate('consent.json', json)).toEqual({ status: 0, lines: [expect.stringMatching(/: consent: ok$/)] });

    const html = await copied(page, '#configuratore-copia-html');
    expect(html).toMatch(/^<script type="application\/json" id="piazza-consent">\n/);
    // The preview frame runs that config; its dialog lists what a plain page with the copy lists.
    await previewShows(page, expected);
    const frameHandle = await page.$('#configuratore-anteprima iframe');
    const frame = (await frameHandle!.contentFrame())!;
    const dialogText = async (target: { waitForFunction: Page['waitForFunction']; evaluate: Page['evaluate'] }) => {
      await target.waitForFunction(() => !!(window as any).piazza?.consent, { timeout: 15_000 });
      await target.evaluate(() => (window as any).piazza.consent.open());
      await target.waitForFunction(() => !!document.querySelector('#cconsent-modal[open]'), { timeout: 15_000 });
      return target.evaluate(() => (document.querySelector('#cconsent-modal') as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    };
    await frame.waitForFunction((want) => document.getElementById('piazza-consent')?.textContent!.trim() === want, { timeout: 15_000 }, json);
    const inPreview = await dialogText(frame as any);
    const switches = (target: { $$eval: Page['$$eval'] }) => target.$$eval('#cconsent-modal .pc-cat', (els) => els.length);
    expect(await switches(frame as any)).toBe(2); // necessary and analytics
    const plain = await plainPage('/configuratore-consenso.html', html);
    expect(await dialogText(plain.page)).toEqual(inPreview);
    expect(await switches(plain.page)).toBe(2);
    expect(plain.errors).toEqual([]);
    expect(errors).toEqual([]);
    await plain.page.close();
    await page.close();
  });
});

describe('configurator: problems, paste, link, language', () => {
  const invalid = JSON.stringify({ $schema: '../schemas/listing.schema.json', blockId: 'eventi home', limitPagination: 0, tabs: ['list', 'mappa'], colore: 'rosso', listTpl: '#tpl' }, null, 2);

  it('a pasted invalid config lists the problems npm run validate prints, with their paths; a problem link focuses its field', async () => {
    const { page, errors } = await openConfigurator();
    await page.click('#configuratore-incolla');
    await page.keyboard.sendCharacter(invalid);
    await page.click('form:has(#configuratore-incolla) button[type=submit]');
    await page.waitForFunction(() => document.activeElement?.id === 'configuratore-problemi');

    // validate prints `file: listing "eventi home": /path message`; the list shows `/path message`.
    const cli = validate('invalid.json', invalid);
    expect(cli.status).toBe(1);
    const fromCli = cli.lines.map((l) => l.replace(/^.*?: listing "eventi home": /, ''));
    const shown = await shownProblems(page);
    expect(shown).toEqual(fromCli.map((l) => l.replace(/^(avviso: impostazione ignorata (\S+))/, '$2 $1')));
    expect(shown.map((l) => l.split(' ')[0])).toEqual(expect.arrayContaining(['/blockId', '/limitPagination', '/tabs/1', '/colore']));

    // Each problem is also said at its field, and the field is described by it.
    const described = await page.$eval('#root_blockId', (el) => (el.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' '));
    expect(described).toContain(shown.find((l) => l.startsWith('/blockId'))!.replace('/blockId ', ''));
    await page.click('#configuratore-problemi a[href="#root_limitPagination"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_limitPagination');

    // The preview is the block as a portal would show it: not mounted, its fallback kept, and the
    // reason piazza.js gives (block:error) said beside it.
    const alert = await page.waitForSelector('#configuratore-anteprima-errore');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('/blockId');
    expect(await page.$eval('#configuratore-anteprima [data-piazza-block]', (el) => [el.getAttribute('data-piazza-state'), el.querySelector('p')?.textContent])).toEqual(['error', expect.any(String)]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a pasted text that is not JSON says so at the paste field and changes nothing', async () => {
    const { page } = await openConfigurator();
    const before = await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value);
    await page.click('#configuratore-incolla');
    await page.keyboard.sendCharacter('{"blockId": ');
    await page.click('form:has(#configuratore-incolla) button[type=submit]');
    await page.waitForSelector('#configuratore-incolla-errore');
    expect(await page.$eval('#configuratore-incolla', (el) => [el.getAttribute('aria-invalid'), el.getAttribute('aria-describedby'), document.activeElement === el])).toEqual(['true', 'configuratore-incolla-errore', true]);
    expect(await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value)).toBe(before);
    await page.close();
  });

  it('the page link reopens the configuration (type, language, config)', async () => {
    const { page } = await openConfigurator();
    await page.click('#tipo-datatable');
    await fill(page, '#root_query', 'classes [public_service]');
    await fill(page, '#root_blockId', 'servizi');
    await page.click('button[lang=en]');
    const json = await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value);
    await page.waitForFunction((want) => decodeURIComponent(location.hash).includes(want), { timeout: 5000 }, '"blockId":"servizi"');
    const link = page.url();
    await page.close();

    const again = await openConfigurator(link.slice(link.indexOf('#')));
    expect(await again.page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value)).toBe(json);
    expect(await again.page.$eval('#tipo-datatable', (el) => (el as HTMLInputElement).checked)).toBe(true);
    expect(await again.page.$eval('button[lang=en]', (el) => el.getAttribute('aria-pressed'))).toBe('true');
    expect(await again.page.$eval('#root_query', (el) => (el as HTMLTextAreaElement).value)).toBe('classes [public_service]');
    await again.page.close();
  });

  it('Italian help texts from the schema\'s x-description-it; English: its description, problems in validate --lang en words', async () => {
    const { page } = await openConfigurator();
    await page.click('#tipo-datatable');
    const schema = (await import('../../schemas/datatable.schema.json')).default as any;
    const helpOf = () => page.$eval('#root_query__description', (el) => el.textContent!.replace(/\s+/g, ' '));
    expect(await helpOf()).toContain(schema.properties.query['x-description-it'].replace(/`/g, '').slice(0, 60));
    await page.click('button[lang=en]');
    // The configurator's region speaks English; the portal's page around it, and the previewed block, Italian.
    await page.waitForSelector('#configuratore > div[lang=en]');
    expect(await page.evaluate(() => [document.documentElement.lang, document.getElementById('configuratore-anteprima')!.lang])).toEqual(['it', 'it']);
    expect(await shownProblems(page)).toEqual(['/query must not be empty']);
    expect(await helpOf()).toContain(schema.properties.query.description.replace(/`/g, '').slice(0, 60));
    await page.close();
  });
});

describe('configurator: the preview shows the block\'s own error display', () => {
  it('when the API fails: the listing\'s notice with its retry, inside the preview', async () => {
    const { page } = await openConfigurator();
    env.portal.faults.arm({ match: '/search', status: 500 });
    try {
      await fill(page, '#root_blockId', 'guasto');
      const notice = await page.waitForSelector('#configuratore-anteprima #guasto [role=alert]', { timeout: 15_000 });
      expect(await notice!.evaluate((el) => el.querySelector('button')?.textContent?.trim())).toBeTruthy(); // its retry
    } finally {
      env.portal.faults.clear();
    }
    await page.close();
  });

  it('"Start over" puts back the type\'s starting config', async () => {
    const { page } = await openConfigurator();
    const written = () => page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value);
    const before = await written();
    await fill(page, '#root_blockId', 'altro');
    expect(await written()).not.toBe(before);
    await page.click('#configuratore-ricomincia');
    await page.waitForFunction((want) => (document.getElementById('configuratore-json') as HTMLTextAreaElement).value === want, { timeout: 5000 }, before);
    expect(await page.$eval('#root_blockId', (el) => (el as HTMLInputElement).value)).toBe('elenco');
    await page.close();
  });
});

describe('configurator: the preview leaves nothing behind', () => {
  it('a new type takes the old block down through piazza.unmount: its element and its styles go', async () => {
    const { page, errors } = await openConfigurator();
    const written = () => page.$eval('#configuratore-json', (el) => JSON.parse((el as HTMLTextAreaElement).value));
    await previewShows(page, await written());
    const styles = () => page.$$eval('style[data-piazza-css]', (els) => els.map((e) => e.getAttribute('data-piazza-css')));
    expect((await styles()).some((s) => /listing/.test(s || ''))).toBe(true);
    await page.click('#tipo-consent');
    await page.waitForFunction(() => (document.getElementById('configuratore-json') as HTMLTextAreaElement).value.includes('categories'));
    await previewShows(page, await written());
    expect(await page.$$eval('#configuratore-anteprima [data-piazza-block]', (els) => els.length)).toBe(0);
    expect(await styles()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('configurator: accessibility', () => {
  it('by keyboard alone: the type by arrow keys, a class from its select, a column with Space, the copy with Enter', async () => {
    const { page } = await openConfigurator();
    await page.focus('#tipo-listing');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('#tipo-datatable', (el) => (el as HTMLInputElement).checked)).toBe(true);
    await page.waitForSelector('#configuratore-classe');
    await page.focus('#configuratore-classe');
    for (let i = 0; i < 20 && (await page.$eval('#configuratore-classe', (el) => (el as HTMLSelectElement).value)) !== 'document'; i++) await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#scegli-columns-name');
    await page.focus('#scegli-columns-name');
    await page.keyboard.press('Space');
    await page.focus('#configuratore-copia-json');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0), { timeout: 5000 });
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(config.columns).toEqual([{ field: 'name', title: fieldName('document', 'name'), type: 'text' }]);
    expect(config.class).toBe('document');
    // The copy is announced, and focus stays where the admin is.
    expect(await page.$eval('#configuratore-stato', (el) => el.textContent)).toBe('Copiato negli appunti.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('configuratore-copia-json');
    await page.close();
  });

  for (const width of [320, 1280]) {
    it(`axe finds nothing at ${width} px: each type, with problems listed and a class's fields shown`, async () => {
      const { page } = await openConfigurator('', { width, height: 900 });
      for (const type of ['listing', 'datatable', 'consent']) {
        await page.click('#tipo-' + type);
        await page.waitForFunction((t) => decodeURIComponent(location.hash).includes('tipo=' + t), { timeout: 5000 }, type);
        if (type !== 'consent') await pickClass(page, type === 'listing' ? 'event' : 'document');
        await expectAxe(page, `${type} at ${width} px`);
      }
      // Nothing scrolls sideways on a phone; no block in the preview overflows or is clipped.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await settle(page);
      expect(await reflowProblems(page)).toEqual([]);
      // The share of Bootstrap Italia classes the PA validator wants (C.SI.1.2), as every demo page.
      const bi = await bootstrapItaliaShare(page);
      expect(bi.share, `${Math.round(bi.share * 100)} % of ${bi.total}; not BI: ${bi.others.join(' ')}`).toBeGreaterThanOrEqual(0.3);
      await page.close();
    });
  }
});

describe('configurator: another portal\'s API', () => {
  let remote: Emulator;
  beforeAll(async () => { remote = await startPortal(); });
  afterAll(() => remote?.close());

  it('the classes come from this portal (another\'s classes route has no JSONP), and the previewed listing reads the typed portal as its remoteUrl', async () => {
    const { page } = await openConfigurator();
    remote.log.clear();
    const origin = remote.origin;
    await fill(page, '#configuratore-api', origin);
    await page.click('form:has(#configuratore-api) button[type=submit]');
    await pickClass(page, 'event');
    await page.click('#configuratore-usa-classe');
    expect(remote.log.read().filter((e) => e.kind === 'class')).toEqual([]);
    expect(env.portal.log.read().filter((e) => e.kind === 'class').length).toBeGreaterThanOrEqual(2); // the list, then the class
    const json = JSON.parse(await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value));
    expect(json.remoteUrl).toBe(origin);
    await previewShows(page, json);
    await page.waitForFunction(() => !!document.querySelector('#configuratore-anteprima .piazza-listing-list [role=listitem]'), { timeout: 15_000 });
    expect(remote.log.read().some((e) => e.kind === 'search')).toBe(true);

    // A data table on the same portal: its search URL there, read with JSONP; its class from this portal.
    await page.click('#tipo-datatable');
    await pickClass(page, 'document');
    await page.click('#configuratore-usa-classe');
    await page.click('#scegli-columns-name');
    const table = JSON.parse(await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value));
    expect(table).toMatchObject({ searchUrl: origin + '/api/opendata/v2/datatable/search/', jsonp: true, class: 'document' });
    expect(table.classesUrl).toBeUndefined();
    // (Nothing else in this test asks the remote portal for a table.)
    await previewShows(page, table);
    await tableSummary(page, '#configuratore-anteprima #tabella');
    expect(remote.log.read().some((e) => e.env === 'datatable')).toBe(true);
    await page.close();
  });
});
