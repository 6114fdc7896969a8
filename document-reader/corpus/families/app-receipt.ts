// Own family `own-app-receipt` (its group: ../families.ts): a receipt as a phone app shows it, saved as a
// screenshot: a taxi ride, a food delivery, a public transport ticket or a subscription, paid by card or
// Vipps in the app. The screen of an iPhone (1170 × 2532) or an Android phone (1080 × 2400, 828 × 1792),
// sometimes shared at half size, in light or dark mode, drawn with @napi-rs/canvas: the status bar (the
// time, signal, battery), the app's bar with its back arrow and title, the merchant's mark and name, the
// amount large with the date and time of purchase, what was bought (the ride's route, distance and driver;
// the restaurant and its dishes; the ticket's zone and validity; the plan and its period and next charge),
// the charges line by line with their total, the VAT included at each rate, the card or Vipps it was paid
// with, the receipt's or order's number, sometimes the company profile it was charged to (the buyer's
// name and organisation number), the merchant's legal name, address and organisation or VAT number, and the
// app's buttons. The receipt's number is the invoice number only where the receipt calls it its receipt's
// or invoice's number (an order, trip or ticket id is not); the merchant's number is left out on some. Some
// receipts are refunds. Languages: Norwegian bokmål (Norwegian merchants), English (Norwegian merchants and
// British ones, in pounds) and Swedish (Swedish merchants); amounts and dates as the app formats them.
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { addDays, int, pick, rng, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  moneyText,
  speltDate,
  supplierIdText,
  truthOf,
  type CorpusDocument,
  type CoreProperty,
  type FactLine,
  type Facts,
} from './facts.ts'

const require = createRequire(import.meta.url)

type Lang = 'nb' | 'en' | 'sv'
type Kind = 'ride' | 'food' | 'ticket' | 'subscription'
type Market = 'NO' | 'SE' | 'GB'

/** The app's faces, registered under their own names so that the machine's fonts play no part. */
const FACES = (() => {
  const vfs = require('pdfmake/build/vfs_fonts.js') as Record<string, string>
  const liberation = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')
  const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  GlobalFonts.register(Buffer.from(vfs['Roboto-Regular.ttf']!, 'base64'), 'App Roboto')
  GlobalFonts.register(Buffer.from(vfs['Roboto-Medium.ttf']!, 'base64'), 'App Roboto Medium')
  GlobalFonts.register(readFileSync(path.join(liberation, 'LiberationSans-Regular.ttf')), 'App Liberation')
  GlobalFonts.register(readFileSync(path.join(liberation, 'LiberationSans-Bold.ttf')), 'App Liberation Bold')
  GlobalFonts.register(readFileSync(path.join(dejavu, 'DejaVuSans.ttf')), 'App DejaVu')
  GlobalFonts.register(readFileSync(path.join(dejavu, 'DejaVuSans-Bold.ttf')), 'App DejaVu Bold')
  return {
    Roboto: ['App Roboto', 'App Roboto Medium'],
    Liberation: ['App Liberation', 'App Liberation Bold'],
    DejaVu: ['App DejaVu', 'App DejaVu Bold'],
  } as Record<string, [string, string]>
})()

/** The phones: the screen in pixels and its scale (pixels per point). */
const PHONES = [
  { name: 'iphone', width: 1170, height: 2532, scale: 3, status: 47, home: 34 },
  { name: 'iphone', width: 1170, height: 2532, scale: 3, status: 47, home: 34 },
  { name: 'android', width: 1080, height: 2400, scale: 2.625, status: 28, home: 20 },
  { name: 'iphone-xr', width: 828, height: 1792, scale: 2, status: 44, home: 34 },
] as const

interface Words {
  receipt: string
  refund: string
  back: string
  paid: string
  refunded: string
  total: string
  refundTotal: string
  vat: (rate: number) => string
  paidWith: string
  refundedTo: string
  receiptNo: string[]
  invoiceNo: string
  orderNo: string
  tripId: string
  ticketId: string
  booking: string
  company: string
  orgNo: string
  download: string
  help: Record<Kind, string>
  at: string
  kind: Record<Kind, string>
  ride: {
    from: string
    to: string
    distance: string
    duration: string
    driver: string
    base: string
    time: string
    km: string
    toll: string
    tip: string
  }
  food: { from: string; delivery: string; service: string; tip: string; deliveredAt: string }
  ticket: { valid: string; until: string; zone: string; route: string; traveller: string }
  subscription: { plan: string; period: string; next: string }
}

const WORDS: Record<Lang, Words> = {
  nb: {
    receipt: 'Kvittering',
    refund: 'Refusjon',
    back: 'Tilbake',
    paid: 'Betalt',
    refunded: 'Refundert',
    total: 'Totalt',
    refundTotal: 'Refundert totalt',
    vat: (rate) => `herav mva ${rate} %`,
    paidWith: 'Betalt med',
    refundedTo: 'Refundert til',
    receiptNo: ['Kvitteringsnr.', 'Kvitteringsnummer'],
    invoiceNo: 'Fakturanummer',
    orderNo: 'Ordrenummer',
    tripId: 'Tur-ID',
    ticketId: 'Billett-ID',
    booking: 'Bestillingsnummer',
    company: 'Bedriftsprofil',
    orgNo: 'Org.nr.',
    download: 'Last ned kvittering (PDF)',
    help: {
      ride: 'Få hjelp med denne turen',
      food: 'Få hjelp med bestillingen',
      ticket: 'Kundeservice',
      subscription: 'Administrer abonnement',
    },
    at: 'kl.',
    kind: { ride: 'Taxitur', food: 'Matlevering', ticket: 'Billett', subscription: 'Abonnement' },
    ride: {
      from: 'Fra',
      to: 'Til',
      distance: 'Distanse',
      duration: 'Varighet',
      driver: 'Sjåfør',
      base: 'Grunntakst',
      time: 'Tidstakst',
      km: 'Kilometertakst',
      toll: 'Bompenger',
      tip: 'Tips til sjåfør',
    },
    food: {
      from: 'Fra',
      delivery: 'Leveringsgebyr',
      service: 'Servicegebyr',
      tip: 'Tips til bud',
      deliveredAt: 'Levert',
    },
    ticket: {
      valid: 'Gyldig fra',
      until: 'Gyldig til',
      zone: 'Sone',
      route: 'Gjelder',
      traveller: 'Reisende',
    },
    subscription: { plan: 'Abonnement', period: 'Periode', next: 'Neste trekk' },
  },
  en: {
    receipt: 'Receipt',
    refund: 'Refund',
    back: 'Back',
    paid: 'Paid',
    refunded: 'Refunded',
    total: 'Total',
    refundTotal: 'Total refunded',
    vat: (rate) => `incl. VAT ${rate}%`,
    paidWith: 'Paid with',
    refundedTo: 'Refunded to',
    receiptNo: ['Receipt number', 'Receipt no.'],
    invoiceNo: 'Invoice number',
    orderNo: 'Order ID',
    tripId: 'Trip ID',
    ticketId: 'Ticket ID',
    booking: 'Booking reference',
    company: 'Business profile',
    orgNo: 'Org. no.',
    download: 'Download receipt (PDF)',
    help: {
      ride: 'Get help with this trip',
      food: 'Get help with this order',
      ticket: 'Customer service',
      subscription: 'Manage subscription',
    },
    at: 'at',
    kind: { ride: 'Taxi ride', food: 'Food delivery', ticket: 'Ticket', subscription: 'Subscription' },
    ride: {
      from: 'From',
      to: 'To',
      distance: 'Distance',
      duration: 'Duration',
      driver: 'Driver',
      base: 'Base fare',
      time: 'Time',
      km: 'Distance',
      toll: 'Tolls',
      tip: 'Tip',
    },
    food: {
      from: 'From',
      delivery: 'Delivery fee',
      service: 'Service fee',
      tip: 'Rider tip',
      deliveredAt: 'Delivered',
    },
    ticket: {
      valid: 'Valid from',
      until: 'Valid until',
      zone: 'Zone',
      route: 'Route',
      traveller: 'Traveller',
    },
    subscription: { plan: 'Plan', period: 'Billing period', next: 'Next payment' },
  },
  sv: {
    receipt: 'Kvitto',
    refund: 'Återbetalning',
    back: 'Tillbaka',
    paid: 'Betald',
    refunded: 'Återbetald',
    total: 'Totalt',
    refundTotal: 'Återbetalt totalt',
    vat: (rate) => `varav moms ${rate} %`,
    paidWith: 'Betalt med',
    refundedTo: 'Återbetalt till',
    receiptNo: ['Kvittonummer', 'Kvittonr'],
    invoiceNo: 'Fakturanummer',
    orderNo: 'Ordernummer',
    tripId: 'Res-ID',
    ticketId: 'Biljett-ID',
    booking: 'Bokningsnummer',
    company: 'Företagsprofil',
    orgNo: 'Org.nr',
    download: 'Ladda ner kvitto (PDF)',
    help: {
      ride: 'Få hjälp med resan',
      food: 'Få hjälp med beställningen',
      ticket: 'Kundservice',
      subscription: 'Hantera prenumeration',
    },
    at: 'kl.',
    kind: { ride: 'Taxiresa', food: 'Matleverans', ticket: 'Biljett', subscription: 'Prenumeration' },
    ride: {
      from: 'Från',
      to: 'Till',
      distance: 'Sträcka',
      duration: 'Restid',
      driver: 'Förare',
      base: 'Grundavgift',
      time: 'Tidstaxa',
      km: 'Kilometertaxa',
      toll: 'Trängselskatt',
      tip: 'Dricks',
    },
    food: {
      from: 'Från',
      delivery: 'Leveransavgift',
      service: 'Serviceavgift',
      tip: 'Dricks till budet',
      deliveredAt: 'Levererad',
    },
    ticket: {
      valid: 'Giltig från',
      until: 'Giltig till',
      zone: 'Zon',
      route: 'Gäller',
      traveller: 'Resenär',
    },
    subscription: { plan: 'Abonnemang', period: 'Period', next: 'Nästa dragning' },
  },
}

/** Merchants by kind and market: the app's name and the company behind it. */
const MERCHANTS: Record<
  Kind,
  Record<Market, { app: string; company: string; street: string; place: string }[]>
> = {
  ride: {
    NO: [
      { app: 'Fjordtaxi', company: 'Fjordtaxi AS', street: 'Strandgata 14', place: '5013 Bergen' },
      { app: 'Bytaxi', company: 'Bytaxi Oslo AS', street: 'Trondheimsveien 22', place: '0560 Oslo' },
    ],
    SE: [
      {
        app: 'Stadstaxi',
        company: 'Stockholms Stadstaxi AB',
        street: 'Hornsgatan 12',
        place: '118 20 Stockholm',
      },
    ],
    GB: [
      {
        app: 'CityCab',
        company: 'City Cabs London Ltd',
        street: '18 Caledonian Road',
        place: 'London N1 9DU',
      },
    ],
  },
  food: {
    NO: [
      { app: 'Matbud', company: 'Matbud Norge AS', street: 'Karl Johans gate 5', place: '0154 Oslo' },
      {
        app: 'Middagsbud',
        company: 'Middagsbud AS',
        street: 'Olav Tryggvasons gate 40',
        place: '7011 Trondheim',
      },
    ],
    SE: [
      { app: 'Matbudet', company: 'Matbudet Sverige AB', street: 'Vasagatan 16', place: '111 20 Stockholm' },
    ],
    GB: [
      { app: 'DinnerDash', company: 'DinnerDash UK Ltd', street: '40 Old Street', place: 'London EC1V 9AE' },
    ],
  },
  ticket: {
    NO: [
      { app: 'Fjordbuss Billett', company: 'Fjordbuss AS', street: 'Jernbanetorget 1', place: '0154 Oslo' },
      { app: 'Nordbanen', company: 'Nordbanen AS', street: 'Stasjonsveien 2', place: '8006 Bodø' },
    ],
    SE: [
      {
        app: 'Länstrafiken',
        company: 'Länstrafiken Mitt AB',
        street: 'Resecentrum 1',
        place: '852 30 Sundsvall',
      },
    ],
    GB: [
      {
        app: 'Thames Rail',
        company: 'Thames Rail Ltd',
        street: '1 Station Approach',
        place: 'Reading RG1 1LZ',
      },
    ],
  },
  subscription: {
    NO: [
      { app: 'Strømmeland', company: 'Strømmeland AS', street: 'Kirkegata 15', place: '0153 Oslo' },
      {
        app: 'Skylagring',
        company: 'Skylagring Norge AS',
        street: 'Tordenskiolds gate 8',
        place: '0160 Oslo',
      },
      { app: 'Nyhetsposten', company: 'Nyhetsposten AS', street: 'Akersgata 55', place: '0180 Oslo' },
    ],
    SE: [
      { app: 'Molnlagret', company: 'Molnlagret AB', street: 'Drottninggatan 50', place: '111 21 Stockholm' },
    ],
    GB: [
      {
        app: 'Cloudvault',
        company: 'Cloudvault Ltd',
        street: '7 Clerkenwell Green',
        place: 'London EC1R 0DE',
      },
    ],
  },
}

/** VAT rates by kind and market (Norwegian digital news carry none). */
const RATES: Record<Kind, Record<Market, number>> = {
  ride: { NO: 12, SE: 6, GB: 20 },
  food: { NO: 15, SE: 12, GB: 20 },
  ticket: { NO: 12, SE: 6, GB: 0 },
  subscription: { NO: 25, SE: 25, GB: 20 },
}

const STREETS: Record<Market, string[]> = {
  NO: [
    'Storgata 12',
    'Kongens gate 5',
    'Bryggen 21',
    'Sandviksveien 3',
    'Gardermoen lufthavn',
    'Jernbanetorget 1',
  ],
  SE: ['Sveavägen 44', 'Götgatan 9', 'Arlanda flygplats', 'Centralstationen'],
  GB: ['221 Baker Street', 'Heathrow Terminal 5', '10 Kings Cross Road', '5 Canada Square'],
}

const DRIVERS = ['Ahmed', 'Lars', 'Mona', 'Piotr', 'Sara', 'Tomas']
const RESTAURANTS = ['Pizzeria Napoli', 'Sushi Kaito', 'Burger & Co', 'Thai Orchid', 'Kebab Huset']
/** Dishes in each language, with their price (øre or pence) in each market. */
const DISHES: { text: Record<Lang, string>; price: Record<Market, number> }[] = [
  {
    text: { nb: 'Margherita', en: 'Margherita pizza', sv: 'Margherita' },
    price: { NO: 18900, SE: 13900, GB: 1150 },
  },
  {
    text: { nb: 'Pepperoni', en: 'Pepperoni pizza', sv: 'Pepperoni' },
    price: { NO: 20900, SE: 15500, GB: 1295 },
  },
  {
    text: { nb: 'Laksemaki 8 stk', en: 'Salmon maki (8)', sv: 'Laxmaki 8 st' },
    price: { NO: 16900, SE: 12900, GB: 995 },
  },
  {
    text: { nb: 'Cheeseburger-meny', en: 'Cheeseburger meal', sv: 'Cheeseburgermeny' },
    price: { NO: 17900, SE: 13900, GB: 1199 },
  },
  {
    text: { nb: 'Pad thai med kylling', en: 'Chicken pad thai', sv: 'Pad thai med kyckling' },
    price: { NO: 18900, SE: 14500, GB: 1250 },
  },
  {
    text: { nb: 'Coca-Cola 0,5 l', en: 'Coca-Cola 500 ml', sv: 'Coca-Cola 50 cl' },
    price: { NO: 3900, SE: 2900, GB: 250 },
  },
  { text: { nb: 'Pommes frites', en: 'Fries', sv: 'Pommes frites' }, price: { NO: 4900, SE: 3900, GB: 350 } },
]

interface Line {
  text: string
  qty: number
  /** Øre / pence, VAT included. */
  amount: number
  rate: number
}

interface Draw {
  r: Rand
  w: Words
  lang: Lang
  market: Market
  kind: Kind
  refund: boolean
  money: (c: number) => string
  dateTime: (iso: string, time: string) => string
  date: (iso: string) => string
  merchant: { app: string; company: string; street: string; place: string }
  idLabel: string
  idValue: string | null
  lines: Line[]
  total: number
  vat: { rate: number; vat: number }[]
  purchased: { day: string; time: string }
  number: { label: string; value: string; counts: boolean }
  card: string
  company: { name: string; org: string } | null
  dark: boolean
  face: [string, string]
  accent: string
  details: [string, string][]
}

export async function generateAppReceipt(seed: number): Promise<CorpusDocument> {
  // The kind, market and language drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 2901)
  const kind: Kind = pick(spread, ['ride', 'ride', 'food', 'food', 'ticket', 'subscription', 'subscription'])
  const [market, lang] = pick(spread, [
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'en'],
    ['GB', 'en'],
    ['SE', 'sv'],
    ['SE', 'sv'],
  ] as const)
  const { facts: f, r } = makeFacts(seed, 2901, { country: market, lines: [1, 1] })
  const w = WORDS[lang]
  const refund = r() < 0.07
  const merchant = pick(r, MERCHANTS[kind][market])
  const rate = merchant.app === 'Nyhetsposten' ? 0 : RATES[kind][market]
  const currency = f.currency
  // Prices in kroner or pounds, as øre or pence.
  const pence = (major: number) => Math.round(major * 100)
  // How the app writes amounts and dates.
  const money = moneyForm(lang, market, currency, r)
  const dates = dateForm(lang, market, r)
  const date = dates.date

  // The charges, VAT included.
  const lines: Line[] = []
  const details: [string, string][] = []
  const day = f.invoiceDate
  const hour = int(r, 6, 23)
  const minute = int(r, 0, 59)
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
  const clock = (add: number) => {
    const m = hour * 60 + minute + add + 24 * 60
    return `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  }
  const decimal = lang === 'en' ? '.' : ','
  switch (kind) {
    case 'ride': {
      const km = int(r, 25, 420) / 10
      const minutes = Math.round(km * 1.8 + int(r, 3, 12))
      const from = pick(r, STREETS[market])
      const to = pick(
        r,
        STREETS[market].filter((s) => s !== from),
      )
      details.push(
        // The ride is paid when it ends.
        [`${w.ride.from} ${clock(-minutes)}`, from],
        [`${w.ride.to} ${clock(0)}`, to],
        // British apps give the distance in miles.
        [
          w.ride.distance,
          market === 'GB' ? `${(km * 0.621371).toFixed(1)} mi` : `${km.toFixed(1).replace('.', decimal)} km`,
        ],
        [w.ride.duration, `${minutes} min`],
        [
          w.ride.driver,
          `${pick(r, DRIVERS)} · ${market === 'GB' ? `LX${int(r, 10, 74)} ${pick(r, ['ABC', 'KTR', 'ZPW'])}` : market === 'SE' ? `${pick(r, ['ABC', 'MLK', 'TPX'])} ${int(r, 100, 999)}` : `EL ${int(r, 10000, 99999)}`}`,
        ],
      )
      const perKm = market === 'GB' ? 2.1 : market === 'SE' ? 14 : 17
      const perMin = market === 'GB' ? 0.45 : market === 'SE' ? 7 : 9
      lines.push(
        { text: w.ride.base, qty: 1, amount: pence(market === 'GB' ? 3.8 : market === 'SE' ? 55 : 79), rate },
        { text: w.ride.km, qty: 1, amount: pence(Math.round(km * perKm * 10) / 10), rate },
        { text: w.ride.time, qty: 1, amount: pence(Math.round(minutes * perMin * 10) / 10), rate },
      )
      if (market !== 'GB' && r() < 0.35)
        lines.push({ text: w.ride.toll, qty: 1, amount: pence(pick(r, [27, 38, 45, 64])), rate: 0 })
      if (r() < 0.3)
        lines.push({
          text: w.ride.tip,
          qty: 1,
          amount: pence(market === 'GB' ? pick(r, [1, 2, 3]) : pick(r, [20, 30, 50])),
          rate: 0,
        })
      break
    }
    case 'food': {
      const restaurant = pick(r, RESTAURANTS)
      details.push([w.food.from, restaurant], [w.food.deliveredAt, clock(int(r, 25, 55))])
      const n = int(r, 1, 4)
      const start = int(r, 0, DISHES.length - 1)
      for (let i = 0; i < n; i++) {
        const dish = DISHES[(start + i * 2) % DISHES.length]!
        const text = dish.text[lang]
        const price = dish.price[market]
        const qty = r() < 0.25 ? 2 : 1
        lines.push({ text: qty > 1 ? `${qty} × ${text}` : text, qty, amount: qty * price, rate })
      }
      lines.push({
        text: w.food.delivery,
        qty: 1,
        amount: pence(market === 'GB' ? 2.49 : market === 'SE' ? 29 : 39),
        rate,
      })
      if (r() < 0.6)
        lines.push({
          text: w.food.service,
          qty: 1,
          amount: pence(market === 'GB' ? 0.99 : market === 'SE' ? 9 : 12),
          rate: market === 'GB' ? 20 : 25,
        })
      if (r() < 0.3)
        lines.push({ text: w.food.tip, qty: 1, amount: pence(market === 'GB' ? 2 : 20), rate: 0 })
      break
    }
    case 'ticket': {
      const monthly = r() < 0.35
      const text =
        lang === 'nb'
          ? monthly
            ? '30-dagersbillett voksen'
            : 'Enkeltbillett voksen'
          : lang === 'sv'
            ? monthly
              ? '30-dagarsbiljett vuxen'
              : 'Enkelbiljett vuxen'
            : monthly
              ? 'Monthly season ticket, adult'
              : 'Anytime day single, adult'
      const price = monthly
        ? market === 'GB'
          ? pick(r, [24500, 31200])
          : market === 'SE'
            ? pick(r, [97000, 112000])
            : pick(r, [85300, 98000])
        : market === 'GB'
          ? pick(r, [1270, 2390])
          : market === 'SE'
            ? pick(r, [3900, 4600])
            : pick(r, [4400, 6200])
      const count = monthly ? 1 : r() < 0.3 ? 2 : 1
      lines.push({ text: count > 1 ? `${count} × ${text}` : text, qty: count, amount: count * price, rate })
      details.push(
        [
          w.ticket.route,
          market === 'GB'
            ? 'Reading – London Paddington'
            : `${w.ticket.zone} ${pick(r, ['1', '1', '1–2', '2', '1–3'])}`,
        ],
        [
          w.ticket.traveller,
          count > 1
            ? `${count} × ${lang === 'en' ? 'Adult' : lang === 'sv' ? 'Vuxen' : 'Voksen'}`
            : lang === 'en'
              ? 'Adult'
              : lang === 'sv'
                ? 'Vuxen'
                : 'Voksen',
        ],
        [w.ticket.valid, `${date(day)} ${time}`],
        [w.ticket.until, monthly ? `${date(addDays(day, 30))} ${time}` : `${date(day)} ${clock(90)}`],
      )
      break
    }
    case 'subscription': {
      const plan =
        merchant.app === 'Nyhetsposten'
          ? lang === 'en'
            ? 'Digital, monthly'
            : 'Digital, månedlig'
          : merchant.app === 'Strømmeland'
            ? lang === 'en'
              ? 'Premium Family'
              : 'Premium Familie'
            : lang === 'sv'
              ? 'Moln 2 TB'
              : lang === 'en'
                ? 'Cloud 2 TB'
                : 'Sky 2 TB'
      const price =
        market === 'GB'
          ? pick(r, [799, 999, 1499])
          : market === 'SE'
            ? pick(r, [9900, 12900, 17900])
            : pick(r, [9900, 13900, 24900, 34900])
      lines.push({ text: plan, qty: 1, amount: price, rate })
      details.push(
        [w.subscription.plan, plan],
        [w.subscription.period, `${date(day)} – ${date(addDays(day, 29))}`],
        [w.subscription.next, date(addDays(day, 30))],
      )
      break
    }
  }
  const total = lines.reduce((s, l) => s + l.amount, 0)
  const byRate = new Map<number, number>()
  for (const l of lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.amount)
  const vat = [...byRate.entries()]
    .filter(([rt]) => rt > 0)
    .sort((a, b) => b[0] - a[0])
    .map(([rt, gross]) => ({ rate: rt, gross, vat: Math.round((gross * rt) / (100 + rt)) }))
  // A receipt of a zero-rated sale (digital news) shows its VAT as none.
  if (!vat.length) vat.push({ rate: 0, gross: total, vat: 0 })

  // The receipt's number, or an order's, trip's or ticket's id the receipt does not call its number.
  const numbered = r() < 0.5
  const alnum = (n: number) =>
    Array.from({ length: n }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[int(r, 0, 33)]!).join('')
  const number = numbered
    ? kind === 'subscription' && r() < 0.5
      ? {
          label: w.invoiceNo,
          value: `${pick(r, ['INV', 'F'])}-${day.slice(0, 4)}-${int(r, 100000, 999999)}`,
          counts: true,
        }
      : {
          label: pick(r, w.receiptNo),
          value: pick(r, [
            String(int(r, 10_000_000, 999_999_999)),
            `${day.replace(/-/g, '')}-${int(r, 1000, 9999)}`,
          ]),
          counts: true,
        }
    : kind === 'ride'
      ? { label: w.tripId, value: `${alnum(4)}-${alnum(4)}`, counts: false }
      : kind === 'ticket'
        ? { label: pick(r, [w.ticketId, w.booking]), value: alnum(8), counts: false }
        : { label: w.orderNo, value: `#${alnum(3)}-${int(r, 1000, 9999)}`, counts: false }

  // The merchant's number: its organisation number or VAT number, left out on some receipts.
  const id = supplierIdText(f, r)
  const showId = r() < 0.8
  const card = pick(r, [
    `Visa •••• ${int(r, 1000, 9999)}`,
    `Mastercard •••• ${int(r, 1000, 9999)}`,
    ...(market === 'NO' ? ['Vipps'] : market === 'SE' ? ['Swish'] : []),
    `Apple Pay (Visa •••• ${int(r, 1000, 9999)})`,
  ])
  const company = r() < 0.3 ? { name: f.buyer, org: f.buyerOrg } : null
  const phone = pick(r, PHONES)
  const draw: Draw = {
    r,
    w,
    lang,
    market,
    kind,
    refund,
    money,
    dateTime: (iso, t) => dates.dateTime(iso, t, w.at),
    date,
    merchant,
    idLabel: id.label,
    idValue: showId ? id.value : null,
    lines,
    total,
    vat,
    purchased: { day, time },
    number,
    card,
    company,
    dark: r() < 0.25,
    face: FACES[pick(r, ['Roboto', 'Roboto', 'Liberation', 'DejaVu'])]!,
    accent: pick(r, ['#0a7c5a', '#d9480f', '#1c64f2', '#7b2cbf', '#c2185b']),
    details,
  }
  const { png, text, fit } = await screenshot(draw, phone, r() < 0.3)

  // The truth: the receipt's facts, its amounts VAT included.
  f.supplier = merchant.company
  f.account = f.iban = f.bic = f.kid = null
  f.number = number.value
  f.lines = lines.map((l): FactLine => ({
    text: l.text,
    qty: l.qty,
    price: Math.round(l.amount / l.qty),
    amount: l.amount,
    rate: l.rate,
  }))
  f.vat = vat.map((v) => ({ rate: v.rate, base: v.gross - v.vat, vat: v.vat }))
  f.total = total
  f.net = total - vat.reduce((s, v) => s + v.vat, 0)
  const omit: CoreProperty[] = [
    2,
    3,
    4,
    8,
    ...(number.counts ? [] : [5 as const]),
    ...(showId ? [] : [1 as const]),
  ]
  const totalText = money(total)
  return {
    family: 'own-app-receipt',
    kind: 'receipt',
    seed,
    format: 'png',
    bytes: png,
    pages: 1,
    scanned: true,
    truth: truthOf(f as Facts, omit, refund),
    buyerOrgNumber: f.buyerOrg,
    buyerBankAccount: f.buyerAccount,
    variant: `${kind},${lang},${market},${merchant.app},${phone.name},${fit}${draw.dark ? ',dark' : ''}${number.counts ? ',numbered' : ''}${showId ? '' : ',no-id'}${company ? ',company' : ''}${refund ? ',refund' : ''}`,
    printed: {
      ...(showId ? { 1: id.value } : {}),
      ...(number.counts ? { 5: number.value } : {}),
      6: totalText,
      7: date(day),
    },
    drawnText: text,
  }
}

function moneyForm(lang: Lang, market: Market, currency: Facts['currency'], r: Rand): (c: number) => string {
  if (market === 'GB')
    return (c) =>
      `${c < 0 ? '-' : ''}£${moneyText(Math.abs(c), currency, { group: ',', decimal: '.', code: 'none' })}`
  if (lang === 'en') {
    const code = pick(r, ['NOK', 'kr'])
    return (c) => `${code} ${moneyText(c, currency, { group: ',', decimal: '.', code: 'none' })}`
  }
  const form = pick(r, ['kr-before', 'kr-after', 'code-after'] as const)
  const group = '\u00a0'
  return (c) => {
    const n = moneyText(c, currency, { group, decimal: ',', code: 'none' })
    if (form === 'kr-before' && lang === 'nb') return `kr ${n}`
    if (form === 'code-after') return `${n} ${currency}`
    return `${n} kr`
  }
}

function dateForm(
  lang: Lang,
  market: Market,
  r: Rand,
): { date: (iso: string) => string; dateTime: (iso: string, time: string, at: string) => string } {
  const numeric = r() < 0.45
  const date = (iso: string) => {
    if (lang === 'sv') return numeric ? iso : speltDate(iso, 'sv')
    if (lang === 'nb') return numeric ? dateText(iso, 'dmy.') : dateText(iso, 'long', 'nb')
    if (market === 'GB') return numeric ? dateText(iso, 'dmy/') : dateText(iso, 'long', 'en')
    const [y, m, d] = iso.split('-')
    const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[Number(m) - 1]
    return `${Number(d)} ${month} ${y}`
  }
  return {
    date,
    dateTime: (iso, time, at) =>
      numeric || lang === 'sv' ? `${date(iso)} ${time}` : `${date(iso)} ${at} ${time}`,
  }
}

/**
 * The receipt's screen as a PNG, and the text it shows line by line. A receipt too long for the screen is
 * drawn tighter; one still too long is a scrolling screenshot, as tall as the receipt.
 */
async function screenshot(
  d: Draw,
  phone: (typeof PHONES)[number],
  half: boolean,
): Promise<{ png: Uint8Array; text: string; fit: string }> {
  const screen = phone.height / phone.scale
  let shot = paint(d, phone, false, screen)
  let fit = 'screen'
  if (shot.bottom > screen - phone.home) {
    shot = paint(d, phone, true, screen)
    fit = 'tight'
  }
  if (shot.bottom > screen - phone.home) {
    shot = paint(d, phone, true, Math.ceil(shot.bottom + phone.home + 12))
    fit = 'scroll'
  }
  let out = shot.canvas
  if (half) {
    out = createCanvas(Math.round(out.width / 2), Math.round(out.height / 2))
    out.getContext('2d').drawImage(shot.canvas, 0, 0, out.width, out.height)
  }
  return { png: new Uint8Array(await out.encode('png')), text: shot.text, fit: half ? `${fit},half` : fit }
}

/** Paints the screen `height` points tall; answers where its content ends. */
function paint(d: Draw, phone: (typeof PHONES)[number], tight: boolean, height: number) {
  const s = phone.scale
  const W = phone.width / s
  const H = height
  const canvas = createCanvas(phone.width, Math.round(H * s))
  const ctx = canvas.getContext('2d')
  ctx.scale(s, s)
  const drawn: string[] = []
  const step = tight ? 21 : 24
  const bg = d.dark ? '#000000' : '#f2f2f7'
  const cardBg = d.dark ? '#1c1c1e' : '#ffffff'
  const ink = d.dark ? '#f2f2f7' : '#111111'
  const grey = d.dark ? '#9a9aa0' : '#6b6b70'
  const rule = d.dark ? '#333338' : '#e3e3e8'
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, W, H)
  const text = (
    str: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; colour?: string; align?: 'left' | 'right' | 'center' } = {},
  ) => {
    ctx.font = `${o.size ?? 15}px "${o.bold ? d.face[1] : d.face[0]}"`
    ctx.fillStyle = o.colour ?? ink
    ctx.textAlign = o.align ?? 'left'
    ctx.textBaseline = 'alphabetic'
    ctx.fillText(str, x, y)
    drawn.push(str)
  }
  const width = (str: string, size: number, bold = false) => {
    ctx.font = `${size}px "${bold ? d.face[1] : d.face[0]}"`
    return ctx.measureText(str).width
  }
  /** A label left and its value right on one row (the value smaller when the two would meet). */
  const row = (
    label: string,
    value: string,
    y: number,
    o: { bold?: boolean; size?: number; labelColour?: string; valueColour?: string } = {},
  ) => {
    const size = o.size ?? 15
    const room = W - 64 - width(label, size, o.bold) - 12
    let valueSize = size
    while (valueSize > 10 && width(value, valueSize, o.bold) > room) valueSize -= 0.5
    text(label, 32, y, { size, colour: o.labelColour ?? grey, bold: o.bold })
    text(value, W - 32, y, { size: valueSize, bold: o.bold, align: 'right', colour: o.valueColour ?? ink })
    drawn.push(`${label} ${value}`)
  }
  const card = (top: number, h: number) => {
    ctx.fillStyle = cardBg
    roundRect(ctx, 16, top, W - 32, h, 14)
    ctx.fill()
  }

  // The status bar and the app's bar.
  statusBar(ctx, d, W, phone.status, ink)
  let y = phone.status + 30
  ctx.strokeStyle = d.accent
  ctx.lineWidth = 2.4
  ctx.beginPath()
  ctx.moveTo(24, y - 14)
  ctx.lineTo(16, y - 6)
  ctx.lineTo(24, y + 2)
  ctx.stroke()
  text(d.refund ? d.w.refund : d.w.receipt, W / 2, y, { size: 17, bold: true, align: 'center' })
  shareIcon(ctx, W - 28, y - 6, d.accent)
  y += tight ? 16 : 22

  // The merchant and the amount (the merchant's mark left out when the screen is tight).
  const heroTop = y
  const mark = tight ? 0 : 56
  card(heroTop, 122 + mark)
  if (!tight) {
    ctx.fillStyle = d.accent
    ctx.beginPath()
    ctx.arc(W / 2, heroTop + 34, 20, 0, Math.PI * 2)
    ctx.fill()
    text(d.merchant.app[0]!, W / 2, heroTop + 41, {
      size: 20,
      bold: true,
      colour: '#ffffff',
      align: 'center',
    })
  }
  text(d.merchant.app, W / 2, heroTop + mark + 20, { size: 17, bold: true, align: 'center' })
  text(d.w.kind[d.kind], W / 2, heroTop + mark + 40, { size: 13, colour: grey, align: 'center' })
  const totalText = d.money(d.total)
  text(d.refund ? `-${totalText}` : totalText, W / 2, heroTop + mark + 80, {
    size: 32,
    bold: true,
    align: 'center',
  })
  if (d.refund) drawn.push(totalText)
  text(d.dateTime(d.purchased.day, d.purchased.time), W / 2, heroTop + mark + 104, {
    size: 13,
    colour: grey,
    align: 'center',
  })
  y = heroTop + 122 + mark + 12

  // What was bought.
  if (d.details.length) {
    const h = d.details.length * step + 20
    card(y, h)
    let at = y + 27
    for (const [label, value] of d.details) {
      row(label, value, at, { size: 14 })
      at += step
    }
    y += h + 12
  }

  // The charges, their total and the VAT in it.
  const chargesH = d.lines.length * step + 44 + d.vat.length * 20 + 14
  card(y, chargesH)
  let at = y + 27
  for (const l of d.lines) {
    row(l.text, d.money(l.amount), at, { labelColour: ink })
    at += step
  }
  ctx.fillStyle = rule
  ctx.fillRect(32, at - 12, W - 64, 1)
  at += 8
  row(d.refund ? d.w.refundTotal : d.w.total, totalText, at, { bold: true, size: 16, labelColour: ink })
  at += 22
  for (const v of d.vat) {
    row(d.w.vat(v.rate), d.money(v.vat), at, { size: 13, valueColour: grey })
    at += 20
  }
  y += chargesH + 12

  // Payment, number, the company profile.
  const info: [string, string][] = [
    [d.refund ? d.w.refundedTo : d.w.paidWith, d.card],
    [d.number.label, d.number.value],
    ...(d.company
      ? [
          [d.w.company, d.company.name] as [string, string],
          [d.w.orgNo, d.market === 'NO' ? formatOrgNumber(d.company.org) : d.company.org] as [string, string],
        ]
      : []),
  ]
  const infoH = info.length * step + 20
  card(y, infoH)
  at = y + 27
  for (const [label, value] of info) {
    row(label, value, at, { size: 14 })
    at += step
  }
  y += infoH + 14

  // The merchant's legal lines and the app's buttons.
  text(d.merchant.company, W / 2, y + 4, { size: 12, colour: grey, align: 'center' })
  text(`${d.merchant.street}, ${d.merchant.place}`, W / 2, y + 21, {
    size: 12,
    colour: grey,
    align: 'center',
  })
  if (d.idValue) text(`${d.idLabel} ${d.idValue}`, W / 2, y + 38, { size: 12, colour: grey, align: 'center' })
  y += d.idValue ? 58 : 42
  const button = (label: string, filled: boolean) => {
    ctx.fillStyle = filled ? d.accent : cardBg
    roundRect(ctx, 16, y, W - 32, 46, 23)
    ctx.fill()
    text(label, W / 2, y + 29, {
      size: 15,
      bold: true,
      colour: filled ? '#ffffff' : d.accent,
      align: 'center',
    })
    y += 56
  }
  button(d.w.download, true)
  if (y + 46 < H - phone.home) button(d.w.help[d.kind], false)

  // The home indicator.
  ctx.fillStyle = ink
  roundRect(ctx, W / 2 - 67, H - 13, 134, 5, 2.5)
  ctx.fill()
  return { canvas, bottom: y - 10, text: drawn.join('\n') }
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, radius: number) {
  ctx.beginPath()
  ctx.moveTo(x + radius, y)
  ctx.arcTo(x + w, y, x + w, y + h, radius)
  ctx.arcTo(x + w, y + h, x, y + h, radius)
  ctx.arcTo(x, y + h, x, y, radius)
  ctx.arcTo(x, y, x + w, y, radius)
  ctx.closePath()
}

/** The phone's status bar: the time the screenshot was taken, signal, network and battery. */
function statusBar(ctx: SKRSContext2D, d: Draw, W: number, height: number, ink: string) {
  const [hh, mm] = d.purchased.time.split(':').map(Number) as [number, number]
  // Taken a while after the purchase, when the order had arrived.
  const later = hh * 60 + mm + int(d.r, 70, 300)
  const clock = `${String(Math.floor(later / 60) % 24).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`
  const base = height * 0.68
  ctx.font = `600 15px "${d.face[1]}"`
  ctx.fillStyle = ink
  ctx.textAlign = 'left'
  ctx.fillText(clock, 30, base)
  // Signal bars, the network's letters, the battery with its charge.
  for (let i = 0; i < 4; i++) ctx.fillRect(W - 112 + i * 5, base - 4 - i * 2.5, 3, 4 + i * 2.5)
  ctx.font = `600 12px "${d.face[1]}"`
  ctx.fillText(pick(d.r, ['5G', '4G', 'LTE']), W - 88, base)
  ctx.strokeStyle = ink
  ctx.lineWidth = 1
  roundRect(ctx, W - 54, base - 11, 24, 12, 3)
  ctx.stroke()
  ctx.fillRect(W - 52, base - 9, 20 * (int(d.r, 15, 100) / 100), 8)
  ctx.fillRect(W - 29, base - 7, 2, 4)
}

function shareIcon(ctx: SKRSContext2D, x: number, y: number, colour: string) {
  ctx.strokeStyle = colour
  ctx.lineWidth = 2
  ctx.beginPath()
  ctx.moveTo(x, y + 8)
  ctx.lineTo(x, y - 8)
  ctx.moveTo(x - 5, y - 3)
  ctx.lineTo(x, y - 8)
  ctx.lineTo(x + 5, y - 3)
  ctx.moveTo(x - 7, y + 1)
  ctx.lineTo(x - 7, y + 10)
  ctx.lineTo(x + 7, y + 10)
  ctx.lineTo(x + 7, y + 1)
  ctx.stroke()
}
