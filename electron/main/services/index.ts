// Wires the services to the bridge's call names. Electron main and the browser-mode host both build
// their handlers here, each with its own ports.
import type { Handlers } from '../bridge/dispatcher.ts'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'
import type { Ports } from '../ports.ts'
import { createAboutService, type AboutDeps } from './about.ts'
import { createPreferencesService } from './preferences.ts'
import { createShellService } from './shell.ts'

export interface ServiceDeps {
  about: AboutDeps
  dataDir: string
  ports: Ports
  emit: EmitEvent
  log: Logger
}

export function createServices(deps: ServiceDeps) {
  const about = createAboutService(deps.about)
  const preferences = createPreferencesService({ dataDir: deps.dataDir, emit: deps.emit, log: deps.log })
  const shell = createShellService({ external: deps.ports.external })
  const handlers: Handlers = {
    'app.about': () => about.about(),
    'app.getPreferences': () => preferences.get(),
    'app.setPreferences': (change) => preferences.set(change),
    'shell.openExternal': (url) => shell.openExternal(url),
  }
  return { handlers, about, preferences, shell }
}
