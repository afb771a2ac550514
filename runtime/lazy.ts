// A module (or anything else a download gives) fetched once, when first asked for. A failed
// download is forgotten, so the next call tries again: a dropped connection must not leave a
// block dead for the rest of the visit. The one way piazza loads lazily: piazza.js's manifest
// module, the manifest's entries (keyed), the listing's tabs and their controllers. (Consent's UI
// chunk keeps its own memo: its core also asks whether the UI was asked for at all, consent/core.ts.)
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ||= load().catch((e) => {
      pending = null;
      throw e;
    }));
}

/** The same, one per key (a chunk entry, a tab). */
export function lazyModules<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const loaded = new Map<string, () => Promise<T>>();
  return (key) => {
    let get = loaded.get(key);
    if (!get) loaded.set(key, (get = lazyModule(() => load(key))));
    return get();
  };
}
