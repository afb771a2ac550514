// A fresh, runnable copy of a script element: what held markup scripts and revived
// `text/plain` tags turn into. Shared by the core and the UI chunk.

/** Attributes, text and the nonce (which the attribute hides once connected). `type` replaces the type when given. */
export function copyScript(from: Element, nonce: string, type?: string | null): HTMLScriptElement {
  const s = document.createElement('script');
  for (const a of Array.from(from.attributes)) if (a.name !== 'nonce') s.setAttribute(a.name, a.value);
  if (type !== undefined) type ? s.setAttribute('type', type) : s.removeAttribute('type');
  s.text = from.textContent || '';
  s.nonce = (from as HTMLElement).nonce || from.getAttribute('nonce') || nonce;
  s.async = from.hasAttribute('async'); // a dynamic script is async unless told otherwise: keep document order
  return s;
}
