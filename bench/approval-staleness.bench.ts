// How stale the approvals of a company kept offline can get: 30 client companies kept on this computer,
// the sync engine running against the Local sandbox (main's sync service over HTTP, the workspace in
// fake-indexeddb), first as it was (the background round takes 3 companies in full per round, so a company
// waits its turn) and then with the approvals pass (every round also refreshes approvals, tasks and
// invoices of every kept company). The round interval is shortened to SCALED_INTERVAL_MS so the run takes
// seconds; staleness is the largest gap between two refreshes of one company's approvals, counted in
// rounds, and shown for the app's 60-second round: rounds x 60 s plus the measured time of a round's work.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SyncEntity } from '../common/bridge/sync.ts'
import { createSyncService } from '../electron/main/services/sync/sync-service.ts'
import { startPlatform } from '../platform/server.ts'
import { seedClientCompanies } from '../platform/seed/client-companies.ts'
import { DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { openWorkspace } from '../renderer/src/data/schema.ts'
import { createSyncEngine } from '../renderer/src/data/sync-engine.ts'
import type { SyncTransport } from '../renderer/src/data/sync-transport.ts'
import { signedInApi } from './signed-in-api.ts'

const COMPANIES = 30
const ROUNDS = 12
const SCALED_INTERVAL_MS = 1_000
const APP_INTERVAL_S = 60

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-staleness-'))
  const platform = await startPlatform({ dataDir, port: 0, relaxedDurability: true })
  try {
    const clients = await platform.store.transaction((sql) =>
      seedClientCompanies(sql, platform.registry, { count: COMPANIES, prefix: 'Staleklient' }),
    )
    const api = await signedInApi(platform.urls, DEMO_USERS.anne.email)
    const service = createSyncService({ api: async () => api, fetch })

    for (const [label, approvalsConcurrency] of [
      ['before (3 companies in full per round)', 0],
      ['after (approvals pass over every kept company)', 5],
    ] as const) {
      const pulls = new Map<string, number[]>()
      let round = 0
      const transport: SyncTransport = {
        probe: () => service.probe(),
        async pull(c, e: SyncEntity, f, o) {
          if (e === 'Approval' || e === 'Task') {
            const at = pulls.get(c) ?? []
            if (e === 'Task') at.push(round)
            pulls.set(c, at)
          }
          return service.pull(c, e, f, o)
        },
        ids: (c, e, o) => service.ids(c, e, o),
        row: (c, e, id) => service.row(c, e, id),
        execute: (c, cmd) => service.execute(c, cmd),
        download: (c, id) => service.download(c, id),
        ocr: (c, id) => service.ocr(c, id),
      }
      const db = openWorkspace('bench', randomUUID())
      await db.companies.bulkPut(
        clients.map((c) => ({
          Key: c.Key,
          Name: c.Name,
          OrganizationNumber: null,
          offline: true,
          lastOpenedAt: null,
          syncState: 'idle' as const,
          lastSyncAt: null,
          lastError: null,
          userId: null,
        })),
      )
      const roundStarts: number[] = []
      const roundEnds: number[] = []
      let syncing = false
      const engine = createSyncEngine({
        db,
        transport,
        settings: { approvalsConcurrency, intervalMs: SCALED_INTERVAL_MS, probeMinMs: 1 },
        onStatus: (s) => {
          if (s.syncing && !syncing) {
            round++
            roundStarts.push(performance.now())
          }
          if (!s.syncing && syncing) roundEnds.push(performance.now())
          syncing = s.syncing
        },
      })
      // Every company fully pulled once first (as after the first sign-in's "Sync now"), then the rounds.
      await engine.syncNow()
      round = 0
      roundStarts.length = 0
      roundEnds.length = 0
      pulls.clear()
      engine.start()
      while (round <= ROUNDS) await new Promise((r) => setTimeout(r, 100))
      await engine.stop()
      const work = roundEnds.slice(1).map((end, i) => end - roundStarts[i + 1]!)
      const meanWork = work.reduce((a, b) => a + b, 0) / Math.max(1, work.length)
      // The largest gap, in rounds, between two refreshes of a company (a company never refreshed in the
      // run counts as the whole run).
      const gaps = clients.map((c) => {
        const at = [0, ...(pulls.get(c.Key) ?? []), ROUNDS]
        return Math.max(...at.slice(1).map((r, i) => r - at[i]!))
      })
      const worst = Math.max(...gaps)
      const neverRefreshed = clients.filter((c) => !(pulls.get(c.Key) ?? []).length).length
      console.log(
        `${label}: worst gap ${worst} round(s) over ${ROUNDS}; a round's work ${Math.round(meanWork)} ms ` +
          `(${COMPANIES} companies); with the app's ${APP_INTERVAL_S} s round the worst staleness is ` +
          `about ${Math.round(worst * APP_INTERVAL_S + meanWork / 1000)} s` +
          (neverRefreshed ? `; ${neverRefreshed} companies not refreshed at all in the run` : ''),
      )
      await db.delete()
    }
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
