import { afterEach, describe, expect, it } from 'vitest'
import type { SalesDraft } from '@common/bridge/sales'
import type { CustomerInvoice } from '@common/entities/rows'
import { CustomerInvoiceStatus, InvoiceType } from '@common/status'
import {
  createSalesDraft,
  creditInvoice,
  deleteSalesDraft,
  draftOf,
  editSalesDraft,
  invoiceSalesDraft,
  SalesChangeError,
} from './sales.ts'
import { withLocalChanges } from './pull.ts'
import { openWorkspace, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const vat25 = {
  ID: 3,
  Name: 'Utgående 25 %',
  VatPercent: 25,
  OutputVat: true,
  ReversedTaxDutyVat: false,
  IncomingAccountID: null,
  OutgoingAccountID: 2700,
  VatPercentages: [],
  UpdatedAt: null,
}
const vat15 = { ...vat25, ID: 31, Name: 'Utgående 15 %', VatPercent: 15 }

async function seeded(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.VatType.bulkPut([
    { ...vat25, companyKey: 'nordlys' },
    { ...vat15, companyKey: 'nordlys' },
    // Another company's rate under the same ID never prices this company's lines.
    { ...vat25, VatPercent: 0, companyKey: 'aurora' },
  ])
  return db
}

const draft = (over: Partial<SalesDraft> = {}): SalesDraft => ({
  CustomerID: 7,
  CustomerName: 'Fjellbrød AS',
  InvoiceDate: '2026-11-20',
  PaymentDueDate: '2026-12-04',
  OurReference: 'Anne',
  Items: [
    { ItemText: 'Rugbrød', NumberOfItems: 3, PriceExVatCurrency: 33.33, VatTypeID: 3, SortIndex: 0 },
    {
      ItemText: 'Kake',
      NumberOfItems: 1,
      PriceExVatCurrency: 100,
      DiscountPercent: 10,
      VatTypeID: 31,
      SortIndex: 1,
    },
  ],
  ...over,
})

const entries = () => db.outbox.orderBy('seq').toArray()

describe("sales' drafts in the offline workspace", () => {
  it('creates a draft with the row the platform will answer: lines and sums to the øre, status draft', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    expect(id).toBeLessThan(0)
    const row = (await db.CustomerInvoice.get(['nordlys', id]))!
    // 3 × 33.33 = 99.99 + 25 % = 25.00 (24.9975 rounded); 100 − 10 % = 90 + 15 % = 13.50.
    expect(row).toMatchObject({
      StatusCode: CustomerInvoiceStatus.Draft,
      InvoiceType: InvoiceType.Invoice,
      CustomerName: 'Fjellbrød AS',
      TaxExclusiveAmount: 189.99,
      VatTotalsAmount: 38.5,
      TaxInclusiveAmount: 228.49,
      RestAmount: 228.49,
    })
    const items = row.Items as CustomerInvoice['Items']
    expect(items!.map((i) => [i.ID, i.SumTotalExVatCurrency, i.SumVatCurrency, i.VatPercent])).toEqual([
      [-1, 99.99, 25, 25],
      [-2, 90, 13.5, 15],
    ])
    expect(row._search).toContain('fjellbrød')
    const [entry] = await entries()
    expect(entry).toMatchObject({ entity: 'CustomerInvoice', entityId: id, action: 'create' })
    expect((entry!.body as { Items: unknown[] }).Items).toHaveLength(2)
  })

  it('refuses a new customer whose organisation number fails its MOD11 check, naming the field', async () => {
    await seeded()
    const bad = draft({ CustomerID: 0, Customer: { Name: 'Ny kunde AS', OrgNumber: '123456789' } })
    await expect(createSalesDraft(db, 'nordlys', bad)).rejects.toMatchObject({
      code: 'INVALID',
      field: 'Customer.OrgNumber',
    })
    await expect(createSalesDraft(db, 'nordlys', draft({ CustomerID: 0 }))).rejects.toBeInstanceOf(
      SalesChangeError,
    )
    expect(await entries()).toEqual([])
    expect(await db.CustomerInvoice.count()).toBe(0)
  })

  it('replaces the body of a queued create instead of queueing a second one', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    await editSalesDraft(
      db,
      'nordlys',
      id,
      draft({ YourReference: 'PO-77', Items: draft().Items.slice(0, 1) }),
    )
    const queued = await entries()
    expect(queued).toHaveLength(1)
    expect(queued[0]!.body).toMatchObject({ YourReference: 'PO-77' })
    expect((queued[0]!.body as { Items: unknown[] }).Items).toHaveLength(1)
    expect(queued[0]!.base.TaxInclusiveAmountCurrency).toBe(124.99)
    expect(await db.CustomerInvoice.get(['nordlys', id])).toMatchObject({ TaxInclusiveAmount: 124.99 })
  })

  it('queues one edit of a platform draft, kept on top of a pull until it is sent', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    const local = (await db.CustomerInvoice.get(['nordlys', id]))!
    await db.outbox.clear()
    await db.CustomerInvoice.delete(['nordlys', id])
    const pulled = { ...local, ID: 55, UpdatedAt: '2026-11-20T10:00:00Z' }
    await db.CustomerInvoice.put(pulled)
    await editSalesDraft(db, 'nordlys', 55, draft({ FreeTxt: 'Takk for handelen' }))
    await editSalesDraft(db, 'nordlys', 55, draft({ FreeTxt: 'Takk!' }))
    const queued = await entries()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      entityId: 55,
      action: 'edit-draft',
      body: { FreeTxt: 'Takk!' },
      baseUpdatedAt: '2026-11-20T10:00:00Z',
    })
    expect(queued[0]!.base.FreeTxt).toBeNull()
    // The pull brings the platform's row unchanged: the queued edit stays on top.
    const { companyKey: _, ...server } = pulled
    expect(withLocalChanges('nordlys', server, queued)).toMatchObject({ ID: 55, FreeTxt: 'Takk!' })
  })

  it('deletes a draft that never reached the platform at once, with its queued create', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    await deleteSalesDraft(db, 'nordlys', id)
    expect(await entries()).toEqual([])
    expect(await db.CustomerInvoice.get(['nordlys', id])).toBeUndefined()
  })

  it('queues invoice and then the attached document, once', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    await invoiceSalesDraft(db, 'nordlys', id, 'nb')
    await expect(invoiceSalesDraft(db, 'nordlys', id, 'nb')).rejects.toMatchObject({ code: 'BEING_SENT' })
    expect((await entries()).map((e) => [e.action, e.body])).toEqual([
      ['create', expect.objectContaining({ CustomerID: expect.any(Number) })],
      ['invoice', undefined],
      ['attach-document', { Language: 'nb' }],
    ])
  })

  it('credits an invoice with a local credit draft of negated lines, and answers the open one again', async () => {
    await seeded()
    const id = await createSalesDraft(db, 'nordlys', draft())
    const local = (await db.CustomerInvoice.get(['nordlys', id]))!
    await db.outbox.clear()
    await db.CustomerInvoice.clear()
    await db.CustomerInvoice.put({
      ...local,
      ID: 90,
      StatusCode: CustomerInvoiceStatus.Invoiced,
      InvoiceNumber: '10001',
    })
    const creditId = await creditInvoice(db, 'nordlys', 90)
    expect(creditId).toBeLessThan(0)
    const credit = (await db.CustomerInvoice.get(['nordlys', creditId]))!
    expect(credit).toMatchObject({
      InvoiceType: InvoiceType.CreditNote,
      InvoiceReferenceID: 90,
      StatusCode: CustomerInvoiceStatus.Draft,
      TaxInclusiveAmount: -228.49,
      VatTotalsAmount: -38.5,
    })
    expect(draftOf(credit as unknown as CustomerInvoice).Items.map((l) => [l.ID, l.NumberOfItems])).toEqual([
      [null, -3],
      [null, -1],
    ])
    expect(await creditInvoice(db, 'nordlys', 90)).toBe(creditId)
    // Edits of the credit draft ride on the queued credit: an edit-draft on its local ID.
    await editSalesDraft(db, 'nordlys', creditId, {
      ...draftOf(credit as unknown as CustomerInvoice),
      FreeTxt: 'Retur',
    })
    expect((await entries()).map((e) => [e.entityId, { action: e.action, body: e.body }])).toEqual([
      [90, { action: 'credit', body: { LocalID: creditId } }],
      [creditId, expect.objectContaining({ action: 'edit-draft' })],
    ])
    await expect(creditInvoice(db, 'nordlys', creditId)).rejects.toMatchObject({ code: 'NOT_CREDITABLE' })
  })

  it('refuses to edit an invoice that is no longer a draft', async () => {
    await seeded()
    await db.CustomerInvoice.put({
      companyKey: 'nordlys',
      ID: 91,
      StatusCode: CustomerInvoiceStatus.Invoiced,
      UpdatedAt: null,
    })
    await expect(editSalesDraft(db, 'nordlys', 91, draft())).rejects.toMatchObject({ code: 'NOT_A_DRAFT' })
    await expect(editSalesDraft(db, 'aurora', 91, draft())).rejects.toMatchObject({ code: 'ROW_NOT_CACHED' })
  })
})
