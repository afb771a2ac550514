// The block's state in the page URL, so Back/Forward and a shared link restore it. Keys are
// prefixed with the block id (two blocks on one page never collide) and defaults are left out:
//   ?eventi.q=concerto&eventi.f.topics=Cultura&eventi.interval=weekend&eventi.from=2025-01-01
//    &eventi.to=2025-01-31&eventi.page=2&eventi.tab=geo
// A link to a tab's panel (#eventi-geo) or to the tab (#eventi-geo-tab) opens that tab too, unless
// the query names one. Other parameters (other blocks, the portal's own) are kept as they are
// (runtime/block/url-codec.ts). Pure.
import { urlCodec } from '../../../runtime/block/url-codec';
import { parseYmd } from './dates';
import { defaultState } from './state';
import { INTERVALS, type IntervalId, type ListingSettings, type ListingState, type TabId } from './types';

/** The block's parameters: text, one per facet field, interval, published range, each date range, page, tab. */
const codecOf = (s: ListingSettings) =>
  urlCodec(s.blockId, ['q', 'f.', 'interval', 'from', 'to', ...s.dateRanges.map((_, i) => 'r' + i + '.'), 'page', 'tab']);

/** The tab a link to it names: a fragment that is its panel's id (`#eventi-geo`) or its tab's (`#eventi-geo-tab`). */
export function tabOfHash(s: ListingSettings, hash: string, tabs: readonly TabId[] = s.tabs): TabId | null {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a stray % is read as written */
  }
  return tabs.find((tab) => id === s.blockId + '-' + tab || id === s.blockId + '-' + tab + '-tab') ?? null;
}

/** The block's state read from a query string (and the fragment, for the tab); anything unknown or invalid falls back to its default. */
export function decodeState(s: ListingSettings, search: string, tabs: readonly TabId[] = s.tabs, hash = ''): ListingState {
  const params = codecOf(s).read(search);
  const state = defaultState(s, tabs);
  if (s.showSearch) state.text = params.get('q') || '';
  for (const def of s.facets) {
    const values = params.getAll('f.' + def.field).filter((v) => v !== '');
    if (values.length) state.facets[def.field] = [...new Set(values)];
  }
  const interval = params.get('interval') as IntervalId | null;
  if (s.timeIntervals && interval && INTERVALS.includes(interval)) state.interval = interval;
  if (s.publishedRange) {
    const from = params.get('from') || '';
    const to = params.get('to') || '';
    if (parseYmd(from)) state.publishedFrom = from;
    if (parseYmd(to)) state.publishedTo = to;
  }
  s.dateRanges.forEach((_, i) => {
    const from = params.get('r' + i + '.from') || '';
    const to = params.get('r' + i + '.to') || '';
    (state.ranges ||= [])[i] = [parseYmd(from) ? from : '', parseYmd(to) ? to : ''];
  });
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 100000) state.page = page - 1;
  const tab = (params.get('tab') as TabId | null) ?? tabOfHash(s, hash, tabs);
  if (tab && tabs.includes(tab)) state.tab = tab;
  return state;
}

/** `search` with this block's keys replaced by `state` (page 1-based; defaults omitted, but the tab when the fragment names another). */
export function encodeState(s: ListingSettings, state: ListingState, search: string, tabs: readonly TabId[] = s.tabs, hash = ''): string {
  const out: Array<[string, string]> = [];
  const text = state.text.trim();
  if (s.showSearch && text) out.push(['q', text]);
  for (const def of s.facets) for (const v of state.facets[def.field] || []) if (v !== '') out.push(['f.' + def.field, v]);
  if (s.timeIntervals && state.interval !== 'all') out.push(['interval', state.interval]);
  if (s.publishedRange && state.publishedFrom) out.push(['from', state.publishedFrom]);
  if (s.publishedRange && state.publishedTo) out.push(['to', state.publishedTo]);
  s.dateRanges.forEach((_, i) => {
    const [from, to] = state.ranges?.[i] || ['', ''];
    if (from) out.push(['r' + i + '.from', from]);
    if (to) out.push(['r' + i + '.to', to]);
  });
  if (state.page > 0) out.push(['page', String(state.page + 1)]);
  const linked = tabOfHash(s, hash, tabs);
  if (state.tab !== (tabs[0] || 'list') || (linked && linked !== state.tab)) out.push(['tab', state.tab]);
  return codecOf(s).write(search, out);
}
