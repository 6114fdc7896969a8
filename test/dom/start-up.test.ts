import { afterEach, describe, expect, it, vi } from 'vitest'
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { waitForElement } from './mount-shell.ts'
import { createTestBridge } from './test-bridge.ts'

// The transport is the one part replaced: each test decides how connecting goes.
const transport = vi.hoisted(() => ({ connect: async (): Promise<void> => {} }))
vi.mock('@renderer/bridge/connect', () => ({ connectBridge: () => transport.connect() }))

// main.ts runs on import, as in the page: each test gives it a fresh module graph and its own #app.
async function startApp(connectBridge: () => Promise<void>) {
  transport.connect = connectBridge
  vi.resetModules()
  document.body.innerHTML = '<div id="app"></div>'
  await import('@renderer/main')
}

/** The bridge of the app a test started: signed out after it, so the workspace's sync stops with it. */
let started: ReturnType<typeof createTestBridge> | undefined

afterEach(async () => {
  // The app main.ts mounted keeps its stores (and the sync engine a signed-in session starts) until the
  // session ends: sign out and unmount before happy-dom goes, so nothing renders after the file's end.
  started?.emit('session.changed', { status: 'signedOut', reason: null })
  started = undefined
  const container = document.querySelector('#app') as (Element & { __vue_app__?: { unmount(): void } }) | null
  container?.__vue_app__?.unmount()
  await new Promise((resolve) => setTimeout(resolve, 100))
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('start-up', () => {
  it('mounts the shell in the saved language once the bridge is connected', async () => {
    const test = createTestBridge({ preferences: { locale: 'nb' } })
    started = test
    await startApp(async () => {
      // As the real connectBridge does, into the fresh module graph main.ts runs in.
      const { installBridge } = await import('@renderer/bridge')
      installBridge(test.bridge)
    })
    const inbox = await waitForElement('[data-testid="nav-inbox"]')
    expect(inbox.textContent).toContain('Innboks')
    expect(test.calls.map((call) => call.name)).toContain('app.getPreferences')
  })

  it('shows a plain page in both languages when main cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await startApp(async () => {
      throw new BridgeError(BridgeErrorCode.NoSession, 'No session secret in the address')
    })
    const page = await waitForElement('#app [data-testid="boot-error"]')
    expect(page.textContent).toContain('Ledgerdesk could not reach its background service')
    expect(page.textContent).toContain('Ledgerdesk fikk ikke kontakt med bakgrunnstjenesten')
    expect(page.textContent).toContain('BRIDGE_NO_SESSION: No session secret in the address')
    expect(document.querySelector('nav')).toBeNull()
    expect(logged).toHaveBeenCalledWith(
      'The bridge to the main process could not be connected',
      expect.any(BridgeError),
    )
  })
})
