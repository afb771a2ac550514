// `npm run validate -- page.html` reads a page's configs as the browser's HTML tokenizer finds
// them: markup a script only writes (the configurator's preview page document.writes its consent
// script) is no config of the page, and the test command's "demo configs" step checks every demo page.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'piazza-validate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const validate = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/validate.mjs'), '--lang', 'en', ...args], { cwd: root, encoding: 'utf8' });
const page = (name: string, body: string) => {
  const file = join(tmp, name);
  writeFileSync(file, `<!doctype html><html lang="it"><head><title>t</title></head><body>${body}</body></html>`);
  return file;
};
const listing =
  '<div data-piazza-block="listing" id="eventi"><script type="application/json">{"query": "classes [event]"}</script><p>…</p></div>';

describe('validate on a page', () => {
  it("skips the markup a script writes, and still finds the page's own consent config", () => {
    const written = page(
      'written.html',
      `<script>document.write('<script type="application/json" id="piazza-consent">' + location.hash + '<\\/script>');</script>${listing}`,
    );
    const run = validate(written);
    expect(run.stdout).not.toContain('consent');
    expect(run.stdout).toContain('listing #eventi: ok');
    expect(run.status).toBe(0);
    // the same text as the page's own element is its config, and read (here: not JSON)
    const own = page('own.html', `<script type="application/json" id="piazza-consent">' + location.hash + '</script>${listing}`);
    const again = validate(own);
    expect(again.stdout).toMatch(/consent: \/ .*JSON/);
    expect(again.status).toBe(1);
  }, 60_000);

  it("finds every demo page's configs valid", () => {
    const pages = ['portale.html', 'configuratore-anteprima.html', 'consent.html', 'datatable.html'].map((p) =>
      join(root, 'fixtures/pages', p),
    );
    const run = validate(...pages);
    expect(run.stdout).not.toMatch(/: \/|must|JSON/);
    expect(run.status).toBe(0);
  }, 60_000);
});
