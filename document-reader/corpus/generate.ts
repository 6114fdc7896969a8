// Deterministic invoice corpus with ground truth: Norwegian and English invoices in several layouts, fonts,
// label wordings, date and amount formats, with and without KID and IBAN, and the distractors an interpreter
// must not take (the buyer's organisation number, customer and order numbers, subtotal and VAT, delivery
// dates, phone numbers).
import { createRequire } from 'node:module'
import fs from 'node:fs'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import {
  bankAccountToIban,
  formatBankAccount,
  formatIban,
  formatOrgNumber,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
} from '../../common/norwegian.ts'
import type { OcrPropertyId } from '../../common/ocr.ts'
import { rng } from './rng.ts'

export { rng }

const require = createRequire(import.meta.url)

export type Layout = 'classic' | 'giro' | 'english' | 'receipt'
export const LAYOUTS: readonly Layout[] = ['classic', 'giro', 'english', 'receipt']

/** Normalised expected Value per property id (spec 2.13); null when the invoice does not carry it. */
export type InvoiceTruth = Record<OcrPropertyId, string | null>

export interface GeneratedInvoice {
  seed: number
  layout: Layout
  font: string
  pdf: Uint8Array
  truth: InvoiceTruth
  buyerOrgNumber: string
}

export type Rand = () => number
export const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!
export const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))

const NBSP = '\u00a0'

export function groupThousands(int: string, sep: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep)
}

type AmountStyle = 'nb-nbsp' | 'nb-space' | 'nb-dot' | 'kr' | 'nok-dot' | 'plain' | 'en-comma'
const NB_AMOUNT_STYLES: AmountStyle[] = ['nb-nbsp', 'nb-space', 'nb-dot', 'kr', 'nok-dot', 'plain']
const EN_AMOUNT_STYLES: AmountStyle[] = ['en-comma', 'nok-dot', 'nb-nbsp']

export function formatAmount(cents: number, style: AmountStyle): string {
  const int = String(Math.floor(cents / 100))
  const dec = String(cents % 100).padStart(2, '0')
  switch (style) {
    case 'nb-nbsp':
      return `${groupThousands(int, NBSP)},${dec}`
    case 'nb-space':
      return `${groupThousands(int, ' ')},${dec}`
    case 'nb-dot':
      return `${groupThousands(int, '.')},${dec}`
    case 'kr':
      return `kr ${groupThousands(int, ' ')},${dec}`
    case 'nok-dot':
      return `NOK ${int}.${dec}`
    case 'plain':
      return `${int},${dec}`
    case 'en-comma':
      return `${groupThousands(int, ',')}.${dec}`
  }
}

type DateStyle = 'dmy' | 'dmy-short' | 'long-nb' | 'iso' | 'long-en'
const NB_DATE_STYLES: DateStyle[] = ['dmy', 'dmy', 'dmy-short', 'long-nb', 'iso']
const EN_DATE_STYLES: DateStyle[] = ['long-en', 'iso', 'dmy']
const NB_MONTHS = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
]
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  const dd = String(d).padStart(2, '0')
  const mm = String(m).padStart(2, '0')
  switch (style) {
    case 'dmy':
      return `${dd}.${mm}.${y}`
    case 'dmy-short':
      return `${d}.${m}.${String(y).slice(2)}`
    case 'long-nb':
      return `${d}. ${NB_MONTHS[m - 1]} ${y}`
    case 'iso':
      return iso
    case 'long-en':
      return `${d} ${EN_MONTHS[m - 1]} ${y}`
  }
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export const SUPPLIERS = [
  'Nordlys Kontorservice AS',
  'Fjordkraft Drift AS',
  'Bergen Rør og Varme AS',
  'Trøndelag Trykk AS',
  'Østlandet IT-Partner AS',
  'Havbris Catering AS',
  'Solberg & Sønn Elektro AS',
  'Vestland Renhold AS',
]
export const BUYERS = [
  'Ledgerdesk Demo AS',
  'Aurora Regnskap AS',
  'Kvam Bygg AS',
  'Lillehammer Sport AS',
  'Tromsø Fisk AS',
  'Ålesund Møbler AS',
]
export const STREETS = [
  'Storgata 12',
  'Kongens gate 5',
  'Industriveien 44',
  'Sjøgata 3B',
  'Bryggen 21',
  'Havnegata 9',
]
export const PLACES = [
  '0155 Oslo',
  '5003 Bergen',
  '7011 Trondheim',
  '9008 Tromsø',
  '6002 Ålesund',
  '2609 Lillehammer',
]
export const ITEMS_NB = [
  'Konsulenttimer',
  'Rørleggerarbeid',
  'Kontorrekvisita',
  'Lisens, årlig',
  'Servicebesøk',
  'Rengjøring, mars',
  'Strøm, periode',
  'Catering, møte',
]
export const ITEMS_EN = [
  'Consulting hours',
  'Plumbing work',
  'Office supplies',
  'Annual licence',
  'Service visit',
  'Cleaning, March',
  'Catering, meeting',
]
const DEPARTMENTS = ['Salg', 'Drift', 'Innkjøp', 'Økonomi', '200', 'IT']
const REFERENCES = ['PO-4471', 'Kari Nordmann', 'R-20931', 'Ola Hansen', '88123']

export interface FontChoice {
  name: string
  regular: PDFFont
  bold: PDFFont
}

export const FONT_NAMES = ['Helvetica', 'Times', 'Courier', 'DejaVuSans', 'DejaVuSerif'] as const

function dejavu(file: string): Uint8Array {
  const dir = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'))
  return fs.readFileSync(path.join(dir, 'ttf', file))
}

export async function embedFonts(doc: PDFDocument, name: (typeof FONT_NAMES)[number]): Promise<FontChoice> {
  switch (name) {
    case 'Helvetica':
      return {
        name,
        regular: await doc.embedFont(StandardFonts.Helvetica),
        bold: await doc.embedFont(StandardFonts.HelveticaBold),
      }
    case 'Times':
      return {
        name,
        regular: await doc.embedFont(StandardFonts.TimesRoman),
        bold: await doc.embedFont(StandardFonts.TimesRomanBold),
      }
    case 'Courier':
      return {
        name,
        regular: await doc.embedFont(StandardFonts.Courier),
        bold: await doc.embedFont(StandardFonts.CourierBold),
      }
    case 'DejaVuSans':
      doc.registerFontkit(fontkit)
      return {
        name,
        regular: await doc.embedFont(dejavu('DejaVuSans.ttf'), { subset: true }),
        bold: await doc.embedFont(dejavu('DejaVuSans-Bold.ttf'), { subset: true }),
      }
    case 'DejaVuSerif':
      doc.registerFontkit(fontkit)
      return {
        name,
        regular: await doc.embedFont(dejavu('DejaVuSerif.ttf'), { subset: true }),
        bold: await doc.embedFont(dejavu('DejaVuSerif-Bold.ttf'), { subset: true }),
      }
  }
}

/** Drawing in top-left coordinates (points), as the page reads. */
export class Canvas {
  constructor(
    readonly page: PDFPage,
    readonly fonts: FontChoice,
    readonly size: number,
  ) {}
  text(
    s: string,
    x: number,
    top: number,
    opts: { bold?: boolean; size?: number; alignRight?: boolean } = {},
  ) {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular
    const size = opts.size ?? this.size
    const width = font.widthOfTextAtSize(s, size)
    const left = opts.alignRight ? x - width : x
    this.page.drawText(s, { x: left, y: this.page.getHeight() - top - size, size, font, color: rgb(0, 0, 0) })
  }
  rule(x1: number, top: number, x2: number) {
    const y = this.page.getHeight() - top
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.7, color: rgb(0.3, 0.3, 0.3) })
  }
  /** A pre-printed form field: pale, as on payment slips. */
  rect(x: number, top: number, w: number, h: number) {
    this.page.drawRectangle({
      x,
      y: this.page.getHeight() - top - h,
      width: w,
      height: h,
      borderWidth: 0.6,
      borderColor: rgb(0.8, 0.8, 0.8),
    })
  }
}

interface InvoiceData {
  english: boolean
  supplier: string
  supplierOrg: string
  buyer: string
  buyerOrg: string
  street: string
  place: string
  buyerStreet: string
  buyerPlace: string
  account: string
  iban: string | null
  kid: string | null
  invoiceNumber: string
  invoiceDate: string
  dueDate: string
  deliveryDate: string
  customerNumber: string
  orderNumber: string
  phone: string
  department: string | null
  requisition: string | null
  lines: { text: string; qty: number; price: number; amount: number }[]
  subtotal: number
  vat: number
  total: number
  amountStyle: AmountStyle
  dateStyle: DateStyle
}

function invoiceData(r: Rand, seed: number, layout: Layout): InvoiceData {
  const english = layout === 'english'
  const supplierOrg = generateOrgNumber(seed * 13 + 1)
  let buyerOrg = generateOrgNumber(seed * 13 + 7)
  if (buyerOrg === supplierOrg) buyerOrg = generateOrgNumber(seed * 13 + 11)
  const account = generateBankAccount(seed * 5 + 3)
  const withKid = r() < 0.7
  const kidLength = int(r, 6, 15)
  const kid = withKid ? generateKid(seed * 3 + 2, kidLength, r() < 0.75 ? 'mod10' : 'mod11') : null
  const invoiceDate = addDays('2025-06-01', int(r, 0, 400))
  const lineCount = int(r, 1, 4)
  const lines = Array.from({ length: lineCount }, () => {
    const qty = int(r, 1, 12)
    const price = int(r, 50, 25000) * 100 + pick(r, [0, 0, 50, 90, 25])
    return { text: pick(r, english ? ITEMS_EN : ITEMS_NB), qty, price, amount: qty * price }
  })
  const subtotal = lines.reduce((s, l) => s + l.amount, 0)
  const vat = Math.round(subtotal * 0.25)
  const invoiceSeq = int(r, 1000, 99999)
  return {
    english,
    supplier: pick(r, SUPPLIERS),
    supplierOrg,
    buyer: pick(r, BUYERS),
    buyerOrg,
    street: pick(r, STREETS),
    place: pick(r, PLACES),
    buyerStreet: pick(r, STREETS),
    buyerPlace: pick(r, PLACES),
    account,
    iban: r() < 0.5 ? bankAccountToIban(account) : null,
    kid,
    invoiceNumber: pick(r, [
      String(invoiceSeq),
      `INV-2026-${invoiceSeq}`,
      `F${invoiceSeq}`,
      `2026/${invoiceSeq}`,
    ]),
    invoiceDate,
    dueDate: addDays(invoiceDate, pick(r, [10, 14, 14, 20, 30])),
    deliveryDate: addDays(invoiceDate, -int(r, 1, 20)),
    customerNumber: String(int(r, 10000, 99999)),
    orderNumber: String(int(r, 100000, 999999)),
    phone: pick(r, [
      `+47 ${int(r, 21, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`,
      `${int(r, 21, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`,
    ]),
    department: r() < 0.3 ? pick(r, DEPARTMENTS) : null,
    requisition: r() < 0.3 ? pick(r, REFERENCES) : null,
    lines,
    subtotal,
    vat,
    total: subtotal + vat,
    amountStyle: pick(r, english ? EN_AMOUNT_STYLES : NB_AMOUNT_STYLES),
    dateStyle: pick(r, english ? EN_DATE_STYLES : NB_DATE_STYLES),
  }
}

function truthOf(d: InvoiceData): InvoiceTruth {
  const amount = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`
  return {
    1: d.supplierOrg,
    2: d.iban,
    3: d.account,
    4: d.kid,
    5: d.invoiceNumber,
    6: amount(d.total),
    7: d.invoiceDate,
    8: d.dueDate,
    9: d.department,
    10: d.requisition,
  }
}

function supplierOrgText(r: Rand, d: InvoiceData, english: boolean): { label: string; value: string } {
  const mva = `NO ${formatOrgNumber(d.supplierOrg)} MVA`
  if (english)
    return pick(r, [
      { label: 'Org. no.', value: mva },
      { label: 'VAT no.', value: mva },
      { label: 'Organisation number', value: formatOrgNumber(d.supplierOrg) },
    ])
  return pick(r, [
    { label: 'Org.nr:', value: mva },
    { label: 'Org.nr.', value: formatOrgNumber(d.supplierOrg) },
    { label: 'Foretaksregisteret', value: mva },
    { label: 'Organisasjonsnummer:', value: d.supplierOrg },
    { label: '', value: mva },
  ])
}

function drawClassic(c: Canvas, r: Rand, d: InvoiceData, withGiro: boolean) {
  const en = d.english
  const s = c.size
  const amt = (v: number) => formatAmount(v, d.amountStyle)
  const date = (v: string) => formatDate(v, d.dateStyle)
  // Supplier header, top left.
  c.text(d.supplier, 40, 40, { bold: true, size: s + 4 })
  c.text(d.street, 40, 40 + s * 2.2)
  c.text(d.place, 40, 40 + s * 3.6)
  const org = supplierOrgText(r, d, en)
  const orgInFooter = r() < 0.35
  if (!orgInFooter) c.text(org.label ? `${org.label} ${org.value}` : org.value, 40, 40 + s * 5)
  c.text(en ? 'INVOICE' : 'FAKTURA', 555, 40, { bold: true, size: 20, alignRight: true })
  // Buyer block, left.
  const by = 150
  c.text(
    pick(r, en ? ['Bill to', 'Customer', 'Buyer'] : ['Kunde', 'Fakturamottaker', 'Faktureres til']),
    40,
    by,
    { bold: true },
  )
  c.text(d.buyer, 40, by + s * 1.5)
  c.text(d.buyerStreet, 40, by + s * 3)
  c.text(d.buyerPlace, 40, by + s * 4.5)
  c.text(`${en ? 'Org. no.' : 'Org.nr.'} ${formatOrgNumber(d.buyerOrg)}`, 40, by + s * 6)
  // Invoice facts, right: label column and value column.
  const rows: [string, string][] = en
    ? [
        [pick(r, ['Invoice no.', 'Invoice number']), d.invoiceNumber],
        ['Invoice date', date(d.invoiceDate)],
        ['Due date', date(d.dueDate)],
        ['Customer no.', d.customerNumber],
        ['Order no.', d.orderNumber],
        ['Delivery date', date(d.deliveryDate)],
      ]
    : [
        [pick(r, ['Fakturanummer', 'Fakturanr.', 'Faktura nr.']), d.invoiceNumber],
        [pick(r, ['Fakturadato', 'Fakturadato', 'Dato']), date(d.invoiceDate)],
        [pick(r, ['Forfallsdato', 'Forfall', 'Betalingsfrist']), date(d.dueDate)],
        [pick(r, ['Kundenr.', 'Kundenummer']), d.customerNumber],
        [pick(r, ['Ordrenr.', 'Vår ordre']), d.orderNumber],
        ['Leveringsdato', date(d.deliveryDate)],
      ]
  if (d.requisition) rows.push([en ? 'Your ref.' : pick(r, ['Deres ref.', 'Rekvisisjon']), d.requisition])
  if (d.department) rows.push([en ? 'Department' : 'Avdeling', d.department])
  for (let i = rows.length - 1; i > 0; i--) {
    const j = int(r, 0, i)
    ;[rows[i], rows[j]] = [rows[j]!, rows[i]!]
  }
  const colon = r() < 0.5 ? ':' : ''
  rows.forEach(([label, value], i) => {
    c.text(`${label}${colon}`, 330, by + i * s * 1.6)
    c.text(value, 450, by + i * s * 1.6)
  })
  // Lines table.
  let y = 300
  c.text(en ? 'Description' : 'Beskrivelse', 40, y, { bold: true })
  c.text(en ? 'Qty' : 'Antall', 300, y, { bold: true })
  c.text(en ? 'Price' : 'Pris', 400, y, { bold: true, alignRight: true })
  c.text(en ? 'Line total' : 'Linjesum', 555, y, { bold: true, alignRight: true })
  c.rule(40, y + s * 1.4, 555)
  y += s * 2
  for (const line of d.lines) {
    c.text(line.text, 40, y)
    c.text(String(line.qty), 300, y)
    c.text(formatAmount(line.price, 'nb-space'), 400, y, { alignRight: true })
    c.text(formatAmount(line.amount, 'nb-space'), 555, y, { alignRight: true })
    y += s * 1.6
  }
  // Totals.
  y += s * 1.5
  const totals: [string, string, boolean][] = en
    ? [
        ['Subtotal', amt(d.subtotal), false],
        ['VAT 25%', amt(d.vat), false],
        [pick(r, ['Amount due', 'Total due', 'Total']), amt(d.total), true],
      ]
    : [
        [pick(r, ['Sum eks. mva', 'Netto']), amt(d.subtotal), false],
        ['MVA 25 %', amt(d.vat), false],
        [pick(r, ['Å betale', 'Sum å betale', 'Totalt å betale', 'Totalt']), amt(d.total), true],
      ]
  for (const [label, value, bold] of totals) {
    c.text(label, 340, y, { bold })
    c.text(value, 555, y, { bold, alignRight: true })
    y += s * 1.7
  }
  // Payment information.
  y += s * 2
  if (!withGiro) {
    const pay: [string, string][] = [
      [
        pick(r, en ? ['Account no.', 'Bank account'] : ['Kontonummer', 'Betal til konto', 'Kontonr.']),
        formatBankAccount(d.account),
      ],
    ]
    if (d.kid) pay.push([en ? pick(r, ['KID', 'KID number']) : pick(r, ['KID', 'KID-nr.']), d.kid])
    if (d.iban) pay.push(['IBAN', formatIban(d.iban)], ['BIC', 'DNBANOKK'])
    const inline = r() < 0.5
    pay.forEach(([label, value], i) => {
      if (inline) c.text(`${label}: ${value}`, 40, y + i * s * 1.6)
      else {
        c.text(label, 40, y + i * s * 1.6)
        c.text(value, 160, y + i * s * 1.6)
      }
    })
  } else {
    drawGiro(c, r, d)
  }
  // Footer.
  const foot = 800
  c.rule(40, foot - s, 555)
  const phone = `${en ? 'Phone' : pick(r, ['Tlf.', 'Telefon'])} ${d.phone}`
  if (orgInFooter) {
    c.text(`${d.supplier}`, 40, foot)
    c.text(org.label ? `${org.label} ${org.value}` : org.value, 230, foot)
    c.text(phone, 555, foot, { alignRight: true })
  } else {
    c.text(phone, 40, foot)
    c.text(`post@${d.supplier.split(' ')[0]!.toLowerCase()}.no`, 555, foot, { alignRight: true })
  }
}

function drawGiro(c: Canvas, r: Rand, d: InvoiceData) {
  const s = c.size
  const top = 600
  c.rule(30, top - 8, 565)
  c.text('GIRO', 40, top, { bold: true, size: s + 2 })
  c.text('Betalingsinformasjon', 120, top)
  c.text(pick(r, ['Betalingsfrist', 'Forfallsdato']), 430, top)
  c.text(formatDate(d.dueDate, 'dmy'), 430, top + s * 1.5)
  c.text('Betalt av', 40, top + s * 3, { bold: true })
  c.text(d.buyer, 40, top + s * 4.5)
  c.text(d.buyerPlace, 40, top + s * 6)
  c.text('Betalt til', 300, top + s * 3, { bold: true })
  c.text(d.supplier, 300, top + s * 4.5)
  c.text(d.place, 300, top + s * 6)
  // The bottom row of boxes: KID, kroner, øre, account, each label above its box.
  const boxTop = drawSlipBoxes(c, top + s * 9, [
    { label: 'Kundeidentifikasjon (KID)', x: 36, width: 196, value: d.kid },
    { label: 'Kroner', x: 252, width: 80, value: String(Math.floor(d.total / 100)), alignRight: true },
    { label: 'Øre', x: 340, width: 36, value: String(d.total % 100).padStart(2, '0') },
    { label: 'Til konto', x: 396, width: 150, value: formatBankAccount(d.account).replace(/ /g, '.') },
  ])
  if (d.iban) c.text(`IBAN ${formatIban(d.iban)}   BIC DNBANOKK`, 40, boxTop + s * 3)
}

export interface SlipBox {
  label: string
  x: number
  width: number
  value: string | null
  alignRight?: boolean
  labelSize?: number
}

/** A payment slip's row of boxes, each label above its pale box; answers the boxes' top. */
export function drawSlipBoxes(c: Canvas, row: number, boxes: SlipBox[]): number {
  const s = c.size
  const boxTop = row + s * 1.5
  for (const b of boxes) {
    c.text(b.label, b.x + 4, row, { size: b.labelSize ?? s - 1 })
    c.rect(b.x, boxTop - 5, b.width, s + 12)
    if (!b.value) continue
    const x = b.alignRight ? b.x + b.width - 10 : b.x + (b.width < 50 ? 8 : 10)
    c.text(b.value, x, boxTop + 1, { alignRight: b.alignRight })
  }
  return boxTop
}

function drawReceipt(c: Canvas, r: Rand, d: InvoiceData) {
  const s = c.size
  const x = 190
  let y = 60
  const line = (t: string, opts: { bold?: boolean } = {}) => {
    c.text(t, x, y, opts)
    y += s * 1.55
  }
  const amt = (v: number) => formatAmount(v, d.amountStyle)
  const date = (v: string) => formatDate(v, d.dateStyle)
  line(d.supplier, { bold: true })
  line(`${d.street}, ${d.place}`)
  const org = supplierOrgText(r, d, false)
  line(org.label ? `${org.label} ${org.value}` : org.value)
  line(`Tlf: ${d.phone}`)
  y += s
  line(pick(r, ['FAKTURA', 'Faktura / kvittering']), { bold: true })
  line(`${pick(r, ['Fakturanr:', 'Faktura nr.', 'Fakturanummer:'])} ${d.invoiceNumber}`)
  line(`${pick(r, ['Dato:', 'Fakturadato:'])} ${date(d.invoiceDate)}`)
  line(`${pick(r, ['Forfall:', 'Forfallsdato:'])} ${date(d.dueDate)}`)
  line(`Kunde: ${d.buyer}`)
  line(`Kunde org.nr: ${formatOrgNumber(d.buyerOrg)}`)
  line(`Kundenr: ${d.customerNumber}`)
  if (d.requisition) line(`Deres ref: ${d.requisition}`)
  if (d.department) line(`Avdeling: ${d.department}`)
  y += s * 0.5
  for (const l of d.lines) {
    c.text(`${l.qty} x ${l.text}`, x, y)
    c.text(formatAmount(l.amount, 'nb-space'), 420, y, { alignRight: true })
    y += s * 1.55
  }
  c.rule(x, y, 420)
  y += s * 0.6
  line(`Sum eks. mva: ${amt(d.subtotal)}`)
  line(`MVA 25%: ${amt(d.vat)}`)
  line(`${pick(r, ['Totalt:', 'Å betale:', 'Sum å betale:'])} ${amt(d.total)}`, { bold: true })
  y += s
  line(`${pick(r, ['Konto:', 'Kontonr:', 'Betal til:'])} ${formatBankAccount(d.account)}`)
  if (d.kid) line(`KID: ${d.kid}`)
  if (d.iban) line(`IBAN: ${formatIban(d.iban)}`)
}

/** One invoice PDF (text layer) and its ground truth, fully determined by the seed. */
export async function generateInvoice(
  seed: number,
  opts: { layout?: Layout } = {},
): Promise<GeneratedInvoice> {
  const r = rng(seed * 2654435761)
  const layout = opts.layout ?? LAYOUTS[seed % LAYOUTS.length]!
  const fontName = pick(r, FONT_NAMES)
  const d = invoiceData(r, seed, layout)
  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const page = doc.addPage([595.28, 841.89])
  const fonts = await embedFonts(doc, fontName)
  const size = layout === 'receipt' ? pick(r, [8, 9]) : pick(r, [9, 10, 11])
  const canvas = new Canvas(page, fonts, size)
  if (layout === 'receipt') drawReceipt(canvas, r, d)
  else drawClassic(canvas, r, d, layout === 'giro')
  const pdf = await doc.save({ useObjectStreams: false })
  return { seed, layout, font: fontName, pdf, truth: truthOf(d), buyerOrgNumber: d.buyerOrg }
}
