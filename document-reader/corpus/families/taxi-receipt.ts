// Own family `own-taxi-receipt` (its group: ../families.ts): a taxi's receipt as the car's taximeter and card
// terminal print it on an 80 mm thermal roll, laid out with the npm package jspdf (MIT) on a page as narrow
// as the roll and as long as the receipt. The taxi central's name over the operator that holds the licence
// (the supplier: its name, address and organisation number, `Org.nr`, `Org nr` with `Momsreg.nr`, or `CVR`),
// the licence's and the car's numbers (`Løyve`, `Tillstånd`, `Tilladelse`), the driver's, the trip's number,
// the start and end with their time, the kilometres and minutes driven, the fare line by line (start price,
// distance, time, a toll or a booking fee, a tip) or as one taximeter amount, the total and the VAT included
// (12 % in Norway, 6 % in Sweden; a Danish ride is exempt and says so; a toll or a tip carries none), then the
// card terminal's slip: the terminal's and merchant's ids, the card and its masked number, `AID`, `Ref`,
// the amount of the purchase and `GODKJENT`, `GODKÄNT`, `GODKENDT` or `APPROVED`. Three layouts:
// `taximeter` (Courier, the meter's columns of label and value), `terminal` (the card slip first, then the
// meter's receipt, in a sans face) and `central` (the central's name large and centred, a box round the
// total). The truth, as `own-app-receipt` decides it: the operator's number where it is printed, the
// receipt's number only where the receipt calls it so (`Kvitteringsnr.`, `Kvittonr`, `Kvittering nr.`,
// `Receipt no.`; a trip's number is not), the day of the ride, the total paid (the tip included), no due
// date. Languages: Norwegian bokmål, Swedish, Danish and English (Norwegian taxis at an airport).
import { createRequire } from 'node:module'
import type { jsPDF as JsPdf, jsPDFOptions } from 'jspdf'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, rng } from '../generate.ts'
import {
  dateText,
  makeFacts,
  truthOf,
  type CorpusDocument,
  type CoreProperty,
  type FactLine,
} from './facts.ts'

const require = createRequire(import.meta.url)
const { jsPDF } = require('jspdf') as { jsPDF: new (options?: jsPDFOptions) => JsPdf }

type Lang = 'nb' | 'sv' | 'da' | 'en'
type Market = 'NO' | 'SE' | 'DK'
type Layout = 'taximeter' | 'terminal' | 'central'

interface Words {
  receipt: string
  receiptNo: string
  licence: string
  car: string
  driver: string
  trip: string
  start: string
  end: string
  distance: string
  time: string
  base: string
  perKm: string
  perMin: string
  meter: string
  toll: string
  booking: string
  tip: string
  total: string
  vat: (rate: number) => string
  exempt: string
  net: string
  purchase: string
  approved: string
  keep: string
  thanks: string
  card: string
  operator: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    receipt: 'KVITTERING',
    receiptNo: 'Kvitteringsnr.',
    licence: 'Løyve nr.',
    car: 'Bil nr.',
    driver: 'Sjåfør nr.',
    trip: 'Tur nr.',
    start: 'Start',
    end: 'Slutt',
    distance: 'Kjørt km',
    time: 'Tid min',
    base: 'Startpris',
    perKm: 'Km-takst',
    perMin: 'Tidstakst',
    meter: 'Taksameterbeløp',
    toll: 'Bompenger',
    booking: 'Bestillingstillegg',
    tip: 'Tips',
    total: 'TOTALT',
    vat: (rt) => `Herav mva ${rt} %`,
    exempt: '',
    net: 'Grunnlag',
    purchase: 'KJØP',
    approved: 'GODKJENT',
    keep: 'Kundens kopi',
    thanks: 'Takk for turen!',
    card: 'Kort',
    operator: 'Løyvehaver',
  },
  sv: {
    receipt: 'KVITTO',
    receiptNo: 'Kvittonr',
    licence: 'Tillstånd nr',
    car: 'Bil nr',
    driver: 'Förar-id',
    trip: 'Körning nr',
    start: 'Start',
    end: 'Slut',
    distance: 'Körda km',
    time: 'Restid min',
    base: 'Grundavgift',
    perKm: 'Kilometeravgift',
    perMin: 'Tidsavgift',
    meter: 'Taxameterbelopp',
    toll: 'Trängselskatt',
    booking: 'Beställningsavgift',
    tip: 'Dricks',
    total: 'TOTALT',
    vat: (rt) => `Varav moms ${rt} %`,
    exempt: '',
    net: 'Netto',
    purchase: 'KÖP',
    approved: 'GODKÄNT',
    keep: 'Kundens exemplar',
    thanks: 'Tack för resan!',
    card: 'Kort',
    operator: 'Trafikutövare',
  },
  da: {
    receipt: 'KVITTERING',
    receiptNo: 'Kvittering nr.',
    licence: 'Tilladelse nr.',
    car: 'Vogn nr.',
    driver: 'Chauffør nr.',
    trip: 'Tur nr.',
    start: 'Start',
    end: 'Slut',
    distance: 'Kørte km',
    time: 'Tid min',
    base: 'Startgebyr',
    perKm: 'Kilometertakst',
    perMin: 'Tidstakst',
    meter: 'Taxameterbeløb',
    toll: 'Brobizz',
    booking: 'Bestillingsgebyr',
    tip: 'Drikkepenge',
    total: 'I ALT',
    vat: (rt) => `Heraf moms ${rt} %`,
    exempt: 'Personbefordring er momsfri',
    net: 'Netto',
    purchase: 'KØB',
    approved: 'GODKENDT',
    keep: 'Kundens kopi',
    thanks: 'Tak for turen!',
    card: 'Kort',
    operator: 'Vognmand',
  },
  en: {
    receipt: 'RECEIPT',
    receiptNo: 'Receipt no.',
    licence: 'Licence no.',
    car: 'Car no.',
    driver: 'Driver no.',
    trip: 'Trip no.',
    start: 'Start',
    end: 'End',
    distance: 'Distance km',
    time: 'Time min',
    base: 'Start fare',
    perKm: 'Distance fare',
    perMin: 'Time fare',
    meter: 'Meter fare',
    toll: 'Road toll',
    booking: 'Booking fee',
    tip: 'Tip',
    total: 'TOTAL',
    vat: (rt) => `Incl. VAT ${rt}%`,
    exempt: '',
    net: 'Net',
    purchase: 'PURCHASE',
    approved: 'APPROVED',
    keep: 'Customer copy',
    thanks: 'Thank you for riding with us',
    card: 'Card',
    operator: 'Licence holder',
  },
}

/** Taxi centrals, the operators that drive for them (the suppliers), and the places they drive. */
const CENTRALS: Record<
  Market,
  { central: string; phone: string; web: string; city: string; operators: string[]; places: string[] }[]
> = {
  NO: [
    {
      central: 'Bergen Bydrosje',
      web: 'www.bergenbydrosje.no',
      city: '5003 Bergen',
      phone: '55 99 70 00',
      operators: ['Haider Transport AS', 'Fana Taxidrift AS', 'Nilsen Persontransport AS'],
      places: ['Bryggen 21, Bergen', 'Bergen lufthavn Flesland', 'Sandviksveien 3, Bergen', 'Bergen stasjon'],
    },
    {
      central: 'Trondheim Taxisentral',
      web: 'www.trondheimtaxi.no',
      city: '7011 Trondheim',
      phone: '73 90 73 00',
      operators: ['Kaur Taxi AS', 'Moholt Drosje AS'],
      places: ['Trondheim S', 'Værnes lufthavn', 'Olav Tryggvasons gate 40', 'Lade Allé 80'],
    },
    {
      central: 'Oslo Bydrosjer',
      web: 'www.oslobydrosjer.no',
      city: '0155 Oslo',
      phone: '22 38 80 90',
      operators: ['Ahmadi Taxi AS', 'Frogner Persontransport AS', 'Løyve 3127 Rahman AS'],
      places: [
        'Oslo S',
        'Oslo lufthavn Gardermoen',
        'Karl Johans gate 5',
        'Aker brygge',
        'Storgata 12, Oslo',
      ],
    },
  ],
  SE: [
    {
      central: 'Taxi Väst',
      web: 'www.taxivast.se',
      city: '411 05 Göteborg',
      phone: '031-65 00 00',
      operators: ['Åkeri Nilsson Taxi AB', 'Hisingens Taxitrafik AB'],
      places: ['Göteborg C', 'Landvetter flygplats', 'Kungsgatan 18, Göteborg', 'Lindholmen'],
    },
    {
      central: 'Stadstaxi Malmö',
      web: 'www.stadstaximalmo.se',
      city: '211 20 Malmö',
      phone: '040-97 97 97',
      operators: ['Öresund Personbil AB', 'Rosengård Taxi AB'],
      places: ['Malmö C', 'Hyllie', 'Malmö Airport', 'Industrivägen 6, Malmö'],
    },
  ],
  DK: [
    {
      central: 'Taxa Østjylland',
      web: 'www.taxaostjylland.dk',
      city: '8000 Aarhus C',
      phone: '89 48 48 48',
      operators: ['Vognmand Jensen ApS', 'Aarhus Taxikørsel ApS'],
      places: ['Aarhus H', 'Aarhus Lufthavn', 'Østergade 22, Aarhus', 'Dokk1'],
    },
    {
      central: 'Fyns Taxa',
      web: 'www.fynstaxa.dk',
      city: '5000 Odense C',
      phone: '66 15 44 15',
      operators: ['Odense Vognmandsforretning ApS', 'Taxi Holm ApS'],
      places: ['Odense Banegård', 'Havnevej 4, Odense', 'OUH Indgang 1', 'Rosengårdcentret'],
    },
  ],
}

/** Tariffs: start, per kilometre and per minute, in kroner. */
const TARIFFS: Record<Market, [number, number, number][]> = {
  NO: [
    [79, 17.4, 9.1],
    [99, 19.8, 10.5],
    [84, 16.2, 8.7],
  ],
  SE: [
    [55, 13.9, 7.2],
    [49, 15.5, 6.9],
  ],
  DK: [
    [45, 12.5, 6.75],
    [39, 14.75, 7.5],
  ],
}

const CARDS = ['Visa', 'Mastercard', 'Visa Debit', 'American Express', 'Debit Mastercard']
const AIDS: Record<string, string> = {
  Visa: 'A0000000031010',
  'Visa Debit': 'A0000000031010',
  Mastercard: 'A0000000041010',
  'Debit Mastercard': 'A0000000041010',
  'American Express': 'A00000002501',
  BankAxept: 'D5780000021010',
  Dankort: 'A0000001211010',
}

interface Row {
  left?: string
  right?: string
  centre?: string
  bold?: boolean
  size?: number
  rule?: 'dash' | 'solid'
  gap?: number
  box?: boolean
}

export async function generateTaxiReceipt(seed: number): Promise<CorpusDocument> {
  // The market, language and layout drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 4211)
  const [market, lang] = pick(spread, [
    ['SE', 'sv'],
    ['NO', 'nb'],
    ['DK', 'da'],
    ['NO', 'nb'],
    ['SE', 'sv'],
    ['NO', 'en'],
    ['DK', 'da'],
    ['NO', 'nb'],
  ] as const)
  const layout: Layout = pick(spread, ['taximeter', 'taximeter', 'terminal', 'central'])
  const { facts: f, r } = makeFacts(seed, 4211, { country: market, lines: [1, 1] })
  const w = WORDS[lang]
  const centralOf = pick(r, CENTRALS[market])
  const operator = pick(r, centralOf.operators)
  const rate = market === 'NO' ? 12 : market === 'SE' ? 6 : 0
  const decimal = lang === 'en' ? '.' : ','
  const num = (c: number) => {
    const whole = String(Math.floor(Math.abs(c) / 100)).replace(
      /\B(?=(\d{3})+(?!\d))/g,
      lang === 'en' ? ',' : '.',
    )
    return `${c < 0 ? '-' : ''}${market === 'SE' ? whole.replace(/\./g, ' ') : whole}${decimal}${String(Math.abs(c) % 100).padStart(2, '0')}`
  }
  const moneyStyle = pick(r, ['code', 'plain', 'kr'] as const)
  const money = (c: number) =>
    moneyStyle === 'code' ? `${f.currency} ${num(c)}` : moneyStyle === 'kr' ? `${num(c)} kr` : num(c)
  const dateForm =
    market === 'SE' ? pick(r, ['iso', 'iso', 'dmy.'] as const) : pick(r, ['dmy.', 'dmy.', 'dmy-'] as const)
  const date = (iso: string) => dateText(iso, dateForm)
  const kr = (major: number) => Math.round(major * 100)

  // The ride: when, how far, how long, and its fare.
  const day = f.invoiceDate
  const startMin = int(r, 6 * 60, 21 * 60 + 30)
  const km = (r() < 0.7 ? int(r, 25, 150) : int(r, 150, 520)) / 10
  const minutes = Math.round(km * pick(r, [1.2, 1.5, 1.9]) + int(r, 2, 9))
  const clock = (m: number) =>
    `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  const from = pick(r, centralOf.places)
  const to = pick(
    r,
    centralOf.places.filter((p) => p !== from),
  )
  const [start, perKm, perMin] = pick(r, TARIFFS[market])
  const itemised = layout !== 'central' || r() < 0.5
  const lines: { text: string; amount: number; rate: number; detail?: string }[] = []
  if (itemised) {
    lines.push(
      { text: w.base, amount: kr(start), rate },
      {
        text: w.perKm,
        amount: kr(Math.round(km * perKm * 10) / 10),
        rate,
        detail: `${km.toFixed(1).replace('.', decimal)} x ${num(kr(perKm))}`,
      },
      {
        text: w.perMin,
        amount: kr(Math.round(minutes * perMin * 10) / 10),
        rate,
        detail: `${minutes} x ${num(kr(perMin))}`,
      },
    )
  } else {
    const fare = kr(start) + kr(Math.round(km * perKm * 10) / 10) + kr(Math.round(minutes * perMin * 10) / 10)
    lines.push({ text: w.meter, amount: fare, rate })
  }
  if (r() < 0.25) lines.push({ text: w.booking, amount: kr(pick(r, [25, 30, 39])), rate })
  if (
    market !== 'DK' &&
    /lufthavn|flygplats|Airport|Gardermoen|Flesland|Værnes|Landvetter/.test(`${from} ${to}`) &&
    r() < 0.7
  )
    lines.push({
      text: w.toll,
      amount: kr(pick(r, market === 'SE' ? [11, 16, 22] : [24, 35, 45, 56])),
      rate: 0,
    })
  if (r() < 0.3) lines.push({ text: w.tip, amount: kr(pick(r, [10, 20, 30, 50])), rate: 0 })
  const total = lines.reduce((s, l) => s + l.amount, 0)
  const taxed = lines.filter((l) => l.rate === rate).reduce((s, l) => s + l.amount, 0)
  const vatAmount = rate ? Math.round((taxed * rate) / (100 + rate)) : 0

  // The numbers on the receipt: the supplier's, the licence's, the car's, the trip's, perhaps the receipt's.
  const idText =
    market === 'NO'
      ? pick(r, [
          `${formatOrgNumber(f.supplierId)} MVA`,
          f.supplierId,
          `NO ${formatOrgNumber(f.supplierId)} MVA`,
        ])
      : market === 'SE'
        ? `${f.supplierId.slice(2, 8)}-${f.supplierId.slice(8, 12)}`
        : pick(r, [
            f.supplierId.slice(2),
            `${f.supplierId.slice(2, 4)} ${f.supplierId.slice(4, 6)} ${f.supplierId.slice(6, 8)} ${f.supplierId.slice(8)}`,
          ])
  const idLabel =
    market === 'NO'
      ? pick(r, ['Org.nr.', 'Org.nr:', 'Foretaksreg.'])
      : market === 'SE'
        ? 'Org nr'
        : pick(r, ['CVR', 'CVR-nr.'])
  const vatReg = market === 'SE' && r() < 0.6 ? f.supplierId : null
  const showId = r() < 0.9
  const numbered = r() < 0.55
  const receiptNo = String(int(r, 1000, 99999)).padStart(6, '0')
  const tripNo = String(int(r, 100, 9999))
  const licence = market === 'SE' ? `${int(r, 10000, 99999)}` : String(int(r, 100, 4999))
  const carNo =
    market === 'NO'
      ? `${pick(r, ['EL', 'EV', 'EK', 'EB'])} ${int(r, 10000, 99999)}`
      : market === 'SE'
        ? `${pick(r, ['ABC', 'MLK', 'TPX', 'GUS'])} ${int(r, 100, 999)}`
        : `${int(r, 100, 999)}`
  const driverNo = String(int(r, 1000, 99999))
  const address = `${f.street}, ${centralOf.city}`

  // The card terminal's slip.
  const card = pick(r, [
    ...CARDS,
    ...(market === 'NO' ? ['BankAxept', 'BankAxept'] : market === 'DK' ? ['Dankort', 'Dankort'] : []),
  ])
  const pan = pick(r, [
    `************${int(r, 1000, 9999)}`,
    `XXXX XXXX XXXX ${int(r, 1000, 9999)}`,
    `**** ${int(r, 1000, 9999)}`,
  ])
  const tid = String(int(r, 10_000_000, 99_999_999))
  const merchantId = String(int(r, 100_000, 9_999_999))
  const ref = String(int(r, 100_000, 999_999))
  const auth = String(int(r, 100_000, 999_999))
  const endMin = startMin + minutes
  const stamp = (m: number) => `${date(day)} ${clock(m)}`
  const slip: Row[] = [
    { rule: 'dash' },
    { centre: market === 'NO' ? 'Nets / BAX' : market === 'SE' ? 'Nets Sweden' : 'Nets Danmark' },
    { left: `${market === 'NO' ? 'BAX' : 'Butik'}: ${merchantId}`, right: `TID: ${tid}` },
    {
      left: stamp(endMin + 1),
      right: pick(r, ['Contactless', 'Chip', lang === 'sv' ? 'Kontaktlös' : 'Kontaktløs']),
    },
    { left: card },
    { left: pan },
    { left: `AID: ${AIDS[card]}` },
    { left: `Ref: ${ref}`, right: `Auth: ${auth}` },
    { left: `${w.purchase} ${f.currency}`, right: num(total), bold: true },
    { centre: w.approved, bold: true },
    { centre: w.keep },
  ]

  const head: Row[] = [
    { centre: centralOf.central, bold: true, size: layout === 'central' ? 14 : 10 },
    { centre: `Tlf. ${centralOf.phone}` },
    { gap: 4 },
    { centre: `${w.operator}: ${operator}` },
    { centre: address },
    ...(showId ? [{ centre: `${idLabel} ${idText}` }] : []),
    ...(vatReg ? [{ centre: `Momsreg.nr ${vatReg}` }] : []),
    { gap: 4 },
    { centre: w.receipt, bold: true, size: 11 },
    ...(numbered ? [{ left: w.receiptNo, right: receiptNo }] : []),
    { left: w.licence, right: licence },
    { left: w.car, right: carNo },
    { left: w.driver, right: driverNo },
    { left: w.trip, right: tripNo },
    { rule: 'dash' },
    { left: w.start, right: stamp(startMin) },
    { left: w.end, right: stamp(endMin) },
    { left: from },
    { left: `-> ${to}` },
    { left: w.distance, right: km.toFixed(1).replace('.', decimal) },
    { left: w.time, right: String(minutes) },
    { rule: 'dash' },
  ]
  const fare: Row[] = [
    ...lines.flatMap((l): Row[] =>
      l.detail && layout === 'taximeter'
        ? [{ left: l.text }, { left: `  ${l.detail}`, right: num(l.amount) }]
        : [{ left: l.text, right: num(l.amount) }],
    ),
    { rule: 'solid' },
    { left: w.total, right: money(total), bold: true, size: 11, box: layout === 'central' },
    ...(rate
      ? [
          { left: w.vat(rate), right: num(vatAmount) },
          ...(r() < 0.5 ? [{ left: w.net, right: num(total - vatAmount) }] : []),
        ]
      : [{ left: w.exempt }, { left: lang === 'da' ? 'Moms' : 'VAT', right: num(0) }]),
  ]
  const foot: Row[] = [
    { gap: 6 },
    { centre: w.thanks },
    { centre: pick(r, [centralOf.web, centralOf.web, '* * *']) },
  ]
  const rows =
    layout === 'terminal'
      ? [...slip.slice(1), { rule: 'dash' as const }, ...head, ...fare, ...foot]
      : [...head, ...fare, ...slip, ...foot]

  // The roll: 80 mm wide, as long as the rows.
  const mono = layout === 'taximeter'
  const font = mono ? 'courier' : pick(r, ['helvetica', 'helvetica', 'times'])
  const base = mono ? 8 : 8.5
  const width = 226.8
  const margin = 12
  const heightOf = (row: Row) =>
    (row.gap ?? 0) + (row.rule ? 7 : row.gap ? 0 : (row.size ?? base) * 1.3) + (row.box ? 6 : 0)
  const height = Math.ceil(rows.reduce((s, row) => s + heightOf(row), 0) + 2 * margin + 10)
  const doc = new jsPDF({ unit: 'pt', format: [width, height], compress: true })
  doc.setCreationDate("D:20260101000000+00'00'")
  doc.setFileId('4C6564676572646573B2436F72707573')
  doc.setDocumentProperties({
    title: `${w.receipt} ${numbered ? receiptNo : tripNo}`,
    creator: 'Taximeter print',
  })
  let y = margin + 8
  for (const row of rows) {
    const h = heightOf(row)
    doc.setFont(font, row.bold ? 'bold' : 'normal')
    doc.setFontSize(row.size ?? base)
    doc.setTextColor(20, 20, 20)
    if (row.rule) {
      doc.setDrawColor(60, 60, 60)
      doc.setLineWidth(0.6)
      if (row.rule === 'dash') doc.setLineDashPattern([2, 2], 0)
      doc.line(margin, y - 2, width - margin, y - 2)
      doc.setLineDashPattern([], 0)
    } else if (row.box) {
      doc.setDrawColor(20, 20, 20)
      doc.setLineWidth(0.8)
      doc.rect(margin - 2, y - (row.size ?? base) - 1, width - 2 * margin + 4, (row.size ?? base) + 6)
      y += 2
    }
    if (row.centre) doc.text(row.centre, width / 2, y, { align: 'center' })
    if (row.left) doc.text(row.left, margin, y)
    if (row.right) doc.text(row.right, width - margin, y, { align: 'right' })
    y += h
  }

  // The truth: the receipt's facts, its amounts VAT included.
  f.supplier = operator
  f.account = f.iban = f.bic = f.kid = null
  f.number = receiptNo
  f.lines = lines.map((l): FactLine => ({
    text: l.text,
    qty: 1,
    price: l.amount,
    amount: l.amount,
    rate: l.rate,
  }))
  // The VAT of the fare's rate (a toll or tip outside it); a Danish ride's none, at 0 %.
  f.vat = rate ? [{ rate, base: taxed - vatAmount, vat: vatAmount }] : [{ rate: 0, base: total, vat: 0 }]
  f.total = total
  f.net = total - vatAmount
  const omit: CoreProperty[] = [
    2,
    3,
    4,
    8,
    ...(numbered ? [] : [5 as const]),
    ...(showId ? [] : [1 as const]),
  ]
  return {
    family: 'own-taxi-receipt',
    kind: 'receipt',
    seed,
    format: 'pdf',
    bytes: new Uint8Array(doc.output('arraybuffer')),
    pages: 1,
    scanned: false,
    truth: truthOf(f, omit),
    buyerOrgNumber: f.buyerOrg,
    buyerBankAccount: f.buyerAccount,
    variant: `${layout},${lang},${market},${itemised ? 'itemised' : 'meter'},${font}${numbered ? ',numbered' : ''}${showId ? '' : ',no-id'}${lines.some((l) => l.text === w.tip) ? ',tip' : ''}`,
    printed: {
      ...(showId ? { 1: idText } : {}),
      ...(numbered ? { 5: receiptNo } : {}),
      6: money(total),
      7: date(day),
    },
  }
}
