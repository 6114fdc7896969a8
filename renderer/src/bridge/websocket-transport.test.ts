import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BridgeError } from '@common/bridge/contract'
import { createWebSocketBridge, type WebSocketBridge } from './websocket-transport.ts'

/** A socket the test drives: it opens, answers and drops when the test says so. */
class FakeSocket {
  static all: FakeSocket[] = []
  onopen: (() => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  sent: Record<string, unknown>[] = []
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>)
  }
  close() {
    this.onclose?.({ code: 1000 })
  }
  open() {
    this.onopen?.()
  }
  drop(code = 1006) {
    this.onclose?.({ code })
  }
  reply(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!
let bridge: WebSocketBridge

beforeEach(() => {
  vi.useFakeTimers()
  FakeSocket.all = []
  bridge = createWebSocketBridge({
    url: 'ws://127.0.0.1:4300/bridge?session=s3cret',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    callTimeoutMs: 5_000,
  })
})
afterEach(() => {
  bridge.close()
  vi.useRealTimers()
})

async function connected() {
  latest().open()
  await bridge.ready
}

describe('the WebSocket bridge', () => {
  it('connects to the given URL and reports its state', async () => {
    expect(bridge.transport).toBe('websocket')
    expect(bridge.state.value).toBe('connecting')
    expect(latest().url).toBe('ws://127.0.0.1:4300/bridge?session=s3cret')
    await connected()
    expect(bridge.state.value).toBe('connected')
  })

  it('sends calls with ids and resolves each with its own answer', async () => {
    await connected()
    const prefs = bridge.call('app.getPreferences')
    const set = bridge.call('app.setPreferences', { locale: 'nb' })
    expect(latest().sent).toEqual([
      { type: 'call', id: 1, name: 'app.getPreferences', args: [] },
      { type: 'call', id: 2, name: 'app.setPreferences', args: [{ locale: 'nb' }] },
    ])
    latest().reply({ type: 'result', id: 2, result: { ok: true, value: { locale: 'nb' } } })
    latest().reply({ type: 'result', id: 1, result: { ok: true, value: { locale: null } } })
    expect(await prefs).toEqual({ locale: null })
    expect(await set).toEqual({ locale: 'nb' })
  })

  it('rejects with a BridgeError carrying the code, message and details main sent', async () => {
    await connected()
    const call = bridge.call('shell.openExternal', 'ftp://x')
    latest().reply({
      type: 'result',
      id: 1,
      result: {
        ok: false,
        error: { code: 'BRIDGE_INVALID_ARGUMENTS', message: 'Invalid arguments', details: { issues: [] } },
      },
    })
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error).toMatchObject({
      code: 'BRIDGE_INVALID_ARGUMENTS',
      message: 'Invalid arguments',
      details: { issues: [] },
    })
  })

  it('times out a call that gets no answer', async () => {
    await connected()
    const call = bridge.call('app.about').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await call).toMatchObject({ code: 'BRIDGE_TIMEOUT' })
  })

  it('fails pending and new calls with BRIDGE_DISCONNECTED when the socket drops, then reconnects with backoff', async () => {
    await connected()
    const pending = bridge.call('app.about').catch((e: unknown) => e)
    latest().drop()
    expect(await pending).toMatchObject({ code: 'BRIDGE_DISCONNECTED' })
    expect(bridge.state.value).toBe('disconnected')
    await expect(bridge.call('app.about')).rejects.toMatchObject({ code: 'BRIDGE_DISCONNECTED' })

    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(250)
    expect(FakeSocket.all).toHaveLength(2)
    expect(bridge.state.value).toBe('connecting')
    latest().drop()
    await vi.advanceTimersByTimeAsync(499)
    expect(FakeSocket.all).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeSocket.all).toHaveLength(3)
    latest().open()
    expect(bridge.state.value).toBe('connected')
    expect(latest().url).toBe('ws://127.0.0.1:4300/bridge?session=s3cret')
  })

  it('delivers contract events to listeners until they stop listening', async () => {
    await connected()
    const seen: unknown[] = []
    const stop = bridge.on('app.preferencesChanged', (payload) => seen.push(payload))
    latest().reply({ type: 'event', name: 'app.preferencesChanged', payload: { locale: 'en' } })
    latest().reply({ type: 'event', name: 'not.inTheContract', payload: {} })
    stop()
    latest().reply({ type: 'event', name: 'app.preferencesChanged', payload: { locale: 'nb' } })
    expect(seen).toEqual([{ locale: 'en' }])
  })

  it('rejects `ready` when the first connection fails', async () => {
    latest().drop()
    await expect(bridge.ready).rejects.toMatchObject({ code: 'BRIDGE_DISCONNECTED' })
  })

  it('refuses to send a call over 1 MiB, with a clear error, and keeps the socket and other calls', async () => {
    await connected()
    const pending = bridge.call('app.getPreferences')
    const big = bridge.call('journal.uploadDocument', 'company', {
      name: 'kvittering.pdf',
      data: 'A'.repeat(2 * 1024 * 1024),
    } as never)
    await expect(big).rejects.toMatchObject({
      code: 'BRIDGE_MESSAGE_TOO_LARGE',
      message: expect.stringMatching(/journal\.uploadDocument .*2\.0 MB.*1 MB/),
    })
    expect(latest().sent.map((m) => m.name)).toEqual(['app.getPreferences'])
    latest().reply({ type: 'result', id: 1, result: { ok: true, value: { locale: null } } })
    expect(await pending).toEqual({ locale: null })
    expect(bridge.state.value).toBe('connected')
  })

  it('tells pending calls that the host refused a message too large when it closes with 1009', async () => {
    await connected()
    const pending = bridge.call('app.getPreferences')
    latest().drop(1009)
    await expect(pending).rejects.toMatchObject({
      code: 'BRIDGE_MESSAGE_TOO_LARGE',
      message: expect.stringMatching(/larger than 1 MB/),
    })
  })
})
