// The one pagination model for every block (pure; pages are 0-based inside, 1-based on screen).
export type PageItem = { page: number; current: boolean } | { ellipsis: true; key: string };

export const pageCount = (total: number, perPage: number) => (perPage > 0 ? Math.max(0, Math.ceil(total / perPage)) : 0);

/**
 * The page links to show, as the portal always did: every page up to 5; beyond that about three
 * around the current one with the first and last: 1 2 … 9 · 1 … 4 … 9 · 1 … 8 9.
 */
export function pageWindow(current: number, count: number): PageItem[] {
  const item = (p: number): PageItem => ({ page: p, current: p === current });
  if (count <= 5) return Array.from({ length: count }, (_, p) => item(p));
  const last = count - 1;
  const pages = current <= 1 ? [0, 1, last] : [0, current, last];
  if (current >= last - 1 && current > 1) pages.splice(1, 1, last - 1);
  const out: PageItem[] = [];
  [...new Set(pages)]
    .sort((a, b) => a - b)
    .forEach((p, i, all) => {
      if (i > 0 && p - all[i - 1] > 1) out.push({ ellipsis: true, key: 'gap-' + p });
      out.push(item(p));
    });
  return out;
}
