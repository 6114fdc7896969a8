// One run of one ledger entry through its steps: the entry as last recorded, and the moves every step
// makes with it (record a change, advance to the next step, stop when the run was cancelled).
import type { LedgerEntry, ScanStep } from '../ledger.ts'
import { Cancelled, type Station } from '../station.ts'

export interface StepRun {
  readonly companyKey: string
  readonly sha: string
  readonly signal: AbortSignal
  /** The entry as last recorded by this run. */
  entry: LedgerEntry
  /** Throws `Cancelled` when the run was cancelled. */
  check(): void
  /** Records a change of the entry; the run's entry becomes the recorded one. */
  record(change: Partial<LedgerEntry>): Promise<LedgerEntry>
  /** Checks for a cancel, then records the entry at `step` (and its state) with `change`. */
  advance(step: ScanStep, change?: Partial<LedgerEntry>): Promise<LedgerEntry>
  /**
   * Whether an earlier run began `step` without recording its end, or another user's run on this station
   * may have done it: the platform is asked before the step creates anything.
   */
  interrupted(step: ScanStep): boolean
}

export const stateOfStep: Record<ScanStep, LedgerEntry['state']> = {
  split: 'reading',
  upload: 'uploading',
  read: 'reading',
  supplier: 'creating',
  invoice: 'creating',
  link: 'creating',
  move: 'creating',
  finished: 'done',
}

export function createStepRun(
  station: Pick<Station, 'record'>,
  companyKey: string,
  sha: string,
  entry: LedgerEntry,
  signal: AbortSignal,
): StepRun {
  const run: StepRun = {
    companyKey,
    sha,
    signal,
    entry,
    check() {
      if (signal.aborted) throw new Cancelled()
    },
    async record(change) {
      run.entry = await station.record(companyKey, sha, change)
      return run.entry
    },
    async advance(step, change = {}) {
      run.check()
      return run.record({ step, state: stateOfStep[step], ...change })
    },
    interrupted: (step) => run.entry.started === step || run.entry.elsewhere === true,
  }
  return run
}
