// The preferences dialog: a native modal <dialog> (role=dialog, aria-modal, labelled and described)
// that takes focus itself (no nudge toward any button), keeps Tab inside, closes on Esc or ×
// (closing only hides) and gives focus back to its opener. One collapsible group per category:
// the heading button toggles it (aria-expanded); optional categories have a switch (role=switch,
// aria-checked) that updates the category's `checked` and its check icon at once.
import type { ConsentCore } from '../types';
import { button, h } from './h';
import { entityText } from './texts';

export interface DialogDeps {
  core: ConsentCore;
  t(key: string): string;
  lang(): string;
  learnMore(): HTMLElement | null;
  choice: { acceptAll(): void; refuseAll(): void; save(): void };
}

export function createDialog({ core, t, lang, learnMore, choice }: DialogDeps) {
  let dialog: HTMLDialogElement | null = null;
  let opener: HTMLElement | null = null;
  let seq = 0;
  const uid = () => 'piazza-consent-' + ++seq;
  const renders: Array<() => void> = [];

  function category(key: string): HTMLElement {
    const c = core.config.categories[key];
    const name = entityText(c, lang(), 'name');
    const ids = [uid(), uid(), uid()]; // panel, description, services title
    const state = h('span', { class: 'visually-hidden' });
    const shownState = h('span', { class: 'pc-state', 'aria-hidden': 'true' });
    const group = h('div', { class: 'pc-cat', 'data-category': key });
    const toggle =
      !c.needed &&
      h(
        'button',
        {
          type: 'button',
          role: 'switch',
          class: 'pc-switch',
          'aria-describedby': ids[1],
          onclick: () => {
            c.checked = !c.checked;
            render();
          },
        },
        h('span', { class: 'pc-track', 'aria-hidden': 'true' }),
        name,
      );
    function render() {
      const on = !!(c.needed || c.checked);
      const word = c.needed ? t('alwaysOn') : t(on ? 'on' : 'off');
      group.classList.toggle('is-on', on);
      state.textContent = ', ' + word;
      shownState.textContent = word;
      if (toggle) toggle.setAttribute('aria-checked', String(on));
    }
    const services = Object.values(core.config.services).filter((s) => s.category === key);
    const panel = h(
      'div',
      { class: 'pc-panel', id: ids[0], hidden: true },
      h('p', { class: 'pc-row' }, toggle || null, shownState),
      h('p', { id: ids[1] }, entityText(c, lang(), 'description')),
      services.length > 0 && h('p', { id: ids[2] }, t('modalAffectedSolutions')),
      services.length > 0 && h('ul', { 'aria-labelledby': ids[2] }, ...services.map((s) => h('li', {}, entityText(s, lang(), 'name')))),
    );
    const head: HTMLElement = h(
      'button',
      {
        type: 'button',
        'aria-expanded': 'false',
        'aria-controls': ids[0],
        onclick: () => {
          panel.hidden = !panel.hidden;
          head.setAttribute('aria-expanded', String(!panel.hidden));
        },
      },
      h('span', { class: 'pc-check', 'aria-hidden': 'true' }),
      name,
      state,
    );
    group.append(h('h3', { class: 'h6' }, head), panel); // Bootstrap Italia sizes, not ours
    renders.push(render);
    render();
    return group;
  }

  /** Tab and Shift+Tab cycle inside the dialog. */
  function trap(e: KeyboardEvent): void {
    if (e.key !== 'Tab') return;
    const all = Array.from(dialog!.querySelectorAll<HTMLElement>('button,a[href]')).filter((el) => !el.closest('[hidden]'));
    const at = document.activeElement;
    if (e.shiftKey ? at === all[0] || at === dialog : at === all[all.length - 1]) {
      e.preventDefault();
      all[e.shiftKey ? all.length - 1 : 0].focus();
    }
  }

  const close = () => dialog?.close();
  const decide = (action: () => void) => () => {
    action();
    close();
  };

  return {
    open(from?: Element | null): void {
      opener = from instanceof HTMLElement && from !== document.body ? from : null;
      dialog?.remove();
      renders.length = 0;
      const ids = [uid(), uid()]; // title, text
      const more = learnMore();
      dialog = h(
        'dialog',
        {
          class: 'piazza-consent piazza-consent-dialog',
          id: 'cconsent-modal',
          'aria-modal': 'true',
          'aria-labelledby': ids[0],
          'aria-describedby': ids[1],
          tabindex: '-1',
          onkeydown: trap,
          onclose: () => opener?.isConnected && opener.focus(),
        },
        h(
          'div',
          { class: 'pc-head' },
          h('h2', { id: ids[0], class: 'h4' }, t('modalMainTitle')),
          h('button', { type: 'button', class: 'pc-close', 'aria-label': t('closeAriaLabel'), onclick: close }, '×'),
        ),
        h(
          'div',
          { class: 'pc-body' },
          h('p', { id: ids[1] }, t('modalMainText')),
          more && h('p', {}, more),
          h('div', {}, ...Object.keys(core.config.categories).map(category)),
        ),
        h(
          'div',
          { class: 'pc-foot pc-actions' },
          button(t('modalBtnRefuseAll'), decide(choice.refuseAll)),
          button(t('modalBtnSave'), decide(choice.save)),
          button(t('modalBtnAcceptAll'), decide(choice.acceptAll)),
        ),
      ) as HTMLDialogElement;
      document.body.append(dialog);
      dialog.showModal();
      dialog.focus();
    },
    /** Switches and icons follow the stored choice. */
    refresh: () => renders.forEach((r) => r()),
    close,
    isOpen: () => !!dialog?.open,
  };
}
