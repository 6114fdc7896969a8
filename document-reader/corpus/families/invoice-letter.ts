// Own layout family `own-invoice-letter` (its group: ../families.ts): an invoice written as a business letter,
// its facts standing in running prose rather than beside labels. The letterhead (the seller's name, address
// and number), the buyer's address, sometimes the place and date, a subject line, a salutation, then
// sentences that carry the facts: the invoice number and date (`Fakturanummer 12345 av 3. mars 2026 omfatter
// følgende`), a small table of the lines with the net, the VAT and the total under it, the amount and its due
// date (`Beløpet kr 1 234,50 forfaller til betaling 2. april 2026`) and where to pay it (account and KID,
// or IBAN and BIC), the closing and the signature; the seller's address, number and sometimes its bank in a
// footer line. Each language has several wordings of each sentence, chosen by the seed. Some documents are
// credit notes: they credit an earlier invoice, say what happens to the amount, have no due date and no KID,
// and their table's total is negative. Languages: Norwegian (bokmål), English, German and French, each with
// its country's amount and date forms.
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, rng } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type DateForm,
} from './facts.ts'
import { newDocument } from './fresh-layouts.ts'
import { inLanguage } from './items.ts'

type Lang = 'nb' | 'en' | 'de' | 'fr'

/**
 * A sentence's wordings: `{name}` stands for a value, which is never broken over two lines. The values:
 * number, date, due, total, order, credited (the invoice a credit note credits), account, kid, iban, bic.
 */
interface Sentences {
  subject: string[]
  creditSubject: string[]
  greeting: string[]
  intro: string[]
  creditIntro: string[]
  amount: string[]
  creditAmount: string[]
  /** Norwegian account with a KID; without one; a foreign IBAN (with its BIC). */
  payKid: string[]
  payAccount: string[]
  payIban: string[]
  /** A Norwegian seller's IBAN for payments from abroad. */
  alsoIban: string[]
  closing: string[]
  head: [string, string, string]
  net: string
  vat: (rate: number) => string
  total: string
  creditTotal: string
  bank: string
}

const SENTENCES: Record<Lang, Sentences> = {
  nb: {
    subject: ['Faktura {number}', 'Faktura nr. {number}'],
    creditSubject: ['Kreditnota {number}', 'Kreditnota nr. {number}'],
    greeting: ['Hei,', 'Til rette vedkommende,'],
    intro: [
      'Vi fakturerer herved for varer og tjenester levert etter Deres bestilling {order}. Fakturanummer {number} av {date} omfatter følgende:',
      'Takk for oppdraget. Med dette sender vi faktura nr. {number}, datert {date}, for følgende leveranse:',
      'I henhold til avtale fakturerer vi for utført arbeid. Fakturaen har nummer {number} og er datert {date}.',
    ],
    creditIntro: [
      'Vi krediterer herved faktura {credited}. Kreditnota nr. {number} av {date} gjelder følgende:',
      'Som avtalt sender vi kreditnota {number}, datert {date}, for faktura {credited}:',
    ],
    amount: [
      'Beløpet {total} forfaller til betaling {due}.',
      'Vi ber om at totalbeløpet på {total} inkludert merverdiavgift blir betalt senest {due}.',
      'Å betale er {total}, med forfall {due}.',
    ],
    creditAmount: [
      'Beløpet på {total} blir tilbakebetalt til Deres konto eller motregnet i neste faktura.',
      'Kreditert beløp, {total}, trekkes fra ved neste fakturering.',
    ],
    payKid: [
      'Betaling skjer til konto {account} med KID {kid}.',
      'Bruk KID {kid} når beløpet betales til kontonummer {account}.',
    ],
    payAccount: [
      'Betaling skjer til konto {account}; oppgi fakturanummeret som melding.',
      'Vennligst betal til kontonummer {account} og merk betalingen med fakturanummer {number}.',
    ],
    payIban: ['Betaling skjer til IBAN {iban}, BIC {bic}, merket med fakturanummeret.'],
    alsoIban: ['Ved betaling fra utlandet: IBAN {iban}, BIC {bic}.'],
    closing: ['Med vennlig hilsen', 'Vennlig hilsen'],
    head: ['Beskrivelse', 'Antall', 'Beløp'],
    net: 'Sum eks. mva',
    vat: (rate) => `Mva ${rate} %`,
    total: 'Sum å betale',
    creditTotal: 'Sum kreditert',
    bank: 'Bank',
  },
  en: {
    subject: ['Invoice {number}', 'Invoice no. {number}'],
    creditSubject: ['Credit note {number}', 'Credit note no. {number}'],
    greeting: ['Dear Sir or Madam,', 'Dear customer,'],
    intro: [
      'We hereby invoice you for the goods and services supplied under your order {order}. Invoice number {number} of {date} covers the following:',
      'Thank you for your order. Please find below invoice no. {number}, dated {date}, for the following:',
      'As agreed, we invoice you for the work carried out. This invoice is numbered {number} and dated {date}.',
    ],
    creditIntro: [
      'We hereby credit invoice {credited}. Credit note {number} of {date} covers the following:',
      'As agreed, please find credit note no. {number}, dated {date}, for invoice {credited}:',
    ],
    amount: [
      'The amount of {total} is due for payment on {due}.',
      'Please pay the total of {total}, VAT included, by {due} at the latest.',
      'The balance of {total} falls due on {due}.',
    ],
    creditAmount: [
      'The amount of {total} will be refunded to your account or set off against your next invoice.',
      'We will deduct the credited {total} from our next invoice.',
    ],
    payKid: [
      'Please pay to account {account}, quoting KID {kid}.',
      'Kindly use KID {kid} when paying to account number {account}.',
    ],
    payAccount: [
      'Please pay to account {account} and quote the invoice number as your reference.',
      'Payment is to be made to account number {account}, marked with invoice number {number}.',
    ],
    payIban: [
      'Payment should be made by bank transfer to IBAN {iban} (BIC {bic}), quoting the invoice number.',
      'Our bank details are IBAN {iban} and BIC {bic}.',
    ],
    alsoIban: ['From abroad, please pay to IBAN {iban}, BIC {bic}.'],
    closing: ['Yours faithfully,', 'Kind regards,'],
    head: ['Description', 'Qty', 'Amount'],
    net: 'Net',
    vat: (rate) => `VAT ${rate}%`,
    total: 'Total due',
    creditTotal: 'Total credited',
    bank: 'Bank',
  },
  de: {
    subject: ['Rechnung Nr. {number}', 'Rechnung {number}'],
    creditSubject: ['Gutschrift Nr. {number}'],
    greeting: ['Sehr geehrte Damen und Herren,'],
    intro: [
      'hiermit stellen wir Ihnen die nachstehenden Leistungen gemäß Ihrer Bestellung {order} in Rechnung. Die Rechnung Nr. {number} vom {date} umfasst:',
      'vielen Dank für Ihren Auftrag. Wir berechnen Ihnen mit Rechnung {number} vom {date} folgende Positionen:',
      'für die erbrachten Leistungen erlauben wir uns, Ihnen unter der Rechnungsnummer {number} vom {date} Folgendes zu berechnen:',
    ],
    creditIntro: [
      'zu unserer Rechnung {credited} schreiben wir Ihnen folgende Positionen gut. Die Gutschrift Nr. {number} vom {date} umfasst:',
      'wie vereinbart erhalten Sie mit Gutschrift {number} vom {date} eine Korrektur der Rechnung {credited}:',
    ],
    amount: [
      'Der Rechnungsbetrag von {total} ist zahlbar bis zum {due}.',
      'Bitte überweisen Sie den Gesamtbetrag in Höhe von {total} spätestens bis {due}.',
      'Wir bitten um Ausgleich des Betrags von {total} bis zum {due}.',
    ],
    creditAmount: [
      'Den Betrag von {total} erstatten wir Ihnen oder verrechnen ihn mit der nächsten Rechnung.',
      'Der Gutschriftsbetrag von {total} wird mit unserer nächsten Rechnung verrechnet.',
    ],
    payKid: ['Bitte zahlen Sie auf das Konto {account} unter Angabe der KID {kid}.'],
    payAccount: ['Bitte zahlen Sie auf das Konto {account} unter Angabe der Rechnungsnummer.'],
    payIban: [
      'Unsere Bankverbindung: IBAN {iban}, BIC {bic}. Bitte geben Sie als Verwendungszweck die Rechnungsnummer an.',
      'Bitte überweisen Sie auf das Konto mit der IBAN {iban} (BIC {bic}).',
    ],
    alsoIban: ['Aus dem Ausland: IBAN {iban}, BIC {bic}.'],
    closing: ['Mit freundlichen Grüßen'],
    head: ['Bezeichnung', 'Menge', 'Betrag'],
    net: 'Nettobetrag',
    vat: (rate) => `USt. ${rate} %`,
    total: 'Gesamtbetrag',
    creditTotal: 'Gutschriftsbetrag',
    bank: 'Bank',
  },
  fr: {
    subject: ['Facture n° {number}', 'Facture {number}'],
    creditSubject: ['Avoir n° {number}'],
    greeting: ['Madame, Monsieur,'],
    intro: [
      'Nous vous prions de trouver ci-dessous notre facture n° {number} du {date}, relative à votre commande {order} :',
      "Suite à votre commande, nous avons l'honneur de vous adresser la facture n° {number} en date du {date} pour les prestations suivantes :",
      'Par la présente, nous vous facturons les fournitures ci-dessous (facture {number} du {date}).',
    ],
    creditIntro: [
      'Nous vous adressons ci-dessous notre avoir n° {number} du {date}, relatif à la facture {credited} :',
      "Comme convenu, l'avoir {number} en date du {date} annule en partie la facture {credited} :",
    ],
    amount: [
      'Le montant de {total} est payable au plus tard le {due}.',
      'Nous vous remercions de bien vouloir régler la somme de {total} TTC avant le {due}.',
      'Le règlement de {total} est attendu pour le {due}.',
    ],
    creditAmount: [
      'Le montant de {total} vous sera remboursé ou déduit de votre prochaine facture.',
      'La somme de {total} sera portée au crédit de votre compte client.',
    ],
    payKid: ['Le règlement s’effectue sur le compte {account} avec la référence KID {kid}.'],
    payAccount: ['Le règlement s’effectue sur le compte {account}, en rappelant le numéro de facture.'],
    payIban: [
      'Le règlement s’effectue par virement sur le compte IBAN {iban}, BIC {bic}, en rappelant le numéro de facture.',
      'Merci d’effectuer votre virement sur notre compte (IBAN {iban} – BIC {bic}).',
    ],
    alsoIban: ['Depuis l’étranger : IBAN {iban}, BIC {bic}.'],
    closing: ["Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées."],
    head: ['Désignation', 'Qté', 'Montant'],
    net: 'Total HT',
    vat: (rate) => `TVA ${rate} %`,
    total: 'Net à payer',
    creditTotal: 'Total avoir',
    bank: 'Banque',
  },
}

const DATE_FORMS: Record<Lang, DateForm[]> = {
  nb: ['long', 'long', 'dmy.'],
  en: ['long', 'long', 'dmy/'],
  de: ['long', 'dmy.'],
  fr: ['long', 'long', 'dmy/'],
}

const SIGNERS = [
  'Kari Nordmann',
  'Ola Hansen',
  'Sarah Mitchell',
  'Thomas Becker',
  'Claire Dubois',
  'Ingrid Moe',
]
const TITLES: Record<Lang, string[]> = {
  nb: ['Økonomiavdelingen', 'Daglig leder', 'Regnskap'],
  en: ['Accounts Department', 'Credit Controller'],
  de: ['Buchhaltung', 'Geschäftsführung'],
  fr: ['Service comptabilité', 'Gérant'],
}

/** A wording with its values put in: words, each value one word that is never broken. */
function words(template: string, values: Record<string, string | undefined>): string[] {
  return template.split(' ').map((word) =>
    word.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name]
      if (value === undefined) throw new Error(`no value for {${name}}`)
      return value
    }),
  )
}

export async function generateInvoiceLetter(seed: number): Promise<CorpusDocument> {
  // The country and the length drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 1801)
  const country = pick(spread, ['NO', 'NO', 'NO', 'GB', 'DE', 'DE', 'FR', 'FR'] as const)
  const { facts: f, r } = makeFacts(seed, 1801, {
    country,
    lines: pick(spread, [
      [1, 3],
      [1, 5],
      [3, 8],
    ] as [number, number][]),
  })
  const lang: Lang =
    country === 'GB' ? 'en' : country === 'DE' ? 'de' : country === 'FR' ? 'fr' : r() < 0.8 ? 'nb' : 'en'
  const s = SENTENCES[lang]
  inLanguage(f, lang)
  const credit = r() < 0.12
  if (credit) f.kid = null
  // In a sentence an amount carries its currency.
  const form = pick(
    r,
    MONEY_FORMS[lang]!.filter((m) => m.code !== 'none'),
  )
  const sign = credit ? -1 : 1
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const dateForm = pick(r, DATE_FORMS[lang])
  const date = (iso: string) => dateText(iso, dateForm, lang)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const values = {
    number: f.number,
    date: date(f.invoiceDate),
    due: date(f.dueDate),
    total: money(f.total),
    order: f.orderNo,
    credited: String(int(r, 1000, 999999)),
    account: pay.account,
    kid: f.kid ?? undefined,
    iban: pay.iban,
    bic: pay.bic,
  }
  const { doc, page, fonts } = await newDocument(r)
  const c = page()
  const size = c.size
  const lead = size * 1.45
  /** A paragraph from `x` to `right`, wrapped at words; answers where the next one starts. */
  const paragraph = (text: string[], x: number, top: number, right = 545, o: { bold?: boolean } = {}) => {
    const font = o.bold ? c.fonts.bold : c.fonts.regular
    const lines: string[] = []
    let line = ''
    for (const word of text) {
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > right - x) {
        lines.push(line)
        line = word
      } else line = next
    }
    if (line) lines.push(line)
    lines.forEach((l, i) => c.text(l, x, top + i * lead, o))
    return top + lines.length * lead + size * 0.8
  }

  // The letterhead: the seller's name, a rule, its address and number beside or under it.
  const headRight = r() < 0.5
  c.text(f.supplier, headRight ? 545 : 50, 45, { bold: true, size: size + 8, alignRight: headRight })
  c.text(`${f.street} · ${f.place}`, headRight ? 545 : 50, 45 + size * 2.4, {
    size: size - 1,
    alignRight: headRight,
  })
  c.text(`${id.label} ${id.value}`, headRight ? 545 : 50, 45 + size * 3.7, {
    size: size - 1,
    alignRight: headRight,
  })
  c.rule(50, 45 + size * 5.2, 545)
  // The buyer's address; the place and date of the letter on the right.
  let y = 140
  c.text(f.buyer, 50, y)
  c.text(pick(r, ['Postboks 123', 'Storgata 12', 'Industriveien 44']), 50, y + lead)
  c.text(pick(r, ['0155 Oslo', '5003 Bergen', '9008 Tromsø', '7011 Trondheim']), 50, y + 2 * lead)
  c.text(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`, 50, y + 3 * lead)
  if (r() < 0.6)
    c.text(`${f.place.replace(/^[\d ]+|\s[A-Z]{1,2}\d.*$/g, '')}, ${values.date}`, 545, y + 5 * lead, {
      alignRight: true,
    })
  y += 7.5 * lead
  // The subject, the salutation and the sentences that carry the facts.
  y = paragraph(words(pick(r, credit ? s.creditSubject : s.subject), values), 50, y, 545, { bold: true })
  y = paragraph([pick(r, s.greeting)], 50, y + size * 0.4)
  y = paragraph(words(pick(r, credit ? s.creditIntro : s.intro), values), 50, y)

  // The lines: a small table, net, VAT and total under it.
  y += size * 0.3
  c.text(s.head[0], 60, y, { bold: true })
  c.text(s.head[1], 380, y, { bold: true, alignRight: true })
  c.text(s.head[2], 535, y, { bold: true, alignRight: true })
  c.rule(60, y + size * 1.35, 535)
  y += size * 1.9
  for (const line of f.lines) {
    c.text(line.text, 60, y)
    c.text(String(line.qty), 380, y, { alignRight: true })
    c.text(plain(sign * line.amount), 535, y, { alignRight: true })
    y += size * 1.45
  }
  c.rule(60, y, 535)
  y += size * 0.6
  const sums: [string, number][] = [
    [s.net, f.net],
    ...f.vat.map((v): [string, number] => [s.vat(v.rate), v.vat]),
  ]
  for (const [label, amount] of sums) {
    c.text(label, 330, y)
    c.text(plain(sign * amount), 535, y, { alignRight: true })
    y += size * 1.45
  }
  const totalText = money(sign * f.total)
  c.text(credit ? s.creditTotal : s.total, 330, y, { bold: true })
  c.text(totalText, 535, y, { bold: true, alignRight: true })
  y += size * 2.6

  // The amount, its due date and where to pay it.
  const payment = credit ? [] : f.kid ? [s.payKid] : pay.account ? [s.payAccount] : [s.payIban]
  if (!credit && pay.account && pay.iban) payment.push(s.alsoIban)
  const text = [
    ...words(pick(r, credit ? s.creditAmount : s.amount), values),
    ...payment.flatMap((wordings) => words(pick(r, wordings), values)),
  ]
  y = paragraph(text, 50, y)
  // The closing and the signature.
  y += size
  y = paragraph(words(pick(r, s.closing), values), 50, y)
  y += size * 1.6
  c.text(f.supplier, 50, y)
  c.text(`${pick(r, SIGNERS)}, ${pick(r, TITLES[lang])}`, 50, y + lead)
  // The footer: address and number, and the bank where a credit note does not say it in a sentence.
  const bank = [pay.account, pay.iban && `IBAN ${pay.iban}`, pay.bic && `BIC ${pay.bic}`]
    .filter(Boolean)
    .join(' · ')
  c.rule(50, 780, 545)
  c.text(`${f.supplier} · ${f.street} · ${f.place} · ${id.label} ${id.value}`, 50, 786, { size: size - 2 })
  if (credit || r() < 0.3) c.text(`${s.bank}: ${bank}`, 50, 786 + size * 1.2, { size: size - 2 })
  return textPdfDocument({
    family: 'own-invoice-letter',
    kind: 'layout',
    seed,
    bytes: await doc.save({ useObjectStreams: false }),
    facts: f,
    variant: `${lang},${f.country},${dateForm},${fonts},${credit ? 'credit' : 'invoice'}`,
    id: id.value,
    pay,
    total: totalText,
    date,
    credit,
  })
}
