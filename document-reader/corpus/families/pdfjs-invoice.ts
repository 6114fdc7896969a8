// Family `lib-pdfjs`: invoices laid out with the npm package pdfjs (rkusa's PDF writer, MIT), in its own model
// of cells and tables that flow down the page and break onto the next one by themselves, as a Danish,
// Swedish, Dutch or British software vendor or wholesaler sends them. A header repeated on every page: a band
// with the seller's name and the document's title on the left and a table of the invoice's facts on the
// right (number, date, due date, customer number, order number, references, delivery date), either in the
// seller's colour or plain with ruled rows. Then the seller, the buyer (its Norwegian number) and sometimes a
// delivery address side by side, the lines with item numbers, units, the discount of each line and its VAT
// rate (the amounts after the discount), the totals on the right (sometimes the sum before discounts and the
// discount given, the net, the VAT of each rate on its base, the total; a payment on account, the Swedish
// rounding to whole kronor, the amount to pay), a framed block of payment terms and bank details (the Danish
// registration and account number, the Swedish bankgiro, the British sort code, IBAN and BIC; the Dutch ask
// for the amount by the due date in a sentence), and a footer with the seller's address, registration and
// the page number. Some invoices are exports outside the EU without VAT; some documents are credit notes
// (the invoice they credit, no due date, the amounts negative). Languages: Danish, Swedish, Dutch and
// English (British sellers, and Danish, Swedish and Dutch ones writing in English, some in euros), each with
// its country's amount and date forms; fonts: pdfjs's own Helvetica and Times, or DejaVu Sans, Sans
// Condensed and Serif embedded as subsets.
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as pdf from 'pdfjs'
import helvetica from 'pdfjs/font/Helvetica.js'
import helveticaBold from 'pdfjs/font/Helvetica-Bold.js'
import times from 'pdfjs/font/Times-Roman.js'
import timesBold from 'pdfjs/font/Times-Bold.js'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { openPdf, textLayerWords } from '../../pdf.ts'
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
  type Facts,
  type MoneyForm,
} from './facts.ts'

const require = createRequire(import.meta.url)

type Lang = 'da' | 'sv' | 'nl' | 'en'
type Unit = 'user' | 'month' | 'hour' | 'piece' | 'box' | 'day' | 'roll'
type Trade = 'software' | 'wholesale'

interface Words {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  customerNo: string
  orderNo: string
  yourRef: string
  ourRef: string
  delivery: string
  seller: string
  billTo: string
  shipTo: string
  buyerVat: string
  head: [string, string, string, string, string, string, string, string]
  units: Record<Unit, string>
  gross: string
  discount: string
  net: string
  vat: (rate: number, base: string) => string
  exportNote: string
  total: string
  prepaid: string
  rounding: string
  toPay: string
  creditTotal: string
  terms: string
  days: (n: number) => string
  payBy: (amount: string, date: string, to: string) => string
  quote: string
  credits: (n: string) => string
  creditNote: string
  bank: string
  thanks: string
  page: (n: number, of: number) => string
  phone: string
}

const WORDS: Record<Lang, Words> = {
  da: {
    title: 'FAKTURA',
    creditTitle: 'KREDITNOTA',
    number: 'Fakturanr.',
    creditNumber: 'Kreditnotanr.',
    date: 'Fakturadato',
    due: 'Forfaldsdato',
    customerNo: 'Kundenr.',
    orderNo: 'Ordrenr.',
    yourRef: 'Jeres ref.',
    ourRef: 'Vores ref.',
    delivery: 'Leveringsdato',
    seller: 'Leverandør',
    billTo: 'Faktureres til',
    shipTo: 'Leveringsadresse',
    buyerVat: 'Org.nr.',
    head: ['Varenr.', 'Beskrivelse', 'Antal', 'Enhed', 'Stk.pris', 'Rabat', 'Moms', 'Beløb'],
    units: {
      user: 'bruger',
      month: 'md.',
      hour: 'timer',
      piece: 'stk.',
      box: 'kasse',
      day: 'dag',
      roll: 'rulle',
    },
    gross: 'Varer i alt før rabat',
    discount: 'Rabat i alt',
    net: 'Subtotal ekskl. moms',
    vat: (rate, base) => `Moms ${rate} % af ${base}`,
    exportNote: 'Momsfri eksport til land uden for EU (momslovens § 34).',
    total: 'Total inkl. moms',
    prepaid: 'Betalt a conto',
    rounding: 'Afrunding',
    toPay: 'At betale',
    creditTotal: 'Krediteret i alt',
    terms: 'Betalingsbetingelser',
    days: (n) => `Netto ${n} dage`,
    payBy: (a, d, to) => `Beløbet ${a} bedes indbetalt senest ${d} på ${to}.`,
    quote: 'Angiv venligst fakturanummeret ved betaling.',
    credits: (n) => `Kreditnotaen vedrører faktura ${n}.`,
    creditNote: 'Beløbet modregnes i næste faktura eller tilbagebetales efter aftale.',
    bank: 'Bankoplysninger',
    thanks: 'Tak for handlen!',
    page: (n, of) => `Side ${n} af ${of}`,
    phone: 'Tlf.',
  },
  sv: {
    title: 'FAKTURA',
    creditTitle: 'KREDITFAKTURA',
    number: 'Fakturanr',
    creditNumber: 'Kreditfakturanr',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnr',
    orderNo: 'Ordernr',
    yourRef: 'Er referens',
    ourRef: 'Vår referens',
    delivery: 'Leveransdatum',
    seller: 'Leverantör',
    billTo: 'Fakturaadress',
    shipTo: 'Leveransadress',
    buyerVat: 'Org.nr',
    head: ['Art.nr', 'Benämning', 'Antal', 'Enhet', 'À-pris', 'Rabatt', 'Moms', 'Belopp'],
    units: { user: 'anv.', month: 'mån', hour: 'tim', piece: 'st', box: 'kart', day: 'dag', roll: 'rulle' },
    gross: 'Varuvärde före rabatt',
    discount: 'Rabatt',
    net: 'Summa exkl. moms',
    vat: (rate, base) => `Moms ${rate} % på ${base}`,
    exportNote: 'Export utanför EU, momsfri försäljning (3 kap. 30 a § ML).',
    total: 'Summa inkl. moms',
    prepaid: 'Inbetalt i förskott',
    rounding: 'Öresavrundning',
    toPay: 'Att betala',
    creditTotal: 'Krediterat belopp',
    terms: 'Betalningsvillkor',
    days: (n) => `${n} dagar netto`,
    payBy: (a, d, to) => `Vänligen betala ${a} senast ${d} till ${to}.`,
    quote: 'Ange fakturanumret vid betalning.',
    credits: (n) => `Krediteringen avser faktura ${n}.`,
    creditNote: 'Beloppet avräknas mot nästa faktura eller återbetalas enligt överenskommelse.',
    bank: 'Betalningsuppgifter',
    thanks: 'Tack för din beställning!',
    page: (n, of) => `Sida ${n} av ${of}`,
    phone: 'Tel.',
  },
  nl: {
    title: 'FACTUUR',
    creditTitle: 'CREDITFACTUUR',
    number: 'Factuurnummer',
    creditNumber: 'Creditnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    customerNo: 'Klantnummer',
    orderNo: 'Ordernummer',
    yourRef: 'Uw referentie',
    ourRef: 'Onze referentie',
    delivery: 'Leverdatum',
    seller: 'Leverancier',
    billTo: 'Factuuradres',
    shipTo: 'Afleveradres',
    buyerVat: 'Org.nr.',
    head: ['Art.nr.', 'Omschrijving', 'Aantal', 'Eenheid', 'Prijs', 'Korting', 'Btw', 'Bedrag'],
    units: { user: 'gebr.', month: 'mnd.', hour: 'uur', piece: 'st.', box: 'doos', day: 'dag', roll: 'rol' },
    gross: 'Totaal vóór korting',
    discount: 'Korting',
    net: 'Subtotaal excl. btw',
    vat: (rate, base) => `Btw ${rate}% over ${base}`,
    exportNote: 'Uitvoer buiten de EU, 0% btw (art. 9 lid 2 Wet OB).',
    total: 'Totaal incl. btw',
    prepaid: 'Reeds betaald',
    rounding: 'Afronding',
    toPay: 'Te betalen',
    creditTotal: 'Totaal credit',
    terms: 'Betalingstermijn',
    days: (n) => `${n} dagen`,
    payBy: (a, d, to) =>
      `Wij verzoeken u het bedrag van ${a} vóór ${d} over te maken op ${to}, onder vermelding van het factuurnummer.`,
    quote: 'Vermeld bij betaling altijd het factuurnummer.',
    credits: (n) => `Deze creditfactuur heeft betrekking op factuur ${n}.`,
    creditNote: 'Het bedrag wordt verrekend met de volgende factuur of teruggestort.',
    bank: 'Betaalgegevens',
    thanks: 'Bedankt voor uw bestelling!',
    page: (n, of) => `Pagina ${n} van ${of}`,
    phone: 'Tel.',
  },
  en: {
    title: 'INVOICE',
    creditTitle: 'CREDIT NOTE',
    number: 'Invoice No.',
    creditNumber: 'Credit Note No.',
    date: 'Invoice Date',
    due: 'Due Date',
    customerNo: 'Customer No.',
    orderNo: 'Order No.',
    yourRef: 'Your Ref.',
    ourRef: 'Our Ref.',
    delivery: 'Delivery Date',
    seller: 'Supplier',
    billTo: 'Invoice To',
    shipTo: 'Deliver To',
    buyerVat: 'Org. No.',
    head: ['Item', 'Description', 'Qty', 'Unit', 'Unit Price', 'Disc.', 'VAT', 'Amount'],
    units: { user: 'user', month: 'month', hour: 'hrs', piece: 'pcs', box: 'box', day: 'day', roll: 'roll' },
    gross: 'Goods before discount',
    discount: 'Discount',
    net: 'Net Total',
    vat: (rate, base) => `VAT ${rate}% on ${base}`,
    exportNote: 'Export of goods and services outside the EU/UK, zero-rated for VAT.',
    total: 'Total incl. VAT',
    prepaid: 'Paid on account',
    rounding: 'Rounding',
    toPay: 'Amount Due',
    creditTotal: 'Total Credit',
    terms: 'Payment Terms',
    days: (n) => `${n} days net`,
    payBy: (a, d, to) => `Please pay ${a} by ${d} to ${to}.`,
    quote: 'Please quote the invoice number with your payment.',
    credits: (n) => `This credit note refers to invoice ${n}.`,
    creditNote: 'The amount will be offset against your next invoice or refunded on request.',
    bank: 'Bank Details',
    thanks: 'Thank you for your business.',
    page: (n, of) => `Page ${n} of ${of}`,
    phone: 'Tel.',
  },
}

interface Item {
  text: Record<Lang, string>
  unit: Unit
  /** Food, sold at the country's reduced rate. */
  reduced?: boolean
  /** Quantity and unit price (whole currency units) ranges. */
  qty: [number, number]
  price: [number, number]
}

const item = (
  en: string,
  da: string,
  sv: string,
  nl: string,
  unit: Unit,
  qty: [number, number],
  price: [number, number],
): Item => ({
  text: { en, da, sv, nl },
  unit,
  qty,
  price,
})

const CATALOGUE: Record<Trade, Item[]> = {
  software: [
    item(
      'Licence Professional, 12 months',
      'Licens Professional, 12 mdr.',
      'Licens Professional, 12 mån',
      'Licentie Professional, 12 maanden',
      'user',
      [1, 25],
      [600, 4800],
    ),
    item(
      'Licence Standard, monthly',
      'Licens Standard, månedlig',
      'Licens Standard, månadsvis',
      'Licentie Standard, per maand',
      'user',
      [2, 40],
      [90, 450],
    ),
    item(
      'Support and maintenance',
      'Support og vedligehold',
      'Support och underhåll',
      'Support en onderhoud',
      'month',
      [1, 12],
      [400, 3500],
    ),
    item(
      'Implementation consultancy',
      'Implementeringskonsulent',
      'Implementeringskonsult',
      'Implementatieadvies',
      'hour',
      [2, 40],
      [650, 1450],
    ),
    item(
      'Training course, 1 day',
      'Kursus, 1 dag',
      'Utbildning, 1 dag',
      'Training, 1 dag',
      'day',
      [1, 4],
      [3500, 9500],
    ),
    item(
      'Cloud storage 1 TB',
      'Cloud-lagring 1 TB',
      'Molnlagring 1 TB',
      'Cloudopslag 1 TB',
      'month',
      [1, 12],
      [80, 400],
    ),
    item(
      'Integration module, API',
      'Integrationsmodul, API',
      'Integrationsmodul, API',
      'Koppelingsmodule, API',
      'month',
      [1, 12],
      [250, 1200],
    ),
    item('Data migration', 'Datamigrering', 'Datamigrering', 'Datamigratie', 'hour', [2, 16], [700, 1300]),
  ],
  wholesale: [
    item(
      'Cable ties 200 mm (100 pcs)',
      'Kabelbindere 200 mm (100 stk.)',
      'Buntband 200 mm (100 st)',
      'Kabelbinders 200 mm (100 st.)',
      'box',
      [2, 40],
      [25, 90],
    ),
    item(
      'LED panel 60x60, 36 W',
      'LED-panel 60x60, 36 W',
      'LED-panel 60x60, 36 W',
      'LED-paneel 60x60, 36 W',
      'piece',
      [2, 30],
      [180, 650],
    ),
    item(
      'Copy paper A4 80 g',
      'Kopipapir A4 80 g',
      'Kopieringspapper A4 80 g',
      'Kopieerpapier A4 80 g',
      'box',
      [1, 25],
      [180, 420],
    ),
    item(
      'Work gloves, size 9',
      'Arbejdshandsker str. 9',
      'Arbetshandskar stl. 9',
      'Werkhandschoenen maat 9',
      'piece',
      [6, 60],
      [15, 85],
    ),
    item(
      'Extension cord 10 m',
      'Forlængerledning 10 m',
      'Förlängningssladd 10 m',
      'Verlengsnoer 10 m',
      'piece',
      [1, 20],
      [90, 320],
    ),
    item(
      'Stretch film 500 mm',
      'Strækfilm 500 mm',
      'Sträckfilm 500 mm',
      'Rekfolie 500 mm',
      'roll',
      [2, 24],
      [60, 180],
    ),
    item(
      'Screws 4x40, zinc (200 pcs)',
      'Skruer 4x40, forzinket (200 stk.)',
      'Skruv 4x40, förzinkad (200 st)',
      'Schroeven 4x40, verzinkt (200 st.)',
      'box',
      [2, 30],
      [45, 140],
    ),
    item(
      'Safety goggles, clear',
      'Sikkerhedsbriller, klare',
      'Skyddsglasögon, klara',
      'Veiligheidsbril, helder',
      'piece',
      [2, 40],
      [30, 160],
    ),
    item(
      'Cleaning agent 5 l',
      'Rengøringsmiddel 5 l',
      'Rengöringsmedel 5 l',
      'Reinigingsmiddel 5 l',
      'piece',
      [1, 20],
      [70, 260],
    ),
  ],
}
const FREIGHT: Record<Lang, string> = {
  en: 'Freight and handling',
  da: 'Fragt og ekspedition',
  sv: 'Frakt och expedition',
  nl: 'Verzend- en handlingskosten',
}

/** The sellers, by trade and country. */
const SELLERS: Record<Trade, Record<'DK' | 'SE' | 'NL' | 'GB', string[]>> = {
  software: {
    DK: ['Kodehuset ApS', 'Aarhus Cloud A/S', 'Datalogik ApS'],
    SE: ['Molnkraft AB', 'Affärsdata Norden AB', 'Kodverket AB'],
    NL: ['Cloudwerk B.V.', 'Datavorm Software B.V.', 'Polder IT B.V.'],
    GB: ['Kestrel Software Ltd', 'Cloudbridge Systems Ltd', 'Northgate Apps Ltd'],
  },
  wholesale: {
    DK: ['Fyns Engros A/S', 'Jysk Industrilager ApS', 'Nordisk Værktøjsgrossist A/S'],
    SE: ['Västsvenska Grossisten AB', 'Industrilagret i Jönköping AB', 'Norrlands Partihandel AB'],
    NL: ['Groothandel Van Dijk B.V.', 'Technische Handel Brabant B.V.', 'Magazijn Noord B.V.'],
    GB: ['Midlands Trade Supplies Ltd', 'Severn Industrial Wholesale Ltd', 'Pennine Supply Co. Ltd'],
  },
}

const STANDARD_RATE: Partial<Record<Facts['country'], number>> = { DK: 25, SE: 25, NL: 21, GB: 20 }
/** The rate on food: Denmark has none but the standard one, British coffee and tea are zero-rated. */
const FOOD_RATE: Partial<Record<Facts['country'], number>> = { DK: 25, SE: 12, NL: 9, GB: 0 }

const TAGLINES: Record<Trade, Record<Lang, string>> = {
  software: {
    en: 'Business software and cloud services',
    da: 'Forretningssoftware og cloud-løsninger',
    sv: 'Affärssystem och molntjänster',
    nl: 'Bedrijfssoftware en clouddiensten',
  },
  wholesale: {
    en: 'Wholesale supplies for trade and industry',
    da: 'Engroshandel for erhverv og industri',
    sv: 'Grossist för handel och industri',
    nl: 'Groothandel voor bedrijf en industrie',
  },
}

const PEOPLE: Record<Lang, string[]> = {
  da: ['Mette Holm', 'Lars Jensen', 'Sofie Nielsen'],
  sv: ['Anna Svensson', 'Erik Lindqvist', 'Maria Nilsson'],
  nl: ['Sanne de Vries', 'Jeroen Bakker', 'Lotte Jansen'],
  en: ['James Carter', 'Emma Walsh', 'Oliver Grant'],
}
const BUYER_CONTACTS = ['Kari Nordmann', 'Ola Hansen', 'Ingrid Moe', 'Per Olsen']

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const ttf = (file: string) => new pdf.Font(readFileSync(path.join(DEJAVU, file)))
const FONTS: Record<string, () => [pdf.Font, pdf.Font]> = {
  Helvetica: () => [helvetica, helveticaBold],
  Times: () => [times, timesBold],
  DejaVuSans: () => [ttf('DejaVuSans.ttf'), ttf('DejaVuSans-Bold.ttf')],
  DejaVuSansCondensed: () => [ttf('DejaVuSansCondensed.ttf'), ttf('DejaVuSansCondensed-Bold.ttf')],
  DejaVuSerif: () => [ttf('DejaVuSerif.ttf'), ttf('DejaVuSerif-Bold.ttf')],
}

/** Banks by the code in their IBAN (Dutch and British) or by their BIC (Danish and Swedish). */
const BANKS: Record<string, { name: string; bic?: string }> = {
  ABNA: { name: 'ABN AMRO', bic: 'ABNANL2A' },
  INGB: { name: 'ING Bank', bic: 'INGBNL2A' },
  RABO: { name: 'Rabobank', bic: 'RABONL2U' },
  NWBK: { name: 'NatWest', bic: 'NWBKGB2L' },
  BARC: { name: 'Barclays', bic: 'BARCGB22' },
  LOYD: { name: 'Lloyds Bank', bic: 'LOYDGB2L' },
  DABADKKK: { name: 'Danske Bank' },
  NDEADKKK: { name: 'Nordea Danmark' },
  HANDSESS: { name: 'Handelsbanken' },
  ESSESESS: { name: 'SEB' },
}

/** A colour as pdfjs takes it (0xRRGGBB). */
const hex = (c: string) => parseInt(c.slice(1), 16)

export async function generatePdfjs(seed: number): Promise<CorpusDocument> {
  const first = await layOut(seed, false)
  if (!(await closingTorn(first))) return first.doc
  return (await layOut(seed, true)).doc
}

interface LaidOut {
  doc: CorpusDocument
  /** The first words of the totals and the last of the payment block, which must share a page. */
  closing: [string, string]
}

/** Whether the totals and the payment block's end stand on different pages. */
async function closingTorn({ doc, closing }: LaidOut): Promise<boolean> {
  if (doc.pages === 1) return false
  const pdf = await openPdf(doc.bytes)
  try {
    const pageOf: number[] = []
    for (let p = 1; p <= pdf.numPages; p++) {
      const text = (await textLayerWords(pdf, p)).Words.map((w) => w.Text).join(' ')
      closing.forEach((words, i) => {
        if (text.includes(words)) pageOf[i] = p
      })
    }
    return pageOf[0] !== pageOf[1]
  } finally {
    await pdf.destroy()
  }
}

/** The invoice of a seed; `breakBeforeTotals` starts the totals on a page of their own. */
async function layOut(seed: number, breakBeforeTotals: boolean): Promise<LaidOut> {
  // The country, language, trade and length drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 2701)
  const [country, lang] = pick(spread, [
    ['DK', 'da'],
    ['DK', 'da'],
    ['SE', 'sv'],
    ['SE', 'sv'],
    ['NL', 'nl'],
    ['NL', 'nl'],
    ['GB', 'en'],
    ['GB', 'en'],
    ['DK', 'en'],
    ['SE', 'en'],
    ['NL', 'en'],
  ] as const)
  const trade: Trade = pick(spread, ['software', 'wholesale'])
  const { facts: f, r } = makeFacts(seed, 2701, {
    country,
    lines: pick(spread, [
      [1, 4],
      [2, 7],
      [4, 12],
      [10, 24],
    ] as [number, number][]),
  })
  const w = WORDS[lang]
  f.supplier = pick(r, SELLERS[trade][country])
  // Some English invoices of Danish and Swedish sellers are in euros; the catalogue's prices are in kroner.
  if (lang === 'en' && (country === 'DK' || country === 'SE') && r() < 0.35) f.currency = 'EUR'
  const scale = f.currency === 'EUR' || f.currency === 'GBP' ? 0.12 : 1

  // The lines: the trade's items, each with its quantity, price and discount; VAT at the rate of the item
  // (the standard rate for software), none on an export.
  const exported = r() < 0.2
  const discounts = r() < 0.7
  const standard = STANDARD_RATE[country]!
  const catalogue = CATALOGUE[trade]
  const start = int(r, 0, catalogue.length - 1)
  const freight = trade === 'wholesale' && r() < 0.5
  const rows = f.lines.map((_, i) => {
    const it = catalogue[(start + i * 3) % catalogue.length]!
    const qty = int(r, ...it.qty)
    const price = Math.max(50, Math.round(int(r, it.price[0] * 20, it.price[1] * 20) * 5 * scale))
    const discount = discounts ? pick(r, [0, 0, 0, 5, 10, 10, 15, 20, 25]) : 0
    const rate = exported ? 0 : it.reduced ? FOOD_RATE[country]! : standard
    return {
      art:
        trade === 'software'
          ? `SW-${100 + ((Number(f.customerNo) + i * 37) % 900)}`
          : String(10000 + ((Number(f.customerNo) * 3 + i * 577) % 89999)),
      text: it.text[lang],
      unit: w.units[it.unit],
      qty,
      price,
      discount,
      rate,
      amount: Math.round((qty * price * (100 - discount)) / 100),
    }
  })
  if (freight) {
    const price = Math.round(int(r, 95, 695) * 100 * scale)
    rows.push({
      art: 'FRT',
      text: FREIGHT[lang],
      unit: w.units.piece,
      qty: 1,
      price,
      discount: 0,
      rate: exported ? 0 : standard,
      amount: price,
    })
  }
  f.lines = rows.map((row) => ({
    text: row.text,
    qty: row.qty,
    price: row.price,
    amount: row.amount,
    rate: row.rate,
  }))
  resum(f)
  const before = rows.reduce((s, row) => s + row.qty * row.price, 0)

  const credit = r() < 0.1
  const sign = credit ? -1 : 1
  // What is to pay: the total less a payment on account, or rounded to whole kronor (Swedish invoices).
  const gross = f.total
  const rounding =
    !credit && country === 'SE' && f.currency === 'SEK' && r() < 0.5
      ? Math.round(gross / 100) * 100 - gross
      : 0
  const share = !credit && r() < 0.12 ? int(r, 20, 50) : 0
  const prepaid = Math.floor((gross * share) / 100 / 10000) * 10000
  f.total = gross + rounding - prepaid

  const form: MoneyForm =
    lang === 'en' && country !== 'GB' && r() < 0.3
      ? pick(r, MONEY_FORMS[country === 'SE' ? 'sv' : country === 'DK' ? 'da' : 'nl']!)
      : pick(r, MONEY_FORMS[lang]!)
  const plain = (c: number) => moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const money = (c: number) =>
    moneyText(sign * c, f.currency, form.code === 'none' ? { ...form, code: 'after' } : form)
  const dates = dateForm(lang, country, r)
  const date = dates.text
  const sid = supplierIdText(f, r)
  const id = lang === 'en' ? { label: country === 'GB' ? 'VAT Reg. No.' : 'VAT No.', value: sid.value } : sid
  const pay = paymentTexts(f, r)
  const fontName = pick(r, [
    'Helvetica',
    'Helvetica',
    'Times',
    'DejaVuSans',
    'DejaVuSansCondensed',
    'DejaVuSerif',
  ])
  const [regular, bold] = FONTS[fontName]!()
  const size = pick(r, [8, 8.5, 9, 9.5])
  const accent = pick(r, ['#1d4e89', '#0b6e4f', '#8c2f39', '#3c3c3c', '#5b3f8c', '#b85c00'])
  const light = pick(r, [0xf1f4f8, 0xf3f3f3, 0xf6f2ea])
  const band = r() < 0.55
  const zebra = r() < 0.5
  const contact = pick(r, PEOPLE[lang])
  const credited = String(int(r, 1000, 999999))
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  const phone = phoneOf(country, r)
  const domain = domainOf(f.supplier, country)
  const email = `${pick(r, lang === 'en' ? ['accounts', 'billing', 'invoices'] : lang === 'nl' ? ['facturen', 'administratie'] : lang === 'sv' ? ['faktura', 'ekonomi'] : ['faktura', 'bogholderi'])}@${domain}`

  // The seller's own numbers: the Swedish organisation number and F-skatt, the Dutch chamber of commerce,
  // the British company number.
  const register =
    country === 'SE'
      ? `Org.nr ${f.supplierId.slice(2, 8)}-${f.supplierId.slice(8, 12)} · ${lang === 'en' ? 'Approved for F-tax' : 'Godkänd för F-skatt'}`
      : country === 'NL'
        ? `KvK ${int(r, 10_000_000, 99_999_999)}`
        : country === 'GB'
          ? `Registered in England and Wales No. ${String(int(r, 1_000_000, 13_999_999)).padStart(8, '0')}`
          : `CVR ${f.supplierId.slice(2)}`
  // The national account beside the IBAN: Danish registration and account number, a Swedish bankgiro,
  // a British sort code and account number, all read from the IBAN but the bankgiro.
  const iban = f.iban!
  const national: [string, string][] =
    country === 'DK'
      ? [
          [
            lang === 'en' ? 'Reg. no. / Account' : 'Reg.nr. / Kontonr.',
            `${iban.slice(4, 8)} ${iban.slice(8)}`,
          ],
        ]
      : country === 'SE'
        ? [['Bankgiro', `${int(r, 100, 9999)}-${String(int(r, 0, 9999)).padStart(4, '0')}`]]
        : country === 'GB'
          ? [
              ['Sort code', `${iban.slice(8, 10)}-${iban.slice(10, 12)}-${iban.slice(12, 14)}`],
              ['Account', iban.slice(14)],
            ]
          : []
  // The bank by its code in the IBAN (Dutch and British) or by its BIC; the BIC the bank's own.
  const bank = BANKS[country === 'NL' || country === 'GB' ? iban.slice(4, 8) : f.bic!]!
  pay.bic = bank.bic ?? pay.bic
  const bankName = bank.name

  const fixed = new Date('2026-01-01T00:00:00Z')
  const doc = new pdf.Document({
    font: regular,
    fontSize: size,
    lineHeight: 1.25,
    paddingTop: 36,
    paddingBottom: 40,
    paddingLeft: 42,
    paddingRight: 42,
    properties: {
      title: `${credit ? w.creditTitle : w.title} ${f.number}`,
      author: f.supplier,
      creator: f.supplier,
      creationDate: fixed,
    },
  })
  // The document's identifier, pdfjs's random UUID otherwise, fixed so that a seed always gives the same bytes.
  doc.info.id = `lib-pdfjs-${seed}`

  // The footer on every page (pdfjs takes the header and footer before the first content).
  const footer = doc.footer()
  footer
    .cell({ borderTopWidth: 0.5, borderTopColor: 0x999999, paddingTop: 4 })
    .text([f.supplier, `${f.street}, ${f.place}`, `${id.label} ${id.value}`, register].join(' · '), {
      fontSize: size - 2,
      color: 0x444444,
    })
  footer.pageNumber((n, of) => w.page(n, of), { fontSize: size - 2, color: 0x444444, textAlign: 'right' })

  // The header on every page: the name and title on the left, the facts on the right.
  const facts: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, date(f.dueDate)] as [string, string]]),
    [w.customerNo, f.customerNo],
    ...(r() < 0.6 ? [[w.orderNo, f.orderNo] as [string, string]] : []),
    ...(r() < 0.5 ? [[w.yourRef, pick(r, BUYER_CONTACTS)] as [string, string]] : []),
    [w.ourRef, contact],
    ...(r() < 0.4 ? [[w.delivery, date(addDays(f.invoiceDate, -int(r, 0, 8)))] as [string, string]] : []),
  ]
  const header = doc.header()
  const head = header.table({ widths: [null, 215] }).row()
  const title = credit ? w.creditTitle : w.title
  if (band) {
    const left = head.cell({ backgroundColor: hex(accent), padding: 12, minHeight: 96 })
    left.text(f.supplier, { font: bold, fontSize: size + 5, color: 0xffffff })
    left.text(TAGLINES[trade][lang], { fontSize: size - 1, color: 0xffffff })
    left.cell({ paddingTop: 16 }).text(title, { font: bold, fontSize: size + 12, color: 0xffffff })
    const right = head.cell({ backgroundColor: light, padding: 8, minHeight: 96 })
    const table = right.table({ widths: [92, null] })
    for (const [label, value] of facts) {
      const row = table.row()
      row.cell(label, { paddingTop: 1.5, paddingBottom: 1.5, color: 0x555555 })
      row.cell(value, {
        paddingTop: 1.5,
        paddingBottom: 1.5,
        textAlign: 'right',
        font: label === facts[0]![0] ? bold : regular,
      })
    }
  } else {
    const left = head.cell({ paddingRight: 12 })
    left.text(title, { font: bold, fontSize: size + 13, color: hex(accent) })
    left.cell({ paddingTop: 6 }).text(f.supplier, { font: bold, fontSize: size + 2 })
    left.text(TAGLINES[trade][lang], { fontSize: size - 1, color: 0x555555 })
    const table = head.cell().table({
      widths: [92, null],
      borderHorizontalWidth: 0.5,
      borderHorizontalColor: 0xbbbbbb,
      borderVerticalWidths: [0.5, 0, 0.5],
      borderVerticalColor: 0xbbbbbb,
    })
    for (const [label, value] of facts) {
      const row = table.row()
      row.cell(label, { padding: 3, backgroundColor: light, color: 0x444444 })
      row.cell(value, { padding: 3, textAlign: 'right', font: label === facts[0]![0] ? bold : regular })
    }
  }

  header.cell({ minHeight: 14 })

  // The seller, the buyer and sometimes where the goods go.
  const shipTo = trade === 'wholesale' && r() < 0.5
  const parties = doc.table({ widths: shipTo ? [null, null, null] : [null, null], paddingBottom: 14 }).row()
  const party = (caption: string, lines: string[], strong: string) => {
    const cell = parties.cell({ paddingRight: 10 })
    cell.text(caption.toUpperCase(), { font: bold, fontSize: size - 1.5, color: hex(accent) })
    cell.text(strong, { font: bold })
    for (const line of lines) cell.text(line)
  }
  party(w.seller, [f.street, f.place, `${id.label} ${id.value}`, `${w.phone} ${phone}`, email], f.supplier)
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  party(
    w.billTo,
    [
      ...(r() < 0.5 ? [`Att. ${pick(r, BUYER_CONTACTS)}`] : []),
      buyerStreet,
      buyerPlace,
      lang === 'en' ? 'Norway' : lang === 'nl' ? 'Noorwegen' : lang === 'sv' ? 'Norge' : 'Norge',
      `${w.buyerVat} ${pick(r, [`NO ${formatOrgNumber(f.buyerOrg)} MVA`, formatOrgNumber(f.buyerOrg)])}`,
    ],
    f.buyer,
  )
  if (shipTo)
    party(
      w.shipTo,
      [
        lang === 'en'
          ? 'Goods reception'
          : lang === 'nl'
            ? 'Goederenontvangst'
            : lang === 'sv'
              ? 'Godsmottagning'
              : 'Varemodtagelse',
        pick(
          r,
          STREETS.filter((s) => s !== buyerStreet),
        ),
        pick(r, PLACES),
      ],
      f.buyer,
    )

  if (credit) doc.cell({ paddingBottom: 10 }).text(w.credits(credited), { font: bold })

  // The lines; the head repeats on a new page.
  doc.cell({ minHeight: 4 })
  const withDiscount = rows.some((row) => row.discount > 0)
  const widths = withDiscount ? [52, null, 38, 50, 62, 46, 44, 70] : [52, null, 40, 50, 66, 46, 74]
  const lines = doc.table({
    // pdfjs writes the widths it computes into the array it is given.
    widths: [...widths],
    borderHorizontalWidths: (i) => (i === 0 ? 0 : i === 1 ? 1 : zebra ? 0 : 0.3),
    borderHorizontalColors: (i) => (i === 1 ? hex(accent) : 0xcccccc),
  })
  const columns = withDiscount ? [0, 1, 2, 3, 4, 5, 6, 7] : [0, 1, 2, 3, 4, 6, 7]
  const numeric = (c: number) => c === 2 || c >= 4
  const th = lines.header(band ? { font: bold, backgroundColor: light } : { font: bold })
  for (const c of columns) th.cell(w.head[c]!, { padding: 3.5, textAlign: numeric(c) ? 'right' : 'left' })
  rows.forEach((row, i) => {
    const tr = lines.row(zebra && i % 2 === 1 ? { backgroundColor: light } : {})
    const cells: Record<number, string> = {
      0: row.art,
      1: row.text,
      2: String(row.qty),
      3: row.unit,
      4: plain(row.price).replace(/^-/, ''),
      5: row.discount ? `${row.discount} %` : '',
      6: `${row.rate} %`,
      7: plain(row.amount),
    }
    for (const c of columns) tr.cell(cells[c]!, { padding: 3.5, textAlign: numeric(c) ? 'right' : 'left' })
  })

  // The totals on the right, a note on the left.
  const totals: [string, string, boolean][] = [
    ...(withDiscount && r() < 0.5
      ? [
          [w.gross, plain(before), false] as [string, string, boolean],
          [w.discount, plain(f.net - before), false] as [string, string, boolean],
        ]
      : []),
    [w.net, plain(f.net), false],
    ...f.vat.map((v): [string, string, boolean] => [w.vat(v.rate, plain(v.base)), plain(v.vat), false]),
    [w.total, prepaid || rounding ? plain(gross) : money(gross), !prepaid && !rounding],
    ...(rounding ? [[w.rounding, plain(rounding), false] as [string, string, boolean]] : []),
    ...(prepaid ? [[w.prepaid, plain(-prepaid), false] as [string, string, boolean]] : []),
  ]
  const toPayText = money(f.total)
  if (prepaid || rounding) totals.push([w.toPay, toPayText, true])
  else if (credit) totals[totals.length - 1]![0] = w.creditTotal
  const thanks = !credit && r() < 0.5
  const payTo = `IBAN ${pay.iban}`
  const payToText = lang === 'nl' || r() < 0.5 ? payTo : `${bankName}, IBAN ${pay.iban}`
  const payBy = lang === 'nl' || r() < 0.4
  const terms = credit
    ? [w.creditNote]
    : [
        `${w.days(days)}. ${w.due}: ${date(f.dueDate)}`,
        ...(payBy ? [w.payBy(toPayText, date(f.dueDate), payToText)] : []),
        w.quote,
      ]

  // pdfjs breaks the lines' table between rows by itself; the totals and the framed payment block are kept
  // together on a new page when the last one has no room for them.
  if (breakBeforeTotals) doc.pageBreak()

  // The totals: a table of their own beside the note, each row whole on its page.
  const notes = [...(exported ? [w.exportNote] : []), ...(thanks ? [w.thanks] : [])]
  doc.cell({ minHeight: 6 })
  const sums = doc.table({ widths: [null, 158, 92] })
  totals.forEach(([label, value, strong], i) => {
    const tr = sums.row()
    const colour = strong && band ? 0xffffff : 0x000000
    const fill = strong ? { backgroundColor: band ? hex(accent) : light } : {}
    const pad = strong ? 4 : 2.5
    const note = tr.cell({ paddingRight: 14, paddingTop: pad })
    if (notes[i]) note.text(notes[i], { fontSize: size - 0.5, color: 0x444444 })
    tr.cell(label, { ...fill, padding: pad, font: strong ? bold : regular, color: colour })
    tr.cell(value, {
      ...fill,
      padding: pad,
      font: strong ? bold : regular,
      textAlign: 'right',
      color: colour,
    })
  })

  // The terms and the bank in a frame: a table whose rows pair the terms' sentences with the bank's rows.
  const bankRows: [string, string][] = [
    ['Bank', bankName],
    ...national,
    ['IBAN', pay.iban!],
    ['BIC', pay.bic!],
  ]
  doc.cell({ minHeight: 14 })
  const frame = doc.table({
    widths: [null, 92, 168],
    borderHorizontalWidths: (i) => (i === 1 ? 0 : 0.6),
    borderHorizontalColor: hex(accent),
    borderVerticalWidths: [0.6, 0, 0, 0.6],
    borderVerticalColor: hex(accent),
  })
  const heading = frame.row()
  heading.cell(credit ? w.creditTitle : w.terms, {
    font: bold,
    color: hex(accent),
    padding: 8,
    paddingBottom: 2,
  })
  heading.cell(w.bank, { font: bold, color: hex(accent), colspan: 2, padding: 8, paddingBottom: 2 })
  // The terms' sentences in one cell, the bank's labels and values line by line in the two beside it;
  // pdfjs ends a cell when the next one starts, so each is filled before the next.
  const content = frame.row()
  const pad = { paddingLeft: 8, paddingRight: 8, paddingTop: 1, paddingBottom: 8 }
  const termsCell = content.cell({ ...pad, paddingRight: 14 })
  for (const line of terms) termsCell.text(line)
  const labelCell = content.cell(pad)
  for (const [label] of bankRows) labelCell.text(label, { color: 0x555555 })
  const valueCell = content.cell(pad)
  for (const [, value] of bankRows) valueCell.text(value)

  const bytes = fixedFontTimes(new Uint8Array(await doc.asBuffer()))
  const closing: [string, string] = [totals[0]![0], pay.bic!]
  const laidOut = textPdfDocument({
    family: 'lib-pdfjs',
    kind: 'library',
    seed,
    bytes,
    pages: pageCount(bytes),
    facts: f,
    variant: `${trade},${lang},${f.country},${f.currency},${dates.name},${fontName},${band ? 'band' : 'plain'}${zebra ? ',zebra' : ''}${withDiscount ? ',discounts' : ''}${exported ? ',export' : ''}${credit ? ',credit' : ''}${prepaid ? ',prepaid' : ''}${rounding ? ',rounded' : ''}`,
    id: id.value,
    pay,
    total: toPayText,
    date,
    credit,
  })
  return { doc: laidOut, closing }
}

function dateForm(
  lang: Lang,
  country: Facts['country'],
  r: Rand,
): { name: string; text: (iso: string) => string } {
  const numeric = (form: 'dmy.' | 'dmy/' | 'dmy-' | 'iso') => ({
    name: form,
    text: (iso: string) => dateText(iso, form),
  })
  switch (lang) {
    case 'da':
      return pick(r, [
        numeric('dmy-'),
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'da') },
      ])
    case 'sv':
      return pick(r, [
        numeric('iso'),
        numeric('iso'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'sv') },
      ])
    case 'nl':
      return pick(r, [
        numeric('dmy-'),
        numeric('dmy-'),
        { name: 'long', text: (iso: string) => dateText(iso, 'long', 'nl') },
      ])
    case 'en':
      return country === 'GB'
        ? pick(r, [numeric('dmy/'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en') }])
        : pick(r, [numeric('iso'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en') }])
  }
}

function phoneOf(country: Facts['country'], r: Rand): string {
  const d = (n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('')
  switch (country) {
    case 'DK':
      return `+45 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`
    case 'SE':
      return `+46 8 ${d(3)} ${d(2)} ${d(2)}`
    case 'NL':
      return `+31 ${pick(r, ['10', '20', '30'])} ${d(3)} ${d(4)}`
    default:
      return `+44 ${pick(r, ['117', '113', '20'])} ${d(3)} ${d(4)}`
  }
}

function domainOf(company: string, country: Facts['country']): string {
  const tld = { DK: 'dk', SE: 'se', NL: 'nl', GB: 'co.uk' }[country as 'DK' | 'SE' | 'NL' | 'GB'] ?? 'com'
  const name = company
    .toLowerCase()
    .replace(/(^|\s)(aps|a\/s|ab|b\.v\.|ltd)(?=\s|$)/g, ' ')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${name}.${tld}`
}

/** The number of pages of a PDF pdfjs wrote (its page tree's count). */
function pageCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString('latin1')
  const counts = [...text.matchAll(/\/Type \/Pages\s[^]*?\/Count (\d+)/g)].map((m) => Number(m[1]))
  return counts.length ? Math.max(...counts) : 1
}

/**
 * pdfjs embeds each TrueType subset as ASCII hex, its `head` table stamped with the time of writing: the
 * stamps are set to the corpus's fixed date (and the checksums mended) so that a seed always gives the same
 * bytes. The hex keeps its length, so the cross-reference offsets stay right.
 */
function fixedFontTimes(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1')
  const fixed = text.replace(
    /(\/Filter \/ASCIIHexDecode[^]*?stream\r?\n)([0-9a-f]+)>/g,
    (_m, before: string, hexText: string) => {
      const font = Buffer.from(hexText, 'hex')
      const tables = font.readUInt16BE(4)
      for (let i = 0; i < tables; i++) {
        const record = 12 + i * 16
        if (font.toString('latin1', record, record + 4) !== 'head') continue
        const offset = font.readUInt32BE(record + 8)
        const length = font.readUInt32BE(record + 12)
        // 2026-01-01 in seconds since 1904, the font format's epoch.
        const stamp = BigInt(Date.UTC(2026, 0, 1) / 1000 + 2_082_844_800)
        font.writeBigUInt64BE(stamp, offset + 20)
        font.writeBigUInt64BE(stamp, offset + 28)
        font.writeUInt32BE(0, offset + 8)
        font.writeUInt32BE(checksum(font, offset, length), record + 4)
        font.writeUInt32BE((0xb1b0afba - checksum(font, 0, font.length) + 2 ** 32) % 2 ** 32, offset + 8)
      }
      return `${before}${font.toString('hex')}>`
    },
  )
  return new Uint8Array(Buffer.from(fixed, 'latin1'))
}

/** A font table's checksum: the sum of its big-endian 32-bit words (the last one padded with zeros). */
function checksum(font: Buffer, offset: number, length: number): number {
  let sum = 0
  for (let i = 0; i < length; i += 4) {
    let word = 0
    for (let k = 0; k < 4; k++) word = word * 256 + (i + k < length ? font[offset + i + k]! : 0)
    sum = (sum + word) % 2 ** 32
  }
  return sum
}
