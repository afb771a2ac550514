// Bad configs (fixtures/pages/test/bad-config*.html): invalid JSON, wrong types, unknown keys,
// an unknown block type, missing required keys, a consent service in an unknown category. The admin
// gets one console error per broken block naming the block and every JSON path; visitors see the
// fallback content; nothing else breaks; and `npm run validate` on the same page says the same.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot, eventually } from './harness';
import { useBrowserEnv } from './env';
import { openGuarded, rejections } from './hardening-kit';
import { firstResults } from './listing-helpers';
import { choiceApplied, waitForBar } from './consent-kit';

const env = useBrowserEnv();

/** Problems per block, as `path message` lines (a JSON parse error keeps only its kind: engines word it differently). */
type Report = Record<string, string[]>;
const normal = (problem: string) =>
  problem
    .replace(/^\/ non è un JSON valido \(.*\)$/, '/ non è un JSON valido')
    .replace(/^(?:\/ )?tipo di blocco sconosciuto ("[^"]+").*$/, '/ tipo di blocco sconosciuto $1');

/** The console: `[piazza] <type> block "<id>": configurazione non valida: /a x; /b y` or `[piazza] consent: configurazione non valida: …`. */
function fromConsole(lines: string[]): Report {
  const out: Report = {};
  for (const line of lines) {
    const m = /^\[piazza\] (?:\S+ block "([^"]+)"|(consent)): (?:configurazione non valida: )?(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1] ?? m[2];
    (out[key] ||= []).push(...m[3].split('; ').map(normal));
  }
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

/** `npm run validate -- page.html`: `<file>: <kind> "<blockId>" | <kind> #<id> | consent: <path> <message>`. */
async function fromValidate(page: string, ...options: string[]): Promise<{ report: Report; ok: string[]; code: number }> {
  const file = join(projectRoot, 'fixtures/pages', page);
  const { stdout, code } = await promisify(execFile)(process.execPath, [join(projectRoot, 'scripts/validate.mjs'), ...options, file], {
    cwd: projectRoot,
  }).then(
    (r) => ({ ...r, code: 0 }),
    (e) => ({ stdout: String(e.stdout), code: e.code as number }),
  );
  const report: Report = {};
  const ok: string[] = [];
  for (const line of stdout.split('\n').filter(Boolean)) {
    const rest = line.slice(file.length + 2);
    const m = /^(?:\S+ "([^"]+)"|\S+ #(\S+)|(consent)): (.*)$/.exec(rest);
    if (!m) throw new Error('unexpected validate line: ' + line);
    const key = m[1] ?? m[2] ?? m[3];
    if (m[4] === 'ok') ok.push(key);
    else (report[key] ||= []).push(normal(m[4]));
  }
  for (const k of Object.keys(report)) report[k].sort();
  return { report, ok, code };
}

const BROKEN = ['c-json', 'c-tipi', 'c-chiavi', 'c-mancanti', 'c-tabella-tipi', 'c-tipo', 'c-sonda'];

describe('bad block configs', () => {
  it('one console error per broken block, naming it and every JSON path; fallbacks stay; good blocks work; validate agrees', async () => {
    const probe = await openGuarded(env.browser, env.portal.url + 'test/bad-config.html');
    const { page } = probe;
    await firstResults(page, 'c-buono');
    expect(await page.$eval('#c-ok', (el) => [el.getAttribute('data-piazza-state'), el.textContent!.trim()])).toEqual([
      'mounted',
      expect.stringMatching(/buono$/),
    ]);

    for (const id of BROKEN) {
      // The visitor: the block's fallback, shown as it was.
      expect(
        await page.$eval('#' + id, (el) => [
          el.getAttribute('data-piazza-state'),
          (el.querySelector('.c-fallback') as HTMLElement)?.checkVisibility(),
        ]),
        id,
      ).toEqual(['error', true]);
      // The admin: exactly one line for this block.
      expect(
        probe.consoleErrors.filter((m) => m.includes(`block "${id}"`)),
        id,
      ).toHaveLength(1);
    }
    expect(probe.consoleErrors.filter((m) => !BROKEN.some((id) => m.includes(`block "${id}"`)))).toEqual([]);
    const shown = fromConsole(probe.consoleErrors);
    expect(Object.keys(shown).sort()).toEqual([...BROKEN].sort());
    expect(shown['c-tipi']).toEqual(
      expect.arrayContaining([
        '/query deve essere una stringa',
        '/limitPagination deve essere un numero intero',
        '/facets deve essere un array',
        '/showSearch deve essere true o false',
      ]),
    );
    expect(shown['c-chiavi']).toEqual(
      expect.arrayContaining([
        '/colour non è una chiave prevista',
        '/facets/0/etichetta non è una chiave prevista',
        '/tabs/1 deve essere uno tra: "list", "geo", "agenda"',
      ]),
    );
    expect(shown['c-mancanti']).toEqual(expect.arrayContaining(['/query è obbligatorio', '/columns/0/field è obbligatorio']));
    expect(shown['c-tipo']).toEqual(['/ tipo di blocco sconosciuto "calendario"']);
    expect(shown['c-json']).toEqual(['/ non è un JSON valido']);

    const validated = await fromValidate('test/bad-config.html');
    expect(validated.code).toBe(1);
    expect(validated.report).toEqual(shown);
    expect(validated.ok.sort()).toEqual(['c-buono', 'c-ok']);

    // English on request (--lang en, or PIAZZA_LANG=en): the same problems, other words.
    const english = await fromValidate('test/bad-config.html', '--lang', 'en');
    expect(english.code).toBe(1);
    expect(Object.keys(english.report).sort()).toEqual(Object.keys(shown).sort());
    expect(english.report['c-chiavi']).toEqual(
      expect.arrayContaining(['/colour is not a known key', '/tabs/1 must be one of: "list", "geo", "agenda"']),
    );
    expect(english.report['c-mancanti']).toEqual(expect.arrayContaining(['/query is required', '/columns/0/field is required']));
    expect(english.report['c-tipi']).toEqual(
      expect.arrayContaining(['/limitPagination must be an integer', '/showSearch must be true or false']),
    );
    // (validate names the known types, as the page's console does)
    expect(english.report['c-tipo']).toEqual([
      expect.stringMatching(/^\/ unknown block type "calendario" \(known: [^)]*\blisting\b[^)]*\)$/),
    ]);
    expect(english.report['c-json']).toEqual([expect.stringMatching(/^\/ is not valid JSON \(.+\)$/)]);

    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('a bad consent config', () => {
  it('a service in an unknown category: one console error with the JSON paths, the service stays blocked, the page works; validate agrees', async () => {
    const probe = await openGuarded(env.browser, env.portal.url + 'test/bad-config-consent.html');
    const { page } = probe;
    await firstResults(page, 'c-buono');
    expect(await page.$eval('#c-ok', (el) => el.getAttribute('data-piazza-state'))).toBe('mounted');
    // (the consent's problems are worded by a lazy chunk: their line may come after the first results)
    const reported = () => probe.consoleErrors.some((m) => m.startsWith('[piazza] consent'));
    for (let i = 0; i < 100 && !reported(); i++) await new Promise((r) => setTimeout(r, 50));
    const lines = probe.consoleErrors.filter((m) => m.startsWith('[piazza] consent'));
    expect(lines).toHaveLength(1);
    expect(probe.consoleErrors).toEqual(lines);
    const shown = fromConsole(lines);
    expect(shown.consent).toEqual(
      expect.arrayContaining([
        '/services/tracker/category deve essere una chiave di /categories',
        '/barTimeout deve essere un numero intero ≥ 0',
      ]),
    );
    // The visitor: the bar still asks; even after "accept all" the service of the unknown category never runs.
    const applied = await choiceApplied(page);
    await waitForBar(page);
    // A click in the page: the bar may still be sliding in (motion is not reduced on this page).
    await page.$$eval('#cconsent-bar button', (bs) =>
      (bs.find((b) => /^(accept all|accetta tutt)/i.test(b.textContent || '')) as HTMLElement).click(),
    );
    await applied();
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('stats'))).toBe(true);
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('tracker'))).toBe(false);
    expect(await page.evaluate(() => (window as any).__trackerRan)).toBeUndefined();

    const validated = await fromValidate('test/bad-config-consent.html');
    expect(validated.report).toEqual(shown);
    expect(validated.ok.sort()).toEqual(['c-buono', 'c-ok']);
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('a config copied from the jQuery block', () => {
  const IGNORED = ['/geoSearchApi', '/spinnerTpl', '/listTpl', '/popupTpl', '/customTpl', '/useCustomTpl'];

  it('mounts; each setting piazza ignores is one console warning saying what to do instead; validate agrees', async () => {
    const probe = await openGuarded(env.browser, env.portal.url + 'test/legacy-config.html');
    const warnings: string[] = [];
    probe.page.on('console', (m) => {
      if (m.type() === 'warn') warnings.push(m.text());
    });
    // Only the reloaded page's: the first load's warnings (their words are a lazy chunk) may still
    // arrive after the listener is on, and they come before the navigation that replaces them.
    probe.page.on('framenavigated', (f) => {
      if (f === probe.page.mainFrame()) warnings.length = 0;
    });
    await probe.page.reload({ waitUntil: 'domcontentloaded' });
    await firstResults(probe.page, 'remote-gui-1234');
    const { page } = probe;
    expect(await page.$eval('#remote-gui-1234', (el) => el.getAttribute('data-piazza-state'))).toBe('mounted');
    // itemsPerRow "2" (text, as the template writes it) is 2 cards per row.
    expect(
      await page.$$eval('#remote-gui-1234 [role=listitem]', (els) => new Set(els.map((el) => el.getBoundingClientRect().left)).size),
    ).toBe(2);
    const ignored = () => warnings.filter((w) => w.startsWith('[piazza] listing block "remote-gui-1234": impostazione ignorata '));
    await eventually(() => expect(ignored()).toHaveLength(IGNORED.length)); // their words are a lazy chunk
    expect(
      ignored()
        .map((w) => w.split(' ')[6])
        .sort(),
    ).toEqual([...IGNORED].sort());
    expect(ignored().find((w) => w.includes('/listTpl'))).toMatch(
      /^\S+ listing block "remote-gui-1234": impostazione ignorata \/listTpl Impostazione del blocco jQuery .*`templates\.item`/,
    );
    expect(probe.consoleErrors).toEqual([]);

    const validated = await promisify(execFile)(
      process.execPath,
      [join(projectRoot, 'scripts/validate.mjs'), join(projectRoot, 'fixtures/pages/test/legacy-config.html')],
      { cwd: projectRoot },
    );
    const lines = validated.stdout
      .trim()
      .split('\n')
      .map((l) => l.replace(/^.*?legacy-config\.html: /, ''));
    expect(
      lines
        .filter((l) => l.startsWith('listing #remote-gui-1234: avviso: impostazione ignorata '))
        .map((l) => l.split(' ')[5])
        .sort(),
    ).toEqual([...IGNORED].sort());
    expect(lines).toContain(`listing #remote-gui-1234: ok (${IGNORED.length} impostazioni ignorate)`);
    // English on request, from the environment too.
    const english = await promisify(execFile)(
      process.execPath,
      [join(projectRoot, 'scripts/validate.mjs'), join(projectRoot, 'fixtures/pages/test/legacy-config.html')],
      { cwd: projectRoot, env: { ...process.env, PIAZZA_LANG: 'en' } },
    );
    const en = english.stdout
      .trim()
      .split('\n')
      .map((l) => l.replace(/^.*?legacy-config\.html: /, ''));
    expect(en).toContain(
      'listing #remote-gui-1234: warning: ignored setting /spinnerTpl A setting of the jQuery block (its jsrender loading template), ignored: piazza shows its own loading state. Remove it.',
    );
    expect(en).toContain(`listing #remote-gui-1234: ok (${IGNORED.length} ignored settings)`);
    await page.close();
  });
});
