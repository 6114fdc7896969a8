// The sync indicator, sync panel and conflict dialog, and the office overview, mounted in the whole shell
// against a test bridge whose sync calls answer like main's. Rows and outbox entries go into Dexie as the
// engine would put them.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import { useSyncStore } from '@renderer/stores/sync'
import type { WorkspaceDb } from '@renderer/data/schema'
import { waitForElement, type MountedShell } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Aurora Arkitekter AS', Key: 'aurora', IsTest: false, OrganizationNumber: '952965891' },
]
const invoices: Record<string, PlatformRow[]> = {
  nordlys: [
    { ID: 1, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'N-1', StatusCode: 30101 },
    { ID: 2, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'N-2', StatusCode: 30101 },
    { ID: 3, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'N-3', StatusCode: 30105 },
  ],
  aurora: [{ ID: 1, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'A-1', StatusCode: 30101 }],
}

let shell: MountedShell | undefined
let db: WorkspaceDb | undefined
afterEach(() => {
  scan.inProgress = {}
})

/** The scan station as main reports it: the documents in progress per company. */
const scan = { inProgress: {} as Record<string, number> }
const scanOverview = () => ({
  folders: [],
  paused: false,
  pausedReason: null,
  configError: null,
  inProgress: { ...scan.inProgress },
  configFile: '/data/scan-folders.json',
})

async function mount(path: string) {
  const sent: { body?: unknown }[] = []
  const mounted = await mountWorkspace({
    path,
    companies,
    permissions: ['ui_accounting_bills'],
    views: ['inbox', 'settings'],
    rows: Object.fromEntries(Object.entries(invoices).map(([key, rows]) => [key, { SupplierInvoice: rows }])),
    handlers: {
      'scan.overview': scanOverview,
      'outbox.execute': (_companyKey, command) => {
        sent.push(command)
        return { status: 'done', row: null, merged: [] }
      },
    },
  })
  shell = mounted.shell
  db = mounted.db
  await vi.waitFor(async () => expect(await db!.SupplierInvoice.count()).toBeGreaterThan(0), {
    timeout: 15_000,
  })
  return { sent, db }
}

describe('the offline views', () => {
  it('count the open company’s cached invoices on the overview, and only that company’s', async () => {
    const { db } = await mount('/overview')
    const current = sessionStorage.getItem('ledgerdesk.currentCompany')!
    await vi.waitFor(
      async () => {
        const cell = await waitForElement(`[data-testid="overview-${current}-toReview"]`)
        const drafts = invoices[current]!.filter((row) => row.StatusCode === 30101).length
        expect(cell.dataset.count).toBe(String(drafts))
      },
      { timeout: 15_000 },
    )
    const other = companies.find((company) => company.Key !== current)!.Key
    // The other company is not on this computer yet: a dash, no count.
    expect((await waitForElement(`[data-testid="overview-${other}-toReview"]`)).textContent?.trim()).toBe('–')
    expect(await db.SupplierInvoice.where('companyKey').equals(other).count()).toBe(0)
    // The scan station fills the documents in progress: none yet, then three for the open company as main
    // reports them.
    await vi.waitFor(async () =>
      expect(
        (await waitForElement(`[data-testid="overview-${current}-inProgress"]`)).textContent?.trim(),
      ).toBe('0'),
    )
    scan.inProgress = { [current]: 3 }
    shell!.test.emit('scan.overviewChanged', scanOverview())
    await flushPromises()
    expect((await waitForElement(`[data-testid="overview-${current}-inProgress"]`)).textContent?.trim()).toBe(
      '3',
    )
    expect((await waitForElement(`[data-testid="overview-${other}-inProgress"]`)).textContent?.trim()).toBe(
      '0',
    )
  }, 30_000)

  it('shows a conflict side by side and sends the field the user keeps', async () => {
    const { db, sent } = await mount('/overview')
    const current = sessionStorage.getItem('ledgerdesk.currentCompany')!
    const row = (await db.SupplierInvoice.where('companyKey').equals(current).first())!
    await db.outbox.add({
      companyKey: current,
      entity: 'SupplierInvoice',
      entityId: row.ID,
      action: 'update',
      body: { InvoiceNumber: 'MINE-1' },
      base: { InvoiceNumber: row.InvoiceNumber },
      baseUpdatedAt: row.UpdatedAt ?? null,
      operationKey: crypto.randomUUID(),
      attempts: 1,
      state: 'conflict',
      lastError: { code: 'CONFLICT', message: 'Changed on the server too: InvoiceNumber' },
      theirs: { InvoiceNumber: 'THEIRS-1' },
      createdAt: new Date().toISOString(),
    })
    const indicator = await waitForElement('[data-testid="sync-indicator"]')
    await vi.waitFor(() => expect(indicator.dataset.conflicts).toBe('1'), { timeout: 15_000 })
    expect(indicator.textContent).toContain('1 conflict')
    indicator.click()
    const resolve = await vi.waitFor(
      () => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Resolve',
        )
        if (!button) throw new Error('No Resolve button')
        return button
      },
      { timeout: 15_000 },
    )
    resolve.click()
    const field = await waitForElement('[data-testid="conflict-field-InvoiceNumber"]')
    expect(field.textContent).toContain('MINE-1')
    expect(field.textContent).toContain('THEIRS-1')
    const apply = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Apply choices',
    )!
    expect(apply.disabled).toBe(true)
    ;(field.querySelector('input[value="mine"]') as HTMLInputElement).click()
    await flushPromises()
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    apply.click()
    await vi.waitFor(() => expect(sent).toMatchObject([{ body: { InvoiceNumber: 'MINE-1' } }]), {
      timeout: 15_000,
    })
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0))
    // The push that sent it ends its round before the test signs out.
    const sync = useSyncStore()
    await vi.waitFor(() => expect(sync.syncing).toBe(false), { timeout: 15_000 })
    await new Promise((resolve) => setTimeout(resolve, 500))
  }, 30_000)
})
