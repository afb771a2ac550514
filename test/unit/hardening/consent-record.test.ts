// The cconsent record of a visitor is data the page did not write: names that are properties of
// every object (`__proto__`, `constructor`) are not categories or services of the config.
import { describe, expect, it } from 'vitest';
import { defaults, merge } from '../../../consent/config';
import { judge } from '../../../consent/record';

const config = merge(defaults(), {
  categories: { necessary: { needed: true, wanted: true }, analytics: { wanted: false } },
  services: { stats: { category: 'analytics', type: 'script-tag', search: 'stats' } },
});
const record = (categories: string, services: string) => `{"version":1,"categories":{${categories}},"services":[${services}]}`;

describe('judge: a stored choice naming what the config does not have', () => {
  it('is valid when it names exactly the config', () => {
    expect(judge(record('"necessary":{"wanted":true},"analytics":{"wanted":true}', '"stats"'), config).verdict).toBe('apply');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('a category or service named %s is discarded', (name) => {
    expect(
      judge(record(`"${name}":{"wanted":true},"necessary":{"wanted":true},"analytics":{"wanted":true}`, '"stats"'), config).verdict,
    ).toBe('discard');
    expect(judge(record('"necessary":{"wanted":true},"analytics":{"wanted":true}', `"${name}","stats"`), config).verdict).toBe('discard');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
