import { afterEach, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus as SI, TaskStatus } from '@common/status'
import { updateRow } from '@renderer/data/outbox'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { countTabs, filterRows, loadInboxRows } from './inbox-rows.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

async function seeded(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.Supplier.bulkPut([
    { companyKey: 'nordlys', ID: 10, Info: { Name: 'Mølleriet AS' } },
    { companyKey: 'aurora', ID: 10, Info: { Name: 'Aurora sin leverandør' } },
  ])
  await db.SupplierInvoice.bulkPut([
    {
      companyKey: 'nordlys',
      ID: 1,
      SupplierID: 10,
      InvoiceNumber: 'MØL-1001',
      InvoiceDate: '2026-11-01',
      PaymentDueDate: '2026-11-15',
      TaxInclusiveAmount: 12500.5,
      StatusCode: SI.Draft,
      UpdatedAt: '2026-11-01T10:00:00Z',
    },
    {
      companyKey: 'nordlys',
      ID: 2,
      SupplierID: 10,
      InvoiceNumber: 'MØL-1002',
      TaxInclusiveAmount: '980.00',
      StatusCode: SI.ForApproval,
      UpdatedAt: '2026-11-01T10:00:00Z',
    },
    { companyKey: 'aurora', ID: 1, SupplierID: 10, InvoiceNumber: 'AUR-1', StatusCode: SI.Draft },
  ])
  await db.FileAttachment.bulkPut([
    { companyKey: 'nordlys', ID: 1, EntityType: 'SupplierInvoice', EntityID: 1, FileID: 5 },
    { companyKey: 'nordlys', ID: 2, EntityType: 'SupplierInvoice', EntityID: 1, FileID: 6 },
    { companyKey: 'aurora', ID: 1, EntityType: 'SupplierInvoice', EntityID: 2, FileID: 7 },
  ])
  await db.User.bulkPut([{ companyKey: 'nordlys', ID: 4, DisplayName: 'Per Approver' }])
  await db.Task.bulkPut([
    { companyKey: 'nordlys', ID: 1, EntityID: 2, UserID: 4, StatusCode: TaskStatus.Active },
    { companyKey: 'nordlys', ID: 2, EntityID: 1, UserID: 4, StatusCode: TaskStatus.Complete },
  ])
  return db
}

describe('the inbox rows', () => {
  it('joins supplier, attachments, assignee and unsynced state of one company only', async () => {
    await seeded()
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'MØL-1001B' })
    const rows = await loadInboxRows(db, 'nordlys')
    expect(rows.map((row) => row.ID).sort()).toEqual([1, 2])
    const [first, second] = [...rows].sort((a, b) => a.ID - b.ID)
    expect(first).toMatchObject({
      supplierName: 'Mølleriet AS',
      InvoiceNumber: 'MØL-1001B',
      TaxInclusiveAmount: 12500.5,
      attachments: 2,
      assignedTo: null,
      unsynced: true,
      conflict: false,
    })
    expect(second).toMatchObject({ TaxInclusiveAmount: 980, attachments: 0, assignedTo: 'Per Approver' })
    expect(second!.unsynced).toBe(false)
    const aurora = await loadInboxRows(db, 'aurora')
    expect(aurora).toHaveLength(1)
    expect(aurora[0]).toMatchObject({ supplierName: 'Aurora sin leverandør', attachments: 0 })
  })

  it('counts tabs and filters by tab, words and amount', async () => {
    await seeded()
    const rows = await loadInboxRows(db, 'nordlys')
    expect(countTabs(rows)).toEqual({
      draft: 1,
      forApproval: 1,
      approved: 0,
      rejected: 0,
      journaled: 0,
      all: 2,
    })
    expect(filterRows(rows, 'draft', '').map((row) => row.ID)).toEqual([1])
    expect(filterRows(rows, 'all', 'mølleriet 1002').map((row) => row.ID)).toEqual([2])
    expect(filterRows(rows, 'all', '12 500,50').map((row) => row.ID)).toEqual([1])
    expect(filterRows(rows, 'all', '980').map((row) => row.ID)).toEqual([2])
    expect(filterRows(rows, 'all', 'aurora')).toEqual([])
    expect(filterRows(rows, 'approved', 'mølleriet')).toEqual([])
  })
})
