// Own layout family `own-progress-invoice` (its group: ../families.ts): a building contractor's progress or
// instalment invoice (a konto) for a contract it is carrying out for the customer, laid out with the npm
// package pdfmake (MIT) on one A4 page. The contractor's name, address and registry or VAT number, the
// title with the instalment's number (`A konto-faktura nr. 3`, `Delfaktura nr. 4`, `Acontofaktura nr. 2`,
// `3. Abschlagsrechnung`, `Interim application No. 5`), a facts table (invoice number, date, due date,
// customer number, the contract's number, the period or valuation date), the customer with its
// organisation number, the project and its site. Then what the instalment is: one line for the instalment
// (`summary`, `history`) or the contract's items with their contract amounts, the share done, the value
// done to date, what was invoiced of them before and this invoice's part (`posts`); and the progress
// statement that leads to the amount: the contract sum, the agreed variations (`Tillegg/endringer`,
// `ÄTA-arbeten`, `Ekstraarbejder`, `Nachträge`, `Agreed variations`), the work done to date with its share,
// sometimes a retention withheld on it (`Tilbakehold`, `Innehållet belopp`, `Tilbageholdt`,
// `Sicherheitseinbehalt`, `Retention`), what was invoiced before (summed, or each earlier instalment with its
// invoice number and date in `history`), this invoice's net, the VAT and the amount to pay (`Å betale`,
// `Att betala`, `At betale`, `Zahlbetrag`, `Amount due`). How to pay: a Norwegian account and KID, a
// Swedish bankgiro and OCR number, a Danish registration and account number (some with an FI payment line,
// `+71<…`), IBAN and BIC, a British sort code. The truth: this invoice's number (never an earlier
// instalment's), its date and due date, and the amount this invoice asks to be paid, VAT included; the
// contract sum, the work done to date and the cumulative figures are distractors. Its lines are the items'
// parts of this invoice (and the retention's change, negative) or the one instalment line. Languages:
// Norwegian bokmål, Swedish, Danish, German and English (British contractors); fonts Roboto, DejaVu Sans,
// Helvetica or Times.
import { formatOrgNumber, mod10CheckDigit } from '../../../common/norwegian.ts'
import { addDays, int, pick, rng } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
} from './facts.ts'
import { datesOf } from './credit-note.ts'
import { pdfmakeDocument } from './pdfmake-invoice.ts'

type Lang = 'nb' | 'sv' | 'da' | 'de' | 'en'
type Market = 'NO' | 'SE' | 'DK' | 'DE' | 'GB'
type Layout = 'summary' | 'posts' | 'history'

interface Words {
  title: (k: number) => string
  number: string
  date: string
  due: string
  customerNo: string
  contract: string
  yourRef: string
  upTo: string
  buyer: string
  project: string
  site: string
  orgNo: string
  head: [string, string, string, string]
  postHead: [string, string, string, string, string, string, string]
  line: (k: number, upTo: string) => string
  statement: string
  contractSum: string
  variations: string
  adjusted: string
  done: (pct: string) => string
  retention: (rate: number) => string
  retentionLine: (rate: number) => string
  held: (rate: number) => string
  prev: string
  prevEach: (i: number, number: string, date: string) => string
  prevSum: string
  net: string
  vat: (rate: number) => string
  total: string
  remaining: string
  payment: string
  account: string
  kid: string
  reference: string
  refText: (number: string) => string
  posts: string[]
  thanks: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    title: (k) => `A konto-faktura nr. ${k}`,
    number: 'Fakturanr.',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenr.',
    contract: 'Kontrakt nr.',
    yourRef: 'Deres ref.',
    upTo: 'Opptjent t.o.m.',
    buyer: 'Faktureres til',
    project: 'Prosjekt',
    site: 'Byggeplass',
    orgNo: 'Org.nr.',
    head: ['Beskrivelse', 'Antall', 'Pris', 'Beløp'],
    postHead: [
      'Post',
      'Beskrivelse',
      'Kontrakt',
      'Utført',
      'Utført pr. dato',
      'Tidl. fakturert',
      'Denne faktura',
    ],
    line: (k, upTo) => `A konto nr. ${k} iht. kontrakt, utført arbeid t.o.m. ${upTo}`,
    statement: 'Fremdrift og fakturering',
    contractSum: 'Kontraktssum eks. mva',
    variations: 'Tillegg/endringer',
    adjusted: 'Sum kontrakt inkl. endringer',
    done: (p) => `Utført arbeid pr. dato (${p})`,
    retention: (rt) => `Tilbakehold ${rt} % av utført`,
    retentionLine: (rt) => `Tilbakehold ${rt} %, endring`,
    held: (rt) => `Tilbakeholdt totalt (${rt} %)`,
    prev: 'Tidligere fakturert',
    prevEach: (i, n, d) => `A konto nr. ${i}, faktura ${n} av ${d}`,
    prevSum: 'Sum tidligere fakturert',
    net: 'Denne faktura eks. mva',
    vat: (rt) => `Mva ${rt} %`,
    total: 'Å betale',
    remaining: 'Gjenstår å fakturere eks. mva',
    payment: 'Betalingsinformasjon',
    account: 'Kontonr.',
    kid: 'KID',
    reference: 'Merk betalingen',
    refText: (n) => `Fakturanr. ${n}`,
    posts: [
      'Rigg og drift',
      'Grunnarbeider',
      'Betongarbeider',
      'Tømrerarbeider',
      'Elektroarbeider',
      'Rørleggerarbeider',
      'Ventilasjon',
      'Maling og overflater',
    ],
    thanks: 'Fakturaen gjelder a konto iht. kontrakt. Sluttoppgjør etter overtakelse.',
  },
  sv: {
    title: (k) => `Delfaktura nr ${k}`,
    number: 'Fakturanr',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnr',
    contract: 'Kontrakt nr',
    yourRef: 'Er referens',
    upTo: 'Upparbetat t.o.m.',
    buyer: 'Faktureras till',
    project: 'Projekt',
    site: 'Arbetsplats',
    orgNo: 'Org.nr',
    head: ['Beskrivning', 'Antal', 'À-pris', 'Belopp'],
    postHead: ['Pos', 'Beskrivning', 'Kontrakt', 'Klart', 'Upparbetat', 'Tid. fakturerat', 'Denna faktura'],
    line: (k, upTo) => `Delfaktura ${k} enligt kontrakt, upparbetat t.o.m. ${upTo}`,
    statement: 'Upparbetat och fakturerat',
    contractSum: 'Kontraktssumma exkl. moms',
    variations: 'ÄTA-arbeten',
    adjusted: 'Summa kontrakt inkl. ÄTA',
    done: (p) => `Upparbetat hittills (${p})`,
    retention: (rt) => `Innehållet belopp ${rt} %`,
    retentionLine: (rt) => `Innehållet belopp ${rt} %, förändring`,
    held: (rt) => `Innehållet hittills (${rt} %)`,
    prev: 'Tidigare fakturerat',
    prevEach: (i, n, d) => `Delfaktura ${i}, faktura ${n} den ${d}`,
    prevSum: 'Summa tidigare fakturerat',
    net: 'Att fakturera denna gång exkl. moms',
    vat: (rt) => `Moms ${rt} %`,
    total: 'Att betala',
    remaining: 'Återstår att fakturera exkl. moms',
    payment: 'Betalning',
    account: 'Bankgiro',
    kid: 'OCR',
    reference: 'Ange vid betalning',
    refText: (n) => `Fakturanr ${n}`,
    posts: [
      'Etablering',
      'Markarbeten',
      'Betongarbeten',
      'Snickeriarbeten',
      'Elarbeten',
      'VVS-arbeten',
      'Ventilation',
      'Målning',
    ],
    thanks: 'Delfakturering enligt betalningsplan. Slutfaktura efter slutbesiktning.',
  },
  da: {
    title: (k) => `Acontofaktura nr. ${k}`,
    number: 'Fakturanr.',
    date: 'Fakturadato',
    due: 'Forfaldsdato',
    customerNo: 'Kundenr.',
    contract: 'Kontrakt nr.',
    yourRef: 'Deres ref.',
    upTo: 'Udført t.o.m.',
    buyer: 'Faktura til',
    project: 'Sag',
    site: 'Byggeplads',
    orgNo: 'Org.nr.',
    head: ['Beskrivelse', 'Antal', 'Pris', 'Beløb'],
    postHead: [
      'Pos.',
      'Beskrivelse',
      'Kontrakt',
      'Udført',
      'Udført til dato',
      'Tidl. faktureret',
      'Denne faktura',
    ],
    line: (k, upTo) => `Aconto ${k} iht. kontrakt, udført arbejde t.o.m. ${upTo}`,
    statement: 'Status for entreprisen',
    contractSum: 'Kontraktsum ekskl. moms',
    variations: 'Ekstraarbejder',
    adjusted: 'Kontraktsum inkl. ekstraarbejder',
    done: (p) => `Udført arbejde til dato (${p})`,
    retention: (rt) => `Tilbageholdt ${rt} %`,
    retentionLine: (rt) => `Tilbageholdt ${rt} %, ændring`,
    held: (rt) => `Tilbageholdt i alt (${rt} %)`,
    prev: 'Tidligere faktureret',
    prevEach: (i, n, d) => `Aconto ${i}, faktura ${n} af ${d}`,
    prevSum: 'Tidligere faktureret i alt',
    net: 'Aconto denne faktura ekskl. moms',
    vat: (rt) => `Moms ${rt} %`,
    total: 'At betale',
    remaining: 'Resterende kontraktsum ekskl. moms',
    payment: 'Betalingsoplysninger',
    account: 'Reg.nr. / Kontonr.',
    kid: 'FI-kode',
    reference: 'Ved betaling anfør',
    refText: (n) => `Fakturanr. ${n}`,
    posts: [
      'Byggeplads og drift',
      'Jord- og kloakarbejde',
      'Betonarbejde',
      'Tømrerarbejde',
      'El-installationer',
      'VVS-arbejde',
      'Ventilation',
      'Malerarbejde',
    ],
    thanks: 'Acontofakturering iht. betalingsplan. Slutopgørelse efter aflevering.',
  },
  de: {
    title: (k) => `${k}. Abschlagsrechnung`,
    number: 'Rechnungs-Nr.',
    date: 'Rechnungsdatum',
    due: 'Zahlbar bis',
    customerNo: 'Kunden-Nr.',
    contract: 'Auftrags-Nr.',
    yourRef: 'Ihr Zeichen',
    upTo: 'Leistungsstand',
    buyer: 'Rechnungsempfänger',
    project: 'Bauvorhaben',
    site: 'Baustelle',
    orgNo: 'Org.-Nr.',
    head: ['Bezeichnung', 'Menge', 'Preis', 'Betrag'],
    postHead: ['Pos.', 'Gewerk', 'Auftrag', 'Stand', 'Leistung bisher', 'Bisher berechnet', 'Diese Rechnung'],
    line: (k, upTo) => `${k}. Abschlag gemäß Auftrag, Leistungsstand ${upTo}`,
    statement: 'Leistungsstand und Abrechnung',
    contractSum: 'Auftragssumme netto',
    variations: 'Nachträge',
    adjusted: 'Auftragssumme inkl. Nachträge',
    done: (p) => `Erbrachte Leistungen kumuliert (${p})`,
    retention: (rt) => `abzüglich Sicherheitseinbehalt ${rt} %`,
    retentionLine: (rt) => `Sicherheitseinbehalt ${rt} %, Veränderung`,
    held: (rt) => `Sicherheitseinbehalt gesamt (${rt} %)`,
    prev: 'abzüglich bisheriger Abschläge',
    prevEach: (i, n, d) => `${i}. Abschlag, Rechnung ${n} vom ${d}`,
    prevSum: 'Summe bisheriger Abschläge',
    net: 'Nettobetrag dieser Rechnung',
    vat: (rt) => `zzgl. ${rt} % USt.`,
    total: 'Zahlbetrag',
    remaining: 'Restauftragswert netto',
    payment: 'Zahlungsinformationen',
    account: 'Konto',
    kid: 'Referenz',
    reference: 'Verwendungszweck',
    refText: (n) => `Rechnung ${n}`,
    posts: [
      'Baustelleneinrichtung',
      'Erdarbeiten',
      'Beton- und Stahlbetonarbeiten',
      'Zimmererarbeiten',
      'Elektroinstallation',
      'Sanitärinstallation',
      'Lüftungsanlagen',
      'Malerarbeiten',
    ],
    thanks: 'Abschlagsrechnung gemäß § 16 VOB/B. Die Schlussrechnung folgt nach Abnahme.',
  },
  en: {
    title: (k) => `Interim application No. ${k}`,
    number: 'Invoice no.',
    date: 'Invoice date',
    due: 'Due date',
    customerNo: 'Account no.',
    contract: 'Contract no.',
    yourRef: 'Your ref.',
    upTo: 'Valuation date',
    buyer: 'Invoice to',
    project: 'Project',
    site: 'Site',
    orgNo: 'Org. no.',
    head: ['Description', 'Qty', 'Rate', 'Amount'],
    postHead: ['Item', 'Description', 'Contract', 'Done', 'Value to date', 'Prev. invoiced', 'This invoice'],
    line: (k, upTo) => `Progress invoice ${k} under the contract, work valued to ${upTo}`,
    statement: 'Valuation',
    contractSum: 'Contract sum (excl. VAT)',
    variations: 'Agreed variations',
    adjusted: 'Adjusted contract sum',
    done: (p) => `Gross valuation to date (${p})`,
    retention: (rt) => `Less retention at ${rt}%`,
    retentionLine: (rt) => `Retention at ${rt}%, movement`,
    held: (rt) => `Retention held to date (${rt}%)`,
    prev: 'Less previously invoiced',
    prevEach: (i, n, d) => `Application ${i}, invoice ${n} of ${d}`,
    prevSum: 'Total previously invoiced',
    net: 'Net amount this application',
    vat: (rt) => `VAT at ${rt}%`,
    total: 'Amount due',
    remaining: 'Contract balance remaining (excl. VAT)',
    payment: 'Payment details',
    account: 'Sort code / Account',
    kid: 'Reference',
    reference: 'Please quote',
    refText: (n) => `Invoice ${n}`,
    posts: [
      'Preliminaries',
      'Groundworks',
      'Concrete frame',
      'Carpentry and joinery',
      'Electrical installation',
      'Plumbing and heating',
      'Ventilation',
      'Decorating',
    ],
    thanks: 'Payment under the terms of the contract. Retention is released on practical completion.',
  },
}

const MARKET: Record<Lang, Market> = { nb: 'NO', sv: 'SE', da: 'DK', de: 'DE', en: 'GB' }

/** Contractors and their sites by market: the site's street and place. */
const CONTRACTORS: Record<Market, string[]> = {
  NO: [
    'Vestland Bygg og Betong AS',
    'Hedmark Tømrer AS',
    'Nordfjord Entreprenør AS',
    'Østfold Elektro og VVS AS',
  ],
  SE: ['Norrbygg Entreprenad AB', 'Göteborgs Byggservice AB', 'Skånebygg i Malmö AB'],
  DK: ['Aarhus Murer & Entreprise A/S', 'Fyns Tømrer og Snedker ApS'],
  DE: ['Bauunternehmung Krämer GmbH', 'Hansa Haustechnik GmbH & Co. KG', 'Bayerischer Hochbau GmbH'],
  GB: ['Pennine Construction Ltd', 'Severn Building Services Ltd', 'Harrow & Sons Contractors Ltd'],
}
const SITES: Record<Market, [string, string][]> = {
  NO: [
    ['Storgata 12', '0155 Oslo'],
    ['Industriveien 44', '7011 Trondheim'],
    ['Sjøgata 3B', '9008 Tromsø'],
    ['Havnegata 9', '6002 Ålesund'],
  ],
  SE: [
    ['Kungsgatan 18', '411 19 Göteborg'],
    ['Industrivägen 6', '211 24 Malmö'],
  ],
  DK: [
    ['Østergade 22', '8000 Aarhus C'],
    ['Havnevej 4', '5000 Odense C'],
  ],
  DE: [
    ['Lindenstraße 31', '20095 Hamburg'],
    ['Am Gewerbepark 5', '80331 München'],
  ],
  GB: [
    ['Unit 4, Riverside Park', 'Leeds LS1 5AB'],
    ['27 Queen Square', 'Bristol BS1 4DJ'],
  ],
}
const WORKS: Record<Lang, string[]> = {
  nb: ['Rehabilitering av kontorbygg', 'Nytt lagerbygg', 'Tilbygg og ombygging', 'Ombygging av butikklokale'],
  sv: ['Ombyggnad av kontor', 'Nybyggnad lagerhall', 'Tillbyggnad verkstad'],
  da: ['Renovering af kontorbygning', 'Ny lagerhal', 'Tilbygning og ombygning'],
  de: ['Umbau Bürogebäude', 'Neubau Lagerhalle', 'Anbau Werkstatt'],
  en: ['Office refurbishment', 'New warehouse unit', 'Workshop extension'],
}

/** How much of a contract of this currency: NOK, SEK and DKK in thousands of kroner, EUR and GBP less. */
const SCALE: Record<Market, number> = { NO: 1, SE: 1, DK: 0.7, DE: 0.1, GB: 0.08 }

interface Post {
  text: string
  contract: number
  before: number
  now: number
}

export async function generateProgressInvoice(seed: number): Promise<CorpusDocument> {
  // The language and layout drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 4111)
  const lang: Lang = pick(spread, ['nb', 'nb', 'nb', 'sv', 'sv', 'da', 'de', 'de', 'en', 'en'])
  const layout: Layout = pick(spread, ['summary', 'posts', 'posts', 'history'])
  const market = MARKET[lang]
  const { facts: f, r } = makeFacts(seed, 4111, { country: market, kid: 0.6 })
  const w = WORDS[lang]
  f.supplier = pick(r, CONTRACTORS[market])
  const vatRate = market === 'DE' ? 19 : market === 'GB' ? 20 : 25
  const form = pick(r, MONEY_FORMS[lang === 'nb' ? 'nb' : lang]!)
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const dates = datesOf(lang, market, r)
  const date = dates.text
  const pct = (p: number) => (lang === 'en' ? `${p}%` : `${p} %`)

  // The contract: its items, what of each was done by the last instalment and by this one.
  const k = int(r, 2, 7)
  const scale = SCALE[market]
  const postCount = layout === 'posts' ? int(r, 3, 6) : int(r, 3, 5)
  const start = int(r, 0, w.posts.length - postCount)
  const posts: Post[] = Array.from({ length: postCount }, (_, i) => {
    const contract = Math.round(int(r, 60, 2400) * scale) * 100_000
    const now = int(r, 20, 95)
    const before = Math.max(0, now - int(r, 8, 30))
    return { text: w.posts[start + i]!, contract, before, now }
  })
  const valueOf = (p: Post, share: number) => Math.round((p.contract * share) / 100)
  const contractSum = posts.reduce((s, p) => s + p.contract, 0)
  const variations =
    layout !== 'posts' && r() < 0.6
      ? Math.round((contractSum * int(r, 2, 14)) / 100 / 100_000) * 100_000 * (r() < 0.15 ? -1 : 1)
      : 0
  const adjusted = contractSum + variations
  // The work done: by the items (`posts`), or a share of the adjusted sum.
  let toDate: number
  let before: number
  let share: number
  if (layout === 'posts') {
    toDate = posts.reduce((s, p) => s + valueOf(p, p.now), 0)
    before = posts.reduce((s, p) => s + valueOf(p, p.before), 0)
    share = Math.round((toDate * 100) / contractSum)
  } else {
    share = int(r, 30, 92)
    toDate = Math.round((adjusted * share) / 100)
    before = Math.round((adjusted * (share - int(r, 8, 22))) / 100)
  }
  const retention = r() < 0.4 ? pick(r, market === 'GB' ? [3, 5] : market === 'DE' ? [5, 10] : [5, 10]) : 0
  const held = Math.round((toDate * retention) / 100)
  const heldBefore = Math.round((before * retention) / 100)
  const invoicedBefore = before - heldBefore
  const net = toDate - held - invoicedBefore
  const vat = Math.round((net * vatRate) / 100)
  // The earlier instalments: their numbers and dates, what each invoiced (they sum to what was invoiced).
  const seq = int(r, 10_400, 98_000)
  const numberOf = (n: number) => (market === 'DE' ? `AR-${f.invoiceDate.slice(0, 4)}-${n}` : String(n))
  f.number = numberOf(seq)
  const steps = Array.from({ length: k - 1 }, () => int(r, 20, 160))
  const gaps = Array.from({ length: k - 1 }, () => pick(r, [28, 30, 31, 35]))
  const earlier = Array.from({ length: k - 1 }, (_, i) => ({
    number: numberOf(seq - steps.slice(i).reduce((a, b) => a + b, 0)),
    date: addDays(f.invoiceDate, -gaps.slice(i).reduce((a, b) => a + b, 0)),
  }))
  const cumulative = earlier.map((_, i) =>
    i === earlier.length - 1
      ? invoicedBefore
      : Math.round((invoicedBefore * (i + 1 + (r() - 0.5) * 0.6)) / earlier.length / 1000) * 1000,
  )
  const earlierAmounts = cumulative.map((c, i) => c - (i ? cumulative[i - 1]! : 0))
  const upTo = lastOfMonthBefore(f.invoiceDate)

  // The truth's lines: each item's part of this invoice and the retention's change, or the one instalment.
  const lines: FactLine[] =
    layout === 'posts'
      ? posts.map((p) => {
          const amount = valueOf(p, p.now) - valueOf(p, p.before)
          return { text: p.text, qty: 1, price: amount, amount, rate: vatRate }
        })
      : [{ text: w.line(k, date(upTo)), qty: 1, price: net, amount: net, rate: vatRate }]
  if (layout === 'posts' && retention) {
    const change = -(held - heldBefore)
    lines.push({ text: w.retentionLine(retention), qty: 1, price: change, amount: change, rate: vatRate })
  }
  f.lines = lines
  f.vat = [{ rate: vatRate, base: net, vat }]
  f.net = net
  f.total = net + vat

  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const project = `${int(r, 1000, 2999)} ${pick(r, WORKS[lang])}`
  const [siteStreet, sitePlace] = pick(r, SITES[market])
  const contractNo = `${pick(r, ['K', 'KT', 'C', ''])}${int(r, 100, 999)}-${f.invoiceDate.slice(2, 4)}`

  // Payment: the market's own ways beside IBAN and BIC.
  const bankgiro = `${int(r, 100, 9999)}-${String(int(r, 0, 9999)).padStart(4, '0')}`
  const ocrBody = `${seq}${int(r, 10, 99)}`
  const ocr = `${ocrBody}${mod10CheckDigit(ocrBody)}`
  const dkAccount = `${int(r, 1000, 9899)} ${String(int(r, 100000, 9999999)).padStart(10, '0')}`
  const fiBody = `${String(seq).padStart(14, '0')}`
  const fiLine =
    r() < 0.5 ? `+71<${fiBody}${mod10CheckDigit(fiBody)}<+${int(r, 80_000_000, 89_999_999)}<` : null
  const sortCode = `${int(r, 10, 99)}-${int(r, 10, 99)}-${int(r, 10, 99)}`
  const payment: [string, string][] = [
    ...(pay.account ? [[w.account, pay.account] as [string, string]] : []),
    ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
    ...(market === 'SE'
      ? ([
          [w.account, bankgiro],
          [w.kid, ocr],
        ] as [string, string][])
      : market === 'DK'
        ? [[w.account, dkAccount] as [string, string]]
        : market === 'GB'
          ? [[w.account, `${sortCode} / ${String(int(r, 10_000_000, 99_999_999))}`] as [string, string]]
          : []),
    ...(pay.iban ? [['IBAN', pay.iban] as [string, string]] : []),
    ...(pay.bic ? [['BIC', pay.bic] as [string, string]] : []),
    ...(market === 'DK' && fiLine ? [[w.kid, fiLine] as [string, string]] : []),
    ...(!f.kid && market !== 'SE' ? [[w.reference, w.refText(f.number)] as [string, string]] : []),
  ]

  // The drawing.
  const font = pick(r, ['Roboto', 'Roboto', 'DejaVuSans', 'Helvetica', 'Times'])
  const size = pick(r, [8.5, 9, 9.5])
  const accent = pick(r, ['#24486b', '#8a4b12', '#2d5e3a', '#3d3d3d', '#7a1e2c'])
  const shade = pick(r, ['#eef2f6', '#f4f1ea', '#efefef'])
  const right = (s: string, o: Record<string, unknown> = {}) => ({ text: s, alignment: 'right', ...o })
  const facts: [string, string][] = [
    [w.number, f.number],
    [w.date, date(f.invoiceDate)],
    [w.due, date(f.dueDate)],
    [w.customerNo, f.customerNo],
    [w.contract, contractNo],
    [w.upTo, date(upTo)],
  ]
  const noLines = {
    hLineWidth: () => 0,
    vLineWidth: () => 0,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
  }
  const ruled = {
    hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
      i === 0 || i === 1 || i === node.table.body.length ? 0.7 : 0.2,
    vLineWidth: () => 0,
    hLineColor: (i: number) => (i <= 1 ? accent : '#b0b0b0'),
    paddingTop: () => 3,
    paddingBottom: () => 3,
  }
  const head = (cells: readonly string[], from: number) =>
    cells.map((h, i) => ({ text: h, bold: true, color: accent, alignment: i < from ? 'left' : 'right' }))

  const specification =
    layout === 'posts'
      ? {
          table: {
            headerRows: 1,
            widths: [22, '*', 62, 34, 66, 66, 66],
            body: [
              head(w.postHead, 2),
              ...posts.map((p, i) => [
                String(i + 1).padStart(2, '0'),
                p.text,
                right(plain(p.contract)),
                right(pct(p.now)),
                right(plain(valueOf(p, p.now))),
                right(plain(valueOf(p, p.before))),
                right(plain(lines[i]!.amount)),
              ]),
              [
                '',
                { text: lang === 'en' ? 'Total' : lang === 'de' ? 'Summe' : 'Sum', bold: true },
                right(plain(contractSum), { bold: true }),
                right(pct(share), { bold: true }),
                right(plain(toDate), { bold: true }),
                right(plain(before), { bold: true }),
                right(plain(toDate - before), { bold: true }),
              ],
              ...(retention
                ? [
                    [
                      '',
                      w.retentionLine(retention),
                      '',
                      '',
                      right(plain(-held)),
                      right(plain(-heldBefore)),
                      right(plain(lines[posts.length]!.amount)),
                    ],
                    [
                      '',
                      { text: w.net, bold: true },
                      '',
                      '',
                      right(plain(toDate - held)),
                      right(plain(invoicedBefore)),
                      right(plain(net), { bold: true }),
                    ],
                  ]
                : []),
            ],
          },
          layout: ruled,
          fontSize: size - 1,
        }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 40, 80, 80],
            body: [head(w.head, 1), [lines[0]!.text, right('1'), right(plain(net)), right(plain(net))]],
          },
          layout: ruled,
        }

  // The progress statement: contract, variations, work done, retention, earlier invoices, this one.
  const st: unknown[][] = []
  const row = (label: string, value: string, o: Record<string, unknown> = {}) =>
    st.push([{ text: label, ...o }, right(value, { ...o, noWrap: true })])
  row(w.contractSum, plain(contractSum))
  if (variations) {
    row(w.variations, plain(variations))
    row(w.adjusted, plain(adjusted), { bold: true })
  }
  row(w.done(pct(share)), plain(toDate))
  if (retention) row(w.retention(retention), plain(-held))
  if (layout === 'history') {
    earlier.forEach((e, i) =>
      row(
        `  ${w.prevEach(i + 1, e.number, dateText(e.date, lang === 'sv' ? 'iso' : lang === 'en' ? 'dmy/' : 'dmy.'))}`,
        plain(-earlierAmounts[i]!),
        { color: '#444444', fontSize: size - 1 },
      ),
    )
    row(w.prevSum, plain(-invoicedBefore))
  } else row(w.prev, plain(-invoicedBefore))
  row(w.net, plain(net), { bold: true })
  row(w.vat(vatRate), plain(vat))
  row(w.total, money(f.total), { bold: true, fontSize: size + 2 })
  const statement = {
    margin: [0, 14, 0, 0],
    unbreakable: true,
    columns: [
      {
        width: '*',
        stack: [
          { text: w.remaining, fontSize: size - 1, color: '#555555' },
          { text: plain(adjusted - toDate), fontSize: size - 1, margin: [0, 1, 0, 8] },
          ...(retention
            ? [
                { text: w.held(retention), fontSize: size - 1, color: '#555555' },
                { text: plain(held), fontSize: size - 1, margin: [0, 1, 0, 0] },
              ]
            : []),
        ],
      },
      {
        width: layout === 'history' ? 370 : 340,
        stack: [
          { text: w.statement, bold: true, color: accent, margin: [0, 0, 0, 4] },
          {
            table: { widths: ['*', 'auto'], body: st },
            layout: {
              hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
                i === node.table.body.length - 1 || i === node.table.body.length - 3 ? 0.8 : 0,
              vLineWidth: () => 0,
              fillColor: (i: number, node: { table: { body: unknown[] } }) =>
                i === node.table.body.length - 1 ? shade : null,
              paddingTop: () => 2.2,
              paddingBottom: () => 2.2,
            },
          },
        ],
      },
    ],
  }

  const fixed = new Date('2026-01-01T00:00:00Z')
  const definition = {
    pageSize: 'A4',
    pageMargins: [46, 40, 46, 60],
    info: {
      title: `${w.title(k)} ${f.number}`,
      author: f.supplier,
      creator: pick(r, ['Byggfakturering', 'Entreprenør ERP', 'Construction Accounts']),
      producer: 'pdfmake',
      creationDate: fixed,
      modDate: fixed,
    },
    defaultStyle: { font, fontSize: size, lineHeight: 1.12 },
    footer: {
      margin: [46, 22, 46, 0],
      fontSize: size - 2,
      color: '#555555',
      text: [f.supplier, f.street, f.place, `${id.label} ${id.value}`].join('  ·  '),
    },
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: f.supplier, bold: true, fontSize: size + 6, color: accent, margin: [0, 0, 0, 4] },
              `${f.street}, ${f.place}`,
              { text: `${id.label} ${id.value}`, color: '#444444' },
            ],
          },
          {
            width: 210,
            stack: [
              { text: w.title(k), bold: true, fontSize: size + 7, alignment: 'right', margin: [0, 0, 0, 6] },
              {
                table: {
                  widths: ['*', 'auto'],
                  body: facts.map(([l, v]) => [{ text: l, color: '#555555' }, right(v)]),
                },
                layout: noLines,
              },
            ],
          },
        ],
      },
      {
        margin: [0, 16, 0, 0],
        columns: [
          {
            width: '*',
            stack: [
              { text: w.buyer, bold: true, fontSize: size - 1, color: '#555555' },
              { text: f.buyer, bold: true },
              `${w.orgNo} ${formatOrgNumber(f.buyerOrg)}`,
            ],
          },
          {
            width: '*',
            stack: [
              { text: w.project, bold: true, fontSize: size - 1, color: '#555555' },
              project,
              `${w.site}: ${siteStreet}, ${sitePlace}`,
            ],
          },
        ],
      },
      { margin: [0, 16, 0, 0], ...specification },
      statement,
      {
        margin: [0, 18, 0, 0],
        unbreakable: true,
        table: {
          widths: [120, '*', 150],
          body: [
            [{ text: w.payment, bold: true, colSpan: 3 }, '', ''],
            [
              { stack: payment.map(([l]) => l), color: '#444444' },
              { stack: payment.map(([, v]) => v) },
              {
                alignment: 'right',
                stack: [
                  { text: w.total, color: '#444444' },
                  { text: money(f.total), bold: true, fontSize: size + 2 },
                  { text: `${w.due} ${date(f.dueDate)}`, margin: [0, 2, 0, 0] },
                ],
              },
            ],
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === 1 ? 0 : 0.9),
          vLineWidth: (i: number) => (i === 0 || i === 3 ? 0.9 : 0),
          hLineColor: () => accent,
          vLineColor: () => accent,
          paddingLeft: (i: number) => (i === 0 ? 8 : 2),
          paddingRight: (i: number) => (i === 2 ? 8 : 2),
          paddingTop: (i: number) => (i === 0 ? 6 : 2),
          paddingBottom: (i: number) => (i === 1 ? 6 : 1),
        },
      },
      {
        text: w.thanks,
        italics: font !== 'Helvetica',
        fontSize: size - 1,
        margin: [0, 12, 0, 0],
        color: '#444444',
      },
    ],
  }
  const { bytes, pages } = await pdfmakeDocument(definition)
  return textPdfDocument({
    family: 'own-progress-invoice',
    kind: 'layout',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${layout},${lang},${market},k${k},${dates.name},${font}${retention ? ',retention' : ''}${variations ? ',variations' : ''}${f.kid ? ',kid' : ''}`,
    id: id.value,
    pay,
    total: money(f.total),
    date,
  })
}

/** The last day of the month before the date's (the instalment's valuation date). */
function lastOfMonthBefore(iso: string): string {
  return addDays(`${iso.slice(0, 8)}01`, -1)
}
