// The supplier step alone: found by organisation number, else created once with the station's note,
// and a file without an organisation number goes to the company's unknown supplier.
import { describe, expect, it } from 'vitest'
import { supplier } from '../../../../electron/main/services/scan/steps/supplier.ts'
import { entryOf, fieldsOf, standIns } from './stand-ins.ts'

const atSupplier = (orgNumber: string | null, change = {}) =>
  entryOf({ step: 'supplier', state: 'creating', fileId: 1, fields: fieldsOf(orgNumber), ...change })

describe('the supplier step', () => {
  it('takes the supplier found by its organisation number, and notes nothing', async () => {
    const s = standIns({ entries: [atSupplier('923609016')], platform: { findSupplier: async () => 5 } })
    const run = s.runOf()
    await supplier(s.station, run)
    expect(s.calls).toEqual(['findSupplier'])
    expect(run.entry).toMatchObject({ step: 'invoice', supplierId: 5, supplierCreated: false })
  })

  it('creates a supplier not found, records that first, and posts its note once', async () => {
    const notes: string[] = []
    const s = standIns({
      entries: [atSupplier('923609016')],
      platform: {
        findSupplier: async () => null,
        createSupplier: async () => 8,
        markSupplier: async (_, __, note) => void notes.push(note),
      },
    })
    const run = s.runOf()
    await supplier(s.station, run)
    expect(s.calls).toEqual(['findSupplier', 'createSupplier', 'markSupplier'])
    expect(notes).toEqual(['Made by the scan station'])
    expect(run.entry).toMatchObject({
      step: 'invoice',
      supplierId: 8,
      supplierCreated: true,
      supplierNoted: true,
    })
  })

  it('adds the note an interrupted run did not post to the supplier it created', async () => {
    const s = standIns({
      entries: [atSupplier('923609016', { supplierCreated: true })],
      platform: { findSupplier: async () => 8, markSupplier: async () => {} },
    })
    const run = s.runOf()
    await supplier(s.station, run)
    expect(s.calls).toEqual(['findSupplier', 'markSupplier'])
    expect(run.entry).toMatchObject({ supplierId: 8, supplierCreated: true, supplierNoted: true })
  })

  it("uses the company's unknown supplier for a file without an organisation number", async () => {
    const s = standIns({ entries: [atSupplier(null)], platform: { unknownSupplier: async () => 3 } })
    const run = s.runOf()
    await supplier(s.station, run)
    expect(s.calls).toEqual(['unknownSupplier'])
    expect(run.entry).toMatchObject({ step: 'invoice', supplierId: 3, supplierCreated: false })
  })
})
