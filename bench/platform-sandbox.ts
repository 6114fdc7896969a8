// The Local sandbox as a user's machine runs it: start-up time on an empty data directory (schema and demo
// seed) and on an existing one, resident memory when idle, CPU when idle, and memory during and after a burst
// of OCR work. Every figure is taken from the platform's own process (`npm run platform`) through /proc.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateInvoice } from '../document-reader/corpus/generate.ts'
import { scanVariant } from '../document-reader/corpus/scan.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { ensurePlatformBuild } from '../scripts/build-platform.mjs'
import {
  cpuSecondsOf,
  passwordToken,
  rssOf,
  sleep,
  startServer,
  stopServer,
  type StartPhase,
} from './platform-process.ts'

export interface SandboxOptions {
  /** Seconds over which idle CPU is measured (60). */
  idleSeconds: number
  /** Documents read in the OCR burst (50); every fifth is an image-only scan read by Tesseract. */
  burstDocuments: number
  /** Seconds the memory is followed after the burst (90). */
  afterSeconds: number
}

export type Row = [string, string, string, string]

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')
const mb = (n: number) => `${Math.round(n)} MB`

/** Samples a process's resident memory every `everyMs` until stopped; answers the highest sample. */
function samplePeak(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssOf(pid) ?? 0
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid) ?? 0)
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, rssOf(pid) ?? 0)
    },
  }
}

async function uploadAndRead(
  files: string,
  base: string,
  token: string,
  key: string,
  pdf: Uint8Array,
  name: string,
) {
  const form = new FormData()
  form.set('Key', key)
  form.set('FileName', name)
  form.set('File', new Blob([pdf]), name)
  const up = await fetch(`${files}/api/file`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  if (up.status !== 201) throw new Error(`upload of ${name} answered ${up.status}: ${await up.text()}`)
  const { ID } = (await up.json()) as { ID: number }
  const ocr = await fetch(`${base}api/biz/files/${ID}?action=ocranalyse`, {
    headers: { authorization: `Bearer ${token}`, companykey: key },
  })
  const body = (await ocr.json()) as { InterpretedProperties?: unknown[] }
  if (ocr.status !== 200 || !Array.isArray(body.InterpretedProperties))
    throw new Error(`ocranalyse of ${name} answered ${ocr.status}: ${JSON.stringify(body).slice(0, 300)}`)
}

/** Each phase's own share of a start, as `name wall/CPU` in milliseconds (the process start is `entry`). */
function phaseBreakdown(phases: readonly StartPhase[], readyMs: number): string {
  const parts: string[] = []
  let ms = 0
  let cpu = 0
  for (const p of phases) {
    parts.push(`${p.name} ${p.ms - ms}/${p.cpuMs - cpu}`)
    ms = p.ms
    cpu = p.cpuMs
  }
  // From the last phase to the `ready` line the launcher saw (printing, and the pipe to this process).
  parts.push(`ready ${Math.max(0, Math.round(readyMs - ms))}`)
  return parts.join(', ')
}

export async function measureSandbox(opts: SandboxOptions, log: (line: string) => void): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-sandbox-bench-'))
  const rows: Row[] = []
  try {
    // `npm run platform` builds the platform when its sources changed (once per change, not per start).
    const tb0 = performance.now()
    const built = await ensurePlatformBuild()
    const buildMs = performance.now() - tb0
    // 1. First start on a new machine: an empty data directory and no database template yet (initdb, schema,
    // demo seed; it leaves the template behind).
    const templates = { LEDGERDESK_PLATFORM_TEMPLATES: join(dataDir, 'templates') }
    const coldDir = join(dataDir, 'cold')
    let running = await startServer(coldDir, undefined, templates)
    const coldStart = running.readyMs
    const coldCpu = running.readyCpuSeconds
    const coldPhases = phaseBreakdown(running.phases, coldStart)
    await stopServer(running.child)
    await rm(coldDir, { recursive: true, force: true })

    // 1b. First start of another empty data directory on that machine: from the template.
    const sandboxDir = join(dataDir, 'sandbox')
    running = await startServer(sandboxDir, undefined, templates)
    const firstStart = running.readyMs
    const firstCpu = running.readyCpuSeconds
    const firstPhases = phaseBreakdown(running.phases, firstStart)
    await sleep(5000)
    const idleAfterFirst = rssOf(running.pid) ?? Number.NaN
    await stopServer(running.child)

    // 2. Restart on the existing data; idle memory and idle CPU of that process.
    running = await startServer(sandboxDir, undefined, templates)
    const restart = running.readyMs
    const restartCpu = running.readyCpuSeconds
    const restartPhases = phaseBreakdown(running.phases, restart)
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    await sleep(5000)
    const idleRss = rssOf(running.pid) ?? Number.NaN
    log(
      `started: first ${(firstStart / 1000).toFixed(1)} s, restart ${(restart / 1000).toFixed(1)} s; measuring idle CPU over ${opts.idleSeconds} s`,
    )
    const cpu0 = cpuSecondsOf(running.pid)
    const t0 = performance.now()
    await sleep(opts.idleSeconds * 1000)
    const idleCpu = ((cpuSecondsOf(running.pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100

    // 3. A burst of OCR work: upload and read documents, four at a time, as a scan folder fills.
    const key = DEMO_COMPANIES.nordlys.key
    const token = await passwordToken(running.auth, DEMO_USERS.anne.email, DEMO_PASSWORD, key)
    const docs: { name: string; pdf: Uint8Array }[] = []
    for (let i = 0; i < opts.burstDocuments; i++) {
      const invoice = await generateInvoice(1000 + i)
      const scanned = i % 5 === 4
      docs.push({
        name: `burst-${i}${scanned ? '-scan' : ''}.pdf`,
        pdf: scanned ? await scanVariant(invoice.pdf, 1000 + i) : invoice.pdf,
      })
    }
    log(`OCR burst: ${docs.length} documents (${docs.filter((d) => d.name.includes('scan')).length} scanned)`)
    const peak = samplePeak(running.pid)
    const tb = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < docs.length) {
          const d = docs[next++]!
          await uploadAndRead(running.urls.Files!, running.base, token, key, d.pdf, d.name)
        }
      }),
    ).catch((err: unknown) => {
      throw new Error(`${(err as Error).message}\nthe platform's log:\n${running.stderr().slice(-3000)}`)
    })
    const burstSeconds = (performance.now() - tb) / 1000
    const burstPeak = peak.stop()
    const atEnd = rssOf(running.pid) ?? Number.NaN

    // 4. After the burst: memory each second; when it is back under the target, and where it ends.
    let backAt: number | undefined
    let after = atEnd
    for (let s = 1; s <= opts.afterSeconds; s++) {
      await sleep(1000)
      after = rssOf(running.pid) ?? Number.NaN
      if (backAt === undefined && after <= 350) backAt = s
    }
    await stopServer(running.child)

    rows.push(
      [
        'first start, empty data dir, new machine (initdb + schema + demo seed)',
        `${(coldStart / 1000).toFixed(1)} s (${coldCpu.toFixed(1)} s CPU)`,
        '<= 8 s',
        verdict(coldStart <= 8000),
      ],
      ['  by phase (ms wall/CPU)', coldPhases, '', ''],
      [
        'first start, empty data dir, from the schema template (demo seed)',
        `${(firstStart / 1000).toFixed(1)} s (${firstCpu.toFixed(1)} s CPU)`,
        '<= 8 s',
        verdict(firstStart <= 8000),
      ],
      ['  by phase (ms wall/CPU)', firstPhases, '', ''],
      [
        'restart on existing data',
        `${(restart / 1000).toFixed(1)} s (${restartCpu.toFixed(1)} s CPU)`,
        '<= 2 s',
        verdict(restart <= 2000),
      ],
      ['  by phase (ms wall/CPU)', restartPhases, '', ''],
      [
        'platform build before the starts (once per source change)',
        built ? `${Math.round(buildMs)} ms` : 'up to date',
        '',
        '',
      ],
      ['load average (1, 5, 15 min) at the restart', load, '', ''],
      [
        'idle RSS after first start (5 s after ready)',
        mb(idleAfterFirst),
        '<= 300 MB',
        verdict(idleAfterFirst <= 300),
      ],
      ['idle RSS after restart (5 s after ready)', mb(idleRss), '<= 300 MB', verdict(idleRss <= 300)],
      [
        `idle CPU over ${opts.idleSeconds} s`,
        `${idleCpu.toFixed(2)} % of a core`,
        '<= 1 %',
        verdict(idleCpu <= 1),
      ],
      [
        `OCR burst peak RSS (${docs.length} docs, ${burstSeconds.toFixed(0)} s)`,
        mb(burstPeak),
        '<= 800 MB',
        verdict(burstPeak <= 800),
      ],
      ['RSS at the end of the burst', mb(atEnd), '', ''],
      [
        `RSS ${opts.afterSeconds} s after the burst`,
        `${mb(after)}${backAt === undefined ? '' : ` (<= 350 MB after ${backAt} s)`}`,
        '<= 350 MB within 90 s',
        verdict(backAt !== undefined && backAt <= 90 && after <= 350),
      ],
    )
    return rows
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
