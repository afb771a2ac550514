import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, type PageItem } from '../../../runtime/pagination';

/** 1-based labels as the visitor sees them; '…' for an ellipsis, '[n]' for the current page. */
const labels = (items: PageItem[]) =>
  items.map((i) => ('ellipsis' in i ? '…' : i.current ? `[${i.page + 1}]` : String(i.page + 1))).join(' ');

describe('pagination', () => {
  it('counts pages', () => {
    expect(pageCount(0, 6)).toBe(0);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
    expect(pageCount(10, 0)).toBe(0);
  });

  it('shows every page up to five', () => {
    expect(labels(pageWindow(0, 1))).toBe('[1]');
    expect(labels(pageWindow(2, 5))).toBe('1 2 [3] 4 5');
  });

  it('shows about three pages with ellipses beyond five', () => {
    expect(labels(pageWindow(0, 10))).toBe('[1] 2 … 10');
    expect(labels(pageWindow(1, 10))).toBe('1 [2] … 10');
    expect(labels(pageWindow(2, 10))).toBe('1 … [3] … 10');
    expect(labels(pageWindow(5, 10))).toBe('1 … [6] … 10');
    expect(labels(pageWindow(8, 10))).toBe('1 … [9] 10');
    expect(labels(pageWindow(9, 10))).toBe('1 … 9 [10]');
    expect(labels(pageWindow(3, 6))).toBe('1 … [4] … 6');
  });

  it('never repeats a page and always keeps first, current and last', () => {
    for (let count = 6; count < 30; count++) {
      for (let current = 0; current < count; current++) {
        const pages = pageWindow(current, count).flatMap((i) => ('page' in i ? [i.page] : []));
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toContain(0);
        expect(pages).toContain(current);
        expect(pages).toContain(count - 1);
        expect(pages.length).toBeLessThanOrEqual(4);
      }
    }
  });
});
