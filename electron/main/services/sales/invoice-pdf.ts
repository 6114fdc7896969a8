// The customer's invoice or credit note as a PDF (common/sales/document.ts), the way Norwegian invoices look:
// the seller and the document's title at the head of every page, the buyer in the envelope window and the
// invoice's facts beside it, the lines (numbers right-aligned, Norwegian forms), the VAT per rate and the
// totals, and on an invoice a giro-style payment box at the foot of the last page (account, KID, kroner and
// øre, due date, payer and payee). A draft's preview is marked as one on every page.
import { degrees, PDFDocument } from 'pdf-lib'
import { formatBankAccount, formatIban, formatOrgNumber, formatPhone } from '../../../../common/norwegian.ts'
import type { SalesDocument } from '../../../../common/sales/document.ts'
import { INVOICE_WORDS, amount, date, decimal, type InvoiceWords } from './invoice-pdf-words.ts'
import { Canvas, COLORS, embedFonts, PAGE_HEIGHT, PAGE_WIDTH, type Fonts } from './pdf-canvas.ts'

const LEFT = 45
const RIGHT = PAGE_WIDTH - 45
const TOP = PAGE_HEIGHT - 42
/** Lowest a line of the table may reach; the page number sits below it. */
const BOTTOM = 52
const GIRO_HEIGHT = 176
const GIRO_BOTTOM = 34
const LINE_SIZE = 8.5
const LINE_LEADING = 11
/** The buyer's address sits in the window of a C5 envelope: at most this wide. */
const WINDOW_WIDTH = 260

/** The lines table: the description's left edge and width, then each number's right edge. */
const COL = {
  text: LEFT + 4,
  textWidth: 176,
  quantity: 272,
  unit: 278,
  unitPrice: 380,
  discount: 424,
  vat: 462,
  sum: RIGHT - 4,
}

interface Layout {
  doc: SalesDocument
  words: InvoiceWords
  fonts: Fonts
  pdf: PDFDocument
  pages: Canvas[]
}

const credit = (d: SalesDocument) => d.kind === 'credit-note'

function title(l: Layout): string {
  return credit(l.doc) ? l.words.creditNote : l.words.invoice
}

/** The head of every page: the seller at the left, the title (and on later pages the number) at the right. */
function newPage(l: Layout): Canvas {
  const c = new Canvas(l.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), l.fonts)
  l.pages.push(c)
  const { doc, words } = l
  const s = doc.seller
  const titleWidth = c.width(title(l), { size: 20, font: 'bold' })
  const nameStyle = { size: 15, font: 'bold' as const, color: COLORS.accent }
  c.text(c.fit(s.name, RIGHT - LEFT - titleWidth - 24, nameStyle), LEFT, TOP - 12, nameStyle)
  let y = TOP - 28
  const sellerLines: string[] = []
  if (s.orgNumber)
    sellerLines.push(
      `${words.orgNumber} ${formatOrgNumber(s.orgNumber)}${s.vatRegistered ? ` ${words.vatRegistered}` : ''}`,
    )
  sellerLines.push(...s.addressLines)
  if (s.addressLines.length === 0 && doc.draft) sellerLines.push(`(${words.noSellerAddress})`)
  const contact = [
    s.email ? `${words.email} ${s.email}` : '',
    s.phone ? `${words.phone} ${formatPhone(s.phone)}` : '',
  ].filter(Boolean)
  if (contact.length) sellerLines.push(contact.join('   '))
  for (const line of sellerLines) {
    c.text(c.fit(line, RIGHT - LEFT - 200, { size: 8 }), LEFT, y, { size: 8, color: COLORS.muted })
    y -= 10.5
  }
  c.text(title(l), RIGHT, TOP - 14, { size: 20, font: 'bold', color: COLORS.accent, align: 'right' })
  if (l.pages.length > 1) {
    const label = credit(doc) ? words.creditNoteNumber : words.invoiceNumber
    c.text(`${label} ${doc.number ?? words.notNumberedYet}`, RIGHT, TOP - 30, {
      size: 8.5,
      color: COLORS.muted,
      align: 'right',
    })
  }
  if (doc.draft) {
    c.text(words.draft, RIGHT, TOP - (l.pages.length > 1 ? 43 : 30), {
      size: 9,
      font: 'bold',
      color: COLORS.draft,
      align: 'right',
    })
    c.page.drawText(words.draft, {
      x: 150,
      y: 260,
      size: 110,
      font: l.fonts.bold,
      color: COLORS.draft,
      opacity: 0.08,
      rotate: degrees(35),
    })
  }
  const bottom = Math.min(y + 2, TOP - 50)
  c.rule(LEFT, RIGHT, bottom, COLORS.accent, 1)
  return c
}

/** The buyer in the envelope window, the invoice's facts in a box beside it. Answers the y below both. */
function addressAndFacts(l: Layout, c: Canvas, top: number): number {
  const { doc, words } = l
  let y = top - 14
  const nameStyle = { size: 11, font: 'bold' as const }
  for (const line of c.wrap(doc.buyer.name, WINDOW_WIDTH, nameStyle).slice(0, 2)) {
    c.text(c.fit(line, WINDOW_WIDTH, nameStyle), LEFT, y, nameStyle)
    y -= 14
  }
  for (const line of doc.buyer.addressLines) {
    c.text(c.fit(line, WINDOW_WIDTH, { size: 10 }), LEFT, y, { size: 10 })
    y -= 13
  }
  if (doc.buyer.orgNumber) {
    y -= 3
    c.text(`${words.orgNumber} ${formatOrgNumber(doc.buyer.orgNumber)}`, LEFT, y, {
      size: 8.5,
      color: COLORS.muted,
    })
    y -= 12
  }

  const isCredit = credit(doc)
  const facts: [string, string][] = [
    [isCredit ? words.creditNoteNumber : words.invoiceNumber, doc.number ?? words.notNumberedYet],
    [isCredit ? words.creditNoteDate : words.invoiceDate, date(doc.invoiceDate)],
  ]
  if (!isCredit && doc.dueDate) facts.push([words.dueDate, date(doc.dueDate)])
  if (doc.deliveryDate) facts.push([words.deliveryDate, date(doc.deliveryDate)])
  if (doc.customerNumber) facts.push([words.customerNumber, doc.customerNumber])
  if (doc.ourReference) facts.push([words.ourReference, doc.ourReference])
  if (doc.yourReference) facts.push([words.yourReference, doc.yourReference])
  if (isCredit && doc.creditedInvoiceNumber) facts.push([words.credits, doc.creditedInvoiceNumber])
  if (doc.kid) facts.push([words.kid, doc.kid])
  const boxLeft = 330
  const rowHeight = 14.5
  const boxHeight = facts.length * rowHeight + 10
  c.box(boxLeft, top - boxHeight, RIGHT - boxLeft, boxHeight, COLORS.band)
  let fy = top - 15
  for (const [label, value] of facts) {
    c.text(label, boxLeft + 8, fy, { size: 8, color: COLORS.muted })
    const strong = label === words.kid || label === words.dueDate
    const shown = c.fit(value, RIGHT - boxLeft - 90, { size: 9, font: strong ? 'bold' : 'regular' })
    c.text(shown, RIGHT - 8, fy, { size: 9, font: strong ? 'bold' : 'regular', align: 'right' })
    fy -= rowHeight
  }
  return Math.min(y, top - boxHeight) - 22
}

function tableHead(l: Layout, c: Canvas, top: number): number {
  const w = l.words.columns
  c.box(LEFT, top - 18, RIGHT - LEFT, 18, COLORS.band)
  const y = top - 12
  const head = { size: 7.5, font: 'bold' as const, color: COLORS.muted }
  c.text(w.text, COL.text, y, head)
  c.text(w.quantity, COL.quantity, y, { ...head, align: 'right' })
  c.text(w.unit, COL.unit, y, head)
  c.text(w.unitPrice, COL.unitPrice, y, { ...head, align: 'right' })
  c.text(w.discount, COL.discount, y, { ...head, align: 'right' })
  c.text(w.vat, COL.vat, y, { ...head, align: 'right' })
  c.text(w.sum, COL.sum, y, { ...head, align: 'right' })
  return top - 18
}

/** The lines, over as many pages as they need. Answers the page and y where the table ends. */
function lines(l: Layout, first: Canvas, top: number): { c: Canvas; y: number } {
  let c = first
  let y = tableHead(l, c, top)
  const style = { size: LINE_SIZE }
  for (const line of l.doc.lines) {
    const textLines = c.wrap(line.text || '–', COL.textWidth, style)
    const height = textLines.length * LINE_LEADING + 6
    if (y - height < BOTTOM) {
      c = newPage(l)
      y = tableHead(l, c, TOP - 70)
    }
    let ty = y - 12
    for (const t of textLines) {
      c.text(t, COL.text, ty, style)
      ty -= LINE_LEADING
    }
    const ny = y - 12
    const right = { ...style, align: 'right' as const }
    c.text(decimal(line.quantity), COL.quantity, ny, right)
    if (line.unit)
      c.text(c.wrap(line.unit, COL.unitPrice - COL.unit - 62, style)[0] ?? '', COL.unit, ny, style)
    c.text(amount(line.unitPrice), COL.unitPrice, ny, right)
    if (line.discountPercent) c.text(decimal(line.discountPercent), COL.discount, ny, right)
    c.text(decimal(line.vatPercent), COL.vat, ny, right)
    c.text(amount(line.net), COL.sum, ny, right)
    y -= height
    c.rule(LEFT, RIGHT, y, COLORS.faint, 0.5)
  }
  return { c, y }
}

/** Free text and how to pay at the left; the VAT per rate and the totals at the right. */
function summary(l: Layout, c: Canvas, top: number): void {
  const { doc, words } = l
  const x = 330
  let y = top - 16
  const v = words.vatSummary
  const muted = { size: 7.5, color: COLORS.muted }
  c.text(v.rate, x, y, muted)
  c.text(v.base, 470, y, { ...muted, align: 'right' })
  c.text(v.vat, RIGHT, y, { ...muted, align: 'right' })
  for (const rate of doc.vat) {
    y -= 12
    c.text(`${decimal(rate.percent)} %`, x, y, { size: 8.5 })
    c.text(amount(rate.base), 470, y, { size: 8.5, align: 'right' })
    c.text(amount(rate.vat), RIGHT, y, { size: 8.5, align: 'right' })
  }
  y -= 8
  c.rule(x, RIGHT, y)
  y -= 14
  c.text(words.net, x, y, { size: 9 })
  c.text(amount(doc.totals.net), RIGHT, y, { size: 9, align: 'right' })
  y -= 13
  c.text(words.vat, x, y, { size: 9 })
  c.text(amount(doc.totals.vat), RIGHT, y, { size: 9, align: 'right' })
  y -= 9
  c.rule(x, RIGHT, y, COLORS.ink, 1)
  y -= 16
  c.text(credit(doc) ? words.credited : words.toPay, x, y, { size: 11, font: 'bold' })
  c.text(`${doc.currency} ${amount(doc.totals.gross)}`, RIGHT, y, { size: 11, font: 'bold', align: 'right' })

  let ly = top - 16
  const notes: string[] = []
  if (doc.freeText) notes.push(doc.freeText)
  if (credit(doc)) notes.push(words.creditNoteSettles)
  else if (doc.seller.bankAccount || doc.seller.iban) {
    const account = doc.seller.bankAccount
      ? formatBankAccount(doc.seller.bankAccount)
      : formatIban(doc.seller.iban ?? '')
    const pay = [words.payTo(account, date(doc.dueDate))]
    if (doc.kid) pay.push(words.payWithKid(doc.kid))
    else if (doc.number) pay.push(words.payWithNumber(doc.number))
    notes.push(pay.join(' '))
  }
  if (doc.seller.iban && doc.seller.bankAccount) notes.push(`${words.iban} ${formatIban(doc.seller.iban)}`)
  for (const note of notes) {
    for (const line of c.wrap(note, x - LEFT - 24, { size: 8.5 })) {
      c.text(line, LEFT, ly, { size: 8.5 })
      ly -= 11.5
    }
    ly -= 6
  }
}

function summaryHeight(l: Layout, c: Canvas): number {
  const notes = [l.doc.freeText ?? '', 'x x x x x x x x x x'].join('\n')
  const left = c.wrap(notes, 330 - LEFT - 24, { size: 8.5 }).length * 11.5 + 30
  const right = 16 + l.doc.vat.length * 12 + 8 + 14 + 13 + 9 + 16 + 10
  return Math.max(left, right) + 16
}

/** A labelled white field of the giro. */
function field(c: Canvas, label: string, x: number, y: number, w: number, h: number): void {
  c.box(x, y, w, h, COLORS.white, COLORS.giroLine)
  c.text(label, x + 4, y + h - 8, { size: 6, color: COLORS.muted })
}

/** The giro at the foot of the last page (Norwegian giro blankett: payment information, payer, payee, KID, amount). */
function giro(l: Layout, c: Canvas): void {
  const { doc, words } = l
  const g = words.giro
  const top = GIRO_BOTTOM + GIRO_HEIGHT
  const width = RIGHT - LEFT
  c.rule(LEFT - 20, RIGHT + 20, top + 10, COLORS.muted, 0.5, true)
  c.box(LEFT, GIRO_BOTTOM, width, GIRO_HEIGHT, COLORS.giro)
  const mid = LEFT + width / 2 + 6
  c.text(g.title, LEFT + 8, top - 14, { size: 10, font: 'bold', color: COLORS.giroLine })

  c.text(g.paymentInfo, LEFT + 50, top - 14, { size: 6.5, color: COLORS.muted })
  const label = words.invoiceNumber
  c.text(`${label} ${doc.number ?? words.notNumberedYet}`, LEFT + 50, top - 26, { size: 8.5 })
  if (doc.customerNumber)
    c.text(`${words.customerNumber} ${doc.customerNumber}`, LEFT + 50, top - 37, { size: 8.5 })

  field(c, g.dueDate, RIGHT - 110, top - 40, 102, 30)
  c.text(date(doc.dueDate), RIGHT - 12, top - 33, { size: 10, font: 'bold', align: 'right' })

  const partyTop = top - 50
  const partyHeight = 72
  field(c, g.paidBy, LEFT + 8, partyTop - partyHeight, mid - LEFT - 20, partyHeight)
  field(c, g.paidTo, mid, partyTop - partyHeight, RIGHT - mid - 8, partyHeight)
  const party = (name: string, lines: string[], x: number) => {
    const width = mid - LEFT - 32
    let y = partyTop - 22
    c.text(c.fit(name, width, { size: 8.5, font: 'bold' }), x, y, { size: 8.5, font: 'bold' })
    for (const line of lines.slice(0, 3)) {
      y -= 11
      c.text(c.fit(line, width, { size: 8.5 }), x, y, { size: 8.5 })
    }
  }
  party(doc.buyer.name, doc.buyer.addressLines, LEFT + 14)
  party(doc.seller.name, doc.seller.addressLines, mid + 6)

  const stripTop = partyTop - partyHeight - 10
  const stripHeight = 34
  const y = stripTop - stripHeight
  const kidWidth = 190
  const kronerWidth = 110
  const oreWidth = 40
  field(c, g.kid, LEFT + 8, y, kidWidth, stripHeight)
  field(c, g.kroner, LEFT + 8 + kidWidth + 6, y, kronerWidth, stripHeight)
  field(c, g.ore, LEFT + 8 + kidWidth + 6 + kronerWidth, y, oreWidth, stripHeight)
  const accountX = LEFT + 8 + kidWidth + 12 + kronerWidth + oreWidth
  field(c, g.toAccount, accountX, y, RIGHT - 8 - accountX, stripHeight)
  const value = { size: 11, font: 'mono' as const }
  if (doc.kid) c.text(doc.kid, LEFT + 14, y + 8, value)
  const gross = Math.abs(doc.totals.gross)
  const kroner = amount(gross).split(',')[0]!
  c.text(kroner, LEFT + 8 + kidWidth + 6 + kronerWidth - 6, y + 8, { ...value, align: 'right' })
  c.text(String(gross % 100).padStart(2, '0'), LEFT + 8 + kidWidth + 6 + kronerWidth + 8, y + 8, value)
  const account = doc.seller.bankAccount ? formatBankAccount(doc.seller.bankAccount) : (doc.seller.iban ?? '')
  c.text(account, accountX + 6, y + 8, value)
}

/** The customer's PDF of a sales document: A4 pages, DejaVu fonts embedded as subsets. */
export async function renderInvoicePdf(doc: SalesDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const words = INVOICE_WORDS[doc.language]
  const l: Layout = { doc, words, fonts: await embedFonts(pdf), pdf, pages: [] }
  const name = `${title(l)}${doc.number ? ` ${doc.number}` : ''}`
  pdf.setTitle(`${name} – ${doc.seller.name}`)
  pdf.setAuthor(doc.seller.name)
  pdf.setSubject(`${name}: ${doc.buyer.name}`)
  pdf.setLanguage(doc.language === 'nb' ? 'nb-NO' : 'en')
  pdf.setCreator('Ledgerdesk')
  pdf.setProducer('Ledgerdesk')

  const first = newPage(l)
  const tableTop = addressAndFacts(l, first, TOP - 92)
  let { c, y } = lines(l, first, tableTop)
  const withGiro = !credit(doc)
  const floor = withGiro ? GIRO_BOTTOM + GIRO_HEIGHT + 24 : BOTTOM
  if (y - summaryHeight(l, c) < floor) {
    c = newPage(l)
    y = TOP - 70
  }
  summary(l, c, y)
  if (withGiro) giro(l, c)
  l.pages.forEach((p, i) =>
    p.text(words.page(i + 1, l.pages.length), RIGHT, 18, { size: 7.5, color: COLORS.muted, align: 'right' }),
  )
  return pdf.save()
}
