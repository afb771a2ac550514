// @vitest-environment jsdom
// Every demo page prints, with each of its listing and data table blocks, the space the block holds
// until its first results (issue 31) as a portal's template would (README, "Layout shift"): the
// marker attribute on the block and, in <head>, the rules each block's model/reserve.ts gives for
// its config. Here they cannot drift apart from the models as a config changes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/listing.validate.js';
import validateTable from '../../../schemas/generated/datatable.validate.js';
import * as table from '../../../blocks/datatable/model/reserve';
import { reservationCss as sharedCss } from '../../../runtime/reserve';
import { checkConfig } from '../../../runtime/config';
import { reservationCss, reservedHeights } from '../../../blocks/listing/model/reserve';
import { resolveSettings } from '../../../blocks/listing/model/settings';
import type { ListingConfig } from '../../../blocks/listing/model/types';

const PAGES = join(import.meta.dirname, '../../../fixtures/pages');
const pages = readdirSync(PAGES).filter(
  (f) => f.endsWith('.html') && /data-piazza-block="(listing|datatable)"/.test(readFileSync(join(PAGES, f), 'utf8')),
);

describe('the demo pages print the space of their listing and data table blocks', () => {
  it('there are pages to check', () => expect(pages.length).toBeGreaterThan(5));

  it.each(pages)('%s', (file) => {
    const doc = new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');
    const printed = doc.querySelector('head > style#piazza-reserve')?.textContent ?? '';
    const expected: string[] = [];
    for (const el of doc.querySelectorAll<HTMLElement>('[data-piazza-block=listing], [data-piazza-block=datatable]')) {
      const raw = JSON.parse(el.querySelector(':scope > script[type="application/json"]')?.textContent || '{}');
      if (el.getAttribute('data-piazza-block') === 'datatable') {
        const c = checkConfig<Parameters<typeof table.tableLayout>[0] & { blockId?: string }>(validateTable, raw);
        const id = c.blockId || el.id;
        const layout = table.tableLayout(c);
        expect(el.getAttribute('data-piazza-reserve'), `#${el.id}`).toBe(id);
        expected.push(sharedCss(`[data-piazza-reserve="${id}"]`, table.reservedHeights(layout), table.widthsOf(layout)));
        continue;
      }
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
