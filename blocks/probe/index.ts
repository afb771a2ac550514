// Diagnostic block: proves in one glance that piazza.js, its chunks and config validation work.
import validate from '../../schemas/generated/probe.validate.js';
import type { ProbeConfig } from '../../schemas/generated/probe';
import { checkConfig } from '../../runtime/config';
import { createI18n } from '../../runtime/i18n';
import type { BlockContext } from '../../runtime/types';

const catalog = {
  it: { status: 'piazza {version} attivo: componenti caricati da {base}' },
  en: { status: 'piazza {version} active: components loaded from {base}' },
  de: { status: 'piazza {version} aktiv: Komponenten geladen von {base}' },
};

export function mount(element: HTMLElement, raw: unknown, ctx: BlockContext) {
  const config = checkConfig<ProbeConfig>(validate, raw);
  const { t } = createI18n(catalog, config.locale);
  const p = document.createElement('p');
  p.className = 'piazza-probe mb-0';
  p.textContent = t('status', { version: ctx.version, base: ctx.base }) + (config.message ? ' — ' + config.message : '');
  element.replaceChildren(p);
}
