// runtime/block/resource.ts: the fetch-what-the-state-asks-for shape every result controller uses.
import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio/vanilla';
import { resource } from '../../../runtime/block/resource';
import { Cancelled, RequestError } from '../../../runtime/http/core';

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A resource over `state.q` whose loads the test settles by hand. */
function harness(active = false) {
  const state = proxy({ q: 'a' });
  const loads: Array<{ key: string; current: () => boolean; settle(v?: unknown): void; fail(e: unknown): void }> = [];
  const shown: string[] = [];
  const failures: string[] = [];
  const r = resource({
    watch: state,
    active,
    key: () => (state.q ? 'q=' + state.q : null),
    load: (key, current) =>
      new Promise<void>((settle, fail) =>
        loads.push({
          key,
          current,
          settle: () => {
            if (current()) shown.push(key);
            settle();
          },
          fail,
        }),
      ),
    failed: (e, key) => failures.push(key + ': ' + e.message),
  });
  return { state, r, loads, shown, failures };
}

describe('resource', () => {
  it('fetches only while active, and once per key', async () => {
    const h = harness();
    await tick();
    expect(h.loads).toHaveLength(0);
    h.r.setActive(true);
    h.r.setActive(true);
    h.r.sync();
    expect(h.loads.map((l) => l.key)).toEqual(['q=a']);
    h.loads[0].settle();
    await tick();
    h.r.setActive(false);
    h.state.q = 'b';
    await tick();
    expect(h.loads).toHaveLength(1); // hidden: nothing asked
    h.r.setActive(true); // shown again: the change made meanwhile is fetched
    expect(h.loads.map((l) => l.key)).toEqual(['q=a', 'q=b']);
  });

  it('a null key fetches nothing; active from the start fetches at once', async () => {
    const h = harness(true);
    expect(h.loads.map((l) => l.key)).toEqual(['q=a']);
    h.state.q = '';
    await tick();
    expect(h.loads).toHaveLength(1);
  });

  it('never reports a superseded or cancelled request, and retries the same key after an error', async () => {
    const h = harness(true);
    h.state.q = 'b';
    await tick();
    const [old, now] = h.loads;
    expect(old.current()).toBe(false);
    old.fail(new RequestError(500, 'old failure', 'http', '/a'));
    now.fail(new Cancelled());
    await tick();
    expect(h.failures).toEqual([]);
    h.r.retry();
    h.loads[2].fail(new RequestError(502, 'Bad gateway', 'http', '/b'));
    await tick();
    expect(h.failures).toEqual(['q=b: Bad gateway']);
    // After an error the same key is fetched again (by retry, or by the state asking again).
    h.r.retry();
    expect(h.loads.map((l) => l.key)).toEqual(['q=a', 'q=b', 'q=b', 'q=b']);
    h.loads[3].settle();
    await tick();
    expect(h.shown).toEqual(['q=b']);
  });

  it('stops on dispose: no fetch for later changes, and cancels what is in flight', async () => {
    let cancelled = 0;
    const state = proxy({ q: 'a' });
    const keys: string[] = [];
    const r = resource({
      watch: state,
      active: true,
      key: () => state.q,
      load: async (k) => {
        keys.push(k);
      },
      failed: () => {},
      cancel: () => cancelled++,
    });
    r.dispose();
    state.q = 'b';
    await tick();
    r.sync();
    expect(keys).toEqual(['a']);
    expect(cancelled).toBe(1);
  });
});
