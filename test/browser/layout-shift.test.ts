// Nothing moves when a block or a helper mounts (issue 31, item 5: CLS ≤ 0.02 on every demo page),
// on the three engines: what the page shows before piazza's code runs is as tall as what it shows
// once the block or helper has drawn. One engine: PIAZZA_ENGINE=webkit npx vitest run --project browser <this file>.
import { afterEach, describe, expect, it } from 'vitest';
import { selectedEngines, useEngine, type Tab, type Viewport } from './engines';

/** A phone (Lighthouse's mobile screen), a tablet (the list of places under the map) and a desktop (beside it). */
const SCREENS: Viewport[] = [
  { width: 412, height: 823 },
  { width: 800, height: 900 },
  { width: 1280, height: 900 },
];

/**
 * In the page: the block's height as drawn, and the height the page held for it before piazza mounted it
 * (its fallback under the page's printed rule: a sibling with the block's marker, measured and removed).
 */
function heights(id: string, fallback: string) {
  const block = document.getElementById(id)!;
  const before = document.createElement('div');
  before.setAttribute('data-piazza-reserve', id);
  before.innerHTML = fallback;
  block.after(before);
  const held = before.getBoundingClientRect().height;
  before.remove();
  return { drawn: block.getBoundingClientRect().height, held };
}

describe.each(selectedEngines())('%s', (engine) => {
  const env = useEngine(engine);
  const tabs: Tab[] = [];
  afterEach(async () => {
    for (const t of tabs.splice(0)) await t.close();
  });

  async function open(path: string, viewport: Viewport): Promise<Tab> {
    const tab = await env.engine.newTab(viewport);
    tabs.push(tab);
    await tab.goto(env.portal.url + path);
    return tab;
  }

  it.each(SCREENS)(
    'a block that opens on its map is as tall once its places are listed as the space the page held for it ($width px)',
    async (screen) => {
      const tab = await open('listing-geo-consent.html', screen);
      // drawn: the places listed beside or under the consent placeholder, and the space given back
      await tab.waitFor(
        () =>
          !!document.querySelector('#luoghi .piazza-geo-companion [data-places]') &&
          !document.querySelector('#luoghi')!.hasAttribute('data-piazza-reserve'),
      );
      const { drawn, held } = await tab.evaluate(
        heights,
        'luoghi',
        '<p>I luoghi sono nella pagina <a href="/Vivere-il-comune/Luoghi">Luoghi</a>.</p>',
      );
      const places = await tab.evaluate(() => Number(document.querySelector('#luoghi [data-places]')!.getAttribute('data-places')));
      expect(places).toBeGreaterThan(5); // a list long enough to scroll inside its fixed height
      expect(Math.abs(drawn - held), `drawn ${drawn} px, held ${held} px`).toBeLessThan(1);
    },
  );
  // (and an iPad held upright, 768 px: the agenda's day there, not its month)
  it.each([SCREENS[0], { width: 768, height: 1024 }, SCREENS[2]])(
    'a block that opens on its agenda holds no more than it draws, and its calendar at least ($width px)',
    async (screen) => {
      const tab = await open('listing-agenda.html', screen);
      await tab.waitFor(
        () =>
          !!document.querySelector('#agenda-eventi .piazza-agenda[data-piazza-status="ready"] .piazza-agenda-calendar') &&
          !document.querySelector('#agenda-eventi')!.hasAttribute('data-piazza-reserve'),
      );
      const { drawn, held } = await tab.evaluate(heights, 'agenda-eventi', '');
      const calendar = await tab.evaluate(
        () => document.querySelector('#agenda-eventi .piazza-agenda-calendar')!.getBoundingClientRect().height,
      );
      // never taller than what comes (it would shrink when given back), never less than the calendar
      expect(held, `drawn ${drawn} px`).toBeLessThanOrEqual(drawn + 0.5);
      expect(held, `drawn ${drawn} px`).toBeGreaterThan(calendar);
    },
  );
  it('an agenda keeps the place of its download link from its first render, before its events come (412 px)', async () => {
    // the events' request held: the agenda drawn without them, then with them and the period's link
    env.portal.faults.arm({ match: '/calendar/search/', hold: true, times: 1 });
    const tab = await open('listing-agenda-month.html', SCREENS[0]);
    const toolbar = () => document.querySelector('#agenda-mese .piazza-agenda-toolbar')?.getBoundingClientRect().height ?? 0;
    await tab.waitFor(
      () =>
        !!document.querySelector('#agenda-mese .piazza-agenda-toolbar') && !!document.querySelector('#agenda-mese .piazza-agenda-loading'),
    );
    const before = await tab.evaluate(toolbar);
    expect(await tab.evaluate(() => !!document.querySelector('#agenda-mese .piazza-agenda-ics'))).toBe(false);
    expect(env.portal.faults.release()).toBe(1);
    await tab.waitFor(() => !!document.querySelector('#agenda-mese .piazza-agenda[data-piazza-status="ready"] .piazza-agenda-ics'));
    const after = await tab.evaluate(toolbar);
    expect(before).toBeGreaterThan(0);
    expect(Math.abs(after - before), `toolbar ${before} px before the events, ${after} px with them`).toBeLessThan(1);
  });
});
