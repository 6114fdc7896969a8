// The ports implemented with Electron: the OS keychain through safeStorage, the system browser,
// native notifications and dialogs.
import { BrowserWindow, dialog, Notification, safeStorage, shell } from 'electron'
import { BridgeError } from '../../../common/bridge/contract.ts'
import type { Ports, SecretStore } from '../ports.ts'
import { SecretErrorCode } from '../node/secret-store.ts'

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

export function createElectronPorts(): Ports {
  const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  return {
    secrets: safeStorageSecrets(),
    external: {
      async openExternal(url) {
        await shell.openExternal(url)
      },
    },
    notifier: {
      notify({ title, body }) {
        if (Notification.isSupported()) new Notification({ title, body }).show()
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
  }
}
