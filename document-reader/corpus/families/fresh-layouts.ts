// Own layout families (their group: ../families.ts), each unlike the layouts before it, each with
// labels mixed from two languages as bilingual invoices print them:
// - `own-sidebar-mixed`: every invoice fact in a left sidebar column, label above value, the lines and totals
//   to its right; labels in the supplier's language (nb, sv, da) with the English word after a slash;
// - `own-form-boxes`: a form: a row of small labels with each value in a box under it, the payment facts in
//   a second row of boxes at the foot; labels in German and Norwegian;
// - `own-multipage-last`: two or three pages of lines; the first page carries the number and date only, the
//   due date, totals and payment facts stand on the last page alone; labels in Danish and English.
import { PDFDocument } from 'pdf-lib'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { Canvas, embedFonts, FONT_NAMES, pick, type Rand } from '../generate.ts'
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
  type Facts,
} from './facts.ts'

export interface Words {
  number: string
  date: string
  due: string
  customerNo: string
  net: string
  vat: string
  total: string
  account: string
  kid: string
  description: string
  qty: string
  amount: string
  buyer: string
  page: string
  carried: string
}

type Key = keyof Words
const KEYS: Key[] = [
  'number',
  'date',
  'due',
  'customerNo',
  'net',
  'vat',
  'total',
  'account',
  'kid',
  'description',
  'qty',
  'amount',
  'buyer',
  'page',
  'carried',
]

/** Each language's words in the order of KEYS, `|` between them. */
const ROWS = {
  nb: 'Fakturanr.|Fakturadato|Betalingsfrist|Kundenummer|Netto|Mva.|Totalt å betale|Bankkonto|KID-nr.|Vare / tjeneste|Ant.|Sum|Mottaker|Side|Overført',
  sv: 'Fakturanummer|Fakturadatum|Förfallodag|Kundnummer|Netto|Moms|Totalt att betala|Bankkonto|KID|Artikel|Antal|Summa|Mottagare|Sida|Transport',
  da: 'Faktura nr.|Dato|Betalingsfrist|Kunde nr.|Netto|Moms|Total at betale|Bankkonto|KID|Varetekst|Antal|I alt|Modtager|Side|Transport',
  de: 'Rechnungs-Nr.|Datum|Zahlbar bis|Kunden-Nr.|Netto|USt.|Gesamtbetrag|Bankverbindung|KID|Leistung|Anz.|Summe|Empfänger|Seite|Übertrag',
  en: 'Invoice no.|Date of issue|Payment due|Customer ID|Net|VAT|Total payable|Bank account|KID|Item|Qty|Line total|Recipient|Page|Carried forward',
} as const
export type Lang = keyof typeof ROWS

export function words(lang: Lang): Words {
  const row = ROWS[lang].split('|')
  return Object.fromEntries(KEYS.map((k, i) => [k, row[i]!])) as unknown as Words
}

/** Two languages' words joined as a bilingual invoice prints them (`Fakturadato / Date of issue`). */
function bilingual(a: Lang, b: Lang): Words {
  const first = words(a)
  const second = words(b)
  return Object.fromEntries(
    KEYS.map((k) => [k, first[k] === second[k] ? first[k] : `${first[k]} / ${second[k]}`]),
  ) as unknown as Words
}

export const LANG_OF = { NO: 'nb', SE: 'sv', DK: 'da', DE: 'de', GB: 'en' } as const
export const DATE_FORMS: Record<Lang, DateForm[]> = {
  nb: ['dmy.', 'long'],
  sv: ['iso'],
  da: ['dmy-', 'dmy.'],
  de: ['dmy.', 'long'],
  en: ['dmy/', 'long'],
}

/** An A4 document of the corpus's own layouts: one of its fonts and a body size drawn from `r`. */
export async function newDocument(r: Rand) {
  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const fonts = await embedFonts(doc, pick(r, FONT_NAMES))
  const size = pick(r, [9, 10])
  return {
    doc,
    page: () => new Canvas(doc.addPage([595.28, 841.89]), fonts, size),
    size,
    fonts: fonts.name,
  }
}

interface Printing {
  f: Facts
  r: Rand
  lang: Lang
  money: (c: number) => string
  plain: (c: number) => string
  date: (iso: string) => string
  dateForm: DateForm
  id: { label: string; value: string }
  pay: ReturnType<typeof paymentTexts>
}

function printing(
  seed: number,
  salt: number,
  countries: readonly (keyof typeof LANG_OF)[],
  lines: [number, number],
): Printing {
  const { facts: f, r } = makeFacts(seed, salt, { country: countries, lines })
  const lang = LANG_OF[f.country as keyof typeof LANG_OF]
  const form = pick(r, MONEY_FORMS[lang]!)
  const dateForm = pick(r, DATE_FORMS[lang])
  return {
    f,
    r,
    lang,
    money: (c) => moneyText(c, f.currency, form),
    plain: (c) => moneyText(c, f.currency, { ...form, code: 'none' }),
    date: (iso) => dateText(iso, dateForm, lang === 'sv' || lang === 'da' ? 'en' : lang),
    dateForm,
    id: supplierIdText(f, r),
    pay: paymentTexts(f, r),
  }
}

function done(name: string, p: Printing, seed: number, bytes: Uint8Array, pages: number): CorpusDocument {
  return textPdfDocument({
    family: name,
    kind: 'layout',
    seed,
    bytes,
    pages,
    facts: p.f,
    variant: `${p.lang},${p.f.country},${p.dateForm},${pages}p`,
    id: p.id.value,
    pay: p.pay,
    total: p.money(p.f.total),
    date: p.date,
  })
}

function paymentRows(p: Printing, w: Words): [string, string][] {
  const rows: [string, string][] = []
  if (p.pay.account) rows.push([w.account, p.pay.account])
  if (p.f.kid) rows.push([w.kid, p.f.kid])
  if (p.pay.iban) rows.push(['IBAN', p.pay.iban])
  if (p.pay.bic) rows.push(['BIC / SWIFT', p.pay.bic])
  return rows
}

/** Lines as a table between x0 and 555, from `y`; returns where the table ends. */
function drawLines(c: Canvas, p: Printing, w: Words, x0: number, y: number, lines = p.f.lines): number {
  const s = c.size
  c.text(w.description, x0, y, { bold: true })
  c.text(w.qty, x0 + 200, y, { bold: true })
  c.text(w.amount, 555, y, { bold: true, alignRight: true })
  c.rule(x0, y + s * 1.4, 555)
  y += s * 2
  for (const line of lines) {
    c.text(`${line.text} (${line.rate} %)`, x0, y)
    c.text(String(line.qty), x0 + 200, y)
    c.text(p.plain(line.amount), 555, y, { alignRight: true })
    y += s * 1.5
  }
  return y
}

function drawTotals(c: Canvas, p: Printing, w: Words, x0: number, y: number): number {
  const s = c.size
  const rows: [string, number][] = [
    [w.net, p.f.net],
    ...p.f.vat.map((v): [string, number] => [`${w.vat} ${v.rate} %`, v.vat]),
  ]
  for (const [label, value] of rows) {
    c.text(label, x0, y)
    c.text(p.money(value), 555, y, { alignRight: true })
    y += s * 1.5
  }
  c.rule(x0, y - s * 0.3, 555)
  c.text(w.total, x0, y + s * 0.3, { bold: true })
  c.text(p.money(p.f.total), 555, y + s * 0.3, { bold: true, alignRight: true })
  return y + s * 2.5
}

export async function generateSidebar(seed: number): Promise<CorpusDocument> {
  const p = printing(seed, 901, ['NO', 'NO', 'SE', 'DK'], [1, 8])
  const w = bilingual(p.lang, 'en')
  const { doc, page } = await newDocument(p.r)
  const c = page()
  const s = c.size
  // The sidebar: supplier, buyer and every fact stacked, label (small, bold) above value.
  const sidebar: [string, string][] = [
    [w.number, p.f.number],
    [w.date, p.date(p.f.invoiceDate)],
    [w.due, p.date(p.f.dueDate)],
    [w.customerNo, p.f.customerNo],
    ...paymentRows(p, w),
    [p.id.label.replace(/:$/, ''), p.id.value],
  ]
  c.text(p.f.supplier, 30, 40, { bold: true, size: s + 2 })
  c.text(p.f.street, 30, 40 + s * 1.8, { size: s - 1 })
  c.text(p.f.place, 30, 40 + s * 3, { size: s - 1 })
  let y = 120
  for (const [label, value] of sidebar) {
    c.text(label, 30, y, { bold: true, size: s - 2 })
    c.text(value, 30, y + s * 1.2)
    y += s * 3
  }
  c.page.drawLine({ start: { x: 195, y: 802 }, end: { x: 195, y: 60 }, thickness: 0.7 })
  // The body: title, buyer, lines and totals right of the sidebar.
  c.text(p.lang === 'en' ? 'INVOICE' : 'FAKTURA', 215, 40, { bold: true, size: 18 })
  c.text(w.buyer, 215, 80, { bold: true, size: s - 1 })
  c.text(p.f.buyer, 215, 80 + s * 1.4)
  c.text(`Org.nr. ${formatOrgNumber(p.f.buyerOrg)}`, 215, 80 + s * 2.8)
  const end = drawLines(c, p, w, 215, 150)
  drawTotals(c, p, w, 330, end + s * 1.5)
  return done('own-sidebar-mixed', p, seed, await doc.save({ useObjectStreams: false }), 1)
}

export async function generateFormBoxes(seed: number): Promise<CorpusDocument> {
  const p = printing(seed, 902, ['NO', 'DE', 'NO'], [1, 6])
  const w = bilingual(p.lang === 'de' ? 'de' : 'nb', p.lang === 'de' ? 'nb' : 'de')
  const { doc, page } = await newDocument(p.r)
  const c = page()
  const s = c.size
  c.text(p.f.supplier, 40, 40, { bold: true, size: s + 3 })
  c.text(`${p.f.street} · ${p.f.place} · ${p.id.label} ${p.id.value}`, 40, 40 + s * 2, { size: s - 1 })
  c.text(p.lang === 'de' ? 'RECHNUNG / FAKTURA' : 'FAKTURA / RECHNUNG', 40, 90, { bold: true, size: 16 })
  c.text(`${w.buyer}: ${p.f.buyer}, Org.nr. ${formatOrgNumber(p.f.buyerOrg)}`, 40, 118)
  // A row of boxes: the label small above, the value inside its box; each box as wide as its value needs.
  const boxes = (top: number, cells: [string, string][]) => {
    const need = cells.map(([label, value]) => Math.max(label.length * 0.75, value.length) + 3)
    const unit = 515 / need.reduce((a, b) => a + b, 0)
    let x = 40
    cells.forEach(([label, value], i) => {
      const width = need[i]! * unit
      c.text(label, x + 2, top, { size: s - 2.5 })
      c.rect(x, top + s * 1.1, width - 6, s * 2.2)
      c.text(value, x + 5, top + s * 1.6)
      x += width
    })
  }
  boxes(145, [
    [w.number, p.f.number],
    [w.date, p.date(p.f.invoiceDate)],
    [w.due, p.date(p.f.dueDate)],
    [w.customerNo, p.f.customerNo],
  ])
  const end = drawLines(c, p, w, 40, 215)
  drawTotals(c, p, w, 300, end + s * 1.5)
  // The payment row at the foot: account or IBAN, KID, the amount again.
  const pay = paymentRows(p, w).filter(([label]) => !label.startsWith('BIC'))
  boxes(700, [...pay, [w.total, p.money(p.f.total)]])
  if (p.pay.bic) c.text(`BIC ${p.pay.bic}`, 40, 745, { size: s - 1 })
  return done('own-form-boxes', p, seed, await doc.save({ useObjectStreams: false }), 1)
}

export async function generateMultipageLast(seed: number): Promise<CorpusDocument> {
  const p = printing(seed, 903, ['DK', 'NO', 'GB'], [40, 80])
  const w = bilingual(p.lang === 'da' ? 'da' : 'en', p.lang === 'da' ? 'en' : 'da')
  const { doc, page } = await newDocument(p.r)
  const perPage = 32
  const chunks: (typeof p.f.lines)[] = []
  for (let i = 0; i < p.f.lines.length; i += perPage) chunks.push(p.f.lines.slice(i, i + perPage))
  // The totals need room: a last page that is too full leaves them to a page of their own.
  if (chunks[chunks.length - 1]!.length > perPage - 8) chunks.push([])
  let carried = 0
  chunks.forEach((lines, i) => {
    const c = page()
    const s = c.size
    const last = i === chunks.length - 1
    c.text(p.f.supplier, 40, 40, { bold: true, size: s + 2 })
    c.text(`${w.page} ${i + 1} / ${chunks.length}`, 555, 40, { alignRight: true })
    let y = 70
    if (i === 0) {
      c.text(`${p.f.street}, ${p.f.place}`, 40, 40 + s * 1.8)
      c.text(`${p.id.label} ${p.id.value}`, 40, 40 + s * 3)
      c.text(`${w.buyer}: ${p.f.buyer} (Org.nr. ${formatOrgNumber(p.f.buyerOrg)})`, 40, 100)
      c.text(`${w.number}: ${p.f.number}`, 330, 100)
      c.text(`${w.date}: ${p.date(p.f.invoiceDate)}`, 330, 100 + s * 1.5)
      y = 150
    } else {
      c.text(`${w.carried}: ${p.plain(carried)}`, 555, y, { alignRight: true })
      y += s * 2
    }
    if (lines.length) y = drawLines(c, p, w, 40, y, lines)
    carried += lines.reduce((sum, l) => sum + l.amount, 0)
    if (!last) {
      c.text(`${w.carried}: ${p.plain(carried)}`, 555, y + s, { alignRight: true })
      return
    }
    y = drawTotals(c, p, w, 300, y + s * 1.5)
    c.text(`${w.due}: ${p.date(p.f.dueDate)}`, 40, y + s)
    paymentRows(p, w).forEach(([label, value], k) =>
      c.text(`${label}: ${value}`, 40, y + s * (2.6 + k * 1.5)),
    )
  })
  return done('own-multipage-last', p, seed, await doc.save({ useObjectStreams: false }), chunks.length)
}
