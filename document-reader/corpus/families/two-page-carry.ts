// Own layout family `own-two-page-carry` (its group: ../families.ts): a Nordic invoice whose lines run over
// two pages, drawn on with the npm package pdfkit (MIT). Page 1 has the whole head: the seller's name and
// address, the title, the facts in a block on the right (number, invoice and due date, customer number,
// references, terms), the buyer's address; then the lines (item number, text, quantity, unit, price, VAT
// rate, amount) fill the page and end in a subtotal carried to the next page (`Overføres`, `Att
// transportera`, `Transport`). Page 2 repeats only a small head (the seller, the invoice number, the page),
// starts its table with the amount brought forward (`Overført fra forrige side`, `Transport`, `Overført`),
// lists the remaining lines and ends with the totals (net, VAT of each rate on its base, sometimes the
// rounding, the amount to pay) and a framed block of payment facts: account and KID, or the Swedish
// bankgiro and the Danish registration and account numbers beside IBAN and BIC, and the amount; some repeat
// the due date there. The carried amount is the net of page 1's lines, never the total. The foot of both
// pages carries the seller's address, number and bank account and the page number. Some documents are credit
// notes (the invoice they credit, no due date, no KID, the amounts negative). Languages: Norwegian (bokmål),
// Swedish and Danish, each with its country's amount and date forms; fonts Helvetica, Times, DejaVu Sans or
// DejaVu Serif.
import path from 'node:path'
import { createRequire } from 'node:module'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, PLACES, rng, STREETS } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type MoneyForm,
} from './facts.ts'
import { inLanguage, unitKinds } from './items.ts'
import { pdfKitBytes, type PdfKitDocument } from './pdfkit-bytes.ts'

const require = createRequire(import.meta.url)

const PDFDocument = require('pdfkit') as new (options: unknown) => PdfKitDocument

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONTS: Record<string, [string, string]> = {
  Helvetica: ['Helvetica', 'Helvetica-Bold'],
  Times: ['Times-Roman', 'Times-Bold'],
  DejaVuSans: [path.join(DEJAVU, 'DejaVuSans.ttf'), path.join(DEJAVU, 'DejaVuSans-Bold.ttf')],
  DejaVuSerif: [path.join(DEJAVU, 'DejaVuSerif.ttf'), path.join(DEJAVU, 'DejaVuSerif-Bold.ttf')],
}

type Lang = 'nb' | 'sv' | 'da'

interface Words {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  customerNo: string
  yourRef: string
  ourRef: string
  orderNo: string
  terms: string
  days: (n: number) => string
  billTo: string
  head: [string, string, string, string, string, string, string]
  units: [string, string, string, string]
  carried: string[]
  brought: string[]
  net: string
  vat: (rate: number, base: string) => string
  rounding: string
  total: string
  creditTotal: string
  payment: string
  account: string
  kid: string
  amount: string
  payDue: string
  credits: (n: string) => string
  creditNote: string
  invoice: string
  page: (n: number, of: number) => string
  phone: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Fakturanummer',
    creditNumber: 'Kreditnotanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenummer',
    yourRef: 'Deres referanse',
    ourRef: 'Vår referanse',
    orderNo: 'Ordrenummer',
    terms: 'Betalingsbetingelser',
    days: (n) => `${n} dager netto`,
    billTo: 'Fakturaadresse',
    head: ['Varenr.', 'Beskrivelse', 'Antall', 'Enhet', 'Pris', 'Mva %', 'Beløp'],
    units: ['stk', 'timer', 'mnd', 'pk'],
    carried: ['Overføres til neste side', 'Overføres', 'Sum overført til side 2'],
    brought: ['Overført fra forrige side', 'Overført', 'Overført fra side 1'],
    net: 'Sum eks. mva',
    vat: (rate, base) => `Mva ${rate} % av ${base}`,
    rounding: 'Øreavrunding',
    total: 'Å betale',
    creditTotal: 'Kreditert beløp',
    payment: 'Betalingsinformasjon',
    account: 'Kontonummer',
    kid: 'KID',
    amount: 'Beløp',
    payDue: 'Betalingsfrist',
    credits: (n) => `Kreditnotaen gjelder faktura ${n}.`,
    creditNote: 'Beløpet blir tilbakebetalt eller motregnet i neste faktura.',
    invoice: 'Faktura',
    page: (n, of) => `Side ${n} av ${of}`,
    phone: 'Tlf.',
  },
  sv: {
    title: 'FAKTURA',
    creditTitle: 'KREDITFAKTURA',
    number: 'Fakturanummer',
    creditNumber: 'Kreditfakturanummer',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnummer',
    yourRef: 'Er referens',
    ourRef: 'Vår referens',
    orderNo: 'Ordernummer',
    terms: 'Betalningsvillkor',
    days: (n) => `${n} dagar netto`,
    billTo: 'Fakturaadress',
    head: ['Art.nr', 'Benämning', 'Antal', 'Enhet', 'À-pris', 'Moms %', 'Belopp'],
    units: ['st', 'tim', 'mån', 'frp'],
    carried: ['Att transportera', 'Transport', 'Summa att transportera'],
    brought: ['Transport', 'Transport från sida 1', 'Transporterat'],
    net: 'Summa exkl. moms',
    vat: (rate, base) => `Moms ${rate} % på ${base}`,
    rounding: 'Öresavrundning',
    total: 'Att betala',
    creditTotal: 'Krediterat belopp',
    payment: 'Betalningsinformation',
    account: 'Bankgiro',
    kid: 'OCR',
    amount: 'Belopp',
    payDue: 'Förfallodag',
    credits: (n) => `Krediteringen avser faktura ${n}.`,
    creditNote: 'Beloppet återbetalas eller avräknas mot nästa faktura.',
    invoice: 'Faktura',
    page: (n, of) => `Sida ${n} av ${of}`,
    phone: 'Tel.',
  },
  da: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Fakturanummer',
    creditNumber: 'Kreditnotanummer',
    date: 'Fakturadato',
    due: 'Forfaldsdato',
    customerNo: 'Kundenummer',
    yourRef: 'Jeres reference',
    ourRef: 'Vores reference',
    orderNo: 'Ordrenummer',
    terms: 'Betalingsbetingelser',
    days: (n) => `Netto ${n} dage`,
    billTo: 'Faktureringsadresse',
    head: ['Varenr.', 'Beskrivelse', 'Antal', 'Enhed', 'Stk.pris', 'Moms %', 'Beløb'],
    units: ['stk.', 'timer', 'md.', 'pk.'],
    carried: ['Transport', 'Overføres', 'Transporteres til side 2'],
    brought: ['Transport', 'Overført', 'Transporteret fra side 1'],
    net: 'Subtotal ekskl. moms',
    vat: (rate, base) => `Moms ${rate} % af ${base}`,
    rounding: 'Afrunding',
    total: 'At betale',
    creditTotal: 'Krediteret beløb',
    payment: 'Betalingsoplysninger',
    account: 'Reg.nr. / kontonr.',
    kid: 'KID',
    amount: 'Beløb',
    payDue: 'Sidste rettidige betaling',
    credits: (n) => `Kreditnotaen vedrører faktura ${n}.`,
    creditNote: 'Beløbet tilbagebetales eller modregnes i næste faktura.',
    invoice: 'Faktura',
    page: (n, of) => `Side ${n} af ${of}`,
    phone: 'Tlf.',
  },
}

const LANG_OF = { NO: 'nb', SE: 'sv', DK: 'da' } as const
const PEOPLE: Record<Lang, string[]> = {
  nb: ['Kari Nordmann', 'Per Olsen', 'Ingrid Moe', 'Ola Hansen'],
  sv: ['Anna Svensson', 'Erik Lindqvist', 'Maria Nilsson'],
  da: ['Mette Holm', 'Lars Jensen', 'Sofie Nielsen'],
}

/** Each page's geometry (points from the top): where the tables start and where the rows must stop. */
const PAGE1_TABLE = 286
const PAGE2_TABLE = 112
const ROWS_END = 752
/** Room the totals and the payment block need on page 2. */
const CLOSING = 236

export async function generateTwoPageCarry(seed: number): Promise<CorpusDocument> {
  // The country, font and size drawn apart from the facts: they fix how many lines fill page 1.
  const spread = rng(seed * 2246822519 + 2601)
  const country = pick(spread, ['NO', 'NO', 'NO', 'SE', 'SE', 'DK', 'DK'] as const)
  const size = pick(spread, [8.5, 9, 9.5])
  const step = size * pick(spread, [1.75, 1.85, 2])
  const headRow = size * 2.2
  const cap1 = Math.floor((ROWS_END - PAGE1_TABLE - headRow - size * 2.6) / step)
  const cap2 = Math.floor((ROWS_END - CLOSING - PAGE2_TABLE - headRow - step) / step)
  const n = cap1 + int(spread, 1, Math.min(cap2, 14))
  const { facts: f, r } = makeFacts(seed, 2601, { country, lines: [n, n], kid: 0.75 })
  const lang = LANG_OF[country]
  const w = WORDS[lang]
  const lineUnits = unitKinds(f)
  inLanguage(f, lang)
  const credit = r() < 0.08
  // A credit note prints no KID and no IBAN; the seller's bank account stands in the foot of every page.
  if (credit) f.kid = f.iban = f.bic = null
  const sign = credit ? -1 : 1
  const form: MoneyForm = pick(r, MONEY_FORMS[lang]!)
  const money = (c: number) => moneyText(sign * c, f.currency, form)
  const plain = (c: number) => moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const dates =
    lang === 'sv'
      ? pick(r, [
          { name: 'iso', text: (iso: string) => dateText(iso, 'iso') },
          { name: 'iso', text: (iso: string) => dateText(iso, 'iso') },
          { name: 'long', text: (iso: string) => speltDate(iso, 'sv') },
        ])
      : lang === 'da'
        ? pick(r, [
            { name: 'dmy-', text: (iso: string) => dateText(iso, 'dmy-') },
            { name: 'dmy.', text: (iso: string) => dateText(iso, 'dmy.') },
            { name: 'long', text: (iso: string) => speltDate(iso, 'da') },
          ])
        : pick(r, [
            { name: 'dmy.', text: (iso: string) => dateText(iso, 'dmy.') },
            { name: 'dmy.', text: (iso: string) => dateText(iso, 'dmy.') },
            { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nb') },
          ])
  const date = dates.text
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)

  // Rounding to whole kroner on some Norwegian and Swedish invoices: the amount to pay is the rounded one.
  const rounding = !credit && lang !== 'da' && r() < 0.35 ? Math.round(f.total / 100) * 100 - f.total : 0
  f.total += rounding

  // The national account numbers that stand beside the IBAN of a Swedish or Danish seller.
  const bankgiro = `${int(r, 100, 9999)}-${String(int(r, 0, 9999)).padStart(4, '0')}`
  const danish = `${int(r, 1000, 9999)} ${String(int(r, 0, 9_999_999_999)).padStart(10, '0')}`
  const homeAccount = lang === 'nb' ? pay.account! : lang === 'sv' ? bankgiro : danish
  const homeLabel = lang === 'nb' ? 'Bankkonto' : lang === 'sv' ? 'Bankgiro' : 'Bank'
  const orgLine =
    lang === 'sv'
      ? `Org.nr ${f.supplierId.slice(2, 8)}-${f.supplierId.slice(8, 12)} · Godkänd för F-skatt`
      : null
  const fontName = pick(r, Object.keys(FONTS))
  const [regular, bold] = FONTS[fontName]!
  const accent = pick(r, ['#1f3a5f', '#2e5e4e', '#5a2a27', '#333333'])
  const shade = pick(r, ['#e8e8e8', '#e6edf5', '#efe9df'])
  const creditedNo = String(int(r, 1000, 999999))
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  const carriedWord = pick(r, w.carried)
  const broughtWord = pick(r, w.brought)
  const repeatDue = !credit && r() < 0.5

  const fixed = new Date('2026-01-01T00:00:00Z')
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: true,
    info: {
      Title: `${credit ? w.creditTitle : w.title} ${f.number}`,
      Author: f.supplier,
      Creator: f.supplier,
      Producer: 'PDFKit',
      CreationDate: fixed,
      ModDate: fixed,
    },
  })
  const bytes = pdfKitBytes(doc)
  const text = (
    s: string,
    x: number,
    y: number,
    o: { bold?: boolean; size?: number; right?: boolean; colour?: string } = {},
  ) => {
    doc
      .font(o.bold ? bold : regular)
      .fontSize(o.size ?? size)
      .fillColor(o.colour ?? '#000000')
    if (o.right) doc.text(s, x - 400, y, { width: 400, align: 'right', lineBreak: false })
    else doc.text(s, x, y, { lineBreak: false })
  }
  const rule = (x1: number, y: number, x2: number, width = 0.6, colour = '#444444') =>
    doc.lineWidth(width).strokeColor(colour).moveTo(x1, y).lineTo(x2, y).stroke()

  const left = 45
  const right = 550
  const cols = {
    art: left + 4,
    text: left + 52,
    qty: 318,
    unit: 324,
    price: 404,
    vat: 466,
    amount: right - 4,
  }
  const tableHead = (y: number) => {
    doc.rect(left, y - 4, right - left, headRow).fill(shade)
    const at = (i: number, x: number, r = false) => text(w.head[i]!, x, y + 1, { bold: true, right: r })
    at(0, cols.art)
    at(1, cols.text)
    at(2, cols.qty, true)
    at(3, cols.unit)
    at(4, cols.price, true)
    at(5, cols.vat, true)
    at(6, cols.amount, true)
    return y + headRow
  }
  const lineRow = (line: (typeof f.lines)[number], i: number, y: number) => {
    text(String(2000 + ((Number(f.customerNo) + i * 53) % 7000)), cols.art, y)
    text(line.text, cols.text, y)
    text(String(line.qty), cols.qty, y, { right: true })
    text(w.units[lineUnits[i]!]!, cols.unit, y)
    text(plain(line.price), cols.price, y, { right: true })
    text(String(line.rate), cols.vat, y, { right: true })
    text(plain(line.amount), cols.amount, y, { right: true })
  }
  const foot = (page: number) => {
    rule(left, 790, right, 0.5, '#999999')
    const parts = [
      f.supplier,
      `${f.street}, ${f.place}`,
      `${id.label} ${id.value}`,
      `${homeLabel} ${homeAccount}`,
    ]
    text(parts.join(' · '), left, 797, { size: size - 2, colour: '#333333' })
    if (orgLine) text(orgLine, left, 797 + size * 1.1, { size: size - 2, colour: '#333333' })
    text(w.page(page, 2), right, 797, { size: size - 2, right: true, colour: '#333333' })
  }

  // Page 1: the head.
  text(f.supplier, left, 42, { bold: true, size: size + 7, colour: accent })
  text(f.street, left, 68)
  text(f.place, left, 68 + size * 1.35)
  text(
    `${w.phone} ${lang === 'nb' ? '+47' : lang === 'sv' ? '+46' : '+45'} ${int(r, 20, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`,
    left,
    68 + size * 2.7,
  )
  text(credit ? w.creditTitle : w.title, right, 40, { bold: true, size: 20, right: true, colour: accent })
  const facts: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, date(f.dueDate)] as [string, string]]),
    [w.customerNo, f.customerNo],
    ...(r() < 0.6
      ? [
          [w.yourRef, pick(r, ['Innkjøp', 'Kari Nordmann', 'Per Olsen', `PO ${f.orderNo}`])] as [
            string,
            string,
          ],
        ]
      : []),
    [w.ourRef, pick(r, PEOPLE[lang])],
    ...(r() < 0.5 ? [[w.orderNo, f.orderNo] as [string, string]] : []),
    ...(credit ? [] : [[w.terms, w.days(days)] as [string, string]]),
  ]
  const ruled = r() < 0.5
  const factRow = size * 1.55
  facts.forEach(([label, value], i) => {
    const y = 72 + i * factRow
    text(label, 335, y, { colour: '#444444' })
    text(value, right, y, { right: true, bold: i === 0 })
    if (ruled) rule(335, y + factRow - 3.5, right, 0.3, '#bbbbbb')
  })
  // The buyer.
  const buyerTop = Math.max(150, 72 + facts.length * factRow + 12)
  text(w.billTo, left, buyerTop - 14, { size: size - 1.5, colour: '#555555' })
  text(f.buyer, left, buyerTop, { bold: true })
  text(pick(r, STREETS), left, buyerTop + size * 1.4)
  text(pick(r, PLACES), left, buyerTop + size * 2.8)
  text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`, left, buyerTop + size * 4.2)
  if (credit) text(w.credits(creditedNo), left, buyerTop + size * 6.2)

  // Page 1's lines, then the subtotal carried forward.
  const first = f.lines.slice(0, cap1)
  const rest = f.lines.slice(cap1)
  let y = tableHead(PAGE1_TABLE)
  first.forEach((line, i) => {
    lineRow(line, i, y)
    y += step
  })
  const carried = first.reduce((s, l) => s + l.amount, 0)
  rule(left, y - 2, right, 0.8)
  text(carriedWord, cols.text, y + 4, { bold: true })
  text(plain(carried), cols.amount, y + 4, { bold: true, right: true })
  foot(1)

  // Page 2: the small head, the amount brought forward, the remaining lines.
  doc.addPage({ size: 'A4', margin: 0 })
  text(f.supplier, left, 42, { bold: true, size: size + 2, colour: accent })
  text(`${w.invoice} ${f.number}`, right, 42, { right: true })
  text(`${w.customerNo} ${f.customerNo}`, right, 42 + size * 1.4, { right: true, colour: '#444444' })
  rule(left, 72, right, 0.5, '#999999')
  y = tableHead(PAGE2_TABLE)
  text(broughtWord, cols.text, y, { bold: true })
  text(plain(carried), cols.amount, y, { bold: true, right: true })
  y += step
  rest.forEach((line, i) => {
    lineRow(line, cap1 + i, y)
    y += step
  })
  rule(left, y - 2, right, 0.8)
  y += 8

  // The totals.
  const totalsX = 318
  const totals: [string, string][] = [
    [w.net, money(f.net)],
    ...f.vat.map((v): [string, string] => [w.vat(v.rate, plain(v.base)), money(v.vat)]),
    ...(rounding ? [[w.rounding, money(rounding)] as [string, string]] : []),
  ]
  for (const [label, value] of totals) {
    text(label, totalsX, y)
    text(value, right - 4, y, { right: true })
    y += size * 1.55
  }
  rule(totalsX, y, right, 1)
  const totalText = money(f.total)
  text(credit ? w.creditTotal : w.total, totalsX, y + 6, { bold: true, size: size + 2 })
  text(totalText, right - 4, y + 6, { bold: true, size: size + 2, right: true })
  y += size * 2 + 26

  // The payment facts in a frame (a credit note says what happens to the amount instead).
  if (credit) text(w.creditNote, left, y)
  else {
    const rows: [string, string][] = [
      ...(lang === 'nb' ? [[w.account, pay.account!] as [string, string]] : []),
      ...(lang === 'sv' ? [[w.account, bankgiro] as [string, string]] : []),
      ...(lang === 'da' ? [[w.account, danish] as [string, string]] : []),
      ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
      ...(pay.iban ? [['IBAN', pay.iban] as [string, string]] : []),
      ...(pay.bic ? [['BIC', pay.bic] as [string, string]] : []),
      ...(repeatDue ? [[w.payDue, date(f.dueDate)] as [string, string]] : []),
      [w.amount, totalText],
    ]
    const boxH = 22 + rows.length * size * 1.5
    doc.lineWidth(0.8).strokeColor(accent).rect(left, y, 300, boxH).stroke()
    text(w.payment, left + 8, y + 7, { bold: true, colour: accent })
    rows.forEach(([label, value], i) => {
      const ry = y + 22 + i * size * 1.5
      text(label, left + 8, ry, { colour: '#444444' })
      text(value, left + 140, ry, { bold: label === w.kid || label === w.amount })
    })
  }
  foot(2)
  doc.end()
  return textPdfDocument({
    family: 'own-two-page-carry',
    kind: 'multipage',
    seed,
    bytes: await bytes,
    pages: 2,
    facts: f,
    variant: `${lang},${f.country},${dates.name},${fontName},${cap1}+${rest.length}${credit ? ',credit' : ''}${rounding ? ',rounded' : ''}${repeatDue ? ',due-again' : ''}`,
    id: id.value,
    pay,
    total: totalText,
    date,
    credit,
  })
}
