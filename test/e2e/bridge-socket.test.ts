// The browser-mode bridge socket accepts only this host's pages presenting this run's secret, and
// answers calls with typed results.
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WireServerMessage } from '../../common/bridge/wire.ts'
import { useApp } from './support.ts'

const app = useApp({ chromium: false })

const secret = () => new URL(app.host.url).searchParams.get('session')!
const socketUrl = (session: string) =>
  `ws://127.0.0.1:${app.host.port}/bridge?session=${encodeURIComponent(session)}`

/** Resolves with the handshake's HTTP status: 101 when the socket opened, else the refusal status. */
function handshake(session: string, origin: string): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(session), { origin })
    ws.once('open', () => resolve({ status: 101, ws }))
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 })
      ws.terminate()
    })
    ws.once('error', (error) => reject(error))
  })
}

function call(ws: WebSocket, id: number, name: string, args: unknown[]): Promise<WireServerMessage> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as WireServerMessage
      if (message.type === 'result' && message.id === id) {
        ws.off('message', onMessage)
        resolve(message)
      }
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ type: 'call', id, name, args }))
  })
}

describe('the browser-mode bridge socket', () => {
  it('accepts its own origin with the right secret and answers calls', async () => {
    const { status, ws } = await handshake(secret(), app.host.origin)
    expect(status).toBe(101)
    const about = await call(ws!, 1, 'app.about', [])
    expect(about).toMatchObject({
      type: 'result',
      id: 1,
      result: { ok: true, value: { mode: 'browser', dataDir: app.dataDir } },
    })
    ws!.close()
  })

  it('refuses a wrong secret', async () => {
    const wrong = secret().slice(0, -1) + (secret().endsWith('A') ? 'B' : 'A')
    expect((await handshake(wrong, app.host.origin)).status).toBe(403)
    expect((await handshake('', app.host.origin)).status).toBe(403)
  })

  it('refuses a page from a foreign origin even with the right secret', async () => {
    expect((await handshake(secret(), 'http://evil.example')).status).toBe(403)
    expect((await handshake(secret(), `http://localhost:${app.host.port}`)).status).toBe(403)
  })

  it('answers unknown calls and bad arguments with typed errors', async () => {
    const { ws } = await handshake(secret(), app.host.origin)
    const unknown = await call(ws!, 7, 'app.selfDestruct', [])
    expect(unknown).toMatchObject({ result: { ok: false, error: { code: 'BRIDGE_UNKNOWN_CALL' } } })
    const bad = await call(ws!, 8, 'shell.openExternal', ['file:///etc/passwd'])
    expect(bad).toMatchObject({ result: { ok: false, error: { code: 'BRIDGE_INVALID_ARGUMENTS' } } })
    ws!.close()
  })

  it('asks the page to open external links, since the host has no browser of its own', async () => {
    const { ws } = await handshake(secret(), app.host.origin)
    const event = new Promise<WireServerMessage>((resolve) =>
      ws!.on('message', (data) => {
        const message = JSON.parse(data.toString()) as WireServerMessage
        if (message.type === 'event') resolve(message)
      }),
    )
    const result = await call(ws!, 9, 'shell.openExternal', ['https://ledgerdesk.example/help'])
    expect(result).toMatchObject({ result: { ok: true } })
    expect(await event).toEqual({
      type: 'event',
      name: 'shell.openUrlRequested',
      payload: { url: 'https://ledgerdesk.example/help' },
    })
    ws!.close()
  })
})
