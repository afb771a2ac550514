// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeView } from '../../../runtime/helpers/sharedlink/sanitize';

const html = (fragment: DocumentFragment) => {
  const div = document.createElement('div');
  div.append(fragment);
  return div;
};

describe('shared link: remote view HTML is sanitized', () => {
  it('drops scripts, event handlers, javascript: URLs, styles and forms', () => {
    const out = html(sanitizeView(
      '<div class="card" onclick="x()" style="position:fixed"><script>alert(1)</script>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">a</a><style>body{display:none}</style>' +
        '<form action="https://evil.example/"><input name=p></form><iframe src="https://evil.example"></iframe>' +
        '<svg><a xlink:href="javascript:alert(4)"><text>t</text></a></svg><p>ok</p></div>',
      'http://127.0.0.1:9000',
    ));
    const text = out.innerHTML;
    expect(out.querySelector('script,style,form,input,iframe')).toBeNull();
    expect(text).not.toMatch(/onerror|onclick|javascript:|style=/i);
    expect(out.querySelector('p')?.textContent).toBe('ok');
    expect(out.querySelector('.card')).not.toBeNull();
  });

  it('points relative URLs at the remote portal and opens links in a new tab without our window', () => {
    const out = html(sanitizeView(
      '<a href="/Vivere/Eventi/festa" rel="bookmark">Festa</a><a href="#top">su</a>' +
        '<img src="/var/img/a.jpg" srcset="/var/img/a.jpg 1x, /var/img/a2.jpg 2x" alt="">',
      'http://127.0.0.1:9000',
    ));
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
});
