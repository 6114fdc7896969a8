// A brief of each company's review queue (its drafts and rejected supplier invoices), kept in the workspace
// beside the rows it is made of, so the review desk opens by reading one small row per company instead of
// thousands of invoices with their suppliers and attachments. Each brief holds what the desk lists and filters
// on per invoice; it is written again whenever that company's invoices, suppliers or attachments are written
// (data/company-writes.ts, beside the counts), and a database from before briefs builds them on its upgrade.
// What depends on the day (overdue) or on the outbox (unsent, in conflict) is decided when the desk reads it.
import type Dexie from 'dexie'
import type { EntityTable, Table } from 'dexie'
import { SupplierInvoiceStatus } from '@common/status'

/** A problem of a queued invoice that its rows decide (overdue is decided by the day it is read). */
export type DeskBriefProblem = 'rejected' | 'noSupplier' | 'noDocument'

/** What the desk lists of one invoice of the queue. */
export interface DeskBriefInvoice {
  ID: number
  supplierName: string | null
  SupplierID: number | null
  InvoiceNumber: string | null
  PaymentDueDate: string | null
  /** When the invoice reached the platform (its CreatedAt), the arrival order. */
  arrivedAt: string | null
  TaxInclusiveAmount: number | null
  /** The invoice's currency (the platform's CurrencyCode ID) where the row names one. */
  CurrencyCodeID: number | null
  StatusCode: number
  problems: DeskBriefProblem[]
}

/** One company's brief: every invoice of its review queue, in no particular order. */
export interface DeskBriefRow {
  companyKey: string
  invoices: DeskBriefInvoice[]
}

interface InvoiceRow {
  companyKey: string
  ID: number
  StatusCode?: unknown
  SupplierID?: unknown
  Supplier?: { Info?: { Name?: unknown } | null } | null
  InvoiceReceiverName?: unknown
  InvoiceNumber?: unknown
  PaymentDueDate?: unknown
  CreatedAt?: unknown
  TaxInclusiveAmount?: unknown
  CurrencyCodeID?: unknown
}
interface SupplierRow {
  companyKey: string
  ID: number
  Info?: { Name?: unknown } | null
}
interface AttachmentRow {
  companyKey: string
  EntityType?: unknown
  EntityID?: unknown
}

/** The tables a brief is made of and kept in (the upgrade passes its transaction's, the app the workspace's). */
export interface BriefTables {
  SupplierInvoice: Table<InvoiceRow, [string, number]>
  Supplier: Table<SupplierRow, [string, number]>
  FileAttachment: Table<AttachmentRow, [string, number]>
  deskBriefs: EntityTable<DeskBriefRow, 'companyKey'>
}

/** The statuses of the review queue. */
export const deskQueueStatuses = [SupplierInvoiceStatus.Draft, SupplierInvoiceStatus.Rejected]

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/** The brief of one invoice, from its row, its supplier's row and whether a document is attached. */
export function briefInvoice(
  invoice: InvoiceRow,
  supplier: SupplierRow | undefined,
  withDocument: boolean,
): DeskBriefInvoice {
  const problems: DeskBriefProblem[] = []
  if (invoice.StatusCode === SupplierInvoiceStatus.Rejected) problems.push('rejected')
  const supplierId = number(invoice.SupplierID)
  if (supplierId === null) problems.push('noSupplier')
  if (!withDocument) problems.push('noDocument')
  return {
    ID: invoice.ID,
    supplierName:
      text(supplier?.Info?.Name) ?? text(invoice.Supplier?.Info?.Name) ?? text(invoice.InvoiceReceiverName),
    SupplierID: supplierId,
    InvoiceNumber: text(invoice.InvoiceNumber),
    PaymentDueDate: text(invoice.PaymentDueDate),
    arrivedAt: text(invoice.CreatedAt),
    TaxInclusiveAmount: number(invoice.TaxInclusiveAmount),
    CurrencyCodeID: number(invoice.CurrencyCodeID),
    StatusCode: invoice.StatusCode as number,
    problems,
  }
}

/**
 * Builds the briefs of `keys` from the rows in the cache: one plain range per company and status, and only
 * the suppliers the queue names. Reads only those companies' rows; call it inside a transaction over
 * SupplierInvoice, Supplier and FileAttachment for one consistent answer.
 */
export async function buildDeskBriefs(
  tables: Omit<BriefTables, 'deskBriefs'>,
  keys: readonly string[],
): Promise<DeskBriefRow[]> {
  return Promise.all(
    keys.map(async (companyKey) => {
      const [invoices, attached] = await Promise.all([
        Promise.all(
          deskQueueStatuses.map((status) =>
            tables.SupplierInvoice.where('[companyKey+StatusCode]').equals([companyKey, status]).toArray(),
          ),
        ).then((lists) => lists.flat()),
        tables.FileAttachment.where('companyKey').equals(companyKey).toArray(),
      ])
      const supplierIds = [
        ...new Set(invoices.map((row) => number(row.SupplierID)).filter((id) => id !== null)),
      ]
      const suppliers = await tables.Supplier.bulkGet(supplierIds.map((id) => [companyKey, id]))
      const supplierOf = new Map(supplierIds.map((id, i) => [id, suppliers[i]] as const))
      const withDocument = new Set(
        attached.filter((link) => link.EntityType === 'SupplierInvoice').map((link) => number(link.EntityID)),
      )
      return {
        companyKey,
        invoices: invoices.map((row) =>
          briefInvoice(row, supplierOf.get(number(row.SupplierID)!), withDocument.has(row.ID)),
        ),
      }
    }),
  )
}

/** Builds the briefs of `keys` again and keeps them, in one transaction with the rows they are made of. */
export async function refreshDeskBriefs(db: Dexie & BriefTables, keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || !db.isOpen()) return
  // Read and written in one read-write transaction: two refreshes of a company keep the later rows.
  await db.transaction(
    'rw',
    [db.SupplierInvoice, db.Supplier, db.FileAttachment, db.deskBriefs],
    async () => {
      await db.deskBriefs.bulkPut(await buildDeskBriefs(db, keys))
    },
  )
}
