// Electron's BrowserWindow, screen and shell are the only things replaced here.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryLogger } from '../logger.ts'
import { saveWindowState } from '../window-state.ts'

type Listener = (...args: unknown[]) => unknown
const created: FakeWindow[] = []
const opened: string[] = []

class FakeWindow {
  readonly listeners = new Map<string, Listener>()
  readonly contentListeners = new Map<string, Listener>()
  openHandler?: (details: { url: string }) => { action: string }
  readonly webContents = {
    setWindowOpenHandler: (fn: never) => (this.openHandler = fn),
    on: (name: string, fn: Listener) => this.contentListeners.set(name, fn),
  }
  constructor(readonly options: Record<string, unknown>) {
    created.push(this)
  }
  on(name: string, fn: Listener) {
    this.listeners.set(name, fn)
  }
  once(name: string, fn: Listener) {
    this.listeners.set(name, fn)
  }
  maximize() {}
  isDestroyed() {
    return false
  }
  async loadURL() {}
}

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: { openExternal: async (url: string) => void opened.push(url) },
}))

const { createMainWindow } = await import('./window.ts')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-window-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))
beforeEach(() => {
  created.length = 0
  opened.length = 0
})

const open = (stateFile = join(dir, 'none.json')) =>
  createMainWindow({
    preload: '/app/out/preload/index.cjs',
    url: 'app://ledgerdesk/index.html',
    allowedOrigins: ['app://ledgerdesk'],
    stateFile,
    log: memoryLogger(),
  })

describe('the main window', () => {
  it('runs the page sandboxed and isolated, without Node', async () => {
    await open()
    expect(created[0]!.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    })
  })

  it('blocks navigation away from the app and sends http(s) links to the system browser', async () => {
    await open()
    const navigate = created[0]!.contentListeners.get('will-navigate')!
    const attempt = (url: string) => {
      const event = { prevented: false, preventDefault: () => (event.prevented = true) }
      navigate(event, url)
      return event.prevented
    }
    expect(attempt('app://ledgerdesk/index.html#/inbox')).toBe(false)
    expect(attempt('https://evil.example/phish')).toBe(true)
    expect(attempt('file:///etc/passwd')).toBe(true)
    await Promise.resolve()
    expect(opened).toEqual(['https://evil.example/phish'])
  })

  it('denies every new window; http(s) targets open in the system browser instead', async () => {
    await open()
    const handler = created[0]!.openHandler!
    expect(handler({ url: 'https://ledgerdesk.example/help' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'app://ledgerdesk/index.html' })).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(opened).toEqual(['https://ledgerdesk.example/help'])
  })

  it('restores the remembered bounds only when they fit a current display', async () => {
    const fits = join(dir, 'fits.json')
    await saveWindowState(fits, { x: 100, y: 50, width: 1400, height: 900, maximized: false })
    await open(fits)
    expect(created[0]!.options).toMatchObject({ x: 100, y: 50, width: 1400, height: 900 })

    const offScreen = join(dir, 'off-screen.json')
    await saveWindowState(offScreen, { x: 2000, y: 50, width: 1400, height: 900, maximized: false })
    await open(offScreen)
    expect(created[1]!.options).not.toHaveProperty('x')
    expect(created[1]!.options).toMatchObject({ width: 1280, height: 820 })
  })
})
