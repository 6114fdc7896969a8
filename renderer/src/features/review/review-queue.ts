// The review queue of one company: its drafts and rejected supplier invoices from the offline cache, in the
// inbox's order (due date, earliest first; invoices without one last), and what the review shows of one
// invoice: the row, its supplier, its first attached file and that file's cached OCR answer.
import { structuredInvoiceOf } from '@common/einvoice/ocr-answer'
import { SupplierInvoiceStatus } from '@common/status'
import type { CachedFile, CachedRow, WorkspaceDb } from '@renderer/data/schema'

const queueStatuses = [SupplierInvoiceStatus.Draft, SupplierInvoiceStatus.Rejected]

/** The invoice IDs of the queue, in order. Reads only this company's rows. */
export async function loadQueue(db: WorkspaceDb, companyKey: string): Promise<number[]> {
  const rows = await db.SupplierInvoice.where('[companyKey+StatusCode]')
    .anyOf(queueStatuses.map((status) => [companyKey, status]))
    .toArray()
  const due = (row: CachedRow) =>
    typeof row.PaymentDueDate === 'string' && row.PaymentDueDate ? row.PaymentDueDate.slice(0, 10) : '\uffff'
  return rows.sort((a, b) => due(a).localeCompare(due(b)) || a.ID - b.ID).map((row) => row.ID)
}

export interface ReviewDocument {
  row: CachedRow
  supplier: CachedRow | null
  file: CachedFile | null
  /** The attachment's ID when the invoice has one whose bytes are not on this computer yet. */
  missingFileId: number | null
  ocr: unknown
}

/** The invoice's first attached file (the lowest file ID), the one the review shows. */
async function firstFileId(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
): Promise<number | undefined> {
  const links = await db.FileAttachment.where('[companyKey+EntityType+EntityID]')
    .equals([companyKey, 'SupplierInvoice', invoiceId])
    .toArray()
  return links.map((link) => Number(link.FileID)).sort((a, b) => a - b)[0]
}

/** The cached files the review would show for `invoiceIds` (those on this computer), in that order. */
export async function loadFiles(
  db: WorkspaceDb,
  companyKey: string,
  invoiceIds: readonly number[],
): Promise<CachedFile[]> {
  return db.transaction('r', [db.FileAttachment, db.files], async () => {
    const ids = await Promise.all(invoiceIds.map((id) => firstFileId(db, companyKey, id)))
    const files = await Promise.all(
      ids.map((fileId) => (fileId === undefined ? undefined : db.files.get([companyKey, fileId]))),
    )
    return files.filter((file): file is CachedFile => file !== undefined)
  })
}

/**
 * A PDF scanned beside its XML invoice is attached with it (the scan station's pair rule): the XML's answer,
 * read exactly, proposes the fields and lines instead of the PDF's read pages. Null when the shown file's
 * own answer is structured or no attached file has one.
 */
function structuredOcr(shown: unknown, attached: readonly unknown[]): unknown {
  if (structuredInvoiceOf(shown as { OcrRawData?: unknown } | null)) return null
  return attached.find((a) => structuredInvoiceOf(a as { OcrRawData?: unknown } | null)) ?? null
}

/** What the review shows of one invoice; null when it is not in this company's cache. */
export async function loadDocument(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
): Promise<ReviewDocument | null> {
  return db.transaction(
    'r',
    [db.SupplierInvoice, db.Supplier, db.FileAttachment, db.files, db.ocr],
    async () => {
      // Two rounds: the row with its attachments, then its supplier, file and OCR answers together.
      const [row, links] = await Promise.all([
        db.SupplierInvoice.get([companyKey, invoiceId]),
        db.FileAttachment.where('[companyKey+EntityType+EntityID]')
          .equals([companyKey, 'SupplierInvoice', invoiceId])
          .toArray(),
      ])
      if (!row) return null
      const supplierId = typeof row.SupplierID === 'number' ? row.SupplierID : null
      const fileIds = links.map((link) => Number(link.FileID)).sort((a, b) => a - b)
      const fileId = fileIds[0]
      const [supplier, file, answers] = await Promise.all([
        supplierId === null ? undefined : db.Supplier.get([companyKey, supplierId]),
        fileId === undefined ? undefined : db.files.get([companyKey, fileId]),
        fileId === undefined ? [] : db.ocr.bulkGet(fileIds.map((id): [string, number] => [companyKey, id])),
      ])
      const ocr = answers[0]
      // The answers of every attached file when there are several (a PDF scanned beside its XML).
      const attached = links.length < 2 ? [] : answers.map((answer) => answer?.result)
      return {
        row,
        supplier: supplier ?? null,
        file: file ?? null,
        missingFileId: fileId !== undefined && !file ? fileId : null,
        ocr: structuredOcr(ocr?.result, attached) ?? ocr?.result ?? null,
      }
    },
  )
}

/** Suppliers matching what the user typed: by name (any word's start) or organisation number digits. */
export function matchSuppliers(suppliers: readonly CachedRow[], query: string, limit = 20): CachedRow[] {
  const q = query.trim().toLocaleLowerCase('nb')
  const digits = q.replace(/[\s.]/g, '')
  if (q === '') return suppliers.slice(0, limit)
  const out: CachedRow[] = []
  for (const supplier of suppliers) {
    const name = supplierName(supplier).toLocaleLowerCase('nb')
    const org = String(supplier.OrgNumber ?? '').replace(/\s/g, '')
    if (name.includes(q) || (/^\d+$/.test(digits) && org.startsWith(digits))) out.push(supplier)
    if (out.length >= limit) break
  }
  return out
}

export function supplierName(supplier: CachedRow | Record<string, unknown> | null | undefined): string {
  const name = (supplier?.Info as { Name?: unknown } | undefined)?.Name
  return typeof name === 'string' ? name : ''
}
