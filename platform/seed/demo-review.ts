// The demo office's review queue: drafts in Nordlys Bakeri AS with their PDF attached, as the scan station
// leaves them, so a new user meets a living review screen. One invoice arrived as a native PDF (text layer),
// one as a scan (image only, read by Tesseract) printing a bank account the supplier was never paid to,
// and the first one again as a scan (a duplicate), and one arrived as an EHF invoice (XML only, demo-ehf.ts). The drafts carry the fields the pipeline fills; the
// scanned ones leave the invoice number and KID for the review to take from what OCR read. Written
// through the platform's own write path, as demo-approvals.ts does.
import { generateBankAccount, generateKid } from '../../common/norwegian.ts'
import type { Sql } from '../db/store.ts'
import type { FileStorage } from '../files/storage.ts'
import type { HookSet } from '../model/hooks.ts'
import { scanVariant } from '../../document-reader/corpus/scan.ts'
import type { Registry } from '../registry/registry.ts'
import { transitionEntities } from '../domain/transitions.ts'
import { DEMO_COMPANIES, DEMO_USERS } from './demo-constants.ts'
import { DEMO_SUPPLIERS } from './demo-parties.ts'
import { demoEhfTotals, demoEhfXml, type DemoEhfLine } from './demo-ehf.ts'
import {
  activeSuppliers,
  attachDemoPdf,
  create,
  demoInvoicePdf,
  isoDay,
  one,
  type Actor,
  type CompanyScope,
} from './demo-approvals.ts'

export interface DemoReviewInvoice {
  /** Which of the company's suppliers (by supplier number order). */
  supplier: number
  invoiceNumber: string
  invoiceDaysAgo: number
  dueInDays: number
  net: number
  description: string
  source: 'native' | 'scan' | 'ehf'
  /** An EHF invoice's lines (its net is their sum). */
  lines?: readonly DemoEhfLine[]
  /** The scan prints an account the supplier has not been paid to (the bank-account-changed warning). */
  otherAccount?: boolean
}

/** The review queue of Nordlys Bakeri AS, in the order the drafts are created. */
export const DEMO_REVIEW_INVOICES: readonly DemoReviewInvoice[] = [
  {
    supplier: 0,
    invoiceNumber: '71001',
    invoiceDaysAgo: 4,
    dueInDays: 10,
    net: 8_400,
    description: 'Rengjøring av bakeri, november',
    source: 'native',
  },
  {
    supplier: 1,
    invoiceNumber: '88412',
    invoiceDaysAgo: 2,
    dueInDays: 12,
    net: 15_960,
    description: 'Smør og meieri, uke 47',
    source: 'scan',
    otherAccount: true,
  },
  {
    supplier: 0,
    invoiceNumber: '71001',
    invoiceDaysAgo: 4,
    dueInDays: 10,
    net: 8_400,
    description: 'Rengjøring av bakeri, november',
    source: 'scan',
  },
  {
    supplier: 0,
    invoiceNumber: '2026-4471',
    invoiceDaysAgo: 1,
    dueInDays: 13,
    net: 0,
    description: 'Kontorrekvisita og kaffe til pauserommet',
    source: 'ehf',
    lines: [
      { name: 'Kopipapir A4 80 g, eske 5 × 500 ark', quantity: 4, unit: 'EA', price: 289, rate: 25 },
      { name: 'Blekkpatron HP 305, sort', quantity: 6, unit: 'EA', price: 149.5, rate: 25 },
      { name: 'Filtermalt kaffe, 1 kg', quantity: 8, unit: 'EA', price: 129.9, rate: 15 },
    ],
  },
]

const round2 = (n: number) => Math.round(n * 100) / 100

async function seedInvoice(
  c: CompanyScope,
  anne: Actor,
  files: FileStorage | undefined,
  inv: DemoReviewInvoice,
  index: number,
): Promise<void> {
  const suppliers = await activeSuppliers(c.sql, c.companyId)
  const supplier = suppliers[inv.supplier % suppliers.length]!
  const nok = await one<{ ID: number }>(c.sql, `select "ID" from "CurrencyCode" where "Code" = 'NOK'`, [])
  const invoiceDate = isoDay(-inv.invoiceDaysAgo)
  const dueDate = isoDay(inv.dueInDays)
  const kid = generateKid(9100 + (Number(inv.invoiceNumber.replace(/\D/g, '')) % 100_000), 10, 'mod10')
  const demoSupplier = DEMO_SUPPLIERS.find((d) => d.name === supplier.Name)
  const ehf =
    inv.source === 'ehf'
      ? {
          number: inv.invoiceNumber,
          issueDate: invoiceDate,
          dueDate,
          supplier: {
            name: supplier.Name,
            orgNumber: supplier.OrgNumber,
            account: supplier.AccountNumber ?? '',
            street: demoSupplier?.address?.line1 ?? '',
            postcode: demoSupplier?.address?.postalCode ?? '',
            city: demoSupplier?.address?.city ?? '',
          },
          buyer: {
            name: DEMO_COMPANIES.nordlys.name,
            orgNumber: DEMO_COMPANIES.nordlys.organizationNumber,
            street: 'Storgata 41',
            postcode: '9008',
            city: 'Tromsø',
          },
          buyerReference: 'Anne',
          kid,
          lines: inv.lines ?? [],
        }
      : null
  const totals = ehf ? demoEhfTotals(ehf) : null
  const net = totals ? totals.net : round2(inv.net)
  const vat = totals ? totals.vat : round2(net * 0.25)
  const gross = round2(net + vat)
  const account = inv.otherAccount ? generateBankAccount(4242 + index) : (supplier.AccountNumber ?? '')
  const scanned = inv.source === 'scan'
  const invoiceId = await create(c, anne, 'SupplierInvoice', {
    SupplierID: supplier.ID,
    SupplierOrgNumber: supplier.OrgNumber,
    InvoiceDate: invoiceDate,
    PaymentDueDate: dueDate,
    TaxInclusiveAmount: gross,
    TaxInclusiveAmountCurrency: gross,
    CurrencyCodeID: nok.ID,
    CurrencyExchangeRate: 1,
    // An access point's EHF invoice arrives with its facts; a scan leaves number and KID to the review.
    ...(scanned ? {} : { InvoiceNumber: inv.invoiceNumber, PaymentID: kid }),
    ...(inv.otherAccount ? { PaymentInformation: account } : { BankAccountID: supplier.BankAccountID }),
    Comment: ehf
      ? `EHF-faktura ${inv.invoiceNumber}.xml`
      : `Faktura ${inv.invoiceNumber}${scanned ? ' (skannet)' : ''}.pdf`,
  })
  if (!files) return
  if (ehf) {
    await attachDemoPdf(c, anne, files, new TextEncoder().encode(demoEhfXml(ehf)), {
      name: `EHF-faktura ${inv.invoiceNumber}.xml`,
      description: inv.description,
      invoiceId,
      contentType: 'application/xml',
    })
    return
  }
  const native = await demoInvoicePdf({
    supplier: supplier.Name,
    buyer: DEMO_COMPANIES.nordlys.name,
    invoiceNumber: inv.invoiceNumber,
    invoiceDate,
    dueDate,
    description: inv.description,
    net,
    vat,
    kid,
    account,
  })
  const bytes = scanned
    ? await scanVariant(native, 31 + index, { dpi: 200, rotation: 0.4, noise: 40, format: 'png' })
    : native
  await attachDemoPdf(c, anne, files, bytes, {
    name: `Faktura ${inv.invoiceNumber}${scanned ? ' (skannet)' : ''}.pdf`,
    description: inv.description,
    invoiceId,
  })
}

/** Seeds the review queue into a demo office just seeded (same transaction); PDFs go to the file store `files`. */
export async function seedDemoReview(
  sql: Sql,
  registry: Registry,
  opts: { hooks: HookSet; files?: FileStorage },
): Promise<void> {
  const company = DEMO_COMPANIES.nordlys
  const row = await one<{ ID: number }>(sql, `select "ID" from "Company" where "Key" = $1`, [company.key])
  const scope: CompanyScope = {
    sql,
    registry,
    hooks: opts.hooks,
    companyId: row.ID,
    companyKey: company.key,
    transitionEntities: await transitionEntities(sql),
  }
  const user = await one<{ ID: number; GlobalIdentity: string }>(
    sql,
    `select "ID", "GlobalIdentity" from "User" where "CompanyID" = $1 and lower("Email") = lower($2) and "Deleted" = false`,
    [row.ID, DEMO_USERS.anne.email],
  )
  const anne: Actor = { userId: user.ID, globalIdentity: user.GlobalIdentity }
  const files = opts.files
  for (const [index, inv] of DEMO_REVIEW_INVOICES.entries()) await seedInvoice(scope, anne, files, inv, index)
}
