// The configurator's words for a config, below the block table (blocks.ts) and the chunks it loads
// (from-jquery.ts) or reads (presets.ts), which use them too: in blocks.ts, they imported it back.
import type { LegacyNote } from '../runtime/config';
import type { BlockType } from '../schemas/generated/blocks';

/** What the configurator edits: a registered block's config, or the consent config. */
export type ConfigType = BlockType | 'consent';
export type Config = Record<string, unknown>;

/** The jQuery plugin's settings turned into this block's config, with what was left out and why. */
export interface FromJquery {
  config: Config;
  ignored: LegacyNote[];
}

export type JqueryToConfig = (settings: Config, page: Document | null, blockId?: string) => FromJquery;
