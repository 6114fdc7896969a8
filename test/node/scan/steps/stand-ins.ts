// Small stand-ins for driving one scan step alone: an in-memory ledger, a platform whose calls are
// listed (a call the test did not give an answer for fails), and a station of those parts. No platform,
// no ledger file; the files a step reads or moves are real ones in a temporary folder.
import { pageMarks } from '../../../../electron/main/services/scan/split/pages.ts'
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { memoryLogger } from '../../../../electron/main/logger.ts'
import { moveTo } from '../../../../electron/main/services/scan/files.ts'
import {
  UNSTARTED,
  type DuplicateRecord,
  type Ledger,
  type LedgerEntry,
  type ReadFields,
} from '../../../../electron/main/services/scan/ledger.ts'
import type { ScanPlatform } from '../../../../electron/main/services/scan/platform.ts'
import type { BatchSummary, Station } from '../../../../electron/main/services/scan/station.ts'
import { createStepRun } from '../../../../electron/main/services/scan/steps/run.ts'

export const company = 'c1'

export function tempFolder() {
  return mkdtempSync(join(tmpdir(), 'scan-step-'))
}

/** A ledger entry at `upload`, queued, with whatever `change` sets. */
export function entryOf(change: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    sha256: 'sha-1',
    companyKey: company,
    state: 'queued',
    step: 'upload',
    originalPath: '/nowhere/invoice.pdf',
    name: 'invoice.pdf',
    folder: '/nowhere',
    kind: 'pdf',
    size: 10,
    ...UNSTARTED,
    takenAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  }
}

/** Fields read from an invoice of the supplier with `orgNumber`. */
export const fieldsOf = (orgNumber: string | null): ReadFields => ({
  orgNumber,
  supplierName: 'Leverandør AS',
  invoiceNumber: '1',
  invoiceDate: null,
  dueDate: null,
  amount: 100,
  currency: null,
  kid: null,
  bankAccount: null,
  iban: null,
})

export function memoryLedger(initial: LedgerEntry[] = []): Ledger & { dups: DuplicateRecord[] } {
  const entries = new Map(initial.map((e) => [e.sha256, e]))
  const dups: DuplicateRecord[] = []
  return {
    path: 'memory',
    dups,
    get: (sha) => entries.get(sha),
    entries: () => [...entries.values()],
    duplicates: () => dups,
    async record(sha, change) {
      const next = { ...(entries.get(sha) ?? entryOf({ sha256: sha })), ...change, sha256: sha }
      entries.set(sha, next)
      return next
    },
    async recordDuplicate(dup) {
      dups.push(dup)
    },
    async close() {},
  }
}

/** A platform whose every call is listed in `calls`; a call without an answer in `answers` throws. */
export function listedPlatform(answers: Partial<ScanPlatform> = {}) {
  const calls: string[] = []
  const platform = new Proxy({} as ScanPlatform, {
    get:
      (_, name: string) =>
      (...args: unknown[]) => {
        calls.push(name)
        const answer = (answers as Record<string, (...a: unknown[]) => unknown>)[name]
        if (!answer) return Promise.reject(new Error(`the platform was not meant to be asked ${name}`))
        return Promise.resolve(answer(...args))
      },
  })
  return { platform, calls }
}

export function standIns(options: { entries?: LedgerEntry[]; platform?: Partial<ScanPlatform> } = {}) {
  const ledger = memoryLedger(options.entries)
  const { platform, calls } = listedPlatform(options.platform)
  const log = memoryLogger()
  const batches = new Map<string, BatchSummary>()
  const enqueued: string[] = []
  const taken: string[] = []
  const moves: [string, string][] = []
  const station: Station = {
    platform,
    log,
    ops: {
      readFile: async (path) => new Uint8Array(await readFile(path)),
      move: async (from, to) => {
        moves.push([from, to])
        await moveTo(from, to)
      },
    },
    events: {},
    maxBytes: 1000,
    pairWaitMs: 0,
    locale: () => 'en',
    supplierNote: () => 'Made by the scan station',
    unknownName: () => 'Unknown supplier (scan)',
    ledger: async () => ledger,
    elsewhereOf: async () => undefined,
    record: (_, sha, change) => ledger.record(sha, change),
    batch(companyKey) {
      let b = batches.get(companyKey)
      if (!b) batches.set(companyKey, (b = { companyKey, ready: 0, failed: 0, duplicates: 0 }))
      return b
    },
    withLocalRetries: (fn) => fn(),
    withSupplierLock: (_, fn) => fn(),
    isQueued: (_, sha) => enqueued.includes(sha),
    enqueue: (_, sha) => void enqueued.push(sha),
    scheduleIdleCheck: () => {},
    take: async (req) => {
      taken.push(req.path)
      return 'queued'
    },
    pageMarks: (bytes) => pageMarks(bytes),
  }
  /** A run of the ledger's entry `sha` (the signal aborts when `controller` does). */
  const runOf = (sha = 'sha-1', controller = new AbortController()) =>
    createStepRun(station, company, sha, ledger.get(sha)!, controller.signal)
  return { station, ledger, calls, log, batches, enqueued, taken, moves, runOf }
}
