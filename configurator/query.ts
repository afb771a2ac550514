// The block's ocopendata query as the content picker sees it: which class, under which node, with
// which tag, in which order — and whatever else an admin wrote by hand, kept as it is. Reading a
// query takes out the parameters the picker sets (`classes […]`, `subtree […]`, `sort […]`) and one
// tag clause it wrote; writing puts them back as the ocopendata parser reads them (the unit test
// runs the real parser, ../shared/real/ocopendata-parser). Pure.
import { facetClause } from '../blocks/listing/public';

export interface QueryParts {
  classes: string[];
  subtree: string[];
  /** `[field, asc|desc]`, in order. */
  sort: Array<[string, string]>;
  /** A clause `field in ['"value"']` as the picker writes it. */
  tag: { field: string; value: string } | null;
  /** The other clauses (and parameters), as written. */
  rest: string[];
}

const PICKED = ['classes', 'subtree', 'sort'];

/** Splits at the top level (outside quotes, brackets and parentheses): the words and bracketed groups. */
function tokens(q: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (quote) {
      cur += c;
      if (c === '\\') cur += q[++i] ?? '';
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      cur += c;
      continue;
    }
    if (c === '[' || c === '(') depth++;
    if (c === ']' || c === ')') depth--;
    if (/\s/.test(c) && depth === 0) {
      // `classes [x]`: a parameter's name and its brackets are one token
      if (cur && !/^\[/.test(q.slice(i).trimStart())) {
        out.push(cur);
        cur = '';
      } else if (cur) cur += ' ';
      continue;
    }
    cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

const bracket = (token: string) => /^\s*\[([\s\S]*)\]\s*$/.exec(token.replace(/^[\w-]+/, ''))?.[1] ?? '';
const list = (inner: string) =>
  inner
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseQuery(query: string): QueryParts {
  const parts: QueryParts = { classes: [], subtree: [], sort: [], tag: null, rest: [] };
  const clauses: string[][] = [[]];
  for (const tok of tokens(query.trim())) {
    const name = /^([\w-]+)\s*\[/.exec(tok)?.[1];
    if (name && PICKED.includes(name)) {
      const inner = list(bracket(tok));
      if (name === 'classes') parts.classes.push(...inner);
      else if (name === 'subtree') parts.subtree.push(...inner);
      else
        for (const s of inner) {
          const [f, d] = s.split('=>').map((x) => x.trim());
          if (f) parts.sort.push([f, d || 'asc']);
        }
      // a parameter ends the clause before it
      if (clauses[clauses.length - 1].length) clauses.push([]);
      continue;
    }
    if (tok === 'and') {
      if (clauses[clauses.length - 1].length) clauses.push([]);
      continue;
    }
    clauses[clauses.length - 1].push(tok);
  }
  for (const c of clauses.filter((c) => c.length).map((c) => c.join(' '))) {
    const m = /^([\w.[\]]+) in \['"(.*)"'\]$/.exec(c);
    const value = m && unphrase(m[2]);
    if (!parts.tag && m && value !== null && facetClause(m[1], [value]) === c) parts.tag = { field: m[1], value };
    else parts.rest.push(c);
  }
  return parts;
}

/** A phrase item's text back (phraseItem's escapes undone), or null when it is not one. */
function unphrase(s: string): string | null {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      if (i + 1 >= s.length) return null;
      out += s[++i];
    } else out += s[i];
  }
  return out;
}

export function composeQuery(p: QueryParts): string {
  const head = [p.classes.length ? `classes [${p.classes.join(', ')}]` : '', p.subtree.length ? `subtree [${p.subtree.join(', ')}]` : '']
    .filter(Boolean)
    .join(' ');
  const clauses = [p.tag ? facetClause(p.tag.field, [p.tag.value]) : '', ...p.rest].filter(Boolean);
  // `and` and `or` may not mix at one level: a clause of `or`s beside others goes in parentheses
  const filters = clauses.map((c) => (clauses.length > 1 && tokens(c).includes('or') ? `(${c})` : c)).join(' and ');
  const sort = p.sort.length ? `sort [${p.sort.map(([f, d]) => `${f}=>${d}`).join(', ')}]` : '';
  return [head && filters ? head + ' and ' + filters : head || filters, sort].filter(Boolean).join(' ');
}

/** The query with some parts changed, the rest as written. */
export const withParts = (query: string, change: Partial<QueryParts>) => composeQuery({ ...parseQuery(query), ...change });
