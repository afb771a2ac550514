// Turns ajv errors into the problems an admin reads: a JSON path and a plain message.
// Shared by the blocks (in the browser) and `npm run validate` (in Node), so both say the same.

/** @param {import('ajv').ErrorObject[] | null | undefined} errors */
export function toProblems(errors) {
  const list = errors || [];
  // An anyOf/oneOf failure reports every alternative; say it once, at its own path.
  const unions = new Set(list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath));
  const problems = [];
  for (const e of list) {
    let path = e.instancePath || '';
    let message = e.message || 'is invalid';
    if (e.keyword === 'required') { path += '/' + e.params.missingProperty; message = 'is required'; }
    else if (e.keyword === 'additionalProperties') { path += '/' + e.params.additionalProperty; message = 'is not a known key'; }
    else if (e.keyword === 'enum') message = 'must be one of: ' + e.params.allowedValues.map((v) => JSON.stringify(v)).join(', ');
    else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      // When an alternative of the right type failed deeper (an object missing a key), those
      // deeper problems say what to fix; "must be string" would only mislead.
      const inside = (x) => x.instancePath.startsWith(e.instancePath + '/') ||
        (x.instancePath === e.instancePath && !['type', 'anyOf', 'oneOf'].includes(x.keyword));
      if (list.some(inside)) continue;
      const kinds = list.filter((x) => x.instancePath === e.instancePath && x.keyword === 'type').map((x) => x.params.type);
      message = kinds.length ? 'must be ' + [...new Set(kinds)].join(' or ') : 'does not match any allowed form';
    } else if (unions.has(e.instancePath) && e.keyword === 'type') continue;
    problems.push({ path: path || '/', message });
  }
  const seen = new Set();
  return problems.filter((p) => { const k = p.path + ' ' + p.message; return seen.has(k) ? false : (seen.add(k), true); });
}
