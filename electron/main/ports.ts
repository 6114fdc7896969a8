// Capabilities only Electron has, as small interfaces. Services use these; the Electron layer
// (shell/) implements them with Electron's modules, and node/ implements them for browser mode and tests.
import type { AppNotification } from '../../common/bridge/contract.ts'

export interface SecretStore {
  /** Which mechanism protects secrets, e.g. `safeStorage:gnome_libsecret` or `aes-256-gcm-keyfile`. */
  readonly backend: string
  encrypt(plain: string): Promise<string>
  /** Fails with a typed error when the ciphertext was altered or made with another key. */
  decrypt(cipher: string): Promise<string>
}

export interface ExternalOpener {
  /** Opens an http(s) URL in the user's browser. */
  openExternal(url: string): Promise<void>
}

export interface Notifier {
  notify(notification: AppNotification): void
}

export interface FileFilter {
  name: string
  extensions: string[]
}

export interface FileDialogs {
  /** Absolute paths of the chosen files; empty when the user cancelled. */
  openFiles(options: { title?: string; filters?: FileFilter[]; multiple?: boolean }): Promise<string[]>
  /** The chosen folder's absolute path, or null when the user cancelled. */
  chooseFolder(options: { title?: string }): Promise<string | null>
}

export interface Ports {
  secrets: SecretStore
  external: ExternalOpener
  notifier: Notifier
  dialogs: FileDialogs
}
