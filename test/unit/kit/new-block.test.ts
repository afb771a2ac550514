// @vitest-environment jsdom
// Issue 29's promise, kept by a test: a new block is its schema, its folder and one registry line.
// This test adds a "notice" block in a folder of its own (git-ignored .tmp/), with a registry that
// is this repository's plus one line (PIAZZA_BLOCKS), and nothing else: the generator writes its
// validator, the block mounts, refuses a bad config with its JSON path, reports a legacy setting,
// unmounts leaving nothing behind, `npm run validate` knows it (and its public.ts: its other settings
// shape and eZ mapping), and the configurator offers it (its
// form from its schema, its name, its problems worded as validate words them, its markup).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../runtime/events';
import { adminLog, linePrefix, adminNotes } from '../../../runtime/log';
import type { BlockContext } from '../../../runtime/types';
import type { ConfigType } from '../../../configurator/blocks';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const tmp = join(import.meta.dirname, '.tmp', 'notice-' + process.pid);
const dir = join(tmp, 'blocks', 'notice');
const kit = relative(dir, join(root, 'runtime/block/kit')).replace(/\\/g, '/');
const env = { ...process.env, PIAZZA_BLOCKS: join(tmp, 'registry.json'), PIAZZA_GENERATED: join(tmp, 'schemas', 'generated') };

/** The block's whole index.ts: its wiring. */
const INDEX = `import { h } from 'preact';
import validate from '../../schemas/generated/notice.validate.js';
import legacy from '../../schemas/generated/notice.legacy.js';
import type { NoticeConfig } from '../../schemas/generated/notice';
import { defineBlock } from '${kit}';

const catalog = {
  it: { title: 'Avviso', closed: 'Uffici chiusi il {day}' },
  en: { title: 'Notice', closed: 'Offices closed on {day}' },
};

export const mount = defineBlock<NoticeConfig>({
  validate, legacy, catalog, css: '.piazza-notice{border-left:4px solid}', hostClass: 'piazza-notice',
  setup({ config, i18n, render, announce, add }) {
    render(h('p', null, h('strong', null, i18n.t('title') + ': '), i18n.t('closed', { day: config.day })));
    const timer = setInterval(() => announce(i18n.t('closed', { day: config.day })), 60_000);
    add(() => clearInterval(timer));
  },
});
`;

/**
 * Its contract to tools (public.ts, optional): the settings of the widget it replaces, which it also
 * takes, and its eZ block's attributes → its config. `npm run validate` finds both through the
 * registry, with no line naming this block.
 */
const PUBLIC = `export const isPluginSettings = (s: any) => !!s && typeof s === 'object' && 'closedOn' in s;
export const fromPluginSettings = (s: any) => ({ config: { day: s.closedOn }, ignored: 'banner' in s ? [{ key: '/banner', note: { it: 'Il tema lo disegna.', en: 'The theme draws it.' } }] : [] });
export const loadOpenpaMapping = async () => (form: any) => ({ config: { day: form.openpa.attributes.giorno }, origin: { '/day': '/openpa/attributes/giorno' }, problems: [] });
`;

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'notice',
  type: 'object',
  additionalProperties: false,
  required: ['day'],
  properties: {
    $schema: { type: 'string' },
    blockId: { type: 'string' },
    locale: { type: 'string' },
    day: { type: 'string', minLength: 1, description: 'The day the offices are closed.' },
    color: { deprecated: true, description: "Use the theme's classes.", 'x-description-it': 'Usa le classi del tema.' },
  },
};

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(tmp, 'schemas'), { recursive: true });
  writeFileSync(join(dir, 'index.ts'), INDEX);
  writeFileSync(join(dir, 'public.ts'), PUBLIC);
  writeFileSync(join(tmp, 'schemas', 'notice.schema.json'), JSON.stringify(SCHEMA), { flag: 'w' });
  const registry = JSON.parse(readFileSync(join(root, 'blocks/registry.json'), 'utf8'));
  registry.blocks.notice = {
    // the one line
    dir: relative(root, dir),
    schema: relative(root, join(tmp, 'schemas', 'notice.schema.json')),
    budgets: [{ name: 'notice block', chunks: ['notice'], limit: '1 KB' }],
  };
  writeFileSync(join(tmp, 'registry.json'), JSON.stringify(registry));
  await run('node', [join(root, 'scripts/gen-schemas.mjs')], { cwd: root, env });
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function context(): BlockContext {
  const explain = async (what: unknown) => JSON.stringify(what);
  return {
    version: 'test',
    nonce: '',
    base: '/dist/',
    events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
    explain,
    blockId: 'chiusura',
    type: 'notice',
    log: adminLog(linePrefix('notice', 'chiusura'), explain),
  };
}

describe('a block added with its schema, its folder and one registry line', () => {
  it('keeps its wiring within 25 lines', () => {
    expect(INDEX.trim().split('\n').length).toBeLessThanOrEqual(25);
  });

  it('mounts, reports a legacy setting, and unmounts leaving nothing behind', async () => {
    const { mount } = await import(/* @vite-ignore */ join(dir, 'index.ts'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = document.body.appendChild(document.createElement('div'));
    element.innerHTML = '<script type="application/json">{}</script><p>fallback</p>';
    const cleanup = await mount(element, { day: '2 giugno', color: 'red' }, context());
    expect(element.querySelector('.piazza-notice')?.textContent).toBe('Avviso: Uffici chiusi il 2 giugno');
    expect(element.textContent).not.toContain('fallback');
    expect(element.querySelector('[role=status]')).not.toBeNull();
    expect(document.head.querySelector('style[data-piazza-css="notice"]')?.textContent).toContain('border-left');
    // (the words are the messages chunk's; this context's explain gives the codes)
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[piazza] notice block "chiusura": ' +
          JSON.stringify({ code: 'ignored', key: '/color', note: { it: 'Usa le classi del tema.', en: "Use the theme's classes." } }),
      ),
    );
    cleanup();
    expect(element.querySelector('.piazza-notice')?.childNodes.length).toBe(0);
    expect(element.querySelector('[role=status]')).toBeNull();
    expect(document.head.querySelector('style[data-piazza-css="notice"]')).toBeNull();
    warn.mockRestore();
  });

  it('refuses a config its schema refuses, naming the JSON path, and leaves the fallback', async () => {
    const { mount } = await import(/* @vite-ignore */ join(dir, 'index.ts'));
    const element = document.body.appendChild(document.createElement('div'));
    element.innerHTML = '<p>fallback</p>';
    await expect(mount(element, { day: '' }, context())).rejects.toMatchObject({
      name: 'ConfigError',
      problems: [{ path: '/day', code: 'minLength' }],
    });
    await expect(mount(element, {}, context())).rejects.toMatchObject({ problems: [{ path: '/day', code: 'required' }] });
    expect(element.innerHTML).toBe('<p>fallback</p>');
    expect(document.head.querySelector('style[data-piazza-css="notice"]')).toBeNull();
  });

  it('is known to `npm run validate` and to the typings', async () => {
    const page = join(tmp, 'page.html');
    writeFileSync(
      page,
      '<div data-piazza-block="notice" id="a"><script type="application/json">{"blockId": "ok", "day": "1 maggio"}</script></div>' +
        '<div data-piazza-block="notice" id="b"><script type="application/json">{"blockId": "ko", "day": 3}</script></div>',
    );
    const out = await run('node', [join(root, 'scripts/validate.mjs'), page], { cwd: root, env }).catch((e) => e);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(page + ': notice "ok": ok');
    expect(out.stdout).toContain(page + ': notice "ko": /day deve essere una stringa');
    // through its public.ts: the old widget's settings (no $schema), its eZ form (an attribute the schema refuses, named where the admin wrote it)
    const widget = join(tmp, 'widget.json');
    writeFileSync(widget, JSON.stringify({ closedOn: '2 giugno', banner: true }));
    const ez = join(tmp, 'ez.json');
    writeFileSync(ez, JSON.stringify({ openpa: { block: { id: 'ez' }, attributes: { giorno: '' } } }));
    const mapped = await run('node', [join(root, 'scripts/validate.mjs'), '--type', 'notice', ez], { cwd: root, env }).catch((e) => e);
    expect(mapped.stdout).toContain(ez + ': notice "ez": /openpa/attributes/giorno ');
    expect(mapped.code).toBe(1);
    const settings = await run('node', [join(root, 'scripts/validate.mjs'), '--lang', 'en', widget], { cwd: root, env });
    expect(settings.stdout).toContain(widget + ': notice: warning: ');
    expect(settings.stdout).toContain('The theme draws it.');
    expect(settings.stdout).toContain(widget + ': notice: ok (1 ignored setting)');
    const usage = await run('node', [join(root, 'scripts/validate.mjs')], { cwd: root, env }).catch((e) => e);
    expect(usage.stderr).toMatch(/--type listing\|datatable\|probe\|notice\|consent/);
    expect(readFileSync(join(tmp, 'schemas/generated/blocks.d.ts'), 'utf8')).toMatch(/notice: NoticeConfig;/);
  });

  it('appears in the configurator: a type to choose, its form from its schema, its problems, its markup', async () => {
    // The configurator of a build with this registry: the generated tables it reads are the test's.
    const generated = (name: string) => join(tmp, 'schemas', 'generated', name);
    vi.resetModules();
    vi.doMock('../../../schemas/generated/blocks.validate.js', () => import(/* @vite-ignore */ generated('blocks.validate.js')));
    vi.doMock('../../../schemas/generated/blocks.schemas.js', () => import(/* @vite-ignore */ generated('blocks.schemas.js')));
    try {
      const { BLOCKS, CONFIG_TYPES, configHtml, problemsOf, starter, typeOf } = await import('../../../configurator/model');
      const { localizeSchema } = await import('../../../configurator/schema-ui');
      const { typeName } = await import('../../../configurator/start');
      const { textsFor } = await import('../../../configurator/texts');
      // (a type of this registry only: not one this checkout's typings know)
      const notice = 'notice' as ConfigType;
      expect(CONFIG_TYPES).toEqual(['listing', 'datatable', 'probe', 'notice', 'consent']);
      // its fields in the form (the legacy key kept out of it), the kit's keys in Avanzate
      expect(BLOCKS[notice].groups.map((g) => [g.id, g.keys, g.open])).toEqual([
        ['cosa', ['day'], true],
        ['avanzate', ['blockId', 'locale'], false],
      ]);
      expect(Object.keys(localizeSchema(BLOCKS[notice], 'it').properties)).toEqual(['$schema', 'blockId', 'locale', 'day']);
      // the problems `npm run validate` prints for the same config (above), and the legacy key as a warning
      expect(problemsOf(notice, { day: 3 }, 'it').map((p) => [p.path, p.message])).toEqual([['/day', 'deve essere una stringa']]);
      expect(problemsOf(notice, { day: '2 giugno', color: 'red' }, 'en')).toMatchObject([
        { path: '/color', code: 'ignored', warning: true },
      ]);
      expect(problemsOf(notice, { day: '2 giugno' }, 'it')).toEqual([]);
      // a pasted config is recognised by its $schema, or by the key only it has
      expect(starter(notice)).toEqual({ $schema: '../schemas/notice.schema.json' });
      expect(typeOf(starter(notice))).toBe(notice);
      expect(typeOf({ day: '2 giugno' })).toBe(notice);
      expect(configHtml(notice, { blockId: 'chiusura', day: '2 giugno' }, 'Uffici chiusi')).toContain(
        '<div data-piazza-block="notice" id="chiusura">',
      );
      // its name among the types the page offers (CONFIG_TYPES): its schema's title, having no words of the configurator's
      expect(typeName(textsFor('it'), notice)).toBe('notice');
      expect(typeName(textsFor('en'), 'probe')).toBe('Probe block');
      expect(typeName(textsFor('it'), 'probe')).toBe('Blocco di prova');
    } finally {
      vi.doUnmock('../../../schemas/generated/blocks.validate.js');
      vi.doUnmock('../../../schemas/generated/blocks.schemas.js');
      vi.resetModules();
    }
  });

  it('is an entry of the build and has its size budget', async () => {
    const read =
      "const b = await import('./scripts/blocks.mjs'); const s = await import('./scripts/budgets.mjs');" +
      ' console.log(JSON.stringify({ entries: b.readBlocks().map((x) => [x.type, x.index]), budgets: s.budgets().map((c) => [c.name, s.file(c.chunks[0], c.dir)]) }));';
    const { stdout } = await run('node', ['--input-type=module', '-e', read], { cwd: root, env });
    const { entries, budgets } = JSON.parse(stdout);
    expect(entries).toContainEqual(['notice', join(dir, 'index.ts')]);
    expect(entries.map(([type]: string[]) => type)).toEqual(expect.arrayContaining(['listing', 'datatable', 'probe', 'notice']));
    // exactly its chunk: notice-<rollup's 8-character hash>.js (scripts/budgets.mjs)
    expect(budgets).toContainEqual(['notice block', 'dist/chunks/notice-' + '[A-Za-z0-9_-]'.repeat(8) + '.js']);
  });
});
