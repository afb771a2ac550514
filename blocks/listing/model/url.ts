// The block's state in the page URL, so Back/Forward and a shared link restore it. Keys are
// prefixed with the block id (two blocks on one page never collide) and defaults are left out:
//   ?eventi.q=concerto&eventi.f.topics=Cultura&eventi.interval=weekend&eventi.from=2025-01-01
//    &eventi.to=2025-01-31&eventi.page=2&eventi.tab=geo
// A link to a tab's panel (#eventi-geo) or to the tab (#eventi-geo-tab) opens that tab too, unless
// the query names one. Other parameters (other blocks, the portal's own) are kept as they are. Pure.
import { parseYmd } from './dates';
import { defaultState } from './state';
import { INTERVALS, type IntervalId, type ListingSettings, type ListingState, type TabId } from './types';

const key = (s: ListingSettings, name: string) => s.blockId + '.' + name;

/** The tab a link to it names: a fragment that is its panel's id (`#eventi-geo`) or its tab's (`#eventi-geo-tab`). */
export function tabOfHash(s: ListingSettings, hash: string, tabs: readonly TabId[] = s.tabs): TabId | null {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch { /* a stray % is read as written */ }
  return tabs.find((tab) => id === s.blockId + '-' + tab || id === s.blockId + '-' + tab + '-tab') ?? null;
}

/** The block's state read from a query string (and the fragment, for the tab); anything unknown or invalid falls back to its default. */
export function decodeState(s: ListingSettings, search: string, tabs: readonly TabId[] = s.tabs, hash = ''): ListingState {
  const params = new URLSearchParams(search);
  const state = defaultState(s, tabs);
  if (s.showSearch) state.text = params.get(key(s, 'q')) || '';
  for (const def of s.facets) {
    const values = params.getAll(key(s, 'f.' + def.field)).filter((v) => v !== '');
    if (values.length) state.facets[def.field] = [...new Set(values)];
  }
  const interval = params.get(key(s, 'interval')) as IntervalId | null;
  if (s.timeIntervals && interval && INTERVALS.includes(interval)) state.interval = interval;
  if (s.publishedRange) {
    const from = params.get(key(s, 'from')) || '';
    const to = params.get(key(s, 'to')) || '';
    if (parseYmd(from)) state.publishedFrom = from;
    if (parseYmd(to)) state.publishedTo = to;
  }
  s.dateRanges.forEach((_, i) => {
    const from = params.get(key(s, 'r' + i + '.from')) || '';
    const to = params.get(key(s, 'r' + i + '.to')) || '';
    (state.ranges ||= [])[i] = [parseYmd(from) ? from : '', parseYmd(to) ? to : ''];
  });
  const page = Number(params.get(key(s, 'page')));
  if (Number.isInteger(page) && page > 1 && page <= 100000) state.page = page - 1;
  const tab = (params.get(key(s, 'tab')) as TabId | null) ?? tabOfHash(s, hash, tabs);
  if (tab && tabs.includes(tab)) state.tab = tab;
  return state;
}

/** `search` with this block's keys replaced by `state` (page 1-based; defaults omitted, but the tab when the fragment names another). */
export function encodeState(s: ListingSettings, state: ListingState, search: string, tabs: readonly TabId[] = s.tabs, hash = ''): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (name.startsWith(s.blockId + '.')) params.delete(name);
  const text = state.text.trim();
  if (s.showSearch && text) params.append(key(s, 'q'), text);
  for (const def of s.facets) for (const v of state.facets[def.field] || []) if (v !== '') params.append(key(s, 'f.' + def.field), v);
  if (s.timeIntervals && state.interval !== 'all') params.append(key(s, 'interval'), state.interval);
  if (s.publishedRange && state.publishedFrom) params.append(key(s, 'from'), state.publishedFrom);
  if (s.publishedRange && state.publishedTo) params.append(key(s, 'to'), state.publishedTo);
  s.dateRanges.forEach((_, i) => {
    const [from, to] = state.ranges?.[i] || ['', ''];
    if (from) params.append(key(s, 'r' + i + '.from'), from);
    if (to) params.append(key(s, 'r' + i + '.to'), to);
  });
  if (state.page > 0) params.append(key(s, 'page'), String(state.page + 1));
  const linked = tabOfHash(s, hash, tabs);
  if (state.tab !== (tabs[0] || 'list') || (linked && linked !== state.tab)) params.append(key(s, 'tab'), state.tab);
  const out = params.toString();
  return out ? '?' + out : '';
}
