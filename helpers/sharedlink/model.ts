// Pure rules of the shared-link embed (the portal's jquery.sharedlink.js, with its port bug fixed):
// which API request a shared link needs, which language's view to show, and the JSONP callback
// names that keep each object's URL cacheable.

export interface EmbedPlan {
  /** protocol//host[:port] of the portal the link points to: the original dropped the port. */
  base: string;
  /** The view to ask for (`data-shared_link_view`). */
  view: string;
  /** `/openpa/object/{id}`: read this object directly… */
  objectId?: string;
  /** …or `/content/view/full/{nodeId}`: find the object of this node first. */
  nodeId?: string;
}

const ID = /^\d+$/;
const VIEW = /^[A-Za-z0-9_-]+$/;

/** What to request for a shared link, or null when the link is not an object or node link. */
export function planEmbed(href: string, view: string, pageUrl: string): EmbedPlan | null {
  if (!VIEW.test(view)) return null;
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A siteaccess prefix (`/ita/openpa/object/12`) may precede the module path; the API is at the host root.
  const object = /\/openpa\/object\/([^/?#]+)\/?$/.exec(url.pathname);
  const node = /\/content\/view\/full\/([^/?#]+)\/?$/.exec(url.pathname);
  const base = url.origin;
  if (object && ID.test(object[1])) return { base, view, objectId: object[1] };
  if (node && ID.test(node[1])) return { base, view, nodeId: node[1] };
  return null;
}

export const readUrl = (base: string, objectId: string, view: string) =>
  `${base}/api/opendata/v2/content/read/${objectId}?view=${encodeURIComponent(view)}`;

/** The original's lookup: `select-fields [metadata.id] and raw[meta_node_id_si] = {nodeId} limit 1` (a bare id array). */
export const nodeSearchUrl = (base: string, nodeId: string) =>
  `${base}/api/opendata/v2/content/search/` +
  encodeURIComponent(`select-fields [metadata.id] and raw[meta_node_id_si] = ${nodeId} limit 1`);

/** The first id of a select-fields answer (`[4521]` or `[{"metadata.id": 4521}]`-like shapes). */
export function firstId(body: unknown): string | null {
  if (!Array.isArray(body) || !body.length) return null;
  let first: unknown = body[0];
  if (first && typeof first === 'object') first = Object.values(first as object)[0];
  const id = typeof first === 'number' || typeof first === 'string' ? String(first) : '';
  return ID.test(id) ? id : null;
}

/**
 * The view HTML of a read answer for `locale` (eZ locale, e.g. ita-IT): that language, then the
 * fallback language, then the first language that has a view. Null when there is none.
 */
export function pickView(body: unknown, locale: string, fallback = 'ita-IT'): string | null {
  const extradata = (body as { extradata?: unknown } | null)?.extradata;
  if (!extradata || typeof extradata !== 'object') return null;
  const map = extradata as Record<string, { view?: unknown } | null>;
  const viewOf = (lang: string) => {
    const v = map[lang]?.view;
    return typeof v === 'string' && v.trim() ? v : null;
  };
  return (
    viewOf(locale) ??
    viewOf(fallback) ??
    Object.keys(map)
      .map(viewOf)
      .find((v) => v !== null) ??
    null
  );
}

/**
 * A stable JSONP callback name per object (`shared_link_{id}`), so the URL is the same on every
 * page view and the browser or a CDN may cache it. The http client appends `_` while a name is taken.
 */
export const callbackFor = (kind: 'object' | 'node', id: string) =>
  (kind === 'object' ? 'shared_link_' : 'shared_link_node_') + id.replace(/\W/g, '');

/** Cache key of one embed: the same object in the same view is requested once per page. */
export const embedKey = (base: string, objectId: string, view: string) => base + '|' + objectId + '|' + view;
