// A sales document as a test or a look at the PDF needs one: a Norwegian seller and buyer, æøå in the
// texts, `count` lines at the three Norwegian rates and 0 %, sums as common/sales/totals.ts makes them.
import type { SalesDocument } from '../../common/sales/document.ts'
import { draftTotals } from '../../common/sales/totals.ts'

const PRODUCTS = [
  { text: 'Grovbrød med solsikkekjerner', unit: 'stk', price: 42.5, vat: 15 },
  { text: 'Kanelsnurr, æøå-utgave med ekstra kardemomme og smør fra Røros', unit: 'stk', price: 18, vat: 15 },
  { text: 'Levering til Bryggen og Sandviken', unit: null, price: 250, vat: 25 },
  { text: 'Servering i møtelokale', unit: 'time', price: 695, vat: 12 },
  { text: 'Gavekort', unit: 'stk', price: 500, vat: 0 },
]

export function sampleDocument(count: number, over: Partial<SalesDocument> = {}): SalesDocument {
  const items = Array.from({ length: count }, (_, k) => {
    const p = PRODUCTS[k % PRODUCTS.length]!
    return {
      ItemText: count > PRODUCTS.length ? `${p.text} (${k + 1})` : p.text,
      Unit: p.unit,
      NumberOfItems: k % 3 === 0 ? 1.5 + k : 2 + k,
      PriceExVatCurrency: p.price,
      DiscountPercent: k % 4 === 1 ? 10 : 0,
      VatTypeID: p.vat,
      SortIndex: k,
    }
  })
  const t = draftTotals({ InvoiceDate: '2026-11-02', Items: items }, (vat) => vat ?? 0)
  return {
    language: 'nb',
    kind: 'invoice',
    draft: false,
    number: '10023',
    creditedInvoiceNumber: null,
    invoiceDate: '2026-11-02',
    dueDate: '2026-11-16',
    deliveryDate: null,
    ourReference: 'Åse Bøe',
    yourReference: 'Ørjan Lie',
    freeText: 'Takk for handelen! Bestillinger til jul må være oss i hende innen 1. desember.',
    currency: 'NOK',
    seller: {
      name: 'Nordlys Bakeri AS',
      orgNumber: '912345674',
      vatRegistered: true,
      addressLines: [],
      email: 'post@nordlys.example',
      phone: '+4722100111',
      bankAccount: '15030123456',
      iban: null,
    },
    buyer: {
      name: 'Fjordkafeen AS',
      orgNumber: '987654325',
      addressLines: ['Bryggen 3', '5003 Bergen'],
      email: 'faktura@fjordkafeen.example',
      phone: null,
    },
    customerNumber: '10004',
    lines: items.map((i, k) => ({
      text: i.ItemText,
      quantity: i.NumberOfItems,
      unit: i.Unit,
      unitPrice: Math.round(i.PriceExVatCurrency * 100),
      discountPercent: i.DiscountPercent,
      vatPercent: i.VatTypeID,
      net: t.lines[k]!.net,
    })),
    vat: t.vat,
    totals: { net: t.net, vat: t.vatTotal, gross: t.gross },
    kid: '0000100230',
    ...over,
  }
}
