import { describe, expect, it } from 'vitest';
import {
  cellText,
  guessType,
  hasLinks,
  htmlToText,
  linkFor,
  priceText,
  renderField,
  safeHref,
  type CellOptions,
} from '../../../blocks/datatable/model/cells';

const it_: CellOptions = { lang: 'it', locale: 'it-IT', yes: 'Sì', no: 'No' };
const en: CellOptions = { lang: 'en', locale: 'en-GB', yes: 'Yes', no: 'No' };
const XSS = `'"><img src=x onerror="window.__x=1"><script>window.__x=1</script>`;
const EMPTIES = [null, undefined, '', []];

describe('safeHref', () => {
  it('keeps http(s), mailto, tel and relative URLs', () => {
    expect(safeHref('https://www.comune.it/a b.pdf')).toBe('https://www.comune.it/a%20b.pdf');
    expect(safeHref('/var/storage/file.pdf')).toBe('/var/storage/file.pdf');
    expect(safeHref('mailto:a@b.it')).toBe('mailto:a@b.it');
  });
  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<b>', 'vbscript:x', '', null, 42])(
    'refuses %j',
    (v) => {
      expect(safeHref(v)).toBeNull();
    },
  );
});

describe('relations and tags', () => {
  const rel = [
    { id: 1, name: { 'ita-IT': 'Cultura', 'eng-GB': 'Culture' } },
    { id: 2, name: { 'ita-IT': 'Sport' } },
  ];
  it('joins names in the current language, falling back to Italian', () => {
    expect(renderField('relations', rel, it_)).toEqual({ kind: 'text', text: 'Cultura, Sport' });
    expect(renderField('relations', rel, en)).toEqual({ kind: 'text', text: 'Culture, Sport' });
    expect(renderField('tags', ['Delibera', 'Giunta'], it_)).toEqual({ kind: 'text', text: 'Delibera, Giunta' });
  });
  it.each(EMPTIES)('is empty for %j', (v) => expect(renderField('relations', v, it_)).toEqual({ kind: 'empty' }));
  it('keeps hostile names as text (the view escapes them) and skips nameless items', () => {
    expect(renderField('relations', [{ name: { 'ita-IT': XSS } }, { id: 3 }, 'x'], it_)).toEqual({ kind: 'text', text: XSS + ', x' });
  });
});

describe('file and multifile', () => {
  const file = { filename: 'delibera 12.pdf', url: '/files/delibera%2012.pdf' };
  it('links the filename to the url', () => {
    expect(renderField('file', file, it_)).toEqual({ kind: 'link', href: '/files/delibera%2012.pdf', text: 'delibera 12.pdf' });
  });
  it('names a file without filename after its url', () => {
    expect(renderField('file', { url: '/a/b/c%20d.pdf', filename: '' }, it_)).toEqual({
      kind: 'link',
      href: '/a/b/c%20d.pdf',
      text: 'c d.pdf',
    });
  });
  it('shows the name without link when the url is unsafe', () => {
    expect(renderField('file', { filename: 'x.pdf', url: 'javascript:alert(1)' }, it_)).toEqual({ kind: 'text', text: 'x.pdf' });
  });
  it.each([...EMPTIES, 'text', 5, { nothing: 1 }])('is empty for %j', (v) =>
    expect(renderField('file', v, it_)).toEqual({ kind: 'empty' }),
  );
  it('lists every file of a multifile field', () => {
    const cell = renderField('multifile', [file, { filename: 'b.odt', url: '/b.odt' }, null, { filename: '', url: '' }], it_);
    expect(cell).toEqual({
      kind: 'list',
      inline: false,
      items: [
        { kind: 'link', href: '/files/delibera%2012.pdf', text: 'delibera 12.pdf' },
        { kind: 'link', href: '/b.odt', text: 'b.odt' },
      ],
    });
    expect(cellText(cell)).toBe('delibera 12.pdf; b.odt');
  });
  it.each(EMPTIES)('multifile is empty for %j', (v) => expect(renderField('multifile', v, it_)).toEqual({ kind: 'empty' }));
});

describe('matrix', () => {
  it('is a small table with the column identifiers as head', () => {
    expect(
      renderField(
        'matrix',
        [
          { voce: 'Stampa', importo: '12' },
          { voce: 'Copia', importo: '3', note: 'x' },
        ],
        it_,
      ),
    ).toEqual({
      kind: 'table',
      head: ['voce', 'importo', 'note'],
      rows: [
        ['Stampa', '12', ''],
        ['Copia', '3', 'x'],
      ],
    });
  });
  it.each([...EMPTIES, [{ a: '' }], ['x']])('is empty for %j', (v) => expect(renderField('matrix', v, it_)).toEqual({ kind: 'empty' }));
  it('keeps hostile text as data', () => {
    const cell = renderField('matrix', [{ [XSS]: XSS }], it_);
    expect(cell).toEqual({ kind: 'table', head: [XSS], rows: [[XSS]] });
  });
});

describe('author and user', () => {
  it('mails authors by name', () => {
    expect(
      renderField(
        'author',
        [
          { name: 'Anna Rossi', email: 'anna@comune.it' },
          { name: 'Luca', email: '' },
        ],
        it_,
      ),
    ).toEqual({
      kind: 'list',
      inline: true,
      items: [
        { kind: 'link', href: 'mailto:anna@comune.it', text: 'Anna Rossi' },
        { kind: 'text', text: 'Luca' },
      ],
    });
  });
  it('never builds a mailto from a hostile address', () => {
    expect(renderField('author', [{ name: 'x', email: 'a@b.it?bcc=all@x.it' }], it_)).toEqual({
      kind: 'list',
      inline: true,
      items: [{ kind: 'text', text: 'x' }],
    });
    expect(renderField('author', [{ name: '', email: '"><script>@x.it' }], it_)).toEqual({ kind: 'empty' });
  });
  it('mails a user by login', () => {
    expect(renderField('user', { login: 'mrossi', email: 'm.rossi@comune.it' }, it_)).toEqual({
      kind: 'link',
      href: 'mailto:m.rossi@comune.it',
      text: 'mrossi',
    });
    expect(renderField('user', { login: 'mrossi' }, it_)).toEqual({ kind: 'text', text: 'mrossi' });
  });
  it.each([...EMPTIES, 'x', {}])('is empty for %j', (v) => {
    expect(renderField('author', v, it_)).toEqual({ kind: 'empty' });
    expect(renderField('user', v, it_)).toEqual({ kind: 'empty' });
  });
});

describe('price', () => {
  it("shows the value with 2 decimals in the visitor's locale", () => {
    expect(priceText({ value: '12.5', vat_id: 1, is_vat_included: 1 }, 'it-IT')).toBe('12,50');
    expect(priceText(3, 'en-GB')).toBe('3.00');
    expect(priceText('12.50|1|1', 'it-IT')).toBe('12,50');
  });
  it('uses the currency of amount|currency', () => {
    expect(priceText('7|EUR', 'it-IT').replace(/\s/g, ' ')).toBe('7,00 €');
  });
  it.each(['abc', 'abc|EUR', {}, { value: 'x' }, NaN, Infinity])('is empty for %j', (v) => expect(priceText(v, 'it-IT')).toBe(''));
  it('is a nowrap text cell', () => expect(renderField('price', 1, it_)).toEqual({ kind: 'text', text: '1,00', nowrap: true }));
});

describe('url', () => {
  it('splits url|label and opens in a new tab', () => {
    expect(renderField('url', 'https://www.gazzettaufficiale.it/atto/1|Gazzetta', it_)).toEqual({
      kind: 'link',
      href: 'https://www.gazzettaufficiale.it/atto/1',
      text: 'Gazzetta',
      external: true,
    });
  });
  it('labels a bare url with its hostname', () => {
    expect(renderField('url', 'https://example.org/x?y=1', it_)).toMatchObject({ text: 'example.org', href: 'https://example.org/x?y=1' });
  });
  it.each(['not a url|Label', '/relative|x', 'javascript:alert(1)|Click', 'data:text/html,x', ...EMPTIES])('is empty for %j', (v) => {
    expect(renderField('url', v, it_)).toEqual({ kind: 'empty' });
  });
  it('keeps a hostile label as text', () => {
    expect(renderField('url', 'https://x.it|' + XSS, it_)).toMatchObject({ text: XSS });
  });
});

describe('dates', () => {
  it("formats ISO date-times as D MMMM YYYY, HH:mm in the value's own offset", () => {
    expect(renderField('datetime', '2025-05-20T10:15:00+02:00', it_)).toEqual({
      kind: 'text',
      text: '20 maggio 2025, 10:15',
      nowrap: true,
    });
    expect(renderField('datetime', '2025-05-20T10:15:00+02:00', en)).toMatchObject({ text: '20 May 2025, 10:15' });
  });
  it('leaves the time out of date-only fields', () => {
    expect(renderField('date', '2025-03-01T00:00:00+01:00', it_)).toMatchObject({ text: '1 marzo 2025' });
    expect(renderField('datetime', '2025-03-01', it_)).toMatchObject({ text: '1 marzo 2025' });
    expect(renderField('datetime', '2025-03-01T00:00:00+01:00', { ...it_, dataType: 'ezdate' })).toMatchObject({ text: '1 marzo 2025' });
  });
  it('shows non-ISO values as they are (no "2024" turned into a date)', () => {
    expect(renderField('datetime', '2024', it_)).toEqual({ kind: 'text', text: '2024' });
    expect(renderField('date', 'ieri', it_)).toEqual({ kind: 'text', text: 'ieri' });
    expect(renderField('auto', '2024', it_)).toEqual({ kind: 'text', text: '2024' });
    expect(renderField('auto', 2024, it_)).toEqual({ kind: 'text', text: '2024' });
  });
  it.each(EMPTIES)('is empty for %j', (v) => expect(renderField('date', v, it_)).toEqual({ kind: 'empty' }));
});

describe('other types', () => {
  it('boolean 0/1', () => {
    expect(renderField('boolean', 1, it_)).toEqual({ kind: 'text', text: 'Sì' });
    expect(renderField('boolean', '0', en)).toEqual({ kind: 'text', text: 'No' });
  });
  it('html shows its text only', () => {
    expect(renderField('html', '<p>Uno &amp; <b>due</b></p><script>x()</script>', it_)).toEqual({ kind: 'text', text: 'Uno & due' });
    expect(htmlToText(XSS)).toBe(`'">`);
  });
  it('geo shows the address', () =>
    expect(renderField('geo', { latitude: 1, longitude: 2, address: 'Via Roma 1' }, it_)).toMatchObject({ text: 'Via Roma 1' }));
  it('text keeps hostile strings as text', () => expect(renderField('text', XSS, it_)).toEqual({ kind: 'text', text: XSS }));
});

describe('auto', () => {
  it.each([
    ['2025-05-20T10:15:00+02:00', 'datetime'],
    ['<p>x</p>', 'html'],
    [[{ filename: 'a', url: '/a' }], 'multifile'],
    [{ filename: 'a', url: '/a' }, 'file'],
    [[{ name: 'A', email: 'a@b.it' }], 'author'],
    [[{ id: 1, name: { 'ita-IT': 'x' } }], 'relations'],
    [[{ voce: 'x' }], 'matrix'],
    [{ login: 'x' }, 'user'],
    [{ value: '1', vat_id: 1 }, 'price'],
    [['a', 'b'], 'tags'],
    ['2024', 'text'],
  ])('%j looks like %s', (v, t) => expect(guessType(v)).toBe(t));
});

describe('cellText and links', () => {
  it('appends absolute link targets for the CSV', () => {
    const cell = renderField('file', { filename: 'a.pdf', url: '/a.pdf' }, it_);
    expect(cellText(cell, (h) => 'https://c.it' + h)).toBe('a.pdf (https://c.it/a.pdf)');
    expect(cellText(renderField('user', { login: 'l', email: 'l@c.it' }, it_), (h) => h)).toBe('l (l@c.it)');
    expect(hasLinks(cell)).toBe(true);
    expect(hasLinks({ kind: 'text', text: 'x' })).toBe(false);
  });
  it('flattens a matrix', () => {
    expect(
      cellText({
        kind: 'table',
        head: ['a', 'b'],
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
      }),
    ).toBe('1 | 2; 3 | 4');
  });
});

describe('linkFor', () => {
  it("fills the template with the hit's metadata", () => {
    expect(linkFor('/openpa/object/{id}', { metadata: { id: 4521 } })).toBe('/openpa/object/4521');
    expect(linkFor('/n/{mainNodeId}', { metadata: { mainNodeId: 6132 } })).toBe('/n/6132');
  });
  it('encodes values and gives null without them', () => {
    expect(linkFor('/r/{remoteId}', { metadata: { remoteId: 'a/b?c' } })).toBe('/r/a%2Fb%3Fc');
    expect(linkFor('/openpa/object/{id}', { metadata: {} })).toBeNull();
    expect(linkFor('/openpa/object/{id}', {})).toBeNull();
  });
});

describe('every type against empty and hostile values', () => {
  const TYPES = [
    'auto',
    'text',
    'html',
    'number',
    'boolean',
    'date',
    'datetime',
    'relations',
    'tags',
    'file',
    'multifile',
    'image',
    'matrix',
    'author',
    'user',
    'price',
    'url',
    'geo',
  ] as const;
  const hrefs = (cell: ReturnType<typeof renderField>): string[] =>
    cell.kind === 'link' ? [cell.href] : cell.kind === 'list' ? cell.items.flatMap(hrefs) : [];
  const HOSTILE: unknown[] = [
    XSS,
    'javascript:alert(1)',
    'javascript:alert(1)|x',
    { url: 'javascript:alert(1)', filename: XSS },
    [{ url: 'data:text/html,x', filename: 'a' }],
    { login: XSS, email: 'javascript:alert(1)' },
    [{ name: XSS, email: XSS }],
    { value: XSS },
    [{ [XSS]: XSS }],
    { name: { 'ita-IT': XSS } },
    { address: XSS, latitude: 1, longitude: 2 },
    12,
    true,
    [[['deep']]],
  ];
  for (const type of TYPES) {
    it(`${type}: empty values give an empty cell`, () => {
      for (const v of EMPTIES) expect(renderField(type, v, it_)).toEqual({ kind: 'empty' });
    });
    it(`${type}: hostile values never give an unsafe link and never throw`, () => {
      for (const v of HOSTILE) {
        const cell = renderField(type, v, it_);
        for (const h of hrefs(cell)) expect(h).toMatch(/^(https?:|mailto:|\/)/);
        expect(typeof cellText(cell)).toBe('string');
      }
    });
  }
  it('image: a link to the file named after it', () => {
    expect(renderField('image', { filename: 'foto.png', url: '/img/foto.png', alt: 'x', width: 1 }, it_)).toEqual({
      kind: 'link',
      href: '/img/foto.png',
      text: 'foto.png',
    });
  });
  it("number: decimals in the visitor's locale, no grouping (2024 stays 2024)", () => {
    expect(renderField('number', 2024, it_)).toEqual({ kind: 'text', text: '2024', nowrap: true });
    expect(renderField('number', 12345.5, it_)).toEqual({ kind: 'text', text: '12345,5', nowrap: true });
    expect(renderField('number', 12345.5, en)).toEqual({ kind: 'text', text: '12345.5', nowrap: true });
    expect(renderField('number', '7', it_)).toEqual({ kind: 'text', text: '7', nowrap: true });
  });
});
