// @vitest-environment jsdom
// injectStyle: one <style> per id however many blocks use it, gone when the last one releases it.
import { describe, expect, it } from 'vitest';
import { injectStyle } from '../../../runtime/dom';

const styles = (id: string) => document.head.querySelectorAll(`style[data-piazza-css="${id}"]`);

describe('injectStyle', () => {
  it('adds one stylesheet for two users, with the nonce, and removes it after the second release', () => {
    const first = injectStyle('t-block', '.a{color:red}', 'n0nce');
    const second = injectStyle('t-block', '.a{color:red}', 'n0nce');
    expect(styles('t-block')).toHaveLength(1);
    expect((styles('t-block')[0] as HTMLStyleElement).nonce).toBe('n0nce');
    first();
    first(); // a release is counted once
    expect(styles('t-block')).toHaveLength(1);
    second();
    expect(styles('t-block')).toHaveLength(0);
    // A later user gets it back.
    const again = injectStyle('t-block', '.a{color:red}', '');
    expect(styles('t-block')).toHaveLength(1);
    again();
  });

  it('ids are independent', () => {
    const a = injectStyle('t-a', '.a{}', '');
    const b = injectStyle('t-b', '.b{}', '');
    a();
    expect([styles('t-a').length, styles('t-b').length]).toEqual([0, 1]);
    b();
  });
});
