// Values inside the quotes of the ocopendata query language, for every query builder (listing, data
// table), written against the real parser (OpencontentCoop/ocopendata: QueryLanguage/Parser.php,
// Parser/ParenthesisSplitter.php, Parser/TokenFactory.php, Parser/ValueParser.php and
// Api/QueryLanguage/EzFind/SentenceConverter.php). What the server does with a query, in order:
// 1. removes the space after every `[` and before every `]`, anywhere in the text;
// 2. counts quotes, not counting `\'`: an odd count is "Syntax error: unbalanced quotes";
// 3. splits the text at every `(` and `)` not written `\(` `\)`, inside quotes too;
// 4. splits words at spaces and glues them back while a quote or a `[` (not `\[`) is open;
// 5. splits an array value again at every `[` and `]` not written `\[` `\]` (an unescaped one makes a
//    nested array, on which PHP 8's trim() then throws a TypeError), and reads its quoted items with
//    `$` standing in for `\'` (so a `$` comes back as `'`);
// 6. cleans each value: `\'` becomes `'`, quotes are trimmed off both ends; every other backslash stays;
// 7. sends string values to Solr in a "…" phrase, where a backslash escapes the next character.
// Hence: `'` `(` `)` `[` `]` are written with a backslash for the parser (2–5), `"` and `\` with a
// backslash for Solr (7). What no encoding carries: a `$` in an array value (5: such a value goes
// in a clause of its own, see valuesClause), a backslash right before an apostrophe (6 takes it), a
// space right after `[` or before `]` (1), an apostrophe at either end of a value (5 and 6 trim them).

/** A backslash before each character the parser or Solr reads as syntax inside a quoted value. */
export const escapeSyntax = (text: string) => text.replace(/["'()[\]]/g, '\\$&');

/** escapeSyntax, with each backslash doubled first: a value Solr reads back whole (7). */
const escapeAll = (value: string) => escapeSyntax(value.replace(/\\/g, '\\\\'));

/**
 * A value as an item of `['…', '…']` (without its quotes), read back by the server exactly. A
 * value ending in `\` cannot end in `\\'` (step 2 counts `\'` as an escaped quote): it ends `\\\ `
 * instead, since the item is trimmed (5) and the clean-up's `\'` → `'` (6) takes the third
 * backslash, leaving `\\`, which Solr reads as `\`.
 */
export function arrayItem(value: string): string {
  const escaped = escapeAll(value);
  return value.endsWith('\\') ? escaped + '\\ ' : escaped;
}

/**
 * A value as an exact-phrase item `"…"` of `['"…"']` (the listing's facets, as the original wrote
 * them). The closing `"` stands between a doubled trailing backslash and the apostrophe, so no
 * trick is needed: Solr reads `\\"` as a backslash, then the phrase's end.
 */
export const phraseItem = (value: string) => `"${escapeAll(value)}"`;

/**
 * A value as the single quoted value of a clause, `'…'` (without its quotes), where no `$` is
 * replaced (5 is for arrays). A trailing `\` ends `\\\'`: the quote check skips the escaped
 * apostrophe, the clean-up (6) turns it into `'` and trims it with the closing one, leaving `\\`.
 */
export function singleValue(value: string): string {
  const escaped = escapeAll(value);
  return value.endsWith('\\') ? escaped + "\\'" : escaped;
}

/** How a builder writes one value with its quotes: as an array item, and (if it differs) as a clause's single value. */
export interface ValueWriter {
  item(value: string): string;
  single?(value: string): string;
}

/**
 * `field op ['v1','v2']` for the chosen values. A value with a `$` cannot be an array item (5 reads
 * it as `'`), so it gets a clause of its own, `field op '…'`, joined so the operator keeps its
 * meaning: `contains` (all of them) with `and`, `in` (any of them) with `or`, in parentheses.
 */
export function valuesClause(field: string, operator: 'in' | 'contains', values: readonly string[], write: ValueWriter): string {
  const single = write.single ?? write.item;
  const items = values.filter((v) => !v.includes('$'));
  const clauses = items.length ? [`${field} ${operator} [${items.map(write.item).join(',')}]`] : [];
  for (const v of values) if (v.includes('$')) clauses.push(`${field} ${operator} ${single(v)}`);
  return clauses.length > 1 && operator === 'in' ? `(${clauses.join(' or ')})` : clauses.join(' and ');
}
