// Strings of straight-through by rule (registered as `straight`): the rule's switch in the review, the
// "went through by itself" list with its undo, and why an invoice was held back.
import { registerMessages } from '@renderer/i18n'
const en = {
  rule: {
    label: 'Send this supplier’s invoices on by themselves',
    hint: 'When nothing is unusual: every check passes, the amount is in the usual range, the bank account is known and it is no duplicate.',
    proposed: 'Suggested: the last {count} invoices from this supplier went through without a change.',
    range: 'Usual amount {low} – {high}, from the last {known} invoices sent on.',
    noRange: 'No usual amount yet: {known} of {minimum} invoices sent on.',
    heldTitle: 'This invoice is not sent on by itself:',
    wentTitle: 'This invoice went through by itself {when}.',
  },
  reason: {
    checkFailed: 'a check fails ({fields})',
    noCoding: 'supplier memory has no account to code it with',
    outsideRange: 'the amount {amount} is outside the usual {low} – {high}',
    noRange: 'too few earlier invoices to know the usual amount ({known} of {minimum})',
    bankAccountChanged: 'the bank account {account} is not one this supplier has been paid to',
    duplicate: 'it may be a duplicate of invoice {number}',
    changedHere: 'it has changes on this computer not yet sent',
  },
  sentAs: {
    journal: 'To be booked, or sent for approval where a rule applies',
    'assign-to': 'To be sent for approval by the supplier’s rule',
    forApproval: 'Sent for approval',
    booked: 'Booked',
  },
  undoState: {
    undone: 'Taken back',
    sending: 'Being sent now: undo is possible again if it fails',
    undoRefused:
      'Not taken back: it was handled on the platform meanwhile (see the changes waiting to be sent)',
    approved: 'Approved: an approved step cannot be taken back; the platform documents no way back',
    booked: 'Booked: the platform documents no way back for a booked invoice',
    rejected: 'Rejected by the approver: open it to correct it and send it again',
    moved: 'Changed since it went through: nothing to take back',
  },
}

const nb: typeof en = {
  rule: {
    label: 'Send fakturaer fra denne leverandøren videre av seg selv',
    hint: 'Når ingenting er uvanlig: alle kontroller går gjennom, beløpet er i vanlig spenn, kontonummeret er kjent og det er ikke et duplikat.',
    proposed: 'Forslag: de siste {count} fakturaene fra denne leverandøren gikk gjennom uten endring.',
    range: 'Vanlig beløp {low} – {high}, fra de siste {known} fakturaene som er sendt videre.',
    noRange: 'Ikke noe vanlig beløp ennå: {known} av {minimum} fakturaer sendt videre.',
    heldTitle: 'Denne fakturaen sendes ikke videre av seg selv:',
    wentTitle: 'Denne fakturaen gikk gjennom av seg selv {when}.',
  },
  reason: {
    checkFailed: 'en kontroll feiler ({fields})',
    noCoding: 'leverandørhukommelsen har ingen konto å kontere den på',
    outsideRange: 'beløpet {amount} er utenfor det vanlige {low} – {high}',
    noRange: 'for få tidligere fakturaer til å kjenne vanlig beløp ({known} av {minimum})',
    bankAccountChanged: 'kontonummeret {account} er ikke et denne leverandøren har fått betalt til',
    duplicate: 'den kan være et duplikat av faktura {number}',
    changedHere: 'den har endringer på denne datamaskinen som ikke er sendt',
  },
  sentAs: {
    journal: 'Bokføres, eller sendes til godkjenning der en regel gjelder',
    'assign-to': 'Sendes til godkjenning etter leverandørens regel',
    forApproval: 'Sendt til godkjenning',
    booked: 'Bokført',
  },
  undoState: {
    undone: 'Angret',
    sending: 'Sendes nå: angre er mulig igjen om det feiler',
    undoRefused:
      'Ikke angret: den ble behandlet på plattformen i mellomtiden (se endringene som venter på å sendes)',
    approved: 'Godkjent: et godkjent steg kan ikke angres; plattformen dokumenterer ingen vei tilbake',
    booked: 'Bokført: plattformen dokumenterer ingen vei tilbake for en bokført faktura',
    rejected: 'Avvist av godkjenneren: åpne den for å rette den og sende den på nytt',
    moved: 'Endret siden den gikk gjennom: ingenting å angre',
  },
}

export const messages = registerMessages('straight', { en, nb })

// The list's words under a namespace of their own: ListView names its ids and test ids after it.
const listEn = {
  title: 'Went through by itself',
  link: 'Went through by itself ({count})',
  back: 'Back to the inbox',
  lead: 'Invoices of suppliers with a straight-through rule, sent on as the review would send them. Press Z on a row to take it back while that is possible.',
  tabs: 'Straight through',
  tab: { went: 'Went through', held: 'Held back' },
  search: 'Search supplier or invoice number',
  table: 'Invoices that went through by themselves',
  keyboardHint: '↑↓ move · Z undo',
  empty: 'Nothing here.',
  supplier: 'Supplier',
  invoiceNumber: 'Invoice no.',
  amount: 'Amount',
  sentAs: 'Sent on',
  at: 'When',
  undo: 'Undo',
  reasons: 'Why it was held back',
  undoOf: 'Undo invoice {number}',
  undone: 'Undo of invoice {number} done: it is a draft again.',
  undoQueued: 'Invoice {number} is taken out of approval: it is a draft again once the platform has the undo.',
  noCompany: 'Choose a company to see what went through by itself.',
}
const listNb: typeof listEn = {
  title: 'Gikk gjennom av seg selv',
  link: 'Gikk gjennom av seg selv ({count})',
  back: 'Tilbake til innboksen',
  lead: 'Fakturaer fra leverandører med regel om rett gjennom, sendt videre slik kontrollen ville sendt dem. Trykk Z på en rad for å angre mens det er mulig.',
  tabs: 'Rett gjennom',
  tab: { went: 'Gikk gjennom', held: 'Holdt tilbake' },
  search: 'Søk leverandør eller fakturanummer',
  table: 'Fakturaer som gikk gjennom av seg selv',
  keyboardHint: '↑↓ flytt · Z angre',
  empty: 'Ingenting her.',
  supplier: 'Leverandør',
  invoiceNumber: 'Fakturanr.',
  amount: 'Beløp',
  sentAs: 'Sendt videre',
  at: 'Når',
  undo: 'Angre',
  reasons: 'Hvorfor den ble holdt tilbake',
  undoOf: 'Angre faktura {number}',
  undone: 'Faktura {number} er angret: den er et utkast igjen.',
  undoQueued: 'Faktura {number} tas ut av godkjenning: den er et utkast igjen når plattformen har fått angringen.',
  noCompany: 'Velg et selskap for å se hva som gikk gjennom av seg selv.',
}
export const listMessages = registerMessages('wentThrough', { en: listEn, nb: listNb })
declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    straight: typeof messages.en
    wentThrough: typeof listMessages.en
  }
}
