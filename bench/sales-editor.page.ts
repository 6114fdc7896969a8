// Runs in Chromium (bundled with Vite and the Vue plugin by sales-editor.ts): the real invoice editor
// (features/sales/editor/SalesEditor.vue) with the app's plugins, over a workspace holding one company's
// sales VAT codes, products and a draft of `lines` lines written through the data API. Each keystroke is a
// quantity typed into a line (the input event the browser fires), timed until the invoice's total shows the
// new sum and the page's layout is done.
import { createPinia, setActivePinia } from 'pinia'
import PrimeVue from 'primevue/config'
import { createApp, nextTick } from 'vue'
import { installBridge, type Bridge } from '../renderer/src/bridge/index.ts'
import { createSalesDraft } from '../renderer/src/data/sales.ts'
import { openWorkspace } from '../renderer/src/data/schema.ts'
import SalesEditor from '../renderer/src/features/sales/editor/SalesEditor.vue'
import { createAppI18n } from '../renderer/src/i18n/index.ts'
import { useSessionStore } from '../renderer/src/stores/session.ts'
import { useWorkspace } from '../renderer/src/stores/workspace.ts'
import { primeVueOptions } from '../renderer/src/theme.ts'

const environmentId = 'bench-environment'
const userIdentity = `bench-user-${Date.now()}`
const companyKey = 'bench-nordlys'
const at = '2026-11-01T10:00:00.000Z'
const vatTypes = [
  { ID: 3, VatCode: '3', Name: 'Utgående mva, høy sats', VatPercent: 25, OutputVat: true, OutgoingAccountID: 2700 },
  { ID: 31, VatCode: '31', Name: 'Utgående mva, middels sats', VatPercent: 15, OutputVat: true, OutgoingAccountID: 2701 },
  { ID: 33, VatCode: '33', Name: 'Utgående mva, lav sats', VatPercent: 12, OutputVat: true, OutgoingAccountID: 2702 },
  { ID: 5, VatCode: '5', Name: 'Innenlands omsetning, fritatt', VatPercent: 0, OutputVat: true, OutgoingAccountID: null },
]

async function seed(lines: number): Promise<number> {
  const db = openWorkspace(environmentId, userIdentity)
  const cached = <R extends object>(rows: R[]) => rows.map((r) => ({ companyKey, UpdatedAt: at, ...r }))
  await db.VatType.bulkPut(cached(vatTypes))
  await db.CurrencyCode.bulkPut(cached([{ ID: 1, Code: 'NOK' }]))
  await db.CompanySettings.bulkPut(cached([{ ID: 1, CompanyName: 'Nordlys Bakeri AS', BaseCurrencyCodeID: 1 }]))
  await db.Product.bulkPut(
    cached(
      Array.from({ length: 40 }, (_, i) => ({
        ID: 100 + i,
        PartName: String(1001 + i),
        Name: `Vare ${i + 1}`,
        Unit: 'stk',
        PriceExVat: 50 + i * 12.5,
        VatTypeID: vatTypes[i % vatTypes.length]!.ID,
      })),
    ),
  )
  const id = await createSalesDraft(db, companyKey, {
    CustomerID: 0,
    Customer: { Name: 'Fjordkanten Kafé AS' },
    CustomerName: 'Fjordkanten Kafé AS',
    InvoiceDate: '2026-11-02',
    CurrencyCodeID: 1,
    Items: Array.from({ length: lines }, (_, i) => ({
      ProductID: 100 + (i % 40),
      ItemText: `Vare ${(i % 40) + 1}, levering ${i + 1}`,
      Unit: 'stk',
      NumberOfItems: 1,
      PriceExVatCurrency: 50 + (i % 40) * 12.5,
      DiscountPercent: i % 7 === 0 ? 10 : null,
      VatTypeID: vatTypes[i % vatTypes.length]!.ID,
      SortIndex: i,
    })),
  })
  db.close()
  return id
}

async function run(lines: number, keystrokes: number) {
  const id = await seed(lines)
  // The editor asks for the bridge only to make a PDF, which the bench never does.
  installBridge({} as Bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().state = {
    status: 'signedIn',
    environmentId,
    environmentName: 'Bench',
    user: { GlobalIdentity: userIdentity, DisplayName: 'Bench', Email: 'bench@example.test', UserName: 'bench' },
    loginCompanyKey: null,
  }
  useWorkspace()
  const root = document.createElement('div')
  root.style.height = '1000px'
  document.body.append(root)
  const app = createApp(SalesEditor, { companyKey, invoiceId: id })
    .use(pinia)
    .use(createAppI18n('nb'))
    .use(PrimeVue, primeVueOptions)
  app.mount(root)
  const quantity = (row: number) =>
    root.querySelector<HTMLInputElement>(`[data-testid="sales-lines"] [data-row="${row}"][data-col="2"]`)
  const deadline = Date.now() + 30_000
  while (!quantity(lines - 1)) {
    if (Date.now() > deadline) throw new Error(`the editor did not show ${lines} lines`)
    await new Promise((r) => setTimeout(r, 50))
  }
  const total = root.querySelector('[data-testid="sales-total-gross"]')!
  const times: number[] = []
  for (let k = 0; k < keystrokes; k++) {
    // Every line starts at 1; each round types the next quantity into every line, so each keystroke
    // changes the invoice's total.
    const input = quantity(k % lines)!
    const before = total.textContent
    const t = performance.now()
    input.value = String(2 + Math.floor(k / lines))
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await nextTick()
    void document.body.offsetHeight
    const shown = total.textContent
    times.push(performance.now() - t)
    if (shown === before) throw new Error(`keystroke ${k} did not change the total (${shown})`)
  }
  const shownLines = root.querySelectorAll('[data-testid^="sales-line-sum-"]').length
  app.unmount()
  root.remove()
  return { times, lines: shownLines }
}

;(globalThis as unknown as { benchSalesEditor: typeof run }).benchSalesEditor = run
