// `npm run validate -- <file>…`: checks block and consent configs against schemas/ and prints
// every problem with its JSON path — the same validators and messages the blocks use in the page.
// A file is a JSON config (its "$schema", or --type <block>, says which schema) or an HTML page,
// in which case every `data-piazza-block` config and the `#piazza-consent` config are checked.
// Messages are Italian; `--lang en` (or PIAZZA_LANG=en) prints them in English.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toProblems } from '../schemas/problems.js';
import { generatedDir, readBlocks, root } from './blocks.mjs';

// The blocks registry says which types there are; what this script uses of a block (its eZ-form
// mapping, the jQuery settings it also mounts) it takes from the block's public.ts, its contract to
// tools, never from a file inside its folder named here.
const blocks = readBlocks();
const args = process.argv.slice(2);
let type = null;
let lang = process.env.PIAZZA_LANG;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--type') type = args[++i];
  else if (args[i] === '--lang') lang = args[++i];
  else files.push(args[i]);
}

/**
 * piazza.js's own code, run here so this prints exactly what the console says: the consent hand
 * check (it also knows what a schema cannot say: a service's category must exist, a cookie pattern
 * must compile) and the admin messages. TypeScript, hence one esbuild bundle.
 */
async function runtimeCode() {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: {
      contents:
        "export { checkConsentConfig } from './consent/config.ts'; export { adminMessages } from './runtime/messages.ts'; export { legacyNotes } from './runtime/config.ts';" +
        " export { isOpenpaForm, relocate } from './runtime/openpa.ts';" +
        // each block's contract to tools (blocks/<type>/public.ts): its eZ-form mapping
        // (loadOpenpaMapping), the settings of a jQuery plugin it mounts (isPluginSettings,
        // fromPluginSettings); `tools[type]`
        blocks
          .filter((b) => b.public)
          .map((b) => ` import * as ${b.type}Tools from ${JSON.stringify(b.public)};`)
          .join('') +
        ` export const tools = { ${blocks
          .filter((b) => b.public)
          .map((b) => `${b.type}: ${b.type}Tools`)
          .join(', ')} };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  return import('data:text/javascript;base64,' + Buffer.from(out.outputFiles[0].text).toString('base64'));
}
const { checkConsentConfig, adminMessages, legacyNotes, isOpenpaForm, relocate, tools } = await runtimeCode();
const say = adminMessages(lang);

if (!files.length || (lang && !/^(it|en)/i.test(lang))) {
  console.error(say.t('usage', { types: [...blocks.map((b) => b.type), 'consent'].join('|') }));
  process.exit(2);
}

/** type → { validate, legacy } of every registered block (gen-schemas' table of the registry); null before `npm run gen`. */
const tableFile = join(generatedDir(), 'blocks.validate.js');
const table = existsSync(tableFile) ? (await import(pathToFileURL(tableFile).href)).default : null;
if (!table) {
  console.error(tableFile + ': missing, run `npm run gen` first');
  process.exit(2);
}

/** → problems (path, code…); an unknown type is a problem of its own. An eZ form is mapped first, its problems told at the attribute. */
async function check(kind, config) {
  if (kind === 'consent') return checkConsentConfig(config);
  const validate = Object.hasOwn(table, kind) ? table[kind].validate : null;
  if (!validate) return [{ path: '/', code: 'blockType', name: kind, known: Object.keys(table) }];
  if (!config || typeof config !== 'object' || Array.isArray(config)) return [{ path: '/', code: 'type', types: ['object'] }];
  if (isOpenpaForm(config)) {
    const load = tools[kind]?.loadOpenpaMapping;
    if (!load) return [{ path: '/openpa', code: 'additionalProperties' }];
    const out = (await load())(config);
    // what the mapping could not read, and what the config it made breaks, both at their attribute
    return [...out.problems, ...(validate(structuredClone(out.config)) ? [] : relocate(toProblems(validate.errors), out.origin))];
  }
  return validate(structuredClone(config)) ? [] : toProblems(validate.errors);
}

/**
 * The page as the HTML tokenizer reads it: a script's code blanked (a script ends at its first
 * `</script`), so markup a script only writes (`document.write('<script id="piazza-consent">…')`,
 * the configurator's preview page) is no config of the page; JSON scripts keep their text.
 */
const outsideCode = (html) =>
  html.replace(/(<script\b([^>]*)>)([\s\S]*?)(<\/script\s*>)/gi, (whole, open, attrs, _body, close) =>
    /\stype\s*=\s*["']?application\/json/i.test(attrs) ? whole : open + close,
  );

function configsInHtml(page) {
  const html = outsideCode(page);
  const out = [];
  const consent = html.match(/<script[^>]*id=["']piazza-consent["'][^>]*>([\s\S]*?)<\/script>/i);
  if (consent) out.push({ kind: 'consent', label: 'consent', text: consent[1] });
  const blockRe =
    /<(\w+)[^>]*data-piazza-block=["']([^"']+)["'][^>]*>\s*<script[^>]*type=["']application\/json["'][^>]*>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(blockRe)) {
    const id = (m[0].match(/\sid=["']([^"']+)["']/) || [])[1];
    out.push({ kind: m[2], label: m[2] + (id ? ' #' + id : ''), text: m[3] });
  }
  return out;
}

let failures = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const entries = /\.html?$/i.test(file) ? configsInHtml(text) : [{ kind: type, label: '', text }];
  for (const entry of entries) {
    let config;
    try {
      config = JSON.parse(entry.text);
    } catch (e) {
      failures++;
      console.log(`${file}: ${entry.label || 'config'}: / ${say.problem({ code: 'json', detail: e.message })}`);
      continue;
    }
    let kind = entry.kind || (typeof config.$schema === 'string' ? basename(config.$schema).replace('.schema.json', '') : null);
    // A jQuery plugin's settings that a block mounts (the data table's `opendataDataTable({…})`): the
    // config the block makes of them, its left-out settings as warnings.
    let pluginNotes = [];
    const plugin = Object.entries(tools).find(([t, m]) => (!kind || kind === t) && m.fromPluginSettings && m.isPluginSettings?.(config));
    if (plugin) {
      ({ config, ignored: pluginNotes } = plugin[1].fromPluginSettings(config));
      kind = plugin[0];
    }
    if (!kind) {
      failures++;
      console.log(`${file}: ${say.t('noType')}`);
      continue;
    }
    const blockId = config.blockId ?? config.openpa?.block?.id;
    const name = blockId ? `${kind} "${blockId}"` : entry.label || kind;
    const problems = await check(kind, config);
    failures += problems.length;
    for (const p of problems) console.log(`${file}: ${name}: ${p.path} ${say.problem(p)}`);
    // Settings of the jQuery plugins: accepted (the block mounts), reported as the page's console does.
    const legacy = kind === 'consent' || !Object.hasOwn(table, kind) ? [] : [...pluginNotes, ...legacyNotes(config, table[kind].legacy)];
    for (const { key, note } of legacy) console.log(`${file}: ${name}: ${say.t('warning')}: ${say.ignored(key, note)}`);
    if (!problems.length) console.log(`${file}: ${name}: ` + (legacy.length ? say.plural('okIgnored', legacy.length) : say.t('ok')));
  }
}
process.exit(failures ? 1 : 0);
