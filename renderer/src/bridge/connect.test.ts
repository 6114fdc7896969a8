import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PreloadApi } from '@common/bridge/ipc'
import { connectBridge } from './connect.ts'
import { useBridge } from './index.ts'
import { fakePreload } from './testing.ts'

afterEach(() => {
  delete (window as { ledgerdesk?: PreloadApi }).ledgerdesk
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

class OpeningSocket {
  static last: OpeningSocket | undefined
  onopen: (() => void) | null = null
  onclose: (() => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  constructor(readonly url: string) {
    OpeningSocket.last = this
    queueMicrotask(() => this.onopen?.())
  }
  send() {}
  close() {
    this.onclose?.()
  }
}

describe('connectBridge', () => {
  it('installs the IPC transport inside Electron', async () => {
    Object.defineProperty(window, 'ledgerdesk', { value: fakePreload(), configurable: true })
    await connectBridge()
    expect(useBridge().transport).toBe('ipc')
    expect((await useBridge().call('app.about')).mode).toBe('electron')
  })

  it('in browser mode connects to /bridge on the page’s host with the session secret', async () => {
    vi.stubGlobal('WebSocket', OpeningSocket)
    window.history.replaceState(null, '', '/?session=k3y%2B1#/about')
    await connectBridge()
    expect(useBridge().transport).toBe('websocket')
    expect(OpeningSocket.last!.url).toBe(`ws://${window.location.host}/bridge?session=k3y%2B1`)
    expect(window.location.search).toBe('')
  })

  it('opens the links main asks for in a new tab, without giving it this page', async () => {
    vi.stubGlobal('WebSocket', OpeningSocket)
    const open = vi.fn()
    vi.stubGlobal('open', open)
    window.history.replaceState(null, '', '/?session=abc')
    await connectBridge()
    OpeningSocket.last!.onmessage!({
      data: JSON.stringify({
        type: 'event',
        name: 'shell.openUrlRequested',
        payload: { url: 'https://ledgerdesk.example/' },
      }),
    })
    expect(open).toHaveBeenCalledWith('https://ledgerdesk.example/', '_blank', 'noopener,noreferrer')
  })

  it('fails with BRIDGE_NO_SESSION outside Electron when the page has no session secret', async () => {
    await expect(connectBridge()).rejects.toMatchObject({ code: 'BRIDGE_NO_SESSION' })
  })
})
