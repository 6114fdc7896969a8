// One store interface over the two databases the platform runs on: embedded PostgreSQL (PGlite,
// file-backed in the data directory) and a PostgreSQL server (pg). Both speak the same SQL and
// return values in the same JavaScript shapes, so migrations and queries are written once.
import { mkdirSync } from 'node:fs'
import v8 from 'node:v8'
import { PGlite, protocol, types as pgliteTypes } from '@electric-sql/pglite'
import type pg from 'pg'

export interface QueryResult<T> {
  rows: T[]
  /** Rows written by INSERT/UPDATE/DELETE. */
  affectedRows: number
}

/** Anything that runs SQL: the store itself or an open transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>
  /**
   * Runs a script of statements without parameters in one exchange (PostgreSQL's simple query protocol), in
   * order, stopping at the first error. A thousand small DDL statements take one exchange instead of a
   * thousand. Both stores have it; a stand-in for tests may leave it out.
   */
  exec?(script: string): Promise<void>
}

const MAX_PREPARED = 200

/** A parameter `Store.queryText` sends as text; the statement's casts give it its type. */
export type TextParam = string | number | boolean | null | readonly number[]

export interface Store extends Sql {
  readonly kind: 'pglite' | 'postgres'
  /**
   * The first column of every row of a read whose rows are single text values (JSON documents), as
   * strings. The embedded database answers it in one protocol exchange instead of one per step (parse,
   * describe, bind, execute), which is most of the cost of a small read. With `prepared`, the statement
   * is parsed and planned once and kept (a bounded number, least recently used closed first), for reads
   * by key whose plan does not depend on the values. Undefined for other stores.
   */
  queryText?(
    text: string,
    params: readonly TextParam[],
    options?: { prepared?: boolean },
  ): Promise<(string | null)[]>
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  /**
   * PostgreSQL server only: calls `onNotify` for every NOTIFY on `channel` (and once after a lost
   * connection is back, as notifications may have been missed). Answers the function that stops listening.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  /**
   * PostgreSQL server only: runs `fn` while this process holds the advisory lock `key` (on a connection of its
   * own), so several processes starting on one database migrate and seed it one after the other.
   */
  exclusive?<T>(key: number, fn: () => Promise<T>): Promise<T>
  /** Embedded database only: its data directory as an uncompressed tar (PGlite's dumpDataDir). */
  dumpDataDir?(): Promise<Blob>
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

/**
 * Memory settings of the embedded database, measured with the demo seed (resident memory of a process that
 * opens the database and reads every table once; PGlite's WebAssembly heap starts at 128 MB and never shrinks):
 * - shared_buffers 128MB (PGlite's default) -> 16MB: 391 -> 258 MB. The buffer pool is allocated inside the
 *   WebAssembly heap, which grows to hold it; the data files stay in the operating system's file cache, so
 *   reads that miss the smaller pool still come from memory.
 * - 8MB shared_buffers, 1MB wal_buffers and 8MB maintenance_work_mem together saved nothing more measurable
 *   (267 MB), so PostgreSQL's defaults stay for them (work_mem 4MB is already small).
 * - The WebAssembly heap's initial size cannot go below the 128 MB the PGlite build declares (WebAssembly
 *   refuses a smaller memory), so `initialMemory` is left alone.
 * - PostgreSQL's WebAssembly code compiled by V8's baseline compiler only (Liftoff, no optimising tier-up):
 *   139 -> 81 MB for opening the database and reading every table, and the open takes 1.4 s instead of 3.5 s.
 *   Five rounds of reading every table took 2.5 s instead of 6.9 s (the optimising compiler's own time
 *   included). The flag is set only while PGlite compiles its module, so Tesseract keeps V8's usual tiers.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'] as const

let compiling = 0
/** Runs `fn` (which compiles WebAssembly) with V8's Liftoff-only flag set; see PGLITE_SETTINGS. */
async function withBaselineWasm<T>(fn: () => Promise<T>): Promise<T> {
  if (compiling++ === 0) v8.setFlagsFromString('--liftoff-only')
  try {
    return await fn()
  } finally {
    if (--compiling === 0) v8.setFlagsFromString('--no-liftoff-only')
  }
}

async function openPglite(dataDir: string | undefined, relaxedDurability: boolean): Promise<Store> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = await withBaselineWasm(() =>
    PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      relaxedDurability,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
      parsers: {
        [DATE]: (v: string) => v,
        [TIMESTAMP]: (v: string) => toIso(v),
        [TIMESTAMPTZ]: (v: string) => toIso(v),
        [NUMERIC]: (v: string) => v,
        [INT8]: (v: string) => Number(v),
      },
    }),
  )
  void pgliteTypes
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(text, params as unknown[])
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 }
    },
    async exec(script: string) {
      await q.exec(script)
    },
  })
  const base = wrap(db)
  const { serialize } = protocol
  /** Statement text -> name of its prepared statement in the embedded database, least recently used first. */
  const prepared = new Map<string, string>()
  let statements = 0
  const asText = (v: TextParam): string | null =>
    v === null ? null : typeof v === 'object' ? `{${v.join(',')}}` : String(v)
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async queryText(text, params, options = {}) {
      const parts: Uint8Array[] = []
      let statement = ''
      let preparing = false
      if (options.prepared) {
        const known = prepared.get(text)
        if (known !== undefined) {
          // Most recently used last, so the oldest statement is the one closed when the cache is full.
          prepared.delete(text)
          prepared.set(text, known)
          statement = known
        } else {
          statement = `ledgerdesk_read_${++statements}`
          preparing = true
          if (prepared.size >= MAX_PREPARED) {
            const [oldText, oldName] = prepared.entries().next().value!
            prepared.delete(oldText)
            parts.push(serialize.close({ type: 'S', name: oldName }))
          }
          parts.push(serialize.parse({ text, name: statement }))
        }
      } else parts.push(serialize.parse({ text }))
      parts.push(
        serialize.bind({ statement, values: params.map(asText) }),
        serialize.execute({}),
        serialize.sync(),
      )
      const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
      let at = 0
      for (const p of parts) {
        message.set(p, at)
        at += p.length
      }
      await db._checkReady()
      // The same locks as db.query: never inside another caller's transaction or between its steps.
      const { messages } = await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(() => db.execProtocol(message, { throwOnError: false })),
      )
      const out: (string | null)[] = []
      let failure: unknown
      for (const m of messages) {
        if (m.name === 'dataRow') out.push((m as unknown as { fields: (string | null)[] }).fields[0] ?? null)
        else if (m.name === 'parseComplete' && preparing) prepared.set(text, statement)
        else if (m.name === 'error') failure ??= m
      }
      if (failure) throw failure
      return out
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    dumpDataDir: () => db.dumpDataDir('none'),
    close: () => db.close(),
  }
}

async function openPostgres(url: string): Promise<Store> {
  // The PostgreSQL driver loads only for a server database, not with every embedded start.
  const { default: driver } = await import('pg')
  const typeParsers = {
    getTypeParser(oid: number, format?: string) {
      if (oid === DATE || oid === NUMERIC) return (v: string) => v
      if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return (v: string) => toIso(v)
      if (oid === INT8) return (v: string) => Number(v)
      return driver.types.getTypeParser(oid, format as 'text')
    },
  }
  const pool = new driver.Pool({ connectionString: url, max: 10, types: typeParsers as pg.CustomTypesConfig })
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
    // Without parameters pg sends the text as a simple query, which may hold several statements.
    exec: async (script) => void (await pool.query(script)),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: (text, params) => run(client, text, params),
          exec: async (script) => void (await client.query(script)),
        })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    async exclusive(key, fn) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [key])
        try {
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {})
        }
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

const RELISTEN_MS = 5_000

/** One connection outside the pool that LISTENs on a channel, connecting again after it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  const { default: driver } = await import('pg')
  let stopped = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  const reconnectLater = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      // Notifications sent while the connection was down are lost: the worker looks at its queue once.
      connect().then(onNotify, reconnectLater)
    }, RELISTEN_MS)
  }
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return
    client = undefined
    c.end().catch(() => {})
    reconnectLater()
  }
  const connect = async (): Promise<void> => {
    const c = new driver.Client({ connectionString: url })
    c.on('error', () => lost(c))
    c.on('end', () => lost(c))
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify()
    })
    client = c
    try {
      await c.connect()
      await c.query(`listen ${ident(channel)}`)
    } catch (err) {
      if (client === c) client = undefined
      await c.end().catch(() => {})
      throw err
    }
    if (stopped) await c.end().catch(() => {})
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const c = client
    client = undefined
    await c?.end().catch(() => {})
  }
}

/** Quotes an identifier that comes from the model registry (never from a request). */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid SQL identifier: ${name}`)
  return `"${name}"`
}
