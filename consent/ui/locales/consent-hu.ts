// Built-in consent texts: Hungarian (the original's texts, refuse buttons translated). Loaded on its own, only when the page needs it.
import type { Texts } from '../texts';

const texts: Texts = {
  barLabel: 'Süti hozzájárulás',
  barMainText: 'Ez a weboldal Sütiket használ a jobb felhasználói élmény érdekében.',
  barLinkSetting: 'Süti beállítások',
  barBtnAcceptAll: 'Minden süti elfogadása',
  barBtnRefuseAll: 'Minden süti elutasítása',
  barClose: 'Bezárás és minden süti elutasítása',
  closeAriaLabel: 'Bezárás',
  modalMainTitle: 'Süti beállítások',
  modalMainText:
    'A HTTP-süti (általában egyszerűen süti, illetve angolul cookie) egy információcsomag, amelyet a szerver küld a webböngészőnek, majd a böngésző visszaküld a szervernek minden, a szerver felé irányított kérés alkalmával. Amikor egy weboldalt kérünk le a szervertől, akkor a böngésző elküldi a számára elérhető sütiket. A süti-ket úgy tervezték, hogy megbízható mechanizmust biztosítsanak a webhelyek számára az információk megőrzésére vagy a felhasználók böngészési tevékenységének rögzítésére.',
  modalBtnSave: 'Beállítások mentése',
  modalBtnAcceptAll: 'Minden Süti elfogadása',
  modalBtnRefuseAll: 'Minden süti elutasítása és bezárás',
  modalAffectedSolutions: 'Mire lesz ez hatással:',
  learnMore: 'Tudj meg többet',
  on: 'Be',
  off: 'Ki',
  alwaysOn: 'Mindig aktív',
  embedText:
    'Ezt a tartalmat a(z) {service} szolgáltatja, amely sütiket helyezhet el. Csak akkor jelenik meg, ha engedélyezi: „{category}”.',
  embedAllow: 'Engedélyezés és megjelenítés',
};
export default texts;
