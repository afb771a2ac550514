// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { gcmSignal, gcmState } from '../../../consent/gcm';
import { loaded, portalConfig } from './fixtures';

const withGcm = () =>
  loaded({
    ...portalConfig(),
    googleConsentMode: { analytics_storage: 'analytics', ad_storage: 'multimedia', security_storage: 'necessary' },
  });

afterEach(() => {
  delete (window as any).dataLayer;
});

describe('Google Consent Mode v2 bridge', () => {
  it('gives all 7 types: granted when the category is allowed, denied otherwise and when unmapped', () => {
    const config = withGcm();
    expect(gcmState(config)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    config.categories.analytics.wanted = true;
    expect(gcmState(config).analytics_storage).toBe('granted');
  });

  it("pushes what gtag('consent', …) pushes: an Arguments object", () => {
    const config = withGcm();
    gcmSignal(config, 'default');
    config.categories.multimedia.wanted = true;
    gcmSignal(config, 'update');
    const layer = (window as any).dataLayer;
    expect(layer).toHaveLength(2);
    expect(Object.prototype.toString.call(layer[0])).toBe('[object Arguments]');
    expect(Array.from(layer[0]).slice(0, 2)).toEqual(['consent', 'default']);
    expect(layer[1][1]).toBe('update');
    expect(layer[1][2].ad_storage).toBe('granted');
  });

  it('keeps an existing dataLayer, and does nothing when not configured', () => {
    (window as any).dataLayer = [{ event: 'gtm.js' }];
    gcmSignal(loaded(), 'default');
    expect((window as any).dataLayer).toEqual([{ event: 'gtm.js' }]);
    gcmSignal(withGcm(), 'default');
    expect((window as any).dataLayer).toHaveLength(2);
  });
});
