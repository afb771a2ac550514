// The lazy consent UI chunk: bar, preferences dialog, storing a choice, reviving text/plain tags
// and embed placeholders — everything that can wait for a download.
// Plain DOM rather than Preact: this chunk loads on every first visit, and Preact with compat would
// cost more than the whole 6.5 KB budget of UI + CSS; three static views need no diffing.
import type { ConsentCore, ConsentUi } from '../types';
import { createChoice } from './choice';
import { createDialog } from './dialog';
import { createEmbeds } from './embeds';
import { button, h } from './h';
import { createReviver } from './revive';
import css from './style.css';
import { BUILT_IN, currentLang, pageTexts } from '../lang';
import { uiText, type Texts } from './texts';

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
  barColor: 'bar-bg',
  barTextColor: 'bar-fg',
  barMainButtonColor: 'bar-btn-bg',
  barMainButtonTextColor: 'bar-btn-fg',
  modalMainButtonColor: 'btn-bg',
  modalMainButtonTextColor: 'btn-fg',
  focusColor: 'focus',
};

/** The core found something to report in the config: the check that names it, a chunk of its own. */
export const problems = (raw: unknown) => import('../check').then((m) => m.checkConsentConfig(raw));

export async function createUi(core: ConsentCore): Promise<ConsentUi> {
  const htmlLang = document.documentElement.lang;
  const lang = () => currentLang(core.config, htmlLang);
  const textsFor = async () => (await LOCALES[pageTexts(core.config, htmlLang)]()).default;
  let builtIn = await textsFor();
  const t = (key: string) => uiText(core.config, lang(), key, builtIn);
  const learnMore = () => {
    const href = core.config.modalMainTextMoreLink;
    return href ? h('a', { href }, t('learnMore')) : null;
  };

  // The config's colours were checked by the core (COLOUR): nothing here can end the declaration.
  const theme = Object.entries(core.config.theme)
    .filter(([k]) => THEME[k] || void core.report([{ path: '/theme/' + k, code: 'additionalProperties' }]))
    .map(([k, v]) => '--pc-' + THEME[k] + ':' + v)
    .join(';');
  injectStyle('consent', css + (theme ? '.piazza-consent{' + theme + '}' : ''), core.nonce);

  const choice = createChoice(core);
  const dialog = createDialog({ core, t, lang, learnMore, choice });
  const embeds = createEmbeds(core, t, lang, choice.grant);
  const revive = createReviver(core);

  let bar: HTMLElement | null = null;
  function showBar(force?: boolean): void {
    if (bar || !(force || core.needsChoice())) return;
    const more = learnMore();
    bar = h(
      'section',
      { class: 'piazza-consent piazza-consent-bar', id: 'cconsent-bar', 'aria-label': t('barLabel') },
      h('p', {}, t('barMainText'), more && ' ', more),
      h(
        'div',
        { class: 'pc-actions' },
        button(t('barBtnRefuseAll'), choice.refuseAll),
        // opened by the core's click handler for [data-piazza-consent-open], like the portal's own links
        button(t('barLinkSetting'), undefined, { class: 'btn pc-btn pc-alt', 'data-piazza-consent-open': true, 'aria-haspopup': 'dialog' }),
        button(t('barBtnAcceptAll'), choice.acceptAll),
      ),
      h('button', { type: 'button', class: 'pc-close', 'aria-label': t('barClose'), onclick: choice.refuseAll }, '×'),
    );
    document.body.prepend(bar);
  }

  function hideBar(): void {
    bar?.remove();
    bar = null;
  }

  function refresh(): void {
    if (!core.needsChoice()) hideBar();
    dialog.refresh();
    embeds();
    revive();
  }
  refresh();

  /** orestbida's `data-cc` roles (utils/general.js addDataButtonListeners): what each does there. */
  const ROLES: Partial<Record<string, (opener: Element) => void>> = {
    'show-preferencesModal': dialog.open,
    'show-consentModal': () => showBar(true),
    'accept-all': choice.acceptAll,
    'accept-necessary': choice.refuseAll,
    'accept-custom': choice.save,
  };

  /** The portal's openers; a `data-cc` element does what its role does in orestbida (an unknown role, nothing). */
  function open(opener?: Element | null): void {
    const role = opener?.getAttribute('data-cc');
    if (!role) return dialog.open(opener);
    const act = ROLES[role];
    act?.(opener!);
    if (act && role.startsWith('accept-')) {
      dialog.close(); // as orestbida: accept, then hide both
      hideBar();
    }
  }

  async function setLanguage(next: string): Promise<boolean> {
    const known = core.config.language?.locale?.[next] || BUILT_IN.includes(next);
    if (!known) return false;
    core.config.language = { ...core.config.language, current: next };
    builtIn = await textsFor();
    if (bar) {
      hideBar();
      showBar(true);
    }
    if (dialog.isOpen()) dialog.open(null);
    return true;
  }

  return { showBar, hideBar, open, preferences: dialog.open, close: dialog.close, refresh, choice, setLanguage };
}
