// One store interface over the two databases the platform runs on: embedded PostgreSQL (PGlite,
// file-backed in the data directory) and a PostgreSQL server (pg). Both speak the same SQL and
// return values in the same JavaScript shapes, so migrations and queries are written once.
import { mkdirSync } from 'node:fs'
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import pg from 'pg'

export interface QueryResult<T> {
  rows: T[]
  /** Rows written by INSERT/UPDATE/DELETE. */
  affectedRows: number
}

/** Anything that runs SQL: the store itself or an open transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>
}

export interface Store extends Sql {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface StoreOptions {
  /** Folder of the embedded database (created when missing). Ignored with databaseUrl. */
  dataDir?: string
  /** postgres://... runs on a PostgreSQL server instead of the embedded database. */
  databaseUrl?: string
  /** Embedded only: trade durability for speed (tests, benchmarks). */
  relaxedDurability?: boolean
}

// Value shapes shared by both drivers: dates stay 'YYYY-MM-DD' strings (no time-zone drift),
// timestamps become ISO strings, numeric stays a string (exact money; the codec converts), int8 a number.
const DATE = 1082
const TIMESTAMP = 1114
const TIMESTAMPTZ = 1184
const NUMERIC = 1700
const INT8 = 20

/** '2026-03-05 10:11:12.5+01' (PostgreSQL text form) to '2026-03-05T09:11:12.500Z'; no zone means UTC. */
export function toIso(v: string): string {
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(?:([+-]\d\d)(?::?(\d\d))?|Z)?$/.exec(v)
  if (!m) return v
  const zone = m[3] ? `${m[3]}:${m[4] ?? '00'}` : 'Z'
  const d = new Date(`${m[1]}T${m[2]}${zone}`)
  return Number.isNaN(d.getTime()) ? v : d.toISOString()
}

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir, options.relaxedDurability ?? false)
}

async function openPglite(dataDir: string | undefined, relaxedDurability: boolean): Promise<Store> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    relaxedDurability,
    parsers: {
      [DATE]: (v: string) => v,
      [TIMESTAMP]: (v: string) => toIso(v),
      [TIMESTAMPTZ]: (v: string) => toIso(v),
      [NUMERIC]: (v: string) => v,
      [INT8]: (v: string) => Number(v),
    },
  })
  void pgliteTypes
  const wrap = (q: Pick<PGlite, 'query'>): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(text, params as unknown[])
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 }
    },
  })
  const base = wrap(db)
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  }
}

async function openPostgres(url: string): Promise<Store> {
  const typeParsers = {
    getTypeParser(oid: number, format?: string) {
      if (oid === DATE || oid === NUMERIC) return (v: string) => v
      if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return (v: string) => toIso(v)
      if (oid === INT8) return (v: string) => Number(v)
      return pg.types.getTypeParser(oid, format as 'text')
    },
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, types: typeParsers as pg.CustomTypesConfig })
  // A broken idle connection must not crash the server; the next query gets a fresh one.
  pool.on('error', () => {})
  await pool.query('select 1')
  const run = async <T>(client: pg.Pool | pg.PoolClient, text: string, params: readonly unknown[] = []) => {
    const r = await client.query(text, params as unknown[])
    return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 }
  }
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({ query: (text, params) => run(client, text, params) })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/** Quotes an identifier that comes from the model registry (never from a request). */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid SQL identifier: ${name}`)
  return `"${name}"`
}
