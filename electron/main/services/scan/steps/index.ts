// The scan station's steps in their order: a taken file (take.ts, identify.ts) is queued at `upload`
// (a PDF to be cut into parts at `split`),
// and a run takes its entry from the step it is at through the rest. Each step records the entry at the
// next one as it ends, so a restart resumes at the first unfinished step.
import type { ScanStep } from '../ledger.ts'
import type { Station } from '../station.ts'
import { invoice } from './invoice.ts'
import { link } from './link.ts'
import { move } from './move.ts'
import { read } from './read.ts'
import { createStepRun, type StepRun } from './run.ts'
import { settleFailure, type SettleStation } from './settle.ts'
import { split } from './split.ts'
import { supplier } from './supplier.ts'
import { upload } from './upload.ts'

export type RunStation = Station & SettleStation

type Step = (station: Station, run: StepRun) => Promise<'stopped' | void>

export const steps: readonly (readonly [Exclude<ScanStep, 'finished'>, Step])[] = [
  ['split', split],
  ['upload', upload],
  ['read', read],
  ['supplier', supplier],
  ['invoice', invoice],
  ['link', link],
  ['move', move],
]

/** Runs one ledger entry from the step it is at to its end, or to the failure that stops it. */
export async function runEntry(station: RunStation, companyKey: string, sha: string, signal: AbortSignal) {
  const entry = (await station.ledger(companyKey)).get(sha)
  if (!entry || entry.state === 'done' || entry.state === 'failed') return
  const run = createStepRun(station, companyKey, sha, entry, signal)
  try {
    await run.record({ attempts: entry.attempts + 1, reason: null })
    for (const [name, step] of steps) {
      if (run.entry.step === name && (await step(station, run)) === 'stopped') return
    }
  } catch (error) {
    await settleFailure(station, run, error)
  }
}
