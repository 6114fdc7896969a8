// PDF bytes and OCR results of the invoices in review (draft) and awaiting approval, fetched ahead so they
// open offline; above the size cap the least recently used files go first. Files of other invoices are
// fetched when opened (openFile) and take part in the same eviction.
import { SupplierInvoiceStatus } from '@common/status'
import type { SyncTransport } from './sync-transport.ts'
import type { CachedFile, WorkspaceDb } from './schema.ts'

const prefetchStatuses = [SupplierInvoiceStatus.Draft, SupplierInvoiceStatus.ForApproval]

/** Bytes the bridge carried as base64 (its WebSocket carries JSON). */
export function decode(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Downloads a file (and its OCR result) into the cache, or touches it when it is there. */
export async function cacheFile(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  fileId: number,
): Promise<CachedFile> {
  const cached = await db.files.get([companyKey, fileId])
  const now = new Date().toISOString()
  if (cached) {
    await db.files.update([companyKey, fileId], { lastUsedAt: now })
    return { ...cached, lastUsedAt: now }
  }
  const file = await transport.download(companyKey, fileId)
  const bytes = decode(file.base64)
  const row: CachedFile = {
    companyKey,
    fileId,
    name: file.name,
    contentType: file.contentType,
    bytes: new Blob([bytes], { type: file.contentType }),
    size: bytes.byteLength,
    lastUsedAt: now,
  }
  await db.files.put(row)
  if (!(await db.ocr.get([companyKey, fileId]))) await cacheOcr(db, transport, companyKey, fileId)
  return row
}

/** The OCR answer of a cached file; a failure is logged and asked again at the next prefetch. */
async function cacheOcr(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  fileId: number,
): Promise<void> {
  try {
    const result = await transport.ocr(companyKey, fileId)
    await db.ocr.put({ companyKey, fileId, result, fetchedAt: new Date().toISOString() })
  } catch (error) {
    console.warn('The OCR answer of a cached file could not be fetched; it is asked again at the next sync', {
      companyKey,
      fileId,
      error,
    })
  }
}

/**
 * Files attached to the company's invoices in review and awaiting approval, newest invoice first, with their
 * size when the attachment list knows it (File.ContentLength).
 */
async function wantedFiles(db: WorkspaceDb, companyKey: string): Promise<{ id: number; size: number }[]> {
  const invoices = await db.SupplierInvoice.where('[companyKey+StatusCode]')
    .anyOf(prefetchStatuses.map((s) => [companyKey, s]))
    .primaryKeys()
  const wanted = new Set(invoices.map(([, id]) => id))
  const links = await db.FileAttachment.where('companyKey').equals(companyKey).toArray()
  // A document two queued invoices link (a scan split in two, a credit note on its invoice's PDF) is fetched
  // once, for the newer of them: the workers would otherwise fetch it twice at once.
  const seen = new Set<number>()
  return links
    .filter((link) => link.EntityType === 'SupplierInvoice' && wanted.has(link.EntityID))
    .sort((a, b) => b.EntityID - a.EntityID)
    .filter((link) => !seen.has(link.FileID) && seen.add(link.FileID))
    .map((link) => ({ id: link.FileID, size: link.ContentLength || 0 }))
}

/** Documents fetched at once: each waits on its download and its OCR answer, not on the machine. */
const PREFETCH_AT_ONCE = 3

/**
 * Fetches the queues' documents ahead, newest invoice first, a few at a time, while they fit under the cap:
 * prefetching stops at the first document that would not fit, so it never pushes out what the user opened
 * lately to make room for a document nobody has asked for yet. A document whose size the attachment list does
 * not say is counted once it is in; the eviction after it takes the cache back under the cap.
 */
export async function prefetchFiles(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  capBytes: number,
): Promise<void> {
  const have = new Set(
    (await db.files.where('companyKey').equals(companyKey).primaryKeys()).map(([, id]) => id),
  )
  let total = await cacheSize(db)
  const wanted = await wantedFiles(db, companyKey)
  let next = 0
  let stop = false
  const worker = async () => {
    while (!stop && next < wanted.length) {
      const file = wanted[next++]!
      if (have.has(file.id)) {
        // A file whose OCR answer did not arrive (the platform was busy reading a scan) is asked again.
        if (!(await db.ocr.get([companyKey, file.id]))) await cacheOcr(db, transport, companyKey, file.id)
        continue
      }
      if (total + file.size > capBytes) {
        stop = true
        break
      }
      // The listed size is held for the file while it travels, so the next one is weighed against it.
      total += file.size
      try {
        total += (await cacheFile(db, transport, companyKey, file.id)).size - file.size
      } catch (error) {
        stop = true
        throw error
      }
      if (total > capBytes) stop = true
    }
  }
  const ended = await Promise.allSettled(Array.from({ length: PREFETCH_AT_ONCE }, worker))
  const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
  await evict(db, capBytes)
}

/** Whether a cached file of the company has no OCR answer yet. */
export async function filesMissingOcr(db: WorkspaceDb, companyKey: string): Promise<boolean> {
  const files = await db.files.where('companyKey').equals(companyKey).primaryKeys()
  if (files.length === 0) return false
  const read = await db.ocr.bulkGet(files)
  return read.some((row) => !row)
}

export async function cacheSize(db: WorkspaceDb): Promise<number> {
  let total = 0
  await db.files.each((f) => (total += f.size))
  return total
}

/** Evicts least recently used files (every company's) until the cache is under the cap. */
export async function evict(db: WorkspaceDb, capBytes: number): Promise<number> {
  let total = await cacheSize(db)
  let evicted = 0
  if (total <= capBytes) return 0
  const oldest = await db.files.orderBy('lastUsedAt').toArray()
  for (const file of oldest) {
    if (total <= capBytes) break
    await db.transaction('rw', db.files, db.ocr, async () => {
      await db.files.delete([file.companyKey, file.fileId])
      await db.ocr.delete([file.companyKey, file.fileId])
    })
    total -= file.size
    evicted++
  }
  return evicted
}
