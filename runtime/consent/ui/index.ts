// The lazy consent UI chunk: bar, preferences dialog, storing a choice, reviving text/plain tags
// and embed placeholders — everything that can wait for a download.
// Plain DOM rather than Preact: this chunk loads on every first visit, and Preact with compat would
// cost more than the whole 6 KB budget of UI + CSS; three static views need no diffing.
import type { ConsentCore, ConsentUi } from '../types';
import { createChoice } from './choice';
import { createDialog } from './dialog';
import { createEmbeds } from './embeds';
import { button, h } from './h';
import { createReviver } from './revive';
import css from './style.css';
import { builtInFor, currentLang, uiText, type Texts } from './texts';

const LOCALES: Record<string, () => Promise<{ default: Texts }>> = {
  // file names make the chunk names: consent-<lang>-<hash>.js
  en: () => import('./locales/consent-en'),
  hu: () => import('./locales/consent-hu'),
  it: () => import('./locales/consent-it'),
  de: () => import('./locales/consent-de'),
};

/**
 * runtime/dom.ts#injectStyle, same convention (one `style[data-piazza-css=id]`, the nonce). Not
 * imported: dom.ts is a shared chunk, one more download on the first visit of every page.
 */
function injectStyle(id: string, css: string, nonce: string): void {
  if (document.querySelector('style[data-piazza-css="' + id + '"]')) return;
  const style = h('style', { 'data-piazza-css': id }, css) as HTMLStyleElement;
  style.nonce = nonce;
  document.head.append(style);
}

/** config.theme key → custom property of style.css. */
const THEME: Record<string, string> = {
  barColor: 'bar-bg', barTextColor: 'bar-fg', barMainButtonColor: 'bar-btn-bg', barMainButtonTextColor: 'bar-btn-fg',
  modalMainButtonColor: 'btn-bg', modalMainButtonTextColor: 'btn-fg', focusColor: 'focus',
};

/** The core found something to report in the config: the check that names it, a chunk of its own. */
export const problems = (raw: unknown) => import('../check').then((m) => m.checkConsentConfig(raw));

export async function createUi(core: ConsentCore): Promise<ConsentUi> {
  const htmlLang = document.documentElement.lang;
  const lang = () => currentLang(core.config, htmlLang);
  const builtIn = (await LOCALES[builtInFor(core.config, lang(), htmlLang)]()).default;
  const t = (key: string) => uiText(core.config, lang(), key, builtIn);
  const learnMore = () => {
    const href = core.config.modalMainTextMoreLink;
    return href ? h('a', { href }, t('learnMore')) : null;
  };

  // The config's colours were checked by the core (COLOUR): nothing here can end the declaration.
  const theme = Object.entries(core.config.theme).filter(([k]) => THEME[k] || void core.report([{ path: '/theme/' + k, code: 'additionalProperties' }]))
    .map(([k, v]) => '--pc-' + THEME[k] + ':' + v).join(';');
  injectStyle('consent', css + (theme ? '.piazza-consent{' + theme + '}' : ''), core.nonce);

  const choice = createChoice(core);
  const dialog = createDialog({ core, t, lang, learnMore, choice });
  const embeds = createEmbeds(core, t, lang, choice.grant);
  const revive = createReviver(core);

  let bar: HTMLElement | null = null;
  function showBar(): void {
    if (bar || !core.needsChoice()) return;
    const more = learnMore();
    bar = h('section', { class: 'piazza-consent piazza-consent-bar', id: 'cconsent-bar', 'aria-label': t('barLabel') },
      h('p', {}, t('barMainText'), more && ' ', more),
      h('div', { class: 'pc-actions' },
        button(t('barBtnRefuseAll'), choice.refuseAll),
        // opened by the core's click handler for [data-piazza-consent-open], like the portal's own links
        button(t('barLinkSetting'), undefined, { class: 'btn pc-btn pc-alt', 'data-piazza-consent-open': true, 'aria-haspopup': 'dialog' }),
        button(t('barBtnAcceptAll'), choice.acceptAll)),
      h('button', { type: 'button', class: 'pc-close', 'aria-label': t('barClose'), onclick: choice.refuseAll }, '×'));
    document.body.prepend(bar);
  }

  function refresh(): void {
    if (!core.needsChoice()) {
      bar?.remove();
      bar = null;
    }
    dialog.refresh();
    embeds();
    revive();
  }
  refresh();

  return { showBar, open: dialog.open, refresh };
}
