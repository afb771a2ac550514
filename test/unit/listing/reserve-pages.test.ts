// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM": {"settings": {"handleDisabledFileLoadingAsSuccess": true}}}
// Every demo page prints, with each of its listing blocks, the space the block holds until its first
// results (issue 31) as a portal's template would (README, "Layout shift"): the marker attribute on
// the block and, in <head>, the rules model/reserve.ts gives for the block's config. Here they
// cannot drift apart from the model as a config changes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/listing.validate.js';
import { checkConfig } from '../../../runtime/config';
import { reservationCss, reservedHeights } from '../../../blocks/listing/model/reserve';
import { resolveSettings } from '../../../blocks/listing/model/settings';
import type { ListingConfig } from '../../../blocks/listing/model/types';

const PAGES = join(import.meta.dirname, '../../../fixtures/pages');
const pages = readdirSync(PAGES).filter((f) => f.endsWith('.html') && readFileSync(join(PAGES, f), 'utf8').includes('data-piazza-block="listing"'));

describe('the demo pages print the space of their listing blocks', () => {
  it('there are pages to check', () => expect(pages.length).toBeGreaterThan(5));

  it.each(pages)('%s', (file) => {
    const doc = new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');
    const printed = doc.querySelector('head > style#piazza-reserve')?.textContent ?? '';
    const expected: string[] = [];
    for (const el of doc.querySelectorAll<HTMLElement>('[data-piazza-block=listing]')) {
      const raw = JSON.parse(el.querySelector(':scope > script[type="application/json"]')?.textContent || '{}');
      const s = resolveSettings(checkConfig<ListingConfig>(validate, raw), el.id);
      const heights = reservedHeights(s);
      if (!heights) {
        expect(el.hasAttribute('data-piazza-reserve'), `#${el.id} holds no space`).toBe(false);
        continue;
      }
      expect(el.getAttribute('data-piazza-reserve'), `#${el.id}`).toBe(s.blockId);
      expected.push(reservationCss(`[data-piazza-reserve="${s.blockId}"]`, heights));
    }
    expect(printed).toBe(expected.join(''));
  });
});
