// The words and number forms printed on the customer's invoice PDF, in both languages. Amounts and
// numbers are printed the Norwegian way in either language (field notes "Norwegian numbers": `1 234,56`,
// `dd.mm.yyyy`): the invoice is in a Norwegian company's books.
import { formatOre, type Ore } from '../../../../common/money.ts'

export interface InvoiceWords {
  invoice: string
  creditNote: string
  draft: string
  page: (n: number, of: number) => string
  orgNumber: string
  vatRegistered: string
  email: string
  phone: string
  bankAccount: string
  iban: string
  invoiceNumber: string
  creditNoteNumber: string
  invoiceDate: string
  creditNoteDate: string
  dueDate: string
  deliveryDate: string
  customerNumber: string
  ourReference: string
  yourReference: string
  kid: string
  credits: string
  notNumberedYet: string
  noSellerAddress: string
  columns: {
    text: string
    quantity: string
    unit: string
    unitPrice: string
    discount: string
    vat: string
    sum: string
  }
  vatSummary: { rate: string; base: string; vat: string }
  net: string
  vat: string
  toPay: string
  credited: string
  payTo: (account: string, due: string) => string
  payWithKid: (kid: string) => string
  payWithNumber: (number: string) => string
  creditNoteSettles: string
  giro: {
    title: string
    paymentInfo: string
    paidBy: string
    paidTo: string
    dueDate: string
    kid: string
    kroner: string
    ore: string
    toAccount: string
    signature: string
  }
}

export const INVOICE_WORDS: Record<'nb' | 'en', InvoiceWords> = {
  nb: {
    invoice: 'FAKTURA',
    creditNote: 'KREDITNOTA',
    draft: 'UTKAST',
    page: (n, of) => `Side ${n} av ${of}`,
    orgNumber: 'Org.nr.',
    vatRegistered: 'MVA',
    email: 'E-post',
    phone: 'Telefon',
    bankAccount: 'Kontonr.',
    iban: 'IBAN',
    invoiceNumber: 'Fakturanr.',
    creditNoteNumber: 'Kreditnotanr.',
    invoiceDate: 'Fakturadato',
    creditNoteDate: 'Dato',
    dueDate: 'Forfallsdato',
    deliveryDate: 'Leveringsdato',
    customerNumber: 'Kundenr.',
    ourReference: 'Vår ref.',
    yourReference: 'Deres ref.',
    kid: 'KID',
    credits: 'Krediterer faktura',
    notNumberedYet: 'tildeles ved fakturering',
    noSellerAddress: 'Plattformens firmainnstillinger oppgir ingen adresse',
    columns: {
      text: 'Beskrivelse',
      quantity: 'Antall',
      unit: 'Enhet',
      unitPrice: 'Pris',
      discount: 'Rabatt %',
      vat: 'MVA %',
      sum: 'Beløp',
    },
    vatSummary: { rate: 'MVA-sats', base: 'Grunnlag', vat: 'MVA' },
    net: 'Sum eks. mva',
    vat: 'Merverdiavgift',
    toPay: 'Å betale',
    credited: 'Kreditert beløp',
    payTo: (account, due) => `Betales til konto ${account} innen ${due}.`,
    payWithKid: (kid) => `Bruk KID ${kid} ved betaling.`,
    payWithNumber: (number) => `Merk betalingen med fakturanummer ${number}.`,
    creditNoteSettles: 'Beløpet avregnes mot fakturaen som krediteres.',
    giro: {
      title: 'GIRO',
      paymentInfo: 'Betalingsinformasjon',
      paidBy: 'Betalt av',
      paidTo: 'Betalt til',
      dueDate: 'Betalingsfrist',
      kid: 'Kundeidentifikasjon (KID)',
      kroner: 'Kroner',
      ore: 'Øre',
      toAccount: 'Til konto',
      signature: 'Underskrift ved girering',
    },
  },
  en: {
    invoice: 'INVOICE',
    creditNote: 'CREDIT NOTE',
    draft: 'DRAFT',
    page: (n, of) => `Page ${n} of ${of}`,
    orgNumber: 'Org. no.',
    vatRegistered: 'MVA',
    email: 'E-mail',
    phone: 'Phone',
    bankAccount: 'Account no.',
    iban: 'IBAN',
    invoiceNumber: 'Invoice no.',
    creditNoteNumber: 'Credit note no.',
    invoiceDate: 'Invoice date',
    creditNoteDate: 'Date',
    dueDate: 'Due date',
    deliveryDate: 'Delivery date',
    customerNumber: 'Customer no.',
    ourReference: 'Our ref.',
    yourReference: 'Your ref.',
    kid: 'KID',
    credits: 'Credits invoice',
    notNumberedYet: 'assigned when invoiced',
    noSellerAddress: "The platform's company settings hold no address",
    columns: {
      text: 'Description',
      quantity: 'Qty',
      unit: 'Unit',
      unitPrice: 'Price',
      discount: 'Disc. %',
      vat: 'VAT %',
      sum: 'Amount',
    },
    vatSummary: { rate: 'VAT rate', base: 'Basis', vat: 'VAT' },
    net: 'Total excl. VAT',
    vat: 'VAT',
    toPay: 'Amount due',
    credited: 'Amount credited',
    payTo: (account, due) => `Pay to account ${account} by ${due}.`,
    payWithKid: (kid) => `Use KID ${kid} when paying.`,
    payWithNumber: (number) => `Mark the payment with invoice number ${number}.`,
    creditNoteSettles: 'The amount is set off against the invoice credited.',
    giro: {
      title: 'GIRO',
      paymentInfo: 'Payment information',
      paidBy: 'Paid by',
      paidTo: 'Paid to',
      dueDate: 'Due date',
      kid: 'Customer identification (KID)',
      kroner: 'Kroner',
      ore: 'Øre',
      toAccount: 'To account',
      signature: 'Signature',
    },
  },
}

/** `1 234,56`: amounts in Norwegian form (non-breaking space groups). */
export const amount = (ore: Ore) => formatOre(ore)

/** A quantity or percentage with up to six decimals, comma decimal, no trailing zeros: `1,5`, `12`. */
export function decimal(value: number): string {
  const fixed = Math.abs(value)
    .toFixed(6)
    .replace(/\.?0+$/, '')
  const [whole, frac] = fixed.split('.')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
  return `${value < 0 && Number(fixed) !== 0 ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`
}

/** `yyyy-mm-dd` (or a longer ISO stamp) as `dd.mm.yyyy`. */
export function date(iso: string | null): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ''
}
