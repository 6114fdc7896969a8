import { afterEach, describe, expect, it } from 'vitest'
import { CustomerInvoiceStatus as CI, InvoiceType, SupplierInvoiceStatus as SI } from '@common/status'
import { readCompanyCounts } from '@renderer/features/overview/overview-counts'
import { isoDay, type InvoiceCounts } from './company-counts.ts'
import { openWorkspace, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const today = isoDay(new Date())
const invoice = (companyKey: string, ID: number, StatusCode: number, PaymentDueDate = '2999-12-31') => ({
  companyKey,
  ID,
  StatusCode,
  PaymentDueDate,
  UpdatedAt: '2026-11-01T10:00:00Z',
})

/** The kept counts once the writes have settled. */
async function kept(key: string, expected: Partial<InvoiceCounts>) {
  const deadline = Date.now() + 5000
  for (;;) {
    const row = await db.companyCounts.get(key)
    if (row && Object.entries(expected).every(([k, v]) => row.counts[k as keyof InvoiceCounts] === v))
      return row
    if (Date.now() > deadline) throw new Error(`counts of ${key}: ${JSON.stringify(row)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("the companies' kept invoice counts", () => {
  it('follow every write to the cached invoices: a pull, a status change, a deletion, a company removed', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.SupplierInvoice.bulkPut([
      invoice('nordlys', 1, SI.Draft),
      invoice('nordlys', 2, SI.Draft, '2020-01-01'),
      invoice('nordlys', 3, SI.ForApproval),
      invoice('nordlys', 4, SI.Journaled, '2020-01-01'),
      invoice('aurora', 1, SI.Rejected),
    ])
    expect((await kept('nordlys', { toReview: 2 })).counts).toEqual({
      toReview: 2,
      forApproval: 1,
      rejected: 0,
      approved: 0,
      overdue: 1,
      salesDrafts: 0,
      salesOverdue: 0,
    })
    expect((await kept('aurora', { rejected: 1 })).day).toBe(today)
    // A draft sent for approval (what the outbox writes locally).
    await db.SupplierInvoice.update(['nordlys', 1], { StatusCode: SI.ForApproval })
    await kept('nordlys', { toReview: 1, forApproval: 2 })
    // A row deleted on the platform disappears after reconciliation.
    await db.SupplierInvoice.delete(['nordlys', 3])
    await kept('nordlys', { forApproval: 1 })
    // Aurora's offline data removed from this computer.
    await db.SupplierInvoice.where('companyKey').equals('aurora').delete()
    await kept('aurora', { rejected: 0 })
    await db.SupplierInvoice.clear()
    await kept('nordlys', { toReview: 0, forApproval: 0, overdue: 0 })
  })

  it('are read for the overview with the user’s approvals; counts missing or of another day are named stale', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.SupplierInvoice.bulkPut([invoice('nordlys', 1, SI.Draft)])
    await kept('nordlys', { toReview: 1 })
    await db.companyCounts.put({
      Key: 'aurora',
      day: '2020-01-01',
      counts: {
        toReview: 9,
        forApproval: 0,
        rejected: 0,
        approved: 0,
        overdue: 0,
        salesDrafts: 0,
        salesOverdue: 0,
      },
    })
    // Counted today, but before the sales columns existed: counted again.
    await db.companyCounts.put({
      Key: 'fjordbygg',
      day: today,
      counts: { toReview: 2, forApproval: 0, rejected: 0, approved: 0, overdue: 0 } as InvoiceCounts,
    })
    await db.Approval.bulkPut([{ companyKey: 'nordlys', ID: 1, UserID: 7, StatusCode: 50120 }])
    await db.companies.bulkPut(
      (['nordlys', 'aurora', 'fjordbygg'] as const).map((Key, i) => ({
        Key,
        Name: Key,
        OrganizationNumber: null,
        offline: true,
        lastOpenedAt: null,
        syncState: 'idle' as const,
        lastSyncAt: null,
        lastError: null,
        userId: [7, 3, null][i]!,
      })),
    )
    const { counts, stale } = await readCompanyCounts(db, ['nordlys', 'aurora', 'fjordbygg'], today)
    expect(counts.get('nordlys')).toMatchObject({ toReview: 1, myApprovals: 1 })
    expect([...counts.keys()]).toEqual(['nordlys'])
    expect(stale).toEqual(['aurora', 'fjordbygg'])
  })

  it('count each company’s sales drafts and its overdue customer invoices, never a credit note as owed', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    const sale = (companyKey: string, ID: number, StatusCode: number, due: string, credit = false) => ({
      ...invoice(companyKey, ID, StatusCode, due),
      InvoiceType: credit ? InvoiceType.CreditNote : InvoiceType.Invoice,
      InvoiceReferenceID: credit ? 1 : null,
    })
    await db.CustomerInvoice.bulkPut([
      sale('nordlys', -1, CI.Draft, ''),
      sale('nordlys', 2, CI.Draft, '2020-01-01', true),
      sale('nordlys', 3, CI.Invoiced, '2020-01-01'),
      sale('nordlys', 4, CI.PartlyPaid, '2020-01-01'),
      sale('nordlys', 5, CI.PartlyCredited, '2020-01-01'),
      sale('nordlys', 6, CI.Invoiced, '2999-01-01'),
      sale('nordlys', 7, CI.Paid, '2020-01-01'),
      // An invoiced credit note past its due date owes nothing.
      sale('nordlys', 8, CI.Invoiced, '2020-01-01', true),
      sale('aurora', 1, CI.Invoiced, '2020-01-01'),
    ] as never[])
    await kept('nordlys', { salesDrafts: 2, salesOverdue: 3 })
    await kept('aurora', { salesDrafts: 0, salesOverdue: 1 })
    // Paid on the platform: the next pull writes it, and the count follows.
    await db.CustomerInvoice.update(['nordlys', 3], { StatusCode: CI.Paid })
    await kept('nordlys', { salesOverdue: 2 })
  })
})
