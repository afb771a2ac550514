// The data table on a 375 px phone: stacked cards with "label: value", the same rows and paging as
// the grid, a sort select instead of headers, no sideways scrolling, and no grid chunk at all.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { chunksLoaded } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { clickPage, drawAfter, infoText, lastDraw, openTable, serverAnswer } from './datatable-kit';

const env = useBrowserEnv();
const PHONE = { width: 375, height: 812 };

const cards = '.piazza-datatable-cards > li';
/** "label: value" pairs of every card. */
const cardFields = (page: Page) =>
  page.$$eval(cards, (lis) =>
    lis.map((li) =>
      Array.from(li.querySelectorAll('.piazza-card-field')).map((f) => [
        f.querySelector('dt')!.textContent!,
        f.querySelector('dd')!.textContent!.replace(/\s+/g, ' ').trim(),
      ]),
    ),
  );

describe('datatable on a phone', () => {
  it("shows the page as stacked cards with the server's rows, labelled fields and no sideways scroll", async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable.html', PHONE);
    const { page } = probe;
    expect(await page.$('.piazza-datatable [role=grid]')).toBeNull();
    expect(chunksLoaded(probe).some((f) => f.startsWith('DatatableGrid-'))).toBe(false);
    const fields = await cardFields(page);
    expect(fields).toHaveLength(10);
    const server = await serverAnswer(lastDraw(probe));
    expect(fields.map((f) => f.find(([label]) => label === 'Titolo')![1])).toEqual(server.names);
    for (const card of fields) {
      expect(card.map(([label]) => label)).toEqual(expect.arrayContaining(['Titolo', 'Tipo', 'Data di pubblicazione', 'Anno']));
      expect(card.find(([l]) => l === 'Data di pubblicazione')![1]).toMatch(/^\d{1,2} [a-z]+ \d{4}$/);
    }
    expect(await page.$eval(cards + ' a', (a) => a.getAttribute('href'))).toBe('/openpa/object/' + server.ids[0]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('pages and sorts like the grid: same parameters, same URL state', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable.html', PHONE);
    const { page } = probe;
    await drawAfter(page, () => clickPage(page, 'Pagina 2'));
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');
    expect((await cardFields(page)).map((f) => f[0][1])).toEqual((await serverAnswer(lastDraw(probe))).names);

    const choices = await page.$$eval('#piazza-dt-documenti-sort option', (os) => os.map((o) => [o.value, o.textContent]));
    expect(choices).toContainEqual(['name:asc', 'Titolo, crescente']);
    await drawAfter(page, () => page.select('#piazza-dt-documenti-sort', 'name:asc'));
    const url = new URL(lastDraw(probe));
    expect([url.searchParams.get('order[0][column]'), url.searchParams.get('order[0][dir]'), url.searchParams.get('start')]).toEqual([
      '0',
      'asc',
      '0',
    ]);
    expect((await cardFields(page)).map((f) => f[0][1])).toEqual((await serverAnswer(url.href)).names);
    expect(new URL(page.url()).searchParams.get('documenti.sort')).toBe('name:asc');
    await page.close();
  });

  it('turns the cards back into the grid when the screen gets wider, on the same page', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable.html?documenti.page=3', PHONE);
    const { page } = probe;
    const names = (await cardFields(page)).map((f) => f[0][1]);
    await page.setViewport({ width: 1024, height: 800 });
    await page.waitForSelector('.piazza-datatable [role=grid] [role=row][aria-rowindex="11"]');
    const gridNames = await page.$$eval('.piazza-datatable [role=grid] [role=row]:not([aria-rowindex="1"]) [aria-colindex="1"]', (cs) =>
      cs.map((c) => c.textContent!.trim()),
    );
    expect(gridNames).toEqual(names);
    expect(await infoText(page)).toBe('Risultati da 21 a 30 di 60');
    await page.close();
  });
});
