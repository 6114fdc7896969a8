// The kill test: the scan station runs in a child process over 40 files and is killed (SIGKILL) at 50
// random points, restarted each time. At the end every distinct file is exactly one invoice on the
// platform with the file attached, every original is in processed/ or failed/, and the ledger agrees
// with the platform.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../../../platform/seed/demo-constants.ts'
import { openLedger } from '../../../electron/main/services/scan/ledger.ts'
import { scanMark } from '../../../electron/main/services/scan/platform.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { rng } from '../../../document-reader/corpus/rng.ts'
import { bundleKillChild } from './kill-child-bundle.ts'

const KILLS = Number(process.env.SCAN_KILLS ?? 50)
const company = DEMO_COMPANIES.fjordbygg.key
const email = 'anne.accountant@demo.test'
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let p: TestPlatform
let child: Awaited<ReturnType<typeof bundleKillChild>>
beforeAll(async () => {
  ;[p, child] = await Promise.all([startTestPlatform(), bundleKillChild()])
})
afterAll(async () => {
  child?.remove()
  await p?.close()
})

function start(folder: string, ledgerDir: string) {
  const proc = spawn(
    process.execPath,
    [child.path, p.urls.auth, p.urls.files, folder, ledgerDir, company, email, DEMO_PASSWORD],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const waitFor = async (word: string, ms: number) => {
    const end = Date.now() + ms
    while (!out.includes(word)) {
      if (Date.now() > end || proc.exitCode !== null)
        throw new Error(`the scan child did not print ${word}:\n${out}`)
      await sleep(20)
    }
  }
  return { proc, waitFor, output: () => out }
}

const kill = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve()
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })

describe('kill test', () => {
  it(`every distinct file becomes exactly one invoice through ${KILLS} kills`, async () => {
    // Seeded (mulberry32), so a failing run can be repeated.
    const rand = rng(Number(process.env.SCAN_KILL_SEED ?? 20261123))
    const folder = mkdtempSync(join(tmpdir(), 'scan-kill-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-kill-ledger-'))
    // 36 distinct invoices, 2 of them dropped twice under another name, and 2 bad files: 40 files.
    const invoices = await Promise.all(Array.from({ length: 36 }, (_, i) => generateInvoice(500 + i)))
    invoices.forEach((inv, i) =>
      writeFileSync(join(folder, `faktura-${String(i + 1).padStart(2, '0')}.pdf`), inv.pdf),
    )
    writeFileSync(join(folder, 'kopi-a.pdf'), invoices[3]!.pdf)
    writeFileSync(join(folder, 'kopi-b.pdf'), invoices[17]!.pdf)
    writeFileSync(join(folder, 'tom.pdf'), '')
    writeFileSync(join(folder, 'bilde.pdf'), 'GIF89a not a document')
    const distinct = new Set(invoices.map((inv) => sha(inv.pdf)))

    let midStep = 0
    let before = new Map<string, string>()
    for (let i = 0; i < KILLS; i++) {
      const run = start(folder, ledgerDir)
      await run.waitFor('ready', 30_000)
      await sleep(Math.floor(rand() * 350))
      await kill(run.proc)
      // Count the kills that landed while a file this run had moved on was between two steps.
      const seen = await openLedger(join(ledgerDir, `${company}.jsonl`))
      const moved = seen.entries().filter((e) => e.updatedAt !== before.get(e.sha256))
      if (moved.some((e) => ['uploading', 'reading', 'creating'].includes(e.state))) midStep++
      before = new Map(seen.entries().map((e) => [e.sha256, e.updatedAt]))
      await seen.close()
    }
    console.log(`kill test: ${KILLS} kills, ${midStep} of them with a file between two steps`)
    expect(midStep).toBeGreaterThan(KILLS / 5)
    const last = start(folder, ledgerDir)
    await last.waitFor('idle', 120_000)
    await kill(last.proc)

    const token = await p.token(email)
    const get = async (path: string) =>
      (await api(p.urls.base, 'GET', path, { token, companyKey: company })).body
    const ledger = await openLedger(join(ledgerDir, `${company}.jsonl`))
    for (const hash of distinct) {
      const marked = await get(
        `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
      )
      expect(marked, hash).toHaveLength(1)
      const entry = ledger.get(hash)!
      expect(entry.state, hash).toBe('done')
      expect(entry.invoiceId).toBe(marked[0].ID)
      const attached = await get(`api/biz/files/SupplierInvoice/${entry.invoiceId}`)
      expect(attached.map((f: { Sha256: string }) => f.Sha256)).toEqual([hash])
    }
    const scanned = await get(`api/biz/supplierinvoices?filter=contains(Comment,'scan:sha256:')&select=ID`)
    expect(scanned).toHaveLength(distinct.size)
    expect(readdirSync(folder).filter((n) => !['processed', 'failed'].includes(n))).toEqual([])
    const month = readdirSync(join(folder, 'processed')).find((n) => /^\d{4}-\d{2}$/.test(n))!
    // Whichever copy of a pair was taken first is the invoice; the other is its duplicate.
    const processed = readdirSync(join(folder, 'processed', month))
    const duplicates = readdirSync(join(folder, 'processed', 'duplicates'))
    expect(processed).toHaveLength(36)
    expect(duplicates).toHaveLength(2)
    expect([...processed, ...duplicates].sort()).toEqual(
      [
        ...invoices.map((_, i) => `faktura-${String(i + 1).padStart(2, '0')}.pdf`),
        'kopi-a.pdf',
        'kopi-b.pdf',
      ].sort(),
    )
    expect(duplicates.filter((n) => ['faktura-04.pdf', 'kopi-a.pdf'].includes(n))).toHaveLength(1)
    expect(duplicates.filter((n) => ['faktura-18.pdf', 'kopi-b.pdf'].includes(n))).toHaveLength(1)
    expect(readdirSync(join(folder, 'failed')).sort()).toEqual([
      'bilde.pdf',
      'bilde.pdf.reason.txt',
      'tom.pdf',
      'tom.pdf.reason.txt',
    ])
    await ledger.close()
  }, 290_000)
})
