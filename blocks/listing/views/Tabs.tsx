// The tab bar: Bootstrap Italia nav-tabs with the WAI-ARIA tabs pattern (roving tabindex,
// ←/→ move and activate, Home/End, the panel labelled by its tab).
import { useRef } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import type { TabId } from '../model/types';

export const tabId = (blockId: string, tab: TabId) => blockId + '-' + tab + '-tab';
export const panelId = (blockId: string, tab: TabId) => blockId + '-' + tab;

interface Props {
  blockId: string;
  tabs: readonly TabId[];
  current: TabId;
  i18n: I18n;
  onSelect(tab: TabId): void;
  /** The visitor is about to choose `tab`: a pointer enters it (a touch too) or focus does; `press`: a pointer pressed on it. */
  onIntent?(tab: TabId, press: boolean): void;
}

export function Tabs({ blockId, tabs, current, i18n, onSelect, onIntent }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const move = (e: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    onSelect(next);
    list.current?.querySelector<HTMLElement>('#' + CSS.escape(tabId(blockId, next)))?.focus();
  };
  return (
    <ul class="nav nav-tabs piazza-listing-tabs" role="tablist" aria-label={i18n.t('tabs.label')} ref={list}>
      {tabs.map((tab, i) => (
        <li class="nav-item" role="presentation" key={tab}>
          <button
            type="button"
            class={'nav-link' + (tab === current ? ' active' : '')}
            id={tabId(blockId, tab)}
            role="tab"
            aria-selected={tab === current}
            aria-controls={panelId(blockId, tab)}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onSelect(tab)}
            onPointerEnter={() => onIntent?.(tab, false)}
            onPointerDown={() => onIntent?.(tab, true)}
            onFocus={() => onIntent?.(tab, false)}
            onKeyDown={(e) => move(e as unknown as KeyboardEvent, i)}
          >
            {i18n.t('tab.' + tab)}
          </button>
        </li>
      ))}
    </ul>
  );
}
