// The brief of each company's review queue: written again whenever that company's invoices, suppliers or
// attachments are written (whoever writes them), holding only that company's queue, and built from the rows
// already stored when an older database is upgraded.
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus as SI } from '@common/status'
import { companyWritesSettled } from './company-writes.ts'
import { buildDeskBriefs, type DeskBriefRow } from './desk-briefs.ts'
import { defineVersions, openWorkspace, workspaceName, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const at = '2026-11-01T10:00:00Z'
const invoice = (companyKey: string, ID: number, fields: Record<string, unknown> = {}) => ({
  companyKey,
  ID,
  UpdatedAt: at,
  StatusCode: SI.Draft,
  ...fields,
})
const supplier = (companyKey: string, ID: number, Name: string) => ({
  companyKey,
  ID,
  UpdatedAt: at,
  Info: { Name },
})

/** The kept brief of a company once the writes have settled, its invoices by ID. */
async function brief(key: string): Promise<DeskBriefRow | undefined> {
  await companyWritesSettled(db)
  const row = await db.deskBriefs.get(key)
  return row && { ...row, invoices: [...row.invoices].sort((a, b) => a.ID - b.ID) }
}
const ids = (row: DeskBriefRow | undefined) => row?.invoices.map((i) => i.ID)

describe('the kept brief of each company’s review queue', () => {
  it('is written again as the company’s invoices, suppliers and attachments are written', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.Supplier.put(supplier('nordlys', 5, 'Havbris AS'))
    await db.SupplierInvoice.bulkPut([
      invoice('nordlys', 1, { SupplierID: 5, PaymentDueDate: '2026-11-20', TaxInclusiveAmount: 1250.5 }),
      invoice('nordlys', 2, { StatusCode: SI.Rejected, InvoiceNumber: 'F-2' }),
      invoice('nordlys', 3, { StatusCode: SI.ForApproval }),
    ])
    const first = await brief('nordlys')
    expect(ids(first)).toEqual([1, 2])
    expect(first!.invoices[0]).toMatchObject({
      supplierName: 'Havbris AS',
      SupplierID: 5,
      PaymentDueDate: '2026-11-20',
      TaxInclusiveAmount: 1250.5,
      problems: ['noDocument'],
    })
    expect(first!.invoices[1]).toMatchObject({
      InvoiceNumber: 'F-2',
      problems: ['rejected', 'noSupplier', 'noDocument'],
    })

    // The supplier renamed (a pull), a document attached, a draft sent for approval (the outbox overlay).
    await db.Supplier.update(['nordlys', 5], { Info: { Name: 'Havbris Fisk AS' } })
    await db.FileAttachment.put({
      companyKey: 'nordlys',
      ID: 9,
      UpdatedAt: at,
      EntityType: 'SupplierInvoice',
      EntityID: 1,
      FileID: 40,
    } as never)
    const second = await brief('nordlys')
    expect(second!.invoices[0]).toMatchObject({ supplierName: 'Havbris Fisk AS', problems: [] })
    await db.SupplierInvoice.update(['nordlys', 1], { StatusCode: SI.ForApproval })
    expect(ids(await brief('nordlys'))).toEqual([2])
    // A row deleted on the platform, then the company's offline data removed.
    await db.SupplierInvoice.put(invoice('nordlys', 4))
    expect(ids(await brief('nordlys'))).toEqual([2, 4])
    await db.SupplierInvoice.delete(['nordlys', 2])
    expect(ids(await brief('nordlys'))).toEqual([4])
    await db.SupplierInvoice.clear()
    expect(ids(await brief('nordlys'))).toEqual([])
  })

  it('holds only its own company’s rows: the same IDs in another company are another brief', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.Supplier.bulkPut([supplier('nordlys', 5, 'Havbris AS'), supplier('aurora', 5, 'Kontor AS')])
    await db.SupplierInvoice.bulkPut([
      invoice('nordlys', 1, { SupplierID: 5 }),
      invoice('aurora', 1, { SupplierID: 5 }),
      invoice('aurora', 2),
    ])
    await db.FileAttachment.put({
      companyKey: 'aurora',
      ID: 9,
      UpdatedAt: at,
      EntityType: 'SupplierInvoice',
      EntityID: 1,
      FileID: 40,
    } as never)
    const nordlys = await brief('nordlys')
    const aurora = await brief('aurora')
    expect(ids(nordlys)).toEqual([1])
    expect(nordlys!.invoices[0]).toMatchObject({ supplierName: 'Havbris AS', problems: ['noDocument'] })
    expect(ids(aurora)).toEqual([1, 2])
    expect(aurora!.invoices[0]).toMatchObject({ supplierName: 'Kontor AS', problems: [] })
    // A write to one company leaves the other's brief as it was.
    await db.Supplier.update(['aurora', 5], { Info: { Name: 'Kontor Nord AS' } })
    expect((await brief('nordlys'))!.invoices[0]!.supplierName).toBe('Havbris AS')
    expect((await brief('aurora'))!.invoices[0]!.supplierName).toBe('Kontor Nord AS')
    // Built for one company, a brief reads only that company's rows.
    const [built] = await buildDeskBriefs(db, ['nordlys'])
    expect(built).toMatchObject({ companyKey: 'nordlys', invoices: [{ ID: 1, supplierName: 'Havbris AS' }] })
  })

  it('is built from the rows already stored when a database from before briefs is upgraded', async () => {
    const user = `user-${crypto.randomUUID()}`
    const old = new Dexie(workspaceName('upgrade', user))
    defineVersions(old, 13)
    await old.table('Supplier').bulkPut([supplier('nordlys', 5, 'Havbris AS')])
    await old
      .table('SupplierInvoice')
      .bulkPut([
        invoice('nordlys', 1, { SupplierID: 5, PaymentDueDate: '2026-11-20' }),
        invoice('nordlys', 2, { StatusCode: SI.Journaled }),
        invoice('aurora', 7, { StatusCode: SI.Rejected }),
      ])
    expect(old.tables.map((t) => t.name)).not.toContain('deskBriefs')
    old.close()

    db = openWorkspace('upgrade', user)
    await db.open()
    // Read straight away: the upgrade wrote them, not a write after it.
    const nordlys = await db.deskBriefs.get('nordlys')
    expect(nordlys?.invoices).toEqual([
      expect.objectContaining({ ID: 1, supplierName: 'Havbris AS', problems: ['noDocument'] }),
    ])
    expect((await db.deskBriefs.get('aurora'))?.invoices).toEqual([
      expect.objectContaining({ ID: 7, problems: ['rejected', 'noSupplier', 'noDocument'] }),
    ])
    expect(await db.deskBriefs.count()).toBe(2)
  })
})
