// Holds back scripts of blocked `dynamic-script` services on every way a script can enter the DOM:
// - nodes: appendChild, insertBefore, replaceChild, append, prepend, replaceChildren, before, after,
//   replaceWith, insertAdjacentElement, Range#insertNode (the script itself, or a fragment or tree
//   holding scripts, however it was built). A held script leaves a comment where it was going; once its category is
//   wanted the script itself goes there, so it runs once, at its intended position, and the
//   caller's onload fires on the element it holds.
// - markup: innerHTML, outerHTML, insertAdjacentHTML, document.write. A held script is written as
//   an inert text/plain tag naming its service, revived in place once allowed (ui/revive.ts).
// Anything else passes straight to the native method: the common case (no script in sight) costs
// two property reads.
import { holdScripts } from './markup';
import type { ServiceConfig } from './types';

export type Blocked = [key: string, service: ServiceConfig];

/** The blocked service a script (by its type, and its src or inline text) belongs to, if any. */
export type BlockedBy = (type: string, texts: Array<string | null>) => Blocked | undefined;

type Fn = (this: any, ...args: any[]) => any;
const N = Node.prototype;
export const nativeAppend = N.appendChild;
export const nativeReplace = N.replaceChild;

const isScript = (n: any) => n?.localName === 'script';
const SCRIPTS = [HTMLScriptElement.prototype, SVGScriptElement.prototype];

export function installInterceptor(blockedBy: BlockedBy) {
  let held: Array<[script: Element, mark: Comment, service: ServiceConfig]> = [];

  function hold(script: Element): Comment | null {
    // the src attribute as written and as resolved (the property), and the inline text
    const found = blockedBy((script.getAttribute('type') || '').trim(), [script.getAttribute('src'), (script as HTMLScriptElement).src, script.textContent]);
    if (!found) return null;
    const mark = document.createComment('piazza-consent held ' + found[0]);
    held.push([script, mark, found[1]]);
    return mark;
  }

  /** The node to insert in place of `node`: a stand-in when it is a held script; held descendants are swapped in place. */
  function screen(node: any): any {
    if (isScript(node)) return hold(node) || node;
    for (const s of Array.from(node.querySelectorAll('script') as NodeListOf<Element>)) {
      const mark = hold(s);
      if (mark) nativeReplace.call(s.parentNode, mark, s);
    }
    return node;
  }

  // The hot path: the prototype (a plain JS lookup) tells a script; only children need a DOM getter.
  // (A script made in another frame's realm is not recognised here; such code could as well call
  // that frame's own, untouched DOM methods: see the README's limits.)
  const worth = (n: any) => n && (SCRIPTS.includes(Object.getPrototypeOf(n)) || (n.firstElementChild && (n.nodeType === 1 || n.nodeType === 11)));

  /**
   * Methods taking the node first (and maybe a reference node), returning the inserted node or the
   * replaced one. The hot path of every page: plain calls, no argument copies (see the bench).
   */
  const one = (fn: Fn): Fn => function (this: any, node: any, ref: any) {
    const put = worth(node) ? screen(node) : node;
    const result = arguments.length > 1 ? fn.call(this, put, ref) : fn.call(this, put);
    return result === put ? node : result;
  };
  /** Methods taking any number of nodes and strings. */
  const many = (fn: Fn): Fn => function (this: any, ...args: any[]) {
    return fn.apply(this, args.some(worth) ? args.map((a) => (worth(a) ? screen(a) : a)) : args);
  };
  const markup = (html: unknown) =>
    typeof html === 'string' ? holdScripts(html, (type, segment) => blockedBy(type, [segment])?.[0]) : html;

  const patch = (proto: any, name: string, wrap: (fn: Fn) => Fn) => {
    if (proto && typeof proto[name] === 'function') proto[name] = wrap(proto[name]);
  };
  const E = Element.prototype, D = Document.prototype;
  patch(N, 'appendChild', one);
  patch(N, 'insertBefore', one);
  patch(N, 'replaceChild', one);
  patch(Range.prototype, 'insertNode', one);
  // it takes Elements only: a held script's comment goes in through a stand-in element
  patch(E, 'insertAdjacentElement', (fn) => function (this: Element, where: string, el: any) {
    const put = worth(el) ? screen(el) : el;
    if (put === el) return fn.call(this, where, el);
    const spot = fn.call(this, where, document.createElement('i'));
    if (spot) nativeReplace.call(spot.parentNode, put, spot);
    return spot && el;
  });
  // (a fragment runs nothing until it is inserted, and inserting one screens what it holds)
  for (const proto of [E, D]) for (const name of ['append', 'prepend', 'replaceChildren']) patch(proto, name, many);
  for (const proto of [E, CharacterData.prototype]) for (const name of ['before', 'after', 'replaceWith']) patch(proto, name, many);
  patch(E, 'insertAdjacentHTML', (fn) => function (this: any, where: string, html: unknown) { return fn.call(this, where, markup(html)); });
  for (const name of ['write', 'writeln']) patch(D, name, (fn) => function (this: any, ...parts: unknown[]) { return fn.call(this, markup(parts.join(''))); });
  for (const name of ['innerHTML', 'outerHTML']) {
    const d = Object.getOwnPropertyDescriptor(E, name)!;
    Object.defineProperty(E, name, { ...d, set(this: Element, v: unknown) { d.set!.call(this, markup(v)); } });
  }

  /** Puts back, once, every held script whose service is now allowed; the rest stays held. */
  return (allowed: (service: ServiceConfig) => boolean): void => {
    const ready = held.filter((h) => allowed(h[2]));
    held = held.filter((h) => !ready.includes(h));
    for (const [script, mark] of ready) {
      if (script.isConnected) mark.remove(); // the page inserted it again meanwhile, and it went through
      else if (mark.parentNode) nativeReplace.call(mark.parentNode, script, mark);
      else nativeAppend.call(document.head, script); // its place is gone: it still runs, as it would have
    }
  };
}
