// Norwegian bokmål messages. Typed as Messages, so a key missing here (or one only here) fails vue-tsc.
import checkMessages from './check.messages.ts'
import type { Messages } from './en.ts'

const nb: Messages = {
  app: {
    name: 'Ledgerdesk',
    tagline: 'Arbeidsflate for regnskap',
  },
  nav: {
    overview: 'Selskaper',
    desk: 'Arbeidsbord',
    label: 'Hovedmeny',
    inbox: 'Innboks',
    review: 'Kontroll',
    journal: 'Bilagsføring',
    approvals: 'Godkjenninger',
    sales: 'Salg',
    contacts: 'Kontakter',
    admin: 'Administrasjon',
    settings: 'Innstillinger',
    about: 'Om',
    notOffered: '{view} er ikke tilgjengelig for deg i {company}, så oversikten ble åpnet i stedet.',
    thisCompany: 'dette selskapet',
    dismiss: 'Lukk',
  },
  titles: {
    overview: 'Selskaper',
    desk: 'Arbeidsbord',
    inbox: 'Innboks',
    review: 'Kontroll',
    journal: 'Bilagsføring',
    approvals: 'Godkjenninger',
    sales: 'Salg',
    contacts: 'Kontakter',
    admin: 'Administrasjon',
    settings: 'Innstillinger',
    about: 'Om Ledgerdesk',
  },
  empty: {
    review: {
      title: 'Ingenting å kontrollere',
      text: 'Dokumenter som er tolket, venter her til du har kontrollert og bekreftet feltene.',
    },
    journal: {
      title: 'Ingen bilagsutkast',
      text: 'Bilag du fører, ligger her som utkast til de er bokført.',
    },
    approvals: {
      title: 'Ingen godkjenninger venter på deg',
      text: 'Fakturaer du blir bedt om å godkjenne, fra alle selskapene du arbeider for, samles her.',
    },
  },
  company: {
    switcherLabel: 'Selskap',
  },
  connection: {
    connected: 'Tilkoblet',
    connecting: 'Kobler til …',
    disconnected: 'Frakoblet',
    connectedHint: 'Appen har kontakt med bakgrunnstjenesten.',
    connectingHint: 'Kobler til bakgrunnstjenesten …',
    disconnectedHint: 'Bakgrunnstjenesten svarer ikke. Appen prøver å koble til igjen av seg selv.',
  },
  settings: {
    language: 'Språk',
    languageHint: 'Språket i menyer og meldinger, og formatet på datoer og beløp.',
    access: 'Ikke tilgjengelig i {company}',
    accessHint:
      'Plattformen avviste lesingen disse visningene starter med, så de er skjult her. Hold pekeren over for plattformens egen begrunnelse.',
    refused: 'Plattformen avviste tilgangen din.',
    localeSystem: 'Systemspråk ({language})',
    localeNb: 'Norsk bokmål',
    localeEn: 'English',
    saveFailed: 'Språket kunne ikke lagres',
    shortcuts: 'Hurtigtaster',
    shortcutsHint: 'Hurtigtastene virker overalt, unntatt mens du skriver i et felt.',
    shortcutAction: 'Handling',
    shortcutKeys: 'Taster',
    openView: 'Åpne {view}',
    or: 'eller',
  },
  about: {
    application: 'Program',
    version: 'Versjon',
    mode: 'Kjører som',
    modeElectron: 'Skrivebordsapp',
    modeBrowser: 'Nettlesermodus',
    runtime: 'Kjøremiljø',
    electron: 'Electron',
    node: 'Node.js',
    chromium: 'Chromium',
    notUsed: 'Brukes ikke i nettlesermodus',
    browserEngine: 'Nettleserens egen (nettlesermodus)',
    platform: 'Plattform',
    dataDir: 'Datamappe',
    locale: 'Systemspråk',
    loading: 'Henter …',
    loadFailed: 'Opplysningene om appen kunne ikke hentes',
    retry: 'Prøv igjen',
    copy: 'Kopier',
    copied: 'Kopiert til utklippstavlen',
  },
  errors: {
    disconnected:
      'Appen har mistet kontakten med bakgrunnstjenesten. Den kobler til igjen av seg selv; prøv igjen om litt.',
    timeout: 'Bakgrunnstjenesten svarte ikke i tide. Prøv igjen om litt.',
    noSession:
      'Denne fanen er ikke knyttet til en kjørende Ledgerdesk. Åpne adressen Ledgerdesk skrev ut da den startet.',
    notAvailableInBrowserMode: 'Dette finnes bare i skrivebordsappen.',
    unexpected: 'Noe gikk galt i bakgrunnstjenesten.',
    code: 'Feilkode: {code}',
  },
  notification: {
    title: 'Ledgerdesk',
  },
  check: checkMessages.nb,
}

export default nb
