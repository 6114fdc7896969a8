// What the tests of the list views (the contacts register, the sales list) share: the shell over a test
// bridge whose main answers each company's pulls from fixed rows, happy-dom made to lay out a virtual
// table, and the teardown that ends the sync round, signs out and deletes the workspace.
import { expect, vi } from 'vitest'
import type { AppView, Company } from '@common/bridge/contract'
import type { PlatformRow } from '@common/bridge/sync'
import type { WorkspaceDb } from '@renderer/data/schema'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import { mountShell, type MountedShell } from './mount-shell.ts'
import { createTestBridge, sampleSession } from './test-bridge.ts'

/**
 * happy-dom lays nothing out, and the table's virtual scroller renders the rows that fit its viewport: so
 * every element is visible and 20 rows high, and a padding nobody set is 0px rather than ''. unmount()
 * restores the spies; closeCachedList removes the offsetParent happy-dom does not have.
 */
export function layOutTable(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  })
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20 * 37)
  const computed = window.getComputedStyle.bind(window)
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo)
    return new Proxy(style, {
      get: (target, name) => {
        const value: unknown = Reflect.get(target, name)
        if (typeof name === 'string' && name.startsWith('padding') && value === '') return '0px'
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  })
}

export interface CachedList {
  shell: MountedShell
  db: WorkspaceDb
  workspace: ReturnType<typeof useWorkspace>
}

/**
 * The shell at `path` with `nordlys` open, over a bridge whose main offers `views` and answers each
 * company's pull of an entity with `rows[company][entity]`; an entity in `refuse` is answered as a
 * platform that does not offer its list (a 404).
 */
export async function mountCachedList(options: {
  path: string
  companies: readonly Company[]
  rows: Record<string, Record<string, PlatformRow[]>>
  views: AppView[]
  permissions: string[]
  refuse?: readonly string[]
}): Promise<CachedList> {
  const { rows, refuse = [] } = options
  layOutTable()
  sessionStorage.setItem('ledgerdesk.currentCompany', 'nordlys')
  const test = createTestBridge({
    handlers: {
      'companies.list': () => [...options.companies],
      'companies.session': (key) => ({
        companyKey: key,
        companyName: key,
        user: sampleSession.status === 'signedIn' ? sampleSession.user : (undefined as never),
        permissions: options.permissions,
        views: options.views,
      }),
      'connection.probe': () => ({ state: 'online', checkedAt: new Date().toISOString(), message: null }),
      'sync.pull': (companyKey, entity, from) => {
        // As main reports a 404 of the platform: this platform does not offer that list.
        if (refuse.includes(entity))
          throw Object.assign(new Error(`Not found: ${entity}`), { code: 'API_NOT_FOUND' })
        const found = from.id === 0 ? (rows[companyKey]?.[entity] ?? []) : []
        const last = found.at(-1)
        return {
          rows: found,
          checkpoint: last ? { updatedAt: String(last.UpdatedAt), id: Number(last.ID) } : from,
          more: false,
        }
      },
      'sync.ids': (companyKey, entity) => (rows[companyKey]?.[entity] ?? []).map((r) => Number(r.ID)),
      'sync.row': () => null,
    },
  })
  const shell = await mountShell({ path: options.path, languages: ['en-US'], test })
  const workspace = useWorkspace()
  await vi.waitFor(() => expect(workspace.value).not.toBeNull())
  return { shell, db: workspace.value!, workspace }
}

/** Ends the sync round the sign-in started, unmounts, signs out and deletes the workspace. */
export async function closeCachedList(list: CachedList | undefined): Promise<void> {
  delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent
  if (list) {
    const sync = useSyncStore(list.shell.pinia)
    await vi.waitFor(() => expect(sync.syncing).toBe(false), { timeout: 15_000 })
  }
  const test = list?.shell.test
  list?.shell.unmount()
  test?.emit('session.changed', { status: 'signedOut', reason: null })
  await vi.waitFor(() => expect(list?.workspace.value ?? null).toBeNull())
  await new Promise((resolve) => setTimeout(resolve, 100))
  await list?.db.delete()
  sessionStorage.clear()
  localStorage.clear()
}
