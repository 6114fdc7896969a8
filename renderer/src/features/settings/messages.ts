// Strings of Settings → Offline data (registered as `offlineData`).
import { registerMessages } from '@renderer/i18n'
const en = {
  heading: 'Offline data',
  lead: 'Companies kept on this computer can be worked on without a connection.',
  company: 'Company',
  size: 'Size',
  available: 'Available offline',
  availableFor: 'Make {company} available offline',
  lastSync: 'Last sync',
  never: 'Never',
  total: 'Total',
  remove: 'Remove offline data from this computer',
  removeShort: 'Remove',
  removeFor: 'Remove the offline data of {company} from this computer',
  removeConfirm:
    'Remove the offline data of {company} from this computer? It is downloaded again when needed. Your journal drafts and templates stay.',
  journaledDays: 'Journaled invoices kept',
  journaledDaysHint: 'Invoices journaled within this many days are kept on this computer.',
  days: 'days',
  fileCache: 'Limit for cached documents',
  fileCacheHint: 'Above it, the documents used least recently are removed first.',
  outOfRange: 'Enter a whole number from {min} to {max}.',
  settingSaved: 'The offline setting is saved.',
  removed: 'The offline data of {company} is removed from this computer.',
  refused:
    '{company} has changes that have not reached the platform. Send or discard them first: | {company} has changes that have not reached the platform. Send or discard them first:',
  changeLocal: '{entity}: {fields}',
  nothing: 'Nothing',
  failed: 'The offline setting could not be changed: {message}',
}
export type OfflineDataMessages = typeof en

const nb: OfflineDataMessages = {
  heading: 'Frakoblede data',
  lead: 'Selskaper som lagres på denne maskinen, kan du jobbe med uten tilkobling.',
  company: 'Selskap',
  size: 'Størrelse',
  available: 'Tilgjengelig frakoblet',
  availableFor: 'Gjør {company} tilgjengelig frakoblet',
  lastSync: 'Sist synkronisert',
  never: 'Aldri',
  total: 'Totalt',
  remove: 'Fjern frakoblede data fra denne maskinen',
  removeShort: 'Fjern',
  removeFor: 'Fjern de frakoblede dataene for {company} fra denne maskinen',
  removeConfirm:
    'Fjerne de frakoblede dataene for {company} fra denne maskinen? De lastes ned igjen ved behov. Kladdene og malene dine i bilagsføringen blir liggende.',
  journaledDays: 'Bokførte fakturaer beholdes',
  journaledDaysHint: 'Fakturaer bokført innen så mange dager beholdes på denne maskinen.',
  days: 'dager',
  fileCache: 'Grense for lagrede dokumenter',
  fileCacheHint: 'Over grensen fjernes dokumentene som er brukt minst nylig, først.',
  outOfRange: 'Skriv et helt tall fra {min} til {max}.',
  settingSaved: 'Innstillingen for frakoblede data er lagret.',
  removed: 'De frakoblede dataene for {company} er fjernet fra denne maskinen.',
  refused:
    '{company} har endringer som ikke er kommet fram til plattformen. Send eller forkast dem først: | {company} har endringer som ikke er kommet fram til plattformen. Send eller forkast dem først:',
  changeLocal: '{entity}: {fields}',
  nothing: 'Ingenting',
  failed: 'Innstillingen for frakoblede data kunne ikke endres: {message}',
}

const messages = registerMessages('offlineData', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    offlineData: typeof messages.en
  }
}
