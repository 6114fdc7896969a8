// What an invoice of the family corpus says, before any layout prints it: a supplier of one of eleven
// countries with its own registry or VAT number, Norwegian account and KID or a foreign IBAN, dates, lines
// whose VAT and total add up, and the buyer's own numbers an interpreter must not take. Every family draws
// its facts here from a seeded random source and prints them its own way; `printed` records each core value
// as the family printed it, so a test can find it in the text layer.
import {
  bankAccountToIban,
  formatBankAccount,
  formatIban,
  formatOrgNumber,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
  mod10CheckDigit,
} from '../../../common/norwegian.ts'
import { makeForeignVatId, makeIban } from '../../foreign.ts'
import { addDays, BUYERS, int, pick, rng, type Rand } from '../generate.ts'
import type { CORE_PROPERTIES, HardTruth } from '../hard.ts'

export type CoreProperty = (typeof CORE_PROPERTIES)[number]
export type Country = 'NO' | 'SE' | 'DK' | 'DE' | 'FI' | 'GB' | 'FR' | 'NL' | 'ES' | 'IT' | 'AT'
export type Currency = HardTruth['currency']

/** One document of the family corpus, with its truth; the shape of the harder corpus's documents. */
export interface CorpusDocument {
  family: string
  /** The class of document it belongs to (a hard kind, or `layout`, `foreign`, `library`). */
  kind: string
  seed: number
  format: 'pdf' | 'png' | 'jpeg' | 'tiff'
  bytes: Uint8Array
  pages: number
  scanned: boolean
  truth: HardTruth
  buyerOrgNumber: string
  buyerBankAccount: string
  variant: string
  /** Each present core value as the document prints it (text PDFs of the new families only). */
  printed?: Partial<Record<CoreProperty, string>>
  /** An image family's text PDF before it was photographed or faxed: where `printed` can be found. */
  original?: Uint8Array
  /** The text an image family drew, where it drew from text rather than a PDF: where `printed` can be found. */
  drawnText?: string
}

export interface FactLine {
  text: string
  qty: number
  /** Øre / cents. */
  price: number
  amount: number
  rate: number
}

export interface Facts {
  country: Country
  currency: Currency
  supplier: string
  street: string
  place: string
  /** The Norwegian organisation number, or the foreign VAT id in its normalised form. */
  supplierId: string
  buyer: string
  buyerOrg: string
  buyerAccount: string
  /** Norwegian suppliers only. */
  account: string | null
  iban: string | null
  bic: string | null
  kid: string | null
  number: string
  invoiceDate: string
  dueDate: string
  lines: FactLine[]
  vat: { rate: number; base: number; vat: number }[]
  net: number
  total: number
  customerNo: string
  orderNo: string
}

const SUPPLIERS: Record<Country, string[]> = {
  NO: ['Nordvik Maskin AS', 'Lofoten Lys AS', 'Sørlandet Data AS', 'Innlandet Transport AS', 'Vik & Berg AS'],
  SE: ['Göteborgs Kontorsmaterial AB', 'Malmö Verktyg AB', 'Uppsala Konsult AB'],
  DK: ['Aarhus Emballage ApS', 'Odense Trykkeri A/S', 'København IT ApS'],
  DE: ['Hamburger Logistik GmbH', 'Schmidt Elektronik GmbH', 'Bayern Werkzeug AG'],
  FI: ['Tampereen Kone Oy', 'Helsinki Design Oy'],
  GB: ['Thames Hosting Ltd', 'Pennine Components Ltd', 'Bristol Travel Services Ltd'],
  FR: ['Lyon Fournitures SARL', 'Bordeaux Informatique SAS'],
  NL: ['Rotterdam Telecom B.V.', 'Utrecht Elektro B.V.'],
  ES: ['Suministros Valencia S.L.', 'Madrid Tecnología S.A.', 'Logística Barcelona S.L.'],
  IT: ['Forniture Milano S.r.l.', 'Torino Meccanica S.p.A.', 'Bologna Servizi S.r.l.'],
  AT: ['Wiener Büroservice GmbH', 'Grazer Anlagenbau GmbH', 'Salzburger Druckerei Huber KG'],
}
const STREETS: Record<Country, string[]> = {
  NO: ['Strandgata 14', 'Fabrikkveien 3', 'Torget 2'],
  SE: ['Storgatan 21', 'Kungsvägen 4'],
  DK: ['Vestergade 18', 'Nørrebrogade 40'],
  DE: ['Hauptstraße 12', 'Industriestraße 7'],
  FI: ['Hämeenkatu 9', 'Mannerheimintie 22'],
  GB: ['12 High Street', '4 Station Road'],
  FR: ['15 rue de la République', '8 avenue Jean Jaurès'],
  NL: ['Kerkstraat 33', 'Stationsweg 5'],
  ES: ['Calle Mayor 12', 'Avenida de la Constitución 45'],
  IT: ['Via Roma 18', 'Corso Italia 7'],
  AT: ['Mariahilfer Straße 45', 'Herrengasse 9', 'Linzer Gasse 21'],
}
const PLACES: Record<Country, string[]> = {
  NO: ['8300 Svolvær', '4610 Kristiansand', '2317 Hamar', '1530 Moss'],
  SE: ['411 05 Göteborg', '211 20 Malmö'],
  DK: ['8000 Aarhus C', '5000 Odense C'],
  DE: ['20095 Hamburg', '80331 München'],
  FI: ['33100 Tampere', '00100 Helsinki'],
  GB: ['Bristol BS1 4DJ', 'Leeds LS1 5AB'],
  FR: ['69002 Lyon', '33000 Bordeaux'],
  NL: ['3011 AD Rotterdam', '3511 AX Utrecht'],
  ES: ['46001 Valencia', '28013 Madrid', '08002 Barcelona'],
  IT: ['20121 Milano', '10121 Torino', '40121 Bologna'],
  AT: ['1070 Wien', '8010 Graz', '5020 Salzburg'],
}
export const CURRENCY: Record<Country, Currency> = {
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  DE: 'EUR',
  FI: 'EUR',
  GB: 'GBP',
  FR: 'EUR',
  NL: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  AT: 'EUR',
}
const VAT_RATES: Record<Country, number[]> = {
  NO: [25, 25, 15, 12],
  SE: [25, 12, 6],
  DK: [25],
  DE: [19, 19, 7],
  FI: [24, 14],
  GB: [20, 20, 5],
  FR: [20, 10],
  NL: [21, 9],
  ES: [21, 21, 10, 4],
  IT: [22, 22, 10, 4],
  AT: [20, 20, 10, 13],
}
export const ITEMS = [
  'Server hosting, monthly',
  'Spare parts',
  'Installation',
  'Software subscription',
  'Freight',
  'Workshop hours',
  'Printing',
  'Mobile subscription',
  'Travel, train ticket',
  'Cables and adapters',
]

/** GB VAT number: seven digits and a two-digit check so that the weighted sum plus the check is 0 mod 97. */
function gbVat(r: Rand): string {
  const body = String(int(r, 1_000_000, 9_999_999))
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (8 - i), 0)
  const check = (97 - (sum % 97)) % 97
  return `GB${body}${String(check).padStart(2, '0')}`
}

/** FR VAT number: a SIREN (nine digits, Luhn) with its key (12 + 3 × (SIREN mod 97)) mod 97. */
function frVat(r: Rand): string {
  const eight = String(int(r, 10_000_000, 99_999_999))
  let sum = 0
  for (let i = 0; i < 8; i++) {
    let d = Number(eight[7 - i])
    if (i % 2 === 0) d *= 2
    sum += d > 9 ? d - 9 : d
  }
  const siren = `${eight}${(10 - (sum % 10)) % 10}`
  const key = (12 + 3 * (Number(siren) % 97)) % 97
  return `FR${String(key).padStart(2, '0')}${siren}`
}

/** NL VAT number of a company: nine digits passing the weighted MOD11 test (weights 9..2, -1), then B01. */
function nlVat(r: Rand): string {
  for (;;) {
    const eight = String(int(r, 10_000_000, 99_999_999))
    const sum = [...eight].reduce((s, d, i) => s + Number(d) * (9 - i), 0)
    const last = sum % 11
    if (last < 10) return `NL${eight}${last}B01`
  }
}

/** FI VAT number: the business id's seven digits and its MOD11 check (weights 7 9 10 5 8 4 2). */
function fiVat(r: Rand): string {
  for (;;) {
    const seven = String(int(r, 1_000_000, 9_999_999))
    const rest = [...seven].reduce((s, d, i) => s + Number(d) * [7, 9, 10, 5, 8, 4, 2][i]!, 0) % 11
    if (rest === 1) continue
    return `FI${seven}${rest === 0 ? 0 : 11 - rest}`
  }
}

/** ES VAT number of a company: its CIF, a letter, seven digits and their Luhn check digit. */
function esVat(r: Rand): string {
  const seven = String(int(r, 1_000_000, 9_999_999))
  return `ES${pick(r, ['A', 'B', 'B'])}${seven}${mod10CheckDigit(seven)}`
}

/** IT VAT number (partita IVA): seven digits, a tax office's three, and a Luhn check digit. */
function itVat(r: Rand): string {
  const ten = `${int(r, 1_000_000, 9_999_999)}${pick(r, ['015', '058', '001', '037', '097'])}`
  return `IT${ten}${mod10CheckDigit(ten)}`
}

/** AT VAT number (UID): `ATU`, seven digits and a check digit (odd places as they are, even ones doubled). */
function atVat(r: Rand): string {
  const seven = String(int(r, 1_000_000, 9_999_999))
  const sum = [...seven].reduce((s, c, i) => {
    const d = Number(c) * (i % 2 === 0 ? 1 : 2)
    return s + Math.floor(d / 10) + (d % 10)
  }, 0)
  return `ATU${seven}${(10 - ((sum + 4) % 10)) % 10}`
}

function supplierId(country: Country, r: Rand, seed: number): string {
  switch (country) {
    case 'NO':
      return generateOrgNumber(seed * 29 + 5)
    case 'SE':
    case 'DK':
    case 'DE':
      return makeForeignVatId(country, seed * 37 + 11)
    case 'FI':
      return fiVat(r)
    case 'GB':
      return gbVat(r)
    case 'FR':
      return frVat(r)
    case 'NL':
      return nlVat(r)
    case 'ES':
      return esVat(r)
    case 'IT':
      return itVat(r)
    case 'AT':
      return atVat(r)
  }
}

/** The two national check digits of a Spanish account (bank and branch, then the account number). */
function esControl(bankBranch: string, account: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
  const digit = (ten: string) => {
    const d = 11 - ([...ten].reduce((s, c, i) => s + Number(c) * weights[i]!, 0) % 11)
    return d === 11 ? 0 : d === 10 ? 1 : d
  }
  return `${digit(`00${bankBranch}`)}${digit(account)}`
}

/** The check letter (CIN) of an Italian account: bank (ABI), branch (CAB) and account, 22 digits. */
function itCin(digits: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
  const sum = [...digits].reduce((s, c, i) => s + (i % 2 === 0 ? odd[Number(c)]! : Number(c)), 0)
  return String.fromCharCode(65 + (sum % 26))
}

function foreignIban(country: Exclude<Country, 'NO'>, r: Rand): string {
  const digits = (n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('')
  switch (country) {
    case 'SE':
      return makeIban('SE', digits(20))
    case 'DK':
    case 'FI':
    case 'NL':
      return country === 'NL'
        ? makeIban('NL', `${pick(r, ['ABNA', 'INGB', 'RABO'])}${digits(10)}`)
        : makeIban(country, digits(14))
    case 'DE':
      return makeIban('DE', digits(18))
    case 'GB':
      return makeIban('GB', `${pick(r, ['NWBK', 'BARC', 'LOYD'])}${digits(14)}`)
    case 'FR':
      return makeIban('FR', `${digits(10)}${pick(r, ['A', 'B', '0'])}${digits(10)}${digits(2)}`)
    case 'ES': {
      const bankBranch = `${pick(r, ['2100', '0049', '0182', '0081'])}${digits(4)}`
      const account = digits(10)
      return makeIban('ES', `${bankBranch}${esControl(bankBranch, account)}${account}`)
    }
    case 'IT': {
      const rest = `${pick(r, ['03069', '02008', '05034'])}${digits(5)}${digits(12)}`
      return makeIban('IT', `${itCin(rest)}${rest}`)
    }
    case 'AT':
      return makeIban('AT', `${pick(r, ['12000', '32000', '20111'])}${digits(11)}`)
  }
}

const BICS: Record<Exclude<Country, 'NO'>, string[]> = {
  SE: ['HANDSESS', 'ESSESESS'],
  DK: ['DABADKKK', 'NDEADKKK'],
  DE: ['COBADEFFXXX', 'DEUTDEFF'],
  FI: ['NDEAFIHH', 'OKOYFIHH'],
  GB: ['NWBKGB2L', 'BARCGB22'],
  FR: ['BNPAFRPP', 'AGRIFRPP'],
  NL: ['ABNANL2A', 'INGBNL2A'],
  ES: ['CAIXESBBXXX', 'BBVAESMM'],
  IT: ['BCITITMM', 'UNCRITMM'],
  AT: ['BKAUATWW', 'RLNWATWW', 'GIBAATWW'],
}

/**
 * The facts of one invoice. `opts.country` fixes the supplier's country (else Norway most often);
 * `opts.lines` the number of lines; `opts.kid` the share of Norwegian invoices with a KID.
 */
export function makeFacts(
  seed: number,
  salt: number,
  opts: { country?: Country | readonly Country[]; lines?: [number, number]; kid?: number } = {},
): { facts: Facts; r: Rand } {
  const r = rng((seed + 1) * 2654435761 + salt * 40503)
  const country: Country =
    typeof opts.country === 'string'
      ? opts.country
      : opts.country
        ? pick(r, opts.country)
        : pick(r, ['NO', 'NO', 'NO', 'SE', 'DK', 'DE', 'GB'] as const)
  const id = supplierId(country, r, seed * 53 + salt)
  let buyerOrg = generateOrgNumber(seed * 41 + salt * 7 + 2)
  if (buyerOrg === id) buyerOrg = generateOrgNumber(seed * 41 + salt * 7 + 3)
  const account = country === 'NO' ? generateBankAccount(seed * 43 + salt * 5 + 1) : null
  let buyerAccount = generateBankAccount(seed * 43 + salt * 5 + 7)
  if (buyerAccount === account) buyerAccount = generateBankAccount(seed * 43 + salt * 5 + 8)
  const iban = account ? (r() < 0.4 ? bankAccountToIban(account) : null) : foreignIban(country as never, r)
  const bic =
    country === 'NO' ? (iban ? pick(r, ['DNBANOKK', 'SPRONO22', 'NDEANOKK']) : null) : pick(r, BICS[country])
  const kid =
    country === 'NO' && r() < (opts.kid ?? 0.7)
      ? generateKid(seed * 47 + salt, int(r, 7, 15), r() < 0.7 ? 'mod10' : 'mod11')
      : null
  const invoiceDate = addDays('2025-08-01', int(r, 0, 480))
  const dueDate = addDays(invoiceDate, pick(r, [8, 10, 14, 20, 30]))
  const [lo, hi] = opts.lines ?? [1, 6]
  const lines: FactLine[] = Array.from({ length: int(r, lo, hi) }, () => {
    const qty = int(r, 1, 8)
    const price = int(r, 500, 400000)
    return { text: pick(r, ITEMS), qty, price, amount: qty * price, rate: pick(r, VAT_RATES[country]) }
  })
  const byRate = new Map<number, number>()
  for (const l of lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.amount)
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, base]) => ({ rate, base, vat: Math.round((base * rate) / 100) }))
  const net = lines.reduce((s, l) => s + l.amount, 0)
  const seq = int(r, 1000, 999999)
  const number = pick(r, [String(seq), `INV-${seq}`, `${seq}-2026`, `R${seq}`, `2026/${seq}`])
  return {
    r,
    facts: {
      country,
      currency: CURRENCY[country],
      supplier: pick(r, SUPPLIERS[country]),
      street: pick(r, STREETS[country]),
      place: pick(r, PLACES[country]),
      supplierId: id,
      buyer: pick(r, BUYERS),
      buyerOrg,
      buyerAccount,
      account,
      iban,
      bic,
      kid,
      number,
      invoiceDate,
      dueDate,
      lines,
      vat,
      net,
      total: net + vat.reduce((s, v) => s + v.vat, 0),
      customerNo: String(int(r, 10000, 99999)),
      orderNo: String(int(r, 100000, 999999)),
    },
  }
}

/**
 * The facts' VAT of each rate, net and total summed again from their lines, for a family whose lines are
 * its own (discounted amounts, other rates, a different number of lines).
 */
export function resum(f: Facts): void {
  const byRate = new Map<number, number>()
  for (const l of f.lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.amount)
  f.vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, base]) => ({ rate, base, vat: Math.round((base * rate) / 100) }))
  f.net = f.lines.reduce((s, l) => s + l.amount, 0)
  f.total = f.net + f.vat.reduce((s, v) => s + v.vat, 0)
}

export const cents = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`

/**
 * The truth of the core properties; `omit` lists what the family cannot print (absent, not scored).
 * A due date the document does not print is absent too. A credit note's total is negative; it has no due
 * date and no KID.
 */
export function truthOf(f: Facts, omit: readonly CoreProperty[] = [], credit = false): HardTruth {
  const fields: HardTruth['fields'] = {
    1: f.supplierId,
    2: f.iban,
    3: f.account,
    4: f.kid,
    5: f.number,
    6: cents(credit ? -f.total : f.total),
    7: f.invoiceDate,
    8: f.dueDate,
  }
  for (const p of omit) fields[p] = null
  if (credit) fields[4] = fields[8] = null
  return {
    fields,
    currency: f.currency,
    vat: f.vat.map((v) => ({ rate: v.rate, base: cents(v.base), vat: cents(v.vat) })),
    lines: f.lines.map((l) => ({
      text: l.text,
      qty: l.qty,
      price: cents(l.price),
      amount: cents(l.amount),
      rate: l.rate,
    })),
    credit,
  }
}

export interface PaymentTexts {
  account?: string
  iban?: string
  bic?: string
}

/**
 * A text PDF of a family with its truth and each core value as printed: the supplier's id, account, IBAN
 * and KID as the family printed them, the total as `total` and both dates through `date`. A credit note
 * (`credit`) prints no KID and no due date, and its `total` is the negative amount as printed; a receipt paid
 * when it was issued (`paid`) prints no due date.
 */
export function textPdfDocument(o: {
  family: string
  kind: string
  seed: number
  bytes: Uint8Array
  pages?: number
  facts: Facts
  variant: string
  id: string
  pay: PaymentTexts
  total: string
  date: (iso: string) => string
  credit?: boolean
  /** Paid when it was issued (a receipt): no due date. */
  paid?: boolean
}): CorpusDocument {
  const f = o.facts
  const credit = o.credit ?? false
  const noDue = credit || (o.paid ?? false)
  return {
    family: o.family,
    kind: o.kind,
    seed: o.seed,
    format: 'pdf',
    bytes: o.bytes,
    pages: o.pages ?? 1,
    scanned: false,
    truth: truthOf(f, o.paid ? [8] : [], credit),
    buyerOrgNumber: f.buyerOrg,
    buyerBankAccount: f.buyerAccount,
    variant: o.variant,
    printed: {
      1: o.id,
      ...(o.pay.iban ? { 2: o.pay.iban } : {}),
      ...(o.pay.account ? { 3: o.pay.account } : {}),
      ...(f.kid && !credit ? { 4: f.kid } : {}),
      5: f.number,
      6: o.total,
      7: o.date(f.invoiceDate),
      ...(noDue ? {} : { 8: o.date(f.dueDate) }),
    },
  }
}

/** The supplier's number as a label and value are printed in its country. */
export function supplierIdText(f: Facts, r: Rand): { label: string; value: string } {
  const id = f.supplierId
  switch (f.country) {
    case 'NO':
      return pick(r, [
        { label: 'Org.nr.', value: `NO ${formatOrgNumber(id)} MVA` },
        { label: 'Foretaksregisteret', value: `NO ${formatOrgNumber(id)} MVA` },
        { label: 'Org.nr:', value: formatOrgNumber(id) },
        { label: 'Organisasjonsnummer', value: id },
      ])
    case 'SE':
      return { label: pick(r, ['Momsreg.nr', 'VAT-nr']), value: id }
    case 'DK':
      return { label: pick(r, ['CVR/SE-nr.', 'Momsnr.']), value: pick(r, [id, `DK ${id.slice(2)}`]) }
    case 'DE':
      return {
        label: pick(r, ['USt-IdNr.', 'USt-ID']),
        value: pick(r, [id, `DE ${id.slice(2, 5)} ${id.slice(5, 8)} ${id.slice(8)}`]),
      }
    case 'FI':
      return { label: pick(r, ['ALV-nro', 'VAT']), value: id }
    case 'GB':
      return {
        label: 'VAT Reg. No.',
        value: pick(r, [id, `GB ${id.slice(2, 5)} ${id.slice(5, 9)} ${id.slice(9)}`]),
      }
    case 'FR':
      return {
        label: 'N° TVA intracommunautaire',
        value: pick(r, [id, `FR ${id.slice(2, 4)} ${id.slice(4)}`]),
      }
    case 'NL':
      return { label: 'Btw-nummer', value: id }
    case 'ES':
      return { label: pick(r, ['NIF-IVA', 'N.I.F.', 'CIF']), value: pick(r, [id, `ES ${id.slice(2)}`]) }
    case 'IT':
      return {
        label: pick(r, ['Partita IVA', 'P.IVA', 'P. IVA']),
        value: pick(r, [id, `IT ${id.slice(2)}`]),
      }
    case 'AT':
      return { label: pick(r, ['UID-Nr.', 'UID', 'USt-IdNr.']), value: pick(r, [id, `ATU ${id.slice(3)}`]) }
  }
}

/** Account, IBAN and BIC as printed (grouped as banks print them). */
export function paymentTexts(f: Facts, r: Rand): PaymentTexts {
  return {
    account: f.account ? pick(r, [formatBankAccount(f.account), f.account]) : undefined,
    iban: f.iban ? pick(r, [formatIban(f.iban), formatIban(f.iban), f.iban]) : undefined,
    bic: f.bic ?? undefined,
  }
}

/** How a country prints amounts: thousands group, decimal mark, where the currency code stands. */
export interface MoneyForm {
  group: string
  decimal: string
  code: 'before' | 'after' | 'none'
  /** Printed instead of the ISO code (`kr`, `€`, `£`). */
  symbol?: string
}

export const MONEY_FORMS: Record<string, MoneyForm[]> = {
  nb: [
    { group: ' ', decimal: ',', code: 'none' },
    { group: ' ', decimal: ',', code: 'after' },
    { group: '.', decimal: ',', code: 'before' },
    { group: ' ', decimal: ',', code: 'before', symbol: 'kr' },
  ],
  sv: [
    { group: ' ', decimal: ',', code: 'after' },
    { group: ' ', decimal: ',', code: 'after', symbol: 'kr' },
  ],
  da: [
    { group: '.', decimal: ',', code: 'after' },
    { group: '.', decimal: ',', code: 'before' },
    { group: '.', decimal: ',', code: 'after', symbol: 'kr.' },
  ],
  de: [
    { group: '.', decimal: ',', code: 'after', symbol: '€' },
    { group: '.', decimal: ',', code: 'before' },
    { group: '.', decimal: ',', code: 'after' },
  ],
  fr: [
    { group: ' ', decimal: ',', code: 'after', symbol: '€' },
    { group: ' ', decimal: ',', code: 'after' },
  ],
  nl: [
    { group: '.', decimal: ',', code: 'before', symbol: '€' },
    { group: '.', decimal: ',', code: 'before' },
  ],
  en: [
    { group: ',', decimal: '.', code: 'before' },
    { group: ',', decimal: '.', code: 'after' },
    { group: ',', decimal: '.', code: 'none' },
  ],
}

/** An amount in øre / cents as the form prints it. */
export function moneyText(c: number, currency: Currency, form: MoneyForm): string {
  const abs = Math.abs(c)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, form.group)
  const n = `${c < 0 ? '-' : ''}${whole}${form.decimal}${String(abs % 100).padStart(2, '0')}`
  const code = form.symbol ?? currency
  if (form.code === 'before') return `${code === '€' || code === '£' ? code : `${code} `}${n}`
  if (form.code === 'after') return `${n} ${code}`
  return n
}

const MONTHS: Record<string, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  nb: 'januar februar mars april mai juni juli august september oktober november desember'.split(' '),
}

export type DateForm = 'dmy.' | 'dmy/' | 'dmy-' | 'iso' | 'long'

/** Months of the languages `dateText` does not spell; `de-AT` is Austrian German (`Jänner`, `Feber`). */
const MORE_MONTHS: Record<SpeltLang, string[]> = {
  sv: 'januari februari mars april maj juni juli augusti september oktober november december'.split(' '),
  da: 'januar februar marts april maj juni juli august september oktober november december'.split(' '),
  nn: 'januar februar mars april mai juni juli august september oktober november desember'.split(' '),
  'de-AT': 'Jänner Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
}
export type SpeltLang = 'sv' | 'da' | 'nn' | 'de-AT'

/** A date with its month spelt in a language `dateText` does not know: `3 mars 2026`, `3. marts 2026`. */
export function speltDate(iso: string, lang: SpeltLang): string {
  const [y, m, d] = iso.split('-') as [string, string, string]
  const month = MORE_MONTHS[lang][Number(m) - 1]!
  return lang === 'sv' ? `${Number(d)} ${month} ${y}` : `${Number(d)}. ${month} ${y}`
}

/** A date as a country prints it; `long` spells the month in the language (`3 March 2026`, `3. März 2026`). */
export function dateText(iso: string, form: DateForm, lang = 'en'): string {
  const [y, m, d] = iso.split('-') as [string, string, string]
  switch (form) {
    case 'dmy.':
      return `${d}.${m}.${y}`
    case 'dmy/':
      return `${d}/${m}/${y}`
    case 'dmy-':
      return `${d}-${m}-${y}`
    case 'iso':
      return iso
    case 'long': {
      const month = (MONTHS[lang] ?? MONTHS.en!)[Number(m) - 1]
      const day = Number(d)
      return lang === 'de' || lang === 'nb' ? `${day}. ${month} ${y}` : `${day} ${month} ${y}`
    }
  }
}
