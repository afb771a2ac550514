// The configurator (fixtures/pages/configuratore.html, issues 17 and 30), as a site admin uses it:
// a listing with filters and a map, a data table and a consent config made through pickers and
// presets without typing a key name; each preset and each kind of paste (an eZ block's attributes,
// the old jQuery block's settings) giving a config that `npm run validate` accepts and that renders,
// on a plain page, the block the preview showed; problems in validate's words with their field's
// name; the preview a portal page at a phone's, tablet's or computer's width; keyboard, axe at 320
// and 1280 px; another portal's API. (What a unit test can check is in test/unit/configurator/.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'puppeteer-core';
import { downloadsOf, type Downloads, newProbe, projectRoot, waitReady, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { bootstrapItaliaShare, reflowProblems, settle } from './a11y/kit';

const env = useBrowserEnv({ remote: true });
const listingSchema = JSON.parse(readFileSync(join(projectRoot, 'schemas/listing.schema.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'piazza-configurator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Downloads are set up once, before any page opens (as the CSV export's tests do).
let downloads: Downloads;
afterAll(() => downloads?.close());

beforeAll(async () => {
  downloads = await downloadsOf(env.browser);
  await env.browser
    .defaultBrowserContext()
    .overridePermissions(env.portal.origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
});

/**
 * A map a preset makes shows the tiles every portal's map defaults to (OpenStreetMap's): this
 * machine has no Internet, so the page gets the emulator's tile for each (same z/x/y) instead of a
 * failed request.
 */
const OSM_TILE = /^https:\/\/tile\.openstreetmap\.org(\/\d+\/\d+\/\d+\.png)$/;
async function tilesFromEmulator(page: Page) {
  await page.setRequestInterception(true);
  page.on('request', async (req) => {
    const tile = OSM_TILE.exec(req.url());
    if (!tile) return req.continue();
    const res = await fetch(env.portal.origin + '/tiles' + tile[1]);
    return req.respond({
      status: res.status,
      contentType: 'image/png',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
}

async function openConfigurator(hash = '', viewport = { width: 1280, height: 900 }): Promise<Probe> {
  const probe = await newProbe(env.browser, viewport);
  await tilesFromEmulator(probe.page);
  await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await probe.page.goto(env.portal.url + 'configuratore.html' + hash, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  await probe.page.waitForSelector('#configuratore-form form');
  return probe;
}

/** Opens a group of the form (Avanzate starts closed), as a person does: its heading's button. */
async function openGroup(page: Page, id: string) {
  const button = `#configuratore-gruppo-${id}-titolo button`;
  if ((await page.$eval(button, (b) => b.getAttribute('aria-expanded'))) === 'false') await page.click(button);
  await page.waitForSelector(`#configuratore-gruppo-${id}:not([hidden])`);
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

/**
 * Pastes into "Un blocco che il portale ha già"; a paste the page can read is then said to be
 * recognised (the reading is a chunk of its own). Not-JSON is recognised as nothing: the Translate
 * button says what is wrong.
 */
async function paste(page: Page, text: string, readable = true) {
  await page.click('#configuratore-incolla');
  await page.keyboard.sendCharacter(text);
  if (readable) await page.waitForSelector('#configuratore-incolla-tipo');
}

/** What the Copy button puts on the clipboard. */
async function copied(page: Page, button: string): Promise<string> {
  await page.bringToFront();
  await page.evaluate(() => navigator.clipboard.writeText(''));
  // scrolled to, as a person does: the button itself is there to press, nothing lies over it
  const handle = (await page.$(button))!;
  await handle.scrollIntoView();
  expect(
    await handle.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('button') === b;
    }),
    `${button} is covered`,
  ).toBe(true);
  await handle.click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0), { timeout: 5000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The config the page shows in its JSON box, once it is `want` (or any, without). */
const written = (page: Page) => page.$eval('#configuratore-json', (el) => JSON.parse((el as HTMLTextAreaElement).value));

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

/** The problem list as shown, a line each. */
const shownProblems = (page: Page) =>
  page.$$eval('#configuratore-problemi li', (lis) => lis.map((li) => li.textContent!.replace(/\s+/g, ' ').trim()));

/** A value's JSON with object keys sorted: equal values, equal text. */
function canonical(v: unknown): string {
  const sort = (x: any): any =>
    Array.isArray(x)
      ? x.map(sort)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, sort(x[k])]),
          )
        : x;
  return JSON.stringify(sort(v));
}

/** The preview's page (a frame). */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#configuratore-anteprima');
  return (await handle!.contentFrame())!;
}

/** Waits until the preview's page holds `config` and piazza mounted it (or, for consent, loaded it). */
async function previewShows(page: Page, config: unknown): Promise<Frame> {
  await page.waitForFunction(
    (want) => {
      const doc = (document.getElementById('configuratore-anteprima') as HTMLIFrameElement | null)?.contentDocument;
      const sort = (x: any): any =>
        Array.isArray(x)
          ? x.map(sort)
          : x && typeof x === 'object'
            ? Object.fromEntries(
                Object.keys(x)
                  .sort()
                  .map((k) => [k, sort(x[k])]),
              )
            : x;
      const same = (text: string | null | undefined) => !!text && JSON.stringify(sort(JSON.parse(text))) === want;
      const consent = doc?.getElementById('piazza-consent');
      if (consent) return same(consent.textContent) && !!(doc!.defaultView as any)?.piazza?.consent;
      const host = doc?.getElementById('anteprima');
      return (
        same(host?.getAttribute('data-config')) &&
        host!.querySelector('[data-piazza-block]')?.getAttribute('data-piazza-state') === 'mounted'
      );
    },
    { timeout: 20_000 },
    canonical(config),
  );
  return previewFrame(page);
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
  await tilesFromEmulator(probe.page);
  await probe.page.goto(env.portal.origin + path, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

/** A block element with this config, as a template writes it. */
const blockHtml = (type: string, id: string, config: unknown) =>
  `<div data-piazza-block="${type}" id="${id}"><script type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script><p>Senza JavaScript.</p></div>`;

type Target = Page | Frame;

/** What a listing shows: its tabs, its filters' labels and the ids of the first page of its list (its list tab shown). */
async function listingSummary(target: Target, root: string) {
  // (checked on each change of the page: the default, each frame, never comes in a page in the background)
  await target.waitForFunction(
    (r) => document.querySelector(r)?.getAttribute('data-piazza-state') === 'mounted',
    { timeout: 15_000, polling: 'mutation' },
    root,
  );
  // the list tab, wherever it is (a places block opens on its map)
  await target.evaluate((r) => {
    const tab = [...document.querySelectorAll<HTMLElement>(r + ' [role=tab]')].find((t) =>
      /list|elenco/i.test(t.id + ' ' + t.getAttribute('aria-controls') + ' ' + t.textContent),
    );
    if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
  }, root);
  await target
    .waitForFunction(
      (r) => {
        const list = document.querySelector(r + ' .piazza-listing-list');
        return !!list && list.getAttribute('data-piazza-status') !== 'loading' && list.querySelectorAll('[role=listitem]').length > 0;
      },
      { timeout: 15_000, polling: 'mutation' },
      root,
    )
    .catch(async (e) => {
      // what the block shows instead: its tabs, its list's state
      const seen = await target.$eval(root, (el) => ({
        tabs: [...el.querySelectorAll('[role=tab]')].map((t) => t.id + ':' + t.getAttribute('aria-selected')),
        list: [...el.querySelectorAll('.piazza-listing-list')].map(
          (l) =>
            `${l.getAttribute('data-piazza-status')} ${l.querySelectorAll('[role=listitem]').length} items, hidden panel: ${!!l.closest('[hidden]')}`,
        ),
        visibility: document.visibilityState,
      }));
      throw new Error(`${root}: no list shown (${JSON.stringify(seen)})`, { cause: e });
    });
  return target.$eval(root, (el) => ({
    tabs: [...el.querySelectorAll('[role=tab]')].map((t) => t.textContent!.trim()),
    filters: [...el.querySelectorAll('.piazza-listing-filters label, .piazza-listing-filters legend')]
      .map((l) => l.textContent!.trim())
      .filter(Boolean),
    hits: [...el.querySelectorAll('.piazza-listing-list [role=listitem]')].map((li) => li.getAttribute('data-piazza-hit')),
  }));
}

/** What a data table shows: its column headers, its filters' labels and its rows' text. */
async function tableSummary(target: Target, root: string) {
  await target.waitForFunction(
    (r) => {
      const body = document.querySelector(r + ' .piazza-datatable-body');
      return !!body && body.getAttribute('aria-busy') === 'false' && document.querySelectorAll(r + ' [role=grid] [role=row]').length > 1;
    },
    { timeout: 15_000, polling: 'mutation' },
    root,
  );
  return target.$eval(root, (el) => ({
    headers: [...el.querySelectorAll('[role=columnheader]')].map((h) => h.textContent!.trim()),
    filters: [...el.querySelectorAll('label')].map((l) => l.textContent!.trim()).filter(Boolean),
    rows: [...el.querySelectorAll('[role=grid] [role=row]')].slice(1).map((r) => r.textContent!.replace(/\s+/g, ' ').trim()),
  }));
}

/** The consent dialog's text (opened by piazza.consent.open()). */
async function dialogText(target: Target) {
  await target.waitForFunction(() => !!(window as any).piazza?.consent, { timeout: 15_000 });
  await target.evaluate(() => (window as any).piazza.consent.open());
  await target.waitForFunction(() => !!document.querySelector('#cconsent-modal[open]'), { timeout: 15_000 });
  return target.evaluate(() => (document.querySelector('#cconsent-modal') as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
}

/** The block a config is, on the preview's page and on a plain page with the copied HTML: the same. */
async function sameOnAPlainPage(page: Page, type: string, config: Record<string, any>, path: string) {
  const frame = await previewShows(page, config);
  const html = await copied(page, '#configuratore-copia-html');
  // what the preview shows, looked at while the configurator is the page in front; then the plain page
  const root = '#' + config.blockId;
  const summary = (target: Target) =>
    type === 'consent' ? dialogText(target) : type === 'listing' ? listingSummary(target, root) : tableSummary(target, root);
  const inPreview = await summary(frame);
  const plain = await plainPage(path, html);
  if (type === 'consent') expect(html).toMatch(/^<script type="application\/json" id="piazza-consent">\n/);
  else expect(html).toMatch(new RegExp(`^<div data-piazza-block="${type}" id="${config.blockId}">\\n<script type="application/json">\\n`));
  expect(await summary(plain.page)).toEqual(inPreview);
  expect(plain.errors).toEqual([]);
  return plain;
}

const fieldName = (cls: string, field: string): string =>
  env.portal.dataset.classes[cls].fields.find((f: any) => f.identifier === field).name['ita-IT'];

describe('made without typing a key name (pickers and presets)', () => {
  it('a listing with filters and a map: the class, the order, two filters and the map tab picked; the copy validates and renders what the preview shows', async () => {
    const { page, errors } = await openConfigurator();
    await page.waitForSelector('#configuratore-classe option[value="event"]');
    await page.select('#configuratore-classe', 'event');
    await page.waitForSelector('#configuratore-ordine option[value="time_interval=>asc"]');
    await page.select('#configuratore-ordine', 'time_interval=>asc');
    await page.click('#scegli-facets-topics');
    await page.click('#scegli-facets-has_public_event_typology');
    await page.click('#root_showSearch');
    await page.click('#root_tabs-1'); // Mappa
    const expected = {
      $schema: '../schemas/listing.schema.json',
      blockId: 'elenco',
      query: 'classes [event] sort [time_interval=>asc]',
      tabs: ['list', 'geo'],
      facets: [
        { field: 'topics', label: fieldName('event', 'topics') },
        { field: 'has_public_event_typology', label: fieldName('event', 'has_public_event_typology') },
      ],
      showSearch: true,
    };
    const json = await copied(page, '#configuratore-copia-json');
    expect(JSON.parse(json)).toEqual(expected);
    expect(await shownProblems(page)).toEqual([]);
    expect(validate('listing.json', json)).toEqual({ status: 0, lines: [expect.stringMatching(/: listing "elenco": ok$/)] });
    // the map's settings appear with the map tab; the card fields do not (the portal draws the cards)
    expect(await page.$('#root_map')).not.toBeNull();
    expect(await page.$('#configuratore-scelta-cardFields')).toBeNull();
    const plain = await sameOnAPlainPage(page, 'listing', expected, '/configuratore-elenco.html');
    expect((await listingSummary(plain.page, '#elenco')).filters).toEqual(expect.arrayContaining(expected.facets.map((f) => f.label)));
    expect(errors).toEqual([]);
  });

  it('a data table: the class, three columns (with the types the table reads) and a filter picked; copy and download validate and render what the preview shows', async () => {
    const { page, errors } = await openConfigurator();
    await page.click('#tipo-datatable');
    await page.waitForSelector('#configuratore-classe option[value="document"]');
    // the starter's empty query is the first problem an admin meets, with its field's name
    expect(await shownProblems(page)).toEqual(['Query di ricerca (query) non può essere vuoto']);
    await page.select('#configuratore-classe', 'document');
    for (const f of ['name', 'document_type', 'publication_date']) await (await page.waitForSelector('#scegli-columns-' + f))!.click();
    await page.click('#scegli-facets-document_type');
    const expected = {
      $schema: '../schemas/datatable.schema.json',
      blockId: 'tabella',
      query: 'classes [document]',
      class: 'document',
      // the cell types the table itself reads from the class: ezstring → text, eztags → tags, ezdate → date
      columns: [
        { field: 'name', title: fieldName('document', 'name'), type: 'text' },
        { field: 'document_type', title: fieldName('document', 'document_type'), type: 'tags' },
        { field: 'publication_date', title: fieldName('document', 'publication_date'), type: 'date' },
      ],
      facets: [{ field: 'document_type', label: fieldName('document', 'document_type') }],
    };
    const json = await copied(page, '#configuratore-copia-json');
    expect(JSON.parse(json)).toEqual(expected);
    expect(validate('datatable.json', json)).toEqual({ status: 0, lines: [expect.stringMatching(/: datatable "tabella": ok$/)] });
    const file = downloads.next('datatable-tabella.json');
    await page.click('#configuratore-scarica');
    expect(JSON.parse(await file)).toEqual(expected);
    await sameOnAPlainPage(page, 'datatable', expected, '/configuratore-tabella.html');
    expect(errors).toEqual([]);
  });

  it('a consent config: the bootstrapitalia2 preset and Web Analytics Italia added by name; the copy validates and shows the dialog the preview shows', async () => {
    const { page, errors } = await openConfigurator();
    await page.click('#modello-consenso-bootstrapitalia2');
    await page.waitForFunction(() => document.getElementById('configuratore-stato')!.textContent!.includes('caricato'));
    await page.click('#servizio-piwik');
    const config = await written(page);
    expect(Object.keys(config.categories)).toEqual(['necessary', 'analytics', 'marketing']);
    expect(config.services.multimedia).toMatchObject({ category: 'marketing', type: 'wrapped', search: 'multimedia' });
    // the theme's key and name for it (page_notifications.tpl); its script is matomo.js, hence the search
    expect(config.services.piwik).toMatchObject({
      category: 'analytics',
      type: 'dynamic-script',
      search: 'matomo',
      language: { locale: { it: { name: 'Web Analytics Italia' } } },
    });
    expect(config.language.locale.it.barBtnAcceptAll).toBe('Accetta tutti i cookie'); // the theme's own text
    const json = await copied(page, '#configuratore-copia-json');
    expect(validate('consent.json', json)).toEqual({ status: 0, lines: [expect.stringMatching(/: consent: ok$/)] });
    await sameOnAPlainPage(page, 'consent', config, '/configuratore-consenso.html');
    expect(errors).toEqual([]);
  });
});

describe('presets: each validates and renders the block it promises', () => {
  const cases: Array<[string, string, string]> = [
    ['eventi', 'listing', 'Eventi con mappa e calendario'],
    ['notizie', 'listing', 'Notizie'],
    ['luoghi', 'listing', 'Luoghi sulla mappa'],
    ['documenti', 'datatable', 'Documenti in tabella'],
    ['trasparenza', 'datatable', 'Amministrazione trasparente'],
  ];
  it.each(cases)('%s', async (id, type, title) => {
    const { page, errors } = await openConfigurator();
    await page.waitForSelector(`#modello-${id}:not([disabled])`);
    await page.click('#modello-' + id);
    await page.waitForFunction(
      (t) => document.getElementById('configuratore-stato')!.textContent === `Modello «${t}» caricato.`,
      { timeout: 10_000 },
      title,
    );
    expect(await page.$eval(`#tipo-${type}`, (el) => (el as HTMLInputElement).checked)).toBe(true);
    const config = await written(page);
    expect(config.blockId).toBe(id);
    expect(await shownProblems(page)).toEqual([]);
    expect(validate(id + '.json', JSON.stringify(config))).toEqual({
      status: 0,
      lines: [expect.stringMatching(new RegExp(`: ${type} "${id}": ok$`))],
    });
    await sameOnAPlainPage(page, type, config, `/configuratore-modello-${id}.html`);
    expect(errors).toEqual([]);
  });
});

describe('a block the portal already has, pasted', () => {
  it("an eZ block's attributes, as the block editor shows them: the listing the eZ mapping makes, valid, the same block on a plain page", async () => {
    const { page, errors } = await openConfigurator();
    await paste(
      page,
      [
        'Query (esempio: classes [private_organization] sort [name=>asc]): classes [event] sort [time_interval=>asc]',
        'Mostra lista: sì',
        'Mostra mappa: sì',
        'Mostra input di ricerca: sì',
        'Elementi per pagina: 6',
        'Elementi per riga: 3',
        'Identificatori filtri (esempio: Argomenti:topics.name,Tipologia:type): Argomenti:topics,Quando:time_interval',
      ].join('\n'),
    );
    expect(await page.$eval('#configuratore-incolla-tipo', (el) => el.textContent)).toBe('Riconosco gli attributi di un blocco eZ.');
    // what the paste does not say: the block (its type and view as in the editor, its id) and the site
    await page.select('#configuratore-ez-tipo', 'OpendataRemoteContents|default');
    await fill(page, '#configuratore-ez-id', 'eventi-ez');
    await page.click('#configuratore-importa');
    await page.waitForFunction(() => document.getElementById('configuratore-stato')!.textContent!.startsWith('Configurazione fatta da'));
    // docs/openpa.md §3: each attribute's piazza key
    const expected = {
      $schema: '../schemas/listing.schema.json',
      blockId: 'eventi-ez',
      query: 'classes [event] sort [time_interval=>asc]',
      limitPagination: 6,
      facets: [{ field: 'topics', label: 'Argomenti', sort: 'alpha', limit: 1000 }],
      timeIntervals: true,
      tabs: ['list', 'geo', 'agenda'],
      showSearch: true,
      itemsPerRow: 2,
    };
    expect(await written(page)).toEqual(expected);
    expect(validate('ez.json', JSON.stringify(expected)).status).toBe(0);
    await sameOnAPlainPage(page, 'listing', expected, '/configuratore-ez.html');
    expect(errors).toEqual([]);
  });

  it('the old jQuery listing (remoteContentsGui in the page source): its settings as the listing takes them, without what it ignores; the same block as the settings themselves on a plain page', async () => {
    const { page, errors } = await openConfigurator();
    // as the theme's template writes them (single quotes, strings for numbers)
    const settingsObject = {
      queryBuilder: 'browser',
      remoteUrl: '',
      localAccessPrefix: '/',
      spinnerTpl: '#tpl-remote-gui-spinner',
      listTpl: '#tpl-remote-gui-list',
      popupTpl: '#tpl-remote-gui-item',
      itemsPerRow: '2',
      limitPagination: 6,
      query: 'classes [article] sort [published=>desc]',
      hideIfEmpty: false,
      customTpl: '#tpl-remote-gui-item-inner-notizie',
      useCustomTpl: false,
      view: 'card_teaser',
      locale: 'it-IT',
      i18n: { calendarToday: 'Oggi', placeholder: 'Seleziona un elemento' },
      facets: ['topics'],
    };
    const settings = JSON.stringify(settingsObject).replace(/"/g, "'");
    await paste(
      page,
      `<script>\n$(document).ready(function () {\n  $("#remote-gui-notizie").remoteContentsGui(${settings});\n});\n</script>`,
    );
    expect(await page.$eval('#configuratore-incolla-tipo', (el) => el.textContent)).toBe(
      'Riconosco le impostazioni del vecchio blocco jQuery.',
    );
    await page.click('#configuratore-importa');
    await page.waitForSelector('#configuratore-importa-note');
    const expected = {
      $schema: '../schemas/listing.schema.json',
      blockId: 'notizie',
      itemsPerRow: 2,
      limitPagination: 6,
      query: 'classes [article] sort [published=>desc]',
      facets: ['topics'],
    };
    expect(await written(page)).toEqual(expected);
    const notes = await page.$$eval('#configuratore-importa-note li code', (cs) => cs.map((c) => c.textContent));
    // each setting the listing ignores, by the name the schema gives it and the key the paste has
    const named = (key: string) => `${listingSchema.properties[key]['x-title-it']} (${key})`;
    const i18n = (key: string) => `${listingSchema.properties.i18n['x-title-it']} › ${key} (i18n/${key})`;
    expect(notes).toEqual([
      ...['spinnerTpl', 'listTpl', 'popupTpl', 'customTpl', 'useCustomTpl'].map(named),
      i18n('calendarToday'),
      i18n('placeholder'),
    ]);
    const plain = await sameOnAPlainPage(page, 'listing', expected, '/configuratore-jquery.html');
    // the listing takes the jQuery settings themselves as its config: the same block
    const original = await plainPage('/configuratore-jquery-originale.html', blockHtml('listing', 'notizie', settingsObject));
    expect(await listingSummary(original.page, '#notizie')).toEqual(await listingSummary(plain.page, '#notizie'));
    expect(errors).toEqual([]);
  });

  it("the old jQuery data table (opendataDataTable): the data table's own mapping of those settings; the settings themselves as a config show the same table", async () => {
    const { page, errors } = await openConfigurator();
    const settings = {
      builder: { query: 'classes [document]' },
      table: { id: 'tabella-documenti', template: '<table class="table"></table>' },
      datatable: {
        responsive: true,
        order: [[2, 'desc']],
        lengthMenu: [10, 20],
        ajax: { url: '/opendata/api/datatable/search/' },
        columns: [
          { data: 'data.ita-IT.name', name: 'name', title: 'Titolo', orderable: true },
          { data: 'data.ita-IT.document_type', name: 'document_type', title: 'Tipo', orderable: false },
          { data: 'data.ita-IT.publication_date', name: 'publication_date', title: 'Pubblicato il', orderable: true },
        ],
      },
    };
    await paste(page, `$('#documenti-vecchi').opendataDataTable(${JSON.stringify(settings)}).data('opendataDataTable');`);
    await page.click('#configuratore-importa');
    await page.waitForSelector('#configuratore-importa-note');
    // docs/openpa.md §4: query, door, columns with their titles and sorting, order by the column's index, page sizes
    const expected = {
      $schema: '../schemas/datatable.schema.json',
      blockId: 'documenti-vecchi',
      query: 'classes [document]',
      searchUrl: '/opendata/api/datatable/search/',
      columns: [
        { field: 'name', title: 'Titolo', sortable: true },
        { field: 'document_type', title: 'Tipo', sortable: false },
        { field: 'publication_date', title: 'Pubblicato il', sortable: true },
      ],
      classFromResults: true,
      order: { field: 'publication_date', dir: 'desc' },
      pageSizeOptions: [10, 20],
    };
    expect(await written(page)).toEqual(expected);
    expect(await page.$$eval('#configuratore-importa-note li code', (cs) => cs.map((c) => c.textContent))).toEqual([
      '/datatable/responsive',
      '/table',
    ]);
    const plain = await sameOnAPlainPage(page, 'datatable', expected, '/configuratore-jquery-tabella.html');
    const original = await plainPage('/configuratore-jquery-tabella-originale.html', blockHtml('datatable', 'documenti-vecchi', settings));
    expect(await tableSummary(original.page, '#documenti-vecchi')).toEqual(await tableSummary(plain.page, '#documenti-vecchi'));
    expect(errors).toEqual([]);
  });
});

describe('problems, the link, the language', () => {
  const invalid = JSON.stringify(
    {
      $schema: '../schemas/listing.schema.json',
      blockId: 'eventi home',
      limitPagination: 0,
      tabs: ['list', 'mappa'],
      colore: 'rosso',
      listTpl: '#tpl',
    },
    null,
    2,
  );

  it("a pasted invalid config lists the problems npm run validate prints, each with its field's name; a problem in Avanzate opens it and focuses its field; not-JSON is said at the paste field", async () => {
    const { page, errors } = await openConfigurator();
    // not JSON: said at the paste field, nothing changes
    const before = await written(page);
    await paste(page, '{"blockId": ', false);
    await page.click('#configuratore-importa');
    await page.waitForSelector('#configuratore-incolla-errore');
    expect(
      await page.$eval('#configuratore-incolla', (el) => [
        el.getAttribute('aria-invalid'),
        el.getAttribute('aria-describedby'),
        document.activeElement === el,
      ]),
    ).toEqual(['true', 'configuratore-incolla-aiuto configuratore-incolla-errore', true]);
    expect(await written(page)).toEqual(before);

    await fill(page, '#configuratore-incolla', '');
    await page.keyboard.sendCharacter(invalid);
    await page.click('#configuratore-importa');
    await page.waitForFunction(() => document.querySelectorAll('#configuratore-problemi li').length > 2);
    // validate prints `file: listing "eventi home": /path message`; the list shows `Name (path) message`
    const cli = validate('invalid.json', invalid);
    expect(cli.status).toBe(1);
    const shown = await shownProblems(page);
    expect(shown, JSON.stringify({ shown, cli: cli.lines })).toHaveLength(cli.lines.length);
    for (const line of cli.lines.map((l) => l.replace(/^.*?: listing "eventi home": /, ''))) {
      // `/path message`, or `avviso: impostazione ignorata /path …` for a key the block ignores
      const path = line.startsWith('avviso') ? line.split(' ')[3] : line.split(' ')[0];
      const message = line.startsWith('avviso') ? line : line.slice(path.length + 1);
      expect(
        shown.some((s) => s.endsWith(`(${path.slice(1)}) ${message}`)),
        line,
      ).toBe(true);
    }
    expect(shown).toContain('Elementi per pagina (limitPagination) deve essere ≥ 1');
    expect(shown.find((l) => l.includes('(tabs/1)'))).toMatch(/^Schede 2 \(tabs\/1\) /);

    // the block id is in Avanzate, closed: its problem's link opens it and focuses the field, described by the problem
    expect(await page.$eval('#configuratore-gruppo-avanzate', (el) => (el as HTMLElement).hidden)).toBe(true);
    await page.click('#configuratore-problemi a[href="#root_blockId"]');
    await page.waitForFunction(() => document.activeElement?.id === 'root_blockId');
    const described = await page.$eval('#root_blockId', (el) =>
      (el.getAttribute('aria-describedby') || '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent || '')
        .join(' '),
    );
    expect(described).toMatch(/deve rispettare il formato/);

    // the preview is the block as a portal would show it: not mounted, the reason said beside it
    const alert = await page.waitForSelector('#configuratore-anteprima-errore');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('/blockId');
    expect(errors).toEqual([]);
  });

  it("the page link reopens the configuration (type, language, config); Start over puts back the type's starting config", async () => {
    const { page } = await openConfigurator();
    await page.click('#tipo-datatable');
    await fill(page, '#root_query', 'classes [public_service]');
    await openGroup(page, 'avanzate');
    await fill(page, '#root_blockId', 'servizi');
    await page.click('button[lang=en]');
    // The link is written a moment after each change (debounced): it must hold the last ones, the
    // language too (a hash written before the click already had the block id).
    await page.waitForFunction(
      () => {
        const state = new URLSearchParams(location.hash.slice(1));
        return state.get('lingua') === 'en' && JSON.parse(state.get('config') || '{}').blockId === 'servizi';
      },
      { timeout: 5000 },
    );
    const json = await page.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value);
    const link = page.url();
    await page.close();

    const again = (await openConfigurator(link.slice(link.indexOf('#')))).page;
    expect(await again.$eval('#configuratore-json', (el) => (el as HTMLTextAreaElement).value)).toBe(json);
    expect(await again.$eval('#tipo-datatable', (el) => (el as HTMLInputElement).checked)).toBe(true);
    expect(await again.$eval('button[lang=en]', (el) => el.getAttribute('aria-pressed'))).toBe('true');
    expect(await again.$eval('#root_query', (el) => (el as HTMLTextAreaElement).value)).toBe('classes [public_service]');
    await again.click('#configuratore-ricomincia');
    await again.waitForFunction(
      () => JSON.parse((document.getElementById('configuratore-json') as HTMLTextAreaElement).value).blockId === 'tabella',
    );
  });

  it("a field's Italian name and one-line help, the long text behind Dettagli; English on the switch, problems in validate --lang en words", async () => {
    const { page } = await openConfigurator();
    await page.click('#tipo-datatable');
    const schema = (await import('../../schemas/datatable.schema.json')).default as any;
    const query = schema.properties.query;
    const label = () => page.$eval('label[for=root_query]', (el) => el.textContent!.replace('*', '').trim());
    const help = () => page.$eval('#root_query__description', (el) => el.textContent!.replace(/\s+/g, ' ').trim());
    expect(await label()).toBe(query['x-title-it']);
    expect(await help()).toBe(query['x-help-it'].replace(/`/g, ''));
    // the long text: a disclosure after the help, closed
    const details = await page.$eval('#root_query__description + details', (el) => [
      el.open,
      el.querySelector('summary')!.textContent,
      el.querySelector('p')!.textContent,
    ]);
    expect(details).toEqual([false, 'Dettagli', expect.stringContaining(query['x-description-it'].replace(/`/g, '').slice(0, 60))]);
    await page.click('button[lang=en]');
    // The configurator's region speaks English; the portal's page around it Italian
    await page.waitForSelector('#configuratore > div[lang=en]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');
    expect(await label()).toBe(query.title);
    expect(await help()).toBe(query['x-help'].replace(/`/g, ''));
    expect(await shownProblems(page)).toEqual(['Search query (query) must not be empty']);
  });
});

describe('the preview: a portal page at the width the block will have', () => {
  it('phone, tablet, computer: the page is that wide, scaled down to fit the column, never squeezed; a new type takes the old block down', async () => {
    const { page, errors } = await openConfigurator();
    const config = await written(page);
    await previewShows(page, config);
    const measure = () =>
      page.evaluate(() => {
        const f = document.getElementById('configuratore-anteprima') as HTMLIFrameElement;
        const box = f.parentElement!.getBoundingClientRect();
        const doc = f.contentDocument!;
        return {
          pageWidth: f.contentWindow!.innerWidth,
          shown: Math.round(f.getBoundingClientRect().width),
          column: Math.round(box.width),
          // the block gets the portal's content width: its container's, whatever the column
          block: Math.round(doc.querySelector('#anteprima [data-piazza-block]')!.getBoundingClientRect().width),
          container: Math.round(
            doc.querySelector('main.container')!.getBoundingClientRect().width -
              parseFloat(getComputedStyle(doc.querySelector('main.container')!).paddingLeft) * 2,
          ),
        };
      });
    for (const [w, px] of [
      ['desktop', 1280],
      ['tablet', 768],
      ['phone', 375],
    ] as const) {
      await page.click('#larghezza-' + w);
      await page.waitForFunction(
        (x) => (document.getElementById('configuratore-anteprima') as HTMLIFrameElement).contentWindow!.innerWidth === x,
        { timeout: 5000 },
        px,
      );
      const m = await measure();
      expect(m.pageWidth).toBe(px);
      expect(m.shown).toBeLessThanOrEqual(m.column + 1); // scaled to fit
      expect(m.block).toBe(m.container); // never squeezed: the portal's own content width at that size
      expect(await page.$eval('#larghezza-' + w, (b) => b.getAttribute('aria-pressed'))).toBe('true');
      expect(await page.$eval('#configuratore-anteprima-scala', (el) => el.textContent)).toContain(`larga ${px} px`);
    }
    // a new type: the old block is taken down in the same preview page (its element and its styles),
    // not by a new load of the page (a mark on its window stays). The frame is asked for at each
    // use: a handle kept across clicks was once reported detached under load (load run E).
    const inPreview = async <T>(fn: () => T) => (await previewFrame(page)).evaluate(fn);
    const styles = () =>
      inPreview(() => [...document.querySelectorAll('style[data-piazza-css]')].map((e) => e.getAttribute('data-piazza-css')));
    expect((await styles()).some((s) => /listing/.test(s || ''))).toBe(true);
    await inPreview(() => {
      (window as any).samePreviewPage = true;
    });
    await page.click('#tipo-datatable');
    await page.select('#configuratore-classe', 'document');
    await page.waitForFunction(
      () => JSON.parse((document.getElementById('configuratore-json') as HTMLTextAreaElement).value).query === 'classes [document]',
    );
    // (the columns are the class's fields: their pickers come when its definition is in)
    await (await page.waitForSelector('#scegli-columns-name'))!.click();
    await previewShows(page, await written(page));
    expect((await styles()).some((s) => /listing/.test(s || ''))).toBe(false);
    expect(
      await inPreview(() =>
        [...document.querySelectorAll('#anteprima [data-piazza-block]')].map((e) => e.getAttribute('data-piazza-block')),
      ),
    ).toEqual(['datatable']);
    expect(await inPreview(() => (window as any).samePreviewPage)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("when the API fails, the block's own notice with its retry, inside the preview", async () => {
    const { page } = await openConfigurator();
    env.portal.faults.arm({ match: '/search', status: 500 });
    await page.select('#configuratore-classe', 'article');
    const frame = await previewFrame(page);
    const notice = await frame.waitForSelector('#anteprima [data-piazza-block] [role=alert]', { timeout: 15_000 });
    expect(await notice!.evaluate((el) => el.querySelector('button')?.textContent?.trim())).toBeTruthy(); // its retry
  });
});

describe('accessibility', () => {
  it('by keyboard alone: the type by arrow keys, a preset, a group opened, a class from its select, a column with Space, the copy with Enter', async () => {
    const { page } = await openConfigurator();
    await page.focus('#tipo-listing');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('#tipo-datatable', (el) => (el as HTMLInputElement).checked)).toBe(true);
    await page.waitForSelector('#configuratore-classe option[value="document"]');
    await page.focus('#configuratore-classe');
    for (let i = 0; i < 20 && (await page.$eval('#configuratore-classe', (el) => (el as HTMLSelectElement).value)) !== 'document'; i++)
      await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#scegli-columns-name');
    await page.focus('#scegli-columns-name');
    await page.keyboard.press('Space');
    // a group by its heading's button: Enter opens it, its region follows
    await page.focus('#configuratore-gruppo-avanzate-titolo button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#configuratore-gruppo-avanzate:not([hidden])');
    expect(await page.$eval('#configuratore-gruppo-avanzate-titolo button', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    await page.focus('#configuratore-copia-json');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0), { timeout: 5000 });
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(config).toMatchObject({
      query: 'classes [document]',
      class: 'document',
      columns: [{ field: 'name', title: fieldName('document', 'name'), type: 'text' }],
    });
    // The copy is announced, and focus stays where the admin is.
    expect(await page.$eval('#configuratore-stato', (el) => el.textContent)).toBe('Copiato negli appunti.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('configuratore-copia-json');
    // a preset by keyboard
    await page.focus('#modello-notizie');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('configuratore-stato')!.textContent === 'Modello «Notizie» caricato.', {
      timeout: 10_000,
    });
  });

  for (const width of [320, 1280]) {
    it(`axe finds nothing at ${width} px: each type with its groups open, problems listed, pickers shown; nothing scrolls sideways`, async () => {
      const { page } = await openConfigurator('', { width, height: 900 });
      // (probe: a registered block the configurator has no words for, its form from its schema alone)
      for (const type of ['listing', 'datatable', 'probe', 'consent']) {
        await page.click('#tipo-' + type);
        await page.waitForFunction((t) => decodeURIComponent(location.hash).includes('tipo=' + t), { timeout: 5000 }, type);
        if (type === 'listing' || type === 'datatable') {
          await page.waitForSelector('#configuratore-classe option[value="event"]');
          await page.select('#configuratore-classe', type === 'listing' ? 'event' : 'document');
          await page.waitForSelector('#configuratore-scelta-facets .form-check');
        }
        await openGroup(page, 'avanzate');
        await expectAxe(page, `${type} at ${width} px`);
      }
      await paste(page, 'Elementi per pagina: 6');
      await expectAxe(page, `an eZ paste at ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await settle(page);
      expect(await reflowProblems(page)).toEqual([]);
      // The share of Bootstrap Italia classes the PA validator wants (C.SI.1.2), as every demo page.
      const bi = await bootstrapItaliaShare(page);
      expect(bi.share, `${Math.round(bi.share * 100)} % of ${bi.total}; not BI: ${bi.others.join(' ')}`).toBeGreaterThanOrEqual(0.3);
    });
  }

  it("the preview's page, opened on its own: axe finds nothing", async () => {
    const { page } = await openConfigurator();
    await page.click('#modello-notizie');
    // the link follows the form: read it once it holds the preset's block (the "notizie" id)
    const link = (await page.waitForFunction(() => {
      const a = document.getElementById('configuratore-anteprima-apri') as HTMLAnchorElement | null;
      return a && new URLSearchParams(new URL(a.href).hash.slice(1)).get('config')?.includes('"notizie"') ? a.href : false;
    }))!;
    const href = (await link.jsonValue()) as string;
    const tab = await newProbe(env.browser);
    await tab.page.goto(href, { waitUntil: 'domcontentloaded' });
    await waitReady(tab.page);
    await listingSummary(tab.page, '#notizie');
    await expectAxe(tab.page, 'the preview page, a listing');
    expect(tab.errors).toEqual([]);
  });
});

describe("another portal's API", () => {
  it("a table reads the other portal with JSONP (its class from this portal: another's classes route has no JSONP), and the previewed listing reads it as its remoteUrl", async () => {
    const { page } = await openConfigurator();
    const remote = env.remote;
    remote.log.clear();
    const origin = remote.origin;
    await page.click('#tipo-datatable');
    await openGroup(page, 'avanzate');
    await fill(page, '#configuratore-api', origin);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#configuratore-classe option[value="document"]');
    await page.select('#configuratore-classe', 'document');
    await (await page.waitForSelector('#scegli-columns-name'))!.click();
    // the pick reaches the JSON in the form's next render: read it once it has
    await page.waitForFunction(() => {
      const config = JSON.parse((document.getElementById('configuratore-json') as HTMLTextAreaElement).value);
      return (config.columns ?? []).some((c: unknown) => (typeof c === 'string' ? c : (c as { field?: string }).field) === 'name');
    });
    expect(remote.log.read().filter((e) => e.kind === 'class')).toEqual([]);
    const table = await written(page);
    expect(table).toMatchObject({ searchUrl: origin + '/api/opendata/v2/datatable/search/', jsonp: true, class: 'document' });
    expect(table.classesUrl).toBeUndefined();
    const frame = await previewShows(page, table);
    await tableSummary(frame, '#tabella');
    expect(remote.log.read().some((e) => e.env === 'datatable')).toBe(true);

    // a listing: the other portal is its remoteUrl (Avanzate), read with JSONP
    await page.click('#tipo-listing');
    await openGroup(page, 'avanzate');
    await fill(page, '#root_remoteUrl', origin);
    const listing = await written(page);
    expect(listing.remoteUrl).toBe(origin);
    const f = await previewShows(page, listing);
    await f.waitForFunction(() => !!document.querySelector('#anteprima .piazza-listing-list [role=listitem]'), { timeout: 15_000 });
    expect(remote.log.read().some((e) => e.kind === 'search')).toBe(true);
  });
});
