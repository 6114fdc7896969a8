// Value parsers: each reads a prefix of the words it is given (Norwegian and English dates and amounts,
// organisation numbers, bank accounts, IBANs and KIDs that pass their check digits, invoice numbers, free
// text), and the rule that says which parser and how many words each spec 2.13 property takes.
import {
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
} from '../common/norwegian.ts'
import type { OcrPropertyId, OcrWord } from '../common/ocr.ts'
import { DIGIT_LETTER, normaliseIban, scannedIban } from './foreign.ts'

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
  // Swedish, Danish, German, French and Dutch month names (without accents: see parseDate).
  januari: 1,
  februari: 2,
  marts: 3,
  maerz: 3,
  marz: 3,
  maart: 3,
  maj: 5,
  mei: 5,
  augusti: 8,
  augustus: 8,
  dezember: 12,
  // German, French and Dutch abbreviations a till or a folio prints (`15-Dez-18`, `3 févr. 2026`, `12 mrt 2026`).
  mrz: 3,
  dez: 12,
  janv: 1,
  fevr: 2,
  avr: 4,
  juil: 7,
  mrt: 3,
  janvier: 1,
  fevrier: 2,
  avril: 4,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
}

/**
 * Spanish month names and their abbreviations, read only as printed: `julio` and `junio` are one letter apart, the
 * letter a scan confuses (`l`, `n`), so a misread one is never taken for either.
 */
const EXACT_MONTHS: Record<string, number> = {
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  // Italian (`7 dicembre 2026`).
  gennaio: 1,
  febbraio: 2,
  aprile: 4,
  maggio: 5,
  giugno: 6,
  luglio: 7,
  settembre: 9,
  ottobre: 10,
  dicembre: 12,
  // Finnish, as a date writes it (`7. joulukuuta 2026`) and as a heading does (`joulukuu`); `ä` as `ae`.
  tammikuuta: 1,
  helmikuuta: 2,
  maaliskuuta: 3,
  huhtikuuta: 4,
  toukokuuta: 5,
  kesaekuuta: 6,
  heinaekuuta: 7,
  elokuuta: 8,
  syyskuuta: 9,
  lokakuuta: 10,
  marraskuuta: 11,
  joulukuuta: 12,
  tammikuu: 1,
  helmikuu: 2,
  maaliskuu: 3,
  huhtikuu: 4,
  toukokuu: 5,
  kesaekuu: 6,
  heinaekuu: 7,
  elokuu: 8,
  syyskuu: 9,
  lokakuu: 10,
  marraskuu: 11,
  joulukuu: 12,
  // Polish and Czech as a date writes them (`7 grudnia 2026`, `7. prosince 2026`). `listopad` is left out: November
  // in both, October in Croatian.
  stycznia: 1,
  lutego: 2,
  marca: 3,
  kwietnia: 4,
  czerwca: 6,
  lipca: 7,
  sierpnia: 8,
  wrzesnia: 9,
  pazdziernika: 10,
  grudnia: 12,
  ledna: 1,
  unora: 2,
  brezna: 3,
  dubna: 4,
  kvetna: 5,
  cervna: 6,
  cervence: 7,
  srpna: 8,
  zari: 9,
  rijna: 10,
  prosince: 12,
}

const WEEKDAY =
  /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|sday|urday)?$|^(man|tir|ons|tor|fre|lør|søn)(dag)?$|^(lun|mer|jeu|ven|sam|dim)$|^(mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag|måndag|tisdag|torsdag|lördag|söndag|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)$/i

/** A month name as the table has it: lower case, `ä` as `ae`, other accents dropped (`März`, `février`). */
const monthKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')

/** Whether two texts differ by at most one character inserted, deleted or replaced. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1)
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** Characters to insert, delete or replace to turn one text into the other. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length]!
}

/**
 * A month name this long or longer may have one letter misread, added or lost (`nugust`) and still be told from
 * the others; a shorter one only one letter misread in place (oneLetterReplaced).
 */
const NEAR_MONTH_LENGTH = 5

/**
 * The month a name gives: as the table has it, or as a scan misread it (`nugust`, `Nav`), the one month all
 * table names within one letter of it give. Two letters off (`Dezernber`) is not read.
 */
function monthOf(name: string): number | undefined {
  const key = monthKey(name)
  const exact = NB_MONTHS[key] ?? EXACT_MONTHS[key]
  if (exact) return exact
  const near = new Set(
    Object.entries(NB_MONTHS)
      .filter(([k]) =>
        key.length >= NEAR_MONTH_LENGTH
          ? k.length >= NEAR_MONTH_LENGTH && withinOneEdit(key, k)
          : k.length === key.length && oneLetterReplaced(key, k),
      )
      .map(([, month]) => month),
  )
  return near.size === 1 ? [...near][0] : undefined
}

/**
 * Whether a short name is a table name with one letter misread in place (`Nav` for `Nov`, `Harz` for `März`):
 * the other letters as printed, and a letter, not a digit or a sign, where the misread one was. Only where every
 * such table name gives the same month (`Jui` is `jul` or `jun`: neither).
 */
export function oneLetterReplaced(key: string, name: string): boolean {
  if (!/^\p{L}+$/u.test(key)) return false
  let differ = 0
  for (let i = 0; i < key.length; i++) if (key[i] !== name[i]) differ++
  return differ === 1
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
    // A speck beside the date read as a quote mark (`3. Januar 2026"`), a form's leader line read as
    // underscores or dots (`06.11.2025...`, `_06.11.2025`).
    .replace(/^["'“”‘’`_«»]+|["'“”‘’`_«»]+$/g, '')
    .replace(/(?:[.,;:]|\.{2,}|…)$/, '')
    .replace(/\s\.(\d{4})$/, ' $1')
    // A scan's space after a date's second dot, or after both (`04.04. 2020`, `05. 10. 2022`).
    .replace(/^(\d{1,2}\.)\s?(\d{1,2}\.)\s(\d{4})$/, '$1$2$3')
    // A weekday before the date (`Tuesday, March 3, 2026`, `Mon 2 Mar 2026`, `tirsdag 3. mars 2026`).
    .replace(/^\p{L}{3,9}\.?,?\s+(?=\d|\p{L}+\.?\s+\d)/u, (day) =>
      WEEKDAY.test(day.replace(/[.,\s]/g, '')) ? '' : day,
    )
    // A scan's space after a date's dash (`2- 8-2020`).
    .replace(/^(\d{1,2})-\s(\d{1,2})-\s?(\d{4})$/, '$1-$2-$3')
  // A scanned dot is sometimes read as a colon or comma (`27.07:2025`).
  let m = /^(\d{1,2})[.:,](\d{1,2})[.:,](\d{4}|\d{2})$/.exec(text)
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
  m = /^(\d{4})[-./](\d{2})[-./](\d{2})$/.exec(text)
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
  // Day first (`16/03/2026`, Danish and Dutch `16-03-2026`); a month above 12 can only be the American order.
  m = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(text)
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[3]), Number(m[4])]
    return b > 12 && m[2] === '/' ? isoDate(y, a, b) : isoDate(y, b, a)
  }
  // Spanish `7 de diciembre de 2026`, `7 de dic. de 2026`.
  m = /^(\d{1,2})\s+de\s+(\p{L}{3,})\.?,?\s+(?:del?\s+)?(\d{4})$/iu.exec(text)
  if (m) {
    const month = monthOf(m[2]!)
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null
  }
  // Danish `7/12-2026` and `7/12 2026`: day first.
  m = /^(\d{1,2})\/(\d{1,2})[-\s](\d{4})$/.exec(text)
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
  // `2. mars 2026`, `1er mars 2026`, English `7th December 2026` and `7th of December 2026`, and as tickets print
  // it, `02MAR26`; a scan's dot read as a colon or doubled (`25: April. 2026`, `15..Mai 2026`).
  m = /^(\d{1,2})(?:[.:,]{1,2}|er|st|nd|rd|th)?\s*(?:of\s+)?([\p{L}]{3,})\.?,?\s*(\d{4}|\d{2})$/iu.exec(text)
  if (m) {
    const month = monthOf(m[2]!)
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null
  }
  // A till's `30-Sep-20`, `22-May-2022`, `02/Jan/2017`, and the year after an apostrophe (`21Mai'19`, `12
  // Jul'22`), its day's zero read as an O (`O4Mar'18`).
  m = /^([\dO]?\d)(?:[-/]|\.?\s?)(\p{L}{3,})\.?(?:[-/]|\s?['’‘”“`´])\s?(\d{4}|\d{2})$/iu.exec(text)
  if (m) {
    const month = monthOf(m[2]!)
    return month ? isoDate(Number(m[3]), month, Number(m[1]!.replace(/^o/i, '0'))) : null
  }
  // An Oracle Micros till's month before the day and the year after an apostrophe (`NOV28'18`, `Oct09’19`), its
  // O read as a zero (`0ct09’19`).
  m = /^([\p{L}0]\p{L}{2})(\d{1,2})['’‘`´](\d{2})$/iu.exec(text)
  if (m) {
    const month = monthOf(m[1]!.replace(/^0/, 'o'))
    return month ? isoDate(Number(m[3]), month, Number(m[2])) : null
  }
  m = /^([\p{L}]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/iu.exec(text)
  if (m) {
    const month = monthOf(m[1]!)
    return month ? isoDate(Number(m[3]), month, Number(m[2])) : null
  }
  return null
}

/**
 * A till's slash date with a two-digit year (`19/04/23`), read where its order shows: a first part above 12 is
 * the day (`19/04/23`), a second part above 12 the day in the American order (`08/30/23`). `07/10/19` could be
 * either: it is read day first on a page that writes its amounts with a decimal comma (`dayFirst`: continental
 * Europe, where dates are day first), month first on a page in dollars (`monthFirst`: `$14.54`), and not at
 * all on another (a British till writes `12.65` too).
 */
export function shortSlashDate(word: string, dayFirst = false, monthFirst = false): string | null {
  // The comma a till prints before the time (`5/21/24, 7:23 PM`) is not part of it.
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2})[,;]?$/.exec(word)
  if (!m) return null
  const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (a > 12 && b <= 12) return isoDate(y, b, a)
  if (b > 12 && a <= 12) return isoDate(y, a, b)
  if (a > 12 || b > 12) return null
  return dayFirst ? isoDate(y, b, a) : monthFirst ? isoDate(y, a, b) : null
}

/**
 * A date read at a date label: any form parseDate reads, a slash date with a two-digit year, and six digits without separators day first
 * (`070420`, as till receipts and some ledgers print it), which only a label says is a date.
 */
const parseLabelledDate: Parser = (raw) => {
  const text = raw.trim().replace(/[.,;:]$/, '')
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text)
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
  // A slash date with a two-digit year (`DATE: 12/02/18`): day first as parseDate reads four digits, the
  // American order where the second part is above 12; the document's currency settles the rest (interpret.ts).
  return shortSlashDate(text, true) ?? parseDate(raw)
}

/**
 * Currencies printed before or after an amount: the Nordic crowns, the euro, dollar, pound and franc, and those
 * of other European countries by code and sign (`CZK 271.00`, `537,77 kn`, `120,00 Kč`, `45,00 zł`).
 */
export const CURRENCY_WORD = String.raw`(?:kr\.?|nok|sek|dkk|eur|€|usd|\$|gbp|£|chf|czk|kč|pln|zł|huf|ft|hrk|kn|ron|lei|bgn|isk|cad|aud|nzd|rm|myr|sgd|s\$|hkd|inr)`
const CURRENCY = CURRENCY_WORD
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
  // `CR` after an amount: a credit, in English statements and credit notes.
  if (/\d\s*CR$/.test(text)) {
    negative = true
    text = text.replace(/\s*CR$/, '')
  }
  const paren = /^\((.*)\)$/.exec(text)
  if (paren) {
    negative = true
    text = paren[1]!.trim()
  }
  if (text.startsWith('-')) {
    negative = !negative
    text = text.slice(1).trim()
  }
  text = text
    // A euro sign a scan read as a cent sign after the amount (`53,20¢`, `61,00¢€`).
    .replace(/(?<=\d[.,]\d{2})¢(?=€?$)/, '')
    .replace(CURRENCY_PREFIX, '')
    .replace(CURRENCY_SUFFIX, '')
    // A euro sign a scan read as the letter, right before an amount with its cents (`Total e17.33`).
    .replace(/^e(?=\d{1,6}[.,]\d{2}$)/, '')
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
  // A scan's decimal mark read as the thousands mark (`64,515,87`, `1.234.56`): after groups of three digits, a
  // group of two can only be the decimals.
  const same = /^(\d{1,3}(?:([,.])\d{3})+)\2(\d{2})$/.exec(text)
  if (same) return `${sign}${same[1]!.replace(/[,.]/g, '').replace(/^0+(?=\d)/, '')}.${same[3]}`
  let m = /^(\d{1,3}(?:[ .]\d{3})+|\d+)(?:,(\d{2}))?$/.exec(text)
  if (m) return `${sign}${m[1]!.replace(/[ .]/g, '').replace(/^0+(?=\d)/, '')}.${m[2] ?? '00'}`
  m = /^(\d{1,3}(?:[ ,]\d{3})+|\d+)(?:\.(\d{2}))?$/.exec(text)
  if (m) return `${sign}${m[1]!.replace(/[ ,]/g, '').replace(/^0+(?=\d)/, '')}.${m[2] ?? '00'}`
  // Swiss thousands marks (`CHF 1'250.00`, `1’250.50`).
  m = /^(\d{1,3}(?:['’]\d{3})+)(?:\.(\d{2}))?$/.exec(text)
  if (m) return `${sign}${m[1]!.replace(/['’]/g, '')}.${m[2] ?? '00'}`
  return null
}

/**
 * Specks a scanner adds around digit groups (`1506 -00 00260`). Safe for numbers that carry a check digit:
 * a wrong reading fails the check and is never proposed.
 */
const stripMarks = (t: string) => t.replace(/(?<=[\d ])['’‘`´",:-](?=[ \d])/g, '').replace(/ {2,}/g, ' ')

/**
 * The digits part of an organisation number as printed: without `NO` before it, `MVA` after it (as a scan reads
 * them too: `N0`, `MVÅ`, `MYA`) and a sentence's punctuation after either.
 */
export const orgNumberText = (raw: string) =>
  raw
    .trim()
    .replace(/[,;.]$/, '')
    .replace(/^N[O0][.:]?\s*/i, '')
    .replace(/\s*M[VY][AÅ][.-]?$/i, '')
    .replace(/[,;.]$/, '')

/**
 * A Norwegian organisation number (nine digits, MOD11), also as `NO 999 999 999 MVA`. A scan may read the
 * letters as `N0`, `MVÅ` or `MYA`; the check digit still decides. A foreign id is never one (foreign.ts).
 */
export const parseOrgNumber: Parser = (raw) => {
  const text = stripMarks(orgNumberText(raw))
  // Grouped 3-3-3 when printed; a scan may split or join the groups, the check digit still decides.
  if (/^[\d .]{9,13}$/.test(text)) {
    const digits = text.replace(/\D/g, '')
    return digits.length === 9 && isValidOrgNumber(digits) ? digits : null
  }
  return scannedOrgNumber(text)
}

/** The digits a letter a scan read may stand for: foreign.ts's, and `G` a 6 or a 0. */
const digitsOf = (c: string): string[] => (c === 'G' ? ['6', '0'] : DIGIT_LETTER[c] ? [DIGIT_LETTER[c]] : [c])

/**
 * An organisation number with one or two of its digits read as letters (`B3554G588`): the one reading of the
 * letters as digits whose check digit holds. None where no reading holds, or where two readings hold (the
 * check digit cannot tell them apart).
 */
function scannedOrgNumber(text: string): string | null {
  if (!/^[\dBOoDQIl|SZG .]{9,13}$/.test(text)) return null
  const chars = text.replace(/[ .]/g, '')
  const letters = chars.replace(/\d/g, '').length
  if (chars.length !== 9 || letters === 0 || letters > 2) return null
  let readings = ['']
  for (const c of chars) readings = readings.flatMap((r) => digitsOf(c).map((d) => r + d))
  const valid = readings.filter(isValidOrgNumber)
  return valid.length === 1 ? valid[0]! : null
}

const parseBankAccount: Parser = (raw) => {
  const text = stripMarks(raw.trim().replace(/[,;]$/, ''))
  // `2801.78. 21778`: a scan may read a space beside a printed dot; the check digit still decides.
  if (!/^\d{4}(?:[ .]| ?\. ?)?\d{2}(?:[ .]| ?\. ?)?\d{5}$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  return isValidBankAccount(digits) ? digits : null
}

export const parseIban: Parser = (raw) => {
  const text = raw
    .trim()
    .replace(/[,;.]$/, '')
    // Spaces between the groups, and the dash or dot a scan reads for one.
    .replace(/(?<=[\dA-Z])[\s.-]+(?=[\dA-Z])/gi, '')
    .replace(/\s/g, '')
    .toUpperCase()
    // The country code is letters: a scan's `N0` is `NO` (the MOD97 check still decides).
    .replace(/^N0/, 'NO')
  // Any country's IBAN whose length and MOD97 check hold; else, read with the digits a scan misread as letters.
  if (text.startsWith('NO')) {
    if (isValidNorwegianIban(text)) return text
    const fixed = scannedIban(text)
    return fixed && isValidNorwegianIban(fixed) ? fixed : null
  }
  return normaliseIban(text) ?? scannedIban(text)
}

const parseKid: Parser = (raw) => {
  const text = stripMarks(raw.trim().replace(/[,;.]$/, ''))
  if (!/^\d[\d ]{0,30}-?$/.test(text)) return null
  const kid = text.replace(/ /g, '')
  return kid.length >= 2 && kid.length <= 25 && isValidKid(kid) ? kid : null
}

const parseInvoiceNumber: Parser = (raw) => {
  // `#1042` and `№ 1042` print a number sign before the number; it is not part of it.
  const text = raw
    .trim()
    .replace(/[,;:.]$/, '')
    .replace(/^(?:#|№|n°|no\.)\s*/i, '')
  if (/\s/.test(text) || !/\d/.test(text) || !/^[A-Za-z0-9][A-Za-z0-9\-/._#]*$/.test(text)) return null
  if (parseDate(text)) return null
  return text
}

const parseFreeText: Parser = (raw) => {
  const text = raw.trim().replace(/[,;]$/, '')
  return text.length > 0 && text.length <= 40 ? text : null
}

export interface PropertyRule {
  parse: Parser
  maxWords: number
  /** Free text takes every word up to the end of the value region. */
  wholeRegion?: boolean
}

export const RULES: Record<OcrPropertyId, PropertyRule> = {
  1: { parse: parseOrgNumber, maxWords: 5 },
  2: { parse: parseIban, maxWords: 9 },
  3: { parse: parseBankAccount, maxWords: 3 },
  4: { parse: parseKid, maxWords: 5 },
  5: { parse: parseInvoiceNumber, maxWords: 1 },
  6: { parse: parseAmount, maxWords: 5 },
  7: { parse: parseLabelledDate, maxWords: 5 },
  8: { parse: parseLabelledDate, maxWords: 5 },
  9: { parse: parseFreeText, maxWords: 4, wholeRegion: true },
  10: { parse: parseFreeText, maxWords: 4, wholeRegion: true },
}

/** The words as one text, one space apart. */
export const text = (words: readonly OcrWord[]) => words.map((w) => w.Text).join(' ')

/** Marks a scanner leaves between digits (`74'60422`) are not part of the number. */
const cleanDigits = (t: string) => t.replace(/(?<=\d)['’‘`´](?=\d)/g, '').replace(/^['"‘’“”`]+/, '')

/** The longest prefix of `words` the rule parses. */
export function readValue(rule: PropertyRule, words: OcrWord[]): { value: string; words: OcrWord[] } | null {
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
