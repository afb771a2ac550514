// The page links the list shows (the shared runtime window, with the listing's page size).
import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from '../../../runtime/pagination';
import { settings } from './fixtures';

/** The window as the visitor reads it: 1-based numbers and "…". */
const shown = (current: number, count: number) =>
  pageWindow(current, count)
    .map((i) => ('ellipsis' in i ? '…' : i.current ? `[${i.page + 1}]` : String(i.page + 1)))
    .join(' ');

describe('listing pages', () => {
  it('counts pages from totalCount and limitPagination', () => {
    const s = settings({ limitPagination: 6 });
    expect(pageCount(0, s.limit)).toBe(0);
    expect(pageCount(6, s.limit)).toBe(1);
    expect(pageCount(7, s.limit)).toBe(2);
    expect(pageCount(84, s.limit)).toBe(14);
  });

  it('up to 5 pages: all of them', () => {
    expect(shown(0, 1)).toBe('[1]');
    expect(shown(2, 5)).toBe('1 2 [3] 4 5');
  });

  it.each([
    [0, '[1] 2 … 14'],
    [1, '1 [2] … 14'],
    [2, '1 … [3] … 14'],
    [6, '1 … [7] … 14'],
    [11, '1 … [12] … 14'],
    [12, '1 … [13] 14'],
    [13, '1 … 13 [14]'],
  ])('more than 5 pages, current %i: %s (about 3 visible, first and last always)', (current, text) => {
    expect(shown(current, 14)).toBe(text);
  });

  it('6 pages, the edges', () => {
    expect(shown(0, 6)).toBe('[1] 2 … 6');
    expect(shown(5, 6)).toBe('1 … 5 [6]');
  });
});
