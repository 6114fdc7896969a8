// Strings of the review desk and of the company band the review shows over a desk invoice (registered as `desk`).
import { registerMessages } from '@renderer/i18n'
const en = {
  lead: 'The review queue of every client company kept on this computer, in one list. Open an invoice to review it in its own company, without switching.',
  tabs: 'Problem',
  tab: {
    all: 'All',
    rejected: 'Rejected',
    overdue: 'Overdue',
    noSupplier: 'No supplier',
    noDocument: 'No document',
  },
  search: 'Search supplier, invoice number or company',
  searchPlaceholder: 'Supplier, invoice no., company',
  table: 'Invoices to review in every company',
  company: 'Company',
  allCompanies: 'All companies',
  companyFilter: 'Show the invoices of',
  order: 'Order',
  orderBy: {
    due: 'Due date',
    arrival: 'Arrival',
  },
  myClients: 'My clients',
  myClientsAll: 'Every company kept on this computer',
  myClientsCount: 'My clients: {count} company | My clients: {count} companies',
  myClientsSaveFailed: 'My clients could not be saved.',
  supplier: 'Supplier',
  invoiceNumber: 'Invoice no.',
  dueDate: 'Due date',
  arrived: 'Arrived',
  amount: 'Amount',
  problems: 'Problems',
  unknownSupplier: 'Supplier {id}',
  empty: 'Nothing to review here.',
  emptyNoCompanies:
    'No company is kept on this computer yet. Keep companies offline in Settings → Offline data.',
  keyboardHint: 'Arrow keys or J/K move, Enter opens the invoice in review in its own company.',
  open: 'Review',
  openFirst: 'Start reviewing',
  band: {
    label: 'Invoice of',
    company: 'Invoice of {company}',
    orgNumber: 'Org. no. {number}',
    back: 'Back to the desk',
    desk: 'Desk',
  },
  notInDesk: 'This company is not among the desk’s companies.',
}
export type DeskMessages = typeof en

const nb: DeskMessages = {
  lead: 'Kontrollkøen til alle klientselskapene som er lagret på denne maskinen, i én liste. Åpne en faktura for å kontrollere den i sitt eget selskap, uten å bytte.',
  tabs: 'Problem',
  tab: {
    all: 'Alle',
    rejected: 'Avvist',
    overdue: 'Forfalt',
    noSupplier: 'Uten leverandør',
    noDocument: 'Uten dokument',
  },
  search: 'Søk på leverandør, fakturanummer eller selskap',
  searchPlaceholder: 'Leverandør, fakturanr., selskap',
  table: 'Fakturaer til kontroll i alle selskaper',
  company: 'Selskap',
  allCompanies: 'Alle selskaper',
  companyFilter: 'Vis fakturaene til',
  order: 'Rekkefølge',
  orderBy: {
    due: 'Forfallsdato',
    arrival: 'Ankomst',
  },
  myClients: 'Mine klienter',
  myClientsAll: 'Alle selskaper som er lagret på denne maskinen',
  myClientsCount: 'Mine klienter: {count} selskap | Mine klienter: {count} selskaper',
  myClientsSaveFailed: 'Mine klienter kunne ikke lagres.',
  supplier: 'Leverandør',
  invoiceNumber: 'Fakturanr.',
  dueDate: 'Forfallsdato',
  arrived: 'Ankommet',
  amount: 'Beløp',
  problems: 'Problemer',
  unknownSupplier: 'Leverandør {id}',
  empty: 'Ingenting å kontrollere her.',
  emptyNoCompanies:
    'Ingen selskaper er lagret på denne maskinen ennå. Lagre selskaper frakoblet under Innstillinger → Frakoblede data.',
  keyboardHint: 'Piltaster eller J/K flytter, Enter åpner fakturaen til kontroll i sitt eget selskap.',
  open: 'Kontroller',
  openFirst: 'Start kontrollen',
  band: {
    label: 'Faktura til',
    company: 'Faktura til {company}',
    orgNumber: 'Org.nr. {number}',
    back: 'Tilbake til arbeidsbordet',
    desk: 'Arbeidsbord',
  },
  notInDesk: 'Dette selskapet er ikke blant arbeidsbordets selskaper.',
}

const messages = registerMessages('desk', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    desk: typeof messages.en
  }
}
