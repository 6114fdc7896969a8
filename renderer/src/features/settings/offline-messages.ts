// Strings of Settings → Offline data (merged as `offlineData`).
const en = {
  heading: 'Offline data',
  lead: 'Companies kept on this computer can be worked on without a connection.',
  company: 'Company',
  size: 'Size on this computer',
  available: 'Make available offline',
  availableFor: 'Make {company} available offline',
  remove: 'Remove offline data from this computer',
  removeConfirm:
    'Remove the offline data of {company} from this computer? It is downloaded again when needed.',
  removed: 'The offline data of {company} is removed from this computer.',
  refused:
    '{company} has changes that have not reached the platform. Send or discard them first: | {company} has changes that have not reached the platform. Send or discard them first:',
  nothing: 'Nothing',
  failed: 'The offline setting could not be changed: {message}',
}
export type OfflineDataMessages = typeof en

const nb: OfflineDataMessages = {
  heading: 'Frakoblede data',
  lead: 'Selskaper som lagres på denne maskinen, kan du jobbe med uten tilkobling.',
  company: 'Selskap',
  size: 'Størrelse på denne maskinen',
  available: 'Tilgjengelig frakoblet',
  availableFor: 'Gjør {company} tilgjengelig frakoblet',
  remove: 'Fjern frakoblede data fra denne maskinen',
  removeConfirm:
    'Fjerne de frakoblede dataene for {company} fra denne maskinen? De lastes ned igjen ved behov.',
  removed: 'De frakoblede dataene for {company} er fjernet fra denne maskinen.',
  refused:
    '{company} har endringer som ikke er kommet fram til plattformen. Send eller forkast dem først: | {company} har endringer som ikke er kommet fram til plattformen. Send eller forkast dem først:',
  nothing: 'Ingenting',
  failed: 'Innstillingen for frakoblede data kunne ikke endres: {message}',
}

export default { en, nb }
