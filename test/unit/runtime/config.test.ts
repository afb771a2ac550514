import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/probe.validate.js';
import { checkConfig, ConfigError, legacyNotes } from '../../../runtime/config';
import listingValidate from '../../../schemas/generated/listing.validate.js';
import listingLegacy from '../../../schemas/generated/listing.legacy.js';
import { toProblems } from '../../../schemas/problems.js';

describe('config validation', () => {
  it('fills schema defaults into a copy and leaves the input alone', () => {
    const raw = { blockId: 'p' };
    const config = checkConfig<any>(validate, raw);
    expect(config).toEqual({ blockId: 'p', message: '', locale: 'it-IT' });
    expect(raw).toEqual({ blockId: 'p' });
  });

  it('names every problem by JSON path', () => {
    try {
      checkConfig(validate, { blockId: 3, colour: 'red', message: ['x'] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems).toEqual(
        expect.arrayContaining([
          { path: '/blockId', message: 'must be string' },
          { path: '/colour', message: 'is not a known key' },
          { path: '/message', message: 'must be string' },
        ]),
      );
    }
  });

  it('rejects a config that is not an object', () => {
    for (const bad of [null, [], 'x', 3]) {
      expect(() => checkConfig(validate, bad)).toThrowError(/\/ must be an object/);
    }
  });

  it('reports the deeper problem when an alternative of the right type failed inside', () => {
    const problems = toProblems([
      { instancePath: '/columns/1', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/columns/1', keyword: 'required', params: { missingProperty: 'field' }, message: '', schemaPath: '' },
      { instancePath: '/columns/1/sortable', keyword: 'type', params: { type: 'boolean' }, message: 'must be boolean', schemaPath: '' },
      { instancePath: '/columns/1', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([
      { path: '/columns/1/field', message: 'is required' },
      { path: '/columns/1/sortable', message: 'must be boolean' },
    ]);
  });

  it('reports a missing key of an object alternative without "must be string"', () => {
    const problems = toProblems([
      { instancePath: '/columns/0', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/columns/0', keyword: 'required', params: { missingProperty: 'field' }, message: '', schemaPath: '' },
      { instancePath: '/columns/0', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([{ path: '/columns/0/field', message: 'is required' }]);
  });

  it('says a union once, with the accepted types', () => {
    const problems = toProblems([
      { instancePath: '/facets/0', keyword: 'type', params: { type: 'string' }, message: 'must be string', schemaPath: '' },
      { instancePath: '/facets/0', keyword: 'type', params: { type: 'object' }, message: 'must be object', schemaPath: '' },
      { instancePath: '/facets/0', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schemaPath: '' },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'query' }, message: '', schemaPath: '' },
      { instancePath: '/view', keyword: 'enum', params: { allowedValues: ['a', 'b'] }, message: '', schemaPath: '' },
    ] as any);
    expect(problems).toEqual([
      { path: '/facets/0', message: 'must be string or object' },
      { path: '/query', message: 'is required' },
      { path: '/view', message: 'must be one of: "a", "b"' },
    ]);
  });
});

describe('settings of the jQuery block', () => {
  const copied = { query: 'classes [event]', spinnerTpl: '#tpl-remote-gui-spinner', listTpl: '#tpl-remote-gui-list', responseCallback: null, itemsPerRow: '2', view: 'card_teaser' };

  it('are accepted by the listing schema (itemsPerRow as text too), and the rest is still checked', () => {
    expect(checkConfig<any>(listingValidate, copied).itemsPerRow).toBe('2');
    expect(() => checkConfig(listingValidate, { ...copied, itemsPerRow: '7' })).toThrow(ConfigError);
    expect(() => checkConfig(listingValidate, { ...copied, colour: 'red' })).toThrow(/\/colour is not a known key/);
  });

  it('are each named once, with what to do instead; other keys are not', () => {
    const notes = legacyNotes(copied, listingLegacy);
    expect(notes.map((n) => n.split(' ')[0])).toEqual(['/spinnerTpl', '/listTpl', '/responseCallback']);
    expect(notes[2]).toContain("piazza.on('listing:results'");
    expect(legacyNotes({ query: 'x' }, listingLegacy)).toEqual([]);
    expect(legacyNotes(null, listingLegacy)).toEqual([]);
  });
});

