// The block editor's words the configurator reads a pasted block with (configurator/ez-blocks.ts)
// are the theme's own: each block type's Name, views, attributes with their labels, checkboxes
// and select labels, as the REAL block.ini of openpa_bootstrapitalia says them. Skipped, with one
// line, where ../shared/real is missing.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EZ_BLOCKS } from '../../../configurator/ez-blocks';

const ini = resolve(import.meta.dirname, '../../../../shared/real/ez/extension/openpa_bootstrapitalia/settings/block.ini.append.php');
const missing = !existsSync(ini);
if (missing) console.warn('[configurator ez-blocks] skipped: ../shared/real is not beside this clone');

/** One [Section] of the ini: its `Key=value` and `Key[k]=value` lines. */
function section(text: string, name: string) {
  const body = text
    .split(/^\[/m)
    .find((s) => s.startsWith(name + ']'))!
    .split('\n')
    .slice(1);
  const list = (key: string) => body.filter((l) => l.startsWith(key + '[]=')).map((l) => l.slice(key.length + 3).trim());
  const map = (key: string) =>
    Object.fromEntries(
      body
        .map((l) => new RegExp('^' + key.replace(/[[\]]/g, '\\$&') + '\\[([^\\]]+)\\]=(.*)$').exec(l))
        .filter(Boolean)
        .map((m) => [m![1], m![2].trim()]),
    );
  const value = (key: string) =>
    body
      .find((l) => l.startsWith(key + '='))
      ?.slice(key.length + 1)
      .trim();
  return { list, map, value };
}

describe.skipIf(missing)('the block editor as block.ini says it', () => {
  const text = missing ? '' : readFileSync(ini, 'utf8');
  it.each(EZ_BLOCKS.map((b) => [b.type, b] as const))('%s', (type, block) => {
    const s = section(text, type);
    expect(block.name).toBe(s.value('Name'));
    const names = s.map('ViewName');
    expect(block.views).toEqual(s.list('ViewList').map((view) => ({ view, name: names[view] })));
    // the attributes block.ini lists, in its order, with their labels (others: read by the templates only)
    const listed = block.attributes.filter((a) => a.label || s.list('CustomAttributes').includes(a.name));
    expect(listed.map((a) => a.name)).toEqual(s.list('CustomAttributes'));
    const labels = s.map('CustomAttributeNames');
    const types = s.map('CustomAttributeTypes');
    for (const a of listed) {
      expect(a.label, a.name).toBe(labels[a.name]);
      expect(!!a.checkbox, a.name).toBe(types[a.name] === 'checkbox');
      const selection = s.map('CustomAttributeSelection_' + a.name);
      if (Object.keys(selection).length)
        expect(a.options, a.name).toEqual(Object.fromEntries(Object.entries(selection).map(([v, l]) => [l, v])));
    }
  });
});
