// Own layout family `own-utility-bill` (its group: ../families.ts): a Norwegian business's bill for
// electricity, the grid or telecoms, drawn with pdf-lib on one A4 page, as utilities send them every month:
// - `strom`, the power supplier's bill: a spot price agreement in a price area, the month's consumption
//   times the average spot price, the mark-up per kWh and the fixed monthly fee, the average price per kWh;
// - `nettleie`, the grid company's bill: the capacity step's fixed charge, the energy charge by day and by
//   night and weekend, the consumption tax and the Enova fee, each kWh times its price in øre;
// - `mobil`, a telecom operator's bill for mobile subscriptions and broadband: each subscription by its
//   phone number for the coming month, the usage of the month before (extra data, calls abroad), the
//   router's rent, a business agreement's discount, and a table of what each number used.
// Every bill carries the customer number, the invoice number and date, the period it covers (from and to
// dates), a summary box with the amount to pay, its due date, the KID and the account (or, paid by
// AvtaleGiro, the customer's own account it is drawn from and no account to pay to), the electricity bills
// the metering point's id, the meter number and the readings at the period's start and end with their
// dates, and a chart of the consumption of the past thirteen months; the lines in a specification table,
// the net, the VAT, the rounding to whole kroner and `Å betale` / `Sum å betale`; the previous bill, when it
// was paid and how much, sometimes a credit carried from it; and the company's name, address and
// organisation number in the foot. Norwegian bokmål and nynorsk; fonts Helvetica or DejaVu Sans.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatBankAccount } from '../../../common/norwegian.ts'
import {
  addDays,
  embedFonts,
  int,
  pick,
  PLACES,
  rng,
  STREETS,
  type FontChoice,
  type Rand,
} from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
} from './facts.ts'

type Lang = 'nb' | 'nn'
type Kind = 'strom' | 'nettleie' | 'mobil'

interface Words {
  invoice: string
  title: Record<Kind, (month: string) => string>
  customerNo: string
  number: string
  date: string
  due: string
  period: string
  kid: string
  account: string
  toPay: string[]
  avtalegiro: (account: string) => string
  efaktura: string
  site: string
  installation: string
  subscriptions: string
  meteringPoint: string
  meter: string
  agreement: string
  area: string
  readings: string
  reading: string
  readingDate: string
  readingKind: [string, string]
  consumption: string
  chart: string
  spec: string
  head: [string, string, string, string, string, string]
  net: string
  vat: string
  gross: string
  rounding: string
  carried: string
  average: string
  previous: string
  previousPaid: (date: string) => string
  balance: string
  usage: string
  usageHead: [string, string, string, string]
  phone: string
  customerService: string
  questions: string
  lines: {
    spot: (area: string, month: string) => string
    markup: string
    fixed: string
    capacity: (step: string) => string
    day: string
    night: string
    tax: string
    enova: string
    subscription: (plan: string, no: string) => string
    broadband: string
    router: string
    extraData: string
    abroad: string
    discount: string
  }
  units: { kwh: string; month: string; min: string; pcs: string }
}

const WORDS: Record<Lang, Words> = {
  nb: {
    invoice: 'Faktura',
    title: {
      strom: (m) => `Strømfaktura for ${m}`,
      nettleie: (m) => `Nettleie for ${m}`,
      mobil: (m) => `Faktura for mobil og bredbånd, ${m}`,
    },
    customerNo: 'Kundenummer',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    period: 'Periode',
    kid: 'KID',
    account: 'Kontonummer',
    toPay: ['Å betale', 'Sum å betale', 'Beløp å betale'],
    avtalegiro: (a) => `Beløpet trekkes fra konto ${a} på forfallsdato (AvtaleGiro).`,
    efaktura: 'Vil du heller ha eFaktura? Du kan enkelt bestille det i nettbanken din.',
    site: 'Anleggsadresse',
    installation: 'Installasjonsadresse',
    subscriptions: 'Antall abonnement',
    meteringPoint: 'Målepunkt-ID',
    meter: 'Målernummer',
    agreement: 'Avtale',
    area: 'Prisområde',
    readings: 'Målerstander',
    reading: 'Målerstand',
    readingDate: 'Dato',
    readingKind: ['Avlest', 'Stipulert'],
    consumption: 'Forbruk i perioden',
    chart: 'Ditt forbruk de siste 13 månedene (kWh)',
    spec: 'Spesifikasjon',
    head: ['Beskrivelse', 'Periode', 'Mengde', 'Enhet', 'Pris', 'Beløp'],
    net: 'Sum eks. mva',
    vat: 'Merverdiavgift 25 %',
    gross: 'Sum inkl. mva',
    rounding: 'Øreavrunding',
    carried: 'Til gode fra forrige faktura',
    average: 'Gjennomsnittspris i perioden',
    previous: 'Forrige faktura',
    previousPaid: (d) => `Innbetalt ${d}`,
    balance: 'Utestående saldo',
    usage: 'Forbruk per nummer forrige måned',
    usageHead: ['Nummer', 'Data', 'Samtaler', 'SMS'],
    phone: 'Telefon',
    customerService: 'Kundeservice',
    questions: 'Spørsmål om fakturaen? Kontakt kundeservice.',
    lines: {
      spot: (area, m) => `Spotpris ${area}, ${m}`,
      markup: 'Påslag',
      fixed: 'Fastbeløp',
      capacity: (step) => `Fastledd, kapasitetstrinn ${step}`,
      day: 'Energiledd dag (kl. 06–22)',
      night: 'Energiledd natt og helg',
      tax: 'Forbruksavgift',
      enova: 'Enovaavgift',
      subscription: (plan, no) => `${plan}, ${no}`,
      broadband: 'Bedriftsfiber 500/500',
      router: 'Leie av ruter',
      extraData: 'Ekstra data 5 GB',
      abroad: 'Samtaler til utlandet',
      discount: 'Rabatt bedriftsavtale',
    },
    units: { kwh: 'kWh', month: 'mnd', min: 'min', pcs: 'stk' },
  },
  nn: {
    invoice: 'Faktura',
    title: {
      strom: (m) => `Straumrekning for ${m}`,
      nettleie: (m) => `Nettleige for ${m}`,
      mobil: (m) => `Faktura for mobil og breiband, ${m}`,
    },
    customerNo: 'Kundenummer',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    period: 'Periode',
    kid: 'KID',
    account: 'Kontonummer',
    toPay: ['Å betale', 'Sum å betale'],
    avtalegiro: (a) => `Beløpet vert trekt frå konto ${a} på forfallsdatoen (AvtaleGiro).`,
    efaktura: 'Vil du heller ha eFaktura? Du kan tinge det i nettbanken din.',
    site: 'Anleggsadresse',
    installation: 'Installasjonsadresse',
    subscriptions: 'Antall abonnement',
    meteringPoint: 'Målepunkt-ID',
    meter: 'Målarnummer',
    agreement: 'Avtale',
    area: 'Prisområde',
    readings: 'Målarstandar',
    reading: 'Målarstand',
    readingDate: 'Dato',
    readingKind: ['Avlesen', 'Stipulert'],
    consumption: 'Forbruk i perioden',
    chart: 'Forbruket ditt dei siste 13 månadene (kWh)',
    spec: 'Spesifikasjon',
    head: ['Skildring', 'Periode', 'Mengd', 'Eining', 'Pris', 'Beløp'],
    net: 'Sum utan mva',
    vat: 'Meirverdiavgift 25 %',
    gross: 'Sum med mva',
    rounding: 'Øreavrunding',
    carried: 'Til gode frå førre faktura',
    average: 'Gjennomsnittspris i perioden',
    previous: 'Førre faktura',
    previousPaid: (d) => `Innbetalt ${d}`,
    balance: 'Uteståande saldo',
    usage: 'Forbruk per nummer førre månad',
    usageHead: ['Nummer', 'Data', 'Samtalar', 'SMS'],
    phone: 'Telefon',
    customerService: 'Kundeservice',
    questions: 'Spørsmål om fakturaen? Kontakt kundeservice.',
    lines: {
      spot: (area, m) => `Spotpris ${area}, ${m}`,
      markup: 'Påslag',
      fixed: 'Fastbeløp',
      capacity: (step) => `Fastledd, kapasitetstrinn ${step}`,
      day: 'Energiledd dag (kl. 06–22)',
      night: 'Energiledd natt og helg',
      tax: 'Forbruksavgift',
      enova: 'Enovaavgift',
      subscription: (plan, no) => `${plan}, ${no}`,
      broadband: 'Bedriftsfiber 500/500',
      router: 'Leige av rutar',
      extraData: 'Ekstra data 5 GB',
      abroad: 'Samtalar til utlandet',
      discount: 'Rabatt bedriftsavtale',
    },
    units: { kwh: 'kWh', month: 'mnd', min: 'min', pcs: 'stk' },
  },
}

const MONTHS: Record<Lang, string[]> = {
  nb: 'januar februar mars april mai juni juli august september oktober november desember'.split(' '),
  nn: 'januar februar mars april mai juni juli august september oktober november desember'.split(' '),
}

/** The utilities, by kind: name, address, web site and customer service number. */
const COMPANIES: Record<Kind, { name: string; street: string; place: string; web: string; area?: string }[]> =
  {
    strom: [
      {
        name: 'Nordlys Energi AS',
        street: 'Postboks 614',
        place: '9256 Tromsø',
        web: 'nordlysenergi.no',
        area: 'NO4',
      },
      {
        name: 'Vestkyst Kraft AS',
        street: 'Postboks 2030',
        place: '5817 Bergen',
        web: 'vestkystkraft.no',
        area: 'NO5',
      },
      {
        name: 'Dalen Straum AS',
        street: 'Kraftvegen 4',
        place: '6800 Førde',
        web: 'dalenstraum.no',
        area: 'NO5',
      },
      {
        name: 'Østlandsstrøm AS',
        street: 'Postboks 88',
        place: '2302 Hamar',
        web: 'ostlandsstrom.no',
        area: 'NO1',
      },
    ],
    nettleie: [
      { name: 'Fjellnett AS', street: 'Postboks 154', place: '2601 Lillehammer', web: 'fjellnett.no' },
      { name: 'Kystnett AS', street: 'Nettvegen 2', place: '6413 Molde', web: 'kystnett.no' },
      {
        name: 'Agder Linjenett AS',
        street: 'Postboks 500',
        place: '4604 Kristiansand',
        web: 'agderlinjenett.no',
      },
    ],
    mobil: [
      { name: 'Bølge Mobil AS', street: 'Postboks 800 Sentrum', place: '0104 Oslo', web: 'bolgemobil.no' },
      { name: 'Fiberlinja AS', street: 'Postboks 77', place: '7401 Trondheim', web: 'fiberlinja.no' },
    ],
  }

/** A line of the specification, as printed, and its amount in øre (VAT excluded). */
interface Spec {
  text: string
  period: string
  qty: string
  unit: string
  price: string
  amount: number
  /** The quantity and unit price the truth records (whole units, øre). */
  fact: { qty: number; price: number }
}

interface Bill {
  spec: Spec[]
  info: [string, string][]
  readings: { date: string; value: number; kind: string }[] | null
  history: number[] | null
  usage: [string, string, string, string][] | null
  average: string | null
}

const MM = 72 / 25.4

/** Drawing on an A4 page in millimetres from its top left; text at its baseline. */
class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: FontChoice,
  ) {}
  font(bold?: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular
  }
  width(s: string, size: number, bold?: boolean): number {
    return this.font(bold).widthOfTextAtSize(s, size) / MM
  }
  text(
    s: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; right?: boolean; colour?: [number, number, number] } = {},
  ) {
    const size = o.size ?? 8.5
    const left = o.right ? x - this.width(s, size, o.bold) : x
    this.page.drawText(s, {
      x: left * MM,
      y: (297 - y) * MM,
      size,
      font: this.font(o.bold),
      color: rgb(...(o.colour ?? [0.1, 0.1, 0.1])),
    })
  }
  box(
    x: number,
    top: number,
    w: number,
    h: number,
    fill: [number, number, number],
    border?: [number, number, number],
  ) {
    this.page.drawRectangle({
      x: x * MM,
      y: (297 - top - h) * MM,
      width: w * MM,
      height: h * MM,
      color: rgb(...fill),
      ...(border ? { borderColor: rgb(...border), borderWidth: 0.6 } : {}),
    })
  }
  line(x1: number, y: number, x2: number, grey = 0.6, thickness = 0.5) {
    this.page.drawLine({
      start: { x: x1 * MM, y: (297 - y) * MM },
      end: { x: x2 * MM, y: (297 - y) * MM },
      thickness,
      color: rgb(grey, grey, grey),
    })
  }
}

export async function generateUtilityBill(seed: number): Promise<CorpusDocument> {
  // The kind and language drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 3001)
  const kind: Kind = pick(spread, ['strom', 'strom', 'nettleie', 'nettleie', 'mobil'])
  const lang: Lang = pick(spread, ['nb', 'nb', 'nn'])
  const { facts: f, r } = makeFacts(seed, 3001, { country: 'NO', kid: 1, lines: [1, 1] })
  const w = WORDS[lang]
  const company = pick(r, COMPANIES[kind])
  f.supplier = company.name
  f.street = company.street
  f.place = company.place
  // A utility's invoice numbers are plain running numbers.
  if (r() < 0.75) f.number = String(int(r, 10_000_000, 999_999_999))
  // Utilities print the domestic account; few add the IBAN for payments from abroad.
  if (r() < 0.6) f.iban = f.bic = null
  const avtalegiro = r() < 0.2

  // The period: the month before the bill for electricity and usage, the month of the bill for a
  // subscription paid in advance.
  const invoiceDate = f.invoiceDate
  const [y, m] = invoiceDate.split('-').map(Number) as [number, number]
  const prevStart = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10)
  const prevEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10)
  const thisStart = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)
  const thisEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
  const monthName = (iso: string) => `${MONTHS[lang][Number(iso.slice(5, 7)) - 1]!} ${iso.slice(0, 4)}`
  const dates = pick(r, ['dmy.', 'dmy.', 'long'] as const)
  const date = (iso: string) =>
    dates === 'long'
      ? lang === 'nn'
        ? speltDate(iso, 'nn')
        : dateText(iso, 'long', 'nb')
      : dateText(iso, 'dmy.')
  const short = (iso: string) => dateText(iso, 'dmy.')
  const form = pick(r, MONEY_FORMS.nb!)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const money = (c: number) =>
    moneyText(c, f.currency, form.code === 'none' ? { ...form, code: 'after', symbol: 'kr' } : form)
  const number2 = (n: number, decimals = 2) =>
    n
      .toFixed(decimals)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  const kwhText = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

  const bill =
    kind === 'mobil'
      ? mobileBill(r, w, short, thisStart, thisEnd, prevStart, prevEnd, number2)
      : powerBill(
          kind,
          r,
          w,
          company.area ?? pick(r, ['NO1', 'NO2', 'NO3']),
          short,
          prevStart,
          prevEnd,
          monthName(prevStart),
          number2,
          kwhText,
        )

  // The sums: net, VAT, the rounding to whole kroner, a credit carried from the last bill.
  const net = bill.spec.reduce((s, l) => s + l.amount, 0)
  const vat = Math.round(net * 0.25)
  const gross = net + vat
  const rounding = r() < 0.6 ? Math.round(gross / 100) * 100 - gross : 0
  const carried = r() < 0.1 ? int(r, 5, 40) * 1000 + int(r, 0, 99) : 0
  const toPay = gross + rounding - carried
  f.lines = bill.spec.map((l): FactLine => ({
    text: l.text,
    qty: l.fact.qty,
    price: l.fact.price,
    amount: l.amount,
    rate: 25,
  }))
  f.vat = [{ rate: 25, base: net, vat }]
  f.net = net
  f.total = toPay
  if (avtalegiro) f.account = f.iban = f.bic = null

  const { doc, fonts } = await newBill(r)
  const page = doc.addPage([210 * MM, 297 * MM])
  const sheet = new Sheet(page, fonts)
  const accent = pick(r, [
    [0.0, 0.36, 0.55],
    [0.1, 0.45, 0.3],
    [0.55, 0.2, 0.1],
    [0.3, 0.2, 0.5],
  ] as [number, number, number][])
  const pale: [number, number, number] = [0.93 + accent[0] * 0.05, 0.95, 0.96]
  const mark = int(r, 0, 2)
  const id = supplierIdText(f, r)
  const account = f.account ? pick(r, [formatBankAccount(f.account), f.account]) : null
  const toPayLabel = pick(r, w.toPay)
  const toPayText = money(toPay)

  // The head: the company's mark and name, the title; the customer's address where the window shows it.
  const headStyle = pick(r, ['plain', 'plain', 'band'] as const)
  const contact = `${company.web} · ${w.customerService} ${phoneOf(r)}`
  if (headStyle === 'band') {
    sheet.box(0, 0, 210, 24, accent)
    logoMark(sheet, 18, 7, mark, [1, 1, 1], accent)
    sheet.text(company.name, 30, 14.5, { size: 15, bold: true, colour: [1, 1, 1] })
    sheet.text(contact, 30, 19.5, { size: 7.5, colour: [1, 1, 1] })
  } else {
    logoMark(sheet, 18, 14, mark, accent, [1, 1, 1])
    sheet.text(company.name, 30, 21, { size: 15, bold: true, colour: accent })
    sheet.text(contact, 30, 26, { size: 7.5, colour: [0.35, 0.35, 0.35] })
  }
  sheet.text(company.name, 20, 44, { size: 6.5, colour: [0.35, 0.35, 0.35] })
  sheet.line(20, 45, 80, 0.6, 0.3)
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  ;[f.buyer, lang === 'nn' ? 'v/ Rekneskap' : 'v/ Regnskap', buyerStreet, buyerPlace].forEach((line, i) =>
    sheet.text(line, 20, 51 + i * 4.6, { size: 9.5, bold: i === 0 }),
  )

  // The summary box: what to pay, by when, and how.
  const boxX = 118
  const summary: [string, string, boolean][] = [
    [toPayLabel, toPayText, true],
    [w.due, date(f.dueDate), true],
    [w.kid, f.kid!, false],
    ...(account ? [[w.account, account, false] as [string, string, boolean]] : []),
  ]
  const boxH = 9 + summary.length * 6.2 + (avtalegiro ? 8 : 0)
  sheet.box(boxX, 34, 74, boxH, pale, accent)
  sheet.text(w.invoice.toUpperCase(), boxX + 4, 40, { size: 8, bold: true, colour: accent })
  summary.forEach(([label, value, strong], i) => {
    const yy = 47 + i * 6.2
    sheet.text(label, boxX + 4, yy, { size: strong ? 9.5 : 8.5, bold: strong })
    sheet.text(value, boxX + 70, yy, { size: strong ? 10.5 : 8.5, bold: strong, right: true })
  })
  if (avtalegiro) {
    const buyerAccount = formatBankAccount(f.buyerAccount)
    const note = w.avtalegiro(buyerAccount)
    const [first, second] = splitAt(note, 52)
    sheet.text(first, boxX + 4, 34 + boxH - 7, { size: 6.8 })
    sheet.text(second, boxX + 4, 34 + boxH - 3.6, { size: 6.8 })
  }

  // The bill's facts under the box.
  let yy = 34 + boxH + 6
  const usagePeriod =
    kind === 'mobil' ? `${short(thisStart)}–${short(thisEnd)}` : `${short(prevStart)}–${short(prevEnd)}`
  const facts: [string, string][] = [
    [w.number, f.number],
    [w.date, date(invoiceDate)],
    [w.customerNo, f.customerNo],
    [w.period, usagePeriod],
  ]
  for (const [label, value] of facts) {
    sheet.text(label, boxX, yy, { size: 8, colour: [0.35, 0.35, 0.35] })
    sheet.text(value, 192, yy, { size: 8.5, right: true })
    yy += 4.6
  }

  // The title and the supply's facts.
  let top = Math.max(84, yy + 4)
  sheet.text(w.title[kind](monthName(kind === 'mobil' ? thisStart : prevStart)), 18, top, {
    size: 13,
    bold: true,
  })
  top += 7
  const infoCols = 2
  bill.info.forEach(([label, value], i) => {
    const x = 18 + (i % infoCols) * 88
    const row = Math.floor(i / infoCols)
    sheet.text(label, x, top + row * 4.6, { size: 7.8, colour: [0.35, 0.35, 0.35] })
    sheet.text(value, x + 34, top + row * 4.6, { size: 8.3 })
  })
  top += Math.ceil(bill.info.length / infoCols) * 4.6 + 4

  // The meter readings beside the chart of the past months, or the usage per number.
  if (bill.readings) {
    sheet.text(w.readings, 18, top, { size: 9, bold: true })
    const rows: [string, string, string, string][] = [
      [w.reading, w.readingDate, 'kWh', ''],
      ...bill.readings.map((rd, i): [string, string, string, string] => [
        i === 0 ? 'Start' : 'Slutt',
        short(rd.date),
        number2(rd.value, 1),
        rd.kind,
      ]),
    ]
    rows.forEach((row, i) => {
      const ry = top + 5 + i * 4.6
      const bold = i === 0
      sheet.text(row[0], 18, ry, { size: 8, bold })
      sheet.text(row[1], 40, ry, { size: 8, bold })
      sheet.text(row[2], 82, ry, { size: 8, bold, right: true })
      sheet.text(row[3], 85, ry, { size: 7.5, colour: [0.35, 0.35, 0.35] })
    })
    const used = bill.readings[1]!.value - bill.readings[0]!.value
    sheet.line(18, top + 5 + 3 * 4.6 - 3.2, 100, 0.6)
    sheet.text(w.consumption, 18, top + 5 + 3 * 4.6 + 0.5, { size: 8, bold: true })
    sheet.text(`${kwhText(Math.round(used))} kWh`, 82, top + 5 + 3 * 4.6 + 0.5, {
      size: 8,
      bold: true,
      right: true,
    })
    if (bill.history) chart(sheet, bill.history, 112, top - 3, 80, 30, accent, w.chart, lang, prevStart)
    top += 38
  } else if (bill.usage) {
    sheet.text(w.usage, 18, top, { size: 9, bold: true })
    const xs = [18, 60, 95, 125]
    const rows = [w.usageHead, ...bill.usage]
    rows.forEach((row, i) => {
      row.forEach((cell, k) => sheet.text(cell, xs[k]!, top + 5 + i * 4.4, { size: 8, bold: i === 0 }))
    })
    top += 5 + rows.length * 4.4 + 4
  }

  // The specification.
  sheet.text(w.spec, 18, top, { size: 10, bold: true })
  top += 3
  sheet.box(18, top, 174, 6, pale)
  const cols = { text: 20, period: 92, qty: 142, unit: 144, price: 168, amount: 190 }
  const head = w.head
  sheet.text(head[0], cols.text, top + 4.2, { size: 7.8, bold: true })
  sheet.text(head[1], cols.period, top + 4.2, { size: 7.8, bold: true })
  sheet.text(head[2], cols.qty, top + 4.2, { size: 7.8, bold: true, right: true })
  sheet.text(head[3], cols.unit, top + 4.2, { size: 7.8, bold: true })
  sheet.text(head[4], cols.price, top + 4.2, { size: 7.8, bold: true, right: true })
  sheet.text(head[5], cols.amount, top + 4.2, { size: 7.8, bold: true, right: true })
  top += 10
  for (const l of bill.spec) {
    const size = sheet.width(l.text, 8.2) > 70 ? 7.4 : 8.2
    sheet.text(l.text, cols.text, top, { size })
    sheet.text(l.period, cols.period, top, { size: 7.6 })
    sheet.text(l.qty, cols.qty, top, { size: 8.2, right: true })
    sheet.text(l.unit, cols.unit, top, { size: 8.2 })
    sheet.text(l.price, cols.price, top, { size: 8.2, right: true })
    sheet.text(plain(l.amount), cols.amount, top, { size: 8.2, right: true })
    top += 4.8
  }
  sheet.line(18, top - 2.6, 192)
  top += 2

  // The sums, the average price on the left.
  const sums: [string, string, boolean][] = [
    [w.net, plain(net), false],
    [w.vat, plain(vat), false],
    [w.gross, plain(gross), false],
    ...(rounding ? [[w.rounding, plain(rounding), false] as [string, string, boolean]] : []),
    ...(carried ? [[w.carried, plain(-carried), false] as [string, string, boolean]] : []),
    [toPayLabel, toPayText, true],
  ]
  if (bill.average) {
    sheet.text(w.average, 18, top, { size: 8, colour: [0.35, 0.35, 0.35] })
    sheet.text(bill.average, 18, top + 4.4, { size: 8.5, bold: true })
  }
  for (const [label, value, strong] of sums) {
    if (strong) {
      sheet.line(120, top - 3.2, 192, 0.2, 0.8)
      top += 1.2
    }
    sheet.text(label, 120, top, { size: strong ? 10 : 8.3, bold: strong })
    sheet.text(value, 190, top, { size: strong ? 10 : 8.3, bold: strong, right: true })
    top += strong ? 6 : 4.5
  }

  // The previous bill and how it was paid.
  top += 3
  const prevAmount = Math.round((gross * (0.6 + r() * 0.8)) / 100) * 100
  const prevDue = addDays(f.dueDate, -int(r, 28, 31))
  const paidOn = addDays(prevDue, -int(r, 0, 4))
  sheet.box(18, top - 4, 96, 17, [0.97, 0.97, 0.97])
  sheet.text(w.previous, 21, top + 0.5, { size: 8, bold: true })
  sheet.text(`${w.due} ${short(prevDue)}`, 21, top + 5, { size: 8 })
  sheet.text(plain(prevAmount), 110, top + 5, { size: 8, right: true })
  sheet.text(w.previousPaid(short(paidOn)), 21, top + 9.5, { size: 8 })
  sheet.text(plain(-prevAmount), 110, top + 9.5, { size: 8, right: true })
  sheet.text(`${w.balance}: ${plain(0)}`, 120, top + 5, { size: 8, colour: [0.35, 0.35, 0.35] })
  top += 18

  // How to pay: account and KID again, or the AvtaleGiro; the eFaktura offer.
  if (!avtalegiro) {
    const payLine = `${w.account} ${account} · ${w.kid} ${f.kid} · ${toPayLabel} ${toPayText} · ${w.due} ${short(f.dueDate)}`
    sheet.text(payLine, 18, top, { size: 8 })
    top += 4.4
  }
  if (f.iban) {
    sheet.text(
      `${lang === 'nn' ? 'Betaling frå utlandet' : 'Betaling fra utlandet'}: IBAN ${f.iban} · BIC ${f.bic}`,
      18,
      top,
      { size: 7.6 },
    )
    top += 4.4
  }
  sheet.text(r() < 0.5 ? w.efaktura : w.questions, 18, top, { size: 7.6, colour: [0.35, 0.35, 0.35] })
  if (top > 270)
    throw new Error(`own-utility-bill seed ${seed}: the bill runs into its foot (${Math.round(top)} mm)`)

  // The foot.
  sheet.line(18, 279, 192, 0.6)
  sheet.text(
    `${company.name} · ${company.street}, ${company.place} · ${id.label} ${id.value} · ${company.web}`,
    18,
    284,
    { size: 7, colour: [0.3, 0.3, 0.3] },
  )
  sheet.text(
    `${w.customerService}: ${phoneOf(r)} · ${lang === 'nn' ? 'kundeservice' : 'kundeservice'}@${company.web}`,
    18,
    288,
    { size: 7, colour: [0.3, 0.3, 0.3] },
  )

  return textPdfDocument({
    family: 'own-utility-bill',
    kind: 'layout',
    seed,
    bytes: await doc.save({ useObjectStreams: false }),
    facts: f,
    variant: `${kind},${lang},${dates},${fonts.name}${avtalegiro ? ',avtalegiro' : ''}${f.iban ? ',iban' : ''}${rounding ? ',rounded' : ''}${carried ? ',carried' : ''}`,
    id: id.value,
    pay: { ...(account ? { account } : {}), ...(f.iban ? { iban: f.iban } : {}) },
    total: toPayText,
    date,
  })
}

/** The electricity bills: the supplier's spot price agreement or the grid company's charges. */
function powerBill(
  kind: 'strom' | 'nettleie',
  r: Rand,
  w: Words,
  area: string,
  short: (iso: string) => string,
  start: string,
  end: string,
  month: string,
  number2: (n: number, decimals?: number) => string,
  kwhText: (n: number) => string,
): Bill {
  const kwh = int(r, 900, 9500)
  const period = `${short(start)}–${short(end)}`
  const perKwh = (text: string, qty: number, hundredths: number): Spec => ({
    text,
    period,
    qty: kwhText(qty),
    unit: w.units.kwh,
    price: `${number2(hundredths / 100)} øre`,
    amount: Math.round((qty * hundredths) / 100),
    fact: { qty, price: Math.round(hundredths / 100) },
  })
  const monthly = (text: string, ore: number): Spec => ({
    text,
    period,
    qty: '1',
    unit: w.units.month,
    price: number2(ore / 100),
    amount: ore,
    fact: { qty: 1, price: ore },
  })
  const first = int(r, 20_000, 180_000) + r()
  const readings = [
    { date: start, value: Math.round(first * 10) / 10, kind: w.readingKind[0] },
    { date: end, value: Math.round((first + kwh) * 10) / 10, kind: w.readingKind[r() < 0.15 ? 1 : 0] },
  ]
  // The readings' tenths make the consumption a whole number of kWh.
  readings[1]!.value = Math.round((readings[0]!.value + kwh) * 10) / 10
  const history = Array.from({ length: 13 }, (_, i) =>
    i === 12 ? kwh : Math.round(kwh * (0.55 + r() * 0.9)),
  )
  const meteringPoint = `707057500${String(int(r, 100_000_000, 999_999_999))}`
  const meter = String(int(r, 10_000_000, 99_999_999))
  if (kind === 'strom') {
    const spot = int(r, 3500, 16500)
    const markup = pick(r, [390, 490, 590, 890])
    const spec = [
      perKwh(w.lines.spot(area, month), kwh, spot),
      perKwh(w.lines.markup, kwh, markup),
      monthly(w.lines.fixed, pick(r, [3900, 4900, 5900])),
    ]
    const energy = spec.reduce((s, l) => s + l.amount, 0)
    return {
      spec,
      info: [
        [w.site, pick(r, STREETS)],
        [w.meteringPoint, meteringPoint],
        [w.agreement, pick(r, ['Spotpris Bedrift', 'Spot Næring', 'Innkjøpspris'])],
        [w.meter, meter],
        [w.area, area],
      ],
      readings,
      history,
      usage: null,
      average: `${number2(energy / kwh)} øre/kWh`,
    }
  }
  const day = Math.round(kwh * (0.55 + r() * 0.15))
  const step = pick(r, [
    ['10–15 kW', 49500],
    ['15–20 kW', 69500],
    ['20–25 kW', 89500],
    ['25–50 kW', 139500],
  ] as [string, number][])
  const spec = [
    monthly(w.lines.capacity(step[0]), step[1]),
    perKwh(w.lines.day, day, int(r, 2800, 4400)),
    perKwh(w.lines.night, kwh - day, int(r, 1800, 2900)),
    perKwh(w.lines.tax, kwh, 1669),
    perKwh(w.lines.enova, kwh, 100),
  ]
  return {
    spec,
    info: [
      [w.site, pick(r, STREETS)],
      [w.meteringPoint, meteringPoint],
      [w.meter, meter],
      [w.agreement, pick(r, ['Nettleie Næring', 'Nettleie Bedrift lavspent'])],
    ],
    readings,
    history,
    usage: null,
    average: null,
  }
}

/** The telecom bill: subscriptions for the coming month, the last month's usage, a discount. */
function mobileBill(
  r: Rand,
  w: Words,
  short: (iso: string) => string,
  start: string,
  end: string,
  prevStart: string,
  prevEnd: string,
  number2: (n: number, decimals?: number) => string,
): Bill {
  const ahead = `${short(start)}–${short(end)}`
  const behind = `${short(prevStart)}–${short(prevEnd)}`
  const numbers = Array.from(
    { length: int(r, 1, 4) },
    () => `${pick(r, ['4', '9'])}${int(r, 0, 9)}${int(r, 0, 9)} ${int(r, 10, 99)} ${int(r, 100, 999)}`,
  )
  const item = (text: string, period: string, qty: number, unit: string, ore: number): Spec => ({
    text,
    period,
    qty: String(qty),
    unit,
    price: number2(ore / 100),
    amount: qty * ore,
    fact: { qty, price: ore },
  })
  const spec: Spec[] = numbers.map((no) => {
    const [plan, ore] = pick(r, [
      ['Bedrift 10 GB', 29900],
      ['Bedrift 30 GB', 39900],
      ['Bedrift Fri', 54900],
    ] as [string, number][])
    return item(w.lines.subscription(plan, no), ahead, 1, w.units.month, ore)
  })
  const broadband = r() < 0.6
  if (broadband)
    spec.push(
      item(w.lines.broadband, ahead, 1, w.units.month, pick(r, [69900, 89900])),
      item(w.lines.router, ahead, 1, w.units.month, 4900),
    )
  if (r() < 0.5) spec.push(item(w.lines.extraData, behind, int(r, 1, 3), w.units.pcs, 9900))
  if (r() < 0.5) spec.push(item(w.lines.abroad, behind, int(r, 3, 95), w.units.min, pick(r, [149, 199, 249])))
  if (r() < 0.5) {
    const base = spec.reduce((s, l) => s + l.amount, 0)
    const pct = pick(r, [10, 15, 20])
    const amount = -Math.round((base * pct) / 100)
    spec.push({
      text: `${w.lines.discount} ${pct} %`,
      period: ahead,
      qty: '1',
      unit: w.units.pcs,
      price: number2(amount / 100),
      amount,
      fact: { qty: 1, price: amount },
    })
  }
  const usage = numbers.map((no): [string, string, string, string] => [
    no,
    `${number2(int(r, 5, 290) / 10, 1)} GB`,
    `${int(r, 10, 900)} min`,
    String(int(r, 0, 150)),
  ])
  return {
    spec,
    info: [
      ...(broadband ? [[w.installation, pick(r, STREETS)] as [string, string]] : []),
      [w.agreement, pick(r, ['Bedriftsavtale Mobil', 'Næringsavtale 2025'])],
      [w.subscriptions, String(numbers.length)],
    ],
    readings: null,
    history: null,
    usage,
    average: null,
  }
}

/** The consumption of the past thirteen months as bars, the month's initials under them. */
function chart(
  sheet: Sheet,
  history: number[],
  x: number,
  top: number,
  width: number,
  height: number,
  accent: [number, number, number],
  title: string,
  lang: Lang,
  last: string,
) {
  sheet.text(title, x, top, { size: 7.5, bold: true })
  const max = Math.max(...history)
  const bar = width / history.length
  const base = top + height
  const initials = MONTHS[lang].map((m) => m[0]!.toUpperCase())
  const lastMonth = Number(last.slice(5, 7)) - 1
  history.forEach((v, i) => {
    const h = (v / max) * (height - 10)
    const colour: [number, number, number] = i === history.length - 1 ? accent : [0.75, 0.78, 0.82]
    sheet.box(x + i * bar + 0.6, base - h, bar - 1.2, h, colour)
    sheet.text(initials[(lastMonth - 12 + i + 24) % 12]!, x + i * bar + bar / 2 - 0.9, base + 3.2, {
      size: 6,
    })
  })
  sheet.line(x, base, x + width, 0.5, 0.4)
  sheet.text(String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' '), x - 1, base - (height - 10) + 1, {
    size: 5.5,
    right: true,
    colour: [0.4, 0.4, 0.4],
  })
}

/** The company's mark: a square with a window, a disc with a bolt of light, or a wave. */
function logoMark(
  sheet: Sheet,
  x: number,
  top: number,
  kind: number,
  colour: [number, number, number],
  inner: [number, number, number],
) {
  if (kind === 0) {
    sheet.box(x, top, 9, 9, colour)
    sheet.box(x + 3, top + 3, 3, 3, inner)
  } else if (kind === 1) {
    sheet.page.drawCircle({
      x: (x + 4.5) * MM,
      y: (297 - top - 4.5) * MM,
      size: 4.5 * MM,
      color: rgb(...colour),
    })
    sheet.box(x + 3.8, top + 1.5, 1.4, 6, inner)
  } else {
    for (let i = 0; i < 3; i++) sheet.box(x, top + i * 3.2, 9 - i * 2.5, 2, colour)
  }
}

function splitAt(s: string, max: number): [string, string] {
  if (s.length <= max) return [s, '']
  const cut = s.lastIndexOf(' ', max)
  return [s.slice(0, cut), s.slice(cut + 1)]
}

function phoneOf(r: Rand): string {
  return `${int(r, 2, 9)}${int(r, 0, 9)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`
}

async function newBill(r: Rand) {
  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const fonts = await embedFonts(doc, pick(r, ['Helvetica', 'Helvetica', 'DejaVuSans'] as const))
  return { doc, fonts }
}
