// The list tab's controller against a scripted api: which page it asks, in both paging styles.
import { describe, expect, it } from 'vitest';
import { Cancelled, RequestError } from '../../../runtime/http';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { createListController } from '../../../blocks/listing/list.controller';
import { createActions, createState, defaultState } from '../../../blocks/listing/model/state';
import type { ListingApi } from '../../../blocks/listing/api';
import type { Hit } from '../../../blocks/listing/model/response';
import { settings } from './fixtures';
import { wordsOf } from '../../../runtime/dom';

const hit = (id: number): Hit => ({
  id,
  name: 'H' + id,
  classIdentifier: 'event',
  mainNodeId: null,
  published: null,
  modified: null,
  url: '/' + id,
  view: null,
  data: {},
});
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(config: Parameters<typeof settings>[0], total = 23, page = 0) {
  const s = settings({ limitPagination: 5, showSearch: true, ...config });
  const state = createState({ ...defaultState(s), page });
  const actions = createActions(state);
  const calls: Array<[number, number]> = [];
  const said: string[] = [];
  /** What was announced, as given: words or the function making them. */
  const given: Array<string | (() => string)> = [];
  const counts: number[] = [];
  let fail: unknown = null;
  const api = {
    search: async (_f: unknown, offset: number, limit = s.limit) => {
      calls.push([offset, limit]);
      if (fail) {
        const e = fail;
        fail = null;
        throw e;
      }
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
      return { hits: ids.map(hit), totalCount: total, facets: [], nextPageQuery: null };
    },
  } as unknown as ListingApi;
  let corrected = 0;
  const controller = createListController({
    state,
    actions,
    settings: s,
    api,
    i18n: createI18n(catalog, 'it-IT'),
    announce: (t) => {
      given.push(t);
      said.push(wordsOf(t));
    },
    onResults: (n) => counts.push(n),
    onError: () => {},
    onPageCorrected: () => corrected++,
  });
  return { s, state, actions, controller, calls, said, given, counts, failNext: (e: unknown) => (fail = e), corrected: () => corrected };
}

describe('list controller', () => {
  it('fetches only while active; the first results are not announced, later ones are', async () => {
    const t = setup({});
    await tick();
    expect(t.calls).toEqual([]);
    t.controller.setActive(true);
    await tick();
    expect(t.calls).toEqual([[0, 5]]);
    expect(t.controller.results.hits.map((h) => h.id)).toEqual([0, 1, 2, 3, 4]);
    expect(t.said).toEqual([]);
    expect(t.counts).toEqual([23]);
    t.actions.goToPage(2);
    await tick();
    await tick();
    expect(t.calls).toEqual([
      [0, 5],
      [10, 5],
    ]);
    expect(t.controller.results.change).toBe('page');
    expect(t.said).toEqual(['23 risultati, pagina 3 di 5']);
  });

  it('an announcement worded later (the announcer waits) still tells its own answer, not a later one', async () => {
    const t = setup({});
    t.controller.setActive(true);
    await tick();
    t.actions.goToPage(2);
    await tick();
    await tick();
    t.actions.search('x');
    await tick();
    await tick();
    t.actions.goToPage(4);
    await tick();
    await tick();
    expect(t.controller.results.page).toBe(4);
    // worded only now, after two more answers: the figures are those of the answer it came with
    expect(t.given.map(wordsOf)).toEqual(['23 risultati, pagina 3 di 5', '23 risultati, pagina 1 di 5', '23 risultati, pagina 5 di 5']);
  });

  it('the same state twice is one request; a filter change replaces the results', async () => {
    const t = setup({});
    t.controller.setActive(true);
    await tick();
    t.actions.showTab('list');
    t.controller.setActive(true);
    await tick();
    expect(t.calls).toHaveLength(1);
    t.actions.search('x');
    await tick();
    await tick();
    expect(t.calls).toHaveLength(2);
    expect(t.controller.results.change).toBe('replace');
  });

  it('append style: the next page is appended; a restored page N loads pages 0…N at once', async () => {
    const t = setup({ view: 'text_linked' }, 23, 2);
    t.controller.setActive(true);
    await tick();
    expect(t.calls).toEqual([[0, 15]]);
    expect(t.controller.results.page).toBe(2);
    t.actions.goToPage(3);
    await tick();
    await tick();
    expect(t.calls[1]).toEqual([15, 5]);
    expect(t.controller.results.hits).toHaveLength(20);
    expect(t.controller.results.firstNew).toBe(15);
    expect(t.said).toEqual(['Caricati altri 5 risultati: 20 di 23']);
  });

  it('a page past the end is corrected to the last page, replacing the history entry', async () => {
    const t = setup({}, 23, 9);
    t.controller.setActive(true);
    await tick();
    await tick();
    await tick();
    expect(t.corrected()).toBe(1);
    expect(t.state.page).toBe(4);
    expect(t.calls).toEqual([
      [45, 5],
      [20, 5],
    ]);
  });

  it('an error is kept until Retry; a cancelled request changes nothing', async () => {
    const t = setup({});
    t.failNext(new RequestError(500, 'boom', 'http'));
    t.controller.setActive(true);
    await tick();
    expect(t.controller.results.status).toBe('error');
    expect(t.controller.results.error?.status).toBe(500);
    t.controller.retry();
    await tick();
    expect(t.controller.results.status).toBe('ready');
    const version = t.controller.results.version;
    t.failNext(new Cancelled());
    t.actions.search('y');
    await tick();
    await tick();
    expect(t.controller.results.version).toBe(version);
    expect(t.controller.results.status).toBe('ready');
  });
});
