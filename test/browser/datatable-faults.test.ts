// The data table when the network misbehaves (slow answers, errors, invalid JSON), and the CSV
// export of the whole filtered set, checked against what the emulator itself counts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { downloadsOf, frames, quiet, startPortal, watchRequests, type Downloads } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { clickPage, columnTexts, drawAfter, idle, infoText, isDraw, lastDraw, openTable, serverAnswer } from './datatable-kit';

const env = useBrowserEnv();
let downloads: Downloads;
beforeAll(async () => {
  downloads = await downloadsOf(env.browser);
});
afterAll(() => downloads?.close());
afterEach(() => {
  for (const f of readdirSync(downloads.dir)) rmSync(join(downloads.dir, f), { force: true });
});

/** CSV lines (RFC 4180: line breaks inside quotes belong to the field). */
function csvRecords(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('datatable: stale answers', () => {
  it('never shows the answer to an older draw, even when it comes back last', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    await page.evaluate(() => {
      const seen: string[] = ((window as any).__infoSeen = []);
      const el = document.querySelector('.piazza-datatable-info')!;
      new MutationObserver(() => seen.push(el.textContent!)).observe(el, { childList: true, subtree: true, characterData: true });
    });
    // Page 2 answers after 3 s; page 3, asked right after, answers at once.
    env.portal.faults.arm({ match: 'start=10&', latency: 3000, times: 1 });
    const slow = watchRequests(page, (u) => isDraw(u) && u.includes('start=10&'));
    await clickPage(page, 'Pagina 2');
    await page.waitForFunction(() => document.querySelector('.piazza-datatable nav a[aria-current=page]')?.textContent?.includes('2'));
    await drawAfter(page, () => clickPage(page, 'Pagina successiva'));
    expect(await infoText(page)).toBe('Risultati da 21 a 30 di 60');
    const third = await columnTexts(page);
    expect(third).toEqual((await serverAnswer(lastDraw(probe))).names);
    // Wait out the slow answer (or its abort): the table must still show page 3.
    await slow.settled();
    await frames(page);
    expect(await infoText(page)).toBe('Risultati da 21 a 30 di 60');
    expect(await columnTexts(page)).toEqual(third);
    expect(await page.evaluate(() => (window as any).__infoSeen.some((t: string) => t.includes('da 11 a 20')))).toBe(false);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('datatable: errors', () => {
  it('shows "Ajax error" inside the table with Retry, logs status and message, and recovers', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    env.portal.faults.arm({ match: 'datatable/search', status: 500, times: 1 });
    await drawAfter(page, () => clickPage(page, 'Pagina 2'));
    const notice = '.piazza-datatable-body .piazza-error[role=alert]';
    expect(await page.$eval(notice, (e) => e.textContent)).toContain('(Ajax error)');
    expect(await page.$('.piazza-datatable [role=grid]')).toBeNull();
    expect(probe.consoleErrors).toContainEqual(
      expect.stringMatching(/^\[piazza\] datatable block "documenti": richiesta della ricerca non riuscita: 500 Emulated server error/),
    );
    await expectAxe(page);
    await drawAfter(page, () => page.click(notice + ' button'));
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');
    expect(await page.$(notice)).toBeNull();
    expect(await columnTexts(page)).toEqual((await serverAnswer(lastDraw(probe))).names);
    await page.close();
  });

  it('shows "Invalid JSON response" for a broken body, and Retry loads the table', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    env.portal.faults.arm({ match: 'datatable/search', invalid: true, times: 1 });
    await drawAfter(page, () => clickPage(page, 'Pagina 2'));
    expect(await page.$eval('.piazza-datatable-body .piazza-error', (e) => e.textContent)).toContain('(Invalid JSON response)');
    expect(probe.consoleErrors).toContainEqual(
      expect.stringMatching(/^\[piazza\] datatable block "documenti": richiesta della ricerca non riuscita: 200 Invalid JSON response/),
    );
    await drawAfter(page, () => page.click('.piazza-datatable-body .piazza-error button'));
    expect(await infoText(page)).toBe('Risultati da 11 a 20 di 60');
    await page.close();
  });

  it('fails politely on the very first draw and loads on Retry', async () => {
    env.portal.faults.arm({ match: 'datatable/search', status: 500, times: 1 });
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    await page.waitForSelector('.piazza-datatable-body .piazza-error');
    expect(await page.$eval('.piazza-datatable-info', (e) => e.textContent)).not.toContain('Caricamento');
    await expectAxe(page);
    await drawAfter(page, () => page.click('.piazza-datatable-body .piazza-error button'));
    expect(await infoText(page)).toBe('Risultati da 1 a 10 di 60');
    await page.close();
  });
});

describe('datatable: CSV export', () => {
  it('downloads the whole filtered set: as many rows as the emulator counts, as the table shows them', async () => {
    const probe = await openTable(env.browser, env.portal);
    const { page } = probe;
    const options = await page.$$eval('#piazza-dt-documenti-facet-2 option', (os) => os.map((o) => o.value));
    await drawAfter(page, () => page.select('#piazza-dt-documenti-facet-2', options[1]));
    const expected = (await serverAnswer(lastDraw(probe))).recordsFiltered;
    // The emulator's own count for the same filter, with a page size that holds everything.
    const all = new URL(lastDraw(probe));
    all.searchParams.set('length', '300');
    const server = await serverAnswer(all.href);
    expect(server.recordsFiltered).toBe(expected);

    const file = downloads.next('documenti-trasparenza.csv');
    await page.click('.piazza-datatable-export button');
    const text = await file;
    expect(text.startsWith('\ufeff')).toBe(true);
    const records = csvRecords(text.slice(1), ',');
    expect(records[0]).toEqual([
      'Titolo',
      'Protocollo',
      'Tipo',
      'Argomenti',
      'Data di pubblicazione',
      'Scadenza',
      'File',
      'Allegati',
      'Autori',
      'Referente',
      'Costo di riproduzione',
      'Albo',
      'Importi',
      'Anno',
    ]);
    expect(records.length - 1).toBe(expected);
    expect(records.slice(1).map((r) => r[0])).toEqual(server.names);
    // Links keep their absolute target; the year column is the filtered year.
    expect(records.slice(1).every((r) => r[13] === options[1])).toBe(true);
    expect(records.slice(1).some((r) => /\.pdf \(http:\/\/127\.0\.0\.1:\d+\/.+\.pdf\)/.test(r[6]))).toBe(true);
    await page.waitForFunction(() => document.querySelector('.piazza-datatable-export')?.textContent?.includes('File CSV pronto: '));
    expect(await page.$eval('.piazza-datatable-export', (e) => e.textContent)).toContain(`File CSV pronto: ${expected} righe`);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('fetches a large set in batches with a progress bar, whatever page is on screen', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable-contenuti.html');
    const { page } = probe;
    const total = (await serverAnswer(lastDraw(probe))).recordsFiltered;
    expect(total).toBeGreaterThan(300);
    const before = probe.requests.filter(isDraw).length;
    const file = downloads.next('contents.csv');
    await page.click('.piazza-datatable-export button');
    const text = await file;
    const records = csvRecords(text.slice(1), ';');
    expect(records[0]).toEqual(['Title', 'Topics', 'Published', 'Last modified', 'Author']);
    expect(records.length - 1).toBe(total);
    const batches = probe.requests
      .filter(isDraw)
      .slice(before)
      .map((u) => new URL(u).searchParams);
    expect(batches.map((p) => [p.get('start'), p.get('length')])).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
      ['300', '100'],
    ]);
    expect(new Set(records.slice(1).map((r) => r[0])).size).toBeGreaterThan(300);
    await page.close();
  });

  it('shows progress and can be cancelled: nothing is downloaded', async () => {
    const probe = await openTable(env.browser, env.portal, 'datatable-contenuti.html');
    const { page } = probe;
    env.portal.faults.arm({ match: 'start=100&', latency: 4000, times: 1 });
    await page.click('.piazza-datatable-export button');
    await page.waitForSelector('.piazza-datatable-export progress');
    await page.waitForFunction(() => (document.querySelector('.piazza-datatable-export progress') as HTMLProgressElement)?.value === 100);
    expect(await page.$eval('.piazza-datatable-export', (e) => e.textContent)).toContain('Preparing the file: 100 of 335 rows');
    // focus went to Cancel, which replaced the button the visitor pressed
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAxe(page);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.piazza-datatable-export')?.textContent?.includes('Download cancelled'));
    expect(await page.$('.piazza-datatable-export progress')).toBeNull();
    await quiet(page); // no batch in flight: a download that was not cancelled would have started
    expect(readdirSync(downloads.dir)).toEqual([]);
    expect(existsSync(join(downloads.dir, 'contents.csv'))).toBe(false);
    expect(probe.pageErrors).toEqual([]);
    await idle(page);
    await page.close();
  });
});

describe('datatable: hostile content', () => {
  it('shows markup and javascript: URLs from the server as text, never as code', async () => {
    const hostile = await startPortal({ hostile: true });
    try {
      const probe = await openTable(env.browser, hostile, 'datatable.html?documenti.size=100');
      const { page } = probe;
      expect(await page.evaluate(() => (window as any).__piazzaXss)).toBeUndefined();
      expect(await page.$$('.piazza-datatable img, .piazza-datatable script')).toEqual([]);
      expect(
        await page.$$eval('.piazza-datatable a[href]', (as) => as.filter((a) => /^\s*javascript:/i.test(a.getAttribute('href')!)).length),
      ).toBe(0);
      // The payload is on screen as text (escaped), in names and facet options alike.
      expect(await page.$eval('.piazza-datatable [role=grid]', (g) => g.textContent)).toContain('<img src=x onerror=');
      expect(await page.$$eval('#piazza-dt-documenti-facet-3 option', (os) => os.some((o) => o.textContent!.includes('<script>')))).toBe(
        true,
      );
      // A hostile facet value still filters (escaping holds) and still renders as text.
      const value = await page.$$eval('#piazza-dt-documenti-facet-3 option', (os) => os[1].value);
      await drawAfter(page, () => page.select('#piazza-dt-documenti-facet-3', value));
      expect(await infoText(page)).toMatch(/^Risultati da 1 a \d+ di \d+$/);
      expect(await page.evaluate(() => (window as any).__piazzaXss)).toBeUndefined();
      expect(probe.pageErrors).toEqual([]);
      await page.close();
    } finally {
      await hostile.close();
    }
  });
});
