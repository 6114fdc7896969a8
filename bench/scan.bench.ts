// Scan station benchmark: 500 generated text PDFs dropped at once into a watched folder, then 30
// image-only scans, through the whole pipeline (watcher, stable check, ledger, upload, OCR, supplier,
// draft invoice, link, move) against the local platform running in its own process, as in the app.
// Prints files per second, p50/p95 from stable to ready, duplicates, lost files and the peak memory of
// this process (the app's main side) against the targets.
// Then a few of each dropped one at a time (each once the one before is ready), the pace of a scan station.
// BENCH_TEXT / BENCH_SCANNED (and BENCH_PACED_TEXT / BENCH_PACED_SCANNED) change the counts; BENCH_CORPUS=DIR
// runs over that folder's files instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { memoryLogger } from '../electron/main/logger.ts'
import { createApiClient } from '../electron/main/services/api/client.ts'
import { createPipeline } from '../electron/main/services/scan/pipeline.ts'
import { createScanPlatform } from '../electron/main/services/scan/platform.ts'
import { createFolderWatcher } from '../electron/main/services/scan/watcher.ts'
import { apiBaseUrlOf } from '../electron/main/services/session/oidc.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../platform/seed/demo-constants.ts'
import { PLATFORM_PROCESS_ENV } from '../electron/main/ports.ts'
import { cpuSecondsOf } from './platform-process.ts'

const TEXT = Number(process.env.BENCH_TEXT ?? 500)
const SCANNED = Number(process.env.BENCH_SCANNED ?? 30)
/**
 * After the bursts, documents dropped one at a time (each once the one before is ready), as a scan station
 * feeds them: the latency a user waits for one document, without a queue of 500 in front of it.
 */
const PACED_TEXT = Number(process.env.BENCH_PACED_TEXT ?? 10)
const PACED_SCANNED = Number(process.env.BENCH_PACED_SCANNED ?? 3)
const CORPUS = process.env.BENCH_CORPUS
const TARGETS = { textPerSecond: 10, textP50Ms: 1000, scannedP50Ms: 4000 }
const company = DEMO_COMPANIES.nordlys.key

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN

function startServer(dataDir: string): Promise<{ child: ChildProcess; auth: string; base: string }> {
  const child = spawn(
    process.execPath,
    // Profiling flags given to the benchmark (`node --cpu-prof …`) profile the platform too.
    [
      ...process.execArgv.filter((a) => a.startsWith('--cpu-prof')),
      '--import',
      'tsx',
      'platform/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...PLATFORM_PROCESS_ENV } },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      if (!/^ready$/m.test(out)) return
      const base = /^AppFramework\s+(\S+)/m.exec(out)?.[1]
      const auth = /^Identity\s+(\S+)/m.exec(out)?.[1]
      if (base && auth) resolve({ child, auth, base })
      else reject(new Error(`the platform printed no URLs:\n${out}`))
    })
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code}:\n${out}`)))
  })
}

async function token(auth: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: 'ledgerdesk-integration',
    client_secret: 'local-integration-secret',
    username: 'anne.accountant@demo.test',
    password: DEMO_PASSWORD,
    scope: 'openid profile AppFramework offline_access',
  })
  const res = await fetch(`${auth}/connect/token`, { method: 'POST', body: form })
  const body = (await res.json()) as { access_token: string }
  return body.access_token
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'ledgerdesk-scan-bench-'))
  const dataDir = join(work, 'platform')
  const textDir = join(work, 'text')
  const scannedDir = join(work, 'scanned')
  const watched = join(work, 'watched')
  await Promise.all([textDir, scannedDir, watched].map((d) => mkdir(d, { recursive: true })))

  console.log('preparing the platform and the documents…')
  let textNames: string[]
  let scannedNames: string[] = []
  let pacedText: string[] = []
  let pacedScanned: string[] = []
  if (CORPUS) {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--prepare', dataDir],
      {
        stdio: 'inherit',
      },
    )
    if (seeded.status !== 0) throw new Error('preparing the platform failed')
    textNames = (await readdir(CORPUS)).filter((n) => !n.startsWith('.'))
    for (const n of textNames) await copyFile(join(CORPUS, n), join(textDir, n))
  } else {
    // The platform's data and the documents are made in a child process, so this process's memory is
    // the scan station's alone.
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--prepare', dataDir, textDir, scannedDir],
      { stdio: 'inherit' },
    )
    if (made.status !== 0) throw new Error('generating the documents failed')
    textNames = (await readdir(textDir)).sort()
    scannedNames = (await readdir(scannedDir)).sort()
    pacedText = textNames.splice(TEXT)
    pacedScanned = scannedNames.splice(SCANNED)
  }

  const server = await startServer(dataDir)
  try {
    const endpoints = (await (await fetch(`${server.base}api/endpoints`)).json()) as { Files: string }
    let grant: Promise<{ accessToken: string; apiBaseUrl: string }> | null = null
    const tokens = {
      current: () =>
        (grant ??= token(server.auth).then((accessToken) => ({
          accessToken,
          apiBaseUrl: apiBaseUrlOf(accessToken),
        }))),
      afterUnauthorized: async () => {
        grant = null
        return tokens.current()
      },
    }
    const api = createApiClient({ fetch: (u, i) => fetch(u, i), tokens })
    const log = memoryLogger()
    const stableAt = new Map<string, number>()
    const readyAt = new Map<string, number>()
    const startedAt = new Map<string, number>()
    const pathOfSha = new Map<string, string>()
    let duplicates = 0
    let failed = 0
    const pipeline = createPipeline({
      platform: createScanPlatform({ api: async () => api, filesUrl: async () => endpoints.Files }),
      ledgerDir: join(work, 'ledger'),
      log,
      locale: () => 'nb',
      events: {
        entryChanged: (e) => {
          pathOfSha.set(e.sha256, e.name)
          if (e.state === 'uploading' && !startedAt.has(e.name)) startedAt.set(e.name, performance.now())
          if (e.state === 'done' && !readyAt.has(e.name)) readyAt.set(e.name, performance.now())
          if (e.state === 'failed') failed++
        },
        duplicateFound: () => duplicates++,
      },
    })
    const watcher = createFolderWatcher({
      folder: watched,
      polling: 'auto',
      log,
      onStable: (path) => {
        stableAt.set(path.split('/').pop()!, performance.now())
        void pipeline.take({ companyKey: company, path, folder: watched })
      },
    })
    await watcher.start()
    const baseRss = process.memoryUsage().rss
    let peakRss = baseRss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)

    /** CPU seconds so far: the platform's process, its main thread, and this process (the app's main). */
    const pid = server.child.pid!
    const cpu = () => ({
      platform: cpuSecondsOf(pid),
      platformMain: cpuSecondsOf(pid, pid),
      main: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    })

    async function batch(dir: string, names: string[]) {
      const cpuBefore = cpu()
      // "Dropped at once": every file appears in the watched folder in one go (renames on one disk).
      await Promise.all(names.map((n) => rename(join(dir, n), join(watched, n))))
      const end = Date.now() + 30 * 60_000
      while (names.some((n) => !readyAt.has(n)) && Date.now() < end) {
        if (failed + duplicates > 0 && names.every((n) => readyAt.has(n) || stableAt.has(n))) {
          await pipeline.idle()
          break
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      const lat = names
        .filter((n) => readyAt.has(n))
        .map((n) => readyAt.get(n)! - stableAt.get(n)!)
        .sort((a, b) => a - b)
      const work = names
        .filter((n) => readyAt.has(n) && startedAt.has(n))
        .map((n) => readyAt.get(n)! - startedAt.get(n)!)
        .sort((a, b) => a - b)
      const first = Math.min(...names.map((n) => stableAt.get(n) ?? Infinity))
      const last = Math.max(...names.map((n) => readyAt.get(n) ?? 0))
      const cpuAfter = cpu()
      const perFileMs = (k: keyof typeof cpuAfter) =>
        (1000 * (cpuAfter[k] - cpuBefore[k])) / Math.max(1, lat.length)
      const cpuMs = {
        platform: perFileMs('platform'),
        platformMain: perFileMs('platformMain'),
        main: perFileMs('main'),
      }
      return {
        lat,
        work,
        cpuMs,
        seconds: (last - first) / 1000,
        ready: lat.length,
        lost: names.length - lat.length,
      }
    }

    console.log(`text PDFs: ${textNames.length} dropped at once…`)
    const text = await batch(textDir, textNames)
    console.log(`image-only scans: ${scannedNames.length} dropped at once…`)
    const scanned = await batch(scannedDir, scannedNames)
    /** Each document alone: dropped once the one before it is ready. */
    async function paced(dir: string, names: string[]) {
      const lat: number[] = []
      for (const n of names) {
        const one = await batch(dir, [n])
        lat.push(...one.lat)
      }
      return lat.sort((a, b) => a - b)
    }
    if (pacedText.length) console.log(`text PDFs: ${pacedText.length} dropped one at a time…`)
    const pacedTextLat = await paced(textDir, pacedText)
    if (pacedScanned.length) console.log(`image-only scans: ${pacedScanned.length} dropped one at a time…`)
    const pacedScanLat = await paced(scannedDir, pacedScanned)
    clearInterval(sampler)
    await watcher.stop()
    await pipeline.close()

    const perSecond = text.ready / text.seconds
    const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS')
    console.log('\nscan station benchmark (2-core machine, local platform in its own process)')
    console.log(
      `  text PDFs ready            ${text.ready} of ${textNames.length} in ${text.seconds.toFixed(1)} s`,
    )
    console.log(
      `  ${mark(perSecond >= TARGETS.textPerSecond)} text PDFs per second    ${perSecond.toFixed(1)}   (target >= ${TARGETS.textPerSecond})`,
    )
    // All dropped at once, the median document waits for half the batch ahead of it: at r PDFs a second
    // no rate on two cores brings that under a second for 500 (it would need 250 a second).
    console.log(
      `       text stable→ready p50/p95 ${pct(text.lat, 50).toFixed(0)} / ${pct(text.lat, 95).toFixed(0)} ms (all ${textNames.length} at once: the wait behind the batch included)`,
    )
    if (pacedTextLat.length)
      console.log(
        `  ${mark(pct(pacedTextLat, 50) <= TARGETS.textP50Ms)} text stable→ready p50   ${pct(pacedTextLat, 50).toFixed(0)} ms   (target <= ${TARGETS.textP50Ms} ms; ${pacedTextLat.length} dropped one at a time, p95 ${pct(pacedTextLat, 95).toFixed(0)} ms)`,
      )
    console.log(
      `       text in pipeline p50/p95 ${pct(text.work, 50).toFixed(0)} / ${pct(text.work, 95).toFixed(0)} ms (upload to ready, without queue wait)`,
    )
    // The load-independent view: CPU per document. The platform's main thread (HTTP, the embedded database)
    // serves every step of every document one at a time, so it bounds the rate whatever else runs beside it.
    const c = text.cpuMs
    console.log(
      `       text CPU per PDF         platform ${c.platform.toFixed(0)} ms (its main thread ${c.platformMain.toFixed(0)} ms), main ${c.main.toFixed(0)} ms`,
    )
    console.log(
      `       ceiling on 2 idle cores  ${Math.min(1000 / c.platformMain, 2000 / (c.platform + c.main)).toFixed(1)} PDFs/s (min of 1 core / main-thread CPU, 2 cores / all CPU)`,
    )
    if (scannedNames.length) {
      console.log(
        `  scans ready                ${scanned.ready} of ${scannedNames.length} in ${scanned.seconds.toFixed(1)} s`,
      )
      console.log(
        `       scan stable→ready p50/p95 ${pct(scanned.lat, 50).toFixed(0)} / ${pct(scanned.lat, 95).toFixed(0)} ms (all ${scannedNames.length} at once)`,
      )
      if (pacedScanLat.length)
        console.log(
          `  ${mark(pct(pacedScanLat, 50) <= TARGETS.scannedP50Ms)} scan stable→ready p50   ${pct(pacedScanLat, 50).toFixed(0)} ms   (target <= ${TARGETS.scannedP50Ms} ms; ${pacedScanLat.length} dropped one at a time, p95 ${pct(pacedScanLat, 95).toFixed(0)} ms)`,
        )
      console.log(
        `       scan in pipeline p50/p95 ${pct(scanned.work, 50).toFixed(0)} / ${pct(scanned.work, 95).toFixed(0)} ms`,
      )
    }
    console.log(`  ${mark(duplicates === 0)} duplicates              ${duplicates}   (target 0)`)
    console.log(
      `  ${mark(text.lost + scanned.lost === 0)} lost                    ${text.lost + scanned.lost}   (target 0; failed ${failed})`,
    )
    console.log(
      `       peak memory of main     ${(peakRss / 1024 / 1024).toFixed(0)} MB RSS (at start ${(baseRss / 1024 / 1024).toFixed(0)} MB)`,
    )
    console.log(
      `       load average            ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (shared machine)`,
    )
    if (text.lost + scanned.lost > 0) process.exitCode = 1
  } finally {
    server.child.kill()
    await rm(work, { recursive: true, force: true }).catch(() => undefined)
  }
}

async function prepare(dataDir: string, textDir?: string, scannedDir?: string) {
  const { startPlatform } = await import('../platform/server.ts')
  const seeding = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seed: 'demo',
    relaxedDurability: true,
  })
  await seeding.close()
  if (!textDir || !scannedDir) return
  const { generateInvoice } = await import('../document-reader/corpus/generate.ts')
  const { scanVariant } = await import('../document-reader/corpus/scan.ts')
  for (let i = 0; i < TEXT + PACED_TEXT; i++) {
    const inv = await generateInvoice(10_000 + i)
    await writeFile(join(textDir, `text-${String(i + 1).padStart(4, '0')}.pdf`), inv.pdf)
  }
  for (let i = 0; i < SCANNED + PACED_SCANNED; i++) {
    const inv = await generateInvoice(20_000 + i)
    await writeFile(
      join(scannedDir, `scan-${String(i + 1).padStart(3, '0')}.pdf`),
      await scanVariant(inv.pdf, 20_000 + i),
    )
  }
}

const run =
  process.argv[2] === '--prepare'
    ? prepare(process.argv[3]!, process.argv[4], process.argv[5]).then(() => process.exit(0))
    : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
