// The office memory's reads from the cache: only other companies' rows with the organisation number, found
// by index, and fast with an office of 30 companies × 300 cached invoices (the figure is printed, not
// asserted: the machine decides it).
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { loadOfficeEvidence } from './office-memory-read.ts'
import { officeCoding } from './logic/office-memory.ts'

const ORG = '923609016'
let db: WorkspaceDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

async function office(companies: number, invoices: number): Promise<WorkspaceDb> {
  const workspace = openWorkspace('office-memory-test', `user-${Math.random()}`)
  const keys = Array.from({ length: companies }, (_, i) => `client-${i}`)
  await workspace.companies.bulkPut(
    keys.map((Key, i) => ({
      Key,
      Name: `Client ${i}`,
      OrganizationNumber: null,
      offline: true,
      lastOpenedAt: null,
      syncState: 'idle' as const,
      lastSyncAt: null,
      lastError: null,
      userId: null,
    })),
  )
  for (const [c, companyKey] of keys.entries()) {
    // 30 suppliers per company; the office's supplier is number 1 in every third company (and in client-0).
    const suppliers = Array.from({ length: 30 }, (_, s) => ({
      companyKey,
      ID: s + 1,
      StatusCode: 30001,
      OrgNumber: s === 0 && c % 3 === 0 ? `NO ${ORG} MVA` : String(900_000_000 + c * 100 + s),
    }))
    const rows = Array.from({ length: invoices }, (_, n) => ({
      companyKey,
      ID: n + 1,
      StatusCode: 30104,
      SupplierID: (n % 30) + 1,
      InvoiceDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-10`,
      JournalEntry: { DraftLines: [{ ID: n + 1, AccountID: 7, VatTypeID: 8, Amount: 100 }] },
    }))
    await workspace.Supplier.bulkPut(suppliers as never)
    await workspace.SupplierInvoice.bulkPut(rows as never)
    await workspace.Account.bulkPut([
      { companyKey, ID: 7, AccountNumber: 6540, AccountName: 'Inventar' },
    ] as never)
    await workspace.VatType.bulkPut([{ companyKey, ID: 8, VatCode: '1', Name: 'Inngående 25 %' }] as never)
  }
  return workspace
}

const chart = {
  accounts: [{ ID: 40, AccountNumber: 6540, AccountName: 'Inventar' }],
  vatTypes: [{ ID: 101, VatCode: '1', Name: 'Inngående 25 %' }],
}

describe('office memory reads', () => {
  it('reads the other companies’ invoices of the organisation number, never the open company’s', async () => {
    db = await office(4, 60)
    const evidence = await loadOfficeEvidence(db, 'client-0', ORG)
    expect(evidence.map((e) => e.companyKey)).toEqual(['client-3'])
    expect(evidence[0]!.invoices.every((row) => row.SupplierID === 1)).toBe(true)
    expect(evidence[0]!.invoices).toHaveLength(2)
    expect([...evidence[0]!.accounts.keys()]).toEqual([7])
    expect(await loadOfficeEvidence(db, 'client-0', '123')).toEqual([])
  })

  it('answers one invoice fast with 30 companies × 300 cached invoices', async () => {
    db = await office(30, 300)
    const times: number[] = []
    let coding = officeCoding([], chart)
    for (let i = 0; i < 21; i++) {
      const start = performance.now()
      coding = officeCoding(await loadOfficeEvidence(db, 'aurora', ORG), chart)
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    console.log(
      `office memory, one invoice's lookup with 30 companies × 300 invoices cached: median ${times[10]!.toFixed(1)} ms, ` +
        `slowest ${times.at(-1)!.toFixed(1)} ms (fake-indexeddb in Node)`,
    )
    expect(coding.proposals.AccountID).toMatchObject({ value: 40, source: 'office', count: 10, total: 10 })
  }, 120_000)
})
