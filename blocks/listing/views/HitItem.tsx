// One result: the portal's server-rendered view (already sanitised by the api: a copy of its nodes
// goes in, with no HTML parsed again), else the admin's template (escaped values), else a built-in
// Bootstrap Italia card from `fields`.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import { fieldText, hitImage, templateData } from '../model/hit';
import type { CleanView, Hit } from '../model/response';
import { renderTemplate } from '../model/template';
import type { ListingSettings } from '../model/types';

/** A cleaned view in its card: a copy of its nodes, put in again only when the view changes. */
function ServerView({ view }: { view: CleanView }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current!.replaceChildren(view.copy());
  }, [view]);
  return <div class="piazza-listing-view" ref={box} />;
}

export function HitItem({ hit, settings, i18n }: { hit: Hit; settings: ListingSettings; i18n: I18n }) {
  if (hit.view) return <ServerView view={hit.view} />;
  if (settings.templates.item) {
    return (
      <div
        class="piazza-listing-view"
        dangerouslySetInnerHTML={{ __html: renderTemplate(settings.templates.item, templateData(hit, i18n.lang, i18n.locale)) }}
      />
    );
  }
  const image = hitImage(hit);
  const lines = settings.fields.map((f) => [f, fieldText(hit.data[f], i18n.lang, i18n.locale)]).filter(([, text]) => text);
  return (
    <div class="card card-teaser shadow-sm rounded border h-100 piazza-listing-card">
      {image && <img class="piazza-listing-card-img" src={image.url} alt={image.alt} loading="lazy" />}
      <div class="card-body">
        <h3 class="card-title h5">
          <a href={hit.url} class="text-decoration-none">
            {hit.name}
          </a>
        </h3>
        {lines.map(([field, text]) => (
          <p class="card-text mb-1" key={field} data-field={field}>
            {text}
          </p>
        ))}
      </div>
    </div>
  );
}
