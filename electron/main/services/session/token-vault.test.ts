import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import { createFileKeySecretStore } from '../../node/secret-store.ts'
import type { KeyValueStore, SecretStore } from '../../ports.ts'
import { createTokenVault, type StoredSession } from './token-vault.ts'

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  }
}

/** safeStorage as Electron exposes it per backend; only the sealing is imitated (Electron is not loaded in tests). */
function safeStorageLike(backend: string): SecretStore {
  return {
    backend,
    encrypt: async (p) => `safe:${Buffer.from(p).reverse().toString('base64')}`,
    decrypt: async (c) => Buffer.from(c.slice(5), 'base64').reverse().toString(),
  }
}

const session: StoredSession = {
  environmentId: 'local-sandbox',
  accessToken: 'eyJ.access.token',
  expiresAt: 1_900_000_000_000,
  refreshToken: 'refresh-token-secret',
  idToken: 'eyJ.id.token',
  apiBaseUrl: 'http://127.0.0.1:4100/',
  subject: 'f1e2d3c4-0000-4000-8000-000000000001',
  user: {
    GlobalIdentity: 'f1e2d3c4-0000-4000-8000-000000000001',
    DisplayName: 'Anne Accountant',
    Email: 'anne.accountant@demo.test',
    UserName: 'anne.accountant@demo.test',
  },
}

/** A new vault on the same storage: what the next start of the app finds. */
async function afterRestart(secrets: SecretStore, store: KeyValueStore, platform: NodeJS.Platform) {
  return createTokenVault({ secrets, store, platform, log: memoryLogger() }).load(session.environmentId)
}

describe('the token vault', () => {
  const strong: [string, NodeJS.Platform][] = [
    ['safeStorage:gnome_libsecret', 'linux'],
    ['safeStorage:kwallet5', 'linux'],
    ['safeStorage:kwallet6', 'linux'],
    ['safeStorage:keychain', 'darwin'],
    ['safeStorage:dpapi', 'win32'],
  ]
  for (const [backend, platform] of strong) {
    it(`keeps the refresh token encrypted across restarts with ${backend}`, async () => {
      const store = memoryStore()
      const secrets = safeStorageLike(backend)
      const vault = createTokenVault({ secrets, store, platform, log: memoryLogger() })
      await vault.save(session)
      expect(vault.info()).toEqual({ backend, weakBackend: false, refreshTokens: 'encrypted' })
      const stored = JSON.stringify([...store.data.values()])
      expect(stored).not.toContain('refresh-token-secret')
      expect(stored).not.toContain('eyJ.access.token')
      expect(await afterRestart(secrets, store, platform)).toEqual(session)
    })
  }

  for (const backend of ['safeStorage:basic_text', 'safeStorage:unknown']) {
    it(`keeps the refresh token in memory only with ${backend} on Linux, until the user opts in`, async () => {
      const store = memoryStore()
      const secrets = safeStorageLike(backend)
      const vault = createTokenVault({ secrets, store, platform: 'linux', log: memoryLogger() })
      await vault.save(session)
      expect(vault.info()).toEqual({ backend, weakBackend: true, refreshTokens: 'memory' })
      expect((await vault.load(session.environmentId))?.refreshToken).toBe('refresh-token-secret')
      const restarted = await afterRestart(secrets, store, 'linux')
      expect(restarted?.refreshToken).toBeUndefined()
      expect(restarted?.accessToken).toBe(session.accessToken)

      expect(await vault.setPersistOnWeakBackend(true)).toMatchObject({ refreshTokens: 'weak-opted-in' })
      expect((await afterRestart(secrets, store, 'linux'))?.refreshToken).toBe('refresh-token-secret')

      await vault.setPersistOnWeakBackend(false)
      expect((await afterRestart(secrets, store, 'linux'))?.refreshToken).toBeUndefined()
    })
  }

  it('keeps the refresh token with the browser mode key file (AES-GCM), which is not a safeStorage backend', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vault-'))
    const secrets = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    const store = memoryStore()
    const vault = createTokenVault({ secrets, store, platform: 'linux', log: memoryLogger() })
    await vault.save(session)
    expect(vault.info()).toEqual({
      backend: 'aes-256-gcm-keyfile',
      weakBackend: false,
      refreshTokens: 'encrypted',
    })
    expect(JSON.stringify([...store.data.values()])).not.toContain('refresh-token-secret')
    const again = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    expect(await afterRestart(again, store, 'linux')).toEqual(session)
  })

  it('discards an entry it cannot decrypt (another key) instead of failing', async () => {
    const store = memoryStore()
    const a = await createFileKeySecretStore({
      dataDir: mkdtempSync(join(tmpdir(), 'vault-')),
      log: memoryLogger(),
    })
    const b = await createFileKeySecretStore({
      dataDir: mkdtempSync(join(tmpdir(), 'vault-')),
      log: memoryLogger(),
    })
    await createTokenVault({ secrets: a, store, platform: 'linux', log: memoryLogger() }).save(session)
    expect(await afterRestart(b, store, 'linux')).toBeUndefined()
    expect(store.data.size).toBe(0)
  })

  it('forgets everything on clear', async () => {
    const store = memoryStore()
    const vault = createTokenVault({
      secrets: safeStorageLike('safeStorage:dpapi'),
      store,
      platform: 'win32',
      log: memoryLogger(),
    })
    await vault.save(session)
    await vault.clear(session.environmentId)
    expect(await vault.load(session.environmentId)).toBeUndefined()
    expect(store.data.size).toBe(0)
  })
})
