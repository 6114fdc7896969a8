// The whole shell signed in over a fake main, with its workspace (Dexie) open: main lists `companies`,
// answers each company's current session with `views` and `permissions`, and each company's pull of an
// entity with fixed rows. The test that mounts it gets its teardown with it: once the test has finished
// (after the file's afterEach hooks), the views unmount, sign-out stops the engine and closes the
// database, and the database is deleted.
import { expect, onTestFinished, vi } from 'vitest'
import type { AppView, Company, CompanySession } from '@common/bridge/contract'
import type { PlatformRow } from '@common/bridge/sync'
import type { WorkspaceDb } from '@renderer/data/schema'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import { mountShell, type MountedShell } from './mount-shell.ts'
import { createTestBridge, sampleSession, type Handlers, type TestBridge } from './test-bridge.ts'

export interface WorkspaceOptions {
  /** The address the shell opens at (default `/`). */
  path?: string
  companies: readonly Company[]
  views: AppView[]
  permissions?: string[]
  /**
   * The rest of a company's current-session answer (its name, `isAdmin`, `isLicenseAdmin`); the name is
   * the company's key unless given. An async answer stands for a platform that answers late.
   */
  session?: (companyKey: string) => Partial<CompanySession> | Promise<Partial<CompanySession>>
  /** What main's pull answers: `rows[company][entity]`, all in the first page. */
  rows?: Record<string, Partial<Record<string, PlatformRow[]>>>
  /** Entities whose list the platform does not offer: main reports its 404. */
  refuse?: readonly string[]
  /** The connection probe's answer (default online). */
  online?: boolean
  /** The company the window had open last (`ledgerdesk.currentCompany`). */
  open?: string
  /** The browser's languages (default `en-US`). */
  languages?: string[]
  /** Further calls of main, or calls answered otherwise than above. */
  handlers?: Handlers
  /** Before the teardown, wait for the sync round the sign-in started to end. */
  settle?: boolean
}

export interface MountedWorkspace {
  shell: MountedShell
  test: TestBridge
  db: WorkspaceDb
  workspace: ReturnType<typeof useWorkspace>
}

/** The review of invoice 1, as an accountant whose session offers the inbox and the review opens it. */
export const reviewOfInvoice1 = {
  path: '/review?invoice=1',
  permissions: ['ui_accounting_bills'],
  views: ['inbox', 'review', 'settings'],
} satisfies Partial<WorkspaceOptions>

export async function mountWorkspace(options: WorkspaceOptions): Promise<MountedWorkspace> {
  const { rows = {}, refuse = [], online = true } = options
  if (options.open) sessionStorage.setItem('ledgerdesk.currentCompany', options.open)
  const test = createTestBridge({
    handlers: {
      'companies.list': () => [...options.companies],
      'companies.session': async (key) => ({
        companyKey: key,
        companyName: key,
        user: sampleSession.status === 'signedIn' ? sampleSession.user : (undefined as never),
        permissions: options.permissions ?? [],
        views: options.views,
        ...(await options.session?.(key)),
      }),
      'connection.probe': () => ({
        state: online ? 'online' : 'offline',
        checkedAt: new Date().toISOString(),
        message: null,
      }),
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
      ...options.handlers,
    },
  })
  const shell = await mountShell({
    path: options.path ?? '/',
    languages: options.languages ?? ['en-US'],
    test,
  })
  const workspace = useWorkspace()
  const mounted = { shell, test, workspace, db: undefined as WorkspaceDb | undefined }
  onTestFinished(() => closeWorkspace(mounted, options.settle ?? false), 60_000)
  await vi.waitFor(() => expect(workspace.value).not.toBeNull())
  mounted.db = workspace.value!
  return { shell, test, workspace, db: mounted.db }
}

/** The views go first (their live queries end), then sign-out stops the engine and closes the database. */
async function closeWorkspace(
  mounted: Omit<MountedWorkspace, 'db'> & { db: WorkspaceDb | undefined },
  settle: boolean,
): Promise<void> {
  if (settle) {
    const sync = useSyncStore(mounted.shell.pinia)
    await vi.waitFor(() => expect(sync.syncing).toBe(false), { timeout: 15_000 })
  }
  mounted.shell.unmount()
  mounted.test.emit('session.changed', { status: 'signedOut', reason: null })
  await vi.waitFor(() => expect(mounted.workspace.value).toBeNull())
  await new Promise((resolve) => setTimeout(resolve, 100))
  await mounted.db?.delete()
  sessionStorage.clear()
  localStorage.clear()
}
