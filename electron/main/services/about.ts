import type { AboutInfo } from '../../../common/bridge/contract.ts'

export interface AboutDeps {
  appName: string
  appVersion: string
  mode: AboutInfo['mode']
  /** process.versions of the process running the services (Electron adds electron and chrome). */
  versions: NodeJS.ProcessVersions & { electron?: string; chrome?: string }
  platform: string
  arch: string
  dataDir: string
  /** The system's locale as the host sees it (Electron: app.getLocale()). */
  systemLocale: () => string
}

export function createAboutService(deps: AboutDeps) {
  return {
    about(): AboutInfo {
      return {
        appName: deps.appName,
        appVersion: deps.appVersion,
        mode: deps.mode,
        electronVersion: deps.versions.electron ?? null,
        chromeVersion: deps.versions.chrome ?? null,
        nodeVersion: deps.versions.node,
        platform: deps.platform,
        arch: deps.arch,
        dataDir: deps.dataDir,
        locale: deps.systemLocale(),
      }
    },
  }
}
