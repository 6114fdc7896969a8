// Runs in Chromium (bundled by desk.bench.ts): an office of many companies in one workspace (Chromium's
// IndexedDB), each with its cached supplier invoices, suppliers, accounts, VAT codes, attached files and OCR
// answers, and the brief of each company's review queue the workspace keeps beside them (written as the rows
// are, data/company-writes.ts); then what the review desk does with them: the desk opened (its companies,
// every company's queue read from its brief, ordered, filtered and counted), and the review going through the
// desk in its order, reading ahead as it does (review-read-ahead.ts): each move to the next invoice where that
// is another company's is timed until what the review's first frame shows is in hand (the invoice with its
// supplier, file and OCR answer, and that company's lookups), from the read-ahead or read then.
import { openWorkspace, type CachedRow } from '../renderer/src/data/schema.ts'
import {
  countDeskTabs,
  deskCompanies,
  filterDeskRows,
  loadDeskRows,
  orderDeskRows,
} from '../renderer/src/features/desk/desk-rows.ts'
import { companyWritesSettled } from '../renderer/src/data/company-writes.ts'
import { loadDocument } from '../renderer/src/features/review/review-queue.ts'
import { loadLookups } from '../renderer/src/features/review/review-lookups.ts'
import { firstFrame, reviewReadAhead } from '../renderer/src/features/review/review-read-ahead.ts'

const statuses = [30101, 30101, 30101, 30105, 30102, 30103, 30104]
const names = [
  'Bakeriet',
  'Mølleriet',
  'Fjordbygg',
  'Nordlys',
  'Aurora',
  'Kontorservice',
  'Strøm',
  'Transport',
]
const pad = (n: number) => String(n).padStart(2, '0')

async function seed(companies: number, perCompany: number) {
  const db = openWorkspace('bench-desk', String(Date.now()))
  const pdf = new Blob([new Uint8Array(40_000)], { type: 'application/pdf' })
  const t = performance.now()
  await db.companies.bulkPut(
    Array.from({ length: companies }, (_, c) => ({
      Key: `company-${c}`,
      Name: `${names[c % names.length]} ${c} AS`,
      OrganizationNumber: String(910_000_000 + c),
      offline: true,
      lastOpenedAt: null,
      syncState: 'idle' as const,
      lastSyncAt: null,
      lastError: null,
      userId: null,
    })),
  )
  for (let c = 0; c < companies; c++) {
    const companyKey = `company-${c}`
    const invoices: CachedRow[] = Array.from({ length: perCompany }, (_, i) => ({
      companyKey,
      ID: i + 1,
      UpdatedAt: '2026-11-01T10:00:00.000Z',
      CreatedAt: `2026-11-${pad(1 + ((i + c) % 28))}T${pad(i % 24)}:00:00.000Z`,
      InvoiceNumber: String(100_000 + ((i * 7919 + c) % 900_000)),
      InvoiceDate: '2026-10-01',
      PaymentDueDate: `2026-12-${pad(1 + ((i * 13 + c * 7) % 28))}`,
      TaxInclusiveAmount: Math.round(((i * 7919) % 100_000) * 1.25 * 100) / 100,
      StatusCode: statuses[(i + c) % statuses.length],
      SupplierID: 1 + (i % 40),
    }))
    await db.SupplierInvoice.bulkPut(invoices)
    await db.Supplier.bulkPut(
      Array.from({ length: 40 }, (_, s) => ({
        companyKey,
        ID: s + 1,
        UpdatedAt: '2026-11-01T10:00:00.000Z',
        OrgNumber: String(980_000_000 + s),
        Info: { Name: `${names[s % names.length]} leverandør ${s + 1} AS` },
      })),
    )
    await db.Account.bulkPut(
      Array.from({ length: 250 }, (_, a) => ({
        companyKey,
        ID: a + 1,
        UpdatedAt: '2026-11-01T10:00:00.000Z',
        AccountNumber: 1000 + a * 30,
        AccountName: `Konto ${1000 + a * 30}`,
      })),
    )
    await db.VatType.bulkPut(
      Array.from({ length: 20 }, (_, v) => ({
        companyKey,
        ID: v + 1,
        UpdatedAt: '2026-11-01T10:00:00.000Z',
        VatCode: String(v),
        Name: `MVA ${v}`,
      })),
    )
    // Every invoice of the queue has its document and its OCR answer on this computer.
    const queued = invoices.filter((row) => row.StatusCode === 30101 || row.StatusCode === 30105)
    await db.FileAttachment.bulkPut(
      queued.map((row) => ({
        companyKey,
        ID: row.ID,
        UpdatedAt: '2026-11-01T10:00:00.000Z',
        EntityType: 'SupplierInvoice',
        EntityID: row.ID,
        FileID: 10_000 + row.ID,
      })),
    )
    await db.files.bulkPut(
      queued.map((row) => ({
        companyKey,
        fileId: 10_000 + row.ID,
        name: `faktura-${row.ID}.pdf`,
        contentType: 'application/pdf',
        bytes: pdf,
        size: pdf.size,
        lastUsedAt: '2026-11-01T10:00:00.000Z',
      })),
    )
    await db.ocr.bulkPut(
      queued.map((row) => ({
        companyKey,
        fileId: 10_000 + row.ID,
        result: { Language: 'nb', OcrInterpretation: { InvoiceNumber: row.InvoiceNumber } },
        fetchedAt: '2026-11-01T10:00:00.000Z',
      })) as never,
    )
  }
  // The briefs of the companies' queues are written as their rows are (shortly after the last write).
  await companyWritesSettled(db)
  return { db, seedMs: performance.now() - t }
}

async function benchDesk(companies: number, perCompany: number, moves: number) {
  const { db, seedMs } = await seed(companies, perCompany)
  const today = '2026-12-10'
  // Opening the desk: what its store reads and computes before the list is drawn.
  const open = async () => {
    const t = performance.now()
    const spanned = await deskCompanies(db, { chosen: null, openKey: null })
    const rows = await loadDeskRows(db, spanned, today)
    const ordered = orderDeskRows(rows, 'due')
    const visible = filterDeskRows(ordered, { company: null, tab: 'all', search: '' })
    countDeskTabs(rows, { company: null, search: '' })
    return { ms: performance.now() - t, visible, spanned: spanned.length }
  }
  const first = await open()
  const openTimes: number[] = []
  for (let i = 0; i < 10; i++) openTimes.push((await open()).ms)

  // The review goes through the desk in its order from its first invoice, as the review does: each invoice
  // shown has its neighbours read ahead; a move to another company's invoice is timed until that invoice
  // (with its supplier, file and OCR answer) and that company's lookups are in hand.
  const places = first.visible.map((row) => ({ companyKey: row.companyKey, id: row.ID }))
  const ahead = reviewReadAhead(db)
  const nextTimes: number[] = []
  let shown = 0
  let moved = 0
  let live: Promise<unknown> = Promise.resolve()
  ahead.around(places, 0)
  for (let index = 1; index < places.length && nextTimes.length < moves; index++) {
    const next = places[index]!
    const crossing = next.companyKey !== places[index - 1]!.companyKey
    // "Any pace": every other move waits a reading moment, the rest follow the first frame back to back
    // (the read-ahead of this one began with it, the live queries of the one shown still reading).
    if (moved++ % 2 === 1) {
      await live
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    const t = performance.now()
    const [doc] = await Promise.all([
      firstFrame(
        () => ahead.document(next),
        () => loadDocument(db, next.companyKey, next.id),
      ),
      firstFrame(
        () => ahead.lookups(next.companyKey),
        () => loadLookups(db, next.companyKey),
      ),
    ])
    if (crossing) {
      nextTimes.push(performance.now() - t)
      if (doc?.file && doc.row.ID === next.id && doc.row.companyKey === next.companyKey) shown++
    }
    // Shown: its neighbours are read ahead while the review's live queries read the shown one.
    live = Promise.all([loadDocument(db, next.companyKey, next.id), loadLookups(db, next.companyKey)])
    ahead.around(places, index)
  }
  await live
  ahead.dispose()
  await db.delete()
  return {
    seedMs,
    firstOpenMs: first.ms,
    openTimes,
    nextTimes,
    rows: first.visible.length,
    spanned: first.spanned,
    shown,
  }
}

;(globalThis as unknown as { benchDesk: typeof benchDesk }).benchDesk = benchDesk
