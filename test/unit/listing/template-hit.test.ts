import { describe, expect, it } from 'vitest';
import { fieldText, hitImage, htmlToText, templateData } from '../../../blocks/listing/model/hit';
import { escapeHtml, renderTemplate } from '../../../blocks/listing/model/template';
import type { Hit } from '../../../blocks/listing/model/response';

describe('templates', () => {
  const data = { name: 'Festa <b>"grande"</b>', url: '/Eventi/Festa', empty: '', data: { abstract: "L'estate & la musica", image: '' } };

  it('fills placeholders, HTML-escaped', () => {
    expect(renderTemplate('<a href="{{url}}">{{ name }}</a>', data)).toBe(
      '<a href="/Eventi/Festa">Festa &lt;b&gt;&quot;grande&quot;&lt;/b&gt;</a>',
    );
    expect(renderTemplate('<p>{{data.abstract}}</p>', data)).toBe('<p>L&#39;estate &amp; la musica</p>');
  });

  it('unknown names are empty; nothing is evaluated', () => {
    expect(renderTemplate('[{{nope}}][{{data.nope.deeper}}][{{constructor}}][{{__proto__}}][{{ 1+1 }}]', data)).toBe('[][][][][{{ 1+1 }}]');
  });

  it('sections show when the value is (not) empty, and nest', () => {
    const tpl =
      '{{#data.abstract}}<p>{{data.abstract}}{{#url}}!{{/url}}</p>{{/data.abstract}}{{^data.image}}<i>no image</i>{{/data.image}}{{#empty}}X{{/empty}}';
    expect(renderTemplate(tpl, data)).toBe('<p>L&#39;estate &amp; la musica!</p><i>no image</i>');
  });

  it('escapes every character that could leave an attribute', () => {
    expect(escapeHtml(`<>&"'\`=`)).toBe('&lt;&gt;&amp;&quot;&#39;&#96;&#61;');
  });
});

describe('field text', () => {
  it('relations by name, tags joined, HTML as text, ezurl labels', () => {
    expect(fieldText([{ name: { 'ita-IT': 'Cultura', 'eng-GB': 'Culture' } }, { name: { 'ita-IT': 'Sport' } }], 'en', 'en-GB')).toBe(
      'Culture, Sport',
    );
    expect(fieldText(['Concerto', 'Festa'], 'it', 'it-IT')).toBe('Concerto, Festa');
    expect(fieldText('<p>Concerti &amp; <b>feste</b></p><script>alert(1)</script>', 'it', 'it-IT')).toBe('Concerti & feste');
    expect(fieldText('https://esempio.it|Sito', 'it', 'it-IT')).toBe('Sito');
    expect(fieldText(null, 'it', 'it-IT')).toBe('');
    expect(fieldText({ unknown: 1 }, 'it', 'it-IT')).toBe('');
  });

  it('dates in the locale; events by their first occurrence', () => {
    expect(fieldText('2025-06-21', 'it', 'it-IT')).toBe('21 giu 2025');
    const interval = { default_value: { from_time: '2025-06-21T16:00:00Z', to_time: '2025-06-22T16:00:00Z' } };
    // On the portal's clock in every zone: 16:00 UTC in June is 18:00 in Rome.
    expect(fieldText(interval, 'it', 'it-IT')).toBe('21 giu 2025, 18:00 – 22 giu 2025, 18:00');
    // Without an offset it is the portal's wall time already, shown as written.
    expect(fieldText({ default_value: { from_time: '2025-06-21T09:30', to_time: null } }, 'it', 'it-IT')).toMatch(/^21 giu 2025, 09:30/);
  });

  it('htmlToText decodes entities and drops tags', () => {
    expect(htmlToText('a&nbsp;&lt;b&gt;&#39;&#x41;<br/>c')).toBe("a <b>'A c");
  });
});

it('template data and image of a hit', () => {
  const hit: Hit = {
    id: 7,
    name: 'N',
    classIdentifier: 'event',
    mainNodeId: 70,
    published: '2025-05-20',
    modified: null,
    url: '/n',
    view: null,
    data: { abstract: '<p>A</p>', image: { url: '/var/img.jpg', alt: 'Alt', width: 10 }, bad: { url: 'javascript:x', width: 1 } },
  };
  expect(hitImage(hit)).toEqual({ url: '/var/img.jpg', alt: 'Alt' });
  const t = templateData(hit, 'it', 'it-IT');
  expect(t).toMatchObject({
    id: '7',
    name: 'N',
    url: '/n',
    class: 'event',
    image: '/var/img.jpg',
    published: '20 mag 2025',
    data: { abstract: 'A' },
  });
});
