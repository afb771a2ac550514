// @vitest-environment jsdom
// A result's server view is cleaned once into nodes (blocks/listing/sanitize.ts) and each render
// puts a copy of them in the card: no cleaned view is parsed again. A render with the same view
// leaves the card's nodes as they are; another view replaces them; two cards of one view get a
// copy each.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { loadSanitizer } from '../../../blocks/listing/sanitize';
import type { Hit } from '../../../blocks/listing/model/response';
import { HitItem } from '../../../blocks/listing/views/HitItem';
import { settings } from './fixtures';

afterEach(cleanup);

const i18n = createI18n(catalog, 'it-IT');
const s = settings({ view: 'card_teaser' });
const hit = (id: number, view: Hit['view']): Hit => ({
  id,
  name: 'Evento ' + id,
  classIdentifier: 'event',
  mainNodeId: id,
  published: null,
  modified: null,
  url: '/e/' + id,
  view,
  data: {},
});

describe('a result with a server view', () => {
  it('shows the cleaned nodes, keeps them on a render with the same view and replaces them for another', async () => {
    const clean = await loadSanitizer();
    const first = clean('<div class="card"><h3><a href="/e/1" onclick="steal()">Festa</a></h3><script>x()</script></div>');
    const { container, rerender } = render(<HitItem hit={hit(1, first)} settings={s} i18n={i18n} />);
    const card = container.querySelector('.piazza-listing-view .card')!;
    expect(card.querySelector('a')!.getAttribute('href')).toBe('/e/1');
    expect(container.querySelector('script, [onclick]')).toBeNull();
    rerender(<HitItem hit={{ ...hit(1, first), name: 'altro oggetto, stessa vista' }} settings={s} i18n={i18n} />);
    expect(container.querySelector('.piazza-listing-view .card')).toBe(card);
    rerender(<HitItem hit={hit(1, clean('<p class="nuova">Concerto</p>'))} settings={s} i18n={i18n} />);
    expect(container.querySelector('.piazza-listing-view')!.innerHTML).toBe('<p class="nuova">Concerto</p>');
  });

  it('gives each card showing one view its own copy', async () => {
    const view = (await loadSanitizer())('<div class="card">Uno</div>');
    const { container } = render(
      <>
        <HitItem hit={hit(1, view)} settings={s} i18n={i18n} />
        <HitItem hit={hit(1, view)} settings={s} i18n={i18n} />
      </>,
    );
    const cards = container.querySelectorAll('.piazza-listing-view .card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).not.toBe(cards[1]);
    expect(cards[0].ownerDocument).toBe(document);
  });
});
