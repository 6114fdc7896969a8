// Own layout family `own-ehf-visual` (its group: ../families.ts): a Norwegian EHF invoice (Peppol BIS Billing
// 3.0) as an accounting system shows and prints it, an e-invoice's data rendered section by section rather
// than a supplier's own layout, printed to PDF by Chromium (./chromium.ts). Two renderings:
// - `register`: the e-invoice presentation in the manner of the public EHF stylesheet: the title with the
//   document type and the format's identifiers, grey section bars (`Selger`, `Kjøper`, `Fakturadetaljer`,
//   `Leveranse`, `Betalingsinformasjon`, `Fakturalinjer`, `MVA-oppsummering`, `Totalsum`, `Vedlegg`), each
//   section a list of labels and values in two columns, the lines with the seller's item number, the unit's
//   code (`EA`, `HUR`, `MON`), VAT category and rate, the VAT breakdown by category and rate, the document
//   totals (sum of lines, net, VAT, gross, prepaid amount, rounding, amount to pay);
// - `cards`: an inbox's viewer: a head with the title, the number and the amount to pay with its due date,
//   then cards for the seller, the buyer, the invoice's references, the delivery and the payment, the lines,
//   the VAT breakdown and the totals, and when the e-invoice was received (a time stamp of its own).
// Values are shown as the message holds them (ISO dates, amounts with a decimal point and the currency code)
// or formatted for Norwegian eyes (`15.03.2026`, `1 234,50`). The seller's organisation number with `MVA`
// and its electronic address (`0192:…`), the buyer's the same way; the payment means (credit transfer to
// the account, the KID, sometimes a second one with IBAN and BIC). A credit note (`Kreditnota`, type 381)
// names the invoice it credits and, as the message holds it, shows its amounts without a minus. Languages:
// Norwegian bokmål and English (`Invoice`, `Seller`, `Buyer`, `Payment means`); fonts Liberation Sans,
// DejaVu Sans or Roboto.
import { PDFDocument } from 'pdf-lib'
import { formatBankAccount, formatOrgNumber } from '../../../common/norwegian.ts'
import { addDays, int, pick, PLACES, rng, STREETS, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  moneyText,
  resum,
  textPdfDocument,
  type CorpusDocument,
  type Facts,
} from './facts.ts'
import { fontFaces, printHtml } from './chromium.ts'
import { inLanguage, unitKinds } from './items.ts'

type Lang = 'nb' | 'en'
type Style = 'register' | 'cards'

interface Words {
  title: string
  creditTitle: string
  format: string
  seller: string
  buyer: string
  details: string
  delivery: string
  payment: string
  lines: string
  vatBreakdown: string
  totals: string
  attachments: string
  note: string
  name: string
  orgNo: string
  vatNo: string
  endpoint: string
  address: string
  contact: string
  phone: string
  email: string
  number: string
  creditNumber: string
  date: string
  due: string
  typeCode: string
  types: [string, string]
  currency: string
  buyerRef: string
  orderRef: string
  contractRef: string
  projectRef: string
  billingRef: string
  deliveryDate: string
  deliveryPlace: string
  means: string
  creditTransfer: string
  account: string
  kid: string
  bic: string
  terms: string
  days: (n: number) => string
  head: [string, string, string, string, string, string, string, string]
  period: string
  category: string
  rate: string
  base: string
  vatAmount: string
  lineSum: string
  net: string
  vat: string
  gross: string
  prepaid: string
  rounding: string
  payable: string
  received: string
  via: string
  page: [string, string]
  shownBy: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    title: 'Faktura',
    creditTitle: 'Kreditnota',
    format: 'EHF Billing 3.0 (Peppol BIS Billing 3.0)',
    seller: 'Selger',
    buyer: 'Kjøper',
    details: 'Fakturadetaljer',
    delivery: 'Leveranse',
    payment: 'Betalingsinformasjon',
    lines: 'Fakturalinjer',
    vatBreakdown: 'MVA-oppsummering',
    totals: 'Totalsum',
    attachments: 'Vedlegg',
    note: 'Merknad',
    name: 'Navn',
    orgNo: 'Organisasjonsnummer',
    vatNo: 'MVA-nummer',
    endpoint: 'Elektronisk adresse',
    address: 'Adresse',
    contact: 'Kontaktperson',
    phone: 'Telefon',
    email: 'E-post',
    number: 'Fakturanummer',
    creditNumber: 'Kreditnotanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    typeCode: 'Dokumenttype',
    types: ['380 – Faktura', '381 – Kreditnota'],
    currency: 'Valuta',
    buyerRef: 'Kjøpers referanse',
    orderRef: 'Ordrereferanse',
    contractRef: 'Kontraktsreferanse',
    projectRef: 'Prosjektreferanse',
    billingRef: 'Fakturareferanse',
    deliveryDate: 'Leveringsdato',
    deliveryPlace: 'Leveringssted',
    means: 'Betalingsmåte',
    creditTransfer: '30 – Kredittoverføring',
    account: 'Kontonummer',
    kid: 'KID',
    bic: 'BIC',
    terms: 'Betalingsbetingelser',
    days: (n) => `${n} dager netto`,
    head: ['Linje', 'Varenr.', 'Beskrivelse', 'Antall', 'Enhet', 'Pris', 'MVA', 'Linjebeløp'],
    period: 'Periode',
    category: 'MVA-kategori',
    rate: 'Sats',
    base: 'Grunnlag',
    vatAmount: 'MVA-beløp',
    lineSum: 'Sum linjebeløp',
    net: 'Sum eksklusiv MVA',
    vat: 'Sum MVA',
    gross: 'Sum inklusiv MVA',
    prepaid: 'Forskuddsbetalt beløp',
    rounding: 'Avrundingsbeløp',
    payable: 'Beløp å betale',
    received: 'Mottatt',
    via: 'via Peppol',
    page: ['Side', 'av'],
    shownBy: 'Visning av elektronisk faktura',
  },
  en: {
    title: 'Invoice',
    creditTitle: 'Credit note',
    format: 'Peppol BIS Billing 3.0 (EHF)',
    seller: 'Seller',
    buyer: 'Buyer',
    details: 'Invoice details',
    delivery: 'Delivery',
    payment: 'Payment means',
    lines: 'Invoice lines',
    vatBreakdown: 'VAT breakdown',
    totals: 'Document totals',
    attachments: 'Attachments',
    note: 'Note',
    name: 'Name',
    orgNo: 'Legal registration ID',
    vatNo: 'VAT identifier',
    endpoint: 'Electronic address',
    address: 'Address',
    contact: 'Contact',
    phone: 'Phone',
    email: 'E-mail',
    number: 'Invoice number',
    creditNumber: 'Credit note number',
    date: 'Issue date',
    due: 'Due date',
    typeCode: 'Document type',
    types: ['380 – Commercial invoice', '381 – Credit note'],
    currency: 'Currency',
    buyerRef: 'Buyer reference',
    orderRef: 'Order reference',
    contractRef: 'Contract reference',
    projectRef: 'Project reference',
    billingRef: 'Preceding invoice',
    deliveryDate: 'Actual delivery date',
    deliveryPlace: 'Deliver to',
    means: 'Payment means code',
    creditTransfer: '30 – Credit transfer',
    account: 'Payment account',
    kid: 'Payment ID (KID)',
    bic: 'BIC',
    terms: 'Payment terms',
    days: (n) => `Net ${n} days`,
    head: ['Line', 'Item no.', 'Description', 'Quantity', 'Unit', 'Price', 'VAT', 'Net amount'],
    period: 'Period',
    category: 'VAT category',
    rate: 'Rate',
    base: 'Taxable amount',
    vatAmount: 'VAT amount',
    lineSum: 'Sum of line net amounts',
    net: 'Total without VAT',
    vat: 'Total VAT',
    gross: 'Total with VAT',
    prepaid: 'Paid amount',
    rounding: 'Rounding amount',
    payable: 'Amount due for payment',
    received: 'Received',
    via: 'via Peppol',
    page: ['Page', 'of'],
    shownBy: 'Electronic invoice view',
  },
}

const CONTACTS = ['Kari Nordmann', 'Ola Hansen', 'Ingrid Moe', 'Per Olsen', 'Marte Kirkerud', 'Jonas Berg']
const SYSTEMS = ['Regnskapssystemet', 'Inngående EHF', 'Fakturamottak', 'E-faktura innboks']

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A page-foot text for @page margin boxes (a CSS string: quotes and backslashes escaped). */
const cssString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

interface Sums {
  lineSum: number
  net: number
  vat: Facts['vat']
  vatTotal: number
  gross: number
  prepaid: number
  rounding: number
  payable: number
}

interface Printing {
  f: Facts
  r: Rand
  w: Words
  lang: Lang
  credit: boolean
  credited: string
  creditedDate: string
  sums: Sums
  money: (c: number) => string
  amount: (c: number) => string
  date: (iso: string) => string
  orgText: string
  vatText: string
  buyerOrgText: string
  buyerVatText: string
  account: string
  iban: string | null
  units: string[]
  font: string
  size: number
  accent: string
  seller: { street: string; place: string; contact: string; phone: string; email: string }
  buyer: { street: string; place: string; contact: string; ref: string }
  refs: [string, string][]
  delivery: { date: string; street: string; place: string } | null
  received: string
  attachment: string
  note: string | null
  days: number
}

export async function generateEhfVisual(seed: number): Promise<CorpusDocument> {
  // The language, rendering and length drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 2801)
  const lang: Lang = pick(spread, ['nb', 'nb', 'nb', 'en'])
  const style: Style = pick(spread, ['register', 'cards'])
  const { facts: f, r } = makeFacts(seed, 2801, {
    country: 'NO',
    kid: 0.65,
    lines: pick(spread, [
      [1, 3],
      [2, 6],
      [4, 12],
    ] as [number, number][]),
  })
  // Services and goods at the standard rate, passenger transport at the low one.
  f.lines = f.lines.map((l) => ({ ...l, rate: /Travel/.test(l.text) ? 12 : 25 }))
  resum(f)
  const lineUnits = unitKinds(f)
  inLanguage(f, lang)
  const w = WORDS[lang]
  const credit = r() < 0.1
  // A credit note carries no payment means: no account, no KID.
  if (credit) f.kid = f.iban = f.account = null

  // What is to pay: the gross total, less an amount paid in advance, plus the rounding to whole kroner.
  const gross = f.total
  const share = !credit && r() < 0.15 ? int(r, 10, 50) : 0
  const prepaid = Math.floor((gross * share) / 100 / 10000) * 10000
  const rounding = !credit && r() < 0.25 ? Math.round((gross - prepaid) / 100) * 100 - (gross - prepaid) : 0
  const payable = gross - prepaid + rounding
  f.total = payable
  const sums: Sums = {
    lineSum: f.net,
    net: f.net,
    vat: f.vat,
    vatTotal: f.vat.reduce((s, v) => s + v.vat, 0),
    gross,
    prepaid,
    rounding,
    payable,
  }

  // Values as the message holds them, or formatted for Norwegian readers.
  const raw = r() < 0.45
  const form = raw
    ? { group: '', decimal: '.' }
    : lang === 'en'
      ? { group: ',', decimal: '.' }
      : { group: ' ', decimal: ',' }
  const amount = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const money = (c: number) =>
    raw || lang === 'nb' ? `${amount(c)} ${f.currency}` : `${f.currency} ${amount(c)}`
  const date = (iso: string) => (raw ? iso : dateText(iso, 'dmy.'))
  const org = f.supplierId
  const orgText = pick(r, [org, formatOrgNumber(org), `${formatOrgNumber(org)} MVA`])
  const vatText = `NO${org}MVA`
  const buyerOrgText = raw ? f.buyerOrg : formatOrgNumber(f.buyerOrg)
  const account = !f.account ? '' : raw ? f.account : pick(r, [formatBankAccount(f.account), f.account])
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  const domain = `${f.supplier
    .toLowerCase()
    .replace(/\s(as|asa)$/, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/å/g, 'a')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.no`
  const contact = pick(r, CONTACTS)
  const buyerContact = pick(
    r,
    CONTACTS.filter((c) => c !== contact),
  )
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  const refs: [string, string][] = [
    ...(r() < 0.6 ? [[w.orderRef, pick(r, [f.orderNo, `PO-${f.orderNo}`])] as [string, string]] : []),
    ...(r() < 0.3 ? [[w.contractRef, `K-${int(r, 2019, 2025)}-${int(r, 10, 99)}`] as [string, string]] : []),
    ...(r() < 0.3 ? [[w.projectRef, String(int(r, 1000, 9999))] as [string, string]] : []),
  ]
  const delivery =
    r() < 0.65
      ? {
          date: addDays(f.invoiceDate, -int(r, 0, 12)),
          street: r() < 0.5 ? buyerStreet : pick(r, STREETS),
          place: r() < 0.5 ? buyerPlace : pick(r, PLACES),
        }
      : null
  // Received a few minutes to two days after it was issued.
  const receivedDay = addDays(f.invoiceDate, int(r, 0, 2))
  const received = `${date(receivedDay)} ${String(int(r, 6, 22)).padStart(2, '0')}:${String(int(r, 0, 59)).padStart(2, '0')}`
  const p: Printing = {
    f,
    r,
    w,
    lang,
    credit,
    credited: String(int(r, 1000, 999999)),
    creditedDate: addDays(f.invoiceDate, -int(r, 10, 60)),
    sums,
    money,
    amount,
    date,
    orgText,
    vatText,
    buyerOrgText,
    buyerVatText: `NO${f.buyerOrg}MVA`,
    account,
    iban: f.iban,
    units: lineUnits.map((k) => (k === 1 ? 'HUR' : k === 2 ? 'MON' : pick(r, ['EA', 'C62']))),
    font: pick(r, ['Liberation Sans', 'Liberation Sans', 'DejaVu Sans', 'Roboto']),
    size: pick(r, [8, 8.5, 9]),
    accent: pick(r, ['#2b5797', '#00574b', '#6b2d5c', '#444444', '#b3541e']),
    seller: {
      street: f.street,
      place: f.place,
      contact,
      phone: `+47 ${int(r, 2, 9)}${int(r, 0, 9)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`,
      email: `${pick(r, ['faktura', 'post', 'regnskap'])}@${domain}`,
    },
    buyer: {
      street: buyerStreet,
      place: buyerPlace,
      contact: buyerContact,
      ref: pick(r, [
        buyerContact,
        String(int(r, 100, 9999)),
        `${int(r, 1000, 9999)}-${pick(r, ['IT', 'DRIFT', 'ADM'])}`,
      ]),
    },
    refs,
    delivery,
    received,
    attachment: `${lang === 'en' ? 'Invoice' : 'Faktura'}_${f.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
    note: r() < 0.3 ? (lang === 'en' ? 'Thank you for your order.' : 'Takk for handelen!') : null,
    days,
  }
  const html = style === 'register' ? registerHtml(p) : cardsHtml(p)
  const bytes = await printHtml(html)
  const pages = (await PDFDocument.load(bytes)).getPageCount()
  const totalText = money(payable)
  return textPdfDocument({
    family: 'own-ehf-visual',
    kind: 'layout',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${style},${lang},${raw ? 'raw' : 'formatted'},${p.font}${credit ? ',credit' : ''}${prepaid ? ',prepaid' : ''}${rounding ? ',rounded' : ''}${f.iban ? ',iban' : ''},${pages}p`,
    id: orgText,
    pay: { ...(f.account ? { account } : {}), ...(f.iban ? { iban: f.iban } : {}) },
    total: totalText,
    date,
    credit,
  })
}

type Rows = [string, string][]

function sellerRows(p: Printing): Rows {
  const { f, w } = p
  return [
    [w.name, f.supplier],
    [w.orgNo, p.orgText],
    [w.vatNo, p.vatText],
    [w.endpoint, `0192:${f.supplierId}`],
    [w.address, `${p.seller.street}, ${p.seller.place}`],
    [w.contact, p.seller.contact],
    [w.phone, p.seller.phone],
    [w.email, p.seller.email],
  ]
}

function buyerRows(p: Printing): Rows {
  const { f, w } = p
  return [
    [w.name, f.buyer],
    [w.orgNo, p.buyerOrgText],
    [w.vatNo, p.buyerVatText],
    [w.endpoint, `0192:${f.buyerOrg}`],
    [w.address, `${p.buyer.street}, ${p.buyer.place}`],
    [w.contact, p.buyer.contact],
  ]
}

function detailRows(p: Printing): Rows {
  const { f, w, credit } = p
  return [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, p.date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, p.date(f.dueDate)] as [string, string]]),
    [w.typeCode, w.types[credit ? 1 : 0]],
    [w.currency, f.currency],
    [w.buyerRef, p.buyer.ref],
    ...p.refs,
    ...(credit ? [[w.billingRef, `${p.credited} (${p.date(p.creditedDate)})`] as [string, string]] : []),
  ]
}

function deliveryRows(p: Printing): Rows {
  const { w, delivery } = p
  if (!delivery) return []
  return [
    [w.deliveryDate, p.date(delivery.date)],
    [w.deliveryPlace, `${delivery.street}, ${delivery.place}`],
  ]
}

/** The payment means: a credit transfer to the account with the KID, a second one with IBAN and BIC. */
function paymentRows(p: Printing, dueLabel: string): Rows {
  const { f, w } = p
  if (p.credit) return []
  return [
    [w.means, w.creditTransfer],
    [w.account, p.account],
    ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
    [dueLabel, p.date(f.dueDate)],
    [w.terms, w.days(p.days)],
    ...(p.iban ? [['IBAN', p.iban] as [string, string], [w.bic, f.bic!] as [string, string]] : []),
  ]
}

function totalRows(p: Printing): [string, string, boolean][] {
  const { w, sums } = p
  return [
    [w.lineSum, p.amount(sums.lineSum), false],
    [w.net, p.amount(sums.net), false],
    [w.vat, p.amount(sums.vatTotal), false],
    // A credit note's last row is its total, with the currency.
    [w.gross, p.credit ? p.money(sums.gross) : p.amount(sums.gross), p.credit],
    ...(sums.prepaid ? [[w.prepaid, p.amount(sums.prepaid), false] as [string, string, boolean]] : []),
    ...(sums.rounding ? [[w.rounding, p.amount(sums.rounding), false] as [string, string, boolean]] : []),
    ...(p.credit ? [] : [[w.payable, p.money(sums.payable), true] as [string, string, boolean]]),
  ]
}

const kv = (rows: Rows) =>
  `<table class="kv">${rows.map(([l, v]) => `<tr><td class="l">${esc(l)}</td><td class="v">${esc(v)}</td></tr>`).join('')}</table>`

function linesTable(p: Printing): string {
  const { f, w } = p
  const head = w.head
  const rows = f.lines
    .map((l, i) => {
      const unit = p.units[i]!
      const period =
        unit === 'MON'
          ? `<div class="period">${esc(`${w.period}: ${p.date(monthStart(f.invoiceDate))} – ${p.date(monthEnd(f.invoiceDate))}`)}</div>`
          : ''
      const qty = p.amount(l.qty * 100).replace(/[.,]00$/, '')
      return `<tr><td>${i + 1}</td><td>${1000 + ((Number(f.customerNo) + i * 71) % 9000)}</td><td>${esc(l.text)}${period}</td><td class="num">${esc(qty)}</td><td>${unit}</td><td class="num">${esc(p.amount(l.price))}</td><td class="num">S ${l.rate} %</td><td class="num">${esc(p.amount(l.amount))}</td></tr>`
    })
    .join('')
  return `<table class="lines"><thead><tr>${head.map((h, i) => `<th class="${i >= 3 && i !== 4 ? 'num' : ''}">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`
}

function vatTable(p: Printing): string {
  const { w, sums } = p
  const rows = sums.vat
    .map(
      (v) =>
        `<tr><td>S</td><td class="num">${v.rate} %</td><td class="num">${esc(p.amount(v.base))}</td><td class="num">${esc(p.amount(v.vat))}</td></tr>`,
    )
    .join('')
  return `<table class="vat"><thead><tr><th>${esc(w.category)}</th><th class="num">${esc(w.rate)}</th><th class="num">${esc(w.base)}</th><th class="num">${esc(w.vatAmount)}</th></tr></thead><tbody>${rows}</tbody></table>`
}

function totalsTable(p: Printing): string {
  return `<table class="totals">${totalRows(p)
    .map(
      ([l, v, strong]) =>
        `<tr class="${strong ? 'strong' : ''}"><td>${esc(l)}</td><td class="num">${esc(v)}</td></tr>`,
    )
    .join('')}</table>`
}

function monthStart(iso: string): string {
  return `${iso.slice(0, 8)}01`
}

function monthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

function page(p: Printing, css: string, body: string): string {
  const title = `${p.credit ? p.w.creditTitle : p.w.title} ${p.f.number}`
  const foot = `${p.w.shownBy} · ${pick(p.r, SYSTEMS)}`
  return `<!doctype html><html lang="${p.lang === 'nb' ? 'no' : 'en'}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
${fontFaces([...new Set([p.font, 'DejaVu Sans'])])}
@page { size: A4; margin: 14mm 14mm 16mm;
  @bottom-left { content: ${cssString(foot)}; font-family: '${p.font}', 'DejaVu Sans'; font-size: 7pt; color: #777; }
  @bottom-right { content: ${cssString(`${p.w.page[0]} `)} counter(page) ${cssString(` ${p.w.page[1]} `)} counter(pages); font-family: '${p.font}', 'DejaVu Sans'; font-size: 7pt; color: #777; } }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { padding: 0 2pt; font-family: '${p.font}', 'DejaVu Sans', sans-serif; font-size: ${p.size}pt; line-height: 1.35; color: #222; }
table { border-collapse: collapse; }
.num { text-align: right; white-space: nowrap; }
table.kv td { padding: 1.2pt 6pt 1.2pt 0; vertical-align: top; }
table.kv td.l { color: #666; white-space: nowrap; }
table.lines { width: 100%; }
table.lines th { text-align: left; font-weight: 700; padding: 3pt 4pt; border-bottom: 1px solid #999; }
table.lines th.num { text-align: right; }
table.lines td { padding: 3pt 4pt; border-bottom: 1px solid #ddd; vertical-align: top; }
table.lines .period { font-size: ${p.size - 1}pt; color: #666; }
table.vat { width: 100%; }
table.vat th { text-align: left; font-weight: 700; padding: 2.5pt 4pt; border-bottom: 1px solid #999; }
table.vat th.num { text-align: right; }
table.vat td { padding: 2.5pt 4pt; border-bottom: 1px solid #eee; }
table.totals { width: 100%; }
table.totals td { padding: 2.5pt 4pt; }
table.totals tr.strong td { font-weight: 700; border-top: 1.5px solid #222; padding-top: 4pt; }
${css}
</style></head><body>${body}</body></html>`
}

function registerHtml(p: Printing): string {
  const { w, f, credit } = p
  const dueLabel = p.lang === 'nb' && p.r() < 0.5 ? 'Betalingsfrist' : w.due
  const bar = (title: string) => `<div class="bar">${esc(title)}</div>`
  const payment = paymentRows(p, dueLabel)
  const half = Math.ceil(payment.length / 2)
  const css = `
.top { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2px solid ${p.accent}; padding-bottom: 6pt; margin-bottom: 8pt; }
h1 { margin: 0; font-size: ${p.size + 12}pt; font-weight: 700; color: ${p.accent}; }
.format { font-size: ${p.size - 1}pt; color: #666; }
.topfacts { text-align: right; }
.topfacts b { font-size: ${p.size + 2}pt; }
.bar { background: #e4e4e4; font-weight: 700; padding: 2pt 5pt; margin: 7pt 0 3pt; break-after: avoid; }
.two { display: flex; gap: 14pt; }
.two > div { flex: 1; }
.bottom { display: flex; gap: 18pt; break-inside: avoid; }
.bottom > div:first-child { flex: 1.1; }
.bottom > div:last-child { flex: 1; }
.small { font-size: ${p.size - 1}pt; color: #555; }`
  const body = `
<div class="top">
  <div><h1>${esc(credit ? w.creditTitle : w.title)}</h1><div class="format">${esc(w.format)}</div></div>
  <div class="topfacts"><div>${esc(credit ? w.creditNumber : w.number)}: <b>${esc(f.number)}</b></div><div>${esc(w.date)}: ${esc(p.date(f.invoiceDate))}</div></div>
</div>
<div class="two"><div>${bar(w.seller)}${kv(sellerRows(p))}</div><div>${bar(w.buyer)}${kv(buyerRows(p))}</div></div>
<div class="two"><div>${bar(w.details)}${kv(detailRows(p))}</div><div>${p.delivery ? `${bar(w.delivery)}${kv(deliveryRows(p))}` : ''}</div></div>
${payment.length ? `${bar(w.payment)}<div class="two"><div>${kv(payment.slice(0, half))}</div><div>${kv(payment.slice(half))}</div></div>` : ''}
${bar(w.lines)}${linesTable(p)}
<div class="bottom"><div>${bar(w.vatBreakdown)}${vatTable(p)}</div><div>${bar(w.totals)}${totalsTable(p)}</div></div>
${p.note ? `${bar(w.note)}<div>${esc(p.note)}</div>` : ''}
${bar(w.attachments)}<div class="small">${esc(p.attachment)} (application/pdf)</div>`
  return page(p, css, body)
}

function cardsHtml(p: Printing): string {
  const { w, f, credit, sums } = p
  const dueLabel = p.lang === 'nb' && p.r() < 0.4 ? 'Betalingsfrist' : w.due
  const card = (title: string, inner: string) =>
    `<div class="card"><div class="card-title">${esc(title)}</div>${inner}</div>`
  const headAmount = credit ? [w.gross, p.money(sums.gross)] : [w.payable, p.money(sums.payable)]
  const css = `
.head { display: flex; justify-content: space-between; align-items: stretch; background: ${p.accent}; color: #fff; border-radius: 6pt; padding: 10pt 12pt; }
.head h1 { margin: 0; font-size: ${p.size + 10}pt; }
.head .no { font-size: ${p.size + 2}pt; margin-top: 2pt; }
.head .badge { display: inline-block; margin-top: 6pt; border: 1px solid rgba(255,255,255,0.7); border-radius: 8pt; padding: 1pt 6pt; font-size: ${p.size - 1.5}pt; }
.head .pay { text-align: right; }
.head .pay .big { font-size: ${p.size + 8}pt; font-weight: 700; }
.received { margin: 5pt 2pt 8pt; font-size: ${p.size - 1}pt; color: #666; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 8pt; margin-bottom: 8pt; }
.card { border: 1px solid #d8d8d8; border-radius: 5pt; padding: 6pt 8pt; break-inside: avoid; }
.card-title { font-weight: 700; color: ${p.accent}; margin-bottom: 3pt; text-transform: uppercase; font-size: ${p.size - 1}pt; letter-spacing: 0.4pt; }
.wide { margin-bottom: 8pt; }
.bottom { display: grid; grid-template-columns: 1.1fr 1fr; gap: 8pt; break-inside: avoid; }
.small { font-size: ${p.size - 1}pt; color: #555; }`
  const payment = paymentRows(p, dueLabel)
  const body = `
<div class="head">
  <div><h1>${esc(credit ? w.creditTitle : w.title)}</h1><div class="no">${esc(f.number)}</div><div class="badge">${esc(w.format)}</div></div>
  <div class="pay"><div>${esc(headAmount[0]!)}</div><div class="big">${esc(headAmount[1]!)}</div>${credit ? '' : `<div>${esc(dueLabel)} ${esc(p.date(f.dueDate))}</div>`}</div>
</div>
<div class="received">${esc(`${w.received} ${p.received} ${w.via}`)}</div>
<div class="grid">${card(w.seller, kv(sellerRows(p)))}${card(w.buyer, kv(buyerRows(p)))}</div>
<div class="grid">${card(w.details, kv(detailRows(p)))}${payment.length ? card(w.payment, kv(payment)) : p.delivery ? card(w.delivery, kv(deliveryRows(p))) : '<div></div>'}</div>
${payment.length && p.delivery ? `<div class="wide">${card(w.delivery, kv(deliveryRows(p)))}</div>` : ''}
<div class="wide">${card(w.lines, linesTable(p))}</div>
<div class="bottom">${card(w.vatBreakdown, vatTable(p))}${card(w.totals, totalsTable(p))}</div>
${p.note ? `<div class="wide" style="margin-top:8pt">${card(w.note, esc(p.note))}</div>` : ''}
<div class="small" style="margin-top:6pt">${esc(`${w.attachments}: ${p.attachment}`)}</div>`
  return page(p, css, body)
}
