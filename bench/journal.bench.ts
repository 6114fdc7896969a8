// Journal drafting benchmark (prints figures against targets):
// 1. Typing in a cell of a 200-line draft: the grid's work per keystroke (parse the amount, preview every
//    entry with the booking's VAT rule, sum the balances), run in Chromium; target p95 <= 16 ms (one frame).
// 2. Booking 100 entries in one batch through the outbox executor (main's sync service, the same call the
//    engine makes) on the local platform over HTTP; target <= 10 s. The numbers are read back to check that
//    all 100 were booked once.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { createApiClient } from '../electron/main/services/api/client.ts'
import { createJournalService } from '../electron/main/services/journal/journal-service.ts'
import { createSyncService } from '../electron/main/services/sync/sync-service.ts'
import { startPlatform } from '../platform/server.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../platform/seed/demo-constants.ts'

const root = resolve(import.meta.dirname, '..')
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 1000)
const ENTRIES = 100

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** The grid's per-keystroke work, bundled for the browser and timed inside Chromium. */
async function typingInChromium(): Promise<number[]> {
  const bundle = await build({
    stdin: {
      contents: `
        import { parseMoney } from './common/money.ts'
        import { emptyLine, previewDraft } from './renderer/src/features/journal/draft.ts'
        export function run(keystrokes) {
          const vat = new Map([[1, { ID: 1, Name: 'Inngående mva 25 %', VatPercent: '25', OutputVat: false,
            ReversedTaxDutyVat: false, IncomingAccountID: 2710, OutgoingAccountID: null,
            VatPercentages: [{ VatPercent: '25', ValidFrom: '2016-01-01', ValidTo: null }] }]])
          const lines = []
          for (let i = 0; i < 100; i++) {
            lines.push({ ...emptyLine(i + 1, '2026-03-31'), accountId: 6540, vatTypeId: 1, amount: 125000 + i })
            lines.push({ ...emptyLine(i + 1, '2026-03-31'), accountId: 1920, amount: -(125000 + i) })
          }
          const times = []
          for (let k = 0; k < keystrokes; k++) {
            const typed = String(1000 + (k % 9000)).replace(/(\\d)(\\d{3})$/, '$1 $2') + ',' + String(k % 100).padStart(2, '0')
            const t0 = performance.now()
            const row = (k * 7) % 200
            const next = lines.slice()
            next[row] = { ...next[row], amount: parseMoney(typed) ?? null }
            const entries = previewDraft({ lines: next }, vat, null)
            let difference = 0
            for (const e of entries) difference += e.preview.balance
            times.push(performance.now() - t0)
            if (Number.isNaN(difference)) throw new Error('no balance')
          }
          return times
        }`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'journalBench',
    platform: 'browser',
    plugins: [
      {
        name: 'aliases',
        setup(b) {
          b.onResolve({ filter: /^@common\// }, (args) => ({
            path: join(root, 'common', `${args.path.slice(8)}.ts`),
          }))
        },
      },
    ],
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const page = await browser.newPage()
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text })
    return await page.evaluate(
      (n) => (globalThis as unknown as { journalBench: { run(n: number): number[] } }).journalBench.run(n),
      KEYSTROKES,
    )
  } finally {
    await browser.close()
  }
}

async function bookingBatch(): Promise<{ ms: number; numbers: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-journal-'))
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seed: 'demo',
    relaxedDurability: true,
  })
  try {
    const company = DEMO_COMPANIES.nordlys.key
    const tokenRes = await fetch(`${platform.urls.auth}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'ledgerdesk-integration',
        client_secret: 'local-integration-secret',
        username: DEMO_USERS.anne.email,
        password: DEMO_PASSWORD,
        scope: 'openid profile AppFramework offline_access',
      }),
    })
    const { access_token: token } = (await tokenRes.json()) as { access_token: string }
    const grant = { accessToken: token, apiBaseUrl: new URL('/', platform.urls.base).toString() }
    const api = createApiClient({
      // Long enough to measure a slow batch instead of abandoning it.
      timeoutMs: 300_000,
      fetch: (input, init) => fetch(input, init),
      tokens: { current: async () => grant, afterUnauthorized: async () => grant },
    })
    const sync = createSyncService({ api: async () => api, fetch: (input, init) => fetch(input, init) })
    const journal = createJournalService({ api: async () => api })
    const accounts = await api.get<{ ID: number; AccountNumber: number }[]>('api/biz/accounts', {
      companyKey: company,
      query: { select: 'ID,AccountNumber', top: 1000 },
    })
    const id = (n: number) => accounts.find((a) => a.AccountNumber === n)!.ID
    const [vat] = await api.get<{ ID: number }[]>('api/biz/vattypes', {
      companyKey: company,
      query: { filter: "VatCode eq '1'" },
    })
    const key = crypto.randomUUID()
    const body = Array.from({ length: ENTRIES }, (_, i) => {
      const amount = (1000 + i + (i % 100) / 100).toFixed(2)
      return {
        DraftLines: [
          { AccountID: id(6540), Amount: amount, FinancialDate: '2026-03-31', VatTypeID: vat!.ID },
          { AccountID: id(1920), Amount: `-${amount}`, FinancialDate: '2026-03-31' },
        ],
      }
    })
    const t0 = performance.now()
    const outcome = await sync.execute(company, {
      entity: 'JournalEntry',
      action: 'book-journal-entries',
      body,
      entityId: -1,
      base: {},
      baseUpdatedAt: null,
      operationKey: key,
      attempts: 0,
    })
    const ms = performance.now() - t0
    if (outcome.status !== 'done') throw new Error(`the batch was not booked: ${JSON.stringify(outcome)}`)
    const booked = await journal.entries(
      company,
      (outcome.rows ?? []).map((r) => Number(r.ID)),
    )
    return { ms, numbers: new Set(booked.map((b) => b.JournalEntryNumber)).size }
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const times = process.env.BENCH_SKIP_TYPING ? [0] : await typingInChromium()
  const p50 = percentile(times, 50)
  const p95 = percentile(times, 95)
  console.log(
    `typing in a 200-line draft (Chromium, ${times.length} keystrokes): preview and balance p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 <= 16 ms) ${p95 <= 16 ? 'OK' : 'OVER'}`,
  )
  const batch = await bookingBatch()
  console.log(
    `booking ${ENTRIES} entries in one batch through the outbox executor: ${(batch.ms / 1000).toFixed(2)} s, ${batch.numbers} numbers assigned (target <= 10 s) ${batch.ms <= 10_000 && batch.numbers === ENTRIES ? 'OK' : 'OVER'}`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
