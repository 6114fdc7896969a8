// Image families (their group: ../families.ts): invoices as clients send them when they are not
// PDFs from an accounting system.
// - `lib-receiptline`: a receipt-width invoice laid out by the npm package receiptline (Apache-2.0), its
//   receipt markdown filled with our facts in the supplier's language, rendered from its SVG to a PNG as a
//   till or a web shop hands out a digital receipt;
// - `lib-microinvoice-photo` and `lib-jspdf-template-fax`: the third-party layouts of the UNSEEN group
//   photographed with a phone and sent by fax, with the harder corpus's degradations (../hard.ts). The
//   values are the same as the layout's own; only the pixels differ. A faxed page is only the first page, so
//   the fax family keeps to invoices of one page.
import { createRequire } from 'node:module'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { pick } from '../generate.ts'
import { formatOrgNumber } from '../../../common/norwegian.ts'
import {
  dateText,
  makeFacts,
  MONEY_FORMS,
  moneyText,
  paymentTexts,
  supplierIdText,
  truthOf,
  type CorpusDocument,
} from './facts.ts'
import { DATE_FORMS, LANG_OF, words } from './fresh-layouts.ts'
import { generateJspdfTemplate } from './jspdf-template.ts'
import { generateMicroinvoice } from './microinvoice.ts'
import { faxed, photographed } from './scanned.ts'

const require = createRequire(import.meta.url)
const receiptline = require('receiptline') as {
  transform(
    doc: string,
    printer: { cpl: number; encoding: string; spacing?: boolean; command?: string },
  ): string
}

/** Receipt markdown's special characters, escaped so a value prints as it is. */
const esc = (s: string) => s.replace(/[\\|{}~_"`^]/g, '\\$&')

export async function generateReceiptline(seed: number): Promise<CorpusDocument> {
  const { facts: f, r } = makeFacts(seed, 911, { country: ['NO', 'NO', 'SE', 'DK', 'GB'], lines: [1, 6] })
  const lang = LANG_OF[f.country as keyof typeof LANG_OF]
  const w = words(lang)
  const form = { ...pick(r, MONEY_FORMS[lang]!), code: 'none' as const }
  const money = (c: number) => moneyText(c, f.currency, form)
  const dateForm = pick(
    r,
    DATE_FORMS[lang].filter((d) => d !== 'long'),
  )
  const date = (iso: string) => dateText(iso, dateForm)
  const id = supplierIdText(f, r)
  const pay = paymentTexts(f, r)
  const cpl = pick(r, [42, 48])
  const total = `${f.currency} ${money(f.total)}`
  const markdown = [
    `^^"${esc(f.supplier)}`,
    esc(`${f.street}, ${f.place}`),
    esc(`${id.label} ${id.value}`),
    '-',
    `^${lang === 'en' ? 'INVOICE' : 'FAKTURA / INVOICE'}`,
    `${esc(w.number)} | ${esc(f.number)}`,
    `${esc(w.date)} | ${esc(date(f.invoiceDate))}`,
    `${esc(w.due)} | ${esc(date(f.dueDate))}`,
    `${esc(w.buyer)} | ${esc(f.buyer)}`,
    `Org.nr. | ${formatOrgNumber(f.buyerOrg)}`,
    '-',
    ...f.lines.map((l) => `${esc(l.text)} | ${l.qty} | ${money(l.amount)}`),
    '-',
    `${esc(w.net)} | ${money(f.net)}`,
    ...f.vat.map((v) => `${esc(w.vat)} ${v.rate} % | ${money(v.vat)}`),
    `"${esc(w.total)} | "${esc(total)}`,
    '-',
    ...(pay.account ? [`${esc(w.account)} | ${esc(pay.account)}`] : []),
    ...(f.kid ? [`${esc(w.kid)} | ${f.kid}`] : []),
    ...(pay.iban ? ['IBAN', esc(pay.iban)] : []),
    ...(pay.bic ? [`BIC | ${pay.bic}`] : []),
  ].join('\n')
  const printer = { cpl, encoding: 'multilingual', spacing: true }
  // The SVG imports a font from the web: the import is dropped, so nothing is fetched, and the renderer
  // draws the text with the monospace face it falls back to.
  const svg = receiptline.transform(markdown, printer).replace(/<style[^]*?<\/style>/, '')
  const image = await loadImage(Buffer.from(svg))
  // A margin of paper round the receipt, at the scale of a phone screen or a 200 dpi scan.
  const scale = pick(r, [1.5, 2])
  const margin = 24
  const canvas = createCanvas(
    Math.round(image.width * scale) + margin * 2,
    Math.round(image.height * scale) + margin * 2,
  )
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(image, margin, margin, image.width * scale, image.height * scale)
  return {
    family: 'lib-receiptline',
    kind: 'library',
    seed,
    format: 'png',
    bytes: new Uint8Array(await canvas.encode('png')),
    pages: 1,
    scanned: true,
    truth: truthOf(f),
    buyerOrgNumber: f.buyerOrg,
    buyerBankAccount: f.buyerAccount,
    variant: `${lang},${f.country},${dateForm},${cpl}cpl,x${scale}`,
    printed: {
      1: id.value,
      ...(pay.iban ? { 2: pay.iban } : {}),
      ...(pay.account ? { 3: pay.account } : {}),
      ...(f.kid ? { 4: f.kid } : {}),
      5: f.number,
      6: total,
      7: date(f.invoiceDate),
      8: date(f.dueDate),
    },
    drawnText: receiptline.transform(markdown, { ...printer, command: 'text' }),
  }
}

// The photo keeps the microinvoice document of its own seed, whatever its pages (only the first is photographed).
export const generateMicroinvoicePhoto = photographed(
  'lib-microinvoice-photo',
  generateMicroinvoice,
  77,
  false,
)

export const generateJspdfTemplateFax = faxed('lib-jspdf-template-fax', generateJspdfTemplate, 91)
