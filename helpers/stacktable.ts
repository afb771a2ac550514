// Page helper: `table.responsive-stack|responsive-card|responsive-column` (the portal's stacktable.js
// markup) switch to a stacked copy while they are wider than their parent, re-checked whenever the
// parent or the table is resized. Idempotent: a table already handled is only re-checked.
import { injectStyle } from '../runtime/dom';
import type { RuntimeContext } from '../runtime/types';
import css from './stacktable/stacktable.css';
import { COPY_ATTR, StackedTable } from './stacktable/view';

const SELECTOR = 'table.responsive-stack,table.responsive-card,table.responsive-column';
const managed = new WeakMap<HTMLTableElement, StackedTable>();
const byObserved = new Map<Element, Set<StackedTable>>();
const pending = new Set<StackedTable>();
// biome-ignore lint/correctness/noUnusedVariables: read by the ||= below
let frame = 0;

function schedule(t: StackedTable) {
  pending.add(t);
  // Coalesce resize bursts into one check per table per frame.
  frame ||= requestAnimationFrame(() => {
    frame = 0;
    const batch = Array.from(pending);
    pending.clear();
    for (const item of batch) {
      item.check();
      if (!item.table.isConnected) forget(item);
    }
  });
}

/** A table that left the page: stop observing for it. */
function forget(item: StackedTable) {
  managed.delete(item.table);
  for (const [target, set] of byObserved) {
    if (set.delete(item) && !set.size) {
      byObserved.delete(target);
      observer?.unobserve(target);
    }
  }
}

let observer: ResizeObserver | null = null;
function observe(t: StackedTable, target: Element) {
  observer ||= new ResizeObserver((entries) => {
    for (const entry of entries) byObserved.get(entry.target)?.forEach(schedule);
  });
  let set = byObserved.get(target);
  if (!set) byObserved.set(target, (set = new Set()));
  set.add(t);
  observer.observe(target);
}

/** Every table handled, checked again now. */
function checkAll() {
  const all = new Set<StackedTable>();
  for (const set of byObserved.values()) for (const item of set) all.add(item);
  for (const item of all) {
    item.check();
    if (!item.table.isConnected) forget(item);
  }
}

/**
 * Mounted while the page parses (runtime/manifest.ts), a table may be measured before the page's
 * stylesheets are in: each one still loading checks the tables again when it arrives, which is
 * before the page's first paint (it waits for them), not a frame after it as a resize would.
 */
const awaited = new WeakSet<HTMLLinkElement>();
function recheckWhenStyled() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')) {
    if (link.sheet || awaited.has(link)) continue;
    awaited.add(link);
    link.addEventListener('load', checkAll, { once: true });
  }
}

/** (only the nonce of the context: the render-holding entry, stacktable-hold.ts, has no other) */
export function mount(root: ParentNode, ctx: Pick<RuntimeContext, 'nonce'>): void {
  injectStyle('stacktable', css, ctx.nonce);
  if (document.readyState === 'loading') recheckWhenStyled();
  const tables = Array.from(root.querySelectorAll<HTMLTableElement>(SELECTOR));
  if (root instanceof HTMLTableElement && root.matches(SELECTOR)) tables.unshift(root);
  for (const table of tables) {
    if (table.hasAttribute(COPY_ATTR)) continue;
    let item = managed.get(table);
    if (!item) {
      item = new StackedTable(table, schedule);
      managed.set(table, item);
      if (table.parentElement) observe(item, table.parentElement);
      observe(item, table);
    }
    item.check();
  }
}
