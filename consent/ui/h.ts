// A tiny element builder for the consent UI: `on*` keys add listeners, `true` sets an empty
// attribute, null/false/undefined are skipped (attributes and children alike).
export type Child = Node | string | null | false | undefined;

export function h(tag: string, attrs: Record<string, any> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  el.append(...(children.filter((c) => c != null && c !== false) as Array<Node | string>));
  return el;
}

/** The same look for every choice button: refuse, save and accept weigh the same. */
export const button = (label: string, onclick?: () => void, extra: Record<string, any> = {}) =>
  h('button', { type: 'button', class: 'btn pc-btn', onclick, ...extra }, label);
