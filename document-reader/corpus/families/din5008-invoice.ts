// Own layout family `own-din5008` (its group: ../families.ts): the invoice of a German, Austrian or Dutch
// business as a window letter laid out by DIN 5008, form B, drawn with pdf-lib: the letterhead in the top
// 45 mm, fold marks and the hole mark on the left edge, the address field with the sender's return line in
// tiny type above the recipient's address (the country in capitals on its last line), and either an
// information block on the right (our and the buyer's references, contact, customer number, invoice number,
// delivery and invoice date; labels beside their values or small above them) or a reference line across the
// page under the address field (`Ihr Zeichen, Ihre Nachricht vom | Unser Zeichen | Telefon, Name | Datum`).
// Then the subject in bold (`Rechnung Nr. …`), salutation and an opening sentence, the lines with position,
// article number, unit and VAT rate, the totals with the VAT of each rate on its base, and the terms of
// payment: a sentence with the due date (`Zahlbar innerhalb von 14 Tagen ohne Abzug bis zum …`), sometimes
// with a cash discount and its earlier date, or the due date in the information block and a sentence without
// it. The closing and signature, and the letter's footer of three or four small columns: address and
// contact, bank (IBAN, BIC), register court and number, managing director and VAT id. Some documents are
// credit notes (`Rechnungskorrektur`, `Gutschrift`, `Creditfactuur`): the invoice they correct, no due date,
// the amounts negative. Languages: German (German and Austrian sellers; Austrian UID, Firmenbuch and
// `Jänner`), Dutch (KvK, Btw) and English (German, Austrian and Dutch sellers writing in English), each with
// its country's amount and date forms; fonts Helvetica, Times, DejaVu Sans or DejaVu Serif.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatOrgNumber } from '../../../common/norwegian.ts'
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
  moneyText,
  paymentTexts,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type Facts,
  type MoneyForm,
} from './facts.ts'
import { inLanguage, unitKinds } from './items.ts'

type Lang = 'de' | 'nl' | 'en'

interface Words {
  title: string
  creditTitles: string[]
  subject: (n: string) => string
  creditSubject: (title: string, n: string, credited: string) => string
  yourRef: string
  yourMessage: string
  ourRef: string
  contact: string
  phone: string
  email: string
  customerNo: string
  buyerVat: string
  number: string
  creditNumber: string
  delivery: string
  date: string
  due: string
  /** The reference line's four captions. */
  refLine: [string, string, string, string]
  salutation: string
  intro: string
  creditIntro: string
  head: [string, string, string, string, string, string, string, string]
  units: [string, string, string, string]
  net: string
  vat: (rate: number, base: string) => string
  total: string
  creditTotal: string
  days: (days: number, due: string) => string
  discount: (pct: number, early: string, amount: string, due: string) => string
  noDate: string
  creditNote: (amount: string) => string
  reference: string
  period: (month: string) => string
  closing: string
  page: (n: number, of: number) => string
  bank: string
  director: string
  country: string
}

const WORDS: Record<Lang, Words> = {
  de: {
    title: 'Rechnung',
    creditTitles: ['Rechnungskorrektur', 'Gutschrift'],
    subject: (n) => `Rechnung Nr. ${n}`,
    creditSubject: (t, n, c) => `${t} Nr. ${n} zur Rechnung Nr. ${c}`,
    yourRef: 'Ihr Zeichen',
    yourMessage: 'Ihre Nachricht vom',
    ourRef: 'Unser Zeichen',
    contact: 'Ansprechpartner',
    phone: 'Telefon',
    email: 'E-Mail',
    customerNo: 'Kundennummer',
    buyerVat: 'Ihre USt-IdNr.',
    number: 'Rechnungsnummer',
    creditNumber: 'Belegnummer',
    delivery: 'Lieferdatum',
    date: 'Datum',
    due: 'Fällig am',
    refLine: [
      'Ihr Zeichen, Ihre Nachricht vom',
      'Unser Zeichen, unsere Nachricht vom',
      'Telefon, Name',
      'Datum',
    ],
    salutation: 'Sehr geehrte Damen und Herren,',
    intro: 'wir bedanken uns für Ihren Auftrag und berechnen Ihnen folgende Lieferungen und Leistungen:',
    creditIntro: 'wir korrigieren unsere oben genannte Rechnung und schreiben Ihnen folgende Positionen gut:',
    head: ['Pos.', 'Art.-Nr.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'USt.', 'Gesamtpreis'],
    units: ['Stk.', 'Std.', 'Monat', 'Pkt.'],
    net: 'Nettobetrag',
    vat: (rate, base) => `zzgl. ${rate} % USt. auf ${base}`,
    total: 'Rechnungsbetrag',
    creditTotal: 'Gutschriftsbetrag',
    days: (d, due) => `Zahlbar innerhalb von ${d} Tagen ohne Abzug bis zum ${due}.`,
    discount: (pct, early, amount, due) =>
      `Zahlbar bis zum ${early} mit ${pct} % Skonto (${amount}) oder bis zum ${due} ohne Abzug.`,
    noDate:
      'Bitte überweisen Sie den Rechnungsbetrag unter Angabe der Rechnungsnummer auf das unten genannte Konto.',
    creditNote: (amount) =>
      `Den Betrag von ${amount} erstatten wir Ihnen in den nächsten Tagen auf Ihr Konto.`,
    reference: 'Bitte geben Sie bei Zahlung die Rechnungsnummer an.',
    period: (m) => `Leistungszeitraum: ${m}`,
    closing: 'Mit freundlichen Grüßen',
    page: (n, of) => `Seite ${n} von ${of}`,
    bank: 'Bankverbindung',
    director: 'Geschäftsführer',
    country: 'NORWEGEN',
  },
  nl: {
    title: 'Factuur',
    creditTitles: ['Creditfactuur', 'Creditnota'],
    subject: (n) => `Factuur ${n}`,
    creditSubject: (t, n, c) => `${t} ${n} bij factuur ${c}`,
    yourRef: 'Uw kenmerk',
    yourMessage: 'Uw bericht van',
    ourRef: 'Ons kenmerk',
    contact: 'Contactpersoon',
    phone: 'Telefoon',
    email: 'E-mail',
    customerNo: 'Klantnummer',
    buyerVat: 'Uw btw-nummer',
    number: 'Factuurnummer',
    creditNumber: 'Creditnummer',
    delivery: 'Leverdatum',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    refLine: ['Uw kenmerk, uw bericht van', 'Ons kenmerk', 'Telefoon, naam', 'Datum'],
    salutation: 'Geachte heer, mevrouw,',
    intro: 'Hierbij brengen wij u de volgende leveringen en werkzaamheden in rekening:',
    creditIntro: 'Hierbij crediteren wij de volgende posten van bovengenoemde factuur:',
    head: ['Pos.', 'Art.nr.', 'Omschrijving', 'Aantal', 'Eenheid', 'Prijs', 'Btw', 'Bedrag'],
    units: ['st.', 'uur', 'mnd.', 'pak'],
    net: 'Subtotaal',
    vat: (rate, base) => `Btw ${rate}% over ${base}`,
    total: 'Totaal te betalen',
    creditTotal: 'Totaal credit',
    days: (d, due) =>
      `Wij verzoeken u het totaalbedrag binnen ${d} dagen, uiterlijk op ${due}, over te maken onder vermelding van het factuurnummer.`,
    discount: (pct, early, amount, due) =>
      `Bij betaling vóór ${early} mag u ${pct}% betalingskorting (${amount}) in mindering brengen; uiterlijk op ${due} te betalen zonder korting.`,
    noDate:
      'Wij verzoeken u vriendelijk het bedrag vóór de vervaldatum over te maken o.v.v. het factuurnummer.',
    creditNote: (amount) => `Het bedrag van ${amount} wordt binnen enkele dagen op uw rekening teruggestort.`,
    reference: 'Vermeld bij betaling altijd het factuurnummer.',
    period: (m) => `Periode: ${m}`,
    closing: 'Met vriendelijke groet,',
    page: (n, of) => `Pagina ${n} van ${of}`,
    bank: 'Bankgegevens',
    director: 'Directeur',
    country: 'NOORWEGEN',
  },
  en: {
    title: 'Invoice',
    creditTitles: ['Credit note', 'Invoice correction'],
    subject: (n) => `Invoice No. ${n}`,
    creditSubject: (t, n, c) => `${t} No. ${n} to invoice No. ${c}`,
    yourRef: 'Your ref.',
    yourMessage: 'Your message of',
    ourRef: 'Our ref.',
    contact: 'Contact',
    phone: 'Phone',
    email: 'E-mail',
    customerNo: 'Customer no.',
    buyerVat: 'Your VAT no.',
    number: 'Invoice no.',
    creditNumber: 'Document no.',
    delivery: 'Delivery date',
    date: 'Date',
    due: 'Due date',
    refLine: ['Your ref., your message of', 'Our ref.', 'Phone, name', 'Date'],
    salutation: 'Dear Sir or Madam,',
    intro: 'Thank you for your order. We invoice you for the following goods and services:',
    creditIntro: 'We correct the invoice named above and credit you the following items:',
    head: ['Item', 'Art. no.', 'Description', 'Qty', 'Unit', 'Unit price', 'VAT', 'Total'],
    units: ['pcs', 'hrs', 'month', 'pack'],
    net: 'Net amount',
    vat: (rate, base) => `plus ${rate}% VAT on ${base}`,
    total: 'Invoice total',
    creditTotal: 'Credit total',
    days: (d, due) => `Payable within ${d} days without deduction by ${due}.`,
    discount: (pct, early, amount, due) =>
      `Payable by ${early} less ${pct}% cash discount (${amount}) or by ${due} without deduction.`,
    noDate: 'Please transfer the invoice total to the account below, quoting the invoice number.',
    creditNote: (amount) =>
      `We will refund the amount of ${amount} to your account within the next few days.`,
    reference: 'Please quote the invoice number with your payment.',
    period: (m) => `Service period: ${m}`,
    closing: 'Kind regards',
    page: (n, of) => `Page ${n} of ${of}`,
    bank: 'Bank details',
    director: 'Managing Director',
    country: 'NORWAY',
  },
}

const MONTHS: Record<Lang | 'at', string[]> = {
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  at: 'Jänner Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  en: 'January February March April May June July August September October November December'.split(' '),
}

/** Each language's amounts: the euro after (German), before with a space (Dutch) or before (English). */
const MONEY: Record<Lang, { name: string; form: MoneyForm; put: (n: string) => string }[]> = {
  de: [
    { name: 'n €', form: { group: '.', decimal: ',', code: 'none' }, put: (n) => `${n} €` },
    { name: 'n €', form: { group: '.', decimal: ',', code: 'none' }, put: (n) => `${n} €` },
    { name: 'n EUR', form: { group: '.', decimal: ',', code: 'none' }, put: (n) => `${n} EUR` },
  ],
  nl: [
    { name: '€ n', form: { group: '.', decimal: ',', code: 'none' }, put: (n) => `€ ${n}` },
    { name: 'EUR n', form: { group: '.', decimal: ',', code: 'none' }, put: (n) => `EUR ${n}` },
  ],
  en: [
    { name: '€n', form: { group: ',', decimal: '.', code: 'none' }, put: (n) => n.replace(/^(-?)/, '$1€') },
    { name: 'EUR n', form: { group: ',', decimal: '.', code: 'none' }, put: (n) => `EUR ${n}` },
  ],
}

/** The seller's staff, by its country. */
const PEOPLE: Partial<Record<Facts['country'], string[]>> = {
  DE: ['Anna Schulz', 'Michael Wagner', 'Thomas Becker', 'Katrin Neumann'],
  AT: ['Sabine Huber', 'Julia Gruber', 'Lukas Pichler', 'Markus Steiner'],
  NL: ['Sanne de Vries', 'Jeroen Bakker', 'Lotte Jansen', 'Pieter Visser'],
}
const MAILBOXES: Partial<Record<Facts['country'], string[]>> = {
  DE: ['buchhaltung', 'rechnung', 'info'],
  AT: ['buchhaltung', 'office', 'rechnungswesen'],
  NL: ['facturen', 'administratie', 'info'],
}
const BUYER_CONTACTS = ['Kari Nordmann', 'Ola Hansen', 'Ingrid Moe', 'Per Olsen']
const BANKS: Partial<Record<Facts['country'], string[]>> = {
  DE: ['Commerzbank AG', 'Deutsche Bank AG', 'Hamburger Sparkasse'],
  AT: [
    'Erste Bank der oesterreichischen Sparkassen AG',
    'Raiffeisenlandesbank NÖ-Wien AG',
    'UniCredit Bank Austria AG',
  ],
  NL: ['ABN AMRO Bank N.V.', 'ING Bank N.V.', 'Rabobank'],
}

const MM = 72 / 25.4
const PAGE_W = 210
const PAGE_H = 297

/** Drawing on an A4 page in millimetres from its top left; text at its baseline. */
class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: FontChoice,
    readonly size: number,
  ) {}
  font(bold?: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular
  }
  width(s: string, o: { bold?: boolean; size?: number } = {}): number {
    return this.font(o.bold).widthOfTextAtSize(s, o.size ?? this.size) / MM
  }
  text(
    s: string,
    x: number,
    baseline: number,
    o: { bold?: boolean; size?: number; right?: boolean; grey?: number; underline?: boolean } = {},
  ) {
    const size = o.size ?? this.size
    const w = this.width(s, o)
    const left = o.right ? x - w : x
    const grey = o.grey ?? 0
    this.page.drawText(s, {
      x: left * MM,
      y: (PAGE_H - baseline) * MM,
      size,
      font: this.font(o.bold),
      color: rgb(grey, grey, grey),
    })
    if (o.underline) this.line(left, baseline + 0.6, left + w, baseline + 0.6, 0.3, grey)
  }
  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.5, grey = 0) {
    this.page.drawLine({
      start: { x: x1 * MM, y: (PAGE_H - y1) * MM },
      end: { x: x2 * MM, y: (PAGE_H - y2) * MM },
      thickness,
      color: rgb(grey, grey, grey),
    })
  }
  box(x: number, top: number, w: number, h: number, color: [number, number, number]) {
    this.page.drawRectangle({
      x: x * MM,
      y: (PAGE_H - top - h) * MM,
      width: w * MM,
      height: h * MM,
      color: rgb(...color),
    })
  }
  /** Words wrapped between x and `right`; answers the baseline after the last line. */
  paragraph(s: string, x: number, baseline: number, right: number, lead: number, o: { bold?: boolean } = {}) {
    let line = ''
    for (const word of s.split(' ')) {
      const next = line ? `${line} ${word}` : word
      if (line && this.width(next, o) > right - x) {
        this.text(line, x, baseline, o)
        baseline += lead
        line = word
      } else line = next
    }
    if (line) this.text(line, x, baseline, o)
    return baseline + lead
  }
}

function accentColour(r: Rand): [number, number, number] {
  return pick(r, [
    [0.0, 0.27, 0.53],
    [0.55, 0.1, 0.12],
    [0.1, 0.4, 0.25],
    [0.25, 0.25, 0.25],
    [0.0, 0.45, 0.6],
  ] as [number, number, number][])
}

/** A register court and number: German Amtsgericht HRB, Austrian Firmenbuch, Dutch Kamer van Koophandel. */
function registerOf(f: Facts, r: Rand, lang: Lang): string[] {
  const city = f.place.replace(/^\d+(\s[A-Z]{2})?\s+/, '')
  switch (f.country) {
    case 'AT':
      return [
        `${lang === 'en' ? 'Company register' : 'Firmenbuch'}: FN ${int(r, 100000, 599999)} ${pick(r, ['a', 'b', 'd', 'g', 'h'])}`,
        `${lang === 'en' ? 'Commercial court' : 'Firmenbuchgericht'}: ${city === 'Wien' ? 'Handelsgericht Wien' : `Landesgericht ${city}`}`,
      ]
    case 'NL':
      return [
        `KvK ${int(r, 10_000_000, 99_999_999)}`,
        `${lang === 'en' ? 'Registered in' : 'Vestiging'} ${city}`,
      ]
    default:
      return [
        `${lang === 'en' ? 'Register court' : 'Registergericht'}: Amtsgericht ${city}`,
        `HRB ${int(r, 10000, 199999)}`,
      ]
  }
}

function phoneOf(f: Facts, r: Rand): string {
  const d = (n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('')
  switch (f.country) {
    case 'AT':
      return `+43 ${pick(r, ['1', '316', '662'])} ${d(6)}-${d(2)}`
    case 'NL':
      return `+31 ${pick(r, ['10', '30'])} ${d(3)} ${d(4)}`
    default:
      return `+49 ${pick(r, ['40', '89'])} ${d(6)}-${d(2)}`
  }
}

export async function generateDin5008(seed: number): Promise<CorpusDocument> {
  // The country, language and length drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 2501)
  const [country, lang] = pick(spread, [
    ['DE', 'de'],
    ['DE', 'de'],
    ['AT', 'de'],
    ['AT', 'de'],
    ['NL', 'nl'],
    ['NL', 'nl'],
    ['DE', 'en'],
    ['AT', 'en'],
    ['NL', 'en'],
  ] as const)
  const { facts: f, r } = makeFacts(seed, 2501, {
    country,
    lines: pick(spread, [
      [1, 3],
      [2, 6],
      [4, 9],
    ] as [number, number][]),
  })
  const w = WORDS[lang]
  const austrian = country === 'AT'
  const lineUnits = unitKinds(f)
  inLanguage(f, lang)
  const credit = r() < 0.1
  const sign = credit ? -1 : 1
  const euro = pick(r, MONEY[lang])
  const plain = (c: number) => moneyText(sign * c, f.currency, euro.form)
  const money = (c: number) => euro.put(plain(c))
  // Dates: numeric in the country's form, or the month spelt (Austrian `Jänner`).
  const spelt = r() < 0.35
  const dateName = spelt ? 'long' : lang === 'nl' ? 'dmy-' : lang === 'en' && r() < 0.5 ? 'dmy/' : 'dmy.'
  const date = (iso: string) => {
    if (!spelt) return dateText(iso, dateName as 'dmy-' | 'dmy/' | 'dmy.')
    if (austrian && lang === 'de') return speltDate(iso, 'de-AT')
    return dateText(iso, 'long', lang)
  }
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const { doc, fonts } = await newLetter(r)
  const sheet = new Sheet(doc.addPage([PAGE_W * MM, PAGE_H * MM]), fonts, pick(r, [9.5, 10, 10.5]))
  const s = sheet.size
  const lead = s * 0.45
  const accent = accentColour(r)
  const people = PEOPLE[country]!
  const contact = pick(r, people)
  const initials = (name: string) =>
    name
      .split(' ')
      .map((p) => p[0]!.toLowerCase())
      .join('')
  const ourRef = `${initials(contact)}-${pick(r, ['rg', 'fi', 'vk', 'buh'])}`
  const order = { de: 'Best.', nl: 'Order', en: 'Order' }[lang]
  const yourRef = pick(r, [`PO-${int(r, 1000, 9999)}`, pick(r, BUYER_CONTACTS), `${order} ${f.orderNo}`])
  const yourMessage = addDays(f.invoiceDate, -int(r, 8, 40))
  const delivery = addDays(f.invoiceDate, -int(r, 0, 10))
  const phone = phoneOf(f, r)
  // The buyer's own number, as an invoice across a border names the recipient's VAT registration.
  const buyerVat = pick(r, [`NO ${formatOrgNumber(f.buyerOrg)} MVA`, `NO${f.buyerOrg}MVA`])
  const domain = `${f.supplier
    .toLowerCase()
    .replace(/\b(gmbh|ag|kg|b\.v\.)/g, '')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.${country.toLowerCase()}`
  const email = `${pick(r, MAILBOXES[country]!)}@${domain}`
  const credited = String(int(r, 1000, 999999))
  const creditTitle = pick(r, w.creditTitles)
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  // The terms: a sentence with the due date, with a cash discount too, or the due date in the block.
  const terms: 'days' | 'discount' | 'block' = credit
    ? 'days'
    : pick(r, ['days', 'days', 'discount', 'block'] as const)
  const block: 'beside' | 'above' | 'refline' = pick(r, ['beside', 'beside', 'above', 'refline'] as const)

  // Fold marks at 105 and 210 mm, the hole mark at 148.5 mm.
  sheet.line(4, 105, 9, 105, 0.4, 0.45)
  sheet.line(4, 210, 9, 210, 0.4, 0.45)
  sheet.line(4, 148.5, 11, 148.5, 0.4, 0.45)

  // The letterhead: a mark and the name, left or right, a line of what the firm does under it.
  const headRight = r() < 0.5
  const nameSize = s + 8
  const nameWidth = sheet.width(f.supplier, { bold: true, size: nameSize })
  const nameX = headRight ? 190 - nameWidth : 25
  sheet.box(headRight ? nameX - 12 : 25, 17, 8, 8, accent)
  sheet.text(f.supplier, headRight ? nameX : 37, 24, { bold: true, size: nameSize })
  const tagline = pick(r, [
    lang === 'nl'
      ? 'Levering · Montage · Service'
      : lang === 'en'
        ? 'Supply · Installation · Service'
        : 'Handel · Montage · Service',
    `${f.street} · ${f.place}`,
  ])
  sheet.text(tagline, headRight ? 190 : 37, 29.5, { size: s - 2, right: headRight, grey: 0.35 })

  // The address field: the return line, then the recipient with the country on its last line.
  const returnLine = `${f.supplier} · ${f.street} · ${f.place}`
  sheet.text(returnLine, 25, 60, { size: 7, underline: r() < 0.6, grey: 0.2 })
  const attention = lang === 'de' ? 'z. Hd.' : lang === 'nl' ? 't.a.v.' : 'Attn.'
  const recipient = [
    f.buyer,
    ...(r() < 0.6 ? [`${attention} ${pick(r, BUYER_CONTACTS)}`] : []),
    pick(r, STREETS),
    pick(r, PLACES),
    w.country,
  ]
  recipient.forEach((line, i) => sheet.text(line, 25, 67 + i * lead))

  // The information block beside the address field, or the reference line under it.
  const info: [string, string][] = [
    [w.yourRef, yourRef],
    ...(r() < 0.5 ? [[w.yourMessage, date(yourMessage)] as [string, string]] : []),
    [w.ourRef, ourRef],
    [w.contact, contact],
    [w.phone, phone],
    [w.email, email],
    [w.customerNo, f.customerNo],
    [w.buyerVat, buyerVat],
    [credit ? w.creditNumber : w.number, f.number],
    ...(r() < 0.5 ? [[w.delivery, date(delivery)] as [string, string]] : []),
    [w.date, date(f.invoiceDate)],
    ...(terms === 'block' ? [[w.due, date(f.dueDate)] as [string, string]] : []),
  ]
  let bodyTop = 103.4
  if (block === 'refline') {
    const captions = w.refLine
    const values = [
      `${yourRef}${r() < 0.5 ? `, ${date(yourMessage)}` : ''}`,
      ourRef,
      `${phone.replace(/^\+\d+ /, '0')}, ${contact.split(' ')[1]}`,
      date(f.invoiceDate),
    ]
    const xs = [25, 75, 125, 165]
    captions.forEach((caption, i) => sheet.text(caption, xs[i]!, 98.4, { size: 7, grey: 0.3 }))
    values.forEach((value, i) => sheet.text(value, xs[i]!, 98.4 + lead, { size: s - 0.5 }))
    // The customer number and the due date stand by the subject.
    bodyTop = 98.4 + lead * 3
    sheet.text(`${w.customerNo}: ${f.customerNo} · ${w.buyerVat}: ${buyerVat}`, 25, bodyTop)
    if (terms === 'block') sheet.text(`${w.due}: ${date(f.dueDate)}`, 190, bodyTop, { right: true })
    bodyTop += lead * 1.8
  } else {
    let y = 55
    const small = s - 1
    if (block === 'beside') {
      for (const [label, value] of info) {
        // A value too long to stand right of its label (a long e-mail address) is left to the footer.
        if (sheet.width(`${label}: `, { size: small }) + sheet.width(value, { size: small }) > 62) continue
        sheet.text(`${label}:`, 125, y, { size: small, grey: 0.3 })
        const valueBold = label === w.number || label === w.creditNumber
        sheet.text(value, 190, y, { size: small, right: true, bold: valueBold })
        y += small * 0.44
      }
    } else {
      // Labels small above their values, in two columns.
      const half = Math.ceil(info.length / 2)
      info.forEach(([label, value], i) => {
        const x = i < half ? 125 : 160
        const row = i < half ? i : i - half
        sheet.text(label, x, y + row * small * 0.85, { size: 6.5, grey: 0.35 })
        sheet.text(value, x, y + row * small * 0.85 + small * 0.38, { size: small })
      })
      y += half * small * 0.85
    }
    bodyTop = Math.max(103.4, y + 8)
  }

  // The subject, the salutation and the opening sentence.
  const subject = credit ? w.creditSubject(creditTitle, f.number, credited) : w.subject(f.number)
  sheet.text(subject, 25, bodyTop, { bold: true, size: s + 1.5 })
  let y = bodyTop + lead * 2
  sheet.text(w.salutation, 25, y)
  y += lead * 1.6
  y = sheet.paragraph(credit ? w.creditIntro : w.intro, 25, y, 190, lead)
  if (r() < 0.4) {
    const [yy, mm] = f.invoiceDate.split('-') as [string, string]
    const month = MONTHS[austrian && lang === 'de' ? 'at' : lang][Number(mm) - 1]!
    y = sheet.paragraph(w.period(`${month} ${yy}`), 25, y, 190, lead)
  }

  // The lines.
  y += lead * 0.6
  const cols = { pos: 25, art: 35, text: 52, qty: 117, unit: 119, price: 150, vat: 163, total: 190 }
  const headSize = s - 1.5
  const shaded = r() < 0.5
  if (shaded) sheet.box(24, y - headSize * 0.42, 167, headSize * 0.55, [0.9, 0.9, 0.9])
  const headAt = (i: number, x: number, right = false) =>
    sheet.text(w.head[i]!, x, y, { bold: true, size: headSize, right })
  headAt(0, cols.pos)
  headAt(1, cols.art)
  headAt(2, cols.text)
  headAt(3, cols.qty, true)
  headAt(4, cols.unit)
  headAt(5, cols.price, true)
  headAt(6, cols.vat, true)
  headAt(7, cols.total, true)
  sheet.line(25, y + 1.6, 190, y + 1.6, 0.6)
  y += lead * 1.35
  const rowSize = s - 0.5
  f.lines.forEach((line, i) => {
    sheet.text(String(i + 1), cols.pos, y, { size: rowSize })
    sheet.text(String(10000 + ((Number(f.customerNo) * 7 + i * 131) % 89999)), cols.art, y, { size: rowSize })
    sheet.text(line.text, cols.text, y, { size: rowSize })
    sheet.text(lang === 'en' ? `${line.qty}.00` : `${line.qty},00`, cols.qty, y, {
      size: rowSize,
      right: true,
    })
    sheet.text(w.units[lineUnits[i]!]!, cols.unit, y, { size: rowSize })
    sheet.text(plain(line.price), cols.price, y, { size: rowSize, right: true })
    sheet.text(`${line.rate} %`, cols.vat, y, { size: rowSize, right: true })
    sheet.text(plain(line.amount), cols.total, y, { size: rowSize, right: true })
    y += lead * 1.15
  })
  sheet.line(25, y - lead * 0.55, 190, y - lead * 0.55, 0.4, 0.4)
  y += lead * 0.4

  // The totals under the amounts; the total underlined twice.
  const totalsX = 112
  sheet.text(w.net, totalsX, y)
  sheet.text(money(f.net), 190, y, { right: true })
  y += lead
  for (const v of f.vat) {
    sheet.text(w.vat(v.rate, money(v.base)), totalsX, y)
    sheet.text(money(v.vat), 190, y, { right: true })
    y += lead
  }
  sheet.line(totalsX, y - lead * 0.6, 190, y - lead * 0.6, 0.5)
  y += lead * 0.2
  const totalText = money(f.total)
  sheet.text(credit ? w.creditTotal : w.total, totalsX, y, { bold: true })
  sheet.text(totalText, 190, y, { bold: true, right: true })
  sheet.line(160, y + 1.4, 190, y + 1.4, 0.5)
  sheet.line(160, y + 2.1, 190, y + 2.1, 0.5)
  y += lead * 2.4

  // The terms of payment.
  const early = addDays(f.invoiceDate, pick(r, [7, 8, 10]) > days - 2 ? Math.max(1, days - 4) : 7)
  const pct = pick(r, [2, 3])
  const discountAmount = euro.put(moneyText(Math.round((f.total * pct) / 100), f.currency, euro.form))
  const termsText = credit
    ? w.creditNote(money(f.total))
    : terms === 'days'
      ? w.days(days, date(f.dueDate))
      : terms === 'discount'
        ? w.discount(pct, date(early), discountAmount, date(f.dueDate))
        : w.noDate
  y = sheet.paragraph(termsText, 25, y, 190, lead)
  if (!credit && terms !== 'block' && r() < 0.5) y = sheet.paragraph(w.reference, 25, y, 190, lead)

  // The closing and signature.
  y += lead * 0.6
  sheet.text(w.closing, 25, y)
  sheet.text(f.supplier, 25, y + lead * 1.1)
  sheet.text(contact, 25, y + lead * 3.3)
  if (y + lead * 3.3 > 268) throw new Error(`own-din5008 seed ${seed}: the letter runs into its footer`)

  // The footer: three or four small columns.
  const director = pick(
    r,
    people.filter((p) => p !== contact),
  )
  const register = registerOf(f, r, lang)
  const bank = [w.bank, pick(r, BANKS[country] ?? ['Bank']), `IBAN ${pay.iban}`, `BIC ${pay.bic}`]
  const address = [f.supplier, f.street, f.place, `${w.phone} ${phone}`, email]
  const legal = [`${w.director}: ${director}`, ...register, `${id.label} ${id.value}`]
  const four = r() < 0.5
  const columns = four
    ? [address.slice(0, 3), [`${w.phone} ${phone}`, email, `www.${domain}`], bank, legal]
    : [address, bank, legal]
  const footTop = 274
  sheet.line(25, footTop - 3.5, 190, footTop - 3.5, 0.4, 0.5)
  const colWidth = 165 / columns.length
  columns.forEach((col, i) =>
    col.forEach((line, k) => sheet.text(line, 25 + i * colWidth, footTop + k * 3, { size: 6.5, grey: 0.25 })),
  )
  if (r() < 0.5) sheet.text(w.page(1, 1), 190, 268, { size: 7, right: true, grey: 0.35 })

  return textPdfDocument({
    family: 'own-din5008',
    kind: 'layout',
    seed,
    bytes: await doc.save({ useObjectStreams: false }),
    facts: f,
    variant: `${lang},${f.country},${dateName},${euro.name},${fonts.name},${block},${credit ? 'credit' : terms},${four ? '4' : '3'}col`,
    id: id.value,
    pay,
    total: totalText,
    date,
    credit,
  })
}

/** A letter's PDF: a letter font (no typewriter face) and the corpus's fixed dates. */
async function newLetter(r: Rand) {
  const doc = await PDFDocument.create()
  doc.setCreator('Ledgerdesk corpus')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const fonts = await embedFonts(
    doc,
    pick(r, ['Helvetica', 'Helvetica', 'Times', 'DejaVuSans', 'DejaVuSerif'] as const),
  )
  return { doc, fonts }
}
