// Upload: the file's bytes go to the platform's file store, read again and proven to be the ones hashed
// when the file was taken. The id the platform answers is the ledger's the moment it answers: a file is
// never looked for among the company's files, and an upload begun without an answer is sent again.
import { lstat } from 'node:fs/promises'
import type { LedgerEntry } from '../ledger.ts'
import { SCAN_CONTENT_TYPES, type ScanKind } from '../sniff.ts'
import { messageOf, sha256Of, type Station } from '../station.ts'
import { failFile } from './fail.ts'
import type { StepRun } from './run.ts'

export type UploadStation = Pick<
  Station,
  'platform' | 'log' | 'ops' | 'events' | 'withLocalRetries' | 'take' | 'record' | 'locale' | 'batch'
>

/** Runs the upload step; `stopped` when the entry ended here (its file gone or changed). */
export async function upload(station: UploadStation, run: StepRun): Promise<'stopped' | void> {
  const { companyKey, sha, signal } = run
  // The id kept when the upload answered (a cancel or a failure may have come right after it).
  let fileId = run.entry.fileId ?? null
  if (fileId === null) {
    if (run.entry.started === 'upload')
      // Begun without an answer recorded: whatever the platform may have kept of it is linked to
      // nothing and cannot be told from another file of the company, so the file goes up again.
      station.log.info('scan: an upload begun earlier left no file id; the file is uploaded again', {
        companyKey,
        sha,
      })
    await run.advance('upload', { started: 'upload' })
    const entry = run.entry
    const bytes = await station.withLocalRetries(() => bytesToUpload(station, entry), run.check)
    if (bytes === 'gone') {
      await failFile(
        station,
        { ...entry, path: entry.originalPath, sha256: sha },
        { code: 'unreadable', params: { detail: 'the file is gone' } },
      )
      return 'stopped'
    }
    if (bytes === 'changed') {
      // What was hashed is what is uploaded: new content is a file of its own, taken again.
      await run.record({
        state: 'failed',
        step: 'finished',
        started: null,
        reason: { code: 'changed', params: {} },
      })
      void station.take({ companyKey, path: entry.originalPath, folder: entry.folder }).catch((error) =>
        station.log.error('scan: a changed file could not be taken again', {
          companyKey,
          file: entry.originalPath,
          error: messageOf(error),
        }),
      )
      return 'stopped'
    }
    run.check()
    const contentType = SCAN_CONTENT_TYPES[entry.kind as ScanKind] as string | undefined
    fileId = await station.platform.upload(
      companyKey,
      { bytes, name: entry.name, ...(contentType ? { contentType } : {}) },
      signal,
      (percent) => station.events.uploadProgress?.(entry, percent),
    )
    // Kept at once, before a cancel or a stop can end the run: a later run goes on with this file.
    await run.record({ fileId })
  }
  await run.advance('read', { started: null })
}

/**
 * The bytes to upload, read again and proven to be the ones hashed and sniffed when the file was taken:
 * 'gone' when the file is no longer there, 'changed' when a scanner or a person rewrote it since.
 */
export async function bytesToUpload(
  station: Pick<Station, 'ops'>,
  entry: LedgerEntry,
): Promise<Uint8Array | 'gone' | 'changed'> {
  try {
    const info = await lstat(entry.originalPath)
    if (!info.isFile()) return 'gone'
    if (info.size !== entry.size) return 'changed'
    const bytes = await station.ops.readFile(entry.originalPath)
    return sha256Of(bytes) === entry.sha256 ? bytes : 'changed'
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw error
  }
}
