// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeEmbed } from '../../../runtime/sanitize';

const html = (fragment: DocumentFragment) => {
  const div = document.createElement('div');
  div.append(fragment);
  return div;
};

describe('remote HTML: one policy for listing views and shared-link embeds', () => {
  it('drops scripts, event handlers, javascript: URLs, styles and forms', async () => {
    const out = html(
      await sanitizeEmbed(
        '<div class="card" onclick="x()" style="position:fixed"><script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">a</a><style>body{display:none}</style>' +
          '<form action="https://evil.example/"><input name=p></form><iframe src="https://evil.example"></iframe>' +
          '<svg><a xlink:href="javascript:alert(4)"><text>t</text></a></svg><p>ok</p></div>',
        'http://127.0.0.1:9000',
      ),
    );
    const text = out.innerHTML;
    expect(out.querySelector('script,style,form,input,iframe')).toBeNull();
    expect(text).not.toMatch(/onerror|onclick|javascript:|style=/i);
    expect(out.querySelector('p')?.textContent).toBe('ok');
    expect(out.querySelector('.card')).not.toBeNull();
  });

  it('points relative URLs at the remote portal and opens links in a new tab without our window', async () => {
    const out = html(
      await sanitizeEmbed(
        '<a href="/Vivere/Eventi/festa" rel="bookmark">Festa</a><a href="#top">su</a>' +
          '<img src="/var/img/a.jpg" srcset="/var/img/a.jpg 1x, /var/img/a2.jpg 2x" alt="">',
        'http://127.0.0.1:9000',
      ),
    );
    const [a, hash] = Array.from(out.querySelectorAll('a'));
    expect(a.getAttribute('href')).toBe('http://127.0.0.1:9000/Vivere/Eventi/festa');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')!.split(' ').sort()).toEqual(['bookmark', 'noopener']);
    expect(hash.getAttribute('href')).toBe('#top');
    expect(hash.getAttribute('rel')).toBe('noopener');
    const img = out.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('http://127.0.0.1:9000/var/img/a.jpg');
    expect(img.getAttribute('srcset')).toBe('http://127.0.0.1:9000/var/img/a.jpg 1x, http://127.0.0.1:9000/var/img/a2.jpg 2x');
  });

  it("the listing's views and the embeds keep and drop the same things", async () => {
    const remote =
      '<div class="card" data-element="service-link"><svg class="icon"><use href="/sprite.svg#it-arrow-right"></use></svg>' +
      '<a href="/a" target="_blank" ping="https://track.example/">a</a><a href="/b">b</a>' +
      '<link rel="stylesheet" href="https://evil.example/x.css"><base href="https://evil.example/"><meta http-equiv="refresh" content="0">' +
      '<select><option>x</option></select><object data="x.swf"></object>' +
      '<div data-piazza-block="listing"></div><a data-shared_link="1" data-shared_link_view="card">s</a></div>';
    const fromText = html((await loadSanitizer())(remote));
    const fromEmbed = html(await sanitizeEmbed(remote, 'https://altro.it'));
    for (const out of [fromText, fromEmbed]) {
      expect(out.querySelector('.card[data-element="service-link"] svg use')).not.toBeNull();
      expect(
        out.querySelector(
          'link, base, meta, select, option, object, [data-piazza-block], [data-shared_link], [data-shared_link_view], [ping]',
        ),
      ).toBeNull();
      const blank = out.querySelector('a[target=_blank]')!;
      expect(blank.getAttribute('rel')).toBe('noopener');
    }
    // Only an embed rewrites links to its portal and opens every one in a new tab.
    expect(Array.from(fromText.querySelectorAll('a'), (a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['/a', '_blank'],
      ['/b', null],
      [null, null],
    ]);
    expect(Array.from(fromEmbed.querySelectorAll('a'), (a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['https://altro.it/a', '_blank'],
      ['https://altro.it/b', '_blank'],
      [null, null],
    ]);
  });
});
