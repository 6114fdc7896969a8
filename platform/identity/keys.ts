// The identity server's signing keys (RS256) and cookie keys, generated on first start and kept in the
// identity data directory so tokens and sessions stay valid across restarts.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'

export interface IdentityKeys {
  /** Private signing keys (JWK) for oidc-provider's `jwks`. */
  jwks: { keys: JWK[] }
  cookieKeys: string[]
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const

export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: JWK = { ...key }
      for (const m of PRIVATE_MEMBERS) delete copy[m]
      return copy
    }),
  }
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(value, null, 2), { mode: 0o600 })
  await rename(tmp, path)
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }
}

export async function loadOrCreateKeys(dir: string): Promise<IdentityKeys> {
  await mkdir(dir, { recursive: true })
  const jwksPath = join(dir, 'jwks.json')
  const cookiePath = join(dir, 'cookie-keys.json')
  let jwks = await readJson<{ keys: JWK[] }>(jwksPath)
  if (!jwks?.keys?.length) {
    jwks = { keys: [await newSigningKey()] }
    await writeJson(jwksPath, jwks)
  }
  let cookieKeys = await readJson<string[]>(cookiePath)
  if (!cookieKeys?.length) {
    cookieKeys = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]
    await writeJson(cookiePath, cookieKeys)
  }
  return { jwks, cookieKeys }
}
