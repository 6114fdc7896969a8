// Strings of My approvals (registered as `approvals`).
import { registerMessages } from '@renderer/i18n'
import substitutes from './substitute.messages.ts'
import flow from './flow.messages.ts'
import approved from './approved.messages.ts'
import stale from './stale.messages.ts'

const en = {
  title: 'My approvals',
  summary: '{count} waiting for you | {count} waiting for you',
  filters: {
    company: 'Company',
    allCompanies: 'All companies',
    due: 'Due',
    dueAll: 'Any due date',
    dueOverdue: 'Overdue',
    dueWeek: 'Due within 7 days',
  },
  columns: {
    select: 'Select',
    company: 'Company',
    supplier: 'Supplier',
    invoiceNumber: 'Invoice no.',
    amount: 'Amount',
    dueDate: 'Due date',
    step: 'Step',
    others: 'Also in the step',
    state: 'Status',
  },
  stepOf: '{step} of {steps}',
  stepOnly: 'Step {step}',
  overdue: 'Overdue',
  asSubstituteFor: 'As substitute for {name}',
  noOthers: '–',
  selectRow: 'Select invoice {number} from {supplier}',
  selectAll: 'Select all shown',
  approve: 'Approve',
  approveSelected: 'Approve {count} | Approve {count}',
  reject: 'Reject',
  rejectSelected: 'Reject {count} | Reject {count}',
  keys: 'A approve · R reject · Space select · ↑↓ or J/K move',
  state: {
    pending: 'Waiting to be sent',
    sending: 'Sending…',
    failed: 'Refused: {message}',
    alreadyHandled: 'Already handled by {name}',
    alreadyHandledUnknown: 'Already handled by someone else',
    reassigned: 'The flow was reassigned',
    approve: 'Approved',
    reject: 'Rejected',
  },
  dismiss: 'Remove from the list',
  rejectDialog: {
    title: 'Reject {count} invoice | Reject {count} invoices',
    comment: 'Comment to the accountant',
    required: 'Write why the invoice is rejected.',
    confirm: 'Reject',
    cancel: 'Cancel',
  },
  detail: {
    none: 'Select an invoice to see its PDF and flow.',
    pdf: 'Invoice PDF',
    noPdf: 'The PDF is not on this computer yet.',
    unknownInvoice: 'Invoice not known',
    invoiceNotHere: 'The invoice of this approval is not on this computer yet.',
    approval: { company: 'Company', amount: 'Amount to approve', step: 'Step' },
    flow: 'Approval flow',
    step: 'Step {step}',
    limit: 'from {amount}',
    planStatus: {
      50040: 'Not started',
      50120: 'Waiting',
      50130: 'Approved',
      50140: 'Rejected',
      50150: 'Reassigned',
      50160: 'Skipped or approved by another',
      50170: 'Approved earlier',
    },
  },
  empty: {
    title: 'No approvals waiting for you',
    text: 'No supplier invoice in any of your companies is waiting for your approval.',
    filtered: 'No approvals match the filters.',
  },
  notify: {
    title: 'A new invoice to approve | {count} new invoices to approve',
  },
  substitutes: substitutes.en,
  flow: flow.en,
  approved: approved.en,
  stale: stale.en,
}

const nb: typeof en = {
  title: 'Mine godkjenninger',
  summary: '{count} venter på deg | {count} venter på deg',
  filters: {
    company: 'Selskap',
    allCompanies: 'Alle selskaper',
    due: 'Forfall',
    dueAll: 'Alle forfallsdatoer',
    dueOverdue: 'Forfalt',
    dueWeek: 'Forfaller innen 7 dager',
  },
  columns: {
    select: 'Velg',
    company: 'Selskap',
    supplier: 'Leverandør',
    invoiceNumber: 'Fakturanr.',
    amount: 'Beløp',
    dueDate: 'Forfall',
    step: 'Trinn',
    others: 'Også i trinnet',
    state: 'Status',
  },
  stepOf: '{step} av {steps}',
  stepOnly: 'Trinn {step}',
  overdue: 'Forfalt',
  asSubstituteFor: 'Som stedfortreder for {name}',
  noOthers: '–',
  selectRow: 'Velg faktura {number} fra {supplier}',
  selectAll: 'Velg alle viste',
  approve: 'Godkjenn',
  approveSelected: 'Godkjenn {count} | Godkjenn {count}',
  reject: 'Avvis',
  rejectSelected: 'Avvis {count} | Avvis {count}',
  keys: 'A godkjenn · R avvis · Mellomrom velg · ↑↓ eller J/K flytt',
  state: {
    pending: 'Venter på å sendes',
    sending: 'Sender …',
    failed: 'Avvist av plattformen: {message}',
    alreadyHandled: 'Allerede behandlet av {name}',
    alreadyHandledUnknown: 'Allerede behandlet av en annen',
    reassigned: 'Flyten ble tildelt på nytt',
    approve: 'Godkjent',
    reject: 'Avvist',
  },
  dismiss: 'Fjern fra listen',
  rejectDialog: {
    title: 'Avvis {count} faktura | Avvis {count} fakturaer',
    comment: 'Kommentar til regnskapsføreren',
    required: 'Skriv hvorfor fakturaen avvises.',
    confirm: 'Avvis',
    cancel: 'Avbryt',
  },
  detail: {
    none: 'Velg en faktura for å se PDF og flyt.',
    pdf: 'Faktura-PDF',
    noPdf: 'PDF-en er ikke på denne maskinen ennå.',
    unknownInvoice: 'Ukjent faktura',
    invoiceNotHere: 'Fakturaen til denne godkjenningen er ikke på denne maskinen ennå.',
    approval: { company: 'Selskap', amount: 'Beløp til godkjenning', step: 'Trinn' },
    flow: 'Godkjenningsflyt',
    step: 'Trinn {step}',
    limit: 'fra {amount}',
    planStatus: {
      50040: 'Ikke startet',
      50120: 'Venter',
      50130: 'Godkjent',
      50140: 'Avvist',
      50150: 'Tildelt på nytt',
      50160: 'Hoppet over eller godkjent av en annen',
      50170: 'Godkjent tidligere',
    },
  },
  empty: {
    title: 'Ingen godkjenninger venter på deg',
    text: 'Ingen leverandørfakturaer i noen av selskapene dine venter på din godkjenning.',
    filtered: 'Ingen godkjenninger passer filtrene.',
  },
  notify: {
    title: 'En ny faktura å godkjenne | {count} nye fakturaer å godkjenne',
  },
  substitutes: substitutes.nb,
  flow: flow.nb,
  approved: approved.nb,
  stale: stale.nb,
}

const messages = registerMessages('approvals', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    approvals: typeof messages.en
  }
}
