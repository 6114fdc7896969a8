// The inbox's invoice panel mounted alone over a fresh workspace that holds one draft of Nordlys (ID 41,
// number 71001, 1 250 kr, from Havbris AS). After each test of the file that uses it, the panel unmounts and
// the workspace is deleted.
import { afterEach } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { SupplierInvoiceStatus } from '@common/status'
import { openWorkspace, type CachedRow, type WorkspaceDb } from '@renderer/data/schema'
import { createAppI18n } from '@renderer/i18n'
import InvoicePanel from '@renderer/features/inbox/InvoicePanel.vue'

export interface PanelOptions {
  /** Fields of the invoice beside (or instead of) the draft's own. */
  invoice?: Partial<CachedRow>
  locale?: 'nb' | 'en'
  /** What else the workspace holds before the panel opens. */
  prepare?: (db: WorkspaceDb) => Promise<unknown>
}

export interface InvoicePanelHarness {
  readonly db: WorkspaceDb
  readonly wrapper: VueWrapper
  /** Opens the panel on invoice 41 once its row (and what `prepare` adds) is in a new workspace. */
  mount(options?: PanelOptions): Promise<void>
}

/** Registers the file's teardown; `name` names the test's workspace. */
export function useInvoicePanel(name: string): InvoicePanelHarness {
  let wrapper: VueWrapper | undefined
  let db: WorkspaceDb | undefined
  afterEach(async () => {
    wrapper?.unmount()
    wrapper = undefined
    document.body.innerHTML = ''
    await db?.delete()
    db = undefined
  })
  const mounted = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the invoice panel is read before the test mounted it')
    return value
  }
  return {
    get db() {
      return mounted(db)
    },
    get wrapper() {
      return mounted(wrapper)
    },
    async mount({ invoice = {}, locale = 'nb', prepare } = {}) {
      db = openWorkspace(name, `user-${Date.now()}`)
      await prepare?.(db)
      await db.SupplierInvoice.put({
        companyKey: 'nordlys',
        ID: 41,
        StatusCode: SupplierInvoiceStatus.Draft,
        InvoiceNumber: '71001',
        TaxInclusiveAmount: 1250,
        UpdatedAt: '2026-11-01T10:00:00.000Z',
        ...invoice,
      })
      wrapper = mount(InvoicePanel, {
        props: { db, companyKey: 'nordlys', invoiceId: 41, supplierName: 'Havbris AS' },
        global: { plugins: [createAppI18n(locale), PrimeVue] },
        attachTo: document.body,
      })
    },
  }
}
