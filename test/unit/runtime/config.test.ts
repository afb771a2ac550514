import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/probe.validate.js';
import { checkConfig, ConfigError, legacyNotes } from '../../../runtime/config';
import listingValidate from '../../../schemas/generated/listing.validate.js';
import listingLegacy from '../../../schemas/generated/listing.legacy.js';
import { toProblems } from '../../../schemas/problems.js';
import { adminMessages } from '../../../runtime/messages';

/** As the console words them by default (Italian). */
const said = (problems: Array<{ path: string; code: string }>) => problems.map((p) => p.path + ' ' + adminMessages().problem(p));
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return said((e as ConfigError).problems);
  }
  throw new Error('no ConfigError');
};

describe('config validation', () => {
  it('fills schema defaults into a copy and leaves the input alone', () => {
    const raw = { blockId: 'p' };
    const config = checkConfig<any>(validate, raw);
    expect(config).toEqual({ blockId: 'p', message: '', locale: 'it-IT' });
    expect(raw).toEqual({ blockId: 'p' });
  });

  it('names every problem by JSON path', () => {
    try {
      checkConfig(validate, { blockId: 3, colour: 'red', message: ['x'] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems).toEqual(
        expect.arrayContaining([
          { path: '/blockId', code: 'type', types: ['string'] },
          { path: '/colour', code: 'additionalProperties' },
          { path: '/message', code: 'type', types: ['string'] },
        ]),
      );
      expect(said((e as ConfigError).problems)).toEqual(
        expect.arrayContaining([
          '/blockId deve essere una stringa',
          '/colour non è una chiave prevista',
          '/message deve essere una stringa',
        ]),
      );
    }
  });

  it('rejects a config that is not an object', () => {
    for (const bad of [null, [], 'x', 3]) {
      expect(thrown(() => checkConfig(validate, bad))).toEqual(['/ deve essere un oggetto']);
    }
  });

  it('reports the deeper problem when an alternative of the right type failed inside', () => {
    const problems = toProblems([
      { instancePath: '/columns/1', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/columns/1', keyword: 'required', params: { missingProperty: 'field' }, message: '', schemaPath: '' },
      { instancePath: '/columns/1/sortable', keyword: 'type', params: { type: 'boolean' }, message: 'must be boolean', schemaPath: '' },
      { instancePath: '/columns/1', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([
      { path: '/columns/1/field', code: 'required' },
      { path: '/columns/1/sortable', code: 'type', types: ['boolean'] },
    ]);
    expect(said(problems)).toEqual(['/columns/1/field è obbligatorio', '/columns/1/sortable deve essere true o false']);
  });

  it('reports a missing key of an object alternative without "must be string"', () => {
    const problems = toProblems([
      { instancePath: '/columns/0', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/columns/0', keyword: 'required', params: { missingProperty: 'field' }, message: '', schemaPath: '' },
      { instancePath: '/columns/0', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([{ path: '/columns/0/field', code: 'required' }]);
  });

  it('says a union once, with the accepted types', () => {
    const problems = toProblems([
      { instancePath: '/facets/0', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/facets/0', keyword: 'type', params: { type: 'object' }, message: 'must be object', schemaPath: '' },
      { instancePath: '/facets/0', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'query' }, message: '', schemaPath: '' },
      { instancePath: '/view', keyword: 'enum', params: { allowedValues: ['a', 'b'] }, message: '', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([
      { path: '/facets/0', code: 'type', types: ['string', 'object'] },
      { path: '/query', code: 'required' },
      { path: '/view', code: 'enum', values: ['a', 'b'] },
    ]);
    expect(said(problems)).toEqual([
      '/facets/0 deve essere una stringa o un oggetto',
      '/query è obbligatorio',
      '/view deve essere uno tra: "a", "b"',
    ]);
  });
});

describe('settings of the jQuery block', () => {
  const copied = {
    query: 'classes [event]',
    spinnerTpl: '#tpl-remote-gui-spinner',
    listTpl: '#tpl-remote-gui-list',
    responseCallback: null,
    itemsPerRow: '2',
    view: 'card_teaser',
  };

  it('are accepted by the listing schema (itemsPerRow as text too), and the rest is still checked', () => {
    expect(checkConfig<any>(listingValidate, copied).itemsPerRow).toBe('2');
    expect(() => checkConfig(listingValidate, { ...copied, itemsPerRow: '7' })).toThrow(ConfigError);
    expect(thrown(() => checkConfig(listingValidate, { ...copied, colour: 'red' }))).toEqual(['/colour non è una chiave prevista']);
  });

  it('are each named once, with what to do instead; other keys are not', () => {
    const notes = legacyNotes(copied, listingLegacy);
    expect(notes.map((n) => n.key)).toEqual(['/spinnerTpl', '/listTpl', '/responseCallback']);
    expect(notes[2].note.it).toMatch(/^Impostazione del blocco jQuery .*ignorata: ascolta invece `piazza\.on\('listing:results'/);
    expect(notes[2].note.en).toContain("piazza.on('listing:results'");
    // As the console prints them: Italian by default, English on request.
    expect(adminMessages().ignored(notes[0].key, notes[0].note)).toBe(
      'impostazione ignorata /spinnerTpl Impostazione del blocco jQuery (il template jsrender di caricamento), ignorata: piazza mostra un proprio stato di caricamento. Rimuovila.',
    );
    expect(adminMessages('en').ignored(notes[0].key, notes[0].note)).toBe(
      'ignored setting /spinnerTpl A setting of the jQuery block (its jsrender loading template), ignored: piazza shows its own loading state. Remove it.',
    );
    expect(legacyNotes({ query: 'x' }, listingLegacy)).toEqual([]);
    expect(legacyNotes(null, listingLegacy)).toEqual([]);
  });
});
