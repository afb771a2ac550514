// @vitest-environment jsdom
// The fixes the hardening suites led to, pinned down without a browser: template values in URL
// attributes, site-relative links that leave the site, and view markup that would make piazza act
// (mount a block, read JSONP from a host the data names) or fetch through CSS.
import { describe, expect, it } from 'vitest';
import { isLinkValue, renderTemplate } from '../../../blocks/listing/model/template';
import { safeUrl } from '../../../blocks/listing/model/response';
import { loadSanitizer } from '../../../blocks/listing/sanitize';
import { sanitizeEmbed } from '../../../runtime/sanitize';
// @ts-ignore plain JS fixture module
import { PAYLOADS, trip } from '../../../fixtures/data/hostile.mjs';

describe('admin templates: a value in a URL attribute must be a link', () => {
  const data = {
    bad: 'javascript:alert(1)',
    tab: ' \tjava\tscript:alert(1)',
    data: 'data:text/html,<script>alert(1)</script>',
    ok: 'https://esempio.it/a?b=1',
    rel: '/Servizi/Anagrafe',
    mail: 'mailto:urp@esempio.it',
    slash: '//altro.it/x',
    back: '/\\altro.it/x',
  };

  it.each(['bad', 'tab', 'data', 'slash', 'back'])('%s is dropped from href, src, action, formaction and srcset', (key) => {
    for (const attr of ['href', 'src', 'action', 'formaction', 'poster']) {
      expect(renderTemplate(`<a ${attr}="{{${key}}}">x</a>`, data)).toBe(`<a ${attr}="">x</a>`);
      expect(renderTemplate(`<a ${attr}='{{${key}}}'>x</a>`, data)).toBe(`<a ${attr}=''>x</a>`);
      expect(renderTemplate(`<a ${attr}={{${key}}}>x</a>`, data)).toBe(`<a ${attr}=>x</a>`);
    }
    expect(renderTemplate(`<img srcset="a.png 1x, {{${key}}} 2x">`, data)).toBe('<img srcset="a.png 1x,  2x">');
  });

  it('links, site paths and mail stay; text and other attributes keep every value (escaped)', () => {
    expect(renderTemplate('<a href="{{ok}}">{{bad}}</a>', data)).toBe('<a href="https://esempio.it/a?b&#61;1">javascript:alert(1)</a>');
    expect(renderTemplate('<a href="{{rel}}" title="{{bad}}">', data)).toBe('<a href="/Servizi/Anagrafe" title="javascript:alert(1)">');
    expect(renderTemplate('<a href="{{mail}}">', data)).toBe('<a href="mailto:urp@esempio.it">');
    // After a fixed start the template chose the scheme: the value is only escaped.
    expect(renderTemplate('<a href="/cerca?q={{bad}}">', data)).toBe('<a href="/cerca?q=javascript:alert(1)">');
    // Two placeholders at the start: together they decide the scheme, each is checked.
    expect(renderTemplate('<a href="{{bad}}{{rel}}">', data)).toBe('<a href="/Servizi/Anagrafe">');
  });

  it('a hostile ezurl value of the dataset never becomes a link target', () => {
    for (const url of PAYLOADS.url) {
      const out = renderTemplate('<a href="{{link}}">', { link: url });
      const href = /href="([^"]*)"/.exec(out)![1];
      expect(href === '' || /^https:\/\//.test(href), url).toBe(true);
    }
  });

  it('isLinkValue', () => {
    expect(['https://a.it', 'http://a.it', '/a', 'a.html', '?q=1', '#top', 'tel:+39'].every(isLinkValue)).toBe(true);
    expect(
      ['javascript:x', 'JAVASCRIPT:x', '\u0001javascript:x', 'data:x', 'vbscript:x', '//a.it', '/\\a.it', '\\\\a.it', 'ftp:x'].some(
        isLinkValue,
      ),
    ).toBe(false);
  });
});

describe('url aliases', () => {
  it('a site path is kept; one the browser would read as another host is not', () => {
    expect(safeUrl('/Eventi/Festa', '')).toBe('/Eventi/Festa');
    expect(safeUrl('/Eventi/Festa', 'https://altro.it')).toBe('https://altro.it/Eventi/Festa');
    expect(safeUrl('//evil.it/x', '')).toBeNull();
    expect(safeUrl('/\\evil.it/x', '')).toBeNull();
    expect(safeUrl('/\t/evil.it/x', '')).toBeNull();
    expect(safeUrl('javascript:alert(1)', '')).toBeNull();
  });
});

const HOSTILE_VIEW =
  '<div class="card"><h3><a href="/x">Titolo</a></h3></div>' + Object.values(PAYLOADS.html).join('') + PAYLOADS.view.markers;

function liveMarkup(root: ParentNode) {
  const all = Array.from(root.querySelectorAll('*'));
  return {
    handlers: all.filter((el) => Array.from(el.attributes).some((a) => /^on/i.test(a.name))).length,
    styles: all.filter((el) => el.hasAttribute('style') || el.tagName === 'STYLE').length,
    scripts: root.querySelectorAll('script, iframe, object, embed, base, meta, link, form').length,
    codeUrls: all.filter((el) =>
      ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].some((a) =>
        /^\s*(javascript|vbscript|data:text)/i.test((el.getAttribute(a) || '').replace(/[\t\n\r]/g, '')),
      ),
    ).length,
    markers: root.querySelectorAll('[data-piazza-block], [data-shared_link], [data-shared_link_view]').length,
  };
}
const CLEAN = { handlers: 0, styles: 0, scripts: 0, codeUrls: 0, markers: 0 };

describe('view sanitizers (listing and shared-link embeds)', () => {
  it('the listing keeps the card and drops code, styles and the markers piazza acts on', async () => {
    const clean = await loadSanitizer();
    const box = document.createElement('div');
    box.append(clean(HOSTILE_VIEW).copy());
    expect(liveMarkup(box)).toEqual(CLEAN);
    expect(box.querySelector('.card h3 a')?.getAttribute('href')).toBe('/x');
    expect(box.textContent).toContain('{{name}}');
  });

  it('a shared-link embed does the same', async () => {
    const fragment = await sanitizeEmbed(HOSTILE_VIEW, 'https://altro.it');
    expect(liveMarkup(fragment)).toEqual(CLEAN);
    expect(fragment.querySelector('.card h3 a')?.getAttribute('href')).toBe('https://altro.it/x');
  });

  it('the tripwire call has nothing a URL path or an unquoted attribute would cut', () => {
    expect(trip('x')).not.toMatch(/[?#/%\s"]/);
    expect(trip('x', '`')).not.toMatch(/[?#/%\s"'>]/);
  });
});
