// A webhook endpoint for tests: a node http server on 127.0.0.1 that records every POST with its raw
// body and headers, answers with a status the test chooses, and can be taken down and brought back
// on the same port (an integrator's endpoint that is down for a while).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedHook {
  path: string
  headers: IncomingHttpHeaders
  /** The raw body exactly as received (what the signature covers). */
  raw: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelope fields directly
  body: any
}

export interface Receiver {
  url: string
  /** Requests answered with 2xx (delivered). */
  received: ReceivedHook[]
  /** Every request, whatever it was answered. */
  all: ReceivedHook[]
  /** Status for the n-th request (1-based, counting every request), default 200; 0 never answers. */
  respond: (n: number, hook: ReceivedHook) => number
  /** Resolves once `count` requests matching `where` arrived; rejects after `timeoutMs`. */
  waitFor(count: number, where?: (h: ReceivedHook) => boolean, timeoutMs?: number): Promise<ReceivedHook[]>
  /** Stops listening (connections refused) until start() brings it back on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

/** The endpoint, not listening yet: start() opens it on a free port. */
export function createReceiver(): Receiver {
  let server: Server | undefined
  let port = 0
  let requests = 0
  const waiters = new Set<() => void>()
  const r: Receiver = {
    url: '',
    received: [],
    all: [],
    respond: () => 200,
    async waitFor(count, where = () => true, timeoutMs = 10_000) {
      const matching = () => r.received.filter(where)
      if (matching().length >= count) return matching()
      return new Promise<ReceivedHook[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(`expected ${count} webhook(s), received ${matching().length} after ${timeoutMs} ms`),
          )
        }, timeoutMs)
        const check = () => {
          if (matching().length < count) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(matching())
        }
        waiters.add(check)
      })
    },
    async stop() {
      const s = server
      server = undefined
      if (!s) return
      s.closeAllConnections()
      await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    async start() {
      const s = createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          let body: unknown = raw
          try {
            body = JSON.parse(raw)
          } catch {
            // keep the text
          }
          const hook: ReceivedHook = { path: req.url ?? '/', headers: req.headers, raw, body }
          requests++
          r.all.push(hook)
          const status = r.respond(requests, hook)
          // An endpoint that hangs: the request stays open until the caller gives up.
          if (status === 0) return
          res.statusCode = status
          if (res.statusCode >= 200 && res.statusCode < 300) r.received.push(hook)
          res.end()
          for (const w of [...waiters]) w()
        })
      })
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject)
        s.listen(port, '127.0.0.1', () => resolve())
      })
      port = (s.address() as AddressInfo).port
      r.url = `http://127.0.0.1:${port}/hooks`
      server = s
    },
    close: () => r.stop(),
  }
  return r
}

export async function startReceiver(): Promise<Receiver> {
  const r = createReceiver()
  await r.start()
  return r
}
