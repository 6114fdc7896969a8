import { describe, expect, it } from 'vitest'
import { CustomerInvoiceStatus, SupplierInvoiceStatus } from '@common/status'
import { mergePlan, MergePlanError } from './card-merge-plan.ts'

const S = SupplierInvoiceStatus

describe('the plan to merge a duplicate', () => {
  it('moves a supplier’s unbooked invoices and lists the booked ones that stay', () => {
    const invoice = (ID: number, StatusCode: number, InvoiceDate: string) => ({
      ID,
      SupplierID: 9,
      StatusCode,
      InvoiceDate,
      InvoiceNumber: `F-${ID}`,
      TaxInclusiveAmount: 100 * ID,
    })
    const plan = mergePlan(
      'Supplier',
      9,
      3,
      [
        invoice(1, S.Draft, '2026-03-01'),
        invoice(2, S.ForApproval, '2026-01-01'),
        invoice(3, S.Rejected, '2026-02-01'),
        invoice(4, S.Assigned, '2026-04-01'),
        invoice(5, S.Journaled, '2025-12-01'),
        invoice(6, S.Approved, '2026-05-01'),
        { ...invoice(7, S.Draft, '2026-05-01'), Deleted: true },
        { ...invoice(8, S.Draft, '2026-05-01'), SupplierID: 3 },
      ],
      [3],
    )
    expect(plan.moving.map((i) => i.id)).toEqual([2, 3, 1, 4])
    expect(plan.staying.map((i) => [i.id, i.statusCode])).toEqual([
      [5, S.Journaled],
      [6, S.Approved],
    ])
    expect(plan.staying[0]).toEqual({
      id: 5,
      number: 'F-5',
      date: '2025-12-01',
      amount: 50_000,
      statusCode: S.Journaled,
    })
  })

  it('moves a customer’s drafts only', () => {
    const plan = mergePlan(
      'Customer',
      4,
      2,
      [
        { ID: 1, CustomerID: 4, StatusCode: CustomerInvoiceStatus.Draft },
        { ID: 2, CustomerID: 4, StatusCode: CustomerInvoiceStatus.Invoiced },
        { ID: 3, CustomerID: 4, StatusCode: CustomerInvoiceStatus.Paid },
      ],
      [2],
    )
    expect(plan.moving.map((i) => i.id)).toEqual([1])
    expect(plan.staying.map((i) => i.id)).toEqual([2, 3])
  })

  it('refuses a merge into itself or into a party with another organisation number', () => {
    expect(() => mergePlan('Supplier', 3, 3, [], [3])).toThrow(MergePlanError)
    expect(() => mergePlan('Supplier', 3, 5, [], [4])).toThrow(/another organisation number/)
  })
})
