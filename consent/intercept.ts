// Holds back scripts of blocked `dynamic-script` services on every way a script can enter the DOM:
// - nodes: appendChild, insertBefore, replaceChild, append, prepend, replaceChildren, before, after,
//   replaceWith, insertAdjacentElement, Range#insertNode take the script itself. A held script
//   leaves a comment where it was going; once its category is wanted the script itself goes there,
//   so it runs once, at its intended position, and the caller's onload fires on the element it holds.
// - trees: a fragment or element that already holds scripts can only come from a call that builds
//   one without inserting it (a script appended to a detached tree went through the methods above):
//   cloneNode, importNode (a page <template>'s scripts never started, so their clones run once
//   inserted), Range#createContextualFragment and #cloneContents, XSLT's transformToFragment. Their
//   results are screened where they are made, so an insertion never has to search a subtree.
// - markup: innerHTML, outerHTML, insertAdjacentHTML, document.write. A held script is written as
//   an inert text/plain tag naming its service, revived in place once allowed (ui/revive.ts).
// Anything else passes straight to the native method: the common case (no script in sight) costs
// one property lookup (the bench's interception scenario).
import { holdScripts } from './markup';
import type { ServiceConfig } from './types';

export type Blocked = [key: string, service: ServiceConfig];

/** The blocked service a script (by its type, and its src or inline text) belongs to, if any. */
export type BlockedBy = (type: string, texts: Array<string | null>) => Blocked | undefined;

type Fn = (this: any, ...args: any[]) => any;
const N = Node.prototype;
export const nativeAppend = N.appendChild;
export const nativeReplace = N.replaceChild;

/**
 * A script made in this realm: the script prototypes carry this (non-enumerable) key, so the test
 * is one property lookup, answered by V8's inline cache. (Object.getPrototypeOf compared against
 * both prototypes made every appendChild ~6 % slower still.) A script made in another frame's realm
 * is not recognised; such code could as well call that frame's own, untouched DOM methods: see the
 * README's limits.
 */
const SCRIPT = Symbol('piazza script');
for (const proto of [HTMLScriptElement.prototype, SVGScriptElement.prototype]) Object.defineProperty(proto, SCRIPT, { value: true });
const isScript = (n: any) => n != null && n[SCRIPT] === true;

export function installInterceptor(blockedBy: BlockedBy) {
  let held: Array<[script: Element, mark: Comment, service: ServiceConfig]> = [];

  function hold(script: Element): Comment | null {
    // the src attribute as written and as resolved (the property), and the inline text
    const found = blockedBy((script.getAttribute('type') || '').trim(), [
      script.getAttribute('src'),
      (script as HTMLScriptElement).src,
      script.textContent,
    ]);
    if (!found) return null;
    const mark = document.createComment('piazza-consent held ' + found[0]);
    held.push([script, mark, found[1]]);
    return mark;
  }

  /** The node to insert in place of `node`: a stand-in when it is a held script. */
  const screen = (node: any): any => (isScript(node) ? hold(node) || node : node);

  /** A tree just built (not inserted): its held scripts swapped for their stand-ins, in place. */
  function screenTree<T>(tree: T): T {
    const t = tree as any;
    if (!isScript(t) && t?.querySelector?.('script')) {
      for (const s of t.querySelectorAll('script') as NodeListOf<Element>) {
        const mark = hold(s);
        if (mark) nativeReplace.call(s.parentNode, mark, s);
      }
    }
    return tree;
  }

  /**
   * Inserts a script through `fn`, its stand-in when it is held; returns the inserted node, or the
   * replaced one: the caller's script, not its stand-in.
   */
  const insertScript = (fn: Fn, parent: Node, node: any, ref?: any) => {
    const put = hold(node) || node;
    const result = fn.call(parent, put, ref);
    return result === put ? node : result;
  };
  /**
   * Methods taking the node first (and maybe a reference node), returning the inserted node or the
   * replaced one: replaceChild, Range#insertNode. Named parameters, no look at `arguments` (that
   * alone made 10⁵ appendChild 1.16× native).
   */
  const one = (fn: Fn): Fn =>
    function (this: any, node: any, ref: any) {
      return isScript(node) ? insertScript(fn, this, node, ref) : fn.call(this, node, ref);
    };
  // appendChild and insertBefore (every insertion Preact makes) are the hot path of every page:
  // each is its own function calling its native directly. Closures made by `one` share one call
  // site for all their natives, which V8 cannot inline: appendChild took ~1.2× native that way
  // (same page, native and wrapped alternated: the bench's interception scenario). The one
  // difference they make: a one-argument insertBefore(node), which throws natively, appends.
  const nativeInsert = N.insertBefore;
  N.appendChild = function (this: Node, node: any) {
    return isScript(node) ? insertScript(nativeAppend, this, node) : nativeAppend.call(this, node);
  } as typeof N.appendChild;
  N.insertBefore = function (this: Node, node: any, ref: any) {
    return isScript(node) ? insertScript(nativeInsert, this, node, ref) : nativeInsert.call(this, node, ref);
  } as typeof N.insertBefore;
  /** Methods taking any number of nodes and strings. */
  const many = (fn: Fn): Fn =>
    function (this: any, ...args: any[]) {
      return fn.apply(this, args.some(isScript) ? args.map(screen) : args);
    };
  const markup = (html: unknown) =>
    typeof html === 'string' ? holdScripts(html, (type, segment) => blockedBy(type, [segment])?.[0]) : html;

  const patch = (proto: any, name: string, wrap: (fn: Fn) => Fn) => {
    if (proto && typeof proto[name] === 'function') proto[name] = wrap(proto[name]);
  };
  const E = Element.prototype,
    D = Document.prototype;
  patch(N, 'replaceChild', one);
  patch(Range.prototype, 'insertNode', one);
  // it takes Elements only: a held script's comment goes in through a stand-in element
  patch(
    E,
    'insertAdjacentElement',
    (fn) =>
      function (this: Element, where: string, el: any) {
        const put = screen(el);
        if (put === el) return fn.call(this, where, el);
        const spot = fn.call(this, where, document.createElement('i'));
        if (spot) nativeReplace.call(spot.parentNode, put, spot);
        return spot && el;
      },
  );
  // Where trees are made: the result is screened (a clone of a script itself is screened when inserted).
  const built = (fn: Fn): Fn =>
    function (this: any) {
      return screenTree(fn.apply(this, arguments as any));
    };
  patch(N, 'cloneNode', built);
  patch(D, 'importNode', built);
  patch(Range.prototype, 'createContextualFragment', built);
  patch(Range.prototype, 'cloneContents', built);
  patch((window as any).XSLTProcessor?.prototype, 'transformToFragment', built);
  for (const proto of [E, D, DocumentFragment.prototype])
    for (const name of ['append', 'prepend', 'replaceChildren']) patch(proto, name, many);
  for (const proto of [E, CharacterData.prototype]) for (const name of ['before', 'after', 'replaceWith']) patch(proto, name, many);
  patch(
    E,
    'insertAdjacentHTML',
    (fn) =>
      function (this: any, where: string, html: unknown) {
        return fn.call(this, where, markup(html));
      },
  );
  for (const name of ['write', 'writeln'])
    patch(
      D,
      name,
      (fn) =>
        function (this: any, ...parts: unknown[]) {
          return fn.call(this, markup(parts.join('')));
        },
    );
  for (const name of ['innerHTML', 'outerHTML']) {
    const d = Object.getOwnPropertyDescriptor(E, name)!;
    Object.defineProperty(E, name, {
      ...d,
      set(this: Element, v: unknown) {
        d.set!.call(this, markup(v));
      },
    });
  }

  /** Puts back, once, every held script whose service is now allowed; the rest stays held. */
  return (allowed: (service: ServiceConfig) => boolean): void => {
    const ready = held.filter((h) => allowed(h[2]));
    held = held.filter((h) => !ready.includes(h));
    for (const [script, mark] of ready) {
      if (script.isConnected)
        mark.remove(); // the page inserted it again meanwhile, and it went through
      else if (mark.parentNode) nativeReplace.call(mark.parentNode, script, mark);
      else nativeAppend.call(document.head, script); // its place is gone: it still runs, as it would have
    }
  };
}
