import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/listing.validate.js';
import { checkConfig, ConfigError } from '../../../runtime/config';
import { parseFacet } from '../../../blocks/listing/model/settings';
import { settings } from './fixtures';
import { adminMessages } from '../../../runtime/messages';

const problems = (config: unknown) => {
  try {
    checkConfig(validate, config);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems.map((p) => p.path + ' ' + adminMessages().problem(p));
  }
};

describe('config', () => {
  it('the DESIGN example is valid', () => {
    expect(
      problems({
        $schema: '../schemas/listing.schema.json',
        blockId: 'eventi-home',
        queryBuilder: 'browser',
        query: 'classes [event] sort [time_interval=>asc]',
        view: 'card_teaser',
        limitPagination: 6,
        itemsPerRow: 3,
        facets: [{ field: 'topics', label: 'Argomenti' }, 'has_public_event_typology|alpha|100'],
        tabs: ['list', 'geo', 'agenda'],
        showSearch: true,
        timeIntervals: true,
        publishedRange: true,
        hideIfEmpty: false,
        locale: 'it-IT',
      }),
    ).toEqual([]);
  });

  it('names the JSON path of each problem', () => {
    const found = problems({ limitPagination: 0, itemsPerRow: 'tanti', tabs: ['list', 'chart'], facets: ['topics|random'], colour: 'red' });
    expect(found).toEqual(
      expect.arrayContaining([
        '/limitPagination deve essere ≥ 1',
        '/tabs/1 deve essere uno tra: "list", "geo", "agenda"',
        '/colour non è una chiave prevista',
      ]),
    );
    expect(found.some((p) => p.startsWith('/itemsPerRow '))).toBe(true);
    expect(found.some((p) => p.startsWith('/facets/0 '))).toBe(true);
  });

  it('a remote portal cannot be combined with server mode', () => {
    // Only the "then" branch's own problem: not the if/then rule around it.
    expect(problems({ remoteUrl: 'https://altro.it', queryBuilder: 'server' })).toEqual(['/queryBuilder deve essere uno tra: "browser"']);
    expect(problems({ remoteUrl: 'ftp://altro.it' })[0]).toMatch(/^\/remoteUrl deve rispettare il formato \^/);
  });

  it('fills the defaults', () => {
    const s = settings({});
    expect(s).toMatchObject({
      source: { kind: 'local', prefix: '' },
      limit: 3,
      itemsPerRow: 3,
      view: 'card_teaser',
      tabs: ['list'],
      paging: 'pages',
      showSearch: false,
      timeIntervals: false,
      publishedRange: false,
      hideIfEmpty: false,
      locale: 'it-IT',
    });
  });
});

describe('settings', () => {
  it('source: local, remote, server, named', () => {
    expect(settings({ localAccessPrefix: '/ita' }).source).toEqual({ kind: 'local', prefix: '/ita' });
    expect(settings({ remoteUrl: 'https://altro.it/' }).source).toEqual({ kind: 'remote', remoteUrl: 'https://altro.it' });
    expect(settings({ blockId: 'b1', queryBuilder: 'server' }).source).toEqual({ kind: 'server', prefix: '', name: 'b1' });
    expect(settings({ blockId: 'b1', queryBuilder: 'people_by_role' }).source).toEqual({
      kind: 'server',
      prefix: '',
      name: 'people_by_role',
    });
  });

  it('append paging for the list views, pages otherwise, unless configured', () => {
    expect(settings({ view: 'latest_messages_item' }).paging).toBe('append');
    expect(settings({ view: 'accordion' }).paging).toBe('append');
    expect(settings({ view: 'text_linked' }).paging).toBe('append');
    expect(settings({ view: 'card_teaser' }).paging).toBe('pages');
    expect(settings({ view: 'text_linked', paging: 'pages' }).paging).toBe('pages');
    expect(settings({ view: 'card', paging: 'append' }).paging).toBe('append');
  });

  it('the block id defaults to the element id', () => {
    expect(settings({ blockId: undefined }, 'remote-gui-x').blockId).toBe('remote-gui-x');
  });

  it('facets: field|sort|limit or objects', () => {
    expect(parseFacet('topics')).toEqual({ field: 'topics', label: 'topics', sort: 'alpha', limit: 1000 });
    expect(parseFacet('topics|count|50')).toEqual({ field: 'topics', label: 'topics', sort: 'count', limit: 50 });
    expect(parseFacet({ field: 'topics', label: 'Argomenti' })).toEqual({
      field: 'topics',
      label: 'Argomenti',
      sort: 'alpha',
      limit: 1000,
    });
  });
});

describe('texts', () => {
  it('Italian, English and German have the same keys, none empty', async () => {
    const { catalog } = await import('../../../blocks/listing/i18n');
    const keys = Object.keys(catalog.it).sort();
    expect(Object.keys(catalog.en!).sort()).toEqual(keys);
    expect(Object.keys(catalog.de!).sort()).toEqual(keys);
    for (const lang of ['it', 'en', 'de'] as const) for (const k of keys) expect(catalog[lang]![k], lang + ' ' + k).not.toBe('');
  });
});
