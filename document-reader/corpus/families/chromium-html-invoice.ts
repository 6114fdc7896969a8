// Family `lib-chromium-html`: invoices written as HTML and CSS and printed to PDF by Chromium (./chromium.ts),
// as web applications and billing services make them. Three templates:
// - `saas`, a subscription service's invoice: the title and a short list of the invoice number, date of issue
//   and due date, the seller, the buyer and sometimes a delivery address side by side, the amount and its due
//   date in a large line (`€1,234.56 due 4 March 2026`) with a link to pay online, the lines (a service
//   period under some), subtotal, VAT of each rate on its base, total, sometimes an amount already paid, and
//   the amount due; how to pay by bank transfer; the number, the amount and the page in the page's foot.
//   Amounts and dates are formatted the way browsers format them (Intl), with the currency sign;
// - `nordic`, an accounting system's invoice: a logo and the seller's details in the head, the buyer's
//   address where an envelope's window shows it and a grid of facts on the right (number, dates, customer
//   number, references, delivery date, terms; labels beside or above their values), item numbers and units in
//   the lines, the totals with the VAT of each rate, sometimes the rounding to whole kroner, a prepayment, and
//   a band of payment facts at the end (account, KID, due date, amount); the seller's register line in the
//   page's foot. French invoices carry the legal lines on late payment and the company's register;
// - `advice`, an invoice with a payment advice to cut off: the title and the buyer on the left, the date,
//   number, reference and the seller's VAT number stacked in a middle column, the seller's address on the
//   right, the lines with the currency in the amount column's head, `TOTAL`, an amount already paid and
//   `AMOUNT DUE`, the due date under the table, and below a dashed line with scissors the payment advice
//   (customer, invoice number, amount due, due date, a line for the amount enclosed).
// Some documents are credit notes (their own title, the invoice they credit, no due date, no KID, the amounts
// negative). Languages: English (British, Norwegian and Swedish sellers), Norwegian bokmål and nynorsk,
// Swedish and French, each with its country's amount and date forms; fonts Roboto, Liberation Sans, DejaVu
// Sans (or its condensed face) and DejaVu Serif.
import { PDFDocument } from 'pdf-lib'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { addDays, int, pick, rng, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type CorpusDocument,
  type Facts,
  type MoneyForm,
} from './facts.ts'
import { fontFaces, printHtml } from './chromium.ts'
import { inLanguage, unitKinds } from './items.ts'

type Lang = 'en' | 'nb' | 'nn' | 'sv' | 'fr'
type Template = 'saas' | 'nordic' | 'advice'

/** The words of the `saas` template. */
interface SaasWords {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  credits: string
  issued: string
  due: string
  from: string
  billTo: string
  shipTo: string
  dueLine: (amount: string, date: string) => string
  creditLine: (amount: string) => string
  payOnline: string
  head: [string, string, string, string, string]
  subtotal: string
  exclVat: string
  vat: (rate: number, base: string) => string
  total: string
  paid: string
  amountDue: string
  credited: string
  bank: string
  account: string
  kid: string
  reference: string
  period: string
  questions: string
  page: [string, string]
}

const SAAS: Record<Lang, SaasWords> = {
  en: {
    title: 'Invoice',
    creditTitle: 'Credit note',
    number: 'Invoice number',
    creditNumber: 'Credit note number',
    credits: 'Credits invoice',
    issued: 'Date of issue',
    due: 'Date due',
    from: 'From',
    billTo: 'Bill to',
    shipTo: 'Ship to',
    dueLine: (a, d) => `${a} due ${d}`,
    creditLine: (a) => `${a} credited to your account`,
    payOnline: 'Pay online',
    head: ['Description', 'Qty', 'Unit price', 'Tax', 'Amount'],
    subtotal: 'Subtotal',
    exclVat: 'Total excluding tax',
    vat: (rate, base) => `VAT (${rate}% on ${base})`,
    total: 'Total',
    paid: 'Amount paid',
    amountDue: 'Amount due',
    credited: 'Amount credited',
    bank: 'Pay by bank transfer',
    account: 'Account number',
    kid: 'KID',
    reference: 'Reference',
    period: 'Billing period',
    questions: 'Questions? Contact us at',
    page: ['Page', 'of'],
  },
  nb: {
    title: 'Faktura',
    creditTitle: 'Kreditnota',
    number: 'Fakturanummer',
    creditNumber: 'Kreditnotanummer',
    credits: 'Krediterer faktura',
    issued: 'Utstedelsesdato',
    due: 'Forfallsdato',
    from: 'Fra',
    billTo: 'Faktureres til',
    shipTo: 'Leveres til',
    dueLine: (a, d) => `${a} forfaller ${d}`,
    creditLine: (a) => `${a} godskrives kontoen din`,
    payOnline: 'Betal på nett',
    head: ['Beskrivelse', 'Antall', 'Enhetspris', 'Mva', 'Beløp'],
    subtotal: 'Delsum',
    exclVat: 'Totalt eks. mva',
    vat: (rate, base) => `Mva (${rate} % av ${base})`,
    total: 'Totalt',
    paid: 'Betalt beløp',
    amountDue: 'Å betale',
    credited: 'Kreditert beløp',
    bank: 'Betal med bankoverføring',
    account: 'Kontonummer',
    kid: 'KID',
    reference: 'Referanse',
    period: 'Periode',
    questions: 'Spørsmål? Kontakt oss på',
    page: ['Side', 'av'],
  },
  nn: {
    title: 'Faktura',
    creditTitle: 'Kreditnota',
    number: 'Fakturanummer',
    creditNumber: 'Kreditnotanummer',
    credits: 'Krediterer faktura',
    issued: 'Fakturadato',
    due: 'Forfallsdato',
    from: 'Frå',
    billTo: 'Fakturerast til',
    shipTo: 'Leverast til',
    dueLine: (a, d) => `${a} forfell ${d}`,
    creditLine: (a) => `${a} vert godskrive kontoen din`,
    payOnline: 'Betal på nett',
    head: ['Skildring', 'Tal', 'Einingspris', 'Mva', 'Beløp'],
    subtotal: 'Delsum',
    exclVat: 'Totalt utan mva',
    vat: (rate, base) => `Mva (${rate} % av ${base})`,
    total: 'Totalt',
    paid: 'Betalt beløp',
    amountDue: 'Å betale',
    credited: 'Kreditert beløp',
    bank: 'Betal med bankoverføring',
    account: 'Kontonummer',
    kid: 'KID',
    reference: 'Referanse',
    period: 'Periode',
    questions: 'Spørsmål? Kontakt oss på',
    page: ['Side', 'av'],
  },
  sv: {
    title: 'Faktura',
    creditTitle: 'Kreditfaktura',
    number: 'Fakturanummer',
    creditNumber: 'Kreditfakturanummer',
    credits: 'Krediterar faktura',
    issued: 'Fakturadatum',
    due: 'Förfallodatum',
    from: 'Från',
    billTo: 'Faktureras till',
    shipTo: 'Levereras till',
    dueLine: (a, d) => `${a} förfaller ${d}`,
    creditLine: (a) => `${a} krediteras ditt konto`,
    payOnline: 'Betala online',
    head: ['Beskrivning', 'Antal', 'À-pris', 'Moms', 'Belopp'],
    subtotal: 'Delsumma',
    exclVat: 'Summa exkl. moms',
    vat: (rate, base) => `Moms (${rate} % på ${base})`,
    total: 'Summa',
    paid: 'Betalt belopp',
    amountDue: 'Att betala',
    credited: 'Krediterat belopp',
    bank: 'Betala via banköverföring',
    account: 'Kontonummer',
    kid: 'KID',
    reference: 'Referens',
    period: 'Period',
    questions: 'Frågor? Kontakta oss på',
    page: ['Sida', 'av'],
  },
  fr: {
    title: 'Facture',
    creditTitle: 'Avoir',
    number: 'Numéro de facture',
    creditNumber: "Numéro d'avoir",
    credits: 'Avoir sur la facture',
    issued: "Date d'émission",
    due: "Date d'échéance",
    from: 'De',
    billTo: 'Facturé à',
    shipTo: 'Livré à',
    dueLine: (a, d) => `${a} dû le ${d}`,
    creditLine: (a) => `${a} porté au crédit de votre compte`,
    payOnline: 'Payer en ligne',
    head: ['Description', 'Qté', 'Prix unitaire', 'TVA', 'Montant'],
    subtotal: 'Sous-total',
    exclVat: 'Total HT',
    vat: (rate, base) => `TVA (${rate} % sur ${base})`,
    total: 'Total TTC',
    paid: 'Montant payé',
    amountDue: 'Montant dû',
    credited: 'Montant crédité',
    bank: 'Payer par virement bancaire',
    account: 'Numéro de compte',
    kid: 'KID',
    reference: 'Référence',
    period: 'Période',
    questions: 'Des questions ? Contactez-nous à',
    page: ['Page', 'sur'],
  },
}

/** The words of the `nordic` template. */
interface NordicWords {
  title: string
  creditTitle: string
  number: string
  creditNumber: string
  date: string
  due: string
  customerNo: string
  yourRef: string
  ourRef: string
  delivery: string
  terms: string
  days: (n: number) => string
  buyer: string
  head: [string, string, string, string, string, string, string]
  units: string[]
  net: string
  vat: (rate: number, base: string) => string
  rounding: string
  gross: string
  prepaid: string
  total: string
  creditTotal: string
  account: string
  kid: string
  amount: string
  payment: string
  credits: (n: string) => string
  abroad: string
  phone: string
  page: [string, string]
}

const NORDIC: Record<Lang, NordicWords> = {
  nb: {
    title: 'Faktura',
    creditTitle: 'Kreditnota',
    number: 'Fakturanr.',
    creditNumber: 'Kreditnotanr.',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenr.',
    yourRef: 'Deres ref.',
    ourRef: 'Vår ref.',
    delivery: 'Leveringsdato',
    terms: 'Betalingsbetingelser',
    days: (n) => `${n} dager netto`,
    buyer: 'Kunde',
    head: ['Varenr.', 'Beskrivelse', 'Antall', 'Enhet', 'Pris', 'Mva', 'Beløp'],
    units: ['stk', 't', 'mnd', 'pk'],
    net: 'Sum eks. mva',
    vat: (rate, base) => `Mva ${rate} % av ${base}`,
    rounding: 'Øreavrunding',
    gross: 'Sum inkl. mva',
    prepaid: 'Innbetalt forskudd',
    total: 'Å betale',
    creditTotal: 'Til gode',
    account: 'Kontonummer',
    kid: 'KID',
    amount: 'Beløp',
    payment: 'Betalingsinformasjon',
    credits: (n) => `Kreditnotaen gjelder faktura ${n}.`,
    abroad: 'Betaling fra utlandet',
    phone: 'Telefon',
    page: ['Side', 'av'],
  },
  nn: {
    title: 'Faktura',
    creditTitle: 'Kreditnota',
    number: 'Fakturanr.',
    creditNumber: 'Kreditnotanr.',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenr.',
    yourRef: 'Dykkar ref.',
    ourRef: 'Vår ref.',
    delivery: 'Leveringsdato',
    terms: 'Betalingsvilkår',
    days: (n) => `${n} dagar netto`,
    buyer: 'Kunde',
    head: ['Varenr.', 'Skildring', 'Tal', 'Eining', 'Pris', 'Mva', 'Beløp'],
    units: ['stk', 't', 'mnd', 'pk'],
    net: 'Sum utan mva',
    vat: (rate, base) => `Mva ${rate} % av ${base}`,
    rounding: 'Øreavrunding',
    gross: 'Sum med mva',
    prepaid: 'Innbetalt forskot',
    total: 'Å betale',
    creditTotal: 'Til gode',
    account: 'Kontonummer',
    kid: 'KID',
    amount: 'Beløp',
    payment: 'Betalingsinformasjon',
    credits: (n) => `Kreditnotaen gjeld faktura ${n}.`,
    abroad: 'Betaling frå utlandet',
    phone: 'Telefon',
    page: ['Side', 'av'],
  },
  sv: {
    title: 'Faktura',
    creditTitle: 'Kreditfaktura',
    number: 'Fakturanr',
    creditNumber: 'Kreditfakturanr',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnr',
    yourRef: 'Er referens',
    ourRef: 'Vår referens',
    delivery: 'Leveransdatum',
    terms: 'Betalningsvillkor',
    days: (n) => `${n} dagar netto`,
    buyer: 'Kund',
    head: ['Art.nr', 'Benämning', 'Antal', 'Enhet', 'À-pris', 'Moms', 'Belopp'],
    units: ['st', 'tim', 'mån', 'frp'],
    net: 'Summa exkl. moms',
    vat: (rate, base) => `Moms ${rate} % på ${base}`,
    rounding: 'Öresavrundning',
    gross: 'Summa inkl. moms',
    prepaid: 'Inbetalt förskott',
    total: 'Att betala',
    creditTotal: 'Att återfå',
    account: 'Bankgiro',
    kid: 'OCR',
    amount: 'Belopp',
    payment: 'Betalningsinformation',
    credits: (n) => `Krediteringen avser faktura ${n}.`,
    abroad: 'Betalning från utlandet',
    phone: 'Telefon',
    page: ['Sida', 'av'],
  },
  en: {
    title: 'Invoice',
    creditTitle: 'Credit note',
    number: 'Invoice no.',
    creditNumber: 'Credit note no.',
    date: 'Invoice date',
    due: 'Due date',
    customerNo: 'Customer no.',
    yourRef: 'Your ref.',
    ourRef: 'Our ref.',
    delivery: 'Delivery date',
    terms: 'Terms of payment',
    days: (n) => `${n} days net`,
    buyer: 'Customer',
    head: ['Item no.', 'Description', 'Qty', 'Unit', 'Price', 'VAT', 'Amount'],
    units: ['pcs', 'hrs', 'mo', 'pk'],
    net: 'Total excl. VAT',
    vat: (rate, base) => `VAT ${rate}% of ${base}`,
    rounding: 'Rounding',
    gross: 'Total incl. VAT',
    prepaid: 'Prepayment received',
    total: 'Amount due',
    creditTotal: 'Total credit',
    account: 'Account number',
    kid: 'KID',
    amount: 'Amount',
    payment: 'Payment details',
    credits: (n) => `This credit note refers to invoice ${n}.`,
    abroad: 'Payments from abroad',
    phone: 'Phone',
    page: ['Page', 'of'],
  },
  fr: {
    title: 'Facture',
    creditTitle: 'Avoir',
    number: 'N° de facture',
    creditNumber: "N° d'avoir",
    date: 'Date de facture',
    due: "Date d'échéance",
    customerNo: 'N° client',
    yourRef: 'Votre réf.',
    ourRef: 'Notre réf.',
    delivery: 'Date de livraison',
    terms: 'Conditions de paiement',
    days: (n) => `${n} jours net`,
    buyer: 'Client',
    head: ['Réf.', 'Désignation', 'Qté', 'Unité', 'P.U. HT', 'TVA', 'Montant HT'],
    units: ['u', 'h', 'mois', 'lot'],
    net: 'Total HT',
    vat: (rate, base) => `TVA ${rate} % sur ${base}`,
    rounding: 'Arrondi',
    gross: 'Total TTC',
    prepaid: 'Acompte versé',
    total: 'Net à payer',
    creditTotal: "Montant de l'avoir",
    account: 'Compte',
    kid: 'KID',
    amount: 'Montant',
    payment: 'Règlement',
    credits: (n) => `Cet avoir se rapporte à la facture ${n}.`,
    abroad: "Paiement depuis l'étranger",
    phone: 'Tél.',
    page: ['Page', 'sur'],
  },
}

/** The words of the `advice` template. */
interface AdviceWords {
  title: string
  creditTitle: string
  date: string
  number: string
  creditNumber: string
  reference: string
  vatNumber: string
  head: (currency: string) => [string, string, string, string, string]
  subtotal: string
  vat: (rate: number) => string
  total: (currency: string) => string
  paid: string
  due: (currency: string) => string
  dueDate: string
  payTo: string
  account: string
  kid: string
  advice: string
  to: string
  customer: string
  adviceNumber: string
  adviceDue: string
  enclosed: string
  enter: string
  credits: (n: string) => string
  registered: string
}

/** The Norwegian words of the tax invoice with its payment advice; nynorsk differs in the column heads. */
const ADVICE_NB: AdviceWords = {
  title: 'FAKTURA',
  creditTitle: 'KREDITNOTA',
  date: 'Fakturadato',
  number: 'Fakturanummer',
  creditNumber: 'Kreditnotanummer',
  reference: 'Referanse',
  vatNumber: 'Org.nr.',
  head: (c) => ['Beskrivelse', 'Antall', 'Enhetspris', 'Mva', `Beløp ${c}`],
  subtotal: 'Delsum',
  vat: (rate) => `TOTAL MVA ${rate} %`,
  total: (c) => `TOTALT ${c}`,
  paid: 'Minus betalt beløp',
  due: (c) => `Å BETALE ${c}`,
  dueDate: 'Forfallsdato',
  payTo: 'Betal til',
  account: 'Konto',
  kid: 'KID',
  advice: 'BETALINGSMELDING',
  to: 'Til',
  customer: 'Kunde',
  adviceNumber: 'Fakturanummer',
  adviceDue: 'Å betale',
  enclosed: 'Innbetalt beløp',
  enter: 'Fyll inn beløpet du betaler',
  credits: (n) => `Kreditering av faktura ${n}`,
  registered: 'Forretningsadresse',
}

const ADVICE: Record<Lang, AdviceWords> = {
  en: {
    title: 'INVOICE',
    creditTitle: 'CREDIT NOTE',
    date: 'Invoice Date',
    number: 'Invoice Number',
    creditNumber: 'Credit Note Number',
    reference: 'Reference',
    vatNumber: 'VAT Number',
    head: (c) => ['Description', 'Quantity', 'Unit Price', 'VAT', `Amount ${c}`],
    subtotal: 'Subtotal',
    vat: (rate) => `TOTAL VAT ${rate}%`,
    total: (c) => `TOTAL ${c}`,
    paid: 'Less Amount Paid',
    due: (c) => `AMOUNT DUE ${c}`,
    dueDate: 'Due Date',
    payTo: 'Please pay by bank transfer to',
    account: 'Account',
    kid: 'KID',
    advice: 'PAYMENT ADVICE',
    to: 'To',
    customer: 'Customer',
    adviceNumber: 'Invoice Number',
    adviceDue: 'Amount Due',
    enclosed: 'Amount Enclosed',
    enter: 'Enter the amount you are paying above',
    credits: (n) => `Credit for invoice ${n}`,
    registered: 'Registered office',
  },
  nb: ADVICE_NB,
  nn: {
    ...ADVICE_NB,
    head: (c) => ['Skildring', 'Tal', 'Einingspris', 'Mva', `Beløp ${c}`],
  },
  sv: {
    title: 'FAKTURA',
    creditTitle: 'KREDITFAKTURA',
    date: 'Fakturadatum',
    number: 'Fakturanummer',
    creditNumber: 'Kreditfakturanummer',
    reference: 'Referens',
    vatNumber: 'Momsreg.nr',
    head: (c) => ['Beskrivning', 'Antal', 'À-pris', 'Moms', `Belopp ${c}`],
    subtotal: 'Delsumma',
    vat: (rate) => `TOTAL MOMS ${rate} %`,
    total: (c) => `TOTALT ${c}`,
    paid: 'Avgår betalt belopp',
    due: (c) => `ATT BETALA ${c}`,
    dueDate: 'Förfallodatum',
    payTo: 'Betala till',
    account: 'Konto',
    kid: 'OCR',
    advice: 'INBETALNINGSAVI',
    to: 'Till',
    customer: 'Kund',
    adviceNumber: 'Fakturanummer',
    adviceDue: 'Att betala',
    enclosed: 'Inbetalt belopp',
    enter: 'Ange beloppet du betalar ovan',
    credits: (n) => `Kreditering av faktura ${n}`,
    registered: 'Säte',
  },
  fr: {
    title: 'FACTURE',
    creditTitle: 'AVOIR',
    date: 'Date de facture',
    number: 'Numéro de facture',
    creditNumber: "Numéro d'avoir",
    reference: 'Référence',
    vatNumber: 'N° TVA',
    head: (c) => ['Description', 'Quantité', 'Prix unitaire', 'TVA', `Montant ${c}`],
    subtotal: 'Sous-total',
    vat: (rate) => `TOTAL TVA ${rate} %`,
    total: (c) => `TOTAL ${c}`,
    paid: 'Moins montant payé',
    due: (c) => `NET À PAYER ${c}`,
    dueDate: "Date d'échéance",
    payTo: 'Merci de régler par virement sur le compte',
    account: 'Compte',
    kid: 'KID',
    advice: 'AVIS DE PAIEMENT',
    to: 'À',
    customer: 'Client',
    adviceNumber: 'Numéro de facture',
    adviceDue: 'Montant dû',
    enclosed: 'Montant joint',
    enter: 'Indiquez ci-dessus le montant de votre règlement',
    credits: (n) => `Avoir sur la facture ${n}`,
    registered: 'Siège social',
  },
}

/** The locale a web application formats with, per language (British sellers' English is en-GB). */
const LOCALES: Record<Lang, string[]> = {
  en: ['en-US', 'en-GB'],
  nb: ['nb-NO'],
  nn: ['nn-NO'],
  sv: ['sv-SE'],
  fr: ['fr-FR'],
}

const MAILBOXES: Record<Lang, string[]> = {
  en: ['billing', 'accounts', 'invoices'],
  nb: ['faktura', 'post', 'regnskap'],
  nn: ['faktura', 'post', 'rekneskap'],
  sv: ['faktura', 'ekonomi', 'info'],
  fr: ['facturation', 'comptabilite', 'contact'],
}

const CONTACTS = ['Ingrid Moe', 'Ola Hansen', 'Anna Lind', 'James Carter', 'Sophie Martin', 'Erik Dahl']
const BUYER_STREETS = ['Storgata 12', 'Postboks 123', 'Industriveien 44', 'Kongens gate 7']
const BUYER_PLACES = ['0155 Oslo', '5003 Bergen', '9008 Tromsø', '7011 Trondheim']

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A company's web domain, from its name (`nordvik-maskin.no`). */
function domainOf(company: string, country: Facts['country']): string {
  const tld: Partial<Record<Facts['country'], string>> = { NO: 'no', SE: 'se', GB: 'co.uk', FR: 'fr' }
  const name = company
    .toLowerCase()
    .replace(/(^|\s)(as|ab|ltd|sarl|sas)(?=\s|$)/g, ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${name}.${tld[country] ?? 'com'}`
}

/** A logo of plain shapes in the accent colour (a logo is a picture: no text of its own). */
function logo(r: Rand, accent: string, size: number): string {
  const kind = int(r, 0, 2)
  const shapes =
    kind === 0
      ? `<circle cx="16" cy="16" r="15" fill="${accent}"/><circle cx="16" cy="16" r="7" fill="#fff"/>`
      : kind === 1
        ? `<rect x="1" y="1" width="30" height="30" rx="7" fill="${accent}"/><path d="M8 23 L16 9 L24 23 Z" fill="#fff"/>`
        : `<path d="M2 30 L2 2 L16 16 L30 2 L30 30 Z" fill="${accent}"/>`
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg">${shapes}</svg>`
}

interface Sums {
  net: number
  vat: Facts['vat']
  rounding: number
  gross: number
  prepaid: number
  due: number
}

export async function generateChromiumHtml(seed: number): Promise<CorpusDocument> {
  // The language, template and length drawn apart from the facts, so that neighbouring seeds spread.
  const spread = rng(seed * 2246822519 + 2401)
  const [country, lang] = pick(spread, [
    ['GB', 'en'],
    ['GB', 'en'],
    ['NO', 'en'],
    ['NO', 'nb'],
    ['NO', 'nb'],
    ['NO', 'nn'],
    ['SE', 'sv'],
    ['SE', 'en'],
    ['FR', 'fr'],
  ] as const)
  const template: Template = pick(spread, ['saas', 'nordic', 'advice'])
  const { facts: f, r } = makeFacts(seed, 2401, {
    country,
    lines: pick(spread, [
      [1, 4],
      [2, 8],
      [5, 14],
    ] as [number, number][]),
  })
  // Each line's unit by what it sells (hours, months, pieces), before its text is translated.
  const lineUnits = unitKinds(f)
  inLanguage(f, lang)
  const credit = r() < 0.1
  // A credit note is settled against the account: it prints no KID and no bank details.
  if (credit) f.kid = f.account = f.iban = f.bic = null
  const locale = country === 'GB' ? 'en-GB' : pick(r, LOCALES[lang])

  // What is to pay: the total, rounded to whole kroner on some Nordic invoices, less a prepayment.
  const rounding =
    template === 'nordic' && !credit && (country === 'NO' || country === 'SE') && r() < 0.5
      ? Math.round(f.total / 100) * 100 - f.total
      : 0
  const gross = f.total + rounding
  // A prepayment in whole hundreds, less than the total.
  const share = !credit && r() < 0.2 ? int(r, 10, 60) : 0
  const hundreds = Math.round((gross * share) / 100 / 10000) * 10000
  const prepaid = hundreds > 0 && hundreds < gross ? hundreds : 0
  const sums: Sums = { net: f.net, vat: f.vat, rounding, gross, prepaid, due: gross - prepaid }
  f.total = sums.due

  // Amounts: a web application's Intl formats in `saas`, the country's printed forms in the others.
  const sign = credit ? -1 : 1
  const form: MoneyForm = pick(r, MONEY_FORMS[lang === 'nn' ? 'nb' : lang]!)
  const intlCode = template === 'saas' && r() < 0.3
  const intl = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: f.currency,
    ...(intlCode ? { currencyDisplay: 'code' } : {}),
  })
  const intlPlain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const money = (c: number) =>
    template === 'saas' ? intl.format((sign * c) / 100) : moneyText(sign * c, f.currency, form)
  const plain = (c: number) =>
    template === 'saas'
      ? intlPlain.format((sign * c) / 100)
      : moneyText(sign * c, f.currency, { ...form, code: 'none' })
  const dates = dateStyle(template, lang, locale, country, r)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const font = pick(r, ['Roboto', 'Liberation Sans', 'DejaVu Sans', 'DejaVu Sans Condensed', 'DejaVu Serif'])
  const size = pick(r, [8.5, 9, 9.5, 10])
  const accent = pick(r, ['#635bff', '#0f5fa8', '#1f7a5a', '#b4462c', '#3d3d3d', '#7a3e9d'])
  const credited = String(int(r, 1000, 999999))
  const p: Printing = {
    f,
    r,
    lang,
    credit,
    credited,
    sums,
    money,
    plain,
    date: dates.text,
    id,
    pay,
    font,
    size,
    accent,
    contact: pick(r, CONTACTS),
    domain: domainOf(f.supplier, f.country),
    buyerStreet: pick(r, BUYER_STREETS),
    buyerPlace: pick(r, BUYER_PLACES),
    lineUnits,
    mailbox: pick(r, MAILBOXES[lang]),
  }
  const page = template === 'saas' ? saasHtml(p) : template === 'nordic' ? nordicHtml(p) : adviceHtml(p)
  const bytes = await printHtml(page.html)
  const pages = (await PDFDocument.load(bytes)).getPageCount()
  return textPdfDocument({
    family: 'lib-chromium-html',
    kind: 'library',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${template},${lang},${f.country},${locale},${dates.name},${font},${page.variant}${credit ? ',credit' : ''}${prepaid ? ',prepaid' : ''}${rounding ? ',rounded' : ''},${pages}p`,
    id: id.value,
    pay,
    total: page.total,
    date: dates.text,
    credit,
  })
}

interface Printing {
  f: Facts
  r: Rand
  lang: Lang
  credit: boolean
  credited: string
  sums: Sums
  money: (c: number) => string
  plain: (c: number) => string
  date: (iso: string) => string
  id: { label: string; value: string }
  pay: ReturnType<typeof paymentTexts>
  font: string
  size: number
  accent: string
  contact: string
  domain: string
  buyerStreet: string
  buyerPlace: string
  /** Each line's unit: piece, hour, month or pack. */
  lineUnits: number[]
  /** The seller's invoicing mailbox (`faktura`, `billing`). */
  mailbox: string
}

/** Each template's dates: a browser's Intl forms in `saas`, the country's printed forms in the others. */
function dateStyle(
  template: Template,
  lang: Lang,
  locale: string,
  country: Facts['country'],
  r: Rand,
): { name: string; text: (iso: string) => string } {
  const intl = (style: 'long' | 'medium') => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' })
    return { name: `intl-${style}`, text: (iso: string) => format.format(new Date(`${iso}T00:00:00Z`)) }
  }
  const numeric = (form: 'dmy.' | 'dmy/' | 'dmy-' | 'iso') => ({
    name: form,
    text: (iso: string) => dateText(iso, form),
  })
  if (template === 'saas') return pick(r, [intl('long'), intl('medium')])
  if (template === 'advice') return pick(r, [intl('medium'), intl('medium'), intl('long')])
  switch (lang) {
    case 'nb':
    case 'nn':
      return numeric('dmy.')
    case 'sv':
      return numeric('iso')
    case 'fr':
      return numeric('dmy/')
    case 'en':
      return country === 'NO' ? numeric('dmy.') : country === 'SE' ? numeric('iso') : numeric('dmy/')
  }
}

/** The bank details as rows: account, KID (not on a credit note), IBAN, BIC. */
function bankRows(p: Printing, w: { account: string; kid: string }): [string, string][] {
  return [
    ...(p.pay.account ? [[w.account, p.pay.account] as [string, string]] : []),
    ...(p.f.kid && !p.credit ? [[w.kid, p.f.kid] as [string, string]] : []),
    ...(p.pay.iban ? [['IBAN', p.pay.iban] as [string, string]] : []),
    ...(p.pay.bic ? [['BIC', p.pay.bic] as [string, string]] : []),
  ]
}

/** The page's head and style; DejaVu Sans stands in for the characters the chosen face lacks. */
function head(p: Printing, title: string, css: string): string {
  return `<!doctype html><html lang="${p.lang === 'nn' || p.lang === 'nb' ? 'no' : p.lang}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
${fontFaces([...new Set([p.font, 'DejaVu Sans'])])}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
/* Ink that reaches the page margin is clipped; right-aligned amounts stay a hair inside it. */
body { padding: 0 2pt; }
body { font-family: '${p.font}', 'DejaVu Sans', sans-serif; font-size: ${p.size}pt; line-height: 1.35; color: #1a1f36; }
table { border-collapse: collapse; }
.num { text-align: right; white-space: nowrap; }
.nowrap { white-space: nowrap; }
${css}
</style></head><body>`
}

/** A page-foot text for @page margin boxes (a CSS string: quotes and backslashes escaped). */
const cssString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

interface Page {
  html: string
  total: string
  variant: string
}

function saasHtml(p: Printing): Page {
  const { f, r, credit, sums } = p
  const w = SAAS[p.lang]
  const muted = '#697386'
  const title = credit ? w.creditTitle : w.title
  const totalText = p.money(sums.due)
  const meta: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    ...(credit ? [[w.credits, p.credited] as [string, string]] : []),
    [w.issued, p.date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, p.date(f.dueDate)] as [string, string]]),
  ]
  const shipTo = r() < 0.35
  const withPeriod = r() < 0.5
  const withExcl = r() < 0.5
  const wordmark = r() < 0.5
  const showFooter = r() < 0.8
  const periodEnd = (iso: string) => {
    const d = new Date(`${iso}T00:00:00Z`)
    d.setUTCMonth(d.getUTCMonth() + 1)
    d.setUTCDate(d.getUTCDate() - 1)
    return d.toISOString().slice(0, 10)
  }
  const lines = f.lines
    .map((l) => {
      const period =
        withPeriod && /(month|måna|mån|mensuel|subscription|abonne|hosting|drift)/i.test(l.text)
          ? `<div class="period">${esc(`${p.date(f.invoiceDate)} – ${p.date(periodEnd(f.invoiceDate))}`)}</div>`
          : ''
      return `<tr><td>${esc(l.text)}${period}</td><td class="num">${l.qty}</td><td class="num">${esc(p.money(l.price))}</td><td class="num">${l.rate} %</td><td class="num">${esc(p.money(l.amount))}</td></tr>`
    })
    .join('')
  const totals: [string, string, boolean][] = [
    [w.subtotal, p.money(sums.net), false],
    ...(withExcl ? [[w.exclVat, p.money(sums.net), false] as [string, string, boolean]] : []),
    ...sums.vat.map((v): [string, string, boolean] => [
      w.vat(v.rate, p.money(v.base)),
      p.money(v.vat),
      false,
    ]),
    [w.total, p.money(sums.gross), !sums.prepaid && credit],
    ...(sums.prepaid ? [[w.paid, p.money(-sums.prepaid), false] as [string, string, boolean]] : []),
    ...(credit ? [] : [[w.amountDue, totalText, true] as [string, string, boolean]]),
    ...(credit ? [[w.credited, totalText, true] as [string, string, boolean]] : []),
  ]
  const bank = bankRows(p, w)
  const address = (rows: string[]) => rows.map((s) => `<div>${esc(s)}</div>`).join('')
  const seller = address([f.street, f.place, `${p.id.label} ${p.id.value}`, `${p.mailbox}@${p.domain}`])
  const buyer = address([
    p.buyerStreet,
    p.buyerPlace,
    `Org.nr. ${formatOrgNumber(f.buyerOrg)}`,
    `faktura@${domainOf(f.buyer, 'NO')}`,
  ])
  // The large line says what is credited as a plain amount; the totals carry the sign.
  const big = credit ? w.creditLine(p.money(-sums.due)) : w.dueLine(totalText, p.date(f.dueDate))
  const foot = `${f.number} · ${big}`
  const css = `
@page { size: A4; margin: 16mm 17mm 18mm;
  ${showFooter ? `@bottom-left { content: ${cssString(foot)}; font-family: '${p.font}', 'DejaVu Sans'; font-size: 7.5pt; color: ${muted}; }` : ''}
  @bottom-right { content: ${cssString(`${w.page[0]} `)} counter(page) ${cssString(` ${w.page[1]} `)} counter(pages); font-family: '${p.font}', 'DejaVu Sans'; font-size: 7.5pt; color: ${muted}; } }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
h1 { font-size: ${p.size + 10}pt; font-weight: 600; margin: 0 0 12pt; letter-spacing: -0.2pt; }
.meta td { padding: 1.5pt 18pt 1.5pt 0; vertical-align: top; }
.meta td:first-child { font-weight: 600; }
.brand { text-align: right; font-weight: 600; font-size: ${p.size + 3}pt; color: ${p.accent}; }
.parties { display: flex; gap: 26pt; margin-top: 24pt; }
.parties > div { min-width: 150pt; }
.parties .who { font-weight: 600; margin-bottom: 2pt; }
.big { font-size: ${p.size + 6}pt; font-weight: 600; margin-top: 26pt; }
.link { color: ${p.accent}; text-decoration: underline; margin-top: 4pt; }
table.lines { width: 100%; margin-top: 24pt; }
table.lines th { font-weight: 400; color: ${muted}; text-align: left; padding: 0 0 4pt; border-bottom: 1px solid #1a1f36; }
table.lines th.num { text-align: right; }
table.lines td { padding: 7pt 0 6pt; vertical-align: top; border-bottom: 1px solid #ebeef1; }
table.lines td + td, table.lines th + th { padding-left: 12pt; }
.period { color: ${muted}; font-size: ${p.size - 1}pt; margin-top: 1pt; }
table.totals { width: 58%; margin: 4pt 0 0 auto; break-inside: avoid; }
table.totals td { padding: 5pt 0; border-bottom: 1px solid #ebeef1; }
table.totals td.num { padding-left: 12pt; }
table.totals tr.strong td { font-weight: 600; border-bottom: none; }
.bank { margin-top: 26pt; break-inside: avoid; }
.bank h2 { font-size: ${p.size + 1}pt; font-weight: 600; margin: 0 0 4pt; }
.bank td { padding: 1pt 18pt 1pt 0; }
.bank td:first-child { color: ${muted}; }
.note { margin-top: 18pt; color: ${muted}; }`
  const html = `${head(p, `${title} ${f.number}`, css)}
<div class="top">
  <div><h1>${esc(title)}</h1><table class="meta">${meta.map(([l, v]) => `<tr><td>${esc(l)}</td><td>${esc(v)}</td></tr>`).join('')}</table></div>
  <div class="brand">${wordmark ? esc(f.supplier) : logo(r, p.accent, 44)}</div>
</div>
<div class="parties">
  <div><div class="who">${esc(f.supplier)}</div>${seller}</div>
  <div><div class="who">${esc(w.billTo)}</div><div>${esc(f.buyer)}</div>${buyer}</div>
  ${shipTo ? `<div><div class="who">${esc(w.shipTo)}</div><div>${esc(f.buyer)}</div>${address([`Att. ${p.contact}`, pick(r, BUYER_STREETS), p.buyerPlace])}</div>` : ''}
</div>
<div class="big">${esc(big)}</div>
${credit ? '' : `<div class="link">${esc(w.payOnline)}</div>`}
<table class="lines"><thead><tr>${w.head.map((h, i) => `<th class="${i ? 'num' : ''}">${esc(h)}</th>`).join('')}</tr></thead><tbody>${lines}</tbody></table>
<table class="totals">${totals.map(([l, v, strong]) => `<tr class="${strong ? 'strong' : ''}"><td>${esc(l)}</td><td class="num">${esc(v)}</td></tr>`).join('')}</table>
${
  bank.length && !credit
    ? `<div class="bank"><h2>${esc(w.bank)}</h2><table>${[
        ...bank,
        [w.reference, f.kid ? '' : f.number] as [string, string],
      ]
        .filter(([, v]) => v)
        .map(([l, v]) => `<tr><td>${esc(l)}</td><td>${esc(v)}</td></tr>`)
        .join('')}</table></div>`
    : ''
}
<div class="note">${esc(w.questions)} ${esc(`${p.mailbox}@${p.domain}`)}</div>
</body></html>`
  return {
    html,
    total: totalText,
    variant: `${wordmark ? 'wordmark' : 'logo'}${shipTo ? ',shipto' : ''}${showFooter ? '' : ',nofoot'}`,
  }
}

function nordicHtml(p: Printing): Page {
  const { f, r, credit, sums } = p
  const w = NORDIC[p.lang]
  const title = credit ? w.creditTitle : w.title
  const totalText = p.money(sums.due)
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  const facts: [string, string][] = [
    [credit ? w.creditNumber : w.number, f.number],
    [w.date, p.date(f.invoiceDate)],
    ...(credit ? [] : [[w.due, p.date(f.dueDate)] as [string, string]]),
    [w.customerNo, f.customerNo],
    ...(r() < 0.6 ? [[w.yourRef, p.contact] as [string, string]] : []),
    ...(r() < 0.5
      ? [
          [
            w.ourRef,
            pick(
              r,
              CONTACTS.filter((c) => c !== p.contact),
            ),
          ] as [string, string],
        ]
      : []),
    ...(r() < 0.4 ? [[w.delivery, p.date(addDays(f.invoiceDate, -int(r, 0, 6)))] as [string, string]] : []),
    ...(credit || r() < 0.5 ? [] : [[w.terms, w.days(days)] as [string, string]]),
  ]
  const cells = r() < 0.5
  const zebra = r() < 0.5
  const light = `${p.accent}1a`
  const units = p.lineUnits.map((k) => w.units[k]!)
  const lines = f.lines
    .map(
      (l, i) =>
        `<tr><td>${1000 + ((Number(f.customerNo) + i * 37) % 9000)}</td><td>${esc(l.text)}</td><td class="num">${l.qty}</td><td>${esc(units[i]!)}</td><td class="num">${esc(p.plain(l.price))}</td><td class="num">${l.rate} %</td><td class="num">${esc(p.plain(l.amount))}</td></tr>`,
    )
    .join('')
  const totals: [string, string, boolean][] = [
    [w.net, p.money(sums.net), false],
    ...sums.vat.map((v): [string, string, boolean] => [
      w.vat(v.rate, p.plain(v.base)),
      p.money(v.vat),
      false,
    ]),
    ...(sums.rounding ? [[w.rounding, p.money(sums.rounding), false] as [string, string, boolean]] : []),
    ...(sums.prepaid
      ? [
          [w.gross, p.money(sums.gross), false] as [string, string, boolean],
          [w.prepaid, p.money(-sums.prepaid), false] as [string, string, boolean],
        ]
      : []),
    [credit ? w.creditTotal : w.total, totalText, true],
  ]
  const sellerRows = [
    f.street,
    f.place,
    `${p.id.label} ${p.id.value}`,
    `${w.phone} ${phoneOf(f, r)}`,
    `${p.mailbox}@${p.domain}`,
  ]
  // Swedish invoices name the bankgiro number as well; French ones the legal lines.
  const bankgiro =
    f.country === 'SE' ? `${int(r, 100, 9999)}-${String(int(r, 0, 9999)).padStart(4, '0')}` : null
  const band: [string, string][] = credit
    ? []
    : [
        ...(p.pay.account ? [[w.account, p.pay.account] as [string, string]] : []),
        ...(bankgiro ? [[w.account, bankgiro] as [string, string]] : []),
        ...(f.kid ? [[w.kid, f.kid] as [string, string]] : []),
        [w.due, p.date(f.dueDate)],
        [w.amount, totalText],
      ]
  const foreign = [p.pay.iban && `IBAN ${p.pay.iban}`, p.pay.bic && `BIC ${p.pay.bic}`].filter(Boolean)
  const siren = f.country === 'FR' ? f.supplierId.slice(4) : null
  const legal =
    siren && !credit
      ? `<p class="legal">${esc(`${w.terms} : ${w.days(days)}. Pas d'escompte pour paiement anticipé. En cas de retard de paiement, des pénalités au taux de trois fois le taux d'intérêt légal seront appliquées, ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40 €.`)}</p>`
      : ''
  const footer = [
    f.supplier,
    `${f.street}, ${f.place}`,
    siren
      ? `SAS au capital de 10 000 € · RCS ${f.place.replace(/^\d+ /, '')} ${siren.replace(/(\d{3})(?=\d)/g, '$1 ')}`
      : `${p.id.label} ${p.id.value}`,
  ].join(' · ')
  const factsHtml = cells
    ? `<div class="cells">${facts.map(([l, v]) => `<div><span>${esc(l)}</span>${esc(v)}</div>`).join('')}</div>`
    : `<table class="facts">${facts.map(([l, v]) => `<tr><td>${esc(l)}</td><td class="num">${esc(v)}</td></tr>`).join('')}</table>`
  const css = `
@page { size: A4; margin: 14mm 16mm 20mm 20mm;
  @bottom-left { content: ${cssString(footer)}; font-family: '${p.font}', 'DejaVu Sans'; font-size: 7pt; color: #666; }
  @bottom-right { content: ${cssString(`${w.page[0]} `)} counter(page) ${cssString(` ${w.page[1]} `)} counter(pages); font-family: '${p.font}', 'DejaVu Sans'; font-size: 7pt; color: #666; } }
.head { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid ${p.accent}; padding-bottom: 8pt; }
.brand { display: flex; align-items: center; gap: 8pt; font-size: ${p.size + 6}pt; font-weight: 700; color: ${p.accent}; }
.seller { text-align: right; font-size: ${p.size - 1}pt; color: #444; }
.seller b { color: #1a1f36; }
.mid { display: flex; justify-content: space-between; margin-top: 24pt; min-height: 120pt; }
.address { padding-top: 18pt; }
.address .small { font-size: ${p.size - 2}pt; color: #666; margin-bottom: 4pt; }
.right { width: 245pt; }
h1 { margin: 0 0 6pt; font-size: ${p.size + 9}pt; font-weight: 700; }
table.facts { width: 100%; }
table.facts td { padding: 2.5pt 4pt; border-bottom: 1px solid #ddd; }
table.facts td:first-child { color: #555; padding-left: 0; }
.cells { display: grid; grid-template-columns: 1fr 1fr; border-top: 1px solid #ccc; border-left: 1px solid #ccc; }
.cells > div { border-right: 1px solid #ccc; border-bottom: 1px solid #ccc; padding: 3pt 5pt; }
.cells span { display: block; font-size: ${p.size - 2}pt; color: #666; }
.credits { margin-top: 14pt; }
table.lines { width: 100%; margin-top: 22pt; }
table.lines th { background: ${light}; text-align: left; font-weight: 700; padding: 4pt 5pt; border-bottom: 1px solid ${p.accent}; }
table.lines th.num { text-align: right; }
table.lines td { padding: 3.5pt 5pt; border-bottom: 1px solid #e6e6e6; }
${zebra ? 'table.lines tbody tr:nth-child(even) td { background: #f6f6f6; }' : ''}
table.totals { width: 52%; margin: 10pt 0 0 auto; break-inside: avoid; }
table.totals td { padding: 2.5pt 5pt; }
table.totals tr.strong td { font-weight: 700; font-size: ${p.size + 2}pt; border-top: 1.5px solid #1a1f36; padding-top: 4pt; }
.band { display: flex; margin-top: 4pt; border: 1px solid ${p.accent}; break-inside: avoid; }
.band > div { flex: 1; padding: 5pt 7pt; border-right: 1px solid ${p.accent}; }
.band > div:last-child { border-right: none; background: ${light}; font-weight: 700; }
.band span { display: block; font-size: ${p.size - 2}pt; font-weight: 400; color: #555; }
.band-title { margin-top: 22pt; font-weight: 700; break-after: avoid; }
.foreign { margin-top: 5pt; font-size: ${p.size - 1}pt; }
.legal { margin-top: 16pt; font-size: ${p.size - 2}pt; color: #555; }`
  const html = `${head(p, `${title} ${f.number}`, css)}
<div class="head">
  <div class="brand">${logo(r, p.accent, 30)}<span>${esc(f.supplier)}</span></div>
  <div class="seller"><b>${esc(f.supplier)}</b>${sellerRows.map((s) => `<div>${esc(s)}</div>`).join('')}</div>
</div>
<div class="mid">
  <div class="address"><div class="small">${esc(w.buyer)}</div><div><b>${esc(f.buyer)}</b></div><div>${esc(p.buyerStreet)}</div><div>${esc(p.buyerPlace)}</div><div>Org.nr. ${esc(formatOrgNumber(f.buyerOrg))}</div></div>
  <div class="right"><h1>${esc(title)}</h1>${factsHtml}</div>
</div>
${credit ? `<div class="credits">${esc(w.credits(p.credited))}</div>` : ''}
<table class="lines"><thead><tr>${w.head.map((h, i) => `<th class="${[2, 4, 5, 6].includes(i) ? 'num' : ''}">${esc(h)}</th>`).join('')}</tr></thead><tbody>${lines}</tbody></table>
<table class="totals">${totals.map(([l, v, strong]) => `<tr class="${strong ? 'strong' : ''}"><td>${esc(l)}</td><td class="num">${esc(v)}</td></tr>`).join('')}</table>
${
  band.length
    ? `<div class="band-title">${esc(w.payment)}</div><div class="band">${band.map(([l, v]) => `<div><span>${esc(l)}</span>${esc(v)}</div>`).join('')}</div>`
    : ''
}
${!credit && foreign.length ? `<div class="foreign">${esc(p.pay.account ? `${w.abroad}: ` : '')}${esc(foreign.join(' · '))}</div>` : ''}
${legal}
</body></html>`
  return { html, total: totalText, variant: `${cells ? 'cells' : 'rows'}${zebra ? ',zebra' : ''}` }
}

function adviceHtml(p: Printing): Page {
  const { f, r, credit, sums } = p
  const w = ADVICE[p.lang]
  const cur = f.currency
  // French sets a space before the colon.
  const colon = p.lang === 'fr' ? '\u00a0:' : ':'
  const title = credit ? w.creditTitle : f.country === 'GB' && r() < 0.6 ? 'TAX INVOICE' : w.title
  const totalText = p.plain(sums.due)
  const middle: [string, string][] = [
    [w.date, p.date(f.invoiceDate)],
    [credit ? w.creditNumber : w.number, f.number],
    [w.reference, credit ? w.credits(p.credited) : pick(r, [f.orderNo, `PO ${f.orderNo}`, p.contact])],
    [w.vatNumber, p.id.value],
  ]
  const lines = f.lines
    .map(
      (l) =>
        `<tr><td>${esc(l.text)}</td><td class="num">${p.lang === 'en' ? l.qty.toFixed(2) : l.qty.toFixed(2).replace('.', ',')}</td><td class="num">${esc(p.plain(l.price))}</td><td class="num">${l.rate}%</td><td class="num">${esc(p.plain(l.amount))}</td></tr>`,
    )
    .join('')
  const totals: [string, string, string][] = [
    [w.subtotal, p.plain(sums.net), ''],
    ...sums.vat.map((v): [string, string, string] => [w.vat(v.rate), p.plain(v.vat), '']),
    [w.total(cur), p.plain(sums.gross), 'strong rule'],
    ...(sums.prepaid
      ? [
          [w.paid, p.plain(sums.prepaid), ''] as [string, string, string],
          [w.due(cur), totalText, 'strong rule'] as [string, string, string],
        ]
      : []),
  ]
  const bank = bankRows(p, w)
  const registered =
    f.country === 'GB'
      ? `Registered in England and Wales No. ${String(int(r, 1_000_000, 13_999_999)).padStart(8, '0')}. ${w.registered}${colon} ${f.street}, ${f.place}`
      : `${w.registered}${colon} ${f.street}, ${f.place}`
  const advice = !credit
    ? `<div class="advice">
  <div class="cut"><span>&#9986;</span></div>
  <div class="advice-body">
    <div class="advice-left"><h2>${esc(w.advice)}</h2><div class="to"><span>${esc(w.to + colon)}</span><div>${esc(f.supplier)}<br>${esc(f.street)}<br>${esc(f.place)}</div></div></div>
    <table class="advice-facts">
      <tr><td>${esc(w.customer)}</td><td>${esc(f.buyer)}</td></tr>
      <tr><td>${esc(w.adviceNumber)}</td><td>${esc(f.number)}</td></tr>
      <tr class="strong"><td>${esc(w.adviceDue)}</td><td>${esc(totalText)}</td></tr>
      <tr><td>${esc(w.dueDate)}</td><td>${esc(p.date(f.dueDate))}</td></tr>
      <tr><td>${esc(w.enclosed)}</td><td><div class="blank"></div><div class="hint">${esc(w.enter)}</div></td></tr>
    </table>
  </div>
</div>`
    : ''
  const css = `
@page { size: A4; margin: 15mm 15mm 12mm; }
.sheet { min-height: 268mm; display: flex; flex-direction: column; }
.top { display: flex; gap: 18pt; }
.top > div:first-child { flex: 1.35; }
.top > div:nth-child(2) { flex: 0.9; }
.top > div:last-child { flex: 1; }
h1 { font-size: ${p.size + 14}pt; font-weight: 400; margin: 0 0 16pt; letter-spacing: 0.5pt; }
.stack div.l { font-weight: 700; }
.stack div.v { margin-bottom: 8pt; }
.logo { margin-bottom: 8pt; }
table.lines { width: 100%; margin-top: 30pt; }
table.lines th { text-align: left; font-weight: 700; padding: 3pt 4pt; border-bottom: 1px solid #000; }
table.lines th.num { text-align: right; }
table.lines td { padding: 4pt; border-bottom: 1px solid #ccc; }
table.totals { width: 45%; margin-left: auto; break-inside: avoid; }
table.totals td { padding: 3pt 4pt; }
table.totals tr.strong td { font-weight: 700; }
table.totals tr.rule td { border-top: 1px solid #000; }
.due { margin-top: 18pt; font-weight: 700; font-size: ${p.size + 1}pt; }
.paydetails { margin-top: 6pt; }
.registered { margin-top: 16pt; font-size: ${p.size - 2}pt; color: #555; }
.advice { margin-top: auto; padding-top: 18pt; break-inside: avoid; }
.cut { border-top: 1.5px dashed #666; position: relative; height: 8pt; }
.cut span { position: absolute; left: 0; top: -9pt; font-size: 12pt; background: #fff; padding-right: 4pt; font-family: 'DejaVu Sans'; }
.advice-body { display: flex; justify-content: space-between; margin-top: 8pt; }
.advice h2 { font-size: ${p.size + 6}pt; font-weight: 400; margin: 0 0 10pt; }
.to { display: flex; gap: 10pt; }
.to span { font-weight: 700; }
table.advice-facts { width: 52%; }
table.advice-facts td { padding: 3pt 4pt; border-bottom: 1px solid #ccc; vertical-align: top; }
table.advice-facts td:first-child { font-weight: 700; width: 40%; }
table.advice-facts tr.strong td { font-weight: 700; }
.blank { height: 12pt; border-bottom: 1px solid #000; }
.hint { font-size: ${p.size - 2}pt; color: #555; }`
  const html = `${head(p, `${title} ${f.number}`, css)}
<div class="sheet">
<div class="top">
  <div><h1>${esc(title)}</h1><div>${esc(f.buyer)}</div><div>${esc(`Att. ${p.contact}`)}</div><div>${esc(p.buyerStreet)}</div><div>${esc(p.buyerPlace)}</div><div>${esc(`Org.nr. ${formatOrgNumber(f.buyerOrg)}`)}</div></div>
  <div class="stack">${middle.map(([l, v]) => `<div class="l">${esc(l)}</div><div class="v">${esc(v)}</div>`).join('')}</div>
  <div>${r() < 0.5 ? `<div class="logo">${logo(r, p.accent, 36)}</div>` : ''}<div>${esc(f.supplier)}</div><div>${esc(f.street)}</div><div>${esc(f.place)}</div><div>${esc(`${p.mailbox}@${p.domain}`)}</div></div>
</div>
<table class="lines"><thead><tr>${w
    .head(cur)
    .map((h, i) => `<th class="${i ? 'num' : ''}">${esc(h)}</th>`)
    .join('')}</tr></thead><tbody>${lines}</tbody></table>
<table class="totals">${totals.map(([l, v, cls]) => `<tr class="${cls}"><td class="num">${esc(l)}</td><td class="num">${esc(v)}</td></tr>`).join('')}</table>
${credit ? '' : `<div class="due">${esc(`${w.dueDate}${colon} ${p.date(f.dueDate)}`)}</div>`}
${!credit && bank.length ? `<div class="paydetails">${esc(w.payTo)} ${esc(f.supplier + colon)} ${bank.map(([l, v]) => `${esc(l)} <span class="nowrap">${esc(v)}</span>`).join(', ')}</div>` : ''}
<div class="registered">${esc(registered)}</div>
${advice}
</div>
</body></html>`
  return { html, total: totalText, variant: credit ? 'noadvice' : 'advice' }
}

/** The seller's telephone number in its country's form. */
function phoneOf(f: Facts, r: Rand): string {
  const d = (n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('')
  switch (f.country) {
    case 'NO':
      return `+47 ${int(r, 2, 9)}${d(1)} ${d(2)} ${d(2)} ${d(2)}`
    case 'SE':
      return `08-${d(3)} ${d(2)} ${d(2)}`
    case 'FR':
      return `04 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`
    default:
      return `+44 20 ${d(4)} ${d(4)}`
  }
}
