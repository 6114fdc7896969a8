// Prepared platforms for tests: one seeded data directory (and, on PostgreSQL, one template database)
// per seed, made once per test run by the global setup and copied for every test platform.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openStore } from '../../platform/db/store.ts'
import { startPlatform } from '../../platform/server.ts'

export type Seed = 'demo' | 'empty'

export interface PlatformTemplate {
  /** Data directory to copy (identity keys; with PGlite also db/). */
  dataDir: string
  /** PostgreSQL mode: the template database to clone. */
  database?: string
}

export type PlatformTemplates = Record<Seed, PlatformTemplate>

export const TEST_DATABASE_ENV = 'LEDGERDESK_TEST_DATABASE_URL'

/** The server URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl)
  u.pathname = `/${database}`
  return u.toString()
}

export async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function prepareTemplates(
  serverUrl: string | undefined,
): Promise<{ templates: PlatformTemplates; dispose(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'ledgerdesk-template-'))
  const templates = {} as PlatformTemplates
  const databases: string[] = []
  if (!serverUrl) {
    // initdb once, then copy the empty cluster for each seed (PGlite's initdb is the slow part).
    const raw = join(root, 'raw', 'db')
    const store = await openStore({ dataDir: raw })
    await store.close()
  }
  for (const seed of ['demo', 'empty'] as const) {
    const dataDir = join(root, seed)
    let database: string | undefined
    if (serverUrl) {
      database = `ledgerdesk_template_${seed}_${process.pid}`
      await withAdmin(serverUrl, async (c) => {
        await c.query(`drop database if exists ${database} with (force)`)
        await c.query(`create database ${database}`)
      })
      databases.push(database)
    } else {
      cpSync(join(root, 'raw'), dataDir, { recursive: true })
    }
    mkdirSync(dataDir, { recursive: true })
    const platform = await startPlatform({
      port: 0,
      dataDir,
      seed,
      databaseUrl: database && serverUrl ? databaseUrl(serverUrl, database) : undefined,
      relaxedDurability: true,
    })
    await platform.close()
    templates[seed] = { dataDir, database }
  }
  return {
    templates,
    async dispose() {
      if (serverUrl) {
        await withAdmin(serverUrl, async (c) => {
          for (const d of databases) await c.query(`drop database if exists ${d} with (force)`)
        })
      }
      rmSync(root, { recursive: true, force: true })
    },
  }
}
