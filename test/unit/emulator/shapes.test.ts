// Every endpoint's keys, in order, against the examples of reference/ocopendata-and-original.md §3.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startHarness, enc, TODAY, type Harness } from './helpers';

const REF = {
  searchResults: ['query', 'nextPageQuery', 'totalCount', 'searchHits', 'facets'],
  hit: ['metadata', 'data', 'extradata'],
  metadata: [
    'id',
    'remoteId',
    'classIdentifier',
    'class',
    'ownerId',
    'ownerName',
    'mainNodeId',
    'sectionIdentifier',
    'stateIdentifiers',
    'published',
    'modified',
    'languages',
    'name',
    'parentNodes',
    'assignedNodes',
    'link',
    'classDefinition',
  ],
  classDefinition: ['identifier', 'name', 'fields'],
  classDefinitionField: ['identifier', 'name', 'dataType', 'constraint'],
  assignedNode: ['id', 'depth', 'path_string'],
  relation: ['id', 'remoteId', 'classIdentifier', 'class', 'languages', 'name', 'link', 'mainNodeId'],
  timeInterval: ['input', 'text', 'recurrences', 'events', 'default_value'],
  defaultValue: ['count', 'from_time', 'to_time'],
  extradataWithView: ['urlAlias', 'view', 'geo'],
  geoPoint: ['longitude', 'latitude'],
  facet: ['name', 'data'],
  featureCollection: ['type', 'features', 'query', 'nextPageQuery', 'totalCount', 'facets'],
  feature: ['id', 'type', 'geometry', 'properties'],
  extrageoProperties: ['id', 'name', 'class_identifier', 'mainNodeId'],
  calendarEvent: ['content', 'id', 'title', 'allDay', 'start', 'end', 'type', 'extendedProps'],
  calendarOpeningHours: ['id', 'title', 'start', 'end', 'type', 'extendedProps'],
  datatable: ['draw', 'recordsTotal', 'recordsFiltered', 'data', 'facets', 'query'],
  class: ['identifier', 'name', 'description', 'fields', 'isContainer', 'isSearchable', 'groups'],
  classField: ['identifier', 'name', 'description', 'dataType', 'dataTypeName', 'template', 'constraint', 'isSearchable', 'isRequired'],
  image: ['filename', 'url', 'alt', 'mime_type', 'width', 'height'],
  file: ['filename', 'url'],
  geoLocation: ['latitude', 'longitude', 'address'],
  price: ['value', 'vat_id', 'is_vat_included'],
  user: ['login', 'email'],
  author: ['name', 'email'],
  restError: ['error_type', 'error_message'],
  moduleError: ['error_code', 'error_message'],
  serverError: ['error'],
};
const keys = (o: object) => Object.keys(o);
const ISO_C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function checkHit(hit: any, withView: boolean) {
  expect(keys(hit)).toEqual(REF.hit);
  expect(keys(hit.metadata)).toEqual(REF.metadata);
  expect(keys(hit.metadata.classDefinition)).toEqual(REF.classDefinition);
  expect(keys(hit.metadata.classDefinition.fields[0])).toEqual(REF.classDefinitionField);
  expect(keys(hit.metadata.assignedNodes[0])).toEqual(REF.assignedNode);
  expect(hit.metadata.published).toMatch(ISO_C);
  expect(hit.metadata.modified).toMatch(ISO_C);
  expect(typeof hit.metadata.parentNodes[0]).toBe('number');
  const lang = hit.metadata.languages[0];
  expect(keys(hit.data)).toEqual(hit.metadata.languages);
  expect(keys(hit.extradata[lang])[0]).toBe('urlAlias');
  if (withView) expect(typeof hit.extradata[lang].view).toBe('string');
}

describe('shapes of the reference examples', () => {
  it('REST content/search: SearchResults, event hit, relations, time_interval, extradata with view and geo', async () => {
    const { body } = await h.json(
      `/api/opendata/v2/content/search/${enc('id = 4001 facets [topics, raw[subattr_has_public_event_typology___tag_ids____si]]')}?view=card_teaser`,
    );
    expect(keys(body)).toEqual(REF.searchResults);
    expect(typeof body.query).toBe('string');
    expect(body.nextPageQuery).toBeNull();
    const hit = body.searchHits[0];
    checkHit(hit, true);
    const data = hit.data['ita-IT'];
    expect(keys(data.topics[0])).toEqual(REF.relation);
    expect(keys(data.image[0])).toEqual(REF.relation);
    expect(keys(data.time_interval)).toEqual(REF.timeInterval);
    expect(keys(data.time_interval.default_value)).toEqual(REF.defaultValue);
    expect(keys(data.time_interval.events[0])).toEqual(['start', 'end']);
    expect(data.has_public_event_typology).toEqual([`Concerto "all'aperto"`]);
    expect(keys(hit.extradata['ita-IT'])).toEqual(REF.extradataWithView);
    expect(keys(hit.extradata['ita-IT'].geo[0])).toEqual(REF.geoPoint);
    expect(typeof hit.extradata['ita-IT'].geo[0].latitude).toBe('string');
    expect(body.facets.map((f: any) => keys(f))).toEqual([REF.facet, REF.facet]);
    expect(body.facets[1].name).toBe('raw[subattr_has_public_event_typology___tag_ids____si]');
  });

  it('module content/search: same keys, bare class and link', async () => {
    const { body } = await h.json(`/opendata/api/content/search/?q=${enc('classes [article] limit 1')}&view=card`);
    expect(keys(body)).toEqual(REF.searchResults);
    checkHit(body.searchHits[0], true);
    expect(typeof body.nextPageQuery).toBe('string');
    expect(body.nextPageQuery.startsWith('classes [article]')).toBe(true);
  });

  it('content/read: one hit without a wrapper; document fields in their converter shapes', async () => {
    const { body } = await h.json('/api/opendata/v2/content/read/8001');
    checkHit(body, false);
    const d = body.data['ita-IT'];
    expect(keys(d.file)).toEqual(REF.file);
    expect(d.attachments.every((a: any) => keys(a).join() === REF.file.join())).toBe(true);
    expect(keys(d.authors[0])).toEqual(REF.author);
    expect(keys(d.contact_user)).toEqual(REF.user);
    if (d.price) expect(keys(d.price)).toEqual(REF.price);
    expect(d.publication_date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:00$/);
    expect(Array.isArray(d.document_type)).toBe(true);
    const minimal = (await h.json('/api/opendata/v2/content/read/8002')).body.data['ita-IT'];
    expect(minimal).toMatchObject({ file: null, contact_user: null, price: null, attachments: [], link: '' });
    const place = (await h.json('/api/opendata/v2/content/read/6001')).body.data['ita-IT'];
    expect(keys(place.has_address)).toEqual(REF.geoLocation);
    expect(keys((await h.json('/api/opendata/v2/content/read/3001')).body.data['ita-IT'].image)).toEqual(REF.image);
  });

  it('extrageo and geo: FeatureCollection', async () => {
    const extrageo = (await h.json(`/api/opendata/v2/extrageo/search/${enc('classes [event] limit 2')}`)).body;
    expect(keys(extrageo)).toEqual(REF.featureCollection);
    expect(keys(extrageo.features[0])).toEqual(REF.feature);
    expect(keys(extrageo.features[0].properties)).toEqual(REF.extrageoProperties);
    expect(extrageo.features[0].geometry.type).toBe('Point');
    const geo = (await h.json(`/api/opendata/v2/geo/search/${enc('classes [place] limit 1')}`)).body;
    expect(keys(geo)).toEqual(REF.featureCollection);
    expect(keys(geo.features[0])).toEqual(REF.feature);
    expect(keys(geo.features[0].properties)).toEqual(['id', 'name', 'class_identifier', 'has_address', 'mainNodeId', 'urlAlias']);
  });

  it('calendar: bare array of events (recurrence) and opening hours', async () => {
    const events = (
      await h.json(
        `/api/opendata/v2/calendar/search/${enc('classes [event] and id in [4002,4009]')}?start=${TODAY}T00:00:00&end=${TODAY}T23:59:59`,
      )
    ).body;
    expect(Array.isArray(events)).toBe(true);
    for (const e of events) {
      expect(keys(e)).toEqual(REF.calendarEvent);
      expect(keys(e.content)).toEqual(REF.hit);
      expect(keys(e.extendedProps)).toEqual(['location']);
    }
    const hours = (
      await h.json(
        `/opendata/api/calendar/search/?q=${enc('classes [place] and id = 6006')}&start=2025-06-10T00:00:00&end=2025-06-11T00:00:00`,
      )
    ).body;
    expect(hours.length).toBeGreaterThan(0);
    for (const e of hours) expect(keys(e)).toEqual(REF.calendarOpeningHours);
  });

  it('datatable: draw protocol', async () => {
    const { body } = await h.json(
      `/opendata/api/datatable/search/?q=${enc(enc('classes [document] facets [document_type]'))}&draw=1&start=0&length=2&columns[0][name]=name`,
    );
    expect(keys(body)).toEqual(REF.datatable);
    expect(keys(body.data[0]).slice(0, 2)).toEqual(['metadata', 'data']);
    expect(keys(body.facets[0])).toEqual(REF.facet);
    expect(typeof body.query).toBe('object');
  });

  it('classes/{identifier}: class and field definitions', async () => {
    const { body } = await h.json('/api/opendata/v2/classes/document');
    expect(keys(body)).toEqual(REF.class);
    for (const f of body.fields) expect(keys(f)).toEqual(REF.classField);
    const types = Object.fromEntries(body.fields.map((f: any) => [f.identifier, f.template.type]));
    expect(types).toMatchObject({
      file: 'file',
      attachments: 'multifile',
      amounts: 'array of objects',
      authors: 'array of objects',
      contact_user: 'user',
      price: 'price',
      publication_date: 'ISO 8601 date',
      expiration_time: 'ISO 8601 date',
      topics: 'array of id or remoteId or file or image',
      document_type: 'tag',
    });
    expect(body.fields.find((f: any) => f.identifier === 'link').dataType).toBe('ezurl');
  });

  it('select-fields: a bare array', async () => {
    const { body } = await h.json(
      `/api/opendata/v2/content/search/${enc('select-fields [metadata.id] and raw[meta_node_id_si] = 14001 limit 1')}`,
    );
    expect(body).toEqual([4001]);
  });

  it('server mode search, geo and calendar', async () => {
    const base = '/openpa/data/block_opendata_queried_contents/eventi-server';
    const search = (await h.json(`${base}/search/?limit=2&offset=0&interval=all&view=card_teaser`)).body;
    expect(keys(search)).toEqual(REF.searchResults);
    checkHit(search.searchHits[0], true);
    expect(search.nextPageQuery).toMatch(/^\?limit=2&offset=2/);
    const geo = (await h.json(`${base}/geo/?interval=all`)).body;
    expect(keys(geo)).toEqual(REF.featureCollection);
    const cal = (await h.json(`${base}/calendar/?start=${TODAY}T00:00:00&end=2025-06-12T00:00:00`)).body;
    expect(cal.length).toBeGreaterThan(0);
    for (const e of cal) expect(keys(e)).toEqual(REF.calendarEvent);
  });

  it('error bodies of the three front doors', async () => {
    expect(keys((await h.json(`/api/opendata/v2/content/search/${enc('classes [nope]')}`)).body)).toEqual(REF.restError);
    expect(keys((await h.json(`/opendata/api/content/search/?q=${enc('classes [nope]')}`)).body)).toEqual(REF.moduleError);
    expect(keys((await h.json('/openpa/data/block_opendata_queried_contents/nope/search/')).body)).toEqual(REF.serverError);
  });
});
