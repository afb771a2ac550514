// Built-in consent texts: German. Loaded on its own, only when the page needs it.
import type { Texts } from '../texts';

const texts: Texts = {
  barLabel: 'Cookie-Einwilligung',
  barMainText: 'Diese Website verwendet Cookies, damit Sie sie bestmöglich nutzen können.',
  barLinkSetting: 'Cookie-Einstellungen',
  barBtnAcceptAll: 'Alle Cookies akzeptieren',
  barBtnRefuseAll: 'Alle Cookies ablehnen',
  barClose: 'Schließen und alle Cookies ablehnen',
  closeAriaLabel: 'Schließen',
  modalMainTitle: 'Cookie-Einstellungen',
  modalMainText:
    'Cookies sind kleine Datendateien, die eine Website beim Surfen in Ihrem Browser speichert und die der Browser bei jeder weiteren Anfrage an die Website zurückschickt. Sie dienen dazu, Informationen zu speichern oder Ihre Aktivität aufzuzeichnen. Hier wählen Sie, welche Kategorien von Cookies Sie zulassen.',
  modalBtnSave: 'Aktuelle Einstellungen speichern',
  modalBtnAcceptAll: 'Alle Cookies akzeptieren und schließen',
  modalBtnRefuseAll: 'Alle Cookies ablehnen und schließen',
  modalAffectedSolutions: 'Betroffene Dienste:',
  learnMore: 'Mehr erfahren',
  on: 'An',
  off: 'Aus',
  alwaysOn: 'Immer aktiv',
  embedText:
    'Dieser Inhalt wird von {service} bereitgestellt, das Cookies setzen kann. Er wird nur angezeigt, wenn Sie „{category}“ zulassen.',
  embedAllow: 'Zulassen und anzeigen',
};
export default texts;
