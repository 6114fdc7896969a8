// `npm run bench:straight`: the straight-through decision for an office's incoming invoices. A Dexie
// workspace (fake-indexeddb) holds an office of BENCH_COMPANIES (30) companies × BENCH_CACHED (300) cached
// supplier invoices of 10 suppliers each, every supplier with its rule on, and BENCH_INCOMING (1,000)
// incoming drafts spread over the companies: a tenth with a new bank account, a tenth outside the usual
// amount, a tenth a duplicate. Measured: deciding every incoming invoice from the cache (read and decide,
// every company; `incomingDecisions`), best and median of BENCH_ROUNDS (5). Target <= 1 s.
// Sending on is not in the figure (it is the outbox's, one transaction per invoice that goes).
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { SupplierInvoiceStatus } from '../common/status.ts'
import { openWorkspace } from '../renderer/src/data/schema.ts'
import { incomingDecisions, setRule } from '../renderer/src/features/review/logic/straight-send.ts'

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 30)
const CACHED = Number(process.env.BENCH_CACHED ?? 300)
const INCOMING = Number(process.env.BENCH_INCOMING ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SUPPLIERS = 10
const TARGET_MS = 1000

const db = openWorkspace('bench', `straight-${randomUUID()}`)
const keys = Array.from({ length: COMPANIES }, (_, i) => `company-${i + 1}`)
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)

let expectHeld = 0
for (const [c, companyKey] of keys.entries()) {
  await db.Supplier.bulkPut(
    Array.from({ length: SUPPLIERS }, (_, s) => ({
      companyKey,
      ID: s + 1,
      Info: { Name: `Supplier ${s + 1}`, BankAccounts: [{ ID: 100 + s, AccountNumber: '86011117947' }] },
    })),
  )
  for (let s = 1; s <= SUPPLIERS; s++) await setRule(db, companyKey, s, true)
  const rows = []
  for (let i = 0; i < CACHED; i++) {
    const supplier = (i % SUPPLIERS) + 1
    rows.push({
      companyKey,
      ID: i + 1,
      SupplierID: supplier,
      StatusCode: SupplierInvoiceStatus.Journaled,
      InvoiceNumber: `${supplier}-${i}`,
      InvoiceDate: day(i),
      PaymentDueDate: day(i + 14),
      TaxInclusiveAmount: 1000 + (i % 7) * 25,
      BankAccountID: 100 + supplier - 1,
      JournalEntry: { DraftLines: [{ AccountID: 6540, VatTypeID: 1, Amount: 1000, Description: 'Service' }] },
      UpdatedAt: `${day(i)}T08:00:00Z`,
    })
  }
  // This company's share of the incoming drafts.
  const share = Math.floor(INCOMING / COMPANIES) + (c < INCOMING % COMPANIES ? 1 : 0)
  for (let n = 0; n < share; n++) {
    const supplier = (n % SUPPLIERS) + 1
    const odd = n % 10
    if (odd === 1 || odd === 2 || odd === 3) expectHeld++
    rows.push({
      companyKey,
      ID: 10_000 + n,
      SupplierID: supplier,
      StatusCode: SupplierInvoiceStatus.Draft,
      InvoiceNumber: odd === 3 ? `${supplier}-${CACHED - SUPPLIERS + supplier - 1}` : `NEW-${n}`,
      InvoiceDate: day(CACHED + 40 + n),
      PaymentDueDate: day(CACHED + 54 + n),
      TaxInclusiveAmount: odd === 2 ? 9000 : 1010 + n * 3.17,
      ...(odd === 1 ? { PaymentInformation: '12345678903' } : { BankAccountID: 100 + supplier - 1 }),
      UpdatedAt: `${day(CACHED + 40)}T08:00:00Z`,
    })
  }
  await db.SupplierInvoice.bulkPut(rows)
}

async function decideAll(): Promise<{ go: number; held: number }> {
  let go = 0
  let held = 0
  for (const key of keys)
    for (const decision of await incomingDecisions(db, key)) {
      if (decision.line) go++
      else held++
    }
  return { go, held }
}

const times: number[] = []
let result = { go: 0, held: 0 }
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now()
  result = await decideAll()
  times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const median = times[Math.floor(times.length / 2)]!
const ok = result.go + result.held === INCOMING && result.held === expectHeld && median <= TARGET_MS
console.log(
  `straight-through decision: ${INCOMING} incoming invoices in ${COMPANIES} companies × ${CACHED} cached: ` +
    `median ${median.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms (target <= ${TARGET_MS} ms); ` +
    `${result.go} go, ${result.held} held back (expected ${expectHeld})`,
)
db.close()
await db.delete()
if (!ok) process.exitCode = 1
