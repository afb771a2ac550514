// Holding back: a tracker of a category the visitor did not accept never runs and is never
// requested, whatever way it enters the page; after "accept" it runs exactly once, where it was
// meant to go, without a reload. Real Chromium, real tracker files on the loopback emulator.
import { describe, expect, it } from 'vitest';
import { quiet } from './harness';
import { choiceApplied, consentEnv, clickBar, consentConfig, openConsentPage, trackerRequests, trackersRan } from './consent-kit';
import { insertAll, MARKUP_PATHS, NODE_PATHS, positions, src, TEMPLATE } from './consent-paths';

const env = consentEnv();

describe('dynamic scripts of a blocked service', () => {
  it('are neither run nor requested on any insertion path; after accept each runs once, at its place, without a reload', async () => {
    const url = env.portal.url + 'test/consent-paths.html';
    const probe = await openConsentPage(env.browser, url, {
      config: consentConfig({ barTimeout: 60_000 }),
      body: TEMPLATE,
      // document.write while parsing, and an inline script recognised by its text
      head: `<script>document.write('<script data-path="write" src="${src('a-write')}"><\\/script>');</script>
        <script>window.__pageMarker = 1; var s = document.createElement('script'); s.setAttribute('data-path', 'inline'); s.text = "/* tracker.js?id=a-inline */ (window.__trackers = window.__trackers || []).push('?id=a-inline');"; document.head.appendChild(s);</script>`,
    });
    const { page } = probe;
    const returned = await page.evaluate(insertAll, 'a-', [...NODE_PATHS, ...MARKUP_PATHS]);
    // The insertion methods still answer as the page expects: the node it inserted.
    expect(returned).toMatchObject({
      appendChild: 'appendChild',
      insertBefore: 'insertBefore',
      insertAdjacentElement: 'insertAdjacentElement',
    });
    // wait for anything the browser might still fetch or run
    await quiet(page);
    expect(await trackersRan(page)).toEqual([]);
    expect(trackerRequests(probe)).toEqual([]);
    // node paths leave no script in the DOM; markup paths leave an inert text/plain tag naming the service
    const held = await page.evaluate(positions, 'a-');
    for (const path of NODE_PATHS) expect(held[path], path).toBeUndefined();
    for (const path of [...MARKUP_PATHS, 'write']) expect(held[path], path).toMatchObject({ type: 'text/plain', count: 1 });

    await page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
    await page.waitForSelector('#cconsent-modal[open]');
    const applied = await choiceApplied(page);
    await page.click('#cconsent-modal .pc-foot button:last-child'); // accept all
    await applied();
    const all = [...NODE_PATHS, ...MARKUP_PATHS, 'write'];
    await page.waitForFunction((n) => ((window as any).__trackers || []).length >= n, {}, all.length + 1);
    await quiet(page);

    const ran = await trackersRan(page);
    for (const path of [...all, 'inline'])
      expect(
        ran.filter((id) => id === 'id=a-' + path),
        path,
      ).toHaveLength(1);
    expect(ran).toHaveLength(all.length + 1);
    const requested = trackerRequests(probe);
    for (const path of all)
      expect(
        requested.filter((q) => q === 'id=a-' + path),
        path,
      ).toHaveLength(1);
    expect(await page.evaluate(() => (window as any).__pageMarker)).toBe(1); // same document: no reload

    const at = await page.evaluate(positions, 'a-');
    expect(at.appendChild).toMatchObject({ parent: 'mid', prev: null });
    expect(at.insertBefore).toMatchObject({ parent: 'z-a-insertBefore', prev: 'mid' });
    expect(at.replaceChild).toMatchObject({ parent: 'z-a-replaceChild', prev: 'first' });
    expect(at.append).toMatchObject({ parent: 'mid' });
    expect(at.prepend).toMatchObject({ parent: 'mid', prev: null });
    expect(at.before).toMatchObject({ parent: 'z-a-before', prev: 'mid' });
    expect(at.after).toMatchObject({ parent: 'z-a-after', prev: 'mid' });
    expect(at.replaceWith).toMatchObject({ parent: 'z-a-replaceWith', prev: 'first' });
    expect(at.replaceChildren).toMatchObject({ parent: 'mid', prev: null });
    expect(at.insertAdjacentElement).toMatchObject({ parent: 'z-a-insertAdjacentElement', prev: 'mid' });
    expect(at.rangeInsertNode).toMatchObject({ parent: 'z-a-rangeInsertNode', prev: 'mid' });
    expect(at.fragment).toMatchObject({ parent: 'z-a-fragment', prev: 'mid' });
    expect(at.contextualFragment).toMatchObject({ parent: 'z-a-contextualFragment', prev: 'mid' });
    expect(at.subtree).toMatchObject({ parent: 'SECTION' });
    expect(at.cloneNode).toMatchObject({ parent: 'SECTION' });
    expect(at.rangeCloneContents).toMatchObject({ parent: 'SECTION' });
    expect(at.textBefore).toMatchObject({ parent: 'z-a-textBefore', prev: 'mid' });
    expect(at.innerHTML).toMatchObject({ parent: 'mid', prev: 'B', type: null, count: 1 });
    expect(at.outerHTML).toMatchObject({ parent: 'z-a-outerHTML', prev: 'B', type: null, count: 1 });
    expect(at.insertAdjacentHTML).toMatchObject({ parent: 'z-a-insertAdjacentHTML', prev: 'mid', type: null, count: 1 });
    expect(at.write).toMatchObject({ parent: 'HEAD', type: null, count: 1 });
    expect(probe.external()).toEqual([]);
    expect(probe.errors).toEqual([]);
    await probe.page.browserContext().close();
  });

  it('mandatory categories are never held; scripts no service names pass untouched', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-mandatory.html', {
      config: consentConfig({ barTimeout: 60_000 }),
    });
    const { page } = probe;
    await page.evaluate(insertAll, 'n-', ['appendChild', 'insertBefore', 'innerHTML']);
    await page.evaluate(insertAll, 'free-', ['appendChild', 'append']);
    await page.waitForFunction(() => ((window as any).__trackers || []).length >= 4);
    expect((await trackersRan(page)).sort()).toEqual(['id=free-append', 'id=free-appendChild', 'id=n-appendChild', 'id=n-insertBefore']);
    // innerHTML never runs scripts, with or without consent: the mandatory one is left as the browser leaves it
    expect(await page.evaluate(positions, 'n-')).toMatchObject({ innerHTML: { type: null, count: 1 } });
    expect(probe.errors).toEqual([]);
    await page.browserContext().close();
  });

  it('matches search against the resolved src (the property) as well as the attribute', async () => {
    const absolute = env.portal.origin + '/test/trackers/tracker.js?id=prop';
    const config = consentConfig({
      barTimeout: 60_000,
      services: { abs: { category: 'analytics', type: 'dynamic-script', search: [absolute, 'never-matches'] } },
    });
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-prop.html', { config });
    await probe.page.evaluate(() => {
      const s = document.createElement('script');
      s.setAttribute('src', 'trackers/tracker.js?id=prop'); // relative: only the property has the full URL
      document.body.appendChild(s);
    });
    await quiet(probe.page);
    expect(await trackersRan(probe.page)).toEqual([]);
    expect(trackerRequests(probe)).toEqual([]);
    await probe.page.browserContext().close();
  });

  it('replays once: a second accept, a refuse and an accept again run nothing more', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-once.html', { config: consentConfig() });
    const { page } = probe;
    await page.evaluate(insertAll, 'a-', ['appendChild']);
    let applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    for (const label of [/^Refuse all/, /^Accept all/, /^Accept all/]) {
      await page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
      await page.waitForSelector('#cconsent-modal[open]');
      applied = await choiceApplied(page);
      await page.evaluate((source) => {
        const re = new RegExp(source);
        [...document.querySelectorAll<HTMLElement>('#cconsent-modal .pc-foot button')].find((b) => re.test(b.textContent!))!.click();
      }, label.source);
      await applied();
    }
    await quiet(page);
    expect(await trackersRan(page)).toEqual(['id=a-appendChild']);
    // with consent given, a new insert goes straight through
    await page.evaluate(insertAll, 'a-late-', ['appendChild']);
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 2);
    expect(trackerRequests(probe)).toEqual(['id=a-appendChild', 'id=a-late-appendChild']);
    await page.browserContext().close();
  });

  it('a refusal keeps them held; a later accept still runs them once', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-refuse.html', { config: consentConfig() });
    const { page } = probe;
    await page.evaluate(insertAll, 'a-', ['insertBefore', 'innerHTML']);
    let applied = await choiceApplied(page);
    await clickBar(page, /^Refuse all/);
    await applied();
    await quiet(page);
    expect(await trackersRan(page)).toEqual([]);
    expect(trackerRequests(probe)).toEqual([]);
    await page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
    await page.waitForSelector('#cconsent-modal[open]');
    applied = await choiceApplied(page);
    await page.click('#cconsent-modal .pc-foot button:last-child');
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 2);
    expect((await trackersRan(page)).sort()).toEqual(['id=a-innerHTML', 'id=a-insertBefore']);
    await page.browserContext().close();
  });
});

describe('held-back tags (script-tag services)', () => {
  const head = `
    <script type="text/plain" data-consent="stats" src="${src('tag-1')}"></script>
    <script type="text/plain" data-consent="stats">(window.__order = window.__order || []).push('inline-2'); (window.__trackers = window.__trackers || []).push('?id=tag-2');</script>
    <script type="text/plain" data-consent="stats" src="${src('tag-3')}"></script>
    <script type="text/plain" data-consent="nobody-knows" src="${src('tag-free')}"></script>`;

  it('allowed at load: run once, in document order; blocked: inert until accepted, then run once without reload', async () => {
    // 1. blocked at load
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-tags.html', { config: consentConfig(), head });
    const { page } = probe;
    await page.waitForFunction(() =>
      ((window as any).__trackers || []).includes(location.origin + '/test/trackers/tracker.js?id=tag-free'),
    );
    await quiet(page);
    expect(await trackersRan(page)).toEqual(['id=tag-free']); // a data-consent no service names is not governed
    expect(trackerRequests(probe)).toEqual(['id=tag-free']);
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 4);
    expect(await trackersRan(page)).toEqual(['id=tag-free', 'id=tag-1', 'id=tag-2', 'id=tag-3']);
    expect(await page.evaluate(() => document.querySelectorAll('script[type="text/plain"]').length)).toBe(0);
    await quiet(page);
    expect(await trackersRan(page)).toHaveLength(4);

    // 2. the next page, consent stored: they run at load, in order, once
    const next = await openConsentPage(page.browserContext(), env.portal.url + 'test/consent-tags-2.html', {
      config: consentConfig(),
      head,
    });
    await next.page.waitForFunction(() => ((window as any).__trackers || []).length === 4);
    await quiet(next.page);
    expect(await trackersRan(next.page)).toEqual(['id=tag-1', 'id=tag-2', 'id=tag-3', 'id=tag-free']);
    expect(await next.page.$('#cconsent-bar')).toBeNull();
    expect(next.errors).toEqual([]);
    await page.browserContext().close();
  });
});

describe('CookieConsent.wrapper', () => {
  it('runs the callback only when not blocked; a held callback runs once when accepted', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-wrapper.html', {
      config: consentConfig(),
      head: `<script>window.__calls = []; CookieConsent.wrapper('wrapped', function () { __calls.push('early'); }); CookieConsent.wrapper('necessary', function () { __calls.push('mandatory'); });</script>`,
    });
    const { page } = probe;
    expect(await page.evaluate(() => (window as any).__calls)).toEqual(['mandatory']);
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('wrapped'))).toBe(false);
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    expect(await page.evaluate(() => (window as any).__calls)).toEqual(['mandatory', 'early']);
    await page.evaluate(() => (window as any).CookieConsent.wrapper('wrapped', () => (window as any).__calls.push('late')));
    expect(await page.evaluate(() => (window as any).__calls)).toEqual(['mandatory', 'early', 'late']);
    // refuse: the decision follows the current choice
    await page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
    await page.waitForSelector('#cconsent-modal[open]');
    const refused = await choiceApplied(page);
    await page.click('#cconsent-modal .pc-foot button:first-child');
    await refused();
    await page.evaluate(() => (window as any).CookieConsent.wrapper('wrapped', () => (window as any).__calls.push('after-refuse')));
    expect(await page.evaluate(() => (window as any).__calls)).toEqual(['mandatory', 'early', 'late']);
    expect(probe.errors).toEqual([]);
    await page.browserContext().close();
  });
});
