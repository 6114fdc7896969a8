// The page's side of the browser-mode host, for node tests against the real host: the bridge socket (calls
// with ids, and the events that arrived), an upload to one of the host's upload endpoints as the page sends
// it, and signing a demo user in through the identity server's real login pages.
import { request, type IncomingMessage } from 'node:http'
import WebSocket from 'ws'
import type { SessionState } from '../../../common/bridge/contract.ts'
import type { WireServerMessage } from '../../../common/bridge/wire.ts'
import type { WebHost } from '../../../electron/web/host.ts'
import { DEMO_PASSWORD } from '../../../platform/seed/demo-constants.ts'
import { completeLogin } from '../desktop/login-browser.ts'

const MB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function until<T>(
  what: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 30_000,
) {
  const end = Date.now() + ms
  for (;;) {
    const v = await what()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await sleep(50)
  }
}

export const secretOf = (host: WebHost) => new URL(host.url).searchParams.get('session')!

export type BridgeClient = ReturnType<typeof bridgeClient>

/** The page's side of the bridge socket: calls with ids, and the events that arrived. */
export function bridgeClient(ws: WebSocket) {
  let nextId = 1
  const events: { name: string; payload: unknown }[] = []
  const answers = new Map<number, (m: WireServerMessage) => void>()
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as WireServerMessage
    if (m.type === 'event') events.push({ name: m.name, payload: m.payload })
    else answers.get(m.id)?.(m)
  })
  return {
    events,
    call(name: string, ...args: unknown[]) {
      const id = nextId++
      return new Promise<WireServerMessage & { type: 'result' }>((resolve) => {
        answers.set(id, (m) => resolve(m as WireServerMessage & { type: 'result' }))
        ws.send(JSON.stringify({ type: 'call', id, name, args }))
      })
    },
    async value<T>(name: string, ...args: unknown[]): Promise<T> {
      const { result } = await this.call(name, ...args)
      if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
      return result.value as T
    },
    event: (name: string, match: (p: unknown) => boolean = () => true) =>
      until(() => events.find((e) => e.name === name && match(e.payload))?.payload),
  }
}

export function openSocket(host: WebHost): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?session=${secretOf(host)}`, {
      origin: host.origin,
    })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

/** Signs a demo user in to an environment over the bridge and waits until the session says so. */
export async function signIn(
  bridge: BridgeClient,
  environmentId: string,
  user: { email: string },
  companyKey: string,
): Promise<SessionState & { status: 'signedIn' }> {
  const before = bridge.events.length
  await bridge.value('session.signIn', environmentId)
  const opened = (await until(
    () => bridge.events.slice(before).find((e) => e.name === 'shell.openUrlRequested')?.payload,
  )) as { url: string }
  await completeLogin(opened.url, { email: user.email, password: DEMO_PASSWORD, companyKey })
  return (await until(
    () =>
      bridge.events
        .slice(before)
        .find((e) => e.name === 'session.changed' && (e.payload as SessionState).status === 'signedIn')
        ?.payload,
  )) as SessionState & { status: 'signedIn' }
}

export interface UploadAnswer {
  status: number
  body: { token?: string; name?: string; size?: number; code?: string; message?: string }
}

/**
 * A POST to one of the host's upload endpoints as the page sends it; `body` is written in 1 MB pieces.
 * With `declare` the request announces that length and sends no body (a refusal must come before any byte).
 */
export function upload(
  host: WebHost,
  body: Uint8Array | null,
  {
    path = '/scan/drop',
    company,
    name = 'faktura.pdf',
    session = secretOf(host) as string | null,
    origin = host.origin,
    declare,
  }: {
    path?: string
    company: string
    name?: string
    session?: string | null
    origin?: string
    declare?: number
  },
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      Origin: origin,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(declare ?? body?.length ?? 0),
    }
    if (session !== null) headers['X-Ledgerdesk-Session'] = session
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path: `${path}?company=${encodeURIComponent(company)}&name=${encodeURIComponent(name)}`,
        headers,
      },
      (res: IncomingMessage) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => {
          let parsed: UploadAnswer['body'] = { message: text }
          try {
            parsed = JSON.parse(text) as UploadAnswer['body']
          } catch {
            // A plain-text answer (not an upload endpoint's): kept as the message.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed })
          req.destroy()
        })
      },
    )
    req.on('error', reject)
    if (declare !== undefined || !body) {
      req.flushHeaders()
      return
    }
    for (let at = 0; at < body.length; at += MB) req.write(body.subarray(at, at + MB))
    req.end()
  })
}
