// Strings of the contacts register (registered as `contacts`); the card's are in
// card.messages.ts (`contactsCard`).
import { registerMessages } from '@renderer/i18n'
const en = {
  tabs: 'Kinds of party',
  tab: { Supplier: 'Suppliers', Customer: 'Customers', Contact: 'Contact persons' },
  filters: 'Which parties',
  filter: {
    all: 'All',
    scanUnchecked: 'Created from a scan, not yet checked',
    duplicates: 'Duplicates',
  },
  showInactive: 'Show inactive',
  search: 'Search name, organisation number, bank account, e-mail or phone',
  searchPlaceholder: 'Name, org. no., account, e-mail, phone',
  column: {
    name: 'Name',
    orgNumber: 'Org. no.',
    email: 'E-mail',
    phone: 'Phone',
    bankAccount: 'Bank account',
    city: 'City',
    costAccount: 'Cost account',
    worksFor: 'Works for',
  },
  marker: {
    fromScan: 'From scan',
    fromScanHint: 'Created from a scan, not yet checked',
    duplicate: 'Duplicate',
    duplicateHint: 'Another party of this kind has the same organisation number',
    inactive: 'Inactive',
  },
  unnamed: 'Without a name ({id})',
  empty: {
    Supplier: 'No suppliers here.',
    Customer: 'No customers here.',
    Contact: 'No contact persons here.',
  },
  notOffered: {
    Supplier: 'This platform does not offer its suppliers to the app, so none can be shown.',
    Customer: 'This platform does not offer its customers to the app, so none can be shown.',
    Contact: 'This platform does not offer its contact persons to the app, so none can be shown.',
    scan: 'This platform does not offer the suppliers’ comments, so the suppliers created from a scan cannot be told apart.',
  },
  noCompany: 'Choose a company to see its suppliers, customers and contact persons.',
  new: { Supplier: 'New supplier', Customer: 'New customer', Contact: 'New contact person' },
  keyboardHint: 'Arrow keys or J/K move, Enter opens the card, N adds a new one.',
  shortcuts: {
    move: 'Move between the parties',
    open: 'Open the party’s card',
    new: 'Add a new party of the open kind',
  },
}
export type ContactsMessages = typeof en

const nb: ContactsMessages = {
  tabs: 'Typer kontakter',
  tab: { Supplier: 'Leverandører', Customer: 'Kunder', Contact: 'Kontaktpersoner' },
  filters: 'Hvilke kontakter',
  filter: {
    all: 'Alle',
    scanUnchecked: 'Opprettet fra skanning, ikke kontrollert',
    duplicates: 'Dubletter',
  },
  showInactive: 'Vis inaktive',
  search: 'Søk i navn, organisasjonsnummer, kontonummer, e-post eller telefon',
  searchPlaceholder: 'Navn, org.nr., konto, e-post, telefon',
  column: {
    name: 'Navn',
    orgNumber: 'Org.nr.',
    email: 'E-post',
    phone: 'Telefon',
    bankAccount: 'Kontonummer',
    city: 'Sted',
    costAccount: 'Kostnadskonto',
    worksFor: 'Arbeider for',
  },
  marker: {
    fromScan: 'Fra skanning',
    fromScanHint: 'Opprettet fra skanning, ikke kontrollert',
    duplicate: 'Dublett',
    duplicateHint: 'En annen kontakt av samme type har samme organisasjonsnummer',
    inactive: 'Inaktiv',
  },
  unnamed: 'Uten navn ({id})',
  empty: {
    Supplier: 'Ingen leverandører her.',
    Customer: 'Ingen kunder her.',
    Contact: 'Ingen kontaktpersoner her.',
  },
  notOffered: {
    Supplier: 'Denne plattformen gir ikke appen tilgang til leverandørene, så ingen kan vises.',
    Customer: 'Denne plattformen gir ikke appen tilgang til kundene, så ingen kan vises.',
    Contact: 'Denne plattformen gir ikke appen tilgang til kontaktpersonene, så ingen kan vises.',
    scan: 'Denne plattformen gir ikke tilgang til kommentarene på leverandører, så leverandører opprettet fra skanning kan ikke skilles ut.',
  },
  noCompany: 'Velg et selskap for å se leverandørene, kundene og kontaktpersonene.',
  new: { Supplier: 'Ny leverandør', Customer: 'Ny kunde', Contact: 'Ny kontaktperson' },
  keyboardHint: 'Piltaster eller J/K flytter, Enter åpner kortet, N legger til en ny.',
  shortcuts: {
    move: 'Flytt mellom kontaktene',
    open: 'Åpne kontaktens kort',
    new: 'Legg til en ny av typen som er åpen',
  },
}

const messages = registerMessages('contacts', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    contacts: typeof messages.en
  }
}
