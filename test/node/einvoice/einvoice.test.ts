// Every field of every example file, with the expected values written by hand from reading the XML: the public
// PEPPOL BIS Billing 3.0 examples (test/fixtures/einvoice/, see its README) and a Norwegian supplier's invoice
// and credit note made by @e-invoice-eu/core as UBL, CII and a Factur-X PDF.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  parseEInvoice,
  isEInvoiceXml,
  EInvoiceError,
  type EInvoice,
  type EInvoiceParty,
} from '../../../common/einvoice/index.ts'
import { embeddedInvoiceXml } from '../../../common/einvoice/embedded.ts'
import { structuredOcrAnswer, structuredInvoiceOf } from '../../../common/einvoice/ocr-answer.ts'
import {
  makeCii,
  makeFacturX,
  makeUbl,
  printedInvoicePdf,
  NORWEGIAN_INVOICE_PROPOSALS,
} from '../../support/einvoice-files.ts'

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/einvoice/peppol-bis-3/${name}`, import.meta.url))

// The parties of the PEPPOL base examples (lines 19-81 of base-example.xml and its siblings).
const peppolSupplier: EInvoiceParty = {
  name: 'SupplierOfficialName Ltd',
  orgNumber: null,
  registrationId: 'GB983294',
  registrationScheme: null,
  vatId: 'GB1232434',
  country: 'GB',
  address: ['Main street 1', 'Postbox 123', 'GB 123 EW London'],
}
const peppolBuyer: EInvoiceParty = {
  name: 'Buyer Official Name',
  orgNumber: null,
  registrationId: '39937423947',
  registrationScheme: '0183',
  vatId: 'SE4598375937',
  country: 'SE',
  address: ['Hovedgatan 32', 'Po box 878', '456 34 Stockholm'],
}
const peppolHeader = {
  syntax: 'ubl',
  currency: 'EUR',
  buyerReference: '0150abc',
  orderReference: null,
  accountingCost: '4025:123:4343',
  supplier: peppolSupplier,
  buyer: peppolBuyer,
  paymentId: 'Snippet1',
  iban: null,
  bankAccount: null,
  accountAsWritten: 'IBAN32423940',
} as const

const expected: Record<string, EInvoice> = {
  'base-example.xml': {
    ...peppolHeader,
    kind: 'invoice',
    typeCode: '380',
    number: 'Snippet1',
    issueDate: '2017-11-13',
    dueDate: '2017-12-01',
    precedingInvoice: null,
    totals: { net: 1325, vat: 331.25, total: 1656.25, prepaid: 0, payable: 1656.25 },
    vatBreakdown: [{ category: 'S', rate: 25, taxable: 1325, vat: 331.25 }],
    lines: [
      {
        id: '1',
        description: 'item name',
        quantity: 7,
        unit: 'DAY',
        net: 2800,
        vatCategory: 'S',
        vatRate: 25,
      },
      {
        id: '2',
        description: 'item name 2',
        quantity: -3,
        unit: 'DAY',
        net: -1500,
        vatCategory: 'S',
        vatRate: 25,
      },
    ],
    allowancesCharges: [{ charge: true, reason: 'Insurance', amount: 25, vatCategory: 'S', vatRate: 25 }],
  },
  // A CreditNote: positive in the XML, negative as the supplier invoice books it.
  'base-creditnote-correction.xml': {
    ...peppolHeader,
    kind: 'credit-note',
    typeCode: '381',
    number: 'Snippet1',
    issueDate: '2017-11-13',
    dueDate: null,
    precedingInvoice: 'Snippet1',
    totals: { net: -1325, vat: -331.25, total: -1656.25, prepaid: 0, payable: -1656.25 },
    vatBreakdown: [{ category: 'S', rate: 25, taxable: -1325, vat: -331.25 }],
    lines: [
      {
        id: '1',
        description: 'item name',
        quantity: 7,
        unit: 'DAY',
        net: -2800,
        vatCategory: 'S',
        vatRate: 25,
      },
      {
        id: '2',
        description: 'item name 2',
        quantity: -3,
        unit: 'DAY',
        net: 1500,
        vatCategory: 'S',
        vatRate: 25,
      },
    ],
    allowancesCharges: [{ charge: true, reason: 'Insurance', amount: -25, vatCategory: 'S', vatRate: 25 }],
  },
  // A negative invoice (type 380): its amounts are negative as written.
  'base-negative-inv-correction.xml': {
    ...peppolHeader,
    kind: 'invoice',
    typeCode: '380',
    number: 'Correction1',
    issueDate: '2017-11-13',
    dueDate: '2017-12-01',
    precedingInvoice: 'Snippet1',
    totals: { net: -1325, vat: -331.25, total: -1656.25, prepaid: 0, payable: -1656.25 },
    vatBreakdown: [{ category: 'S', rate: 25, taxable: -1325, vat: -331.25 }],
    lines: [
      {
        id: '1',
        description: 'item name',
        quantity: -7,
        unit: 'DAY',
        net: -2800,
        vatCategory: 'S',
        vatRate: 25,
      },
      {
        id: '2',
        description: 'item name 2',
        quantity: 3,
        unit: 'DAY',
        net: 1500,
        vatCategory: 'S',
        vatRate: 25,
      },
    ],
    allowancesCharges: [{ charge: true, reason: 'Insurance', amount: -25, vatCategory: 'S', vatRate: 25 }],
  },
  // Allowances and charges, a prepayment, and a second TaxTotal in the VAT currency (SEK) that is not BT-110.
  'Allowance-example.xml': {
    ...peppolHeader,
    kind: 'invoice',
    typeCode: '380',
    number: 'Snippet1',
    issueDate: '2017-11-13',
    dueDate: '2017-12-01',
    precedingInvoice: null,
    orderReference: null,
    totals: { net: 5900, vat: 1225, total: 7125, prepaid: 1000, payable: 6125 },
    vatBreakdown: [
      { category: 'S', rate: 25, taxable: 4900, vat: 1225 },
      { category: 'E', rate: 0, taxable: 1000, vat: 0 },
    ],
    lines: [
      {
        id: '1',
        description: 'item name',
        quantity: 10,
        unit: 'C62',
        net: 4000,
        vatCategory: 'S',
        vatRate: 25,
      },
      {
        id: '2',
        description: 'item name',
        quantity: 10,
        unit: 'C62',
        net: 1000,
        vatCategory: 'E',
        vatRate: 0,
      },
      {
        id: '3',
        description: 'item name',
        quantity: 10,
        unit: 'C62',
        net: 900,
        vatCategory: 'S',
        vatRate: 25,
      },
    ],
    allowancesCharges: [
      { charge: true, reason: 'Cleaning', amount: 200, vatCategory: 'S', vatRate: 25 },
      { charge: false, reason: 'Discount', amount: -200, vatCategory: 'S', vatRate: 25 },
    ],
  },
  'vat-category-E.xml': {
    syntax: 'ubl',
    kind: 'invoice',
    typeCode: '380',
    number: 'Vat-Z',
    issueDate: '2018-08-30',
    dueDate: null,
    currency: 'GBP',
    buyerReference: 'test reference',
    orderReference: null,
    accountingCost: null,
    precedingInvoice: null,
    supplier: {
      name: 'The Sellercompany Incorporated',
      orgNumber: null,
      registrationId: null,
      registrationScheme: null,
      vatId: 'GB928741974',
      country: 'GB',
      address: ['Main street 2, Building 4', '54321 Big city'],
    },
    buyer: {
      name: 'The Buyercompany',
      orgNumber: null,
      registrationId: null,
      registrationScheme: null,
      vatId: null,
      country: 'DK',
      address: ['Anystreet 8', 'Back door', '101 Anytown'],
    },
    totals: { net: 1200, vat: 0, total: 1200, prepaid: 0, payable: 1200 },
    vatBreakdown: [{ category: 'E', rate: 0, taxable: 1200, vat: 0 }],
    paymentId: null,
    iban: null,
    bankAccount: null,
    // 18 characters: not the 24 of a Swedish IBAN, so kept as written.
    accountAsWritten: 'SE1212341234123412',
    lines: [
      {
        id: '1',
        description: 'Test item, category Z',
        quantity: 10,
        unit: 'EA',
        net: 1200,
        vatCategory: 'E',
        vatRate: 0,
      },
    ],
    allowancesCharges: [],
  },
}

describe('PEPPOL BIS Billing 3.0 example files', () => {
  for (const [name, want] of Object.entries(expected)) {
    it(`reads every field of ${name}`, () => {
      expect(parseEInvoice(fixture(name))).toEqual(want)
    })
  }
})

// The Norwegian supplier of test/support/einvoice-files.ts, as its input writes it.
const fjordkontor: EInvoiceParty = {
  name: 'Fjordkontor Rekvisita AS',
  orgNumber: '923609016',
  registrationId: '923609016',
  registrationScheme: '0192',
  vatId: 'NO923609016MVA',
  country: 'NO',
  address: ['Strandgata 4', '5013 Bergen'],
}
const nordlys: EInvoiceParty = {
  name: 'Nordlys Bakeri AS',
  orgNumber: '924956488',
  registrationId: '924956488',
  registrationScheme: '0192',
  vatId: null,
  country: 'NO',
  address: ['Bakerveien 1', '9008 Tromsø'],
}
function norwegian(syntax: 'ubl' | 'cii', credit: boolean): EInvoice {
  const s = credit ? -1 : 1
  return {
    syntax,
    kind: credit ? 'credit-note' : 'invoice',
    typeCode: credit ? '381' : '380',
    number: credit ? 'K-2026-017' : '2026-1042',
    issueDate: '2026-03-02',
    dueDate: credit ? null : '2026-03-16',
    currency: 'NOK',
    buyerReference: 'Kari Nordmann',
    orderReference: null,
    accountingCost: null,
    // e-invoice-eu writes the corrected invoice (BT-25) into UBL only.
    precedingInvoice: credit && syntax === 'ubl' ? '2026-0977' : null,
    supplier: fjordkontor,
    buyer: nordlys,
    totals: { net: s * 1766.67, vat: s * 385, total: s * 2151.67, prepaid: 0, payable: s * 2151.67 },
    vatBreakdown: [
      { category: 'S', rate: 25, taxable: s * 1200, vat: s * 300 },
      { category: 'S', rate: 15, taxable: s * 566.67, vat: s * 85 },
    ],
    paymentId: '1234567890128',
    iban: null,
    bankAccount: '86011117947',
    accountAsWritten: null,
    lines: [
      {
        id: '1',
        description: 'Kopipapir A4, eske',
        quantity: 4,
        unit: 'EA',
        net: s * 1200,
        vatCategory: 'S',
        vatRate: 25,
      },
      {
        id: '2',
        description: 'Kaffe og frukt, møte',
        quantity: 1,
        unit: 'EA',
        net: s * 566.67,
        vatCategory: 'S',
        vatRate: 15,
      },
    ],
    allowancesCharges: [],
  }
}

describe('invoices made by @e-invoice-eu/core', () => {
  for (const credit of [false, true]) {
    const what = credit ? 'credit note' : 'invoice'
    it(`reads every field of a UBL ${what} (EHF 3 with organisation number under scheme 0192)`, async () => {
      const xml = await makeUbl({ credit })
      expect(xml).toContain(credit ? '<CreditNote' : '<Invoice')
      expect(parseEInvoice(xml)).toEqual(norwegian('ubl', credit))
    })
    it(`reads every field of a CII ${what}`, async () => {
      expect(parseEInvoice(await makeCii({ credit }))).toEqual(norwegian('cii', credit))
    })
    it(`finds the CII ${what} a Factur-X PDF embeds and reads every field`, async () => {
      const { xml, refused } = await embeddedInvoiceXml(await makeFacturX({ credit }))
      expect(refused).toBeNull()
      expect(xml).not.toBeNull()
      expect(parseEInvoice(xml!)).toEqual(norwegian('cii', credit))
    }, 30_000)
  }

  it('finds no invoice in a PDF that embeds none', async () => {
    expect(await embeddedInvoiceXml(await printedInvoicePdf())).toEqual({ xml: null, refused: null })
  })
})

describe('what is not an invoice', () => {
  const fails = (input: string, code: string, message: RegExp) => {
    let error: unknown
    try {
      parseEInvoice(input)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(EInvoiceError)
    expect((error as EInvoiceError).code).toBe(code)
    expect((error as Error).message).toMatch(message)
  }

  it('says where XML is not well-formed', () => {
    fails('<Invoice><cbc:ID>1</Invoice>', 'not-xml', /not well-formed \(line 1/)
  })
  it('refuses text that is not XML', () => {
    fails('%PDF-1.7', 'not-xml', /not XML/)
  })
  it('names the root of XML that is not an invoice', () => {
    fails(
      '<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>',
      'not-an-invoice',
      /is a Order, not an invoice/,
    )
    expect(isEInvoiceXml(new TextEncoder().encode('<?xml version="1.0"?><!-- x --><Order/>'))).toBe(false)
  })
  it('names the business term an invoice lacks', () => {
    fails(
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>',
      'incomplete',
      /currency \(BT-5\)/,
    )
  })
})

describe('the OCR answer of a structured invoice (spec 2.13)', () => {
  it('proposes every property the XML gives with probability 1 and carries the lines', async () => {
    const invoice = parseEInvoice(await makeUbl())
    const answer = structuredOcrAnswer(invoice)
    const proposed = Object.fromEntries(
      answer.InterpretedProperties.map((p) => [
        p.OcrPropertyId,
        [p.ProposedCandidate.Value, p.ProposedCandidate.ProbabilityFactor],
      ]),
    )
    expect(proposed).toEqual(NORWEGIAN_INVOICE_PROPOSALS)
    expect(structuredInvoiceOf(answer)?.lines).toHaveLength(2)
  })

  it('never proposes a foreign registry or VAT number, nor a reference that is not a KID', () => {
    const answer = structuredOcrAnswer(parseEInvoice(fixture('base-example.xml')))
    const ids = answer.InterpretedProperties.map((p) => p.OcrPropertyId)
    expect(ids).not.toContain(1)
    expect(ids).not.toContain(4)
    expect(structuredInvoiceOf(answer)?.supplier.vatId).toBe('GB1232434')
  })

  it('proposes a credit note total negative', async () => {
    const answer = structuredOcrAnswer(parseEInvoice(await makeCii({ credit: true })))
    expect(answer.InterpretedProperties.find((p) => p.OcrPropertyId === 6)?.ProposedCandidate.Value).toBe(
      '-2151.67',
    )
  })
})
