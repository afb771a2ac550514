// The steps of one `.table-procedure-wrapper`, on the portal's markup as it is: each
// `[data-procedure]` panel, the toggles that control it (`data-bs-target`, `href` or
// `aria-controls` naming it), the `[data-procedure-show|collapse]` labels, the step header and
// the `[data-procedure-toggle]` show-all / hide-all control. piazza drives them itself (Bootstrap's
// collapse is not needed, and is kept off these toggles so a click is never handled twice).
import { stepForHash, toggleAllAction, toggleAllState } from './model';

/** Chromium ships `hidden="until-found"`: find-in-page and text fragments reveal a closed step. */
const untilFound = typeof document !== 'undefined' && 'onbeforematch' in document.body;

let seq = 0;

interface Step {
  panel: HTMLElement;
  toggles: HTMLElement[];
  header: HTMLElement | null;
}

function asButton(el: HTMLElement) {
  if (el.tagName === 'BUTTON') return;
  // A link used as a button (`<a href="#">` in some templates): say so, and make Space work.
  el.setAttribute('role', 'button');
  if (!el.hasAttribute('href') && !el.hasAttribute('tabindex')) el.tabIndex = 0;
}

function hideIcons(el: Element) {
  el.querySelectorAll('svg').forEach((svg) => {
    if (!svg.hasAttribute('aria-hidden') && !svg.hasAttribute('aria-label')) svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
  });
}

/** Shows one of two labels (the templates hide the second with an inline style, which we drop for `hidden`). */
function swap(container: Element | null, showSel: string, hideSel: string, showFirst: boolean) {
  if (!container) return;
  container.querySelectorAll<HTMLElement>(showSel).forEach((el) => {
    el.removeAttribute('style');
    el.hidden = !showFirst;
  });
  container.querySelectorAll<HTMLElement>(hideSel).forEach((el) => {
    el.removeAttribute('style');
    el.hidden = showFirst;
  });
}

const emit = (el: Element, type: string) => el.dispatchEvent(new CustomEvent(type, { bubbles: true }));

export class Procedure {
  private steps: Step[] = [];
  private toggleAll: HTMLElement[] = [];

  constructor(readonly wrapper: HTMLElement) {
    wrapper.classList.add('piazza-procedure');
    wrapper.addEventListener('click', this.onClick);
    wrapper.addEventListener('keydown', this.onKeydown);
    this.refresh();
  }

  /** (Re)reads the markup: steps added later are picked up, known ones keep their state. */
  refresh() {
    const panels = Array.from(this.wrapper.querySelectorAll<HTMLElement>('[data-procedure]')).filter(
      (p) => p.closest('.table-procedure-wrapper') === this.wrapper,
    );
    const controls = Array.from(this.wrapper.querySelectorAll<HTMLElement>('[data-procedure-toggle]'));
    this.steps = panels.map((panel) => {
      if (!panel.id) panel.id = 'piazza-step-' + ++seq;
      const known = this.steps.find((s) => s.panel === panel);
      if (known) return known;
      const id = panel.id;
      const named = Array.from(this.wrapper.querySelectorAll<HTMLElement>('[data-bs-target],[href],[aria-controls]')).filter(
        (el) =>
          !controls.includes(el) &&
          (el.getAttribute('data-bs-target') === '#' + id ||
            el.getAttribute('href') === '#' + id ||
            el.getAttribute('aria-controls') === id),
      );
      const fallback = panel.previousElementSibling?.querySelector<HTMLElement>('[data-procedure-show]')?.closest<HTMLElement>('a,button');
      const toggles = named.length ? named : fallback ? [fallback] : [];
      for (const toggle of toggles) {
        // Bootstrap's data API would toggle the panel a second time: keep the attribute's value aside.
        if (toggle.getAttribute('data-bs-toggle') === 'collapse') {
          toggle.removeAttribute('data-bs-toggle');
          toggle.setAttribute('data-piazza-bs-toggle', 'collapse');
        }
        toggle.setAttribute('data-piazza-step-toggle', id);
        toggle.setAttribute('aria-controls', id);
        asButton(toggle);
        hideIcons(toggle);
      }
      const header = panel.closest('.procedure-item')?.querySelector<HTMLElement>('.procedure-item-header') ?? null;
      const step = { panel, toggles, header };
      panel.addEventListener('beforematch', () => this.set(step, true));
      this.render(step, panel.classList.contains('show'));
      return step;
    });
    this.toggleAll = controls;
    for (const control of controls) {
      asButton(control);
      hideIcons(control);
      control.setAttribute('aria-controls', this.steps.map((s) => s.panel.id).join(' '));
    }
    this.sync();
  }

  isOpen = (step: Step) => step.panel.classList.contains('show');

  private render(step: Step, open: boolean) {
    const { panel } = step;
    panel.classList.toggle('show', open);
    if (open) panel.removeAttribute('hidden');
    else if (untilFound) panel.setAttribute('hidden', 'until-found');
    else panel.hidden = true;
    for (const toggle of step.toggles) {
      toggle.setAttribute('aria-expanded', String(open));
      toggle.classList.toggle('collapsed', !open);
      swap(toggle, '[data-procedure-show]', '[data-procedure-collapse]', !open);
    }
    // Templates put the labels next to the toggle, in the panel's previous sibling.
    swap(panel.previousElementSibling, '[data-procedure-show]', '[data-procedure-collapse]', !open);
    step.header?.classList.toggle('procedure-item-header-open', open);
  }

  set(step: Step, open: boolean) {
    if (this.isOpen(step) === open && !(open && panelHidden(step.panel))) return;
    emit(step.panel, open ? 'show.bs.collapse' : 'hide.bs.collapse');
    this.render(step, open);
    emit(step.panel, open ? 'shown.bs.collapse' : 'hidden.bs.collapse');
    this.sync();
  }

  /** all open → only "hide all"; otherwise only "show all". */
  private sync() {
    const state = toggleAllState(this.steps.map(this.isOpen));
    for (const control of this.toggleAll) {
      control.setAttribute('aria-expanded', String(state.allOpen));
      swap(control, '[data-procedure-show-all]', '[data-procedure-collapse-all]', state.showAllVisible);
    }
  }

  private activate(target: HTMLElement): boolean {
    if (this.toggleAll.includes(target)) {
      const open = toggleAllAction(this.steps.map(this.isOpen)) === 'open';
      for (const step of this.steps) this.set(step, open);
      return true;
    }
    const step = this.steps.find((s) => s.toggles.includes(target));
    if (!step) return false;
    this.set(step, !this.isOpen(step));
    return true;
  }

  private control(e: Event): HTMLElement | null {
    const el = (e.target as Element | null)?.closest<HTMLElement>('[data-procedure-toggle],[data-piazza-step-toggle]');
    return el && this.wrapper.contains(el) ? el : null;
  }

  private onClick = (e: MouseEvent) => {
    const el = this.control(e);
    if (el && this.activate(el)) e.preventDefault();
  };

  private onKeydown = (e: KeyboardEvent) => {
    const el = this.control(e);
    // Native buttons already click on Space; links acting as buttons do not.
    if (!el || el.tagName === 'BUTTON' || (e.key !== ' ' && e.key !== 'Spacebar')) return;
    e.preventDefault();
    this.activate(el);
  };

  /** Opens the step a URL fragment names (`#collapse-12` or its heading `#heading-12`). */
  openFromHash(hash: string): boolean {
    const i = stepForHash(
      hash,
      this.steps.map((s) => ({ id: s.panel.id, headingId: s.panel.getAttribute('aria-labelledby') })),
    );
    if (i < 0) return false;
    this.set(this.steps[i], true);
    return true;
  }
}

const panelHidden = (panel: HTMLElement) => panel.hasAttribute('hidden');
