// @vitest-environment jsdom
// The configurator's block table: each type's groups name every field of its schema once, in the
// order a person decides, with Avanzate last and closed; fields that do not apply disappear; every
// preset, made against the demo portal's classes, is a config its block accepts (and says what it
// left out on a class that lacks a field).
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/data/generate.mjs';
import { BLOCKS, CONFIG_TYPES } from '../../../configurator/blocks';
import { PRESETS } from '../../../configurator/presets';
import { presetConfig } from '../../../configurator/preset-configs';
import { applies } from '../../../configurator/schema-ui';
import { checkConsentConfig } from '../../../consent/config';

// the demo portal's classes (the emulator's /api/opendata/v2/classes)
const classes = generateDataset().classes as Record<string, { fields: Array<{ identifier: string; name: Record<string, string> }> }>;
const fieldsOf = (cls: string) => classes[cls].fields.map((f) => ({ identifier: f.identifier, name: f.name['ita-IT'] }));
const schemaHas = (type: string) => (key: string) => key in (BLOCKS[type as 'listing'].schema.properties || {});

describe.each(CONFIG_TYPES)('%s: groups', (type) => {
  const kind = BLOCKS[type];
  const fields = Object.entries(kind.schema.properties)
    .filter(([k, v]: [string, any]) => k !== '$schema' && !v.deprecated)
    .map(([k]) => k);

  it('name every field of the schema once; Avanzate is last and starts closed, the others open', () => {
    const named = kind.groups.flatMap((g) => g.keys);
    expect([...named].sort()).toEqual([...fields].sort());
    expect(new Set(named).size).toBe(named.length);
    expect(kind.groups.at(-1)).toMatchObject({ id: 'avanzate', open: false });
    expect(kind.groups.slice(0, -1).every((g) => g.open)).toBe(true);
  });
});

describe('fields that do not apply disappear', () => {
  const listing = BLOCKS.listing;
  it('listing: no query, other portal nor class pickers when the portal builds the query (server mode)', () => {
    for (const p of ['/query', '/remoteUrl', 'picker:content', 'picker:facets']) {
      expect(applies(listing, { queryBuilder: 'server' }, p), p).toBe(false);
      expect(applies(listing, {}, p), p).toBe(true);
    }
    // the facets themselves still apply: the server block's facets, in its order
    expect(applies(listing, { queryBuilder: 'server' }, '/facets')).toBe(true);
  });
  it("listing: the map settings with the map tab, the card fields with piazza's own card, items per row with card views", () => {
    expect(applies(listing, { tabs: ['list'] }, '/map')).toBe(false);
    expect(applies(listing, { tabs: ['list', 'geo'] }, '/map')).toBe(true);
    expect(applies(listing, {}, '/fields')).toBe(false); // default view: card_teaser, the server's
    expect(applies(listing, { view: '' }, '/fields')).toBe(true);
    expect(applies(listing, { view: '' }, 'picker:cardFields')).toBe(true);
    expect(applies(listing, { view: 'latest_messages_item' }, '/itemsPerRow')).toBe(false);
    expect(applies(listing, { view: 'card_teaser' }, '/itemsPerRow')).toBe(true);
    expect(applies(listing, { tabs: ['geo'], view: 'card_teaser' }, '/templates/item')).toBe(false);
    expect(applies(listing, { tabs: ['geo'], view: 'card_teaser' }, '/templates/popup')).toBe(true);
    expect(applies(listing, { facets: ['topics'] }, '/removeExistingEmptyFacets')).toBe(false);
    expect(applies(listing, { facets: [{ field: 'x', options: [{ value: 'a' }] }] }, '/removeExistingEmptyFacets')).toBe(true);
  });
  it("data table: the class from the results only without a class; the export's details only when it is on", () => {
    expect(applies(BLOCKS.datatable, { class: 'document' }, '/classFromResults')).toBe(false);
    expect(applies(BLOCKS.datatable, {}, '/classFromResults')).toBe(true);
    expect(applies(BLOCKS.datatable, { export: { enabled: false } }, '/export/filename')).toBe(false);
    expect(applies(BLOCKS.datatable, {}, '/export/filename')).toBe(true);
  });
  it('consent: a necessary category is always on, so when it is allowed and how its switch starts do not apply', () => {
    const config = { categories: { necessary: { needed: true }, analytics: {} } };
    expect(applies(BLOCKS.consent, config, '/categories/necessary/wanted')).toBe(false);
    expect(applies(BLOCKS.consent, config, '/categories/necessary/checked')).toBe(false);
    expect(applies(BLOCKS.consent, config, '/categories/analytics/wanted')).toBe(true);
  });
});

describe('presets', () => {
  it('are the six the issue names, each for its block', () => {
    expect(PRESETS.map((p) => [p.title.it, p.type, p.class])).toEqual([
      ['Eventi con mappa e calendario', 'listing', 'event'],
      ['Notizie', 'listing', 'article'],
      ['Luoghi sulla mappa', 'listing', 'place'],
      ['Documenti in tabella', 'datatable', 'document'],
      ['Amministrazione trasparente', 'datatable', 'document'],
      ['Consenso per un portale bootstrapitalia2', 'consent', undefined],
    ]);
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))(
    "%s: made against the portal's class, a config its block accepts, labelled with the class's own names",
    (_, preset) => {
      const fields = preset.class ? fieldsOf(preset.class) : null;
      const { config, missing } = presetConfig(preset, fields, schemaHas(preset.type));
      expect(missing).toEqual([]);
      expect(BLOCKS[preset.type].check(config)).toEqual([]);
      if (preset.type === 'consent') expect(checkConsentConfig(config)).toEqual([]);
      // the labels and headings are the class's own field names
      const names = new Map((fields || []).map((f) => [f.identifier, f.name]));
      for (const f of (config.facets as Array<{ field: string; label: string }> | undefined) || [])
        expect(f.label).toBe(names.get(f.field));
      for (const c of (config.columns as Array<{ field: string; title: string }> | undefined) || [])
        expect(c.title).toBe(names.get(c.field));
      // the query lists the preset's class
      if (preset.class) expect(config.query).toMatch(new RegExp(`classes \\[${preset.class}\\]`));
    },
  );

  it('on a class without some of its fields: those entries are left out and named, the rest still valid', () => {
    const events = PRESETS.find((p) => p.id === 'eventi')!;
    const poor = fieldsOf('event').filter((f) => !['time_interval', 'has_public_event_typology'].includes(f.identifier));
    const { config, missing } = presetConfig(events, poor, schemaHas('listing'));
    expect(missing.sort()).toEqual(['has_public_event_typology', 'time_interval']);
    expect(config).toMatchObject({
      query: 'classes [event] sort [published=>desc]',
      tabs: ['list', 'geo'],
      timeIntervals: false,
      facets: [{ field: 'topics', label: 'Argomenti' }],
    });
    expect(BLOCKS.listing.check(config)).toEqual([]);
  });
});
