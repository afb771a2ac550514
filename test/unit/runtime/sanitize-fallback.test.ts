// @vitest-environment jsdom
// A browser whose setHTML does not follow piazza's configuration — Chromium 105–117 shipped an
// earlier Sanitizer API whose configuration has other names, and would ignore the policy's
// removals — gets DOMPurify instead. The earlier API is stood in for here (no such browser runs
// here): a Sanitizer class, and a setHTML that drops scripts by its own defaults and ignores the rest.
import { beforeAll, expect, it } from 'vitest';

beforeAll(() => {
  (window as any).Sanitizer = class {
    constructor(public config: object) {}
  };
  (Element.prototype as any).setHTML = function (this: Element, html: string) {
    this.innerHTML = html;
    for (const s of Array.from(this.querySelectorAll('script'))) s.remove();
  };
});

it('a setHTML that ignores the policy is not used: the policy still holds', async () => {
  const { loadSanitizer } = await import('../../../runtime/sanitize');
  const clean = await loadSanitizer();
  const box = document.createElement('div');
  box.append(
    clean(
      '<div class="card" data-piazza-block="listing" style="position:fixed"><style>body{display:none}</style>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(2)">a</a><form><input></form><p>ok</p></div>',
    ),
  );
  expect(box.querySelector('[data-piazza-block], [style], style, [onerror], a[href], form, input')).toBeNull();
  expect(box.querySelector('.card p')?.textContent).toBe('ok');
});
