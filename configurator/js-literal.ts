// A JavaScript object written in a template (`remoteContentsGui({…})`, `opendataDataTable({…})`),
// read as data without running it: the configurator never evaluates what an admin pastes. Keys
// bare or quoted, strings in either quote with JavaScript's escapes (eZ's `wash(javascript)` writes
// `\042` for a double quote), numbers, booleans, null, arrays, nested objects, trailing commas and
// comments. Anything else (a function, `remoteUrl + api`, the empty value of a broken template) is
// an unreadable value: skipped over, and listed with its path and text. Pure.

export interface Unreadable {
  /** JSON pointer of the value in the object (`/datatable/columnDefs/0/render`). */
  path: string;
  /** Its source text, trimmed (shortened for messages by the caller). */
  text: string;
}

export interface Literal {
  value: unknown;
  unreadable: Unreadable[];
  /** Index just after the literal. */
  end: number;
}

const SKIP = Symbol('unreadable');
const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const IDENT = /[A-Za-z0-9_$]/;

export class LiteralError extends Error {
  constructor(
    message: string,
    public at: number,
  ) {
    super(message);
    this.name = 'LiteralError';
  }
}

/** Reads the literal that starts at `start` (after spaces and comments). Throws LiteralError when there is none. */
export function readLiteral(text: string, start = 0): Literal {
  let i = start;
  const unreadable: Unreadable[] = [];

  function space() {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text.startsWith('//', i)) {
        while (i < text.length && text[i] !== '\n') i++;
        continue;
      }
      if (text.startsWith('/*', i)) {
        const e = text.indexOf('*/', i + 2);
        i = e < 0 ? text.length : e + 2;
        continue;
      }
      return;
    }
  }

  function string(): string {
    const quote = text[i++];
    let out = '';
    while (i < text.length && text[i] !== quote) {
      const c = text[i++];
      if (c === '\n' && quote !== '`') throw new LiteralError('unterminated string', i);
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = text[i++];
      if (e === undefined) break;
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'b') out += '\b';
      else if (e === 'f') out += '\f';
      else if (e === 'v') out += '\v';
      else if (e === '\r' || e === '\n') {
        if (e === '\r' && text[i] === '\n') i++;
      } // line continuation
      else if (e === 'x') {
        out += String.fromCharCode(parseInt(text.slice(i, i + 2), 16));
        i += 2;
      } else if (e === 'u') {
        if (text[i] === '{') {
          const close = text.indexOf('}', i);
          out += String.fromCodePoint(parseInt(text.slice(i + 1, close), 16));
          i = close + 1;
        } else {
          out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
          i += 4;
        }
      } else if (/[0-7]/.test(e)) {
        // legacy octal escapes: `\042` is what eZ's wash(javascript) writes for `"`
        let digits = e;
        while (digits.length < 3 && /[0-7]/.test(text[i]) && parseInt(digits + text[i], 8) <= 255) digits += text[i++];
        out += String.fromCharCode(parseInt(digits, 8));
      } else out += e;
    }
    if (text[i] !== quote) throw new LiteralError('unterminated string', i);
    i++;
    return out;
  }

  /** Skips an expression that is not a literal, up to the `,` `}` `]` that ends it; returns its text. */
  function skipExpression(): string {
    const from = i;
    const stack: string[] = [];
    while (i < text.length) {
      const c = text[i];
      if (!stack.length && (c === ',' || c === '}' || c === ']' || c === ')')) break;
      if (c === '"' || c === "'" || c === '`') {
        string();
        continue;
      }
      if (text.startsWith('//', i) || text.startsWith('/*', i)) {
        space();
        continue;
      }
      if (c === '(' || c === '[' || c === '{') stack.push(c === '(' ? ')' : c === '[' ? ']' : '}');
      else if (c === ')' || c === ']' || c === '}') {
        if (stack.pop() !== c) throw new LiteralError('unbalanced ' + c, i);
      }
      i++;
    }
    return text.slice(from, i).trim();
  }

  function value(path: string): unknown {
    space();
    const c = text[i];
    const from = i;
    if (c === '{') return object(path);
    if (c === '[') return array(path);
    if (c === '"' || c === "'" || (c === '`' && !text.slice(i, text.indexOf('`', i + 1)).includes('${'))) {
      const s = string();
      space();
      if (i < text.length && !/[,}\])]/.test(text[i])) {
        i = from;
        return unknown(path);
      } // 'a' + b
      return s;
    }
    const word = /^(-?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|true|false|null|undefined)(?![A-Za-z0-9_$.])/.exec(
      text.slice(i, i + 64),
    );
    if (word) {
      i += word[0].length;
      space();
      if (i < text.length && !/[,}\])]/.test(text[i])) {
        i = from;
        return unknown(path);
      }
      const w = word[1];
      return w === 'true' ? true : w === 'false' ? false : w === 'null' ? null : w === 'undefined' ? undefined : Number(w);
    }
    return unknown(path);
  }

  function unknown(path: string): typeof SKIP {
    unreadable.push({ path, text: skipExpression() });
    return SKIP;
  }

  function key(): string {
    space();
    const c = text[i];
    if (c === '"' || c === "'") return string();
    const from = i;
    while (i < text.length && IDENT.test(text[i])) i++;
    if (i === from) throw new LiteralError('a key expected', i);
    return text.slice(from, i);
  }

  function object(path: string): Record<string, unknown> {
    i++;
    const out: Record<string, unknown> = {};
    for (;;) {
      space();
      if (text[i] === '}') {
        i++;
        return out;
      }
      const k = key();
      space();
      if (text[i] !== ':') throw new LiteralError("':' expected after " + k, i);
      i++;
      const v = value(path + '/' + pointer(k));
      if (v !== SKIP && v !== undefined) out[k] = v;
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      throw new LiteralError("',' or '}' expected", i);
    }
  }

  function array(path: string): unknown[] {
    i++;
    const out: unknown[] = [];
    for (let n = 0; ; n++) {
      space();
      if (text[i] === ']') {
        i++;
        return out;
      }
      const v = value(path + '/' + n);
      out.push(v === SKIP ? null : v);
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return out;
      }
      throw new LiteralError("',' or ']' expected", i);
    }
  }

  space();
  if (text[i] !== '{' && text[i] !== '[') throw new LiteralError('an object expected', i);
  const v = value('');
  return { value: v, unreadable, end: i };
}

/**
 * The object passed to `.name(` in a script (`$('#x').remoteContentsGui({…})`): the first call
 * whose argument is a literal.
 */
export function readCall(text: string, name: string): Literal | null {
  const re = new RegExp('\\.\\s*' + name + '\\s*\\(', 'g');
  for (const m of text.matchAll(re)) {
    try {
      return readLiteral(text, m.index! + m[0].length);
    } catch {
      /* not a literal here: the next call */
    }
  }
  return null;
}
