// Where a signed-in session's tokens live: encrypted with the SecretStore port and kept in the
// key-value port, one entry per environment. On Linux, when safeStorage has only its `basic_text`
// fallback (or an unknown backend), the encryption protects nothing, so the refresh token stays in
// memory (the user signs in again after a restart) unless they opt in from Settings.
import { z } from 'zod'
import type { Logger } from '../../logger.ts'
import type { KeyValueStore, SecretStore } from '../../ports.ts'

export const StoredSession = z.object({
  environmentId: z.string(),
  accessToken: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
  refreshToken: z.string().optional(),
  idToken: z.string().optional(),
  apiBaseUrl: z.string(),
  /** GlobalIdentity of the signed-in person. */
  subject: z.string(),
  /** The company chosen at the identity server's company page, if any. */
  companyKey: z.string().optional(),
  user: z.object({
    GlobalIdentity: z.string(),
    DisplayName: z.string(),
    Email: z.string(),
    UserName: z.string(),
  }),
})
export type StoredSession = z.infer<typeof StoredSession>

export type RefreshTokenPersistence = 'encrypted' | 'memory' | 'weak-opted-in'

export interface VaultInfo {
  backend: string
  /** The backend does not really encrypt (Linux safeStorage basic_text or unknown). */
  weakBackend: boolean
  refreshTokens: RefreshTokenPersistence
}

const weakLinuxBackends = new Set(['safeStorage:basic_text', 'safeStorage:unknown'])
const optInKey = 'persistRefreshTokensOnWeakBackend'
const entryKey = (environmentId: string) => `session:${environmentId}`

export function isWeakBackend(backend: string, platform: NodeJS.Platform): boolean {
  return platform === 'linux' && weakLinuxBackends.has(backend)
}

export type TokenVault = ReturnType<typeof createTokenVault>

export function createTokenVault(deps: {
  secrets: SecretStore
  store: KeyValueStore
  platform?: NodeJS.Platform
  log: Logger
}) {
  const weak = isWeakBackend(deps.secrets.backend, deps.platform ?? process.platform)
  const memory = new Map<string, StoredSession>()
  /** Sessions held in memory whose last write failed: written again at the next read. */
  const unsaved = new Set<string>()
  const optedIn = () => deps.store.get(optInKey) === true
  const persistRefresh = () => !weak || optedIn()

  /** Writes follow one another in the order they were asked for, so the last one asked is the one kept. */
  let writing: Promise<unknown> = Promise.resolve()

  function persist(session: StoredSession): Promise<void> {
    const kept: StoredSession = persistRefresh() ? session : { ...session, refreshToken: undefined }
    const write = writing.then(async () => {
      deps.store.set(entryKey(session.environmentId), await deps.secrets.encrypt(JSON.stringify(kept)))
    })
    writing = write.catch(() => undefined)
    return write
  }

  return {
    info(): VaultInfo {
      return {
        backend: deps.secrets.backend,
        weakBackend: weak,
        refreshTokens: !weak ? 'encrypted' : optedIn() ? 'weak-opted-in' : 'memory',
      }
    },

    /**
     * Holds the session and writes it. A write that fails still leaves it held (a refreshed session's
     * tokens must not be lost because the system's key store refused once); the error is thrown, and the
     * next read writes it again.
     */
    async save(session: StoredSession): Promise<void> {
      memory.set(session.environmentId, session)
      try {
        await persist(session)
        unsaved.delete(session.environmentId)
      } catch (error) {
        unsaved.add(session.environmentId)
        throw error
      }
    },

    async load(environmentId: string): Promise<StoredSession | undefined> {
      const held = memory.get(environmentId)
      if (held && unsaved.has(environmentId)) {
        await persist(held).then(
          () => unsaved.delete(environmentId),
          (error: unknown) =>
            deps.log.warn('token vault: the session could still not be written; it is held in memory', {
              environmentId,
              error,
            }),
        )
      }
      if (held) return held
      const sealed = deps.store.get(entryKey(environmentId))
      if (typeof sealed !== 'string') return undefined
      try {
        const session = StoredSession.parse(JSON.parse(await deps.secrets.decrypt(sealed)))
        memory.set(environmentId, session)
        return session
      } catch (error) {
        // A vault entry this system cannot read (another key, another user account): sign in again.
        deps.log.warn('token vault: a stored session could not be read; it is discarded', {
          environmentId,
          error,
        })
        deps.store.delete(entryKey(environmentId))
        return undefined
      }
    },

    async clear(environmentId: string): Promise<void> {
      memory.delete(environmentId)
      unsaved.delete(environmentId)
      deps.store.delete(entryKey(environmentId))
    },

    /** The user's choice after the warning in Settings; re-stores what is held so it takes effect now. */
    async setPersistOnWeakBackend(persist_: boolean): Promise<VaultInfo> {
      deps.store.set(optInKey, persist_)
      for (const session of memory.values()) await persist(session)
      return this.info()
    },
  }
}
