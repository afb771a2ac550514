// @vitest-environment happy-dom
// The presets a portal can use: one whose class the portal lacks is not offered, and says why;
// while the classes load, none is offered yet. The trackers added by name make a consent config
// piazza.js accepts.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { Presets } from '../../../configurator/start';
import { textsFor } from '../../../configurator/texts';
import { BLOCKS } from '../../../configurator/blocks';
import { checkConsentConfig } from '../../../runtime/consent/config';

afterEach(cleanup);
const t = textsFor('it');
const classes = (ids: string[]) => ({ state: 'ok' as const, value: ids.map((identifier) => ({ identifier, name: identifier })) });

describe('Presets', () => {
  it('a preset whose class the portal lacks is not offered, with a note; the others are', () => {
    const { container } = render(<Presets t={t} classes={classes(['event', 'article', 'document'])} onApply={() => {}} busy="" />);
    const places = container.querySelector<HTMLButtonElement>('#modello-luoghi')!;
    expect(places.disabled).toBe(true);
    expect(container.querySelector('#modello-luoghi-testo')!.textContent).toBe('Non disponibile: il portale non ha la classe «place».');
    for (const id of ['eventi', 'notizie', 'documenti', 'trasparenza', 'consenso-bootstrapitalia2']) expect(container.querySelector<HTMLButtonElement>('#modello-' + id)!.disabled, id).toBe(false);
  });

  it('while the classes load, only the consent preset (no class) is offered', () => {
    const { container } = render(<Presets t={t} classes={{ state: 'loading' }} onApply={() => {}} busy="" />);
    const enabled = [...container.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.disabled).map((b) => b.id);
    expect(enabled).toEqual(['modello-consenso-bootstrapitalia2']);
    expect(container.textContent).toContain('Controllo le classi del portale…');
  });
});

describe('trackers added by name', () => {
  it('each adds its service and the category it needs: a config piazza.js accepts', () => {
    const config: Record<string, any> = { categories: { necessary: { needed: true } }, services: {} };
    for (const s of BLOCKS.consent.services!) {
      config.categories[s.category.key] ??= s.category.config;
      config.services[s.key] = s.service;
    }
    expect(Object.keys(config.services)).toEqual(['matomo', 'google', 'gtm']);
    expect(checkConsentConfig(config)).toEqual([]);
  });
});
