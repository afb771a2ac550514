// Admin messages: every problem code (each ajv keyword the schemas use, the consent check's and
// the loader's own, a fallback) in Italian, the default, and in English. Expected texts are
// written here by hand, as an admin should read them.
import { describe, expect, it } from 'vitest';
import datatableValidate from '../../../schemas/generated/datatable.validate.js';
import listingValidate from '../../../schemas/generated/listing.validate.js';
import { toProblems } from '../../../schemas/problems.js';
import { adminLang, adminMessages } from '../../../runtime/messages';
import type { AdminNote } from '../../../runtime/types';

const CASES: Array<[AdminNote, it: string, en: string]> = [
  [{ code: 'required' }, 'è obbligatorio', 'is required'],
  [{ code: 'requiredUnless', key: 'class' }, 'è obbligatorio se non è indicato "class"', 'is required unless "class" is set'],
  [{ code: 'dependencies', key: 'to' }, 'è obbligatorio quando è indicato "to"', 'is required when "to" is set'],
  [{ code: 'additionalProperties' }, 'non è una chiave prevista', 'is not a known key'],
  [
    { code: 'enum', values: ['list', 'geo', 1, null] },
    'deve essere uno tra: "list", "geo", 1, null',
    'must be one of: "list", "geo", 1, null',
  ],
  [{ code: 'const', value: 'browser' }, 'deve valere "browser"', 'must be "browser"'],
  [{ code: 'type', types: ['integer'] }, 'deve essere un numero intero', 'must be an integer'],
  [{ code: 'type', types: ['number'] }, 'deve essere un numero', 'must be a number'],
  [{ code: 'type', types: ['string'] }, 'deve essere una stringa', 'must be a string'],
  [{ code: 'type', types: ['boolean'] }, 'deve essere true o false', 'must be true or false'],
  [{ code: 'type', types: ['object'] }, 'deve essere un oggetto', 'must be an object'],
  [{ code: 'type', types: ['array'] }, 'deve essere un array', 'must be an array'],
  [{ code: 'type', types: ['string', 'null'] }, 'deve essere una stringa o null', 'must be a string or null'],
  [{ code: 'minimum', limit: 1 }, 'deve essere ≥ 1', 'must be ≥ 1'],
  [{ code: 'maximum', limit: 100 }, 'deve essere ≤ 100', 'must be ≤ 100'],
  [{ code: 'exclusiveMinimum', limit: 0 }, 'deve essere > 0', 'must be > 0'],
  [{ code: 'exclusiveMaximum', limit: 10 }, 'deve essere < 10', 'must be < 10'],
  [{ code: 'multipleOf', limit: 5 }, 'deve essere un multiplo di 5', 'must be a multiple of 5'],
  [{ code: 'minLength', limit: 1 }, 'non può essere vuoto', 'must not be empty'],
  [{ code: 'minLength', limit: 3 }, 'deve avere almeno 3 caratteri', 'must have at least 3 characters'],
  [{ code: 'maxLength', limit: 1 }, 'deve avere al massimo un carattere', 'must have at most one character'],
  [{ code: 'maxLength', limit: 80 }, 'deve avere al massimo 80 caratteri', 'must have at most 80 characters'],
  [{ code: 'minItems', limit: 1 }, 'deve avere almeno un elemento', 'must have at least one item'],
  [{ code: 'minItems', limit: 2 }, 'deve avere almeno 2 elementi', 'must have at least 2 items'],
  [{ code: 'maxItems', limit: 6 }, 'deve avere al massimo 6 elementi', 'must have at most 6 items'],
  [{ code: 'minProperties', limit: 1 }, 'deve avere almeno una chiave', 'must have at least one key'],
  [{ code: 'maxProperties', limit: 4 }, 'deve avere al massimo 4 chiavi', 'must have at most 4 keys'],
  [
    { code: 'uniqueItems', first: 0, second: 2 },
    'non deve avere elementi ripetuti (gli elementi 0 e 2 sono uguali)',
    'must not repeat items (items 0 and 2 are the same)',
  ],
  [{ code: 'pattern', pattern: '^[a-z]+$' }, 'deve rispettare il formato ^[a-z]+$', 'must match the pattern ^[a-z]+$'],
  [{ code: 'format', format: 'uri' }, 'deve essere nel formato "uri"', 'must be in the "uri" format'],
  [{ code: 'anyOf' }, 'non corrisponde a nessuna delle forme ammesse', 'does not match any allowed form'],
  [{ code: 'oneOf' }, 'corrisponde a più di una delle forme ammesse', 'matches more than one allowed form'],
  // The consent check's own (piazza.js), and the loader's.
  [{ code: 'count' }, 'deve essere un numero intero ≥ 0', 'must be an integer ≥ 0'],
  [{ code: 'category' }, 'deve essere una chiave di /categories', 'must be a key of /categories'],
  [{ code: 'regexp' }, 'deve essere un’espressione regolare valida', 'must be a valid regular expression'],
  [{ code: 'colour' }, 'deve essere un colore CSS', 'must be a CSS colour'],
  [{ code: 'link' }, 'deve essere un URL http(s) o relativo', 'must be an http(s) or relative URL'],
  [{ code: 'json', detail: 'Unexpected token' }, 'non è un JSON valido (Unexpected token)', 'is not valid JSON (Unexpected token)'],
  [
    { code: 'blockType', name: 'calendario', known: ['listing', 'datatable'] },
    'tipo di blocco sconosciuto "calendario" (disponibili: listing, datatable)',
    'unknown block type "calendario" (known: listing, datatable)',
  ],
  [{ code: 'blockType', name: 'x' }, 'tipo di blocco sconosciuto "x"', 'unknown block type "x"'],
  // what a block says while it runs (ctx.log)
  [
    { code: 'tabsMissing', tabs: 'geo, agenda' },
    'schede non disponibili in questa versione: geo, agenda',
    'tabs not available in this version: geo, agenda',
  ],
  // A rule no schema uses yet, and a code nobody taught this module.
  [
    { code: 'invalid', keyword: 'contains' },
    'non rispetta la regola "contains" dello schema',
    'does not satisfy the schema’s "contains" rule',
  ],
  [{ code: 'propertyNames' }, 'non rispetta la regola "propertyNames" dello schema', 'does not satisfy the schema’s "propertyNames" rule'],
];

describe('admin messages', () => {
  it.each(CASES)('%j', (note, it, en) => {
    expect(adminMessages().problem(note)).toBe(it);
    expect(adminMessages('it').problem(note)).toBe(it);
    expect(adminMessages('en').problem(note)).toBe(en);
  });

  it('the console line: every path and problem, or a note alone', () => {
    const problems = [
      { path: '/query', code: 'required' },
      { path: '/tabs/1', code: 'enum', values: ['list', 'geo'] },
    ];
    expect(adminMessages().explain(problems)).toBe(
      'configurazione non valida: /query è obbligatorio; /tabs/1 deve essere uno tra: "list", "geo"',
    );
    expect(adminMessages('en').explain(problems)).toBe('invalid config: /query is required; /tabs/1 must be one of: "list", "geo"');
    expect(adminMessages().explain({ code: 'blockType', name: 'nope' })).toBe('tipo di blocco sconosciuto "nope"');
  });

  it('English on request (en, en-GB, eng); Italian otherwise', () => {
    expect(['en', 'EN', 'en-GB', 'eng'].map(adminLang)).toEqual(['en', 'en', 'en', 'en']);
    expect(['it', 'it-IT', 'de', '', null, undefined].map(adminLang)).toEqual(['it', 'it', 'it', 'it', 'it', 'it']);
    expect(adminMessages('de').lang).toBe('it');
  });

  it("npm run validate's own lines", () => {
    const it = adminMessages();
    const en = adminMessages('en');
    expect([it.plural('okIgnored', 1), it.plural('okIgnored', 6), it.t('warning')]).toEqual([
      'ok (1 impostazione ignorata)',
      'ok (6 impostazioni ignorate)',
      'avviso',
    ]);
    expect([en.plural('okIgnored', 1), en.plural('okIgnored', 6), en.t('warning')]).toEqual([
      'ok (1 ignored setting)',
      'ok (6 ignored settings)',
      'warning',
    ]);
    expect(it.t('noType')).toBe('non si capisce il tipo di configurazione: aggiungi "$schema" o indica --type');
  });
});

describe('ajv errors of the real schemas → codes → words', () => {
  const said = (validate: typeof datatableValidate, config: unknown) =>
    (validate(structuredClone(config)) ? [] : toProblems(validate.errors)).map((p) => p.path + ' ' + adminMessages().problem(p));

  it('datatable: additionalProperties, minLength, pattern, minItems, maximum, minimum, uniqueItems, type, required', () => {
    expect(
      said(datatableValidate, {
        class: '',
        columns: [],
        pageSize: 301,
        pageSizeOptions: [10, 25, 10],
        export: { batchSize: 5 },
        colour: 'red',
        blockId: 3,
      }).sort(),
    ).toEqual([
      '/blockId deve essere una stringa',
      '/class deve rispettare il formato ^[A-Za-z0-9_]+$',
      '/class non può essere vuoto',
      '/colour non è una chiave prevista',
      '/columns deve avere almeno un elemento',
      '/export/batchSize deve essere ≥ 10',
      '/pageSize deve essere ≤ 300',
      '/pageSizeOptions non deve avere elementi ripetuti (gli elementi 0 e 2 sono uguali)',
      '/query è obbligatorio',
    ]);
  });

  it('listing: a union of types said once; if/then said by the "then" problem alone', () => {
    expect(said(listingValidate, { query: 'x', facets: [3] })).toEqual(['/facets/0 deve essere una stringa o un oggetto']);
    expect(said(listingValidate, { query: 'x', remoteUrl: 'https://altro.it', queryBuilder: 'server' })).toEqual([
      '/queryBuilder deve essere uno tra: "browser"',
    ]);
  });

  it('a keyword without its own words: the generic message names the rule', () => {
    expect(
      toProblems([
        { instancePath: '/a', keyword: 'contains', params: {}, message: 'must contain at least 1 valid item(s)', schemaPath: '' },
      ] as any),
    ).toEqual([{ path: '/a', code: 'invalid', keyword: 'contains' }]);
  });
});
