// Own layout family `own-freight-invoice` (its group: ../families.ts): a haulier's or forwarder's invoice for
// the consignments it carried for a customer over a few weeks, laid out with the npm package jspdf (MIT) on
// one A4 page. Every consignment has its date, its consignment note's or waybill's number (`Fraktbrevnr.`,
// `Fraktsedel`, `Frachtbrief-Nr.`, `CMR-nr.`, `Consignment no.`), where it was picked up and delivered (the
// postcode and place of each), the pallets or parcels, the weight in kilograms, the volume in cubic metres,
// the chargeable weight, the distance in kilometres and the freight; some carry a toll, a ferry, waiting
// time, a tail lift or a dangerous goods surcharge, and the fuel surcharge is a percentage of the freight
// (`Drivstofftillegg 18,4 %`). So the page is full of numbers that look like amounts or dates and are
// neither: weights, volumes, distances, postcodes, waybill numbers, the percentage, the diesel index. An
// international consignment is carried without VAT (its line at 0 %). The invoice's number, date, due date,
// customer number and period; the totals with the VAT of each rate; how to pay: a Norwegian account and KID,
// a Swedish bankgiro and OCR number (printed, not a KID), or IBAN and BIC. Three layouts:
// - `table`: one row per consignment (date, waybill, from and to, pallets, kg, m³, km, amount), the
//   surcharges under it, the totals and a payment box;
// - `blocks`: each consignment a block of its own, a head line (date, waybill, route), a line of its
//   measures and its charges (freight, toll, the fuel surcharge on it) with their amounts;
// - `summary`: a summary of the charges by service and the payment facts at the top, the specification of
//   the consignments in small type under it.
// Some documents are credit notes for a consignment charged wrongly (the invoice they credit, no due date,
// no KID, the amounts negative). Languages: Norwegian bokmål and English (Norwegian hauliers), Swedish,
// German, Dutch and English (Dutch and British forwarders); fonts Helvetica, Times or DejaVu Sans.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type { jsPDF as JsPdf, jsPDFOptions } from 'jspdf'
import { formatOrgNumber, mod10CheckDigit } from '../../../common/norwegian.ts'
import { addDays, int, pick, PLACES, rng, STREETS, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  resum,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
  type MoneyForm,
} from './facts.ts'

const require = createRequire(import.meta.url)
const { jsPDF } = require('jspdf') as { jsPDF: new (options?: jsPDFOptions) => JsPdf }

let dejavuBase64: { regular: string; bold: string } | null = null
/** DejaVu Sans as jsPDF's virtual file system takes it (base64), read once. */
function dejavu() {
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  return (dejavuBase64 ??= {
    regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')).toString('base64'),
    bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')).toString('base64'),
  })
}

type Lang = 'nb' | 'sv' | 'de' | 'en' | 'nl'
type Market = 'NO' | 'SE' | 'DE' | 'NL' | 'GB'
type Layout = 'table' | 'blocks' | 'summary'

interface Words {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  customerNo: string
  period: string
  ourRef: string
  credits: (n: string) => string
  credited: string
  dateHead: string
  waybill: string
  from: string
  to: string
  pallets: string
  parcels: string
  kg: string
  chargeable: string
  km: string
  amount: string
  freight: string
  fuel: (pct: string) => string
  index: (v: string) => string
  toll: string
  ferry: string
  waiting: (h: string) => string
  tailLift: string
  adr: string
  net: string
  vat: (rate: number) => string
  exempt: string
  total: string
  creditTotal: string
  payment: string
  account: string
  kid: string
  ocr: string
  bankgiro: string
  reference: string
  spec: string
  summary: string
  services: [string, string, string, string]
  customer: string
  pickup: string
  page: string
  terms: (days: number) => string
  late: string
  pal: string
  colli: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Fakturanr.',
    creditNumber: 'Kreditnotanr.',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenr.',
    period: 'Periode',
    ourRef: 'Vår ref.',
    credits: (n) => `Krediterer faktura nr. ${n}`,
    credited: 'Krediterer faktura',
    dateHead: 'Dato',
    waybill: 'Fraktbrevnr.',
    from: 'Fra',
    to: 'Til',
    pallets: 'Pall',
    parcels: 'Kolli',
    kg: 'Vekt kg',
    chargeable: 'Fraktb. vekt',
    km: 'Km',
    amount: 'Beløp',
    freight: 'Frakt',
    fuel: (p) => `Drivstofftillegg ${p} %`,
    index: (v) => `Dieselindeks ${v}`,
    toll: 'Bompenger',
    ferry: 'Ferjetillegg',
    waiting: (h) => `Ventetid ${h} t`,
    tailLift: 'Bakløftertillegg',
    adr: 'Farlig gods-tillegg (ADR)',
    net: 'Sum eks. mva',
    vat: (r) => `Mva ${r} %`,
    exempt: 'Utenlandsfrakt, fritatt for mva',
    total: 'Å betale',
    creditTotal: 'Sum kreditnota',
    payment: 'Betalingsinformasjon',
    account: 'Kontonr.',
    kid: 'KID',
    ocr: 'OCR',
    bankgiro: 'Bankgiro',
    reference: 'Referanse',
    spec: 'Spesifikasjon av sendinger',
    summary: 'Sammendrag',
    services: ['Frakt', 'Drivstofftillegg', 'Bompenger og ferje', 'Øvrige tillegg'],
    customer: 'Kunde',
    pickup: 'Hentet',
    page: 'Side 1 av 1',
    terms: (d) => `Betalingsbetingelser: ${d} dager netto`,
    late: 'Ved for sen betaling beregnes forsinkelsesrente etter forsinkelsesrenteloven.',
    pal: 'pall',
    colli: 'kolli',
  },
  sv: {
    title: 'FAKTURA',
    creditTitle: 'KREDITFAKTURA',
    number: 'Fakturanr',
    creditNumber: 'Kreditfakturanr',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnr',
    period: 'Period',
    ourRef: 'Vår ref.',
    credits: (n) => `Krediterar faktura nr ${n}`,
    credited: 'Krediterar faktura',
    dateHead: 'Datum',
    waybill: 'Fraktsedel',
    from: 'Från',
    to: 'Till',
    pallets: 'Pall',
    parcels: 'Kolli',
    kg: 'Vikt kg',
    chargeable: 'Frakt. vikt',
    km: 'Km',
    amount: 'Belopp',
    freight: 'Frakt',
    fuel: (p) => `Drivmedelstillägg ${p} %`,
    index: (v) => `Dieselindex ${v}`,
    toll: 'Trängselskatt/vägavgift',
    ferry: 'Färjetillägg',
    waiting: (h) => `Väntetid ${h} tim`,
    tailLift: 'Bakgavellyft',
    adr: 'Farligt gods-tillägg (ADR)',
    net: 'Summa exkl. moms',
    vat: (r) => `Moms ${r} %`,
    exempt: 'Utrikes transport, momsfri',
    total: 'Att betala',
    creditTotal: 'Summa kredit',
    payment: 'Betalningsinformation',
    account: 'Konto',
    kid: 'KID',
    ocr: 'OCR-nummer',
    bankgiro: 'Bankgiro',
    reference: 'Referens',
    spec: 'Specifikation av sändningar',
    summary: 'Sammanställning',
    services: ['Frakt', 'Drivmedelstillägg', 'Vägavgifter och färja', 'Övriga tillägg'],
    customer: 'Kund',
    pickup: 'Hämtad',
    page: 'Sida 1 av 1',
    terms: (d) => `Betalningsvillkor: ${d} dagar netto`,
    late: 'Vid försenad betalning debiteras dröjsmålsränta enligt räntelagen.',
    pal: 'pall',
    colli: 'kolli',
  },
  de: {
    title: 'RECHNUNG',
    creditTitle: 'GUTSCHRIFT',
    number: 'Rechnungs-Nr.',
    creditNumber: 'Gutschrift-Nr.',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    customerNo: 'Kunden-Nr.',
    period: 'Zeitraum',
    ourRef: 'Unser Zeichen',
    credits: (n) => `Gutschrift zu Rechnung Nr. ${n}`,
    credited: 'Zu Rechnung',
    dateHead: 'Datum',
    waybill: 'Frachtbrief-Nr.',
    from: 'Von',
    to: 'Nach',
    pallets: 'Pal.',
    parcels: 'Colli',
    kg: 'Gewicht kg',
    chargeable: 'Frachtpfl. Gew.',
    km: 'km',
    amount: 'Betrag',
    freight: 'Fracht',
    fuel: (p) => `Dieselzuschlag ${p} %`,
    index: (v) => `Dieselindex ${v}`,
    toll: 'Lkw-Maut',
    ferry: 'Fährzuschlag',
    waiting: (h) => `Standzeit ${h} Std.`,
    tailLift: 'Hebebühnenzuschlag',
    adr: 'Gefahrgutzuschlag (ADR)',
    net: 'Nettobetrag',
    vat: (r) => `USt. ${r} %`,
    exempt: 'Grenzüberschreitende Beförderung, steuerfrei nach § 4 Nr. 3 UStG',
    total: 'Rechnungsbetrag',
    creditTotal: 'Gutschriftsbetrag',
    payment: 'Zahlungsinformationen',
    account: 'Konto',
    kid: 'KID',
    ocr: 'OCR',
    bankgiro: 'Bankgiro',
    reference: 'Verwendungszweck',
    spec: 'Sendungsaufstellung',
    summary: 'Zusammenfassung',
    services: ['Fracht', 'Dieselzuschlag', 'Maut und Fähre', 'Sonstige Zuschläge'],
    customer: 'Kunde',
    pickup: 'Abholung',
    page: 'Seite 1 von 1',
    terms: (d) => `Zahlbar innerhalb von ${d} Tagen ohne Abzug.`,
    late: 'Es gelten die Allgemeinen Deutschen Spediteurbedingungen (ADSp 2017).',
    pal: 'Pal.',
    colli: 'Colli',
  },
  nl: {
    title: 'FACTUUR',
    creditTitle: 'CREDITFACTUUR',
    number: 'Factuurnummer',
    creditNumber: 'Creditnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    customerNo: 'Klantnummer',
    period: 'Periode',
    ourRef: 'Onze ref.',
    credits: (n) => `Creditering van factuur ${n}`,
    credited: 'Betreft factuur',
    dateHead: 'Datum',
    waybill: 'CMR-nr.',
    from: 'Van',
    to: 'Naar',
    pallets: 'Pallets',
    parcels: 'Colli',
    kg: 'Gewicht kg',
    chargeable: 'Betaalb. gew.',
    km: 'Km',
    amount: 'Bedrag',
    freight: 'Vracht',
    fuel: (p) => `Brandstoftoeslag ${p} %`,
    index: (v) => `Dieselindex ${v}`,
    toll: 'Tol/Maut',
    ferry: 'Veertoeslag',
    waiting: (h) => `Wachttijd ${h} uur`,
    tailLift: 'Laadklep toeslag',
    adr: 'ADR-toeslag',
    net: 'Subtotaal',
    vat: (r) => `Btw ${r}%`,
    exempt: 'Internationaal vervoer, 0% btw',
    total: 'Te betalen',
    creditTotal: 'Totaal credit',
    payment: 'Betaalgegevens',
    account: 'Rekening',
    kid: 'KID',
    ocr: 'OCR',
    bankgiro: 'Bankgiro',
    reference: 'Betalingskenmerk',
    spec: 'Specificatie zendingen',
    summary: 'Overzicht',
    services: ['Vracht', 'Brandstoftoeslag', 'Tol en veer', 'Overige toeslagen'],
    customer: 'Klant',
    pickup: 'Geladen',
    page: 'Pagina 1 van 1',
    terms: (d) => `Betaling binnen ${d} dagen na factuurdatum.`,
    late: 'Op al onze werkzaamheden zijn de Nederlandse Expeditievoorwaarden van toepassing.',
    pal: 'pallets',
    colli: 'colli',
  },
  en: {
    title: 'INVOICE',
    creditTitle: 'CREDIT NOTE',
    number: 'Invoice no.',
    creditNumber: 'Credit note no.',
    date: 'Invoice date',
    due: 'Due date',
    customerNo: 'Account no.',
    period: 'Period',
    ourRef: 'Our ref.',
    credits: (n) => `Credit for invoice no. ${n}`,
    credited: 'Credits invoice',
    dateHead: 'Date',
    waybill: 'Consignment no.',
    from: 'From',
    to: 'To',
    pallets: 'Plts',
    parcels: 'Pcs',
    kg: 'Weight kg',
    chargeable: 'Chg. weight',
    km: 'Km',
    amount: 'Amount',
    freight: 'Freight',
    fuel: (p) => `Fuel surcharge ${p}%`,
    index: (v) => `Diesel index ${v}`,
    toll: 'Road tolls',
    ferry: 'Ferry surcharge',
    waiting: (h) => `Waiting time ${h} h`,
    tailLift: 'Tail-lift delivery',
    adr: 'Dangerous goods surcharge (ADR)',
    net: 'Subtotal',
    vat: (r) => `VAT ${r}%`,
    exempt: 'International transport, zero-rated',
    total: 'Amount due',
    creditTotal: 'Total credit',
    payment: 'Payment details',
    account: 'Account no.',
    kid: 'KID',
    ocr: 'OCR',
    bankgiro: 'Bankgiro',
    reference: 'Reference',
    spec: 'Consignment details',
    summary: 'Summary of charges',
    services: ['Freight', 'Fuel surcharge', 'Tolls and ferries', 'Other surcharges'],
    customer: 'Customer',
    pickup: 'Collected',
    page: 'Page 1 of 1',
    terms: (d) => `Payment terms: ${d} days net`,
    late: 'All business is transacted under the RHA Conditions of Carriage 2020.',
    pal: 'plts',
    colli: 'pcs',
  },
}

const CARRIERS: Record<Market, { name: string; street: string; place: string; web: string }[]> = {
  NO: [
    { name: 'Nordvei Transport AS', street: 'Strømsveien 266', place: '0668 Oslo', web: 'nordvei.no' },
    { name: 'Vestlandsfrakt AS', street: 'Kokstadflaten 5', place: '5257 Kokstad', web: 'vestlandsfrakt.no' },
    {
      name: 'Trøndelag Budbil og Transport AS',
      street: 'Heggstadmyra 4',
      place: '7080 Heimdal',
      web: 'tbt.no',
    },
  ],
  SE: [
    {
      name: 'Göteborgs Åkeri AB',
      street: 'Exportgatan 20',
      place: '422 46 Hisings Backa',
      web: 'gbgakeri.se',
    },
    { name: 'Norrlandsfrakt AB', street: 'Terminalvägen 3', place: '906 20 Umeå', web: 'norrlandsfrakt.se' },
  ],
  DE: [
    {
      name: 'Spedition Nordheide GmbH',
      street: 'Industriestraße 40',
      place: '21218 Seevetal',
      web: 'spedition-nordheide.de',
    },
    {
      name: 'Rhein-Main Logistik GmbH',
      street: 'Cargo City Süd 5',
      place: '60549 Frankfurt am Main',
      web: 'rm-logistik.de',
    },
  ],
  NL: [
    {
      name: 'Van der Berg Transport B.V.',
      street: 'Transportweg 12',
      place: '3045 NB Rotterdam',
      web: 'vdbergtransport.nl',
    },
    {
      name: 'Brabant Expeditie B.V.',
      street: 'Logistiekweg 8',
      place: '5145 PK Waalwijk',
      web: 'brabantexpeditie.nl',
    },
  ],
  GB: [
    {
      name: 'Midlands Haulage Ltd',
      street: 'Unit 4, Hams Hall Park',
      place: 'Coleshill B46 1AL',
      web: 'midlandshaulage.co.uk',
    },
  ],
}

/** Places of pick-up and delivery: postcode and place, latitude and longitude (for the road distance). */
const SITES: Record<Market | 'INT', [string, number, number][]> = {
  NO: [
    ['0668 Oslo', 59.91, 10.85],
    ['5257 Bergen', 60.29, 5.28],
    ['7080 Trondheim', 63.35, 10.35],
    ['4033 Stavanger', 58.93, 5.72],
    ['3511 Hønefoss', 60.17, 10.26],
    ['2815 Gjøvik', 60.8, 10.69],
    ['1540 Vestby', 59.6, 10.75],
    ['6003 Ålesund', 62.47, 6.15],
    ['4631 Kristiansand', 58.15, 8.01],
  ],
  SE: [
    ['422 46 Göteborg', 57.76, 11.98],
    ['126 30 Stockholm', 59.3, 18.0],
    ['212 41 Malmö', 55.59, 13.0],
    ['906 20 Umeå', 63.82, 20.26],
    ['553 03 Jönköping', 57.78, 14.16],
    ['721 34 Västerås', 59.61, 16.55],
  ],
  DE: [
    ['21218 Seevetal', 53.39, 10.03],
    ['60549 Frankfurt', 50.05, 8.57],
    ['80939 München', 48.2, 11.62],
    ['50829 Köln', 50.96, 6.87],
    ['04159 Leipzig', 51.37, 12.33],
    ['28197 Bremen', 53.09, 8.74],
  ],
  NL: [
    ['3045 NB Rotterdam', 51.95, 4.43],
    ['5145 PK Waalwijk', 51.69, 5.05],
    ['1043 AA Amsterdam', 52.39, 4.84],
    ['5657 DV Eindhoven', 51.45, 5.41],
    ['7821 AA Emmen', 52.78, 6.9],
    ['6199 AA Maastricht-Airport', 50.91, 5.77],
  ],
  GB: [
    ['B46 1AL Coleshill', 52.5, -1.7],
    ['M17 1SN Manchester', 53.46, -2.32],
    ['LS10 1PR Leeds', 53.77, -1.53],
    ['BS11 9FG Bristol', 51.5, -2.69],
    ['NN4 7PB Northampton', 52.21, -0.9],
  ],
  INT: [
    ['SE-421 31 Västra Frölunda', 57.65, 11.92],
    ['DK-6000 Kolding', 55.49, 9.47],
    ['DE-24941 Flensburg', 54.77, 9.43],
    ['PL-71-001 Szczecin', 53.43, 14.55],
    ['BE-2030 Antwerpen', 51.25, 4.4],
    ['FR-59000 Lille', 50.63, 3.06],
    ['NO-1786 Halden', 59.12, 11.39],
  ],
}

/** The national VAT rate on freight. */
const RATE: Record<Market, number> = { NO: 25, SE: 25, DE: 19, NL: 21, GB: 20 }

interface Consignment {
  day: string
  waybill: string
  from: string
  to: string
  pallets: number
  parcels: boolean
  kg: number
  m3: number
  chargeable: number
  km: number
  international: boolean
  charges: { text: string; amount: number; kind: 0 | 1 | 2 | 3 }[]
}

export async function generateFreightInvoice(seed: number): Promise<CorpusDocument> {
  // The market, language and layout drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 3301)
  const [market, lang] = pick(spread, [
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'en'],
    ['SE', 'sv'],
    ['DE', 'de'],
    ['NL', 'nl'],
    ['NL', 'en'],
    ['GB', 'en'],
  ] as const)
  const layout: Layout = pick(spread, ['table', 'blocks', 'summary'])
  const { facts: f, r } = makeFacts(seed, 3301, { country: market, lines: [1, 1], kid: 0.85 })
  const w = WORDS[lang]
  const carrier = pick(r, CARRIERS[market])
  f.supplier = carrier.name
  f.street = carrier.street
  f.place = carrier.place
  const credit = r() < 0.08
  const rate = RATE[market]
  const scale = market === 'NO' || market === 'SE' ? 10 : 1
  const fuelPct = int(r, 95, 245) / 10

  // The consignments, in date order within the weeks before the invoice.
  const count = credit ? 1 : layout === 'blocks' ? int(r, 2, 5) : int(r, 2, 9)
  const sites = SITES[market]
  const consignments: Consignment[] = []
  // The consignment notes are numbered in the order they were written, as their dates run.
  let wayNo = int(r, 10_000_000, 99_999_999)
  const cmr = r() < 0.5
  // Some hauliers' invoices carry a consignment or two abroad, carried without VAT.
  const abroad = r() < 0.3
  for (let i = 0; i < count; i++) {
    const international = abroad && r() < 0.35
    const a = pick(r, sites)
    const b = international
      ? pick(r, SITES.INT)
      : pick(
          r,
          sites.filter((s) => s !== a),
        )
    const km = Math.round(road(a, b) * (1.15 + r() * 0.2)) + int(r, 4, 30)
    const parcels = r() < 0.2
    const pallets = parcels ? int(r, 2, 30) : int(r, 1, 14)
    const kg = parcels ? pallets * int(r, 4, 35) : pallets * int(r, 90, 780)
    const m3 = Math.round((parcels ? pallets * (0.03 + r() * 0.1) : pallets * (0.6 + r() * 1.2)) * 100) / 100
    const chargeable = Math.max(kg, Math.round(m3 * 333), parcels ? 0 : pallets * 400)
    const freight =
      Math.max(
        480 * scale,
        Math.round((chargeable / 1000) * (55 + km * 0.62) * scale * (international ? 1.25 : 1)) * 100,
      ) / 100
    const charges: Consignment['charges'] = [{ text: w.freight, amount: Math.round(freight * 100), kind: 0 }]
    if (market === 'NO' && r() < 0.45) charges.push({ text: w.toll, amount: int(r, 6, 52) * 1000, kind: 2 })
    if (market === 'DE' && r() < 0.7)
      charges.push({ text: `${w.toll} ${km} km`, amount: Math.round(km * 34.8), kind: 2 })
    if (market === 'NO' && r() < 0.12) charges.push({ text: w.ferry, amount: int(r, 25, 90) * 1000, kind: 2 })
    if (r() < 0.15) {
      const hours = pick(r, [0.5, 1, 1.5, 2])
      charges.push({
        text: w.waiting(String(hours).replace('.', lang === 'en' ? '.' : ',')),
        amount: Math.round(hours * 65 * scale * 100),
        kind: 3,
      })
    }
    if (r() < 0.15) charges.push({ text: w.tailLift, amount: 35 * scale * 100, kind: 3 })
    if (r() < 0.07) charges.push({ text: w.adr, amount: 45 * scale * 100, kind: 3 })
    consignments.push({
      day: '',
      waybill: waybillOf(market, (wayNo += int(r, 1, 97)), cmr),
      from: a[0],
      to: b[0],
      pallets,
      parcels,
      kg,
      m3,
      chargeable,
      km,
      international,
      charges,
    })
  }
  const days = Array.from({ length: count }, () => addDays(f.invoiceDate, -int(r, 1, 30))).sort()
  consignments.forEach((c, i) => (c.day = days[i]!))
  const periodStart = days[0]!
  const periodEnd = days[days.length - 1]!

  // The lines of the truth: each consignment's charges, then the fuel surcharge on the freight of each rate.
  const lines: FactLine[] = []
  const fuelBy = new Map<number, number>()
  for (const c of consignments) {
    const r0 = c.international ? 0 : rate
    for (const ch of c.charges) {
      lines.push({ text: ch.text, qty: 1, price: ch.amount, amount: ch.amount, rate: r0 })
      if (ch.kind === 0) fuelBy.set(r0, (fuelBy.get(r0) ?? 0) + ch.amount)
    }
  }
  const fuelLines = [...fuelBy.entries()].map(([r0, base]) => ({
    text: w.fuel(fuelPct.toFixed(1).replace('.', lang === 'en' ? '.' : ',')),
    base,
    amount: Math.round((base * fuelPct) / 100),
    rate: r0,
  }))
  for (const fl of fuelLines)
    lines.push({ text: fl.text, qty: 1, price: fl.amount, amount: fl.amount, rate: fl.rate })
  f.lines = lines
  resum(f)

  const creditedNo = String(int(r, 100000, 999999))
  if (credit) f.kid = null
  // Norwegian hauliers print the account; Swedish ones the bankgiro and an OCR number beside the IBAN.
  const bankgiro = `${int(r, 100, 9999)}-${String(int(r, 0, 9999)).padStart(4, '0')}`
  const ocrBody = `${f.customerNo}${String(int(r, 1000, 9999))}`
  const ocr = `${ocrBody}${mod10CheckDigit(ocrBody)}`
  const orgLine =
    market === 'SE'
      ? `Org.nr ${f.supplierId.slice(2, 8)}-${f.supplierId.slice(8, 12)} · Godkänd för F-skatt`
      : market === 'NL'
        ? `KvK ${int(r, 10_000_000, 99_999_999)}`
        : market === 'DE'
          ? `Amtsgericht ${pick(r, ['Hamburg', 'Frankfurt am Main', 'Lüneburg'])} HRB ${int(r, 10000, 99999)}`
          : market === 'GB'
            ? `Registered in England and Wales No. ${int(r, 1_000_000, 9_999_999)}`
            : 'Foretaksregisteret'

  // Forms of amounts, measures and dates.
  const sign = credit ? -1 : 1
  const form: MoneyForm = pick(r, MONEY_FORMS[lang === 'nb' ? 'nb' : lang]!)
  const money = (c: number) => moneyText(sign * c, f.currency, form)
  const plain = (c: number) => moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const group = lang === 'en' ? ',' : lang === 'de' || lang === 'nl' ? '.' : ' '
  const decimal = lang === 'en' ? '.' : ','
  const whole = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const dec = (n: number, d = 2) => {
    const [i, frac] = n.toFixed(d).split('.')
    return `${whole(Number(i))}${decimal}${frac}`
  }
  const dateForm = datesOf(lang, market, r)
  const date = dateForm.text
  const short = (iso: string) =>
    lang === 'sv' ? iso : lang === 'en' && market === 'GB' ? dateText(iso, 'dmy/') : dateText(iso, 'dmy.')
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const dieselIndex = dec(int(r, 1180, 1990) / 100)
  const ourRef = pick(r, ['Disponent', 'Trafikk', 'Dispo']) + ' ' + pick(r, ['KH', 'MB', 'TL', 'AS'])
  const totalText = money(f.total)
  const dueDays = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)

  // The document.
  const fontName = pick(r, ['helvetica', 'helvetica', 'times', 'DejaVuSans'])
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true })
  doc.setCreationDate("D:20260101000000+00'00'")
  doc.setFileId('4C6564676572646573B2436F72707573')
  doc.setDocumentProperties({
    title: `${credit ? w.creditTitle : w.title} ${f.number}`,
    author: f.supplier,
    creator: 'TMS Invoicing',
  })
  if (fontName === 'DejaVuSans') {
    const ttf = dejavu()
    doc.addFileToVFS('DejaVuSans.ttf', ttf.regular)
    doc.addFileToVFS('DejaVuSans-Bold.ttf', ttf.bold)
    doc.addFont('DejaVuSans.ttf', 'DejaVuSans', 'normal')
    doc.addFont('DejaVuSans-Bold.ttf', 'DejaVuSans', 'bold')
  }
  const size = pick(r, [8, 8.5, 9])
  const accent = pick(r, [
    [0, 70, 127],
    [196, 30, 58],
    [0, 110, 70],
    [190, 90, 0],
    [40, 40, 40],
  ] as [number, number, number][])
  const set = (
    o: { bold?: boolean; size?: number; grey?: number; colour?: [number, number, number] } = {},
  ) => {
    doc.setFont(fontName, o.bold ? 'bold' : 'normal')
    doc.setFontSize(o.size ?? size)
    if (o.colour) doc.setTextColor(...o.colour)
    else doc.setTextColor(o.grey ?? 20, o.grey ?? 20, o.grey ?? 20)
  }
  const text = (
    s: string,
    x: number,
    y: number,
    o: {
      bold?: boolean
      size?: number
      grey?: number
      colour?: [number, number, number]
      align?: 'left' | 'right' | 'center'
    } = {},
  ) => {
    set(o)
    doc.text(s, x, y, { align: o.align ?? 'left', baseline: 'top' })
  }
  const width = (s: string, o: { bold?: boolean; size?: number } = {}) => {
    set(o)
    return doc.getTextWidth(s)
  }
  const rule = (x1: number, y: number, x2: number, grey = 120, lw = 0.5) => {
    doc.setDrawColor(grey, grey, grey)
    doc.setLineWidth(lw)
    doc.line(x1, y, x2, y)
  }
  const fill = (x: number, y: number, w0: number, h: number, c: [number, number, number]) => {
    doc.setFillColor(...c)
    doc.rect(x, y, w0, h, 'F')
  }
  const L = 40
  const R = 555
  const pale: [number, number, number] = [
    Math.round(235 + accent[0] * 0.06),
    Math.round(238 + accent[1] * 0.04),
    Math.round(240 + accent[2] * 0.04),
  ]

  // The head: the carrier left (a mark of bars and its name), the title and facts right, the buyer.
  for (let i = 0; i < 3; i++) fill(L, 40 + i * 7, 26 - i * 7, 4.5, accent)
  text(f.supplier, L + 34, 38, { bold: true, size: 14, colour: accent })
  text(`${f.street} · ${f.place} · ${carrier.web}`, L + 34, 56, { size: 7.5, grey: 90 })
  text(`${id.label} ${id.value}`, L + 34, 66, { size: 7.5, grey: 90 })
  text(credit ? w.creditTitle : w.title, R, 38, { bold: true, size: 18, align: 'right' })
  const facts: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, date(f.dueDate)] as [string, string]]),
    [w.customerNo, f.customerNo],
    [w.period, `${short(periodStart)} – ${short(periodEnd)}`],
    [w.ourRef, ourRef],
    ...(credit ? [[w.credited, creditedNo] as [string, string]] : []),
  ]
  facts.forEach(([label, value], i) => {
    text(label, 372, 66 + i * size * 1.5, { grey: 90 })
    text(value, R, 66 + i * size * 1.5, { align: 'right', bold: i === 0 })
  })
  text(w.customer, L, 98, { size: 6.8, grey: 110 })
  const buyer = [
    f.buyer,
    pick(r, STREETS),
    pick(r, PLACES),
    ...(market !== 'NO'
      ? [lang === 'de' ? 'NORWEGEN' : lang === 'nl' ? 'NOORWEGEN' : lang === 'sv' ? 'NORGE' : 'NORWAY']
      : []),
  ]
  buyer.forEach((s, i) => text(s, L, 108 + i * size * 1.45, { bold: i === 0 }))
  text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`, L, 108 + buyer.length * size * 1.45, { size: size - 0.5 })
  let y = Math.max(108 + (buyer.length + 1) * size * 1.45, 66 + facts.length * size * 1.5) + 18

  const measures = (c: Consignment) =>
    `${c.pallets} ${c.parcels ? w.colli : w.pal} · ${whole(c.kg)} kg · ${dec(c.m3)} m³ · ${w.chargeable} ${whole(c.chargeable)} kg · ${whole(c.km)} km`
  const fuelText = (fl: (typeof fuelLines)[number]) =>
    `${fl.text} (${w.freight.toLowerCase()} ${plain(fl.base)}${fl.rate === 0 ? ', 0 %' : ''})`
  const totalsAt = (top: number, x: number, right = R): number => {
    const rows: [string, string, boolean][] = [
      [w.net, plain(f.net), false],
      ...f.vat.map((v): [string, string, boolean] => [
        v.rate === 0 ? `${w.vat(0)}` : w.vat(v.rate),
        plain(v.vat),
        false,
      ]),
      [credit ? w.creditTotal : w.total, totalText, true],
    ]
    let yy = top
    for (const [label, value, strong] of rows) {
      if (strong) rule(x, yy - 3, right, 40, 0.8)
      text(label, x, yy, { bold: strong, size: strong ? size + 1 : size })
      text(value, right, yy, { bold: strong, size: strong ? size + 1 : size, align: 'right' })
      yy += size * (strong ? 1.9 : 1.5)
    }
    if (f.vat.some((v) => v.rate === 0)) {
      text(w.exempt, x, yy, { size: size - 1.5, grey: 90 })
      yy += size * 1.4
    }
    return yy
  }
  const payRows: [string, string][] = credit
    ? []
    : [
        ...(pay.account ? [[w.account, pay.account] as [string, string]] : []),
        ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
        ...(market === 'SE'
          ? [[w.bankgiro, bankgiro] as [string, string], [w.ocr, ocr] as [string, string]]
          : []),
        ...(pay.iban ? [['IBAN', pay.iban] as [string, string]] : []),
        ...(pay.bic ? [['BIC', pay.bic] as [string, string]] : []),
        ...(!f.kid && market !== 'SE' ? [[w.reference, f.number] as [string, string]] : []),
        [w.total, totalText],
        [w.due, date(f.dueDate)],
      ]
  const payBox = (top: number, x: number, w0: number): number => {
    if (!payRows.length) return top
    const h = 16 + payRows.length * size * 1.5
    doc.setDrawColor(...accent)
    doc.setLineWidth(0.8)
    doc.rect(x, top, w0, h, 'S')
    text(w.payment, x + 8, top + 6, { bold: true, colour: accent })
    payRows.forEach(([label, value], i) => {
      text(label, x + 8, top + 18 + i * size * 1.5, { grey: 80 })
      text(value, x + w0 - 8, top + 18 + i * size * 1.5, {
        align: 'right',
        bold: label === w.kid || label === w.ocr,
      })
    })
    return top + h
  }

  if (layout === 'table' || layout === 'summary') {
    const small = layout === 'summary' ? size - 1 : size
    if (layout === 'summary') {
      // The charges by service, with the totals and the payment box beside them.
      text(w.summary, L, y, { bold: true, size: size + 1.5 })
      y += size * 2
      const by = [0, 0, 0, 0]
      for (const c of consignments) for (const ch of c.charges) by[ch.kind] = by[ch.kind]! + ch.amount
      by[1] = fuelLines.reduce((s, fl) => s + fl.amount, 0)
      const top = y
      w.services.forEach((s, i) => {
        if (!by[i]) return
        text(s, L, y)
        text(plain(by[i]!), 290, y, { align: 'right' })
        y += size * 1.5
      })
      rule(L, y, 290, 150)
      y += 6
      text(`${consignments.length} × ${w.waybill.replace(/\.$/, '')} · ${w.index(dieselIndex)}`, L, y, {
        size: size - 1,
        grey: 90,
      })
      y = Math.max(totalsAt(y + size * 2.2, L, 290), payBox(top - 4, 320, 235)) + 22
      text(w.spec, L, y, { bold: true, size: size + 0.5 })
      y += size * 1.8
    }
    const cols = { date: L, way: L + 52, route: L + 140, pal: 372, kg: 412, m3: 448, km: 484, amount: R }
    fill(L, y - 3, R - L, small * 1.9, pale)
    text(w.dateHead, cols.date + 2, y, { bold: true, size: small })
    text(w.waybill, cols.way, y, { bold: true, size: small })
    text(`${w.from} – ${w.to}`, cols.route, y, { bold: true, size: small })
    text(w.pallets, cols.pal, y, { bold: true, size: small, align: 'right' })
    text('kg', cols.kg, y, { bold: true, size: small, align: 'right' })
    text('m³', cols.m3, y, { bold: true, size: small, align: 'right' })
    text(w.km, cols.km, y, { bold: true, size: small, align: 'right' })
    text(w.amount, cols.amount - 2, y, { bold: true, size: small, align: 'right' })
    y += small * 2.1
    for (const c of consignments) {
      const freight = c.charges[0]!
      text(short(c.day), cols.date + 2, y, { size: small })
      text(c.waybill, cols.way, y, { size: small })
      let route = `${c.from} – ${c.to}`
      let routeSize = small
      while (routeSize > 5.5 && width(route, { size: routeSize }) > cols.pal - 24 - cols.route)
        routeSize -= 0.25
      if (routeSize <= 5.5) route = `${c.from.split(' ').pop()} – ${c.to.split(' ').pop()}`
      text(route, cols.route, y, { size: routeSize })
      text(String(c.pallets), cols.pal, y, { size: small, align: 'right' })
      text(whole(c.kg), cols.kg, y, { size: small, align: 'right' })
      text(dec(c.m3), cols.m3, y, { size: small, align: 'right' })
      text(whole(c.km), cols.km, y, { size: small, align: 'right' })
      text(plain(freight.amount), cols.amount - 2, y, { size: small, align: 'right' })
      y += small * 1.45
      for (const ch of c.charges.slice(1)) {
        text(`${ch.text}${c.international ? ' (0 %)' : ''}`, cols.route + 8, y, {
          size: small - 0.5,
          grey: 70,
        })
        text(plain(ch.amount), cols.amount - 2, y, { size: small - 0.5, align: 'right', grey: 70 })
        y += small * 1.35
      }
      if (c.international) {
        text(`${w.freight}: 0 %`, cols.route + 8, y, { size: small - 0.5, grey: 70 })
        y += small * 1.35
      }
    }
    rule(L, y, R, 120)
    y += 6
    for (const fl of fuelLines) {
      text(fuelText(fl), cols.route, y, { size: small })
      text(plain(fl.amount), cols.amount - 2, y, { size: small, align: 'right' })
      y += small * 1.5
    }
    if (layout === 'table') {
      text(w.index(dieselIndex), cols.route, y, { size: small - 1, grey: 90 })
      y += small * 2.4
      const top = y
      const afterTotals = totalsAt(top, 330)
      const afterPay = payBox(top - 4, L, 250)
      y = Math.max(afterTotals, afterPay) + 16
    } else y += small
  } else {
    for (const c of consignments) {
      fill(L, y - 3, R - L, size * 1.8, pale)
      text(`${short(c.day)}   ${w.waybill} ${c.waybill}`, L + 4, y, { bold: true })
      let route = `${c.from} – ${c.to}`
      let routeSize = size
      while (routeSize > 6 && width(route, { size: routeSize }) > 230) routeSize -= 0.25
      if (routeSize <= 6) route = `${c.from.split(' ').pop()} – ${c.to.split(' ').pop()}`
      text(route, R - 4, y, { align: 'right', size: routeSize })
      y += size * 2
      text(measures(c), L + 4, y, { size: size - 1, grey: 80 })
      y += size * 1.5
      for (const ch of c.charges) {
        text(`${ch.text}${c.international ? ' (0 %)' : ''}`, L + 14, y)
        text(plain(ch.amount), R - 4, y, { align: 'right' })
        y += size * 1.45
      }
      y += size * 0.8
    }
    rule(L, y, R, 120)
    y += 6
    for (const fl of fuelLines) {
      text(fuelText(fl), L + 14, y)
      text(plain(fl.amount), R - 4, y, { align: 'right' })
      y += size * 1.5
    }
    text(w.index(dieselIndex), L + 14, y, { size: size - 1, grey: 90 })
    y += size * 2.4
    const top = y
    const afterTotals = totalsAt(top, 330)
    const afterPay = payBox(top - 4, L, 250)
    y = Math.max(afterTotals, afterPay) + 16
  }
  if (credit) {
    text(w.credits(creditedNo), L, y, { bold: true })
    y += size * 1.6
  } else {
    text(w.terms(dueDays), L, y, { size: size - 0.5 })
    y += size * 1.5
  }
  text(w.late, L, y, { size: size - 1.5, grey: 90 })
  y += size * 1.5
  if (y > 770)
    throw new Error(`own-freight-invoice seed ${seed}: the invoice runs into its foot (${Math.round(y)} pt)`)

  // The foot.
  rule(L, 786, R, 150)
  text(`${f.supplier} · ${f.street} · ${f.place} · ${orgLine}`, L, 792, { size: 6.8, grey: 90 })
  text(
    [
      pay.account && `${w.account} ${pay.account}`,
      pay.iban && `IBAN ${pay.iban}`,
      pay.bic && `BIC ${pay.bic}`,
    ]
      .filter(Boolean)
      .join(' · '),
    L,
    801,
    { size: 6.8, grey: 90 },
  )
  text(w.page, R, 801, { size: 6.8, grey: 90, align: 'right' })

  return textPdfDocument({
    family: 'own-freight-invoice',
    kind: 'layout',
    seed,
    bytes: new Uint8Array(doc.output('arraybuffer')),
    facts: f,
    variant: `${layout},${lang},${market},${count}c,${dateForm.name},${fontName}${credit ? ',credit' : ''}${consignments.some((c) => c.international) ? ',international' : ''}`,
    id: id.value,
    pay,
    total: totalText,
    date,
    credit,
  })
}

/** The straight-line distance in kilometres between two sites. */
function road(a: [string, number, number], b: [string, number, number]): number {
  const rad = Math.PI / 180
  const dLat = (b[1] - a[1]) * rad
  const dLon = (b[2] - a[2]) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2
  return 6371 * 2 * Math.asin(Math.sqrt(h))
}

/** A consignment note's number as the market's hauliers write it. */
function waybillOf(market: Market, n: number, cmr: boolean): string {
  switch (market) {
    case 'NO':
      return `70707${String(n).padStart(10, '0')}`
    case 'SE':
      return String(n).padStart(10, '0')
    case 'DE':
      return `FB${String(n).slice(1)}`
    case 'NL':
      return cmr ? `CMR ${String(n).slice(2)}` : `NL${String(n)}`
    case 'GB':
      return `CN${String(n).slice(1)}`
  }
}

function datesOf(lang: Lang, market: Market, r: Rand): { name: string; text: (iso: string) => string } {
  const numeric = (form: 'dmy.' | 'dmy/' | 'dmy-' | 'iso') => ({
    name: form,
    text: (iso: string) => dateText(iso, form),
  })
  switch (lang) {
    case 'nb':
      return pick(r, [
        numeric('dmy.'),
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nb') },
      ])
    case 'sv':
      return pick(r, [numeric('iso'), { name: 'long', text: (iso: string) => speltDate(iso, 'sv') }])
    case 'de':
      return pick(r, [numeric('dmy.'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'de') }])
    case 'nl':
      return pick(r, [numeric('dmy-'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nl') }])
    case 'en':
      return market === 'GB'
        ? pick(r, [numeric('dmy/'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en') }])
        : market === 'NO'
          ? numeric('dmy.')
          : numeric('dmy-')
  }
}
