// The identity server's signing keys (RS256) and cookie keys, generated on first start and kept in the
// identity data directory so tokens and sessions stay valid across restarts. On a PostgreSQL server they are
// kept in the database (identity_key) instead, so every process on it signs and checks with the same keys:
// the first process to start stores its keys (those of its data directory when it has any, so tokens it
// issued before stay valid) and every later one takes them from there.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Sql } from '../db/store.ts'

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

/** Stores `value` under `name` unless a value is there already; answers the stored one. */
async function shared<T>(sql: Sql, name: string, value: T): Promise<T> {
  await sql.query(
    'insert into identity_key (name, value) values ($1, $2::jsonb) on conflict (name) do nothing',
    [name, JSON.stringify(value)],
  )
  const { rows } = await sql.query<{ value: unknown }>('select value from identity_key where name = $1', [
    name,
  ])
  const raw = rows[0]!.value
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as T
}

export async function loadOrCreateKeys(dir: string, database?: Sql): Promise<IdentityKeys> {
  const own = await keysOfDirectory(dir)
  if (!database) return own
  return {
    jwks: await shared(database, 'jwks', own.jwks),
    cookieKeys: await shared(database, 'cookie-keys', own.cookieKeys),
  }
}

async function keysOfDirectory(dir: string): Promise<IdentityKeys> {
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
