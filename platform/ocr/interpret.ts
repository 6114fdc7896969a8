// Invoice interpreter (spec 2.13 property ids 1-10): finds labels in Norwegian and English, reads the value
// right of or below each label, parses Norwegian number and date formats, and never proposes an
// organisation number, bank account, IBAN or KID that fails its check digit.
import {
  bankAccountToIban,
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
} from '../../common/norwegian.ts'
import {
  OCR_PROPERTIES,
  OcrPropertyId,
  type InterpretationCandidate,
  type InterpretedProperty,
  type OcrWord,
} from '../../common/ocr.ts'
import type { OcrPageResult } from './types.ts'
import { normaliseForeignVatId, normaliseIban } from './foreign.ts'

interface Segment {
  words: OcrWord[]
  line: number
  /** Vertical centre with the page's skew taken out. */
  level: number
  left: number
  right: number
  top: number
  bottom: number
  height: number
}

interface Line {
  segments: Segment[]
  top: number
  bottom: number
  height: number
}

interface Hit {
  prop: OcrPropertyId
  value: string
  words: OcrWord[]
  placement: 'right' | 'below' | 'pattern'
  probability: number
  /** Read at a "rest to pay" label (after a prepayment). */
  rest?: boolean
}

/** Label text compared without case, spaces or punctuation: `Org. nr.:` and `Org.nr` are the same label. */
export function normaliseLabel(text: string): string {
  // Scanners often lose the ring and stroke (`A betale`, `Ore`): labels compare without them.
  return text
    .toLowerCase()
    .replace(/å/g, 'a')
    .replace(/[øö]/g, 'o')
    .replace(/[æä]/g, 'ae')
    .replace(/[\s.:;()\-/\u00a0,'"‘’“”`]/g, '')
    .replace(/^\*+|\*+$/g, '')
}

/** `prop` null: a label whose value must not be taken for any property (the buyer's account, the invoice a credit note refers to). */
type LabelSpec = { prop: OcrPropertyId | null; weight: number; negative?: boolean }

const LABELS = new Map<string, LabelSpec>()
function label(prop: OcrPropertyId | null, weight: number, ...texts: string[]) {
  for (const t of texts) {
    LABELS.set(normaliseLabel(t), { prop, weight })
    // A scan may drop a lone `å` altogether (`Totalt betale`).
    if (/(^|\s)å\s/i.test(t)) LABELS.set(normaliseLabel(t.replace(/(^|\s)å\s/i, '$1')), { prop, weight })
  }
}
label(
  OcrPropertyId.OfficialNumber,
  1,
  'Org.nr',
  'Org nr',
  'Orgnr',
  'Organisasjonsnummer',
  'Organisasjonsnr',
  'Foretaksregisteret',
)
label(
  OcrPropertyId.OfficialNumber,
  1,
  'Org. no.',
  'Org no',
  'Organisation number',
  'Organization number',
  'Company reg. no.',
)
label(OcrPropertyId.OfficialNumber, 0.95, 'MVA-nr', 'MVA nr', 'VAT no.', 'VAT number', 'VAT reg. no.')
label(OcrPropertyId.Iban, 1, 'IBAN', 'IBAN-nr', 'IBAN nr')
label(
  OcrPropertyId.BankAccount,
  1,
  'Kontonummer',
  'Kontonr',
  'Konto',
  'Til konto',
  'Betal til',
  'Betal til konto',
  'Bankkonto',
)
label(
  OcrPropertyId.BankAccount,
  1,
  'Bankkontonummer',
  'Account',
  'Account no.',
  'Account number',
  'Bank account',
  'Bank account no.',
)
label(OcrPropertyId.BankAccount, 1, 'Pay to account', 'Betales til konto', 'Kreditkonto')
label(
  OcrPropertyId.Kid,
  1,
  'KID',
  'KID-nr',
  'KID nr',
  'KID-nummer',
  'Kundeidentifikasjon',
  'Kundeidentifikasjon (KID)',
)
label(OcrPropertyId.Kid, 1, 'KID number', 'KID no.', 'Payment reference', 'KID/Payment reference')
label(
  OcrPropertyId.InvoiceNumber,
  1,
  'Fakturanummer',
  'Fakturanr',
  'Faktura nr',
  'Faktura nummer',
  'Fakturanr.',
)
label(OcrPropertyId.InvoiceNumber, 1, 'Invoice no.', 'Invoice number', 'Invoice #', 'Invoice nr')
label(
  OcrPropertyId.TotalAmount,
  1,
  'Å betale',
  'Sum å betale',
  'Totalt å betale',
  'Beløp å betale',
  'Totalbeløp å betale',
)
label(
  OcrPropertyId.TotalAmount,
  1,
  'Amount due',
  'Total due',
  'Total amount due',
  'Balance due',
  'Total to pay',
  'Amount to pay',
)
label(
  OcrPropertyId.TotalAmount,
  0.9,
  'Totalt',
  'Total',
  'Totalbeløp',
  'Total amount',
  'Sum inkl. mva',
  'Total incl. VAT',
  'Totalt inkl. mva',
)
label(OcrPropertyId.TotalAmount, 0.85, 'Beløp', 'Kroner', 'Amount')
label(
  OcrPropertyId.InvoiceDate,
  1,
  'Fakturadato',
  'Invoice date',
  'Faktureringsdato',
  'Date of invoice',
  'Utstedt',
)
label(OcrPropertyId.InvoiceDate, 0.7, 'Dato', 'Date', 'Issue date')
label(
  OcrPropertyId.DueDate,
  1,
  'Forfallsdato',
  'Forfall',
  'Forfaller',
  'Betalingsfrist',
  'Due date',
  'Payment due',
  'Due',
)
label(OcrPropertyId.DueDate, 1, 'Betal innen', 'Pay by', 'Betalingsfrist/forfall')
// Nynorsk, Swedish, Danish and German wording of the common fields.
label(
  OcrPropertyId.InvoiceNumber,
  1,
  'Fakt.nr.',
  'Fakt. nr.',
  'Faktnr',
  'Kreditnota nr.',
  'Kreditnotanr.',
  'Kreditnotanummer',
  'Kreditfakturanr',
  'Kreditfakturanummer',
  'Credit note no.',
  'Credit note number',
)
label(
  OcrPropertyId.InvoiceNumber,
  1,
  'Rechnungsnummer',
  'Rechnungs-Nr.',
  'Rechnung Nr.',
  'Rechnungsnr.',
  'Gutschrift Nr.',
)
label(OcrPropertyId.TotalAmount, 1, 'Å betala', 'Sum å betala', 'Totalt å betala', 'Beløp å betala')
label(
  OcrPropertyId.TotalAmount,
  1,
  'Att betala',
  'Summa att betala',
  'Totalt att betala',
  'Belopp att betala',
)
label(OcrPropertyId.TotalAmount, 1, 'At betale', 'Total at betale', 'I alt at betale', 'Beløb at betale')
label(OcrPropertyId.TotalAmount, 1, 'Gesamtbetrag', 'Zu zahlen', 'Rechnungsbetrag', 'Endbetrag', 'Zahlbetrag')
// After a prepayment the rest is what is paid; a credit note's total is the customer's credit.
label(
  OcrPropertyId.TotalAmount,
  1.05,
  'Rest å betale',
  'Restbeløp å betale',
  'Gjenstår å betale',
  'Restbeløp',
  'Balance remaining',
)
label(
  OcrPropertyId.TotalAmount,
  1,
  'Sum kreditert',
  'Totalt å kreditere',
  'Total credit',
  'Kreditert beløp',
  'Credit total',
)
LABELS.set(normaliseLabel('Til gode'), { prop: OcrPropertyId.TotalAmount, weight: 1, negative: true })
LABELS.set(normaliseLabel('Dykk til gode'), { prop: OcrPropertyId.TotalAmount, weight: 1, negative: true })
LABELS.set(normaliseLabel('Til gode kunde'), { prop: OcrPropertyId.TotalAmount, weight: 1, negative: true })
LABELS.set(normaliseLabel('Deres tilgodehavende'), {
  prop: OcrPropertyId.TotalAmount,
  weight: 1,
  negative: true,
})
label(OcrPropertyId.InvoiceDate, 1, 'Fakturadatum', 'Rechnungsdatum', 'Belegdatum')
label(OcrPropertyId.InvoiceDate, 0.7, 'Datum', 'Dato for faktura')
label(OcrPropertyId.DueDate, 1, 'Förfallodatum', 'Förfallodag', 'Att betala senast', 'Betalas senast')
label(OcrPropertyId.DueDate, 1, 'Forfaldsdato', 'Sidste rettidige betalingsdato', 'Betalingsdato')
label(OcrPropertyId.DueDate, 1, 'Zahlbar bis', 'Fälligkeitsdatum', 'Fällig am', 'Zahlungsziel', 'Fällig')
label(
  OcrPropertyId.OfficialNumber,
  0.95,
  'Momsreg.nr',
  'Momsregistreringsnummer',
  'VAT-nr',
  'VAT-nr.',
  'Momsnr.',
)
label(
  OcrPropertyId.OfficialNumber,
  0.95,
  'SE-nr.',
  'CVR-nr.',
  'CVR',
  'USt-IdNr.',
  'USt-ID',
  'USt-ID-Nr.',
  'UID',
)
// Values that belong to someone else: the buyer's account, the invoice a credit note credits, balances.
label(
  null,
  1,
  'Kundens konto',
  'Kundens kontonr.',
  'Kundens kontonummer',
  'Betalerens kontonummer',
  'Betalerens konto',
  'Betalers konto',
  'Fra konto',
  'Debetkonto',
  "Customer's account",
  'Customer account',
)
label(
  null,
  1,
  'Gjelder faktura',
  'Gjelder fakturanr.',
  'Ref. fakturanr.',
  'Ref. faktura',
  'Krediterer faktura',
  'Kreditert faktura',
  'Credits invoice no.',
  'Original invoice',
  'Original invoice no.',
)
label(null, 1, 'Tidligere saldo', 'Saldo forrige faktura', 'Forrige saldo', 'Previous balance')
label(null, 1, 'Forskudd betalt', 'Innbetalt forskudd', 'A konto betalt', 'Prepaid', 'Prepayment')
label(OcrPropertyId.Department, 1, 'Avdeling', 'Avd', 'Department', 'Dept')
label(
  OcrPropertyId.Requisition,
  1,
  'Rekvisisjon',
  'Rekvisisjonsnr',
  'Rekv.nr',
  'Deres ref',
  'Deres referanse',
  'Deres ref.',
)
label(
  OcrPropertyId.Requisition,
  1,
  'Your ref',
  'Your reference',
  'Requisition',
  'Requisition no.',
  'PO number',
  'Purchase order',
)

const LONGEST_LABEL_WORDS = 5

const BUYER_HEADINGS = new Set(
  [
    'Kunde',
    'Kjøper',
    'Fakturamottaker',
    'Faktureres til',
    'Mottaker',
    'Betalt av',
    'Leveringsadresse',
    'Levert til',
  ]
    .concat([
      'Buyer',
      'Bill to',
      'Billed to',
      'Customer',
      'Invoice to',
      'Ship to',
      'Deliver to',
      'Paid by',
      'Kundens',
    ])
    .map(normaliseLabel),
)
const SUPPLIER_HEADINGS = new Set(
  [
    'Leverandør',
    'Selger',
    'Fra',
    'Avsender',
    'Betalingsmottaker',
    'Supplier',
    'Seller',
    'From',
    'Vendor',
  ].map(normaliseLabel),
)

// ---------- value parsers: each reads a prefix of the words it is given ----------

type Parser = (text: string) => string | null

const NB_MONTHS: Record<string, number> = {
  jan: 1,
  januar: 1,
  feb: 2,
  februar: 2,
  mar: 3,
  mars: 3,
  apr: 4,
  april: 4,
  mai: 5,
  jun: 6,
  juni: 6,
  jul: 7,
  juli: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oktober: 10,
  nov: 11,
  november: 11,
  des: 12,
  desember: 12,
  january: 1,
  february: 2,
  march: 3,
  may: 5,
  june: 6,
  july: 7,
  oct: 10,
  october: 10,
  dec: 12,
  december: 12,
}

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCMonth() !== m - 1) return null
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

export const parseDate: Parser = (raw) => {
  const text = raw
    .trim()
    .replace(/[.,;:]$/, '')
    .replace(/\s\.(\d{4})$/, ' $1')
  // A scanned dot is sometimes read as a colon or comma (`27.07:2025`).
  let m = /^(\d{1,2})[.:,](\d{1,2})[.:,](\d{4}|\d{2})$/.exec(text)
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
  m = /^(\d{1,2})\.?\s+([a-zæøå]+)\.?,?\s+(\d{4})$/i.exec(text)
  if (m) {
    const month = NB_MONTHS[m[2]!.toLowerCase()]
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null
  }
  m = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text)
  if (m) {
    const month = NB_MONTHS[m[1]!.toLowerCase()]
    return month ? isoDate(Number(m[3]), month, Number(m[2])) : null
  }
  return null
}

const CURRENCY = String.raw`(?:kr\.?|nok|sek|dkk|eur|€|usd|\$)`
const CURRENCY_PREFIX = new RegExp(`^${CURRENCY}\\s*`, 'i')
const CURRENCY_SUFFIX = new RegExp(`\\s*${CURRENCY}$`, 'i')

/**
 * `1 234,56`, `1.234,56`, `kr 1 234,56`, `NOK 1234.56`, `1 234,50 NOK`, `1.234,50 €`, `kr 18 419,-` ->
 * `1234.56`; a minus before or after the number or parentheses around it make it negative (`-1234.56`).
 */
export const parseAmount: Parser = (raw) => {
  let text = raw
    .trim()
    .replace(/\u00a0/g, ' ')
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[;:]$/, '')
  let negative = false
  const paren = /^\((.*)\)$/.exec(text)
  if (paren) {
    negative = true
    text = paren[1]!.trim()
  }
  if (text.startsWith('-')) {
    negative = !negative
    text = text.slice(1).trim()
  }
  text = text.replace(CURRENCY_PREFIX, '').replace(CURRENCY_SUFFIX, '')
  if (text.startsWith('-')) {
    negative = !negative
    text = text.slice(1).trim()
  }
  text = text.replace(/,-$/, ',00').replace(/\.$/, '')
  if (/\d-$/.test(text)) {
    negative = !negative
    text = text.slice(0, -1)
  }
  const sign = negative ? '-' : ''
  let m = /^(\d{1,3}(?:[ .]\d{3})+|\d+)(?:,(\d{2}))?$/.exec(text)
  if (m) return `${sign}${m[1]!.replace(/[ .]/g, '').replace(/^0+(?=\d)/, '')}.${m[2] ?? '00'}`
  m = /^(\d{1,3}(?:[ ,]\d{3})+|\d+)(?:\.(\d{2}))?$/.exec(text)
  if (m) return `${sign}${m[1]!.replace(/[ ,]/g, '').replace(/^0+(?=\d)/, '')}.${m[2] ?? '00'}`
  return null
}

/**
 * Specks a scanner adds around digit groups (`1506 -00 00260`). Safe for numbers that carry a check digit:
 * a wrong reading fails the check and is never proposed.
 */
const stripMarks = (t: string) => t.replace(/(?<=[\d ])['’‘`´",:-](?=[ \d])/g, '').replace(/ {2,}/g, ' ')

const parseOrgNumber: Parser = (raw) => {
  // A foreign supplier's VAT id (`SE556677889901`, `DK12345674`, `DE123456788`) whose checksum holds.
  if (/^\s*(SE|DK|DE|FI)\s?\d/i.test(raw)) return normaliseForeignVatId(raw.trim().replace(/[,;.]$/, ''))
  const text = stripMarks(
    raw
      .trim()
      .replace(/^(?:NO)[.:]?\s*/i, '')
      .replace(/\s*MVA[.-]?$/i, '')
      .replace(/[,;.]$/, ''),
  )
  // Grouped 3-3-3 when printed; a scan may split or join the groups, the check digit still decides.
  if (!/^[\d .]{9,13}$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  return digits.length === 9 && isValidOrgNumber(digits) ? digits : null
}

const parseBankAccount: Parser = (raw) => {
  const text = stripMarks(raw.trim().replace(/[,;]$/, ''))
  if (!/^\d{4}[ .]?\d{2}[ .]?\d{5}$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  return isValidBankAccount(digits) ? digits : null
}

const parseIban: Parser = (raw) => {
  const text = raw
    .trim()
    .replace(/[,;.]$/, '')
    // Spaces between the groups, and the dash or dot a scan reads for one.
    .replace(/(?<=[\dA-Z])[\s.-]+(?=[\dA-Z])/gi, '')
    .replace(/\s/g, '')
    .toUpperCase()
  if (text.startsWith('NO')) return isValidNorwegianIban(text) ? text : null
  // Any country's IBAN whose length and MOD97 check hold.
  return normaliseIban(text)
}

const parseKid: Parser = (raw) => {
  const text = stripMarks(raw.trim().replace(/[,;.]$/, ''))
  if (!/^\d[\d ]{0,30}-?$/.test(text)) return null
  const kid = text.replace(/ /g, '')
  return kid.length >= 2 && kid.length <= 25 && isValidKid(kid) ? kid : null
}

const parseInvoiceNumber: Parser = (raw) => {
  const text = raw.trim().replace(/[,;:]$/, '')
  if (/\s/.test(text) || !/\d/.test(text) || !/^[A-Za-z0-9][A-Za-z0-9\-/._#]*$/.test(text)) return null
  if (parseDate(text)) return null
  return text
}

const parseFreeText: Parser = (raw) => {
  const text = raw.trim().replace(/[,;]$/, '')
  return text.length > 0 && text.length <= 40 ? text : null
}

interface PropertyRule {
  parse: Parser
  maxWords: number
  /** Free text takes every word up to the end of the value region. */
  wholeRegion?: boolean
}

const RULES: Record<OcrPropertyId, PropertyRule> = {
  1: { parse: parseOrgNumber, maxWords: 5 },
  2: { parse: parseIban, maxWords: 9 },
  3: { parse: parseBankAccount, maxWords: 3 },
  4: { parse: parseKid, maxWords: 5 },
  5: { parse: parseInvoiceNumber, maxWords: 1 },
  6: { parse: parseAmount, maxWords: 5 },
  7: { parse: parseDate, maxWords: 3 },
  8: { parse: parseDate, maxWords: 3 },
  9: { parse: parseFreeText, maxWords: 4, wholeRegion: true },
  10: { parse: parseFreeText, maxWords: 4, wholeRegion: true },
}

const text = (words: OcrWord[]) => words.map((w) => w.Text).join(' ')

/** Marks a scanner leaves between digits (`74'60422`) are not part of the number. */
const cleanDigits = (t: string) => t.replace(/(?<=\d)['’‘`´](?=\d)/g, '').replace(/^['"‘’“”`]+/, '')

/** The longest prefix of `words` the rule parses. */
function readValue(rule: PropertyRule, words: OcrWord[]): { value: string; words: OcrWord[] } | null {
  const max = Math.min(rule.maxWords, words.length)
  if (rule.wholeRegion) {
    const region = words.slice(0, max)
    const value = region.length ? rule.parse(text(region)) : null
    return value ? { value, words: region } : null
  }
  for (let n = max; n >= 1; n--) {
    const value = rule.parse(cleanDigits(text(words.slice(0, n))))
    if (value) return { value, words: words.slice(0, n) }
  }
  return null
}

// ---------- layout ----------

/**
 * The page's skew as a slope (dy per dx): scanned pages are often turned by a degree or so, which moves a
 * line's right end by more than a word's height. Pairs of words far enough apart on what can only be the
 * same line give slopes; their median is the page's.
 */
export function skewSlope(words: OcrWord[]): number {
  const slopes: number[] = []
  const byLeft = [...words].sort((a, b) => a.Left - b.Left)
  for (let i = 0; i < byLeft.length; i++) {
    const w = byLeft[i]!
    const cx = w.Left + w.Width / 2
    const cy = w.Top + w.Height / 2
    for (let j = i + 1; j < byLeft.length; j++) {
      const o = byLeft[j]!
      const dx = o.Left + o.Width / 2 - cx
      if (dx > w.Height * 30) break
      if (dx < w.Height * 6 || Math.abs(o.Height - w.Height) > w.Height * 0.5) continue
      const dy = o.Top + o.Height / 2 - cy
      if (Math.abs(dy) < Math.min(w.Height, o.Height) * 0.8) slopes.push(dy / dx)
    }
  }
  if (slopes.length < 5) return 0
  const m = median(slopes)
  return Math.abs(m) < 0.05 ? m : 0
}

export function buildLines(allWords: OcrWord[], source: OcrPageResult['Source'] = 'text-layer'): Line[] {
  // Words without a letter or digit are specks and rules as far as the interpreter is concerned.
  const words = allWords.filter((w) => /[\p{L}\d#№]/u.test(w.Text))
  // Text-layer heights are the font size; Tesseract's are the ink of capitals and digits (about 0.7 em).
  const gapFactor = source === 'tesseract' ? 1.7 : 1.1
  const slope = skewSlope(words)
  // Vertical position with the skew taken out; boxes themselves stay in page pixels.
  const level = (w: OcrWord) => w.Top + w.Height / 2 - slope * (w.Left + w.Width / 2)
  const sorted = [...words].sort((a, b) => level(a) - level(b) || a.Left - b.Left)
  const groups: OcrWord[][] = []
  const centres: number[] = []
  const heights: number[] = []
  for (const w of sorted) {
    const c = level(w)
    const g = groups.length - 1
    if (g >= 0 && Math.abs(c - centres[g]!) < Math.min(heights[g]!, w.Height) * 0.55) {
      groups[g]!.push(w)
      centres[g] = (centres[g]! * (groups[g]!.length - 1) + c) / groups[g]!.length
      heights[g] = Math.max(heights[g]!, w.Height)
    } else {
      groups.push([w])
      centres.push(c)
      heights.push(w.Height)
    }
  }
  const lines: Line[] = []
  for (const group of groups) {
    group.sort((a, b) => a.Left - b.Left)
    const height = median(group.map((w) => w.Height))
    const segments: Segment[] = []
    let current: OcrWord[] = []
    for (const w of group) {
      const prev = current[current.length - 1]
      if (prev && w.Left - (prev.Left + prev.Width) > splitGap(prev, w, height, gapFactor, source)) {
        segments.push(segment(current, lines.length, slope))
        current = []
      }
      current.push(w)
    }
    if (current.length) segments.push(segment(current, lines.length, slope))
    lines.push({
      segments,
      top: Math.min(...group.map((w) => w.Top)),
      bottom: Math.max(...group.map((w) => w.Top + w.Height)),
      height,
    })
  }
  return lines
}

/**
 * The gap that separates two segments (columns) rather than two words. Scanned monospaced text has word gaps
 * of a full character, wider than a capital is tall, so the character width counts too.
 */
function splitGap(
  a: OcrWord,
  b: OcrWord,
  height: number,
  factor: number,
  source: OcrPageResult['Source'],
): number {
  if (source !== 'tesseract') return height * factor
  const charWidth = (a.Width / a.Text.length + b.Width / b.Text.length) / 2
  return Math.max(height * factor, charWidth * 2.6)
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

function segment(words: OcrWord[], line: number, slope: number): Segment {
  const first = words[0]!
  return {
    words,
    line,
    level: first.Top + first.Height / 2 - slope * (first.Left + first.Width / 2),
    left: words[0]!.Left,
    right: Math.max(...words.map((w) => w.Left + w.Width)),
    top: Math.min(...words.map((w) => w.Top)),
    bottom: Math.max(...words.map((w) => w.Top + w.Height)),
    height: median(words.map((w) => w.Height)),
  }
}

interface LabelHit {
  spec: LabelSpec
  seg: Segment
  start: number
  count: number
}

function findLabels(lines: Line[]): LabelHit[] {
  const hits: LabelHit[] = []
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        let best: { spec: LabelSpec; count: number } | null = null
        for (let k = 1; k <= LONGEST_LABEL_WORDS && i + k <= seg.words.length; k++) {
          const spec = LABELS.get(normaliseLabel(text(seg.words.slice(i, i + k))))
          if (spec) best = { spec, count: k }
        }
        if (best) {
          hits.push({ spec: best.spec, seg, start: i, count: best.count })
          i += best.count - 1
        }
      }
    }
  }
  return hits
}

/** The value region of a label: the rest of its segment, else the nearest segment right of it, else below it. */
function valueRegions(
  hit: LabelHit,
  lines: Line[],
  pageWidth: number,
): { words: OcrWord[]; placement: 'right' | 'below'; seg: Segment }[] {
  const { seg } = hit
  const rest = seg.words.slice(hit.start + hit.count)
  if (rest.length) return [{ words: rest, placement: 'right', seg }]
  const labelWords = seg.words.slice(hit.start, hit.start + hit.count)
  const labelLeft = labelWords[0]!.Left
  const labelRight = Math.max(...labelWords.map((w) => w.Left + w.Width))
  const regions: { words: OcrWord[]; placement: 'right' | 'below'; seg: Segment }[] = []
  // Right of the label: the nearest segment at the label's height, also when a scan put it on its own line.
  const nearby = lines.slice(Math.max(0, seg.line - 2), seg.line + 3).flatMap((l) => l.segments)
  const right = nearby
    .filter(
      (s) =>
        s.left >= labelRight &&
        s.left - labelRight < pageWidth * 0.4 &&
        Math.abs(s.level - seg.level) < Math.min(s.height, seg.height) * 0.6,
    )
    .sort((a, b) => a.left - b.left)[0]
  if (right) regions.push({ words: right.words, placement: 'right', seg: right })
  const tolerance = seg.height * 1.5
  for (let l = seg.line + 1; l < lines.length && l <= seg.line + 3; l++) {
    const below = lines[l]!
    if (below.top - seg.bottom > seg.height * 3) break
    const under = below.segments.find(
      (s) => s.right > labelLeft - tolerance && s.left < labelRight + tolerance,
    )
    if (under) {
      // Only the words that start under the label or after it (a row of boxes keeps its neighbours apart).
      const words = under.words.filter((w) => w.Left + w.Width > labelLeft - tolerance)
      regions.push({ words, placement: 'below', seg: under })
      break
    }
  }
  return regions
}

/** A whole-kroner amount followed by a two-digit øre box (payment slip) is one amount. */
function withOreBox(
  value: string,
  seg: Segment,
  lines: Line[],
  used: OcrWord[],
): { value: string; words: OcrWord[]; slip?: boolean } {
  if (!/\.00$/.test(value) || used.length !== seg.words.length) return { value, words: used }
  const last = used[used.length - 1]!
  const lastRight = last.Left + last.Width
  const next = lines[seg.line]!.segments.find(
    (s) => s.left > lastRight && s.left - lastRight < seg.height * 6 && s.words.length === 1,
  )
  if (next && /^\d{2}$/.test(next.words[0]!.Text)) {
    return {
      value: `${value.slice(0, -3)}.${next.words[0]!.Text}`,
      words: [...used, next.words[0]!],
      slip: true,
    }
  }
  return { value, words: used }
}

type Context = 'buyer' | 'supplier' | null

/** Whether a value sits in the buyer's block (a heading such as "Kunde" above it in the same column). */
function blockContext(seg: Segment, start: number, lines: Line[], walk = true): Context {
  for (let i = 0; i < start; i++) {
    const before = normaliseLabel(seg.words[i]!.Text)
    if (BUYER_HEADINGS.has(before) || before.startsWith('kunde') || before === 'buyers') return 'buyer'
  }
  if (!walk) return null
  let bottom = seg.top
  for (let l = seg.line - 1; l >= 0 && l >= seg.line - 8; l--) {
    const line = lines[l]!
    if (bottom - line.bottom > line.height * 2.2) return null
    const above = line.segments.find(
      (s) => s.right > seg.left - seg.height && s.left < seg.left + seg.height * 4,
    )
    if (!above) continue
    bottom = line.top
    for (let k = Math.min(3, above.words.length); k >= 1; k--) {
      const head = normaliseLabel(text(above.words.slice(0, k)))
      if (BUYER_HEADINGS.has(head)) return 'buyer'
      if (SUPPLIER_HEADINGS.has(head)) return 'supplier'
    }
  }
  return null
}

/** Whether the line under a value holds another amount in the same column (a table, not a total). */
function columnContinues(seg: Segment, lines: Line[]): boolean {
  const next = lines[seg.line + 1]
  if (!next || next.top - seg.bottom > seg.height * 2.5) return false
  return next.segments.some(
    (s) => s.right > seg.left && s.left < seg.right && parseAmount(text(s.words)) !== null,
  )
}

const PLACEMENT_FACTOR = { right: 0.95, below: 0.9, pattern: 0.75 } as const

interface Buyer {
  orgs: Set<string>
  accounts: Set<string>
}

function collectHits(lines: Line[], pageWidth: number, buyer: Buyer): Hit[] {
  const buyerOrgs = buyer.orgs
  const hits: Hit[] = []
  for (const labelHit of findLabels(lines)) {
    const prop = labelHit.spec.prop
    if (prop === null) continue
    const rule = RULES[prop]
    for (const region of valueRegions(labelHit, lines, pageWidth)) {
      const read = readValue(rule, region.words)
      if (!read) {
        if (region.placement === 'right' && region.seg === labelHit.seg) break
        continue
      }
      let { value, words } = read
      let slip = false
      if (prop === OcrPropertyId.TotalAmount)
        ({ value, words, slip = false } = withOreBox(value, region.seg, lines, words))
      if (prop === OcrPropertyId.OfficialNumber || prop === OcrPropertyId.BankAccount) {
        // The company's own numbers and those in the buyer's block are never the supplier's.
        if (buyerOrgs.has(value) || buyer.accounts.has(value)) break
        // An account is the buyer's only when its own line says so (`Kundens konto`): a receipt's single
        // column has the customer's lines above the supplier's account.
        const walk = prop === OcrPropertyId.OfficialNumber
        if (blockContext(labelHit.seg, labelHit.start, lines, walk) === 'buyer') break
      }
      let probability = labelHit.spec.weight * PLACEMENT_FACTOR[region.placement]
      if (prop === OcrPropertyId.TotalAmount) {
        if (labelHit.spec.negative && !value.startsWith('-')) value = `-${value}`
        // A column heading (`Beløp`) over a column of amounts names line amounts, not the total.
        if (region.placement === 'below' && columnContinues(region.seg, lines)) probability *= 0.5
        // Kroner and øre read from their two boxes are the payment slip's amount.
        if (slip) probability += 0.05
      }
      hits.push({
        prop,
        value,
        words,
        placement: region.placement,
        probability,
        rest: labelHit.spec.weight > 1,
      })
      break
    }
  }
  // Printed without a label: `NO 995 525 828 MVA` and IBANs are recognisable by their form alone.
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        const first = seg.words[i]!.Text
        if (/^[A-Z]{2}\d{0,2}/.test(first) || /^\d+$/.test(first)) {
          for (let n = Math.min(8, seg.words.length - i); n >= 1; n--) {
            const ws = seg.words.slice(i, i + n)
            const t = text(ws)
            if (/^(?:NO[.:]?\s?)?[\d ]{9,13}\s?MVA[.-]?$/i.test(t)) {
              const value = parseOrgNumber(t)
              if (value && !buyerOrgs.has(value) && blockContext(seg, i, lines) !== 'buyer')
                hits.push({
                  prop: OcrPropertyId.OfficialNumber,
                  value,
                  words: ws,
                  placement: 'pattern',
                  probability: 0.8,
                })
              break
            }
            const iban = /^[A-Z]{2}\d/.test(first) ? parseIban(t) : null
            if (iban) {
              hits.push({
                prop: OcrPropertyId.Iban,
                value: iban,
                words: ws,
                placement: 'pattern',
                probability: 0.75,
              })
              break
            }
          }
        }
      }
    }
  }
  // A Norwegian IBAN carries the bank account; it stands in when the account itself could not be read.
  if (!hits.some((h) => h.prop === OcrPropertyId.BankAccount)) {
    const iban = hits.find((h) => h.prop === OcrPropertyId.Iban)
    if (iban && iban.value.startsWith('NO'))
      hits.push({ ...iban, prop: OcrPropertyId.BankAccount, value: iban.value.slice(4), probability: 0.6 })
  }
  if (!hits.some((h) => h.prop === OcrPropertyId.Iban)) hits.push(...ibanOfAccount(lines, hits))
  return hits
}

/**
 * A Norwegian IBAN is the bank account with `NO` and two check digits in front. When the page's IBAN failed
 * its check (a fax that lost or misread a digit) but what was read of it agrees with the IBAN of the account
 * read on the same page (the same check digits and at most one other character different), that IBAN is
 * proposed, below sure: the account's own check digit and the printed check digits both vouch for it.
 */
/** Characters to insert, delete or replace to turn one text into the other. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length]!
}

function ibanOfAccount(lines: Line[], hits: Hit[]): Hit[] {
  const account = hits
    .filter((h) => h.prop === OcrPropertyId.BankAccount)
    .sort((a, b) => b.probability - a.probability)[0]
  const expected = account ? bankAccountToIban(account.value) : null
  if (!account || !expected) return []
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        if (!/^NO\d{2}/i.test(seg.words[i]!.Text)) continue
        const words = seg.words.slice(i, i + 5)
        const read = text(words)
          .replace(/[\s.-]/g, '')
          .toUpperCase()
        if (read.slice(0, 4) !== expected.slice(0, 4)) continue
        // What was read after the check digits, against as much of the account (a lost tail is no error).
        const rest = read.slice(4, expected.length + 1)
        const bban = expected.slice(4)
        const differ = Math.min(editDistance(rest, bban), editDistance(rest, bban.slice(0, rest.length)))
        if (differ > 1) continue
        return [
          {
            prop: OcrPropertyId.Iban,
            value: expected,
            words,
            placement: 'pattern',
            probability: Math.min(0.7, account.probability),
          },
        ]
      }
    }
  }
  return []
}

function box(words: OcrWord[]) {
  const left = Math.min(...words.map((w) => w.Left))
  const top = Math.min(...words.map((w) => w.Top))
  const right = Math.max(...words.map((w) => w.Left + w.Width))
  const bottom = Math.max(...words.map((w) => w.Top + w.Height))
  return { Left: left, Top: top, Width: right - left, Height: bottom - top }
}

/**
 * How many of the words read are invoice vocabulary: a label word, a date or an amount with decimals. A page
 * read upside down or sideways has almost none.
 */
export function vocabularyHits(words: readonly { Text: string }[]): number {
  let hits = 0
  for (const w of words) {
    const t = w.Text.replace(/[:.,;]$/, '')
    if (LABELS.has(normaliseLabel(t)) || parseDate(t) || (/\d,\d{2}$/.test(t) && parseAmount(t))) hits++
  }
  return hits
}

export interface InterpretOptions {
  buyerOrgNumbers?: string[]
  buyerBankAccounts?: string[]
}

/** Interprets one page into the spec 2.13 properties that were found, best candidate proposed. */
export function interpret(page: OcrPageResult, opts: InterpretOptions = {}): InterpretedProperty[] {
  return interpretDocument([page], opts)
}

/**
 * Interprets the pages of one document together: a value may be on any page (the total and KID on the last,
 * the invoice number on the first); each candidate carries its PageNo.
 */
export function interpretDocument(
  pages: OcrPageResult[],
  opts: InterpretOptions = {},
): InterpretedProperty[] {
  const buyer: Buyer = {
    orgs: new Set((opts.buyerOrgNumbers ?? []).map((o) => o.replace(/\D/g, ''))),
    accounts: new Set((opts.buyerBankAccounts ?? []).map((o) => o.replace(/\D/g, ''))),
  }
  const amounts: number[] = []
  const vat: number[] = []
  let vatSum = 0
  let credit = false
  const hits = pages.flatMap((page) => {
    const lines = buildLines(page.Words, page.Source)
    const found = pageAmounts(lines)
    amounts.push(...found.amounts)
    vat.push(...found.vat)
    vatSum += found.vatSum
    credit ||= isCreditNote(lines)
    return collectHits(lines, page.ImageWidth || 2000, buyer).map((h) => ({
      ...h,
      page: page.PageNo,
      scanned: page.Source === 'tesseract',
    }))
  })
  const checks = new AmountChecks(amounts, vat, vatSum)
  calibrateDates(hits)
  for (const h of hits) {
    // Free text read by Tesseract has no check digit: one misread character changes it unnoticed.
    if (h.scanned && h.prop === OcrPropertyId.InvoiceNumber) h.probability = Math.min(h.probability, 0.85)
  }
  for (const h of hits) {
    if (h.prop !== OcrPropertyId.TotalAmount) continue
    // A credit note's total is negative however it is printed.
    if (credit && !h.value.startsWith('-')) h.value = `-${h.value}`
    // A total the page's own figures add up to is likely right; one they do not is never proposed as sure.
    h.probability = checks.confirms(h.value, h.rest)
      ? Math.min(0.99, Math.max(h.probability, 0.8) + 0.12)
      : Math.min(h.probability, 0.85)
  }
  return propose(hits)
}

const DAY = 86_400_000

/**
 * An invoice is due on or after its date and within half a year of it: a due date outside that (a misread
 * year) is not proposed as sure, nor is an invoice date that no due date agrees with.
 */
function calibrateDates(hits: Hit[]) {
  const dates = (prop: OcrPropertyId) => hits.filter((h) => h.prop === prop)
  const invoiceDates = dates(OcrPropertyId.InvoiceDate)
  const dueDates = dates(OcrPropertyId.DueDate)
  const agree = (invoice: Hit, due: Hit) => {
    const days = (Date.parse(due.value) - Date.parse(invoice.value)) / DAY
    return days >= 0 && days <= 183
  }
  for (const due of dueDates)
    if (invoiceDates.length && !invoiceDates.some((inv) => agree(inv, due)))
      due.probability = Math.min(due.probability, 0.6)
  // Two printings of a date that disagree (a misread digit in one) leave either unsure.
  for (const list of [invoiceDates, dueDates])
    for (const h of list)
      if (list.some((o) => o.value !== h.value && o.probability >= 0.7))
        h.probability = Math.min(h.probability, 0.85)
  for (const inv of invoiceDates)
    if (dueDates.length && !dueDates.some((due) => agree(inv, due)))
      inv.probability = Math.min(inv.probability, 0.6)
}

const CREDIT_TITLES = new Set(
  [
    'Kreditnota',
    'Kreditnota nr',
    'Kreditfaktura',
    'Credit note',
    'Credit memo',
    'Gutschrift',
    'Kreditnotanr',
  ].map(normaliseLabel),
)

/** A credit note says so in its title (a short line: `KREDITNOTA`, `Credit note`, `Gutschrift`). */
function isCreditNote(lines: Line[]): boolean {
  return lines.some((line) =>
    line.segments.some((seg) => {
      for (let k = 1; k <= Math.min(2, seg.words.length); k++)
        if (CREDIT_TITLES.has(normaliseLabel(text(seg.words.slice(0, k))))) return true
      return false
    }),
  )
}

const VAT_LINE = /^(mva|vat|moms|mwst|merverdiavgift|ust)/

/** Every amount printed with decimals on the page (in øre, unsigned) and the amounts of its VAT lines. */
function pageAmounts(lines: Line[]): { amounts: number[]; vat: number[]; vatSum: number } {
  const amounts: number[] = []
  const vat: number[] = []
  let vatSum = 0
  for (const line of lines) {
    let last: number | null = null
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        for (let n = Math.min(4, seg.words.length - i); n >= 1; n--) {
          const t = text(seg.words.slice(i, i + n))
          if (!/\d[,.]\d{2}\b|,-/.test(t)) continue
          const value = parseAmount(t)
          if (value === null) continue
          last = Math.round(Math.abs(Number(value)) * 100)
          amounts.push(last)
          i += n - 1
          break
        }
      }
    }
    const words = line.segments[0]?.words ?? []
    const head = normaliseLabel(words[0]?.Text ?? '')
    const second = normaliseLabel(words[1]?.Text ?? '')
    if (last === null) continue
    // `MVA 25 %` per rate adds up to the VAT; `Sum MVA` is the VAT on its own.
    if (VAT_LINE.test(head)) {
      vatSum += last
      vat.push(last)
    } else if (/^(sum|total|totalt|summa|i alt)$/.test(head) && VAT_LINE.test(second)) vat.push(last)
  }
  return { amounts, vat, vatSum }
}

/** Arithmetic the page itself offers for a total: a printed net plus the VAT its VAT lines print. */
class AmountChecks {
  private readonly set: Set<number>
  constructor(
    amounts: number[],
    private readonly vat: number[],
    private readonly vatSum: number,
  ) {
    this.set = new Set(amounts)
  }
  confirms(value: string, rest = false): boolean {
    const total = Math.round(Math.abs(Number(value)) * 100)
    if (!total) return false
    if (this.vatSum > 0 && this.set.has(total - this.vatSum)) return true
    // The rest after a prepayment: a confirmed total less a printed prepayment.
    if (rest)
      return [...this.set].some(
        (a) => a > total && this.set.has(a - total) && this.confirms((a / 100).toFixed(2)),
      )
    // (Any two printed amounts adding up is not taken: two line amounts often add up to one rate's base.)
    return this.vat.some((v) => v > 0 && v < total && this.set.has(total - v))
  }
}

function propose(hits: (Hit & { page: number })[]): InterpretedProperty[] {
  const properties: InterpretedProperty[] = []
  let candidateId = 0
  for (const prop of Object.values(OcrPropertyId)) {
    const own = hits.filter((h) => h.prop === prop)
    if (!own.length) continue
    // The same value found through several labels (summary and payment slip) is one, stronger candidate.
    const byValue = new Map<string, { hit: Hit & { page: number }; probability: number }>()
    for (const h of own) {
      const seen = byValue.get(h.value)
      if (!seen) byValue.set(h.value, { hit: h, probability: h.probability })
      else {
        const stronger = h.probability > seen.hit.probability ? h : seen.hit
        byValue.set(h.value, {
          hit: stronger,
          probability: Math.min(0.99, Math.max(seen.probability, h.probability) + 0.05),
        })
      }
    }
    // A scan that lost the øre of one printing of the total (`NOK 349243`) is outvoted by one that kept them.
    if (prop === OcrPropertyId.TotalAmount) {
      for (const [value, entry] of byValue) {
        if (!value.endsWith('.00')) continue
        const whole = value.slice(0, -3)
        const withOre = [...byValue.entries()].find(([v]) => v !== value && v.startsWith(`${whole}.`))
        if (withOre && withOre[1].probability <= entry.probability)
          withOre[1].probability = Math.min(0.99, entry.probability + 0.01)
      }
    }
    const propertyId = prop
    const candidates: InterpretationCandidate[] = [...byValue.values()]
      .sort((a, b) => b.probability - a.probability || a.hit.words[0]!.Top - b.hit.words[0]!.Top)
      .map(({ hit, probability }) => ({
        Id: ++candidateId,
        InterpretedPropertyId: propertyId,
        HitWordId: hit.words[0]!.Id,
        HitWordText: text(hit.words),
        HitWordPlacement: hit.placement,
        Value: hit.value,
        ...box(hit.words),
        ProbabilityFactor: Math.round(probability * 100) / 100,
        PageNo: hit.page,
      }))
    const proposed = candidates[0]!
    properties.push({
      Id: propertyId,
      OcrInterpretationId: 0,
      OcrPropertyId: prop,
      ProposedCandidateId: proposed.Id,
      SelectedCandidateId: null,
      ActualValue: null,
      ProposedCandidate: proposed,
      SelectedCandidate: null,
      OcrProperty: OCR_PROPERTIES[prop],
      InterpretationCandidates: candidates,
    })
  }
  return properties
}
