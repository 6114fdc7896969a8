// Strings of the sales list (registered as `sales`).
import { registerMessages } from '@renderer/i18n'
const en = {
  tabs: 'Invoices by status',
  tab: {
    draft: 'Drafts',
    unpaid: 'Invoiced',
    overdue: 'Overdue',
    paid: 'Paid',
    credited: 'Credited',
    factoring: 'Waiting for factoring',
    all: 'All',
  },
  search: 'Search customer, invoice number, KID or amount',
  searchPlaceholder: 'Customer, invoice no., KID, amount',
  new: 'New invoice',
  table: 'Customer invoices and credit notes',
  column: {
    number: 'No.',
    type: 'Type',
    customer: 'Customer',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    amount: 'Amount',
    rest: 'Rest',
    status: 'Status',
  },
  type: { invoice: 'Invoice', credit: 'Credit note' },
  status: {
    42001: 'Draft',
    42002: 'Invoiced',
    42003: 'Partly paid',
    42004: 'Paid',
    42005: 'Sold',
    42006: 'Credited',
    42007: 'Partly credited',
    42503: 'Waiting for factoring',
    overdue: 'Overdue',
    creditIssued: 'Issued',
    unknown: 'Status {code}',
  },
  external: {
    42601: 'Registered',
    42602: 'Partly completed',
    42603: 'Completed',
    42604: 'Reminded',
    42605: 'Objection',
    unknown: 'Partner status {code}',
  },
  factoring: {
    accepted: 'Accepted by the factoring partner',
    acceptedReference: 'Accepted by the factoring partner, reference {reference}',
    declined: 'Declined by the factoring partner',
    declinedReason: 'Declined by the factoring partner: {reason}',
    acceptedTag: 'Factoring accepted',
    declinedTag: 'Factoring declined',
  },
  marker: {
    queued: 'Queued: made on this computer, not sent yet',
    queuedTag: 'Queued',
  },
  noCustomer: 'No customer',
  empty: {
    draft: 'No drafts in this company.',
    unpaid: 'No invoices waiting for payment before their due date.',
    overdue: 'No overdue invoices.',
    paid: 'No paid invoices.',
    credited: 'No credited invoices or credit notes.',
    factoring: 'No invoices waiting for the factoring partner.',
    all: 'No customer invoices or credit notes in this company.',
  },
  noCompany: 'Choose a company to see its customer invoices and credit notes.',
  keyboardHint: 'Arrow keys or J/K move, Enter opens the invoice, N starts a new one, / searches.',
  shortcuts: {
    move: 'Move between the invoices',
    open: 'Open the invoice',
    new: 'Start a new invoice',
    search: 'Search the invoices',
  },
}
export type SalesMessages = typeof en

const nb: SalesMessages = {
  tabs: 'Fakturaer etter status',
  tab: {
    draft: 'Utkast',
    unpaid: 'Fakturert',
    overdue: 'Forfalt',
    paid: 'Betalt',
    credited: 'Kreditert',
    factoring: 'Venter på factoring',
    all: 'Alle',
  },
  search: 'Søk etter kunde, fakturanummer, KID eller beløp',
  searchPlaceholder: 'Kunde, fakturanr., KID, beløp',
  new: 'Ny faktura',
  table: 'Kundefakturaer og kreditnotaer',
  column: {
    number: 'Nr.',
    type: 'Type',
    customer: 'Kunde',
    invoiceDate: 'Fakturadato',
    dueDate: 'Forfallsdato',
    amount: 'Beløp',
    rest: 'Restbeløp',
    status: 'Status',
  },
  type: { invoice: 'Faktura', credit: 'Kreditnota' },
  status: {
    42001: 'Utkast',
    42002: 'Fakturert',
    42003: 'Delvis betalt',
    42004: 'Betalt',
    42005: 'Solgt',
    42006: 'Kreditert',
    42007: 'Delvis kreditert',
    42503: 'Venter på factoring',
    overdue: 'Forfalt',
    creditIssued: 'Utstedt',
    unknown: 'Status {code}',
  },
  external: {
    42601: 'Registrert',
    42602: 'Delvis fullført',
    42603: 'Fullført',
    42604: 'Purret',
    42605: 'Innsigelse',
    unknown: 'Partnerstatus {code}',
  },
  factoring: {
    accepted: 'Godkjent av factoringselskapet',
    acceptedReference: 'Godkjent av factoringselskapet, referanse {reference}',
    declined: 'Avslått av factoringselskapet',
    declinedReason: 'Avslått av factoringselskapet: {reason}',
    acceptedTag: 'Factoring godkjent',
    declinedTag: 'Factoring avslått',
  },
  marker: {
    queued: 'I kø: laget på denne maskinen, ikke sendt ennå',
    queuedTag: 'I kø',
  },
  noCustomer: 'Ingen kunde',
  empty: {
    draft: 'Ingen utkast i dette selskapet.',
    unpaid: 'Ingen fakturaer som venter på betaling før forfall.',
    overdue: 'Ingen forfalte fakturaer.',
    paid: 'Ingen betalte fakturaer.',
    credited: 'Ingen krediterte fakturaer eller kreditnotaer.',
    factoring: 'Ingen fakturaer som venter på factoringselskapet.',
    all: 'Ingen kundefakturaer eller kreditnotaer i dette selskapet.',
  },
  noCompany: 'Velg et selskap for å se kundefakturaene og kreditnotaene.',
  keyboardHint: 'Piltaster eller J/K flytter, Enter åpner fakturaen, N lager en ny, / søker.',
  shortcuts: {
    move: 'Flytt mellom fakturaene',
    open: 'Åpne fakturaen',
    new: 'Lag en ny faktura',
    search: 'Søk i fakturaene',
  },
}

const messages = registerMessages('sales', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    sales: typeof messages.en
  }
}
