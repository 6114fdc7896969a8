import { afterEach, describe, expect, it } from 'vitest'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { removeCompanyData } from '@renderer/data/outbox-actions'
import { SupplierInvoiceStatus } from '@common/status'
import { straightThroughByCompany } from '@renderer/features/overview/straight-through'
import { saveInvoice } from './actions.ts'
import { changedProposals } from './straight-through.ts'

let db: WorkspaceDb | undefined
afterEach(async () => db?.delete())

describe('changed proposals', () => {
  it('compares as the platform stores values: dates by day, amounts to the øre, empty as none', () => {
    expect(
      changedProposals(
        { InvoiceDate: '2026-03-10', TaxInclusiveAmount: 18419, PaymentID: '10072345-', Requisition: null },
        {
          InvoiceDate: '2026-03-10T00:00:00Z',
          TaxInclusiveAmount: '18419.00',
          PaymentID: ' 10072345- ',
          Requisition: '',
        },
      ),
    ).toEqual([])
  })

  it('names each proposed field the user changed, and a field filled in where nothing was proposed', () => {
    expect(
      changedProposals(
        { InvoiceNumber: '52017', TaxInclusiveAmount: 18419, AccountID: 6540, PaymentID: null },
        { InvoiceNumber: '52018', TaxInclusiveAmount: 18419.01, AccountID: 6540, PaymentID: '10072345-' },
      ),
    ).toEqual(['InvoiceNumber', 'PaymentID', 'TaxInclusiveAmount'])
  })
})

describe('the straight-through figure', () => {
  it('counts the last save of each invoice per company, and goes with the company data', async () => {
    db = openWorkspace('test', crypto.randomUUID())
    const rows = [1, 2, 3].map((ID) => ({
      companyKey: 'a',
      ID,
      StatusCode: SupplierInvoiceStatus.Draft,
      InvoiceNumber: `N${ID}`,
    }))
    await db.SupplierInvoice.bulkPut([
      ...rows,
      { companyKey: 'b', ID: 1, StatusCode: SupplierInvoiceStatus.Draft },
    ])
    const save = (companyKey: string, invoiceId: number, InvoiceNumber: string) =>
      saveInvoice(db!, {
        companyKey,
        invoiceId,
        fields: { InvoiceNumber },
        proposed: { InvoiceNumber: `N${invoiceId}` },
      })
    await save('a', 1, 'N1')
    await save('a', 2, 'CHANGED')
    await save('a', 3, 'CHANGED')
    // Saved again with the proposal put back: the last save counts.
    await save('a', 3, 'N3')
    await save('b', 1, 'OTHER')
    const figures = await straightThroughByCompany(db, ['a', 'b', 'c'])
    expect(figures.get('a')).toEqual({ straight: 2, total: 3 })
    expect(figures.get('b')).toEqual({ straight: 0, total: 1 })
    expect(figures.get('c')).toEqual({ straight: 0, total: 0 })
    await db.outbox.clear()
    expect(await removeCompanyData(db, 'a')).toEqual({ removed: true })
    expect((await straightThroughByCompany(db, ['a'])).get('a')).toEqual({ straight: 0, total: 0 })
  })
})
