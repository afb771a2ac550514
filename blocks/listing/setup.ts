// What the listing decides at mount beyond the kit: which tabs it shows, and (hideIfEmpty) when
// it appears.
import type { AdminLog } from '../../runtime/log';
import type { TabId } from './model/types';
import { availableTabs } from './tabs';

/** The configured tabs this build has (a missing one told to the admin); the list when none. */
export function shownTabs(configured: readonly TabId[], log: AdminLog): TabId[] {
  const tabs = availableTabs(configured);
  const missing = configured.filter((tab) => !tabs.includes(tab));
  if (missing.length) log.warn({ code: 'tabsMissing', tabs: missing.join(', ') });
  return tabs.length ? tabs : ['list'];
}

/** hideIfEmpty: the block (with the portal's wrapper) hidden until a response has results; call with each count. */
export function revealOnResults(element: HTMLElement, hideIfEmpty: boolean): (totalCount: number) => void {
  const wrapper = hideIfEmpty ? element.closest<HTMLElement>('.remote-gui-wrapper') || element : null;
  if (!wrapper) return () => {};
  wrapper.setAttribute('data-piazza-listing-hidden', '');
  let revealed = false;
  return (totalCount) => {
    if (revealed || totalCount <= 0) return;
    revealed = true;
    wrapper.removeAttribute('data-piazza-listing-hidden');
    wrapper.hidden = false;
    if (wrapper.style.display === 'none') wrapper.style.removeProperty('display'); // the portal's template hides it inline
  };
}
