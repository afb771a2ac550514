// @vitest-environment jsdom
// A result's server view is cleaned once into nodes (blocks/listing/sanitize.ts) and each render
// puts a copy of them in the card: no cleaned view is parsed again. A render with the same view
// leaves the card's nodes as they are; another view replaces them; two cards of one view get a
// copy each.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { cleanHits, loadSanitizer, viewCache } from '../../../blocks/listing/sanitize';
import { HitItem } from '../../../blocks/listing/views/HitItem';
import { hit, settings } from './fixtures';

afterEach(cleanup);

const i18n = createI18n(catalog, 'it-IT');
const s = settings({ view: 'card_teaser' });

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

  it("an answer's hits: each view cleaned, once per server HTML with the cache, none made up for a hit without one", async () => {
    const raw = (id: number, view: string | null) => ({ ...hit(id), view });
    const card = '<div class="card"><a href="/e/1" onmouseover="x()">Festa</a></div>';
    const cache = viewCache(10);
    const [a, b, none] = await cleanHits([raw(1, card), raw(2, card), raw(3, null)], '/api/x', cache);
    expect(a.view).toBe(b.view);
    expect(none.view).toBeNull();
    const [again] = await cleanHits([raw(1, card)], '/api/x', cache);
    expect(again.view).toBe(a.view);
    const box = document.createElement('div');
    box.append(a.view!.copy());
    expect(box.innerHTML).toBe('<div class="card"><a href="/e/1">Festa</a></div>');
    // without a cache, each call cleans anew
    const [fresh] = await cleanHits([raw(1, card)], '/api/x');
    expect(fresh.view).not.toBe(a.view);
  });
});
