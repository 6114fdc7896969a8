// The harder corpus: the documents a Norwegian bookkeeping office receives in a month, by kind: several
// pages, turned pages, phone photos, faxes, table layouts, payment slips, unusual label wording, distractors,
// credit notes and foreign suppliers. Every document is determined by its kind and seed; its truth records
// the eight core properties, the currency, VAT per rate and the line items.
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { degrees, PDFDocument } from 'pdf-lib'
import UTIF from 'utif2'
import {
  bankAccountToIban,
  formatBankAccount,
  formatIban,
  formatOrgNumber,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
} from '../../common/norwegian.ts'
import { makeForeignVatId, makeIban } from '../foreign.ts'
import { openPdf, renderPage } from '../pdf.ts'
import {
  addDays,
  BUYERS,
  Canvas,
  drawSlipBoxes,
  embedFonts,
  FONT_NAMES,
  groupThousands,
  int,
  ITEMS_EN,
  ITEMS_NB,
  pick,
  PLACES,
  rng,
  STREETS,
  SUPPLIERS,
  type Rand,
  type SlipBox,
} from './generate.ts'

export const HARD_KINDS = [
  'multipage',
  'rotated',
  'photo',
  'fax',
  'table',
  'slip',
  'wording',
  'distractors',
  'credit',
  'foreign',
] as const
export type HardKind = (typeof HARD_KINDS)[number]

/** The eight core properties scored per document (spec 2.13 ids 1-8). */
export const CORE_PROPERTIES = [1, 2, 3, 4, 5, 6, 7, 8] as const

export interface HardTruth {
  /** Expected Value per core property; null when the document does not carry it. */
  fields: Record<(typeof CORE_PROPERTIES)[number], string | null>
  currency: 'NOK' | 'SEK' | 'DKK' | 'EUR' | 'GBP' | 'USD'
  vat: { rate: number; base: string; vat: string }[]
  lines: { text: string; qty: number; price: string; amount: string; rate: number }[]
  credit: boolean
}

export interface HardDocument {
  kind: HardKind
  seed: number
  /** What the bytes are: a PDF (text layer or image-only) or an image file. */
  format: 'pdf' | 'png' | 'jpeg' | 'tiff'
  bytes: Uint8Array
  pages: number
  /** True when the pages carry no text layer (Tesseract reads them). */
  scanned: boolean
  truth: HardTruth
  buyerOrgNumber: string
  buyerBankAccount: string
  variant: string
}

type Lang = 'nb' | 'nn' | 'en' | 'sv' | 'da' | 'de'
/** The harder corpus's currencies (a family's software invoices may be in dollars too). */
type Currency = Exclude<HardTruth['currency'], 'USD'>

interface Words {
  title: string[]
  creditTitle: string[]
  number: string[]
  creditNumber: string[]
  date: string[]
  due: string[]
  total: string[]
  account: string[]
  kid: string[]
  org: string[]
  net: string
  vat: string
  description: string
  qty: string
  price: string
  amount: string
  customerNo: string
  orderNo: string
  buyer: string[]
  page: (n: number, of: number) => string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    title: ['FAKTURA', 'Faktura'],
    creditTitle: ['KREDITNOTA', 'Kreditnota'],
    number: ['Fakturanr.', 'Fakturanummer', 'Fakt.nr.', 'Faktura nr.'],
    creditNumber: ['Kreditnota nr.', 'Kreditnotanr.', 'Kreditnotanummer'],
    date: ['Fakturadato', 'Fakturadato', 'Dato'],
    due: ['Forfallsdato', 'Forfall', 'Betalingsfrist'],
    total: ['Å betale', 'Sum å betale', 'Totalt å betale', 'Beløp å betale'],
    account: ['Kontonummer', 'Til konto', 'Bankkonto', 'Kontonr.'],
    kid: ['KID', 'KID-nr.', 'KID nr'],
    org: ['Org.nr.', 'Org.nr:', 'Foretaksregisteret'],
    net: 'Sum eks. mva',
    vat: 'MVA',
    description: 'Beskrivelse',
    qty: 'Antall',
    price: 'Pris',
    amount: 'Beløp',
    customerNo: 'Kundenr.',
    orderNo: 'Ordrenr.',
    buyer: ['Kunde', 'Fakturamottaker'],
    page: (n, of) => `Side ${n} av ${of}`,
  },
  nn: {
    title: ['FAKTURA'],
    creditTitle: ['KREDITNOTA'],
    number: ['Fakturanummer', 'Fakt.nr.', 'Fakturanr.'],
    creditNumber: ['Kreditnota nr.'],
    date: ['Fakturadato', 'Dato'],
    due: ['Forfallsdato', 'Betalingsfrist', 'Forfall'],
    total: ['Å betala', 'Sum å betala', 'Totalt å betala'],
    account: ['Kontonummer', 'Til konto'],
    kid: ['KID'],
    org: ['Org.nr.'],
    net: 'Sum utan mva',
    vat: 'MVA',
    description: 'Skildring',
    qty: 'Tal',
    price: 'Pris',
    amount: 'Beløp',
    customerNo: 'Kundenr.',
    orderNo: 'Ordrenr.',
    buyer: ['Kunde', 'Fakturamottakar'],
    page: (n, of) => `Side ${n} av ${of}`,
  },
  en: {
    title: ['INVOICE', 'Invoice'],
    creditTitle: ['CREDIT NOTE', 'Credit note'],
    number: ['Invoice no.', 'Invoice number', 'Invoice #'],
    creditNumber: ['Credit note no.', 'Credit note number'],
    date: ['Invoice date', 'Date of invoice'],
    due: ['Due date', 'Payment due'],
    total: ['Amount due', 'Total due', 'Balance due'],
    account: ['Account no.', 'Bank account'],
    kid: ['KID', 'KID number'],
    org: ['Org. no.', 'VAT no.'],
    net: 'Subtotal',
    vat: 'VAT',
    description: 'Description',
    qty: 'Qty',
    price: 'Unit price',
    amount: 'Amount',
    customerNo: 'Customer no.',
    orderNo: 'Order no.',
    buyer: ['Bill to', 'Customer'],
    page: (n, of) => `Page ${n} of ${of}`,
  },
  sv: {
    title: ['FAKTURA'],
    creditTitle: ['KREDITFAKTURA'],
    number: ['Fakturanummer', 'Fakturanr'],
    creditNumber: ['Kreditfakturanr'],
    date: ['Fakturadatum'],
    due: ['Förfallodatum', 'Förfallodag', 'Att betala senast'],
    total: ['Att betala', 'Summa att betala'],
    account: ['Bankkonto'],
    kid: ['OCR'],
    org: ['Momsreg.nr', 'Momsregistreringsnummer', 'VAT-nr'],
    net: 'Netto',
    vat: 'Moms',
    description: 'Benämning',
    qty: 'Antal',
    price: 'À-pris',
    amount: 'Belopp',
    customerNo: 'Kundnr',
    orderNo: 'Ordernr',
    buyer: ['Kund', 'Fakturaadress'],
    page: (n, of) => `Sida ${n} av ${of}`,
  },
  da: {
    title: ['FAKTURA'],
    creditTitle: ['KREDITNOTA'],
    number: ['Fakturanummer', 'Fakturanr.'],
    creditNumber: ['Kreditnotanr.'],
    date: ['Fakturadato'],
    due: ['Forfaldsdato', 'Sidste rettidige betalingsdato', 'Betalingsfrist'],
    total: ['At betale', 'Total at betale', 'I alt at betale'],
    account: ['Kontonr.'],
    kid: ['FIK'],
    org: ['Momsnr.', 'SE-nr.', 'VAT-nr.'],
    net: 'Subtotal',
    vat: 'Moms',
    description: 'Beskrivelse',
    qty: 'Antal',
    price: 'Stykpris',
    amount: 'Beløb',
    customerNo: 'Kundenr.',
    orderNo: 'Ordrenr.',
    buyer: ['Kunde', 'Faktureres til'],
    page: (n, of) => `Side ${n} af ${of}`,
  },
  de: {
    title: ['RECHNUNG', 'Rechnung'],
    creditTitle: ['GUTSCHRIFT'],
    number: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.'],
    creditNumber: ['Gutschrift Nr.'],
    date: ['Rechnungsdatum', 'Datum'],
    due: ['Zahlbar bis', 'Fälligkeitsdatum', 'Fällig am'],
    total: ['Gesamtbetrag', 'Zu zahlen', 'Rechnungsbetrag'],
    account: ['Konto'],
    kid: ['Verwendungszweck'],
    org: ['USt-IdNr.', 'USt-ID'],
    net: 'Nettobetrag',
    vat: 'MwSt.',
    description: 'Bezeichnung',
    qty: 'Menge',
    price: 'Einzelpreis',
    amount: 'Betrag',
    customerNo: 'Kundennummer',
    orderNo: 'Auftragsnummer',
    buyer: ['Rechnungsempfänger', 'Kunde'],
    page: (n, of) => `Seite ${n} von ${of}`,
  },
}

const VAT_RATES: Record<Currency, number[]> = {
  NOK: [25, 25, 15, 12, 0],
  SEK: [25, 12, 6],
  DKK: [25],
  EUR: [19, 7],
  GBP: [20, 5],
}

interface Line {
  text: string
  qty: number
  price: number
  amount: number
  rate: number
}

interface Data {
  lang: Lang
  currency: Currency
  credit: boolean
  supplier: string
  supplierOrg: string
  /** The supplier's id as printed with its label (`NO 995 525 828 MVA`, `SE556677889901`). */
  orgText: string
  buyer: string
  buyerOrg: string
  buyerAccount: string
  account: string | null
  iban: string | null
  bic: string | null
  kid: string | null
  number: string
  invoiceDate: string
  dueDate: string
  lines: Line[]
  vat: { rate: number; base: number; vat: number }[]
  net: number
  total: number
  /** What is to be paid when it differs from the total (the rest after a prepayment). */
  payable?: number
  customerNo: string
  orderNo: string
}

const cents = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`

type AmountForm =
  'nb' | 'nb-dot' | 'kr-prefix' | 'nok-suffix' | 'nok-prefix-dot' | 'kr-dash' | 'en' | 'sv' | 'da' | 'de'

/** An amount as printed; `kr-dash` (`kr 18 419,-`) is only used for whole kroner. */
function money(c: number, form: AmountForm): string {
  const abs = Math.abs(c)
  const whole = String(Math.floor(abs / 100))
  const ore = String(abs % 100).padStart(2, '0')
  const sp = groupThousands(whole, ' ')
  const dot = groupThousands(whole, '.')
  switch (form) {
    case 'nb':
      return `${sp},${ore}`
    case 'nb-dot':
      return `${dot},${ore}`
    case 'kr-prefix':
      return `kr ${sp},${ore}`
    case 'nok-suffix':
      return `${sp},${ore} NOK`
    case 'nok-prefix-dot':
      return `NOK ${dot},${ore}`
    case 'kr-dash':
      return ore === '00' ? `kr ${sp},-` : `kr ${sp},${ore}`
    case 'en':
      return `${groupThousands(whole, ',')}.${ore}`
    case 'sv':
      return `${sp},${ore} kr`
    case 'da':
      return `${dot},${ore} kr.`
    case 'de':
      return `${dot},${ore} €`
  }
}

function dateText(iso: string, lang: Lang, r: Rand): string {
  const [y, m, d] = iso.split('-') as [string, string, string]
  if (lang === 'en') return pick(r, [`${d}.${m}.${y}`, iso, `${d}/${m}/${y}`])
  if (lang === 'sv') return pick(r, [iso, iso, `${d}.${m}.${y}`])
  return pick(r, [`${d}.${m}.${y}`, `${d}.${m}.${y}`, iso])
}

function makeData(r: Rand, seed: number, kind: HardKind): Data {
  const foreign = kind === 'foreign'
  const country = foreign ? pick(r, ['SE', 'DK', 'DE'] as const) : null
  const lang: Lang = country
    ? ({ SE: 'sv', DK: 'da', DE: 'de' } as const)[country]
    : kind === 'wording'
      ? pick(r, ['nn', 'en', 'nb', 'nn'] as const)
      : r() < 0.15
        ? 'en'
        : 'nb'
  const currency: Currency = country ? ({ SE: 'SEK', DK: 'DKK', DE: 'EUR' } as const)[country] : 'NOK'
  const supplierOrg = country ? makeForeignVatId(country, seed * 31 + 5) : generateOrgNumber(seed * 17 + 3)
  let buyerOrg = generateOrgNumber(seed * 17 + 9)
  if (buyerOrg === supplierOrg) buyerOrg = generateOrgNumber(seed * 17 + 10)
  const account = country ? null : generateBankAccount(seed * 11 + 4)
  let buyerAccount = generateBankAccount(seed * 11 + 8)
  if (buyerAccount === account) buyerAccount = generateBankAccount(seed * 11 + 9)
  let iban: string | null = null
  if (country === 'SE')
    iban = makeIban(
      'SE',
      `${int(r, 100, 999)}${String(int(r, 1e8, 9e8))}${String(int(r, 1e7, 9e7))}`.slice(0, 20),
    )
  else if (country === 'DK') iban = makeIban('DK', `${int(r, 1000, 9999)}${int(r, 1e9, 9e9)}`)
  else if (country === 'DE') iban = makeIban('DE', `${int(r, 1e7, 9e7)}${int(r, 1e9, 9e9)}`)
  else if (r() < 0.4) iban = bankAccountToIban(account!)
  const bic = country
    ? pick(r, ['NDEASESS', 'DABADKKK', 'COBADEFFXXX', 'HANDSESS'])
    : iban
      ? 'DNBANOKK'
      : null
  const withKid = !country && kind !== 'credit' && r() < 0.75
  const kid = withKid ? generateKid(seed * 7 + 1, int(r, 7, 15), r() < 0.7 ? 'mod10' : 'mod11') : null
  const invoiceDate = addDays('2025-09-01', int(r, 0, 420))
  const dueDate = addDays(invoiceDate, pick(r, [10, 14, 14, 20, 30]))
  const lineCount = kind === 'multipage' ? int(r, 45, 110) : int(r, 2, 7)
  const rates = VAT_RATES[currency]
  const english = lang === 'en'
  const wholeKroner = kind === 'wording' && r() < 0.5
  const lines: Line[] = Array.from({ length: lineCount }, () => {
    const qty = int(r, 1, 9)
    const price = wholeKroner ? int(r, 20, 9000) * 100 : int(r, 2000, 900000)
    return {
      text: pick(r, english || foreign ? ITEMS_EN : ITEMS_NB),
      qty,
      price,
      amount: qty * price,
      rate: pick(r, rates),
    }
  })
  const byRate = new Map<number, number>()
  for (const l of lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.amount)
  let vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, base]) => ({ rate, base, vat: Math.round((base * rate) / 100) }))
  if (wholeKroner) vat = vat.map((v) => ({ ...v, vat: Math.round(v.vat / 100) * 100 }))
  const net = lines.reduce((s, l) => s + l.amount, 0)
  const total = net + vat.reduce((s, v) => s + v.vat, 0)
  const seq = int(r, 10000, 999999)
  const orgText = country
    ? pick(r, [supplierOrg, supplierOrg.replace(/^(..)(\d{4})(\d+)$/, '$1 $2 $3')])
    : pick(r, [`NO ${formatOrgNumber(supplierOrg)} MVA`, formatOrgNumber(supplierOrg), supplierOrg])
  return {
    lang,
    currency,
    credit: kind === 'credit',
    supplier: foreign
      ? pick(r, [
          'Svenska Kontorsvaror AB',
          'Dansk Rengøring ApS',
          'Müller Maschinenbau GmbH',
          'Nordic Parts AB',
        ])
      : pick(r, SUPPLIERS),
    supplierOrg,
    orgText,
    buyer: pick(r, BUYERS),
    buyerOrg,
    buyerAccount,
    account,
    iban,
    bic,
    kid,
    number: pick(r, [String(seq), `F-${seq}`, `2026-${seq}`, `${seq}/26`]),
    invoiceDate,
    dueDate,
    lines,
    vat,
    net,
    total: kind === 'credit' ? -total : total,
    customerNo: String(int(r, 10000, 99999)),
    orderNo: String(int(r, 100000, 999999)),
  }
}

function truthOf(d: Data): HardTruth {
  return {
    fields: {
      1: d.supplierOrg,
      2: d.iban,
      3: d.account,
      4: d.kid,
      5: d.number,
      6: cents(d.payable ?? d.total),
      7: d.invoiceDate,
      8: d.credit ? null : d.dueDate,
    },
    currency: d.currency,
    vat: d.vat.map((v) => ({ rate: v.rate, base: cents(v.base), vat: cents(v.vat) })),
    lines: d.lines.map((l) => ({
      text: l.text,
      qty: l.qty,
      price: cents(l.price),
      amount: cents(l.amount),
      rate: l.rate,
    })),
    credit: d.credit,
  }
}

const A4: [number, number] = [595.28, 841.89]

interface Style {
  form: AmountForm
  /** Labels in a header row with values below, supplier block on the right. */
  table: boolean
  /** The payment slip at the bottom of the last page; `slipOnly` keeps the total off the summary. */
  slip: boolean
  slipOnly: boolean
  /** Credit note sign form. */
  sign: 'minus' | 'trailing' | 'parens' | 'title' | 'tilgode'
  distractors: Set<'prepaid' | 'previous' | 'fee' | 'stamp' | 'buyer-account'>
}

function amountForms(d: Data, r: Rand, kind: HardKind): AmountForm {
  if (d.lang === 'en') return pick(r, ['en', 'nok-suffix', 'nb'])
  if (d.lang === 'sv') return 'sv'
  if (d.lang === 'da') return 'da'
  if (d.lang === 'de') return 'de'
  if (kind === 'wording') return pick(r, ['kr-dash', 'nok-suffix', 'nok-prefix-dot', 'kr-prefix', 'kr-dash'])
  return pick(r, ['nb', 'nb', 'nb-dot', 'kr-prefix', 'nok-suffix'])
}

/** Draws the document as a text PDF; image kinds are made from it. */
async function drawDocument(
  r: Rand,
  d: Data,
  kind: HardKind,
  style: Style,
): Promise<{ pdf: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const fonts = await embedFonts(doc, pick(r, FONT_NAMES))
  const size = pick(r, [9, 10, 10, 11])
  const w = WORDS[d.lang]
  const s = size
  const fmt = (c: number) => signed(c, style)
  const signed = (c: number, st: Style): string => {
    const text = money(c, st.form)
    if (c >= 0) return text
    switch (st.sign) {
      case 'minus':
        return /^[A-Za-z]/.test(text) ? text.replace(/^(\S+ )/, '$1-') : `-${text}`
      case 'trailing':
        return `${text}-`
      case 'parens':
        return `(${text})`
      default:
        return text
    }
  }
  const title = d.credit ? pick(r, w.creditTitle) : pick(r, w.title)
  const numberLabel = d.credit && r() < 0.8 ? pick(r, w.creditNumber) : pick(r, w.number)
  const colon = r() < 0.5 ? ':' : ''

  // Lines per page: page 1 has the header, the last page the totals and the payment information.
  const firstRows = style.slip ? 12 : 18
  const perPage = 46
  const pagesOfLines: Line[][] = []
  let rest = [...d.lines]
  pagesOfLines.push(rest.slice(0, firstRows))
  rest = rest.slice(firstRows)
  while (rest.length) {
    pagesOfLines.push(rest.slice(0, perPage))
    rest = rest.slice(perPage)
  }
  // The totals need room at the bottom of the last page.
  const lastRows = pagesOfLines[pagesOfLines.length - 1]!.length
  if (pagesOfLines.length > 1 && lastRows > 24) pagesOfLines.push([])
  const pageCount = pagesOfLines.length

  let running = 0
  for (let p = 0; p < pageCount; p++) {
    const page = doc.addPage(A4)
    const c = new Canvas(page, fonts, size)
    const last = p === pageCount - 1
    if (pageCount > 1) c.text(w.page(p + 1, pageCount), 555, 815, { alignRight: true, size: s - 1 })
    let y: number
    if (p === 0) {
      // Supplier block: top left, or top right in table layouts.
      const sx = style.table ? 360 : 40
      c.text(d.supplier, sx, 40, { bold: true, size: s + 3 })
      c.text(pick(r, STREETS), sx, 40 + s * 2)
      c.text(pick(r, PLACES), sx, 40 + s * 3.4)
      c.text(`${pick(r, w.org)} ${d.orgText}`, sx, 40 + s * 4.8)
      if (d.account && r() < 0.3 && !style.slip)
        c.text(`${pick(r, w.account)}${colon} ${formatBankAccount(d.account)}`, sx, 40 + s * 6.2)
      c.text(title, style.table ? 40 : 555, 40, { bold: true, size: 18, alignRight: !style.table })
      // Buyer block.
      const bx = style.table ? 40 : 40
      const by = style.table ? 90 : 140
      c.text(pick(r, w.buyer), bx, by, { bold: true })
      c.text(d.buyer, bx, by + s * 1.5)
      c.text(pick(r, STREETS), bx, by + s * 3)
      c.text(pick(r, PLACES), bx, by + s * 4.5)
      if (!d.currency || d.currency === 'NOK' || r() < 0.5)
        c.text(`${w.org[0]} ${formatOrgNumber(d.buyerOrg)}`, bx, by + s * 6)
      if (style.distractors.has('buyer-account'))
        c.text(
          `${d.lang === 'en' ? "Customer's account" : pick(r, ['Kundens konto', 'Kundens kontonr.'])}: ${formatBankAccount(d.buyerAccount)}`,
          bx,
          by + s * 7.5,
        )
      const facts: [string, string][] = [
        [numberLabel, d.number],
        [pick(r, w.date), dateText(d.invoiceDate, d.lang, r)],
        [w.customerNo, d.customerNo],
        [w.orderNo, d.orderNo],
      ]
      if (!d.credit && (pageCount === 1 || r() < 0.5))
        facts.splice(2, 0, [pick(r, w.due), dateText(d.dueDate, d.lang, r)])
      if (d.credit)
        facts.push([
          d.lang === 'en'
            ? 'Credits invoice no.'
            : pick(r, ['Gjelder faktura', 'Ref. fakturanr.', 'Krediterer faktura']),
          String(int(r, 10000, 999999)),
        ])
      if (d.currency !== 'NOK' || r() < 0.2)
        facts.push([d.lang === 'de' ? 'Währung' : d.lang === 'en' ? 'Currency' : 'Valuta', d.currency])
      if (style.table) {
        // Labels in one header row, values in the row below.
        const row = 210
        const colW = 515 / facts.length
        facts.forEach(([label, value], i) => {
          c.text(label, 40 + i * colW, row, { bold: true, size: s - 1 })
          c.text(value, 40 + i * colW, row + s * 1.6)
        })
        c.rule(40, row + s * 3, 555)
        y = 270
      } else {
        facts.forEach(([label, value], i) => {
          c.text(`${label}${colon}`, 330, 140 + i * s * 1.6)
          c.text(value, 450, 140 + i * s * 1.6)
        })
        y = 300
      }
      if (style.distractors.has('stamp')) {
        c.text(
          `${pick(r, ['MOTTATT', 'Mottatt', 'INNGÅTT'])} ${dateText(addDays(d.invoiceDate, int(r, 2, 6)), 'nb', r)}`,
          380,
          95,
          { bold: true, size: s + 2 },
        )
      }
    } else {
      c.text(`${d.supplier}  ${numberLabel} ${d.number}`, 40, 40, { size: s - 1 })
      y = 80
    }
    // The lines table.
    const lines = pagesOfLines[p]!
    if (lines.length) {
      c.text(w.description, 40, y, { bold: true })
      c.text(w.qty, 280, y, { bold: true })
      c.text(w.price, 400, y, { bold: true, alignRight: true })
      c.text(`${w.vat} %`, 450, y, { bold: true, alignRight: true })
      c.text(w.amount, 555, y, { bold: true, alignRight: true })
      c.rule(40, y + s * 1.4, 555)
      y += s * 2
      for (const line of lines) {
        c.text(line.text, 40, y)
        c.text(String(line.qty), 280, y)
        c.text(money(line.price, 'nb'), 400, y, { alignRight: true })
        c.text(String(line.rate), 450, y, { alignRight: true })
        c.text(`${d.credit && style.sign === 'minus' ? '-' : ''}${money(line.amount, 'nb')}`, 555, y, {
          alignRight: true,
        })
        running += line.amount
        y += s * 1.45
      }
    }
    if (!last) {
      c.text(pick(r, ['Transport', 'Å overføre', 'Sum denne side', 'Carried forward']), 340, y + s)
      c.text(money(running, 'nb'), 555, y + s, { alignRight: true })
      continue
    }
    // Totals.
    y += s * 1.5
    const sign = d.credit ? -1 : 1
    const totals: [string, string, boolean][] = [[w.net, fmt(sign * d.net), false]]
    for (const v of d.vat)
      totals.push([
        `${w.vat} ${v.rate} % ${d.lang === 'en' ? 'of' : 'av'} ${money(v.base, 'nb')}`,
        fmt(sign * v.vat),
        false,
      ])
    let payable = d.total
    if (style.distractors.has('fee')) {
      // A reminder fee printed apart from the invoice total (the fee is its own claim).
      totals.push([
        pick(r, ['Purregebyr (betales separat)', 'Gebyr tidligere purring']),
        money(int(r, 35, 70) * 100, 'nb'),
        false,
      ])
    }
    if (style.distractors.has('previous'))
      totals.unshift([
        pick(r, ['Tidligere saldo', 'Saldo forrige faktura']),
        money(int(r, 1000, 90000) * 100, 'nb'),
        false,
      ])
    if (style.distractors.has('prepaid')) {
      // Net plus VAT is the invoice's total; a prepayment is deducted and the rest is what is paid.
      const gross = d.total
      const prepaid = Math.round((gross * int(r, 10, 60)) / 100)
      d.payable = gross - prepaid
      totals.push([pick(r, ['Totalt inkl. mva', 'Sum inkl. mva', 'Totalt']), fmt(gross), false])
      totals.push([
        pick(r, ['Forskudd betalt', 'Innbetalt forskudd', 'A konto betalt']),
        `-${money(prepaid, 'nb')}`,
        false,
      ])
      totals.push([
        pick(r, ['Rest å betale', 'Restbeløp å betale', 'Gjenstår å betale']),
        fmt(d.payable),
        true,
      ])
      payable = d.payable
    } else if (!style.slipOnly) {
      const label = d.credit
        ? style.sign === 'tilgode'
          ? pick(r, ['Til gode', 'Dykk til gode', 'Til gode kunde'])
          : d.lang === 'en'
            ? 'Total credit'
            : pick(r, ['Totalt', 'Sum kreditert', 'Totalt å kreditere'])
        : pick(r, w.total)
      totals.push([
        label,
        d.credit && style.sign === 'tilgode' ? money(-d.total, style.form) : fmt(payable),
        true,
      ])
    } else {
      totals.push([`Sum ${w.vat}`, fmt(d.vat.reduce((a, v) => a + v.vat, 0)), false])
    }
    for (const [label, value, bold] of totals) {
      c.text(label, 300, y, { bold })
      c.text(value, 555, y, { bold, alignRight: true })
      y += s * 1.6
    }
    y += s * 1.5
    if (pageCount > 1 && !d.credit) {
      c.text(`${pick(r, w.due)}${colon} ${dateText(d.dueDate, d.lang, r)}`, 40, y)
      y += s * 1.6
    }
    if (style.slip) {
      drawSlip(c, r, d, s)
      continue
    }
    const pay: [string, string][] = []
    if (d.account) pay.push([pick(r, w.account), formatBankAccount(d.account)])
    if (d.kid) pay.push([pick(r, w.kid), d.kid])
    if (d.iban) pay.push(['IBAN', r() < 0.7 ? formatIban(d.iban) : d.iban])
    if (d.bic) pay.push(['BIC', d.bic])
    const inline = r() < 0.5
    pay.forEach(([label, value], i) => {
      if (inline) c.text(`${label}: ${value}`, 40, y + i * s * 1.6)
      else {
        c.text(label, 40, y + i * s * 1.6)
        c.text(value, 170, y + i * s * 1.6)
      }
    })
  }
  return { pdf: await doc.save({ useObjectStreams: false }), pages: pageCount }
}

/** The giro at the bottom of the page: receipt, payer's and payee's blocks, KID, Kroner and Øre, accounts. */
function drawSlip(c: Canvas, r: Rand, d: Data, s: number) {
  const top = 620
  c.rule(20, top - 10, 575)
  c.text('GIRO', 40, top, { bold: true, size: s + 2 })
  c.text(pick(r, ['Betalingsfrist', 'Forfallsdato']), 430, top)
  c.text(dateText(d.dueDate, 'nb', r), 430, top + s * 1.5)
  c.text('Betalt av', 40, top + s * 3, { bold: true })
  c.text(d.buyer, 40, top + s * 4.5)
  c.text('Betalt til', 300, top + s * 3, { bold: true })
  c.text(d.supplier, 300, top + s * 4.5)
  const boxes: SlipBox[] = [
    { label: 'Kundeidentifikasjon (KID)', x: 36, width: 170, value: d.kid },
    { label: 'Kroner', x: 222, width: 80, value: String(Math.floor(d.total / 100)), alignRight: true },
    { label: 'Øre', x: 310, width: 30, value: String(d.total % 100).padStart(2, '0') },
    { label: 'Til konto', x: 356, width: 100, value: formatBankAccount(d.account!).replace(/ /g, '.') },
  ]
  // The payer's own account box, next to the payee's.
  if (r() < 0.7)
    boxes.push({
      label: 'Betalerens kontonummer',
      x: 462,
      width: 100,
      value: formatBankAccount(d.buyerAccount).replace(/ /g, '.'),
      labelSize: s - 2,
    })
  const boxTop = drawSlipBoxes(c, top + s * 8, boxes)
  if (d.iban) c.text(`IBAN ${formatIban(d.iban)}   BIC ${d.bic}`, 40, boxTop + s * 3)
}

// ---------- image variants ----------

async function renderFirstPages(
  pdf: Uint8Array,
  dpi: number,
): Promise<{ image: Buffer; width: number; height: number }> {
  const doc = await openPdf(pdf)
  try {
    return await renderPage(doc, 1, dpi / 72)
  } finally {
    await doc.destroy()
  }
}

type Ctx = ReturnType<ReturnType<typeof createCanvas>['getContext']>

async function imagePdf(
  pngs: { image: Buffer; width: number; height: number }[],
  jpeg: boolean,
): Promise<Uint8Array> {
  const out = await PDFDocument.create()
  out.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  out.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  for (const p of pngs) {
    const page = out.addPage([(p.width * 72) / 150, (p.height * 72) / 150])
    const img = jpeg ? await out.embedJpg(p.image) : await out.embedPng(p.image)
    page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() })
  }
  return out.save({ useObjectStreams: false })
}

/** A scanned page turned by a multiple of 90 degrees (plus up to a degree of skew). */
async function turnedScan(pdf: Uint8Array, r: Rand, quarter: number): Promise<Uint8Array> {
  const dpi = pick(r, [200, 240])
  const page = await renderFirstPages(pdf, dpi)
  const img = await loadImage(page.image)
  const swap = quarter % 2 === 1
  const w = swap ? page.height : page.width
  const h = swap ? page.width : page.height
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, w, h)
  ctx.translate(w / 2, h / 2)
  ctx.rotate(((quarter * 90 + (r() * 2 - 1)) * Math.PI) / 180)
  ctx.drawImage(img, -page.width / 2, -page.height / 2)
  const png = await canvas.encode('png')
  const out = await PDFDocument.create()
  out.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  const p = out.addPage([(w * 72) / dpi, (h * 72) / dpi])
  p.drawImage(await out.embedPng(png), { x: 0, y: 0, width: p.getWidth(), height: p.getHeight() })
  return out.save({ useObjectStreams: false })
}

/** A text PDF whose pages carry `/Rotate`: the content is drawn upright and the viewer turns it. */
async function rotatedPdf(pdf: Uint8Array, quarter: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf)
  for (const page of doc.getPages()) page.setRotation(degrees(quarter * 90))
  return doc.save({ useObjectStreams: false })
}

/** A phone photo: the page on a darker table, in perspective, unevenly lit, a little turned, JPEG. */
export async function phonePhoto(pdf: Uint8Array, r: Rand): Promise<{ bytes: Uint8Array; format: 'jpeg' | 'png' }> {
  const dpi = pick(r, [170, 200])
  const page = await renderFirstPages(pdf, dpi)
  const img = await loadImage(page.image)
  const margin = Math.round(page.width * 0.06)
  const W = page.width + margin * 2
  const H = page.height + margin * 2
  const canvas = createCanvas(W, H)
  const ctx: Ctx = canvas.getContext('2d')
  const table = int(r, 70, 120)
  ctx.fillStyle = `rgb(${table},${table - 10},${table - 25})`
  ctx.fillRect(0, 0, W, H)
  // Perspective: the far edge (top) narrower; drawn as thin strips scaled per row.
  const narrow = 0.03 + r() * 0.05
  const turn = ((r() * 2 - 1) * 2.5 * Math.PI) / 180
  ctx.translate(W / 2, H / 2)
  ctx.rotate(turn)
  const strip = 4
  for (let y = 0; y < page.height; y += strip) {
    const f = 1 - narrow * (1 - y / page.height)
    const sw = page.width * f
    ctx.drawImage(img, 0, y, page.width, strip, -sw / 2, y - page.height / 2, sw, strip)
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  // Lighting: a shadow from one side and a warm tint.
  const side = pick(r, ['left', 'right', 'top'] as const)
  const grad =
    side === 'top'
      ? ctx.createLinearGradient(0, 0, 0, H)
      : ctx.createLinearGradient(side === 'left' ? 0 : W, 0, side === 'left' ? W : 0, 0)
  grad.addColorStop(0, `rgba(0,0,0,${0.25 + r() * 0.2})`)
  grad.addColorStop(0.6, 'rgba(0,0,0,0.05)')
  grad.addColorStop(1, 'rgba(0,0,0,0)')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, W, H)
  ctx.fillStyle = 'rgba(255,200,120,0.08)'
  ctx.fillRect(0, 0, W, H)
  if (r() < 0.7) return { bytes: await canvas.encode('jpeg', int(r, 70, 85)), format: 'jpeg' }
  return { bytes: await canvas.encode('png'), format: 'png' }
}

/** A fax: 100-150 dpi, bilevel, speckle and the odd streak; TIFF or an image-only PDF. */
export async function fax(pdf: Uint8Array, r: Rand): Promise<{ bytes: Uint8Array; format: 'tiff' | 'pdf' }> {
  const dpi = pick(r, [100, 120, 150])
  const page = await renderFirstPages(pdf, dpi)
  const img = await loadImage(page.image)
  const canvas = createCanvas(page.width, page.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(img, 0, 0)
  const data = ctx.getImageData(0, 0, page.width, page.height)
  const px = data.data
  const threshold = int(r, 150, 200)
  const speck = 0.001 + r() * 0.003
  const streakRows = new Set(Array.from({ length: int(r, 0, 3) }, () => int(r, 0, page.height - 1)))
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const i = (y * page.width + x) * 4
      let v = px[i]! < threshold ? 0 : 255
      if (r() < speck) v = 255 - v
      if (streakRows.has(y) && r() < 0.7) v = 0
      px[i] = px[i + 1] = px[i + 2] = v
      px[i + 3] = 255
    }
  }
  ctx.putImageData(data, 0, 0)
  if (r() < 0.5) {
    const tiff = UTIF.encodeImage(
      new Uint8Array(px.buffer, px.byteOffset, px.byteLength),
      page.width,
      page.height,
    )
    return { bytes: new Uint8Array(tiff), format: 'tiff' }
  }
  const png = await canvas.encode('png')
  return {
    bytes: await imagePdf([{ image: png, width: page.width, height: page.height }], false),
    format: 'pdf',
  }
}

/** One document of a kind, fully determined by kind and seed. */
export async function generateHardDocument(kind: HardKind, seed: number): Promise<HardDocument> {
  const r = rng((seed + 1) * 2246822519 + HARD_KINDS.indexOf(kind) * 97)
  const d = makeData(r, seed * 16 + HARD_KINDS.indexOf(kind), kind)
  const slip = kind === 'slip' || (kind === 'fax' && r() < 0.3)
  if (slip && !d.account) throw new Error('a payment slip needs an account')
  const style: Style = {
    form: amountForms(d, r, kind),
    table: kind === 'table',
    slip,
    slipOnly: kind === 'slip' && r() < 0.5,
    sign: kind === 'credit' ? pick(r, ['minus', 'trailing', 'parens', 'title', 'tilgode'] as const) : 'minus',
    distractors: new Set(),
  }
  if (kind === 'distractors') {
    const all = ['prepaid', 'previous', 'fee', 'stamp', 'buyer-account'] as const
    style.distractors.add(all[seed % all.length]!)
    style.distractors.add(pick(r, all))
  }
  if (kind === 'slip' && r() < 0.5) style.distractors.add('buyer-account')
  const { pdf, pages } = await drawDocument(r, d, kind, style)
  const base = {
    kind,
    seed,
    truth: truthOf(d),
    buyerOrgNumber: d.buyerOrg,
    buyerBankAccount: d.buyerAccount,
  }
  const variant = [
    style.form,
    style.table && 'table',
    style.slip && 'slip',
    style.slipOnly && 'slip-only',
    kind === 'credit' && style.sign,
    ...style.distractors,
    d.lang,
  ]
    .filter(Boolean)
    .join(',')
  if (kind === 'rotated') {
    const quarter = pick(r, [1, 2, 3])
    if (seed % 2 === 0)
      return {
        ...base,
        format: 'pdf',
        bytes: await rotatedPdf(pdf, quarter),
        pages,
        scanned: false,
        variant: `${variant},rotate-${quarter * 90}`,
      }
    return {
      ...base,
      format: 'pdf',
      bytes: await turnedScan(pdf, r, quarter),
      pages: 1,
      scanned: true,
      variant: `${variant},scan-${quarter * 90}`,
    }
  }
  if (kind === 'photo') {
    const photo = await phonePhoto(pdf, r)
    return {
      ...base,
      format: photo.format,
      bytes: photo.bytes,
      pages: 1,
      scanned: true,
      variant: `${variant},${photo.format}`,
    }
  }
  if (kind === 'fax') {
    const f = await fax(pdf, r)
    return {
      ...base,
      format: f.format,
      bytes: f.bytes,
      pages: 1,
      scanned: true,
      variant: `${variant},fax-${f.format}`,
    }
  }
  return { ...base, format: 'pdf', bytes: pdf, pages, scanned: false, variant }
}
