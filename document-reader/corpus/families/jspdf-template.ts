// Family `lib-jspdf-template`: invoices laid out by the npm package jspdf-invoice-template-nodejs (jsPDF;
// ISC), its template filled with our facts: the business block right-aligned at the top, the contact on
// the left with the invoice number and both dates beside it on the right, a bordered lines table, totals
// as three right-aligned columns (label, amount, currency) and a description block for the payment details.
import { createRequire } from 'node:module'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { pick } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
} from './facts.ts'

const require = createRequire(import.meta.url)
const template = (require('jspdf-invoice-template-nodejs') as { default: (props: unknown) => TemplateResult })
  .default

interface TemplateResult {
  pagesNumber: number
  arrayBuffer?: ArrayBuffer
}

const LABELS = {
  nb: {
    contact: 'Faktura til:',
    number: 'Faktura nr.: ',
    date: 'Fakturadato: ',
    due: 'Forfallsdato: ',
    head: ['#', 'Beskrivelse', 'Antall', 'Pris', 'MVA', 'Beløp'],
    net: 'Netto:',
    vat: (rate: number) => `MVA ${rate} %:`,
    total: 'Totalt å betale:',
    payLabel: 'Betalingsinformasjon',
    account: 'Kontonr.',
    page: 'Side',
  },
  en: {
    contact: 'Invoice issued for:',
    number: 'Invoice #: ',
    date: 'Invoice Date: ',
    due: 'Payment Due: ',
    head: ['#', 'Description', 'Qty', 'Price', 'VAT', 'Amount'],
    net: 'Subtotal:',
    vat: (rate: number) => `VAT ${rate}%:`,
    total: 'Total:',
    payLabel: 'Payment details',
    account: 'Account no.',
    page: 'Page',
  },
} as const

export async function generateJspdfTemplate(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 202, { country: ['NO', 'NO', 'DK', 'GB', 'NL'], lines: [2, 14] })
  const lang = f.country === 'NO' && r() < 0.7 ? 'nb' : 'en'
  const l = LABELS[lang]
  const form = { ...pick(r, MONEY_FORMS[lang === 'nb' ? 'nb' : 'en']!), code: 'none' as const }
  const amount = (c: number) => moneyText(c, f.currency, form)
  const dateForm =
    lang === 'nb' ? pick(r, ['dmy.', 'iso'] as const) : pick(r, ['dmy/', 'long', 'iso'] as const)
  const date = (iso: string) => dateText(iso, dateForm, 'en')
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const payment = [
    pay.account && `${l.account} ${pay.account}`,
    f.kid && `KID ${f.kid}`,
    pay.iban && `IBAN ${pay.iban}`,
    pay.bic && `BIC ${pay.bic}`,
  ].filter(Boolean)
  const result = template({
    outputType: 'arraybuffer',
    returnJsPDFDocObject: false,
    fileName: `invoice-${f.number}`,
    compress: true,
    business: {
      name: f.supplier,
      address: `${f.street}, ${f.place}`,
      phone: `${id.label} ${id.value}`,
      email: `post@${f.supplier.split(' ')[0]!.toLowerCase()}.example`,
      website: `www.${f.supplier.split(' ')[0]!.toLowerCase()}.example`,
    },
    contact: {
      label: l.contact,
      name: f.buyer,
      address: `${lang === 'nb' ? 'Org.nr.' : 'Org. no.'} ${formatOrgNumber(f.buyerOrg)}`,
      otherInfo: `${lang === 'nb' ? 'Kundenr.' : 'Customer no.'} ${f.customerNo}`,
    },
    invoice: {
      label: l.number,
      num: f.number,
      invDate: `${l.due}${date(f.dueDate)}`,
      invGenDate: `${l.date}${date(f.invoiceDate)}`,
      headerBorder: r() < 0.5,
      tableBodyBorder: r() < 0.5,
      header: l.head.map((title, i) => ({
        title,
        style: i === 0 ? { width: 10 } : i === 1 ? { width: 60 } : undefined,
      })),
      table: f.lines.map((line, i) => [
        i + 1,
        line.text,
        line.qty,
        amount(line.price),
        `${line.rate} %`,
        amount(line.amount),
      ]),
      additionalRows: [
        { col1: l.net, col2: amount(f.net), col3: f.currency, style: { fontSize: 10 } },
        ...f.vat.map((v) => ({
          col1: l.vat(v.rate),
          col2: amount(v.vat),
          col3: f.currency,
          style: { fontSize: 10 },
        })),
        { col1: l.total, col2: amount(f.total), col3: f.currency, style: { fontSize: 14 } },
      ],
      invDescLabel: l.payLabel,
      invDesc: payment.join('\n'),
    },
    footer: { text: f.supplier },
    pageEnable: true,
    pageLabel: l.page,
  })
  return textPdfDocument({
    family: 'lib-jspdf-template',
    kind: 'library',
    seed,
    bytes: new Uint8Array(result.arrayBuffer!),
    pages: result.pagesNumber,
    facts: f,
    variant: `${lang},${f.country},${dateForm},${result.pagesNumber}p`,
    id: id.value,
    pay,
    total: amount(f.total),
    date,
  })
}
