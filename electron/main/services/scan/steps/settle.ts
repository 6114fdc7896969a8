// How a run that threw ends: a cancel is recorded as cancelled; a platform out of reach puts the entry
// back at the front of the queue, which waits; a local file error leaves the file where it is, to be
// retried at its step; a refusal of the content (upload, read) sends the file to failed/ with the
// platform's words; a refusal at a later step leaves it where it is, to be retried at that step.
import { join } from 'node:path'
import { FAILED, freePath } from '../files.ts'
import { isTransient } from '../platform.ts'
import { failedNote } from '../reasons.ts'
import { Cancelled, isLocalFileError, messageOf, type Station } from '../station.ts'
import { moveFailed } from './fail.ts'
import { takeLeftPartner } from './partner.ts'
import type { StepRun } from './run.ts'

export type SettleStation = Pick<
  Station,
  'log' | 'ops' | 'record' | 'locale' | 'batch' | 'enqueue' | 'take'
> & {
  /** Runs stopped by a cancel (keyed `companyKey/sha`); a run's key is taken out as it ends. */
  cancelled: Set<string>
  /** Whether the pipeline is closing: nothing more is recorded of a failure then. */
  closed(): boolean
  pause(reason: string): void
}

export async function settleFailure(station: SettleStation, run: StepRun, error: unknown) {
  const { companyKey, sha, signal } = run
  const key = `${companyKey}/${sha}`
  if (error instanceof Cancelled || (signal.aborted && station.cancelled.has(key))) {
    station.cancelled.delete(key)
    await run.record({ state: 'cancelled' })
    return
  }
  const message = messageOf(error)
  if (isTransient(error) && !station.closed()) {
    station.log.warn('scan: the platform cannot be reached; the queue waits', {
      companyKey,
      sha,
      error: message,
    })
    // Queued again (nothing of it runs while it waits): a PDF not yet uploaded may be split meanwhile.
    await run.record({ state: 'queued', reason: { code: 'waiting', params: { detail: message } } })
    station.enqueue(companyKey, sha, true)
    station.pause(message)
    return
  }
  if (station.closed()) return
  const entry = run.entry
  station.log.error('scan: a file failed', { companyKey, sha, step: entry.step, error: message })
  if (isLocalFileError(error)) {
    // This computer's file system refused (after the retries): the file stays where it is, nothing
    // the platform holds is touched, and Retry, Scan now or a restart resumes at this step.
    await run.record({ state: 'failed', reason: { code: 'localFile', params: { detail: message } } })
  } else if (entry.step === 'upload' || entry.step === 'read') {
    // The platform refused the content: the file goes to failed/ with the platform's words.
    const destination = await freePath(join(entry.folder, FAILED), entry.name)
    const reason = { code: 'refused', params: { detail: message } } as const
    await run.record({ state: 'failed', reason, destination, step: 'finished' })
    await moveFailed(station, entry.originalPath, destination, failedNote(reason, station.locale()))
    // The XML left beside it for this PDF is an invoice of its own now, not one waiting for a PDF.
    station.batch(companyKey).failed++
    await takeLeftPartner(station, companyKey, entry.originalPath, entry.folder, entry.partner)
    return
  } else {
    // A later step failed: the file stays where it is, and Retry resumes at this step.
    await run.record({ state: 'failed', reason: { code: 'refused', params: { detail: message } } })
  }
  station.batch(companyKey).failed++
}

/** A run whose own failure handling failed still ends in a recorded terminal state, and is logged. */
export async function settleBroken(
  station: Pick<SettleStation, 'log' | 'record' | 'batch' | 'closed'>,
  companyKey: string,
  sha: string,
  error: unknown,
) {
  const message = messageOf(error)
  station.log.error('scan: a file could not be settled', { companyKey, sha, error: message })
  if (station.closed()) return
  try {
    const code = isLocalFileError(error) ? 'localFile' : 'refused'
    await station.record(companyKey, sha, { state: 'failed', reason: { code, params: { detail: message } } })
    station.batch(companyKey).failed++
  } catch (again) {
    station.log.error('scan: the ledger could not record a failed file', {
      companyKey,
      sha,
      error: messageOf(again),
    })
  }
}
