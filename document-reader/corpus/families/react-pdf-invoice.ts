// Family `lib-react-pdf`: invoices laid out by the npm package @react-pdf/renderer (MIT), a flexbox layout
// engine (Yoga) over its own PDF writer, from a document tree of its View / Text primitives built here: a
// business letter in the German manner (DIN 5008): the sender's line in small type over the buyer's address
// window, an information block beside it (number, date, customer number, contact), a subject line, the lines
// as flex rows, the totals right-aligned, a sentence that asks for the amount by the due date, and a footer
// of three columns fixed to the foot of every page: address, bank details, registration and VAT numbers.
// The engine paginates long invoices itself. Languages: German, English, Danish and Norwegian, each with its
// country's amount and date forms; fonts Helvetica, Times or DejaVu Sans.
import path from 'node:path'
import { createRequire } from 'node:module'
import { PDFDocument } from 'pdf-lib'
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
  type Country,
  type CorpusDocument,
  type DateForm,
} from './facts.ts'

type Node = unknown
type Style = Record<string, string | number>
interface ReactPdf {
  Document: unknown
  Page: unknown
  View: unknown
  Text: unknown
  Font: {
    register(o: { family: string; fonts: { src: string; fontWeight?: string }[] }): void
    registerHyphenationCallback(callback: (word: string) => string[]): void
  }
  renderToBuffer(document: Node): Promise<Buffer>
}

const require = createRequire(import.meta.url)
const { createElement } = require('react') as {
  createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): Node
}

let loaded: Promise<ReactPdf> | null = null
/** The renderer, loaded on first use, DejaVu Sans registered, hyphenation off (a value never breaks). */
function reactPdf(): Promise<ReactPdf> {
  return (loaded ??= import('@react-pdf/renderer').then((m) => {
    const pdf = m as unknown as ReactPdf
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
    pdf.Font.register({
      family: 'DejaVuSans',
      fonts: [
        { src: path.join(dir, 'DejaVuSans.ttf') },
        { src: path.join(dir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
      ],
    })
    pdf.Font.registerHyphenationCallback((word) => [word])
    return pdf
  }))
}

type Lang = 'de' | 'en' | 'da' | 'nb'

const WORDS = {
  de: {
    title: 'Rechnung',
    subject: 'Rechnung Nr.',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    customerNo: 'Kundennummer',
    contact: 'Ihr Ansprechpartner',
    orderNo: 'Ihre Bestellung',
    greeting: 'Sehr geehrte Damen und Herren,',
    intro: 'wir erlauben uns, Ihnen folgende Leistungen in Rechnung zu stellen:',
    head: ['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamt'],
    net: 'Nettobetrag',
    vat: (rate: number) => `zzgl. ${rate} % USt.`,
    total: 'Rechnungsbetrag',
    ask: (amount: string, due: string) =>
      `Bitte überweisen Sie den Rechnungsbetrag von ${amount} bis zum ${due} auf unser unten genanntes Konto.`,
    kid: (kid: string) => `Bitte geben Sie als Referenz die KID ${kid} an.`,
    regards: 'Mit freundlichen Grüßen',
    bank: 'Bankverbindung',
    account: 'Konto',
    register: 'Registrierung',
    page: 'Seite',
  },
  en: {
    title: 'Invoice',
    subject: 'Invoice no.',
    number: 'Invoice number',
    date: 'Invoice date',
    customerNo: 'Customer number',
    contact: 'Your contact',
    orderNo: 'Your order',
    greeting: 'Dear Sir or Madam,',
    intro: 'we invoice you for the following goods and services:',
    head: ['Item', 'Description', 'Qty', 'Unit price', 'Amount'],
    net: 'Net amount',
    vat: (rate: number) => `VAT ${rate}%`,
    total: 'Invoice total',
    ask: (amount: string, due: string) =>
      `Please pay the invoice total of ${amount} by ${due} to the bank account given below.`,
    kid: (kid: string) => `Please quote KID ${kid} with your payment.`,
    regards: 'Kind regards',
    bank: 'Bank details',
    account: 'Account',
    register: 'Registration',
    page: 'Page',
  },
  da: {
    title: 'Faktura',
    subject: 'Faktura nr.',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    customerNo: 'Kundenummer',
    contact: 'Kontaktperson',
    orderNo: 'Jeres ordre',
    greeting: 'Kære kunde,',
    intro: 'hermed fremsendes faktura for følgende varer og ydelser:',
    head: ['Pos.', 'Beskrivelse', 'Antal', 'Stykpris', 'Beløb'],
    net: 'Subtotal',
    vat: (rate: number) => `Moms ${rate} %`,
    total: 'Fakturabeløb',
    ask: (amount: string, due: string) =>
      `Fakturabeløbet på ${amount} bedes indbetalt senest ${due} til nedenstående konto.`,
    kid: (kid: string) => `Angiv venligst KID ${kid} ved betaling.`,
    regards: 'Med venlig hilsen',
    bank: 'Bankoplysninger',
    account: 'Konto',
    register: 'Registrering',
    page: 'Side',
  },
  nb: {
    title: 'Faktura',
    subject: 'Faktura nr.',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    customerNo: 'Kundenummer',
    contact: 'Kontaktperson',
    orderNo: 'Deres bestilling',
    greeting: 'Hei,',
    intro: 'vi fakturerer herved følgende varer og tjenester:',
    head: ['Pos.', 'Beskrivelse', 'Antall', 'Enhetspris', 'Beløp'],
    net: 'Sum eks. mva.',
    vat: (rate: number) => `Mva. ${rate} %`,
    total: 'Fakturabeløp',
    ask: (amount: string, due: string) =>
      `Vennligst betal fakturabeløpet på ${amount} innen ${due} til kontoen nedenfor.`,
    kid: (kid: string) => `Bruk KID ${kid} ved betaling.`,
    regards: 'Med vennlig hilsen',
    bank: 'Bankforbindelse',
    account: 'Kontonr.',
    register: 'Registrering',
    page: 'Side',
  },
} as const

const LOCALE: Partial<Record<Country, [Lang, DateForm[]]>> = {
  DE: ['de', ['dmy.', 'long']],
  GB: ['en', ['dmy/', 'long']],
  DK: ['da', ['dmy-', 'dmy.']],
  NO: ['nb', ['dmy.', 'long']],
}

const CONTACTS = ['Anna Berg', 'Jonas Weber', 'Emily Clark', 'Mads Holm', 'Kari Lunde']

export async function generateReactPdf(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 1301, {
    country: ['DE', 'DE', 'GB', 'DK', 'NO', 'NO'],
    lines: [1, 24],
  })
  const [lang, forms] = LOCALE[f.country]!
  const w = WORDS[lang]
  const form = pick(r, MONEY_FORMS[lang]!)
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const dateForm = pick(r, forms)
  const date = (iso: string) => dateText(iso, dateForm, lang === 'da' ? 'en' : lang)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const font = pick(r, ['Helvetica', 'Times-Roman', 'DejaVuSans'])
  const bold: Style =
    font === 'Times-Roman'
      ? { fontFamily: 'Times-Bold' }
      : font === 'Helvetica'
        ? { fontFamily: 'Helvetica-Bold' }
        : { fontWeight: 'bold' }
  const size = pick(r, [9, 9.5, 10])
  const accent = pick(r, ['#003366', '#444444', '#0b5d1e', '#8a1c1c'])
  const pdf = await reactPdf()
  const { Document, Page, View, Text } = pdf
  const h = createElement
  const text = (s: string, style: Style = {}) => h(Text, { style }, s)
  const view = (style: Style, ...children: Node[]) => h(View, { style }, ...children)
  const row = (cells: [string, number, 'left' | 'right'][], style: Style = {}) =>
    h(
      View,
      { style: { flexDirection: 'row', paddingVertical: 2.5, ...style }, wrap: false },
      ...cells.map(([s, grow, align]) => text(s, { flexGrow: grow, flexBasis: 0, textAlign: align })),
    )
  const sender = [f.supplier, f.street, f.place].join(' · ')
  const info: [string, string][] = [
    [w.number, f.number],
    [w.date, date(f.invoiceDate)],
    [w.customerNo, f.customerNo],
    ...(r() < 0.5 ? [[w.orderNo, f.orderNo] as [string, string]] : []),
    [w.contact, pick(r, CONTACTS)],
  ]
  const bank = [
    pay.account && `${w.account} ${pay.account}`,
    pay.iban && `IBAN ${pay.iban}`,
    pay.bic && `BIC ${pay.bic}`,
  ].filter((s): s is string => Boolean(s))
  const widths: [number, number, number, number, number] = [0.6, 4.2, 0.9, 1.6, 1.7]
  const lineRows = f.lines.map((line, i) =>
    row(
      [
        [String(i + 1), widths[0], 'left'],
        [`${line.text} (${line.rate} %)`, widths[1], 'left'],
        [String(line.qty), widths[2], 'right'],
        [plain(line.price), widths[3], 'right'],
        [plain(line.amount), widths[4], 'right'],
      ],
      { borderBottomWidth: 0.5, borderBottomColor: '#cccccc' },
    ),
  )
  const totalRow = (label: string, value: string, style: Style = {}) =>
    view(
      { flexDirection: 'row', justifyContent: 'flex-end', paddingVertical: 2, ...style },
      text(label, { width: 130 }),
      text(value, { width: 110, textAlign: 'right' }),
    )
  const footerColumn = (lines: string[]) =>
    view({ flexGrow: 1, flexBasis: 0, paddingRight: 8 }, ...lines.map((s) => text(s)))
  const tree = h(
    Document,
    {
      title: `${w.title} ${f.number}`,
      author: f.supplier,
      creator: f.supplier,
      producer: 'react-pdf',
      creationDate: new Date('2026-01-01T00:00:00Z'),
      modificationDate: new Date('2026-01-01T00:00:00Z'),
    },
    h(
      Page,
      {
        size: 'A4',
        style: { fontFamily: font, fontSize: size, paddingTop: 45, paddingBottom: 95, paddingHorizontal: 57 },
      },
      // Letterhead: the supplier's name right, a rule in the accent colour.
      view(
        {
          flexDirection: 'row',
          justifyContent: 'flex-end',
          borderBottomWidth: 1.5,
          borderBottomColor: accent,
          paddingBottom: 6,
        },
        text(f.supplier, { fontSize: size + 7, color: accent, ...bold }),
      ),
      // The address window and the information block beside it.
      view(
        { flexDirection: 'row', marginTop: 30 },
        view(
          { width: 240 },
          text(sender, { fontSize: size - 2.5, textDecoration: 'underline', marginBottom: 6 }),
          text(f.buyer),
          text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`),
        ),
        view(
          { flexGrow: 1, marginLeft: 20 },
          ...info.map(([label, value]) =>
            view(
              { flexDirection: 'row', paddingVertical: 1 },
              text(label, { width: 105, color: '#555555' }),
              text(value, { flexGrow: 1, textAlign: 'right' }),
            ),
          ),
        ),
      ),
      text(`${w.subject} ${f.number}`, { fontSize: size + 3, marginTop: 34, ...bold }),
      text(w.greeting, { marginTop: 12 }),
      text(w.intro, { marginTop: 4, marginBottom: 8 }),
      h(
        View,
        {
          style: {
            flexDirection: 'row',
            paddingVertical: 3,
            borderBottomWidth: 1,
            borderBottomColor: accent,
          },
        },
        ...w.head.map((s, i) =>
          text(s, { flexGrow: widths[i]!, flexBasis: 0, textAlign: i < 2 ? 'left' : 'right', ...bold }),
        ),
      ),
      ...lineRows,
      view(
        { marginTop: 8 },
        totalRow(w.net, money(f.net)),
        ...f.vat.map((v) => totalRow(w.vat(v.rate), money(v.vat))),
        totalRow(w.total, money(f.total), {
          borderTopWidth: 1,
          borderTopColor: '#000000',
          marginTop: 2,
          ...bold,
        }),
      ),
      view(
        { marginTop: 18 },
        text(w.ask(money(f.total), date(f.dueDate))),
        ...(f.kid ? [text(w.kid(f.kid), { marginTop: 3 })] : []),
        text(w.regards, { marginTop: 14 }),
        text(f.supplier, { marginTop: 3 }),
      ),
      // The footer on every page: address, bank, registration; and the page number.
      h(
        View,
        {
          fixed: true,
          style: {
            position: 'absolute',
            bottom: 30,
            left: 57,
            right: 57,
            flexDirection: 'row',
            borderTopWidth: 0.5,
            borderTopColor: '#999999',
            paddingTop: 5,
            fontSize: size - 2,
            color: '#333333',
          },
        },
        footerColumn([f.supplier, f.street, f.place]),
        footerColumn([w.bank, ...bank]),
        footerColumn([w.register, `${id.label} ${id.value}`]),
      ),
      h(Text, {
        fixed: true,
        style: { position: 'absolute', bottom: 18, right: 57, fontSize: size - 2, color: '#555555' },
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          `${w.page} ${pageNumber} / ${totalPages}`,
      }),
    ),
  )
  const bytes = new Uint8Array(await pdf.renderToBuffer(tree))
  const pages = (await PDFDocument.load(bytes)).getPageCount()
  return textPdfDocument({
    family: 'lib-react-pdf',
    kind: 'library',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${lang},${f.country},${dateForm},${font},${pages}p`,
    id: id.value,
    pay,
    total: money(f.total),
    date,
  })
}
