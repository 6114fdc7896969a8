// The delivery worker is quiet when idle and prompt when work arrives: no query while nothing is queued or
// due, a queued row sent at once (woken in-process, or by NOTIFY from another connection on PostgreSQL), and
// a failed row retried when its retry is due without any wake-up.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrate.ts'
import { openStore, type Store } from '../db/store.ts'
import { registry } from '../registry/index.ts'
import { enqueueDelivery, startDeliveryWorker, type DeliveryWorker } from './delivery.ts'

const serverUrl = process.env.LEDGERDESK_TEST_DATABASE_URL
const database = `delivery_wakeup_${process.pid}_${Date.now()}`
let dbUrl: string | undefined

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

let store: Store
/** Statements the worker ran, counted through a wrapper around the store. */
let queries = 0
let counted: Store
let hook: Server
let hookUrl: string
/** Status codes the endpoint answers, in order; 200 once they are used up. */
let answers: number[] = []
const received: number[] = []

beforeAll(async () => {
  if (serverUrl) {
    await admin(serverUrl, `create database ${database}`)
    const url = new URL(serverUrl)
    url.pathname = `/${database}`
    dbUrl = url.toString()
  }
  store = await openStore(dbUrl ? { databaseUrl: dbUrl } : {})
  await migrate(store, registry)
  counted = {
    ...store,
    query: (text, params) => {
      queries++
      return store.query(text, params)
    },
    transaction: (fn) => {
      queries++
      return store.transaction(fn)
    },
  }
  hook = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(Date.now())
      res.statusCode = answers.shift() ?? 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`
}, 120_000)

afterAll(async () => {
  await new Promise<void>((resolve) => hook?.close(() => resolve()))
  await store?.close()
  if (serverUrl) await admin(serverUrl, `drop database if exists ${database}`)
})

const statusOf = async (id: number) =>
  (
    await store.query<{ status: string; attempts: number }>(
      'select status, attempts from outbound_delivery where id = $1',
      [id],
    )
  ).rows[0]!

async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${what} did not happen within ${ms} ms`)
}

describe('delivery worker wake-ups', () => {
  let worker: DeliveryWorker
  beforeAll(() => {
    // The hook listens on loopback, where deliveries go only with an allow-list.
    worker = startDeliveryWorker(counted, { retryBaseMs: 300, timeoutMs: 2000, allowHosts: ['127.0.0.1'] })
  })
  afterAll(() => worker?.stop())

  it('runs no statement while nothing is queued', async () => {
    // Let the first look at the queue finish, then watch for a second and a half (six polls of the old loop).
    await new Promise((r) => setTimeout(r, 500))
    const before = queries
    await new Promise((r) => setTimeout(r, 1500))
    expect(queries - before).toBe(0)
  })

  it('sends a queued row at once, and retries a refused one when its retry is due', async () => {
    answers = [503]
    received.length = 0
    const queuedAt = Date.now()
    // Enqueued as another process would on PostgreSQL (its own connection, no in-process wake-up); on the
    // embedded database everything is in this process and the enqueue wakes the worker.
    let id: number
    if (dbUrl) {
      const other = new pg.Client({ connectionString: dbUrl })
      await other.connect()
      try {
        await other.query('begin')
        id = await enqueueDelivery(
          { query: async (t, p) => ({ rows: (await other.query(t, p as unknown[])).rows, affectedRows: 0 }) },
          { companyId: 1, kind: 'webhook', url: hookUrl, body: { MessageID: 'm-1' } },
        )
        await other.query('commit')
      } finally {
        await other.end()
      }
    } else {
      id = await enqueueDelivery(store, {
        companyId: 1,
        kind: 'webhook',
        url: hookUrl,
        body: { MessageID: 'm-1' },
      })
    }
    await until('delivery', async () => (await statusOf(id)).status === 'delivered')
    expect((await statusOf(id)).attempts).toBe(2)
    expect(received).toHaveLength(2)
    // The first POST came without waiting for a poll, the retry after its delay (300 ms) and not much later.
    expect(received[0]! - queuedAt).toBeLessThan(1000)
    expect(received[1]! - received[0]!).toBeGreaterThanOrEqual(250)
    expect(received[1]! - received[0]!).toBeLessThan(1500)
  })

  it('is quiet again once the queue is empty', async () => {
    await new Promise((r) => setTimeout(r, 300))
    const before = queries
    await new Promise((r) => setTimeout(r, 1500))
    expect(queries - before).toBe(0)
  })
})
