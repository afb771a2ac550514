// The content picker's query: the class, the node under which, a tag and the order, read out of a
// query and written back into it, the rest kept as written; what it writes is read by the REAL
// ocopendata parser (../shared/real/ocopendata-parser) as the picker meant it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeQuery, parseQuery, withParts } from '../../../configurator/query';

describe('parseQuery / composeQuery', () => {
  it('takes out what the picker sets, keeps the rest', () => {
    expect(parseQuery('classes [event] and calendar[time_interval] = [now, *] sort [time_interval=>asc]')).toEqual({
      classes: ['event'],
      subtree: [],
      sort: [['time_interval', 'asc']],
      tag: null,
      rest: ['calendar[time_interval] = [now, *]'],
    });
    expect(parseQuery('classes [event] and subtree [101] sort [time_interval=>asc]')).toMatchObject({
      classes: ['event'],
      subtree: ['101'],
      rest: [],
    });
    expect(parseQuery(`topics in ['"Cultura"'] and classes [event]`)).toMatchObject({
      tag: { field: 'topics', value: 'Cultura' },
      rest: [],
    });
    // a clause written by hand, not the picker's own form, stays where it is
    expect(parseQuery(`topics in ['"Cultura"', '"Sport"'] classes [event]`)).toMatchObject({
      tag: null,
      rest: [`topics in ['"Cultura"', '"Sport"']`],
    });
  });

  it('writes class, node, tag and order around what was there', () => {
    expect(withParts('', { classes: ['document'] })).toBe('classes [document]');
    expect(
      withParts('classes [event] and calendar[time_interval] = [now, *]', {
        subtree: ['101'],
        tag: { field: 'topics', value: "L'ambiente" },
        sort: [['time_interval', 'asc']],
      }),
    ).toBe(
      `classes [event] subtree [101] and topics in ['"L\\'ambiente"'] and calendar[time_interval] = [now, *] sort [time_interval=>asc]`,
    );
    expect(withParts('classes [event] subtree [101] sort [published=>desc]', { subtree: [], sort: [] })).toBe('classes [event]');
    // an `or` of several clauses beside others goes in parentheses (`and` and `or` may not mix at one level)
    expect(
      composeQuery({ classes: ['place'], subtree: [], sort: [], tag: { field: 'type', value: 'Parco' }, rest: ['a = 1 or b = 2'] }),
    ).toBe(`classes [place] and type in ['"Parco"'] and (a = 1 or b = 2)`);
  });

  it('reads back what it wrote', () => {
    const parts = {
      classes: ['event', 'article'],
      subtree: ['101', '111'],
      sort: [
        ['published', 'desc'],
        ['name', 'asc'],
      ] as Array<[string, string]>,
      tag: { field: 'topics', value: 'Cultura "viva" (estate)' },
      rest: ['calendar[time_interval] = [now, *]'],
    };
    expect(parseQuery(composeQuery(parts))).toEqual(parts);
  });
});

const parser = resolve(import.meta.dirname, '../../../../shared/real/ocopendata-parser/parse.php');
const php = spawnSync('php', ['-v']).status === 0;
const skip = !existsSync(parser) ? '../shared/real is not beside this clone' : !php ? 'php-cli is not installed' : '';
if (skip) console.warn('[configurator query] real-parser check skipped: ' + skip);

describe.skipIf(!!skip)("the real ocopendata parser reads the picker's queries as meant", () => {
  it('class, node, tag, other clauses and order', () => {
    const queries = [
      withParts('', { classes: ['event'], subtree: ['101'], sort: [['time_interval', 'asc']] }),
      withParts('classes [event] and calendar[time_interval] = [now, *]', {
        tag: { field: 'topics', value: 'L\'ambiente (e "il" clima)' },
        sort: [['published', 'desc']],
      }),
      withParts('classes [place]', { tag: { field: 'type', value: 'Parco' } }) + ' and (name = "a" or name = "b")',
    ];
    const input = queries.map((q, id) => JSON.stringify({ q, id, fields: ['topics', 'type', 'time_interval', 'name'] })).join('\n');
    const out = spawnSync('php', [parser], { input, encoding: 'utf8' });
    const answers = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      answers.map((a) => a.ok),
      out.stderr,
    ).toEqual([true, true, true]);
    expect(answers[0].parameters).toEqual({ classes: ['event'], subtree: ['101'], sort: [['time_interval', 'asc']] });
    expect(answers[0].filters).toEqual([]);
    // the tag is one clause; after the server's clean-up Solr gets the phrase with `\"` for each
    // quote (its own escape): the value as chosen
    expect(answers[1].parameters).toMatchObject({ classes: ['event'], sort: [['published', 'desc']] });
    const sentences = answers[1].filters_clean[0].sentences;
    expect(sentences[0][0]).toBe('topics');
    expect(sentences[0][1]).toBe('in');
    expect(sentences[0][2]).toEqual(['"L\'ambiente (e \\"il\\" clima)"']);
    expect(sentences[1][0]).toBe('calendar[time_interval]');
    expect(answers[2].parameters).toMatchObject({ classes: ['place'] });
  });
});
