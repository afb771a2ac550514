// @vitest-environment jsdom
// The presets a portal can use: one whose class the portal lacks is not offered, and says why;
// while the classes load, none is offered yet. The trackers added by name make a consent config
// piazza.js accepts.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { Presets } from '../../../configurator/start';
import { ServicesPicker } from '../../../configurator/pickers';
import { textsFor } from '../../../configurator/texts';
import { BLOCKS } from '../../../configurator/blocks';
import { checkConsentConfig } from '../../../consent/config';

afterEach(cleanup);
const t = textsFor('it');
const classes = (ids: string[]) => ({ state: 'ok' as const, value: ids.map((identifier) => ({ identifier, name: identifier })) });

describe('Presets', () => {
  it('a preset whose class the portal lacks is not offered, with a note; the others are', () => {
    const { container } = render(<Presets t={t} classes={classes(['event', 'article', 'document'])} onApply={() => {}} busy="" />);
    const places = container.querySelector<HTMLButtonElement>('#modello-luoghi')!;
    expect(places.disabled).toBe(true);
    expect(container.querySelector('#modello-luoghi-testo')!.textContent).toBe('Non disponibile: il portale non ha la classe «place».');
    for (const id of ['eventi', 'notizie', 'documenti', 'trasparenza', 'consenso-bootstrapitalia2'])
      expect(container.querySelector<HTMLButtonElement>('#modello-' + id)!.disabled, id).toBe(false);
  });

  it('while the classes load, only the consent preset (no class) is offered', () => {
    const { container } = render(<Presets t={t} classes={{ state: 'loading' }} onApply={() => {}} busy="" />);
    const enabled = [...container.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.disabled).map((b) => b.id);
    expect(enabled).toEqual(['modello-consenso-bootstrapitalia2']);
    expect(container.textContent).toContain('Controllo le classi del portale…');
  });
});

describe('trackers added by name', () => {
  // the theme's advanced consent (openpa_bootstrapitalia bootstrapitalia/templates/page_notifications.tpl)
  // names them piwik and google, in the analytics category; Matomo's script is matomo.js (page_footer_script.tpl)
  it("ticking one adds its service and the analytics category the starter lacks; unticking takes the service away; each config passes piazza.js's check", () => {
    let config: Record<string, any> = BLOCKS.consent.starter();
    const { container, rerender } = render(
      <ServicesPicker
        t={t}
        services={BLOCKS.consent.services!}
        config={config}
        onChange={(c) => {
          config = c;
        }}
      />,
    );
    const labels = [...container.querySelectorAll('label')].map((l) => [l.htmlFor, l.textContent]);
    expect(labels).toEqual([
      ['servizio-piwik', 'Web Analytics Italia (Matomo)'],
      ['servizio-google', 'Google Analytics'],
    ]);
    fireEvent.click(container.querySelector('#servizio-piwik')!);
    expect(Object.keys(config.categories)).toEqual(['necessary', 'analytics']);
    expect(config.services.piwik).toMatchObject({ category: 'analytics', type: 'dynamic-script', search: 'matomo' });
    expect(checkConsentConfig(config)).toEqual([]);
    rerender(
      <ServicesPicker
        t={t}
        services={BLOCKS.consent.services!}
        config={config}
        onChange={(c) => {
          config = c;
        }}
      />,
    );
    expect(container.querySelector<HTMLInputElement>('#servizio-piwik')!.checked).toBe(true);
    fireEvent.click(container.querySelector('#servizio-google')!);
    expect(Object.keys(config.services)).toEqual(['piwik', 'google']);
    expect(config.services.google.search).toBeUndefined(); // its key is in googletagmanager.com
    expect(checkConsentConfig(config)).toEqual([]);
    rerender(
      <ServicesPicker
        t={t}
        services={BLOCKS.consent.services!}
        config={config}
        onChange={(c) => {
          config = c;
        }}
      />,
    );
    fireEvent.click(container.querySelector('#servizio-piwik')!);
    expect(Object.keys(config.services)).toEqual(['google']);
    expect(checkConsentConfig(config)).toEqual([]);
  });
});
