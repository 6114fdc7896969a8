// Strings of the sync indicator, the sync panel and conflict resolution (registered as `sync`).
import { registerMessages } from '@renderer/i18n'
const en = {
  connection: {
    online: 'Online',
    offline: 'Offline',
    signedOut: 'Signed out',
    serverError: 'Server error',
    connecting: 'Connecting…',
  },
  connectionHint: {
    online: 'Changes go to the platform as you make them.',
    offline: 'The platform cannot be reached. You keep working; changes wait on this computer.',
    signedOut: 'Sign in again to send your changes.',
    serverError: 'The platform answers with errors. Changes wait on this computer and are retried.',
    connecting: 'Asking the platform whether it can be reached. You can work from this computer meanwhile.',
  },
  pending: '{count} pending | {count} pending',
  conflicts: '{count} conflict | {count} conflicts',
  lastSync: 'Last sync {time}',
  neverSynced: 'Not synced yet',
  syncNow: 'Sync now',
  syncing: 'Syncing…',
  panel: {
    title: 'Changes on this computer',
    nothing: 'Every change has reached the platform.',
    pendingHeading: 'Waiting to be sent',
    failedHeading: 'Refused by the platform',
    conflictHeading: 'Changed by someone else too',
    sending: 'Sending',
    retry: 'Try again',
    discard: 'Discard',
    discardConfirm: 'Discard this change? The invoice returns to what the platform has.',
    resolve: 'Resolve',
    change: '{entity} {id}: {fields}',
    attempts: '{count} attempt | {count} attempts',
  },
  entity: {
    SupplierInvoice: 'Supplier invoice',
    JournalEntry: 'Journal draft',
    Approval: 'Approval',
    other: '{entity}',
  },
  action: {
    'book-journal-entries': 'booking',
    approve: 'approve',
    reject: 'reject',
    'assign-to': 'send for approval',
    assign: 'assign',
    journal: 'journal',
  },
  conflict: {
    title: 'Resolve conflict: {entity} {id}',
    lead: 'You and someone else changed the same fields. Choose which value to keep for each field.',
    field: 'Field',
    mine: 'Mine',
    theirs: 'Theirs',
    keepMine: 'Keep mine for {field}',
    keepTheirs: 'Keep theirs for {field}',
    empty: '(empty)',
    apply: 'Apply choices',
    cancel: 'Cancel',
  },
  field: {
    InvoiceNumber: 'Invoice number',
    InvoiceDate: 'Invoice date',
    PaymentDueDate: 'Due date',
    TaxInclusiveAmount: 'Amount',
    PaymentID: 'KID',
  },
  failed: 'The action failed: {message}',
}
export type SyncMessages = typeof en

const nb: SyncMessages = {
  connection: {
    online: 'Tilkoblet',
    offline: 'Frakoblet',
    signedOut: 'Logget ut',
    serverError: 'Serverfeil',
    connecting: 'Kobler til…',
  },
  connectionHint: {
    online: 'Endringer sendes til plattformen fortløpende.',
    offline: 'Plattformen kan ikke nås. Du kan jobbe videre; endringene venter på denne maskinen.',
    signedOut: 'Logg inn igjen for å sende endringene dine.',
    serverError: 'Plattformen svarer med feil. Endringene venter på denne maskinen og prøves igjen.',
    connecting: 'Spør plattformen om den kan nås. Du kan jobbe på denne maskinen så lenge.',
  },
  pending: '{count} venter | {count} venter',
  conflicts: '{count} konflikt | {count} konflikter',
  lastSync: 'Sist synkronisert {time}',
  neverSynced: 'Ikke synkronisert ennå',
  syncNow: 'Synkroniser nå',
  syncing: 'Synkroniserer…',
  panel: {
    title: 'Endringer på denne maskinen',
    nothing: 'Alle endringer er kommet fram til plattformen.',
    pendingHeading: 'Venter på å bli sendt',
    failedHeading: 'Avvist av plattformen',
    conflictHeading: 'Endret av en annen også',
    sending: 'Sendes',
    retry: 'Prøv igjen',
    discard: 'Forkast',
    discardConfirm: 'Forkaste denne endringen? Fakturaen får tilbake verdiene plattformen har.',
    resolve: 'Løs konflikt',
    change: '{entity} {id}: {fields}',
    attempts: '{count} forsøk | {count} forsøk',
  },
  entity: {
    SupplierInvoice: 'Leverandørfaktura',
    JournalEntry: 'Bilagskladd',
    Approval: 'Godkjenning',
    other: '{entity}',
  },
  action: {
    'book-journal-entries': 'bokføring',
    approve: 'godkjenn',
    reject: 'avvis',
    'assign-to': 'send til godkjenning',
    assign: 'tildel',
    journal: 'bokfør',
  },
  conflict: {
    title: 'Løs konflikt: {entity} {id}',
    lead: 'Du og en annen har endret de samme feltene. Velg hvilken verdi som skal gjelde for hvert felt.',
    field: 'Felt',
    mine: 'Min',
    theirs: 'Deres',
    keepMine: 'Behold min for {field}',
    keepTheirs: 'Behold deres for {field}',
    empty: '(tomt)',
    apply: 'Bruk valgene',
    cancel: 'Avbryt',
  },
  field: {
    InvoiceNumber: 'Fakturanummer',
    InvoiceDate: 'Fakturadato',
    PaymentDueDate: 'Forfallsdato',
    TaxInclusiveAmount: 'Beløp',
    PaymentID: 'KID',
  },
  failed: 'Handlingen feilet: {message}',
}

const messages = registerMessages('sync', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    sync: typeof messages.en
  }
}
