// The hostile-file suite of issue 37: decompression bombs, embedded files named again and again, XML built
// to exhaust its parser (billion laughs, a million levels of nesting, `__proto__`, 400-digit amounts, files
// over the cap), truncated and polyglot files, and links out of a scan folder, each made by code
// (test/support/hostile-cases.ts) and run through the reader that meets it in the product. Each is refused
// with its reason (or read as data where that is right) within generous bounds of time and memory, and the
// figures are printed as a table, the ones `npm run bench:hostile` prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeReader } from '../../document-reader/reader-host.ts'
import { closeStructuredReader } from '../../electron/main/services/einvoice-reader/structured.ts'
import {
  figuresTable,
  hostileCases,
  measure,
  warmUp,
  type HostileCase,
  type Measured,
} from '../support/hostile-cases.ts'

/** Generous bounds: a refusal within budgets takes milliseconds to a few hundred, and a few MB of memory. */
const MAX_MS = 5000
const MAX_MB = 200

const rows: { case: HostileCase; measured: Measured }[] = []

beforeAll(warmUp, 120_000)
afterAll(async () => {
  console.log(`\nHostile files (issue 37): time and peak memory per case\n${figuresTable(rows)}\n`)
  await closeStructuredReader()
  await closeReader(true)
})

describe('hostile files', () => {
  for (const hostile of hostileCases()) {
    it(`${hostile.reader}: ${hostile.name}`, async () => {
      const read = await hostile.prepare()
      const measured = await measure(read)
      rows.push({ case: hostile, measured })
      expect(measured.outcome).toMatch(hostile.expect)
      expect(measured.ms).toBeLessThan(hostile.maxMs ?? MAX_MS)
      expect(measured.peakHeapMb).toBeLessThan(hostile.maxMb ?? MAX_MB)
      expect(measured.peakRssMb).toBeLessThan(hostile.maxMb ?? MAX_MB)
      expect(measured.maxRssRiseMb).toBeLessThan(hostile.maxMb ?? MAX_MB)
      // A reading that runs in another thread leaves this one free.
      if (hostile.maxStallMs) expect(measured.stallMs).toBeLessThan(hostile.maxStallMs)
    }, 120_000)
  }
})
