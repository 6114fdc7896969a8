// Family `lib-microinvoice`: invoices laid out by the npm package microinvoice (PDFKit; MIT), its own
// template filled with our facts: header facts in a grey band, seller and customer blocks as label / value
// lists, a parts table with the currency after every price, a totals list and legal lines at the foot.
// Everything the template can print goes in its free fields; the KID and account go in the legal lines.
import { createRequire } from 'node:module'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { pick } from '../generate.ts'
import {
  dateText,
  makeFacts,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
} from './facts.ts'
import { pdfKitBytes, type PdfKitStream } from './pdfkit-bytes.ts'

const require = createRequire(import.meta.url)
const MicroInvoice = require('microinvoice') as new (options: unknown) => { generate(): PdfKitStream }

const LABELS = {
  en: {
    name: 'Invoice',
    number: 'Invoice Number',
    date: 'Date',
    due: 'Due Date',
    billTo: 'Bill To',
    billFrom: 'Bill From',
    tax: 'Tax Identifier',
    head: ['Description', 'Quantity', 'Subtotal'],
    net: 'Total without VAT',
    vat: (rate: number) => `VAT ${rate}%`,
    total: 'Total to pay',
    account: 'Bank account',
    kid: 'KID',
  },
  nb: {
    name: 'Faktura',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    billTo: 'Faktura til',
    billFrom: 'Fra',
    tax: 'Org.nr.',
    head: ['Beskrivelse', 'Antall', 'Beløp'],
    net: 'Sum eks. mva',
    vat: (rate: number) => `MVA ${rate} %`,
    total: 'Å betale',
    account: 'Kontonummer',
    kid: 'KID',
  },
} as const

export async function generateMicroinvoice(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 101, { country: ['NO', 'NO', 'GB', 'SE', 'DE'] })
  const lang = f.country === 'NO' && r() < 0.6 ? 'nb' : 'en'
  const l = LABELS[lang]
  // The template appends the currency code to every price; the number before it is ours.
  const form =
    lang === 'nb'
      ? { group: ' ', decimal: ',', code: 'none' as const }
      : { group: ',', decimal: '.', code: 'none' as const }
  const amount = (c: number) => moneyText(c, f.currency, form)
  const dateForm = lang === 'nb' ? 'dmy.' : pick(r, ['dmy/', 'iso', 'long'] as const)
  const date = (iso: string) => dateText(iso, dateForm, 'en')
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const legal: { value: string; weight?: string; color?: string }[] = []
  if (pay.account) legal.push({ value: `${l.account}: ${pay.account}`, weight: 'bold' })
  if (f.kid) legal.push({ value: `${l.kid}: ${f.kid}`, weight: 'bold' })
  if (pay.iban) legal.push({ value: `IBAN: ${pay.iban}   BIC: ${pay.bic}`, color: 'secondary' })
  legal.push({ value: `${f.supplier} · ${f.street} · ${f.place}`, color: 'secondary' })
  const totals = [
    { label: l.net, value: amount(f.net), price: true },
    ...f.vat.map((v) => ({ label: l.vat(v.rate), value: amount(v.vat), price: true })),
    { label: l.total, value: amount(f.total), price: true },
  ]
  const invoice = new MicroInvoice({
    data: {
      invoice: {
        name: `${l.name} ${f.number}`,
        currency: f.currency,
        header: [
          { label: l.number, value: f.number },
          { label: l.date, value: date(f.invoiceDate) },
          { label: l.due, value: date(f.dueDate) },
        ],
        customer: [
          {
            label: l.billTo,
            value: [f.buyer, `${lang === 'nb' ? 'Org.nr.' : 'Org. no.'} ${formatOrgNumber(f.buyerOrg)}`],
          },
          { label: lang === 'nb' ? 'Kundenr.' : 'Customer no.', value: f.customerNo },
        ],
        seller: [
          { label: l.billFrom, value: [f.supplier, f.street, f.place] },
          { label: id.label.replace(/:$/, ''), value: id.value },
        ],
        legal,
        details: {
          header: l.head.map((value) => ({ value })),
          parts: f.lines.map((line) => [
            { value: `${line.text} (${line.rate} %)` },
            { value: line.qty },
            { value: amount(line.amount), price: true },
          ]),
          total: totals,
        },
      },
    },
  })
  const bytes = await pdfKitBytes(invoice.generate())
  return textPdfDocument({
    family: 'lib-microinvoice',
    kind: 'library',
    seed,
    bytes,
    facts: f,
    variant: `${lang},${f.country},${dateForm}`,
    id: id.value,
    pay,
    total: `${amount(f.total)} ${f.currency}`,
    date,
  })
}
