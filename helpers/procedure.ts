// Page helper: procedure steps (`.table-procedure-wrapper [data-procedure]`) open and close, with
// the show-all / hide-all control kept in step; find-in-page and `#step` links open a closed step.
// Idempotent: a wrapper seen before is only re-read (for steps added later).
import { injectStyle } from '../runtime/dom';
import type { RuntimeContext } from '../runtime/types';
import css from './procedure/procedure.css';
import { Procedure } from './procedure/steps';

const managed = new WeakMap<HTMLElement, Procedure>();
const all = new Set<Procedure>();
let listening = false;

function openFromHash() {
  for (const p of all) if (p.wrapper.isConnected && p.openFromHash(location.hash)) break;
}

export function mount(root: ParentNode, ctx: RuntimeContext): void {
  injectStyle('procedure', css, ctx.nonce);
  const wrappers = new Set(Array.from(root.querySelectorAll<HTMLElement>('.table-procedure-wrapper')));
  // Markup added inside a wrapper that is already managed: re-read that wrapper.
  const around = root instanceof Element ? root.closest<HTMLElement>('.table-procedure-wrapper') : null;
  if (around) wrappers.add(around);
  for (const wrapper of wrappers) {
    const known = managed.get(wrapper);
    if (known) {
      known.refresh();
      continue;
    }
    const procedure = new Procedure(wrapper);
    managed.set(wrapper, procedure);
    all.add(procedure);
  }
  if (!listening) {
    listening = true;
    addEventListener('hashchange', openFromHash);
  }
  if (location.hash) openFromHash();
}
