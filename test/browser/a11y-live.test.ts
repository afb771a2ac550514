// Live regions across the portal: every result change a visitor causes gives exactly one polite
// message, in every block type (listing list, append, map and agenda tabs; data table; gallery),
// and no other block on the page speaks at the same time. A MutationObserver on every polite region
// under the blocks counts the non-empty texts they receive (an announcer clears and refills its
// region to repeat a message: that is one message).
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { firstResults } from './listing-helpers';
import { geoReady } from './listing-geo-kit';
import { drawAfter, GRID } from './datatable-kit';
import { a11yEnv, politeAfter, recordLive, type LiveMessage } from './a11y/kit';
import { announced } from './harness';

const env = a11yEnv('a11y-live');
/** Every block and the gallery's dialog: a message from any of them counts. */
const ROOTS = '[data-piazza-block], dialog.piazza-gallery';

async function visit(path: string): Promise<Page> {
  const page = await env.visit(path);
  // Whatever the first results said is part of loading the page, not of a change.
  await announced(page);
  await recordLive(page, ROOTS);
  return page;
}

/** Exactly one polite message, from the block expected, matching `text`. */
function expectOne(said: LiveMessage[], block: RegExp, text: RegExp, change: string) {
  expect(
    said.map((m) => m.region + ': ' + m.text),
    change,
  ).toHaveLength(1);
  expect(said[0].text, change).toMatch(text);
  expect(said[0].region, change).toMatch(block);
}

describe('listing', () => {
  it('list tab: search, facet, interval, page, each one message from its own block only', async () => {
    const page = await visit('listing.html');
    await firstResults(page, 'eventi', 'notizie', 'eventi-server', 'servizi-remoti');
    await page.click('#eventi .piazza-listing-search > button');
    await page.type('#eventi-search-text', 'comune');
    expectOne(await politeAfter(page, () => page.keyboard.press('Enter')), /^eventi/, /risultat/, 'search');
    expectOne(await politeAfter(page, () => page.select('#eventi-facet-0', 'Cultura')), /^eventi/, /risultat/, 'facet');
    expectOne(await politeAfter(page, () => page.click('#eventi-interval-next30days')), /^eventi/, /risultat/, 'interval');
    expectOne(await politeAfter(page, () => page.click('#eventi-interval-all')), /^eventi/, /risultat/, 'interval back to all');
    // Closing the search clears its text: one more change.
    expectOne(await politeAfter(page, () => page.click('#eventi .piazza-listing-search > button')), /^eventi/, /risultat/, 'search closed');
    expectOne(await politeAfter(page, () => page.select('#eventi-facet-0', '')), /^eventi/, /risultat/, 'facet cleared');
    expectOne(await politeAfter(page, () => page.click('#eventi-list [aria-label="Pagina 2"]')), /^eventi/, /pagina 2/i, 'page 2');
    expectOne(
      await politeAfter(page, () => page.select('#eventi-server-facet-0', 'Cultura')),
      /^eventi-server/,
      /risultat/,
      'server-mode facet',
    );
  });

  it('append style: each "load more" is one message', async () => {
    const page = await visit('listing.html');
    for (let i = 0; i < 2; i++) {
      expectOne(
        await politeAfter(page, () => page.click('#notizie [data-element=load-other-cards]')),
        /^notizie/,
        /\d/,
        'load more ' + (i + 1),
      );
    }
  });

  it('map tab: showing it, then a facet, each one message', async () => {
    const page = await visit('listing.html');
    expectOne(await politeAfter(page, () => page.click('#eventi-geo-tab')), /^eventi/, /\d/, 'map tab shown');
    await geoReady(page, 'eventi');
    const said = await politeAfter(page, () => page.select('#eventi-facet-0', 'Cultura'));
    expectOne(said, /^eventi/, /\d/, 'facet on the map');
  });

  it('agenda tab: showing it, next month, a facet, each one message', async () => {
    const page = await visit('listing.html');
    expectOne(await politeAfter(page, () => page.click('#eventi-agenda-tab')), /^eventi/, /\d|nessun/i, 'agenda tab shown');
    await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]');
    expectOne(await politeAfter(page, () => page.click('#eventi .piazza-agenda-next')), /^eventi/, /\d|nessun/i, 'next month');
    expectOne(await politeAfter(page, () => page.select('#eventi-facet-0', 'Cultura')), /^eventi/, /\d|nessun/i, 'facet on the agenda');
  });
});

describe('data table', () => {
  it('sort, filter, search, page: one message each', async () => {
    const page = await visit('datatable.html');
    const headers = await page.$$(GRID + ' [role=columnheader]');
    expectOne(await politeAfter(page, () => drawAfter(page, () => headers[1].click())), /documenti|datatable/, /risultat/, 'sort');
    const years = await page.$$eval('#piazza-dt-documenti-facet-2 option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
    );
    expectOne(
      await politeAfter(page, () => drawAfter(page, () => page.select('#piazza-dt-documenti-facet-2', years[0]))),
      /documenti|datatable/,
      /risultat/,
      'filter',
    );
    expectOne(
      await politeAfter(page, () => drawAfter(page, () => page.select('#piazza-dt-documenti-facet-2', ''))),
      /documenti|datatable/,
      /risultat/,
      'filter removed',
    );
    expectOne(
      await politeAfter(page, () => drawAfter(page, () => page.click('.piazza-datatable nav a[aria-label="Pagina 2"]'))),
      /documenti|datatable/,
      /risultat|pagina/i,
      'page 2',
    );
    // Typing is debounced into one search: one message for the whole word.
    expectOne(
      await politeAfter(page, () => drawAfter(page, () => page.type('#piazza-dt-documenti-search', 'delibera'))),
      /documenti|datatable/,
      /risultat/,
      'search typed',
    );
  });
});

describe('gallery', () => {
  it('opening and each move between slides: one message each', async () => {
    const page = await visit('gallery.html');
    expectOne(await politeAfter(page, () => page.click('#foto a:nth-of-type(1)')), /gallery|piazza/, /1 di 7/, 'opened');
    expectOne(await politeAfter(page, () => page.keyboard.press('ArrowRight')), /gallery|piazza/, /2 di 7/, 'next');
    expectOne(
      await politeAfter(page, () => page.click('dialog.piazza-gallery .piazza-gallery-prev')),
      /gallery|piazza/,
      /1 di 7/,
      'previous',
    );
  });
});
