// The "Consenso per un portale bootstrapitalia2" preset against the REAL eZ engine: its texts are the
// theme's own, as cookie_consent_config_translations() gives them on an Italian portal (the
// operator of openpa_bootstrapitalia, rendered by ../shared/real/ez-render), each in the place
// bootstrapitalia2's footer/advanced_cookie_consent.tpl puts it (consentModal.title ← barMainTitle,
// acceptNecessaryBtn ← barBtnAcceptNecessary, the third-party section ← multimedia, …).
// Skipped, with one line, where ../shared/real or php is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapitalia2Consent } from '../../../configurator/preset-configs';
import { realEz, renderEz, templateErrors } from '../openpa/ez';

const dir = mkdtempSync(join(tmpdir(), 'piazza-presets-real-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(realEz.skip)('the bootstrapitalia2 consent preset and the theme', () => {
  it("every text is the theme's, in the place its consent template gives it", () => {
    const template = join(dir, 'translations.tpl');
    writeFileSync(template, '{cookie_consent_config_translations()}');
    const run = renderEz(template, { siteDesign: 'bootstrapitalia2' });
    expect(templateErrors(run.log)).toEqual([]);
    const theme = JSON.parse(run.html.trim());
    const config = bootstrapitalia2Consent(() => true) as any;
    expect(config.language.locale.it).toEqual({
      barLabel: theme.barMainTitle,
      barMainText: theme.barMainText,
      barBtnAcceptAll: theme.barBtnAcceptAll,
      barBtnRefuseAll: theme.barBtnAcceptNecessary,
      barLinkSetting: theme.barLinkSetting,
      barClose: theme.close,
      closeAriaLabel: theme.close,
      modalMainTitle: theme.modalMainTitle,
      modalMainText: theme.modalMainText,
      modalBtnSave: theme.modalBtnSave,
      modalBtnAcceptAll: theme.modalBtnAcceptAll,
      modalBtnRefuseAll: theme.modalBtnAcceptNecessary,
      modalAffectedSolutions: theme.modalAffectedSolutions,
      learnMore: theme.learnMore,
      on: theme.on,
      off: theme.off,
      alwaysOn: theme.necessary.badge,
    });
    const category = (c: any) => c.language.locale.it;
    expect(category(config.categories.necessary)).toEqual({ name: theme.necessary.name, description: theme.necessary.description });
    expect(category(config.categories.analytics)).toEqual({ name: theme.analytics.name, description: theme.analytics.description });
    expect(category(config.categories.marketing)).toEqual({ name: theme.multimedia.name, description: theme.multimedia.description });
  });
});
