// Settings builders for the listing unit tests.
import validate from '../../../schemas/generated/listing.validate.js';
import { checkConfig } from '../../../runtime/config';
import { resolveSettings } from '../../../blocks/listing/model/settings';
import type { ListingConfig, ListingSettings, Filters } from '../../../blocks/listing/model/types';

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
