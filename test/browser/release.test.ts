// `npm run release` as a portal team uses it: the folder and tarball hold what a portal serves
// (and nothing else), two releases of one commit are the same bytes, every file has its sha384,
// the install snippet's tag loads piazza with its integrity (and a tampered hash stops it), a
// portal page works served from the release alone, the typings compile, publiccode.yml goes
// along (its url from PIAZZA_REPOSITORY_URL), and `npm pack` ships dist, schemas and types without the tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { newProbe, openPage, projectRoot } from './harness';
import { useBrowserEnv } from './env';

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
const NAME = `piazza-${pkg.version}`;
let temp: string;
let folder: string;

// Without PIAZZA_REPOSITORY_URL unless a test sets it: the release's publiccode.yml is then the repository's.
const release = (out: string, env: Record<string, string> = {}) => {
  const { PIAZZA_REPOSITORY_URL: _, ...base } = process.env;
  return execFileSync(process.execPath, [join(projectRoot, 'scripts/release.mjs'), '--out', out], {
    cwd: projectRoot,
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...base, ...env },
  });
};
const sha384 = (file: string) => 'sha384-' + createHash('sha384').update(readFileSync(file)).digest('base64');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'piazza-release-test-'));
  release(join(temp, 'a'));
  folder = join(temp, 'a', NAME);
}, 120_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));
// The emulator serves /dist/ from the release: the pages below load nothing of the repository's build.
const env = useBrowserEnv({ portal: () => ({ distDir: join(folder, 'dist') }) });

describe('npm run release', () => {
  it('two releases of one commit are the same bytes', () => {
    release(join(temp, 'b'));
    const a = readFileSync(join(temp, 'a', NAME + '.tgz'));
    const b = readFileSync(join(temp, 'b', NAME + '.tgz'));
    expect(a.length).toBeGreaterThan(100_000);
    expect(a.equals(b)).toBe(true);
    // The archive holds the folder: the same names, under piazza-<version>/.
    const listed = execFileSync('tar', ['tzf', join(temp, 'a', NAME + '.tgz')], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .sort();
    expect(listed).toEqual(
      walk(folder)
        .map((f) => NAME + '/' + relative(folder, f))
        .sort(),
    );
  });

  it('holds dist, absolute-$id schemas, typings, LICENSE, CHANGELOG, publiccode.yml, integrity.json and install.html — nothing else', () => {
    const files = walk(folder).map((f) => relative(folder, f));
    const top = [...new Set(files.map((f) => f.split('/')[0]))].sort();
    expect(top).toEqual(['CHANGELOG.md', 'LICENSE', 'dist', 'install.html', 'integrity.json', 'publiccode.yml', 'schemas', 'types']);
    expect(readFileSync(join(folder, 'publiccode.yml'), 'utf8')).toBe(readFileSync(join(projectRoot, 'publiccode.yml'), 'utf8'));
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/piazza.js',
        'dist/piazza.js.map',
        'types/piazza.d.ts',
        'types/listing.d.ts',
        'schemas/listing.schema.json',
      ]),
    );
    // The typings are the public ones: piazza.d.ts, one type file per config and blocks.d.ts (the
    // registry's BlockType and BlockConfigs, which piazza.d.ts re-exports), nothing generated for internal use.
    expect(files.filter((f) => f.startsWith('types/')).sort()).toEqual([
      'types/blocks.d.ts',
      'types/consent.d.ts',
      'types/datatable.d.ts',
      'types/listing.d.ts',
      'types/piazza.d.ts',
      'types/probe.d.ts',
    ]);
    expect(files.filter((f) => f.startsWith('dist/chunks/') && f.endsWith('.js')).length).toBeGreaterThan(10);
    for (const file of files.filter((f) => f.startsWith('schemas/'))) {
      const schema = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      expect(schema.$id).toBe(`https://cdn.jsdelivr.net/npm/piazza@${pkg.version}/${file}`);
    }
    expect(readFileSync(join(folder, 'CHANGELOG.md'), 'utf8')).toContain(`## [${pkg.version}]`);
  });

  it('integrity.json has the sha384 of every other file; install.html pins piazza.js with it', () => {
    const integrity = JSON.parse(readFileSync(join(folder, 'integrity.json'), 'utf8'));
    const files = walk(folder)
      .map((f) => relative(folder, f))
      .filter((f) => f !== 'integrity.json')
      .sort();
    expect(Object.keys(integrity).sort()).toEqual(files);
    for (const f of files) expect(integrity[f], f).toBe(sha384(join(folder, f)));
    const snippet = readFileSync(join(folder, 'install.html'), 'utf8');
    expect(snippet).toContain(
      `<script src="/extension/piazza/design/piazza/javascript/piazza/piazza.js" integrity="${sha384(join(folder, 'dist/piazza.js'))}" crossorigin="anonymous"></script>`,
    );
  });

  it("PIAZZA_REPOSITORY_URL sets publiccode.yml's url, and integrity.json follows; a bad one stops the release", () => {
    const url = 'https://git.example.it/comune/piazza.git';
    const out = release(join(temp, 'c'), { PIAZZA_REPOSITORY_URL: url });
    expect(out).not.toMatch(/names no repository/);
    const copy = join(temp, 'c', NAME);
    const text = readFileSync(join(copy, 'publiccode.yml'), 'utf8');
    expect(text).toContain(`\nurl: "${url}"\n`);
    expect(text.replace(/^url: .*$/m, '')).toBe(readFileSync(join(projectRoot, 'publiccode.yml'), 'utf8').replace(/^url: .*$/m, ''));
    expect(JSON.parse(readFileSync(join(copy, 'integrity.json'), 'utf8'))['publiccode.yml']).toBe(sha384(join(copy, 'publiccode.yml')));
    let failure = '';
    try {
      release(join(temp, 'd'), { PIAZZA_REPOSITORY_URL: 'git@git.example.it:comune/piazza.git' });
    } catch (e: any) {
      failure = String(e.stderr);
    }
    expect(failure).toMatch(/PIAZZA_REPOSITORY_URL: not an http\(s\) URL/);
  });

  it("the snippet's tag loads piazza from the release with its integrity; a wrong hash keeps it out", async () => {
    const snippet = readFileSync(join(folder, 'install.html'), 'utf8');
    const tag = snippet
      .match(/<script src="[^"]+" integrity="[^"]+" crossorigin="anonymous"><\/script>/)![0]
      .replace('/extension/piazza/design/piazza/javascript/piazza/', '/dist/');
    const page = (
      script: string,
    ) => `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Installazione</title>${script}</head>
      <body><main><div data-piazza-block="probe" id="sonda"><script type="application/json">{"message": "dal rilascio"}</script>piazza non attivo</div></main></body></html>`;
    const post = (path: string, html: string) =>
      fetch(env.portal.origin + '/__emulator/pages', { method: 'POST', body: JSON.stringify({ path, html }) });
    await post('/installazione.html', page(tag));
    // (the hash's first character changed to another one: 'A' over an 'A' would tamper nothing)
    await post(
      '/manomesso.html',
      page(tag.replace(/integrity="sha384-(.)/, (_, c: string) => 'integrity="sha384-' + (c === 'A' ? 'B' : 'A'))),
    );

    const probe = await openPage(env.browser, env.portal.url + 'installazione.html');
    expect(await probe.page.evaluate(() => (window as any).piazza.version)).toBe(pkg.version);
    await probe.page.waitForSelector('#sonda[data-piazza-state="mounted"]');
    expect(await probe.page.$eval('#sonda', (el) => el.textContent)).toContain('dal rilascio');
    expect(probe.errors).toEqual([]);
    await probe.page.close();

    const tampered = await newProbe(env.browser);
    await tampered.page.goto(env.portal.url + 'manomesso.html', { waitUntil: 'load' });
    expect(await tampered.page.evaluate(() => typeof (window as any).piazza)).toBe('undefined');
    expect(tampered.errors.join('\n')).toMatch(/integrity/i);
    await tampered.page.close();
  });

  it('a portal page works served from the release alone', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'portale.html');
    const { page } = probe;
    await page.waitForFunction(() => document.querySelector('.piazza-listing-list')?.getAttribute('data-piazza-status') === 'ready', {
      timeout: 15_000,
    });
    const states = await page.$$eval('[data-piazza-block]', (els) => els.map((el) => el.getAttribute('data-piazza-state')));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s === 'mounted')).toBe(true);
    expect(probe.requests.filter((u) => u.includes('/dist/')).length).toBeGreaterThan(1);
    expect(probe.failedResponses).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it("its typings compile in a portal's TypeScript, and catch a wrong event payload", () => {
    const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
    const check = (code: string) => {
      writeFileSync(join(folder, 'uso.ts'), code);
      try {
        execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--lib', 'es2022,dom', '--skipLibCheck', 'false', 'uso.ts'], {
          cwd: folder,
          encoding: 'utf8',
        });
        return '';
      } catch (e: any) {
        return String(e.stdout);
      } finally {
        rmSync(join(folder, 'uso.ts'));
      }
    };
    expect(
      check(`import type { ListingConfig, DatatableConfig } from './types/piazza';
const listing: ListingConfig = { query: 'classes [event]', tabs: ['list', 'geo'] };
const table: DatatableConfig = { query: 'classes [document]', columns: ['name'] };
window.piazza?.on('block:error', (e) => console.log(e.blockId, e.message.length, listing, table));
window.piazza?.on('listing:results', (e) => e.totalCount + 1);
`),
    ).toBe('');
    expect(check(`import type {} from './types/piazza';\nwindow.piazza?.on('listing:results', (e) => e.message.length);\n`)).toMatch(
      /Property 'message' does not exist/,
    );
  });
});

describe('npm pack', () => {
  it('ships dist, schemas, types and the smoke command; nothing of the tests or fixtures', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: projectRoot, encoding: 'utf8' }),
    );
    const files: string[] = packed.files.map((f: { path: string }) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'LICENSE',
        'CHANGELOG.md',
        'README.md',
        'dist/piazza.js',
        'schemas/listing.schema.json',
        'schemas/generated/listing.d.ts',
        'types/piazza.d.ts',
        'scripts/smoke.mjs',
        'scripts/smoke/check.mjs',
        'publiccode.yml',
      ]),
    );
    expect(files.filter((f) => /^(test|fixtures|blocks|runtime|\.ci)\//.test(f))).toEqual([]);
    expect(files.filter((f) => f.includes('.validate.') || f.includes('.legacy.'))).toEqual([]);
    expect(packed.name).toBe('piazza');
    expect(packed.version).toBe(pkg.version);
  });
});
