// Reading a template's JavaScript object without running it: what JavaScript itself reads from the
// same text (node evaluates it here, in the test, as the expected value), and the parts that are
// not data listed instead of run.
import { describe, expect, it } from 'vitest';
import { readCall, readLiteral } from '../../../configurator/js-literal';

/** What JavaScript makes of the text (the test's oracle; the code under test never evaluates). */
const js = (text: string) => new Function('return (' + text + ')')();

describe('readLiteral', () => {
  it.each([
    `{'queryBuilder': "browser", 'remoteUrl': "", 'limitPagination': 6, 'hideIfEmpty': false, 'itemsPerRow': '2'}`,
    `{ query: "classes [document] and q = \\047l\\\\\\047albo\\047 and t = \\042x\\042", n: -1.5e2, h: 0x1f, u: '\\u00e8\\x41', }`,
    `{"a": [1, 'b', {c: null, }, ], /* comment */ 'd': true // line comment\n}`,
    "{i18n: {calendarToday: 'Oggi', placeholder: \"Seleziona un elemento\",\n},\n'facets':['topics','raw[subattr_x___tag_ids____si]']}",
    "{s: `plain template`, k: 'line\\\ncontinued'}",
  ])('%s', (text) => {
    const out = readLiteral(text);
    expect(out.value).toEqual(js(text));
    expect(out.unreadable).toEqual([]);
    expect(out.end).toBe(text.length);
  });

  it("skips what is not data (functions, expressions, a broken template's empty value) and says where", () => {
    const text = `{'a': 1, 'limitPagination': , 'url': remoteUrl + '/api', render: function (data) { return '<b>' + data + '}</b>'; }, 'cb': (x) => ({y: x}), 'b': 'ok', c: 'a' + b}`;
    const out = readLiteral(text);
    expect(out.value).toEqual({ a: 1, b: 'ok' });
    expect(out.unreadable).toEqual([
      { path: '/limitPagination', text: '' },
      { path: '/url', text: "remoteUrl + '/api'" },
      { path: '/render', text: "function (data) { return '<b>' + data + '}</b>'; }" },
      { path: '/cb', text: '(x) => ({y: x})' },
      { path: '/c', text: "'a' + b" },
    ]);
  });

  it('refuses what is no object', () => {
    expect(() => readLiteral('foo()')).toThrow();
    expect(() => readLiteral("{'a': 'unterminated}")).toThrow();
  });
});

describe('readCall', () => {
  it('the object a script passes to a plugin, wherever the call is', () => {
    const script = `<script>$(document).ready(function () { moment.locale('it'); $("#remote-gui-b1").remoteContentsGui({ 'query': "classes [event]", 'limitPagination': 3 }); });</script>`;
    expect(readCall(script, 'remoteContentsGui')).toMatchObject({ value: { query: 'classes [event]', limitPagination: 3 } });
    expect(readCall(script, 'opendataDataTable')).toBeNull();
  });
});
