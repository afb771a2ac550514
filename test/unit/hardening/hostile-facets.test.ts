// Every facet value of the hostile dataset can be chosen: each topic name (payloads with quotes,
// brackets, parentheses, `${…}` templates, bidi characters) written by the listing's and the data
// table's query builders comes back from the portal's parser (the emulator follows the PHP) as the
// same string, and the search answers with the contents that carry that topic — also when the
// visitor picks two topics at once.
import { describe, expect, it } from 'vitest';
// @ts-ignore plain JS fixture modules
import { generateDataset } from '../../../fixtures/data/generate.mjs';
// @ts-ignore plain JS fixture module
import { parseQuery, search } from '../../../fixtures/emulator/query/index.mjs';
import { facetClause as listingClause } from '../../../blocks/listing/model/query';
import { facetClause as tableClause } from '../../../blocks/datatable/model/query';

const ds: any = generateDataset({ today: '2026-11-21', hostile: true });
const topics: Array<{ id: number; name: string }> = ds.contents
  .filter((c: any) => c.classIdentifier === 'topic')
  .map((c: any) => ({ id: c.id, name: c.name['ita-IT'] }));
const withTopic = (classId: string, id: number) =>
  ds.contents
    .filter((c: any) => c.classIdentifier === classId && (c.fields.topics || []).includes(id))
    .map((c: any) => c.id)
    .sort();
const ids = (query: string) =>
  search(ds, query, { limit: 300 })
    .hits.map((c: any) => c.id)
    .sort();
const values = (query: string) =>
  parseQuery(query)
    .clauses.filter((c: any) => c.field === 'topics')
    .flatMap((c: any) => c.values);

describe('hostile topics', () => {
  it('are hostile: every name holds a `$`, quotes and brackets (what arrays cannot carry as they are)', () => {
    expect(topics.length).toBeGreaterThan(10);
    for (const { name } of topics) expect(name).toContain('$');
    for (const { name } of topics) expect(name).toMatch(/["'<>]/);
  });

  it.each(topics.slice(0, -1).map((t) => [t.name.slice(0, 30), t] as const))('listing: %s…', (_, topic) => {
    const query = `${listingClause('topics', [topic.name])} and classes [event]`;
    expect(values(query)).toEqual([topic.name]);
    const events = withTopic('event', topic.id);
    expect(events.length).toBeGreaterThan(0); // every topic but the last has events and documents
    expect(ids(query)).toEqual(events);
  });

  it.each(topics.slice(0, -1).map((t) => [t.name.slice(0, 30), t] as const))('data table: %s…', (_, topic) => {
    const query = `${tableClause('topics', [topic.name])} and classes [document]`;
    expect(values(query)).toEqual([topic.name]);
    const documents = withTopic('document', topic.id);
    expect(documents.length).toBeGreaterThan(0);
    expect(ids(query)).toEqual(documents);
  });

  it('two topics: any of them in the listing, both in the data table', () => {
    const [a, b] = topics;
    const events = [...new Set([...withTopic('event', a.id), ...withTopic('event', b.id)])].sort();
    expect(ids(`${listingClause('topics', [a.name, b.name])} and classes [event]`)).toEqual(events);
    const both = withTopic('document', a.id).filter((id: number) => withTopic('document', b.id).includes(id));
    expect(ids(`${tableClause('topics', [a.name, b.name])!} and classes [document]`)).toEqual(both);
  });
});
