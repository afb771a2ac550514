// Turns ajv errors into the problems an admin reads: a JSON path and a language-neutral code with
// its parameters (runtime/messages.ts words them, in Italian or English). Shared by the blocks (in
// the browser) and `npm run validate` (in Node), so both say the same.

/** ajv keyword → the problem's parameters (the code is the keyword). */
const PARAMS = {
  required: () => ({}),
  additionalProperties: () => ({}),
  enum: (p) => ({ values: p.allowedValues }),
  const: (p) => ({ value: p.allowedValue }),
  type: (p) => ({ types: String(p.type).split(',') }),
  pattern: (p) => ({ pattern: p.pattern }),
  format: (p) => ({ format: p.format }),
  multipleOf: (p) => ({ limit: p.multipleOf }),
  uniqueItems: (p) => ({ first: Math.min(p.i, p.j), second: Math.max(p.i, p.j) }),
  dependencies: (p) => ({ key: p.property }),
};
for (const k of [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]) {
  PARAMS[k] = (p) => ({ limit: p.limit });
}

/** @param {import('ajv').ErrorObject[] | null | undefined} errors */
export function toProblems(errors) {
  const list = errors || [];
  // An anyOf/oneOf failure reports every alternative; say it once, at its own path.
  const unions = new Set(list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath));
  // Deeper problems, or others at the same spot, say what to fix better than the rule around them.
  const inside = (e) => (x) =>
    x.instancePath.startsWith(e.instancePath + '/') ||
    (x.instancePath === e.instancePath && !['type', 'anyOf', 'oneOf', 'if'].includes(x.keyword));
  const problems = [];
  for (const e of list) {
    let path = e.instancePath || '';
    let problem;
    if (e.keyword === 'required' || e.keyword === 'dependencies') path += '/' + e.params.missingProperty;
    else if (e.keyword === 'additionalProperties') path += '/' + e.params.additionalProperty;
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      // When an alternative of the right type failed deeper (an object missing a key), those
      // deeper problems say what to fix; "must be a string" would only mislead.
      if (list.some(inside(e))) continue;
      const types = list
        .filter((x) => x.instancePath === e.instancePath && x.keyword === 'type')
        .flatMap((x) => String(x.params.type).split(','));
      problem = types.length ? { code: 'type', types: [...new Set(types)] } : { code: e.params?.passingSchemas ? 'oneOf' : 'anyOf' }; // oneOf: none, or more than one, matched
    } else if (unions.has(e.instancePath) && e.keyword === 'type') continue;
    // if/then: the failed "then" reports its own problems, which say more.
    else if (e.keyword === 'if' && list.some(inside(e))) continue;
    else problem = PARAMS[e.keyword] ? { code: e.keyword, ...PARAMS[e.keyword](e.params) } : { code: 'invalid', keyword: e.keyword };
    problems.push({ path: path || '/', ...problem });
  }
  const seen = new Set();
  return problems.filter((p) => {
    const k = JSON.stringify(p);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
