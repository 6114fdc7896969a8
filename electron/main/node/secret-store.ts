// Browser mode's secret encryption: AES-256-GCM with a random key kept in a file only the owner may
// read (0600) in the data folder. Weaker than the OS keychain behind Electron's safeStorage (anyone who
// can read the data folder as this user can decrypt), which is why `backend` names it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { BridgeError } from '../../../common/bridge/contract.ts'
import type { Logger } from '../logger.ts'
import type { SecretStore } from '../ports.ts'

export const secretKeyFileName = 'secret-store.key'
export const SecretErrorCode = { Unreadable: 'SECRET_UNREADABLE' } as const

const version = 'v1'
const ivBytes = 12
const tagBytes = 16

export async function createFileKeySecretStore(deps: { dataDir: string; log: Logger }): Promise<SecretStore> {
  const key = await loadOrCreateKey(join(deps.dataDir, secretKeyFileName), deps.log)
  return {
    backend: 'aes-256-gcm-keyfile',
    async encrypt(plain) {
      const iv = randomBytes(ivBytes)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
    },
    async decrypt(sealed) {
      const [v, data] = sealed.split(':', 2)
      const bytes = v === version && data ? Buffer.from(data, 'base64') : Buffer.alloc(0)
      if (bytes.length < ivBytes + tagBytes) {
        throw new BridgeError(
          SecretErrorCode.Unreadable,
          'The stored secret is not in a format Ledgerdesk wrote',
        )
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes))
        decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes))
        return Buffer.concat([
          decipher.update(bytes.subarray(ivBytes + tagBytes)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        // GCM's tag check: the data was altered, or it was sealed with another key file.
        throw new BridgeError(
          SecretErrorCode.Unreadable,
          'The stored secret was altered or belongs to another key',
        )
      }
    },
  }
}

async function loadOrCreateKey(file: string, log: Logger): Promise<Buffer> {
  await mkdir(join(file, '..'), { recursive: true })
  try {
    // 'wx': create only if absent, so two processes starting at once cannot overwrite each other's key.
    const handle = await open(file, 'wx', 0o600)
    const key = randomBytes(32)
    try {
      await handle.writeFile(key)
    } finally {
      await handle.close()
    }
    return key
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = await readFile(file)
  if (key.length !== 32) {
    throw new BridgeError(SecretErrorCode.Unreadable, `The key file ${file} is damaged (expected 32 bytes)`)
  }
  if (process.platform !== 'win32') {
    const mode = (await stat(file)).mode & 0o777
    if (mode !== 0o600) {
      log.warn('secrets: the key file was readable by others; restricting it to its owner', {
        file,
        mode: mode.toString(8),
      })
      await chmod(file, 0o600)
    }
  }
  return key
}
