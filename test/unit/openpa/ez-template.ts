// A small interpreter of the eZ Publish template language, for the subset the OpenPA integration
// templates (integrations/openpa/) are written in, so the tests can render them for given block
// attributes without an eZ installation. It follows eZ's semantics where they matter for the
// JSON the templates emit: PHP truthiness, loose `eq`, lazy `cond`/`and`/`or`, `ezurl` dropping
// trailing slashes, and PHP's json_encode (an empty hash is `[]`, "/" is written "\/").
// Anything outside the subset throws, and a missing variable or attribute read outside `is_set`
// is reported as a warning, so a template bug fails the test instead of rendering quietly.

type Value = unknown;
interface Scope { vars: Map<string, Value> }
export interface RenderContext {
  variables: Record<string, Value>;
  ini: Record<string, Record<string, Record<string, string>>>; // file → section → key
  siteAccessPrefix?: string; // '' or e.g. '/ita'
  designBase?: string; // where ezdesign finds files
  functions?: Record<string, (...args: Value[]) => Value>;
}
export interface Rendered { html: string; warnings: string[]; includes: string[] }

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'out'; expr: string }
  | { kind: 'def' | 'set'; body: string }
  | { kind: 'undef'; body: string }
  | { kind: 'call'; expr: string }
  | { kind: 'include'; body: string }
  | { kind: 'if'; branches: Array<{ cond: string | null; body: Node[] }> }
  | { kind: 'foreach'; list: string; key: string | null; item: string; body: Node[] };

/** Splits a template into text and tags, then nests if/foreach. */
function parseTemplate(source: string): Node[] {
  const flat: Array<{ tag?: string; text?: string }> = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) { flat.push({ text: source.slice(i) }); break; }
    if (open > i) flat.push({ text: source.slice(i, open) });
    if (source.startsWith('{*', open)) {
      const end = source.indexOf('*}', open);
      if (end < 0) throw new Error('unclosed comment at ' + open);
      i = end + 2;
      continue;
    }
    if (source.startsWith('{literal}', open)) {
      const end = source.indexOf('{/literal}', open);
      flat.push({ text: source.slice(open + 9, end) });
      i = end + 10;
      continue;
    }
    let j = open + 1;
    let quote: string | null = null;
    for (; j < source.length; j++) {
      const c = source[j];
      if (quote) { if (c === '\\') j++; else if (c === quote) quote = null; } else if (c === "'" || c === '"') quote = c;
      else if (c === '}') break;
    }
    if (j >= source.length) throw new Error('unclosed tag at ' + open);
    flat.push({ tag: source.slice(open + 1, j).trim() });
    i = j + 1;
  }
  let pos = 0;
  const block = (ends: string[]): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    while (pos < flat.length) {
      const t = flat[pos++];
      if (t.text !== undefined) { nodes.push({ kind: 'text', text: t.text }); continue; }
      const tag = t.tag!;
      const word = /^\/?[a-z_]+/.exec(tag)?.[0] ?? '';
      if (ends.includes(word)) return { nodes, end: tag };
      const rest = tag.slice(word.length).trim();
      if (tag === 'ldelim') nodes.push({ kind: 'text', text: '{' });
      else if (tag === 'rdelim') nodes.push({ kind: 'text', text: '}' });
      else if (word === 'def' || word === 'set') nodes.push({ kind: word, body: rest });
      else if (word === 'undef') nodes.push({ kind: 'undef', body: rest });
      else if (word === 'include') nodes.push({ kind: 'include', body: rest });
      else if (word === 'if') {
        const branches: Array<{ cond: string | null; body: Node[] }> = [];
        let cond: string | null = rest;
        for (;;) {
          const part = block(['elseif', 'else', '/if']);
          branches.push({ cond, body: part.nodes });
          if (part.end.startsWith('/if')) break;
          if (part.end.startsWith('elseif')) cond = part.end.slice(6).trim();
          else if (part.end === 'else') cond = null;
          else throw new Error('unexpected {' + part.end + '}');
        }
        nodes.push({ kind: 'if', branches });
      } else if (word === 'foreach') {
        const m = /^(.*)\s+as\s+\$(\w+)(?:\s*=>\s*\$(\w+))?$/s.exec(rest);
        if (!m) throw new Error('foreach not understood: {' + tag + '}');
        const body = block(['/foreach']).nodes;
        nodes.push({ kind: 'foreach', list: m[1], key: m[3] ? m[2] : null, item: m[3] ?? m[2], body });
      } else if (word === 'set_defaults' || word === 'unset_defaults') nodes.push({ kind: 'call', expr: tag });
      else if (/^[$'"]/.test(tag) || /^\w+\(/.test(tag)) nodes.push({ kind: 'out', expr: tag });
      else throw new Error('tag outside the supported subset: {' + tag + '}');
    }
    if (ends.length) throw new Error('missing {' + ends.join('|') + '}');
    return { nodes, end: '' };
  };
  return block([]).nodes;
}

// ---- expressions ----
type Tok = { t: 'var' | 'str' | 'num' | 'id' | 'p'; v: string };
function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '$') { const m = /^\$(\w+)/.exec(src.slice(i))!; out.push({ t: 'var', v: m[1] }); i += m[0].length; continue; }
    if (c === "'" || c === '"') {
      let s = '';
      let j = i + 1;
      for (; src[j] !== c; j++) { if (j >= src.length) throw new Error('unclosed string in ' + src); if (src[j] === '\\') j++; s += src[j]; }
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num) { out.push({ t: 'num', v: num[0] }); i += num[0].length; continue; }
    const id = /^\w+/.exec(src.slice(i));
    if (id) { out.push({ t: 'id', v: id[0] }); i += id[0].length; continue; }
    if (src.startsWith('=>', i)) { out.push({ t: 'p', v: '=>' }); i += 2; continue; }
    if ('()|,.[]='.includes(c)) { out.push({ t: 'p', v: c }); i++; continue; }
    throw new Error('unexpected "' + c + '" in ' + src);
  }
  return out;
}

/** PHP truthiness: '', '0', 0, false, null and empty arrays are false. */
export const truthy = (v: Value): boolean =>
  !(v === undefined || v === null || v === false || v === 0 || v === '' || v === '0' ||
    (Array.isArray(v) && v.length === 0) || (isHash(v) && Object.keys(v).length === 0));
const isHash = (v: Value): v is Record<string, Value> => !!v && typeof v === 'object' && !Array.isArray(v);
/** PHP's loose == for the scalars templates compare. */
const looseEq = (a: Value, b: Value) => {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return truthy(a) === truthy(b);
  return a === b || String(a ?? '') === String(b ?? '');
};
const phpInt = (v: Value) => { const n = parseInt(String(v ?? ''), 10); return Number.isNaN(n) ? 0 : n; };

/** PHP json_encode with default flags. */
export function phpJsonEncode(v: Value): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    let s = '"';
    for (const ch of v) {
      const code = ch.codePointAt(0)!;
      if (ch === '"' || ch === '\\' || ch === '/') s += '\\' + ch;
      else if (ch === '\n') s += '\\n'; else if (ch === '\r') s += '\\r'; else if (ch === '\t') s += '\\t';
      else if (ch === '\b') s += '\\b'; else if (ch === '\f') s += '\\f';
      else if (code < 0x20 || code > 0x7e) s += ch.split('').map((u) => '\\u' + u.charCodeAt(0).toString(16).padStart(4, '0')).join('');
      else s += ch;
    }
    return s + '"';
  }
  if (Array.isArray(v)) return '[' + v.map(phpJsonEncode).join(',') + ']';
  const keys = Object.keys(v as object);
  if (!keys.length) return '[]'; // PHP cannot tell an empty hash from an empty array
  return '{' + keys.map((k) => phpJsonEncode(k) + ':' + phpJsonEncode((v as Record<string, Value>)[k])).join(',') + '}';
}

const html = (s: Value) => String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

export function render(source: string, ctx: RenderContext): Rendered {
  const warnings: string[] = [];
  const includes: string[] = [];
  const scope: Scope = { vars: new Map(Object.entries(ctx.variables)) };
  const prefix = ctx.siteAccessPrefix ?? '';
  const ezurl = (path: string) => {
    const href = (prefix + '/' + path.replace(/^\/+/, '')).replace(/^\/\//, '/');
    return href.length > 1 ? href.replace(/\/+$/, '') : href;
  };
  const ini = (section: string, key: string, file = 'site.ini') => {
    const value = ctx.ini[file]?.[section]?.[key];
    if (value === undefined) warnings.push(`ezini: ${file} [${section}] ${key} is not set`);
    return value ?? '';
  };

  // Recursive descent over tokens; `lenient` is on inside is_set().
  function evaluate(toks: Tok[], at: { i: number }, lenient = false, skip = false): Value {
    let value = primary(toks, at, lenient, skip);
    for (;;) {
      const tok = toks[at.i];
      if (tok?.t === 'p' && tok.v === '|') {
        at.i++;
        const name = toks[at.i++];
        if (name?.t !== 'id') throw new Error('operator name expected');
        const args = toks[at.i]?.v === '(' ? argList(toks, at, lenient, skip) : [];
        value = skip ? undefined : pipe(name.v, value, args);
        value = accessors(toks, at, value, lenient, skip);
      } else return value;
    }
  }
  function argList(toks: Tok[], at: { i: number }, lenient: boolean, skip: boolean, lazy = false): Value[] {
    at.i++; // (
    const args: Value[] = [];
    while (toks[at.i]?.v !== ')') {
      if (lazy) { const start = at.i; evaluate(toks, at, lenient, true); args.push(toks.slice(start, at.i)); } else args.push(evaluate(toks, at, lenient, skip));
      if (toks[at.i]?.v === ',') at.i++;
      else if (toks[at.i]?.v !== ')') throw new Error('"," or ")" expected');
    }
    at.i++;
    return args;
  }
  function accessors(toks: Tok[], at: { i: number }, value: Value, lenient: boolean, skip: boolean, name = 'value'): Value {
    for (;;) {
      const tok = toks[at.i];
      let key: Value;
      if (tok?.t === 'p' && tok.v === '.' && (toks[at.i + 1]?.t === 'id' || toks[at.i + 1]?.t === 'num')) { key = toks[at.i + 1].v; at.i += 2; } else if (tok?.t === 'p' && tok.v === '[') {
        at.i++;
        key = evaluate(toks, at, lenient, skip);
        if (toks[at.i++]?.v !== ']') throw new Error('"]" expected');
      } else return value;
      if (skip) continue;
      const next = value !== null && typeof value === 'object' ? (value as Record<string, Value>)[String(key)] : undefined;
      if (next === undefined && !lenient) warnings.push(`${name}.${String(key)} is not set`);
      name += '.' + String(key);
      value = next;
    }
  }
  function primary(toks: Tok[], at: { i: number }, lenient: boolean, skip: boolean): Value {
    const tok = toks[at.i++];
    if (!tok) throw new Error('expression expected');
    if (tok.t === 'var') {
      if (!skip && !scope.vars.has(tok.v) && !lenient) throw new Error('$' + tok.v + ' is not defined');
      return accessors(toks, at, scope.vars.get(tok.v), lenient, skip, '$' + tok.v);
    }
    if (tok.t === 'str') return tok.v;
    if (tok.t === 'num') return Number(tok.v);
    if (tok.t === 'id' && toks[at.i]?.v !== '(') return accessors(toks, at, tok.v, lenient, skip); // a bare word: ezurl(no)
    if (tok.t === 'id' && toks[at.i]?.v === '(') {
      const lazy = ['cond', 'and', 'or', 'is_set'].includes(tok.v);
      const args = argList(toks, at, lenient, skip, lazy);
      if (skip) return accessors(toks, at, undefined, lenient, true);
      return accessors(toks, at, call(tok.v, args, lenient), lenient, skip);
    }
    throw new Error('unexpected "' + tok.v + '"');
  }
  const lazyValue = (toks: Value, lenient = false) => evaluate(toks as Tok[], { i: 0 }, lenient);
  function call(name: string, args: Value[], lenient: boolean): Value {
    switch (name) {
      case 'true': return true;
      case 'false': return false;
      case 'array': return [...args];
      case 'hash': { const h: Record<string, Value> = {}; for (let k = 0; k < args.length; k += 2) h[String(args[k])] = args[k + 1]; return h; }
      case 'is_set': return lazyValue(args[0], true) !== undefined;
      case 'cond': {
        for (let k = 0; k + 1 < args.length; k += 2) if (truthy(lazyValue(args[k], lenient))) return lazyValue(args[k + 1], lenient);
        return args.length % 2 ? lazyValue(args[args.length - 1], lenient) : null;
      }
      case 'and': { let last: Value = true; for (const a of args) { last = lazyValue(a, lenient); if (!truthy(last)) return false; } return last; }
      case 'or': { for (const a of args) { const v = lazyValue(a, lenient); if (truthy(v)) return v; } return false; }
      case 'not': return !truthy(args[0]);
      case 'concat': return args.map((a) => String(a ?? '')).join('');
      case 'eq': return looseEq(args[0], args[1]);
      case 'ne': return !looseEq(args[0], args[1]);
      case 'count': return pipe('count', args[0], []);
      case 'ezini': return ini(String(args[0]), String(args[1]), args[2] === undefined ? undefined : String(args[2]));
      case 'set_defaults': for (const [k, v] of Object.entries(args[0] as object)) if (!scope.vars.has(k)) scope.vars.set(k, v); return '';
      case 'unset_defaults': for (const k of args[0] as string[]) scope.vars.delete(k); return '';
    }
    const fn = ctx.functions?.[name];
    if (!fn) throw new Error('function outside the supported subset: ' + name + '()');
    return fn(...args);
  }
  function pipe(name: string, input: Value, args: Value[]): Value {
    switch (name) {
      case 'explode': return String(input ?? '').split(String(args[0]));
      case 'implode': return (input as Value[]).map(String).join(String(args[0]));
      case 'trim': {
        const chars = args.length ? String(args[0]) : ' \t\n\r\0\x0B';
        let s = String(input ?? '');
        while (s && chars.includes(s[0])) s = s.slice(1);
        while (s && chars.includes(s[s.length - 1])) s = s.slice(0, -1);
        return s;
      }
      case 'eq': return looseEq(input, args[0]);
      case 'ne': return !looseEq(input, args[0]);
      case 'gt': return Number(input) > Number(args[0]);
      case 'lt': return Number(input) < Number(args[0]);
      case 'not': return !truthy(input);
      case 'int': return phpInt(input);
      case 'inc': return Number(input) + 1;
      case 'count': return Array.isArray(input) ? input.length : isHash(input) ? Object.keys(input).length : 0;
      case 'contains': return Array.isArray(input) ? input.some((x) => looseEq(x, args[0])) : String(input ?? '').includes(String(args[0]));
      case 'append': return [...(input as Value[]), ...args];
      case 'merge': return Array.isArray(input) ? [...input, ...args.flat()] : Object.assign({}, input, ...args);
      case 'wash': return html(input);
      case 'i18n': return input;
      case 'json_encode': return phpJsonEncode(input);
      case 'ezurl': return args[0] === 'no' ? ezurl(String(input)) : '"' + ezurl(String(input)) + '"';
      case 'ezdesign': {
        const url = (ctx.designBase ?? '/design/standard') + '/' + String(input).replace(/^\/+/, '');
        return args[0] === 'no' ? url : '"' + url + '"';
      }
    }
    throw new Error('operator outside the supported subset: |' + name + '()');
  }
  const expr = (src: string) => {
    const toks = lex(src);
    const at = { i: 0 };
    const v = evaluate(toks, at);
    if (at.i !== toks.length) throw new Error('trailing tokens in {' + src + '}');
    return v;
  };
  /** `$a = expr $b = expr …` */
  function assignments(src: string, mode: 'def' | 'set') {
    const toks = lex(src);
    const at = { i: 0 };
    while (at.i < toks.length) {
      const name = toks[at.i++];
      if (name.t !== 'var' || toks[at.i++]?.v !== '=') throw new Error(`{${mode} ${src}}: "$name = value" expected`);
      const value = evaluate(toks, at);
      if (mode === 'def' && scope.vars.has(name.v)) warnings.push('{def $' + name.v + '}: already defined');
      if (mode === 'set' && !scope.vars.has(name.v)) warnings.push('{set $' + name.v + '}: not defined');
      scope.vars.set(name.v, value);
    }
  }
  function run(nodes: Node[]): string {
    let out = '';
    for (const n of nodes) {
      if (n.kind === 'text') out += n.text;
      else if (n.kind === 'out') { const v = expr(n.expr); out += v === true ? '1' : v === false || v == null ? '' : String(v); } else if (n.kind === 'def' || n.kind === 'set') assignments(n.body, n.kind);
      else if (n.kind === 'undef') for (const m of n.body.matchAll(/\$(\w+)/g)) { if (!scope.vars.delete(m[1])) warnings.push('{undef $' + m[1] + '}: not defined'); }
      else if (n.kind === 'include') includes.push(n.body);
      else if (n.kind === 'call') expr(n.expr);
      else if (n.kind === 'if') {
        const branch = n.branches.find((b) => b.cond === null || truthy(expr(b.cond)));
        if (branch) out += run(branch.body);
      } else if (n.kind === 'foreach') {
        const list = expr(n.list);
        const entries = Array.isArray(list) ? list.map((v, k) => [k, v] as const) : isHash(list) ? Object.entries(list) : [];
        for (const [k, v] of entries) {
          if (n.key) scope.vars.set(n.key, k);
          scope.vars.set(n.item, v);
          out += run(n.body);
        }
        if (n.key) scope.vars.delete(n.key);
        scope.vars.delete(n.item);
      }
    }
    return out;
  }
  const htmlOut = run(parseTemplate(source));
  return { html: htmlOut, warnings, includes };
}
