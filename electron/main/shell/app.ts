// The Electron app's life: one instance, the app:// scheme, the sign-in URL scheme, the services with
// Electron's ports, the bridge over IPC, and the main window.
import { join, resolve, sep } from 'node:path'
import { app, BrowserWindow, session } from 'electron'
import { createDispatcher } from '../bridge/dispatcher.ts'
import { originOf } from '../bridge/sender.ts'
import { consoleLogger } from '../logger.ts'
import { createServices } from '../services/index.ts'
import { contentSecurityPolicy } from '../static-files.ts'
import { windowStateFileName } from '../window-state.ts'
import { emitToWindows, registerBridge } from './ipc.ts'
import { createElectronPorts } from './ports.ts'
import { appOrigin, registerAppScheme, serveRenderer } from './protocol.ts'
import { createMainWindow } from './window.ts'

/** The private-use scheme the identity server redirects to after sign-in (RFC 8252 section 7.1). */
export const signInScheme = 'no.ledgerdesk.app'

const log = consoleLogger
const outDir = resolve(import.meta.dirname, '..')

export function runElectronApp(): void {
  registerAppScheme()
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  registerSignInScheme()

  let mainWindow: BrowserWindow | undefined
  app.on('second-instance', (_event, argv) => {
    const link = argv.find((arg) => arg.startsWith(`${signInScheme}:`))
    if (link) receiveSignInRedirect(link)
    if (mainWindow && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.focus()
    }
  })
  app.on('open-url', (event, url) => {
    event.preventDefault()
    receiveSignInRedirect(url)
  })

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault())
  })

  // Dev (electron-vite dev) serves the renderer from Vite; a build serves it from out/renderer via app://.
  const devUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined
  const devOrigin = devUrl ? originOf(devUrl) : undefined
  const allowedOrigins = devOrigin ? [appOrigin, devOrigin] : [appOrigin]

  app
    .whenReady()
    .then(async () => {
      const dataDir = app.getPath('userData')
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
        callback(permission === 'clipboard-sanitized-write'),
      )
      serveRenderer(join(outDir, 'renderer'), contentSecurityPolicy(), log)
      const { handlers } = createServices({
        about: {
          appName: app.getName(),
          appVersion: app.getVersion(),
          mode: 'electron',
          versions: process.versions,
          platform: process.platform,
          arch: process.arch,
          dataDir,
          systemLocale: () => app.getLocale(),
        },
        dataDir,
        ports: createElectronPorts(),
        emit: emitToWindows,
        log,
      })
      registerBridge(createDispatcher(handlers, log), allowedOrigins, log)

      const open = async () => {
        mainWindow = await createMainWindow({
          preload: join(outDir, 'preload/index.cjs'),
          url: devUrl ?? `${appOrigin}/index.html`,
          allowedOrigins,
          stateFile: join(dataDir, windowStateFileName),
          icon: unpacked(join(outDir, '../resources/icon.png')),
          log,
        })
      }
      await open()
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) void open()
      })
    })
    .catch((error: unknown) => {
      log.error('Ledgerdesk could not start', { error })
      app.exit(1)
    })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}

/** Native APIs cannot read inside app.asar; electron-builder unpacks resources/ next to it. */
function unpacked(path: string): string {
  return path.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`)
}

function registerSignInScheme() {
  // Unpackaged (electron .), the OS must start Electron with this app's path for the link to reach it.
  const ok =
    process.defaultApp && process.argv[1]
      ? app.setAsDefaultProtocolClient(signInScheme, process.execPath, [resolve(process.argv[1])])
      : app.setAsDefaultProtocolClient(signInScheme)
  if (!ok) log.warn(`Could not register ${signInScheme}: links for signing in will not reach Ledgerdesk`)
}

function receiveSignInRedirect(url: string) {
  // The sign-in flow consumes these; until it is listening, note the arrival without the query (it
  // carries the authorization code).
  log.info('sign-in redirect received', { path: url.split('?')[0] })
}
