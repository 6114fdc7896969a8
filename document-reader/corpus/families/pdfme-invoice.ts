// Family `lib-pdfme`: invoices laid out by the npm package @pdfme/generator (MIT), pdfme's layout engine,
// from an invoice template written here in pdfme's template JSON (millimetres on an A4 sheet): the supplier
// and its address top left, the title top right over a label / value table of the invoice facts, the buyer
// block, the lines as a pdfme table whose height grows with the lines and pushes what stands below it down
// (onto a second page when they are many), a right-hand totals table with the amount to pay on its own row,
// a framed payment block and a footer line. Languages: Norwegian, Swedish, Finnish, Dutch and French, each
// with its country's amount and date forms; the fonts are pdfme's own Roboto, DejaVu Sans or DejaVu Serif.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { PDFDocument } from 'pdf-lib'
import type { Font, Template } from '@pdfme/common'
import type * as PdfmeGenerator from '@pdfme/generator'
import type * as PdfmeSchemas from '@pdfme/schemas'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import { pick, type Rand } from '../generate.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  textPdfDocument,
  type Country,
  type CorpusDocument,
} from './facts.ts'
import { FINNISH_MONEY, finnishDate } from './summary-layouts.ts'

const require = createRequire(import.meta.url)

interface Engine {
  generate: (typeof PdfmeGenerator)['generate']
  plugins: Pick<typeof PdfmeSchemas, 'text' | 'table' | 'rectangle'>
  fonts: Font
}

let engine: Promise<Engine> | null = null
/** pdfme's generator, the schema plugins the template uses and the fonts, loaded once on first use. */
function pdfme(): Promise<Engine> {
  return (engine ??= (async () => {
    const [{ generate }, { text, table, rectangle }, { getDefaultFont }] = await Promise.all([
      import('@pdfme/generator'),
      import('@pdfme/schemas'),
      import('@pdfme/common'),
    ])
    const fonts: Font = {
      Roboto: { data: getDefaultFont().Roboto!.data, fallback: true },
      DejaVuSans: { data: dejavu('DejaVuSans.ttf') },
      DejaVuSansBold: { data: dejavu('DejaVuSans-Bold.ttf') },
      DejaVuSerif: { data: dejavu('DejaVuSerif.ttf') },
      DejaVuSerifBold: { data: dejavu('DejaVuSerif-Bold.ttf') },
    }
    return { generate, plugins: { text, table, rectangle }, fonts }
  })())
}

type Lang = 'nb' | 'sv' | 'fi' | 'nl' | 'fr'

interface Labels {
  title: string
  number: string
  date: string
  due: string
  customerNo: string
  orderNo: string
  buyer: string
  head: [string, string, string, string, string]
  net: string
  vat: (rate: number) => string
  total: string
  payment: string
  account: string
  kid: string
  orgLabel: string
}

const LABELS: Record<Lang, Labels> = {
  nb: {
    title: 'FAKTURA',
    number: 'Fakturanummer',
    date: 'Fakturadato',
    due: 'Forfallsdato',
    customerNo: 'Kundenummer',
    orderNo: 'Deres ordre',
    buyer: 'Fakturamottaker',
    head: ['Beskrivelse', 'Antall', 'Enhetspris', 'Mva', 'Beløp'],
    net: 'Sum eksklusiv mva',
    vat: (rate) => `Merverdiavgift ${rate} %`,
    total: 'Å betale',
    payment: 'Betalingsinformasjon',
    account: 'Kontonummer',
    kid: 'KID',
    orgLabel: 'Org.nr.',
  },
  sv: {
    title: 'FAKTURA',
    number: 'Fakturanummer',
    date: 'Fakturadatum',
    due: 'Förfallodatum',
    customerNo: 'Kundnummer',
    orderNo: 'Er order',
    buyer: 'Faktureras till',
    head: ['Benämning', 'Antal', 'À-pris', 'Moms', 'Belopp'],
    net: 'Summa exkl. moms',
    vat: (rate) => `Moms ${rate} %`,
    total: 'Att betala',
    payment: 'Betalningsuppgifter',
    account: 'Kontonummer',
    kid: 'KID',
    orgLabel: 'Org.nr',
  },
  fi: {
    title: 'LASKU',
    number: 'Laskun numero',
    date: 'Laskun päivämäärä',
    due: 'Eräpäivä',
    customerNo: 'Asiakasnumero',
    orderNo: 'Tilausnumero',
    buyer: 'Laskutetaan',
    head: ['Tuote / palvelu', 'Määrä', 'À-hinta', 'ALV', 'Yhteensä'],
    net: 'Veroton yhteensä',
    vat: (rate) => `ALV ${rate} %`,
    total: 'Maksettava yhteensä',
    payment: 'Maksutiedot',
    account: 'Tilinumero',
    kid: 'KID',
    orgLabel: 'Org.nr.',
  },
  nl: {
    title: 'FACTUUR',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    customerNo: 'Klantnummer',
    orderNo: 'Uw referentie',
    buyer: 'Factuuradres',
    head: ['Omschrijving', 'Aantal', 'Stukprijs', 'Btw', 'Bedrag'],
    net: 'Subtotaal excl. btw',
    vat: (rate) => `Btw ${rate}%`,
    total: 'Totaal te betalen',
    payment: 'Betaalgegevens',
    account: 'Rekeningnummer',
    kid: 'KID',
    orgLabel: 'Org.nr.',
  },
  fr: {
    title: 'FACTURE',
    number: 'Numéro de facture',
    date: 'Date de facture',
    due: "Date d'échéance",
    customerNo: 'Code client',
    orderNo: 'Votre commande',
    buyer: 'Facturé à',
    head: ['Désignation', 'Qté', 'Prix unitaire', 'TVA', 'Montant HT'],
    net: 'Total HT',
    vat: (rate) => `TVA ${rate} %`,
    total: 'Net à payer TTC',
    payment: 'Règlement',
    account: 'Compte',
    kid: 'KID',
    orgLabel: 'Org.nr.',
  },
}

const LANG_OF: Partial<Record<Country, Lang>> = { NO: 'nb', SE: 'sv', FI: 'fi', NL: 'nl', FR: 'fr' }

/** Each language's dates: Finnish prints day and month without a leading zero (`3.2.2026`). */
function dateForm(lang: Lang, r: Rand): { name: string; text: (iso: string) => string } {
  const std = (form: Parameters<typeof dateText>[1], words = 'en') => ({
    name: form,
    text: (iso: string) => dateText(iso, form, words),
  })
  switch (lang) {
    case 'nb':
      return pick(r, [std('dmy.'), std('long', 'nb')])
    case 'sv':
      return std('iso')
    case 'fi':
      return { name: 'd.m.y', text: finnishDate }
    case 'nl':
      return pick(r, [std('dmy-'), std('long', 'nl')])
    case 'fr':
      return pick(r, [std('dmy/'), std('long', 'fr')])
  }
}

function dejavu(file: string): Uint8Array<ArrayBuffer> {
  const dir = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'))
  return new Uint8Array(fs.readFileSync(path.join(dir, 'ttf', file)))
}

/** The cell style of a pdfme table (every key its plugin reads). */
function cellStyle(o: {
  font: string
  size: number
  color?: string
  background?: string
  border?: number
  align?: 'left' | 'right'
}) {
  const b = o.border ?? 0
  return {
    fontName: o.font,
    alignment: o.align ?? 'left',
    verticalAlignment: 'middle',
    fontSize: o.size,
    lineHeight: 1,
    characterSpacing: 0,
    fontColor: o.color ?? '#000000',
    backgroundColor: o.background ?? '',
    borderColor: '#9a9a9a',
    borderWidth: { top: 0, right: 0, bottom: b, left: 0 },
    padding: { top: 1.6, right: 1.5, bottom: 1.6, left: 1.5 },
  }
}

/**
 * The invoice template in pdfme's template JSON: `font` names the body face, `bold` the heading face,
 * `accent` the colour of the title and the lines table's head.
 */
function invoiceTemplate(o: {
  font: string
  bold: string
  accent: string
  size: number
  zebra: boolean
  head: string[]
  factRows: number
  totalRows: number
}): Template {
  // A table row's height in mm: the font's size and the cell's padding above and below.
  const row = o.size * 0.3528 + 3.4
  const facts = o.factRows * row
  const totals = o.totalRows * row
  // Where the lines table starts (below the buyer and the facts) and where the totals start below it.
  const top = Math.max(74, 34 + facts)
  const below = top + 2 * row + 4
  const text = (
    name: string,
    x: number,
    y: number,
    width: number,
    height: number,
    extra: Record<string, unknown> = {},
  ) => ({
    name,
    type: 'text',
    position: { x, y },
    width,
    height,
    fontName: o.font,
    fontSize: o.size,
    lineHeight: 1.25,
    alignment: 'left',
    verticalAlignment: 'top',
    fontColor: '#000000',
    ...extra,
  })
  const table = (
    name: string,
    x: number,
    y: number,
    width: number,
    head: string[],
    widths: number[],
    extra: Record<string, unknown> = {},
  ) => ({
    name,
    type: 'table',
    position: { x, y },
    width,
    height: 2 * row,
    showHead: head.some(Boolean),
    repeatHead: true,
    head,
    headWidthPercentages: widths,
    tableStyles: { borderColor: '#9a9a9a', borderWidth: 0 },
    headStyles: cellStyle({ font: o.bold, size: o.size, color: '#ffffff', background: o.accent }),
    bodyStyles: {
      ...cellStyle({ font: o.font, size: o.size, border: 0.1 }),
      alternateBackgroundColor: o.zebra ? '#f2f2f2' : '',
    },
    columnStyles: {},
    ...extra,
  })
  return {
    basePdf: { width: 210, height: 297, padding: [15, 15, 15, 15] },
    schemas: [
      [
        text('supplier', 15, 15, 100, 8, { fontName: o.bold, fontSize: o.size + 6 }),
        text('supplierAddress', 15, 25, 95, 16),
        text('title', 115, 14, 80, 10, {
          fontName: o.bold,
          fontSize: 22,
          alignment: 'right',
          fontColor: o.accent,
        }),
        table('facts', 115, 27, 80, ['', ''], [48, 52], {
          height: facts,
          bodyStyles: {
            ...cellStyle({ font: o.font, size: o.size - 0.5 }),
            alternateBackgroundColor: '',
          },
          columnStyles: { alignment: { 1: 'right' } },
        }),
        text('buyerLabel', 15, 50, 80, 5, { fontName: o.bold, fontSize: o.size - 1, fontColor: '#555555' }),
        text('buyer', 15, 55, 95, 14),
        table('lines', 15, top, 180, o.head, [44, 10, 17, 9, 20], {
          columnStyles: { alignment: { 1: 'right', 2: 'right', 3: 'right', 4: 'right' } },
        }),
        table('totals', 105, below, 90, ['', ''], [55, 45], {
          height: totals,
          bodyStyles: {
            ...cellStyle({ font: o.font, size: o.size }),
            alternateBackgroundColor: '',
          },
          columnStyles: { alignment: { 1: 'right' } },
        }),
        text('totalLabel', 105, below + totals + 2, 50, 7, { fontName: o.bold, fontSize: o.size + 2 }),
        text('totalValue', 150, below + totals + 2, 45, 7, {
          fontName: o.bold,
          fontSize: o.size + 2,
          alignment: 'right',
        }),
        {
          name: 'paymentFrame',
          type: 'rectangle',
          position: { x: 15, y: below + totals + 14 },
          width: 120,
          height: 30,
          borderWidth: 0.3,
          borderColor: o.accent,
          color: '',
          readOnly: true,
        },
        text('paymentLabel', 18, below + totals + 16, 110, 5, { fontName: o.bold }),
        text('payment', 18, below + totals + 22, 115, 21),
        text('footer', 15, below + totals + 50, 180, 6, {
          fontSize: o.size - 1.5,
          fontColor: '#555555',
          alignment: 'center',
        }),
      ],
    ],
  } as unknown as Template
}

export async function generatePdfme(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 1201, {
    country: ['NO', 'NO', 'SE', 'FI', 'NL', 'FR'],
    lines: [1, 24],
  })
  const lang = LANG_OF[f.country]!
  const l = LABELS[lang]
  const form = pick(r, lang === 'fi' ? FINNISH_MONEY : MONEY_FORMS[lang]!)
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const dates = dateForm(lang, r)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const [fontName, font, bold] = pick(r, [
    ['Roboto', 'Roboto', 'DejaVuSansBold'],
    ['DejaVuSans', 'DejaVuSans', 'DejaVuSansBold'],
    ['DejaVuSerif', 'DejaVuSerif', 'DejaVuSerifBold'],
  ] as const)
  const size = pick(r, [9, 9.5, 10])
  const accent = pick(r, ['#1f4e79', '#2d6a4f', '#7a1f3d', '#333333'])
  const facts: [string, string][] = [
    [l.number, f.number],
    [l.date, dates.text(f.invoiceDate)],
    [l.due, dates.text(f.dueDate)],
    [l.customerNo, f.customerNo],
    ...(r() < 0.5 ? [[l.orderNo, f.orderNo] as [string, string]] : []),
  ]
  const template = invoiceTemplate({
    font,
    bold,
    accent,
    size,
    zebra: r() < 0.5,
    head: [...l.head],
    factRows: facts.length,
    totalRows: 1 + f.vat.length,
  })
  const payment = [
    pay.account && `${l.account}: ${pay.account}`,
    f.kid && `${l.kid}: ${f.kid}`,
    pay.iban && `IBAN: ${pay.iban}`,
    pay.bic && `BIC: ${pay.bic}`,
  ].filter(Boolean)
  const input = {
    supplier: f.supplier,
    supplierAddress: [f.street, f.place, `${id.label} ${id.value}`].join('\n'),
    title: l.title,
    facts: JSON.stringify(facts),
    buyerLabel: l.buyer,
    buyer: [f.buyer, `${l.orgLabel} ${formatOrgNumber(f.buyerOrg)}`].join('\n'),
    lines: JSON.stringify(
      f.lines.map((line) => [
        line.text,
        String(line.qty),
        plain(line.price),
        `${line.rate} %`,
        plain(line.amount),
      ]),
    ),
    totals: JSON.stringify([[l.net, money(f.net)], ...f.vat.map((v) => [l.vat(v.rate), money(v.vat)])]),
    totalLabel: l.total,
    totalValue: money(f.total),
    paymentLabel: l.payment,
    payment: payment.join('\n'),
    footer: [f.supplier, f.street, f.place, `${id.label} ${id.value}`].join(' · '),
  }
  const { generate, plugins, fonts } = await pdfme()
  const fixed = new Date('2026-01-01T00:00:00Z')
  const bytes = await generate({
    template,
    inputs: [input],
    plugins,
    options: {
      font: fonts,
      title: `${l.title} ${f.number}`,
      creationDate: fixed,
      modificationDate: fixed,
      author: f.supplier,
    },
  })
  const pages = (await PDFDocument.load(bytes)).getPageCount()
  return textPdfDocument({
    family: 'lib-pdfme',
    kind: 'library',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${lang},${f.country},${dates.name},${fontName},${pages}p`,
    id: id.value,
    pay,
    total: money(f.total),
    date: dates.text,
  })
}
