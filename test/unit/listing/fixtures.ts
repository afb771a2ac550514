// Settings builders for the listing unit tests, and frames a test lets happen.
import validate from '../../../schemas/generated/listing.validate.js';
import { checkConfig } from '../../../runtime/config';
import { resolveSettings } from '../../../blocks/listing/model/settings';
import type { ListingConfig, ListingSettings, Filters } from '../../../blocks/listing/model/types';
import type { Hit } from '../../../blocks/listing/model/response';

export function settings(config: ListingConfig = {}, fallbackId = 'eventi'): ListingSettings {
  return resolveSettings(checkConfig<ListingConfig>(validate, { blockId: 'eventi', ...config }), fallbackId);
}

export const noFilters = (over: Partial<Filters> = {}): Filters => ({
  text: '',
  facets: {},
  interval: 'all',
  publishedFrom: '',
  publishedTo: '',
  ...over,
});

/** 2025-06-10 is a Tuesday; local time. */
export const TUESDAY = new Date(2025, 5, 10, 15, 30);

/** A result as the list shows it: event `id`, its view (cleaned) when given, else the built-in card. */
export const hit = (id: number, view: Hit['view'] = null): Hit => ({
  id,
  name: 'Evento ' + id,
  classIdentifier: 'event',
  mainNodeId: id,
  published: null,
  modified: null,
  url: '/e/' + id,
  view,
  data: {},
});

/** A "next paint" the test lets happen (`next` is the code's nextPaint; `paint()` lets the waiting ones go). */
export function paints() {
  const waiting: Array<() => void> = [];
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    paint: async () => {
      waiting.splice(0).forEach((r) => r());
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}
