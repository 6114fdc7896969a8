// The main window: sandboxed, isolated, no Node; navigation away from the app and new windows are
// refused, http(s) links go to the system browser. Size and position are remembered.
import { BrowserWindow, screen, shell } from 'electron'
import type { Logger } from '../logger.ts'
import { isAllowedSender } from '../bridge/sender.ts'
import {
  fitsADisplay,
  loadWindowState,
  saveWindowState,
  saveWindowStateSync,
  type WindowState,
} from '../window-state.ts'

const isHttp = (url: string) => /^https?:\/\//i.test(url)

export interface MainWindowOptions {
  preload: string
  url: string
  allowedOrigins: readonly string[]
  stateFile: string
  icon?: string
  log: Logger
}

export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await loadWindowState(options.stateFile)
  const restore =
    saved &&
    fitsADisplay(
      saved,
      screen.getAllDisplays().map((d) => d.workArea),
    )
      ? saved
      : undefined
  const win = new BrowserWindow({
    width: restore?.width ?? 1280,
    height: restore?.height ?? 820,
    ...(restore ? { x: restore.x, y: restore.y } : {}),
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Ledgerdesk',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  })
  if (restore?.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())

  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttp(url)) void openInBrowser(url, options.log)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (event, url) => {
    if (isAllowedSender(url, options.allowedOrigins)) return
    event.preventDefault()
    if (isHttp(url)) void openInBrowser(url, options.log)
  })

  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const current = (): WindowState => ({ ...win.getNormalBounds(), maximized: win.isMaximized() })
  const rememberSoon = () => {
    clearTimeout(saveTimer)
    saveTimer = setTimeout(() => {
      if (win.isDestroyed()) return
      saveWindowState(options.stateFile, current()).catch((error: unknown) =>
        options.log.warn('window: could not save its size and position', { error }),
      )
    }, 500)
  }
  win.on('resized', rememberSoon)
  win.on('moved', rememberSoon)
  win.on('maximize', rememberSoon)
  win.on('unmaximize', rememberSoon)
  win.on('close', () => {
    clearTimeout(saveTimer)
    try {
      saveWindowStateSync(options.stateFile, current())
    } catch (error) {
      options.log.warn('window: could not save its size and position', { error })
    }
  })

  await win.loadURL(options.url)
  return win
}

async function openInBrowser(url: string, log: Logger) {
  try {
    await shell.openExternal(url)
  } catch (error) {
    log.warn('window: could not open a link in the system browser', { url, error })
  }
}
