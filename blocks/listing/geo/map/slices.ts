// Long work in slices of a few milliseconds, so the page keeps answering (clicks, scrolling,
// rendering) while 20 000 places are clustered. A MessageChannel turn, not setTimeout: nested
// timeouts are clamped to 4 ms each, which would add up to seconds over hundreds of slices.
const channel = typeof MessageChannel !== 'undefined' ? new MessageChannel() : null;
const waiting: Array<() => void> = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();

/** Lets the browser handle what is pending (input, a frame) before going on. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) return void setTimeout(resolve, 0);
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

/**
 * Calls `work` until it returns true, yielding whenever a slice has taken `budgetMs`.
 * Resolves false if `signal` aborted it.
 */
export async function inSlices(work: () => boolean, signal: AbortSignal, budgetMs = 8): Promise<boolean> {
  let start = performance.now();
  while (!signal.aborted) {
    if (work()) return true;
    if (performance.now() - start >= budgetMs) {
      await yieldToBrowser();
      start = performance.now();
    }
  }
  return false;
}

/** Runs `work` when the page is idle (within `timeout` ms at the latest; a timer where there is no idle callback: Safari). */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 50);
  return () => clearTimeout(id);
}
