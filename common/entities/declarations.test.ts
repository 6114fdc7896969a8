import { describe, expect, it } from 'vitest'
import { cachedEntityDeclarations, invoiceSearchText, quote } from './declarations.ts'

describe('which rows the cache holds', () => {
  const now = new Date('2026-11-23T00:00:00.000Z')

  it('keeps the substitutes where the user is away and those where they stand in', () => {
    const scope = cachedEntityDeclarations.ApprovalSubstitute.scope!
    expect(scope({ userId: 7, journaledDays: 90 }, now)).toBe('(UserID eq 7 or SubstituteUserID eq 7)')
  })

  it('follows the journaled-days window for supplier invoices only', () => {
    const scope = cachedEntityDeclarations.SupplierInvoice.scope!
    expect(scope({ userId: null, journaledDays: 0 }, now)).toBe(
      "(StatusCode ne 30104 or UpdatedAt ge '2026-11-23T00:00:00.000Z')",
    )
    const following = Object.entries(cachedEntityDeclarations).filter(([, d]) => d.scopeSetting)
    expect(following.map(([name]) => name)).toEqual(['SupplierInvoice'])
  })

  it('quotes a literal the way filters take it, doubling a quote inside', () => {
    expect(quote("O'Brien AS")).toBe("'O''Brien AS'")
  })
})

describe('the text the inbox searches in', () => {
  it('holds the supplier name, the invoice number and the amount, lower-cased', () => {
    const text = invoiceSearchText({
      Supplier: { Info: { Name: 'Bakeriet AS' } },
      InvoiceNumber: 'F-1001',
      TaxInclusiveAmount: 1234.5,
    })
    expect(text).toBe('bakeriet as f-1001 1234.5')
  })

  it('takes the amount in the invoice currency when there is no amount in kroner, and skips what is missing', () => {
    expect(invoiceSearchText({ Supplier: null, InvoiceNumber: null, TaxInclusiveAmountCurrency: 99 })).toBe(
      '99',
    )
  })
})
