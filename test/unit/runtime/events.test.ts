import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../runtime/events';
import { adminNotes } from '../../../runtime/log';
import { adminMessages } from '../../../runtime/messages';

/** The loader's own lines as piazza.ts makes them, worded by the real messages module. */
const loaderLines = (lang: 'it' | 'en') => adminNotes('[piazza] ', async (what) => adminMessages(lang).explain(what as never));

describe('event bus', () => {
  it('delivers to listeners until they unsubscribe', () => {
    const bus = createEmitter(loaderLines('it'));
    const seen: unknown[] = [];
    const off = bus.on('x', (d) => seen.push(d));
    bus.emit('x', 1);
    off();
    bus.emit('x', 2);
    expect(seen).toEqual([1]);
  });

  it('keeps going when one listener throws, and tells the admin which event, in Italian or English', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom');
    for (const [lang, line] of [
      ['it', '[piazza] piazza.on("block:mounted"): la funzione in ascolto ha dato errore'],
      ['en', '[piazza] piazza.on("block:mounted"): the listener threw'],
    ] as const) {
      error.mockClear();
      const bus = createEmitter(loaderLines(lang));
      const seen: number[] = [];
      bus.on('block:mounted', () => {
        throw boom;
      });
      bus.on('block:mounted', (d) => seen.push(d));
      bus.emit('block:mounted', 7);
      expect(seen).toEqual([7]);
      await vi.waitFor(() => expect(error).toHaveBeenCalledOnce());
      expect(error).toHaveBeenCalledWith(line, boom);
    }
    error.mockRestore();
  });
});
