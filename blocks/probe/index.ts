// Diagnostic block: proves in one glance that piazza.js, its chunks and config validation work.
import { h } from 'preact';
import validate from '../../schemas/generated/probe.validate.js';
import type { ProbeConfig } from '../../schemas/generated/probe';
import { defineBlock } from '../../runtime/block/kit';

const catalog = {
  it: { status: 'piazza {version} attivo: componenti caricati da {base}' },
  en: { status: 'piazza {version} active: components loaded from {base}' },
  de: { status: 'piazza {version} aktiv: Komponenten geladen von {base}' },
};

export const mount = defineBlock<ProbeConfig>({
  validate,
  catalog,
  setup({ config, ctx, i18n, render, shown }) {
    const status = i18n.t('status', { version: ctx.version, base: ctx.base }) + (config.message ? ' — ' + config.message : '');
    render(h('p', { className: 'piazza-probe mb-0' }, status));
    shown(); // its one line is all it shows
  },
});
