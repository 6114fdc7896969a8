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

/** A small persistent key-value store (electron-store in Electron, conf under Node), one per name. */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** HTTP for every platform call: Electron's net.fetch (system proxy settings), or Node's fetch. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** A running local platform process, as the sandbox launcher sees it. */
export interface PlatformChild {
  /** Every line the process writes to stdout, in order. */
  onLine(listener: (line: string) => void): void
  /** Called once when the process has ended, with its exit code (null when killed by a signal). */
  onExit(listener: (code: number | null) => void): void
  /** Asks the process to stop (SIGTERM or the utility process's kill). */
  kill(): void
}

/**
 * Environment of the local platform's process (and only of it). glibc gives every thread that allocates at
 * once an arena of its own and keeps what an arena freed: the platform's worker threads (the document reader
 * and its Tesseract workers, PGlite's file I/O) left their arenas behind after a burst. Two arenas, measured
 * with `npm run bench:platform` (20-document burst, same machine and load): idle resident memory after a first
 * start 364 -> 296 MB, after a restart 255 -> 242 MB, burst peak 712 -> 640 MB, 30 s after the burst
 * 610 -> 494 MB.
 * glibc also raises its threshold for serving an allocation from its own mappings as large blocks are freed,
 * so after a burst the document reader's page images were kept in the arenas rather than given back. A fixed
 * threshold of 128 kB (MALLOC_MMAP_THRESHOLD_, which also fixes the trim threshold) serves every larger block
 * from a mapping of its own that is returned when freed. Measured with `npm run bench:platform` (50-document
 * burst, demo seed, same machine): idle after a first start 250 -> 215 MB, after a restart 172 -> 151 MB,
 * burst peak 546 -> 512 MB, at the burst's end 498 -> 378 MB, 90 s after it 315 -> 188 MB (back under 350 MB
 * after 20 s instead of 60 s); the burst took 21 s instead of 20 s.
 * Both take effect only when set before the process starts, so the launcher sets them.
 */
export const PLATFORM_PROCESS_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
}

/** Starts the local platform (platform/cli.ts) as a separate process with the given CLI arguments. */
export interface PlatformProcess {
  start(args: readonly string[]): PlatformChild
}

export interface Ports {
  secrets: SecretStore
  external: ExternalOpener
  notifier: Notifier
  dialogs: FileDialogs
  keyValue(name: string): KeyValueStore
  fetch: Fetch
  platformProcess: PlatformProcess
}
