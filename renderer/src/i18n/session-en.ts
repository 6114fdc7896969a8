// English strings of sign-in, the account menu and the company switcher (merged into en.ts as `session`).
const sessionEn = {
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

export default sessionEn
export type SessionMessages = typeof sessionEn
