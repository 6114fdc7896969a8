// The labels an invoice prints before its values (spec 2.13 property ids 1-10), in Norwegian (bokmål and
// nynorsk), English, Swedish, Danish and German; the headings of the buyer's and the supplier's blocks; the
// titles of a credit note. A label names the property its value is read for, and how much that label is
// trusted.
import { OcrPropertyId } from '../common/ocr.ts'
import { editDistance, oneLetterReplaced, parseAmount, parseDate, withinOneEdit } from './values.ts'
import {
  BUYER_WORDS,
  CREDIT_BALANCE,
  CREDIT_OWN,
  CREDIT_WORDS,
  DATES,
  INVOICE_NUMBER,
  INVOICE_TITLES,
  MORE_WORDS,
  OFFICIAL_NUMBER,
  PAYMENT,
  PREPAID,
  REFERENCES,
  SUPPLIER_WORDS,
  TOTALS,
} from './label-words.ts'

/** Label text compared without case, spaces or punctuation: `Org. nr.:` and `Org.nr` are the same label. */
export function normaliseLabel(text: string): string {
  // Scanners often lose the ring and stroke (`A betale`, `Ore`): labels compare without them.
  return (
    text
      .toLowerCase()
      .replace(/å/g, 'a')
      .replace(/[øö]/g, 'o')
      .replace(/[æä]/g, 'ae')
      // A form's leader line a scan printed onto the label (`_Forfallsdato..`, `«Kontonummer`) goes with them.
      .replace(/[\s.:;()\-/\u00a0,'"‘’“”`°º_«»]/g, '')
      .replace(/^\*+|\*+$/g, '')
      // Other accents (`Échéance`, `Numéro`) compare without them, as a scan often reads them.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
  )
}

/**
 * A normalised label with the letters a scanner confuses made one: `0rg.nr`, `K1D`, `Orq.nr`, `Forfal1sdato`.
 * Only scanned pages look labels up this way: a text layer prints its labels exactly.
 */
export function ocrFold(normalised: string): string {
  return (
    normalised
      .replace(/0/g, 'o')
      .replace(/[1il|!]/g, 'l')
      .replace(/q/g, 'g')
      .replace(/rn/g, 'm')
      // A scan reads `m` as `n` (`Sunne`, `Sumne` for `Summe`): the two are one letter here.
      .replace(/n/g, 'm')
      // `ä` is normalised to `ae`; a scan that reads it as `å` or `a` (`Rechnungsempfånger`) leaves `a`.
      .replace(/ae/g, 'a')
  )
}

/**
 * `prop` null: a label whose value must not be taken for any property (the buyer's account, the invoice a
 * credit note refers to, a net or VAT sum). `negative`: a credit's amount. `creditOwn`: a credit note's own
 * number or date, which wins over an invoice label's in a credit note.
 */
export type LabelSpec = {
  prop: OcrPropertyId | null
  weight: number
  negative?: boolean
  creditOwn?: boolean
  /** A document title (`Invoice`, `Faktura`): its value is the rest of its own segment only. */
  titleOnly?: boolean
  /**
   * A word that names a number only when the number follows it at once or stands in its own column
   * (`NUMERO F20190412`, never `Numéro client 12345`).
   */
  bare?: boolean
  /** A prepayment (`Innbetalt`, `Anzahlung`): the amount left to pay is the gross less it. */
  prepaid?: boolean
  /** The buyer's own VAT id or registry number (`verwendete USt-IdNr.`): the id after it is never the seller's. */
  buyerId?: boolean
}

export const LABELS = new Map<string, LabelSpec>()
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
  // What is left after what was paid (`Paid -15,133.35`); without a payment, the same amount as the total.
  'Balance due',
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
for (const t of PREPAID) LABELS.set(normaliseLabel(t), { prop: null, weight: 1, prepaid: true })
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

for (const rows of [INVOICE_NUMBER, DATES, PAYMENT, TOTALS, REFERENCES, OFFICIAL_NUMBER])
  for (const [prop, weight, texts] of rows) label(prop, weight, ...texts)
for (const [prop, weight, texts] of OFFICIAL_NUMBER)
  if (prop === null) for (const t of texts) LABELS.set(normaliseLabel(t), { prop, weight, buyerId: true })
for (const [prop, weight, texts] of CREDIT_OWN)
  for (const t of texts) LABELS.set(normaliseLabel(t), { prop, weight, creditOwn: true })
// `INVOICE #1042`, `Faktura 20417`, `Rechnung Nr. 88`: a title with the number after it, below a real label.
for (const t of INVOICE_TITLES)
  LABELS.set(normaliseLabel(t), { prop: OcrPropertyId.InvoiceNumber, weight: 0.85, titleOnly: true })
for (const t of [
  'Kreditnota',
  'Kreditfaktura',
  'Credit note',
  'Credit memo',
  'Gutschrift',
  'Avoir',
  'Creditnota',
])
  LABELS.set(normaliseLabel(t), {
    prop: OcrPropertyId.InvoiceNumber,
    weight: 0.85,
    titleOnly: true,
    creditOwn: true,
  })
for (const t of CREDIT_BALANCE)
  LABELS.set(normaliseLabel(t), { prop: OcrPropertyId.TotalAmount, weight: 1, negative: true })
// A number's word alone (`Numéro`, Swedish and German `Nummer` in a credit note's facts): never a column's heading.
for (const t of ['Numéro', 'Numero', 'Nummer'])
  LABELS.set(normaliseLabel(t), { prop: OcrPropertyId.InvoiceNumber, weight: 0.85, bare: true })
// Wordings of more languages and of payment instructions: one the tables above already have keeps its meaning.
for (const [prop, weight, texts] of MORE_WORDS)
  label(prop, weight, ...texts.filter((t) => !LABELS.has(normaliseLabel(t))))

/** The labels by their scanner-folded form (ocrFold); a form two labels share is left out. */
export const FUZZY_LABELS = new Map<string, LabelSpec>()
{
  const shared = new Set<string>()
  for (const [key, spec] of LABELS) {
    const folded = ocrFold(key)
    const seen = FUZZY_LABELS.get(folded)
    if (seen && seen.prop !== spec.prop) shared.add(folded)
    else FUZZY_LABELS.set(folded, spec)
  }
  for (const folded of shared) FUZZY_LABELS.delete(folded)
}

/** A scanned label this long or longer may have one character misread and still be told from the others. */
const NEAR_LABEL_LENGTH = 9
/** A scanned label of two words or more this long or longer may have one letter misread in place. */
const NEAR_SHORT_LABEL_LENGTH = 7
/** A scanned label this long or longer may have two (`Fériallodatum` for `Förfallodatum`). */
const NEAR_LABEL_TWO_EDITS_LENGTH = 12

/**
 * The label one misread character away from a scanned word (`Förtallodatum`, `Fakeuranr`), two for a word of
 * 12 characters or more (`Fériallodatum`), or one the word begins (`Forfallod`), scanner-folded (ocrFold): only
 * a long word, or a shorter label of `words` words with one letter misread in place, and only when every label
 * that near names the same property with the same weight, so that a misreading is never taken for another
 * property's label.
 */
export function nearLabel(folded: string, words = 1): LabelSpec | undefined {
  // Each reading of a scanned page is interpreted several times (to tell which of its looks finds more, then
  // whole), and every run of words is compared with every label: the answers are kept, the labels never change.
  const key = `${words}\u0000${folded}`
  const known = NEAR_LABELS_FOUND.get(key)
  if (known !== undefined) return known ?? undefined
  if (NEAR_LABELS_FOUND.size >= NEAR_LABELS_KEPT) NEAR_LABELS_FOUND.clear()
  const found = nearLabelOf(folded, words)
  NEAR_LABELS_FOUND.set(key, found ?? null)
  return found
}

/** nearLabel's answers (null: none), at most NEAR_LABELS_KEPT of them. */
const NEAR_LABELS_FOUND = new Map<string, LabelSpec | null>()
const NEAR_LABELS_KEPT = 50_000

function nearLabelOf(folded: string, words: number): LabelSpec | undefined {
  // A label of two words or more (`Å batale`, `Due Dale`) may be shorter: one letter misread in place.
  const short = folded.length < NEAR_LABEL_LENGTH
  if (short && (words < 2 || folded.length < NEAR_SHORT_LABEL_LENGTH)) return undefined
  const twoEdits = folded.length >= NEAR_LABEL_TWO_EDITS_LENGTH
  // A one-word label a scan cut short (`Forfallod` for `Förfallodatum`: its end lost at a table's cell edge).
  const cutShort = (key: string) =>
    !folded.includes(' ') && key.length > folded.length && key.startsWith(folded)
  const near = (key: string) =>
    short
      ? key.length === folded.length && oneLetterReplaced(folded, key)
      : withinOneEdit(folded, key) ||
        (twoEdits && key.length >= NEAR_LABEL_TWO_EDITS_LENGTH && editDistance(folded, key) <= 2) ||
        cutShort(key)
  let found: LabelSpec | undefined
  for (const [key, spec] of FUZZY_LABELS) {
    if (!near(key)) continue
    if (found && (found.prop !== spec.prop || found.weight !== spec.weight)) return undefined
    found ??= spec
  }
  return found
}

export const LONGEST_LABEL_WORDS = 5

export const BUYER_HEADINGS = new Set(
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
    .concat(BUYER_WORDS)
    .map(normaliseLabel),
)

export const SUPPLIER_HEADINGS = new Set(
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
    ...SUPPLIER_WORDS,
  ].map(normaliseLabel),
)

/** The block headings by their scanner-folded form (ocrFold), for scanned pages. */
export const FUZZY_BUYER_HEADINGS = new Set([...BUYER_HEADINGS].map(ocrFold))
export const FUZZY_SUPPLIER_HEADINGS = new Set([...SUPPLIER_HEADINGS].map(ocrFold))

/** The title of a credit note (a short line: `KREDITNOTA`, `Credit note`, `Gutschrift`). */
export const CREDIT_TITLES = new Set(
  [
    'Kreditnota',
    'Kreditnota nr',
    'Kreditfaktura',
    'Credit note',
    'Credit memo',
    'Gutschrift',
    'Kreditnotanr',
    ...CREDIT_WORDS,
  ].map(normaliseLabel),
)

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
