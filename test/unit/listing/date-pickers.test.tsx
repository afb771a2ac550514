// @vitest-environment jsdom
// The date filters become date fields a frame after the block's first results (setup.ts
// datePickersAfterResults, views/DateFilters.tsx): Chromium's first `type="date"` of a page is a
// 7–18 ms task the first answer would wait behind (issue 31). Until then they are plain fields —
// unless they hold a date — and at the latest DATE_PICKERS_LATEST_MS after the first render.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { DateRange } from '../../../blocks/listing/views/DateFilters';
import { DATE_PICKERS_LATEST_MS, datePickersAfterResults } from '../../../blocks/listing/setup';
import { paints } from './fixtures';

afterEach(cleanup);
const i18n = createI18n(catalog, 'it-IT');

describe('when the date filters become date fields', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a frame after the first results (or error) are shown, not in the frame that shows them, and once', async () => {
    const frames = paints();
    const pickers = datePickersAfterResults(frames.next);
    pickers.rendered();
    await frames.paint();
    expect(pickers.store.ready).toBe(false); // the first render's frame: the answer is still awaited
    pickers.shown();
    expect(pickers.store.ready).toBe(false); // the results are drawn in this frame
    await frames.paint();
    expect(pickers.store.ready).toBe(true);
    pickers.shown(); // every later result change: nothing more to do
    await frames.paint();
    expect(pickers.store.ready).toBe(true);
  });

  it('slow results hold them DATE_PICKERS_LATEST_MS after the first render at most', async () => {
    const frames = paints();
    const pickers = datePickersAfterResults(frames.next);
    pickers.rendered();
    vi.advanceTimersByTime(DATE_PICKERS_LATEST_MS - 1);
    await frames.paint();
    expect(pickers.store.ready).toBe(false);
    vi.advanceTimersByTime(1);
    await frames.paint();
    expect(pickers.store.ready).toBe(true);
  });

  it('results taken before the first render: a frame after that render', async () => {
    const frames = paints();
    const pickers = datePickersAfterResults(frames.next);
    pickers.shown();
    await frames.paint();
    expect(pickers.store.ready).toBe(false); // nothing drawn yet
    pickers.rendered();
    expect(pickers.store.ready).toBe(false);
    await frames.paint();
    expect(pickers.store.ready).toBe(true);
  });
});

describe('a date range before and after its pickers', () => {
  const range = (from: string, to: string, picker: boolean) => (
    <DateRange idPrefix="eventi-published" legend="Pubblicati" from={from} to={to} picker={picker} i18n={i18n} onChange={() => {}} />
  );
  const types = (c: Element) => Array.from(c.querySelectorAll('input')).map((i) => i.type);

  it('empty: plain fields first, date fields once allowed', () => {
    const view = render(range('', '', false));
    expect(types(view.container)).toEqual(['text', 'text']);
    act(() => view.rerender(range('', '', true)));
    expect(types(view.container)).toEqual(['date', 'date']);
  });

  it('holding a date (a shared link, Back): date fields from the start, the date shown', () => {
    const view = render(range('2026-11-01', '', false));
    expect(types(view.container)).toEqual(['date', 'date']);
    expect((view.container.querySelector('#eventi-published-from') as HTMLInputElement).value).toBe('2026-11-01');
    expect((view.container.querySelector('#eventi-published-to') as HTMLInputElement).min).toBe('2026-11-01');
  });

  it('a plain field taking the focus makes its range date fields at once: the typing goes into a date field', async () => {
    const view = render(range('', '', false));
    const from = view.container.querySelector('#eventi-published-from') as HTMLInputElement;
    await act(() => {
      from.focus();
    });
    expect(types(view.container)).toEqual(['date', 'date']);
    expect(document.activeElement).toBe(from);
  });
});
