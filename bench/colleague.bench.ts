// A new colleague in minutes: Anne gives one new colleague the accountant role set in 12 client companies
// with one apply, through main's colleague service against the Local sandbox (the platform on a temporary
// data directory, seeded with the demo office and 12 extra clients). Prints the time of each company
// (invite, roles given, read back), the apply's total, and a second apply of the same (each company read,
// nothing written). Target: the whole apply within a minute.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  COMPANIES_AT_ONCE,
  createColleagueService,
} from '../electron/main/services/admin/colleague-service.ts'
import { createAccount } from '../platform/identity/accounts.ts'
import { startPlatform } from '../platform/server.ts'
import { seedClientCompanies } from '../platform/seed/client-companies.ts'
import { DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { signedInApi } from './signed-in-api.ts'

const COMPANIES = 12
const ROLES = ['Accounting.Journal', 'Accounting.Reporting', 'Accounting.Approval', 'Sales.Invoice']
const TARGET_MS = 60_000
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-colleague-'))
  const platform = await startPlatform({ dataDir, port: 0, relaxedDurability: true })
  try {
    const clients = await platform.store.transaction((sql) =>
      seedClientCompanies(sql, platform.registry, { count: COMPANIES, prefix: 'Benchklient' }),
    )
    const email = 'ny.kollega@kontor.example.no'
    await createAccount(platform.store, { email, password: 'ny-kollega-1', displayName: 'Ny Kollega' })
    const api = await signedInApi(platform.urls, DEMO_USERS.anne.email)
    const service = createColleagueService({ api: async () => api })
    const names = new Map(clients.map((c) => [c.Key, c.Name]))

    for (const label of ['first apply (invite + roles)', 'second apply (nothing to do)']) {
      const started = performance.now()
      const { job, finished } = service.start({
        Email: email,
        companyKeys: clients.map((c) => c.Key),
        roles: ROLES,
      })
      await finished
      const total = performance.now() - started
      const done = service.progress(job.id)
      console.log(`\n${label}: ${COMPANIES} companies, ${COMPANIES_AT_ONCE} at a time`)
      for (const row of done.companies)
        console.log(
          `  ${names.get(row.companyKey)!.padEnd(18)} ${row.state.padEnd(6)} ${String(row.ms).padStart(5)} ms` +
            `${row.invited ? '  invited' : ''}${row.added.length ? `  +${row.added.length} roles` : ''}` +
            `${row.failure ? `  ${row.failure.message}` : ''}`,
        )
      const ms = done.companies.map((r) => r.ms ?? 0)
      const failed = done.companies.filter((r) => r.state !== 'done').length
      console.log(
        `  per company: median ${Math.round([...ms].sort((a, b) => a - b)[ms.length >> 1]!)} ms, ` +
          `max ${Math.max(...ms)} ms; total ${seconds(total)} ` +
          `(${failed ? `${failed} FAILED` : 'all done'}; target ${seconds(TARGET_MS)}: ${total <= TARGET_MS ? 'ok' : 'OVER TARGET'})`,
      )
    }
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
