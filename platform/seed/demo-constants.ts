// Fixed facts of the demo bookkeeping office: companies with stable Keys and valid organisation
// numbers, and the people who sign in (password `demo`). Tests, docs/demo-office.md and the desktop app's
// demo mode may rely on every value here.

export const DEMO_PASSWORD = 'demo'

export interface DemoCompany {
  /** Company.Key, the `CompanyKey` header value. */
  key: string
  name: string
  organizationNumber: string
  /** The company's operating bank account (11 digits). */
  bankAccount: string
  isTest: boolean
  /** Its key in DEMO_COMPANIES; also used in e-mail addresses. */
  slug: string
}

export const DEMO_COMPANIES = {
  nordlys: {
    key: '7b1c0a4e-2d3f-4e5a-9b6c-000000000001',
    name: 'Nordlys Bakeri AS',
    organizationNumber: '924956488',
    bankAccount: '15034813156',
    isTest: false,
    slug: 'nordlys',
  },
  fjordbygg: {
    key: '7b1c0a4e-2d3f-4e5a-9b6c-000000000002',
    name: 'Fjordbygg Rørlegger AS',
    organizationNumber: '949687058',
    bankAccount: '15066035945',
    isTest: false,
    slug: 'fjordbygg',
  },
  aurora: {
    key: '7b1c0a4e-2d3f-4e5a-9b6c-000000000003',
    name: 'Aurora Arkitekter AS',
    organizationNumber: '952965891',
    bankAccount: '15948469828',
    isTest: false,
    slug: 'aurora',
  },
  test: {
    key: '7b1c0a4e-2d3f-4e5a-9b6c-0000000000f0',
    name: 'Demo Testselskap AS',
    organizationNumber: '943492670',
    bankAccount: '18130837138',
    isTest: true,
    slug: 'test',
  },
} as const satisfies Record<string, DemoCompany>

export const DEMO_COMPANY_LIST: readonly DemoCompany[] = Object.values(DEMO_COMPANIES)

/** Role names (Role.Name) the demo users hold; spec 4.10 and section 5 name them. */
export const DEMO_ROLES = {
  administrator: 'Administrator',
  accountingAdmin: 'Accounting.Admin',
  accountingJournal: 'Accounting.Journal',
  accountingReporting: 'Accounting.Reporting',
  accountingApproval: 'Accounting.Approval',
  approver: 'Approval.Accounting',
  bankPayment: 'Bank.Payment',
  salesInvoice: 'Sales.Invoice',
} as const

/** The role catalogue (global Role rows): the role names the spec lists among its scopes (section 5). */
export const DEMO_ROLE_CATALOGUE: readonly { Name: string; Label: string; Description: string }[] = [
  ['Administrator', 'Administrator', 'Administers users, roles and company settings'],
  ['Accounting.Admin', 'Accounting administrator', 'Sets up the chart of accounts, VAT and periods'],
  ['Accounting.Journal', 'Journal entries', 'Books journal entries and supplier invoices'],
  ['Accounting.Reporting', 'Accounting reports', 'Reads ledgers and reports'],
  ['Accounting.Approval', 'Accounting approval', 'Approves accounting documents'],
  ['Approval.Accounting', 'Approver', 'Approves or rejects supplier invoices assigned to them'],
  ['Bank.Payment', 'Payments', 'Creates payments'],
  ['Bank.Approver', 'Payment approver', 'Approves payments'],
  ['Bank.Admin', 'Bank administrator', 'Sets up bank agreements'],
  ['Sales.Invoice', 'Invoicing', 'Creates and sends customer invoices'],
  ['Sales.Order', 'Orders', 'Creates customer orders'],
  ['Sales.Quote', 'Quotes', 'Creates quotes'],
  ['Sales.Reporting', 'Sales reports', 'Reads sales reports'],
  ['Sales.Manager', 'Sales manager', 'Manages sales'],
  ['Sales.Admin', 'Sales administrator', 'Sets up sales'],
  ['Payroll.Payroll', 'Payroll', 'Runs payroll'],
  ['Payroll.Admin', 'Payroll administrator', 'Sets up payroll'],
  ['Payroll.Travel', 'Travel expenses', 'Handles travel expenses'],
  ['Payroll.HR', 'HR', 'Handles employee records'],
  ['Timetracking.Worker', 'Time tracking', 'Registers hours'],
  ['Timetracking.Manager', 'Time tracking manager', 'Approves hours'],
  ['Timetracking.Reporting', 'Time tracking reports', 'Reads time tracking reports'],
  ['Timetracking.HR', 'Time tracking HR', 'Manages work relations'],
  ['Timetracking.Admin', 'Time tracking administrator', 'Sets up time tracking'],
  ['Webhook.Admin', 'Webhook administrator', 'Manages Eventplans'],
  ['READ_ONLY', 'Read only', 'Reads everything, changes nothing'],
].map(([Name, Label, Description]) => ({ Name: Name!, Label: Label!, Description: Description! }))

export interface DemoUser {
  email: string
  displayName: string
  globalIdentity: string
  phoneNumber: string
  /** Keys of DEMO_COMPANIES the user is an active member of. */
  companies: readonly (keyof typeof DEMO_COMPANIES)[]
  /** Role names held in each of those companies. */
  roles: readonly string[]
  isLicenseAdmin: boolean
}

const everyCompany = Object.keys(DEMO_COMPANIES) as (keyof typeof DEMO_COMPANIES)[]

export const DEMO_USERS = {
  anne: {
    email: 'anne.accountant@demo.test',
    displayName: 'Anne Accountant',
    globalIdentity: '5e1d0000-a000-4000-8000-00000000a001',
    phoneNumber: '+4791000001',
    companies: everyCompany,
    roles: [
      DEMO_ROLES.administrator,
      DEMO_ROLES.accountingAdmin,
      DEMO_ROLES.accountingJournal,
      DEMO_ROLES.accountingReporting,
      DEMO_ROLES.accountingApproval,
      DEMO_ROLES.bankPayment,
      DEMO_ROLES.salesInvoice,
    ],
    isLicenseAdmin: false,
  },
  per: {
    email: 'per.approver@demo.test',
    displayName: 'Per Approver',
    globalIdentity: '5e1d0000-a000-4000-8000-00000000a002',
    phoneNumber: '+4791000002',
    // Approver in two client companies only; not a member of the others.
    companies: ['nordlys', 'fjordbygg'],
    roles: [DEMO_ROLES.approver],
    isLicenseAdmin: false,
  },
  siri: {
    email: 'siri.substitute@demo.test',
    displayName: 'Siri Substitute',
    globalIdentity: '5e1d0000-a000-4000-8000-00000000a003',
    phoneNumber: '+4791000003',
    companies: everyCompany,
    roles: [],
    isLicenseAdmin: false,
  },
  lars: {
    email: 'lars.licenseadmin@demo.test',
    displayName: 'Lars Licenseadmin',
    globalIdentity: '5e1d0000-a000-4000-8000-00000000a004',
    phoneNumber: '+4791000004',
    companies: everyCompany,
    roles: [],
    isLicenseAdmin: true,
  },
} as const satisfies Record<string, DemoUser>

export const DEMO_USER_LIST: readonly DemoUser[] = Object.values(DEMO_USERS)

/** Currency codes every company can use (ISO 4217); NOK is the base currency of the demo companies. */
export const DEMO_CURRENCIES = [
  { Code: 'NOK', ShortCode: 'kr', Name: 'Norske kroner' },
  { Code: 'EUR', ShortCode: '€', Name: 'Euro' },
  { Code: 'USD', ShortCode: '$', Name: 'Amerikanske dollar' },
  { Code: 'SEK', ShortCode: 'kr', Name: 'Svenske kroner' },
  { Code: 'DKK', ShortCode: 'kr', Name: 'Danske kroner' },
] as const
