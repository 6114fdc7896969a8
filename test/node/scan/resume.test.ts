// Faults in the scan pipeline's late steps and in its own failure handling, against the real local
// platform: a file whose invoice exists is never made into a second one when its move failed, local file
// errors are retried and named as such, what is uploaded is what was hashed, an over-size file is refused
// before it is read, and a failure while handling a failure still ends the run in a recorded state.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { monthFolder } from '../../../electron/main/services/scan/files.ts'
import { createPipeline, type PipelineOptions } from '../../../electron/main/services/scan/pipeline.ts'
import { scanMark, type ScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { quietLog } from './support.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.aurora.key
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const station = useAnneStation(company)
const get = station.get
const marked = async (hash: string) =>
  (await get(`api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`)) as {
    ID: number
  }[]

const newPipeline = (ledgerDir: string, extra: Partial<PipelineOptions> = {}) =>
  station.pipeline(ledgerDir, { locale: () => 'en', localRetryMs: 20, ...extra })

const noPlatform = new Proxy({} as ScanPlatform, {
  get: (_, name) => () => {
    throw new Error(`the platform was asked (${String(name)})`)
  },
})

describe('a failed late step', () => {
  it('resumes at the move on the next take, so the file stays one invoice', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-resume-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-resume-ledger-'))
    const inv = await generateInvoice(7101)
    writeFileSync(join(folder, 'faktura.pdf'), inv.pdf)
    // processed/ cannot be made: a file of that name is in the way (ENOTDIR/EEXIST on every try).
    writeFileSync(join(folder, 'processed'), 'not a folder')
    const first = newPipeline(ledgerDir)
    await first.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })
    await first.idle()
    const [failed] = await first.entries(company)
    // This computer's file system refused, in its own words; nothing blames the platform.
    expect(failed).toMatchObject({
      state: 'failed',
      step: 'move',
      reason: { code: 'localFile', params: { detail: expect.stringMatching(/^E[A-Z]+\b/) } },
    })
    expect(await marked(sha(inv.pdf))).toHaveLength(1)
    await first.close()

    // The obstacle is gone; a restart takes the file again (start, Scan now) and only moves it.
    unlinkSync(join(folder, 'processed'))
    const again = newPipeline(ledgerDir)
    expect(await again.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })).toBe(
      'queued',
    )
    await again.idle()
    const [done] = await again.entries(company)
    expect(done).toMatchObject({ state: 'done', invoiceId: failed!.invoiceId, fileId: failed!.fileId })
    expect(await marked(sha(inv.pdf))).toHaveLength(1)
    expect(existsSync(join(monthFolder(folder), 'faktura.pdf'))).toBe(true)
    await again.close()
  }, 60_000)

  it('retries a move that fails for a while, and never reports the platform', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-busy-'))
    const inv = await generateInvoice(7102)
    writeFileSync(join(folder, 'faktura.pdf'), inv.pdf)
    writeFileSync(join(folder, 'processed'), 'in the way for a moment')
    const states: string[] = []
    let cleared: NodeJS.Timeout | null = null
    const pipeline = newPipeline(mkdtempSync(join(tmpdir(), 'scan-busy-ledger-')), {
      localRetryMs: 100,
      events: {
        entryChanged: (e) => {
          states.push(e.state)
          // Out of the way a moment after the move is first tried, while the pipeline backs off.
          if (e.step === 'move') cleared ??= setTimeout(() => unlinkSync(join(folder, 'processed')), 150)
        },
      },
    })
    await pipeline.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })
    await pipeline.idle()
    const [entry] = await pipeline.entries(company)
    expect(entry).toMatchObject({ state: 'done' })
    expect(states).not.toContain('failed')
    expect(existsSync(join(monthFolder(folder), 'faktura.pdf'))).toBe(true)
    await pipeline.close()
  }, 60_000)

  it('moves across file systems (EXDEV) by copy, fsync and unlink', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-exdev-'))
    // processed/ on another file system (tmpfs): rename(2) answers EXDEV.
    const elsewhere = mkdtempSync(join('/dev/shm', 'scan-exdev-processed-'))
    symlinkSync(elsewhere, join(folder, 'processed'))
    const inv = await generateInvoice(7103)
    writeFileSync(join(folder, 'faktura.pdf'), inv.pdf)
    const pipeline = newPipeline(mkdtempSync(join(tmpdir(), 'scan-exdev-ledger-')))
    await pipeline.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })
    await pipeline.idle()
    const [entry] = await pipeline.entries(company)
    expect(entry).toMatchObject({ state: 'done' })
    expect(existsSync(join(folder, 'faktura.pdf'))).toBe(false)
    const month = readdirSync(elsewhere)[0]!
    expect(sha(readFileSync(join(elsewhere, month, 'faktura.pdf')))).toBe(sha(inv.pdf))
    await pipeline.close()
    rmSync(elsewhere, { recursive: true, force: true })
  }, 60_000)
})

describe('what is hashed is what is uploaded', () => {
  it('refuses an over-size file from its size, before reading it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-huge-'))
    // 3 GB without a byte on disk: reading it whole is not possible (Node refuses files over 2 GB).
    writeFileSync(join(folder, 'enorm.pdf'), '%PDF-1.4\n')
    truncateSync(join(folder, 'enorm.pdf'), 3 * 1024 ** 3)
    const pipeline = createPipeline({
      platform: noPlatform,
      ledgerDir: mkdtempSync(join(tmpdir(), 'scan-huge-ledger-')),
      log: quietLog,
      locale: () => 'en',
      events: {},
    })
    expect(await pipeline.take({ companyKey: company, path: join(folder, 'enorm.pdf'), folder })).toBe(
      'failed',
    )
    expect(readFileSync(join(folder, 'failed', 'enorm.pdf.reason.txt'), 'utf8')).toMatch(/upload limit/)
    expect((await pipeline.entries(company)).map((e) => e.reason?.code)).toEqual(['tooLarge'])
    await pipeline.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('takes a bounded number of files at once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-many-'))
    let reading = 0
    let most = 0
    const pipeline = createPipeline({
      platform: noPlatform,
      ledgerDir: mkdtempSync(join(tmpdir(), 'scan-many-ledger-')),
      log: quietLog,
      locale: () => 'en',
      events: {},
      concurrency: 2,
      files: {
        readFile: async (path: string) => {
          most = Math.max(most, ++reading)
          await new Promise((r) => setTimeout(r, 30))
          reading--
          return readFile(path)
        },
      },
    })
    const names = Array.from({ length: 20 }, (_, i) => `tom-${i}.pdf`)
    for (const n of names) writeFileSync(join(folder, n), '')
    await Promise.all(names.map((n) => pipeline.take({ companyKey: company, path: join(folder, n), folder })))
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(4)
    await pipeline.close()
  })

  it('uploads exactly the bytes it hashed: content changed after the take becomes its own invoice', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-swap-'))
    const [a, b] = await Promise.all([generateInvoice(7104), generateInvoice(7105)])
    writeFileSync(join(folder, 'faktura.pdf'), a.pdf)
    const pipeline = newPipeline(mkdtempSync(join(tmpdir(), 'scan-swap-ledger-')), { retryMs: 60_000 })
    pipeline.pause('held for the test')
    expect(await pipeline.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })).toBe(
      'queued',
    )
    // The scanner rewrites the file between the take and the upload.
    writeFileSync(join(folder, 'faktura.pdf'), b.pdf)
    pipeline.resume()
    await pipeline.idle()
    expect(await marked(sha(a.pdf))).toHaveLength(0)
    const [invoice] = await marked(sha(b.pdf))
    expect(invoice).toBeDefined()
    const attached = await get(`api/biz/files/SupplierInvoice/${invoice!.ID}`)
    expect(attached.map((f: { Sha256: string }) => f.Sha256)).toEqual([sha(b.pdf)])
    const entries = await pipeline.entries(company)
    expect(entries.find((e) => e.sha256 === sha(a.pdf))).toMatchObject({
      state: 'failed',
      reason: { code: 'changed' },
    })
    expect(entries.find((e) => e.sha256 === sha(b.pdf))).toMatchObject({ state: 'done' })
    await pipeline.close()
  }, 60_000)
})

describe('a failure while handling a failure', () => {
  it('ends the run failed and logged, never as an unhandled rejection', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-catch-'))
    const inv = await generateInvoice(7106)
    writeFileSync(join(folder, 'faktura.pdf'), inv.pdf)
    const unhandled: unknown[] = []
    const listener = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', listener)
    try {
      const pipeline = newPipeline(mkdtempSync(join(tmpdir(), 'scan-catch-ledger-')), { retryMs: 60_000 })
      pipeline.pause('held for the test')
      await pipeline.take({ companyKey: company, path: join(folder, 'faktura.pdf'), folder })
      // The file vanishes, and failed/ cannot be made for the note about it.
      unlinkSync(join(folder, 'faktura.pdf'))
      writeFileSync(join(folder, 'failed'), 'not a folder')
      pipeline.resume()
      await pipeline.idle()
      await new Promise((r) => setTimeout(r, 50))
      const [entry] = await pipeline.entries(company)
      expect(entry).toMatchObject({ state: 'failed' })
      expect(entry!.reason).toBeTruthy()
      await pipeline.close()
    } finally {
      process.off('unhandledRejection', listener)
    }
    expect(unhandled).toEqual([])
  }, 60_000)
})
