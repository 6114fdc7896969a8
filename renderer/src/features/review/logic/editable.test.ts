// The one rule for which invoices the review may change, as the platform's status machine has it (spec 3.1).
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus as SI } from '@common/status'
import { isEditable } from './editable.ts'

describe('which invoices the review may change', () => {
  it('changes a draft, a rejected invoice and one assigned but not yet in a flow', () => {
    expect([SI.Draft, SI.Rejected, SI.Assigned].map(isEditable)).toEqual([true, true, true])
  })

  it('leaves an invoice in its approval flow or past it as it is', () => {
    expect([SI.ForApproval, SI.Approved, SI.Journaled, SI.Archived].map(isEditable)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('reads the status as the cache may hold it, and changes nothing without one', () => {
    expect(isEditable(String(SI.Draft))).toBe(true)
    expect([undefined, null, '', 0].map(isEditable)).toEqual([false, false, false, false])
  })
})
