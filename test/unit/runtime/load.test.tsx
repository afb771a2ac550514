// @vitest-environment jsdom
// The one "load it, show it, again on Retry" (runtime/ui/load.ts) as a lazy view uses it: waiting
// while the chunk downloads, the visitor's error with Retry when it fails (the admin told once per
// failure), the view once a retry downloads it; nothing loaded while there is nothing to load.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { createI18n } from '../../../runtime/i18n';
import { common } from '../../../runtime/ui/messages';
import { Lazy } from '../../../runtime/ui/Lazy';
import { lazyModule } from '../../../runtime/lazy';
import { useLoad } from '../../../runtime/ui/load';

afterEach(cleanup);
const i18n = createI18n({ it: { ...common.it } });

describe('Lazy on useLoad', () => {
  it('waits, fails with Retry, then shows the view a second download gives', async () => {
    let downloads = 0;
    const load = lazyModule(async () => {
      downloads++;
      if (downloads === 1) throw new Error('chunk failed');
      return { text: 'la mappa' };
    });
    const failures: unknown[] = [];
    const { container, getByRole } = render(
      <Lazy load={load} i18n={i18n} waiting={<p>attendi</p>} failed={(e) => failures.push(e)} render={(m) => <p>{m.text}</p>} />,
    );
    expect(container.textContent).toBe('attendi');
    await waitFor(() => expect(container.querySelector('[role=alert]')).not.toBeNull());
    expect(failures.map((e) => (e as Error).message)).toEqual(['chunk failed']);
    fireEvent.click(getByRole('button'));
    await waitFor(() => expect(container.textContent).toBe('la mappa'));
    expect(downloads).toBe(2);
    expect(failures).toHaveLength(1);
  });
});

function Probe({ load }: { load: (() => Promise<string>) | null }) {
  const [result] = useLoad(load, [load]);
  return <p>{result ? result.state + (result.state === 'ok' ? ' ' + result.value : '') : 'nothing'}</p>;
}

describe('useLoad', () => {
  it('loads nothing without a loader, and again when the loader changes', async () => {
    const { container, rerender } = render(<Probe load={null} />);
    expect(container.textContent).toBe('nothing');
    rerender(<Probe load={async () => 'classi'} />);
    await waitFor(() => expect(container.textContent).toBe('ok classi'));
    rerender(<Probe load={null} />);
    expect(container.textContent).toBe('nothing');
  });
});
