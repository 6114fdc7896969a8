// Own layout family `own-hotel-folio` (its group: ../families.ts): a hotel's bill for a business guest's
// stay, drawn on with the npm package pdfkit (MIT) as a hotel's property management system prints it at
// check-out: the hotel's name and address, the guest and the company the stay is billed to (its address and
// organisation number), the room, the arrival and departure dates, the number of nights and guests, the
// reservation's number, the cashier, the folio's number and a separate invoice number, the invoice date and
// when the bill was printed. The postings one line per charge, each with its own date: the room for every
// night (a weekend night at another rate), breakfast, parking, the minibar, the restaurant or bar, laundry,
// a city or tourist tax where one is levied, now and then a correction (a negative posting); then the
// payments and deposits as credits (a card, a deposit taken at booking, or the balance transferred to the
// company's account), the total of charges, the total of credits and the balance: 0,00 when the guest paid,
// the balance due when the bill is sent to the company, with its due date and how to pay (account and KID,
// or IBAN and BIC). Under it the VAT of each rate, net, VAT and gross (Norway: 12 % on the room, 15 % and
// 25 % on food and drink and parking; Germany 7 % and 19 %; Sweden 12 % and 25 %; France 10 % and 20 %;
// Britain 20 %), the taxes outside VAT at none. The amounts are the hotel's gross prices, VAT included.
// Three layouts:
// - `opera`: the hotel centred at the head, the guest's address left and a column of labelled facts right,
//   the postings as Date, Description, Charges and Credits, the totals and balance, the VAT summary;
// - `grid`: the facts in a row of framed cells, the invoice number large, the postings with quantity and
//   unit price, the payments in a block of their own, the sums and VAT in small framed tables;
// - `modern`: a coloured band with the hotel's name, the postings grouped under each day's date, the totals
//   in a shaded box beside the VAT summary.
// The truth: the invoice number (never the folio's, the reservation's or the room's), the invoice date
// (the day of departure, or a day or two later for a bill sent to the company), the total of the charges
// (the bill's amount, whatever was paid of it), the due date only for a bill sent to the company (a bill
// the guest paid has none; its variant says `paid`). Languages: English (Norwegian, German and British
// hotels), German, Norwegian bokmål, French and Swedish; fonts Helvetica, Times or DejaVu Sans.
import path from 'node:path'
import { createRequire } from 'node:module'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { addDays, int, pick, PLACES, rng, STREETS, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
  type MoneyForm,
} from './facts.ts'
import { pdfKitBytes, type PdfKitDocument } from './pdfkit-bytes.ts'

const require = createRequire(import.meta.url)

const PDFDocument = require('pdfkit') as new (options: unknown) => PdfKitDocument

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONTS: Record<string, [string, string]> = {
  Helvetica: ['Helvetica', 'Helvetica-Bold'],
  Times: ['Times-Roman', 'Times-Bold'],
  DejaVuSans: [path.join(DEJAVU, 'DejaVuSans.ttf'), path.join(DEJAVU, 'DejaVuSans-Bold.ttf')],
}

type Lang = 'en' | 'de' | 'nb' | 'fr' | 'sv'
type Market = 'NO' | 'DE' | 'SE' | 'FR' | 'GB'
type Layout = 'opera' | 'grid' | 'modern'
type Charge =
  'room' | 'breakfast' | 'parking' | 'minibar' | 'restaurant' | 'bar' | 'laundry' | 'tax' | 'correction'

interface Words {
  title: string
  guest: string
  company: string
  room: string
  arrival: string
  departure: string
  nights: string
  persons: string
  folio: string
  invoiceNo: string
  invoiceDate: string
  reservation: string
  cashier: string
  printed: string
  page: string
  date: string
  text: string
  qty: string
  price: string
  charges: string
  credits: string
  amount: string
  payments: string
  total: string
  totalCharges: string
  totalCredits: string
  balance: string
  balanceDue: string
  vatSummary: string
  vatHead: [string, string, string, string]
  due: string
  account: string
  kid: string
  orgNo: string
  thanks: string
  items: Record<Charge, string>
  roomTypes: string[]
  deposit: string
  toAccount: string
  card: string
  payInfo: string
  weekend: string
  country: string
}

const WORDS: Record<Lang, Words> = {
  en: {
    title: 'INVOICE',
    guest: 'Guest',
    company: 'Company',
    room: 'Room',
    arrival: 'Arrival',
    departure: 'Departure',
    nights: 'Nights',
    persons: 'Guests',
    folio: 'Folio No.',
    invoiceNo: 'Invoice No.',
    invoiceDate: 'Invoice date',
    reservation: 'Conf. No.',
    cashier: 'Cashier',
    printed: 'Printed',
    page: 'Page 1 of 1',
    date: 'Date',
    text: 'Description',
    qty: 'Qty',
    price: 'Unit price',
    charges: 'Charges',
    credits: 'Credits',
    amount: 'Amount',
    payments: 'Payments',
    total: 'Total',
    totalCharges: 'Total charges',
    totalCredits: 'Total credits',
    balance: 'Balance',
    balanceDue: 'Balance due',
    vatSummary: 'VAT summary',
    vatHead: ['VAT rate', 'Net', 'VAT', 'Gross'],
    due: 'Due date',
    account: 'Account no.',
    kid: 'KID',
    orgNo: 'Org. no.',
    thanks: 'Thank you for staying with us. We look forward to welcoming you back.',
    items: {
      room: 'Accommodation',
      breakfast: 'Breakfast',
      parking: 'Parking garage',
      minibar: 'Minibar',
      restaurant: 'Restaurant',
      bar: 'Lobby bar',
      laundry: 'Laundry service',
      tax: 'City tax',
      correction: 'Correction minibar',
    },
    roomTypes: ['Standard Double', 'Superior Single', 'Business Room', 'Junior Suite'],
    deposit: 'Deposit',
    toAccount: 'Transfer to company account',
    card: 'Payment',
    payInfo: 'Payment details',
    weekend: 'weekend rate',
    country: 'NORWAY',
  },
  de: {
    title: 'RECHNUNG',
    guest: 'Gast',
    company: 'Firma',
    room: 'Zimmer',
    arrival: 'Anreise',
    departure: 'Abreise',
    nights: 'Nächte',
    persons: 'Personen',
    folio: 'Folio-Nr.',
    invoiceNo: 'Rechnungs-Nr.',
    invoiceDate: 'Rechnungsdatum',
    reservation: 'Reservierungs-Nr.',
    cashier: 'Kassierer',
    printed: 'Gedruckt am',
    page: 'Seite 1 von 1',
    date: 'Datum',
    text: 'Leistung',
    qty: 'Anz.',
    price: 'Einzelpreis',
    charges: 'Belastung',
    credits: 'Gutschrift',
    amount: 'Betrag',
    payments: 'Zahlungen',
    total: 'Summe',
    totalCharges: 'Summe Leistungen',
    totalCredits: 'Summe Zahlungen',
    balance: 'Saldo',
    balanceDue: 'Offener Betrag',
    vatSummary: 'Mehrwertsteuer',
    vatHead: ['MwSt.-Satz', 'Netto', 'MwSt.', 'Brutto'],
    due: 'Zahlbar bis',
    account: 'Konto',
    kid: 'KID',
    orgNo: 'Org.-Nr.',
    thanks: 'Vielen Dank für Ihren Aufenthalt. Wir freuen uns auf Ihren nächsten Besuch.',
    items: {
      room: 'Übernachtung',
      breakfast: 'Frühstück',
      parking: 'Tiefgarage',
      minibar: 'Minibar',
      restaurant: 'Restaurant',
      bar: 'Hotelbar',
      laundry: 'Wäscheservice',
      tax: 'Kultur- und Tourismustaxe',
      correction: 'Korrektur Minibar',
    },
    roomTypes: ['Doppelzimmer Standard', 'Einzelzimmer Komfort', 'Business-Zimmer', 'Junior Suite'],
    deposit: 'Anzahlung',
    toAccount: 'Auf Rechnung (Firmenkonto)',
    card: 'Zahlung',
    payInfo: 'Zahlungsinformationen',
    weekend: 'Wochenendrate',
    country: 'NORWEGEN',
  },
  nb: {
    title: 'FAKTURA',
    guest: 'Gjest',
    company: 'Firma',
    room: 'Rom',
    arrival: 'Ankomst',
    departure: 'Avreise',
    nights: 'Netter',
    persons: 'Personer',
    folio: 'Folionr.',
    invoiceNo: 'Fakturanr.',
    invoiceDate: 'Fakturadato',
    reservation: 'Bookingnr.',
    cashier: 'Ansatt',
    printed: 'Utskrevet',
    page: 'Side 1 av 1',
    date: 'Dato',
    text: 'Beskrivelse',
    qty: 'Antall',
    price: 'Pris',
    charges: 'Belastet',
    credits: 'Kreditert',
    amount: 'Beløp',
    payments: 'Innbetalinger',
    total: 'Sum',
    totalCharges: 'Sum belastet',
    totalCredits: 'Sum innbetalt',
    balance: 'Saldo',
    balanceDue: 'Å betale',
    vatSummary: 'Mva-spesifikasjon',
    vatHead: ['Mva-sats', 'Grunnlag', 'Mva', 'Brutto'],
    due: 'Forfallsdato',
    account: 'Kontonr.',
    kid: 'KID',
    orgNo: 'Org.nr.',
    thanks: 'Takk for oppholdet! Vi ønsker deg velkommen tilbake.',
    items: {
      room: 'Overnatting',
      breakfast: 'Frokost',
      parking: 'Parkering',
      minibar: 'Minibar',
      restaurant: 'Restaurant',
      bar: 'Bar',
      laundry: 'Vask og rens',
      tax: 'Turistskatt',
      correction: 'Korreksjon minibar',
    },
    roomTypes: ['Dobbeltrom standard', 'Enkeltrom superior', 'Business-rom', 'Juniorsuite'],
    deposit: 'Forskudd',
    toAccount: 'Overført til faktura',
    card: 'Betaling',
    payInfo: 'Betalingsinformasjon',
    weekend: 'helgepris',
    country: '',
  },
  fr: {
    title: 'FACTURE',
    guest: 'Client',
    company: 'Société',
    room: 'Chambre',
    arrival: 'Arrivée',
    departure: 'Départ',
    nights: 'Nuits',
    persons: 'Personnes',
    folio: 'N° de folio',
    invoiceNo: 'Facture N°',
    invoiceDate: 'Date de facture',
    reservation: 'N° de réservation',
    cashier: 'Caissier',
    printed: 'Imprimé le',
    page: 'Page 1 / 1',
    date: 'Date',
    text: 'Désignation',
    qty: 'Qté',
    price: 'Prix unitaire',
    charges: 'Débit',
    credits: 'Crédit',
    amount: 'Montant',
    payments: 'Règlements',
    total: 'Total',
    totalCharges: 'Total débit',
    totalCredits: 'Total crédit',
    balance: 'Solde',
    balanceDue: 'Solde à payer',
    vatSummary: 'Récapitulatif TVA',
    vatHead: ['Taux TVA', 'HT', 'TVA', 'TTC'],
    due: "Date d'échéance",
    account: 'Compte',
    kid: 'KID',
    orgNo: 'N° org.',
    thanks: 'Merci de votre séjour. Au plaisir de vous accueillir à nouveau.',
    items: {
      room: 'Hébergement',
      breakfast: 'Petit-déjeuner',
      parking: 'Parking',
      minibar: 'Minibar',
      restaurant: 'Restaurant',
      bar: 'Bar',
      laundry: 'Blanchisserie',
      tax: 'Taxe de séjour',
      correction: 'Correction minibar',
    },
    roomTypes: ['Chambre double classique', 'Chambre simple supérieure', 'Chambre affaires', 'Suite junior'],
    deposit: 'Acompte',
    toAccount: 'Transfert sur compte société',
    card: 'Paiement',
    payInfo: 'Modalités de paiement',
    weekend: 'tarif week-end',
    country: 'NORVÈGE',
  },
  sv: {
    title: 'FAKTURA',
    guest: 'Gäst',
    company: 'Företag',
    room: 'Rum',
    arrival: 'Ankomst',
    departure: 'Avresa',
    nights: 'Nätter',
    persons: 'Personer',
    folio: 'Folionr',
    invoiceNo: 'Fakturanr',
    invoiceDate: 'Fakturadatum',
    reservation: 'Bokningsnr',
    cashier: 'Kassör',
    printed: 'Utskriven',
    page: 'Sida 1 av 1',
    date: 'Datum',
    text: 'Beskrivning',
    qty: 'Antal',
    price: 'À-pris',
    charges: 'Debet',
    credits: 'Kredit',
    amount: 'Belopp',
    payments: 'Betalningar',
    total: 'Summa',
    totalCharges: 'Summa debet',
    totalCredits: 'Summa kredit',
    balance: 'Saldo',
    balanceDue: 'Att betala',
    vatSummary: 'Momsspecifikation',
    vatHead: ['Momssats', 'Netto', 'Moms', 'Brutto'],
    due: 'Förfallodatum',
    account: 'Konto',
    kid: 'KID',
    orgNo: 'Org.nr',
    thanks: 'Tack för ditt besök! Välkommen åter.',
    items: {
      room: 'Logi',
      breakfast: 'Frukost',
      parking: 'Parkering',
      minibar: 'Minibar',
      restaurant: 'Restaurang',
      bar: 'Bar',
      laundry: 'Tvätt',
      tax: 'Turistskatt',
      correction: 'Korrigering minibar',
    },
    roomTypes: ['Dubbelrum standard', 'Enkelrum superior', 'Businessrum', 'Juniorsvit'],
    deposit: 'Förskott',
    toAccount: 'Överfört till faktura',
    card: 'Betalning',
    payInfo: 'Betalningsinformation',
    weekend: 'helgpris',
    country: 'NORGE',
  },
}

const HOTELS: Record<
  Market,
  { name: string; company: string; street: string; place: string; web: string }[]
> = {
  NO: [
    {
      name: 'Hotel Bryggekanten',
      company: 'Bryggekanten Hotelldrift AS',
      street: 'Bryggen 7',
      place: '5003 Bergen',
      web: 'bryggekanten.no',
    },
    {
      name: 'Fjordgløtt Hotell',
      company: 'Fjordgløtt Hotell AS',
      street: 'Strandkaien 12',
      place: '6002 Ålesund',
      web: 'fjordglott.no',
    },
    {
      name: 'Stasjonshotellet Oslo',
      company: 'Stasjonshotellet AS',
      street: 'Jernbanetorget 3',
      place: '0154 Oslo',
      web: 'stasjonshotellet.no',
    },
    {
      name: 'Nordlys Hotel Tromsø',
      company: 'Nordlys Hotelldrift Tromsø AS',
      street: 'Sjøgata 25',
      place: '9008 Tromsø',
      web: 'nordlyshotel.no',
    },
  ],
  DE: [
    {
      name: 'Hotel am Stadtpark',
      company: 'Stadtpark Hotelbetriebs GmbH',
      street: 'Parkallee 14',
      place: '20144 Hamburg',
      web: 'hotel-stadtpark.de',
    },
    {
      name: 'Alpenblick Hotel München',
      company: 'Alpenblick Hotel GmbH & Co. KG',
      street: 'Sonnenstraße 22',
      place: '80331 München',
      web: 'alpenblick-muenchen.de',
    },
    {
      name: 'Hotel Rheinufer',
      company: 'Rheinufer Hotel GmbH',
      street: 'Frankenwerft 9',
      place: '50667 Köln',
      web: 'rheinufer-koeln.de',
    },
  ],
  SE: [
    {
      name: 'Hotell Kajen',
      company: 'Kajen Hotell AB',
      street: 'Skeppsbron 4',
      place: '411 21 Göteborg',
      web: 'hotellkajen.se',
    },
    {
      name: 'Hotell Norrmalm',
      company: 'Norrmalm Hotell AB',
      street: 'Vasagatan 30',
      place: '111 20 Stockholm',
      web: 'hotellnorrmalm.se',
    },
  ],
  FR: [
    {
      name: 'Hôtel des Terreaux',
      company: 'SAS Hôtel des Terreaux',
      street: '9 rue Constantine',
      place: '69001 Lyon',
      web: 'hotel-terreaux.fr',
    },
    {
      name: 'Hôtel Le Quai',
      company: 'Le Quai Hôtellerie SARL',
      street: '12 quai des Chartrons',
      place: '33000 Bordeaux',
      web: 'hotel-lequai.fr',
    },
  ],
  GB: [
    {
      name: 'The Harbour Hotel',
      company: 'Harbour Hotels Bristol Ltd',
      street: '55 Corn Street',
      place: 'Bristol BS1 1HT',
      web: 'harbourhotel.co.uk',
    },
    {
      name: 'Pennine Lodge',
      company: 'Pennine Lodge Ltd',
      street: '3 Wellington Street',
      place: 'Leeds LS1 4DL',
      web: 'penninelodge.co.uk',
    },
  ],
}

/** Each charge's VAT rate by market (a tax outside VAT at none). */
const RATES: Record<Market, Record<Charge, number>> = {
  NO: {
    room: 12,
    breakfast: 15,
    parking: 25,
    minibar: 25,
    restaurant: 25,
    bar: 25,
    laundry: 25,
    tax: 0,
    correction: 25,
  },
  DE: {
    room: 7,
    breakfast: 19,
    parking: 19,
    minibar: 19,
    restaurant: 19,
    bar: 19,
    laundry: 19,
    tax: 0,
    correction: 19,
  },
  SE: {
    room: 12,
    breakfast: 12,
    parking: 25,
    minibar: 25,
    restaurant: 12,
    bar: 25,
    laundry: 25,
    tax: 0,
    correction: 25,
  },
  FR: {
    room: 10,
    breakfast: 10,
    parking: 20,
    minibar: 20,
    restaurant: 10,
    bar: 20,
    laundry: 20,
    tax: 0,
    correction: 20,
  },
  GB: {
    room: 20,
    breakfast: 20,
    parking: 20,
    minibar: 20,
    restaurant: 20,
    bar: 20,
    laundry: 20,
    tax: 0,
    correction: 20,
  },
}

/** Prices in the market's money, in øre / cents: a night's range, breakfast, parking a night, the tax a night. */
const PRICES: Record<Market, { night: [number, number]; breakfast: number; parking: number; tax: number }> = {
  NO: { night: [1190, 2490], breakfast: 26500, parking: 29000, tax: 0 },
  DE: { night: [89, 189], breakfast: 2400, parking: 2200, tax: 300 },
  SE: { night: [990, 2190], breakfast: 19500, parking: 25000, tax: 0 },
  FR: { night: [95, 220], breakfast: 1800, parking: 2500, tax: 250 },
  GB: { night: [89, 179], breakfast: 1650, parking: 1800, tax: 0 },
}

const GUESTS = [
  'Ola Hansen',
  'Kari Nordmann',
  'Erik Dahl',
  'Ingrid Moe',
  'Lars Berg',
  'Anne Solheim',
  'Per Lund',
]
const CASHIERS = ['ANNA', 'JMUELLER', 'TOR', 'SOFIE', 'MARC', 'NIGHTAUDIT', 'LINN']

interface Posting {
  day: string
  charge: Charge
  text: string
  qty: number
  /** Øre / cents, VAT included. */
  price: number
  amount: number
  rate: number
}

interface Payment {
  day: string
  text: string
  amount: number
}

export async function generateHotelFolio(seed: number): Promise<CorpusDocument> {
  // The market, language and layout drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 3201)
  const [market, lang] = pick(spread, [
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'en'],
    ['DE', 'de'],
    ['DE', 'de'],
    ['DE', 'en'],
    ['SE', 'sv'],
    ['FR', 'fr'],
    ['GB', 'en'],
  ] as const)
  const layout: Layout = pick(spread, ['opera', 'grid', 'modern'])
  const { facts: f, r } = makeFacts(seed, 3201, { country: market, lines: [1, 1] })
  const w = WORDS[lang]
  const hotel = pick(r, HOTELS[market])
  f.supplier = hotel.company
  f.street = hotel.street
  f.place = hotel.place
  const rates = RATES[market]
  const prices = PRICES[market]

  // The stay: nights before the departure, the guests, the room.
  const nights = int(r, 1, 4)
  const persons = r() < 0.3 ? 2 : 1
  const invoiced = r() < 0.4
  const departure = addDays(f.invoiceDate, invoiced ? -int(r, 0, 2) : 0)
  const arrival = addDays(departure, -nights)
  const roomNo = String(pick(r, [1, 2, 3, 4, 5, 6, 7]) * 100 + int(r, 1, 40))
  const roomType = pick(r, w.roomTypes)
  const baseRate = int(r, prices.night[0], prices.night[1]) * 100
  const breakfastIncluded = market === 'NO' || market === 'SE' ? r() < 0.7 : r() < 0.3
  const parking = r() < 0.35
  const postings: Posting[] = []
  const cityTax = prices.tax > 0 && (market === 'FR' || r() < 0.8)
  const post = (day: string, charge: Charge, text: string, qty: number, price: number) =>
    postings.push({ day, charge, text, qty, price, amount: qty * price, rate: rates[charge] })
  for (let n = 0; n < nights; n++) {
    const day = addDays(arrival, n)
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    const weekend = weekday === 5 || weekday === 6
    const price = weekend ? Math.round((baseRate * 0.8) / 1000) * 1000 : baseRate
    const text = `${w.items.room} ${roomType}${weekend && r() < 0.6 ? ` (${w.weekend})` : ''}`
    post(day, 'room', text, 1, price)
    if (cityTax)
      post(day, 'tax', w.items.tax, persons, market === 'DE' ? Math.round(price * 0.05) : prices.tax)
    if (parking) post(day, 'parking', w.items.parking, 1, prices.parking)
    if (!breakfastIncluded) post(addDays(day, 1), 'breakfast', w.items.breakfast, persons, prices.breakfast)
  }
  const extra = (charge: Charge, lo: number, hi: number) => {
    const day = addDays(arrival, int(r, 0, nights - 1))
    const scale = market === 'NO' || market === 'SE' ? 10 : 1
    post(day, charge, w.items[charge], 1, int(r, lo, hi) * 50 * scale)
  }
  if (r() < 0.45) extra('minibar', 6, 40)
  if (r() < 0.4) extra('restaurant', 50, 180)
  if (r() < 0.3) extra('bar', 12, 60)
  if (r() < 0.1) extra('laundry', 20, 60)
  const minibar = postings.find((p) => p.charge === 'minibar')
  if (minibar && r() < 0.35) {
    const back = -Math.min(minibar.amount, int(r, 1, 4) * 500 * (market === 'NO' || market === 'SE' ? 10 : 1))
    postings.push({
      ...minibar,
      charge: 'correction',
      text: w.items.correction,
      qty: 1,
      price: back,
      amount: back,
    })
  }
  postings.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  const total = postings.reduce((s, p) => s + p.amount, 0)

  // The payments: a deposit at booking, a card at departure, or the balance sent to the company.
  const cards = ['VISA', 'MASTERCARD', 'AMEX', 'EC-KARTE']
  const card = `${pick(r, market === 'DE' ? cards : cards.slice(0, 3))} XXXX XXXX XXXX ${int(r, 1000, 9999)}`
  const payments: Payment[] = []
  const deposit = r() < 0.3 ? Math.min(total, Math.round((baseRate * pick(r, [0.5, 1])) / 100) * 100) : 0
  if (deposit)
    payments.push({ day: addDays(arrival, -int(r, 3, 30)), text: `${w.deposit} ${card}`, amount: deposit })
  let balanceDue = 0
  if (invoiced) balanceDue = total - deposit
  else payments.push({ day: departure, text: `${w.card} ${card}`, amount: total - deposit })
  const credits = payments.reduce((s, p) => s + p.amount, 0)

  // The truth: the postings as printed, VAT included; the VAT of each rate taken out of the gross.
  const byRate = new Map<number, number>()
  for (const p of postings) byRate.set(p.rate, (byRate.get(p.rate) ?? 0) + p.amount)
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, gross]) => ({ rate, gross, vat: Math.round((gross * rate) / (100 + rate)) }))
  f.lines = postings.map((p): FactLine => ({
    text: p.text,
    qty: p.qty,
    price: p.price,
    amount: p.amount,
    rate: p.rate,
  }))
  f.vat = vat.map((v) => ({ rate: v.rate, base: v.gross - v.vat, vat: v.vat }))
  f.total = total
  f.net = total - vat.reduce((s, v) => s + v.vat, 0)
  f.number = pick(r, [
    String(int(r, 100000, 999999)),
    `${f.invoiceDate.slice(0, 4)}-${String(int(r, 1, 99999)).padStart(6, '0')}`,
    `R${int(r, 1000000, 9999999)}`,
  ])
  const folioNo = String(int(r, 10000, 999999))
  const reservation = String(int(r, 10_000_000, 99_999_999))
  if (!invoiced) f.kid = null
  // The bank details: for a bill sent to the company, and in the foot of some others.
  const showBank = invoiced || r() < 0.4
  if (!showBank) f.account = f.iban = f.bic = null

  // Forms of amounts and dates.
  const form: MoneyForm = { ...pick(r, MONEY_FORMS[lang]!), code: 'none' }
  const plain = (c: number) => moneyText(c, f.currency, form)
  const withCode = (c: number) => `${plain(c)} ${f.currency}`
  const dates = datesOf(lang, market, r)
  const date = dates.text
  const short = (iso: string) =>
    dates.short === 'dmy.'
      ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`
      : dateText(iso, dates.short)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const guest = pick(r, GUESTS)
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  const cashier = pick(r, CASHIERS)
  const printedAt = `${short(f.invoiceDate)} ${String(int(r, 6, 11)).padStart(2, '0')}:${String(int(r, 0, 59)).padStart(2, '0')}`
  const phone =
    market === 'GB'
      ? `+44 117 ${int(r, 100, 999)} ${int(r, 1000, 9999)}`
      : `+${{ NO: 47, DE: 49, SE: 46, FR: 33 }[market]} ${int(r, 20, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`

  const fontName = pick(r, ['Helvetica', 'Helvetica', 'Times', 'DejaVuSans'])
  const [regular, bold] = FONTS[fontName]!
  const size = pick(r, [8, 8.5, 9])
  const accent = pick(r, ['#6b4f2a', '#1d3c5a', '#2f5d50', '#7a1f3d', '#333333'])
  const fixed = new Date('2026-01-01T00:00:00Z')
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: {
      Title: `${w.title} ${f.number}`,
      Author: hotel.name,
      Creator: pick(r, ['Hotel PMS', 'Front Office 5.6', 'PMS Print']),
      Producer: 'PDFKit',
      CreationDate: fixed,
      ModDate: fixed,
    },
  })
  const bytes = pdfKitBytes(doc)
  const text = (
    s: string,
    x: number,
    y: number,
    o: { bold?: boolean; size?: number; right?: boolean; centre?: boolean; colour?: string } = {},
  ) => {
    doc
      .font(o.bold ? bold : regular)
      .fontSize(o.size ?? size)
      .fillColor(o.colour ?? '#111111')
    if (o.right) doc.text(s, x - 400, y, { width: 400, align: 'right', lineBreak: false })
    else if (o.centre) doc.text(s, x - 250, y, { width: 500, align: 'center', lineBreak: false })
    else doc.text(s, x, y, { lineBreak: false })
  }
  const rule = (x1: number, y: number, x2: number, width = 0.5, colour = '#555555') =>
    doc.lineWidth(width).strokeColor(colour).moveTo(x1, y).lineTo(x2, y).stroke()
  const grey = '#555555'

  const guestBlock = [
    guest,
    f.buyer,
    buyerStreet,
    buyerPlace,
    ...(market !== 'NO' && w.country ? [w.country] : []),
    `${w.orgNo} ${formatOrgNumber(f.buyerOrg)}`,
  ]
  const facts: [string, string][] = [
    [w.invoiceNo, f.number],
    [w.invoiceDate, date(f.invoiceDate)],
    [w.folio, folioNo],
    [w.room, `${roomNo}`],
    [w.arrival, short(arrival)],
    [w.departure, short(departure)],
    [w.nights, String(nights)],
    [w.persons, String(persons)],
    [w.reservation, reservation],
    [w.cashier, cashier],
  ]
  const step = postings.length + payments.length > 18 ? size * 1.45 : size * 1.75
  const vatRows = vat.map((v): [string, string, string, string] => [
    `${v.rate} %`,
    plain(v.gross - v.vat),
    plain(v.vat),
    plain(v.gross),
  ])
  const totalText = layout === 'opera' ? plain(total) : withCode(total)
  const payRows: [string, string][] = invoiced
    ? [
        [w.balanceDue, withCode(balanceDue)],
        [w.due, date(f.dueDate)],
        ...(pay.account ? [[w.account, pay.account] as [string, string]] : []),
        ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
        ...(pay.iban ? [['IBAN', pay.iban] as [string, string]] : []),
        ...(pay.bic ? [['BIC', pay.bic] as [string, string]] : []),
      ]
    : []

  /** The VAT summary table at (x, y); answers where it ends. */
  const vatTable = (x: number, y: number, framed: boolean): number => {
    const cols = [x, x + 80, x + 140, x + 200]
    text(w.vatSummary, x, y, { bold: true })
    y += size * 1.6
    w.vatHead.forEach((h, i) =>
      text(h, i === 0 ? cols[0]! : cols[i]! + 50, y, { right: i > 0, size: size - 0.5, bold: true }),
    )
    rule(x, y + size * 1.3, x + 250, 0.4)
    y += size * 1.6
    for (const row of vatRows) {
      row.forEach((c, i) =>
        text(c, i === 0 ? cols[0]! : cols[i]! + 50, y, { right: i > 0, size: size - 0.5 }),
      )
      y += size * 1.4
    }
    if (framed)
      doc
        .lineWidth(0.5)
        .strokeColor('#888888')
        .rect(
          x - 6,
          y - size * 1.4 * vatRows.length - size * 3.6,
          262,
          size * 1.4 * vatRows.length + size * 3.8,
        )
        .stroke()
    return y
  }
  /** The payment block for a bill sent to the company; answers where it ends. */
  const payBlock = (x: number, y: number): number => {
    if (!payRows.length) return y
    text(w.payInfo, x, y, { bold: true })
    y += size * 1.6
    for (const [label, value] of payRows) {
      text(label, x, y, { colour: grey })
      text(value, x + 95, y, { bold: label === w.balanceDue || label === w.kid })
      y += size * 1.45
    }
    return y
  }
  const footer = () => {
    rule(40, 790, 555, 0.4, '#999999')
    text(`${hotel.company} · ${hotel.street} · ${hotel.place} · ${phone} · ${hotel.web}`, 297.5, 796, {
      centre: true,
      size: 6.8,
      colour: grey,
    })
    const bank =
      showBank && !invoiced
        ? [
            pay.account && `${w.account} ${pay.account}`,
            pay.iban && `IBAN ${pay.iban}`,
            pay.bic && `BIC ${pay.bic}`,
          ]
            .filter(Boolean)
            .join(' · ')
        : ''
    text([`${id.label} ${id.value}`, bank].filter(Boolean).join(' · '), 297.5, 806, {
      centre: true,
      size: 6.8,
      colour: grey,
    })
    text(`${w.printed} ${printedAt} · ${w.page}`, 555, 818, { right: true, size: 6.3, colour: '#777777' })
  }

  let end: number
  if (layout === 'opera') {
    text(hotel.name.toUpperCase(), 297.5, 40, { centre: true, bold: true, size: 17, colour: accent })
    text(`${hotel.street} · ${hotel.place} · ${phone}`, 297.5, 62, { centre: true, size: 7.5, colour: grey })
    guestBlock.forEach((s, i) => text(s, 50, 110 + i * size * 1.45, { bold: i < 2 }))
    facts.forEach(([label, value], i) => {
      text(label, 345, 100 + i * size * 1.42, { colour: grey })
      text(value, 550, 100 + i * size * 1.42, { right: true, bold: i === 0 })
    })
    let y = 100 + facts.length * size * 1.42 + 18
    text(w.title, 50, y, { bold: true, size: 13 })
    y += 24
    const cols = { date: 50, text: 110, charge: 470, credit: 550 }
    text(w.date, cols.date, y, { bold: true })
    text(w.text, cols.text, y, { bold: true })
    text(w.charges, cols.charge, y, { bold: true, right: true })
    text(w.credits, cols.credit, y, { bold: true, right: true })
    doc.dash(2, { space: 2 })
    rule(50, y + size * 1.4, 550, 0.5)
    doc.undash()
    y += size * 2
    for (const p of postings) {
      text(short(p.day), cols.date, y)
      text(p.qty > 1 ? `${p.text} ${p.qty} x ${plain(p.price)}` : p.text, cols.text, y)
      text(plain(p.amount), cols.charge, y, { right: true })
      y += step
    }
    for (const p of payments) {
      text(short(p.day), cols.date, y)
      text(p.text, cols.text, y)
      text(plain(p.amount), cols.credit, y, { right: true })
      y += step
    }
    doc.dash(2, { space: 2 })
    rule(50, y, 550, 0.5)
    doc.undash()
    y += 6
    text(`${w.total} ${f.currency}`, cols.text, y, { bold: true })
    text(totalText, cols.charge, y, { right: true, bold: true })
    text(plain(credits), cols.credit, y, { right: true, bold: true })
    y += size * 1.8
    text(invoiced ? w.balanceDue : w.balance, cols.text, y, { bold: true })
    text(withCode(balanceDue), cols.credit, y, { right: true, bold: true })
    y += 30
    const afterVat = vatTable(50, y, false)
    const afterPay = payBlock(330, y)
    end = Math.max(afterVat, afterPay) + 16
    text(w.thanks, 50, end, { size: size - 0.5, colour: grey })
  } else if (layout === 'grid') {
    text(hotel.name, 45, 38, { bold: true, size: 16, colour: accent })
    text(`${hotel.street}, ${hotel.place}`, 45, 60, { size: 8, colour: grey })
    text(`${phone} · ${hotel.web}`, 45, 71, { size: 8, colour: grey })
    text(`${w.title} ${f.number}`, 550, 40, { right: true, bold: true, size: 14 })
    text(`${w.invoiceDate}: ${date(f.invoiceDate)}`, 550, 60, { right: true })
    guestBlock.forEach((s, i) => text(s, 45, 100 + i * size * 1.45, { bold: i === 0 }))
    const cells = facts.slice(2)
    const cellW = 505 / cells.length
    const top = 100 + guestBlock.length * size * 1.45 + 14
    cells.forEach(([label, value], i) => {
      const x = 45 + i * cellW
      doc.lineWidth(0.5).strokeColor('#888888').rect(x, top, cellW, 28).stroke()
      text(label, x + 3, top + 4, { size: 6.2, colour: grey })
      text(value, x + 3, top + 15, { size: value.length > 9 ? size - 1.5 : size })
    })
    let y = top + 46
    const cols = { date: 45, qty: 120, text: 135, price: 470, amount: 550 }
    doc.rect(45, y - 4, 505, size * 1.9).fill('#e9e9e9')
    text(w.date, cols.date + 3, y, { bold: true })
    text(w.qty, cols.qty, y, { bold: true, right: true })
    text(w.text, cols.text, y, { bold: true })
    text(w.price, cols.price, y, { bold: true, right: true })
    text(w.amount, cols.amount, y, { bold: true, right: true })
    y += size * 2.2
    for (const p of postings) {
      text(short(p.day), cols.date + 3, y)
      text(String(p.qty), cols.qty, y, { right: true })
      text(p.text, cols.text, y)
      text(plain(p.price), cols.price, y, { right: true })
      text(plain(p.amount), cols.amount, y, { right: true })
      y += step
    }
    rule(45, y, 550, 0.6)
    y += 6
    text(w.totalCharges, 330, y, { bold: true })
    text(totalText, cols.amount, y, { right: true, bold: true })
    y += size * 2.2
    if (payments.length) {
      text(w.payments, 45, y, { bold: true })
      y += size * 1.6
      for (const p of payments) {
        text(short(p.day), cols.date + 3, y)
        text(p.text, cols.text, y)
        text(plain(-p.amount), cols.amount, y, { right: true })
        y += step
      }
      rule(330, y, 550, 0.4)
      y += 5
      text(w.totalCredits, 330, y)
      text(plain(-credits), cols.amount, y, { right: true })
      y += size * 1.8
    }
    text(invoiced ? w.balanceDue : w.balance, 330, y, { bold: true })
    text(withCode(balanceDue), cols.amount, y, { right: true, bold: true })
    y += 28
    const afterVat = vatTable(51, y, true)
    const afterPay = payBlock(340, y)
    end = Math.max(afterVat, afterPay) + 14
    text(w.thanks, 45, end, { size: size - 0.5, colour: grey })
  } else {
    doc.rect(0, 0, 595.28, 70).fill(accent)
    text(hotel.name, 45, 24, { bold: true, size: 18, colour: '#ffffff' })
    text(`${hotel.street} · ${hotel.place} · ${hotel.web}`, 45, 48, { size: 7.8, colour: '#ffffff' })
    text(w.title, 550, 28, { right: true, bold: true, size: 14, colour: '#ffffff' })
    text(w.guest, 45, 90, { size: 7, colour: grey, bold: true })
    guestBlock.forEach((s, i) => text(s, 45, 102 + i * size * 1.45, { bold: i === 0 }))
    facts.forEach(([label, value], i) => {
      const col = i % 2
      const row = Math.floor(i / 2)
      text(label, 300 + col * 130, 90 + row * 22, { size: 6.5, colour: grey })
      text(value, 300 + col * 130, 99 + row * 22, { bold: i === 0 })
    })
    let y = 90 + Math.ceil(facts.length / 2) * 22 + 16
    const cols = { text: 60, qty: 400, amount: 550 }
    text(w.text, 45, y, { bold: true, colour: accent })
    text(w.qty, cols.qty, y, { bold: true, right: true, colour: accent })
    text(`${w.amount} (${f.currency})`, cols.amount, y, { bold: true, right: true, colour: accent })
    rule(45, y + size * 1.4, 550, 0.8, accent)
    y += size * 2
    let day = ''
    for (const p of postings) {
      if (p.day !== day) {
        day = p.day
        y += 2
        text(date(p.day), 45, y, { bold: true, size: size - 0.5 })
        y += step
      }
      text(p.text, cols.text, y)
      text(String(p.qty), cols.qty, y, { right: true })
      text(plain(p.amount), cols.amount, y, { right: true })
      y += step
    }
    for (const p of payments) {
      text(`${short(p.day)}  ${p.text}`, 45, y, { colour: grey })
      text(plain(-p.amount), cols.amount, y, { right: true, colour: grey })
      y += step
    }
    rule(45, y, 550, 0.5)
    y += 12
    const boxTop = y
    const sums: [string, string][] = [
      [w.totalCharges, totalText],
      [w.totalCredits, plain(-credits)],
      [invoiced ? w.balanceDue : w.balance, withCode(balanceDue)],
    ]
    doc.rect(340, boxTop - 6, 210, sums.length * size * 1.9 + 8).fill('#eeeeee')
    sums.forEach(([label, value], i) => {
      text(label, 348, boxTop + i * size * 1.9, { bold: i !== 1 })
      text(value, 544, boxTop + i * size * 1.9, { right: true, bold: i !== 1 })
    })
    const afterVat = vatTable(45, boxTop, false)
    const afterPay = payBlock(340, boxTop + sums.length * size * 1.9 + 20)
    end = Math.max(afterVat, afterPay) + 14
    text(w.thanks, 45, end, { size: size - 0.5, colour: grey })
  }
  if (end > 775)
    throw new Error(`own-hotel-folio seed ${seed}: the bill runs into its foot (${Math.round(end)} pt)`)
  footer()
  doc.end()

  const folio = textPdfDocument({
    family: 'own-hotel-folio',
    kind: 'layout',
    seed,
    bytes: await bytes,
    facts: f,
    variant: `${layout},${lang},${market},${nights}n,${dates.name},${fontName}${invoiced ? ',invoiced' : ',paid'}${deposit ? ',deposit' : ''}${breakfastIncluded ? '' : ',breakfast'}`,
    id: id.value,
    pay: showBank
      ? { ...(pay.account ? { account: pay.account } : {}), ...(pay.iban ? { iban: pay.iban } : {}) }
      : {},
    total: totalText,
    date,
  })
  // A bill the guest paid has no due date: the truth records none, and none is printed.
  if (!invoiced) {
    folio.truth.fields[8] = null
    delete folio.printed![8]
  }
  return folio
}

function datesOf(
  lang: Lang,
  market: Market,
  r: Rand,
): { name: string; text: (iso: string) => string; short: 'dmy.' | 'dmy/' | 'dmy-' | 'iso' } {
  const numeric = (form: 'dmy.' | 'dmy/' | 'dmy-' | 'iso') => ({
    name: form,
    text: (iso: string) => dateText(iso, form),
    short: form,
  })
  switch (lang) {
    case 'nb':
      return pick(r, [
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nb'), short: 'dmy.' },
      ])
    case 'de':
      return pick(r, [
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => dateText(iso, 'long', 'de'), short: 'dmy.' },
      ])
    case 'sv':
      return pick(r, [
        numeric('iso'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'sv'), short: 'iso' },
      ])
    case 'fr':
      return pick(r, [
        numeric('dmy/'),
        { name: 'long', text: (iso: string) => dateText(iso, 'long', 'fr'), short: 'dmy/' },
      ])
    case 'en':
      return market === 'NO' || market === 'DE'
        ? numeric('dmy.')
        : pick(r, [
            numeric('dmy/'),
            { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en'), short: 'dmy/' },
          ])
  }
}
