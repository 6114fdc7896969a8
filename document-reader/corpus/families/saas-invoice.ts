// Own layout family `own-saas-invoice` (its group: ../families.ts): an international software or cloud
// service's invoice or receipt to a Norwegian business customer, written as HTML and printed by Chromium
// (./chromium.ts), as a subscription billing platform renders it. The service's name as its logo, the
// invoice's number (`Invoice number`, `Rechnungsnummer`, `Numéro de facture`, `Factuurnummer`), the date of
// issue and the date due, or the receipt's own number beside the invoice's and the date paid with the card;
// a headline with the amount and when (`€1,234.00 due 14 January 2027`, `Paid on 3 March 2026`); the
// seller's legal entity, address and EU VAT number, the customer with its Norwegian VAT number; the lines
// of the billing period with their quantities (seats, gigabytes, thousands of API calls) and unit prices,
// proration for seats added or removed during the period (the remaining time charged, the unused time
// credited), a discount code as a line of its own; `Subtotal`, `Total excluding tax`, then either
// Norway's VAT at 25 % (the seller registered for it) or none with the reverse charge note, `Total` and
// `Amount due` or `Amount paid`. Some have a second page listing the period's usage day by day. Three
// layouts: `stripe` (facts in a column under the logo, the addresses side by side, the headline, a light
// table, the summary right), `ledger` (a grey box of facts right, a table with a period column, framed
// totals) and `receipt` (centred: the amount paid large, a summary list, the payment method; paid, so no
// due date). Currencies USD, EUR, GBP and NOK; languages English (most), German, French and Dutch. The
// truth: the seller's VAT number, the invoice's number (never the receipt's), the date of issue, the date
// due where the document asks to be paid (none where it was paid; its variant says `paid`), the total.
import { PDFDocument } from 'pdf-lib'
import { addDays, int, pick, rng } from '../generate.ts'
import {
  dateText,
  makeFacts,
  resum,
  supplierIdText,
  textPdfDocument,
  type Country,
  type CorpusDocument,
  type FactLine,
} from './facts.ts'
import { escapeHtml as esc, fontFaces, printHtml } from './chromium.ts'

type Lang = 'en' | 'de' | 'fr' | 'nl'
type Layout = 'stripe' | 'ledger' | 'receipt'

interface Words {
  invoice: string
  receipt: string
  number: string
  receiptNo: string
  issued: string
  due: string
  paidOn: string
  method: string
  dueHead: (amount: string, date: string) => string
  paidHead: (amount: string, date: string) => string
  billTo: string
  from: string
  head: [string, string, string, string]
  period: string
  subtotal: string
  exTax: string
  vat: (rate: number) => string
  reverse: string
  reverseNote: string
  total: string
  amountDue: string
  amountPaid: string
  remaining: (n: number, plan: string, date: string) => string
  unused: (n: number, plan: string, date: string) => string
  discount: (code: string, pct: number) => string
  seats: string
  storage: string
  api: string
  support: string
  usage: string
  usageHead: [string, string, string]
  payOnline: string
  taxId: string
  page: (n: number, of: number) => string
  questions: string
}

const WORDS: Record<Lang, Words> = {
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    number: 'Invoice number',
    receiptNo: 'Receipt number',
    issued: 'Date of issue',
    due: 'Date due',
    paidOn: 'Date paid',
    method: 'Payment method',
    dueHead: (a, d) => `${a} due ${d}`,
    paidHead: (a, d) => `${a} paid on ${d}`,
    billTo: 'Bill to',
    from: 'From',
    head: ['Description', 'Qty', 'Unit price', 'Amount'],
    period: 'Period',
    subtotal: 'Subtotal',
    exTax: 'Total excluding tax',
    vat: (rt) => `VAT - Norway (${rt}%)`,
    reverse: 'Reverse charge',
    reverseNote: 'Tax to be paid on reverse charge basis by the recipient.',
    total: 'Total',
    amountDue: 'Amount due',
    amountPaid: 'Amount paid',
    remaining: (n, p, d) => `Remaining time on ${n} × ${p} after ${d}`,
    unused: (n, p, d) => `Unused time on ${n} × ${p} after ${d}`,
    discount: (c, p) => `Discount ${c} (${p}% off)`,
    seats: 'seats',
    storage: 'Additional storage (100 GB)',
    api: 'API requests (per 1,000)',
    support: 'Priority support',
    usage: 'Usage details',
    usageHead: ['Date', 'API requests', 'Storage (GB)'],
    payOnline: 'Pay online',
    taxId: 'Customer tax ID',
    page: (n, of) => `Page ${n} of ${of}`,
    questions: 'Questions? Contact us at',
  },
  de: {
    invoice: 'Rechnung',
    receipt: 'Quittung',
    number: 'Rechnungsnummer',
    receiptNo: 'Quittungsnummer',
    issued: 'Rechnungsdatum',
    due: 'Fälligkeitsdatum',
    paidOn: 'Bezahlt am',
    method: 'Zahlungsmethode',
    dueHead: (a, d) => `${a} fällig am ${d}`,
    paidHead: (a, d) => `${a} bezahlt am ${d}`,
    billTo: 'Rechnung an',
    from: 'Von',
    head: ['Beschreibung', 'Menge', 'Stückpreis', 'Betrag'],
    period: 'Zeitraum',
    subtotal: 'Zwischensumme',
    exTax: 'Gesamtbetrag ohne Steuern',
    vat: (rt) => `MwSt. - Norwegen (${rt} %)`,
    reverse: 'Steuerschuldnerschaft des Leistungsempfängers',
    reverseNote: 'Die Steuerschuld geht auf den Leistungsempfänger über (Reverse Charge).',
    total: 'Gesamt',
    amountDue: 'Fälliger Betrag',
    amountPaid: 'Bezahlter Betrag',
    remaining: (n, p, d) => `Verbleibende Zeit für ${n} × ${p} nach dem ${d}`,
    unused: (n, p, d) => `Nicht genutzte Zeit für ${n} × ${p} nach dem ${d}`,
    discount: (c, p) => `Rabatt ${c} (${p} % Nachlass)`,
    seats: 'Nutzer',
    storage: 'Zusätzlicher Speicher (100 GB)',
    api: 'API-Aufrufe (je 1.000)',
    support: 'Priority-Support',
    usage: 'Nutzungsdetails',
    usageHead: ['Datum', 'API-Aufrufe', 'Speicher (GB)'],
    payOnline: 'Online bezahlen',
    taxId: 'Steuernummer des Kunden',
    page: (n, of) => `Seite ${n} von ${of}`,
    questions: 'Fragen? Schreiben Sie uns an',
  },
  fr: {
    invoice: 'Facture',
    receipt: 'Reçu',
    number: 'Numéro de facture',
    receiptNo: 'Numéro de reçu',
    issued: "Date d'émission",
    due: "Date d'échéance",
    paidOn: 'Date de paiement',
    method: 'Moyen de paiement',
    dueHead: (a, d) => `${a} dus le ${d}`,
    paidHead: (a, d) => `${a} payés le ${d}`,
    billTo: 'Facturer à',
    from: 'De',
    head: ['Description', 'Qté', 'Prix unitaire', 'Montant'],
    period: 'Période',
    subtotal: 'Sous-total',
    exTax: 'Total hors taxes',
    vat: (rt) => `TVA - Norvège (${rt} %)`,
    reverse: 'Autoliquidation',
    reverseNote: 'Autoliquidation de la TVA par le preneur.',
    total: 'Total',
    amountDue: 'Montant dû',
    amountPaid: 'Montant payé',
    remaining: (n, p, d) => `Temps restant sur ${n} × ${p} après le ${d}`,
    unused: (n, p, d) => `Temps non utilisé sur ${n} × ${p} après le ${d}`,
    discount: (c, p) => `Remise ${c} (${p} % de réduction)`,
    seats: 'utilisateurs',
    storage: 'Stockage supplémentaire (100 Go)',
    api: 'Requêtes API (par 1 000)',
    support: 'Support prioritaire',
    usage: "Détail de l'utilisation",
    usageHead: ['Date', 'Requêtes API', 'Stockage (Go)'],
    payOnline: 'Payer en ligne',
    taxId: 'N° de TVA du client',
    page: (n, of) => `Page ${n} sur ${of}`,
    questions: 'Des questions ? Écrivez-nous à',
  },
  nl: {
    invoice: 'Factuur',
    receipt: 'Betalingsbewijs',
    number: 'Factuurnummer',
    receiptNo: 'Ontvangstnummer',
    issued: 'Factuurdatum',
    due: 'Vervaldatum',
    paidOn: 'Betaald op',
    method: 'Betaalmethode',
    dueHead: (a, d) => `${a} te betalen vóór ${d}`,
    paidHead: (a, d) => `${a} betaald op ${d}`,
    billTo: 'Factuur aan',
    from: 'Van',
    head: ['Omschrijving', 'Aantal', 'Stukprijs', 'Bedrag'],
    period: 'Periode',
    subtotal: 'Subtotaal',
    exTax: 'Totaal exclusief btw',
    vat: (rt) => `Btw - Noorwegen (${rt}%)`,
    reverse: 'Btw verlegd',
    reverseNote: 'Btw verlegd naar de afnemer.',
    total: 'Totaal',
    amountDue: 'Te betalen',
    amountPaid: 'Betaald bedrag',
    remaining: (n, p, d) => `Resterende tijd voor ${n} × ${p} na ${d}`,
    unused: (n, p, d) => `Ongebruikte tijd voor ${n} × ${p} na ${d}`,
    discount: (c, p) => `Korting ${c} (${p}% korting)`,
    seats: 'gebruikers',
    storage: 'Extra opslag (100 GB)',
    api: 'API-verzoeken (per 1.000)',
    support: 'Prioriteitssupport',
    usage: 'Gebruiksoverzicht',
    usageHead: ['Datum', 'API-verzoeken', 'Opslag (GB)'],
    payOnline: 'Online betalen',
    taxId: 'Btw-nummer klant',
    page: (n, of) => `Pagina ${n} van ${of}`,
    questions: 'Vragen? Mail ons op',
  },
}

/** The services: their legal entity's country, their product and its plans' monthly prices (USD cents). */
const SERVICES: {
  brand: string
  entity: string
  country: Country
  street: string
  place: string
  plans: [string, number][]
  domain: string
}[] = [
  {
    brand: 'Kanbanly',
    entity: 'Kanbanly GmbH',
    country: 'DE',
    street: 'Torstraße 140',
    place: '10119 Berlin',
    plans: [
      ['Team', 1000],
      ['Business', 1900],
    ],
    domain: 'kanbanly.com',
  },
  {
    brand: 'Nimbus Forms',
    entity: 'Nimbus Forms B.V.',
    country: 'NL',
    street: 'Herengracht 182',
    place: '1016 BR Amsterdam',
    plans: [
      ['Pro', 2900],
      ['Scale', 9900],
    ],
    domain: 'nimbusforms.io',
  },
  {
    brand: 'Tessera Cloud',
    entity: 'Tessera Cloud SAS',
    country: 'FR',
    street: '12 rue du Sentier',
    place: '75002 Paris',
    plans: [
      ['Starter', 1500],
      ['Growth', 4900],
    ],
    domain: 'tessera.cloud',
  },
  {
    brand: 'Cloudpeak',
    entity: 'Cloudpeak Analytics Ltd',
    country: 'GB',
    street: '20 Farringdon Road',
    place: 'London EC1M 3HE',
    plans: [
      ['Team', 1200],
      ['Enterprise', 3500],
    ],
    domain: 'cloudpeak.io',
  },
  {
    brand: 'Loggstack',
    entity: 'Loggstack AB',
    country: 'SE',
    street: 'Regeringsgatan 29',
    place: '111 53 Stockholm',
    plans: [
      ['Developer', 900],
      ['Team', 2500],
    ],
    domain: 'loggstack.dev',
  },
  {
    brand: 'Driftwood',
    entity: 'Driftwood Software ApS',
    country: 'DK',
    street: 'Pilestræde 43',
    place: '1112 København K',
    plans: [
      ['Standard', 800],
      ['Premium', 1600],
    ],
    domain: 'driftwood.app',
  },
]
const LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', nl: 'nl-NL' }
const LANG_OF: Partial<Record<Country, Lang>> = { DE: 'de', FR: 'fr', NL: 'nl' }
/** Per dollar: a price in the invoice's currency (rounded the way price lists are). */
const RATE: Record<'USD' | 'EUR' | 'GBP' | 'NOK', number> = { USD: 1, EUR: 1, GBP: 0.8, NOK: 10 }
const SYMBOL: Record<'USD' | 'EUR' | 'GBP' | 'NOK', string> = { USD: '$', EUR: '€', GBP: '£', NOK: 'NOK ' }

export async function generateSaasInvoice(seed: number): Promise<CorpusDocument> {
  // The service, layout and language drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 4411)
  const service = pick(spread, SERVICES)
  const layout: Layout = pick(spread, ['stripe', 'stripe', 'ledger', 'receipt'])
  const lang: Lang = spread() < 0.3 ? (LANG_OF[service.country] ?? 'en') : 'en'
  const { facts: f, r } = makeFacts(seed, 4411, { country: service.country })
  const w = WORDS[lang]
  const currency = pick(r, [
    'USD',
    'USD',
    'EUR',
    'EUR',
    ...(service.country === 'GB' ? (['GBP', 'GBP'] as const) : []),
    'NOK',
  ] as const)
  f.currency = currency
  f.supplier = service.entity
  f.street = service.street
  f.place = service.place
  f.account = f.kid = null
  const paid = layout === 'receipt' || r() < 0.3
  const norwegianVat = r() < 0.4
  const rate = norwegianVat ? 25 : 0
  const price = (usdCents: number) => Math.round((usdCents * RATE[currency]) / 100) * 100
  // A receipt paid by card names no bank account.
  if (paid) f.iban = f.bic = null

  // How the language writes amounts and dates.
  const sym = SYMBOL[currency]
  const money = (c: number) => {
    const abs = Math.abs(c)
    const whole = String(Math.floor(abs / 100))
    const cents = String(abs % 100).padStart(2, '0')
    const minus = c < 0 ? '-' : ''
    if (lang === 'en') return `${minus}${sym}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
    const group = lang === 'fr' ? '\u202f' : '.'
    const n = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)},${cents}`
    const unit = currency === 'USD' ? '$' : currency === 'NOK' ? 'NOK' : sym
    return lang === 'nl' ? `${minus}${unit} ${n}` : `${minus}${n} ${unit}`
  }
  const us = lang === 'en' && r() < 0.5
  const date = (iso: string) => {
    if (us) {
      const [y, , d] = iso.split('-')
      const month = dateText(iso, 'long', 'en').split(' ')[1]
      return `${month} ${Number(d)}, ${y}`
    }
    return dateText(iso, 'long', lang)
  }
  const short = (iso: string) => date(iso).replace(/,? \d{4}$/, '')

  // The billing period and its lines: the plan's seats, proration, add-ons, usage, a discount.
  const [plan, planUsd] = pick(r, service.plans)
  const planName = `${service.brand} ${plan}`
  const start = f.invoiceDate
  const end = addDays(start, 30)
  const seats = int(r, 2, 40)
  const unit = price(planUsd)
  const lines: FactLine[] = [
    {
      text: `${planName} (${short(start)} – ${date(addDays(end, -1))})`,
      qty: seats,
      price: unit,
      amount: seats * unit,
      rate,
    },
  ]
  const qtyUnit: string[] = [w.seats]
  if (r() < 0.45) {
    const added = int(r, 1, 5)
    const from = addDays(start, -int(r, 5, 25))
    const share = int(r, 20, 85) / 100
    const remaining = Math.round(unit * share)
    lines.push(
      {
        text: w.remaining(seats, planName, date(from)),
        qty: 1,
        price: remaining * seats,
        amount: remaining * seats,
        rate,
      },
      {
        text: w.unused(seats - added, planName, date(from)),
        qty: 1,
        price: -remaining * (seats - added),
        amount: -remaining * (seats - added),
        rate,
      },
    )
    qtyUnit.push('', '')
  }
  if (r() < 0.5) {
    const n = int(r, 1, 10)
    const p = price(pick(r, [200, 500, 1000]))
    lines.push({ text: w.storage, qty: n, price: p, amount: n * p, rate })
    qtyUnit.push('')
  }
  const usage = r() < 0.45
  let apiQty = 0
  if (usage) {
    apiQty = int(r, 120, 4800)
    const p = currency === 'NOK' ? 400 : 40
    lines.push({ text: w.api, qty: apiQty, price: p, amount: apiQty * p, rate })
    qtyUnit.push('')
  }
  if (r() < 0.25) {
    const p = price(pick(r, [9900, 19900]))
    lines.push({ text: w.support, qty: 1, price: p, amount: p, rate })
    qtyUnit.push('')
  }
  const discountPct = r() < 0.3 ? pick(r, [10, 15, 20, 25]) : 0
  if (discountPct) {
    const base = lines.reduce((s, l) => s + l.amount, 0)
    const off = -Math.round((base * discountPct) / 100)
    lines.push({
      text: w.discount(pick(r, ['LAUNCH20', 'ANNUAL', 'PARTNER', 'NORDIC25']), discountPct),
      qty: 1,
      price: off,
      amount: off,
      rate,
    })
    qtyUnit.push('')
  }
  f.lines = lines
  resum(f)
  f.invoiceDate = start
  f.dueDate = paid ? start : addDays(start, pick(r, [0, 7, 14, 30]))
  const hex = () => Array.from({ length: 8 }, () => '0123456789ABCDEF'[int(r, 0, 15)]).join('')
  f.number = pick(r, [
    `${hex()}-${String(int(r, 1, 40)).padStart(4, '0')}`,
    `INV-${start.slice(0, 4)}-${int(r, 10000, 99999)}`,
    `${service.brand.slice(0, 2).toUpperCase()}${int(r, 100000, 999999)}`,
  ])
  const receiptNo = `${int(r, 1000, 9999)}-${int(r, 1000, 9999)}`
  const id = supplierIdText(f, r)
  if (lang === 'en') id.label = service.country === 'GB' ? 'VAT Reg. No.' : 'EU VAT'
  const ibanText = f.iban ? f.iban.replace(/(.{4})(?=.)/g, '$1 ') : ''
  const card = pick(r, ['Visa', 'Mastercard', 'American Express'])
  const last4 = int(r, 1000, 9999)
  const voec = norwegianVat && r() < 0.6 ? `VOEC ${int(r, 2_020_000, 2_049_999)}` : null
  const buyerVat = `NO${f.buyerOrg}MVA`
  const contact = pick(r, ['Kari Nordmann', 'Ola Hansen', 'Ingrid Berg', 'Jonas Lie'])
  const buyerMail = `${contact.split(' ')[0]!.toLowerCase()}@${f.buyer
    .toLowerCase()
    .replace(/ as$/, '')
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.no`
  const font = pick(r, ['Roboto', 'Liberation Sans', 'DejaVu Sans'])
  const accent = pick(r, ['#635bff', '#0f766e', '#1f2937', '#c2410c', '#2563eb'])
  const secondPage = usage && r() < 0.6
  const pages = secondPage ? 2 : 1

  // The parts of the page.
  const totalText = money(f.total)
  const headline = paid ? w.paidHead(totalText, date(f.invoiceDate)) : w.dueHead(totalText, date(f.dueDate))
  const factRows: [string, string][] = [
    [w.number, f.number],
    ...(paid ? [[w.receiptNo, receiptNo] as [string, string]] : []),
    [w.issued, date(f.invoiceDate)],
    paid ? [w.paidOn, date(f.invoiceDate)] : [w.due, date(f.dueDate)],
    ...(paid ? [[w.method, `${card} – ${last4}`] as [string, string]] : []),
  ]
  const facts = `<table class="facts">${factRows.map(([l, v]) => `<tr><th>${esc(l)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`
  const seller = `<div class="addr"><b>${esc(service.entity)}</b><br>${esc(service.street)}<br>${esc(service.place)}<br>billing@${service.domain}<br>${esc(id.label)} ${esc(id.value)}${voec ? `<br>${voec}` : ''}</div>`
  const buyer = `<div class="addr"><b>${esc(w.billTo)}</b><br>${esc(f.buyer)}<br>${esc(contact)}<br>${esc(buyerMail)}<br>${w.taxId}: ${buyerVat}</div>`
  const lineRows = lines
    .map(
      (l, i) =>
        `<tr><td>${esc(l.text)}</td><td class="n">${l.qty.toLocaleString(LOCALE[lang])}${qtyUnit[i] && layout === 'ledger' ? ` ${qtyUnit[i]}` : ''}</td><td class="n">${money(l.price)}</td><td class="n">${money(l.amount)}</td></tr>`,
    )
    .join('')
  const table = `<table class="lines"><thead><tr>${w.head.map((h, i) => `<th${i ? ' class="n"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${lineRows}</tbody></table>`
  const summaryRows: [string, string, string?][] = [
    [w.subtotal, money(f.net)],
    [w.exTax, money(f.net)],
    norwegianVat ? [w.vat(rate), money(f.total - f.net)] : [w.reverse, money(0)],
    [w.total, totalText, 'strong'],
    [paid ? w.amountPaid : w.amountDue, totalText, 'strong'],
  ]
  const summary = `<table class="summary">${summaryRows.map(([l, v, c]) => `<tr${c ? ` class="${c}"` : ''}><td>${esc(l)}</td><td class="n">${v}</td></tr>`).join('')}</table>${norwegianVat ? '' : `<p class="note">${esc(w.reverseNote)}</p>`}`
  const payLine = paid
    ? ''
    : `<p class="pay">${w.payOnline}: <u>https://pay.${service.domain}/i/${f.number.toLowerCase()}</u>${f.iban ? `<br>IBAN ${ibanText} · BIC ${f.bic}` : ''}</p>`
  const foot = (n: number) =>
    `<div class="foot"><span>${esc(f.number)} · ${esc(headline)}</span><span>${w.page(n, pages)}</span></div>`
  const usageRows = Array.from({ length: 30 }, (_, i) => {
    const day = addDays(start, i)
    const calls = Math.round(((apiQty * 1000) / 30) * (0.6 + ((i * 7919) % 80) / 100))
    return `<tr><td>${date(day)}</td><td class="n">${calls.toLocaleString(LOCALE[lang])}</td><td class="n">${(40 + i * 1.5).toFixed(1)}</td></tr>`
  }).join('')
  const usagePage = secondPage
    ? `<section class="page2"><div class="brand">${esc(service.brand)}</div><h2>${w.usage}</h2><p>${esc(planName)} · ${date(start)} – ${date(addDays(end, -1))}</p><table class="lines usage"><thead><tr>${w.usageHead.map((h, i) => `<th${i ? ' class="n"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${usageRows}</tbody></table>${foot(2)}</section>`
    : ''

  let body: string
  switch (layout) {
    case 'stripe':
      body = `<div class="head"><div class="title">${paid ? w.receipt : w.invoice}</div><div class="brand">${esc(service.brand)}</div></div>${facts}
<div class="cols">${seller}${buyer}</div><h1>${esc(headline)}</h1>${payLine}${table}<div class="right">${summary}</div>${foot(1)}`
      break
    case 'ledger':
      body = `<div class="head"><div><div class="brand big">${esc(service.brand)}</div>${seller}</div><div class="box"><div class="title">${paid ? w.receipt : w.invoice}</div>${facts}</div></div>
<div class="cols">${buyer}<div class="addr"><b>${w.period}</b><br>${date(start)} – ${date(addDays(end, -1))}</div></div><p class="lead">${esc(headline)}</p>${table}<div class="right framed">${summary}</div>${payLine}${foot(1)}`
      break
    case 'receipt':
      body = `<div class="centre"><div class="brand big">${esc(service.brand)}</div><div class="muted">${w.receipt} · ${esc(service.entity)}</div><div class="amount">${totalText}</div><div class="muted">${esc(w.paidHead('', date(f.invoiceDate)).trim())}</div></div>${facts}
<div class="cols">${seller}${buyer}</div>${table}<div class="right">${summary}</div><p class="muted">${w.questions} billing@${service.domain}</p>${foot(1)}`
      break
  }
  const size = pick(r, [9, 9.5, 10])
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${paid ? w.receipt : w.invoice} ${esc(f.number)}</title><style>
${fontFaces([font])}
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
body { margin: 0; font-family: '${font}'; font-size: ${size}pt; color: #1f2328; }
.sheet, section.page2 { width: 210mm; height: 296mm; padding: 16mm 16mm 0; position: relative; overflow: hidden; }
section.page2 { break-before: page; }
.head { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 6mm; }
.title { font-size: ${size + 10}pt; font-weight: 700; }
.brand { font-size: ${size + 5}pt; font-weight: 700; color: ${accent}; }
.brand.big { font-size: ${size + 9}pt; }
.facts th { text-align: left; font-weight: 400; color: #57606a; padding: 0.5mm 6mm 0.5mm 0; white-space: nowrap; }
.facts td { padding: 0.5mm 0; }
.box { background: #f3f4f6; padding: 4mm 5mm; border-radius: 2mm; min-width: 80mm; }
.box .title { font-size: ${size + 6}pt; margin-bottom: 2mm; }
.cols { display: flex; gap: 14mm; margin: 7mm 0 5mm; }
.addr { line-height: 1.45; }
h1 { font-size: ${size + 7}pt; margin: 4mm 0 2mm; }
.lead { font-size: ${size + 3}pt; font-weight: 700; margin: 2mm 0 4mm; }
.pay { margin: 1mm 0 5mm; color: #57606a; }
table { border-collapse: collapse; }
.lines { width: 100%; margin-top: 4mm; }
.lines th { text-align: left; font-weight: 400; color: #57606a; border-bottom: 1px solid #d0d7de; padding: 1.5mm 1mm; }
.lines td { padding: 2mm 1mm; border-bottom: 0.5px solid #eaeef2; vertical-align: top; }
.n { text-align: right !important; white-space: nowrap; }
.right { display: flex; flex-direction: column; align-items: flex-end; margin-top: 4mm; }
.framed .summary { border: 1px solid #d0d7de; }
.summary { width: 95mm; }
.summary td { padding: 1.3mm 2mm; border-top: 0.5px solid #eaeef2; }
.summary tr.strong td { font-weight: 700; }
.note { font-size: ${size - 1.5}pt; color: #57606a; width: 95mm; }
.centre { text-align: center; margin: 4mm 0 8mm; }
.amount { font-size: ${size + 16}pt; font-weight: 700; margin: 4mm 0 1mm; }
.muted { color: #57606a; }
.foot { position: absolute; left: 16mm; right: 16mm; bottom: 10mm; display: flex; justify-content: space-between; font-size: ${size - 2}pt; color: #57606a; border-top: 0.5px solid #d0d7de; padding-top: 2mm; }
.usage td { padding: 0.9mm 1mm; }
</style></head><body><div class="sheet">${body}</div>${usagePage}</body></html>`
  const bytes = await printHtml(html)
  const printedPages = (await PDFDocument.load(bytes)).getPageCount()
  return textPdfDocument({
    family: 'own-saas-invoice',
    kind: 'layout',
    seed,
    bytes,
    pages: printedPages,
    facts: f,
    variant: `${layout},${lang},${currency},${service.brand.replace(/ /g, '')},${norwegianVat ? 'vat25' : 'reverse-charge'}${paid ? ',paid' : ''}${discountPct ? ',discount' : ''}${lines.some((l) => l.amount < 0 && l.text !== lines.at(-1)!.text) ? ',proration' : ''}${secondPage ? ',usage-page' : ''},${font.replace(/ /g, '')}`,
    id: id.value,
    pay: { iban: f.iban ? ibanText : undefined, bic: f.bic ?? undefined },
    total: totalText,
    date,
    paid,
  })
}
