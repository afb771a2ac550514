// The table's controller (blocks/datatable/table.controller.ts) against a scripted api and a fake address bar:
// which draws it sends, what it shows, what it writes to the history, and what it ignores.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableApi } from '../../../blocks/datatable/api';
import { catalog } from '../../../blocks/datatable/i18n';
import type { DrawRequest } from '../../../blocks/datatable/model/draw';
import { initialState, withFilter, withPage, withSearch } from '../../../blocks/datatable/model/state';
import type { ColumnSpec, DrawResult, FacetSpec, Hit } from '../../../blocks/datatable/model/types';
import { cellOptions, viewRows } from '../../../blocks/datatable/model/rows';
import { urlKeys } from '../../../blocks/datatable/model/url';
import { adminLog, linePrefix } from '../../../runtime/log';
import { createTable, requestFor, requestKey, type TableSetup } from '../../../blocks/datatable/table.controller';
import { Cancelled, RequestError } from '../../../runtime/http';
import { createI18n } from '../../../runtime/i18n';
import { wordsOf } from '../../../runtime/dom';

const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

const columns: ColumnSpec[] = [{ field: 'name', title: 'Titolo', type: 'text', sortable: true, link: false }];
const facets: FacetSpec[] = [{ field: 'anno', label: 'Anno', multiple: true, sort: 'alpha', limit: 100 }];
const defaults = initialState(10, { field: 'name', dir: 'asc' });
const i18n = createI18n(catalog, 'it-IT');
const hit = (id: number): Hit => ({ metadata: { id }, data: { 'ita-IT': { name: 'Doc ' + id } } }) as unknown as Hit;

/** The address bar: location, history entries and popstate listeners, as the controller uses them. */
function fakeWindow(search: string) {
  const loc = { pathname: '/t.html', search, hash: '' };
  const entries = [search];
  const listeners = new Set<() => void>();
  const go = (url: string) => (loc.search = url.slice(loc.pathname.length));
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', {
    state: null,
    pushState: (_s: unknown, _t: string, url: string) => entries.push(go(url)),
    replaceState: (_s: unknown, _t: string, url: string) => {
      entries[entries.length - 1] = go(url);
    },
  });
  vi.stubGlobal('addEventListener', (type: string, cb: () => void) => {
    if (type === 'popstate') listeners.add(cb);
  });
  vi.stubGlobal('removeEventListener', (type: string, cb: () => void) => {
    if (type === 'popstate') listeners.delete(cb);
  });
  return {
    entries,
    listeners,
    /** Back/Forward to an entry: the URL changes, then popstate. */
    back(to: string) {
      loc.search = to;
      for (const cb of [...listeners]) cb();
    },
  };
}

type Script = (r: DrawRequest) => DrawResult | Error;

/** A server of `total` rows; `first` (and later `next`) may change what one draw gets back. */
function setup(total = 25, o: { urlState?: boolean; first?: Script } = {}) {
  const sent: DrawRequest[] = [];
  let answer: Script | null = o.first ?? null;
  let cancels = 0;
  const api = {
    async draw(r: DrawRequest): Promise<DrawResult> {
      sent.push(r);
      const scripted = answer?.(r);
      answer = null;
      if (scripted instanceof Error) throw scripted;
      if (scripted) return scripted;
      const ids = Array.from({ length: Math.max(0, Math.min(r.length, total - r.start)) }, (_, i) => r.start + i);
      return { draw: r.draw + 1, recordsTotal: total, recordsFiltered: total, data: ids.map(hit), facets: [] };
    },
    batch: () => Promise.reject(new Error('unused')),
    classDefinition: () => Promise.reject(new Error('unused')),
    classOfResults: async () => null,
    cancel: () => {
      cancels++;
    },
  } as TableApi;
  const said: string[] = [];
  const config: TableSetup = {
    blockId: 'documenti',
    log: adminLog(linePrefix('datatable', 'documenti'), async (what) => JSON.stringify(what)),
    api,
    i18n,
    columns,
    facets,
    baseQuery: 'classes [document]',
    linkTemplate: '/openpa/object/{id}',
    rules: { columns, facets, pageSizeOptions: [10, 25], defaults },
    urlKeys: o.urlState === false ? null : urlKeys('documenti'),
    announce: (t) => said.push(wordsOf(t)),
  };
  const table = createTable(config);
  return { table, sent, said, config, next: (f: Script) => (answer = f), cancels: () => cancels };
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('datatable controller: draws', () => {
  it('draws the state the URL describes at once, with odd counters, and shows and announces the answer', async () => {
    fakeWindow('?lang=it&documenti.page=2');
    const t = setup(25);
    expect(t.table.store.loading).toBe(true);
    await tick();
    expect(t.sent.map((r) => [r.draw, r.start, r.length])).toEqual([[1, 10, 10]]);
    const shown = t.table.store.shown!;
    expect(shown.state.page).toBe(1);
    expect(shown.result.data.map((h) => h.metadata!.id)).toEqual(Array.from({ length: 10 }, (_, i) => 10 + i));
    expect(t.table.store.loading).toBe(false);
    expect(t.said).toEqual(['25 risultati trovati']);
    t.table.navigate(withPage(t.table.store.state, 2));
    await tick();
    expect(t.sent.map((r) => [r.draw, r.start])).toEqual([
      [1, 10],
      [3, 20],
    ]);
    expect(t.table.store.shown!.result.data).toHaveLength(5);
    t.table.dispose();
  });

  it('ignores, with a warning, an answer that echoes an older draw', async () => {
    fakeWindow('');
    const t = setup(25, { first: (r) => ({ draw: r.draw - 2, recordsTotal: 1, recordsFiltered: 1, data: [hit(99)], facets: [] }) });
    await tick();
    expect(t.table.store.shown).toBeNull();
    expect(warn).toHaveBeenCalledWith('[piazza] datatable block "documenti": ignorata la risposta a un draw precedente (-1, attuale 1)');
    expect(t.said).toEqual([]);
    t.table.dispose();
  });

  it('a page past the end shows the last page, replacing the history entry instead of adding one', async () => {
    const w = fakeWindow('?documenti.page=9');
    const t = setup(25);
    await tick(6);
    expect(t.sent.map((r) => r.start)).toEqual([80, 20]);
    expect(t.table.store.state.page).toBe(2);
    expect(t.table.store.shown!.state.page).toBe(2);
    expect(w.entries).toEqual(['?documenti.page=3']);
    t.table.dispose();
  });

  it('reports a failed draw by kind, logs it, and retries the same request', async () => {
    fakeWindow('');
    const t = setup(25, { first: () => new RequestError(200, 'Invalid JSON response', 'invalid-json', '/search') });
    await tick();
    expect(t.table.store.error).toBe('invalidJson');
    expect(t.table.store.loading).toBe(false);
    expect(error).toHaveBeenCalledWith(
      '[piazza] datatable block "documenti": richiesta della ricerca non riuscita: 200 Invalid JSON response (/search)',
    );
    t.table.retry();
    await tick();
    expect(t.sent).toHaveLength(2);
    expect(requestKey(t.sent[1])).toBe(requestKey(t.sent[0]));
    expect(t.table.store.error).toBeNull();
    expect(t.table.store.shown!.result.data).toHaveLength(10);
    t.next(() => new RequestError(500, 'Emulated server error', 'http'));
    t.table.navigate(withPage(t.table.store.state, 1));
    await tick();
    expect(t.table.store.error).toBe('ajax');
    expect(error).toHaveBeenLastCalledWith(
      '[piazza] datatable block "documenti": richiesta della ricerca non riuscita: 500 Emulated server error',
    );
    t.table.dispose();
  });

  it('a cancelled draw (superseded) is neither an error nor shown', async () => {
    fakeWindow('');
    const t = setup(25, { first: () => new Cancelled() });
    await tick();
    expect(t.table.store.error).toBeNull();
    expect(t.table.store.shown).toBeNull();
    expect(error).not.toHaveBeenCalled();
    t.table.dispose();
  });
});

describe('datatable controller: the URL', () => {
  it('a change of state is a new history entry; the same choice in another order is no change at all', async () => {
    const w = fakeWindow('?lang=it');
    const t = setup();
    await tick();
    t.table.navigate(withFilter(t.table.store.state, 'anno', ['2024', '2023']));
    await tick();
    expect(w.entries).toEqual(['?lang=it', '?lang=it&documenti.f.anno=2024&documenti.f.anno=2023']);
    t.table.navigate(withFilter(t.table.store.state, 'anno', ['2023', '2024']));
    await tick();
    expect(w.entries).toHaveLength(2);
    expect(t.sent).toHaveLength(2);
    expect(t.table.hrefFor(withPage(t.table.store.state, 1))).toBe(
      '/t.html?lang=it&documenti.page=2&documenti.f.anno=2024&documenti.f.anno=2023',
    );
    t.table.dispose();
  });

  it('Back restores the state without adding an entry; after dispose nothing listens and the draw is cancelled', async () => {
    const w = fakeWindow('');
    const t = setup();
    await tick();
    t.table.navigate(withSearch(t.table.store.state, 'bando'));
    await tick();
    expect(w.entries).toEqual(['', '?documenti.q=bando']);
    w.back('');
    await tick();
    expect(t.table.store.state.search).toBe('');
    expect(t.sent.map((r) => r.state.search)).toEqual(['', 'bando', '']);
    expect(w.entries).toEqual(['', '?documenti.q=bando']);
    t.table.dispose();
    expect(w.listeners.size).toBe(0);
    expect(t.cancels()).toBe(1);
    t.table.navigate(withPage(t.table.store.state, 1));
    await tick();
    expect(t.sent).toHaveLength(3);
  });

  it('without urlState the URL is neither read nor written', async () => {
    const w = fakeWindow('?documenti.page=3');
    const t = setup(25, { urlState: false });
    await tick();
    expect(t.sent[0].start).toBe(0);
    t.table.navigate(withPage(t.table.store.state, 1));
    await tick();
    expect(w.entries).toEqual(['?documenti.page=3']);
    expect(w.listeners.size).toBe(0);
    expect(t.table.hrefFor(withPage(t.table.store.state, 2))).toBe('#');
    // The store started from the configured defaults, which stay as they were.
    expect(t.table.store.state.page).toBe(1);
    expect(t.config.rules.defaults).toEqual({ page: 0, pageSize: 10, sort: { field: 'name', dir: 'asc' }, search: '', filters: {} });
    t.table.dispose();
  });
});

describe('requestKey', () => {
  const config = { columns, facets, baseQuery: 'classes [document]', i18n };
  it('is what the server is asked: not the draw counter nor the cache buster, nor spaces around the search', () => {
    const a = requestFor(config, { ...defaults, search: 'bando' }, 1);
    expect(requestKey({ ...a, draw: 7, nonce: 123 })).toBe(requestKey(a));
    expect(requestKey(requestFor(config, { ...defaults, search: ' bando ' }, 3))).toBe(requestKey(a));
    expect(requestKey(requestFor(config, { ...defaults, search: 'bando', page: 1 }, 1))).not.toBe(requestKey(a));
    expect(requestKey(requestFor(config, { ...defaults, search: 'bando', filters: { anno: ['2024'] } }, 1))).not.toBe(requestKey(a));
    expect(requestKey(requestFor(config, { ...defaults, search: 'bando', sort: { field: 'name', dir: 'desc' } }, 1))).not.toBe(
      requestKey(a),
    );
  });
});

describe('viewRows', () => {
  const o = cellOptions(i18n);
  it('keys rows by content and position (a content can come twice), and links them only when a column links', () => {
    const rows = viewRows([hit(5), hit(5), hit(7)], columns, o, '/openpa/object/{id}', 20);
    expect(rows.map((r) => r.key)).toEqual(['5@20', '5@21', '7@22']);
    expect(rows.map((r) => r.link)).toEqual([null, null, null]);
    expect(rows[0].cells).toHaveLength(1);
    const linked = viewRows([hit(5), { data: {} } as Hit], [{ ...columns[0], link: true }], o, '/openpa/object/{id}', 0);
    expect(linked.map((r) => [r.key, r.link])).toEqual([
      ['5@0', '/openpa/object/5'],
      ['@1', null],
    ]);
  });
});
