// Family `lib-pdfmake`: invoices laid out by the npm package pdfmake (MIT), a declarative layout engine over
// PDFKit, from a document definition written here: the seller's name, address and VAT number top left, the
// title top right over a facts table whose grey heading rows name the values under them (number and date,
// due date and customer number), the buyer block, the lines in a striped table whose head repeats on every
// page, a totals table with the VAT of each rate on the amount it was charged on, a framed payment block
// and a footer line with the seller and the page number on every page. The engine paginates long invoices
// itself, so the totals and payment block of a long one stand on its last page. Some documents are credit
// notes: their own title, a reference to the invoice they credit, no due date and no KID, the amount
// negative. Languages: English (British suppliers, and Norwegian ones that write in English), German,
// Spanish, Italian and Danish, each with its country's amount and date forms (long dates in the language's
// words); fonts Roboto, DejaVu Sans, DejaVu Serif, Helvetica or Times.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { PDFDocument } from 'pdf-lib'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, rng, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type Country,
  type CorpusDocument,
  type MoneyForm,
} from './facts.ts'
import { inLanguage } from './items.ts'
import { pdfKitBytes, type PdfKitStream } from './pdfkit-bytes.ts'

const require = createRequire(import.meta.url)

type FontFiles = Record<'normal' | 'bold' | 'italics' | 'bolditalics', string | Buffer>
interface PdfPrinter {
  createPdfKitDocument(definition: unknown): PdfKitStream & { end(): void }
}

let printer: PdfPrinter | null = null
/** pdfmake's server-side printer with the faces the family uses, made once on first use. */
function pdfmake(): PdfPrinter {
  if (printer) return printer
  const Printer = require('pdfmake') as new (fonts: Record<string, FontFiles>) => PdfPrinter
  const vfs = require('pdfmake/build/vfs_fonts.js') as Record<string, string>
  const roboto = (file: string) => Buffer.from(vfs[file]!, 'base64')
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  const dejavu = (file: string) => fs.readFileSync(path.join(dir, file))
  const standard = (name: string, italic: string): FontFiles => ({
    normal: name === 'Times' ? 'Times-Roman' : name,
    bold: `${name}-Bold`,
    italics: `${name}-${italic}`,
    bolditalics: `${name}-Bold${italic}`,
  })
  printer = new Printer({
    Roboto: {
      normal: roboto('Roboto-Regular.ttf'),
      bold: roboto('Roboto-Medium.ttf'),
      italics: roboto('Roboto-Italic.ttf'),
      bolditalics: roboto('Roboto-MediumItalic.ttf'),
    },
    DejaVuSans: {
      normal: dejavu('DejaVuSans.ttf'),
      bold: dejavu('DejaVuSans-Bold.ttf'),
      italics: dejavu('DejaVuSans-Oblique.ttf'),
      bolditalics: dejavu('DejaVuSans-BoldOblique.ttf'),
    },
    DejaVuSerif: {
      normal: dejavu('DejaVuSerif.ttf'),
      bold: dejavu('DejaVuSerif-Bold.ttf'),
      italics: dejavu('DejaVuSerif-Italic.ttf'),
      bolditalics: dejavu('DejaVuSerif-BoldItalic.ttf'),
    },
    Helvetica: standard('Helvetica', 'Oblique'),
    Times: standard('Times', 'Italic'),
  })
  return printer
}

/** A pdfmake document definition laid out: the PDF's bytes and how many pages it took. */
export async function pdfmakeDocument(definition: unknown): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = pdfmake().createPdfKitDocument(definition)
  const done = pdfKitBytes(doc)
  doc.end()
  const bytes = await done
  return { bytes, pages: (await PDFDocument.load(bytes)).getPageCount() }
}

type Lang = 'en' | 'de' | 'es' | 'it' | 'da'

interface Words {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  customerNo: string
  orderNo: string
  buyer: string
  head: [string, string, string, string, string, string]
  net: string
  vat: (rate: number, base: string) => string
  total: string
  creditTotal: string
  payment: string
  account: string
  bank: string
  kid: string
  credits: (number: string) => string
  settled: string
  thanks: string
  page: (n: number, of: number) => string
}

const WORDS: Record<Lang, Words> = {
  en: {
    title: 'INVOICE',
    creditTitle: 'CREDIT NOTE',
    number: 'Invoice no.',
    creditNumber: 'Credit note no.',
    date: 'Invoice date',
    due: 'Due date',
    customerNo: 'Customer no.',
    orderNo: 'Your order',
    buyer: 'Invoice to',
    head: ['#', 'Description', 'Qty', 'Unit price', 'VAT', 'Amount'],
    net: 'Subtotal',
    vat: (rate, base) => `VAT ${rate}% of ${base}`,
    total: 'Total due',
    creditTotal: 'Total credited',
    payment: 'Payment details',
    account: 'Account number',
    bank: 'Bank',
    kid: 'KID',
    credits: (n) => `This credit note refers to invoice ${n}.`,
    settled: 'The amount will be refunded to your account or set off against your next invoice.',
    thanks: 'Thank you for your business.',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  de: {
    title: 'RECHNUNG',
    creditTitle: 'GUTSCHRIFT',
    number: 'Rechnungsnummer',
    creditNumber: 'Gutschrift Nr.',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    customerNo: 'Kundennummer',
    orderNo: 'Ihre Bestellung',
    buyer: 'Rechnungsempfänger',
    head: ['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'USt.', 'Gesamt'],
    net: 'Summe netto',
    vat: (rate, base) => `USt. ${rate} % auf ${base}`,
    total: 'Rechnungsbetrag',
    creditTotal: 'Gutschriftsbetrag',
    payment: 'Zahlungsinformationen',
    account: 'Kontonummer',
    bank: 'Bank',
    kid: 'KID',
    credits: (n) => `Diese Gutschrift bezieht sich auf die Rechnung ${n}.`,
    settled: 'Der Betrag wird Ihrem Konto gutgeschrieben oder mit der nächsten Rechnung verrechnet.',
    thanks: 'Vielen Dank für Ihren Auftrag.',
    page: (n, of) => `Seite ${n} von ${of}`,
  },
  es: {
    title: 'FACTURA',
    creditTitle: 'FACTURA RECTIFICATIVA',
    number: 'Nº de factura',
    creditNumber: 'Nº de factura rectificativa',
    date: 'Fecha de emisión',
    due: 'Fecha de vencimiento',
    customerNo: 'Nº de cliente',
    orderNo: 'Su pedido',
    buyer: 'Facturar a',
    head: ['Nº', 'Concepto', 'Cant.', 'Precio unit.', 'IVA', 'Importe'],
    net: 'Base imponible',
    vat: (rate, base) => `IVA ${rate} % s/ ${base}`,
    total: 'Total a pagar',
    creditTotal: 'Total abonado',
    payment: 'Forma de pago: transferencia bancaria',
    account: 'Número de cuenta',
    bank: 'Banco',
    kid: 'KID',
    credits: (n) => `Esta factura rectificativa anula la factura ${n}.`,
    settled: 'El importe se abonará en su cuenta o se compensará en la próxima factura.',
    thanks: 'Gracias por su confianza.',
    page: (n, of) => `Página ${n} de ${of}`,
  },
  it: {
    title: 'FATTURA',
    creditTitle: 'NOTA DI CREDITO',
    number: 'Fattura n.',
    creditNumber: 'Nota di credito n.',
    date: 'Data fattura',
    due: 'Scadenza',
    customerNo: 'Codice cliente',
    orderNo: 'Vostro ordine',
    buyer: 'Destinatario',
    head: ['N.', 'Descrizione', 'Q.tà', 'Prezzo unit.', 'IVA', 'Importo'],
    net: 'Imponibile',
    vat: (rate, base) => `IVA ${rate}% su ${base}`,
    total: 'Totale da pagare',
    creditTotal: 'Totale nota di credito',
    payment: 'Modalità di pagamento: bonifico bancario',
    account: 'Numero di conto',
    bank: 'Banca',
    kid: 'KID',
    credits: (n) => `La presente nota di credito si riferisce alla fattura ${n}.`,
    settled: "L'importo sarà rimborsato sul Vostro conto o compensato con la prossima fattura.",
    thanks: 'Grazie per averci scelto.',
    page: (n, of) => `Pagina ${n} di ${of}`,
  },
  da: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Fakturanr.',
    creditNumber: 'Kreditnota nr.',
    date: 'Fakturadato',
    due: 'Forfaldsdato',
    customerNo: 'Kundenr.',
    orderNo: 'Jeres ordre',
    buyer: 'Faktureres til',
    head: ['Nr.', 'Beskrivelse', 'Antal', 'Stykpris', 'Moms', 'Beløb'],
    net: 'Subtotal',
    vat: (rate, base) => `Moms ${rate} % af ${base}`,
    total: 'At betale',
    creditTotal: 'Krediteret i alt',
    payment: 'Betalingsoplysninger',
    account: 'Kontonr.',
    bank: 'Bank',
    kid: 'KID',
    credits: (n) => `Kreditnotaen vedrører faktura ${n}.`,
    settled: 'Beløbet tilbagebetales til jeres konto eller modregnes i næste faktura.',
    thanks: 'Tak for handlen.',
    page: (n, of) => `Side ${n} af ${of}`,
  },
}

const LANG_OF: Partial<Record<Country, Lang>> = { GB: 'en', NO: 'en', DE: 'de', ES: 'es', IT: 'it', DK: 'da' }

/** Months in the languages the family's facts module does not spell. */
const MONTHS: Partial<Record<Lang, string[]>> = {
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
    ' ',
  ),
}

/** Spanish and Italian amounts: a dot between thousands, a decimal comma, the euro after or its code before. */
const SOUTHERN_MONEY: MoneyForm[] = [
  { group: '.', decimal: ',', code: 'after', symbol: '€' },
  { group: '.', decimal: ',', code: 'before' },
  { group: '.', decimal: ',', code: 'after' },
]

/** Each language's dates: numeric forms, or the month spelt out (`3 de marzo de 2026`, `3 marzo 2026`). */
function dateForm(lang: Lang, r: Rand): { name: string; text: (iso: string) => string } {
  const std = (form: Parameters<typeof dateText>[1], words = 'en') => ({
    name: form,
    text: (iso: string) => dateText(iso, form, words),
  })
  const spelt = (name: string, text: (day: number, month: string, year: string) => string) => ({
    name,
    text: (iso: string) => {
      const [y, m, d] = iso.split('-') as [string, string, string]
      return text(Number(d), MONTHS[lang]![Number(m) - 1]!, y)
    },
  })
  switch (lang) {
    case 'en':
      return pick(r, [std('dmy/'), std('long'), std('dmy.')])
    case 'de':
      return pick(r, [std('dmy.'), std('long', 'de')])
    case 'es':
      return pick(r, [std('dmy/'), spelt('long-es', (d, m, y) => `${d} de ${m} de ${y}`)])
    case 'it':
      return pick(r, [std('dmy/'), spelt('long-it', (d, m, y) => `${d} ${m} ${y}`)])
    case 'da':
      return pick(r, [std('dmy-'), std('dmy.')])
  }
}

const GREY = '#e4e4e4'

export async function generatePdfmake(seed: number): Promise<CorpusDocument> {
  // The country and the length drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 1501)
  const { facts: f, r } = makeFacts(seed, 1501, {
    country: pick(spread, ['GB', 'NO', 'DE', 'ES', 'ES', 'IT', 'IT', 'DK'] as const),
    lines: pick(spread, [
      [1, 6],
      [1, 6],
      [4, 14],
      [12, 32],
    ] as [number, number][]),
  })
  const lang = LANG_OF[f.country]!
  const w = WORDS[lang]
  inLanguage(f, lang)
  const credit = r() < 0.12
  if (credit) f.kid = null
  const form = pick(r, lang === 'es' || lang === 'it' ? SOUTHERN_MONEY : MONEY_FORMS[lang]!)
  const sign = credit ? -1 : 1
  const money = (c: number) => moneyText(sign * c, f.currency, form)
  const plain = (c: number) => moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const dates = dateForm(lang, r)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const font = pick(r, ['Roboto', 'DejaVuSans', 'DejaVuSerif', 'Helvetica', 'Times'])
  const size = pick(r, [8.5, 9, 9.5, 10])
  const accent = pick(r, ['#2f5496', '#1e6b52', '#8c2d19', '#404040', '#5b3a8c'])
  const striped = pick(r, ['#f3f3f3', '#eef3f8', '#f6f1e7'])
  const credited = `${int(r, 1000, 999999)}`

  // The facts table: grey heading rows, each over the values it names.
  const factPairs: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, dates.text(f.invoiceDate)],
    ...(credit ? [] : [[w.due, dates.text(f.dueDate)] as [string, string]]),
    [w.customerNo, f.customerNo],
    ...(r() < 0.5 ? [[w.orderNo, f.orderNo] as [string, string]] : []),
  ]
  if (factPairs.length % 2) factPairs.push(['', ''])
  const factBody: unknown[][] = []
  for (let i = 0; i < factPairs.length; i += 2) {
    const pair = factPairs.slice(i, i + 2)
    factBody.push(pair.map(([label]) => ({ text: label, fillColor: GREY, bold: true, fontSize: size - 1 })))
    factBody.push(pair.map(([, value]) => ({ text: value })))
  }
  const thinLines = {
    hLineWidth: () => 0.5,
    vLineWidth: () => 0.5,
    hLineColor: () => '#9a9a9a',
    vLineColor: () => '#9a9a9a',
    paddingTop: () => 3,
    paddingBottom: () => 3,
  }

  const lineRows = f.lines.map((line, i) => [
    String(i + 1),
    line.text,
    { text: String(line.qty), alignment: 'right' },
    { text: plain(line.price), alignment: 'right' },
    { text: `${line.rate} %`, alignment: 'right' },
    { text: plain(line.amount), alignment: 'right' },
  ])
  const totalRows: unknown[][] = [
    [w.net, { text: money(f.net), alignment: 'right' }],
    ...f.vat.map((v) => [w.vat(v.rate, plain(v.base)), { text: money(v.vat), alignment: 'right' }]),
    [
      { text: credit ? w.creditTotal : w.total, bold: true, fontSize: size + 1.5 },
      { text: money(f.total), bold: true, fontSize: size + 1.5, alignment: 'right' },
    ],
  ]
  const payment = [
    pay.account && [w.account, pay.account],
    f.kid && [w.kid, f.kid],
    pay.iban && ['IBAN', pay.iban],
    pay.bic && ['BIC / SWIFT', pay.bic],
  ].filter((x): x is [string, string] => Boolean(x))
  const fixed = new Date('2026-01-01T00:00:00Z')
  const definition = {
    pageSize: 'A4',
    pageMargins: [42, 42, 42, 56],
    info: {
      title: `${credit ? w.creditTitle : w.title} ${f.number}`,
      author: f.supplier,
      creator: f.supplier,
      producer: 'pdfmake',
      creationDate: fixed,
      modDate: fixed,
    },
    defaultStyle: { font, fontSize: size, lineHeight: 1.15 },
    footer: (page: number, pages: number) => ({
      margin: [42, 18, 42, 0],
      columns: [
        { text: [f.supplier, f.street, f.place, `${id.label} ${id.value}`].join(' · '), fontSize: size - 2 },
        { text: w.page(page, pages), alignment: 'right', width: 90, fontSize: size - 2 },
      ],
    }),
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: f.supplier, bold: true, fontSize: size + 7, color: accent },
              { text: f.street, margin: [0, 6, 0, 0] },
              f.place,
              `${id.label} ${id.value}`,
            ],
          },
          {
            width: 230,
            stack: [
              {
                text: credit ? w.creditTitle : w.title,
                bold: true,
                fontSize: credit && lang === 'es' ? 15 : 20,
                alignment: 'right',
                color: accent,
                margin: [0, 0, 0, 8],
              },
              { table: { widths: ['*', '*'], body: factBody }, layout: thinLines },
            ],
          },
        ],
      },
      { text: w.buyer, bold: true, fontSize: size - 1, color: '#555555', margin: [0, 18, 0, 2] },
      f.buyer,
      `Org.nr. ${formatOrgNumber(f.buyerOrg)}`,
      ...(credit ? [{ text: w.credits(credited), margin: [0, 12, 0, 0] }] : []),
      {
        margin: [0, 18, 0, 0],
        table: {
          headerRows: 1,
          widths: [22, '*', 34, 70, 38, 76],
          body: [
            w.head.map((h, i) => ({
              text: h,
              bold: true,
              color: '#ffffff',
              fillColor: accent,
              alignment: i < 2 ? 'left' : 'right',
            })),
            ...lineRows,
          ],
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0,
          vLineWidth: () => 0,
          hLineColor: () => accent,
          fillColor: (row: number) => (row > 0 && row % 2 === 0 ? striped : null),
          paddingTop: () => 3.5,
          paddingBottom: () => 3.5,
        },
      },
      {
        margin: [0, 12, 0, 0],
        unbreakable: true,
        columns: [
          { width: '*', text: '' },
          {
            width: 250,
            table: { widths: ['*', 'auto'], body: totalRows },
            layout: {
              hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
                i === node.table.body.length - 1 ? 1 : 0,
              vLineWidth: () => 0,
              paddingTop: () => 2.5,
              paddingBottom: () => 2.5,
            },
          },
        ],
      },
      {
        margin: [0, 18, 0, 0],
        unbreakable: true,
        table: {
          widths: ['*'],
          body: [
            [
              {
                stack: [
                  { text: w.payment, bold: true, margin: [0, 0, 0, 4] },
                  ...(credit ? [{ text: w.settled, margin: [0, 0, 0, 4] }] : []),
                  {
                    columns: [
                      { width: 110, stack: payment.map(([label]) => label), color: '#444444' },
                      { width: '*', stack: payment.map(([, value]) => value) },
                    ],
                  },
                ],
              },
            ],
          ],
        },
        layout: {
          hLineColor: () => accent,
          vLineColor: () => accent,
          paddingLeft: () => 8,
          paddingRight: () => 8,
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
      { text: w.thanks, italics: true, margin: [0, 14, 0, 0] },
    ],
  }
  const { bytes, pages } = await pdfmakeDocument(definition)
  return textPdfDocument({
    family: 'lib-pdfmake',
    kind: 'library',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${lang},${f.country},${dates.name},${font},${credit ? 'credit,' : ''}${pages}p`,
    id: id.value,
    pay,
    total: money(f.total),
    date: dates.text,
    credit,
  })
}
