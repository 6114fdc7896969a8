// Family `lib-pdf-invoice`: invoices laid out by the npm package @h1dd3nsn1p3r/pdf-invoice (pdfmake; MIT),
// its template filled with our facts and its labels set in the supplier's language: company block with tax
// id and bank line on the left, title, reference number (`#` before it) and dates on the right, an items
// table whose amounts the library computes and formats itself with Intl for the locale, a totals table and
// a note (where the KID goes: the template has no field for it).
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { pick } from '../generate.ts'
import {
  dateText,
  makeFacts,
  paymentTexts,
  supplierIdText,
  type Country,
  textPdfDocument,
  type CorpusDocument,
  type DateForm,
} from './facts.ts'

interface PdfInvoiceClass {
  new (payload: unknown, config?: unknown): { create(): Promise<string> }
}

const require = createRequire(import.meta.url)
const { PDFInvoice } = require('@h1dd3nsn1p3r/pdf-invoice') as { PDFInvoice: PdfInvoiceClass }

const STRINGS = {
  nb: {
    invoice: 'FAKTURA',
    refNumber: 'Fakturanr',
    date: 'Fakturadato',
    dueDate: 'Forfallsdato',
    status: 'Status',
    billTo: 'Faktura til',
    item: 'Vare',
    quantity: 'Antall',
    price: 'Pris',
    tax: 'MVA',
    discount: 'Rabatt',
    total: 'Sum',
    subTotal: 'Delsum',
    totalTax: 'Sum MVA',
    totalDiscount: 'Rabatt',
    fee: 'Gebyr',
    grandTotal: 'Å betale',
  },
  sv: {
    invoice: 'FAKTURA',
    refNumber: 'Fakturanummer',
    date: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    status: 'Status',
    billTo: 'Kund',
    item: 'Artikel',
    quantity: 'Antal',
    price: 'À-pris',
    tax: 'Moms',
    discount: 'Rabatt',
    total: 'Belopp',
    subTotal: 'Delsumma',
    totalTax: 'Moms totalt',
    totalDiscount: 'Rabatt',
    fee: 'Avgift',
    grandTotal: 'Att betala',
  },
  da: {
    invoice: 'FAKTURA',
    refNumber: 'Fakturanr.',
    date: 'Fakturadato',
    dueDate: 'Forfaldsdato',
    status: 'Status',
    billTo: 'Faktureres til',
    item: 'Vare',
    quantity: 'Antal',
    price: 'Pris',
    tax: 'Moms',
    discount: 'Rabat',
    total: 'Beløb',
    subTotal: 'Subtotal',
    totalTax: 'Moms i alt',
    totalDiscount: 'Rabat',
    fee: 'Gebyr',
    grandTotal: 'I alt at betale',
  },
  de: {
    invoice: 'RECHNUNG',
    refNumber: 'Rechnungs-Nr.',
    date: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    status: 'Status',
    billTo: 'Rechnungsempfänger',
    item: 'Artikel',
    quantity: 'Menge',
    price: 'Preis',
    tax: 'MwSt.',
    discount: 'Rabatt',
    total: 'Betrag',
    subTotal: 'Zwischensumme',
    totalTax: 'MwSt. gesamt',
    totalDiscount: 'Rabatt',
    fee: 'Gebühr',
    grandTotal: 'Gesamtbetrag',
  },
  en: {
    invoice: 'I N V O I C E',
    refNumber: 'Ref no',
    date: 'Date',
    dueDate: 'Due Date',
    status: 'Status',
    billTo: 'Bill To',
    item: 'Item',
    quantity: 'Qty',
    price: 'Price',
    tax: 'Tax',
    discount: 'Discount',
    total: 'Total',
    subTotal: 'Subtotal',
    totalTax: 'Total Tax',
    totalDiscount: 'Total Discount',
    fee: 'Total Fee',
    grandTotal: 'Grand Total',
  },
}

const LOCALE: Partial<Record<Country, [keyof typeof STRINGS, string, DateForm]>> = {
  NO: ['nb', 'nb-NO', 'dmy.'],
  SE: ['sv', 'sv-SE', 'iso'],
  DK: ['da', 'da-DK', 'dmy-'],
  DE: ['de', 'de-DE', 'dmy.'],
  GB: ['en', 'en-GB', 'dmy/'],
}

export async function generatePdfInvoice(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 303, { country: ['NO', 'NO', 'SE', 'DK', 'DE', 'GB'] })
  const [lang, locale, dateForm] = LOCALE[f.country]!
  const date = (iso: string) => dateText(iso, dateForm, lang)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const items = f.lines.map((l) => ({ name: l.text, quantity: l.qty, price: l.price / 100, tax: l.rate }))
  // The library computes each line as quantity × price × (1 + tax) in floating point and prints the sum
  // rounded to cents as its grand total: the truth is that sum, computed the same way.
  const grand = Number(items.reduce((s, i) => s + i.quantity * i.price * (1 + i.tax / 100), 0).toFixed(2))
  f.total = Math.round(grand * 100)
  const money = (v: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: f.currency }).format(v)
  const bankLine = [
    pay.account && `${lang === 'nb' ? 'Kontonr.' : 'Account'} ${pay.account}`,
    pay.iban && `IBAN ${pay.iban}`,
    pay.bic && `BIC ${pay.bic}`,
  ]
    .filter(Boolean)
    .join('  ')
  const note = f.kid
    ? pick(r, [`Ved betaling, bruk KID ${f.kid}`, `KID: ${f.kid}`])
    : pick(r, ['Takk for handelen.', 'Thank you for your business.'])
  const file = path.join(os.tmpdir(), `ledgerdesk-pdf-invoice-${process.pid}-${seed}-${Date.now()}.pdf`)
  const invoice = new PDFInvoice(
    {
      company: {
        name: f.supplier,
        address: `${f.street}, ${f.place}`,
        phone: `Tel: +${pick(r, ['47', '46', '45', '49', '44'])} ${pick(r, ['22 33 44 55', '40 12 34 56'])}`,
        email: `post@${f.supplier.split(' ')[0]!.toLowerCase()}.example`,
        taxId: `${id.label} ${id.value}`,
        bank: bankLine,
      },
      customer: {
        name: f.buyer,
        address: `Org.nr. ${formatOrgNumber(f.buyerOrg)}`,
      },
      invoice: {
        number: f.number,
        date: date(f.invoiceDate),
        dueDate: date(f.dueDate),
        status: pick(r, ['', lang === 'nb' ? 'Ubetalt' : 'Open']),
        locale,
        currency: f.currency,
        path: file,
      },
      items,
      note: { text: note, italic: false },
    },
    { string: STRINGS[lang] },
  )
  try {
    await invoice.create()
    const bytes = await finishedFile(file)
    return textPdfDocument({
      family: 'lib-pdf-invoice',
      kind: 'library',
      seed,
      bytes,
      facts: f,
      variant: `${lang},${f.country},${locale}`,
      id: id.value,
      pay,
      total: money(grand),
      date,
    })
  } finally {
    fs.rmSync(file, { force: true })
  }
}

/** The library resolves when PDFKit ends, before its file stream has flushed: wait for the whole file. */
async function finishedFile(file: string): Promise<Uint8Array> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const bytes = fs.existsSync(file) ? fs.readFileSync(file) : null
    if (bytes && bytes.subarray(-32).toString('latin1').includes('%%EOF')) return new Uint8Array(bytes)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`pdf-invoice did not finish writing ${file}`)
}
