// Ledger entries and duplicate records as the inbox's rows.
import type { ScanRow } from '../../../../common/bridge/scan.ts'
import type { DuplicateRecord, LedgerEntry } from './ledger.ts'

/**
 * A PDF still on this computer and not yet uploaded, not running (queued, cancelled, or stopped before its
 * upload): the accountant may split it in the queue.
 */
export function isSplittable(entry: LedgerEntry): boolean {
  return (
    entry.kind === 'pdf' &&
    entry.fileId === null &&
    !entry.parts &&
    !entry.splitFrom &&
    (entry.step === 'upload' || entry.step === 'split') &&
    (entry.state === 'queued' || entry.state === 'cancelled' || entry.state === 'failed')
  )
}

export function rowOf(entry: LedgerEntry, progress: number | null = null): ScanRow {
  const split = entry.state === 'done' && (entry.parts?.length ?? 0) > 0
  const state: ScanRow['state'] = split ? 'split' : entry.state === 'done' ? 'ready' : entry.state
  return {
    id: entry.sha256,
    companyKey: entry.companyKey,
    name: entry.name,
    state,
    progress: state === 'uploading' ? progress : null,
    reason: entry.state === 'failed' || entry.state === 'queued' ? entry.reason : null,
    invoiceId: entry.invoiceId,
    duplicateOfInvoiceId: null,
    supplierName: entry.fields?.supplierName ?? null,
    supplierCreated: entry.supplierCreated,
    invoiceNumber: entry.fields?.invoiceNumber ?? null,
    amount: entry.fields?.amount ?? null,
    location:
      entry.destination && (entry.state === 'done' || entry.state === 'failed')
        ? entry.destination
        : entry.originalPath,
    takenAt: entry.takenAt,
    updatedAt: entry.updatedAt,
    ...(split ? { parts: entry.parts!.length } : {}),
    splitFrom: entry.splitFrom
      ? { name: entry.splitFrom.name, part: entry.splitFrom.part, of: entry.splitFrom.of }
      : null,
    splittable: isSplittable(entry),
  }
}

export function duplicateRow(
  companyKey: string,
  dup: DuplicateRecord,
  original: LedgerEntry | undefined,
): ScanRow {
  if (dup.elsewhere) {
    // Another user's invoice on this station: its number, linked only when this user may open it, and
    // nothing else of theirs.
    return {
      id: `dup:${dup.destination}`,
      companyKey,
      name: dup.name,
      state: 'duplicate',
      progress: null,
      reason: { code: 'duplicateElsewhere', params: {} },
      invoiceId: null,
      duplicateOfInvoiceId: dup.elsewhere.visible ? dup.elsewhere.invoiceId : null,
      supplierName: null,
      supplierCreated: false,
      invoiceNumber: null,
      amount: null,
      location: dup.destination,
      takenAt: dup.at,
      updatedAt: dup.at,
    }
  }
  return {
    id: `dup:${dup.destination}`,
    companyKey,
    name: dup.name,
    state: 'duplicate',
    progress: null,
    reason: { code: 'duplicate', params: {} },
    invoiceId: null,
    duplicateOfInvoiceId: original?.invoiceId ?? null,
    supplierName: original?.fields?.supplierName ?? null,
    supplierCreated: false,
    invoiceNumber: original?.fields?.invoiceNumber ?? null,
    amount: original?.fields?.amount ?? null,
    location: dup.destination,
    takenAt: dup.at,
    updatedAt: dup.at,
  }
}

/**
 * How often an uploading row's percentage reaches the renderer: at most once per `intervalMs` per file,
 * and always at 100 %, so a fast link does not flood the bridge with an event per 64 KB.
 */
export function progressThrottle(intervalMs = 200, now: () => number = () => performance.now()) {
  const last = new Map<string, { at: number; percent: number }>()
  return {
    shouldTell(id: string, percent: number): boolean {
      const shown = Math.floor(percent)
      if (shown >= 100) {
        last.delete(id)
        return true
      }
      const before = last.get(id)
      const t = now()
      if (before && (before.percent === shown || t - before.at < intervalMs)) return false
      last.set(id, { at: t, percent: shown })
      return true
    },
  }
}
