// Own layout family `own-credit-note` (its group: ../families.ts): a supplier's credit note, drawn with
// pdf-lib on one A4 page, as the seller's invoicing program prints it when goods come back, a price was
// wrong or an invoice was sent twice. Every credit note has its own number and date and names the invoice it
// credits with that invoice's number and date (`Krediterer faktura nr. 10234 av 03.11.2026`, `Gutschrift
// zur Rechnung Nr. … vom …`); it says why (a return, a wrong price, a complaint, an invoice sent twice, an
// agreed reduction) and credits the whole invoice, one of its lines, part of a line's quantity, or a share
// of a line's price. The amounts are printed with a minus, a trailing minus, in parentheses, or as plain
// amounts under a total that says it is the buyer's (`Til gode`, `Zu Ihren Gunsten`, `Credit due to you`);
// the closing sentence says the amount is refunded (sometimes to the buyer's own account, named), set off
// against the next invoice, or is not to be paid. No due date and no KID; the seller's bank details stand in
// the foot of some. Three layouts:
// - `classic`: the seller's name and address top left, the title and a block of facts top right (credit
//   note number, date, customer number, the credited invoice and its date, the buyer's reference), the
//   buyer's address, the reason, the lines in a ruled table, the totals with the VAT of each rate;
// - `letter`: a letter with a centred letterhead, the place and date, a subject naming the credit note and
//   the invoice, a salutation and paragraphs, a small table of what is credited and the total in a sentence
//   line, closing and signature;
// - `band`: a coloured band with the seller and the title, the facts in a row of cells (caption above
//   value), the buyer and a box naming the credited invoice, striped lines, the totals in a shaded box.
// Languages: Norwegian bokmål and English (Norwegian sellers), Swedish, Danish, German (German and Austrian
// sellers) and English (British sellers), each with its country's amount and date forms; fonts Helvetica,
// Times, DejaVu Sans or DejaVu Serif.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatBankAccount, formatOrgNumber } from '../../../common/norwegian.ts'
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
  paymentTexts,
  resum,
  speltDate,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
  type MoneyForm,
} from './facts.ts'
import { inLanguage } from './items.ts'

type Lang = 'nb' | 'sv' | 'da' | 'de' | 'en'
type Layout = 'classic' | 'letter' | 'band'
type Sign = 'minus' | 'trailing' | 'parens' | 'positive'
type Scope = 'full' | 'line' | 'part' | 'price'
type Settle = 'refund' | 'offset' | 'none'

interface Words {
  titles: string[]
  number: string[]
  date: string
  customerNo: string
  yourRef: string
  credits: (n: string, d: string) => string
  creditedNo: string
  creditedDate: string
  reason: string
  reasons: string[]
  head: [string, string, string, string, string]
  net: string
  vat: (rate: number) => string
  total: string
  positiveTotal: string
  refund: (account: string | null) => string
  offset: string
  none: string
  priceCut: (pct: number, text: string) => string
  returned: (text: string) => string
  subject: (title: string, n: string, credited: string, d: string) => string
  salutation: string
  intro: string
  closing: string
  buyer: string
  bank: string
  account: string
  page: string
  phone: string
  country: string
}

const WORDS: Record<Lang, Words> = {
  nb: {
    titles: ['KREDITNOTA', 'Kreditnota', 'KREDITFAKTURA'],
    number: ['Kreditnotanr.', 'Kreditnota nr.', 'Kreditnotanummer'],
    date: 'Dato',
    customerNo: 'Kundenr.',
    yourRef: 'Deres ref.',
    credits: (n, d) => `Krediterer faktura nr. ${n} av ${d}`,
    creditedNo: 'Gjelder faktura',
    creditedDate: 'Fakturadato',
    reason: 'Årsak',
    reasons: [
      'Retur av varer',
      'Feil pris fakturert',
      'Reklamasjon',
      'Dobbeltfakturert',
      'Avtalt prisavslag',
    ],
    head: ['Beskrivelse', 'Antall', 'Enhetspris', 'Mva', 'Beløp'],
    net: 'Sum eks. mva',
    vat: (rate) => `Mva ${rate} %`,
    total: 'Sum kreditnota',
    positiveTotal: 'Til gode',
    refund: (a) =>
      a
        ? `Beløpet tilbakebetales til deres konto ${a} innen 14 dager.`
        : 'Beløpet tilbakebetales innen 14 dager.',
    offset: 'Beløpet motregnes i neste faktura.',
    none: 'Kreditnotaen skal ikke betales.',
    priceCut: (pct, t) => `Prisavslag ${pct} % på ${t}`,
    returned: (t) => `Retur: ${t}`,
    subject: (t, n, c, d) => `${t} ${n} til faktura ${c} av ${d}`,
    salutation: 'Hei,',
    intro: 'Vi viser til faktura nevnt over og krediterer herved følgende:',
    closing: 'Med vennlig hilsen',
    buyer: 'Kunde',
    bank: 'Bank',
    account: 'Kontonr.',
    page: 'Side 1 av 1',
    phone: 'Tlf.',
    country: '',
  },
  sv: {
    titles: ['KREDITFAKTURA', 'Kreditfaktura', 'KREDITNOTA'],
    number: ['Kreditfakturanr', 'Kreditfaktura nr', 'Nummer'],
    date: 'Datum',
    customerNo: 'Kundnr',
    yourRef: 'Er referens',
    credits: (n, d) => `Krediterar faktura nr ${n} daterad ${d}`,
    creditedNo: 'Avser faktura',
    creditedDate: 'Fakturadatum',
    reason: 'Orsak',
    reasons: [
      'Returnerade varor',
      'Felaktigt pris',
      'Reklamation',
      'Dubbelfakturering',
      'Överenskommen rabatt',
    ],
    head: ['Benämning', 'Antal', 'À-pris', 'Moms', 'Belopp'],
    net: 'Summa exkl. moms',
    vat: (rate) => `Moms ${rate} %`,
    total: 'Summa kreditfaktura',
    positiveTotal: 'Att återfå',
    refund: (a) =>
      a ? `Beloppet återbetalas till ert konto ${a} inom 14 dagar.` : 'Beloppet återbetalas inom 14 dagar.',
    offset: 'Beloppet avräknas mot nästa faktura.',
    none: 'Kreditfakturan ska inte betalas.',
    priceCut: (pct, t) => `Prisavdrag ${pct} % på ${t}`,
    returned: (t) => `Retur: ${t}`,
    subject: (t, n, c, d) => `${t} ${n} avseende faktura ${c} av ${d}`,
    salutation: 'Hej,',
    intro: 'Vi hänvisar till fakturan ovan och krediterar härmed följande:',
    closing: 'Med vänliga hälsningar',
    buyer: 'Kund',
    bank: 'Bank',
    account: 'Bankgiro',
    page: 'Sida 1 av 1',
    phone: 'Tel.',
    country: 'NORGE',
  },
  da: {
    titles: ['KREDITNOTA', 'Kreditnota'],
    number: ['Kreditnotanr.', 'Kreditnota nr.'],
    date: 'Dato',
    customerNo: 'Kundenr.',
    yourRef: 'Jeres ref.',
    credits: (n, d) => `Kreditering af faktura nr. ${n} af ${d}`,
    creditedNo: 'Vedrører faktura',
    creditedDate: 'Fakturadato',
    reason: 'Årsag',
    reasons: ['Returvarer', 'Forkert pris', 'Reklamation', 'Dobbeltfaktureret', 'Aftalt prisnedslag'],
    head: ['Beskrivelse', 'Antal', 'Stykpris', 'Moms', 'Beløb'],
    net: 'Subtotal',
    vat: (rate) => `Moms ${rate} %`,
    total: 'Kreditnota i alt',
    positiveTotal: 'Tilgodehavende',
    refund: (a) =>
      a
        ? `Beløbet tilbagebetales til jeres konto ${a} inden 14 dage.`
        : 'Beløbet tilbagebetales inden 14 dage.',
    offset: 'Beløbet modregnes i næste faktura.',
    none: 'Kreditnotaen skal ikke betales.',
    priceCut: (pct, t) => `Prisnedslag ${pct} % på ${t}`,
    returned: (t) => `Retur: ${t}`,
    subject: (t, n, c, d) => `${t} ${n} vedrørende faktura ${c} af ${d}`,
    salutation: 'Kære kunde,',
    intro: 'Vi henviser til ovennævnte faktura og krediterer hermed følgende:',
    closing: 'Med venlig hilsen',
    buyer: 'Kunde',
    bank: 'Bank',
    account: 'Reg.nr./konto',
    page: 'Side 1 af 1',
    phone: 'Tlf.',
    country: 'NORGE',
  },
  de: {
    titles: ['GUTSCHRIFT', 'Gutschrift', 'Rechnungskorrektur'],
    number: ['Gutschrift-Nr.', 'Gutschriftsnummer', 'Beleg-Nr.'],
    date: 'Datum',
    customerNo: 'Kunden-Nr.',
    yourRef: 'Ihr Zeichen',
    credits: (n, d) => `Gutschrift zur Rechnung Nr. ${n} vom ${d}`,
    creditedNo: 'Bezug: Rechnung',
    creditedDate: 'Rechnungsdatum',
    reason: 'Grund',
    reasons: [
      'Warenrücksendung',
      'Falscher Preis berechnet',
      'Reklamation',
      'Doppelt berechnet',
      'Vereinbarter Preisnachlass',
    ],
    head: ['Bezeichnung', 'Menge', 'Einzelpreis', 'USt.', 'Betrag'],
    net: 'Nettobetrag',
    vat: (rate) => `USt. ${rate} %`,
    total: 'Gutschriftsbetrag',
    positiveTotal: 'Zu Ihren Gunsten',
    refund: (a) =>
      a
        ? `Den Betrag überweisen wir innerhalb von 14 Tagen auf Ihr Konto ${a}.`
        : 'Den Betrag überweisen wir Ihnen innerhalb von 14 Tagen.',
    offset: 'Der Betrag wird mit der nächsten Rechnung verrechnet.',
    none: 'Bitte nicht überweisen.',
    priceCut: (pct, t) => `Preisnachlass ${pct} % auf ${t}`,
    returned: (t) => `Rücksendung: ${t}`,
    subject: (t, n, c, d) => `${t} Nr. ${n} zur Rechnung Nr. ${c} vom ${d}`,
    salutation: 'Sehr geehrte Damen und Herren,',
    intro: 'bezugnehmend auf die oben genannte Rechnung schreiben wir Ihnen Folgendes gut:',
    closing: 'Mit freundlichen Grüßen',
    buyer: 'Kunde',
    bank: 'Bankverbindung',
    account: 'Konto',
    page: 'Seite 1 von 1',
    phone: 'Tel.',
    country: 'NORWEGEN',
  },
  en: {
    titles: ['CREDIT NOTE', 'Credit Note', 'Credit note'],
    number: ['Credit note no.', 'Credit note number', 'Credit No.'],
    date: 'Date',
    customerNo: 'Customer no.',
    yourRef: 'Your ref.',
    credits: (n, d) => `Credit note for invoice no. ${n} dated ${d}`,
    creditedNo: 'Original invoice',
    creditedDate: 'Invoice date',
    reason: 'Reason',
    reasons: ['Goods returned', 'Incorrect price charged', 'Complaint', 'Invoiced twice', 'Agreed discount'],
    head: ['Description', 'Qty', 'Unit price', 'VAT', 'Amount'],
    net: 'Subtotal',
    vat: (rate) => `VAT ${rate}%`,
    total: 'Total credit',
    positiveTotal: 'Credit due to you',
    refund: (a) =>
      a
        ? `The amount will be refunded to your account ${a} within 14 days.`
        : 'The amount will be refunded within 14 days.',
    offset: 'The amount will be deducted from your next invoice.',
    none: 'No payment is required.',
    priceCut: (pct, t) => `Price reduction ${pct}% on ${t}`,
    returned: (t) => `Returned: ${t}`,
    subject: (t, n, c, d) => `${t} ${n} for invoice ${c} of ${d}`,
    salutation: 'Dear customer,',
    intro: 'With reference to the invoice above we credit you as follows:',
    closing: 'Kind regards',
    buyer: 'Customer',
    bank: 'Bank details',
    account: 'Account',
    page: 'Page 1 of 1',
    phone: 'Tel.',
    country: 'NORWAY',
  },
}

const SIGNERS = [
  'Kari Nilsen',
  'Jonas Berg',
  'Anna Svensson',
  'Mette Jensen',
  'Thomas Weber',
  'Claire Hughes',
]

const MM = 72 / 25.4
type Colour = [number, number, number]

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
    o: { size?: number; bold?: boolean; align?: 'right' | 'center'; colour?: Colour } = {},
  ) {
    const size = o.size ?? 9
    const w = this.width(s, size, o.bold)
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x
    this.page.drawText(s, {
      x: left * MM,
      y: (297 - y) * MM,
      size,
      font: this.font(o.bold),
      color: rgb(...(o.colour ?? [0.1, 0.1, 0.1])),
    })
  }
  box(x: number, top: number, w: number, h: number, fill: Colour | null, border?: Colour) {
    this.page.drawRectangle({
      x: x * MM,
      y: (297 - top - h) * MM,
      width: w * MM,
      height: h * MM,
      ...(fill ? { color: rgb(...fill) } : {}),
      ...(border ? { borderColor: rgb(...border), borderWidth: 0.6 } : {}),
    })
  }
  line(x1: number, y: number, x2: number, grey = 0.55, thickness = 0.5) {
    this.page.drawLine({
      start: { x: x1 * MM, y: (297 - y) * MM },
      end: { x: x2 * MM, y: (297 - y) * MM },
      thickness,
      color: rgb(grey, grey, grey),
    })
  }
  /** Text wrapped at `width` mm; answers the baseline after the last line. */
  para(s: string, x: number, y: number, width: number, size: number, lead = 1.45): number {
    let line = ''
    for (const word of s.split(' ')) {
      const next = line ? `${line} ${word}` : word
      if (line && this.width(next, size) > width) {
        this.text(line, x, y, { size })
        y += (size * lead) / MM
        line = word
      } else line = next
    }
    if (line) this.text(line, x, y, { size })
    return y + (size * lead) / MM
  }
}

interface CreditLine extends FactLine {
  /** The line as printed (a returned item, a price reduction). */
  shown: string
}

export async function generateCreditNote(seed: number): Promise<CorpusDocument> {
  // The market, language and layout drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 3101)
  const [country, lang] = pick(spread, [
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'en'],
    ['SE', 'sv'],
    ['DK', 'da'],
    ['DE', 'de'],
    ['AT', 'de'],
    ['GB', 'en'],
  ] as const)
  const layout: Layout = pick(spread, ['classic', 'letter', 'band'])
  const { facts: f, r } = makeFacts(seed, 3101, { country, lines: [1, 5] })
  inLanguage(f, lang)
  const w = WORDS[lang]

  // What is credited: the whole invoice, one line, part of a line's quantity or a share of its price.
  const scope: Scope = pick(r, ['full', 'full', 'line', 'line', 'part', 'price'])
  const target = int(r, 0, f.lines.length - 1)
  const original = f.lines[target]!
  const reasonIndex =
    scope === 'price' ? pick(r, [1, 4]) : scope === 'full' ? pick(r, [0, 2, 3]) : pick(r, [0, 0, 2])
  let lines: CreditLine[]
  if (scope === 'full') lines = f.lines.map((l) => ({ ...l, shown: l.text }))
  else if (scope === 'line' || (scope === 'part' && original.qty < 2))
    lines = [{ ...original, shown: reasonIndex === 0 ? w.returned(original.text) : original.text }]
  else if (scope === 'part') {
    const qty = int(r, 1, original.qty - 1)
    lines = [{ ...original, qty, amount: qty * original.price, shown: w.returned(original.text) }]
  } else {
    const pct = pick(r, [5, 10, 15, 20, 25])
    const amount = Math.round((original.amount * pct) / 100)
    lines = [{ ...original, qty: 1, price: amount, amount, shown: w.priceCut(pct, original.text) }]
  }
  f.lines = lines.map((l) => ({ text: l.shown, qty: l.qty, price: l.price, amount: l.amount, rate: l.rate }))
  resum(f)

  // The credited invoice: its number in the seller's series, its date weeks before the credit note's.
  const seq = int(r, 1000, 99999)
  const creditedNo = pick(r, [String(seq), `${f.invoiceDate.slice(0, 4)}-${seq}`, `F${seq}`])
  const creditedDate = addDays(f.invoiceDate, -int(r, 4, 75))
  f.number = pick(r, [
    String(seq + int(r, 3, 400)),
    `KN-${f.invoiceDate.slice(0, 4)}-${String(int(r, 1, 999)).padStart(4, '0')}`,
    `K${seq + int(r, 3, 400)}`,
    lang === 'de'
      ? `GS-${f.invoiceDate.slice(0, 4)}-${int(r, 100, 999)}`
      : `CN-${String(int(r, 1, 99999)).padStart(5, '0')}`,
  ])
  f.kid = null
  // The seller's bank details in the foot of some; a credit note asks for no payment.
  const showBank = r() < 0.6
  if (!showBank) f.account = f.iban = f.bic = null
  const sign: Sign = pick(r, ['minus', 'minus', 'trailing', 'parens', 'positive'])
  const settle: Settle = pick(r, ['refund', 'refund', 'offset', 'none'])

  // Amounts and dates in the country's forms.
  const form: MoneyForm = pick(r, MONEY_FORMS[lang]!)
  const plainForm: MoneyForm = { ...form, code: 'none' }
  const signed = (c: number, withCode: boolean): string => {
    const shown = withCode && sign !== 'trailing' && sign !== 'parens' ? form : plainForm
    switch (sign) {
      case 'minus':
        return moneyText(-c, f.currency, shown)
      case 'trailing':
        return `${moneyText(c, f.currency, shown)}-`
      case 'parens':
        return `(${moneyText(c, f.currency, shown)})`
      case 'positive':
        return moneyText(c, f.currency, shown)
    }
  }
  const unsigned = (c: number) => moneyText(c, f.currency, plainForm)
  const dateForm = datesOf(lang, country, r)
  const date = dateForm.text
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const fontName = pick(r, ['Helvetica', 'Helvetica', 'Times', 'DejaVuSans', 'DejaVuSerif'] as const)
  const doc = await PDFDocument.create()
  doc.setCreator(pick(r, ['Ledgerdesk corpus', 'Fakturaprogram 7.2', 'ERP Print Service']))
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const fonts = await embedFonts(doc, fontName)
  const sheet = new Sheet(doc.addPage([210 * MM, 297 * MM]), fonts)
  const accent = pick(r, [
    [0.12, 0.23, 0.37],
    [0.55, 0.12, 0.12],
    [0.1, 0.4, 0.3],
    [0.25, 0.25, 0.25],
  ] as Colour[])
  const grey: Colour = [0.4, 0.4, 0.4]
  const size = pick(r, [8.5, 9, 9.5])
  const title = pick(r, w.titles)
  const numberLabel = pick(r, w.number)
  const reason = w.reasons[reasonIndex]!
  const buyerStreet = pick(r, STREETS)
  const buyerPlace = pick(r, PLACES)
  const buyerRef = pick(r, ['Ola Hansen', 'Innkjøp', 'PO 4471', 'Regnskap', 'Kari Moe'])
  const buyerAccount =
    settle === 'refund' && country === 'NO' && r() < 0.6 ? formatBankAccount(f.buyerAccount) : null
  const closing = settle === 'refund' ? w.refund(buyerAccount) : settle === 'offset' ? w.offset : w.none
  const phone = `${int(r, 20, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`
  const totalText = signed(f.total, true)
  const totalLabel =
    sign === 'positive'
      ? w.positiveTotal
      : sign === 'trailing' || sign === 'parens'
        ? `${w.total} ${f.currency}`
        : w.total
  const vatRows = f.vat.map((v): [string, string] => [w.vat(v.rate), signed(v.vat, false)])
  const sums: [string, string, boolean][] = [
    [w.net, signed(f.net, false), false],
    ...vatRows.map(([l, v]): [string, string, boolean] => [l, v, false]),
    [totalLabel, totalText, true],
  ]
  const facts: [string, string][] = [
    [numberLabel, f.number],
    [w.date, date(f.invoiceDate)],
    [w.customerNo, f.customerNo],
    [w.creditedNo, creditedNo],
    [w.creditedDate, date(creditedDate)],
    ...(r() < 0.5 ? [[w.yourRef, buyerRef] as [string, string]] : []),
  ]
  const buyerBlock = [f.buyer, buyerStreet, buyerPlace, ...(country !== 'NO' && r() < 0.7 ? [w.country] : [])]
  const buyerOrg = `Org.nr. ${formatOrgNumber(f.buyerOrg)}`

  /** The lines table from `top`; answers where it ends. */
  const table = (top: number, striped: boolean, headFill: Colour | null): number => {
    const cols = { text: 20, qty: 122, price: 150, rate: 166, amount: 190 }
    if (headFill) sheet.box(18, top - 4.6, 174, 6.4, headFill)
    const hc: Colour = headFill && headFill[0] < 0.5 ? [1, 1, 1] : [0.1, 0.1, 0.1]
    sheet.text(w.head[0], cols.text, top, { size: size - 0.5, bold: true, colour: hc })
    sheet.text(w.head[1], cols.qty, top, { size: size - 0.5, bold: true, align: 'right', colour: hc })
    sheet.text(w.head[2], cols.price, top, { size: size - 0.5, bold: true, align: 'right', colour: hc })
    sheet.text(w.head[3], cols.rate, top, { size: size - 0.5, bold: true, align: 'right', colour: hc })
    sheet.text(w.head[4], cols.amount, top, { size: size - 0.5, bold: true, align: 'right', colour: hc })
    if (!headFill) sheet.line(18, top + 2, 192, 0.3, 0.7)
    let y = top + 7
    lines.forEach((l, i) => {
      if (striped && i % 2 === 1) sheet.box(18, y - 4.3, 174, 6, [0.95, 0.95, 0.95])
      const textSize = sheet.width(l.shown, size) > 98 ? size - 1.2 : size
      sheet.text(l.shown, cols.text, y, { size: textSize })
      sheet.text(String(l.qty), cols.qty, y, { size, align: 'right' })
      sheet.text(unsigned(l.price), cols.price, y, { size, align: 'right' })
      sheet.text(`${l.rate} %`, cols.rate, y, { size, align: 'right' })
      sheet.text(signed(l.amount, false), cols.amount, y, { size, align: 'right' })
      y += 6
    })
    sheet.line(18, y - 3.5, 192, 0.55, 0.5)
    return y + 2
  }
  /** The sums right-aligned from `top`; answers where they end. */
  const totals = (top: number, x: number, boxed: boolean): number => {
    const h = sums.length * 5.4 + 4
    if (boxed) sheet.box(x - 3, top - 5, 195 - x, h, [0.93, 0.94, 0.96])
    let y = top
    for (const [label, value, strong] of sums) {
      if (strong && !boxed) sheet.line(x, y - 4, 192, 0.2, 0.7)
      sheet.text(label, x, y, { size: strong ? size + 0.5 : size, bold: strong })
      sheet.text(value, 190, y, { size: strong ? size + 0.5 : size, bold: strong, align: 'right' })
      y += 5.4
    }
    return y
  }
  const foot = () => {
    sheet.line(18, 275, 192, 0.6, 0.4)
    const cols: string[][] = [
      [f.supplier, f.street, f.place],
      [`${w.phone} ${phone}`, `${id.label} ${id.value}`],
      ...(showBank
        ? [
            [
              w.bank,
              ...(pay.account ? [`${w.account} ${pay.account}`] : []),
              ...(pay.iban ? [`IBAN ${pay.iban}`] : []),
              ...(pay.bic ? [`BIC ${pay.bic}`] : []),
            ],
          ]
        : []),
    ]
    const colW = 174 / cols.length
    cols.forEach((rows, i) =>
      rows.forEach((s, k) =>
        sheet.text(s, 18 + i * colW, 280 + k * 3.6, { size: 6.8, colour: grey, bold: k === 0 && i === 0 }),
      ),
    )
    sheet.text(w.page, 192, 273.5, { size: 6.5, align: 'right', colour: grey })
  }

  let end: number
  if (layout === 'classic') {
    sheet.text(f.supplier, 18, 24, { size: 15, bold: true, colour: accent })
    ;[f.street, f.place, `${id.label} ${id.value}`].forEach((s, i) =>
      sheet.text(s, 18, 30 + i * 4.2, { size: 8.5 }),
    )
    sheet.text(title, 192, 24, { size: 19, bold: true, align: 'right', colour: accent })
    facts.forEach(([label, value], i) => {
      sheet.text(label, 128, 33 + i * 4.8, { size: size - 0.5, colour: grey })
      sheet.text(value, 192, 33 + i * 4.8, { size, align: 'right', bold: i === 0 })
    })
    sheet.text(w.buyer, 18, 55, { size: 7, colour: grey })
    buyerBlock.forEach((s, i) => sheet.text(s, 18, 60 + i * 4.6, { size: 9.5, bold: i === 0 }))
    sheet.text(buyerOrg, 18, 60 + buyerBlock.length * 4.6, { size: 8.5 })
    let y = Math.max(92, 37 + facts.length * 4.8 + 10)
    sheet.text(w.credits(creditedNo, date(creditedDate)), 18, y, { size: size + 1, bold: true })
    sheet.text(`${w.reason}: ${reason}`, 18, y + 5.5, { size })
    y = table(y + 16, false, null)
    y = totals(y + 4, 120, false)
    end = sheet.para(closing, 18, y + 8, 174, size)
  } else if (layout === 'letter') {
    sheet.text(f.supplier, 105, 20, { size: 16, bold: true, align: 'center', colour: accent })
    sheet.text(`${f.street} · ${f.place} · ${w.phone} ${phone}`, 105, 26, {
      size: 8,
      align: 'center',
      colour: grey,
    })
    sheet.line(18, 30, 192, 0.5, 0.6)
    sheet.text(`${f.supplier} · ${f.street} · ${f.place}`, 20, 47, { size: 6.3, colour: grey })
    buyerBlock.forEach((s, i) => sheet.text(s, 20, 53 + i * 4.6, { size: 9.5 }))
    const city = country === 'GB' ? f.place.split(' ')[0]! : f.place.replace(/^[\d ]+/, '')
    sheet.text(`${city}, ${date(f.invoiceDate)}`, 192, 53, { size, align: 'right' })
    sheet.text(`${w.customerNo} ${f.customerNo}`, 192, 58, { size: size - 0.5, align: 'right', colour: grey })
    let y = 84
    const subject = w.subject(
      title.charAt(0) + title.slice(1).toLowerCase(),
      f.number,
      creditedNo,
      date(creditedDate),
    )
    sheet.text(subject, 20, y, {
      size: sheet.width(subject, size + 1.5, true) > 170 ? size : size + 1.5,
      bold: true,
    })
    y = sheet.para(w.salutation, 20, y + 11, 170, size)
    y = sheet.para(`${w.intro} ${w.reason}: ${reason}.`, 20, y + 2, 170, size)
    y = table(y + 6, false, null)
    y = totals(y + 4, 120, false)
    y = sheet.para(closing, 20, y + 6, 170, size)
    sheet.text(w.closing, 20, y + 8, { size })
    sheet.text(pick(r, SIGNERS), 20, y + 22, { size })
    sheet.text(f.supplier, 20, y + 26.5, { size: size - 0.5, colour: grey })
    end = y + 28
  } else {
    sheet.box(0, 0, 210, 28, accent)
    sheet.text(f.supplier, 18, 15, { size: 15, bold: true, colour: [1, 1, 1] })
    sheet.text(`${f.street}, ${f.place} · ${id.label} ${id.value}`, 18, 21.5, {
      size: 7.8,
      colour: [1, 1, 1],
    })
    sheet.text(title.toUpperCase(), 192, 17, { size: 17, bold: true, align: 'right', colour: [1, 1, 1] })
    // The credited invoice stands in its own box; the cells hold the note's own facts.
    const cells = facts.filter(([label]) => label !== w.creditedNo && label !== w.creditedDate)
    const cellW = 174 / cells.length
    cells.forEach(([label, value], i) => {
      const x = 18 + i * cellW
      sheet.box(x, 34, cellW - 1.5, 12, [0.94, 0.95, 0.96])
      sheet.text(label, x + 2, 38.5, { size: 6.8, colour: grey })
      let fit = size
      while (fit > 6.5 && sheet.width(value, fit, i === 0) > cellW - 5) fit -= 0.5
      sheet.text(value, x + 2, 43.5, { size: fit, bold: i === 0 })
    })
    sheet.text(w.buyer, 18, 56, { size: 7, colour: grey, bold: true })
    buyerBlock.forEach((s, i) => sheet.text(s, 18, 61 + i * 4.6, { size: 9.5, bold: i === 0 }))
    sheet.text(buyerOrg, 18, 61 + buyerBlock.length * 4.6, { size: 8.5 })
    sheet.box(112, 53, 80, 22, null, accent)
    sheet.text(w.creditedNo, 115, 59, { size: size - 1, colour: grey })
    sheet.text(creditedNo, 189, 59, { size: size - 1, bold: true, align: 'right' })
    sheet.text(w.creditedDate, 115, 64.5, { size: size - 1, colour: grey })
    sheet.text(date(creditedDate), 189, 64.5, { size: size - 1, align: 'right' })
    sheet.text(`${w.reason}: ${reason}`, 115, 70, { size: size - 1 })
    let y = table(94, true, accent)
    y = totals(y + 6, 118, true)
    end = sheet.para(closing, 18, y + 8, 174, size)
  }
  if (end > 270)
    throw new Error(`own-credit-note seed ${seed}: the note runs into its foot (${Math.round(end)} mm)`)
  foot()

  return textPdfDocument({
    family: 'own-credit-note',
    kind: 'layout',
    seed,
    bytes: await doc.save({ useObjectStreams: false }),
    facts: f,
    variant: `${layout},${lang},${country},${scope},${sign},${settle},${dateForm.name},${fonts.name}${showBank ? ',bank' : ''}`,
    id: id.value,
    pay: showBank ? pay : {},
    total: totalText,
    date,
    credit: true,
  })
}

/** A language's date forms, as a country's businesses print them (numeric, or the month spelt out). */
export function datesOf(
  lang: Lang,
  country: string,
  r: Rand,
): { name: string; text: (iso: string) => string } {
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
      return pick(r, [
        numeric('iso'),
        numeric('iso'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'sv') },
      ])
    case 'da':
      return pick(r, [
        numeric('dmy-'),
        numeric('dmy.'),
        { name: 'long', text: (iso: string) => speltDate(iso, 'da') },
      ])
    case 'de':
      return country === 'AT'
        ? pick(r, [numeric('dmy.'), { name: 'long', text: (iso: string) => speltDate(iso, 'de-AT') }])
        : pick(r, [
            numeric('dmy.'),
            numeric('dmy.'),
            { name: 'long', text: (iso: string) => dateText(iso, 'long', 'de') },
          ])
    case 'en':
      return country === 'NO'
        ? numeric('dmy.')
        : pick(r, [numeric('dmy/'), { name: 'long', text: (iso: string) => dateText(iso, 'long', 'en') }])
  }
}
