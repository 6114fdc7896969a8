// Strings of the supplier-invoice inbox and its invoice panel (registered as `inbox`).
import { registerMessages } from '@renderer/i18n'
const en = {
  tabs: 'Status',
  tab: {
    draft: 'Draft',
    forApproval: 'For approval',
    approved: 'Approved',
    rejected: 'Rejected',
    journaled: 'Journaled',
    all: 'All',
  },
  search: 'Search supplier, invoice number or amount',
  searchPlaceholder: 'Supplier, invoice no., amount',
  table: 'Supplier invoices',
  supplier: 'Supplier',
  invoiceNumber: 'Invoice no.',
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  amount: 'Amount',
  status: 'Status',
  attachment: 'Attachment',
  assignedTo: 'Assigned to',
  hasAttachment: '{count} attachment | {count} attachments',
  noAttachment: 'No attachment',
  unknownSupplier: 'Supplier {id}',
  wentThrough: 'Went through by itself ({count})',
  statusName: {
    '30101': 'Draft',
    '30102': 'For approval',
    '30103': 'Approved',
    '30104': 'Journaled',
    '30105': 'Rejected',
    '30108': 'Assigned',
    '40001': 'Archived',
    other: 'Status {code}',
  },
  empty: 'No supplier invoices here.',
  noCompany: 'Choose a company to see its inbox.',
  keyboardHint: 'Arrow keys or J/K move, Enter opens, R opens in review.',
  shortcuts: {
    move: 'Move between the invoices',
    open: 'Open the invoice’s header',
    openInReview: 'Open the invoice in review',
  },
  scanSlot: 'Documents from the scan station',
  panel: {
    title: 'Invoice {number}',
    untitled: 'Invoice without number',
    close: 'Close',
    openInReview: 'Open in review',
    save: 'Save',
    saved: 'Saved on this computer. It goes to the platform with the next sync.',
    readOnly: 'Only drafts can be edited here.',
    kid: 'KID',
    bankAccount: 'Bank account or IBAN',
    invalid: 'Check the fields marked in red.',
    saveFailed: 'The change could not be saved on this computer.',
  },
}
export type InboxMessages = typeof en

const nb: InboxMessages = {
  tabs: 'Status',
  tab: {
    draft: 'Utkast',
    forApproval: 'Til godkjenning',
    approved: 'Godkjent',
    rejected: 'Avvist',
    journaled: 'Bokført',
    all: 'Alle',
  },
  search: 'Søk på leverandør, fakturanummer eller beløp',
  searchPlaceholder: 'Leverandør, fakturanr., beløp',
  table: 'Leverandørfakturaer',
  supplier: 'Leverandør',
  invoiceNumber: 'Fakturanr.',
  invoiceDate: 'Fakturadato',
  dueDate: 'Forfallsdato',
  amount: 'Beløp',
  status: 'Status',
  attachment: 'Vedlegg',
  assignedTo: 'Tildelt',
  hasAttachment: '{count} vedlegg | {count} vedlegg',
  noAttachment: 'Ingen vedlegg',
  unknownSupplier: 'Leverandør {id}',
  wentThrough: 'Gikk gjennom av seg selv ({count})',
  statusName: {
    '30101': 'Utkast',
    '30102': 'Til godkjenning',
    '30103': 'Godkjent',
    '30104': 'Bokført',
    '30105': 'Avvist',
    '30108': 'Tildelt',
    '40001': 'Arkivert',
    other: 'Status {code}',
  },
  empty: 'Ingen leverandørfakturaer her.',
  noCompany: 'Velg et selskap for å se innboksen.',
  keyboardHint: 'Piltaster eller J/K flytter, Enter åpner, R åpner i kontroll.',
  shortcuts: {
    move: 'Flytt mellom fakturaene',
    open: 'Åpne fakturahodet',
    openInReview: 'Åpne fakturaen i kontroll',
  },
  scanSlot: 'Dokumenter fra skannestasjonen',
  panel: {
    title: 'Faktura {number}',
    untitled: 'Faktura uten nummer',
    close: 'Lukk',
    openInReview: 'Åpne i kontroll',
    save: 'Lagre',
    saved: 'Lagret på denne maskinen. Endringen sendes til plattformen ved neste synkronisering.',
    readOnly: 'Bare utkast kan endres her.',
    kid: 'KID',
    bankAccount: 'Kontonummer eller IBAN',
    invalid: 'Sjekk feltene som er merket med rødt.',
    saveFailed: 'Endringen kunne ikke lagres på denne maskinen.',
  },
}

const messages = registerMessages('inbox', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    inbox: typeof messages.en
  }
}
