import { describe, expect, it } from 'vitest';
import { holdScripts } from '../../../consent/markup';

/** Holds scripts whose segment mentions "tracker", under the key "stats". */
const hold = (html: string, seen: Array<[string, string]> = []) =>
  holdScripts(html, (type, segment) => {
    seen.push([type, segment]);
    return segment.includes('tracker') ? 'stats' : undefined;
  });

describe('held-back markup', () => {
  it('leaves markup without a blocked script untouched, byte for byte', () => {
    const html = '<div class="x">a <b>b</b></div><script src="/app.js"></script><SCRIPT>var a = "</div>";</SCRIPT>';
    expect(hold(html)).toBe(html);
    expect(hold('<p>no scripts</p>')).toBe('<p>no scripts</p>');
  });

  it('turns a blocked script into an inert held-back tag naming its service', () => {
    expect(hold('<p>x</p><script async src="/t/tracker.js"></script><p>y</p>')).toBe(
      '<p>x</p><script type="text/plain" data-consent="stats" async src="/t/tracker.js"></script><p>y</p>',
    );
  });

  it('keeps the original type for the revival, and gives the inert one precedence', () => {
    const seen: Array<[string, string]> = [];
    expect(hold("<script type='module' src=tracker.mjs></script>", seen)).toBe(
      '<script type="text/plain" data-consent="stats" data-type="module" type=\'module\' src=tracker.mjs></script>',
    );
    expect(seen[0][0]).toBe('module');
  });

  it('handles several scripts, inline ones and an unclosed last one', () => {
    const html = '<script>tracker("a")</script><script>app()</script><script src="tracker.js">';
    expect(hold(html)).toBe(
      '<script type="text/plain" data-consent="stats">tracker("a")</script><script>app()</script><script type="text/plain" data-consent="stats" src="tracker.js">',
    );
  });

  it('a script ends at the first </script, like the HTML tokenizer', () => {
    expect(hold('<script>var s = "</script>"; tracker()</script>')).toBe('<script>var s = "</script>"; tracker()</script>');
  });

  it('passes the type trimmed, or empty', () => {
    const seen: Array<[string, string]> = [];
    hold('<script type=" text/javascript ">1</script><script data-type="x">2</script>', seen);
    expect(seen.map(([t]) => t)).toEqual(['text/javascript', '']);
  });

  it('escapes the key and type it writes', () => {
    expect(holdScripts('<script type="a&quot;b">x</script>', () => 'k"&')).toBe(
      '<script type="text/plain" data-consent="k&quot;&amp;" data-type="a&amp;quot;b" type="a&quot;b">x</script>',
    );
  });
});
