// English messages. Their shape is the schema every language must match (see nb.ts).
// vue-i18n message syntax: `{name}` interpolates; write a literal @, $, | or brace as {'@'} etc.
import checkMessages from './check.messages.ts'

const en = {
  app: {
    name: 'Ledgerdesk',
    tagline: 'Bookkeeping workspace',
  },
  nav: {
    overview: 'Companies',
    desk: 'Desk',
    label: 'Main navigation',
    inbox: 'Inbox',
    review: 'Review',
    journal: 'Journal',
    approvals: 'Approvals',
    sales: 'Sales',
    contacts: 'Contacts',
    admin: 'Admin',
    settings: 'Settings',
    about: 'About',
    notOffered: '{view} is not offered to you in {company}, so the overview opened instead.',
    thisCompany: 'this company',
    dismiss: 'Dismiss',
  },
  titles: {
    overview: 'Companies',
    desk: 'Review desk',
    inbox: 'Inbox',
    review: 'Review',
    journal: 'Journal',
    approvals: 'Approvals',
    sales: 'Sales',
    contacts: 'Contacts',
    admin: 'Administration',
    settings: 'Settings',
    about: 'About Ledgerdesk',
  },
  empty: {
    review: {
      title: 'Nothing to review',
      text: 'Documents read by OCR wait here for you to check and confirm their fields.',
    },
    journal: {
      title: 'No journal drafts',
      text: 'Journal entries you draft are kept here until they are booked.',
    },
    approvals: {
      title: 'No approvals waiting for you',
      text: 'Invoices you are asked to approve, from every company you work for, will gather here.',
    },
  },
  company: {
    switcherLabel: 'Company',
  },
  connection: {
    connected: 'Connected',
    connecting: 'Connecting…',
    disconnected: 'Offline',
    connectedHint: 'The app is in contact with its background service.',
    connectingHint: 'Reaching the background service…',
    disconnectedHint: 'The background service cannot be reached. The app keeps trying to reconnect.',
  },
  settings: {
    language: 'Language',
    languageHint: 'The language of menus, messages, dates and amounts.',
    access: 'Not available in {company}',
    accessHint:
      "The platform refused the read these views start with, so they are hidden here. Hover for the platform's own reason.",
    refused: 'The platform refused your access.',
    localeSystem: 'System language ({language})',
    localeNb: 'Norsk bokmål',
    localeEn: 'English',
    saveFailed: 'The language could not be saved',
    shortcuts: 'Keyboard shortcuts',
    shortcutsHint: 'Shortcuts work everywhere except while you type in a field.',
    shortcutAction: 'Action',
    shortcutKeys: 'Keys',
    openView: 'Open {view}',
    or: 'or',
  },
  about: {
    application: 'Application',
    version: 'Version',
    mode: 'Running as',
    modeElectron: 'Desktop app',
    modeBrowser: 'Browser mode',
    runtime: 'Runtime',
    electron: 'Electron',
    node: 'Node.js',
    chromium: 'Chromium',
    notUsed: 'Not used in browser mode',
    browserEngine: 'The browser’s own (browser mode)',
    platform: 'Platform',
    dataDir: 'Data folder',
    locale: 'System locale',
    loading: 'Loading…',
    loadFailed: 'The app information could not be loaded',
    retry: 'Try again',
    copy: 'Copy',
    copied: 'Copied to the clipboard',
  },
  errors: {
    disconnected:
      'The app has lost contact with its background service. It reconnects by itself; try again in a moment.',
    timeout: 'The background service did not answer in time. Try again in a moment.',
    noSession:
      'This browser tab is not linked to a running Ledgerdesk. Open the address Ledgerdesk printed when it started.',
    notAvailableInBrowserMode: 'This is only available in the desktop app.',
    unexpected: 'Something went wrong in the background service.',
    code: 'Error code: {code}',
  },
  notification: {
    title: 'Ledgerdesk',
  },
  check: checkMessages.en,
}

export type Messages = typeof en
export default en
