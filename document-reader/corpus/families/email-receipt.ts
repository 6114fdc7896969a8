// Own family `own-email-receipt` (its group: ../families.ts): a web shop's order confirmation or receipt
// e-mail as the customer printed it to PDF from the mail client, written as HTML and printed by Chromium
// (./chromium.ts). The mail client's part: a webmail's print view (the browser's own head and foot with the
// time of printing, the page's title, the address and the page count; the mailbox's owner, the subject, the
// sender with the time the mail was sent and the recipient), a desktop client's print (the owner's name in
// bold over a rule, then `Fra:`/`From:`, `Sendt:`/`Sent:`, `Til:`/`To:`, `Emne:`/`Subject:`), or a Mac
// mail print (right-aligned bold labels over a rule); the client speaks Norwegian or English, whatever the
// shop's language. The shop's part, in one of three templates (`classic`: a coloured band with the shop's
// name, the order's facts, a table of items and a summary on the right, the addresses side by side;
// `minimal`: centred, a large heading, the facts as a list, the items as rows; `cards`: framed sections for
// the order, the items, the payment and the addresses): the shop's name as its logo, a greeting, the order
// number and order date, each item with a grey box where its picture was, its article number, quantity and
// price, the subtotal, shipping (free over a threshold on some), a discount code, the total charged and the
// VAT included in it, how it was paid (a card, Vipps, Swish, MobilePay, PayPal, or Klarna's invoice to be
// paid in 14 or 30 days with its due date), the delivery method and tracking number, the billing and
// delivery addresses (the buyer's company, its organisation number), and a foot with the shop's legal name,
// address, organisation or VAT number and customer service; some name an invoice or receipt number, in the
// facts or only in a line of the foot. The truth: the number is the invoice's or receipt's number where the
// mail names one, none where it shows only an order number (as `own-app-receipt` decides it); the date is
// the order's date as the mail's body prints it, never the time the mail was sent (a day later on some:
// mailed after midnight, or when the order was shipped); the total is the amount charged; a due date only
// for Klarna's invoice. Languages: Norwegian bokmål and English (Norwegian shops), Swedish, Danish, English
// (British shops) and German; fonts Roboto, Liberation Sans or DejaVu Sans.
import { PDFDocument } from 'pdf-lib'
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
  type MoneyForm,
} from './facts.ts'
import { fontFaces, printHtml } from './chromium.ts'

type Lang = 'nb' | 'sv' | 'da' | 'en' | 'de'
type Market = 'NO' | 'SE' | 'DK' | 'GB' | 'DE'
type Client = 'webmail' | 'desktop' | 'mac'
type Template = 'classic' | 'minimal' | 'cards'
type ClientLang = 'nb' | 'en'
type Pay = 'card' | 'wallet' | 'paypal' | 'klarna'

interface Words {
  subjects: ((n: string) => string)[]
  heading: string
  greeting: (name: string) => string
  intro: string
  orderNo: string
  orderDate: string
  invoiceNo: string
  receiptNo: string
  item: string
  qty: string
  price: string
  sku: string
  subtotal: string
  shipping: string
  free: string
  discount: (code: string) => string
  total: string
  vatIncl: (rate: number) => string
  paidWith: string
  klarna: (days: number) => string
  payBy: string
  billing: string
  delivery: string
  method: string
  methods: string[]
  tracking: string
  summary: string
  payment: string
  footReceipt: (label: string, n: string) => string
  service: string
  attn: string
  wallet: string
  orgNo: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    subjects: [
      (n) => `Ordrebekreftelse #${n}`,
      (n) => `Kvittering for bestilling ${n}`,
      () => 'Takk for handelen!',
    ],
    heading: 'Takk for bestillingen!',
    greeting: (n) => `Hei ${n},`,
    intro:
      'Vi har mottatt bestillingen din og gjør den klar for sending. Her er en oversikt over det du har kjøpt.',
    orderNo: 'Ordrenummer',
    orderDate: 'Ordredato',
    invoiceNo: 'Fakturanummer',
    receiptNo: 'Kvitteringsnummer',
    item: 'Produkt',
    qty: 'Antall',
    price: 'Pris',
    sku: 'Art.nr.',
    subtotal: 'Delsum',
    shipping: 'Frakt',
    free: 'Gratis',
    discount: (c) => `Rabattkode ${c}`,
    total: 'Totalt betalt',
    vatIncl: (r) => `Herav mva ${r} %`,
    paidWith: 'Betalt med',
    klarna: (d) => `Klarna Faktura – betal innen ${d} dager`,
    payBy: 'Betales innen',
    billing: 'Fakturaadresse',
    delivery: 'Leveringsadresse',
    method: 'Leveringsmåte',
    methods: ['Hjemlevering', 'Pakke i postkassen', 'Levering til hentested', 'Bedriftspakke'],
    tracking: 'Sporingsnummer',
    summary: 'Ordresammendrag',
    payment: 'Betaling',
    footReceipt: (l, n) => `Denne e-posten er din kvittering. ${l}: ${n}.`,
    service: 'Spørsmål? Kontakt kundeservice på',
    attn: 'Att.',
    wallet: 'Vipps',
    orgNo: 'Org.nr.',
  },
  sv: {
    subjects: [
      (n) => `Orderbekräftelse ${n}`,
      () => 'Tack för din beställning!',
      (n) => `Kvitto för order ${n}`,
    ],
    heading: 'Tack för din beställning!',
    greeting: (n) => `Hej ${n},`,
    intro: 'Vi har tagit emot din beställning och packar den just nu. Här är en sammanfattning av ditt köp.',
    orderNo: 'Ordernummer',
    orderDate: 'Orderdatum',
    invoiceNo: 'Fakturanummer',
    receiptNo: 'Kvittonummer',
    item: 'Produkt',
    qty: 'Antal',
    price: 'Pris',
    sku: 'Art.nr',
    subtotal: 'Delsumma',
    shipping: 'Frakt',
    free: 'Fri frakt',
    discount: (c) => `Rabattkod ${c}`,
    total: 'Totalt',
    vatIncl: (r) => `Varav moms ${r} %`,
    paidWith: 'Betalsätt',
    klarna: (d) => `Klarna Faktura – betala inom ${d} dagar`,
    payBy: 'Förfallodatum',
    billing: 'Fakturaadress',
    delivery: 'Leveransadress',
    method: 'Leveranssätt',
    methods: ['Hemleverans', 'Ombud', 'Paket i brevlådan', 'Företagspaket'],
    tracking: 'Kollinummer',
    summary: 'Ordersammanfattning',
    payment: 'Betalning',
    footReceipt: (l, n) => `Detta mejl är ditt kvitto. ${l}: ${n}.`,
    service: 'Frågor? Kontakta kundtjänst på',
    attn: 'Att:',
    wallet: 'Swish',
    orgNo: 'Org.nr',
  },
  da: {
    subjects: [
      (n) => `Ordrebekræftelse nr. ${n}`,
      () => 'Tak for din ordre',
      (n) => `Kvittering for ordre ${n}`,
    ],
    heading: 'Tak for din ordre!',
    greeting: (n) => `Hej ${n},`,
    intro: 'Vi har modtaget din ordre og pakker den nu. Her er en oversigt over dit køb.',
    orderNo: 'Ordrenummer',
    orderDate: 'Ordredato',
    invoiceNo: 'Fakturanummer',
    receiptNo: 'Kvitteringsnummer',
    item: 'Vare',
    qty: 'Antal',
    price: 'Pris',
    sku: 'Varenr.',
    subtotal: 'Subtotal',
    shipping: 'Fragt',
    free: 'Gratis',
    discount: (c) => `Rabatkode ${c}`,
    total: 'I alt betalt',
    vatIncl: (r) => `Heraf moms ${r} %`,
    paidWith: 'Betalt med',
    klarna: (d) => `Klarna Faktura – betal inden ${d} dage`,
    payBy: 'Betales senest',
    billing: 'Faktureringsadresse',
    delivery: 'Leveringsadresse',
    method: 'Leveringsmetode',
    methods: ['Levering til døren', 'Pakkeshop', 'Erhvervslevering'],
    tracking: 'Pakkenummer',
    summary: 'Ordreoversigt',
    payment: 'Betaling',
    footReceipt: (l, n) => `Denne e-mail er din kvittering. ${l}: ${n}.`,
    service: 'Spørgsmål? Kontakt kundeservice på',
    attn: 'Att.',
    wallet: 'MobilePay',
    orgNo: 'CVR-nr.',
  },
  en: {
    subjects: [
      (n) => `Your order #${n} has been received`,
      () => 'Order confirmation',
      (n) => `Receipt for order ${n}`,
    ],
    heading: 'Thanks for your order!',
    greeting: (n) => `Hi ${n},`,
    intro: "We've received your order and are getting it ready to ship. Here's a summary of what you bought.",
    orderNo: 'Order number',
    orderDate: 'Order date',
    invoiceNo: 'Invoice number',
    receiptNo: 'Receipt number',
    item: 'Item',
    qty: 'Qty',
    price: 'Price',
    sku: 'SKU',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    free: 'Free',
    discount: (c) => `Discount code ${c}`,
    total: 'Total charged',
    vatIncl: (r) => `Includes VAT ${r}%`,
    paidWith: 'Payment method',
    klarna: (d) => `Klarna – Pay in ${d} days`,
    payBy: 'Payment due',
    billing: 'Billing address',
    delivery: 'Delivery address',
    method: 'Delivery method',
    methods: ['Standard delivery', 'Next-day delivery', 'Collect from pick-up point'],
    tracking: 'Tracking number',
    summary: 'Order summary',
    payment: 'Payment',
    footReceipt: (l, n) => `This email is your receipt. ${l}: ${n}.`,
    service: 'Questions? Contact our customer service at',
    attn: 'Attn.',
    wallet: 'Apple Pay',
    orgNo: 'Org. no.',
  },
  de: {
    subjects: [
      (n) => `Ihre Bestellung Nr. ${n}`,
      () => 'Bestellbestätigung',
      (n) => `Ihre Rechnung zur Bestellung ${n}`,
    ],
    heading: 'Vielen Dank für Ihre Bestellung!',
    greeting: (n) => `Hallo ${n},`,
    intro:
      'wir haben Ihre Bestellung erhalten und bereiten den Versand vor. Hier finden Sie eine Übersicht Ihres Einkaufs.',
    orderNo: 'Bestellnummer',
    orderDate: 'Bestelldatum',
    invoiceNo: 'Rechnungsnummer',
    receiptNo: 'Belegnummer',
    item: 'Artikel',
    qty: 'Menge',
    price: 'Preis',
    sku: 'Art.-Nr.',
    subtotal: 'Zwischensumme',
    shipping: 'Versandkosten',
    free: 'Kostenlos',
    discount: (c) => `Gutscheincode ${c}`,
    total: 'Gesamtbetrag',
    vatIncl: (r) => `inkl. ${r} % MwSt.`,
    paidWith: 'Zahlungsart',
    klarna: (d) => `Klarna Rechnung – zahlbar in ${d} Tagen`,
    payBy: 'Zahlbar bis',
    billing: 'Rechnungsadresse',
    delivery: 'Lieferadresse',
    method: 'Versandart',
    methods: ['Standardversand', 'Expressversand', 'Lieferung an Packstation'],
    tracking: 'Sendungsnummer',
    summary: 'Bestellübersicht',
    payment: 'Zahlung',
    footReceipt: (l, n) => `Diese E-Mail gilt als Rechnung. ${l}: ${n}.`,
    service: 'Fragen? Unser Kundenservice:',
    attn: 'z. Hd.',
    wallet: 'PayPal',
    orgNo: 'USt-IdNr.',
  },
}

const SHOPS: Record<
  Market,
  { name: string; company: string; street: string; place: string; domain: string; kind: number }[]
> = {
  NO: [
    {
      name: 'Fjellsport',
      company: 'Fjellsport Nettbutikk AS',
      street: 'Industrivegen 12',
      place: '2212 Kongsvinger',
      domain: 'fjellsport-butikk.no',
      kind: 2,
    },
    {
      name: 'Kontorkjeden',
      company: 'Kontorkjeden Norge AS',
      street: 'Brynsveien 14',
      place: '0667 Oslo',
      domain: 'kontorkjeden.no',
      kind: 0,
    },
    {
      name: 'Elektrolageret',
      company: 'Elektrolageret AS',
      street: 'Sandstuveien 68',
      place: '0680 Oslo',
      domain: 'elektrolageret.no',
      kind: 1,
    },
  ],
  SE: [
    {
      name: 'Kontorshoppen',
      company: 'Kontorshoppen Sverige AB',
      street: 'Lagergatan 3',
      place: '721 30 Västerås',
      domain: 'kontorshoppen.se',
      kind: 0,
    },
    {
      name: 'Teknikdepån',
      company: 'Teknikdepån AB',
      street: 'Flygfältsgatan 6',
      place: '128 30 Skarpnäck',
      domain: 'teknikdepan.se',
      kind: 1,
    },
  ],
  DK: [
    {
      name: 'Kontorland',
      company: 'Kontorland ApS',
      street: 'Industrivej 22',
      place: '7100 Vejle',
      domain: 'kontorland.dk',
      kind: 0,
    },
    {
      name: 'Teknikhuset',
      company: 'Teknikhuset A/S',
      street: 'Hedeager 3',
      place: '8200 Aarhus N',
      domain: 'teknikhuset.dk',
      kind: 1,
    },
  ],
  GB: [
    {
      name: 'Deskworks',
      company: 'Deskworks Ltd',
      street: 'Unit 7, Riverside Park',
      place: 'Reading RG2 0QX',
      domain: 'deskworks.co.uk',
      kind: 0,
    },
    {
      name: 'Trailhead Outdoor',
      company: 'Trailhead Outdoor UK Ltd',
      street: '14 Old Bath Road',
      place: 'Bristol BS4 3DQ',
      domain: 'trailhead-outdoor.co.uk',
      kind: 2,
    },
  ],
  DE: [
    {
      name: 'Bürowelt24',
      company: 'Bürowelt24 GmbH',
      street: 'Gutenbergstraße 5',
      place: '63110 Rodgau',
      domain: 'buerowelt24.de',
      kind: 0,
    },
    {
      name: 'Technikhafen',
      company: 'Technikhafen GmbH',
      street: 'Am Sandtorkai 30',
      place: '20457 Hamburg',
      domain: 'technikhafen.de',
      kind: 1,
    },
  ],
}

/** The products of each kind of shop (office, electronics, outdoor): names `nb|sv|da|en|de`, price in euros. */
const PRODUCTS: [string, number][][] = [
  [
    [
      'Kontorstol Ergo Pro|Kontorsstol Ergo Pro|Kontorstol Ergo Pro|Ergo Pro office chair|Bürostuhl Ergo Pro',
      289,
    ],
    [
      'Skrivebord hev/senk 160x80|Höj- och sänkbart skrivbord 160x80|Hæve-sænkebord 160x80|Sit-stand desk 160x80|Höhenverstellbarer Schreibtisch 160x80',
      449,
    ],
    [
      'Kopipapir A4 80 g, 5 x 500 ark|Kopieringspapper A4 80 g, 5 x 500 ark|Kopipapir A4 80 g, 5 x 500 ark|Copy paper A4 80 gsm, 5 x 500 sheets|Kopierpapier A4 80 g, 5 x 500 Blatt',
      24,
    ],
    [
      'Blekkpatron sort XL|Bläckpatron svart XL|Blækpatron sort XL|Ink cartridge black XL|Tintenpatrone schwarz XL',
      39,
    ],
    [
      'Notatbok A5, 3-pk|Anteckningsbok A5, 3-pack|Notesbog A5, 3 stk.|A5 notebooks, pack of 3|Notizbuch A5, 3er-Pack',
      12,
    ],
    ['Skjermarm dobbel|Skärmarm dubbel|Skærmarm dobbelt|Dual monitor arm|Monitorhalterung doppelt', 79],
  ],
  [
    ['Trådløs mus|Trådlös mus|Trådløs mus|Wireless mouse|Kabellose Maus', 29],
    [
      'USB-C dokkingstasjon|USB-C dockningsstation|USB-C dockingstation|USB-C docking station|USB-C-Dockingstation',
      149,
    ],
    [
      'Hodetelefoner med støydemping|Hörlurar med brusreducering|Høretelefoner med støjreduktion|Noise-cancelling headphones|Kopfhörer mit Geräuschunterdrückung',
      229,
    ],
    ['27" skjerm QHD|27" skärm QHD|27" skærm QHD|27" QHD monitor|27-Zoll-Monitor QHD', 299],
    [
      'Tastatur, nordisk layout|Tangentbord, nordisk layout|Tastatur, nordisk layout|Keyboard, Nordic layout|Tastatur, nordisches Layout',
      59,
    ],
    ['HDMI-kabel 2 m|HDMI-kabel 2 m|HDMI-kabel 2 m|HDMI cable 2 m|HDMI-Kabel 2 m', 12],
  ],
  [
    [
      "Turjakke herre, str. L|Friluftsjacka herr, stl. L|Outdoorjakke herre, str. L|Men's hiking jacket, size L|Outdoorjacke Herren, Gr. L",
      199,
    ],
    [
      "Ullundertrøye dame, str. M|Ullunderställ dam, stl. M|Uldundertrøje dame, str. M|Women's merino base layer, size M|Merino-Unterhemd Damen, Gr. M",
      69,
    ],
    [
      'Tursokker 3-pk|Vandringsstrumpor 3-pack|Vandresokker 3 par|Hiking socks, 3 pairs|Wandersocken 3er-Pack',
      19,
    ],
    ['Hodelykt 400 lm|Pannlampa 400 lm|Pandelampe 400 lm|Head torch 400 lm|Stirnlampe 400 lm', 49],
    ['Termos 0,75 l|Termos 0,75 l|Termokande 0,75 l|Vacuum flask 0.75 l|Thermosflasche 0,75 l', 29],
    ['Sovepose -10 °C|Sovsäck -10 °C|Sovepose -10 °C|Sleeping bag -10 °C|Schlafsack -10 °C', 179],
  ],
]

const LANG_INDEX: Record<Lang, number> = { nb: 0, sv: 1, da: 2, en: 3, de: 4 }
/** Euros to the market's money, and how its shops round a price. */
const RATE: Record<Market, number> = { NO: 11.5, SE: 11.2, DK: 7.45, GB: 0.86, DE: 1 }
const VAT: Record<Market, number> = { NO: 25, SE: 25, DK: 25, GB: 20, DE: 19 }
const FIRST_NAMES = ['Ola', 'Kari', 'Ingrid', 'Erik', 'Maria', 'Jonas']
const LAST_NAMES = ['Hansen', 'Berg', 'Dahl', 'Moe', 'Lund']
const ADDRESSES: Record<Market, [string, string][]> = {
  NO: [
    ['Storgata 12', '0155 Oslo'],
    ['Kongens gate 5', '7011 Trondheim'],
    ['Industriveien 44', '5003 Bergen'],
    ['Havnegata 9', '9008 Tromsø'],
  ],
  SE: [
    ['Kungsgatan 12', '411 19 Göteborg'],
    ['Sveavägen 44', '113 59 Stockholm'],
  ],
  DK: [
    ['Vesterbrogade 18', '1620 København V'],
    ['Søndergade 4', '8000 Aarhus C'],
  ],
  GB: [
    ['22 Kingsway', 'London WC2B 6LE'],
    ['5 Park Row', 'Leeds LS1 5HD'],
  ],
  DE: [
    ['Mönckebergstraße 7', '20095 Hamburg'],
    ['Kaiserstraße 30', '60311 Frankfurt am Main'],
  ],
}
const PICKUP: Record<Market, string> = {
  NO: 'Post i butikk, Coop Extra Storgata, 0155 Oslo',
  SE: 'Ombud: ICA Nära Kungsgatan, 411 19 Göteborg',
  DK: 'Pakkeshop: Netto Vesterbrogade, 1620 København V',
  GB: 'Pick-up point: Corner Shop, 22 Kingsway, London WC2B 6LE',
  DE: 'Packstation 118, 20095 Hamburg',
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface Item {
  name: string
  sku: string
  qty: number
  price: number
  amount: number
}

export async function generateEmailReceipt(seed: number): Promise<CorpusDocument> {
  // The market, languages, client and template drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 3401)
  const [market, lang] = pick(spread, [
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'en'],
    ['SE', 'sv'],
    ['DK', 'da'],
    ['GB', 'en'],
    ['DE', 'de'],
  ] as const)
  const client: Client = pick(spread, ['webmail', 'desktop', 'mac'])
  const template: Template = pick(spread, ['classic', 'minimal', 'cards'])
  const clientLang: ClientLang = spread() < 0.7 ? 'nb' : 'en'
  const { facts: f, r } = makeFacts(seed, 3401, { country: market, lines: [1, 1] })
  const w = WORDS[lang]
  const shop = pick(r, SHOPS[market])
  f.supplier = shop.company
  f.street = shop.street
  f.place = shop.place
  f.account = f.iban = f.bic = f.kid = null
  const vatRate = VAT[market]

  // The items, shipping and a discount code, VAT included.
  const price = (eur: number) => {
    const raw = eur * RATE[market]
    if (market === 'GB' || market === 'DE') return Math.max(99, Math.ceil(raw) * 100 - pick(r, [1, 1, 10]))
    return Math.max(900, (Math.ceil(raw / 10) * 10 - 1) * 100)
  }
  const catalogue = PRODUCTS[shop.kind]!
  const count = int(r, 1, 4)
  const start = int(r, 0, catalogue.length - 1)
  const items: Item[] = Array.from({ length: count }, (_, i) => {
    const [names, eur] = catalogue[(start + i) % catalogue.length]!
    const qty = eur < 50 && r() < 0.5 ? int(r, 2, 5) : 1
    const p = price(eur)
    return {
      name: names.split('|')[LANG_INDEX[lang]]!,
      sku: String(int(r, 100000, 999999)),
      qty,
      price: p,
      amount: qty * p,
    }
  })
  const subtotal = items.reduce((s, i) => s + i.amount, 0)
  const threshold = { NO: 99900, SE: 99900, DK: 69900, GB: 5000, DE: 5000 }[market]
  const shippingFee = {
    NO: pick(r, [7900, 9900, 14900]),
    SE: pick(r, [4900, 6900]),
    DK: pick(r, [3900, 4900]),
    GB: pick(r, [399, 499]),
    DE: pick(r, [495, 590]),
  }[market]
  const shipping = subtotal >= threshold && r() < 0.8 ? 0 : shippingFee
  const discountPct = r() < 0.3 ? pick(r, [10, 15, 20]) : 0
  const code = pick(r, ['VELKOMMEN10', 'HOST20', 'BLACKWEEK', 'SPRING15', 'NEWS10', 'B2B15'])
  const discount = discountPct ? -Math.round((subtotal * discountPct) / 100) : 0
  const total = subtotal + shipping + discount
  const vat = Math.round((total * vatRate) / (100 + vatRate))

  // When it was ordered and when the mail was sent (after midnight, or when it was shipped, on some).
  const orderDay = f.invoiceDate
  const late = r() < 0.3
  const hour = late ? 23 : int(r, 7, 22)
  const minute = late ? int(r, 30, 59) : int(r, 0, 59)
  const sentLater = late || r() < 0.15
  const sentDay = sentLater ? addDays(orderDay, 1) : orderDay
  const sentMinutes = late
    ? int(r, 1, 25)
    : sentLater
      ? int(r, 8 * 60, 16 * 60)
      : hour * 60 + minute + int(r, 0, 2)
  const sent = new Date(`${sentDay}T00:00:00Z`)
  sent.setUTCMinutes(Math.min(sentMinutes, 23 * 60 + 59))
  const printedAt = new Date(sent.getTime() + int(r, 1, 9) * 86_400_000 + int(r, 0, 600) * 60_000)

  // How it was paid; Klarna's invoice has a due date.
  const payKind: Pay = pick(r, ['card', 'card', 'card', 'wallet', 'paypal', 'klarna'])
  const klarnaDays = pick(r, [14, 30])
  f.dueDate = addDays(orderDay, klarnaDays)
  const card = `${pick(r, ['Visa', 'Mastercard'])} **** ${int(r, 1000, 9999)}`
  const paidWith =
    payKind === 'card'
      ? card
      : payKind === 'wallet'
        ? w.wallet
        : payKind === 'paypal'
          ? 'PayPal'
          : w.klarna(klarnaDays)

  // Numbers: the order's always, the invoice's or receipt's on some, in the facts or only in the foot.
  const orderNo = pick(r, [
    String(int(r, 100000, 999999)),
    `${market}${int(r, 1000000, 9999999)}`,
    String(int(r, 4_000_000_000, 4_999_999_999)),
  ])
  const numbered = r() < 0.5
  const inFoot = numbered && r() < 0.5
  const numberLabel = pick(r, [w.invoiceNo, w.receiptNo])
  f.number = pick(r, [
    `${orderDay.slice(0, 4)}-${int(r, 10000, 99999)}`,
    `INV-${int(r, 100000, 999999)}`,
    String(int(r, 70_000_000, 79_999_999)),
  ])
  const showId = r() < 0.85
  const id = supplierIdText(f, r)

  // Forms of money and dates.
  const form: MoneyForm = pick(r, MONEY[market])
  const money = (c: number) => moneyText(c, f.currency, form)
  const dates = datesOf(lang, market, r)
  const date = dates.text
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
  const orderedText = r() < 0.5 ? date(orderDay) : `${date(orderDay)} ${time}`

  // People and addresses.
  const person = `${pick(r, FIRST_NAMES)} ${pick(r, LAST_NAMES)}`
  const buyerDomain = f.buyer
    .toLowerCase()
    .replace(/ as$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/å/g, 'a')
    .replace(/[^a-z0-9]+/g, '')
  const email = `${person.split(' ')[0]!.toLowerCase()}.${person.split(' ')[1]!.toLowerCase()}@${buyerDomain}.no`
  const [street, place] = pick(r, ADDRESSES[market])
  const billing = [
    f.buyer,
    `${w.attn} ${person}`,
    street,
    place,
    ...(market === 'NO' ? [`${w.orgNo} ${formatOrgNumber(f.buyerOrg)}`] : [`VAT: NO${f.buyerOrg}MVA`]),
  ]
  const methodIndex = int(r, 0, w.methods.length - 1)
  const method = w.methods[methodIndex]!
  const toPickup = /hentested|Ombud|Pakkeshop|pick-up|Packstation/i.test(method)
  const deliveryRows = toPickup ? [person, PICKUP[market]] : [person, f.buyer, street, place]
  const tracking = pick(r, [
    `70${int(r, 100000000, 999999999)}${int(r, 100000, 999999)}`,
    `JJFI${int(r, 10000000, 99999999)}`,
    `00340${int(r, 100000000, 999999999)}`,
  ])
  const mailbox = pick(r, ['ordre', 'noreply', 'kundeservice', 'order', 'shop'])
  const from = `${shop.name} <${mailbox}@${shop.domain}>`
  const subject = pick(r, w.subjects)(orderNo)
  const font = pick(r, ['Roboto', 'Liberation Sans', 'DejaVu Sans'])
  const accent = pick(r, ['#1b5e20', '#0d47a1', '#b71c1c', '#e65100', '#4a148c', '#222222'])

  // The shop's HTML.
  const rows: [string, string, boolean][] = [
    [w.subtotal, money(subtotal), false],
    ...(discount
      ? [[`${w.discount(code)} (-${discountPct} %)`, money(discount), false] as [string, string, boolean]]
      : []),
    [w.shipping, shipping ? money(shipping) : w.free, false],
    [w.total, money(total), true],
    [w.vatIncl(vatRate), money(vat), false],
  ]
  const facts: [string, string][] = [
    [w.orderNo, orderNo],
    [w.orderDate, orderedText],
    ...(numbered && !inFoot ? [[numberLabel, f.number] as [string, string]] : []),
    // The cards template shows the payment in a card of its own.
    ...(template === 'cards' ? [] : [[w.paidWith, paidWith] as [string, string]]),
    ...(payKind === 'klarna' && template !== 'cards' ? [[w.payBy, date(f.dueDate)] as [string, string]] : []),
  ]
  const itemRow = (i: Item) =>
    `<tr class="item"><td class="pic"><div class="ph"></div></td><td><div class="name">${esc(i.name)}</div><div class="muted">${esc(w.sku)} ${i.sku}</div>${i.qty > 1 ? `<div class="muted">${i.qty} × ${esc(money(i.price))}</div>` : ''}</td><td class="num">${i.qty}</td><td class="num">${esc(money(i.amount))}</td></tr>`
  const itemsTable = `<table class="items"><thead><tr><th></th><th>${esc(w.item)}</th><th class="num">${esc(w.qty)}</th><th class="num">${esc(w.price)}</th></tr></thead><tbody>${items.map(itemRow).join('')}</tbody></table>`
  const sumsTable = `<table class="sums">${rows.map(([l, v, strong]) => `<tr class="${strong ? 'strong' : ''}"><td>${esc(l)}</td><td class="num">${esc(v)}</td></tr>`).join('')}</table>`
  const factsList = (cls: string) =>
    `<table class="${cls}">${facts.map(([l, v]) => `<tr><td class="label">${esc(l)}</td><td>${esc(v)}</td></tr>`).join('')}</table>`
  const address = (title: string, lines: string[]) =>
    `<div class="addr"><div class="h">${esc(title)}</div>${lines.map((s) => `<div>${esc(s)}</div>`).join('')}</div>`
  const addresses = `<div class="addrs">${address(w.billing, billing)}${address(w.delivery, deliveryRows)}</div><div class="muted ship">${esc(w.method)}: ${esc(method)} · ${esc(w.tracking)} ${tracking}</div>`
  const foot = [
    numbered && inFoot ? `<p>${esc(w.footReceipt(numberLabel, f.number))}</p>` : '',
    `<p>${esc(w.service)} ${mailbox === 'noreply' ? 'kundeservice' : mailbox}@${esc(shop.domain)}</p>`,
    `<p>${esc(shop.company)} · ${esc(shop.street)}, ${esc(shop.place)}${showId ? ` · ${esc(id.label)} ${esc(id.value)}` : ''}</p>`,
  ].join('')
  const greeting = `<p>${esc(w.greeting(person.split(' ')[0]!))}</p><p>${esc(w.intro)}</p>`
  let shopHtml: string
  if (template === 'classic') {
    shopHtml = `<div class="shop classic"><div class="band">${esc(shop.name)}</div><div class="inner"><h1>${esc(w.heading)}</h1>${greeting}${factsList('facts')}${itemsTable}<div class="right">${sumsTable}</div>${addresses}</div><div class="foot">${foot}</div></div>`
  } else if (template === 'minimal') {
    shopHtml = `<div class="shop minimal"><div class="logo">${esc(shop.name.toUpperCase())}</div><h1>${esc(w.heading)}</h1><div class="centre">${greeting}</div>${factsList('facts list')}${itemsTable}${sumsTable}${addresses}<div class="foot">${foot}</div></div>`
  } else {
    shopHtml = `<div class="shop cards"><div class="logo">${esc(shop.name)}</div><h1>${esc(w.heading)}</h1>${greeting}<div class="card"><div class="h">${esc(w.summary)}</div>${factsList('facts')}</div><div class="card">${itemsTable}${sumsTable}</div><div class="card"><div class="h">${esc(w.payment)}</div><div>${esc(w.paidWith)}: ${esc(paidWith)}</div>${payKind === 'klarna' ? `<div>${esc(w.payBy)}: ${esc(date(f.dueDate))}</div>` : ''}</div><div class="card">${addresses}</div><div class="foot">${foot}</div></div>`
  }

  // The mail client's part.
  const cw = CLIENT[clientLang]
  const locale = clientLang === 'nb' ? 'nb-NO' : pick(r, ['en-GB', 'en-US'])
  const sentText = new Intl.DateTimeFormat(locale, {
    dateStyle: client === 'webmail' ? 'medium' : 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(sent)
  const printedText = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(printedAt)
  const owner = `${person} <${email}>`
  let clientHtml: string
  let page: string
  if (client === 'webmail') {
    const url = `https://webmail.${buyerDomain}.no/mail/u/0/?ik=${int(r, 1_000_000, 9_999_999).toString(16)}&view=pt&search=all&th=${int(r, 100_000_000, 999_999_999).toString(16)}`
    page = `@page { size: A4; margin: 14mm 12mm 14mm;
  @top-left { content: ${css(printedText)}; font: 8pt 'Liberation Sans'; }
  @top-center { content: ${css(`${cw.webmail} - ${subject}`)}; font: 8pt 'Liberation Sans'; }
  @bottom-left { content: ${css(url)}; font: 8pt 'Liberation Sans'; }
  @bottom-right { content: counter(page) "/" counter(pages); font: 8pt 'Liberation Sans'; } }`
    clientHtml = `<div class="client webmail"><div class="top"><span class="brand">${esc(cw.webmail)}</span><span>${esc(owner)}</span></div><hr><div class="subject">${esc(subject)}</div><div class="count">${esc(cw.messages)}</div><hr><div class="sender"><span><b>${esc(shop.name)}</b> &lt;${esc(`${mailbox}@${shop.domain}`)}&gt;</span><span class="when">${esc(sentText)}</span></div><div class="to">${esc(cw.to)} ${esc(email)}</div></div>`
  } else if (client === 'desktop') {
    page = `@page { size: A4; margin: 16mm 15mm; }`
    clientHtml = `<div class="client desktop"><div class="owner">${esc(person)}</div><hr class="thick"><table class="head"><tr><td>${esc(cw.from)}</td><td>${esc(from)}</td></tr><tr><td>${esc(cw.sent)}</td><td>${esc(sentText)}</td></tr><tr><td>${esc(cw.to)}</td><td>${esc(email)}</td></tr><tr><td>${esc(cw.subject)}</td><td>${esc(subject)}</td></tr></table></div>`
  } else {
    page = `@page { size: A4; margin: 16mm 15mm; }`
    clientHtml = `<div class="client mac"><table class="head"><tr><td>${esc(cw.from)}</td><td>${esc(from)}</td></tr><tr><td>${esc(cw.subject)}</td><td><b>${esc(subject)}</b></td></tr><tr><td>${esc(cw.date)}</td><td>${esc(sentText)}</td></tr><tr><td>${esc(cw.to)}</td><td>${esc(`${person} <${email}>`)}</td></tr></table><hr></div>`
  }
  const html = `<!doctype html><html lang="${lang === 'nb' ? 'no' : lang}"><head><meta charset="utf-8"><title>${esc(subject)}</title><style>
${fontFaces([...new Set([font, 'Liberation Sans', 'DejaVu Sans'])])}
${page}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; font-size: 9.5pt; color: #222; padding: 0 2pt; }
hr { border: 0; border-top: 1px solid #bbb; margin: 6pt 0; }
hr.thick { border-top: 2.5px solid #000; }
.num { text-align: right; white-space: nowrap; }
.client { margin-bottom: 14pt; }
.webmail .top { display: flex; justify-content: space-between; color: #555; font-size: 9pt; }
.webmail .brand { font-size: 13pt; color: #777; }
.webmail .subject { font-size: 14pt; font-weight: 700; margin: 4pt 0 2pt; }
.webmail .count { color: #666; font-size: 8.5pt; }
.webmail .sender { display: flex; justify-content: space-between; gap: 12pt; }
.webmail .sender .when { color: #555; white-space: nowrap; }
.webmail .to { color: #555; font-size: 8.5pt; margin-top: 2pt; }
.desktop .owner { font-weight: 700; font-size: 12pt; }
table.head td { padding: 1pt 10pt 1pt 0; vertical-align: top; }
.desktop table.head td:first-child { font-weight: 700; width: 62pt; }
.mac table.head td:first-child { font-weight: 700; text-align: right; color: #555; width: 70pt; }
.shop { font-family: '${font}', 'DejaVu Sans', sans-serif; width: 440pt; margin: 0 auto; font-size: 9.5pt; line-height: 1.4; }
.shop h1 { font-size: 15pt; margin: 10pt 0 6pt; }
.shop p { margin: 0 0 6pt; }
.muted { color: #777; font-size: 8.5pt; }
.shop table { border-collapse: collapse; }
table.facts td { padding: 1.5pt 14pt 1.5pt 0; }
table.facts td.label { color: #666; }
table.items { width: 100%; margin: 10pt 0 4pt; }
table.items th { text-align: left; font-weight: 700; border-bottom: 1px solid #ccc; padding: 3pt 4pt; font-size: 8.5pt; color: #555; }
table.items th.num { text-align: right; }
table.items td { padding: 5pt 4pt; border-bottom: 1px solid #eee; vertical-align: top; }
td.pic { width: 48pt; }
.ph { width: 40pt; height: 40pt; background: #d9d9d9; border: 1px solid #c8c8c8; }
.name { font-weight: 700; }
table.sums { margin: 4pt 0 10pt auto; min-width: 220pt; }
table.sums td { padding: 2pt 4pt; }
table.sums tr.strong td { font-weight: 700; font-size: 11pt; border-top: 1px solid #333; padding-top: 4pt; }
.addrs { display: flex; gap: 30pt; margin-top: 8pt; }
.addr .h, .card .h { font-weight: 700; margin-bottom: 2pt; }
.ship { margin-top: 6pt; }
.foot { margin-top: 14pt; border-top: 1px solid #ddd; padding-top: 6pt; color: #777; font-size: 8pt; text-align: center; }
.foot p { margin: 0 0 3pt; }
.classic .band { background: ${accent}; color: #fff; font-size: 18pt; font-weight: 700; padding: 10pt 14pt; }
.classic .inner { padding: 0 14pt; }
.classic .right { display: flex; justify-content: flex-end; }
.minimal .logo { text-align: center; font-size: 17pt; letter-spacing: 3pt; font-weight: 700; color: ${accent}; margin: 6pt 0; }
.minimal h1 { text-align: center; }
.minimal .centre { text-align: center; }
.minimal table.facts { margin: 6pt auto; }
.cards .logo { font-size: 17pt; font-weight: 700; color: ${accent}; border-bottom: 3px solid ${accent}; padding-bottom: 4pt; }
.cards .card { border: 1px solid #ddd; border-radius: 6pt; padding: 8pt 10pt; margin: 8pt 0; break-inside: avoid; }
.cards .card table.items { margin-top: 0; }
</style></head><body>${clientHtml}${shopHtml}</body></html>`
  const bytes = await printHtml(html)
  const pages = (await PDFDocument.load(bytes)).getPageCount()

  // The truth: the amounts charged, VAT included; the order's date; the number only where the mail names one.
  const lines: FactLine[] = [
    ...items.map((i): FactLine => ({
      text: i.name,
      qty: i.qty,
      price: i.price,
      amount: i.amount,
      rate: vatRate,
    })),
    ...(shipping ? [{ text: w.shipping, qty: 1, price: shipping, amount: shipping, rate: vatRate }] : []),
    ...(discount
      ? [{ text: w.discount(code), qty: 1, price: discount, amount: discount, rate: vatRate }]
      : []),
  ]
  f.lines = lines
  f.vat = [{ rate: vatRate, base: total - vat, vat }]
  f.total = total
  f.net = total - vat
  const omit: CoreProperty[] = [
    ...(numbered ? [] : [5 as const]),
    ...(showId ? [] : [1 as const]),
    ...(payKind === 'klarna' ? [] : [8 as const]),
  ]
  return {
    family: 'own-email-receipt',
    kind: 'receipt',
    seed,
    format: 'pdf',
    bytes,
    pages,
    scanned: false,
    truth: truthOf(f, omit),
    buyerOrgNumber: f.buyerOrg,
    buyerBankAccount: f.buyerAccount,
    variant: `${client},${template},${lang},${market},${clientLang},${dates.name},${font},${payKind}${numbered ? (inFoot ? ',number-in-foot' : ',numbered') : ''}${sentLater ? ',sent-next-day' : ''}${discount ? ',discount' : ''}${showId ? '' : ',no-id'},${pages}p`,
    printed: {
      ...(showId ? { 1: id.value } : {}),
      ...(numbered ? { 5: f.number } : {}),
      6: money(total),
      7: date(orderDay),
      ...(payKind === 'klarna' ? { 8: date(f.dueDate) } : {}),
    },
  }
}

/** The mail client's words. */
const CLIENT: Record<
  ClientLang,
  { webmail: string; messages: string; from: string; sent: string; to: string; subject: string; date: string }
> = {
  nb: {
    webmail: 'Webmail',
    messages: '1 melding',
    from: 'Fra:',
    sent: 'Sendt:',
    to: 'Til:',
    subject: 'Emne:',
    date: 'Dato:',
  },
  en: {
    webmail: 'Webmail',
    messages: '1 message',
    from: 'From:',
    sent: 'Sent:',
    to: 'To:',
    subject: 'Subject:',
    date: 'Date:',
  },
}

/** A CSS string (quotes and backslashes escaped). */
const css = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

const MONEY: Record<Market, MoneyForm[]> = {
  NO: [
    { group: ' ', decimal: ',', code: 'before', symbol: 'kr' },
    { group: ' ', decimal: ',', code: 'after', symbol: 'kr' },
    { group: ' ', decimal: ',', code: 'after' },
  ],
  SE: [
    { group: ' ', decimal: ',', code: 'after', symbol: 'kr' },
    { group: ' ', decimal: ',', code: 'after' },
  ],
  DK: [
    { group: '.', decimal: ',', code: 'after', symbol: 'kr.' },
    { group: '.', decimal: ',', code: 'before' },
  ],
  GB: [{ group: ',', decimal: '.', code: 'before', symbol: '£' }],
  DE: [
    { group: '.', decimal: ',', code: 'after', symbol: '€' },
    { group: '.', decimal: ',', code: 'after' },
  ],
}

function datesOf(lang: Lang, market: Market, r: Rand): { name: string; text: (iso: string) => string } {
  const numeric = (form: 'dmy.' | 'dmy/' | 'dmy-' | 'iso') => ({
    name: form,
    text: (iso: string) => dateText(iso, form),
  })
  switch (lang) {
    case 'nb':
      return pick(r, [numeric('dmy.'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nb') }])
    case 'sv':
      return pick(r, [numeric('iso'), { name: 'long', text: (iso: string) => speltDate(iso, 'sv') }])
    case 'da':
      return pick(r, [
        numeric('dmy-'),
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'da') },
      ])
    case 'de':
      return pick(r, [numeric('dmy.'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'de') }])
    case 'en':
      return market === 'NO'
        ? numeric('dmy.')
        : pick(r, [numeric('dmy/'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en') }])
  }
}
