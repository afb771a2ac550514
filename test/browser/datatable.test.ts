// The data table on the "Amministrazione trasparente" demo page, against the emulator: what the
// server sends is what the grid shows, typed cells, paging/sort/search/filters through the real
// draw protocol, URL state with Back/Forward, keyboard, and axe in each state.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { chunksLoaded, newProbe, waitReady } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { DATE } from './clock';
import {
  clickPage,
  columnTexts,
  drawAfter,
  drawCount,
  drawQuery,
  GRID,
  idle,
  infoText,
  lastDraw,
  openTable,
  pageParam,
  rowCount,
  serverAnswer,
} from './datatable-kit';
// @ts-ignore plain JS fixture module: the emulator's parser, which reads a query as the portal does
import { parseQuery } from '../../fixtures/emulator/query/index.mjs';

const env = useBrowserEnv();
afterEach(async () => {
  env.portal.faults.clear();
});

/** aria-sort of the header whose visible name is `title`. */
const ariaSort = (page: Page, title: string) =>
  page.$$eval(
    GRID + ' [role=columnheader]',
    (cells, t) => cells.find((c) => c.textContent!.trim() === t)?.getAttribute('aria-sort') ?? null,
    title,
  );

describe('datatable: first page', () => {
  it('shows exactly the rows the server answered, sorted as configured, with 0 errors and nothing external', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    expect(await infoText(page)).toBe('Risultati da 1 a 10 di 60');
    const server = await serverAnswer(lastDraw(probe));
    expect(await columnTexts(page, 1)).toEqual(server.names);
    expect(await ariaSort(page, 'Data di pubblicazione')).toBe('descending');
    expect(await ariaSort(page, 'Titolo')).toBeNull();
    expect(await page.$eval(GRID, (g) => [g.getAttribute('aria-label'), g.getAttribute('aria-rowcount')])).toEqual([
      "Documenti dell'amministrazione trasparente",
      '11',
    ]);
    // The grid is its own chunk, next to the block's.
    expect(
      chunksLoaded(probe)
        .map((f) => f.replace(/-[\w-]{8}\.js$/, ''))
        .sort(),
    ).toEqual(expect.arrayContaining(['DatatableGrid', 'datatable']));
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await expectAxe(page);
    await page.close();
  });

  // Not DATE: its date checks are formats, true on any day; the values at every instant and zone are
  // the unit files' (datatable/dates, cells: time travel runs them in each zone).
  it('renders every field type as the original did, on a page of all 60 rows (none virtualized away)', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable.html?documenti.size=100');
    const { page } = probe;
    expect(await rowCount(page)).toBe(60);
    const server = await serverAnswer(lastDraw(probe));
    // link column → /openpa/object/{id}
    expect(await page.$$eval(GRID + ' [aria-colindex="1"] a', (as) => as.map((a) => a.getAttribute('href')))).toEqual(
      server.ids.map((id) => '/openpa/object/' + id),
    );
    // dates: 'D MMMM YYYY' for the date-only field, 'D MMMM YYYY, HH:mm' for the date-time one
    for (const d of await columnTexts(page, 5)) expect(d).toMatch(/^\d{1,2} [a-z]+ \d{4}$/);
    expect((await columnTexts(page, 6)).filter(Boolean).every((d) => /^\d{1,2} [a-z]+ \d{4}, \d{2}:\d{2}$/.test(d))).toBe(true);
    // file: link with the filename; multifile: a list of them
    expect((await page.$$eval(GRID + ' [aria-colindex="7"] a', (as) => as.map((a) => a.textContent))).every((t) => /\.pdf$/.test(t!))).toBe(
      true,
    );
    expect(await page.$$eval(GRID + ' [aria-colindex="8"] ul.piazza-cell-list li a', (as) => as.length)).toBeGreaterThan(20);
    // author: mailto with the names; user: mailto with the login
    const authors = await page.$$eval(GRID + ' [aria-colindex="9"] a', (as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(authors.length).toBeGreaterThan(0);
    for (const [href, name] of authors) {
      expect(href).toMatch(/^mailto:[a-z.]+@comune\.esempio\.it$/);
      expect(name).toMatch(/^[A-Z][a-z]+ [A-Z]/);
    }
    for (const [href, login] of await page.$$eval(GRID + ' [aria-colindex="10"] a', (as) =>
      as.map((a) => [a.getAttribute('href'), a.textContent]),
    )) {
      expect(href).toBe('mailto:' + login + '@comune.esempio.it');
    }
    // price with 2 decimals; url opens in a new tab with its label; matrix as an inner table
    expect((await columnTexts(page, 11)).filter(Boolean).every((p) => /^\d+,\d{2}$/.test(p))).toBe(true);
    const links = await page.$$eval(GRID + ' [aria-colindex="12"] a', (as) =>
      as.map((a) => [a.getAttribute('target'), a.getAttribute('rel'), a.textContent]),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const [target, rel, text] of links) {
      expect(target).toBe('_blank');
      expect(rel).toContain('noopener');
      expect(text).toBe('Albo pretorio (si apre in una nuova scheda)');
    }
    expect(
      await page.$$eval(GRID + ' table.piazza-cell-matrix', (ts) =>
        ts.map((t) => Array.from(t.querySelectorAll('th')).map((th) => th.textContent)),
      ),
    ).toContainEqual(['voce', 'importo']);
    // an integer year stays a number, never a date (the original's quirk 7)
    expect((await columnTexts(page, 14)).every((y) => /^\d{4}$/.test(y))).toBe(true);
    expect(probe.errors).toEqual([]);
    await expectAxe(page);
    await page.close();
  });
});

describe('datatable: legacy portal CSS', () => {
  it("keeps the grid laid out when the page styles every div and table (react-data-grid's @layer CSS loses to them)", async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    await page.addStyleTag({
      content:
        'div { display: block; float: left; padding: 3px; margin: 1px; position: static; } table { width: 100%; border: 2px solid red; }',
    });
    const rows = await page.$$eval(GRID + ' [role=row]', (rs) =>
      rs.slice(0, 3).map((r) => {
        const tops = Array.from(r.children).map((c) => Math.round(c.getBoundingClientRect().top));
        return { cells: tops.length, sameLine: tops.every((t) => t === tops[0]) };
      }),
    );
    expect(rows).toEqual([
      { cells: 14, sameLine: true },
      { cells: 14, sameLine: true },
      { cells: 14, sameLine: true },
    ]);
    const lefts = await page.$$eval(GRID + ' [role=row][aria-rowindex="2"] [role=gridcell]', (cs) =>
      cs.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().left)),
    );
    expect(lefts[0]).toBeLessThan(lefts[1]);
    expect(lefts[1]).toBeLessThan(lefts[2]);
    await page.close();
  });
});

describe('datatable: paging and the URL', () => {
  it('pages with the shared pagination, keeps page and size in the URL, and Back/Forward/reload restore them', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const first = await columnTexts(page);
    await drawAfter(page, () => clickPage(page, 'Pagina 2'));
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');
    expect(pageParam(page, 'documenti.page')).toBe('2');
    const second = await columnTexts(page);
    expect(second).toEqual((await serverAnswer(lastDraw(probe))).names);
    expect(second).not.toEqual(first);
    // focus moves to the result count, so keyboard and screen-reader users land on the new page
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('piazza-datatable-info');

    await drawAfter(page, () => page.select('#piazza-dt-documenti-size', '25'));
    expect(await infoText(page)).toBe('Risultati da 1 a 25 di 60');
    expect([pageParam(page, 'documenti.size'), pageParam(page, 'documenti.page')]).toEqual(['25', null]);

    await drawAfter(page, () => page.goBack());
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');
    expect(await columnTexts(page)).toEqual(second);
    await drawAfter(page, () => page.goBack());
    expect(await infoText(page)).toBe('Risultati da 1 a 10 di 60');
    expect(await columnTexts(page)).toEqual(first);
    await drawAfter(page, () => page.goForward());
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('.piazza-datatable-info')?.textContent?.includes('11 a 20'), {
      timeout: 15_000,
    });
    // The count can show before the grid's chunk has drawn its rows (a reload re-fetches it): wait for the rows.
    await idle(page);
    await page.waitForFunction(
      (grid) => document.querySelectorAll(grid + ' [role=row][aria-rowindex]:not([aria-rowindex="1"])').length > 0,
      { timeout: 15_000 },
      GRID,
    );
    expect(await columnTexts(page)).toEqual(second);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it("page links are real links to the page's URL, so they can be opened in a new tab", async () => {
    const probe = await openTable(env.browser, env.portal);
    const href = await probe.page.$eval('.piazza-datatable nav a[aria-label="Pagina 2"]', (a) => a.getAttribute('href'));
    expect(href).toBe('/datatable.html?documenti.page=2');
    await probe.page.close();
  });
});

describe('datatable: sorting', () => {
  it('sorts on the server by clicking a header, with aria-sort', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const titleHeader = await page.$$(GRID + ' [role=columnheader]');
    await drawAfter(page, () => titleHeader[0].click());
    expect(await ariaSort(page, 'Titolo')).toBe('ascending');
    expect(await ariaSort(page, 'Data di pubblicazione')).toBeNull();
    const url = new URL(lastDraw(probe));
    expect([url.searchParams.get('order[0][column]'), url.searchParams.get('order[0][dir]')]).toEqual(['0', 'asc']);
    const names = await columnTexts(page);
    expect(names).toEqual((await serverAnswer(url.href)).names);
    expect(pageParam(page, 'documenti.sort')).toBe('name:asc');
    await page.close();
  });

  it('sorts with Enter and Space on a focused header; a column that cannot sort sends nothing', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const headers = await page.$$(GRID + ' [role=columnheader]');
    await headers[1].focus();
    await drawAfter(page, () => page.keyboard.press('Enter'));
    expect(await ariaSort(page, 'Protocollo')).toBe('ascending');
    await drawAfter(page, () => page.keyboard.press('Space'));
    expect(await ariaSort(page, 'Protocollo')).toBe('descending');
    const url = new URL(lastDraw(probe));
    expect([url.searchParams.get('order[0][column]'), url.searchParams.get('order[0][dir]')]).toEqual(['1', 'desc']);
    expect(await columnTexts(page, 1)).toEqual((await serverAnswer(url.href)).names);

    // Tab from the sorted header leaves the grid rather than walking every column header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate((g) => !!document.activeElement?.closest(g), GRID)).toBe(false);

    const before = drawCount(probe);
    await headers[6].focus(); // File
    await page.keyboard.press('Enter');
    await idle(page);
    expect(drawCount(probe)).toBe(before);
    expect(await ariaSort(page, 'File')).toBeNull();
    await page.close();
  });
});

describe('datatable: keyboard in the grid', () => {
  it('moves between cells with the arrow keys and leaves the grid with Tab', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    await page.click(GRID + ' [role=row][aria-rowindex="2"] [aria-colindex="2"]');
    // The grid moves focus after it re-renders: wait for the cell to hold it.
    const selected = async (row: number, col: number) => {
      await page.waitForFunction(
        (r, c) => {
          const cell = document.activeElement?.closest('[role=gridcell],[role=columnheader]');
          return (
            cell?.getAttribute('aria-colindex') === String(c) &&
            cell.parentElement?.getAttribute('aria-rowindex') === String(r) &&
            cell.getAttribute('aria-selected') === 'true'
          );
        },
        { timeout: 5000 },
        row,
        col,
      );
      return true;
    };
    expect(await selected(2, 2)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await selected(2, 3)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await selected(3, 3)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await selected(2, 3);
    await page.keyboard.press('ArrowUp');
    expect(await selected(1, 3)).toBe(true);
    // Tab leaves the grid (APG grid pattern) instead of walking through 140 cells.
    await page.keyboard.press('ArrowDown');
    await selected(2, 3);
    await page.keyboard.press('Tab');
    expect(await page.evaluate((g) => !!document.activeElement?.closest(g), GRID)).toBe(false);

    // Enter on a cell holding one link follows it: here the title's link to the content.
    const href = await page.$eval(GRID + ' [role=row][aria-rowindex="2"] [aria-colindex="1"] a', (a) => a.getAttribute('href'));
    await page.click(GRID + ' [role=row][aria-rowindex="2"] [aria-colindex="2"]');
    await page.keyboard.press('ArrowLeft');
    await selected(2, 1);
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe(href);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('datatable: search and filters', () => {
  it('searches once, 400 ms after typing stops, and keeps the text in the URL', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const before = drawCount(probe);
    // A fast typist's eight keystrokes, each an input event the page handles back to back (in one
    // task: typed over CDP, a busy machine can space two keys past 400 ms, which rightly searches).
    let typedAt = 0;
    await drawAfter(page, async () => {
      typedAt = await page.$eval('#piazza-dt-documenti-search', (el) => {
        const input = el as HTMLInputElement;
        for (const letter of 'delibera') {
          input.value += letter;
          input.dispatchEvent(new InputEvent('input', { bubbles: true, data: letter, inputType: 'insertText' }));
        }
        return performance.now();
      });
    });
    expect(drawCount(probe)).toBe(before + 1);
    const url = new URL(lastDraw(probe));
    // The one search leaves after the 400 ms pause, never before it (a timer never fires early).
    const sentAt = await page.evaluate(
      (href) => performance.getEntriesByType('resource').find((e) => e.name === href)?.startTime ?? -1,
      url.href,
    );
    expect(sentAt - typedAt).toBeGreaterThanOrEqual(399);
    expect(url.searchParams.get('search[value]')).toBe('delibera');
    const server = await serverAnswer(url.href);
    expect(server.recordsFiltered).toBeGreaterThan(0);
    expect(server.recordsFiltered).toBeLessThan(60);
    expect(await infoText(page)).toMatch(new RegExp(`di ${server.recordsFiltered}$`));
    expect(pageParam(page, 'documenti.q')).toBe('delibera');
    await page.close();
  });

  it('filters with a single select: the option count is the result count, q carries the clause', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const options = await page.$$eval('#piazza-dt-documenti-facet-2 option', (os) => os.map((o) => [o.value, o.textContent]));
    expect(options[0]).toEqual(['', 'Seleziona']);
    const [value, text] = options[1];
    const count = Number(/\((\d+)\)$/.exec(text!)![1]);
    await drawAfter(page, () => page.select('#piazza-dt-documenti-facet-2', value));
    expect(await infoText(page)).toBe(`Risultati da 1 a ${Math.min(10, count)} di ${count}`);
    const q = drawQuery(lastDraw(probe));
    expect(q).toBe(
      `anno contains ['${value}'] and classes [document] subtree [131] facets [document_type|alpha|100,topics|alpha|100,anno|alpha|100,raw[extra_fase_si]|alpha|100]`,
    );
    expect(pageParam(page, 'documenti.f.anno')).toBe(value);
    await page.close();
  });

  it('filters an extra_ field with quotes and parentheses in its values', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const options = await page.$$eval('#piazza-dt-documenti-facet-3 option', (os) => os.map((o) => [o.value, o.textContent]));
    const phase = options.find(([v]) => v === 'In valutazione (fase 2)');
    expect(phase).toBeTruthy();
    const count = Number(/\((\d+)\)$/.exec(phase![1]!)![1]);
    await drawAfter(page, () => page.select('#piazza-dt-documenti-facet-3', phase![0]!));
    expect(await infoText(page)).toBe(`Risultati da 1 a ${count} di ${count}`);
    expect(drawQuery(lastDraw(probe))).toMatch(/^raw\[extra_fase_si\] contains \['%22In%20valutazione%20%5C%28fase%202%5C%29%22'\] and /);
    await page.close();
  });

  it('filters with a multiple facet (all values must match), shows chips, and removes filters', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const button = '#piazza-dt-documenti-facet-1';
    expect(await page.$eval(button, (b) => [b.getAttribute('aria-expanded'), b.textContent])).toEqual(['false', 'Seleziona']);
    await page.click(button);
    expect(await page.$eval(button, (b) => b.getAttribute('aria-expanded'))).toBe('true');
    await expectAxe(page);
    const labels = await page.$$eval('#piazza-dt-documenti-facet-1-panel label', (ls) => ls.map((l) => l.textContent!));
    const firstCount = Number(/\((\d+)\)$/.exec(labels[0])![1]);
    await drawAfter(page, () => page.click('#piazza-dt-documenti-facet-1-0'));
    expect(await infoText(page)).toMatch(new RegExp(`di ${firstCount}$`));
    const topicA = labels[0].replace(/ \(\d+\)$/, '');

    // a second topic: both must match
    const second = await page.$$eval('#piazza-dt-documenti-facet-1-panel input', (is) =>
      is.findIndex((i) => !(i as HTMLInputElement).checked),
    );
    const topicB = (await page.$$eval('#piazza-dt-documenti-facet-1-panel label', (ls) => ls.map((l) => l.textContent!)))[second].replace(
      / \(\d+\)$/,
      '',
    );
    await drawAfter(page, () => page.click(`#piazza-dt-documenti-facet-1-${second}`));
    const server = await serverAnswer(lastDraw(probe));
    // the server reads back exactly the two topics chosen (the emulator parses as the portal does)
    expect(parseQuery(drawQuery(lastDraw(probe))).clauses.find((c: any) => c.field === 'topics')!.values).toEqual([topicA, topicB]);
    for (const topics of await columnTexts(page, 4)) {
      expect(topics).toContain(topicA);
      expect(topics).toContain(topicB);
    }
    expect(await rowCount(page)).toBe(Math.min(10, server.recordsFiltered));
    expect(await page.$eval(button, (b) => b.textContent)).toBe('2 valori selezionati');

    // Escape closes the panel and returns focus to its button
    await page.focus('#piazza-dt-documenti-facet-1-0');
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() => [
        document.activeElement?.id,
        document.querySelector('#piazza-dt-documenti-facet-1')?.getAttribute('aria-expanded'),
      ]),
    ).toEqual(['piazza-dt-documenti-facet-1', 'false']);

    const chips = await page.$$eval('.piazza-chip', (bs) => bs.map((b) => b.getAttribute('aria-label')));
    expect(chips).toEqual([`Rimuovi il filtro Argomento: ${topicA}`, `Rimuovi il filtro Argomento: ${topicB}`]);
    await drawAfter(page, () => page.click('.piazza-chip'));
    expect(parseQuery(drawQuery(lastDraw(probe))).clauses.find((c: any) => c.field === 'topics')!.values).toEqual([topicB]);
    await drawAfter(page, () => page.$$eval('.piazza-datatable-active button', (bs) => (bs[bs.length - 1] as HTMLButtonElement).click()));
    expect(await infoText(page)).toBe('Risultati da 1 a 10 di 60');
    expect(new URL(page.url()).search).toBe('');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('announces the result count in one polite status message', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const status = '.piazza-datatable-host > [role=status][aria-live=polite]';
    await page.waitForFunction((s) => document.querySelector(s)?.textContent === '60 risultati trovati', { timeout: 5000 }, status);
    await drawAfter(page, () => page.type('#piazza-dt-documenti-search', 'nessuna-corrispondenza-xyz'));
    await page.waitForFunction((s) => document.querySelector(s)?.textContent === 'Nessun risultato trovato', { timeout: 5000 }, status);
    expect(await infoText(page)).toBe('Nessun risultato');
    expect(await page.$eval(GRID, (g) => g.textContent)).toContain('Nessun risultato trovato');
    await expectAxe(page);
    await page.close();
  });
});

describe('datatable: another configuration', () => {
  it('English texts, meta columns, the module API door with q encoded twice, 100 rows all in the DOM, under a strict CSP', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable-contenuti.html?contenuti.size=100');
    const { page } = probe;
    expect(await infoText(page)).toBe('Results 1 to 100 of 335');
    expect(await rowCount(page)).toBe(100);
    expect(await page.$$eval(GRID + ' [role=columnheader]', (hs) => hs.map((h) => h.textContent!.trim()))).toEqual([
      'Title',
      'Topics',
      'Published',
      'Last modified',
      'Author',
    ]);
    expect((await columnTexts(page, 1)).every((t) => t.length > 0)).toBe(true);
    const url = new URL(lastDraw(probe));
    expect(url.pathname).toBe('/opendata/api/datatable/search/');
    expect(drawQuery(url.href)).toMatch(/^classes \[article, event, place, public_service, document\] facets \[topics\|alpha\|100\]$/);
    expect((await columnTexts(page, 3)).every((d) => /^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/.test(d))).toBe(true);
    // Styles are injected with the page's nonce; the grid's own inline styles go through the CSSOM.
    expect(await page.evaluate(() => (window as any).__cspViolations)).toEqual([]);
    expect(
      await page.$$eval('style[data-piazza-css]', (ss) =>
        ss.map((s) => [s.getAttribute('data-piazza-css'), (s as HTMLStyleElement).nonce]),
      ),
    ).toEqual(
      expect.arrayContaining([
        ['datatable', 'piazzaDemo'],
        ['react-data-grid', 'piazzaDemo'],
      ]),
    );
    expect(probe.errors).toEqual([]);
    await expectAxe(page);
    await page.close();
  });

  it('a bad config names the block and the JSON path and keeps the fallback; an unreadable class offers Retry', async () => {
    const warnings: string[] = [];
    const probe = await newProbe(env.browser);
    const { page } = probe;
    page.on('console', (m) => {
      if (m.type() === 'warn') warnings.push(m.text());
    });
    // Each block's `block:shown` (its first content on screen), as a portal's script would listen.
    await page.evaluateOnNewDocument(() => {
      const w = window as any;
      w.__shown = [];
      document.addEventListener('DOMContentLoaded', () => w.piazza.on('block:shown', (e: any) => w.__shown.push(e.blockId + ' ' + e.type)));
    });
    await page.goto(env.portal.url + 'test/datatable-errors.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    const state = (id: string) => page.$eval('#' + id, (el) => [el.getAttribute('data-piazza-state'), el.querySelector('p')?.textContent]);
    expect(await state('no-query')).toEqual(['error', 'fallback senza query']);
    expect(await state('bad-type')).toEqual(['error', 'fallback tipo errato']);
    expect(await state('no-columns')).toEqual(['error', 'fallback senza colonne']);
    expect(probe.consoleErrors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[piazza\] datatable block "dt-no-query": configurazione non valida: .*\/query è obbligatorio/),
        expect.stringMatching(
          /^\[piazza\] datatable block "dt-bad-type": configurazione non valida: .*\/columns\/1\/type deve essere uno tra: "auto"/,
        ),
        expect.stringMatching(
          /^\[piazza\] datatable block "dt-no-columns": configurazione non valida: \/columns è obbligatorio se non è indicato "class"$/,
        ),
      ]),
    );
    // A class that cannot be read and no columns: a polite error with Retry in the block.
    await page.waitForSelector('#missing-class .piazza-error', { timeout: 10_000 });
    expect(await page.$eval('#missing-class .piazza-error', (e) => e.textContent)).toContain('Riprova');
    expect(
      probe.consoleErrors.some((e) =>
        /datatable block "dt-missing-class": richiesta della classe "nessuna_classe" non riuscita: 404 /.test(e),
      ),
    ).toBe(true);
    // A column the data does not have: the table works, the admin is told.
    await page.waitForSelector('#ghost-column [role=grid] [role=row][aria-rowindex="6"]');
    expect(warnings).toContainEqual(
      '[piazza] datatable block "dt-ghost": possibile disallineamento delle colonne: la riga 1 non ha il campo campo_inesistente',
    );
    // First content: the rows, or the message with Retry in their place, once per block; a block
    // whose config was refused shows none (its fallback stays: `block:error`).
    expect(((await page.evaluate('window.__shown')) as string[]).sort()).toEqual(['dt-ghost datatable', 'dt-missing-class datatable']);
    await expectAxe(page);
    await page.close();
  });
});

describe('datatable: visitors abroad', () => {
  it('date-times read the same in New York and Tokyo as in Rome, and there they are labelled Italian time', DATE, async () => {
    const read = async (zone: string) => {
      const probe = await newProbe(env.browser);
      const { page } = probe;
      await page.emulateTimezone(zone);
      await page.goto(env.portal.url + 'datatable-contenuti.html', { waitUntil: 'domcontentloaded' });
      await waitReady(page);
      await idle(page);
      const published = await columnTexts(page, 3);
      const note = await page.$eval('.piazza-datatable', (t) => t.querySelector('.piazza-datatable-zone')?.textContent ?? null);
      if (zone !== 'Europe/Rome') await expectAxe(page);
      expect(probe.errors).toEqual([]);
      await page.close();
      return { published, note };
    };
    const rome = await read('Europe/Rome');
    expect(rome.note).toBeNull();
    expect(rome.published.filter((t) => /, \d{2}:\d{2}$/.test(t)).length).toBeGreaterThan(3);
    for (const zone of ['America/New_York', 'Asia/Tokyo']) {
      const abroad = await read(zone);
      expect(abroad.published, zone).toEqual(rome.published);
      expect(abroad.note, zone).toBe('Dates and times are Italian time (Rome).');
    }
  });
});
