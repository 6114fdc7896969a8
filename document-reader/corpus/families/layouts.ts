// The own layout families: each a named way of placing an invoice's facts (label above, beside, in a table
// header, in two columns, right-aligned blocks), a totals list or a totals table with several candidate sums
// (net, VAT, rounding, total, paid, rest), in one language with its country's amount and date forms. They
// draw with pdf-lib as the harder corpus does, from facts of ./facts.ts, and record what they printed.
import { PDFDocument } from 'pdf-lib'
import { Canvas, embedFonts, FONT_NAMES, int, pick, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type Country,
  type DateForm,
  type Facts,
} from './facts.ts'
import { formatOrgNumber } from '../../../common/norwegian.ts'

export type Lang = 'nb' | 'nn' | 'sv' | 'da' | 'en' | 'de' | 'fr' | 'nl'

type WordKey =
  | 'title'
  | 'number'
  | 'date'
  | 'due'
  | 'total'
  | 'net'
  | 'vat'
  | 'account'
  | 'kid'
  | 'description'
  | 'qty'
  | 'price'
  | 'amount'
  | 'buyer'
  | 'customerNo'
  | 'rounding'
  | 'gross'
  | 'paid'
  | 'rest'
  | 'orderNo'

const KEYS: WordKey[] = [
  'title',
  'number',
  'date',
  'due',
  'total',
  'net',
  'vat',
  'account',
  'kid',
  'description',
  'qty',
  'price',
  'amount',
  'buyer',
  'customerNo',
  'rounding',
  'gross',
  'paid',
  'rest',
  'orderNo',
]

/** Each language's words, in the order of KEYS, `|` between them. */
const WORD_ROWS: Record<Lang, string> = {
  nb: 'FAKTURA|Fakturanummer|Fakturadato|Forfallsdato|Å betale|Sum eks. mva|MVA|Kontonummer|KID|Beskrivelse|Antall|Pris|Beløp|Kunde|Kundenr.|Øreavrunding|Sum inkl. mva|Innbetalt|Rest å betale|Ordrenr.',
  nn: 'FAKTURA|Fakturanummer|Fakturadato|Forfallsdato|Å betala|Sum utan mva|MVA|Kontonummer|KID|Skildring|Tal|Pris|Beløp|Kunde|Kundenr.|Øreavrunding|Sum med mva|Innbetalt|Rest å betala|Ordrenr.',
  sv: 'FAKTURA|Fakturanr|Fakturadatum|Förfallodatum|Att betala|Summa exkl. moms|Moms|Kontonummer|KID|Benämning|Antal|À-pris|Belopp|Kund|Kundnr|Öresavrundning|Summa inkl. moms|Betalt|Kvar att betala|Ordernr',
  da: 'FAKTURA|Fakturanr.|Fakturadato|Forfaldsdato|At betale|Subtotal ekskl. moms|Moms|Kontonr.|KID|Beskrivelse|Antal|Stykpris|Beløb|Kunde|Kundenr.|Øreafrunding|I alt inkl. moms|Indbetalt|Restbeløb|Ordrenr.',
  en: 'INVOICE|Invoice number|Invoice date|Due date|Amount due|Net amount|VAT|Account number|KID|Description|Qty|Unit price|Amount|Bill to|Customer no.|Rounding|Total incl. VAT|Paid|Balance due|Order no.',
  de: 'RECHNUNG|Rechnungsnummer|Rechnungsdatum|Fälligkeitsdatum|Zahlbetrag|Nettobetrag|MwSt.|Kontonummer|KID|Bezeichnung|Menge|Einzelpreis|Betrag|Rechnungsempfänger|Kundennummer|Rundung|Gesamtbetrag brutto|Anzahlung|Restbetrag|Auftragsnummer',
  fr: "FACTURE|Facture n°|Date de facture|Date d'échéance|Net à payer|Total HT|TVA|Compte|KID|Désignation|Qté|Prix unitaire|Montant|Client|N° client|Arrondi|Total TTC|Acompte versé|Reste à payer|N° commande",
  nl: 'FACTUUR|Factuurnummer|Factuurdatum|Vervaldatum|Te betalen|Subtotaal excl. btw|Btw|Rekeningnummer|KID|Omschrijving|Aantal|Prijs|Bedrag|Klant|Klantnummer|Afronding|Totaal incl. btw|Reeds betaald|Openstaand bedrag|Ordernummer',
}

function words(lang: Lang): Record<WordKey, string> {
  const row = WORD_ROWS[lang].split('|')
  return Object.fromEntries(KEYS.map((k, i) => [k, row[i]!])) as Record<WordKey, string>
}

const DATE_FORMS: Record<Lang, DateForm[]> = {
  nb: ['dmy.', 'dmy.', 'long'],
  nn: ['dmy.', 'iso'],
  sv: ['iso'],
  da: ['dmy-', 'dmy.'],
  en: ['dmy/', 'long', 'iso'],
  de: ['dmy.', 'long'],
  fr: ['dmy/', 'long'],
  nl: ['dmy-', 'long'],
}

export interface LayoutFamily {
  name: string
  lang: Lang
  countries: Country[]
  facts: 'above' | 'beside' | 'header-table' | 'two-column' | 'right-block' | 'caption-below'
  /** `strip`: the sums side by side in a row of cells, each caption under its amount. */
  totals: 'list' | 'table' | 'strip'
}

export const LAYOUT_FAMILIES: LayoutFamily[] = [
  { name: 'own-label-above-nb', lang: 'nb', countries: ['NO'], facts: 'above', totals: 'list' },
  { name: 'own-two-column-nn', lang: 'nn', countries: ['NO'], facts: 'two-column', totals: 'table' },
  { name: 'own-header-table-sv', lang: 'sv', countries: ['SE'], facts: 'header-table', totals: 'table' },
  { name: 'own-totals-table-en', lang: 'en', countries: ['NO', 'GB'], facts: 'beside', totals: 'table' },
  { name: 'own-beside-de', lang: 'de', countries: ['DE'], facts: 'beside', totals: 'list' },
  { name: 'own-right-block-da', lang: 'da', countries: ['DK'], facts: 'right-block', totals: 'table' },
  { name: 'own-label-above-fr', lang: 'fr', countries: ['FR'], facts: 'above', totals: 'table' },
  { name: 'own-two-column-nl', lang: 'nl', countries: ['NL'], facts: 'two-column', totals: 'list' },
  { name: 'own-caption-below-de', lang: 'de', countries: ['DE'], facts: 'caption-below', totals: 'strip' },
]

interface Sums {
  rows: [string, number][]
  /** What is to be paid: the last row. */
  payable: number
}

/** The totals: a list (net, VAT per rate, total) or a table adding rounding, paid and rest. */
function sums(f: Facts, w: Record<WordKey, string>, table: boolean, r: Rand): Sums {
  const vatRows = f.vat.map((v): [string, number] => [`${w.vat} ${v.rate} %`, v.vat])
  if (!table) return { rows: [[w.net, f.net], ...vatRows, [w.total, f.total]], payable: f.total }
  const rows: [string, number][] = [[w.net, f.net], ...vatRows]
  let gross = f.total
  // Kroner currencies round the total to whole units; the rounding is its own line.
  if (['NOK', 'SEK', 'DKK'].includes(f.currency) && r() < 0.6) {
    const rounded = Math.round(f.total / 100) * 100
    rows.push([w.rounding, rounded - f.total])
    gross = rounded
  }
  rows.push([w.gross, gross])
  if (r() < 0.5) {
    const paid = Math.round((gross * int(r, 10, 50)) / 100)
    rows.push([w.paid, -paid], [w.rest, gross - paid])
    return { rows, payable: gross - paid }
  }
  rows.push([w.total, gross])
  return { rows, payable: gross }
}

export async function generateLayout(family: LayoutFamily, seed: number): Promise<CorpusDocument> {
  const salt = 500 + LAYOUT_FAMILIES.indexOf(family) * 17
  const { facts: f, r } = makeFacts(seed, salt, { country: family.countries, lines: [1, 9] })
  const w = words(family.lang)
  const form = pick(r, MONEY_FORMS[family.lang === 'nn' ? 'nb' : family.lang]!)
  const money = (c: number) => moneyText(c, f.currency, form)
  const dateForm = pick(r, DATE_FORMS[family.lang])
  const date = (iso: string) => dateText(iso, dateForm, family.lang === 'nn' ? 'nb' : family.lang)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const total = sums(f, w, family.totals === 'table', r)
  f.total = total.payable

  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const size = pick(r, [9, 10, 11])
  const c = new Canvas(doc.addPage([595.28, 841.89]), await embedFonts(doc, pick(r, FONT_NAMES)), size)
  const s = size
  const right = family.facts === 'right-block'
  const colon = r() < 0.5 ? ':' : ''

  // Supplier and title.
  const sx = right ? 555 : 40
  c.text(f.supplier, sx, 40, { bold: true, size: s + 3, alignRight: right })
  c.text(f.street, sx, 40 + s * 2, { alignRight: right })
  c.text(f.place, sx, 40 + s * 3.4, { alignRight: right })
  c.text(`${id.label} ${id.value}`, sx, 40 + s * 4.8, { alignRight: right })
  c.text(w.title, right ? 40 : 555, 40, { bold: true, size: 18, alignRight: !right })
  // Buyer.
  const by = 140
  c.text(w.buyer, 40, by, { bold: true })
  c.text(f.buyer, 40, by + s * 1.5)
  c.text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`, 40, by + s * 3)

  const facts: [string, string][] = [
    [w.number, f.number],
    [w.date, date(f.invoiceDate)],
    [w.due, date(f.dueDate)],
    [w.customerNo, f.customerNo],
    [w.orderNo, f.orderNo],
  ]
  const payRows: [string, string][] = []
  if (pay.account) payRows.push([w.account, pay.account])
  if (f.kid) payRows.push([w.kid, f.kid])
  if (pay.iban) payRows.push(['IBAN', pay.iban])
  if (pay.bic) payRows.push(['BIC', pay.bic])

  let y = 260
  switch (family.facts) {
    case 'above': {
      // A grid of boxes, label small and bold above its value.
      facts.forEach(([label, value], i) => {
        const x = 300 + (i % 2) * 130
        const top = by + Math.floor(i / 2) * s * 3.4
        c.text(label, x, top, { bold: true, size: s - 2 })
        c.text(value, x, top + s * 1.3)
      })
      break
    }
    case 'caption-below': {
      // A grid of boxes as above, but each value first and its caption small under it.
      facts.forEach(([label, value], i) => {
        const x = 300 + (i % 2) * 130
        const top = by + Math.floor(i / 2) * s * 3.4
        c.text(value, x, top)
        c.text(label, x, top + s * 1.3, { size: s - 2 })
      })
      break
    }
    case 'beside':
      facts.forEach(([label, value], i) => {
        c.text(`${label}${colon}`, 320, by + i * s * 1.6)
        c.text(value, 450, by + i * s * 1.6)
      })
      break
    case 'header-table': {
      const colW = 515 / facts.length
      facts.forEach(([label, value], i) => {
        c.text(label, 40 + i * colW, 210, { bold: true, size: s - 1 })
        c.text(value, 40 + i * colW, 210 + s * 1.6)
      })
      c.rule(40, 210 + s * 3, 555)
      y = 280
      break
    }
    case 'two-column': {
      // Invoice facts on the left half, payment facts on the right, each label beside its value.
      const rows = [facts.slice(0, 3), [...facts.slice(3), ...payRows.splice(0)]]
      rows.forEach((col, k) =>
        col.forEach(([label, value], i) => {
          c.text(`${label}${colon}`, 40 + k * 270, 200 + i * s * 1.6, { bold: k === 0 })
          c.text(value, 150 + k * 270, 200 + i * s * 1.6)
        }),
      )
      y = 220 + Math.max(...rows.map((col) => col.length)) * s * 1.6
      break
    }
    case 'right-block':
      facts.forEach(([label, value], i) =>
        c.text(`${label}: ${value}`, 555, by + i * s * 1.6, { alignRight: true }),
      )
      break
  }

  // Lines.
  c.text(w.description, 40, y, { bold: true })
  c.text(w.qty, 270, y, { bold: true })
  c.text(w.price, 390, y, { bold: true, alignRight: true })
  c.text(`${w.vat} %`, 440, y, { bold: true, alignRight: true })
  c.text(w.amount, 555, y, { bold: true, alignRight: true })
  c.rule(40, y + s * 1.4, 555)
  y += s * 2
  for (const line of f.lines) {
    c.text(line.text, 40, y)
    c.text(String(line.qty), 270, y)
    c.text(moneyText(line.price, f.currency, { ...form, code: 'none' }), 390, y, { alignRight: true })
    c.text(String(line.rate), 440, y, { alignRight: true })
    c.text(moneyText(line.amount, f.currency, { ...form, code: 'none' }), 555, y, { alignRight: true })
    y += s * 1.45
  }
  // Totals: a list, a ruled table whose last row is what is to be paid, or a strip of cells.
  y += s * 1.5
  if (family.totals === 'strip') {
    const cellW = 515 / total.rows.length
    c.rule(40, y - s * 0.6, 555)
    total.rows.forEach(([label, value], i) => {
      const last = i === total.rows.length - 1
      const x = 40 + (i + 1) * cellW - 6
      c.text(money(value), x, y, { bold: last, alignRight: true })
      c.text(label, x, y + s * 1.3, { size: s - 2, alignRight: true })
    })
    y += s * 3
    c.rule(40, y - s * 0.6, 555)
  }
  if (family.totals !== 'strip')
    total.rows.forEach(([label, value], i) => {
      const last = i === total.rows.length - 1
      if (family.totals === 'table') c.rule(300, y - s * 0.4, 555)
      c.text(label, 310, y, { bold: last })
      c.text(money(value), 555, y, { bold: last, alignRight: true })
      y += s * 1.6
    })
  if (family.totals === 'table') c.rule(300, y - s * 0.4, 555)
  // Payment details at the foot (the two-column layout has them among its facts).
  y = Math.max(y + s * 2, 660)
  payRows.forEach(([label, value], i) =>
    c.text(`${label}${colon} ${value}`, right ? 555 : 40, y + i * s * 1.6, { alignRight: right }),
  )
  const bytes = await doc.save({ useObjectStreams: false })
  return textPdfDocument({
    family: family.name,
    kind: 'layout',
    seed,
    bytes,
    facts: f,
    variant: `${family.lang},${f.country},${dateForm},${form.code}${form.symbol ?? ''},${total.rows.length} sums`,
    id: id.value,
    pay,
    total: money(total.payable),
    date,
  })
}
