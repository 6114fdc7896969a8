// The demo office's EHF invoice is an invoice the app's reader takes whole: every fact it was written from
// comes back from the XML, and its sums are the lines' sums per VAT rate.
import { describe, expect, it } from 'vitest'
import { parseEInvoice } from '../../common/einvoice/index.ts'
import { generateKid } from '../../common/norwegian.ts'
import { demoEhfXml } from './demo-ehf.ts'

const invoice = {
  number: '2026-4471',
  issueDate: '2026-11-26',
  dueDate: '2026-12-10',
  supplier: {
    name: 'Tromsø Mølle & Emballasje AS',
    orgNumber: '923609016',
    account: '86011117947',
    street: 'Industriveien 12',
    postcode: '9015',
    city: 'Tromsø',
  },
  buyer: {
    name: 'Nordlys Bakeri AS',
    orgNumber: '924956488',
    street: 'Storgata 41',
    postcode: '9008',
    city: 'Tromsø',
  },
  buyerReference: 'Anne',
  kid: generateKid(4471, 10, 'mod10'),
  lines: [
    { name: 'Hvetemel siktet, 25 kg', quantity: 12, unit: 'EA', price: 389, rate: 15 },
    { name: 'Tørrgjær 500 g', quantity: 20, unit: 'EA', price: 42.5, rate: 15 },
    { name: 'Brødposer papir, 1000 stk', quantity: 3, unit: 'EA', price: 612, rate: 25 },
  ],
} as const

describe('the demo office’s EHF invoice', () => {
  it('reads back every fact it was written from, with sums per VAT rate', () => {
    const read = parseEInvoice(demoEhfXml(invoice))
    expect(read).toMatchObject({
      kind: 'invoice',
      number: '2026-4471',
      issueDate: '2026-11-26',
      dueDate: '2026-12-10',
      currency: 'NOK',
      buyerReference: 'Anne',
      paymentId: invoice.kid,
      bankAccount: '86011117947',
      supplier: { name: 'Tromsø Mølle & Emballasje AS', orgNumber: '923609016', country: 'NO' },
      buyer: { name: 'Nordlys Bakeri AS', orgNumber: '924956488' },
      // 12 × 389 + 20 × 42.50 = 5 518.00 at 15 %; 3 × 612 = 1 836.00 at 25 %.
      totals: { net: 7354, vat: 1286.7, total: 8640.7, payable: 8640.7 },
    })
    expect(read.vatBreakdown).toMatchObject([
      { category: 'S', rate: 25, taxable: 1836, vat: 459 },
      { category: 'S', rate: 15, taxable: 5518, vat: 827.7 },
    ])
    expect(read.lines.map((l) => [l.description, l.quantity, l.net, l.vatRate])).toEqual([
      ['Hvetemel siktet, 25 kg', 12, 4668, 15],
      ['Tørrgjær 500 g', 20, 850, 15],
      ['Brødposer papir, 1000 stk', 3, 1836, 25],
    ])
  })
})
