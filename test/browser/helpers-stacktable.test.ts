// Stacked tables on the portal's markup (helpers-tables.html): stacked only when wider than the
// parent and only with header cells, re-checked on resize, one version exposed to assistive tech.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { newProbe, openPage } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { DESKTOP, helperChunks, PHONE } from './helpers-common';

const env = useBrowserEnv();

/** For each managed table: is it stacked, and which version does the accessibility tree contain? */
function states(page: Page) {
  return page.evaluate(() => {
    const out: Record<string, { stacked: string | null; originalShown: boolean; copyShown: boolean | null }> = {};
    for (const t of Array.from(document.querySelectorAll<HTMLTableElement>('main table[id]'))) {
      const copy = t.previousElementSibling?.hasAttribute('data-piazza-stack-copy') ? (t.previousElementSibling as HTMLElement) : null;
      out[t.id] = {
        stacked: t.getAttribute('data-piazza-stacked'),
        originalShown: t.getClientRects().length > 0,
        copyShown: copy ? copy.getClientRects().length > 0 : null,
      };
    }
    return out;
  });
}

/** Roles and names of the accessibility tree under `selector` (what a screen reader gets). */
async function axTables(page: Page, selector: string): Promise<number> {
  const root = await page.$(selector);
  const snapshot = await page.accessibility.snapshot({ root: root!, interestingOnly: false });
  let tables = 0;
  const walk = (node: any) => {
    if (node?.role === 'table') tables++;
    node?.children?.forEach(walk);
  };
  walk(snapshot);
  return tables;
}

/** Key → value pairs of a stacked copy (row headers with the cell after them). */
const pairs = (page: Page, copySelector: string) =>
  page.$$eval(copySelector + ' tr', (rows) =>
    rows.map((tr) =>
      Array.from(tr.children)
        .map(
          (c) =>
            `${c.tagName.toLowerCase()}${c.getAttribute('scope') ? '[' + c.getAttribute('scope') + ']' : ''}:${(c as HTMLElement).innerText.trim()}`,
        )
        .join(' | '),
    ),
  );

describe('stacked tables at 375 px', () => {
  it('stacks wide tables with header cells, leaves the others, and passes axe', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', PHONE);
    const { page } = probe;
    expect(await states(page)).toEqual({
      uffici: { stacked: 'true', originalShown: false, copyShown: true },
      contributi: { stacked: 'true', originalShown: false, copyShown: true },
      bilancio: { stacked: 'true', originalShown: false, copyShown: true },
      piccola: { stacked: 'false', originalShown: true, copyShown: null }, // fits its parent
      'senza-intestazioni': { stacked: 'false', originalShown: true, copyShown: null }, // wider, but no header cell
      'due-colonne': { stacked: 'false', originalShown: true, copyShown: null }, // wider, but stack-columns needs 3 columns
    });
    // One accessible version at a time: the hidden one is out of the accessibility tree.
    expect(await axTables(page, '#wrap-stack')).toBe(1);
    expect(await axTables(page, '#wrap-column')).toBe(1);
    expect(await axTables(page, '#wrap-card')).toBe(3); // one small table per record (2 rows + the tfoot total)
    expect(await page.$eval('#uffici', (t) => (t as HTMLElement).hidden)).toBe(true);
    await expectAxe(page);
    // only the helper this page's markup needs, and the entry the page's head holds the first paint with
    expect(helperChunks(probe)).toEqual(['helper-stacktable', 'helper-stacktable-hold']);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('reads each value with its label: row headers, colspans, empty cells skipped, ISO dates as they are', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', PHONE);
    const { page } = probe;
    const stack = await pairs(page, '#wrap-stack [data-piazza-stack-copy]');
    expect(stack.slice(0, 9)).toEqual([
      'th[col]:Ufficio',
      'th[rowgroup]:Anagrafe',
      'th[row]:Indirizzo | td:Piazza del Municipio 1',
      'th[row]:Telefono | td:0461 000111',
      'th[row]:Email | td:anagrafe@comune.esempio.it',
      'th[row]:Mattina | td:8:30–12:30',
      'th[row]:Pomeriggio | td:14:00–16:30',
      'th[row]:Aggiornato | td:2025-05-01',
      'th[rowgroup]:Tributi',
    ]);
    // Tributi: no phone (empty cell skipped); one value over two columns labelled by both headers.
    expect(stack.slice(9, 13)).toEqual([
      'th[row]:Indirizzo | td:Via Roma 12',
      'th[row]:Email | td:tributi@comune.esempio.it',
      'th[row]:Mattina Pomeriggio | td:Solo su appuntamento',
      'th[row]:Aggiornato | td:2025-06-30T10:00:00+02:00',
    ]);
    // Links are real copies that still work; row classes are kept.
    expect(await page.$eval('#wrap-stack [data-piazza-stack-copy] a[href^="tel:"]', (a) => a.getAttribute('href'))).toBe(
      'tel:+390461000111',
    );
    expect(await page.$$eval('#wrap-stack [data-piazza-stack-copy] tr.riga-anagrafe', (r) => r.length)).toBe(7);
    expect(await page.$eval('#wrap-stack [data-piazza-stack-copy] caption', (c) => c.textContent)).toBe(
      'Orari e contatti degli uffici comunali',
    );

    const cards = await page.$$eval('#wrap-card .piazza-st-card', (tables) =>
      tables.map((t) => (t as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    expect(cards).toEqual([
      'Beneficiario Associazione Sportiva Dilettantistica Valle Verde Importo 12.500,00 € Data 2025-03-14 Norma Regolamento contributi, art. 4 Responsabile Dott.ssa Maria Rossi Modalità di individuazione Bando pubblico',
      'Beneficiario Coro Parrocchiale "Le voci del lago" Importo 3.200,00 € Data 2025-04-02 Norma Regolamento contributi, art. 6 Responsabile Dott.ssa Maria Rossi',
      'Beneficiario Totale Importo 15.700,00 €',
    ]);

    const column = await pairs(page, '#wrap-column [data-piazza-stack-copy]');
    expect(column.filter((r) => r.startsWith('th[rowgroup]'))).toEqual([
      'th[rowgroup]:2022',
      'th[rowgroup]:2023',
      'th[rowgroup]:2024',
      'th[rowgroup]:2025',
    ]);
    expect(column.filter((r) => r.includes('biennio'))).toEqual([
      'th[row]:Trasferimenti correnti | td:1.250.000,00 (biennio)',
      'th[row]:Trasferimenti correnti | td:1.250.000,00 (biennio)',
    ]);
    // No id is duplicated by the copies.
    expect(
      await page.evaluate(() => {
        const ids = Array.from(document.querySelectorAll('[id]')).map((e) => e.id);
        return ids.length - new Set(ids).size;
      }),
    ).toBe(0);
    await page.close();
  });
});

describe('stacked tables at 1280 px', () => {
  it('leaves every table as it is (nothing built) and passes axe', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', DESKTOP);
    const { page } = probe;
    const all = await states(page);
    for (const [id, s] of Object.entries(all)) expect([id, s]).toEqual([id, { stacked: 'false', originalShown: true, copyShown: null }]);
    expect(await axTables(page, '#wrap-stack')).toBe(1);
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('re-checks on resize, both ways, and follows content changes', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', DESKTOP);
    const { page } = probe;
    await page.setViewport(PHONE);
    await page.waitForFunction(() => document.getElementById('uffici')!.getAttribute('data-piazza-stacked') === 'true');
    expect((await states(page)).bilancio).toEqual({ stacked: 'true', originalShown: false, copyShown: true });
    // The original's content changes: the copy is rebuilt from it.
    await page.$eval('#uffici tbody tr td', (td) => (td.textContent = 'Anagrafe e stato civile'));
    await page.waitForFunction(() =>
      document.querySelector('#wrap-stack [data-piazza-stack-copy]')?.textContent?.includes('Anagrafe e stato civile'),
    );
    await page.setViewport(DESKTOP);
    await page.waitForFunction(() => document.getElementById('uffici')!.getAttribute('data-piazza-stacked') === 'false');
    expect((await states(page)).uffici).toEqual({ stacked: 'false', originalShown: true, copyShown: false });
    expect(await axTables(page, '#wrap-stack')).toBe(1);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('is idempotent and handles tables added later', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', PHONE);
    const { page } = probe;
    await page.evaluate(async () => {
      const p = (window as any).piazza;
      await p.mount();
      await p.mount(document.getElementById('wrap-stack'));
      document.getElementById('late')!.innerHTML =
        '<table class="table responsive-stack" id="tardiva"><thead><tr><th>Servizio</th><th>Sito</th></tr></thead>' +
        '<tbody><tr><td>Prenotazioni</td><td>https://prenotazioni.comune.esempio.it/sportelli/anagrafe/carta-identita</td></tr></tbody></table>';
      await p.mount(document.getElementById('late'));
    });
    await page.waitForFunction(() => document.getElementById('tardiva')!.getAttribute('data-piazza-stacked') === 'true');
    expect(await page.$$eval('#wrap-stack [data-piazza-stack-copy]', (c) => c.length)).toBe(1);
    expect(await page.$$eval('#late [data-piazza-stack-copy] th[scope=row]', (c) => c.map((x) => x.textContent))).toEqual(['Sito']);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('stacked tables while the page is still arriving', () => {
  // CLS (issue 31): a table swapped at DOMContentLoaded is swapped after the page's first paint and
  // pushes what follows down. The page here stops parsing after its table (a script the emulator
  // holds): the table must be stacked by then, with DOMContentLoaded still to come.
  it('stacks a wide table as soon as the parser is past it, before DOMContentLoaded', async () => {
    const probe = await newProbe(env.browser, PHONE);
    const { page } = probe;
    const loaded = page.goto(env.portal.url + 'test/stacktable-parsing.html', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => document.getElementById('uffici')?.getAttribute('data-piazza-stacked') === 'true' && document.readyState === 'loading',
    );
    expect(await page.evaluate(() => !!document.getElementById('after'))).toBe(false); // the parser is still held
    expect((await states(page)).uffici).toEqual({ stacked: 'true', originalShown: false, copyShown: true });
    expect(env.portal.faults.release()).toBe(1);
    await loaded;
    await page.evaluate(() => (window as any).piazza.ready);
    // the DOMContentLoaded mount finds it handled: one copy, still stacked
    expect(await page.$$eval('#wrap-stack [data-piazza-stack-copy]', (c) => c.length)).toBe(1);
    expect((await states(page)).uffici).toEqual({ stacked: 'true', originalShown: false, copyShown: true });
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  // The demo page's head as piazza's eZ head template prints it on a page with a stacked table
  // (test/unit/openpa/stacktable-template.test.ts): `<script type="module" blocking="render">` of
  // helpers/stacktable-hold.ts. Chromium holds the first paint until it has run: the visitor's first
  // frame has the tables stacked, and nothing moves (Lighthouse counted 0.066 here before).
  it('the first paint already has the tables stacked: no layout shift while the page loads', async () => {
    const probe = await newProbe(env.browser, PHONE);
    const { page } = probe;
    await page.evaluateOnNewDocument(() => {
      const w = window as any;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) w.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (w.__copyAt === undefined && document.querySelector('#wrap-stack [data-piazza-stack-copy]')) w.__copyAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(env.portal.url + 'helpers-tables.html', { waitUntil: 'load' });
    await page.evaluate(() => (window as any).piazza.ready);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const seen = await page.evaluate(() => ({
      copyAt: (window as any).__copyAt as number,
      paintAt: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime,
      shifts: (window as any).__shifts as number[],
    }));
    expect(seen.paintAt).toBeTypeOf('number');
    expect(seen.copyAt).toBeLessThan(seen.paintAt!);
    expect(seen.shifts).toEqual([]);
    expect((await states(page)).uffici).toEqual({ stacked: 'true', originalShown: false, copyShown: true });
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
