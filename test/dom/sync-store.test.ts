// The workspace and sync store as the views use them: signing in opens the user's database and starts the
// engine, which caches each company's rows under its own key; signing out stops it and closes the database.
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppView } from '@common/bridge/contract'
import type { PlatformRow } from '@common/bridge/sync'
import { installBridge } from '@renderer/bridge'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import { updateRow } from '@renderer/data/outbox'
import { useCompaniesStore } from '@renderer/stores/companies'
import { useSessionStore } from '@renderer/stores/session'
import { createTestBridge, sampleSession } from './test-bridge.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Aurora Arkitekter AS', Key: 'aurora', IsTest: false, OrganizationNumber: '952965891' },
]
const invoices: Record<string, PlatformRow[]> = {
  nordlys: [
    { ID: 1, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'N-1', StatusCode: 30101 },
    { ID: 2, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'N-2', StatusCode: 30101 },
  ],
  aurora: [{ ID: 1, UpdatedAt: '2026-11-01T10:00:00.000Z', InvoiceNumber: 'A-1', StatusCode: 30101 }],
}

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  platform.down = false
  platform.views = ['inbox', 'settings']
  await cleanup?.()
  cleanup = undefined
  sessionStorage.clear()
  localStorage.clear()
})

/** Whether the platform answers; while it does not, every call that needs it fails as main reports it. */
const platform = { down: false, views: ['inbox', 'settings'] as AppView[] }
const unreachable = () => Object.assign(new Error('The platform cannot be reached'), { code: 'API_NETWORK' })
const reachable =
  <T>(answer: () => T) =>
  () => {
    if (platform.down) throw unreachable()
    return answer()
  }

function start() {
  const sent: unknown[] = []
  const test = createTestBridge({
    handlers: {
      'companies.list': reachable(() => companies),
      'companies.session': (key) => {
        if (platform.down) throw unreachable()
        return {
          companyKey: key,
          companyName: key,
          user: sampleSession.status === 'signedIn' ? sampleSession.user : (undefined as never),
          permissions: ['ui_accounting_bills'],
          views: platform.views,
        }
      },
      'connection.probe': reachable(() => ({
        state: 'online' as const,
        checkedAt: new Date().toISOString(),
        message: null,
      })),
      'sync.pull': (companyKey, entity, from) => {
        const rows = entity === 'SupplierInvoice' && from.id === 0 ? (invoices[companyKey] ?? []) : []
        const last = rows.at(-1)
        return {
          rows,
          checkpoint: last ? { updatedAt: String(last.UpdatedAt), id: Number(last.ID) } : from,
          more: false,
        }
      },
      'sync.ids': (companyKey, entity) =>
        entity === 'SupplierInvoice' ? (invoices[companyKey] ?? []).map((r) => Number(r.ID)) : [],
      'sync.row': () => null,
      'outbox.execute': (_companyKey, command) => {
        sent.push(command)
        return { status: 'done', row: null, merged: [] }
      },
    },
  })
  installBridge(test.bridge)
  setActivePinia(createPinia())
  return { test, sent }
}

describe('the workspace and the sync store', () => {
  it('open on sign-in, cache every company under its own key, send changes, and close on sign-out', async () => {
    const { test, sent } = start()
    const session = useSessionStore()
    await session.load()
    const companiesStore = useCompaniesStore()
    await vi.waitFor(() => expect(companiesStore.companies).toHaveLength(2))
    const workspace = useWorkspace()
    const sync = useSyncStore()
    expect(workspace.value?.name).toBe(
      `ledgerdesk:local-sandbox:${sampleSession.status === 'signedIn' ? sampleSession.user.GlobalIdentity : ''}`,
    )
    const db = workspace.value!
    cleanup = async () => {
      test.emit('session.changed', { status: 'signedOut', reason: null })
      await db.delete()
    }
    await vi.waitFor(() => expect(sync.connection).toBe('online'))
    // The open company is kept offline; another one once the user asks for it.
    await sync.setOffline('nordlys', true)
    await sync.syncNow()
    await vi.waitFor(async () => expect(await db.SupplierInvoice.count()).toBe(3))
    expect((await db.SupplierInvoice.get(['aurora', 1]))?.InvoiceNumber).toBe('A-1')
    expect((await db.SupplierInvoice.get(['nordlys', 1]))?.InvoiceNumber).toBe('N-1')
    expect(sync.lastSyncAt).not.toBeNull()

    await updateRow(db, 'nordlys', 'SupplierInvoice', 2, { InvoiceNumber: 'N-2b' })
    expect(await sync.removeOfflineData('nordlys')).toMatchObject({
      removed: false,
      unsynced: [{ body: { InvoiceNumber: 'N-2b' } }],
    })
    expect(await sync.sizeOf('nordlys')).toBeGreaterThan(0)
    await sync.syncNow('nordlys')
    expect(sent).toMatchObject([
      { entity: 'SupplierInvoice', entityId: 2, action: 'update', body: { InvoiceNumber: 'N-2b' } },
    ])
    expect(await db.outbox.count()).toBe(0)
    expect(await sync.removeOfflineData('nordlys')).toEqual({ removed: true })
    expect(await db.SupplierInvoice.where('companyKey').equals('nordlys').count()).toBe(0)
    expect(await db.SupplierInvoice.where('companyKey').equals('aurora').count()).toBe(1)

    await expect(sync.setSetting('journaledDays', -1)).rejects.toMatchObject({ code: 'SETTING_OUT_OF_RANGE' })
    expect((await sync.settings()).journaledDays).toBe(90)
    expect((await db.checkpoints.get(['aurora', 'SupplierInvoice']))?.id).toBe(1)
    // A longer window asks for supplier invoices again from the start.
    await sync.setSetting('journaledDays', 180)
    expect(await sync.settings()).toMatchObject({ journaledDays: 180, fileCacheBytes: 1024 ** 3 })
    expect(await db.checkpoints.get(['aurora', 'SupplierInvoice'])).toMatchObject({ updatedAt: null, id: 0 })

    test.emit('session.changed', { status: 'signedOut', reason: null })
    await vi.waitFor(() => expect(workspace.value).toBeNull())
    await vi.waitFor(() => expect(sync.connection).toBe('signedOut'))
  })

  it('opens the window’s company from the workspace after a restart without the platform, and asks again once it answers', async () => {
    const first = start()
    useSyncStore()
    await useSessionStore().load()
    const before = useCompaniesStore()
    await vi.waitFor(() => expect(before.currentSession?.views).toEqual(['inbox', 'settings']))
    before.select('aurora')
    await vi.waitFor(() => expect(before.currentSession?.companyKey).toBe('aurora'))
    const db = useWorkspace().value!
    await vi.waitFor(async () => expect(await db.companySessions.get('aurora')).toBeDefined())
    await vi.waitFor(async () => expect((await db.companies.get('aurora'))?.lastSyncAt).toBeTruthy(), {
      timeout: 15_000,
    })
    const lastSync = (await db.companies.get('aurora'))!.lastSyncAt
    first.test.emit('session.changed', { status: 'signedOut', reason: null })
    await vi.waitFor(() => expect(useWorkspace().value).toBeNull())

    // A reload: new stores, the same window (its company in sessionStorage), the platform out of reach.
    platform.down = true
    platform.views = ['inbox', 'journal', 'settings']
    start()
    const sync = useSyncStore()
    await useSessionStore().load()
    const after = useCompaniesStore()
    expect(sync.connection).toBe('connecting')
    await vi.waitFor(() => expect(after.currentKey).toBe('aurora'))
    await vi.waitFor(() => expect(after.currentSession?.views).toEqual(['inbox', 'settings']))
    expect(after.companies.map((c) => c.Key).sort()).toEqual(['aurora', 'nordlys'])
    expect(after.error).toBeNull()
    expect(sync.lastSyncAt).toBe(lastSync)
    await vi.waitFor(() => expect(sync.connection).toBe('offline'))
    const reopened = useWorkspace().value!
    cleanup = async () => {
      await reopened.delete()
    }

    // The platform answers again: the kept answer is replaced by the platform's own.
    platform.down = false
    await sync.syncNow()
    await vi.waitFor(() => expect(sync.connection).toBe('online'))
    await vi.waitFor(() => expect(after.currentSession?.views).toEqual(['inbox', 'journal', 'settings']))
    expect((await reopened.companySessions.get('aurora'))?.session.views).toEqual([
      'inbox',
      'journal',
      'settings',
    ])
  })
})
