// Own layout families (their group: ../families.ts), each unlike the layouts before it:
// - `own-summary-box`: the Nordic form of labels set under their values: every fact of the head, the buyer
//   and the payment facts is a value with a small caption below it, the totals stand in a framed summary
//   box on the right (each amount over its caption, the amount to pay last and largest); Finnish, Swedish
//   and Norwegian suppliers, each in its own language (Finnish dates without leading zeros);
// - `own-statement`: an account statement that is also the invoice: a ledger of the customer's account
//   (the balance brought forward, the payment that cleared it, this invoice) with debit, credit and a
//   running balance, then the invoice's own lines, VAT and the amount to pay with its due date and payment
//   facts; Norwegian, Danish and English.
import { rgb } from 'pdf-lib'
import { newDocument } from './fresh-layouts.ts'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { addDays, int, pick, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type Country,
  type CorpusDocument,
  type DateForm,
  type Facts,
  type MoneyForm,
} from './facts.ts'

/** Finnish amounts: a space between thousands, a decimal comma, the euro sign or code after. */
export const FINNISH_MONEY: MoneyForm[] = [
  { group: ' ', decimal: ',', code: 'after', symbol: '€' },
  { group: ' ', decimal: ',', code: 'after' },
]

/** A Finnish date: day and month without a leading zero (`3.2.2026`). */
export function finnishDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${Number(d)}.${Number(m)}.${y}`
}

interface Printing {
  f: Facts
  r: Rand
  money: (c: number) => string
  plain: (c: number) => string
  date: (iso: string) => string
  dateName: string
  id: { label: string; value: string }
  pay: ReturnType<typeof paymentTexts>
}

function printing(
  seed: number,
  salt: number,
  countries: readonly Country[],
  lines: [number, number],
  forms: (f: Facts, r: Rand) => { money: MoneyForm; date: [string, (iso: string) => string] },
): Printing {
  const { facts: f, r } = makeFacts(seed, salt, { country: countries, lines })
  const { money, date } = forms(f, r)
  return {
    f,
    r,
    money: (c) => moneyText(c, f.currency, money),
    plain: (c) => moneyText(c, f.currency, { ...money, code: 'none' }),
    date: date[1],
    dateName: date[0],
    id: supplierIdText(f, r),
    pay: paymentTexts(f, r),
  }
}

function done(
  name: string,
  p: Printing,
  seed: number,
  bytes: Uint8Array,
  pages: number,
  variant: string,
): CorpusDocument {
  return textPdfDocument({
    family: name,
    kind: 'layout',
    seed,
    bytes,
    pages,
    facts: p.f,
    variant: `${variant},${p.f.country},${p.dateName},${pages}p`,
    id: p.id.value,
    pay: p.pay,
    total: p.money(p.f.total),
    date: p.date,
  })
}

const standard = (form: DateForm, lang = 'en'): [string, (iso: string) => string] => [
  form,
  (iso) => dateText(iso, form, lang),
]

// ---- own-summary-box ----

type BoxLang = 'fi' | 'sv' | 'nb'

/** Captions of the summary-box layout, `|` between them. */
const BOX_WORDS: Record<BoxLang, string> = {
  fi: 'LASKU|Laskun numero|Laskun päivämäärä|Eräpäivä|Asiakasnumero|Tilausnumero|Viitteemme|Laskutettava|Tuote / palvelu|Määrä|À-hinta|ALV %|Yhteensä|Veroton summa|ALV|Maksettava yhteensä|Saajan tilinumero (IBAN)|BIC|Tilinumero|KID|Yhteenveto|Maksutiedot',
  sv: 'FAKTURA|Fakturanummer|Fakturadatum|Förfallodag|Kundnummer|Ordernummer|Vår referens|Faktureras|Artikel / tjänst|Antal|À-pris|Moms %|Summa|Belopp exkl. moms|Moms|Att betala|Mottagarens konto (IBAN)|BIC|Kontonummer|KID|Sammanställning|Betalningsuppgifter',
  nb: 'FAKTURA|Fakturanummer|Fakturadato|Forfallsdato|Kundenummer|Ordrenummer|Vår referanse|Faktureres til|Vare / tjeneste|Antall|Enhetspris|Mva %|Sum|Beløp eks. mva|Merverdiavgift|Å betale|Mottakers konto (IBAN)|BIC|Kontonummer|KID|Oppsummering|Betalingsinformasjon',
}
const BOX_KEYS = [
  'title',
  'number',
  'date',
  'due',
  'customerNo',
  'orderNo',
  'reference',
  'buyer',
  'description',
  'qty',
  'price',
  'rate',
  'amount',
  'net',
  'vat',
  'total',
  'iban',
  'bic',
  'account',
  'kid',
  'summary',
  'payment',
] as const
type BoxWords = Record<(typeof BOX_KEYS)[number], string>
const boxWords = (lang: BoxLang) =>
  Object.fromEntries(BOX_WORDS[lang].split('|').map((w, i) => [BOX_KEYS[i], w])) as BoxWords

const BOX_LANG: Partial<Record<Country, BoxLang>> = { FI: 'fi', SE: 'sv', NO: 'nb' }
const REFERENCES = ['Matti Virtanen', 'Anna Lindqvist', 'Kari Nordmann', 'Sari Koskinen', 'Erik Berg']

export async function generateSummaryBox(seed: number): Promise<CorpusDocument> {
  const p = printing(seed, 1401, ['FI', 'FI', 'SE', 'NO'], [1, 9], (f, r) => {
    if (f.country === 'FI') return { money: pick(r, FINNISH_MONEY), date: ['d.m.y', finnishDate] }
    if (f.country === 'SE') return { money: pick(r, MONEY_FORMS.sv!), date: standard('iso') }
    return { money: pick(r, MONEY_FORMS.nb!), date: pick(r, [standard('dmy.'), standard('long', 'nb')]) }
  })
  const { f, r } = p
  const lang = BOX_LANG[f.country]!
  const w = boxWords(lang)
  const { doc, page, fonts } = await newDocument(r)
  const c = page()
  const s = c.size
  const grey = rgb(0.4, 0.4, 0.4)
  /** A value with its caption under it, in small grey type. */
  const cell = (
    value: string,
    caption: string,
    x: number,
    top: number,
    o: { right?: boolean; big?: boolean } = {},
  ) => {
    const size = o.big ? s + 4 : s
    c.text(value, x, top, { alignRight: o.right, bold: o.big, size })
    const cap = caption
    const capSize = s - 2.5
    const font = c.fonts.regular
    const left = o.right ? x - font.widthOfTextAtSize(cap, capSize) : x
    c.page.drawText(cap, {
      x: left,
      y: c.page.getHeight() - (top + size * 1.25) - capSize,
      size: capSize,
      font,
      color: grey,
    })
    return top + size * 1.25 + capSize * 2
  }
  // The head: the supplier left, the title right; under it two rows of facts, each over its caption.
  c.text(f.supplier, 40, 40, { bold: true, size: s + 5 })
  c.text(`${f.street}, ${f.place}`, 40, 40 + (s + 5) * 1.5, { size: s - 1 })
  c.text(w.title, 555, 38, { bold: true, size: 22, alignRight: true })
  c.rule(40, 92, 555)
  const head: [string, string][] = [
    [f.number, w.number],
    [p.date(f.invoiceDate), w.date],
    [p.date(f.dueDate), w.due],
    [f.customerNo, w.customerNo],
    [f.orderNo, w.orderNo],
    [pick(r, REFERENCES), w.reference],
  ]
  head.forEach(([value, caption], i) =>
    cell(value, caption, 40 + (i % 3) * 175, 104 + Math.floor(i / 3) * 36),
  )
  c.rule(40, 178, 555)
  let y = cell(f.buyer, w.buyer, 40, 192)
  cell(formatOrgNumber(f.buyerOrg), 'Org.nr.', 40, y + 2)
  // The lines across the page.
  y = 262
  c.text(w.description, 40, y, { bold: true })
  c.text(w.qty, 300, y, { bold: true, alignRight: true })
  c.text(w.price, 385, y, { bold: true, alignRight: true })
  c.text(w.rate, 445, y, { bold: true, alignRight: true })
  c.text(w.amount, 555, y, { bold: true, alignRight: true })
  c.rule(40, y + s * 1.4, 555)
  y += s * 2.1
  for (const line of f.lines) {
    c.text(line.text, 40, y)
    c.text(String(line.qty), 300, y, { alignRight: true })
    c.text(p.plain(line.price), 385, y, { alignRight: true })
    c.text(`${line.rate} %`, 445, y, { alignRight: true })
    c.text(p.plain(line.amount), 555, y, { alignRight: true })
    y += s * 1.6
  }
  c.rule(40, y, 555)
  // The summary box on the right: each amount over its caption, the amount to pay last and largest.
  const boxTop = y + 36
  const boxLeft = 360
  c.text(w.summary, boxLeft, boxTop - s * 1.6, { bold: true, size: s - 1 })
  let by = boxTop + 10
  by = cell(p.money(f.net), w.net, 545, by, { right: true }) + 4
  for (const v of f.vat) by = cell(p.money(v.vat), `${w.vat} ${v.rate} %`, 545, by, { right: true }) + 4
  by = cell(p.money(f.total), w.total, 545, by + 6, { right: true, big: true })
  c.page.drawRectangle({
    x: boxLeft,
    y: c.page.getHeight() - by - 6,
    width: 555 - boxLeft,
    height: by + 6 - boxTop,
    borderWidth: 1.2,
    borderColor: rgb(0.15, 0.15, 0.15),
  })
  // The payment facts at the left of the box, each over its caption; the supplier's number at the foot.
  c.text(w.payment, 40, boxTop - s * 1.6, { bold: true, size: s - 1 })
  let py = boxTop + 10
  if (p.pay.account) py = cell(p.pay.account, w.account, 40, py) + 4
  if (f.kid) py = cell(f.kid, w.kid, 40, py) + 4
  if (p.pay.iban) py = cell(p.pay.iban, w.iban, 40, py) + 4
  if (p.pay.bic) py = cell(p.pay.bic, w.bic, 40, py) + 4
  cell(p.id.value, p.id.label.replace(/:$/, ''), 40, py + 6)
  c.rule(40, 790, 555)
  c.text(`${f.supplier} · ${f.street} · ${f.place}`, 40, 796, { size: s - 2 })
  return done('own-summary-box', p, seed, await doc.save({ useObjectStreams: false }), 1, `${lang},${fonts}`)
}

// ---- own-statement ----

type StatementLang = 'nb' | 'da' | 'en'

const STATEMENT_WORDS: Record<StatementLang, string> = {
  nb: 'KONTOUTSKRIFT OG FAKTURA|Kontoutskrift per|Dato|Bilag|Tekst|Debet|Kredit|Saldo|Saldo fra forrige utskrift|Innbetaling, takk|Faktura|Spesifikasjon av faktura|Fakturadato|Forfallsdato|Kundenummer|Vare / tjeneste|Antall|Beløp|Sum eks. mva|Mva.|Å betale|Betales til konto|KID|Org.nr.|Kunde',
  da: 'KONTOUDTOG OG FAKTURA|Kontoudtog pr.|Dato|Bilag|Tekst|Debet|Kredit|Saldo|Saldo fra sidste udtog|Indbetaling, tak|Faktura|Specifikation af faktura|Fakturadato|Forfaldsdato|Kundenummer|Vare / ydelse|Antal|Beløb|Subtotal|Moms|At betale|Betales til konto|KID|CVR/Org.nr.|Kunde',
  en: 'STATEMENT AND INVOICE|Statement as at|Date|Ref.|Details|Debit|Credit|Balance|Balance brought forward|Payment received, thank you|Invoice|Invoice details|Invoice date|Due date|Customer no.|Item|Qty|Amount|Net total|VAT|Amount due|Pay to account|KID|Org. no.|Customer',
}
const STATEMENT_KEYS = [
  'title',
  'asAt',
  'date',
  'ref',
  'details',
  'debit',
  'credit',
  'balance',
  'forward',
  'payment',
  'invoice',
  'spec',
  'invoiceDate',
  'due',
  'customerNo',
  'item',
  'qty',
  'amount',
  'net',
  'vat',
  'total',
  'payTo',
  'kid',
  'org',
  'customer',
] as const
type StatementWords = Record<(typeof STATEMENT_KEYS)[number], string>
const statementWords = (lang: StatementLang) =>
  Object.fromEntries(STATEMENT_WORDS[lang].split('|').map((w, i) => [STATEMENT_KEYS[i], w])) as StatementWords

const STATEMENT_LANG: Partial<Record<Country, StatementLang>> = { NO: 'nb', DK: 'da', GB: 'en' }

export async function generateStatement(seed: number): Promise<CorpusDocument> {
  const p = printing(seed, 1402, ['NO', 'NO', 'NO', 'DK', 'GB'], [1, 7], (f, r) => {
    if (f.country === 'DK')
      return { money: pick(r, MONEY_FORMS.da!), date: pick(r, [standard('dmy-'), standard('dmy.')]) }
    if (f.country === 'GB')
      return { money: pick(r, MONEY_FORMS.en!), date: pick(r, [standard('dmy/'), standard('long')]) }
    return { money: pick(r, MONEY_FORMS.nb!), date: standard('dmy.') }
  })
  const { f, r } = p
  const lang = STATEMENT_LANG[f.country]!
  const w = statementWords(lang)
  const { doc, page, fonts } = await newDocument(r)
  const c = page()
  const s = c.size
  // The ledger: the balance brought forward and the payment that cleared it, then this invoice.
  const brought = int(r, 0, 3) === 0 ? 0 : int(r, 20_000, 4_000_000)
  const fromDate = addDays(f.invoiceDate, -int(r, 28, 35))
  const paidDate = addDays(fromDate, int(r, 5, 20))
  const ledger: [string, string, string, number | null, number | null][] = [
    [fromDate, '', w.forward, null, null],
    ...(brought
      ? [
          [paidDate, String(int(r, 10000, 99999)), w.payment, null, brought] as [
            string,
            string,
            string,
            null,
            number,
          ],
        ]
      : []),
    [f.invoiceDate, f.number, `${w.invoice} ${f.number}`, f.total, null],
  ]
  c.text(f.supplier, 40, 40, { bold: true, size: s + 4 })
  c.text(`${f.street}, ${f.place}`, 40, 40 + (s + 4) * 1.5)
  c.text(`${p.id.label} ${p.id.value}`, 40, 40 + (s + 4) * 1.5 + s * 1.4)
  c.text(w.title, 555, 40, { bold: true, size: s + 5, alignRight: true })
  c.text(`${w.asAt} ${p.date(f.invoiceDate)}`, 555, 40 + (s + 5) * 1.6, { alignRight: true })
  c.text(w.customer, 40, 110, { bold: true, size: s - 1 })
  c.text(f.buyer, 40, 110 + s * 1.4)
  c.text(`${w.org} ${formatOrgNumber(f.buyerOrg)}`, 40, 110 + s * 2.8)
  c.text(`${w.customerNo}: ${f.customerNo}`, 330, 110 + s * 1.4)
  c.text(`${w.invoiceDate}: ${p.date(f.invoiceDate)}`, 330, 110 + s * 2.8)
  // The statement table: date, reference, details, debit, credit, running balance.
  let y = 170
  // Each column as wide as its widest entry (a long date, an invoice number as the reference).
  const width = (texts: string[]) => Math.max(...texts.map((t) => c.fonts.bold.widthOfTextAtSize(t, s))) + 14
  const ref = 40 + width([w.date, ...ledger.map(([date]) => p.date(date))])
  const cols = {
    date: 40,
    ref,
    details: ref + width([w.ref, ...ledger.map(([, r]) => r)]),
    debit: 420,
    credit: 490,
    balance: 555,
  }
  c.text(w.date, cols.date, y, { bold: true })
  c.text(w.ref, cols.ref, y, { bold: true })
  c.text(w.details, cols.details, y, { bold: true })
  c.text(w.debit, cols.debit, y, { bold: true, alignRight: true })
  c.text(w.credit, cols.credit, y, { bold: true, alignRight: true })
  c.text(w.balance, cols.balance, y, { bold: true, alignRight: true })
  c.rule(40, y + s * 1.4, 555)
  y += s * 2.1
  let balance = 0
  ledger.forEach(([date, ref, details, debit, credit], i) => {
    balance = i === 0 ? brought : balance + (debit ?? 0) - (credit ?? 0)
    c.text(p.date(date), cols.date, y)
    c.text(ref, cols.ref, y)
    c.text(details, cols.details, y)
    if (debit !== null) c.text(p.plain(debit), cols.debit, y, { alignRight: true })
    if (credit !== null) c.text(p.plain(credit), cols.credit, y, { alignRight: true })
    c.text(p.plain(balance), cols.balance, y, { alignRight: true })
    y += s * 1.6
  })
  c.rule(40, y, 555)
  // The invoice's own specification.
  y += 26
  c.text(`${w.spec} ${f.number}`, 40, y, { bold: true, size: s + 1 })
  y += s * 2.2
  c.text(w.item, 40, y, { bold: true })
  c.text(w.qty, 360, y, { bold: true, alignRight: true })
  c.text(w.amount, 555, y, { bold: true, alignRight: true })
  c.rule(40, y + s * 1.4, 555)
  y += s * 2.1
  for (const line of f.lines) {
    c.text(`${line.text} (${w.vat} ${line.rate} %)`, 40, y)
    c.text(String(line.qty), 360, y, { alignRight: true })
    c.text(p.plain(line.amount), 555, y, { alignRight: true })
    y += s * 1.5
  }
  c.rule(300, y, 555)
  y += s * 0.8
  c.text(w.net, 300, y)
  c.text(p.money(f.net), 555, y, { alignRight: true })
  for (const v of f.vat) {
    y += s * 1.5
    c.text(`${w.vat} ${v.rate} %`, 300, y)
    c.text(p.money(v.vat), 555, y, { alignRight: true })
  }
  y += s * 2.8
  // The amount to pay, its due date and where to pay it, set apart in a framed band.
  const pay = [
    p.pay.account && `${w.payTo} ${p.pay.account}`,
    f.kid && `${w.kid} ${f.kid}`,
    p.pay.iban && `IBAN ${p.pay.iban}`,
    p.pay.bic && `BIC ${p.pay.bic}`,
  ].filter((x): x is string => Boolean(x))
  const rows = [pay.slice(0, 2), pay.slice(2)].filter((row) => row.length)
  c.rect(40, y - 8, 515, (s + 2) * 1.7 + s * 1.5 * (rows.length + 1) + 12)
  c.text(w.total, 50, y, { bold: true, size: s + 2 })
  c.text(p.money(f.total), 545, y, { bold: true, size: s + 2, alignRight: true })
  y += (s + 2) * 1.7
  c.text(`${w.due}: ${p.date(f.dueDate)}`, 50, y)
  rows.forEach((row, i) => c.text(row.join('   '), 50, y + s * 1.5 * (i + 1)))
  return done('own-statement', p, seed, await doc.save({ useObjectStreams: false }), 1, `${lang},${fonts}`)
}
