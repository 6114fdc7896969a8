// Durable outbound deliveries (spec 6.1, 6.2, 6.4): a row per POST, written in the transaction that
// raised the event, and a worker that sends due rows, signs them, logs every attempt and retries
// with exponential backoff. At least once: a row leaves the queue only after a 2xx was recorded, so a
// delivery in flight when the process stopped is sent again. Rows of one order key (one subscriber,
// or one endpoint of a company) go out one at a time, oldest first. No POST reaches an internal address
// (loopback, link-local, private, ...) unless the platform's allow-list names it (./outbound-address.ts).
import { randomUUID } from 'node:crypto'
import { PlatformError } from '../errors.ts'
import { createSleeper, listenForWork, QUEUE_CHANNELS, sleepFor } from '../db/queue-signal.ts'
import type { Sql, Store } from '../db/store.ts'
import { SIGNATURE_HEADER, signWebhook } from '../../common/webhook-signature.ts'
import { failureText, outboundPoster } from './outbound-address.ts'

export type DeliveryKind = 'webhook' | 'purchase'
export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export interface DeliveryInput {
  companyId: number
  kind: DeliveryKind
  url: string
  /** The envelope; serialised once, and that exact text is signed and sent on every attempt. */
  body: unknown
  /** Signs with `Service-Signature` when present (spec 6.2). */
  signingKey?: string
  eventplanId?: number
  subscriberId?: number
  /** The envelope's MessageID (default: the body's `MessageID`, else a new GUID). */
  messageId?: string
  /** Extra request headers sent on every attempt (a subscriber's `Authorization`). */
  headers?: Record<string, string>
}

/** An absolute http(s) URL, or a message saying what is wrong with it. */
export function checkEndpoint(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return 'must be an absolute http(s) URL'
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `'${url}' is not an absolute URL`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `'${url}' must use http or https, not ${parsed.protocol.replace(/:$/, '')}`
  }
  return undefined
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined

/** Queues a POST in the caller's transaction; the worker sends it once the transaction commits. */
export async function enqueueDelivery(sql: Sql, input: DeliveryInput): Promise<number> {
  const problem = checkEndpoint(input.url)
  if (problem) throw new PlatformError('BAD_REQUEST', `Delivery endpoint ${problem}`)
  const entityId = Number(field(input.body, 'EntityID'))
  const bodyMessageId = field(input.body, 'MessageID')
  const messageId = input.messageId ?? (typeof bodyMessageId === 'string' ? bodyMessageId : randomUUID())
  const orderKey =
    input.subscriberId !== undefined
      ? `subscriber:${input.companyId}:${input.subscriberId}`
      : `url:${input.companyId}:${input.url}`
  const { rows } = await sql.query<{ id: number }>(
    `insert into outbound_delivery (company_id, kind, url, body, signing_key, eventplan_id, subscriber_id,
       message_id, event_type, entity_name, entity_id, order_key, headers)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) returning id`,
    [
      input.companyId,
      input.kind,
      input.url,
      JSON.stringify(input.body),
      input.signingKey || null,
      input.eventplanId ?? null,
      input.subscriberId ?? null,
      messageId,
      typeof field(input.body, 'EventType') === 'string' ? field(input.body, 'EventType') : null,
      typeof field(input.body, 'EntityName') === 'string' ? field(input.body, 'EntityName') : null,
      Number.isInteger(entityId) ? entityId : null,
      orderKey,
      input.headers ? JSON.stringify(input.headers) : null,
    ],
  )
  notifyDeliveries()
  return rows[0]!.id
}

// ---- the worker ----

export interface DeliveryOptions {
  /** First retry delay; each further retry doubles it (default 1000 ms). */
  retryBaseMs?: number
  /** Longest delay between two attempts (default 5 minutes). */
  retryMaxMs?: number
  /** Attempts before a delivery is marked failed (default 10). */
  maxAttempts?: number
  /** Time allowed for one POST, connection to response (default 10 s). */
  timeoutMs?: number
  /** POSTs in flight at once (default 8). */
  concurrency?: number
  /**
   * Host names, addresses and CIDR ranges POSTed to although they are loopback, link-local, private or
   * otherwise internal (local testing: `['127.0.0.1', 'localhost']`). Default none: every internal address
   * is refused, and the attempt's log says so.
   */
  allowHosts?: readonly string[]
}

export interface WorkerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface DeliveryWorker {
  /** Looks at the queue now instead of when the next retry is due. */
  wake(): void
  /** Stops sending; POSTs in flight are abandoned and sent again by the next worker. */
  stop(): Promise<void>
}

interface DueRow {
  id: number
  url: string
  body: string
  signing_key: string | null
  headers: Record<string, string> | null
  attempts: number
  company_id: number
  message_id: string
}

const workers = new Set<{ wake(): void }>()

/** How long a woken worker waits for more work before it looks at the queues. */
export const GATHER_MS = 50
const gather = () => new Promise((resolve) => setTimeout(resolve, GATHER_MS))

/** Wakes the running workers of this process (after a transaction that enqueued or raised events). */
export function notifyDeliveries(): void {
  for (const w of workers) w.wake()
}

/** Delay before attempt `attempt + 1` after `attempt` failed ones: base, 2 base, 4 base, ... capped. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
}

/**
 * Starts the loop that turns queued rows into POSTs. `beforeSend` runs first on every pass (the
 * Eventplan dispatcher turns change events into rows there) and answers whether work is left.
 */
export function startDeliveryWorker(
  store: Store,
  options: DeliveryOptions & { log?: WorkerLog; beforeSend?: () => Promise<boolean> } = {},
): DeliveryWorker {
  const retryBaseMs = options.retryBaseMs ?? 1000
  const retryMaxMs = options.retryMaxMs ?? 5 * 60_000
  const maxAttempts = options.maxAttempts ?? 10
  const timeoutMs = options.timeoutMs ?? 10_000
  const concurrency = options.concurrency ?? 8
  const log = options.log
  const poster = outboundPoster(options.allowHosts)
  // A claim outlives the POST's own timeout, so a row is never sent twice by live workers.
  const leaseMs = timeoutMs + 5_000
  const inflight = new Map<number, Promise<void>>()
  const abort = new AbortController()
  let stopped = false
  const sleeper = createSleeper()
  const self = { wake: () => sleeper.wake() }

  async function claim(limit: number): Promise<DueRow[]> {
    return store.transaction(async (tx) => {
      const { rows } = await tx.query<DueRow>(
        `select d.id, d.url, d.body, d.signing_key, d.headers, d.attempts, d.company_id, d.message_id
           from outbound_delivery d
          where d.status = 'pending' and d.next_attempt_at <= now()
            and (d.claimed_until is null or d.claimed_until < now())
            and not exists (select 1 from outbound_delivery p
                             where p.order_key = d.order_key and p.status = 'pending' and p.id < d.id)
          order by d.id
          limit $1
          for update skip locked`,
        [limit],
      )
      if (rows.length) {
        await tx.query(
          `update outbound_delivery set claimed_until = now() + $2::double precision * interval '1 millisecond'
            where id = any($1::bigint[])`,
          [rows.map((r) => r.id), leaseMs],
        )
      }
      return rows
    })
  }

  async function send(row: DueRow): Promise<void> {
    const started = new Date()
    const attempt = row.attempts + 1
    let statusCode: number | null = null
    let error: string | null = null
    const timeout = AbortSignal.timeout(timeoutMs)
    try {
      const headers: Record<string, string> = { ...row.headers, 'Content-Type': 'application/json' }
      if (row.signing_key) headers[SIGNATURE_HEADER] = await signWebhook(row.body, row.signing_key)
      // Redirects are not followed: a 3xx is the endpoint's answer (and cannot lead to another address).
      statusCode = await poster.post(row.url, headers, row.body, AbortSignal.any([abort.signal, timeout]))
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`
    } catch (err) {
      if (stopped) return
      // Worded, never the network library's message: that names the host and port tried, and so would map
      // what answers where.
      error = timeout.aborted ? `timed out after ${timeoutMs} ms` : failureText(err)
    }
    if (stopped) return
    const durationMs = Date.now() - started.getTime()
    const delivered = error === null
    const failed = !delivered && attempt >= maxAttempts
    const delay = retryDelay(attempt, retryBaseMs, retryMaxMs)
    await store.transaction(async (tx) => {
      await tx.query(
        `insert into outbound_attempt (delivery_id, attempt, started_at, duration_ms, status_code, error)
         values ($1, $2, $3, $4, $5, $6)`,
        [row.id, attempt, started.toISOString(), durationMs, statusCode, error],
      )
      await tx.query(
        `update outbound_delivery
            set attempts = $2, claimed_until = null, last_status_code = $3, last_error = $4,
                status = $5,
                delivered_at = case when $5 = 'delivered' then now() else null end,
                next_attempt_at = case when $5 = 'pending'
                  then now() + $6::double precision * interval '1 millisecond' else next_attempt_at end
          where id = $1`,
        [row.id, attempt, statusCode, error, delivered ? 'delivered' : failed ? 'failed' : 'pending', delay],
      )
    })
    if (!delivered) {
      const context = { deliveryId: row.id, companyId: row.company_id, url: row.url, attempt, error }
      if (failed) log?.warn(context, 'outbound delivery failed; no attempts left')
      else log?.info({ ...context, retryInMs: delay }, 'outbound delivery attempt failed; will retry')
    }
  }

  /**
   * Milliseconds until the next row can be claimed (its retry is due and no older row of its order key is
   * pending), or undefined when no row is pending. Measured on the database's clock.
   */
  async function nextDue(): Promise<number | undefined> {
    const { rows } = await store.query<{ ms: number | null }>(
      `select (extract(epoch from min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at)))
                - now()) * 1000)::float8 as ms
         from outbound_delivery d
        where d.status = 'pending'
          and not exists (select 1 from outbound_delivery p
                           where p.order_key = d.order_key and p.status = 'pending' and p.id < d.id)`,
    )
    const ms = rows[0]?.ms
    return ms === null || ms === undefined ? undefined : Math.max(0, ms)
  }

  async function pass(): Promise<void> {
    // More work left behind (a full batch of events) means another pass right away.
    if (options.beforeSend && (await options.beforeSend())) self.wake()
    const free = concurrency - inflight.size
    if (free <= 0 || stopped) return
    for (const row of await claim(free)) {
      if (stopped) return
      const p = send(row)
        .catch((err: unknown) => {
          if (!stopped) log?.error({ err, deliveryId: row.id }, 'recording an outbound delivery failed')
        })
        .finally(() => {
          inflight.delete(row.id)
          self.wake()
        })
      inflight.set(row.id, p)
    }
  }

  const loop = (async () => {
    // The embedded database belongs to this process alone: claims of an earlier run are void.
    if (store.kind === 'pglite') {
      await store
        .query(`update outbound_delivery set claimed_until = null where claimed_until is not null`)
        .catch((err: unknown) => log?.error({ err }, 'releasing delivery claims failed'))
    }
    const unlisten = await listenForWork(store, QUEUE_CHANNELS.outbound, self.wake).catch((err: unknown) => {
      log?.error({ err }, 'listening for outbound deliveries failed; looking at the queue every minute')
      return async () => {}
    })
    while (!stopped) {
      // A failed pass (the database briefly unreachable) is tried again after the first retry delay.
      let due: number | undefined = retryBaseMs
      try {
        await pass()
        if (!stopped) due = await nextDue()
      } catch (err) {
        if (!stopped) log?.error({ err }, 'outbound delivery pass failed')
      }
      if (stopped) break
      // Sleeps until woken (a new row, a POST finished) or the next retry is due; no polling in between.
      await sleeper.sleep(sleepFor(store, due))
      // Writes come in bursts (a scan batch writes several rows per document): the events of the next
      // GATHER_MS join one pass instead of a pass of five queries each.
      if (!stopped) await gather()
    }
    await unlisten()
  })()

  workers.add(self)
  return {
    wake: self.wake,
    async stop() {
      stopped = true
      workers.delete(self)
      abort.abort()
      sleeper.wake()
      await loop
      await Promise.allSettled(inflight.values())
      poster.close()
    },
  }
}

// ---- the delivery log ----

/**
 * Queues a failed delivery again (after the integrator fixed the endpoint): one more attempt now,
 * in its place in the order. Answers false when the company has no such failed delivery.
 */
export async function redeliver(
  sql: Sql,
  q: { companyId: number; deliveryId: number; eventplanId?: number },
): Promise<boolean> {
  const { rows } = await sql.query(
    `update outbound_delivery set status = 'pending', next_attempt_at = now(), claimed_until = null
      where company_id = $1 and id = $2 and status = 'failed' and ($3::int is null or eventplan_id = $3)
      returning id`,
    [q.companyId, q.deliveryId, q.eventplanId ?? null],
  )
  if (rows.length) notifyDeliveries()
  return rows.length > 0
}

export interface DeliveryLogQuery {
  companyId: number
  deliveryId?: number
  eventplanId?: number
  kind?: DeliveryKind
  status?: DeliveryStatus
  /** Newest first; default 100, at most 1000. */
  top?: number
  skip?: number
}

interface LogRow {
  id: number
  kind: string
  url: string
  eventplan_id: number | null
  subscriber_id: number | null
  message_id: string
  event_type: string | null
  entity_name: string | null
  entity_id: number | null
  status: string
  attempts: number
  next_attempt_at: string
  last_status_code: number | null
  last_error: string | null
  created_at: string
  delivered_at: string | null
  attempt_log:
    | {
        Attempt: number
        StartedAt: string
        DurationMs: number
        StatusCode: number | null
        Error: string | null
      }[]
    | null
}

const statusName: Record<string, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' }

/** Deliveries of a company with their attempts, newest first, in the API's PascalCase shape. */
export async function listDeliveries(sql: Sql, q: DeliveryLogQuery): Promise<Record<string, unknown>[]> {
  const where = ['d.company_id = $1']
  const params: unknown[] = [q.companyId]
  if (q.deliveryId !== undefined) {
    params.push(q.deliveryId)
    where.push(`d.id = $${params.length}`)
  }
  if (q.eventplanId !== undefined) {
    params.push(q.eventplanId)
    where.push(`d.eventplan_id = $${params.length}`)
  }
  if (q.kind) {
    params.push(q.kind)
    where.push(`d.kind = $${params.length}`)
  }
  if (q.status) {
    params.push(q.status)
    where.push(`d.status = $${params.length}`)
  }
  params.push(Math.min(Math.max(q.top ?? 100, 0), 1000), Math.max(q.skip ?? 0, 0))
  const { rows } = await sql.query<LogRow>(
    `select d.id, d.kind, d.url, d.eventplan_id, d.subscriber_id, d.message_id, d.event_type, d.entity_name,
            d.entity_id, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_error,
            d.created_at, d.delivered_at,
            (select json_agg(json_build_object('Attempt', a.attempt, 'StartedAt', a.started_at,
                      'DurationMs', a.duration_ms, 'StatusCode', a.status_code, 'Error', a.error)
                    order by a.attempt)
               from outbound_attempt a where a.delivery_id = d.id) as attempt_log
       from outbound_delivery d
      where ${where.join(' and ')}
      order by d.id desc
      limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  return rows.map((r) => ({
    ID: r.id,
    Kind: r.kind,
    EventplanID: r.eventplan_id,
    EventSubscriberID: r.subscriber_id,
    Endpoint: r.url,
    MessageID: r.message_id,
    EventType: r.event_type,
    EntityName: r.entity_name,
    EntityID: r.entity_id,
    Status: statusName[r.status] ?? r.status,
    Attempts: r.attempts,
    NextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    LastStatusCode: r.last_status_code,
    LastError: r.last_error,
    CreatedAt: r.created_at,
    DeliveredAt: r.delivered_at,
    AttemptLog: (r.attempt_log ?? []).map((a) => ({
      ...a,
      StartedAt: new Date(a.StartedAt).toISOString(),
    })),
  }))
}
