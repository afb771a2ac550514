// Page helper: shared-link embeds. For `[data-shared_link][data-shared_link_view]` (a link, or a card
// `<div href>` in some templates) pointing at an
// object (`/openpa/object/{id}`) or node (`/content/view/full/{nodeId}`) of a portal, the placeholder
// `[data-object_id="{id}"].shared_link-{view}` is replaced by that portal's view HTML, sanitized.
// Read with JSONP as the original did (a stable callback per object keeps the URL cacheable), through
// the runtime's http client; each object/view is requested once per page. A failure is logged with
// its status and text, and the placeholder stays.
import { injectStyle } from '../runtime/dom';
import { getJsonp, RequestError } from '../runtime/http/core';
import { adminLog, linePrefix } from '../runtime/log';
import { ezLocale, langOf } from '../runtime/i18n';
import type { RuntimeContext } from '../runtime/types';
import { follow, gridOf } from './masonry/follow';
import { callbackFor, embedKey, firstId, nodeSearchUrl, pickView, planEmbed, readUrl, type EmbedPlan } from './sharedlink/model';
import { sanitizeEmbed } from '../runtime/sanitize';

const SELECTOR = '[data-shared_link][data-shared_link_view]';
const views = new Map<string, Promise<string>>();
const nodes = new Map<string, Promise<string>>();
const busy = new WeakSet<Element>();

const request = (url: string, ctx: RuntimeContext, callback: string) => getJsonp(url, { nonce: ctx.nonce, callback });

/** Cached per key; a failed request is forgotten so a later mount may try again. */
function cached(map: Map<string, Promise<string>>, key: string, load: () => Promise<string>): Promise<string> {
  let p = map.get(key);
  if (!p) {
    p = load();
    map.set(key, p);
    p.catch(() => map.delete(key));
  }
  return p;
}

function objectIdOf(plan: EmbedPlan, ctx: RuntimeContext): Promise<string> {
  if (plan.objectId) return Promise.resolve(plan.objectId);
  const nodeId = plan.nodeId!;
  return cached(nodes, plan.base + '|' + nodeId, async () => {
    const id = firstId(await request(nodeSearchUrl(plan.base, nodeId), ctx, callbackFor('node', nodeId)));
    if (!id) throw new RequestError(404, 'no object for node ' + nodeId, 'empty');
    return id;
  });
}

function viewOf(plan: EmbedPlan, objectId: string, ctx: RuntimeContext): Promise<string> {
  return cached(views, embedKey(plan.base, objectId, plan.view), async () => {
    const body = await request(readUrl(plan.base, objectId, plan.view), ctx, callbackFor('object', objectId));
    const html = pickView(body, ezLocale(langOf(document.documentElement.lang)));
    if (html === null) throw new RequestError(200, 'the answer has no "' + plan.view + '" view', 'empty');
    return html;
  });
}

const placeholdersFor = (id: string, view: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-object_id]')).filter(
    (el) => el.getAttribute('data-object_id') === id && el.classList.contains('shared_link-' + view),
  );

async function embed(link: HTMLElement, ctx: RuntimeContext) {
  const id = link.getAttribute('data-shared_link') || '';
  const view = link.getAttribute('data-shared_link_view') || '';
  if (!placeholdersFor(id, view).length) return; // nothing to fill (yet): a later mount may bring it
  const href = link.getAttribute('href') || '';
  const log = adminLog(linePrefix('sharedlink', href, 'helper'), ctx.explain);
  const plan = planEmbed(href, view, document.baseURI);
  if (!plan) {
    return log.error({
      it: 'non è un link /openpa/object/{id} o /content/view/full/{nodeId} con il nome di una vista',
      en: 'not an /openpa/object/{id} or /content/view/full/{nodeId} link with a view name',
    });
  }
  busy.add(link);
  try {
    const html = await viewOf(plan, await objectIdOf(plan, ctx), ctx);
    // Remote text may hold words thousands of characters long, and views pictures as wide as 640 px:
    // they wrap or shrink rather than widen the page (WCAG 1.4.10 at 320 px).
    injectStyle('sharedlink', '[data-piazza-embed]{overflow-wrap:anywhere}[data-piazza-embed] img{max-width:100%;height:auto}', ctx.nonce);
    for (const placeholder of placeholdersFor(id, view)) {
      const grid = gridOf(placeholder);
      const fragment = await sanitizeEmbed(html, plan.base);
      for (const el of Array.from(fragment.children)) el.setAttribute('data-piazza-embed', '');
      placeholder.replaceWith(fragment);
      if (grid) follow(grid).relayout();
    }
    link.setAttribute('data-piazza-embedded', 'true');
    ctx.events.emit('sharedlink:embedded', { id, view, base: plan.base });
  } catch (e) {
    const err = e as RequestError;
    // The placeholder stays.
    log.request({ ...err, message: err.message || String(e) }, { it: 'della vista ' + view, en: view + ' view' });
    link.setAttribute('data-piazza-embedded', 'false');
    ctx.events.emit('sharedlink:error', { id, view, status: err.status ?? 0, message: err.message });
  } finally {
    busy.delete(link);
  }
}

export function mount(root: ParentNode, ctx: RuntimeContext): void {
  const links = Array.from(root.querySelectorAll<HTMLElement>(SELECTOR));
  if (root instanceof HTMLElement && root.matches(SELECTOR)) links.unshift(root);
  // Not awaited: a slow remote portal must not hold back `piazza.ready`. Links already embedded or
  // in flight are skipped; a failed one is tried again by a later mount.
  for (const link of links) if (!busy.has(link) && link.getAttribute('data-piazza-embedded') !== 'true') void embed(link, ctx);
}
