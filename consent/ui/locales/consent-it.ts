// Built-in consent texts: Italian. Loaded on its own, only when the page needs it.
import type { Texts } from '../texts';

const texts: Texts = {
  barLabel: 'Consenso ai cookie',
  barMainText: 'Questo sito utilizza i cookie per offrirti la migliore esperienza di navigazione.',
  barLinkSetting: 'Impostazioni cookie',
  barBtnAcceptAll: 'Accetta tutti i cookie',
  barBtnRefuseAll: 'Rifiuta tutti i cookie',
  barClose: 'Chiudi e rifiuta tutti i cookie',
  closeAriaLabel: 'Chiudi',
  modalMainTitle: 'Impostazioni dei cookie',
  modalMainText:
    "I cookie sono piccoli file di dati che un sito salva nel browser durante la navigazione e che il browser gli rinvia a ogni richiesta successiva. Servono a ricordare informazioni o a registrare l'attività di navigazione. Qui puoi scegliere quali categorie di cookie consentire.",
  modalBtnSave: 'Salva le impostazioni',
  modalBtnAcceptAll: 'Accetta tutti i cookie e chiudi',
  modalBtnRefuseAll: 'Rifiuta tutti i cookie e chiudi',
  modalAffectedSolutions: 'Servizi interessati:',
  learnMore: 'Maggiori informazioni',
  on: 'Attivi',
  off: 'Disattivati',
  alwaysOn: 'Sempre attivi',
  embedText: 'Questo contenuto è fornito da {service}, che può installare cookie. Viene mostrato solo se consenti “{category}”.',
  embedAllow: 'Consenti e mostra',
};
export default texts;
