// The page's side of the browser-mode host, for node tests against the real host: the bridge socket (calls
// with ids, and the events that arrived), an upload to one of the host's upload endpoints as the page sends
// it, and signing a demo user in through the identity server's real login pages.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import WebSocket from 'ws'
import type { SessionState } from '../../../common/bridge/contract.ts'
import type { WireServerMessage } from '../../../common/bridge/wire.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'
import { startWebHost, type WebHost } from '../../../electron/web/host.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
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

export interface SignedInHost {
  readonly platform: TestPlatform
  readonly host: WebHost
  /** The page's bridge socket, Anne signed in over it. */
  readonly bridge: BridgeClient
  /** The host's data folder. */
  readonly dataDir: string
  /** The environment of the local platform, as the page added it. */
  readonly environmentId: string
}

/**
 * A test file's host in browser mode over its own local platform, with Anne signed in to Nordlys through
 * the page's bridge: started before the file's first test (`name` names its temporary folder), closed and
 * removed after its last.
 */
export function useSignedInHost(name: string): SignedInHost {
  let started: SignedInHost | undefined
  let platform: TestPlatform | undefined
  let host: WebHost | undefined
  let dir: string | undefined
  beforeAll(async () => {
    platform = await startTestPlatform({ seed: 'demo' })
    dir = await mkdtemp(join(tmpdir(), `ledgerdesk-${name}-`))
    const dataDir = join(dir, 'data')
    await mkdir(join(dir, 'renderer'), { recursive: true })
    await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><title>Ledgerdesk</title>')
    host = await startWebHost({ port: 0, dataDir, rendererDir: join(dir, 'renderer'), log: memoryLogger() })
    const bridge = bridgeClient(await openSocket(host))
    const env = await bridge.value<{ id: string }>('environments.add', {
      name: 'Local test',
      url: platform.urls.base,
      clientId: 'ledgerdesk-desktop',
    })
    await signIn(bridge, env.id, DEMO_USERS.anne, DEMO_COMPANIES.nordlys.key)
    started = { platform, host, bridge, dataDir, environmentId: env.id }
  }, 120_000)
  afterAll(async () => {
    await host?.close()
    await platform?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  const ready = (): SignedInHost => {
    if (!started) throw new Error('the host is read before the file started it')
    return started
  }
  return {
    get platform() {
      return ready().platform
    },
    get host() {
      return ready().host
    },
    get bridge() {
      return ready().bridge
    },
    get dataDir() {
      return ready().dataDir
    },
    get environmentId() {
      return ready().environmentId
    },
  }
}
