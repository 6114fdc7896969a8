import { afterEach, describe, expect, it } from 'vitest'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { SupplierInvoiceStatus } from '@common/status'
import { saveInvoice } from './actions.ts'
import { changedProposals, proposedValues } from './straight-through.ts'

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

describe('what the screen proposed', () => {
  const candidate = (value: string) => ({
    id: 1,
    value,
    text: value,
    probability: 0.9,
    box: { id: 'b', page: 1, left: 0, top: 0, width: 1, height: 1 },
  })
  const proposals = {
    InvoiceNumber: { proposed: candidate('52017'), candidates: [] },
    TaxInclusiveAmount: { proposed: candidate('18419.00'), candidates: [] },
    PaymentID: { proposed: null, candidates: [] },
  }
  const coding = { AccountID: { value: 10, source: 'history' as const, count: 3, total: 4 } }

  it('counts what OCR read (none where it proposed nothing) and the coding only with the lines', () => {
    expect(proposedValues(proposals, coding, false)).toEqual({
      InvoiceNumber: '52017',
      TaxInclusiveAmount: 18419,
      PaymentID: null,
    })
    expect(proposedValues(proposals, coding, true)).toMatchObject({ AccountID: 10, InvoiceNumber: '52017' })
  })
})

describe('recording the outcome of a save', () => {
  it('records per company and invoice whether a save kept every proposal; the last save counts', async () => {
    db = openWorkspace('test', crypto.randomUUID())
    const rows = [1, 2].map((ID) => ({
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
    await save('b', 1, 'OTHER')
    const outcome = async (key: string, id: number) =>
      (await db!.reviewOutcomes.get([key, id]))?.straightThrough
    expect([await outcome('a', 1), await outcome('a', 2), await outcome('b', 1)]).toEqual([
      true,
      false,
      false,
    ])
    expect((await db.reviewOutcomes.get(['a', 2]))?.changedFields).toEqual(['InvoiceNumber'])
    // Saved again with the proposal put back: the last save counts.
    await save('a', 2, 'N2')
    expect(await outcome('a', 2)).toBe(true)
    expect(await db.reviewOutcomes.count()).toBe(3)
  })

  it('records nothing when the screen had no proposals to compare with', async () => {
    db = openWorkspace('test', crypto.randomUUID())
    await db.SupplierInvoice.put({ companyKey: 'a', ID: 1, StatusCode: SupplierInvoiceStatus.Draft })
    await saveInvoice(db, { companyKey: 'a', invoiceId: 1, fields: { InvoiceNumber: 'X' } })
    expect(await db.reviewOutcomes.count()).toBe(0)
  })
})
