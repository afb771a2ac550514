// Embed placeholders (opt-in `iframePlaceholders`): an `iframe[data-src][data-consent]` (or the
// portal's `data-coookieconsent`) whose service is blocked stays hidden, without its src, behind a
// short text and an Allow button; allowed, it gets its src. A later refusal puts the placeholder back.
import { categoryOf, serviceNamed } from '../rules';
import { EMBEDS, type ConsentCore } from '../types';
import { button, h } from './h';
import { entityText, fill } from './texts';

export function createEmbeds(core: ConsentCore, t: (key: string) => string, lang: () => string, grant: (category: string) => void) {
  const placeholders = new WeakMap<Element, HTMLElement>();
  return function sync(): void {
    const config = core.config;
    if (!config.iframePlaceholders) return;
    document.querySelectorAll<HTMLIFrameElement>(EMBEDS).forEach((frame) => {
      const name = frame.getAttribute('data-consent') || frame.getAttribute('data-coookieconsent')!;
      const holder = placeholders.get(frame);
      if (core.allows(name)) {
        holder?.remove();
        placeholders.delete(frame);
        frame.hidden = false;
        if (frame.getAttribute('src') !== frame.dataset.src) frame.src = frame.dataset.src!;
        return;
      }
      if (frame.getAttribute('src') === frame.dataset.src) frame.src = frame.dataset.preview || 'about:blank'; // revoked: stop the embed
      frame.hidden = true;
      if (holder?.isConnected) return;
      const category = categoryOf(config, name);
      const service = serviceNamed(config, name);
      const text = fill(t('embedText'), {
        // the service's name, else who serves the embed
        service: service ? entityText(service, lang(), 'name') : new URL(frame.dataset.src!, location.href).hostname,
        category: category ? entityText(config.categories[category], lang(), 'name') : name,
      });
      const placeholder = h(
        'div',
        { class: 'piazza-consent piazza-consent-embed', 'data-piazza-embed': name },
        h('p', {}, text),
        category && button(t('embedAllow'), () => grant(category)),
      );
      placeholders.set(frame, placeholder);
      frame.before(placeholder);
    });
  };
}
