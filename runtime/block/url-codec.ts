// One way for a block to keep its parameters in the page URL: each carries the block's prefix
// (`eventi.page=2`, `documenti.f.anno=2024`), so two blocks on a page and the portal's own
// parameters never collide. A block declares its keys once, next to its state (`urlCodec(prefix,
// ['q', 'page', 'f.'])`: a key ending in '.' is a family, one parameter per field); its url.ts says
// how each value encodes. Writing replaces exactly the declared keys and keeps everything else as
// it was; which changes replace the history entry instead of pushing one is urlState's `replaces`.
// Pure.

export interface PrefixedParams {
  /** The first value of `<prefix>.<key>`, or null. */
  get(key: string): string | null;
  /** Every value of `<prefix>.<key>`. */
  getAll(key: string): string[];
  /** A family's parameters (`f.` → [['topics', 'Cultura'], …]), in the URL's order. */
  family(key: string): Array<[field: string, value: string]>;
}

export interface UrlCodec {
  prefix: string;
  read(search: string): PrefixedParams;
  /**
   * `search` with this block's declared keys replaced by `params` (key without the prefix, value),
   * in their order; `?` + the rest, or '' when nothing is left.
   */
  write(search: string, params: Array<[key: string, value: string]>): string;
}

export function urlCodec(prefix: string, keys: readonly string[]): UrlCodec {
  const name = (key: string) => prefix + '.' + key;
  const ours = (param: string) => keys.some((k) => (k.endsWith('.') ? param.startsWith(name(k)) : param === name(k)));
  return {
    prefix,
    read(search) {
      const params = new URLSearchParams(search);
      return {
        get: (key) => params.get(name(key)),
        getAll: (key) => params.getAll(name(key)),
        family(key) {
          const start = name(key);
          return [...params].filter(([p]) => p.startsWith(start) && p.length > start.length).map(([p, v]) => [p.slice(start.length), v]);
        },
      };
    },
    write(search, entries) {
      const params = new URLSearchParams(search);
      for (const param of [...new Set(params.keys())]) if (ours(param)) params.delete(param);
      for (const [key, value] of entries) params.append(name(key), value);
      const text = params.toString();
      return text ? '?' + text : '';
    },
  };
}
