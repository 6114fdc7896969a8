// Every supplier invoice of the demo office carries its document (issue #33): an invoice the other demo
// seeds left without one (the drafts of demo.ts in every client company, the booked invoices of the office's
// memory) gets a one-page PDF drawn from the invoice's own row: the supplier's name, address, organisation
// number and bank account, the invoice number, dates, lines, VAT, total and KID, so what the OCR and the
// local reading find in it agrees with the invoice's fields. Attached as demo-approvals.ts attaches its PDFs
// (the file store, a File row, a FileEntityLink), through the platform's own write path.
import type { Sql } from '../db/store.ts'
import type { FileStorage } from '../files/storage.ts'
import type { HookSet } from '../model/hooks.ts'
import type { Registry } from '../registry/registry.ts'
import { DEMO_COMPANY_LIST } from './demo-constants.ts'
import { scopeOf } from './demo-contacts.ts'
import {
  attachDemoPdf,
  demoInvoicePdf,
  type Actor,
  type CompanyScope,
  type DemoPdfLine,
} from './demo-approvals.ts'

/** What each demo supplier sells, as the lines of its invoices read. */
const GOODS: Readonly<Record<string, readonly string[]>> = {
  'Bergen Kontorrekvisita AS': ['Kopipapir A4 80 g, eske', 'Tonerkassett, sort', 'Kontorrekvisita, diverse'],
  'Fjordnett Telekom AS': ['Mobilabonnement bedrift', 'Bredbånd 500/500', 'Sentralbord, månedsleie'],
  'Nordkraft Energi AS': ['Strøm, forbruk', 'Nettleie', 'Fastledd'],
  'Trøndelag Programvare AS': ['Lisens regnskapsprogram', 'Brukerstøtte', 'Oppgradering, timer'],
  'Vestlandske Drivstoff AS': ['Diesel', 'Bensin 95', 'Spylervæske'],
  'Oslo Revisjon AS': ['Revisjon av årsregnskap', 'Rådgivning, timer', 'Attestasjon'],
  'Lofoten Reklamebyrå AS': ['Annonsekampanje', 'Design av brosjyre', 'Trykk'],
  'Hardanger Møbelverkstad AS': ['Kontorstol', 'Skrivebord', 'Montering'],
  'Sørlandet IT-drift AS': ['Drift av servere', 'Sikkerhetskopi', 'Konsulenttimer'],
  'Polar Forsikring AS': ['Forsikring, næringsbygg', 'Ansvarsforsikring', 'Gebyr'],
  'Vinje Transport AS': ['Frakt', 'Drivstofftillegg', 'Lagerleie'],
  'Mjøsa Renhold AS': ['Renhold', 'Vindusvask', 'Matteservice'],
  'Hamar Kontormøbler AS': ['Skrivebord', 'Kontorstol', 'Hyllesystem'],
}

interface InvoiceFacts {
  ID: number
  InvoiceNumber: string | null
  InvoiceDate: unknown
  PaymentDueDate: unknown
  TaxExclusiveAmount: unknown
  VatTotalsAmount: unknown
  TaxInclusiveAmount: unknown
  PaymentID: string | null
  SupplierName: string | null
  SupplierOrgNumber: string | null
  AddressLine1: string | null
  PostalCode: string | null
  City: string | null
  AccountNumber: string | null
  PaymentInformation: string | null
  CompanyName: string
  CompanyOrgNumber: string | null
}

const FACTS_SQL = `
  select si."ID", si."InvoiceNumber", si."InvoiceDate", si."PaymentDueDate", si."TaxExclusiveAmount",
         si."VatTotalsAmount", si."TaxInclusiveAmount", si."PaymentID", si."PaymentInformation",
         br."Name" as "SupplierName", coalesce(si."SupplierOrgNumber", s."OrgNumber") as "SupplierOrgNumber",
         a."AddressLine1", a."PostalCode", a."City", b."AccountNumber",
         c."Name" as "CompanyName", c."OrganizationNumber" as "CompanyOrgNumber"
    from "SupplierInvoice" si
    join "Company" c on c."ID" = si."CompanyID"
    left join "Supplier" s on s."CompanyID" = si."CompanyID" and s."ID" = si."SupplierID"
    left join "BusinessRelation" br on br."CompanyID" = s."CompanyID" and br."ID" = s."BusinessRelationID"
    left join "Address" a on a."CompanyID" = br."CompanyID" and a."ID" = br."InvoiceAddressID"
    left join "BankAccount" b on b."CompanyID" = si."CompanyID" and b."ID" = si."BankAccountID"
   where si."CompanyID" = $1 and si."Deleted" = false`

const NO_DOCUMENT = `
  and not exists (select 1 from "FileEntityLink" l where l."CompanyID" = si."CompanyID"
    and l."EntityType" = 'SupplierInvoice' and l."EntityID" = si."ID" and l."Deleted" = false)`

const dayOf = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10)
const ore = (v: unknown): number => Math.round(Number(v ?? 0) * 100)

/**
 * The invoice's lines: one to three of what its supplier sells (chosen by the invoice number, so the seed
 * is the same each time), whose amounts add up to the invoice's net to the øre.
 */
export function demoLines(supplier: string, invoiceNumber: string, netOre: number): DemoPdfLine[] {
  const goods = GOODS[supplier] ?? ['Varer og tjenester']
  const seed = Number(invoiceNumber.replace(/\D/g, '').slice(-6) || '0')
  const count = Math.min(goods.length, 1 + (seed % 3))
  const lines: DemoPdfLine[] = []
  let left = netOre
  for (let i = 0; i < count; i++) {
    const text = goods[(seed + i) % goods.length]!
    if (i === count - 1) {
      lines.push({ text, quantity: 1, price: left / 100, amount: left / 100 })
      break
    }
    // A whole-krone price times a small quantity, taking a share of what is left.
    const quantity = 1 + ((seed >> (i + 1)) % 4)
    const share = Math.floor((left * (30 + ((seed * 7 + i * 13) % 30))) / 100)
    const price = Math.max(1, Math.floor(share / quantity / 100)) * 100
    if (price * quantity >= left) continue
    lines.push({ text, quantity, price: price / 100, amount: (price * quantity) / 100 })
    left -= price * quantity
  }
  return lines
}

/** The PDF of one invoice, drawn from its row; null for an invoice without a number or supplier to print. */
async function invoicePdf(f: InvoiceFacts): Promise<{ bytes: Uint8Array; description: string } | null> {
  if (!f.InvoiceNumber || !f.SupplierName) return null
  const gross = ore(f.TaxInclusiveAmount)
  const net = f.TaxExclusiveAmount != null ? ore(f.TaxExclusiveAmount) : Math.round(gross / 1.25)
  const vat = f.VatTotalsAmount != null ? ore(f.VatTotalsAmount) : gross - net
  const lines = demoLines(f.SupplierName, f.InvoiceNumber, net)
  const description = lines.map((l) => l.text).join(', ')
  const bytes = await demoInvoicePdf({
    supplier: f.SupplierName,
    supplierOrgNumber: f.SupplierOrgNumber ?? undefined,
    supplierAddress: f.AddressLine1 ? [f.AddressLine1, `${f.PostalCode ?? ''} ${f.City ?? ''}`.trim()] : [],
    buyer: f.CompanyName,
    buyerOrgNumber: f.CompanyOrgNumber ?? undefined,
    invoiceNumber: f.InvoiceNumber,
    invoiceDate: dayOf(f.InvoiceDate),
    dueDate: dayOf(f.PaymentDueDate),
    description,
    lines,
    net: net / 100,
    vat: vat / 100,
    total: gross / 100,
    kid: f.PaymentID ?? '',
    account: f.AccountNumber ?? f.PaymentInformation ?? '',
  })
  return { bytes, description }
}

/**
 * Attaches its own PDF to each of the listed invoices (all of the company's without a document when
 * `ids` is left out). Answers how many were attached.
 */
export async function attachInvoiceDocuments(
  c: CompanyScope,
  actor: Actor,
  files: FileStorage,
  ids?: readonly number[],
): Promise<number> {
  const { rows } = ids
    ? await c.sql.query<InvoiceFacts>(`${FACTS_SQL} and si."ID" = any($2::int[]) order by si."ID"`, [
        c.companyId,
        ids,
      ])
    : await c.sql.query<InvoiceFacts>(`${FACTS_SQL} ${NO_DOCUMENT} order by si."ID"`, [c.companyId])
  let attached = 0
  for (const f of rows) {
    const pdf = await invoicePdf(f)
    if (!pdf) continue
    await attachDemoPdf(c, actor, files, pdf.bytes, {
      name: `Faktura ${f.InvoiceNumber}.pdf`,
      description: pdf.description,
      invoiceId: Number(f.ID),
    })
    attached++
  }
  return attached
}

/**
 * Gives every supplier invoice of every demo company that has no document yet its own PDF (same
 * transaction as the rest of the demo seed). Without a file store nothing is attached.
 */
export async function seedDemoDocuments(
  sql: Sql,
  registry: Registry,
  opts: { hooks: HookSet; files?: FileStorage },
): Promise<number> {
  if (!opts.files) return 0
  let attached = 0
  for (const company of DEMO_COMPANY_LIST) {
    const { scope, anne } = await scopeOf(sql, registry, opts.hooks, company)
    attached += await attachInvoiceDocuments(scope, anne, opts.files)
  }
  return attached
}
