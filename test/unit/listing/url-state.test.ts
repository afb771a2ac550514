import { describe, expect, it } from 'vitest';
import { createActions, createState, defaultState, filtersKey } from '../../../blocks/listing/model/state';
import { decodeState, encodeState, tabOfHash } from '../../../blocks/listing/model/url';
import { settings } from './fixtures';

const full = settings({
  blockId: 'eventi',
  showSearch: true,
  timeIntervals: true,
  publishedRange: true,
  facets: ['topics', 'raw[x_dt]'],
  tabs: ['list', 'geo', 'agenda'],
});

describe('URL codec', () => {
  it('defaults write nothing and read back as defaults', () => {
    expect(encodeState(full, defaultState(full), '')).toBe('');
    expect(decodeState(full, '')).toEqual(defaultState(full));
  });

  it('round-trips every part of the state, hostile text included', () => {
    const state = {
      text: `rock & roll #1 'x' + 100%`,
      facets: { topics: ['Cultura', 'Sport & tempo'], 'raw[x_dt]': ['2025-06-01T00:00:00Z'] },
      interval: 'weekend' as const,
      publishedFrom: '2025-01-01',
      publishedTo: '2025-01-31',
      page: 2,
      tab: 'geo' as const,
    };
    const search = encodeState(full, state, '');
    expect(search).toMatch(/^\?eventi\.q=/);
    expect(search).not.toMatch(/[ #]/);
    expect(decodeState(full, search)).toEqual(state);
  });

  it('writes page 1-based and reads it back 0-based', () => {
    expect(encodeState(full, { ...defaultState(full), page: 1 }, '')).toBe('?eventi.page=2');
    expect(decodeState(full, '?eventi.page=2').page).toBe(1);
  });

  it('keeps other parameters and other blocks’ keys', () => {
    const other = settings({ blockId: 'news', showSearch: true });
    let search = '?lang=it&news.q=bando';
    search = encodeState(full, { ...defaultState(full), text: 'festa' }, search);
    expect(new URLSearchParams(search).get('lang')).toBe('it');
    expect(decodeState(other, search).text).toBe('bando');
    expect(decodeState(full, search).text).toBe('festa');
    search = encodeState(full, defaultState(full), search);
    expect(search).toBe('?lang=it&news.q=bando');
  });

  it('ignores invalid or unknown values', () => {
    const s = decodeState(
      full,
      '?eventi.page=-3&eventi.interval=yesterday&eventi.from=2025-02-30&eventi.to=x&eventi.tab=chart&eventi.f.nope=1',
    );
    expect(s).toEqual(defaultState(full));
    expect(decodeState(full, '?eventi.page=abc').page).toBe(0);
    expect(decodeState(full, '?eventi.page=1.5').page).toBe(0);
  });

  it('reads only what the block shows', () => {
    const bare = settings({ blockId: 'eventi' });
    expect(decodeState(bare, '?eventi.q=x&eventi.interval=today&eventi.from=2025-01-01&eventi.tab=geo')).toEqual(defaultState(bare));
  });

  it('a tab that is not available reads as the first one', () => {
    expect(decodeState(full, '?eventi.tab=agenda', ['list', 'geo']).tab).toBe('list');
    expect(encodeState(full, { ...defaultState(full), tab: 'list' }, '', ['list'])).toBe('');
    expect(encodeState(full, { ...defaultState(full, ['geo', 'list']), tab: 'geo' }, '', ['geo', 'list'])).toBe('');
  });
});

describe('a link to a tab (issue 31: a hash that opens it)', () => {
  it("names the tab by its panel or its tab id, this block's only, encoded or not", () => {
    expect(tabOfHash(full, '#eventi-geo')).toBe('geo');
    expect(tabOfHash(full, '#eventi-agenda-tab')).toBe('agenda');
    expect(tabOfHash(full, 'eventi-list')).toBe('list');
    expect(tabOfHash(full, '#eventi%2Dgeo')).toBe('geo');
    expect(tabOfHash(full, '#news-geo')).toBeNull();
    expect(tabOfHash(full, '#eventi-geo-results')).toBeNull();
    expect(tabOfHash(full, '#eventi-%E0')).toBeNull();
    expect(tabOfHash(full, '')).toBeNull();
    expect(tabOfHash(full, '#eventi-agenda', ['list', 'geo'])).toBeNull();
  });

  it('opens the tab it names unless the query names one; a tab that is not shown reads as the first', () => {
    expect(decodeState(full, '', full.tabs, '#eventi-geo').tab).toBe('geo');
    expect(decodeState(full, '?eventi.tab=agenda', full.tabs, '#eventi-geo').tab).toBe('agenda');
    expect(decodeState(full, '', ['list', 'geo'], '#eventi-agenda').tab).toBe('list');
    expect(decodeState(full, '', full.tabs, '#other').tab).toBe('list');
  });

  it('the query then says which tab, even the first, when the fragment names another', () => {
    expect(encodeState(full, defaultState(full), '', full.tabs, '#eventi-geo')).toBe('?eventi.tab=list');
    expect(encodeState(full, { ...defaultState(full), tab: 'geo' }, '', full.tabs, '#eventi-geo')).toBe('?eventi.tab=geo');
    expect(encodeState(full, defaultState(full), '', full.tabs, '#eventi-list')).toBe('');
    for (const hash of ['#eventi-geo', '#eventi-agenda-tab', '']) {
      for (const tab of full.tabs) {
        const state = { ...defaultState(full), tab };
        expect(decodeState(full, encodeState(full, state, '', full.tabs, hash), full.tabs, hash)).toEqual(state);
      }
    }
  });
});

describe('state transitions', () => {
  const make = () => {
    const state = createState({ ...defaultState(full), page: 3 });
    return { state, actions: createActions(state) };
  };

  it('any filter change goes back to page 0', () => {
    for (const change of [
      (a: ReturnType<typeof createActions>) => a.selectFacet('topics', ['Cultura']),
      (a: ReturnType<typeof createActions>) => a.chooseInterval('today'),
      (a: ReturnType<typeof createActions>) => a.setPublished('2025-01-01', ''),
      (a: ReturnType<typeof createActions>) => a.search('x'),
    ]) {
      const { state, actions } = make();
      change(actions);
      expect(state.page).toBe(0);
    }
  });

  it('a search goes back to page 0 even with the same text', () => {
    const { state, actions } = make();
    actions.search('');
    expect(state.page).toBe(0);
  });

  it('no change, no reset; paging and tabs keep the filters', () => {
    const { state, actions } = make();
    actions.selectFacet('topics', []);
    expect(state.page).toBe(3);
    actions.showTab('geo');
    expect(state.page).toBe(3);
    actions.goToPage(5);
    expect(state.page).toBe(5);
    actions.goToPage(-1);
    expect(state.page).toBe(0);
  });

  it('restore replaces everything', () => {
    const { state, actions } = make();
    const next = { ...defaultState(full), text: 'a', facets: { topics: ['T'] }, page: 2, tab: 'agenda' as const };
    actions.restore(next);
    expect({ ...state, facets: { ...state.facets } }).toEqual(next);
  });

  it('filtersKey ignores order of facet keys, empty selections and spaces around the text', () => {
    const a = { text: ' x ', facets: { b: ['1'], a: ['2'], c: [] }, interval: 'all' as const, publishedFrom: '', publishedTo: '' };
    const b = { text: 'x', facets: { a: ['2'], b: ['1'] }, interval: 'all' as const, publishedFrom: '', publishedTo: '' };
    expect(filtersKey(a)).toBe(filtersKey(b));
    expect(filtersKey(a)).not.toBe(filtersKey({ ...b, interval: 'today' }));
  });
});
