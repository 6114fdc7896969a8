// Runs in Chromium (bundled with Vite and the Vue plugin by overview-view.ts): the real office overview
// view, mounted with its stores over a workspace database holding `companies` companies (their invoices and
// the counts the workspace keeps of them), timed from mount until every company's row shows its counts. The
// first mount opens the database; the later ones are what an accountant sees when coming back to it.
import { createPinia, setActivePinia } from 'pinia'
import { createApp, defineComponent, h, nextTick } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import { openWorkspace, type CachedRow } from '../renderer/src/data/schema.ts'
import { useWorkspace } from '../renderer/src/stores/workspace.ts'
import OverviewView from '../renderer/src/features/overview/OverviewView.vue'
import { createAppI18n } from '../renderer/src/i18n/index.ts'
import { useCompaniesStore } from '../renderer/src/stores/companies.ts'
import { useSessionStore } from '../renderer/src/stores/session.ts'

const statuses = [30101, 30102, 30103, 30104, 30105]
const environmentId = 'bench-environment'
const userIdentity = `bench-user-${Date.now()}`

async function seed(companies: number) {
  const db = openWorkspace(environmentId, userIdentity)
  const keys = Array.from({ length: companies }, (_, c) => `company-${String(c).padStart(3, '0')}`)
  let invoices = 0
  const drafts = new Map<string, number>()
  for (const [c, Key] of keys.entries()) {
    const count = 150 + ((c * 37) % 200)
    const rows: CachedRow[] = Array.from({ length: count }, (_, i) => ({
      companyKey: Key,
      ID: i + 1,
      UpdatedAt: '2026-11-01T10:00:00.000Z',
      InvoiceNumber: String(10_000 + i),
      PaymentDueDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-15`,
      TaxInclusiveAmount: 1000 + i,
      StatusCode: statuses[i % statuses.length],
      SupplierID: 1 + (i % 30),
    }))
    invoices += rows.length
    drafts.set(Key, rows.filter((r) => r.StatusCode === 30101).length)
    await db.SupplierInvoice.bulkPut(rows)
    await db.Approval.bulkPut(
      Array.from({ length: 10 }, (_, i) => ({
        companyKey: Key,
        ID: i + 1,
        UserID: i % 2 === 0 ? 7 : 8,
        StatusCode: 50120,
      })),
    )
    await db.companies.put({
      Key,
      ID: c + 1,
      IsTest: false,
      Name: `Klient ${String(c).padStart(3, '0')} AS`,
      OrganizationNumber: null,
      offline: true,
      lastOpenedAt: null,
      syncState: 'idle',
      lastSyncAt: '2026-11-24T06:00:00.000Z',
      lastError: null,
      userId: 7,
    })
  }
  // The workspace counts each company as its invoices are written (as the sync does, long before the
  // overview is opened): the measurement starts once they are kept.
  while ((await db.companyCounts.count()) < companies) await new Promise((r) => setTimeout(r, 50))
  db.close()
  return { keys, drafts, invoices }
}

/** Resolves when every company's draft count shows what the cache holds. */
function countsShown(root: HTMLElement, drafts: Map<string, number>): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      for (const [key, n] of drafts) {
        const cell = root.querySelector(`[data-testid="overview-${key}-toReview"]`)
        if (cell?.getAttribute('data-count') !== String(n)) return requestAnimationFrame(check)
      }
      resolve()
    }
    check()
  })
}

async function run(companies: number, mounts: number) {
  const { keys, drafts, invoices } = await seed(companies)
  const pinia = createPinia()
  setActivePinia(pinia)
  const session = useSessionStore()
  session.state = {
    status: 'signedIn',
    environmentId,
    environmentName: 'Bench',
    user: {
      GlobalIdentity: userIdentity,
      DisplayName: 'Bench',
      Email: 'bench@example.test',
      UserName: 'bench',
    },
    loginCompanyKey: null,
  }
  useCompaniesStore().companies = keys.map((Key, c) => ({
    ID: c + 1,
    Key,
    Name: `Klient ${String(c).padStart(3, '0')} AS`,
    IsTest: false,
    OrganizationNumber: null,
  }))
  const empty = defineComponent({ render: () => h('div') })
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', name: 'overview', component: OverviewView },
      { path: '/inbox', name: 'inbox', component: empty },
      { path: '/approvals', name: 'approvals', component: empty },
    ],
  })
  const i18n = createAppI18n('nb')
  // The app opens the workspace at sign-in (the sync engine starts with it), before the overview shows.
  const workspace = useWorkspace()
  await nextTick()
  const opened = performance.now()
  await workspace.value!.open()
  const openMs = performance.now() - opened
  const times: number[] = []
  for (let m = 0; m < mounts; m++) {
    const root = document.createElement('div')
    document.body.append(root)
    const t = performance.now()
    const app = createApp(OverviewView).use(pinia).use(router).use(i18n)
    app.mount(root)
    await countsShown(root, drafts)
    times.push(performance.now() - t)
    const rows = root.querySelectorAll('[data-testid^="overview-row-"]').length
    if (rows !== companies) throw new Error(`the overview showed ${rows} of ${companies} companies`)
    app.unmount()
    root.remove()
  }
  return { openMs, first: times[0]!, again: times.slice(1), invoices }
}

;(globalThis as unknown as { benchOverviewView: typeof run }).benchOverviewView = run
