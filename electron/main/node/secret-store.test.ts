import { mkdtemp, rm, stat, chmod, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { memoryLogger } from '../logger.ts'
import { createFileKeySecretStore, secretKeyFileName } from './secret-store.ts'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-secrets-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('the AES-256-GCM key-file secret store', () => {
  it('round-trips a secret, and a second store on the same folder reads it', async () => {
    const store = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    const sealed = await store.encrypt('refresh-token-æøå-🔑')
    expect(sealed).not.toContain('refresh-token')
    expect(await store.decrypt(sealed)).toBe('refresh-token-æøå-🔑')
    const again = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    expect(await again.decrypt(sealed)).toBe('refresh-token-æøå-🔑')
    expect(store.backend).toBe('aes-256-gcm-keyfile')
  })

  it('uses a fresh nonce, so the same secret never seals to the same text', async () => {
    const store = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    expect(await store.encrypt('same')).not.toBe(await store.encrypt('same'))
  })

  it('detects tampering with any byte, and text sealed under another key', async () => {
    const store = await createFileKeySecretStore({ dataDir, log: memoryLogger() })
    const sealed = await store.encrypt('token')
    const bytes = Buffer.from(sealed.slice(3), 'base64')
    for (const index of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes)
      altered[index]! ^= 0x01
      await expect(store.decrypt(`v1:${altered.toString('base64')}`)).rejects.toMatchObject({
        code: 'SECRET_UNREADABLE',
      })
    }
    await expect(store.decrypt('v1:AAAA')).rejects.toMatchObject({ code: 'SECRET_UNREADABLE' })
    await expect(store.decrypt('plain text')).rejects.toMatchObject({ code: 'SECRET_UNREADABLE' })

    const otherDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-secrets-other-'))
    const other = await createFileKeySecretStore({ dataDir: otherDir, log: memoryLogger() })
    await expect(other.decrypt(sealed)).rejects.toMatchObject({ code: 'SECRET_UNREADABLE' })
    await rm(otherDir, { recursive: true, force: true })
  })

  it.skipIf(process.platform === 'win32')(
    'keeps its key file readable by the owner only (0600)',
    async () => {
      await createFileKeySecretStore({ dataDir, log: memoryLogger() })
      const file = join(dataDir, secretKeyFileName)
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect((await stat(file)).size).toBe(32)

      await chmod(file, 0o644)
      const log = memoryLogger()
      await createFileKeySecretStore({ dataDir, log })
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect(log.entries.map((e) => e.level)).toEqual(['warn'])
    },
  )

  it('refuses a damaged key file instead of replacing it (that would lose every secret)', async () => {
    await writeFile(join(dataDir, secretKeyFileName), 'short', { mode: 0o600 })
    await expect(createFileKeySecretStore({ dataDir, log: memoryLogger() })).rejects.toMatchObject({
      code: 'SECRET_UNREADABLE',
    })
  })
})
