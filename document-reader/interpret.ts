// Invoice interpreter (spec 2.13 property ids 1-10), the document proposal: the values read at the labels
// (labels.ts) right of or below them (layout.ts) and parsed with their checks (values.ts), from every page,
// weighed against each other and against the page's own arithmetic; the best per property is proposed.
import { bankAccountToIban } from '../common/norwegian.ts'
import {
  OCR_PROPERTIES,
  OcrPropertyId,
  type InterpretationCandidate,
  type InterpretedProperty,
  type OcrForeignSupplierId,
  type OcrWord,
} from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'
import { CREDIT_TITLES, LABELS, normaliseLabel, type LabelSpec } from './labels.ts'
import {
  blockContext,
  buildLines,
  captionsUnderValues,
  columnContinues,
  headsColumns,
  dateColumnContinues,
  findLabels,
  valueRegions,
  type LabelHit,
  withOreBox,
  type Line,
} from './layout.ts'
import {
  CURRENCY_WORD,
  editDistance,
  parseAmount,
  parseDate,
  parseIban,
  parseOrgNumber,
  readValue,
  RULES,
  type PropertyRule,
  shortSlashDate,
  text,
} from './values.ts'
import { DIGIT_LETTER, parseForeignId, withoutGluedLabel, type ForeignSupplierId } from './foreign.ts'
import { dueFromTerm, EARLY_DISCOUNT_WORDS, instructedDue, statedTerm, type PaymentTerm } from './terms.ts'
import { fillFromOtherReading, otherReadingPages, type Interpretation } from './other-reading.ts'

interface Hit {
  prop: OcrPropertyId
  value: string
  words: OcrWord[]
  placement: 'right' | 'below' | 'above' | 'pattern'
  probability: number
  /** Read at a "rest to pay" label (after a prepayment). */
  rest?: boolean
  /** Read at a credit note's own number or date label (`Kreditnotanr.`, `Credit note date`). */
  creditOwn?: boolean
  /** A date read at a label naming an invoice (`Fakturadato`, `Invoice date`): in a credit note, the credited one's. */
  namesInvoice?: boolean
  /**
   * How much the label itself is trusted: decides between candidates whose probability the page's checks
   * capped alike (`Amount due` over `Total`).
   */
  labelWeight?: number
  /** A total that is another total of the page rounded for cash (`TOTAL 31.00` under `31.02`, `Rounding -0.02`). */
  rounded?: boolean
}

/** A hit on its page; `doubtfulDigits`: a word holding its digits is one Tesseract read unsure of. */
type PageHit = Hit & { page: number; scanned: boolean; doubtfulDigits?: boolean }

const PLACEMENT_FACTOR = { right: 0.95, below: 0.9, above: 0.9, pattern: 0.75 } as const

interface Buyer {
  orgs: Set<string>
  accounts: Set<string>
}

/** A foreign supplier's VAT id or registry number as read: kept apart, never an organisation number. */
interface ForeignHit {
  id: ForeignSupplierId
  words: OcrWord[]
  placement: Hit['placement']
  probability: number
}

/** Danish labels (`CVR`, `SE-nr.`) say that eight bare digits are a Danish registry number. */
const DANISH_LABEL = /^(cvr|senr)/

/** Pounds sterling: a page priced in them is British (`£48.90`, `48.90£`, `GBP`). */
const POUNDS = /^\D*£\d|\d£$|^GBP$/

/**
 * A British VAT number printed as British tills print it, nine digits without the `GB` (`VAT No: 170 5101
 * 51`), on a page priced in pounds: the GB VAT id where it passes the British check, never a Norwegian
 * organisation number whose check the same digits happen to pass. A number printed with `NO` or `MVA` stays
 * Norwegian.
 */
function britishVatId(labelHit: LabelHit, words: OcrWord[], lines: Line[]): ForeignSupplierId | null {
  const label = normaliseLabel(
    text(labelHit.seg.words.slice(labelHit.start, labelHit.start + labelHit.count)),
  )
  const printed = text(words)
  if (!label.startsWith('vat') || /\b(NO|N0)|M[VY][AÅ]/i.test(printed)) return null
  if (!lines.some((l) => l.segments.some((seg) => seg.words.some((w) => POUNDS.test(w.Text))))) return null
  const id = parseForeignId(`GB${printed.replace(/[\s.]/g, '')}`)
  return id?.Kind === 'vat' && id.CountryCode === 'GB' ? id : null
}

/** A foreign id at the start of the words: the longest prefix that passes its own national rule. */
function readForeignId(
  words: OcrWord[],
  danish: boolean,
): { id: ForeignSupplierId; words: OcrWord[] } | null {
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const id = parseForeignId(text(words.slice(0, n)), danish)
    if (id) return { id, words: words.slice(0, n) }
  }
  return null
}

/**
 * A VAT id that the line's end cut in two (`UStIDNr. DE31797` above `8637, Postfach 111864`): the id's start
 * ends its line, and the digits that begin the next line complete it. Taken only when the whole passes its
 * country's rule and the start alone does not.
 */
function wrappedForeignId(
  words: OcrWord[],
  seg: Line['segments'][number],
  lines: Line[],
): { id: ForeignSupplierId; words: OcrWord[] } | null {
  const head = words[words.length - 1]
  const at = lines.findIndex((l) => l.segments.includes(seg))
  const line = lines[at]
  const next = lines[at + 1]?.segments[0]?.words[0]
  if (!head || !line || !next || words.length > 3) return null
  const last = line.segments[line.segments.length - 1]!
  // The id ends its line; the next line begins at or left of where the id began and is close below.
  if (last.words[last.words.length - 1] !== head || next.Left > words[0]!.Left + head.Height) return null
  if (lines[at + 1]!.top - line.bottom > line.height * 1.5) return null
  const tail = /^(\d{1,6})[,;.]?$/.exec(next.Text)
  if (!tail || !/^[A-Z]{2}U?\d/.test(text(words))) return null
  const id = parseForeignId(text(words).replace(/\s/g, '') + tail[1])
  return id?.Kind === 'vat' ? { id, words: [...words, next] } : null
}

/**
 * A total label at the head of a table row (`Total facture 24.99 5.00 29.99`, `Summe 0,47 6,69 7,16`): the row
 * prints net, VAT and gross; the amount two others add up to is the total. A row whose amounts do not add up
 * is left as read. A row whose gross a scan misread is net and VAT where `printed` says the page prints their
 * sum (in cents).
 */
export function rowGross(
  words: OcrWord[],
  printed: (cents: number) => boolean = () => false,
): { value: string; words: OcrWord[] } | null {
  const amounts: { cents: number; value: string; words: OcrWord[] }[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    // An amount whose thousands stand apart (`1 112,00`, `12 345.50`) is one.
    const next = words[i + 1]
    const grouped =
      /^\d{1,3}$/.test(word.Text) && next && /^\d{3}(?:[.,]\d{3})*[.,]\d{2}$/.test(next.Text)
        ? [word, next]
        : [word]
    if (!/\d[.,]\d{2}$/.test(grouped[grouped.length - 1]!.Text)) continue
    const value = parseAmount(text(grouped))
    if (value === null) continue
    amounts.push({ cents: Math.round(Number(value) * 100), value, words: grouped })
    i += grouped.length - 1
  }
  // The gross misread (`Gesamtbetrag 26,25 2,23 8,4`): net and VAT make the total where the page prints it.
  const last = words[words.length - 1]
  if (amounts.length === 2 && last && !amounts[1]!.words.includes(last) && /\d/.test(last.Text)) {
    const sum = amounts[0]!.cents + amounts[1]!.cents
    return printed(sum) ? { value: (sum / 100).toFixed(2), words: amounts.flatMap((a) => a.words) } : null
  }
  if (amounts.length !== 3) return null
  const [a, b, c] = amounts.map((x) => x.cents) as [number, number, number]
  const sum = amounts.find((x) => x.cents > 0 && x.cents === a + b + c - x.cents && 2 * x.cents === a + b + c)
  if (sum) return { value: sum.value, words: sum.words }
  // The gross read wrong (`Totalt 27,80 111,20 134,00` under `Moms Netto Totalt`): the first two make it where
  // the page prints their sum elsewhere (`SUMMA 139,00`).
  if (a > 0 && b > 0 && printed(a + b))
    return { value: ((a + b) / 100).toFixed(2), words: amounts.slice(0, 2).flatMap((x) => x.words) }
  return null
}

function collectHits(
  lines: Line[],
  pageWidth: number,
  buyer: Buyer,
  fuzzy: boolean,
): { hits: Hit[]; foreign: ForeignHit[] } {
  const buyerOrgs = buyer.orgs
  const hits: Hit[] = []
  const foreign: ForeignHit[] = []
  const buyerIds = new Set<OcrWord>()
  const labelHits = findLabels(lines, fuzzy)
  const under = captionsUnderValues(labelHits, lines)
  /** Words at a label that names another's number (the buyer's account, a debit account, a reference). */
  const othersNumbers = new Set<OcrWord>()
  for (const labelHit of labelHits) {
    const prop = labelHit.spec.prop
    if (prop === null) {
      const words = valueRegions(labelHit, lines, pageWidth)[0]?.words.slice(0, 5) ?? []
      // The buyer's own id at its label is never taken for the seller's where it is printed without one.
      if (labelHit.spec.buyerId) for (const w of words) buyerIds.add(w)
      for (const w of words) othersNumbers.add(w)
      continue
    }
    if (labelHit.pair) {
      hits.push(...pairedValues(labelHit, lines))
      continue
    }
    const rule = RULES[prop]
    for (const region of valueRegions(labelHit, lines, pageWidth, under)) {
      const read = readValue(rule, region.words)
      if (!read) {
        if (prop === OcrPropertyId.OfficialNumber) {
          const labelText = normaliseLabel(
            text(labelHit.seg.words.slice(labelHit.start, labelHit.start + labelHit.count)),
          )
          const found =
            readForeignId(region.words, DANISH_LABEL.test(labelText)) ??
            (region.placement === 'right' ? wrappedForeignId(region.words, labelHit.seg, lines) : null)
          if (found && blockContext(labelHit.seg, labelHit.start, lines, true, fuzzy) !== 'buyer') {
            const probability = labelHit.spec.weight * PLACEMENT_FACTOR[region.placement]
            foreign.push({ ...found, placement: region.placement, probability })
            break
          }
          // A number after another country's code (`USt-IdNr. DE 130145566`, its check failing) is that
          // country's id misread, never a Norwegian organisation number read from the next region.
          if (/^[A-Z]{2}$/.test(region.words[0]?.Text ?? '') && region.words[0]!.Text !== 'NO') break
        }
        continue
      }
      let { value, words } = read
      // An invoice number has no check digit: on a scan, digits right after the one word read say that noise
      // split the number (`7 13872300`), and no part of it is proposed.
      const next = region.words[words.length]
      if (fuzzy && prop === OcrPropertyId.InvoiceNumber && region.placement === 'right' && next)
        if (/\d/.test(next.Text)) break
      // Printed with its digits in groups (`Fakturanr. 2026 0042`, `Invoice No. 10 452`): the first group is not
      // the number, nor is it told where the number ends.
      if (
        prop === OcrPropertyId.InvoiceNumber &&
        next &&
        /^\d+$/.test(value) &&
        /^\d+[.,;]?$/.test(next.Text)
      ) {
        const last = words[words.length - 1]!
        if (next.Left - (last.Left + last.Width) < Math.max(last.Height, next.Height) * 0.6) break
      }
      // A date heading over a column of dates (`Date | Description` on a hotel's folio) dates the rows.
      if (DATE_PROPS.includes(prop) && region.placement === 'below' && dateColumnContinues(region.seg, lines))
        break
      if (prop === OcrPropertyId.DueDate && region.placement === 'right') {
        // The rest of the line: a sentence's gaps (a dropped `€`) split it into segments.
        const end = Math.max(...words.map((w) => w.Left + w.Width))
        const rest = (lines[region.seg.line]?.segments ?? [])
          .flatMap((seg) => seg.words)
          .filter((w) => w.Left >= end)
        const net = netTermDate(rule, rest)
        if (net === null) break
        if (net) ({ value, words } = net)
      }
      // A bare number word heading a column (`Nummer` over article numbers) names no invoice.
      if (labelHit.spec.bare && region.placement === 'below' && columnContinues(region.seg, lines)) break
      // A card terminal's slip printed on a receipt numbers its own payment (`Beleg-Nr.`, `Trace-Nr.`).
      if (prop === OcrPropertyId.InvoiceNumber && cardSlipAround(lines, labelHit.seg.line)) break
      let slip = false
      if (prop === OcrPropertyId.TotalAmount && region.placement === 'right') {
        // The row goes on across the line's later columns (`Total facture   24.99   5.00   29.99`).
        const line = lines[region.seg.line]
        const from = region.words[0]!.Left
        const row = line
          ? line.segments.flatMap((seg) => seg.words).filter((w) => w.Left >= from)
          : region.words
        const gross = rowGross(
          row.length >= region.words.length ? row : region.words,
          (sum) => printedAmount(lines, sum) !== null,
        )
        if (gross) ({ value, words } = gross)
      }
      if (prop === OcrPropertyId.TotalAmount)
        ({ value, words, slip = false } = withOreBox(value, region.seg, lines, words))
      if (prop === OcrPropertyId.OfficialNumber || prop === OcrPropertyId.BankAccount) {
        // The company's own numbers and those in the buyer's block are never the supplier's.
        if (buyerOrgs.has(value) || buyer.accounts.has(value)) break
        const british = prop === OcrPropertyId.OfficialNumber ? britishVatId(labelHit, words, lines) : null
        if (british) {
          if (blockContext(labelHit.seg, labelHit.start, lines, true, fuzzy) !== 'buyer')
            foreign.push({
              id: british,
              words,
              placement: region.placement,
              probability: labelHit.spec.weight * PLACEMENT_FACTOR[region.placement],
            })
          break
        }
        // An account is the buyer's only when its own line says so (`Kundens konto`): a receipt's single
        // column has the customer's lines above the supplier's account.
        const walk = prop === OcrPropertyId.OfficialNumber
        if (blockContext(labelHit.seg, labelHit.start, lines, walk, fuzzy) === 'buyer') break
      }
      let probability = labelHit.spec.weight * PLACEMENT_FACTOR[region.placement] * (region.far ? 0.9 : 1)
      if (prop === OcrPropertyId.TotalAmount) {
        if (labelHit.spec.negative && !value.startsWith('-')) value = `-${value}`
        // A column heading (`Beløp`) over a column of amounts names line amounts, not the total.
        // So does one of a row of headings (`Item | Qty | Total` over `RM6.69 | 1 | RM6.69`).
        if (
          region.placement === 'below' &&
          (columnContinues(region.seg, lines) || headsColumns(labelHit.seg, lines))
        )
          probability *= 0.5
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
        creditOwn: labelHit.spec.creditOwn,
        namesInvoice:
          prop === OcrPropertyId.InvoiceDate &&
          INVOICE_WORD.test(
            normaliseLabel(text(labelHit.seg.words.slice(labelHit.start, labelHit.start + labelHit.count))),
          ),
        labelWeight: labelHit.spec.weight,
      })
      break
    }
  }
  // Printed without a label: `NO 995 525 828 MVA` and IBANs are recognisable by their form alone.
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        // A label's colon a scan printed onto the id (`:DE 813 129 242`) is not part of it.
        const first = withoutGluedLabel(seg.words[i]!.Text)
        if (/^[A-Z]{2}\d{0,2}/.test(first) || /^N0/i.test(first) || /^\d+$/.test(first)) {
          for (let n = Math.min(8, seg.words.length - i); n >= 1; n--) {
            const ws = seg.words.slice(i, i + n)
            const t = withoutGluedLabel(text(ws))
            // `NO 999 999 999 MVA`, also as a scan reads it (`N0 999 999 999 MVÅ`, `NO999999999MVA`).
            if (/^(?:N[O0][.:]?\s?)?[\d .]{9,15}\s?M[VY][AÅ][.-]?$/i.test(t)) {
              const value = parseOrgNumber(t)
              if (value && !buyerOrgs.has(value) && blockContext(seg, i, lines, true, fuzzy) !== 'buyer')
                hits.push({
                  prop: OcrPropertyId.OfficialNumber,
                  value,
                  words: ws,
                  placement: 'pattern',
                  probability: 0.8,
                })
              break
            }
            const iban = /^(?:[A-Z]{2}|N0)\d/.test(first) ? parseIban(t) : null
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
            // A foreign VAT id printed without a label (`VAT GB 980 7806 84`, `SE556036079301`).
            // A Dutch id ends in `B01` (`NL810433941B01`), printed as one word.
            // Austrian, Spanish, Irish and Cypriot ids have letters among their digits (`ATU62353134`).
            const id = VAT_WORD.test(first) ? parseForeignId(t) : null
            if (
              id?.Kind === 'vat' &&
              !buyerIds.has(seg.words[i]!) &&
              blockContext(seg, i, lines, true, fuzzy) !== 'buyer'
            ) {
              foreign.push({ id, words: ws, placement: 'pattern', probability: 0.8 })
              break
            }
          }
        }
      }
    }
  }
  if (!hits.some((h) => h.prop === OcrPropertyId.BankAccount))
    hits.push(...accountsByForm(lines, fuzzy, buyer, othersNumbers))
  hits.push(...unlabelledDates(lines))
  hits.push(...numbersUnderTitle(lines))
  // A Norwegian IBAN carries the bank account; it stands in when the account itself could not be read.
  if (!hits.some((h) => h.prop === OcrPropertyId.BankAccount)) {
    const iban = hits.find((h) => h.prop === OcrPropertyId.Iban)
    if (iban && iban.value.startsWith('NO'))
      hits.push({ ...iban, prop: OcrPropertyId.BankAccount, value: iban.value.slice(4), probability: 0.6 })
  }
  if (!hits.some((h) => h.prop === OcrPropertyId.Iban)) hits.push(...ibanOfAccount(lines, hits))
  return { hits, foreign }
}

/** A word offering a discount for paying early (`Skonto`, `discount`, `kontantrabatt`, `escompte`). */
const EARLY_DISCOUNT = new RegExp(`^\\(?(?:${EARLY_DISCOUNT_WORDS})\\b`, 'i')

/**
 * Where a due date's label goes on to offer a discount for paying early (`Zahlbar bis zum 26.11.2026 mit 2 %
 * Skonto oder bis zum 30.11.2026 ohne Abzug`, `Payable by 22/03/2026 less 2% discount, or by 25/03/2026
 * net`), the date the full amount is due: the first date after the discount's word, or null where the line
 * gives none (the date read is the discount's, and no due date is printed). Undefined: no discount offered.
 */
function netTermDate(
  rule: PropertyRule,
  after: OcrWord[],
): { value: string; words: OcrWord[] } | null | undefined {
  const discount = after.findIndex((w) => EARLY_DISCOUNT.test(w.Text))
  if (discount < 0) return undefined
  for (let i = discount + 1; i < after.length; i++) {
    const read = readValue(rule, after.slice(i))
    if (read) return read
  }
  return null
}

/**
 * The values of two labels printed as one word (`Rechnungsnr./-datum  6002298172  21.03.2023`): the first
 * label's value right after it on its row, the second's right after that one; both or neither.
 */
export function pairedValues(labelHit: LabelHit, lines: Line[]): Hit[] {
  const { seg, pair } = labelHit
  const label = seg.words[labelHit.start]!
  const line = lines[seg.line]
  if (!pair || pair.prop === null || labelHit.spec.prop === null || !line) return []
  const row = line.segments
    .flatMap((s) => s.words)
    .filter((w) => w.Left >= label.Left + label.Width)
    .sort((a, b) => a.Left - b.Left)
  const first = readValue(RULES[labelHit.spec.prop], row)
  const second = first && readValue(RULES[pair.prop], row.slice(first.words.length))
  if (!first || !second) return []
  const hit = (spec: LabelSpec, read: { value: string; words: OcrWord[] }): Hit => ({
    prop: spec.prop!,
    value: read.value,
    words: read.words,
    placement: 'right',
    probability: spec.weight * PLACEMENT_FACTOR.right,
    labelWeight: spec.weight,
  })
  return [hit(labelHit.spec, first), hit(pair, second)]
}

/**
 * The first word of a VAT id printed without a label: its country prefix, alone or with the id's start, a dash
 * after the prefix too (`DE-130504827`).
 */
const VAT_WORD = /^[A-Z]{2}-?(\d*|\d{9}B\d{2}|U\d{8}|[A-Z\d]\d{7}[A-Z\d]|\d{7}[A-W][A-IW]?|\d{8}[A-Z])$/

/** A time of day, also on the twelve-hour clock (`20:11`, `14:37:56`, `8:17p`, `1.15PM`). */
const TIME_OF_DAY = /^\d{1,2}:\d{2}(:\d{2})?([ap]\.?m?\.?)?$|^\d{1,2}\.\d{2}[ap]\.?m\.?$/i
/**
 * A time of day anywhere on a line, as a scan may read it apart or with its AM/PM misread (`03: 16PH`, `8:17p`,
 * `10: 128M`, `(8: 10PK`): a till that prints its time, a register number and then its date (`03:16PM | 569337 |
 * 07-02-18`).
 */
const TIME_IN_LINE = /(?:^|\s)\(?\d{1,2}:\s?\d{2}(?::\d{2})?\s?(?:[ap8]\.?[mhk]?\.?)?(?=\s|$)/i

/** A date in digits apart by dashes, slashes or dots (`07-02-18`, `21/11/2016`). */
const NUMERIC_DATE = /^\d{1,2}([-/.])\d{1,2}\1\d{2}(?:\d{2})?$/

/** A weekday's name or its abbreviation, in brackets or not (`(Sun)`, `Mon.`, `Fre`, `So.`). */
const WEEKDAY =
  /^\(?(?:mon|tue|wed|thu|fri|sat|sun|man|tir|ons|tor|fre|lør|søn|mån|tis|lör|sön|mo|di|mi|do|fr|sa|so|lun|mer|jeu|ven|sam|dim)[a-zæøåäöéè]*\.?\)?,?$/i
/** A date a till glued to its time of day (`30-Sep-20/20:11`). */
const DATE_SLASH_TIME = /^(.+)\/(\d{1,2}:\d{2}(?::\d{2})?)$/
/** The most words a date printed in words takes (`Sonntag 2. August 2020`, `NOVEMBER 28, 2021`). */
const DATE_WORDS = 4
/** The word after which an invoice title prints its date (`Facture n°562044387 du 02 Juillet 2015`). */
const DATED = /^(du|vom|dated|van|fra|av|från|del|of)$/i
const INVOICE_TITLE = /^(facture|invoice|rechnung|factuur|faktura|factura|lasku|fattura)/i

/**
 * Invoice dates printed without a label: after the invoice title's `du` / `vom` / `dated` (as sure as a
 * label), and the date a till receipt prints beside its time of day (`09:48 02.03.2020`), below any labelled
 * date so that a printing timestamp never outweighs the invoice's own date.
 */
export function unlabelledDates(lines: Line[]): Hit[] {
  const hits: Hit[] = []
  const dayFirst = writesDayFirst(lines)
  // An American page (dollars, a state and ZIP code) with amounts written with a decimal point: the American
  // order (settleDateOrder).
  const monthFirst = !dayFirst && writesAmerican(lines)
  for (const line of lines) {
    const words = line.segments.flatMap((seg) => seg.words)
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!
      if (DATED.test(word.Text) && i > 0 && INVOICE_TITLE.test(words[0]!.Text)) {
        for (let n = Math.min(4, words.length - i - 1); n >= 1; n--) {
          const ws = words.slice(i + 1, i + 1 + n)
          const value = parseDate(text(ws))
          if (!value) continue
          hits.push({
            prop: OcrPropertyId.InvoiceDate,
            value,
            words: ws,
            placement: 'right',
            probability: 0.9,
          })
          break
        }
        continue
      }
      const dated = i > 0 ? datelineDate(words, i) : null
      if (dated) {
        hits.push(dated)
        break
      }
      const glued = DATE_SLASH_TIME.exec(word.Text)
      // The time right beside the date, or before it with a word between (`at 13:00:23 on 30/08/2019`).
      const linked = TIME_DATE_LINK.test(words[i - 1]?.Text ?? '') ? (words[i - 2]?.Text ?? '') : ''
      // A weekday may stand between the date and its time (`14-01-2018 (Sun) 16:02`).
      const after = WEEKDAY.test(words[i + 1]?.Text ?? '') ? (words[i + 2]?.Text ?? '') : ''
      const beside = [words[i - 1]?.Text ?? '', words[i + 1]?.Text ?? '', linked, after]
      if (
        !glued &&
        !beside.some((t) => TIME_OF_DAY.test(t)) &&
        !(NUMERIC_DATE.test(word.Text) && TIME_IN_LINE.test(text(words)))
      )
        continue
      // A guest's arrival on a hotel's bill (`Arrival Date: 22/09/2020 21:37:00`) is not the bill's date.
      if (words.slice(0, i).some((w) => ARRIVAL.test(w.Text.replace(/[.:]+$/, '')))) continue
      // A scan's letter O for the day's first digit (`O2/Jan/2017`), a space read after the day (`24 -03-18`).
      const parted = /^-\d{1,2}-\d{2,4}$/.test(word.Text) && /^\d{1,2}$/.test(words[i - 1]?.Text ?? '')
      const written = (parted ? `${words[i - 1]!.Text}${word.Text}` : glued ? glued[1]! : word.Text).replace(
        /^[Oo](?=\d[/.-])/,
        '0',
      )
      // A till's date with a two-digit year, its parts apart by slashes or dashes (`18-11-18 13:58`).
      const value = parseDate(written) ?? shortSlashDate(written.replace(/-/g, '/'), dayFirst, monthFirst)
      if (value) hits.push(timestampDate(value, parted ? [words[i - 1]!, word] : [word]))
      // A date in words right after the time, a weekday before it or not (`10:12:01 Ven., 28 Septembre 2018`).
      else if (TIME_OF_DAY.test(beside[0]!) && i + 1 < words.length) {
        for (let n = Math.min(DATE_WORDS, words.length - i); n >= 2; n--) {
          const ws = words.slice(i, i + n)
          const inWords = parseDate(text(ws))
          if (!inWords) continue
          hits.push(timestampDate(inWords, ws))
          break
        }
      }
      // A date in words ending right before the time (`NOVEMBER 28, 2021 8:28 PM`, `12 Jul'22 10:32`).
      else if (TIME_OF_DAY.test(beside[1]!) && i > 0)
        for (let n = Math.min(DATE_WORDS, i + 1); n >= 2; n--) {
          const ws = words.slice(i + 1 - n, i + 1)
          // A ticket's letter printed onto the day (`P10 MAY 19 1.15PM`) is not part of the date.
          const glued = n >= 3 && /^\p{L}\d{1,2}$/u.test(ws[0]!.Text)
          const inWords =
            parseDate(text(ws)) ?? (glued ? parseDate(`${ws[0]!.Text.slice(1)} ${text(ws.slice(1))}`) : null)
          if (!inWords) continue
          hits.push(timestampDate(inWords, ws))
          break
        }
    }
  }
  return hits
}

/** A word between a time of day and the date after it (`13:00:23 on 30/08/2019`, `14:32 am 03.05.2021`). */
const TIME_DATE_LINK = /^(on|am|le|den|um|el|il|op|the)$/i

/** A hotel guest's arrival, in the languages of hotel bills. */
const ARRIVAL =
  /^(arrival|arr|anreise|ankunft|check-?in|arrivée|arrivee|llegada|entrada|aankomst|ankomst|ankomstdato|ankomstdatum|arrivo|saapumispäivä)$/i

/** A hotel guest's departure, in the languages of hotel bills. */
const DEPARTURE =
  /^(departure|dep|abreise|abfahrt|check-?out|départ|depart|salida|vertrek|avreise|avresa|afrejse|partenza|lähtöpäivä)$/i

/**
 * A hotel bill's date where nothing else gives one: the guest's departure (`Departure: 04-14-19`, `Abreise
 * 14.12.18`), on a page that prints the arrival too. Most hotels bill at checkout; a bill paid ahead is dated
 * earlier, and where the reader finds that date (a label, a dateline, a timestamp) the departure is not used.
 * One departure printed, or the same one each time; a two-digit year's order as the page writes (`13-07-19`
 * day first, `04-14-19` month first).
 */
function departureDate(hits: PageHit[], pages: OcrPageResult[]): PageHit | null {
  if (hits.some((h) => h.prop === OcrPropertyId.InvoiceDate)) return null
  const found: PageHit[] = []
  for (const page of pages) {
    const lines = buildLines(page.Words, page.Source)
    const rows = lines.map((line) => line.segments.flatMap((seg) => seg.words))
    if (!rows.some((row) => row.some((w) => ARRIVAL.test(w.Text.replace(/[.:]+$/, ''))))) continue
    const dayFirst = writesDayFirst(lines)
    const monthFirst = !dayFirst && writesAmerican(lines)
    for (const row of rows)
      row.forEach((word, i) => {
        if (!DEPARTURE.test(word.Text.replace(/[.:]+$/, ''))) return
        const next = row.slice(i + 1).find((w) => !/^[:.]$/.test(w.Text))
        const written = next?.Text.replace(/^[:.]/, '') ?? ''
        const value = parseDate(written) ?? shortSlashDate(written.replace(/-/g, '/'), dayFirst, monthFirst)
        if (value && next)
          found.push({
            prop: OcrPropertyId.InvoiceDate,
            value,
            words: [next],
            placement: 'pattern',
            probability: 0.6,
            page: page.PageNo,
            scanned: page.Source === 'tesseract',
          })
      })
  }
  return found.length > 0 && found.every((f) => f.value === found[0]!.value) ? found[0]! : null
}

/** A number's bare label (`Nr.:`, `No.`, `#`), which only a document title above it makes the invoice's. */
const BARE_NUMBER_LABEL = /^(nr|no|n°|nº|#)[.:]*$/i
/** An invoice's title as a word of its own (never a receipt's: its numbers are the till's). */
const TITLE_ALONE = /^(rechnung|invoice|faktura|factura|facture|factuur|lasku|fattura|račun|racun)$/i

/**
 * An invoice number printed under the document's title on a line of its own (`RECHNUNG`, then `Nr.: 165912
 * 09.06.2021 21:08`): the number after the bare label that begins the next line.
 */
function numbersUnderTitle(lines: Line[]): Hit[] {
  const hits: Hit[] = []
  for (let l = 0; l + 1 < lines.length; l++) {
    const title = lines[l]!.segments.flatMap((seg) => seg.words)
    if (title.length !== 1 || !TITLE_ALONE.test(title[0]!.Text)) continue
    const next = lines[l + 1]!.segments[0]?.words ?? []
    if (next.length < 2 || !BARE_NUMBER_LABEL.test(next[0]!.Text)) continue
    const read = readValue(RULES[OcrPropertyId.InvoiceNumber], next.slice(1))
    if (read)
      hits.push({
        prop: OcrPropertyId.InvoiceNumber,
        value: read.value,
        words: read.words,
        placement: 'right',
        probability: 0.85,
      })
  }
  return hits
}

/** A date a till prints beside its time of day: below any labelled date (see unlabelledDates). */
const timestampDate = (value: string, words: OcrWord[]): Hit => ({
  prop: OcrPropertyId.InvoiceDate,
  value,
  words,
  placement: 'pattern',
  probability: 0.6,
})

/** A place name a letter's dateline begins with, its comma after it (`Stockholm,`, `Rembrandtpark,`). */
const PLACE = /^\p{Lu}[\p{L}-]{2,},$/u
/** A Danish town's postal district after its name, the dateline's comma after it (`Odense C,`, `København K,`). */
const POSTAL_DISTRICT = /^\p{Lu}{1,2},$/u

/**
 * The date of a letter's dateline, the place it was written and the date that ends its line (`Scandic Klara,
 * Stockholm, 06.05.19`, `Berlin, den 3. März 2021`, `Leonardo Hotel Amsterdam Rembrandtpark, 11-10-19`): a
 * date beginning at `at`, after the place's comma (and a German `den`), that ends the line; day first, also
 * with a two-digit year after dashes. Null where the words are no such line.
 */
function datelineDate(words: OcrWord[], at: number): Hit | null {
  const p = words[at - 1]!.Text === 'den' ? at - 2 : at - 1
  const place =
    POSTAL_DISTRICT.test(words[p]?.Text ?? '') && p > 0 ? `${words[p - 1]!.Text},` : words[p]?.Text
  if (!place || !PLACE.test(place) || words.length - at > 4) return null
  const ws = words.slice(at)
  const written = text(ws)
  const short = /^(\d{1,2})-(\d{1,2})-(\d{2})$/.exec(written)
  const value = short ? parseDate(`${short[1]}.${short[2]}.${short[3]}`) : parseDate(written)
  return value
    ? { prop: OcrPropertyId.InvoiceDate, value, words: ws, placement: 'pattern', probability: 0.6 }
    : null
}

/**
 * Whether a page writes its amounts with a decimal comma (`16,00`, `1.232,74`) more often than with a decimal
 * point (`12.65`, `1,568.18`).
 */
export function writesDecimalComma(lines: Line[]): boolean {
  let comma = 0
  let point = 0
  for (const line of lines)
    for (const seg of line.segments)
      for (const w of seg.words) {
        if (/^-?\d{1,3}(?:[.\s]\d{3})*,\d{2}$/.test(w.Text)) comma++
        else if (/^-?\d{1,3}(?:,\d{3})*\.\d{2}$/.test(w.Text)) point++
      }
  return comma > point
}

/**
 * A currency of a country that writes its dates day first, as a till prints it before its amounts or alone
 * (`RM12.70`, `MYR`, `£4.50`, `EUR`, `S$`): Malaysia, Britain, the euro, Singapore, India, Australia, New
 * Zealand, Switzerland and the Nordic crowns.
 */
const DAY_FIRST_CURRENCY =
  /^\(?(?:RM|MYR|£|GBP|€|EUR|SGD|S\$|INR|AUD|NZD|CHF|NOK|SEK|DKK)(?:\d+[.,]\d{2})?\)?$/

/**
 * Whether a page writes its dates day first: its amounts with a decimal comma (continental Europe), or its
 * currency that of a day-first country (a Malaysian or British till writes `12.65` as an American one does).
 */
function writesDayFirst(lines: Line[]): boolean {
  return (
    writesDecimalComma(lines) ||
    lines.some((l) => l.segments.some((seg) => seg.words.some((w) => DAY_FIRST_CURRENCY.test(w.Text))))
  )
}

/** A Norwegian bank account in its printed grouping, four, two and five digits (`1503 12 34567`, `1503.12.34567`). */
const ACCOUNT_FORM = /^\d{4}([ .])\d{2}\1\d{5}$/

/**
 * A Norwegian bank account printed without a label, or at one a scan misread (`Kantohummer 6011 65 88288`): the
 * account's own grouping (four, two and five digits) whose check digit holds, one such account on the page, outside
 * the buyer's block and any label that names another's number (`Debiteres konto`). Below sure: only its form says
 * it is the account.
 */
function accountsByForm(lines: Line[], fuzzy: boolean, buyer: Buyer, others: Set<OcrWord>): Hit[] {
  const found = new Map<string, Hit>()
  for (const line of lines)
    for (const seg of line.segments)
      for (let i = 0; i < seg.words.length; i++) {
        const words = [1, 3]
          .map((n) => seg.words.slice(i, i + n))
          .find((ws) => ws.length > 0 && ACCOUNT_FORM.test(text(ws)))
        if (!words || words.some((w) => others.has(w))) continue
        const value = RULES[OcrPropertyId.BankAccount].parse(text(words))
        if (!value || buyer.accounts.has(value)) continue
        if (blockContext(seg, i, lines, true, fuzzy) === 'buyer') continue
        found.set(value, {
          prop: OcrPropertyId.BankAccount,
          value,
          words,
          placement: 'pattern',
          probability: 0.7,
        })
      }
  return found.size === 1 ? [...found.values()] : []
}

/**
 * A Norwegian IBAN is the bank account with `NO` and two check digits in front. When the page's IBAN failed
 * its check (a fax that lost or misread a digit) but what was read of it agrees with the IBAN of the account
 * read on the same page (the same check digits and at most one other character different, the `O` of `NO` read
 * as one or two look-alikes), that IBAN is proposed, below sure: the account's own check digit and the printed
 * check digits both vouch for it.
 */
function ibanOfAccount(lines: Line[], hits: Hit[]): Hit[] {
  const account = hits
    .filter((h) => h.prop === OcrPropertyId.BankAccount)
    .sort((a, b) => b.probability - a.probability)[0]
  const expected = account ? bankAccountToIban(account.value) : null
  if (!account || !expected) return []
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        // `NO78`, `N078`, or with the `O` read twice over (`NQO78`).
        if (!/^N[O0Q]{1,2}\d{2}/i.test(seg.words[i]!.Text)) continue
        const words = seg.words.slice(i, i + 5)
        const read = text(words)
          .replace(/[\s.-]/g, '')
          .toUpperCase()
          .replace(/^N[O0Q]{1,2}/, 'NO')
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
  return interpretInvoice(pages, opts).properties
}

type ForeignSupplierIdCandidate = OcrForeignSupplierId

/**
 * The document's proposals (spec 2.13 properties) and, apart from them, the foreign supplier ids read: a
 * foreign VAT or registry number is never proposed as the (Norwegian) official number, property 1.
 */
export function interpretInvoice(pages: OcrPageResult[], opts: InterpretOptions = {}): Interpretation {
  const read = interpretReading(pages, opts)
  if (!pages.some((p) => p.OtherReading?.length)) return read
  return fillFromOtherReading(read, interpretReading(otherReadingPages(pages), opts), pages)
}

/** interpretInvoice on the pages' own words alone. */
function interpretReading(pages: OcrPageResult[], opts: InterpretOptions): Interpretation {
  const buyer: Buyer = {
    orgs: new Set((opts.buyerOrgNumbers ?? []).map((o) => o.replace(/\D/g, ''))),
    accounts: new Set((opts.buyerBankAccounts ?? []).map((o) => o.replace(/\D/g, ''))),
  }
  const amounts: number[] = []
  /** Amounts a scan printed with a digit read as a look-alike letter (lookAlikeAmounts): witnesses only. */
  const lookAlike: number[] = []
  const vat: number[] = []
  const tips: number[] = []
  const prepaid: number[] = []
  /** `page:word id` of the words a label that never heads the total stands before (`Subtotal 247.00`). */
  const otherSumWords = new Set<string>()
  /** A label of the total is printed (`Å betale`, `_Abetala`), whether or not its amount was read. */
  let totalLabel = false
  let vatSum = 0
  /** How many VAT lines (`MVA 25 %`, `MVA 15 %`) vatSum adds up. */
  let vatLines = 0
  let credit = false
  const foreign: ForeignSupplierIdCandidate[] = []
  const termLines: OcrWord[][] = []
  const ledgerTotals = new Set<number>()
  /** The cash given less the change, in cents (`Cash $100.00`, `Change $15.00`). */
  const cashLessChange: number[] = []
  /** `witnesses`: how many times the page must print the sum (the table's own row counts for one rate). */
  const tableTotals: (Hit & { page: number; scanned: boolean; witnesses: number })[] = []
  const paidTotals: (Hit & { page: number; scanned: boolean })[] = []
  const cashPaidTotals: (Hit & { page: number; scanned: boolean })[] = []
  /** The VAT lines that print a rate and the VAT at it (`MwSt. 1=19,00% 6,67`). */
  const ratedVat: RatedVat[] = []
  const includedTotals: (Hit & { page: number; scanned: boolean })[] = []
  const cashTotals: (Hit & { page: number; scanned: boolean })[] = []
  const rowTotals: (Hit & { page: number; scanned: boolean })[] = []
  const baseRows: (VatBaseRows & { page: number })[] = []
  const glued: (Hit & { page: number; scanned: boolean })[] = []
  /** Every amount printed; `doubted`: a word Tesseract read unsure of. */
  const printings: (AmountPrinting & { page: number; scanned: boolean; doubted: boolean })[] = []
  /** Each page's lines, by page number. */
  const linesOf = new Map<number, Line[]>()
  /** Each page's rows of one VAT rate's sum, by page number. */
  const rateSumsOf = new Map<number, ReturnType<typeof rateSums>>()
  const hits: PageHit[] = pages.flatMap((page) => {
    const lines = pageLines(page)
    linesOf.set(page.PageNo, lines)
    termLines.push(...lines.map((l) => l.segments.flatMap((seg) => seg.words)))
    for (const cents of paidLessChange(lines)) {
      ledgerTotals.add(cents)
      cashLessChange.push(cents)
    }
    const byRate = vatRowsGross(lines)
    if (byRate) ledgerTotals.add(byRate)
    const rated = rateSums(lines)
    rateSumsOf.set(page.PageNo, rated)
    if (rated.rates >= 2 && rated.gross !== null) ledgerTotals.add(rated.gross)
    const scanned = page.Source === 'tesseract'
    // Totals by arithmetic, proposed only where no label gives one (see below).
    const fallback = (found: { cents: number; word: OcrWord } | null, probability: number) =>
      found && {
        prop: OcrPropertyId.TotalAmount,
        value: (found.cents / 100).toFixed(2),
        words: [found.word],
        placement: 'pattern' as const,
        probability,
        page: page.PageNo,
        scanned,
      }
    const paid = fallback(paidAmount(lines), 0.65)
    if (paid) paidTotals.push(paid)
    const included = fallback(grossOfIncludedVat(lines), 0.7)
    if (included) includedTotals.push(included)
    const cash = fallback(paidAmount(lines, CASH_WORD), 0.65)
    if (cash) cashPaidTotals.push(cash)
    ratedVat.push(...ratedVatLines(lines))
    for (const cents of paidLessChange(lines)) {
      const cash = fallback(printedAmount(lines, cents), 0.65)
      if (cash) cashTotals.push(cash)
    }
    // Two rated lines at least: one line's sum is its own amount, which its printing cannot bear out.
    const rows =
      byRate === null || rateRows(lines).length < 2 ? null : fallback(printedAmount(lines, byRate), 0.65)
    if (rows) rowTotals.push(rows)
    if (scanned) for (const found of gluedAmounts(lines)) glued.push(fallback(found, 0.8)!)
    if (scanned) lookAlike.push(...lookAlikeAmounts(lines))
    const unsureWords = new Set(scanned ? (page.UnsureWords ?? []) : [])
    for (const printing of amountPrintings(lines, page.Words))
      printings.push({ ...printing, page: page.PageNo, scanned, doubted: unsureWords.has(printing.word.Id) })
    const gross = vatTableGross(lines)
    const based = vatBaseRows(lines)
    if (based) baseRows.push({ ...based, page: page.PageNo })
    const table = fallback(gross, 0.7)
    // A table of two rates or more prints its sum nowhere in itself: one printing elsewhere bears it out.
    if (table) tableTotals.push({ ...table, witnesses: gross!.rows >= 2 ? 1 : 2 })
    const others = otherSums(lines, scanned)
    prepaid.push(...others.prepaid)
    totalLabel ||= others.totalLabel
    for (const id of others.words) otherSumWords.add(`${page.PageNo}:${id}`)
    const found = pageAmounts(lines, scanned)
    amounts.push(...found.amounts)
    vat.push(...found.vat)
    tips.push(...found.tips)
    vatSum += found.vatSum
    vatLines += found.vatLines
    credit ||= isCreditNote(lines)
    const read = collectHits(lines, page.ImageWidth || 2000, buyer, scanned)
    for (const f of read.foreign)
      foreign.push({
        ...f.id,
        PageNo: page.PageNo,
        HitWordText: text(f.words),
        ProbabilityFactor: Math.round(f.probability * 100) / 100,
      })
    const doubtfulWords = new Set(scanned ? (page.UnsureWords ?? []) : [])
    return read.hits.map((h) => ({
      ...h,
      page: page.PageNo,
      scanned,
      doubtfulDigits: h.words.some((w) => /\d/.test(w.Text) && doubtfulWords.has(w.Id)),
    }))
  })
  // A till's rounding for cash (two cents at most) may stand between its net and VAT and its total.
  const cashRoundings = [...linesOf.values()].flatMap(roundingsOf).filter((r) => r <= CASH_ROUNDING_CENTS)
  const checks = new AmountChecks(amounts, vat, vatSum, tips, cashRoundings)
  // A credit note that prints its own number or date beside the credited invoice's: its own wins.
  if (credit)
    for (const prop of [OcrPropertyId.InvoiceNumber, OcrPropertyId.InvoiceDate]) {
      const own = hits.filter((h) => h.prop === prop)
      if (own.some((h) => h.creditOwn))
        for (const h of own) if (!h.creditOwn) h.probability = Math.min(h.probability * 0.5, 0.5)
    }
  // The number and date of the invoice it credits, named in its sentence (`Krediterer faktura nr. 10234 av
  // 6. august 2026`), are not the credit note's: another number or date read wins. So does a date at a plain
  // label (`Dato`) over one at a label naming an invoice (`Fakturadato` beside `Gjelder faktura`).
  if (credit) {
    const credited = creditedInvoice([...linesOf.values()].flat())
    for (const prop of [OcrPropertyId.InvoiceNumber, OcrPropertyId.InvoiceDate]) {
      const read = hits.filter((h) => h.prop === prop && h.probability > 0.5)
      const named = (h: Hit) =>
        credited.has(h.value) || (prop === OcrPropertyId.InvoiceDate && h.namesInvoice === true)
      if (read.some((h) => !named(h) && h.placement !== 'pattern'))
        for (const h of read) if (named(h)) h.probability = Math.min(h.probability * 0.5, 0.5)
    }
  }
  // A printing timestamp never outweighs a date read at a label, however often the receipt prints it.
  if (hits.some((h) => h.prop === OcrPropertyId.InvoiceDate && h.placement !== 'pattern'))
    for (const h of hits)
      if (h.prop === OcrPropertyId.InvoiceDate && h.placement === 'pattern')
        h.probability = Math.min(h.probability, 0.5)
  const lone = loneDate(hits, pages) ?? departureDate(hits, pages)
  if (lone) hits.push(lone)
  settleDateOrder(hits, pages)
  calibrateDates(hits)
  // No due date at a label: one a payment instruction in running text gives (`Beløpet forfaller til betaling
  // 2. april 2026`), on or after the one invoice date read and within half a year of it; else one a payment
  // term states (`30 dager netto`), counted from that invoice date.
  const term = statedTerm(termLines)
  if (!hits.some((h) => h.prop === OcrPropertyId.DueDate)) {
    const dates = hits
      .filter((h) => h.prop === OcrPropertyId.InvoiceDate && h.probability >= 0.7)
      .sort((a, b) => b.probability - a.probability)
    const invoice = dates[0]
    const oneInvoiceDate = invoice && dates.every((d) => d.value === invoice.value)
    const instructed = instructedDue(termLines)
    const instructedPage = instructed && pages.find((p) => p.Words.includes(instructed.words[0]!))
    if (
      instructed &&
      instructedPage &&
      oneInvoiceDate &&
      instructed.value >= invoice.value &&
      instructed.value <= dueFromTerm(invoice.value, { days: 183, endOfMonth: false })
    )
      hits.push({
        prop: OcrPropertyId.DueDate,
        value: instructed.value,
        words: instructed.words,
        placement: 'pattern',
        probability: Math.min(invoice.probability, 0.9) * 0.95,
        page: instructedPage.PageNo,
        scanned: instructedPage.Source === 'tesseract',
      })
    else if (term && oneInvoiceDate)
      hits.push({
        ...invoice,
        prop: OcrPropertyId.DueDate,
        value: dueFromTerm(invoice.value, term.term),
        words: term.words,
        placement: 'pattern',
        probability: Math.min(invoice.probability, 0.9) * 0.95,
        rest: false,
        creditOwn: false,
      })
  }
  const doubtful = misreadDates(hits)
  const proposable = hits.filter(
    (h) => !doubtful.has(h) && (!h.scanned || !isStrayScannedDate(h, hits, pages)),
  )
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
  // The bill and its total with the tip its own line adds (`To Stay Total 44.91`, `Tip 4.14`, `Total 49.05`): the
  // total paid is the one with the tip, however surely the page's tax bears out the bill before it.
  const totalHits = hits.filter((h) => h.prop === OcrPropertyId.TotalAmount)
  for (const withTip of totalHits)
    for (const bill of totalHits)
      if (tips.some((t) => t > 0 && absCents(withTip.value) - t === absCents(bill.value)))
        bill.probability = Math.min(bill.probability, withTip.probability - 0.05)
  // A till that rounds the bill for cash prints the sum and the rounding (`Total (Inclusive of GST) 31.02`,
  // `Rounding Adj -0.02`, `TOTAL 31.00`; `Øreavrunding`): the rounded sum is what was paid, however surely the
  // page's net and VAT bear out the sum before it. Without a rounding line, the cash given less the change
  // tells it (`Total Sales 72.74`, `CASH 100.00`, `CHANGE 27.25`), two cents off at most and a multiple of five.
  const cashPaid =
    cashLessChange.length > 0 && cashLessChange.every((c) => c === cashLessChange[0])
      ? cashLessChange[0]!
      : undefined
  for (const sum of totalHits) {
    const at = absCents(sum.value)
    const rounded = roundingsOf(linesOf.get(sum.page) ?? [])
      .flatMap((r) => [at - r, at + r])
      .filter(
        (c) => roundness(c) > roundness(at) && printings.some((p) => p.page === sum.page && p.cents === c),
      )
    const byCash =
      cashPaid !== undefined &&
      roundness(cashPaid) > roundness(at) &&
      Math.abs(cashPaid - at) <= CASH_ROUNDING_CENTS
        ? [cashPaid]
        : []
    const paid = [...new Set(rounded.length > 0 ? rounded : byCash)]
    if (paid.length !== 1) continue
    const sign = sum.value.startsWith('-') ? '-' : ''
    const other = totalHits.filter((h) => h !== sum && absCents(h.value) === paid[0])
    if (other.length > 0) {
      sum.probability = Math.min(sum.probability, Math.max(...other.map((h) => h.probability)) - 0.05)
      for (const h of other) h.rounded = true
      continue
    }
    const printing = printings.findLast((p) => p.page === sum.page && p.cents === paid[0])
    sum.value = `${sign}${(paid[0]! / 100).toFixed(2)}`
    if (printing) sum.words = [printing.word]
    sum.probability = Math.min(sum.probability, 0.8)
    sum.rounded = true
  }
  // A tax summary's total row prints the net and the tax on it (`Total | 109.70 | 6.58` under `Tax Code | Amt |
  // Tax`, after `Total Sales (Inclusive of GST) 116.28`): where another total is their sum, to a till's cash
  // rounding (`TOTAL 55.10` for 52.00 and 3.12), the net gives way to it; where only an unlabelled printing is
  // (the sum's label misread), that printing is the total, less sure.
  for (const net of totalHits) {
    const tax = taxBeside(net, linesOf.get(net.page) ?? [])
    if (tax === null) continue
    const sum = absCents(net.value) + tax
    const near = (c: number) => Math.abs(c - sum) <= CASH_ROUNDING_CENTS
    const gross = totalHits.filter((h) => h !== net && near(absCents(h.value)))
    if (gross.length > 0) {
      net.probability = Math.min(net.probability, Math.max(...gross.map((h) => h.probability)) - 0.05)
      continue
    }
    const printing = printings.findLast((p) => p.page === net.page && near(p.cents))
    if (
      !printing ||
      printings.some((p) => p.page === net.page && near(p.cents) && p.cents !== printing.cents)
    )
      continue
    net.value = `${net.value.startsWith('-') ? '-' : ''}${(printing.cents / 100).toFixed(2)}`
    net.words = [printing.word]
    net.probability = Math.min(net.probability, 0.75)
  }
  // Then a till's tax summary (`GST Summary | Amount (RM) | Tax (RM)`, `Tax Code | Amt | Tax`) prints each
  // rate's net and tax and their totals, never the bill's: a total read in its rows (`Total | 449,82 | 26.55`, a
  // column's amount under `Amount`) is not the total, unless its row adds its net and tax up to the gross it
  // ends with.
  const summaryRows = new Map([...linesOf].map(([page, lines]) => [page, taxSummaryRows(lines)]))
  const inSummary = (h: PageHit) => {
    const rows = summaryRows.get(h.page)
    const row = rows?.find((words) => h.words.some((w) => words.includes(w)))
    if (!row) return false
    const amounts = lineAmounts(row)
    return amounts.length < 3 || amounts.slice(0, -1).reduce((a, c) => a + c, 0) !== amounts.at(-1)
  }
  const summaryTotals = new Set(hits.filter((h) => h.prop === OcrPropertyId.TotalAmount && inSummary(h)))
  for (const found of [hits, proposable])
    found.splice(0, found.length, ...found.filter((h) => !summaryTotals.has(h)))
  // The sums of two or more VAT rates printed as rows of their own (`Total 6% supplies (Inc. GST): 28.20`,
  // `Total 0% supplies: 6.01`): one rate's sum is never the total, and the gross of every rate adds up to it.
  // Where the total's own amount is misread (`Total Payable: 34.2`, `33.85`) or unreadable, that sum is the total.
  for (const [page, rows] of rateSumsOf) {
    if (rows.rates < 2) continue
    const inRows = (h: PageHit) =>
      h.page === page && h.prop === OcrPropertyId.TotalAmount && h.words.some((w) => rows.words.has(w))
    for (const found of [hits, proposable]) found.splice(0, found.length, ...found.filter((h) => !inRows(h)))
    if (rows.gross === null) continue
    const sum = (rows.gross / 100).toFixed(2)
    const totals = hits.filter((h) => h.page === page && h.prop === OcrPropertyId.TotalAmount)
    if (totals.some((h) => h.value.replace('-', '') === sum)) continue
    const misread = totals.filter(
      (h) =>
        h.placement !== 'pattern' &&
        (oneDigitApart(h.value, sum) || (sum.startsWith(h.value) && h.value.length >= sum.length - 1)),
    )
    for (const h of misread) h.value = sum
    if (misread.length === 0 && totals.length === 0 && rows.payable)
      for (const found of [hits, proposable])
        found.push({
          prop: OcrPropertyId.TotalAmount,
          value: sum,
          words: rows.payable,
          placement: 'pattern',
          probability: 0.6,
          page,
          scanned: pages.find((p) => p.PageNo === page)?.Source === 'tesseract',
        })
  }
  // A total of nothing (`Balance 0.00`, `Saldo 0,00`, `Offen 0,00`: what is left once the bill is paid) is not
  // the invoice's total when the document prints a larger amount: proposed neither way, the larger is.
  const zeroTotal = (h: Hit) => h.prop === OcrPropertyId.TotalAmount && Number(h.value) === 0
  const zeroTotals = new Set(
    amounts.some((a) => a > 0) || hits.some((h) => h.prop === OcrPropertyId.TotalAmount && !zeroTotal(h))
      ? hits.filter(zeroTotal)
      : [],
  )
  // A scan's total that neither its page's arithmetic nor a second printing bears out, read at a label that
  // also heads other sums (`Summe`) or without its decimals (`| 44`, `984.641`), may be misread digits: not
  // proposed.
  const printed = (value: string) =>
    amounts.filter((a) => a === absCents(value)).length +
    lookAlike.filter((a) => a === absCents(value)).length
  const unconfirmedTotal = (h: Hit) =>
    h.prop === OcrPropertyId.TotalAmount &&
    !checks.confirms(h.value, h.rest) &&
    !ledgerTotals.has(absCents(h.value))
  // A scan's date, or a total its figures do not bear out, whose digits Tesseract itself doubted (one
  // misread digit makes another valid date or sum): not proposed either, unless the total is printed once
  // more where Tesseract read it sure (`Summe: 61,00€` doubted, `Bar 61,00` sure). Nor an invoice number
  // Tesseract doubted: the reader reads a doubtful number again and leaves it doubtful only where the
  // readings differ (number-reread.ts).
  const printedSure = (h: Hit) =>
    printings.some((p) => !p.doubted && p.cents === absCents(h.value) && !h.words.includes(p.word))
  const unsure = new Set(
    hits.filter(
      (h) =>
        (h.scanned &&
          unconfirmedTotal(h) &&
          ((h.labelWeight ?? 1) < RECEIPT_SUM_WEIGHT || !/\d[.,]\s?\d{2}(?!\d)|,-/.test(text(h.words))) &&
          printed(h.value) < 2) ||
        (h.doubtfulDigits &&
          (h.prop === OcrPropertyId.InvoiceNumber ||
            (DATE_PROPS.includes(h.prop) && !termBearsOut(h, proposable, term?.term)) ||
            (unconfirmedTotal(h) && !printedSure(h)))),
    ),
  )
  const foreignSupplierIds = bestForeignIds(foreign)
  // An invoice from abroad prints the Norwegian buyer's number beside the supplier's own foreign id (reverse
  // charge asks for it): with a foreign supplier id read, a Norwegian organisation number is the buyer's.
  const foreignSupplier = (foreignSupplierIds[0]?.ProbabilityFactor ?? 0) >= FOREIGN_SUPPLIER_SURE
  const sure = proposable.filter((h) => !unsure.has(h) && !zeroTotals.has(h))
  const own = foreignSupplier ? sure.filter((h) => h.prop !== OcrPropertyId.OfficialNumber) : sure
  // No total read at a label: the gross a VAT table adds up to, else the amount the receipt says was paid,
  // where the document prints it once more (the sum line a scan misread, the card slip) and none disagrees,
  // else the cash given less the change, where the receipt prints that sum (`GEGEBEN BAR 20.00`, `RÜCKGELD
  // 0.01`, an item line `19.99` under a sum line the scan lost). The gross of a table of several rates is
  // added, not read: one printing of it (the cash given, the card slip) is the second witness.
  const byTable = tableTotals.map(({ witnesses, ...hit }) => ({ hit, witnesses }))
  // A payment the VAT table's rows add up to (`Belopp: SEK 91,90`, rows of 59,95 and 31,95) needs no second
  // printing: the rows are the witness.
  // So does a payment the page's net and VAT make; the cash given (`Bar 35,00` over `Netto 29,41` and
  // `MwSt 19% 5,59`) is taken only so.
  const byPayment = [
    ...paidTotals.map((hit) => ({
      hit,
      witnesses: ledgerTotals.has(cents(hit.value)) || checks.confirms(hit.value) ? 1 : 2,
    })),
    ...cashPaidTotals
      .filter((hit) => checks.confirms(hit.value) || vatAtRateOf(ratedVat, cents(hit.value)))
      .map((hit) => ({ hit, witnesses: 1 })),
  ]
  const byCash = cashTotals.map((hit) => ({ hit, witnesses: 1 }))
  // Last, the sum of two or more lines that print a VAT rate (a hotel folio's
  // `Frühstück | 19,00% | 1 | 11,50 | 11,50` and `Logis | 7,00% | 1 | 69,00 | 69,00`), where the page prints that
  // sum twice more (`Saldo Leistungen 80,50`, the card payment `-80,50`): a paid folio whose labelled total is
  // the balance left, nothing.
  const byRows = rowTotals.map((hit) => ({ hit, witnesses: 2 }))
  // A scan's labelled total that nothing bears out and that is printed once (`Amount EUR 33.52`) gives way to a
  // VAT table whose net and VAT make its gross where the receipt's payment line pays that gross (`Mastercard
  // 39,52`): one digit misread in the first is likelier than a table and a payment agreeing by chance. A table
  // that lost a row to the scan (its rate misread) pays nothing and changes nothing.
  const tableValue = byTable[0]?.hit.value
  // Or where the page prints that gross once more than the table needs as its witnesses (`52,00 *Kredit* =
  // EUR 52,00` under a table of two rates).
  const paidTable =
    tableValue !== undefined &&
    byTable.every((t) => t.hit.value === tableValue) &&
    (byPayment.some((p) => p.hit.value === tableValue) || printed(tableValue) > byTable[0]!.witnesses)
  const paidValue = byPayment[0]?.hit.value
  const cashValue = cashPaid === undefined ? undefined : (cashPaid / 100).toFixed(2)
  /** Whether every amount printed on the hit's page before its word adds up to `sum` (two amounts at least). */
  const addsUpBefore = (h: PageHit, sum: number) => {
    const page = printings.filter((p) => p.page === h.page)
    const at = page.findIndex((p) => h.words.includes(p.word))
    return at >= 2 && page.slice(0, at).reduce((a, p) => a + p.cents, 0) === sum
  }
  const outweighed = (h: PageHit) =>
    h.scanned && unconfirmedTotal(h) && printed(h.value) < 2 && h.value !== tableValue
  // A scanned total below the base of one of the page's VAT lines cannot be the total (`Sum å betale 340,87`
  // under `MVA 0 av 89 206,04 0,00`): where the lines' bases and VAT make a gross whose last digits it prints
  // (`96 340,87`: the scan lost the leading thousands), that gross is the total; else it is not proposed.
  const belowBase = new Set<PageHit>()
  for (const h of own) {
    if (h.prop !== OcrPropertyId.TotalAmount || !h.scanned || !unconfirmedTotal(h)) continue
    const rows = baseRows.find((r) => r.page === h.page)
    // A credit note's total is negative by now; its lines print their amounts unsigned.
    const read = Math.abs(cents(h.value))
    if (!rows || read >= rows.largestBase) continue
    const lostThousands = rows.gross > read && (rows.gross - read) % 100_000 === 0
    if (lostThousands) {
      h.value = `${h.value.startsWith('-') ? '-' : ''}${(rows.gross / 100).toFixed(2)}`
      h.probability = Math.min(h.probability, 0.8)
    } else belowBase.add(h)
  }
  if (belowBase.size) own.splice(0, own.length, ...own.filter((h) => !belowBase.has(h)))
  // A scanned total that lost its leading digits (`Total 0.42` under `SubTotal 28.10` and `TAX 2.32`): where
  // exactly one sum of the page's net and VAT ends in the digits read, that sum is the total.
  for (const h of own) {
    if (h.prop !== OcrPropertyId.TotalAmount || !h.scanned || !unconfirmedTotal(h) || printed(h.value) > 1)
      continue
    const digits = String(Math.abs(cents(h.value))).padStart(3, '0')
    const grosses = checks.grossesEndingIn(digits)
    if (grosses.length !== 1) continue
    h.value = `${h.value.startsWith('-') ? '-' : ''}${(grosses[0]! / 100).toFixed(2)}`
    h.probability = Math.min(h.probability, 0.8)
  }
  const labelledTotals = own.filter((h) => h.prop === OcrPropertyId.TotalAmount)
  /** Two printings of the total disagree and nothing settles which is right: no total is proposed. */
  let undecided = false
  // The labelled totals left out as unsure (a scan's digits nothing bears out) still say where the sum is
  // printed: one digit off a table's gross, they are its printing misread.
  const misreadLabelled = proposable.filter(
    (h) => h.prop === OcrPropertyId.TotalAmount && unsure.has(h) && !zeroTotals.has(h),
  )
  const labelledOrMisread = labelledTotals.length > 0 ? labelledTotals : misreadLabelled
  /** The payment the page's net and VAT make: the cash less the change, else the one amount paid. */
  const borneOut = (value: string) => checks.confirms(value) || vatAtRateOf(ratedVat, cents(value))
  const settledValue =
    cashValue ??
    (paidValue !== undefined && byPayment.every((p) => p.hit.value === paidValue) ? paidValue : undefined)
  const settledHit =
    settledValue === undefined || !borneOut(settledValue)
      ? undefined
      : (cashTotals.find((h) => h.value === settledValue) ??
        byPayment.find((p) => p.hit.value === settledValue)?.hit ??
        // Printed nowhere readable but at the label, misread (`Total Sales: RMS.75` for 9.75).
        (labelledOrMisread[0] && { ...labelledOrMisread[0], value: settledValue }))
  // Borne out twice: by the page's net and VAT, or (the cash less the change) printed as an amount of its own.
  const surelySettled =
    settledValue !== undefined &&
    (checks.confirms(settledValue) || (settledValue === cashValue && printed(settledValue) > 0))
  if (paidTable && labelledTotals.length > 0 && labelledTotals.every(outweighed))
    own.splice(0, own.length, ...own.filter((h) => h.prop !== OcrPropertyId.TotalAmount))
  else if (
    tableValue !== undefined &&
    byTable.every((t) => t.hit.value === tableValue) &&
    labelledOrMisread.length > 0 &&
    labelledOrMisread.every((h) => outweighed(h) && oneDigitApart(h.value.replace('-', ''), tableValue))
  ) {
    // The labelled total one digit off the gross of a table whose net and VAT make it (`Bar Total: 48,00`
    // under `A=19% 40,84 7,76 48,60`, `Summe 8,55` over rows of 0,85 and 2,70): the same sum with a digit
    // misread, the table's reading borne out by its own arithmetic. The labelled printing is the table's
    // second witness.
    own.splice(0, own.length, ...own.filter((h) => h.prop !== OcrPropertyId.TotalAmount))
    own.push(credit ? { ...byTable[0]!.hit, value: `-${tableValue}` } : byTable[0]!.hit)
  } else if (
    cashValue !== undefined &&
    labelledOrMisread.length > 0 &&
    labelledOrMisread.every(
      (h) =>
        outweighed(h) &&
        !/\d[.,]\s?\d{2}(?!\d)/.test(text(h.words)) &&
        oneDigitApart(h.value.replace('-', ''), cashValue),
    )
  ) {
    // The labelled total read without its decimals and one digit off the cash given less the change (`Grand
    // Total $84`, `Cash $100.00`, `Change $15.00`): the till's own arithmetic, the label's printing misread (a
    // label read with its decimals, one digit off, may as well be right and the change misread: neither is
    // taken). Shown where the label prints it.
    const at = labelledOrMisread[0]!
    own.splice(0, own.length, ...own.filter((h) => h.prop !== OcrPropertyId.TotalAmount))
    own.push({
      ...at,
      value: credit ? `-${cashValue}` : cashValue,
      probability: Math.min(at.probability, 0.7),
    })
  } else if (
    settledHit &&
    !credit &&
    labelledOrMisread.length > 0 &&
    labelledOrMisread.every(
      (h) =>
        h.scanned &&
        (h.placement === 'below' || surelySettled) &&
        unconfirmedTotal(h) &&
        h.value !== settledHit.value,
    )
  ) {
    // What was paid (the cash given less the change, or one payment with no change) where the page's net and
    // VAT make it (`CASH 48.00`, `CHANGE 0.00` under `SUB-TOTAL 45.28` and `TAX 2.72`), and the only labelled
    // totals are ones nothing bears out, the total's own printing misread (`TOTAL 48.000`, `Total Sales
    // RMS.75`): the till's own arithmetic twice over. Shown where it is printed. Where only the VAT at its rate
    // bears the payment out (no net printed, the cash less the change printed nowhere: `SUB TOTAL (Inc GST)
    // 18.80` over `TOTAL 16.40`, `CASH 50.00`, `CHANGE 31.20`), it outweighs nothing but an amount under a
    // heading (`Amount` over the items): a total read right of its label stands (`RECHNUNGSBETRAG 8,80` under
    // `Bar 41,80`).
    own.splice(0, own.length, ...own.filter((h) => h.prop !== OcrPropertyId.TotalAmount))
    own.push({ ...settledHit, probability: Math.min(settledHit.probability, 0.7) })
  } else if (
    paidValue !== undefined &&
    byPayment.every((p) => p.hit.value === paidValue) &&
    labelledTotals.length > 0 &&
    labelledTotals.every(
      (h) => outweighed(h) && (oneDigitApart(h.value, paidValue) || oneDigitLost(h.value, paidValue)),
    )
  ) {
    // The labelled total one digit off the amount paid, or the payment with one digit lost: one of the two
    // printings is misread. Where the amounts printed above the label add up to the payment (`INCLUSIVE TOTAL
    // DUE 6.94`, `CARD 6.99` under `3.49` and `3.50`), or the page's VAT is the payment's (`RECHNUNGSBETRAG
    // 4,80` under `Bar 41,80` and `MwSt. 19,00% 6,67`), the payment is taken; where nothing settles which
    // (`TOTAL 3.48`, `MASTERCARD 8.48`, the items misread too), neither is proposed.
    own.splice(0, own.length, ...own.filter((h) => h.prop !== OcrPropertyId.TotalAmount))
    if (
      checks.confirms(paidValue) ||
      vatAtRateOf(ratedVat, cents(paidValue)) ||
      labelledTotals.every((h) => addsUpBefore(h, cents(paidValue)))
    )
      own.push({ ...byPayment[0]!.hit, probability: Math.min(byPayment[0]!.hit.probability, 0.7) })
    else undecided = true
  }
  // Last of all, a scan's amount with a character glued to it (`EURI16830,57`, `31.924,39%`: a space or a rule
  // read as a letter or a sign), where the page's net and VAT make it: the total's printing that no label
  // could read. Every such amount must be the same; the glued printing itself is its one witness.
  const confirmedGlued = glued.filter((h) => checks.confirms(h.value))
  const byGlued = confirmedGlued.every((h) => h.value === confirmedGlued[0]?.value)
    ? confirmedGlued.map((hit) => ({ hit, witnesses: 0 }))
    : []
  // Then an amount the page's net and VAT make that is printed twice (`Auth#: 170741 247.00`, `Subtotal 247.00`
  // over `Net 220.54` and `VAT 12% 26.46`), the one such amount.
  const asHit = (p: (typeof printings)[number], probability: number): PageHit => ({
    prop: OcrPropertyId.TotalAmount,
    value: (p.cents / 100).toFixed(2),
    words: [p.word],
    placement: 'pattern',
    probability,
    page: p.page,
    scanned: p.scanned,
  })
  const printedTwice = [...new Set(printings.map((p) => p.cents))].filter(
    (c) => printings.filter((p) => p.cents === c).length >= 2 && checks.confirms((c / 100).toFixed(2)),
  )
  const byArithmetic =
    printedTwice.length === 1
      ? [
          {
            hit: asHit(
              printings.findLast((p) => p.cents === printedTwice[0])!,
              0.8,
            ),
            witnesses: 0,
          },
        ]
      : []
  // Last, a card slip or ticket that prints one amount and nothing else (`CREDIT CARD PURCHASE $37.22`,
  // `Product Price: $ 7.95`): every printing of an amount on the document the same, one with its currency.
  const single =
    printings.length > 0 && printings.every((p) => p.cents === printings[0]!.cents && p.cents > 0)
      ? printings.find((p) => p.currency)
      : undefined
  const bySingle = single ? [{ hit: asHit(single, 0.7), witnesses: 0 }] : []
  // Last, on a receipt that prints no VAT, the amount that every amount printed before it adds up to (`5.79`,
  // `5.49`, then `11.28` with its label lost): the items and their sum. The last such amount of a page, so a
  // sum of the first items is not taken for the bill's.
  const byItems =
    vat.length === 0 && vatSum === 0 && !pages.some((page) => page.Words.some((w) => TAX_WORD.test(w.Text)))
      ? pages.flatMap((page) => {
          const sum = runningSum(printings.filter((p) => p.page === page.PageNo))
          return sum ? [{ hit: asHit(sum, 0.7), witnesses: 0 }] : []
        })
      : []
  // And the one amount whose VAT at the rate the page says it includes is the VAT printed there.
  const byIncluded = includedTotals.map((hit) => ({ hit, witnesses: 0 }))
  // Last of all, the one amount printed that the page's net and all its VAT lines make (`Sum utan mva 68.488,53`,
  // `MVA 25 %`, `MVA 15 %`, `MVA 12 %`, `Sum med mva 81.991,66`) where the amount to pay was not read (`_Abetala`
  // over `NOKSLYL66`): the gross, less what the page says was paid before (`Innbetalt -7 771,30`), one such
  // prepayment at most. The arithmetic is its witness. Not an amount a label that never heads the total stands
  // before (`Subtotal 247.00` over a payment of another amount: a tip may follow it).
  const grossPrintings = printings.filter((p) => !otherSumWords.has(`${p.page}:${p.word.Id}`))
  // Only where two VAT lines or more make the VAT: one line's VAT and an amount adding up to another printed
  // amount is as likely two item lines (`Subtotal 247.00` above, printed once, is not taken for that reason).
  // And only where the page prints a label of the total whose amount was not read: a receipt with no such label
  // has its own ways to a total above.
  const grosses =
    vatLines >= 2 && totalLabel
      ? [...new Set(printings.map((p) => p.cents))].filter((c) => checks.isGross(c))
      : []
  const before = [...new Set(prepaid)].filter((p) => p > 0 && p < (grosses[0] ?? 0))
  const byGross =
    grosses.length === 1 && before.length <= 1 && grossPrintings.some((p) => p.cents === grosses[0])
      ? [
          {
            hit: {
              ...asHit(
                grossPrintings.findLast((p) => p.cents === grosses[0])!,
                0.7,
              ),
              value: ((grosses[0]! - (before[0] ?? 0)) / 100).toFixed(2),
            },
            witnesses: 0,
          },
        ]
      : []
  const fallbacks = [
    byTable,
    byPayment,
    byCash,
    byRows,
    byGlued,
    byArithmetic,
    bySingle,
    byIncluded,
    byItems,
    byGross,
  ]
  for (const found of fallbacks) {
    const total = found[0]
    if (
      total &&
      !undecided &&
      !own.some((h) => h.prop === OcrPropertyId.TotalAmount) &&
      found.every((t) => t.hit.value === total.hit.value) &&
      printed(total.hit.value) >= total.witnesses
    )
      own.push(credit ? { ...total.hit, value: `-${total.hit.value}` } : total.hit)
  }
  return { properties: propose(own), foreignSupplierIds }
}

/**
 * The gross of a receipt's VAT table, rate row by rate row (`B 7% | 7,45 | 0,52 | 7,97`, `C 19% | 20,18 |
 * 3,83 | 24,01`: 31.98): the last amount of each line that prints a rate and two or more amounts after it,
 * added up, in cents; null without such rows.
 */
export function vatRowsGross(lines: Line[]): number | null {
  const rows = rateRows(lines)
  return rows.length ? rows.reduce((sum, amounts) => sum + cents(grossOfRow(amounts).gross.Text), 0) : null
}

/**
 * A rate row's gross: of three amounts, the one the other two add up to, wherever the table puts its column
 * (`Brutto Netto MwSt`: `1=19,00% 0,85 0,71 0,14`), with the VAT the smaller of the other two; else the last
 * amount, and the VAT the one before it.
 */
function grossOfRow(amounts: OcrWord[]): { gross: OcrWord; net: number; tax: number } {
  const values = amounts.map((w) => cents(w.Text))
  if (values.length === 3) {
    const total = values[0]! + values[1]! + values[2]!
    const at = values.findIndex((v) => Math.abs(2 * v - total) <= 1 && v > 0)
    if (at >= 0) {
      const [net, tax] = values.filter((_, i) => i !== at).sort((x, y) => y - x) as [number, number]
      return { gross: amounts[at]!, net, tax }
    }
  }
  const n = values.length
  return { gross: amounts[n - 1]!, net: values[n - 3] ?? 0, tax: values[n - 2] ?? 0 }
}

/** The amounts after the rate of each line that prints a VAT rate and two or more amounts after it. */
function rateRows(lines: Line[]): OcrWord[][] {
  return lines.flatMap((line) => {
    const words = line.segments.flatMap((seg) => seg.words)
    const rate = words.findIndex((w) => VAT_RATE.test(w.Text))
    // The letter may stand apart from its rate (`B= 5,000`).
    const rateText = (i: number) =>
      /^[A-Z][:=]$/.test(words[i - 1]?.Text ?? '') ? `${words[i - 1]!.Text}${words[i]!.Text}` : words[i]!.Text
    const misread = rate < 0 ? words.findIndex((_, i) => MISREAD_RATE.test(rateText(i))) : -1
    const at = rate >= 0 ? rate : misread
    const amounts = words.slice(at + 1).filter((w) => /^\d{1,6}[.,]\d{2}$/.test(w.Text))
    if (at < 0 || amounts.length < 2) return []
    if (misread >= 0) {
      // A rate whose `%` the scan read as a digit (`A=16,000`): a rate row only where its VAT is that rate of
      // its net (`15,00 2,40 17,40`).
      const [, whole, decimals] = MISREAD_RATE.exec(rateText(misread))!
      const [net, tax] = amounts.map((w) => cents(w.Text)) as [number, number]
      if (amounts.length !== 3 || Math.abs((net * Number(`${whole}.${decimals}`)) / 100 - tax) > 1) return []
    }
    return [amounts]
  })
}

/** The lines that begin with a VAT rate (`12%`, `B 7%`, `A=19%`) and print an amount after it. */
function rateLines(lines: Line[]): number {
  return lines.filter((line) => {
    const words = line.segments.flatMap((seg) => seg.words)
    const at = VAT_RATE.test(words[0]?.Text ?? '') ? 0 : /^[A-Z][:=]?$/.test(words[0]?.Text ?? '') ? 1 : -1
    return (
      at >= 0 &&
      VAT_RATE.test(words[at]?.Text ?? '') &&
      words.slice(at + 1).some((w) => /^\d{1,6}[.,]\d{2}$/.test(w.Text))
    )
  }).length
}

interface VatBaseRows {
  /** The rows' bases and VAT added up, in cents. */
  gross: number
  largestBase: number
}

/**
 * The VAT lines of a page that print their rate, base and VAT (`MVA 12 av 6 370,38 764,45`, `MwSt 19% 100,00
 * 19,00`, and a gross after them that the two make): the gross they add up to and the largest base; null
 * without such a line, or where a VAT line's two amounts are not base and VAT at its rate (a misread).
 */
export function vatBaseRows(lines: Line[]): VatBaseRows | null {
  let gross = 0
  let largestBase = 0
  let rows = 0
  for (const line of lines) {
    const words = line.segments.flatMap((seg) => seg.words)
    if (!VAT_LINE.test(normaliseLabel(words[0]?.Text ?? ''))) continue
    const at = words.findIndex((w, i) => i > 0 && i <= 2 && /^\d{1,2}([.,]\d{1,2})?\s?%?$/.test(w.Text))
    if (at < 0) continue
    const rate = Number(words[at]!.Text.replace('%', '').replace(',', '.'))
    const amounts = lineAmounts(words.slice(at + 1))
    if (amounts.length < 2 || amounts.length > 3) continue
    const [base, vat] = amounts as [number, number]
    if (Math.abs(Math.round((base * rate) / 100) - vat) > 1) return null
    if (amounts.length === 3 && amounts[2] !== base + vat) return null
    gross += base + vat
    largestBase = Math.max(largestBase, base)
    rows++
  }
  return rows ? { gross, largestBase } : null
}

/**
 * What a page's labels that never head the total say of its amounts: what the buyer paid before the invoice
 * (`Innbetalt -7 771,30 NOK`, `Anzahlung 500,00`; the last amount of each line a prepayment label heads, in
 * cents, label-words.ts PREPAID), and the words after a net, VAT, subtotal or other such label that heads its
 * line (`Subtotal 247.00`); and whether a label of the total is printed at all.
 */
function otherSums(
  lines: Line[],
  fuzzy: boolean,
): { prepaid: number[]; words: Set<number>; totalLabel: boolean } {
  const prepaid: number[] = []
  const words = new Set<number>()
  let totalLabel = false
  for (const hit of findLabels(lines, fuzzy)) {
    if (hit.spec.prop === OcrPropertyId.TotalAmount) totalLabel = true
    const line = lines.find((l) => l.segments.includes(hit.seg))!
    // The label that heads its line (`Subtotal 247.00`; not the `mva` of `Sum med mva 81.991,66`).
    if (hit.spec.prop !== null || hit.start > 0 || line.segments[0] !== hit.seg) continue
    const after = [
      ...hit.seg.words.slice(hit.start + hit.count),
      ...line.segments.slice(line.segments.indexOf(hit.seg) + 1).flatMap((seg) => seg.words),
    ]
    for (const w of after) words.add(w.Id)
    const found = hit.spec.prepaid ? lineAmounts(after) : []
    if (found.length) prepaid.push(found[found.length - 1]!)
  }
  return { prepaid, words, totalLabel }
}

/** The amounts printed with decimals among the words, in cents, a thousands group and its rest read as one. */
/** The most a till's cash rounding changes a sum, in cents (to the nearest five: two cents either way). */
const CASH_ROUNDING_CENTS = 2
/** The largest share of a net its tax is taken to be (no VAT or sales tax rate is above 30 %). */
const MAX_TAX_SHARE = 0.3

/**
 * The tax printed after a total's amount on its line where the line prints nothing else (`Total | 109.70 |
 * 6.58`: a tax summary's net and tax), in cents; null where there is no such amount or it is none of the
 * net's tax (larger than 30 % of it, or nothing).
 */
function taxBeside(hit: PageHit, lines: Line[]): number | null {
  const last = hit.words.at(-1)
  const line = lines.find((l) => l.segments.some((seg) => seg.words.includes(last!)))
  if (!last || !line) return null
  const words = line.segments.flatMap((seg) => seg.words)
  const after = lineAmounts(words.slice(words.indexOf(last) + 1))
  if (after.length !== 1) return null
  const tax = after[0]!
  return tax > 0 && tax <= absCents(hit.value) * MAX_TAX_SHARE ? tax : null
}

/** A tax summary's heading: `GST Summary`, `VAT summary`, a scan's `6ST Summary`, or `Tax Code | Amt | Tax`. */
const SUMMARY_WORD = /^summ?ary:?$/i
const CODE_WORD = /^(?:tax)?code:?$/i
const AMOUNT_HEAD = /^(?:amt|amount|net)/i
const TAX_HEAD = /^(?:tax|gst|vat)/i

/**
 * The rows of the page's tax summaries (their words): the lines under a summary's heading that print two
 * amounts or more, one line without any digit between them at most (a rule a scan read as letters).
 */
function taxSummaryRows(lines: Line[]): OcrWord[][] {
  const rows: OcrWord[][] = []
  const words = lines.map((l) => l.segments.flatMap((seg) => seg.words))
  words.forEach((heading, i) => {
    const texts = heading.map((w) => w.Text)
    const code = texts.findIndex((t) => CODE_WORD.test(t))
    const isHeading =
      lineAmounts(heading).length === 0 &&
      (texts.some((t) => SUMMARY_WORD.test(t)) ||
        (code >= 0 &&
          texts.slice(code + 1).some((t) => AMOUNT_HEAD.test(t)) &&
          texts.slice(code + 1).some((t) => TAX_HEAD.test(t))))
    if (!isHeading) return
    let skipped = 0
    for (const row of words.slice(i + 1)) {
      if (lineAmounts(row).length >= 2) rows.push(row)
      else if (skipped++ > 0 || row.some((w) => /\d/.test(w.Text))) break
    }
    // The heading's own column heads (`Amount (RM)`): an amount read below one is in the summary too.
    rows.push(heading)
  })
  return rows
}

/** A total word that begins a row of one VAT rate's sum (`Total 6% supplies`, `Sum 25 %`, `Summa 12%`). */
const RATE_ROW_TOTAL = /^(total|totalt|sum|summa|summe|i alt)$/i
/** The rate after it, a scan's `Ø%` or `O%` for 0 %. */
const RATE_WORD = /^([\dOØ]{1,2}(?:[.,]\d{1,2})?)\s?%:?$/
/** Words that make a rate's row its gross (`(Inc. GST)`, `inkl. mva`) or its net (`(excl. GST)`, `eks. mva`). */
const GROSS_WORD = /^\(?(inc|incl|including|inclusive|inkl|inklusive|med)\b/i
const NET_WORD = /^\(?(exc|excl|excluding|exclusive|ex|eks|ekskl|exkl|utan|uten|ohne|netto)\b/i

/**
 * The rows of a page that each print one VAT rate's sum (`Total 6% supplies (excl. GST): 26.60`, `Total 6%
 * supplies (Inc. GST): 28.20`, `Total 0% supplies: 6.01`): their words, how many rates, the gross of all rates
 * together where every rate's gross is printed (a rate of 0 % has its net for gross), and the line after them
 * that names the payable total (`Total Payable:`), if any.
 */
function rateSums(lines: Line[]): {
  words: Set<OcrWord>
  rates: number
  gross: number | null
  payable?: OcrWord[]
} {
  const words = new Set<OcrWord>()
  const gross = new Map<string, number>()
  const rates = new Set<string>()
  let last = -1
  lines.forEach((line, l) => {
    const ws = line.segments.flatMap((seg) => seg.words)
    if (ws.length < 3 || !RATE_ROW_TOTAL.test(ws[0]!.Text)) return
    const rate = RATE_WORD.exec(ws[1]!.Text)?.[1]?.replace(/[OØ]/g, '0')
    const amounts = lineAmounts(ws.slice(2))
    if (rate === undefined || amounts.length !== 1) return
    const key = String(Number(rate.replace(',', '.')))
    rates.add(key)
    for (const w of ws) words.add(w)
    last = l
    const rest = ws.slice(2).map((w) => w.Text)
    const isGross =
      rest.some((t) => GROSS_WORD.test(t)) || (key === '0' && !rest.some((t) => NET_WORD.test(t)))
    if (isGross && !gross.has(key)) gross.set(key, amounts[0]!)
  })
  const all = [...rates].every((r) => gross.has(r))
  const next = lines[last + 1]?.segments.flatMap((seg) => seg.words)
  return {
    words,
    rates: rates.size,
    gross: all && rates.size > 0 ? [...gross.values()].reduce((a, c) => a + c, 0) : null,
    payable: next && /^total$/i.test(next[0]?.Text ?? '') ? next : undefined,
  }
}

/** A rounding line's label (`Rounding Adj`, `Øreavrunding`, `Öresavrundning`, `Rundung`, `Arrondi`). */
const ROUNDING_WORD =
  /^(?:rounding|avrunding|oreavrunding|oresavrundning|avrundning|afrunding|rundung|arrondi|afronding)/
/**
 * A rounding amount as a till prints it, its leading zero dropped or not, its currency glued to it or not
 * (`-0.02`, `.01`, `-,02`, `-RM0.02`).
 */
const ROUNDING_AMOUNT = new RegExp(`^[-+]?(?:${CURRENCY_WORD})?[-+]?0?[.,](\\d{2})-?$`, 'i')

/** How round a sum in cents is: 3 whole units, 2 tens of cents, 1 fives, 0 neither (a rounded sum is rounder). */
const roundness = (c: number) => (c % 100 === 0 ? 3 : c % 10 === 0 ? 2 : c % 5 === 0 ? 1 : 0)

/** The amounts of the page's rounding lines, in cents without their sign (one to 99 cents). */
function roundingsOf(lines: Line[]): number[] {
  const found: number[] = []
  for (const line of lines) {
    const words = line.segments.flatMap((seg) => seg.words)
    const at = words.slice(0, 3).findIndex((w) => ROUNDING_WORD.test(normaliseLabel(w.Text)))
    if (at < 0) continue
    for (const w of words.slice(at + 1)) {
      const m = ROUNDING_AMOUNT.exec(w.Text)
      if (!m) continue
      const r = Number(m[1])
      if (r > 0) found.push(r)
      break
    }
  }
  return found
}

function lineAmounts(words: OcrWord[]): number[] {
  const found: number[] = []
  for (let i = 0; i < words.length; i++)
    for (let n = Math.min(3, words.length - i); n >= 1; n--) {
      const t = text(words.slice(i, i + n))
      if (!/\d[,.]\d{2}$/.test(t)) continue
      const value = parseAmount(t)
      if (value === null) continue
      found.push(absCents(value))
      i += n - 1
      break
    }
  return found
}

/**
 * A VAT rate as a receipt's VAT table prints it, with or without its tax code (`19%`, `A:19,00%`, `B19%`); the
 * rate is its first group.
 */
const VAT_RATE = /^(?:[A-Z][:=]?|\d[:=])?(\d{1,2}(?:[.,]\d{1,2})?)%$/
/** A till's rate after its letter, its `%` read as a zero or an o (`A=16,000`, `B=5,00o`). */
const MISREAD_RATE = /^[A-Z][:=](\d{1,2})[.,](\d{2})[0o]$/

const cents = (t: string) => Math.round(Number(parseAmount(t)) * 100)
/** An amount's size in cents, its sign dropped (`-61.00` and `61.00` are one printing of a total). */
const absCents = (value: string) => Math.round(Math.abs(Number(value)) * 100)

/**
 * The gross of a VAT table whose every rate row adds up (`A:19,00% | 48,97 | 9,31 | 58,28`: net and VAT make
 * the gross), its rows' grosses added, with the word that prints it (the last row's gross when there is one
 * row); null without such a table, or when a row's own amounts do not add up.
 */
export function vatTableGross(lines: Line[]): { cents: number; word: OcrWord; rows: number } | null {
  let sum = 0
  let word: OcrWord | null = null
  const rows = rateRows(lines)
  // A table with a row the scan misread (`12% | 6.4% | 53 63 | 59.95` over `25% | 6.39 | 25.56 | 31.95`): the
  // rows read are not the whole table, and their sum is not its gross.
  if (rows.length < rateLines(lines)) return null
  for (const amounts of rows) {
    if (amounts.length !== 3) return null
    const row = grossOfRow(amounts)
    const gross = cents(row.gross.Text)
    if (Math.abs(row.net + row.tax - gross) > 1 || row.tax <= 0) return null
    sum += gross
    word = row.gross
  }
  return word && sum > 0 ? { cents: sum, word, rows: rows.length } : null
}

/** A card terminal's own words, as a scan may misread them (`Trece-Nr.`, `Trace-lr.`, `Termina1-ID`). */
const CARD_SLIP =
  /^(tr[ae][cs]e-?[nl]r|termina[l1|]-?id|ta-?nr|genehmigungs-?[nl]r|emv-?aid|vu-?nr|kartenzahlung|girocard)/i

/**
 * Whether a card terminal's slip surrounds the line: its own words within three lines of it, not counting the
 * specks a scan reads as lines of one or two characters.
 */
function cardSlipAround(lines: Line[], at: number): boolean {
  const real = (l: number) => lines[l]!.segments.some((seg) => text(seg.words).replace(/\W/g, '').length > 2)
  const near: number[] = [at]
  for (const step of [-1, 1]) {
    for (let l = at + step, n = 0; l >= 0 && l < lines.length && n < 3; l += step) {
      if (!real(l)) continue
      near.push(l)
      n++
    }
  }
  return near.some((l) => lines[l]!.segments.some((seg) => seg.words.some((w) => CARD_SLIP.test(w.Text))))
}

const PAID = /^(bar|barzahlung|gegeben|given|cash|kontant|contant|especes|tendered)$/i
const CHANGE = /^(r[uüo]ckgeld|wechselgeld|change|vaxel|växel|vekselpenger|retour|rendu|wisselgeld)$/i
const LONG_CHANGE_WORDS = ['ruckgeld', 'wechselgeld', 'vekselpenger', 'wisselgeld']

/**
 * Whether a word names the change given back, also as a scan misread a long one (`Rickeeld`, `Riickgeld` for
 * `Rückgeld`: two letters off a word of eight or more).
 */
function isChangeWord(word: string): boolean {
  // A till that pays out cash too names both (`Rückgeld/Auszahlung`).
  if (word.includes('/')) return word.split('/').some((part) => part.length > 0 && isChangeWord(part))
  if (CHANGE.test(word)) return true
  const folded = word.toLowerCase().replace('ü', 'u')
  return folded.length >= 8 && LONG_CHANGE_WORDS.some((w) => editDistance(folded, w) <= 2)
}

/**
 * A cash receipt's total as its payment lines state it: the cash given less the change (`Bar EUR 20,00`,
 * `Rückgeld EUR 3,38`: 16.62), in cents; none where either line is missing.
 */
export function paidLessChange(lines: Line[]): number[] {
  const amountAt = (names: (word: string) => boolean) =>
    lines.flatMap((line) => {
      const all = line.segments.flatMap((seg) => seg.words)
      // The currency may follow the amount (`Barzahlung 5,00 EUR`).
      const words = all.length > 2 && CURRENCY_ALONE.test(all[all.length - 1]!.Text) ? all.slice(0, -1) : all
      if (words.length < 2 || !names(words[0]!.Text.replace(/[.:]$/, ''))) return []
      // Or glued before it (`Tendered: RM10.00`, `Change RM0.25`).
      const last = words[words.length - 1]!.Text.replace(LEADING_CURRENCY, '')
      const value = parseAmount(last)
      // A till may print the cash given as a negative amount (`BAR EUR -3,00`).
      return value && /\d[.,]\d{2}$/.test(last) ? [Math.round(Math.abs(Number(value)) * 100)] : []
    })
  const paid = amountAt((word) => PAID.test(word))
  const change = amountAt(isChangeWord)
  return paid.flatMap((p) => change.filter((c) => c < p).map((c) => p - c))
}

/** Two amounts of the same length that differ in one digit (`48.00`, `48.60`). */
const oneDigitApart = (a: string, b: string) =>
  a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1

/** The second amount with one of its digits lost (`4.80` for `41.80`). */
const oneDigitLost = (a: string, b: string) =>
  a.length === b.length - 1 && [...b].some((c, i) => /\d/.test(c) && b.slice(0, i) + b.slice(i + 1) === a)

interface AmountPrinting {
  cents: number
  word: OcrWord
  /** A currency is printed with it (`$37.22`, `$ 7.95`, `6.00 EUR`). */
  currency: boolean
}

const CURRENCY_ALONE = new RegExp(`^${CURRENCY_WORD}$`, 'i')
/** A currency glued before an amount (`RM10.00`, `S$4.50`). */
const LEADING_CURRENCY = new RegExp(`^${CURRENCY_WORD}(?=\\d)`, 'i')

/**
 * Each word of the page that prints an amount with its decimals (`12.65`, `$37.22`, `53,20€`). A currency sign
 * printed apart is looked for among the page's own words (`raw`): lines leave a lone sign out. A till prints it
 * a column before the amount: up to three times the amount's height.
 */
function amountPrintings(lines: Line[], raw: OcrWord[]): AmountPrinting[] {
  const signBefore = (a: OcrWord) =>
    raw.some(
      (w) =>
        CURRENCY_ALONE.test(w.Text) &&
        Math.abs(w.Top + w.Height / 2 - (a.Top + a.Height / 2)) < a.Height / 2 &&
        a.Left - (w.Left + w.Width) >= -2 &&
        a.Left - (w.Left + w.Width) <= a.Height * 3,
    )
  return lines.flatMap((line) => {
    const words = line.segments.flatMap((seg) => seg.words)
    return words.flatMap((word, i) => {
      if (!/^\D{0,3}(\d{1,3}(?:[.,]\d{3})+|\d{1,6})[.,]\d{2}\D{0,2}$/.test(word.Text)) return []
      // A till's tax class glued to the amount (`5.49F`, `3,60A`) is not part of it.
      const value = parseAmount(word.Text) ?? parseAmount(word.Text.replace(/(?<=\d[.,]\d{2})[A-Z]$/, ''))
      if (value === null) return []
      const beside = [words[i - 1]?.Text ?? '', words[i + 1]?.Text ?? '']
      const currency =
        /^\D*[$€£]|[$€£]$/.test(word.Text) || beside.some((t) => CURRENCY_ALONE.test(t)) || signBefore(word)
      return [{ cents: absCents(value), word, currency }]
    })
  })
}

interface RatedVat {
  /** Percent. */
  rate: number
  /** In cents. */
  vat: number
}

/** A VAT rate in a line's text, after its tax class, a scan's space after its decimal mark allowed. */
const RATE_IN_TEXT = /(?:^|\s)(?:[A-Z\d][:=])?(\d{1,2}(?:[.,]\s?\d{1,2})?)\s?%/
/** An amount in a line's text, a scan's space after its decimal mark allowed (`6, 67`). */
const AMOUNT_IN_TEXT = /(?<![\d.,])(\d{1,6})[.,]\s?(\d{2})(?![\d%])/g

/**
 * The lines that print a VAT rate and, last after it, an amount (`MwSt. 1=19,00% 6,67`, `19.00 % 40.98 7.79`,
 * split at their decimal marks as a scan may read them: `1=19, 00% 6, 67`): the rate and that amount, the VAT
 * at it.
 */
function ratedVatLines(lines: Line[]): RatedVat[] {
  const found: RatedVat[] = []
  for (const line of lines) {
    const t = text(line.segments.flatMap((seg) => seg.words))
    const m = RATE_IN_TEXT.exec(t)
    if (!m) continue
    const vat = [...t.slice(m.index + m[0].length).matchAll(AMOUNT_IN_TEXT)].pop()
    const rate = Number(m[1]!.replace(/\s/g, '').replace(',', '.'))
    if (vat && rate > 0 && rate < 100) found.push({ rate, vat: Number(vat[1]) * 100 + Number(vat[2]) })
  }
  return found
}

/**
 * Whether every rated VAT line of the document is the VAT of this gross at its rate, to the cent: the gross
 * of a receipt of one rate (`Bar 41,80` over `MwSt. 19,00% 6,67`). A document of two rates makes no gross so.
 */
function vatAtRateOf(rated: RatedVat[], gross: number): boolean {
  return (
    rated.length > 0 &&
    rated.every(
      (r) =>
        r.vat > 0 && gross > r.vat && Math.abs(Math.round((gross * r.rate) / (100 + r.rate)) - r.vat) <= 1,
    )
  )
}

/**
 * `incl.` and its kin before a VAT rate (`Incl 6% VAT 16,70`, `inkl. 19% MwSt 3,19`, `varav moms 25%`, `enthält
 * 19,00% MwSt.`, its umlaut as a scan may read it).
 */
const INCLUDED =
  /^(incl|inkl|inklusive|including|included|inclusief|incluido|incluye|dont|varav|herav|heraf|darin|enth|enth[äaå]lt|enth[äaå]ltene?)\.?$/i

/**
 * The gross of a page that says which VAT it includes (`SEK 295`, `Incl 6% VAT 16,70`): the one amount printed
 * (with its decimals, or whole after its currency) whose VAT at that rate is the VAT printed after it, to the
 * cent; null where no amount or more than one does.
 */
export function grossOfIncludedVat(lines: Line[]): { cents: number; word: OcrWord } | null {
  const words = lines.map((line) => line.segments.flatMap((seg) => seg.words))
  const stated: RatedVat[] = []
  for (const line of words) {
    const at = line.findIndex((w) => INCLUDED.test(w.Text))
    if (at < 0) continue
    const rate = line.slice(at + 1).find((w) => VAT_RATE.test(w.Text))
    const vat = line.slice(at + 1).findLast((w) => /^\d{1,6}[.,]\d{2}$/.test(w.Text))
    if (rate && vat)
      stated.push({ rate: Number(VAT_RATE.exec(rate.Text)![1]!.replace(',', '.')), vat: cents(vat.Text) })
  }
  if (stated.length === 0) return null
  const printed: { cents: number; word: OcrWord }[] = []
  for (const line of words)
    for (const [i, w] of line.entries()) {
      if (/^\d{1,6}[.,]\d{2}$/.test(w.Text)) printed.push({ cents: cents(w.Text), word: w })
      else if (/^\d{1,6}$/.test(w.Text) && CURRENCY_ALONE.test(line[i - 1]?.Text ?? ''))
        printed.push({ cents: Number(w.Text) * 100, word: w })
    }
  const matches = printed.filter((p) => vatAtRateOf(stated, p.cents))
  return matches.length > 0 && matches.every((m) => m.cents === matches[0]!.cents)
    ? matches[matches.length - 1]!
    : null
}

/** A word that speaks of tax or prints a rate: the page's amounts are then net, VAT and gross, not items. */
const TAX_WORD =
  /^(?:.*\d%|(?:sales)?tax|vat|mwst\.?|ust\.?|moms|mva|tva|btw|iva|alv|dph|pdv|gst|hst|pst|steuer)$/i

/**
 * The last of a page's printed amounts that the amounts before it add up to, two of them at least; null
 * without one.
 */
function runningSum<T extends { cents: number }>(printed: T[]): T | null {
  let found: T | null = null
  let sum = 0
  for (const [i, p] of printed.entries()) {
    if (i >= 2 && p.cents > 0 && p.cents === sum) found = p
    sum += p.cents
  }
  return found
}

/** The last word of the page that prints the amount (with its decimals), or null. */
function printedAmount(lines: Line[], amount: number): { cents: number; word: OcrWord } | null {
  let found: OcrWord | null = null
  for (const line of lines)
    for (const seg of line.segments)
      for (const w of seg.words) if (/^\d{1,6}[.,]\d{2}$/.test(w.Text) && cents(w.Text) === amount) found = w
  return found && { cents: amount, word: found }
}

const GLUED_CURRENCY = new RegExp(`(?<=\\d)${CURRENCY_WORD}$`, 'i')
const PAYMENT_WORD =
  /^(geg|gegeben|given|paid|payment|bezahlt|zahlung|pagado|paye|kreditkarte|ec-karte|girocard|mastercard|visa|maestro|amex|credit|debit|card|tarjeta|bancontact|betrag|belopp|kort|kortti|karta|carte|pin)$/i
/** The cash given (`Bar 35,00`): the total only where no change is printed and the page's net and VAT make it. */
const CASH_WORD = /^(bar|cash|kontant|contant)$/i

/**
 * What a receipt says was paid, by card as a rule (`Geg. Mastercard EUR 9,23`, `GEGEBEN KREDITKARTE 9,29`): the
 * amount ending a line that begins with a payment word, one amount for all such lines; null when they
 * disagree or when change was given back (the amount given is then more than the sum).
 */
export function paidAmount(
  lines: Line[],
  payment: RegExp = PAYMENT_WORD,
): { cents: number; word: OcrWord } | null {
  let found: { cents: number; word: OcrWord } | null = null
  for (const line of lines) {
    const all = line.segments.flatMap((seg) => seg.words)
    // The currency after the amount (`Mastercard 39,52 EUR`) is not part of it.
    const words = all.length > 2 && /^(eur|euro|€)$/i.test(all[all.length - 1]!.Text) ? all.slice(0, -1) : all
    const head = words[0]?.Text.replace(/[.:]+$/, '') ?? ''
    const ending = words[words.length - 1]
    // A currency's code glued after the amount (`Payment 102.00SEK`) is not part of it.
    const last = ending && { ...ending, Text: ending.Text.replace(GLUED_CURRENCY, '') }
    if (words.length < 2 || !last || !/\d[.,]\d{2}$/.test(last.Text)) continue
    const value = parseAmount(last.Text)
    if (value === null) continue
    if (isChangeWord(head)) {
      if (Number(value) !== 0) return null
      continue
    }
    if (!payment.test(head.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))) continue
    const amount = cents(last.Text)
    if (found && found.cents !== amount) return null
    found ??= { cents: amount, word: ending! }
  }
  return found && found.cents > 0 ? found : null
}

/** The word right after `a` on its line, close beside it, or null. */
function nextWord(words: OcrWord[], a: OcrWord): OcrWord | null {
  let best: OcrWord | null = null
  for (const b of words) {
    const gap = b.Left - (a.Left + a.Width)
    // Bottoms compared, not tops: the comma's tail makes a scan's word taller than the digits after it.
    const bottoms = Math.abs(a.Top + a.Height - (b.Top + b.Height))
    if (b === a || gap < -2 || gap > b.Height * 1.5 || bottoms > b.Height * 0.4) continue
    if (!best || b.Left < best.Left) best = b
  }
  return best
}

/**
 * A page's lines. On a scan an amount split at its decimal mark is joined where the page bears it out (see
 * joinSplitAmounts), by printing it again, by a VAT table whose rows add up to it, or by the VAT its rate
 * makes of it (`Bar 41, 80` over `MwSt. 1=19, 00% 6, 67`).
 */
function pageLines(page: OcrPageResult): Line[] {
  if (page.Source !== 'tesseract') return buildLines(splitGluedLabels(page.Words), page.Source)
  const lines = buildLines(splitGluedLabels(page.Words), page.Source)
  const table = vatTableGross(lines)
  const found = pageAmounts(lines, true)
  const checks = new AmountChecks(found.amounts, found.vat, found.vatSum, found.tips)
  const rated = ratedVatLines(lines)
  const sums = {
    has: (sum: number) =>
      sum === table?.cents || checks.confirms((sum / 100).toFixed(2)) || vatAtRateOf(rated, sum),
  }
  return buildLines(splitGluedLabels(joinSplitAmounts(page.Words, sums)), page.Source)
}

/**
 * A scan that splits an amount at its decimal mark (`zu zahlen 15, 69`, `48. 77`) gives a reading that is
 * taken only where the page prints the same amount again (`Kreditkarte 15,69`) or where it is one of the
 * `sums` the page's own figures make (in cents: `SUMME EUR 31, 98` over a VAT table of 7,97 and 24,01, or
 * `Bar 41, 80` whose VAT at the page's one rate, 19 %, is the `6, 67` printed): the
 * two words are then one. An amount printed once so may have lost a digit as well, and stays unread.
 */
export function joinSplitAmounts(
  words: OcrWord[],
  sums: Pick<ReadonlySet<number>, 'has'> = new Set(),
): OcrWord[] {
  const splits: { a: OcrWord; b: OcrWord; value: string }[] = []
  const seen = new Map<string, number>()
  const count = (v: string) => seen.set(v, (seen.get(v) ?? 0) + 1)
  for (const a of words) {
    if (/^\d{1,6},\d{2}$/.test(a.Text)) count(a.Text)
    if (!/^\d{1,6}[,.]$/.test(a.Text)) continue
    const b = nextWord(words, a)
    if (!b || !/^\d{2}$/.test(b.Text)) continue
    const value = `${a.Text.slice(0, -1)},${b.Text}`
    splits.push({ a, b, value })
    count(value)
  }
  const joined = new Map<OcrWord, OcrWord>()
  const drop = new Set<OcrWord>()
  for (const { a, b, value } of splits) {
    if (((seen.get(value) ?? 0) < 2 && !sums.has(cents(value))) || drop.has(a)) continue
    joined.set(a, { ...a, Text: value, Width: b.Left + b.Width - a.Left })
    drop.add(b)
  }
  if (!joined.size) return words
  return words.filter((w) => !drop.has(w)).map((w) => joined.get(w) ?? w)
}

/**
 * A label and its value printed as one word, joined by the label's colon (`INVOICE:3854615`, `Datum:12.03.2020`,
 * `Factuurnr:2024-118`, `USt-IdNr.:DE813129242`): made two words, the label's and the value's, each with its share of the box. A word
 * whose part before the colon is not a label (`Tel:0341`, a time `12:30`) is left whole.
 */
export function splitGluedLabels(words: OcrWord[]): OcrWord[] {
  if (!words.some((w) => GLUED.test(w.Text))) return words
  return words.flatMap((w) => {
    const m = GLUED.exec(w.Text)
    const label = m?.[1] ?? m?.[3]
    if (!m || !label || !LABELS.has(normaliseLabel(label))) return [w]
    const head = m[1] ? `${label}:` : label
    const width = Math.round((w.Width * head.length) / w.Text.length)
    return [
      { ...w, Text: head, Width: width },
      { ...w, Text: (m[2] ?? m[4])!, Left: w.Left + width, Width: w.Width - width },
    ]
  })
}

// The value begins with a digit (a date with its time glued on too, `Datum:29.07.2018/15:31`), or is a VAT id's
// country prefix, alone or with its digits (`USt-IdNr.:DE 813`);
// a prefix may also follow the label's own dot or dash with no colon (`Ust-ID-Nr.DE 212829784`).
const GLUED =
  /^(\p{L}[\p{L}.#-]*):(\d[\p{L}\d./-]*(?:\/\d{1,2}:\d{2}(?::\d{2})?)?|[A-Z]{2}(?:U?\d[\d.-]*)?)$|^(\p{L}[\p{L}#-]*[.-])([A-Z]{2}(?:U?\d[\d.-]*)?)$/u

/** The weight of a till receipt's sum label (`Summe`, label-words.ts), a word that also heads other sums. */
const RECEIPT_SUM_WEIGHT = 0.845

/** A foreign id read at least this surely (at a label, or printed twice) says the supplier is abroad. */
const FOREIGN_SUPPLIER_SURE = 0.7

/** One entry per id, the most probable reading kept; printed twice (label and footer) makes it surer. */
function bestForeignIds(found: ForeignSupplierIdCandidate[]): ForeignSupplierIdCandidate[] {
  const byValue = new Map<string, ForeignSupplierIdCandidate>()
  for (const f of found) {
    const seen = byValue.get(f.Value)
    if (!seen) byValue.set(f.Value, f)
    else {
      const best = f.ProbabilityFactor > seen.ProbabilityFactor ? f : seen
      byValue.set(f.Value, {
        ...best,
        ProbabilityFactor: Math.min(0.99, Math.max(f.ProbabilityFactor, seen.ProbabilityFactor) + 0.05),
      })
    }
  }
  return [...byValue.values()].sort((a, b) => b.ProbabilityFactor - a.ProbabilityFactor)
}

const DAY = 86_400_000

const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})[.,;:]?$/

/** An amount in dollars, or the currency's code (`$14.54`, `USD`). */
const DOLLARS = /^(USD|US\$)$|^\$\d/
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC'
/** The states without Delaware, whose `DE` is also Germany's country code (`München DE 80331`, `Berlin, DE`). */
const US_STATES_NOT_DE = US_STATES.replace('DE|', '')
/**
 * An American address's state and ZIP code after its city (`SAN FRANCISCO, CA 94103`, `San Francisco CA. 94103`),
 * or its state alone ending the city's line (`Las Vegas, NV`).
 */
const US_STATE_ZIP = new RegExp(
  [
    `,\\s?(${US_STATES})\\.?\\s\\d{5}(-\\d{4})?(?!\\d)`,
    `(\\p{Ll}|\\p{Lu}{3})\\s(${US_STATES_NOT_DE})\\.?\\s\\d{5}(-\\d{4})?(?!\\d)`,
    `,\\s?(${US_STATES_NOT_DE})$`,
  ].join('|'),
  'u',
)

/** An American restaurant's tip guide (`Suggested Gratuity:`, `Suggested Tip`, `Tip Guide`). */
const TIP_GUIDE = /\b(suggested (gratuity|tips?)|tip guide)\b/i

/**
 * The word VAT: American bills print a sales tax, never a VAT. A bill in dollars that prints it is not
 * American (an Irish restaurant's till set up in dollars, its `12/07/2022` the 12th of July), and its slash
 * dates that read both ways are not settled month first.
 */
const VAT_WORD_EN = /\bVAT\b/i

/**
 * Whether lines are American: amounts in dollars, an address with a state and ZIP code, a tip guide; and no
 * VAT printed (VAT_WORD_EN).
 */
function writesAmerican(lines: Line[]): boolean {
  const texts = lines.map((l) =>
    l.segments
      .map((seg) => text(seg.words))
      .join(' ')
      .trim(),
  )
  if (texts.some((line) => VAT_WORD_EN.test(line))) return false
  return lines.some((l, i) => {
    const line = texts[i]!
    return (
      l.segments.some((seg) => seg.words.some((w) => DOLLARS.test(w.Text))) ||
      US_STATE_ZIP.test(line) ||
      TIP_GUIDE.test(line)
    )
  })
}
const pagesAmerican = (pages: OcrPageResult[]) =>
  pages.some((p) => writesAmerican(buildLines(p.Words, p.Source)))

/**
 * A document with no date read at a label or beside a time that prints one date and no other (`Host:
 * 11/25/2022`, `Server: MARCO 28/08/2019`, `POS R 25 Nav 2021`): that date, as a pattern. Only a date with its
 * four-digit year counts (in one word, or its day and month in the two words before), and no word another hit
 * took, nor one after a word that makes it another day's (OTHER_DATE); a slash date that reads both ways only on
 * a page in dollars or where the day its file was made tells (madeOrder); scanned pages only.
 */
/** Words that make a date on their line another day's: a delivery, a due date, an offer's or return's end. */
const OTHER_DATE =
  /^(lieferung|lieferdatum|geliefert|leveranse|levering|leveret|delivery|delivered|due|f[aä]llig|forfall|ends?|expires?|exp|valid|g[uü]ltig|thru|through|until|bis|return|returns|till|from|ab|von|seit|since)\b/i

/** A date year first (`2024-02-09`): no order to doubt. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[.,;:]?$/
/** A till's date with its month named and a two-digit year after an apostrophe (`04Mar'18`, `NOV28'18`). */
const TILL_DATE_IN_WORDS = /^([\dO]?\d\p{L}{3,}|[\p{L}0]\p{L}{2}\d{1,2})['’‘`´]\d{2}$/u

function loneDate(hits: PageHit[], pages: OcrPageResult[]): PageHit | null {
  if (hits.some((h) => h.prop === OcrPropertyId.InvoiceDate)) return null
  // Scans only: a digital invoice's dates have labels, and its one date read may be its delivery's.
  if (!pages.every((p) => p.Source === 'tesseract')) return null
  const taken = new Set(hits.flatMap((h) => h.words))
  const found: { value: string; words: OcrWord[]; page: OcrPageResult; other: boolean }[] = []
  for (const page of pages)
    for (const line of buildLines(page.Words, page.Source)) {
      const words = line.segments.flatMap((seg) => seg.words)
      words.forEach((word, i) => {
        const dateLike =
          /\d{4}\D*$/.test(word.Text) || ISO_DATE.test(word.Text) || TILL_DATE_IN_WORDS.test(word.Text)
        if (taken.has(word) || !dateLike) return
        // The date in one word, or its day and month named in the two before its year (`25 Nov 2021`, `Nov 25,
        // 2021`).
        const spans = [
          words.slice(i, i + 1),
          ...(/^\d{4}$/.test(word.Text) ? [words.slice(Math.max(0, i - 2), i + 1)] : []),
        ]
        const span = spans.find((ws) => ws.length && !ws.some((w) => taken.has(w)) && parseDate(text(ws)))
        if (!span) return
        const other = words.slice(0, i + 1 - span.length).some((w) => OTHER_DATE.test(w.Text))
        found.push({ value: parseDate(text(span))!, words: span, page, other })
      })
    }
  const [first] = found
  if (!first || first.other || found.some((f) => f.value !== first.value)) return null
  // `12/1/2023` either way round: only a page in dollars tells (settleDateOrder), or the day the file was made.
  const slash = first.words.length === 1 ? SLASH_DATE.exec(first.words[0]!.Text) : null
  const either = slash && Number(slash[1]) <= 12 && Number(slash[2]) <= 12 && slash[1] !== slash[2]
  if (either && !madeOrder(slash, pages) && !pagesAmerican(pages)) return null
  return {
    prop: OcrPropertyId.InvoiceDate,
    value: first.value,
    words: first.words,
    placement: 'pattern',
    probability: 0.6,
    page: first.page.PageNo,
    scanned: first.page.Source === 'tesseract',
  }
}

/**
 * `03/04/2026` is the 3rd of April day first and the 4th of March in the American order. The document's other
 * slash dates tell which: one whose second part is above 12 (`03/16/2026`) can only be month first, one whose
 * first is (`16/03/2026`) only day first. With no such date on it, an ambiguous date is not proposed as sure.
 */
function settleDateOrder(hits: Hit[], pages: OcrPageResult[]) {
  let dayFirst = false
  let monthFirst = false
  for (const page of pages)
    for (const w of page.Words) {
      const m = SLASH_DATE.exec(w.Text)
      if (!m) continue
      if (Number(m[1]) > 12 && Number(m[2]) <= 12) dayFirst = true
      if (Number(m[2]) > 12 && Number(m[1]) <= 12) monthFirst = true
    }
  // The day the scan was made tells an invoice date's order where no other date does (madeOrder); failing
  // that, a document in dollars or with an American address and no day-first date on it is American: its
  // slash dates are month first.
  const told = !dayFirst && !monthFirst
  if (!dayFirst && pagesAmerican(pages)) monthFirst = true
  for (const h of hits) {
    if (h.prop !== OcrPropertyId.InvoiceDate && h.prop !== OcrPropertyId.DueDate) continue
    const m = h.words.length === 1 ? SLASH_DATE.exec(h.words[0]!.Text) : null
    if (!m || Number(m[1]) > 12 || Number(m[2]) > 12 || Number(m[1]) === Number(m[2])) continue
    const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]
    const made = told && h.prop === OcrPropertyId.InvoiceDate ? madeOrder(m, pages) : null
    if (made) h.value = made
    else if (monthFirst && !dayFirst) h.value = `${year}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`
    else if (!dayFirst) h.probability = Math.min(h.probability, 0.85)
  }
}

/**
 * A slash date that reads both ways (`07/02/2024`) told by the day its scan was made (OcrPageResult.Made): paper
 * is scanned after it is dated, so where one reading falls in the year up to that day and the other after it
 * (the 7th of February and the 2nd of July, on a file made on the 11th of February), the first is the date.
 * Null where both or neither do, or the file says nothing of when it was made.
 */
function madeOrder(m: RegExpExecArray, pages: OcrPageResult[]): string | null {
  const made = pages.find((p) => p.Made)?.Made
  if (!made || !pages.every((p) => p.Source === 'tesseract')) return null
  const year = Number(m[3]!.length === 2 ? `20${m[3]}` : m[3])
  const readings = [
    Date.UTC(year, Number(m[2]) - 1, Number(m[1])),
    Date.UTC(year, Number(m[1]) - 1, Number(m[2])),
  ]
  const day = Date.parse(made)
  // A day's grace after that day: the file's clock and the till's need not share a time zone.
  const before = readings.map((at) => at <= day + DAY && at >= day - YEAR)
  const after = readings.map((at) => at > day + DAY)
  const only = before.findIndex((b, i) => b && after[1 - i])
  return only < 0 ? null : new Date(readings[only]!).toISOString().slice(0, 10)
}

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

const YEAR = 366 * DAY

/** The fields that hold a date. */
const DATE_PROPS: readonly OcrPropertyId[] = [OcrPropertyId.InvoiceDate, OcrPropertyId.DueDate]

/**
 * Days from invoice date to due date that invoices give where no term is printed: ten, fourteen and thirty
 * days. Fifteen and the other whole weeks are left out: a day misread by one digit (`29` for `28`) turns a
 * fourteen-day term into fifteen.
 */
const COMMON_TERM_DAYS = [10, 14, 30]

/**
 * A scanned date whose digits Tesseract doubted, borne out by the document's other date: a due date the
 * page's stated term (`14 dager netto`) makes of the invoice date read sure, or an invoice date from which it
 * makes the due date read sure; where no term is stated, two dates a common term apart (COMMON_TERM_DAYS).
 * A misread digit seldom lands exactly on the term.
 */
function termBearsOut<T extends Hit & { doubtfulDigits?: boolean }>(
  h: T,
  hits: readonly T[],
  term: PaymentTerm | undefined,
): boolean {
  if (!DATE_PROPS.includes(h.prop)) return false
  const otherProp = h.prop === OcrPropertyId.InvoiceDate ? OcrPropertyId.DueDate : OcrPropertyId.InvoiceDate
  // The other date as the page reads it sure, and only one value of it: the witness.
  const witnesses = new Set(
    hits
      .filter((o) => o.prop === otherProp && o.placement !== 'pattern' && !o.doubtfulDigits)
      .map((o) => o.value),
  )
  if (witnesses.size !== 1) return false
  const other = [...witnesses][0]!
  const [invoice, due] = h.prop === OcrPropertyId.InvoiceDate ? [h.value, other] : [other, h.value]
  if (term) return dueFromTerm(invoice, term) === due
  const days = Math.round((Date.parse(due) - Date.parse(invoice)) / DAY)
  return COMMON_TERM_DAYS.includes(days)
}

/**
 * A scan's invoice date read at a label and the date it prints beside a time of day that differ in one digit
 * only (`Datum: 21.08.2020` and `21.04.20 15:52`) are one date with a digit misread in either: which is not
 * known, and no invoice date is proposed. A labelled date that one of the timestamps bears out is kept. So
 * too two timestamps of a scan one digit apart (`30/08/2014 09:26` and `30.08.2019 09:25:17`), unless the
 * receipt prints one of them more often than the other.
 */
function misreadDates<T extends Hit & { scanned: boolean }>(hits: T[]): Set<T> {
  const dates = hits.filter((h) => h.prop === OcrPropertyId.InvoiceDate)
  const stamps = dates.filter((h) => h.placement === 'pattern')
  const labelled = dates.filter((h) => h.placement !== 'pattern' && h.scanned)
  if (!labelled.length) return misreadStamps(stamps)
  if (!stamps.length) return new Set()
  if (labelled.some((l) => stamps.some((s) => s.value === l.value))) return new Set()
  const oneApart = labelled.some((l) => stamps.some((s) => editDistance(l.value, s.value) === 1))
  return new Set(oneApart ? dates : [])
}

/**
 * A scan's timestamps one digit apart: the ones printed less often than a rival one digit away, or all of them
 * where none is printed more often.
 */
function misreadStamps<T extends Hit & { scanned: boolean }>(stamps: T[]): Set<T> {
  const scanned = stamps.filter((h) => h.scanned)
  const count = (value: string) => scanned.filter((h) => h.value === value).length
  const doubted = new Set<T>()
  for (const stamp of scanned) {
    const rivals = scanned.filter((h) => h.value !== stamp.value && editDistance(h.value, stamp.value) === 1)
    if (rivals.length === 0) continue
    if (rivals.some((r) => count(r.value) >= count(stamp.value))) doubted.add(stamp)
  }
  return doubted
}

/**
 * A date read by Tesseract is checked against the other dates printed on the document: when two of them agree
 * (within a year) and none is within a year of it, a digit of its year was misread (`2036` for `2026`), and
 * it is not proposed: a wrong date costs more than a missing one (calibrateDates only lowers its probability).
 * Nor is one more than two years after the day it is read, nor an invoice date more than a month after it,
 * nor one ten years before its file was made (OcrPageResult.Made).
 */
function isStrayScannedDate(h: Hit, hits: Hit[], pages: OcrPageResult[]): boolean {
  if (!DATE_PROPS.includes(h.prop)) return false
  const at = Date.parse(h.value)
  // No invoice is dated, nor falls due, years after it is read: its year was misread (`2095` for `2025`). Nor
  // is one dated more than a month after it is read (`2028-09-18` for `2018-09-28`, on a page read in 2026).
  if (at > Date.now() + 2 * YEAR) return true
  if (h.prop === OcrPropertyId.InvoiceDate && at > Date.now() + 31 * DAY) return true
  // Paper is scanned after it is printed, and bookkeeping scans this year's and last year's: no scan's invoice
  // date is ten years or more before the day its PDF was made (`2001-11-26` on a receipt scanned in 2021). A
  // date after that day is not refused: a file's CreationDate is not always the scan's (a template stamps its
  // own).
  const made = pages.find((p) => p.Made)?.Made
  if (h.prop === OcrPropertyId.InvoiceDate && made && at < Date.parse(made) - 10 * YEAR) return true
  const printed = pages.flatMap((p) =>
    p.Words.flatMap((w) => {
      if (h.words.includes(w)) return []
      const iso = parseDate(w.Text)
      return iso ? [Date.parse(iso)] : []
    }),
  )
  if (!printed.length || printed.some((d) => Math.abs(d - at) <= YEAR)) return false
  // Which of two dates a year apart was misread is not known: a third printed date must side with one.
  return printed.some((d, i) => printed.some((e, j) => i !== j && Math.abs(d - e) <= YEAR))
}

/** A word naming an invoice, in a label's normalised text (`fakturadato`, `invoice date`, `rechnungsdatum`). */
const INVOICE_WORD = /faktura|invoice|rechnung|factu|fattura|lasku/
/** The words that make an invoice the one a credit note credits (`krediterer`, `til`, `zur`, `for`). */
const CREDITING =
  /^(krediterer|krediterar|kreditering|kreditert|til|till|avseende|vedrørende|vedr\.?|gjelder|avser|zur|zu|für|for|credits?|crediting|corrects|bezug:?|concerne|op)$/i
/** The invoice itself, after those words (`faktura`, `fakturanr.`, `Rechnung`, `invoice`). */
const CREDITED_INVOICE = /^(faktura|fakturan(r|ummer)\.?|rechnung|rg\.?|invoice|factuur|facture)$/i
/** A number's own word between the invoice and its number (`nr.`, `no.`, `Nr.`, `number`, `n°`). */
const NUMBER_WORD = /^(nr|no|number|nummer|n°|nº|#)[.:]?$/i
/** The word before the credited invoice's date (`av`, `af`, `vom`, `daterad`, `dated`, `of`). */
const CREDITED_DATED = /^(av|af|fra|från|daterad|datert|dateret|dated|of|from|vom|du|van)$/i

/**
 * The number and date of the invoice a credit note credits, as its sentence or subject names them
 * (`Krediterer faktura nr. 2026-55786 av 6. august 2026`, `Kreditfaktura K1 avseende faktura F79316 av
 * 2026-04-27`, `Gutschrift zur Rechnung Nr. 4711 vom 3. März 2026`, `Credit note for invoice no. 82277
 * dated 21.10.2025`).
 */
function creditedInvoice(lines: Line[]): Set<string> {
  const named = new Set<string>()
  for (const line of lines) {
    const words = line.segments.flatMap((seg) => seg.words)
    for (let i = 1; i < words.length - 1; i++) {
      if (!CREDITED_INVOICE.test(words[i]!.Text) || !CREDITING.test(words[i - 1]!.Text)) continue
      let at = i + 1
      if (NUMBER_WORD.test(words[at]?.Text ?? '')) at++
      const number = readValue(RULES[OcrPropertyId.InvoiceNumber], words.slice(at, at + 1))
      if (!number) continue
      named.add(number.value)
      at++
      if (!CREDITED_DATED.test(words[at]?.Text ?? '')) continue
      const date = readValue(RULES[OcrPropertyId.InvoiceDate], words.slice(at + 1, at + 5))
      if (date) named.add(date.value)
    }
  }
  return named
}

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

const VAT_LINE = /^(mva|vat|moms|mwst|merverdiavgift|ust|tva|btw|iva|alv|pdv|dph)/
/** VAT words of four letters or more, which a scan may misread by one letter (`MwsSt.`, `Mons`). */
const LONG_VAT_WORDS = ['moms', 'mwst', 'merverdiavgift']

/** Whether a line's first word names VAT; on a scan also one letter off a long VAT word. */
function isVatHead(head: string, scanned: boolean): boolean {
  if (VAT_LINE.test(head)) return true
  return scanned && head.length >= 4 && LONG_VAT_WORDS.some((w) => editDistance(head, w) <= 1)
}

/**
 * A sales tax line of an American or Canadian bill (`Sales Tax 6.27`, `Tax: 3.42`, `GST 5% 1.25`, `Total Tax 8.41`):
 * the tax its total adds to the subtotal, as VAT is.
 */
const SALES_TAX_HEAD = /^(tax|taxes|salestax|gst|hst|pst|qst|tps|tvq)$/
const isSalesTaxLine = (head: string, second: string) =>
  SALES_TAX_HEAD.test(head) || (/^(sales|total)$/.test(head) && /^tax(es)?$/.test(second))

/** A line that adds a tip to the bill (`Tip 4.14`, `Trinkgeld`, `Pourboire`): the total paid includes it. */
const TIP_HEAD = /^(tip|tips|gratuity|trinkgeld|pourboire|propina|fooi|dricks|drikkepenger|drikkepenge)$/

/** A scan's amount with letters among the digits of its whole part, the decimals apart or not (`2B, 81`). */
const LOOK_ALIKE_AMOUNT = /^([\dBOoSZIl]{1,6})[.,]\s?(\d{2})$/

/**
 * Amounts a scan printed with one or two digits of their whole part read as look-alike letters (`2B, 81` for
 * `28,81` on a card line under `SUMME EUR 28,81`), in cents. Never a value of their own: only a second printing
 * of a total read at its label, which one misread digit would not make.
 */
function lookAlikeAmounts(lines: Line[]): number[] {
  const found: number[] = []
  for (const line of lines)
    for (const seg of line.segments)
      seg.words.forEach((word, i) => {
        const next = seg.words[i + 1]
        for (const t of next ? [word.Text, `${word.Text} ${next.Text}`] : [word.Text]) {
          const m = LOOK_ALIKE_AMOUNT.exec(t)
          if (!m) continue
          const letters = m[1]!.replace(/\d/g, '').length
          if (letters === 0 || letters > 2 || letters === m[1]!.length) continue
          const whole = [...m[1]!].map((c) => DIGIT_LETTER[c] ?? c).join('')
          found.push(Number(whole) * 100 + Number(m[2]))
        }
      })
  return found
}

/**
 * Every amount printed with decimals on the page (in øre, unsigned), the amounts of its VAT lines and of its
 * tip lines.
 */
function pageAmounts(
  lines: Line[],
  scanned: boolean,
): { amounts: number[]; vat: number[]; vatSum: number; vatLines: number; tips: number[] } {
  const amounts: number[] = []
  const vat: number[] = []
  const tips: number[] = []
  let vatSum = 0
  let vatLines = 0
  for (const line of lines) {
    let last: number | null = null
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        for (let n = Math.min(4, seg.words.length - i); n >= 1; n--) {
          const t = text(seg.words.slice(i, i + n))
          if (!/\d[,.]\d{2}\b|,-/.test(t)) continue
          const value = parseAmount(t)
          if (value === null) continue
          last = absCents(value)
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
    if (isVatHead(head, scanned)) {
      vatSum += last
      vatLines++
      vat.push(last)
    } else if (/^(sum|total|totalt|summa|i alt)$/.test(head) && VAT_LINE.test(second)) vat.push(last)
    else if (isSalesTaxLine(head, second)) vat.push(last)
    else if (TIP_HEAD.test(head)) tips.push(last)
  }
  return { amounts, vat, vatSum, vatLines, tips }
}

/** An amount a word prints with other characters glued before or after it (`EURI16830,57`, `31.924,39%`). */
const GLUED_AMOUNT =
  /^[^\d\s]{1,4}?(\d{1,3}(?:[.,]?\d{3})*[.,]\d{2})[^\d\s]{0,2}$|^(\d{1,3}(?:[.,]?\d{3})*[.,]\d{2})[^\d\s]{1,2}$/

/**
 * The amounts of a page's words that print one with characters glued to it, each with its word: an amount a
 * word prints on its own is read as one already.
 */
function gluedAmounts(lines: Line[]): { cents: number; word: OcrWord }[] {
  const found: { cents: number; word: OcrWord }[] = []
  for (const line of lines)
    for (const seg of line.segments)
      for (const w of seg.words) {
        if (parseAmount(w.Text) !== null) continue
        const m = GLUED_AMOUNT.exec(w.Text)
        const amount = m?.[1] ?? m?.[2]
        if (amount && parseAmount(amount) !== null && cents(amount) > 0)
          found.push({ cents: cents(amount), word: w })
      }
  return found
}

/**
 * Arithmetic the page itself offers for a total: a printed net plus the VAT its VAT lines print (and the cash
 * rounding a rounding line prints), or a printed bill plus the tip a tip line adds to it.
 */
class AmountChecks {
  private readonly set: Set<number>
  constructor(
    amounts: number[],
    private readonly vat: number[],
    private readonly vatSum: number,
    private readonly tips: number[],
    private readonly roundings: number[] = [],
  ) {
    this.set = new Set(amounts)
  }
  /**
   * The amounts the page's net and its VAT make (all its VAT lines, or one VAT or sales tax line) whose last
   * digits are `digits` (the digits of an amount read with its leading digits lost: `0.42` for `30.42`), larger
   * than it.
   */
  grossesEndingIn(digits: string): number[] {
    const vats = [...new Set([this.vatSum, ...this.vat])].filter((v) => v > 0)
    const sums = [...this.set].flatMap((a) => vats.map((v) => a + v))
    return [...new Set(sums)].filter((g) => g > Number(digits) && String(g).endsWith(digits))
  }
  /** The page's net and the VAT of all its VAT lines (`MVA 25 %`, `MVA 15 %`) make this amount. */
  isGross(total: number): boolean {
    return this.vatSum > 0 && total > this.vatSum && this.set.has(total - this.vatSum)
  }
  confirms(value: string, rest = false): boolean {
    const total = absCents(value)
    if (!total) return false
    // (Also a total the VAT lines' last amounts add up to where the page prints `0,00`: a VAT table whose rows
    // end in their gross, `MwSt 19% 8,40 1,60 10,00`.)
    if (this.vatSum > 0 && this.set.has(total - this.vatSum)) return true
    // The rest after a prepayment: a confirmed total less a printed prepayment.
    if (rest)
      return [...this.set].some(
        (a) => a > total && this.set.has(a - total) && this.confirms((a / 100).toFixed(2)),
      )
    // The bill and the tip its own line adds (`To Stay Total 44.91`, `Tip 4.14`, `Total 49.05`).
    if (this.tips.some((t) => t > 0 && t < total && this.set.has(total - t))) return true
    // (Any two printed amounts adding up is not taken: two line amounts often add up to one rate's base.)
    // A till's net and VAT rounded for cash (`Total Sales Amount 33.00`, `GST 6% 1.98`, `Rounding Adjustment
    // 0.02`, `TOTAL 35.00`).
    const nets = [0, ...this.roundings.flatMap((r) => [r, -r])]
    return this.vat.some((v) => v > 0 && v < total && nets.some((r) => this.set.has(total - v + r)))
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
        // Not a sum the page rounds to whole units on purpose (`Øreavrunding -0,43`, `Å betale 349,00`).
        if (!value.endsWith('.00') || entry.hit.rounded) continue
        const whole = value.slice(0, -3)
        const withOre = [...byValue.entries()].find(([v]) => v !== value && v.startsWith(`${whole}.`))
        if (withOre && withOre[1].probability <= entry.probability)
          withOre[1].probability = Math.min(0.99, entry.probability + 0.01)
      }
    }
    const propertyId = prop
    const candidates: InterpretationCandidate[] = [...byValue.values()]
      .sort(
        (a, b) =>
          b.probability - a.probability ||
          (b.hit.labelWeight ?? 0) - (a.hit.labelWeight ?? 0) ||
          a.hit.words[0]!.Top - b.hit.words[0]!.Top,
      )
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
