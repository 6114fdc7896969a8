// The ports for browser mode: a Node host has no browser window, system tray or native dialogs, so it
// asks the page (over bridge events) to open links and show notifications.
import { BridgeError, BridgeErrorCode } from '../../../common/bridge/contract.ts'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'
import type { ExternalOpener, FileDialogs, Notifier, Ports } from '../ports.ts'
import { createConfKeyValue } from './key-value.ts'
import { createChildPlatformProcess } from './platform-process.ts'
import { createFileKeySecretStore } from './secret-store.ts'

export function createEventExternalOpener(emit: EmitEvent): ExternalOpener {
  return {
    async openExternal(url) {
      emit('shell.openUrlRequested', { url })
    },
  }
}

export function createEventNotifier(emit: EmitEvent): Notifier {
  return { notify: (notification) => emit('app.notification', notification) }
}

const notInBrowser = (what: string) =>
  new BridgeError(
    BridgeErrorCode.NotAvailableInBrowserMode,
    `${what} is not available in browser mode; use the desktop app for it`,
  )

export const browserModeFileDialogs: FileDialogs = {
  openFiles: async () => {
    throw notInBrowser('Choosing files from disk')
  },
  chooseFolder: async () => {
    throw notInBrowser('Choosing a folder')
  },
}

export async function createNodePorts(deps: {
  dataDir: string
  emit: EmitEvent
  log: Logger
}): Promise<Ports> {
  return {
    secrets: await createFileKeySecretStore({ dataDir: deps.dataDir, log: deps.log }),
    external: createEventExternalOpener(deps.emit),
    notifier: createEventNotifier(deps.emit),
    dialogs: browserModeFileDialogs,
    keyValue: createConfKeyValue(deps.dataDir),
    fetch: (input, init) => fetch(input, init),
    platformProcess: createChildPlatformProcess(),
  }
}
