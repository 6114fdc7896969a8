// Norwegian (bokmål) strings of sign-in, the account menu and the company switcher.
import type { SessionMessages } from './session-en.ts'

const sessionNb: SessionMessages = {
  signInTitle: 'Logg inn i Ledgerdesk',
  signInLead: 'Velg hvor selskapene dine ligger, og logg inn med plattformkontoen din.',
  environment: 'Miljø',
  sandboxName: 'Lokal sandkasse',
  sandboxHint:
    'En fullstendig plattform på denne maskinen med et demo-regnskapskontor. Ingen skykonto trengs.',
  sandbox: {
    stopped: 'Ikke startet',
    starting: 'Starter den lokale plattformen …',
    ready: 'Kjører',
    failed: 'Kunne ikke starte: {reason}',
  },
  retrySandbox: 'Prøv igjen',
  signIn: 'Logg inn',
  signingIn: 'Fullfør innloggingen i nettleserfanen som ble åpnet. Dette vinduet fortsetter av seg selv.',
  cancel: 'Avbryt',
  addEnvironment: 'Legg til miljø',
  addTitle: 'Legg til et miljø',
  address: 'API-adresse eller innloggingsadresse',
  addressHint: 'For eksempel https://test.example.no – spør plattformleverandøren din.',
  name: 'Navn',
  clientId: 'Klient-ID',
  clientSecret: 'Klienthemmelighet (bare hvis registreringen har en)',
  licenseAdminUrl: 'Adresse for lisensadministrasjon (valgfritt)',
  licenseAdminHint:
    'Trengs bare for å endre roller for folk på tvers av klientselskaper (Admin, Kontorets folk).',
  check: 'Sjekk adressen',
  checking: 'Sjekker …',
  found: 'Funnet',
  foundApi: 'API-adresse',
  foundLogin: 'Innloggingsserver',
  foundApiFromToken: 'oppgis av innloggingsserveren ved innlogging',
  save: 'Lagre',
  reasons: {
    SESSION_EXPIRED:
      'Økten er avsluttet. Logg inn igjen for å fortsette; ingenting du har gjort her, er tapt.',
    SESSION_RENEWAL_REJECTED:
      'Innloggingsserveren fornyet innloggingen med et svar appen ikke kan godta, så økten er avsluttet. Logg inn igjen; ingenting du har gjort her, er tapt. Skjer det igjen, kontakt plattformleverandøren.',
    SIGN_IN_TIMED_OUT:
      'Innloggingen ble ikke fullført innen 5 minutter og ble stoppet. Start den igjen når du er klar.',
    SIGN_IN_CANCELLED: 'Innloggingen ble avbrutt.',
    SIGN_IN_DENIED: 'Innloggingen ble avbrutt i nettleseren.',
    SIGN_IN_NO_API_ADDRESS:
      'Innloggingsserveren oppga ikke hvilken plattformadresse som skal brukes. Kontakt plattformleverandøren.',
    SIGN_IN_DISCOVERY_FAILED:
      'Fikk ikke kontakt med innloggingsserveren. Sjekk nettforbindelsen og miljøets adresse.',
    SANDBOX_NOT_RUNNING: 'Den lokale plattformen kjører ikke. {message}',
    ENVIRONMENT_UNREACHABLE: 'Ingen svarte på den adressen. Sjekk adressen og nettforbindelsen.',
    ENVIRONMENT_NOT_A_PLATFORM:
      'Adressen er verken en API-adresse eller en innloggingsadresse for plattformen.',
    ENVIRONMENT_INVALID_URL: 'Det er ikke en gyldig adresse. Bruk https://…',
    ENVIRONMENT_INVALID_LICENSE_ADMIN_URL:
      'Adressen for lisensadministrasjon er ikke gyldig. Bruk https://…, eller la feltet stå tomt.',
    other: 'Noe gikk galt: {message}',
  },
  account: {
    menu: 'Konto',
    environment: 'Miljø',
    signOut: 'Logg ut',
    storage: 'Lagring av innlogging',
  },
  company: {
    choose: 'Velg selskap',
    search: 'Søk etter selskap',
    shortcut: 'Ctrl+K',
    test: 'Test',
    none: 'Ingen selskaper',
    loading: 'Henter selskaper …',
    switched: 'Åpnet {name}',
  },
  vault: {
    title: 'Forbli innlogget',
    weak: 'Denne maskinen har ingen systemnøkkelring Ledgerdesk kan bruke, så en lagret innlogging ville ligge uten reell beskyttelse: alle som kan lese filene dine, kunne brukt den. Derfor ber Ledgerdesk deg logge inn igjen etter hver oppstart.',
    persist: 'Hold meg innlogget likevel',
    protected: 'Innloggingen din lagres kryptert av {backend}.',
  },
}

export default sessionNb
