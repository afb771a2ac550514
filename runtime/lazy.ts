// A module (or anything else a download gives) fetched once, when first asked for. A failed
// download is forgotten, so the next call tries again: a dropped connection must not leave a
// block dead for the rest of the visit. (piazza.js's loader keeps its own, keyed by entry.)
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ||= load().catch((e) => { pending = null; throw e; }));
}
