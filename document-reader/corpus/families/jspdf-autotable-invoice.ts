// Family `lib-jspdf-autotable`: invoices laid out by the npm packages jspdf (MIT), a PDF writer, and
// jspdf-autotable (MIT), its table plug-in, in the British and American manner: the seller's name and
// address top left, the title top right over a right-aligned block of the invoice number (`Invoice #`),
// the dates and the purchase order, `Bill to` and `Ship to` side by side, the lines as an autotable (plain,
// striped or gridded; its head repeats on every page of a long invoice), a right-hand block of subtotal, VAT
// per rate, shipping and total, and below it a shaded `Balance due` row: the amount to pay, the total less
// a deposit where one was paid. The payment instructions and the seller's numbers close the invoice, a page
// number stands at the foot of every page. Some documents are credit notes (no shipping, deposit, due date
// or KID; the amounts negative). Languages: English (British suppliers, and Norwegian ones that write in
// English), Dutch, Swedish and Norwegian, each with its country's amount and date forms; fonts Helvetica,
// Times, Courier or DejaVu Sans.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type { jsPDF as JsPdf, jsPDFOptions } from 'jspdf'
import type { UserOptions } from 'jspdf-autotable'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, PLACES, rng, STREETS } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type DateForm,
} from './facts.ts'
import { inLanguage } from './items.ts'

const require = createRequire(import.meta.url)
const { jsPDF } = require('jspdf') as { jsPDF: new (options?: jsPDFOptions) => JsPdf }
const { autoTable } = require('jspdf-autotable') as {
  autoTable: (doc: JsPdf, options: UserOptions) => void
}

let dejavuBase64: { regular: string; bold: string } | null = null
/** DejaVu Sans as jsPDF's virtual file system takes it (base64), read once. */
function dejavu() {
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  return (dejavuBase64 ??= {
    regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')).toString('base64'),
    bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')).toString('base64'),
  })
}

type Lang = 'en' | 'nl' | 'sv' | 'nb'

interface Words {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  po: string
  terms: (days: number) => string
  billTo: string
  shipTo: string
  attention: string
  head: [string, string, string, string, string, string]
  subtotal: string
  vat: (rate: number) => string
  shipping: string
  total: string
  paid: string
  balance: string
  creditTotal: string
  payTo: string
  account: string
  kid: string
  reference: (number: string) => string
  credits: (number: string) => string
  page: (n: number, of: number) => string
}

const WORDS: Record<Lang, Words> = {
  en: {
    title: 'INVOICE',
    creditTitle: 'CREDIT NOTE',
    number: 'Invoice #',
    creditNumber: 'Credit note #',
    date: 'Invoice date',
    due: 'Due date',
    po: 'P.O. #',
    terms: (d) => `Net ${d}`,
    billTo: 'Bill to',
    shipTo: 'Ship to',
    attention: 'Attn: Goods receiving',
    head: ['Item', 'Description', 'Qty', 'Rate', 'VAT', 'Amount'],
    subtotal: 'Subtotal',
    vat: (rate) => `VAT (${rate}%)`,
    shipping: 'Shipping',
    total: 'Total',
    paid: 'Amount paid',
    balance: 'Balance due',
    creditTotal: 'Total credit',
    payTo: 'Please pay by bank transfer to',
    account: 'Account no.',
    kid: 'KID',
    reference: (n) => `Please quote invoice # ${n} as the payment reference.`,
    credits: (n) => `Credit for invoice # ${n}`,
    page: (n, of) => `Page ${n} of ${of}`,
  },
  nl: {
    title: 'FACTUUR',
    creditTitle: 'CREDITNOTA',
    number: 'Factuur #',
    creditNumber: 'Creditnota #',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    po: 'Inkoopordernr.',
    terms: (d) => `${d} dagen netto`,
    billTo: 'Factuuradres',
    shipTo: 'Afleveradres',
    attention: 't.a.v. Goederenontvangst',
    head: ['Art.', 'Omschrijving', 'Aantal', 'Prijs', 'Btw', 'Bedrag'],
    subtotal: 'Subtotaal',
    vat: (rate) => `Btw ${rate}%`,
    shipping: 'Verzendkosten',
    total: 'Totaal',
    paid: 'Reeds betaald',
    balance: 'Openstaand bedrag',
    creditTotal: 'Totaal credit',
    payTo: 'Gelieve over te maken naar',
    account: 'Rekeningnummer',
    kid: 'KID',
    reference: (n) => `Vermeld bij betaling factuurnummer ${n}.`,
    credits: (n) => `Creditering van factuur ${n}`,
    page: (n, of) => `Pagina ${n} van ${of}`,
  },
  sv: {
    title: 'FAKTURA',
    creditTitle: 'KREDITFAKTURA',
    number: 'Faktura #',
    creditNumber: 'Kreditfaktura #',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    po: 'Er beställning',
    terms: (d) => `${d} dagar netto`,
    billTo: 'Fakturaadress',
    shipTo: 'Leveransadress',
    attention: 'Att: Godsmottagning',
    head: ['Art.nr', 'Benämning', 'Antal', 'À-pris', 'Moms', 'Belopp'],
    subtotal: 'Delsumma',
    vat: (rate) => `Moms ${rate} %`,
    shipping: 'Frakt',
    total: 'Totalt',
    paid: 'Förskott betalt',
    balance: 'Kvar att betala',
    creditTotal: 'Summa kredit',
    payTo: 'Betala till',
    account: 'Kontonummer',
    kid: 'KID',
    reference: (n) => `Ange fakturanummer ${n} vid betalning.`,
    credits: (n) => `Kreditering av faktura ${n}`,
    page: (n, of) => `Sida ${n} av ${of}`,
  },
  nb: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Faktura #',
    creditNumber: 'Kreditnota #',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    po: 'Deres bestilling',
    terms: (d) => `${d} dager netto`,
    billTo: 'Fakturaadresse',
    shipTo: 'Leveringsadresse',
    attention: 'Att: Varemottak',
    head: ['Varenr.', 'Beskrivelse', 'Antall', 'Pris', 'Mva', 'Beløp'],
    subtotal: 'Delsum',
    vat: (rate) => `Mva ${rate} %`,
    shipping: 'Frakt',
    total: 'Totalt',
    paid: 'Forskudd betalt',
    balance: 'Rest å betale',
    creditTotal: 'Sum kreditert',
    payTo: 'Betales til',
    account: 'Kontonummer',
    kid: 'KID',
    reference: (n) => `Merk betalingen med fakturanummer ${n}.`,
    credits: (n) => `Kreditering av faktura ${n}`,
    page: (n, of) => `Side ${n} av ${of}`,
  },
}

/** The balance row's word when nothing was paid in advance: what the whole total is called. */
const DUE_WORD: Record<Lang, string> = {
  en: 'Amount due',
  nl: 'Te betalen',
  sv: 'Att betala',
  nb: 'Å betale',
}

const DATE_FORMS: Record<Lang, DateForm[]> = {
  en: ['dmy/', 'long', 'iso'],
  nl: ['dmy-', 'long'],
  sv: ['iso'],
  nb: ['dmy.', 'long'],
}

const FONTS = ['helvetica', 'times', 'courier', 'DejaVuSans'] as const

export async function generateJspdfAutotable(seed: number): Promise<CorpusDocument> {
  // The country and the length drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 1601)
  const { facts: f, r } = makeFacts(seed, 1601, {
    country: pick(spread, ['GB', 'GB', 'NO', 'NO', 'NL', 'SE'] as const),
    lines: pick(spread, [
      [1, 5],
      [2, 8],
      [5, 14],
      [14, 34],
    ] as [number, number][]),
  })
  const lang: Lang =
    f.country === 'NL' ? 'nl' : f.country === 'SE' ? 'sv' : f.country === 'NO' && r() < 0.7 ? 'nb' : 'en'
  const w = WORDS[lang]
  inLanguage(f, lang)
  const credit = r() < 0.1
  if (credit) f.kid = null
  const form = pick(r, MONEY_FORMS[lang]!)
  const sign = credit ? -1 : 1
  // A negative amount with the euro sign before it takes the minus first (`-€22.547,82`).
  const money = (c: number) =>
    sign < 0 && form.code === 'before' && form.symbol
      ? `-${moneyText(c, f.currency, form)}`
      : moneyText(sign * c, f.currency, form)
  const plain = (c: number) => moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const dateForm = pick(r, DATE_FORMS[lang])
  const date = (iso: string) => dateText(iso, dateForm, lang === 'sv' ? 'en' : lang)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)

  // The sums: shipping (charged or free, or no row) and a deposit make the balance differ from the total.
  const shipping = credit ? null : pick(r, [null, 0, int(r, 9, 95) * 100])
  const gross = f.total + (shipping ?? 0)
  const deposit = !credit && r() < 0.3 ? Math.round((gross * int(r, 10, 50)) / 100 / 100) * 100 : 0
  f.total = gross - deposit
  const sums: [string, string][] = [
    [w.subtotal, plain(f.net)],
    ...f.vat.map((v): [string, string] => [w.vat(v.rate), plain(v.vat)]),
    ...(shipping === null ? [] : [[w.shipping, plain(shipping)] as [string, string]]),
    [credit ? w.creditTotal : w.total, money(gross)],
    ...(deposit ? [[w.paid, `-${plain(deposit)}`] as [string, string]] : []),
  ]
  // Without a deposit the balance is the whole total: `Balance due` or `Amount due`, `Å betale` and the like.
  const balanceLabel = credit
    ? null
    : deposit
      ? w.balance
      : lang === 'en'
        ? pick(r, [w.balance, DUE_WORD.en])
        : DUE_WORD[lang]

  const font = pick(r, FONTS)
  const size = pick(r, [9, 9.5, 10])
  const accent = pick(r, [
    [33, 37, 41],
    [31, 78, 121],
    [0, 105, 92],
    [120, 40, 60],
  ] as [number, number, number][])
  const theme = pick(r, ['striped', 'grid', 'plain'] as const)
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true })
  // The creation date as a PDF date string: a Date would be written in the machine's own time zone.
  doc.setCreationDate("D:20260101000000+00'00'")
  doc.setFileId('4C6564676572646573B2436F72707573')
  doc.setDocumentProperties({
    title: `${credit ? w.creditTitle : w.title} ${f.number}`,
    author: f.supplier,
    creator: f.supplier,
  })
  if (font === 'DejaVuSans') {
    const ttf = dejavu()
    doc.addFileToVFS('DejaVuSans.ttf', ttf.regular)
    doc.addFileToVFS('DejaVuSans-Bold.ttf', ttf.bold)
    doc.addFont('DejaVuSans.ttf', 'DejaVuSans', 'normal')
    doc.addFont('DejaVuSans-Bold.ttf', 'DejaVuSans', 'bold')
  }
  const left = 40
  const right = 555
  const set = (style: 'normal' | 'bold', px = size, grey = 0) => {
    doc.setFont(font, style)
    doc.setFontSize(px)
    doc.setTextColor(grey, grey, grey)
  }
  const line = (text: string, x: number, y: number, align: 'left' | 'right' = 'left') =>
    doc.text(text, x, y, { align, baseline: 'top' })

  // The seller top left; the title and the right-aligned facts block top right.
  set('bold', size + 6)
  line(f.supplier, left, 40)
  set('normal')
  const seller = [f.street, f.place, `${id.label} ${id.value}`]
  seller.forEach((s, i) => line(s, left, 62 + i * size * 1.35))
  set('bold', 24)
  doc.setTextColor(...accent)
  line(credit ? w.creditTitle : w.title, right, 36, 'right')
  const facts: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, date(f.dueDate)] as [string, string]]),
    ...(r() < 0.6 ? [[w.po, f.orderNo] as [string, string]] : []),
  ]
  facts.forEach(([label, value], i) => {
    const y = 72 + i * size * 1.5
    set('bold')
    line(label, right - 125, y, 'right')
    set('normal')
    line(value, right, y, 'right')
  })

  // Bill to and ship to side by side.
  const top = Math.max(72 + facts.length * size * 1.5, 62 + seller.length * size * 1.35) + 28
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  const shipTo =
    r() < 0.5 ? [f.buyer, buyerStreet, buyerPlace] : [f.buyer, w.attention, pick(r, STREETS), buyerPlace]
  const columns: [string, string[]][] = [
    [w.billTo, [f.buyer, buyerStreet, buyerPlace, `Org.nr. ${formatOrgNumber(f.buyerOrg)}`]],
    [w.shipTo, shipTo],
  ]
  columns.forEach(([label, rows], k) => {
    const x = left + k * 200
    set('bold', size, 90)
    line(label.toUpperCase(), x, top)
    doc.setDrawColor(...accent)
    doc.setLineWidth(0.8)
    doc.line(x, top + size * 1.4, x + 170, top + size * 1.4)
    set('normal')
    rows.forEach((s, i) => line(s, x, top + size * 1.8 + i * size * 1.35))
  })
  let y = top + size * 1.8 + 4 * size * 1.35 + 14
  if (credit) {
    set('normal')
    line(w.credits(String(int(r, 1000, 999999))), left, y)
    y += size * 2
  }

  // The lines.
  const items = f.lines.map((l, i) => [
    String(100 + ((seed * 7 + i * 13) % 900)),
    l.text,
    String(l.qty),
    plain(l.price),
    `${l.rate}%`,
    plain(l.amount),
  ])
  const amountColumns = { halign: 'right' as const }
  autoTable(doc, {
    startY: y,
    theme,
    head: [w.head],
    body: items,
    margin: { left, right: 595.28 - right, bottom: 60, top: 50 },
    styles: { font, fontSize: size, cellPadding: 4, textColor: 20 },
    headStyles: { fillColor: accent, textColor: 255, fontStyle: 'bold' },
    columnStyles: { 2: amountColumns, 3: amountColumns, 4: amountColumns, 5: amountColumns },
    didParseCell: (data) => {
      if (data.section === 'head' && data.column.index >= 2) data.cell.styles.halign = 'right'
    },
  })
  y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 16

  // The sums and the balance due; a new page when they do not fit.
  const rowHeight = size * 1.55
  const need = (sums.length + 2) * rowHeight + 120
  if (y + need > 780) {
    doc.addPage()
    y = 50
  }
  sums.forEach(([label, value], i) => {
    const last = i === sums.length - 1 && !deposit
    set(last ? 'bold' : 'normal')
    line(label, right - 190, y)
    line(value, right, y, 'right')
    y += rowHeight
  })
  if (balanceLabel) {
    // The shaded row as wide as its label and amount need, at least 200 points.
    y += 4
    set('bold', size + 1.5)
    const amount = money(f.total)
    const width = Math.max(200, doc.getTextWidth(balanceLabel) + doc.getTextWidth(amount) + 30)
    doc.setFillColor(235, 235, 235)
    doc.rect(right - width, y - 4, width, size * 2.1, 'F')
    line(balanceLabel, right - width + 10, y + 1)
    line(amount, right - 6, y + 1, 'right')
    y += size * 2.1 + 6
  }

  // Payment instructions and the terms.
  y += 18
  const payRows = [
    pay.account && `${w.account}: ${pay.account}`,
    f.kid && `${w.kid}: ${f.kid}`,
    pay.iban && `IBAN: ${pay.iban}`,
    pay.bic && `BIC: ${pay.bic}`,
  ].filter((s): s is string => Boolean(s))
  set('bold')
  line(w.payTo, left, y)
  set('normal')
  payRows.forEach((s, i) => line(s, left, y + size * 1.5 * (i + 1)))
  y += size * 1.5 * (payRows.length + 1) + 8
  if (!credit) {
    const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
    set('normal', size - 0.5, 70)
    line(`${w.terms(days)}. ${f.kid ? '' : w.reference(f.number)}`.trim(), left, y)
  }

  // The page numbers and the seller's line at the foot of every page.
  const pages = doc.getNumberOfPages()
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p)
    set('normal', size - 2, 90)
    line([f.supplier, f.street, f.place].join(' | '), left, 808)
    line(w.page(p, pages), right, 808, 'right')
  }
  const bytes = new Uint8Array(doc.output('arraybuffer'))
  return textPdfDocument({
    family: 'lib-jspdf-autotable',
    kind: 'library',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${lang},${f.country},${dateForm},${font},${theme},${deposit ? 'deposit,' : ''}${credit ? 'credit,' : ''}${pages}p`,
    id: id.value,
    pay,
    total: money(f.total),
    date,
    credit,
  })
}
