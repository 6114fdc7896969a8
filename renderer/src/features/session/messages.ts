// Strings of sign-in, the account menu and the company switcher (`session`), in English and Norwegian (bokmål).
import { registerMessages } from '@renderer/i18n'
const en = {
  signInTitle: 'Sign in to Ledgerdesk',
  signInLead: 'Choose where your companies are kept, then sign in with your platform account.',
  environment: 'Environment',
  sandboxName: 'Local sandbox',
  sandboxHint:
    'A complete platform on this computer with a demo bookkeeping office. No cloud account needed.',
  sandbox: {
    stopped: 'Not started',
    starting: 'Starting the local platform…',
    ready: 'Running',
    failed: 'Could not start: {reason}',
  },
  retrySandbox: 'Try again',
  signIn: 'Sign in',
  signingIn: 'Finish signing in in the browser tab that opened. This window continues by itself.',
  cancel: 'Cancel',
  addEnvironment: 'Add environment',
  addTitle: 'Add an environment',
  address: 'API address or login address',
  addressHint: 'For example https://test.example.no — ask your platform provider.',
  name: 'Name',
  clientId: 'Client ID',
  clientSecret: 'Client secret (only if your registration has one)',
  licenseAdminUrl: 'License administration address (optional)',
  licenseAdminHint:
    'Only needed for changing roles for people across client companies (Admin, The office’s people).',
  check: 'Check address',
  checking: 'Checking…',
  found: 'Found',
  foundApi: 'API address',
  foundLogin: 'Login server',
  foundApiFromToken: 'given by the login server at sign-in',
  save: 'Save',
  reasons: {
    SESSION_EXPIRED: 'Your session has ended. Sign in again to continue; nothing you did here is lost.',
    SESSION_RENEWAL_REJECTED:
      'The login server renewed your sign-in with an answer this app cannot accept, so the session has ended. Sign in again; nothing you did here is lost. If it happens again, contact your platform provider.',
    SIGN_IN_TIMED_OUT:
      'The sign-in was not completed within 5 minutes and was stopped. Start it again when you are ready.',
    SIGN_IN_CANCELLED: 'The sign-in was cancelled.',
    SIGN_IN_DENIED: 'The sign-in was cancelled in the browser.',
    SIGN_IN_NO_API_ADDRESS:
      'The login server did not say which platform address to use. Contact your platform provider.',
    SIGN_IN_DISCOVERY_FAILED:
      'The login server could not be reached. Check your connection and the environment’s address.',
    SANDBOX_NOT_RUNNING: 'The local platform is not running. {message}',
    ENVIRONMENT_UNREACHABLE: 'Nothing answered at that address. Check the address and your connection.',
    ENVIRONMENT_NOT_A_PLATFORM: 'That address is not a platform API address or login address.',
    ENVIRONMENT_INVALID_URL: 'That is not a valid address. Use https://…',
    ENVIRONMENT_INVALID_LICENSE_ADMIN_URL:
      'The license administration address is not valid. Use https://…, or leave it empty.',
    other: 'Something went wrong: {message}',
  },
  account: {
    menu: 'Account',
    environment: 'Environment',
    signOut: 'Sign out',
    storage: 'Sign-in storage',
  },
  company: {
    choose: 'Choose company',
    search: 'Search companies',
    shortcut: 'Ctrl+K',
    test: 'Test',
    none: 'No companies',
    loading: 'Loading companies…',
    switched: 'Opened {name}',
  },
  vault: {
    title: 'Staying signed in',
    weak: 'This computer has no system keychain Ledgerdesk can use, so a saved sign-in would be stored without real protection: anyone who can read your files could use it. Ledgerdesk therefore asks you to sign in again after each start.',
    persist: 'Keep me signed in anyway',
    protected: 'Your sign-in is kept encrypted by {backend}.',
  },
}

const nb: typeof en = {
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

const messages = registerMessages('session', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    session: typeof messages.en
  }
}
