// @vitest-environment jsdom
// Rows being replaced turn grey only once the answer has taken STALE_AFTER_MS: a quicker answer
// replaces them as they are, and no transition waits out a delay meanwhile (issue 31: one kept the
// compositor drawing every frame while the search's answer came, and the answer reached the page
// later).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { proxy, ref } from '../../../runtime/block/store';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import type { ListResults } from '../../../blocks/listing/list.controller';
import type { TabViewProps } from '../../../blocks/listing/tab-contract';
import { STALE_AFTER_MS, TabView } from '../../../blocks/listing/views/ListTab';
import { hit, settings } from './fixtures';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const results = proxy<ListResults>({
    status: 'ready',
    loading: false,
    error: null,
    version: 1,
    pending: null,
    hits: ref([hit(1), hit(2)]),
    totalCount: 2,
    page: 0,
    change: 'replace',
    firstNew: 0,
  });
  const controller = { results, setActive() {}, retry() {}, dispose() {} };
  const props = {
    settings: settings({ limitPagination: 6 }),
    i18n: createI18n(catalog, 'it-IT'),
    panelId: 'eventi-list',
    controller,
    actions: {},
    hrefFor: () => '#',
  } as unknown as TabViewProps;
  const view = render(<TabView {...props} />);
  const rows = () => view.container.querySelector('[role=list]')!;
  /** `ms` of the clock, in steps (act() holds Preact's renders to its end: each step lets them and their effects run). */
  const wait = async (ms: number) => {
    for (let t = 0; t <= ms; t += 10) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(Math.min(10, ms - t));
      });
    }
  };
  return { results, rows, wait };
}

describe('list rows being replaced', () => {
  it('stay as they are for a quick answer, which replaces them never grey', async () => {
    const { results, rows, wait } = setup();
    results.pending = 'reload';
    await wait(STALE_AFTER_MS - 60);
    expect(rows().getAttribute('aria-busy')).toBe('true');
    expect(rows().classList.contains('piazza-listing-stale')).toBe(false);
    results.hits = ref([hit(3)]);
    results.pending = null;
    results.version++;
    await wait(STALE_AFTER_MS * 2);
    expect(rows().classList.contains('piazza-listing-stale')).toBe(false);
    expect(rows().hasAttribute('aria-busy')).toBe(false);
  });

  it('turn grey once the answer has taken STALE_AFTER_MS, and the answer shows in colour', async () => {
    const { results, rows, wait } = setup();
    results.pending = 'reload';
    // (the timer starts with the effect, a frame after the change: Preact's effects wait for one)
    await wait(STALE_AFTER_MS + 100);
    expect(rows().classList.contains('piazza-listing-stale')).toBe(true);
    results.hits = ref([hit(3)]);
    results.pending = null;
    results.version++;
    await wait(0);
    expect(rows().classList.contains('piazza-listing-stale')).toBe(false);
    // a second search from these results waits its own time again
    results.pending = 'reload';
    await wait(STALE_AFTER_MS - 60);
    expect(rows().classList.contains('piazza-listing-stale')).toBe(false);
    await wait(100);
    expect(rows().classList.contains('piazza-listing-stale')).toBe(true);
  });
});
