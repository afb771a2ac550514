// @vitest-environment jsdom
// The tab bar follows the WAI-ARIA tabs pattern (roving tabindex, arrows, Home/End).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { availableTabs, isRegistered } from '../../../blocks/listing/tabs';
import { Tabs } from '../../../blocks/listing/views/Tabs';
import type { TabId } from '../../../blocks/listing/model/types';

afterEach(cleanup);

function Harness({ tabs }: { tabs: TabId[] }) {
  const [current, setCurrent] = useState<TabId>(tabs[0]);
  return <Tabs blockId="eventi" tabs={tabs} current={current} i18n={createI18n(catalog, 'it-IT')} onSelect={setCurrent} />;
}

describe('tab bar', () => {
  it('labels tabs and controls panels by the block id', () => {
    const { getAllByRole, getByRole } = render(<Harness tabs={['list', 'geo', 'agenda']} />);
    expect(getByRole('tablist').getAttribute('aria-label')).toBe('Modalità di visualizzazione');
    const tabs = getAllByRole('tab');
    expect(tabs.map((t) => [t.id, t.getAttribute('aria-controls'), t.textContent])).toEqual([
      ['eventi-list-tab', 'eventi-list', 'Elenco'],
      ['eventi-geo-tab', 'eventi-geo', 'Mappa'],
      ['eventi-agenda-tab', 'eventi-agenda', 'Calendario'],
    ]);
    expect(tabs.map((t) => [t.getAttribute('aria-selected'), t.tabIndex])).toEqual([
      ['true', 0],
      ['false', -1],
      ['false', -1],
    ]);
  });

  it('arrows move and select (wrapping), Home/End jump, focus follows', async () => {
    const { getAllByRole } = render(<Harness tabs={['list', 'geo', 'agenda']} />);
    const selected = () => getAllByRole('tab').findIndex((t) => t.getAttribute('aria-selected') === 'true');
    const press = async (key: string) => {
      fireEvent.keyDown(
        document.activeElement && document.activeElement !== document.body ? document.activeElement : getAllByRole('tab')[0],
        { key },
      );
      await new Promise((r) => setTimeout(r, 0));
    };
    getAllByRole('tab')[0].focus();
    await press('ArrowRight');
    expect(selected()).toBe(1);
    expect(document.activeElement?.id).toBe('eventi-geo-tab');
    await press('ArrowRight');
    await press('ArrowRight');
    expect(selected()).toBe(0);
    await press('ArrowLeft');
    expect(selected()).toBe(2);
    await press('Home');
    expect(selected()).toBe(0);
    await press('End');
    expect(selected()).toBe(2);
    expect(getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    await press('a');
    expect(selected()).toBe(2);
  });

  it('a click selects', async () => {
    const { getAllByRole } = render(<Harness tabs={['list', 'agenda']} />);
    fireEvent.click(getAllByRole('tab')[1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(getAllByRole('tab')[1].getAttribute('aria-selected')).toBe('true');
  });
});

describe('tab registry', () => {
  it('the list always exists; tabs without a module are not offered', () => {
    expect(isRegistered('list')).toBe(true);
    expect(availableTabs(['geo', 'list', 'agenda'])).toEqual(['geo', 'list', 'agenda'].filter((t) => isRegistered(t as TabId)));
    expect(availableTabs(['list'])).toEqual(['list']);
  });
});
