// Strings of the review screen's rules and actions: the duplicate and bank-account warnings, the
// supplier-memory reasons, the sending-on actions and the history panel (registered as
// `reviewLogic`). The field checks' sentences are the app's one set (renderer/src/i18n/check.messages.ts).
import { registerMessages } from '@renderer/i18n'
const en = {
  duplicate: {
    sameNumber: 'Invoice {number} from this supplier is already registered.',
    sameAmount: 'An invoice from this supplier for {amount} dated {date} is already registered.',
    open: 'Open invoice {number}',
  },
  bankAccount: {
    changed:
      'The bank account {account} has not been used for this supplier before. Invoice fraud works this way: confirm it with the supplier by phone before paying.',
    known: 'Known accounts: {accounts}',
    confirm: 'I have checked that the supplier uses this account',
  },
  memory: {
    frequent: 'used on {count} of the last {total} invoices',
    supplierDefault: 'the supplier’s default account',
    accountDefault: 'the account’s VAT code',
    office: 'coded to {account} in one other client | coded to {account} in {count} other clients',
    ledgerSuggestion: 'the platform’s smart booking proposes {account}',
  },
  override: {
    needed: 'A number with a wrong check digit can only be saved with a reason.',
    reason: 'Reason for saving anyway',
    comment: 'Saved with a failed check ({fields}): {reason}',
  },
  action: {
    save: 'Save',
    sendForApproval: 'Send for approval',
    book: 'Book',
    lock: 'Lock',
    unlock: 'Unlock',
    deleteDraft: 'Delete draft',
    lockMessage: 'Message with the lock',
    proposedRule: 'Proposed approval rule: {rule}',
  },
  history: {
    title: 'History',
    empty: 'Nothing has happened to this invoice yet.',
    comment: 'Comment',
    created: 'Registered',
    sent: 'Sent for approval by {user}',
    status: 'Status: {status}',
    approval: {
      '50120': 'Waiting for {user}',
      '50130': 'Approved by {user}',
      '50140': 'Rejected by {user}',
      '50150': 'Reassigned from {user}',
      '50160': 'Approved in the same step ({user})',
      '50170': 'Approved earlier ({user})',
      other: 'Approval by {user} ({code})',
    },
    someone: 'someone',
    fromCache: 'From this computer',
    fromPlatform: 'From the platform',
    loadFailed: 'The history could not be read from the platform: {message}',
    unavailable: {
      comments: 'The comments on this invoice are not available from this platform.',
      approvals:
        'The approval history of this invoice is not available from this platform; what this computer holds is shown.',
    },
  },
  straightThrough: {
    label: 'Straight through',
    value: '{count} of {total}',
    description: 'Invoices saved without changing what was read',
  },
}
export type ReviewLogicMessages = typeof en

const nb: ReviewLogicMessages = {
  duplicate: {
    sameNumber: 'Faktura {number} fra denne leverandøren er allerede registrert.',
    sameAmount: 'En faktura fra denne leverandøren på {amount} datert {date} er allerede registrert.',
    open: 'Åpne faktura {number}',
  },
  bankAccount: {
    changed:
      'Kontonummeret {account} er ikke brukt for denne leverandøren før. Slik virker fakturasvindel: bekreft det med leverandøren på telefon før betaling.',
    known: 'Kjente kontoer: {accounts}',
    confirm: 'Jeg har sjekket at leverandøren bruker denne kontoen',
  },
  memory: {
    frequent: 'brukt på {count} av de {total} siste fakturaene',
    supplierDefault: 'leverandørens standardkonto',
    accountDefault: 'kontoens mva-kode',
    office: 'ført på {account} hos én annen klient | ført på {account} hos {count} andre klienter',
    ledgerSuggestion: 'plattformens smartbokføring foreslår {account}',
  },
  override: {
    needed: 'Et nummer med feil kontrollsiffer kan bare lagres med en begrunnelse.',
    reason: 'Begrunnelse for å lagre likevel',
    comment: 'Lagret med feilet kontroll ({fields}): {reason}',
  },
  action: {
    save: 'Lagre',
    sendForApproval: 'Send til godkjenning',
    book: 'Bokfør',
    lock: 'Lås',
    unlock: 'Lås opp',
    deleteDraft: 'Slett utkast',
    lockMessage: 'Melding med låsen',
    proposedRule: 'Foreslått godkjenningsregel: {rule}',
  },
  history: {
    title: 'Historikk',
    empty: 'Ingenting har skjedd med denne fakturaen ennå.',
    comment: 'Kommentar',
    created: 'Registrert',
    sent: 'Sendt til godkjenning av {user}',
    status: 'Status: {status}',
    approval: {
      '50120': 'Venter på {user}',
      '50130': 'Godkjent av {user}',
      '50140': 'Avvist av {user}',
      '50150': 'Satt over fra {user}',
      '50160': 'Godkjent i samme steg ({user})',
      '50170': 'Godkjent tidligere ({user})',
      other: 'Godkjenning av {user} ({code})',
    },
    someone: 'noen',
    fromCache: 'Fra denne maskinen',
    fromPlatform: 'Fra plattformen',
    loadFailed: 'Historikken kunne ikke leses fra plattformen: {message}',
    unavailable: {
      comments: 'Kommentarene på denne fakturaen er ikke tilgjengelige fra denne plattformen.',
      approvals:
        'Godkjenningshistorikken for denne fakturaen er ikke tilgjengelig fra denne plattformen; det som finnes på denne maskinen, vises.',
    },
  },
  straightThrough: {
    label: 'Rett gjennom',
    value: '{count} av {total}',
    description: 'Fakturaer lagret uten å endre det som ble lest',
  },
}

const messages = registerMessages('reviewLogic', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    reviewLogic: typeof messages.en
  }
}
