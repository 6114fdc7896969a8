// Strings of the office overview, in English and bokmål (registered as `overview`).
import { registerMessages } from '@renderer/i18n'
const en = {
  heading: 'Companies',
  lead: 'Every company you work for, counted from the data on this computer.',
  company: 'Company',
  orgNumber: 'Org. no. {number}',
  inProgress: 'Documents in progress',
  toReview: 'To review',
  forApproval: 'Awaiting approval',
  rejected: 'Rejected',
  approved: 'Approved, not booked',
  overdue: 'Overdue',
  myApprovals: 'My approvals',
  salesDrafts: 'Sales drafts',
  salesOverdue: 'Overdue sales',
  sync: 'Sync',
  never: 'Never',
  notOffline: 'Not kept offline',
  state: {
    idle: 'Up to date',
    syncing: 'Syncing…',
    error: 'Sync failed',
    offline: 'Offline',
  },
  open: 'Open {list} in {company}',
  empty: 'No companies on this computer yet.',
  countLabel: '{count} {list} in {company}',
  straightThrough: 'Straight through',
  wentToday: 'By itself today',
  wentTodayHint: 'Invoices that went through by themselves today under a supplier’s straight-through rule',
  wentTodayLabel: '{count} went through by themselves today in {company}',
  straightThroughValue: '{straight} of {total}',
  straightThroughHint: 'Invoices saved in review on this computer without changing what was read or proposed',
  fileFlowEmail: 'Invoices by e-mail',
  copyFileFlowEmail: 'Copy the address suppliers send invoices to',
  copyFileFlowEmailOf: 'Copy the invoice address of {company}',
  copiedFileFlowEmail: '{address} copied',
}
export type OverviewMessages = typeof en

const nb: OverviewMessages = {
  heading: 'Selskaper',
  lead: 'Alle selskapene du fører for, telt fra dataene på denne maskinen.',
  company: 'Selskap',
  orgNumber: 'Org.nr. {number}',
  inProgress: 'Dokumenter under behandling',
  toReview: 'Til kontroll',
  forApproval: 'Til godkjenning',
  rejected: 'Avvist',
  approved: 'Godkjent, ikke bokført',
  overdue: 'Forfalt',
  myApprovals: 'Mine godkjenninger',
  salesDrafts: 'Salgsutkast',
  salesOverdue: 'Forfalte salg',
  sync: 'Synkronisering',
  never: 'Aldri',
  notOffline: 'Ikke lagret lokalt',
  state: {
    idle: 'Oppdatert',
    syncing: 'Synkroniserer…',
    error: 'Synkronisering feilet',
    offline: 'Frakoblet',
  },
  open: 'Åpne {list} i {company}',
  empty: 'Ingen selskaper på denne datamaskinen ennå.',
  countLabel: '{count} {list} i {company}',
  straightThrough: 'Rett gjennom',
  wentToday: 'Av seg selv i dag',
  wentTodayHint: 'Fakturaer som gikk gjennom av seg selv i dag etter en leverandørs regel om rett gjennom',
  wentTodayLabel: '{count} gikk gjennom av seg selv i dag i {company}',
  straightThroughValue: '{straight} av {total}',
  straightThroughHint:
    'Fakturaer lagret i kontroll på denne maskinen uten å endre det som ble lest eller foreslått',
  fileFlowEmail: 'Faktura på e-post',
  copyFileFlowEmail: 'Kopier adressen leverandører sender fakturaer til',
  copyFileFlowEmailOf: 'Kopier fakturaadressen til {company}',
  copiedFileFlowEmail: '{address} er kopiert',
}

const messages = registerMessages('overview', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    overview: typeof messages.en
  }
}
