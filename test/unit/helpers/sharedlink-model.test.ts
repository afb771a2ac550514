import { describe, expect, it } from 'vitest';
import { callbackFor, embedKey, firstId, nodeSearchUrl, pickView, planEmbed, readUrl } from '../../../helpers/sharedlink/model';

const page = 'https://www.comune.esempio.it/Vivere-il-comune';

describe('shared link: which request', () => {
  it('reads an object link, keeping the port', () => {
    const plan = planEmbed('http://127.0.0.1:8123/openpa/object/4521', 'card_teaser', page);
    expect(plan).toEqual({ base: 'http://127.0.0.1:8123', view: 'card_teaser', objectId: '4521' });
    expect(readUrl(plan!.base, plan!.objectId!, plan!.view)).toBe(
      'http://127.0.0.1:8123/api/opendata/v2/content/read/4521?view=card_teaser',
    );
  });

  it('looks a node link up with the original select-fields query', () => {
    const plan = planEmbed('https://altro.comune.it:8443/content/view/full/6132', 'banner', page)!;
    expect(plan).toEqual({ base: 'https://altro.comune.it:8443', view: 'banner', nodeId: '6132' });
    const url = nodeSearchUrl(plan.base, plan.nodeId!);
    expect(url.startsWith('https://altro.comune.it:8443/api/opendata/v2/content/search/')).toBe(true);
    expect(decodeURIComponent(url.split('/search/')[1])).toBe('select-fields [metadata.id] and raw[meta_node_id_si] = 6132 limit 1');
  });

  it('resolves a relative link against the page and accepts a siteaccess prefix', () => {
    expect(planEmbed('/ita/openpa/object/12/', 'card', page)).toEqual({
      base: 'https://www.comune.esempio.it',
      view: 'card',
      objectId: '12',
    });
  });

  it('refuses links that are not object or node links, odd ids and odd view names', () => {
    expect(planEmbed('https://x.it/Amministrazione/Uffici', 'card', page)).toBeNull();
    expect(planEmbed('https://x.it/openpa/object/12%27%20or%201', 'card', page)).toBeNull();
    expect(planEmbed('https://x.it/content/view/full/1 or 1', 'card', page)).toBeNull();
    expect(planEmbed('https://x.it/openpa/object/12', 'card"] .x', page)).toBeNull();
    expect(planEmbed('javascript:alert(1)//openpa/object/12', 'card', page)).toBeNull();
    expect(planEmbed('http://[bad', 'card', page)).toBeNull();
  });
});

describe('shared link: answers', () => {
  it('takes the first id of a select-fields answer', () => {
    expect(firstId([4521])).toBe('4521');
    expect(firstId(['4521', 9])).toBe('4521');
    expect(firstId([{ id: 77 }])).toBe('77');
    expect(firstId([])).toBeNull();
    expect(firstId({ error_message: 'x' })).toBeNull();
    expect(firstId(['<b>'])).toBeNull();
  });

  const read = {
    metadata: { id: 4521 },
    extradata: {
      'ita-IT': { urlAlias: '/a', view: '<div class="card">Festa</div>' },
      'ger-DE': { urlAlias: '/a', view: '<div class="card">Fest</div>' },
      'eng-GB': { urlAlias: '/a' },
    },
  };

  it('picks the view in the current language, then the fallback language, then the first', () => {
    expect(pickView(read, 'ger-DE')).toBe('<div class="card">Fest</div>');
    expect(pickView(read, 'eng-GB')).toBe('<div class="card">Festa</div>');
    expect(pickView({ extradata: { 'ger-DE': { view: 'de' }, 'fre-FR': { view: 'fr' } } }, 'eng-GB')).toBe('de');
    expect(pickView({ extradata: { 'ita-IT': { view: '  ' } } }, 'ita-IT')).toBeNull();
    expect(pickView({ metadata: {} }, 'ita-IT')).toBeNull();
    expect(pickView(null, 'ita-IT')).toBeNull();
  });

  it('names JSONP callbacks per object so their URLs stay cacheable', () => {
    expect(callbackFor('object', '4521')).toBe('shared_link_4521');
    expect(callbackFor('node', '6132')).toBe('shared_link_node_6132');
    expect(embedKey('http://a:1', '5', 'card')).not.toBe(embedKey('http://a:2', '5', 'card'));
  });
});
