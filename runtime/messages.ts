// Messages for admins (config problems, ignored legacy settings, `npm run validate`'s lines), in
// Italian by default and in English on request (`data-piazza-messages="en"` on the piazza.js tag,
// `--lang en`). Problems travel as language-neutral codes; this module alone words them. In the
// page it is a lazy chunk: only a misconfigured page needs it, and piazza.js has no bytes to spare
// for two tables. The switch is read by i18n.ts (pageAdminLang), which ctx.log (runtime/log.ts) reads too.
import { adminLang, createI18n, pageAdminLang, type AdminLang, type Catalog } from './i18n';
import type { AdminNote, ConfigProblem } from './types';
import type { LegacyNote } from './config';

export { adminLang, type AdminLang };

// Keys are the problem codes: ajv's keyword where there is one, else what the check means.
// `_one` / `_other` are plural forms of {count}.
const CATALOG: Catalog = {
  it: {
    invalidConfig: 'configurazione non valida',
    required: 'è obbligatorio',
    requiredUnless: 'è obbligatorio se non è indicato "{key}"',
    dependencies: 'è obbligatorio quando è indicato "{key}"',
    additionalProperties: 'non è una chiave prevista',
    enum: 'deve essere uno tra: {values}',
    const: 'deve valere {value}',
    type: 'deve essere {types}',
    or: ' o ',
    type_string: 'una stringa',
    type_number: 'un numero',
    type_integer: 'un numero intero',
    type_boolean: 'true o false',
    type_object: 'un oggetto',
    type_array: 'un array',
    type_null: 'null',
    minimum: 'deve essere ≥ {limit}',
    maximum: 'deve essere ≤ {limit}',
    exclusiveMinimum: 'deve essere > {limit}',
    exclusiveMaximum: 'deve essere < {limit}',
    multipleOf: 'deve essere un multiplo di {limit}',
    minLength_one: 'non può essere vuoto',
    minLength_other: 'deve avere almeno {count} caratteri',
    maxLength_one: 'deve avere al massimo un carattere',
    maxLength_other: 'deve avere al massimo {count} caratteri',
    minItems_one: 'deve avere almeno un elemento',
    minItems_other: 'deve avere almeno {count} elementi',
    maxItems_one: 'deve avere al massimo un elemento',
    maxItems_other: 'deve avere al massimo {count} elementi',
    minProperties_one: 'deve avere almeno una chiave',
    minProperties_other: 'deve avere almeno {count} chiavi',
    maxProperties_one: 'deve avere al massimo una chiave',
    maxProperties_other: 'deve avere al massimo {count} chiavi',
    uniqueItems: 'non deve avere elementi ripetuti (gli elementi {first} e {second} sono uguali)',
    pattern: 'deve rispettare il formato {pattern}',
    noTabs: 'il blocco non mostra nulla: né lista (show_grid), né mappa (show_map), né calendario (una faccetta time_interval)',
    format: 'deve essere nel formato "{format}"',
    anyOf: 'non corrisponde a nessuna delle forme ammesse',
    oneOf: 'corrisponde a più di una delle forme ammesse',
    invalid: 'non rispetta la regola "{keyword}" dello schema',
    count: 'deve essere un numero intero ≥ 0',
    category: 'deve essere una chiave di /categories',
    regexp: 'deve essere un’espressione regolare valida',
    colour: 'deve essere un colore CSS',
    link: 'deve essere un URL http(s) o relativo',
    json: 'non è un JSON valido ({detail})',
    blockType: 'tipo di blocco sconosciuto "{name}"',
    known: ' (disponibili: {known})',
    ignored: 'impostazione ignorata {key} {note}',
    staleConsent: 'cookie cconsent non più valido ignorato, senza ricaricare la pagina una seconda volta',
    consentName: 'deve essere una chiave di /services o /categories',
    ccRun: 'CookieConsent.run(): valgono le callback, la configurazione è #piazza-consent',
    ccRunCategory: 'CookieConsent.run(): categoria "{name}" assente da #piazza-consent',
    ccService: 'CookieConsent.acceptService("{service}", "{category}"): piazza accetta solo categorie intere',
    ccReset: 'CookieConsent.reset(): non possibile con piazza, la scelta resta',
    ccWrapper: 'CookieConsent.wrapper("{name}"): la callback ha dato errore',
    ccCallback: 'CookieConsent.run(): una callback ha dato errore',
    ccFailed: 'CookieConsent.{name}() non è riuscita',
    ccEffect: 'un effetto multimedia del tema non è riuscito',
    consentUi: 'l’interfaccia non si è caricata',
    notStored: 'scelta non salvata: cconsent è un cookie secure, il sito deve essere in https',
    // the loader's own lines (runtime/loader.ts, manifest.ts, events.ts)
    notLoaded: 'il suo codice non si è caricato ({detail})',
    mountFailed: 'non si è avviato: {detail}',
    cleanup: 'la pulizia allo smontaggio non è riuscita',
    helper: 'non si è avviato',
    helpers: 'gli helper di pagina non si sono caricati',
    listener: 'piazza.on("{event}"): la funzione in ascolto ha dato errore',
    // what a block tells the admin while it runs (ctx.log, runtime/log.ts)
    tabsMissing: 'schede non disponibili in questa versione: {tabs}',
    // npm run validate
    ok: 'ok',
    okIgnored_one: 'ok ({count} impostazione ignorata)',
    okIgnored_other: 'ok ({count} impostazioni ignorate)',
    warning: 'avviso',
    noType: 'non si capisce il tipo di configurazione: aggiungi "$schema" o indica --type',
    usage: 'uso: npm run validate -- [--lang it|en] [--type {types}] <config.json | pagina.html>…',
  },
  en: {
    invalidConfig: 'invalid config',
    required: 'is required',
    requiredUnless: 'is required unless "{key}" is set',
    dependencies: 'is required when "{key}" is set',
    additionalProperties: 'is not a known key',
    enum: 'must be one of: {values}',
    const: 'must be {value}',
    type: 'must be {types}',
    or: ' or ',
    type_string: 'a string',
    type_number: 'a number',
    type_integer: 'an integer',
    type_boolean: 'true or false',
    type_object: 'an object',
    type_array: 'an array',
    type_null: 'null',
    minimum: 'must be ≥ {limit}',
    maximum: 'must be ≤ {limit}',
    exclusiveMinimum: 'must be > {limit}',
    exclusiveMaximum: 'must be < {limit}',
    multipleOf: 'must be a multiple of {limit}',
    minLength_one: 'must not be empty',
    minLength_other: 'must have at least {count} characters',
    maxLength_one: 'must have at most one character',
    maxLength_other: 'must have at most {count} characters',
    minItems_one: 'must have at least one item',
    minItems_other: 'must have at least {count} items',
    maxItems_one: 'must have at most one item',
    maxItems_other: 'must have at most {count} items',
    minProperties_one: 'must have at least one key',
    minProperties_other: 'must have at least {count} keys',
    maxProperties_one: 'must have at most one key',
    maxProperties_other: 'must have at most {count} keys',
    uniqueItems: 'must not repeat items (items {first} and {second} are the same)',
    pattern: 'must match the pattern {pattern}',
    noTabs: 'the block shows nothing: no list (show_grid), no map (show_map), no calendar (a time_interval facet)',
    format: 'must be in the "{format}" format',
    anyOf: 'does not match any allowed form',
    oneOf: 'matches more than one allowed form',
    invalid: 'does not satisfy the schema’s "{keyword}" rule',
    count: 'must be an integer ≥ 0',
    category: 'must be a key of /categories',
    regexp: 'must be a valid regular expression',
    colour: 'must be a CSS colour',
    link: 'must be an http(s) or relative URL',
    json: 'is not valid JSON ({detail})',
    blockType: 'unknown block type "{name}"',
    known: ' (known: {known})',
    ignored: 'ignored setting {key} {note}',
    staleConsent: 'stale cconsent ignored, no second reload',
    consentName: 'must be a key of /services or /categories',
    ccRun: 'CookieConsent.run(): only its callbacks apply, the config is #piazza-consent',
    ccRunCategory: 'CookieConsent.run(): category "{name}" not in #piazza-consent',
    ccService: 'CookieConsent.acceptService("{service}", "{category}"): piazza accepts whole categories only',
    ccReset: 'CookieConsent.reset(): not possible with piazza, the choice stays',
    ccWrapper: 'CookieConsent.wrapper("{name}"): the callback threw',
    ccCallback: 'CookieConsent.run(): a callback threw',
    ccFailed: 'CookieConsent.{name}() failed',
    ccEffect: 'a multimedia effect of the theme failed',
    consentUi: 'its interface did not load',
    notStored: 'the choice was not stored: cconsent is a secure cookie, the site needs https',
    notLoaded: 'its code did not load ({detail})',
    mountFailed: 'did not start: {detail}',
    cleanup: 'cleanup failed',
    helper: 'did not start',
    helpers: 'page helpers did not load',
    listener: 'piazza.on("{event}"): the listener threw',
    tabsMissing: 'tabs not available in this version: {tabs}',
    ok: 'ok',
    okIgnored_one: 'ok ({count} ignored setting)',
    okIgnored_other: 'ok ({count} ignored settings)',
    warning: 'warning',
    noType: 'cannot tell the config type: add "$schema" or pass --type',
    usage: 'usage: npm run validate -- [--lang it|en] [--type {types}] <config.json | page.html>…',
  },
};

/** Problem codes whose message is a plural of their `limit`. */
const COUNTED = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

export interface AdminMessages {
  lang: AdminLang;
  /** What is wrong at a problem's path, e.g. "è obbligatorio". */
  problem(p: AdminNote): string;
  /** The console's line: "configurazione non valida: /a …; /b …"; a note alone is just its text. */
  explain(what: ConfigProblem[] | AdminNote): string;
  /** A setting of the jQuery plugins, accepted and ignored: its note in this language. */
  ignored(key: string, note: { it: string; en: string }): string;
  t(key: string, vars?: Record<string, string | number>): string;
  plural(key: string, count: number): string;
}

/** `lang` defaults to the page's switch (Italian without one, and in Node). */
export function adminMessages(lang: string | null | undefined = pageAdminLang()): AdminMessages {
  const i18n = createI18n(CATALOG, adminLang(lang));
  const { t } = i18n;
  const json = (v: unknown) => JSON.stringify(v);

  const ignored = (key: string, note: LegacyNote['note']) => t('ignored', { key, note: note[i18n.lang as AdminLang] || note.it });

  function problem(p: AdminNote): string {
    const { code } = p;
    if (COUNTED.includes(code)) return i18n.plural(code, Number(p.limit));
    switch (code) {
      case 'enum':
        return t(code, { values: ((p.values as unknown[]) || []).map(json).join(', ') });
      case 'const':
        return t(code, { value: json(p.value) });
      case 'type':
        return t(code, { types: ((p.types as string[]) || []).map((x) => ('type_' + x in CATALOG.it ? t('type_' + x) : x)).join(t('or')) });
      case 'uniqueItems':
        return t(code, { first: String(p.first), second: String(p.second) });
      case 'ignored':
        return ignored(String(p.key), p.note as LegacyNote['note']);
      case 'blockType': {
        // `known`: the blocks registry's types (the loader's manifest, `npm run validate`).
        const known = (p.known as string[]) || [];
        return t(code, { name: String(p.name) }) + (known.length ? t('known', { known: known.join(', ') }) : '');
      }
      default:
        // its parameters by name ({limit}, {name}, {detail}…); a keyword no schema here uses yet:
        // still say where, and which rule
        return code !== 'invalid' && code in CATALOG.it
          ? t(code, p as Record<string, string | number>)
          : t('invalid', { keyword: String(p.keyword || code) });
    }
  }

  return {
    lang: i18n.lang as AdminLang,
    problem,
    explain: (what) =>
      Array.isArray(what) ? t('invalidConfig') + ': ' + what.map((p) => (p.path || '/') + ' ' + problem(p)).join('; ') : problem(what),
    ignored,
    t,
    plural: (key, count) => i18n.plural(key, count),
  };
}
