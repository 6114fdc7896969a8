// Family `lib-pdfkit`: invoices laid out with the npm package pdfkit (MIT), a PDF writer drawn on directly,
// in the Nordic manner of an invoice with its payment slip: the seller's name and address top left, the
// invoice facts (number, dates, customer number, reference) framed in a box top right, the buyer's address
// where an envelope's window shows it, the lines in a ruled table, the totals under it, and across the
// bottom third of the page, below a dashed cut line, the payment slip of the seller's country: the
// Norwegian giro (paid by, paid to, due date, then boxes for the KID, kroner, øre and the account), the
// Swedish and Danish transfer forms (recipient, reference, IBAN and BIC, kronor and öre or kroner and øre
// boxes) and the Finnish bank transfer form (recipient's IBAN and BIC, reference number, due date and the
// amount in euros; its captions in Finnish and Swedish). Languages: Norwegian, Swedish, Danish and Finnish,
// each with its country's amount and date forms; fonts Helvetica, Times, DejaVu Sans or DejaVu Serif.
import path from 'node:path'
import { createRequire } from 'node:module'
import { formatBankAccount, formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, rng } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type MoneyForm,
} from './facts.ts'
import { inLanguage } from './items.ts'
import { pdfKitBytes, type PdfKitDocument } from './pdfkit-bytes.ts'
import { FINNISH_MONEY, finnishDate } from './summary-layouts.ts'

const require = createRequire(import.meta.url)

interface TextOptions {
  width?: number
  align?: 'left' | 'right' | 'center'
  lineBreak?: boolean
}
const PDFDocument = require('pdfkit') as new (options: unknown) => PdfKitDocument

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONTS: Record<string, [string, string]> = {
  Helvetica: ['Helvetica', 'Helvetica-Bold'],
  Times: ['Times-Roman', 'Times-Bold'],
  DejaVuSans: [path.join(DEJAVU, 'DejaVuSans.ttf'), path.join(DEJAVU, 'DejaVuSans-Bold.ttf')],
  DejaVuSerif: [path.join(DEJAVU, 'DejaVuSerif.ttf'), path.join(DEJAVU, 'DejaVuSerif-Bold.ttf')],
}

type Lang = 'nb' | 'sv' | 'da' | 'fi'

/** Each language's words, `|` between them, in the order of KEYS. */
const ROWS: Record<Lang, string> = {
  nb: 'FAKTURA|Fakturanr.|Fakturadato|Forfallsdato|Kundenr.|Deres ref.|Beskrivelse|Antall|Pris|Mva|Beløp|Sum eks. mva|Mva|Å betale|Vennligst benytt vedlagte giro ved betaling.|GIRO|Betalingsinformasjon|Betalt av|Betalt til|Betalingsfrist|Kundeidentifikasjon (KID)|Kroner|Øre|Til konto|Melding|Faktura',
  sv: 'FAKTURA|Fakturanr|Fakturadatum|Förfallodatum|Kundnr|Er referens|Benämning|Antal|À-pris|Moms|Belopp|Summa exkl. moms|Moms|Att betala|Vänligen använd inbetalningskortet nedan.|INBETALNING|Betalningsuppgifter|Inbetalare|Betalningsmottagare|Förfallodag|Referens|Kronor|Öre|Till konto|Meddelande|Faktura',
  da: 'FAKTURA|Fakturanr.|Fakturadato|Forfaldsdato|Kundenr.|Jeres ref.|Beskrivelse|Antal|Stykpris|Moms|Beløb|Subtotal|Moms|At betale|Benyt venligst indbetalingskortet nedenfor.|INDBETALING|Betalingsoplysninger|Indbetaler|Modtager|Sidste rettidige betalingsdag|Reference|Kroner|Øre|Til konto|Meddelelse|Faktura',
  fi: 'LASKU|Laskun numero|Laskun päivämäärä|Eräpäivä|Asiakasnumero|Viitteenne|Tuote / palvelu|Määrä|À-hinta|ALV|Yhteensä|Veroton yhteensä|ALV|Maksettava yhteensä|Maksathan laskun alla olevalla tilisiirrolla.|TILISIIRTO GIRERING|Maksutiedot|Maksaja / Betalare|Saaja / Mottagare|Eräpäivä / Förfallodag|Viitenumero / Ref.nr|Euro|Snt|Saajan tilinumero / Mottagarens kontonummer|Viesti|Lasku',
}
const KEYS = [
  'title',
  'number',
  'date',
  'due',
  'customerNo',
  'reference',
  'description',
  'qty',
  'price',
  'vat',
  'amount',
  'net',
  'vatTotal',
  'total',
  'useSlip',
  'slip',
  'slipInfo',
  'payer',
  'payee',
  'slipDue',
  'kid',
  'kroner',
  'ore',
  'toAccount',
  'message',
  'invoice',
] as const
type Words = Record<(typeof KEYS)[number], string>
const words = (lang: Lang) => Object.fromEntries(ROWS[lang].split('|').map((w, i) => [KEYS[i], w])) as Words

const LANG_OF = { NO: 'nb', SE: 'sv', DK: 'da', FI: 'fi' } as const
const REFERENCES = ['Kari Nordmann', 'Per Olsen', 'Innkjøp', 'Anna Svensson', 'Mette Holm', 'Juha Lehto']

/** A Finnish reference number (viitenumero): digits and their 7-3-1 check digit, grouped by five. */
function finnishReference(base: string): string {
  const sum = [...base].reverse().reduce((s, d, i) => s + Number(d) * [7, 3, 1][i % 3]!, 0)
  const ref = `${base}${(10 - (sum % 10)) % 10}`
  return ref.replace(/\B(?=(\d{5})+(?!\d))/g, ' ')
}

export async function generatePdfkit(seed: number): Promise<CorpusDocument> {
  // The country and the length drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 1701)
  const country = pick(spread, ['NO', 'NO', 'NO', 'SE', 'DK', 'FI'] as const)
  const { facts: f, r } = makeFacts(seed, 1701, {
    country,
    lines: pick(spread, [
      [1, 4],
      [2, 7],
      [6, 14],
    ] as [number, number][]),
    kid: 0.8,
  })
  const lang = LANG_OF[country]
  const w = words(lang)
  inLanguage(f, lang)
  const form: MoneyForm = pick(r, lang === 'fi' ? FINNISH_MONEY : MONEY_FORMS[lang]!)
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const dates =
    lang === 'fi'
      ? { name: 'd.m.y', text: finnishDate }
      : lang === 'sv'
        ? { name: 'iso', text: (iso: string) => dateText(iso, 'iso') }
        : lang === 'da'
          ? pick(r, [
              { name: 'dmy-', text: (iso: string) => dateText(iso, 'dmy-') },
              { name: 'dmy.', text: (iso: string) => dateText(iso, 'dmy.') },
            ])
          : pick(r, [
              { name: 'dmy.', text: (iso: string) => dateText(iso, 'dmy.') },
              { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nb') },
            ])
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  // The giro prints the account with dots, as the pre-printed Norwegian slips have it.
  if (f.account && r() < 0.6) pay.account = formatBankAccount(f.account).replace(/ /g, '.')
  const fontName = pick(r, Object.keys(FONTS))
  const [regular, bold] = FONTS[fontName]!
  const size = pick(r, [9, 9.5, 10])
  const slipColour = pick(r, ['#fde9d9', '#fff4d6', '#eaf3e3', '#ffffff'])

  const fixed = new Date('2026-01-01T00:00:00Z')
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: {
      Title: `${w.title} ${f.number}`,
      Author: f.supplier,
      Creator: f.supplier,
      Producer: 'PDFKit',
      CreationDate: fixed,
      ModDate: fixed,
    },
  })
  const bytes = pdfKitBytes(doc)
  const text = (s: string, x: number, y: number, o: TextOptions & { bold?: boolean; size?: number } = {}) => {
    doc
      .font(o.bold ? bold : regular)
      .fontSize(o.size ?? size)
      .fillColor('#000000')
    // Right-aligned text ends at x.
    if (o.align === 'right') doc.text(s, x - 300, y, { width: 300, align: 'right', lineBreak: false })
    else doc.text(s, x, y, { lineBreak: false, ...(o.width ? { width: o.width } : {}) })
  }
  const caption = (s: string, x: number, y: number) => {
    doc
      .font(regular)
      .fontSize(size - 2.5)
      .fillColor('#444444')
      .text(s, x, y, { lineBreak: false })
  }
  const rule = (x1: number, y: number, x2: number, width = 0.6) =>
    doc.lineWidth(width).strokeColor('#333333').moveTo(x1, y).lineTo(x2, y).stroke()

  // The seller top left, the title and the facts box top right.
  text(f.supplier, 45, 42, { bold: true, size: size + 6 })
  text(f.street, 45, 66)
  text(f.place, 45, 66 + size * 1.35)
  text(`${id.label} ${id.value}`, 45, 66 + size * 2.7)
  text(w.title, 550, 40, { bold: true, size: 20, align: 'right' })
  const facts: [string, string][] = [
    [w.number, f.number],
    [w.date, dates.text(f.invoiceDate)],
    [w.due, dates.text(f.dueDate)],
    [w.customerNo, f.customerNo],
    [w.reference, pick(r, REFERENCES)],
  ]
  const boxTop = 70
  const rowH = size * 1.6
  doc
    .lineWidth(0.8)
    .strokeColor('#333333')
    .rect(330, boxTop, 220, facts.length * rowH + 10)
    .stroke()
  facts.forEach(([label, value], i) => {
    const y = boxTop + 6 + i * rowH
    text(label, 338, y, { size: size - 0.5 })
    text(value, 542, y, { align: 'right', bold: i === 0 })
  })

  // The buyer where the envelope's window shows it.
  const buyerTop = 150
  text(f.buyer, 60, buyerTop, { bold: true })
  text(pick(r, ['Postboks 123', 'Storgata 12', 'Industriveien 44']), 60, buyerTop + size * 1.4)
  text(pick(r, ['0155 Oslo', '5003 Bergen', '9008 Tromsø']), 60, buyerTop + size * 2.8)
  text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`, 60, buyerTop + size * 4.2)

  // The lines: a ruled table, its rows closer when they are many, so the slip keeps the bottom third.
  let y = 250
  const cols = { desc: 45, qty: 330, price: 405, vat: 455, amount: 550 }
  text(w.description, cols.desc, y, { bold: true })
  text(w.qty, cols.qty, y, { bold: true, align: 'right' })
  text(w.price, cols.price, y, { bold: true, align: 'right' })
  text(`${w.vat} %`, cols.vat, y, { bold: true, align: 'right' })
  text(w.amount, cols.amount, y, { bold: true, align: 'right' })
  rule(45, y + size * 1.4, 550, 0.9)
  y += size * 1.9
  const step = Math.min(size * 1.6, 175 / f.lines.length)
  for (const line of f.lines) {
    text(line.text, cols.desc, y)
    text(String(line.qty), cols.qty, y, { align: 'right' })
    text(plain(line.price), cols.price, y, { align: 'right' })
    text(`${line.rate}`, cols.vat, y, { align: 'right' })
    text(plain(line.amount), cols.amount, y, { align: 'right' })
    y += step
  }
  rule(45, y + 2, 550)
  y += 10
  const totals: [string, string][] = [
    [w.net, money(f.net)],
    ...f.vat.map((v): [string, string] => [`${w.vatTotal} ${v.rate} %`, money(v.vat)]),
  ]
  for (const [label, value] of totals) {
    text(label, 340, y)
    text(value, 550, y, { align: 'right' })
    y += size * 1.45
  }
  rule(340, y, 550)
  // A long total label (`Maksettava yhteensä`) starts further left, clear of its amount.
  doc.font(bold).fontSize(size + 1.5)
  const totalX = Math.min(340, 550 - doc.widthOfString(money(f.total)) - doc.widthOfString(w.total) - 12)
  text(w.total, totalX, y + 5, { bold: true, size: size + 1.5 })
  text(money(f.total), 550, y + 5, { bold: true, size: size + 1.5, align: 'right' })
  text(w.useSlip, 45, y + 5, { size: size - 1 })

  // The payment slip across the bottom third, below a dashed cut line.
  const top = 565
  doc.lineWidth(0.5).strokeColor('#777777').dash(4, { space: 3 }).moveTo(20, top).lineTo(575, top).stroke()
  doc.undash()
  if (slipColour !== '#ffffff') doc.rect(0, top + 1, 595.28, 842 - top).fill(slipColour)
  const kroner = String(Math.floor(f.total / 100))
  const ore = String(f.total % 100).padStart(2, '0')
  const box = (x: number, y0: number, width: number, label: string, value: string | null, right = false) => {
    caption(label, x + 2, y0)
    doc
      .lineWidth(0.7)
      .strokeColor('#555555')
      .rect(x, y0 + size, width, size + 10)
      .stroke()
    if (value) text(value, right ? x + width - 6 : x + 6, y0 + size + 5, right ? { align: 'right' } : {})
  }
  text(w.slip, 45, top + 14, { bold: true, size: size + 3 })
  if (lang === 'nb') {
    caption(w.slipInfo, 170, top + 14)
    text(f.kid ? `${w.invoice} ${f.number}` : `${w.message}: ${w.invoice} ${f.number}`, 170, top + 26)
    caption(w.slipDue, 440, top + 14)
    text(dates.text(f.dueDate), 440, top + 26, { bold: true })
    caption(w.payer, 45, top + 60)
    text(f.buyer, 45, top + 72)
    caption(w.payee, 300, top + 60)
    text(f.supplier, 300, top + 72)
    text(`${f.street}, ${f.place}`, 300, top + 72 + size * 1.35)
    const row = top + 130
    box(40, row, 190, w.kid, f.kid)
    box(245, row, 90, w.kroner, kroner, true)
    box(340, row, 34, w.ore, ore)
    box(390, row, 160, w.toAccount, pay.account ?? null)
    const extra = [pay.iban && `IBAN ${pay.iban}`, pay.bic && `BIC ${pay.bic}`].filter(Boolean).join('   ')
    if (extra) text(extra, 45, row + size * 2 + 24)
  } else if (lang === 'fi') {
    // The Finnish transfer form: a grid of captioned fields, the amount in euros and cents in one box.
    caption(w.toAccount, 45, top + 40)
    text(`IBAN ${pay.iban}`, 45, top + 40 + size * 1.2)
    caption('BIC', 330, top + 40)
    text(pay.bic ?? '', 330, top + 40 + size * 1.2)
    caption(w.payee, 45, top + 80)
    text(f.supplier, 45, top + 80 + size * 1.2)
    caption(w.payer, 45, top + 120)
    text(f.buyer, 45, top + 120 + size * 1.2)
    caption(w.message, 330, top + 80)
    text(`${w.invoice} ${f.number}`, 330, top + 80 + size * 1.2)
    const row = top + 170
    box(40, row, 200, w.kid, finnishReference(`${f.customerNo}${int(r, 100, 999)}`))
    box(255, row, 130, w.slipDue, dates.text(f.dueDate))
    box(400, row, 150, w.kroner, plain(f.total), true)
  } else {
    // The Swedish and Danish forms: recipient, reference, IBAN and BIC, the amount in its two boxes.
    caption(w.payee, 45, top + 46)
    text(`${f.supplier}, ${f.street}, ${f.place}`, 45, top + 46 + size * 1.2)
    caption(w.payer, 45, top + 86)
    text(f.buyer, 45, top + 86 + size * 1.2)
    caption(w.slipDue, 380, top + 86)
    text(dates.text(f.dueDate), 380, top + 86 + size * 1.2, { bold: true })
    const row = top + 130
    box(40, row, 170, w.kid, `${w.invoice} ${f.number}`)
    box(225, row, 100, w.kroner, kroner, true)
    box(330, row, 34, w.ore, ore)
    box(380, row, 170, 'BIC', pay.bic ?? null)
    box(40, row + size * 2 + 28, 300, `${w.toAccount} (IBAN)`, pay.iban ?? null)
  }
  caption(`${f.supplier} · ${id.label} ${id.value}`, 45, 815)
  doc.end()
  return textPdfDocument({
    family: 'lib-pdfkit',
    kind: 'library',
    seed,
    bytes: await bytes,
    facts: f,
    variant: `${lang},${f.country},${dates.name},${fontName}`,
    id: id.value,
    pay,
    total: money(f.total),
    date: dates.text,
  })
}
