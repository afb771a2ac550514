// `npm run release` (after the build): release/piazza-<version>/ and release/piazza-<version>.tgz —
// what a portal serves and installs: dist/ (piazza.js, chunks, source maps), the JSON Schemas with
// absolute $ids, the typings, LICENSE and CHANGELOG.md, publiccode.yml (for the public-sector
// software catalogues; checked first, see release/publiccode.mjs, and its url set from
// PIAZZA_REPOSITORY_URL when given), integrity.json (a sha384 of every file) and install.html (the
// <script> tag with its integrity, and the CSP it needs).
//
// Reproducible: files in name order, fixed modes and owner, every timestamp the last commit's
// (or SOURCE_DATE_EPOCH), gzip without a name or time: two releases of one commit are the same bytes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { checkPubliccode, UNPUBLISHED_URL, withRepositoryUrl } from './release/publiccode.mjs';
import { tarball } from './release/tar.mjs';

// Where docs/openpa.md installs dist/: eZ's rewrite rules serve only javascript/, images/… of a design.
const SRC = '/extension/piazza/design/piazza/javascript/piazza/piazza.js';

const root = resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({ options: { out: { type: 'string', default: join(root, 'release') } } });
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const name = `piazza-${pkg.version}`;
const out = resolve(opts.out);
const folder = join(out, name);
// Where the release is published: the schemas' $ids point there (jsDelivr serves every npm package).
const base = (process.env.PIAZZA_RELEASE_BASE || `https://cdn.jsdelivr.net/npm/piazza@${pkg.version}/`).replace(/\/?$/, '/');

const die = (message) => {
  console.error('release: ' + message);
  process.exit(1);
};
const dist = join(root, 'dist');
if (!existsSync(join(dist, 'piazza.js'))) die('dist/piazza.js is missing: run `npm run build` first (`npm run release` does)');
const built = readFileSync(join(dist, 'piazza.js'), 'utf8');
if (!built.includes(JSON.stringify(pkg.version))) die(`dist/piazza.js is not version ${pkg.version}: rebuild it`);

// publiccode.yml must say what package.json and CHANGELOG.md say, and pass the standard's checks.
const publiccodeFacts = { version: pkg.version, license: pkg.license, changelog: readFileSync(join(root, 'CHANGELOG.md'), 'utf8') };
let publiccode = readFileSync(join(root, 'publiccode.yml'), 'utf8');
const repositoryUrl = process.env.PIAZZA_REPOSITORY_URL;
if (repositoryUrl) {
  try {
    publiccode = withRepositoryUrl(publiccode, repositoryUrl);
  } catch (e) {
    die(`PIAZZA_REPOSITORY_URL: ${e.message}`);
  }
}
const publiccodeProblems = checkPubliccode(publiccode, publiccodeFacts);
if (publiccodeProblems.length) die('publiccode.yml:\n  ' + publiccodeProblems.join('\n  '));

rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
// dist/configurator/ is the demo portal's admin page (configuratore.html), not part of an install.
cpSync(dist, join(folder, 'dist'), { recursive: true, filter: (src) => !src.startsWith(join(dist, 'configurator')) });

// Schemas: an absolute $id each, so validators and editors resolve them from anywhere.
mkdirSync(join(folder, 'schemas'));
for (const file of readdirSync(join(root, 'schemas'))
  .filter((f) => f.endsWith('.schema.json'))
  .sort()) {
  const schema = JSON.parse(readFileSync(join(root, 'schemas', file), 'utf8'));
  schema.$id = base + 'schemas/' + file;
  writeFileSync(join(folder, 'schemas', file), JSON.stringify(schema, null, 2) + '\n');
}

// Typings: window.piazza and the config types (not the validators' or legacy maps' internals), side by side.
mkdirSync(join(folder, 'types'));
const generated = join(root, 'schemas/generated');
for (const file of readdirSync(generated)
  .filter((f) => /^[\w-]+\.d\.ts$/.test(f))
  .sort()) {
  cpSync(join(generated, file), join(folder, 'types', file));
}
writeFileSync(
  join(folder, 'types/piazza.d.ts'),
  readFileSync(join(root, 'types/piazza.d.ts'), 'utf8').replaceAll("'../schemas/generated/", "'./"),
);

for (const file of ['LICENSE', 'CHANGELOG.md']) cpSync(join(root, file), join(folder, file));
writeFileSync(join(folder, 'publiccode.yml'), publiccode);

const files = (dir) =>
  readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
const sri = (file) => 'sha384-' + createHash('sha384').update(readFileSync(file)).digest('base64');

writeFileSync(join(folder, 'install.html'), installSnippet(sri(join(folder, 'dist/piazza.js'))));
const integrity = Object.fromEntries(files(folder).map((f) => [relative(folder, f).split('\\').join('/'), sri(f)]));
writeFileSync(join(folder, 'integrity.json'), JSON.stringify(integrity, null, 2) + '\n');

const epoch = Number(process.env.SOURCE_DATE_EPOCH || lastCommitTime() || 0);
const entries = files(folder).map((f) => ({ path: name + '/' + relative(folder, f).split('\\').join('/'), data: readFileSync(f) }));
writeFileSync(join(out, name + '.tgz'), gzipSync(tarball(entries, epoch), { level: 9 }));
console.log(
  `release: ${relative(root, folder)}/ (${entries.length} files) and ${relative(root, join(out, name + '.tgz'))}, sha384 ${sri(join(out, name + '.tgz'))}`,
);
if (!repositoryUrl && publiccode.includes(UNPUBLISHED_URL))
  console.log(
    'release: publiccode.yml names no repository (url ' +
      UNPUBLISHED_URL +
      '): set PIAZZA_REPOSITORY_URL for a release that catalogues list',
  );

function lastCommitTime() {
  try {
    return execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function installSnippet(hash) {
  return `<!-- piazza ${pkg.version}: the whole install. Serve the contents of this folder's dist/ on the
     portal (here where OpenPA serves it: extension/piazza/design/piazza/javascript/piazza/, see
     docs/openpa.md; its ini takes the hash below) and put the tag first in <head>, before any
     third-party script.
     The hash pins piazza.js; its chunks are loaded from beside it. Cache: dist/chunks/* forever
     (hashed names), piazza.js short or with revalidation (its name does not change). -->
<script src="${SRC}" integrity="${hash}" crossorigin="anonymous"></script>

<!-- With a Content-Security-Policy: give the tag the page's nonce; piazza passes it to everything
     it injects (chunks, styles, revived scripts, JSONP). The least the blocks need:
       script-src 'nonce-{NONCE}' 'strict-dynamic';
       style-src 'self' 'nonce-{NONCE}';
       img-src 'self' data: {portal image and map tile hosts};
       connect-src 'self';      (another portal's listing is read with JSONP: a nonced script)
       frame-src {embedded video hosts, after consent}
     Chunks served from another origin need that origin to send Access-Control-Allow-Origin. -->
<script src="${SRC}" integrity="${hash}" crossorigin="anonymous" nonce="{NONCE}"></script>
`;
}
