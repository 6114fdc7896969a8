// Tenancy (spec 5, field notes "Auth and tenancy"): every /api/biz, /api/statistics and /api/elsa
// call carries a bearer token and acts for one company: the `CompanyKey` header (any casing), else
// the token's company claim. The caller must be an active user of that company; an unknown key gets
// the same 403 as a foreign one, so keys of other companies cannot be probed.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UserStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'

export interface TokenClaims {
  sub: string
  companyKey?: string
  clientId: string
  scope: string
  exp: number
}

export type VerifyToken = (token: string) => Promise<TokenClaims>

export interface Tenant {
  companyId: number
  companyKey: string
  /** User.ID of the caller in this company. */
  userId: number
  globalIdentity: string
  clientId: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for /api/biz, /api/statistics, /api/elsa. */
    tenant?: Tenant
    /** Set for every route that needs a token (also /api/init). */
    claims?: TokenClaims
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TENANT_PREFIXES = ['/api/biz/', '/api/statistics', '/api/elsa/']
const TOKEN_PREFIXES = [...TENANT_PREFIXES, '/api/init/']

function startsWithAny(url: string, prefixes: readonly string[]): boolean {
  const path = url.toLowerCase()
  return prefixes.some((p) => path.startsWith(p) || `${path}/` === p)
}

export async function authenticate(request: FastifyRequest, verify: VerifyToken): Promise<TokenClaims> {
  const header = request.headers.authorization
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  if (!m)
    throw new PlatformError(
      'UNAUTHORIZED',
      'Authorization required: send an access token as "Authorization: Bearer <token>"',
    )
  try {
    return await verify(m[1]!)
  } catch (err) {
    if (err instanceof PlatformError) throw err
    throw new PlatformError('UNAUTHORIZED', 'The access token is invalid or has expired')
  }
}

export async function resolveTenant(
  sql: Sql,
  claims: TokenClaims,
  headerKey: string | undefined,
): Promise<Tenant> {
  const key = (headerKey ?? claims.companyKey ?? '').trim()
  if (!key)
    throw new PlatformError(
      'BAD_REQUEST',
      'No company selected: send the CompanyKey header (a Key from /api/init/companies)',
    )
  const refused = new PlatformError('FORBIDDEN', 'You do not have access to this company')
  if (!GUID.test(key) || !GUID.test(claims.sub ?? '')) throw refused
  const { rows } = await sql.query<{ CompanyID: number; Key: string; UserID: number }>(
    `select c."ID" as "CompanyID", c."Key", u."ID" as "UserID"
       from "Company" c
       join "User" u on u."CompanyID" = c."ID" and u."GlobalIdentity" = $2 and u."Deleted" = false and u."StatusCode" = $3
      where c."Key" = $1 and c."Deleted" = false
      limit 1`,
    [key.toLowerCase(), claims.sub, UserStatus.Active],
  )
  const row = rows[0]
  if (!row) throw refused
  return {
    companyId: row.CompanyID,
    companyKey: row.Key,
    userId: row.UserID,
    globalIdentity: claims.sub,
    clientId: claims.clientId,
  }
}

/**
 * Successful tenant resolutions, kept briefly so a read costs no membership query. Refusals are never
 * kept (a new member gets in at once); the write routes clear the cache after every committed write,
 * and the time limit bounds what writes outside them (another process on a shared database) can leave.
 */
export interface TenantCache {
  get(sub: string, key: string): Tenant | undefined
  set(sub: string, key: string, tenant: Tenant): void
  clear(): void
}

export function createTenantCache(ttlMs = 10_000, maxEntries = 10_000): TenantCache {
  const entries = new Map<string, { tenant: Tenant; until: number }>()
  return {
    get(sub, key) {
      const e = entries.get(`${sub}|${key.toLowerCase()}`)
      if (!e) return undefined
      if (e.until < Date.now()) {
        entries.delete(`${sub}|${key.toLowerCase()}`)
        return undefined
      }
      return e.tenant
    },
    set(sub, key, tenant) {
      if (entries.size >= maxEntries) entries.clear()
      entries.set(`${sub}|${key.toLowerCase()}`, { tenant, until: Date.now() + ttlMs })
    },
    clear() {
      entries.clear()
    },
  }
}

/** The auth hook: token on every API route that needs one, tenant on the company-scoped ones. */
export function registerTenancy(
  app: FastifyInstance,
  sql: Sql,
  verify: VerifyToken,
  cache: TenantCache,
): void {
  app.addHook('onRequest', async (request) => {
    const url = request.url
    if (!startsWithAny(url, TOKEN_PREFIXES)) return
    const claims = await authenticate(request, verify)
    request.claims = claims
    if (!startsWithAny(url, TENANT_PREFIXES)) return
    const raw = request.headers.companykey
    const headerKey = Array.isArray(raw) ? raw[0] : raw
    const key = (headerKey || claims.companyKey || '').trim()
    const cached = key ? cache.get(claims.sub, key) : undefined
    if (cached && cached.clientId === claims.clientId) {
      request.tenant = cached
      return
    }
    request.tenant = await resolveTenant(sql, claims, headerKey || undefined)
    cache.set(claims.sub, key, request.tenant)
  })
}
