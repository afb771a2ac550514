import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../runtime/events';

describe('event bus', () => {
  it('delivers to listeners until they unsubscribe', () => {
    const bus = createEmitter();
    const seen: unknown[] = [];
    const off = bus.on('x', (d) => seen.push(d));
    bus.emit('x', 1);
    off();
    bus.emit('x', 2);
    expect(seen).toEqual([1]);
  });

  it('keeps going when one listener throws', () => {
    const bus = createEmitter();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: number[] = [];
    bus.on('x', () => { throw new Error('boom'); });
    bus.on('x', (d) => seen.push(d));
    bus.emit('x', 7);
    expect(seen).toEqual([7]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
