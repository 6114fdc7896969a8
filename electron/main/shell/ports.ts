// The ports implemented with Electron: the OS keychain through safeStorage, the system browser,
// native notifications and dialogs.
import { createInterface } from 'node:readline'
import { BrowserWindow, dialog, net, Notification, safeStorage, shell, utilityProcess } from 'electron'
import ElectronStore from 'electron-store'
import { BridgeError } from '../../../common/bridge/contract.ts'
import {
  PLATFORM_PROCESS_ENV,
  type KeyValueStore,
  type PlatformProcess,
  type Ports,
  type SecretStore,
} from '../ports.ts'
import { SecretErrorCode } from '../node/secret-store.ts'
import { createNetFetch } from './net-fetch.ts'
import { taggedNotifier } from './tagged-notices.ts'

function safeStorageSecrets(): SecretStore {
  const backend =
    process.platform === 'linux'
      ? `safeStorage:${safeStorage.getSelectedStorageBackend()}`
      : process.platform === 'darwin'
        ? 'safeStorage:keychain'
        : 'safeStorage:dpapi'
  const ensureAvailable = () => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new BridgeError(
        'SECRET_STORAGE_UNAVAILABLE',
        'The system keychain is not available to Ledgerdesk',
      )
    }
  }
  return {
    backend,
    async encrypt(plain) {
      ensureAvailable()
      return `safe:${safeStorage.encryptString(plain).toString('base64')}`
    },
    async decrypt(sealed) {
      ensureAvailable()
      if (!sealed.startsWith('safe:')) {
        throw new BridgeError(
          SecretErrorCode.Unreadable,
          'The stored secret is not in a format Ledgerdesk wrote',
        )
      }
      try {
        return safeStorage.decryptString(Buffer.from(sealed.slice('safe:'.length), 'base64'))
      } catch {
        throw new BridgeError(
          SecretErrorCode.Unreadable,
          'The stored secret could not be decrypted by this system',
        )
      }
    },
  }
}

function electronStores(): (name: string) => KeyValueStore {
  const stores = new Map<string, ElectronStore<Record<string, unknown>>>()
  return (name) => {
    let store = stores.get(name)
    if (!store) {
      store = new ElectronStore<Record<string, unknown>>({ name, accessPropertiesByDotNotation: false })
      stores.set(name, store)
    }
    const s = store
    return {
      get: (key) => s.get(key),
      set: (key, value) => s.set(key, value),
      delete: (key) => s.delete(key),
    }
  }
}

/** The local platform in a utility process: out/main/platform.js is platform/cli.ts, built as its own entry. */
function utilityPlatformProcess(entry: string): PlatformProcess {
  return {
    start(args) {
      const child = utilityProcess.fork(entry, [...args], {
        stdio: 'pipe',
        serviceName: 'Ledgerdesk local platform',
        env: { ...process.env, ...PLATFORM_PROCESS_ENV },
      })
      const lineListeners: ((line: string) => void)[] = []
      const exitListeners: ((code: number | null) => void)[] = []
      for (const stream of [child.stdout, child.stderr]) {
        if (stream)
          createInterface({ input: stream }).on('line', (line) => lineListeners.forEach((l) => l(line)))
      }
      child.on('exit', (code) => exitListeners.forEach((l) => l(code)))
      return {
        onLine: (l) => void lineListeners.push(l),
        onExit: (l) => void exitListeners.push(l),
        kill: () => void child.kill(),
      }
    },
  }
}

export function createElectronPorts(options: { platformEntry: string }): Ports {
  // A tagged notification takes the place of the one of its tag still shown (one per company's scans).
  const notify = taggedNotifier((words) => new Notification(words))
  const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  return {
    secrets: safeStorageSecrets(),
    external: {
      async openExternal(url) {
        await shell.openExternal(url)
      },
    },
    notifier: {
      notify(notice) {
        if (Notification.isSupported()) notify(notice)
      },
    },
    dialogs: {
      async openFiles({ title, filters, multiple }) {
        const options: Electron.OpenDialogOptions = {
          properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
          ...(title ? { title } : {}),
          ...(filters ? { filters } : {}),
        }
        const win = parent()
        const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
        return result.canceled ? [] : result.filePaths
      },
      async chooseFolder({ title }) {
        const options: Electron.OpenDialogOptions = {
          properties: ['openDirectory'],
          ...(title ? { title } : {}),
        }
        const win = parent()
        const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
        return result.canceled ? null : (result.filePaths[0] ?? null)
      },
    },
    keyValue: electronStores(),
    // Chromium's network stack, so office proxies and their certificates apply (net-fetch.ts).
    fetch: createNetFetch({
      fetch: (input, init) => net.fetch(input, init),
      request: (options) => net.request(options),
    }),
    platformProcess: utilityPlatformProcess(options.platformEntry),
  }
}
