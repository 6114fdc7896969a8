// The Electron app's life: one instance, the app:// scheme, the sign-in URL scheme, the services with
// Electron's ports, the bridge over IPC, and the main window.
import { join, resolve, sep } from 'node:path'
import { app, BrowserWindow, shell } from 'electron'
import { createDispatcher } from '../bridge/dispatcher.ts'
import { originOf } from '../bridge/sender.ts'
import { consoleLogger } from '../logger.ts'
import { createServices } from '../services/index.ts'
import { installLinuxUrlHandler } from '../node/linux-url-handler.ts'
import { findSchemeUrlInArgv, signInScheme } from '../services/session/redirect.ts'
import { contentSecurityPolicy } from '../static-files.ts'
import { windowStateFileName } from '../window-state.ts'
import { emitToWindows, registerBridge } from './ipc.ts'
import { lockDownPermissions } from './permissions.ts'
import { createElectronPorts } from './ports.ts'
import { appOrigin, registerAppScheme, serveRenderer } from './protocol.ts'
import { createMainWindow } from './window.ts'

const log = consoleLogger
const outDir = resolve(import.meta.dirname, '..')

/** `--data-dir DIR` (or `--data-dir=DIR`) runs the app on a prepared data folder (a scan station, a test). */
export function dataDirFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--data-dir' && argv[i + 1]) return resolve(argv[i + 1]!)
    if (arg.startsWith('--data-dir=')) return resolve(arg.slice('--data-dir='.length))
  }
  return undefined
}

export function runElectronApp(): void {
  const dataDirArg = dataDirFromArgv(process.argv.slice(1))
  if (dataDirArg) app.setPath('userData', dataDirArg)
  registerAppScheme()
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  const schemeRegistered = registerSignInScheme()
  // Redirects can arrive before the services exist (open-url fires before ready on macOS; on Windows
  // and Linux the first launch may carry one in argv); they wait here for the sign-in flow.
  let receiveRedirect: ((url: string) => boolean) | undefined
  const early: string[] = []
  const receiveSignInRedirect = (url: string) => {
    if (receiveRedirect) {
      if (!receiveRedirect(url)) log.warn('sign-in redirect ignored: no sign-in is waiting for it')
    } else early.push(url)
  }
  const firstLaunchLink = findSchemeUrlInArgv(process.argv.slice(1))
  if (firstLaunchLink) receiveSignInRedirect(firstLaunchLink)

  let mainWindow: BrowserWindow | undefined
  let services: ReturnType<typeof createServices> | undefined
  app.on('second-instance', (_event, argv) => {
    const link = findSchemeUrlInArgv(argv)
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
      lockDownPermissions()
      serveRenderer(join(outDir, 'renderer'), contentSecurityPolicy(), log)
      services = createServices({
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
        ports: createElectronPorts({ platformEntry: join(outDir, 'main/platform.js') }),
        emit: emitToWindows,
        log,
        redirectMode: () => (schemeRegistered() ? 'scheme' : 'loopback'),
        reveal: (path) => shell.showItemInFolder(path),
      })
      void services
        .start()
        .catch((error: unknown) => log.error('the scan station could not start', { error }))
      receiveRedirect = services.session.receiveRedirect
      for (const url of early.splice(0)) receiveSignInRedirect(url)
      registerBridge(createDispatcher(services.handlers, log), allowedOrigins, log)

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

  // The Local sandbox's platform process stops with the app.
  let disposed = false
  app.on('will-quit', (event) => {
    if (disposed || !services) return
    event.preventDefault()
    disposed = true
    void services
      .dispose()
      .catch((error: unknown) => log.warn('the local platform did not stop cleanly', { error }))
      .finally(() => app.quit())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}

/** Native APIs cannot read inside app.asar; electron-builder unpacks resources/ next to it. */
function unpacked(path: string): string {
  return path.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`)
}

/** Registers the sign-in scheme; answers whether links on it reach this app (else loopback is used). */
function registerSignInScheme(): () => boolean {
  // Unpackaged (electron .), the OS must start Electron with this app's path for the link to reach it.
  const args = process.defaultApp && process.argv[1] ? [resolve(process.argv[1])] : []
  let ok = args.length
    ? app.setAsDefaultProtocolClient(signInScheme, process.execPath, args)
    : app.setAsDefaultProtocolClient(signInScheme)
  if (process.platform === 'linux' && !app.isDefaultProtocolClient(signInScheme, process.execPath, args)) {
    // Electron's registration needs the app's own .desktop file, which an AppImage or unpacked build
    // lacks: install a user-level URL handler instead.
    ok = false
    installLinuxUrlHandler({
      scheme: signInScheme,
      execPath: process.env.APPIMAGE ?? process.execPath,
      args,
    }).then(
      (file) => {
        ok = true
        log.info('registered the sign-in scheme with a user-level URL handler', { file })
      },
      (error: unknown) =>
        log.warn(`Could not register ${signInScheme}: signing in uses a loopback address instead`, { error }),
    )
  } else if (!ok) {
    log.warn(`Could not register ${signInScheme}: signing in uses a loopback address instead`)
  }
  return () => ok
}
