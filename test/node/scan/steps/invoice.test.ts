// The invoice step alone: the draft is made once; an interrupted run asks the platform for it by its
// scan mark first; where suppliers are made only inside a draft, the draft's supplier is recorded.
import { describe, expect, it } from 'vitest'
import type { DraftInvoice } from '../../../../electron/main/services/scan/platform.ts'
import { invoice } from '../../../../electron/main/services/scan/steps/invoice.ts'
import { entryOf, fieldsOf, standIns } from './stand-ins.ts'

const fields = fieldsOf('923609016')

const atInvoice = (change = {}) =>
  entryOf({ step: 'invoice', state: 'creating', fileId: 1, fields, supplierId: 5, ...change })

describe('the invoice step', () => {
  it("makes the draft for the entry's supplier and goes on to link", async () => {
    const drafts: DraftInvoice[] = []
    const s = standIns({
      entries: [atInvoice()],
      platform: {
        createInvoice: async (_, draft) => {
          drafts.push(draft)
          return 70
        },
      },
    })
    const run = s.runOf()
    await invoice(s.station, run)
    expect(s.calls).toEqual(['createInvoice'])
    expect(drafts[0]).toMatchObject({ supplierId: 5, sha256: 'sha-1', fileName: 'invoice.pdf', fields })
    expect(run.entry).toMatchObject({ step: 'link', invoiceId: 70, started: null })
  })

  it('after an interrupted run, takes the draft the platform already holds and makes none', async () => {
    const s = standIns({
      entries: [atInvoice({ started: 'invoice' })],
      platform: { findInvoice: async () => 71 },
    })
    const run = s.runOf()
    await invoice(s.station, run)
    expect(s.calls).toEqual(['findInvoice'])
    expect(run.entry).toMatchObject({ step: 'link', invoiceId: 71 })
  })

  it('records the supplier a draft made, and notes it, where suppliers are made only inside a draft', async () => {
    const s = standIns({
      entries: [atInvoice({ supplierId: null, supplierCreated: true })],
      platform: {
        findSupplier: async () => null,
        createInvoice: async () => 72,
        supplierOfInvoice: async () => 9,
        markSupplier: async () => {},
      },
    })
    const run = s.runOf()
    await invoice(s.station, run)
    expect(s.calls).toEqual(['findSupplier', 'createInvoice', 'supplierOfInvoice', 'markSupplier'])
    expect(run.entry).toMatchObject({ step: 'link', invoiceId: 72, supplierId: 9, supplierNoted: true })
  })
})
