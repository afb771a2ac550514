// When the page URL takes a change of the listing's state (setup.ts afterResults): after the
// results the change asked for are shown, so that no history entry is made while their request is
// in flight (issue 31: an entry made at the change made the answer ~20 ms later).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterResults, URL_LATEST_MS } from '../../../blocks/listing/setup';
import { paints } from './fixtures';

describe('the URL takes a change once its results are shown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a change that sent a request is written a frame after its results, not before', async () => {
    let busy = true;
    const frames = paints();
    const history = afterResults(() => busy, frames.next);
    const write = vi.fn();
    history.schedule(write);
    await frames.paint();
    expect(write).not.toHaveBeenCalled(); // the request is in flight: no entry yet
    busy = false;
    history.shown();
    expect(write).not.toHaveBeenCalled(); // the results are drawn in this frame
    await frames.paint();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('a change that asked for nothing is written at the next frame', async () => {
    const frames = paints();
    const history = afterResults(() => false, frames.next);
    const write = vi.fn();
    history.schedule(write);
    expect(write).not.toHaveBeenCalled();
    await frames.paint();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('a slow answer holds the URL at most URL_LATEST_MS', async () => {
    const frames = paints();
    const history = afterResults(() => true, frames.next);
    const write = vi.fn();
    history.schedule(write);
    vi.advanceTimersByTime(URL_LATEST_MS - 1);
    await frames.paint();
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await frames.paint();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('changes made while waiting are each written, in their order, once; results with nothing waiting write nothing', async () => {
    const frames = paints();
    const history = afterResults(() => true, frames.next);
    const order: string[] = [];
    history.shown(); // the first results: no change waiting
    await frames.paint();
    expect(order).toEqual([]);
    history.schedule(() => order.push('facet'));
    history.schedule(() => order.push('page 2'));
    history.shown();
    await frames.paint();
    expect(order).toEqual(['facet', 'page 2']);
    vi.advanceTimersByTime(URL_LATEST_MS); // the bound was cleared with the writes
    await frames.paint();
    expect(order).toEqual(['facet', 'page 2']);
  });

  it('a change made while the last one waits for its frame waits for its own results', async () => {
    let busy = true;
    const frames = paints();
    const history = afterResults(() => busy, frames.next);
    const order: string[] = [];
    history.schedule(() => order.push('facet'));
    history.shown(); // the facet's results: its entry at the next frame
    history.schedule(() => order.push('page 2')); // a quick click on page 2 before that frame
    await frames.paint();
    expect(order).toEqual(['facet']);
    busy = false;
    history.shown();
    await frames.paint();
    expect(order).toEqual(['facet', 'page 2']);
  });
});
