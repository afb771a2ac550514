// The remote-HTML sanitiser (runtime/sanitize.ts) on the three engines: the browser's own
// (Element.setHTML) where the engine has it, DOMPurify where it has not, one policy for both. Each
// case is a view a portal could send; what must come out follows from the policy (SECURITY.md), not
// from either sanitiser. Then everything that came out is put in the live page: no payload may run.
// The module is the project's own, bundled for the page by esbuild as the build does.
import { describe, expect, it } from 'vitest';
import { selectedEngines, type Tab } from './engines';
import { useModulePage, useModuleTabs } from './module-page';

const RUN = (n: number) => `__ran.push(${n})`;
/** Name → view. Payloads that would run call __ran.push(n). */
const CASES: Record<string, string> = {
  card:
    '<div class="card card-teaser" data-element="service-link" data-object_id="12" role="group" aria-label="Festa">' +
    '<time datetime="2027-02-15">15 febbraio</time><h3 class="card-title"><a href="/Eventi/festa">Festa</a></h3>' +
    '<picture><source srcset="/a.webp 1x"><img src="/a.png" srcset="/a2.png 2x" alt="Piazza" width="640" height="400" loading="lazy"></picture>' +
    '<a class="read-more" href="/Eventi/festa"><span class="text">Leggi di più</span>' +
    '<svg class="icon" role="presentation" focusable="false"><use xlink:href="/sprites.svg#it-arrow-right"></use></svg></a></div>',
  handlers: `<img src="x" onerror="${RUN(1)}"><div onclick="${RUN(2)}" onmouseover="${RUN(3)}">d</div><details open ontoggle="${RUN(4)}">t</details>`,
  scripts: `<script>${RUN(5)}</script><svg><script>${RUN(6)}</script></svg><template><script>${RUN(7)}</script><img src="x" onerror="${RUN(8)}"></template>`,
  mutation: `<noscript><p title="</noscript><img src=x onerror=${RUN(9)}>"></noscript><math><mtext><table><mglyph><style><img src=x onerror=${RUN(10)}>`,
  codeLinks:
    `<a id="j1" href="javascript:${RUN(11)}">a</a><a id="j2" href=" JaVaScRiPt&colon;${RUN(12)}">b</a><a id="j3" href="java&#x09;script:${RUN(13)}">c</a>` +
    `<a id="j5" href="&#x09;javascript:${RUN(18)}">c2</a><a id="j6" href="&#x0A;vbscript:x">c3</a>` +
    `<svg><a id="j4" xlink:href="javascript:${RUN(14)}"><text>d</text></a><a><animate attributeName="href" values="javascript:${RUN(15)}"/><text>e</text></a></svg>` +
    '<a id="data" href="data:text/html,<b>x</b>">f</a><a id="vb" href="vbscript:x">g</a>' +
    '<svg><a id="xdata" xlink:href="data:text/html,<b>x</b>"><text>h</text></a><a id="svb" href="vbscript:x"><text>i</text></a></svg>',
  fineLinks:
    '<a id="mail" href="mailto:urp@comune.it">m</a><a id="tel" href="tel:+390461000000">t</a><a id="hash" href="#top">h</a><a id="abs" href="https://altro.it/x">x</a>' +
    // (links without a scheme of their own: the base's)
    '<a id="query" href="?pagina=2">q</a><a id="net" href="//altro.it/y">n</a><a id="path" href="/javascript:void(0)">p</a>',
  badIcons:
    '<svg class="i1"><use href="data:image/svg+xml,<svg id=\'x\' xmlns=\'http://www.w3.org/2000/svg\'><script>__ran.push(16)</script></svg>#x"></use></svg>' +
    `<svg class="i2"><use href="javascript:${RUN(17)}"></use></svg><svg class="i3"><g data-piazza-icon="0"><circle r="1"></circle></g></svg>` +
    '<svg class="i4"><use href="/sprites.svg#it-close"></use></svg>',
  framing:
    '<iframe src="https://evil.example/"></iframe><object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example/"><input name="p"><button formaction="https://evil.example/">b</button></form>' +
    '<style>body{display:none}</style><link rel="stylesheet" href="https://evil.example/x.css"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">' +
    '<select><option>x</option></select><textarea>t</textarea><p id="styled" style="position:fixed">p</p><a id="ping" href="/a" ping="https://track.example/">a</a>',
  markers: '<div id="m" data-piazza-block="listing" data-shared_link="1" data-shared_link_view="card">m</div><!-- a comment -->',
  clobbering:
    '<img name="getElementById" src="/a.png" alt=""><a id="cookie" href="/c">c</a><a id="submit" href="/s">s</a><p id="kept-id">k</p>',
  components: '<x-widget class="w">inside <b>bold</b></x-widget><button is="x-button" id="btn" type="button">b</button>',
  tabs: '<a id="t1" href="/a" target="_blank">a</a><a id="t2" href="/b" target="_BLANK" rel="bookmark">b</a><a id="t3" href="/c">c</a>',
};

const served = useModulePage('runtime/sanitize.ts', 'piazzaSanitize', {
  head: '<script>window.__ran = [];</script>',
  // the views' pictures and sprites: there, empty
  route: (_req, res, path) => res.writeHead(/\.(png|webp|svg)$/.test(path) ? 204 : 404).end(),
});

/** What the page shows of one cleaned case, read after it is in the live document. */
interface Seen {
  html: string;
  /** Attributes named on* anywhere, template contents included. */
  handlers: string[];
  /** Elements the policy removes, found anyway. */
  forbidden: string[];
  /** href / xlink:href / action / formaction / src values with a script or data scheme (img src aside). */
  codeUrls: string[];
}

describe.each(selectedEngines())('%s', (engine) => {
  const { open } = useModuleTabs(served, engine);
  let tab: Tab | null = null;

  /** Cleans every case in the page, puts each in a section of the live page, and reads them back. */
  const cleanAll = async () => {
    tab = await open();
    await tab.evaluate(() => {
      const out = document.createElement('main');
      out.id = 'out';
      document.body.append(out);
    });
    return tab.evaluate(async (cases: Record<string, string>) => {
      const clean = await (window as any).piazzaSanitize.loadSanitizer();
      const out: Record<string, Seen> = {};
      const all = (root: ParentNode): Element[] => {
        const els = Array.from(root.querySelectorAll('*'));
        return els.concat(...els.filter((e) => e instanceof HTMLTemplateElement).map((t) => all((t as HTMLTemplateElement).content)));
      };
      for (const [name, html] of Object.entries(cases)) {
        const section = document.createElement('section');
        section.id = 'case-' + name;
        section.append(document.importNode(clean(html), true));
        document.getElementById('out')!.append(section);
        const els = all(section);
        out[name] = {
          html: section.innerHTML,
          handlers: els.flatMap((e) => Array.from(e.attributes, (a) => a.name).filter((n) => /^on/i.test(n))),
          forbidden: els
            .map((e) => e.localName)
            .filter((n) =>
              /^(script|iframe|frame|object|embed|form|input|textarea|select|option|style|link|base|meta|animate|set|x-widget)$/.test(n),
            ),
          codeUrls: els.flatMap((e) =>
            Array.from(e.attributes)
              .filter((a) => /^(href|action|formaction|src)$/.test(a.localName) && !(e.localName === 'img' && a.localName === 'src'))
              .map((a) => a.value)
              .filter((v) => /^\s*(javascript|vbscript|data)\s*:/i.test(v.replace(/[\u0000-\u001f]/g, ''))),
          ),
        };
      }
      return { out, native: typeof (Element.prototype as any).setHTML === 'function' };
    }, CASES) as Promise<{ out: Record<string, Seen>; native: boolean }>;
  };
  const q = (t: Tab, selector: string) =>
    t.evaluate((s: string) => Array.from(document.querySelectorAll(s), (e) => e.outerHTML), selector) as Promise<string[]>;
  const attr = (t: Tab, selector: string, name: string) =>
    t.evaluate((s: string, n: string) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name) as Promise<string | null>;

  it('no payload runs, nothing live is left, and the card keeps everything it shows', async () => {
    const { out, native } = await cleanAll();
    // Chromium 146+ and Firefox 148+ clean with their own sanitiser; the others with DOMPurify.
    if (engine !== 'webkit') expect(native, engine).toBe(true);
    for (const [name, seen] of Object.entries(out)) {
      expect(seen.handlers, name).toEqual([]);
      expect(seen.forbidden, name).toEqual([]);
      expect(seen.codeUrls, name).toEqual([]);
    }
    // In the live page for a while: images have failed, toggles toggled. Nothing ran.
    await new Promise((r) => setTimeout(r, 500));
    expect(await tab!.evaluate(() => (window as any).__ran)).toEqual([]);

    const t = tab!;
    expect(
      await q(t, '#case-card .card.card-teaser[data-element="service-link"][data-object_id="12"][role=group][aria-label="Festa"]'),
    ).toHaveLength(1);
    expect(await attr(t, '#case-card time', 'datetime')).toBe('2027-02-15');
    expect(await attr(t, '#case-card h3 a', 'href')).toBe('/Eventi/festa');
    expect(await attr(t, '#case-card picture source', 'srcset')).toBe('/a.webp 1x');
    const img = await t.evaluate(() => {
      const i = document.querySelector('#case-card img')!;
      return ['src', 'srcset', 'alt', 'width', 'height', 'loading'].map((n) => i.getAttribute(n));
    });
    expect(img).toEqual(['/a.png', '/a2.png 2x', 'Piazza', '640', '400', 'lazy']);
    // The theme's icon: an svg <use> of its sprite, in the read-more link.
    const icon = await t.evaluate(() => {
      const use = document.querySelector('#case-card a.read-more svg.icon > use');
      return use && (use.getAttribute('href') ?? use.getAttributeNS('http://www.w3.org/1999/xlink', 'href'));
    });
    expect(icon).toBe('/sprites.svg#it-arrow-right');
    expect(await attr(t, '#case-card svg.icon', 'focusable')).toBe('false');
  });

  it('links point at pages, mail or phones only; a new tab never gets our window', async () => {
    await cleanAll();
    const t = tab!;
    for (const id of ['j1', 'j2', 'j3', 'j4', 'j5', 'j6', 'data', 'vb']) expect(await attr(t, '#' + id, 'href'), id).toBeNull();
    expect(
      await t.evaluate(() => document.querySelector('#j4')?.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? null),
    ).toBeNull();
    expect(await attr(t, '#mail', 'href')).toBe('mailto:urp@comune.it');
    expect(await attr(t, '#tel', 'href')).toBe('tel:+390461000000');
    expect(await attr(t, '#hash', 'href')).toBe('#top');
    expect(await attr(t, '#abs', 'href')).toBe('https://altro.it/x');
    expect(await attr(t, '#query', 'href')).toBe('?pagina=2');
    expect(await attr(t, '#net', 'href')).toBe('//altro.it/y');
    expect(await attr(t, '#path', 'href')).toBe('/javascript:void(0)');
    expect(await attr(t, '#t1', 'rel')).toBe('noopener');
    expect((await attr(t, '#t2', 'rel'))!.split(' ').sort()).toEqual(['bookmark', 'noopener']);
    expect(await attr(t, '#t3', 'rel')).toBeNull();
  });

  it('icons only from a sprite over http(s); nothing else becomes a <use>', async () => {
    await cleanAll();
    const t = tab!;
    // (an empty <use>, with no link, draws nothing: DOMPurify leaves one where it drops the link)
    const uses = (cls: string) =>
      t.evaluate(
        (c: string) =>
          Array.from(
            document.querySelectorAll(`#case-badIcons svg.${c} use`),
            (u) => u.getAttribute('href') ?? u.getAttributeNS('http://www.w3.org/1999/xlink', 'href'),
          ).filter((link) => link !== null),
        cls,
      );
    expect(await uses('i1')).toEqual([]);
    expect(await uses('i2')).toEqual([]);
    expect(await uses('i3')).toEqual([]); // a mark the data wrote itself stays what it was
    expect(await q(t, '#case-badIcons svg.i3 g > circle')).toHaveLength(1);
    expect(await uses('i4')).toEqual(['/sprites.svg#it-close']);
  });

  it("what could restyle, frame, phish or clobber the page goes; piazza's markers and components too", async () => {
    const { out } = await cleanAll();
    const t = tab!;
    expect(await attr(t, '#styled', 'style')).toBeNull();
    expect(await attr(t, '#ping', 'ping')).toBeNull();
    expect(
      await q(t, '#case-markers [data-piazza-block], #case-markers [data-shared_link], #case-markers [data-shared_link_view]'),
    ).toEqual([]);
    expect(await t.evaluate(() => document.querySelector('#m')?.textContent)).toBe('m');
    expect(out.markers.html).not.toContain('<!--');
    // Nothing shadows document's or a form's own properties.
    expect(await t.evaluate(() => typeof document.getElementById)).toBe('function');
    expect(await t.evaluate(() => typeof document.cookie)).toBe('string');
    expect(await q(t, '#case-clobbering [name=getElementById], #case-clobbering #cookie, #case-clobbering #submit')).toEqual([]);
    expect(await q(t, '#case-clobbering #kept-id')).toHaveLength(1);
    // A custom element gives way to its content; `is` cannot make a customised built-in.
    expect(await q(t, '#case-components x-widget')).toEqual([]);
    expect(await t.evaluate(() => document.querySelector('#case-components')?.textContent)).toMatch(/^inside bold/);
    expect(await q(t, '#case-components [is]')).toEqual([]);
  });
});
