// What main answers about the scan station in the dom tests: its overview, a row of its queue, and a
// signed-in company (Nordlys) whose inbox shows the queue.
import type { AppView } from '@common/bridge/contract'
import type { ScanOverview, ScanRow } from '@common/bridge/scan'
import type { Handlers } from './test-bridge.ts'

export const scanKey = 'company-nordlys'
export const scanCompany = {
  ID: 1,
  Name: 'Nordlys Bakeri AS',
  Key: scanKey,
  IsTest: false,
  OrganizationNumber: '924956488',
}

/** The station's overview: no folders, running, nothing in progress, unless `over` says otherwise. */
export const scanOverview = (over: Partial<ScanOverview> = {}): ScanOverview => ({
  folders: [],
  paused: false,
  pausedReason: null,
  configError: null,
  inProgress: {},
  configFile: '/data/scan-folders.json',
  ...over,
})

/** A row of Nordlys's queue: invoice F-1001 of Havbris Catering AS (a supplier it made), ready as invoice 41. */
export const scanRow = (over: Partial<ScanRow>): ScanRow => ({
  id: 'sha-1',
  companyKey: scanKey,
  name: 'faktura-1.pdf',
  state: 'ready',
  progress: null,
  reason: null,
  invoiceId: 41,
  duplicateOfInvoiceId: null,
  supplierName: 'Havbris Catering AS',
  supplierCreated: true,
  invoiceNumber: 'F-1001',
  amount: 12345.5,
  location: '/scan/processed/2026-11/faktura-1.pdf',
  takenAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:01.000Z',
  ...over,
})

/** Main's answers for Anne, an accountant in Nordlys offered `views`, with the station's `overview` and `rows`. */
export function scanHandlers(
  options: { views?: AppView[]; overview?: Partial<ScanOverview>; rows?: ScanRow[] } = {},
): Handlers {
  const { views = ['inbox', 'settings'], rows = [] } = options
  return {
    'companies.list': () => [scanCompany],
    'companies.session': () => ({
      companyKey: scanKey,
      companyName: scanCompany.Name,
      user: { GlobalIdentity: 'g', DisplayName: 'Anne', Email: 'anne@demo.test', UserName: 'anne' },
      permissions: ['ui_accounting_bills'],
      views,
    }),
    'scan.overview': () => scanOverview(options.overview),
    'scan.rows': (k) => (k === scanKey ? rows : []),
  }
}
