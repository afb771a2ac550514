// @vitest-environment jsdom
// The views render the cell model with escaping only: hostile text stays text, links keep safe
// hrefs, a link column never nests links, and the phone cards label every non-empty field.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { CellView } from '../../../blocks/datatable/views/CellView';
import { Cards } from '../../../blocks/datatable/views/Cards';
import { SearchBox } from '../../../blocks/datatable/views/Controls';
import { catalog } from '../../../blocks/datatable/i18n';
import { createI18n } from '../../../runtime/i18n';
import { renderField, type CellOptions } from '../../../blocks/datatable/model/cells';
import type { ColumnSpec } from '../../../blocks/datatable/model/types';

const o: CellOptions = { lang: 'it', locale: 'it-IT', yes: 'Sì', no: 'No' };
const XSS = `<img src=x onerror="window.__x=1"><script>window.__x=1</script>`;
afterEach(cleanup);

describe('CellView', () => {
  it('renders hostile text as text', () => {
    const { container } = render(<CellView cell={renderField('text', XSS, o)} newTab="(nuova scheda)" />);
    expect(container.textContent).toBe(XSS);
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('renders an external url with target, rel and a hidden new-tab note', () => {
    const { container } = render(
      <CellView cell={renderField('url', 'https://example.org/a|Sito', o)} newTab="(si apre in una nuova scheda)" />,
    );
    const a = container.querySelector('a')!;
    expect([a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]).toEqual([
      'https://example.org/a',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(a.textContent).toBe('Sito (si apre in una nuova scheda)');
    expect(a.querySelector('.visually-hidden')).not.toBeNull();
  });

  it('renders files as a list, authors inline, a matrix as a table with column headers', () => {
    const files = render(
      <CellView
        cell={renderField(
          'multifile',
          [
            { filename: 'a.pdf', url: '/a.pdf' },
            { filename: 'b.pdf', url: '/b.pdf' },
          ],
          o,
        )}
        newTab=""
      />,
    );
    expect(Array.from(files.container.querySelectorAll('ul li a')).map((a) => a.getAttribute('href'))).toEqual(['/a.pdf', '/b.pdf']);
    const authors = render(
      <CellView
        cell={renderField(
          'author',
          [
            { name: 'A', email: 'a@c.it' },
            { name: 'B', email: 'b@c.it' },
          ],
          o,
        )}
        newTab=""
      />,
    );
    expect(authors.container.textContent).toBe('A, B');
    const matrix = render(<CellView cell={renderField('matrix', [{ voce: 'x', importo: '1' }], o)} newTab="" />);
    expect(Array.from(matrix.container.querySelectorAll('th[scope=col]')).map((t) => t.textContent)).toEqual(['voce', 'importo']);
  });

  it("puts a link column's text in one link to the content, even when the cell has links of its own", () => {
    const { container } = render(
      <CellView cell={renderField('file', { filename: 'a.pdf', url: '/a.pdf' }, o)} link="/openpa/object/7" newTab="" />,
    );
    expect(Array.from(container.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/openpa/object/7', 'a.pdf'],
    ]);
  });

  it("passes the grid's tabIndex to every link (roving focus)", () => {
    const { container } = render(
      <CellView
        cell={renderField(
          'multifile',
          [
            { filename: 'a', url: '/a' },
            { filename: 'b', url: '/b' },
          ],
          o,
        )}
        tabIndex={-1}
        newTab=""
      />,
    );
    expect(Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('tabindex'))).toEqual(['-1', '-1']);
  });

  it('renders nothing for an empty cell', () => {
    expect(render(<CellView cell={{ kind: 'empty' }} link="/x" newTab="" />).container.innerHTML).toBe('');
  });
});

describe('Cards', () => {
  const columns: ColumnSpec[] = [
    { field: 'name', title: 'Titolo', type: 'text', sortable: true, link: true },
    { field: 'anno', title: 'Anno', type: 'number', sortable: true, link: false },
  ];
  const row = (name: string, anno: unknown) => ({
    key: name,
    hit: {},
    link: '/openpa/object/1',
    cells: [renderField('text', name, o), renderField('number', anno, o)],
  });

  it('labels each non-empty field and leaves empty ones out', () => {
    const { container } = render(
      <Cards
        columns={columns}
        rows={[row('Uno', 2024), row('Due', null)]}
        label="Elenco"
        describedBy="info"
        newTab=""
        empty="Nessun risultato"
      />,
    );
    const cards = Array.from(container.querySelectorAll('li.piazza-datatable-card')).map((li) =>
      Array.from(li.querySelectorAll('dt')).map((d) => d.textContent + ': ' + d.nextElementSibling!.textContent),
    );
    expect(cards).toEqual([['Titolo: Uno', 'Anno: 2024'], ['Titolo: Due']]);
    expect(container.querySelector('ul')!.getAttribute('aria-label')).toBe('Elenco');
  });

  it('says so when there are no rows', () => {
    expect(
      render(<Cards columns={columns} rows={[]} label="Elenco" describedBy="info" newTab="" empty="Nessun risultato" />).container
        .textContent,
    ).toBe('Nessun risultato');
  });
});

describe('SearchBox', () => {
  it('Enter searches at once and cancels the form submission; an Enter that ends a composition does not search', () => {
    const searched: string[] = [];
    const { container } = render(
      <SearchBox id="documenti-q" value="" i18n={createI18n(catalog, 'it-IT')} onSearch={(t) => searched.push(t)} />,
    );
    const input = container.querySelector('input')!;
    fireEvent.input(input, { target: { value: 'delibera' } });
    // fireEvent answers false when a listener cancelled the event
    expect(fireEvent.keyDown(input, { key: 'Enter', isComposing: true })).toBe(true);
    expect(searched).toEqual([]);
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(searched).toEqual(['delibera']);
  });
});
