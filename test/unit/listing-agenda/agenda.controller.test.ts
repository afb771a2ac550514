// The agenda's data controller with the real filter state and the real `latest()` request slot;
// only the network is replaced (each test resolves the calendar answers itself).
import { describe, expect, it } from 'vitest';
import { latest, RequestError } from '../../../runtime/http';
import { createI18n } from '../../../runtime/i18n';
import type { ListingApi } from '../../../blocks/listing/api';
import type { CalendarItem } from '../../../blocks/listing/model/response';
import { createActions, createState, defaultState } from '../../../blocks/listing/model/state';
import type { Filters } from '../../../blocks/listing/model/types';
import { catalog } from '../../../blocks/listing/agenda/i18n';
import { createAgendaController } from '../../../blocks/listing/agenda/agenda.controller';
import { settings } from '../listing/fixtures';
import { item } from './fixtures';
import { wordsOf } from '../../../runtime/dom';

const TODAY = new Date(2025, 8, 16, 10);

interface Call {
  filters: Filters;
  start: string;
  end: string;
  answer(items: CalendarItem[]): void;
  fail(e: Error): void;
}

function setup(view: 'month' | 'day' = 'month') {
  const s = settings({ query: 'classes [event]', showSearch: true, facets: ['topics'], tabs: ['list', 'agenda'] });
  const state = createState(defaultState(s));
  const actions = createActions(state);
  const calls: Call[] = [];
  const slot = latest();
  const api = {
    calendar: (filters: Filters, start: string, end: string) =>
      slot(
        () =>
          new Promise<CalendarItem[]>((resolve, reject) =>
            calls.push({ filters: { ...filters }, start, end, answer: resolve, fail: reject }),
          ),
      ),
  } as unknown as ListingApi;
  const said: string[] = [];
  const counts: number[] = [];
  const errors: string[] = [];
  const controller = createAgendaController({
    state,
    settings: s,
    api,
    i18n: createI18n(catalog, 'it-IT'),
    view,
    now: () => TODAY,
    announce: (text) => said.push(wordsOf(text)),
    onResults: (n) => counts.push(n),
    onError: (e, what) => errors.push(what.en + ' ' + e.status),
  });
  return { state, actions, controller, calls, said, counts, errors };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const september = [
  item({ id: '1', start: '2025-09-16T18:00:00+02:00' }),
  item({ id: '2', allDay: true, start: '2025-09-01', end: '2025-09-03' }),
  item({ id: '3', allDay: true, start: '2025-10-10', end: '2025-10-11' }), // in the grid's spill-over week, not in September
];

describe('agenda controller', () => {
  it('fetches nothing until the tab is shown, then the visible range, and announces the month’s count', async () => {
    const t = setup();
    await flush();
    expect(t.calls).toHaveLength(0);
    t.controller.setActive(true);
    expect(t.controller.results.loading).toBe(true);
    expect(t.calls.map((c) => [c.start, c.end])).toEqual([['2025-09-01T00:00:00', '2025-10-13T00:00:00']]);
    t.calls[0].answer(september);
    await flush();
    const r = t.controller.results;
    expect(r).toMatchObject({ status: 'ready', loading: false, version: 1, loaded: { view: 'month', date: '2025-09-01' } });
    expect(r.events.map((e) => e.id)).toEqual(['2', '1', '3']);
    expect(t.said).toEqual(['2 eventi a settembre']);
    expect(t.counts).toEqual([2]);
  });

  it('is asked again on every search and facet choice, not on paging or tab changes', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.calls[0].answer([]);
    await flush();
    t.actions.search('concerto');
    await flush();
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1].filters.text).toBe('concerto');
    t.calls[1].answer([]);
    t.actions.goToPage(3);
    t.actions.showTab('list');
    await flush();
    expect(t.calls).toHaveLength(2);
    t.actions.selectFacet('topics', ['Cultura']);
    await flush();
    expect(t.calls).toHaveLength(3);
    expect(t.calls[2].filters.facets).toEqual({ topics: ['Cultura'] });
  });

  it('moves by month, back to today, and to the day view keeping the place', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.controller.move(1);
    expect(t.controller.results.period).toEqual({ view: 'month', date: '2025-10-01' });
    expect(t.calls.at(-1)!.start).toBe('2025-09-29T00:00:00');
    t.controller.today();
    expect(t.controller.results.period).toEqual({ view: 'month', date: '2025-09-01' });
    t.controller.setView('day');
    expect(t.controller.results.period).toEqual({ view: 'day', date: '2025-09-16' });
    expect(t.calls.at(-1)!.start).toBe('2025-09-16T00:00:00');
    expect(t.calls.at(-1)!.end).toBe('2025-09-17T00:00:00');
    t.controller.move(-1);
    expect(t.controller.results.period).toEqual({ view: 'day', date: '2025-09-15' });
  });

  it('a superseded answer never shows: only the last period’s events do', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.controller.move(1);
    t.calls[0].answer(september); // September, too late: October was asked meanwhile
    await flush();
    expect(t.controller.results.version).toBe(0);
    t.calls[1].answer([item({ id: '9', start: '2025-10-05T10:00:00+02:00' })]);
    await flush();
    expect(t.controller.results.loaded).toEqual({ view: 'month', date: '2025-10-01' });
    expect(t.controller.results.events.map((e) => e.id)).toEqual(['9']);
    expect(t.said).toEqual(['1 evento a ottobre']);
  });

  it('while hidden it waits; shown again, it fetches what changed meanwhile (once)', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.calls[0].answer([]);
    await flush();
    t.controller.setActive(false);
    t.actions.search('mostra');
    t.actions.search('mostre');
    await flush();
    expect(t.calls).toHaveLength(1);
    t.controller.setActive(true);
    t.controller.setActive(true);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1].filters.text).toBe('mostre');
  });

  it('a failed request is an error for the visitor and the admin, and Retry asks again', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.calls[0].fail(new RequestError(500, 'Internal Server Error', 'http', '/x'));
    await flush();
    expect(t.controller.results).toMatchObject({ status: 'error', loading: false, version: 1 });
    expect(t.errors).toEqual(['calendar 500']);
    expect(t.said).toEqual([]);
    t.controller.retry();
    expect(t.calls).toHaveLength(2);
    t.calls[1].answer(september);
    await flush();
    expect(t.controller.results).toMatchObject({ status: 'ready', error: null, version: 2 });
  });

  it('stops following the filters once disposed', async () => {
    const t = setup();
    t.controller.setActive(true);
    t.controller.dispose();
    t.actions.search('x');
    await flush();
    expect(t.calls).toHaveLength(1);
  });
});
