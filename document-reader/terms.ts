// Due dates written as payment terms rather than as a date: `30 dager netto`, `Net 30`, `zahlbar innerhalb 14
// Tagen`, `30 jours fin de mois`, `Échéance : fin de mois`, `betaling binnen 30 dagen`, `pago a 30 días`. A
// term counts from the invoice date; a page whose terms disagree gives no due date at all.
import type { OcrWord } from '../common/ocr.ts'
import { parseDate } from './values.ts'

/** Days after the invoice date, then (`fin de mois`) to the end of that month. */
export interface PaymentTerm {
  days: number
  endOfMonth: boolean
}

/** Lower case without accents, so that `Échéance`, `días` and `päivää` compare as scans read them. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')

const DAYS = String.raw`(?:dager|dagar|dage|dagen|days?|tagen?|jours?|dias|paivaa|pv|d)`
/** Words that say a number of days is the time to pay (not a return period or a delivery time). */
const TERM_WORD = String.raw`(?:netto|net|nett|betalingsfrist|betalingsbetingelser|betalingsvilkar|betalningsvillkor|betalningsvillkor|zahlungsziel|zahlungsbedingungen|zahlbar innerhalb(?: von)?|zahlbar in|payable within|payment within|due within|payment terms|terms|betaling binnen|betalen binnen|te betalen binnen|betalningsvillkor|betalas inom|betales innen|pago a|plazo de pago|payable a|paiement a|reglement a|maksettava|conditions de paiement|echeance)`

const PATTERNS: {
  re: RegExp
  days: (m: RegExpExecArray) => number
  endOfMonth: (m: RegExpExecArray) => boolean
}[] = [
  // `30 dager netto`, `30 days net`, `30 dagar netto`, `14 Tage netto`
  {
    re: new RegExp(String.raw`(?:^|\s)(\d{1,3})\s*${DAYS}\.?\s+(?:netto|net|nett)(?:\s|$|[.,;])`),
    days: (m) => Number(m[1]),
    endOfMonth: () => false,
  },
  // `netto 14 dager`, `Netto 30 Tage`, and `Net 30` where nothing follows (`Netto 119,00` is a net sum)
  {
    re: new RegExp(String.raw`(?:^|\s)(?:netto|net|nett)\s*:?\s*(\d{1,3})(?:\s*${DAYS}(?:\s|$|[.,;])|\s*$)`),
    days: (m) => Number(m[1]),
    endOfMonth: () => false,
  },
  // `30 jours fin de mois`, `à 45 jours fin de mois`, `Échéance : fin de mois` (no days: the month's end)
  {
    re: new RegExp(String.raw`(?:(\d{1,3})\s*${DAYS}\s+)?fin de mois`),
    days: (m) => Number(m[1] ?? 0),
    endOfMonth: () => true,
  },
  // `betalingsfrist 30 dager`, `zahlbar innerhalb 14 Tagen`, `betaling binnen 30 dagen`, `pago a 30 días`
  {
    re: new RegExp(String.raw`(?:^|\s)${TERM_WORD}\s*:?\s*(\d{1,3})\s*${DAYS}(?:\s|$|[.,;])`),
    days: (m) => Number(m[1]),
    endOfMonth: () => false,
  },
]

/** The payment term a line states, or null (also where it states a term with no number of days). */
export function paymentTerm(line: string): PaymentTerm | null {
  const t = ` ${fold(line).replace(/[\u00a0\s]+/g, ' ')} `
  for (const p of PATTERNS) {
    const m = p.re.exec(t)
    if (!m) continue
    const days = p.days(m)
    if (days > 180) return null
    return { days, endOfMonth: p.endOfMonth(m) }
  }
  return null
}

/** The due date of a term counted from an ISO invoice date. */
export function dueFromTerm(invoiceDate: string, term: PaymentTerm): string {
  const d = new Date(`${invoiceDate}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + term.days)
  if (term.endOfMonth) d.setUTCMonth(d.getUTCMonth() + 1, 0)
  return d.toISOString().slice(0, 10)
}

/** The one term the lines state, with its words; null where none is stated or two disagree. */
export function statedTerm(lines: OcrWord[][]): { term: PaymentTerm; words: OcrWord[] } | null {
  let found: { term: PaymentTerm; words: OcrWord[] } | null = null
  for (const words of lines) {
    const term = paymentTerm(words.map((w) => w.Text).join(' '))
    if (!term) continue
    if (found && (found.term.days !== term.days || found.term.endOfMonth !== term.endOfMonth)) return null
    found ??= { term, words }
  }
  return found
}

/** A word that asks for payment (`betales`, `überweisen`, `pay`, `régler`, `forfaller`), never one that says it was paid. */
const PAY_WORD =
  /^(?:betal(?:e|es|as|a|ast|ing|ingen|ning)?|innbetal\w*|indbetal\w*|forfall\w*|forfald\w*|forfaller|zahl(?:bar|en|ung)|bezahlen|uberweis\w*|fallig|begleich\w*|pay|payable|payment|remit|settle|payer|paiement|regler|reglement|betaal|betalen|voldoen|vervalt|overmaken|pagar|pago|pagare|pagamento|vence|scade|maksettava|maksakaa|maksetaan|eraantyy)$/
/** The words of a discount for paying early (folded: lower case, no diacritics). */
export const EARLY_DISCOUNT_WORDS =
  'skonto|rabatt|discount|escompte|korting|descuento|sconto|alennus|kassarabatt|kontantrabatt'

/** A line about a payment already made or a discount for paying early: its date is not the due date. */
const NOT_DUE = new RegExp(
  `\\b(?:betalt|betald|bezahlt|gezahlt|paid|paye|betaald|pagado|pagato|maksettu|received|erhalten|mottatt|modtaget|mottaget|recu|ontvangen|recibido|ricevuto|${EARLY_DISCOUNT_WORDS})\\b`,
)

/** How many words before its date a payment instruction's verb may stand (`überweisen Sie den Betrag bis zum`). */
const PAY_WORD_REACH = 8

/**
 * A due date written as a payment instruction in running text (`Beløpet forfaller til betaling 2. april
 * 2026`, `Bitte überweisen Sie den Betrag bis zum 15.03.2026`, `Please pay by 15 March 2026`): a date with a
 * word asking for payment at most eight words before it on its line. Null where no line says so, or two
 * lines give two dates.
 */
export function instructedDue(lines: OcrWord[][]): { value: string; words: OcrWord[] } | null {
  let found: { value: string; words: OcrWord[] } | null = null
  for (const words of lines) {
    const folded = words.map((w) => fold(w.Text).replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, ''))
    if (NOT_DUE.test(folded.join(' '))) continue
    for (let i = 1; i < words.length; i++) {
      const from = Math.max(0, i - PAY_WORD_REACH)
      if (!folded.slice(from, i).some((w) => PAY_WORD.test(w))) continue
      let date: { value: string; words: OcrWord[] } | null = null
      for (let n = Math.min(5, words.length - i); n >= 1 && !date; n--) {
        const ws = words.slice(i, i + n)
        const value = parseDate(
          ws
            .map((w) => w.Text)
            .join(' ')
            .replace(/[.,;:)]+$/, ''),
        )
        if (value) date = { value, words: ws }
      }
      if (!date) continue
      if (found && found.value !== date.value) return null
      found ??= date
      break
    }
  }
  return found
}
