// Identity accounts: the people who can sign in, across all companies. A person is a member of a
// company when that company has an active User row with the account's GlobalIdentity.
import { randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import type { Sql } from '../db/store.ts'

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>
const SCRYPT = { N: 16384, r: 8, p: 1 }

export interface IdentityAccount {
  global_identity: string
  email: string
  password_hash: string | null
  display_name: string
  phone_number: string | null
  /** Failed sign-ins in a row, and when the last was (identity/sign-in.ts). */
  failed_logins: number
  last_failed_login: string | null
  /** Sign-in is refused until then (after too many failed sign-ins). */
  locked_until: string | null
  is_license_admin: boolean
  last_login: string | null
}

export interface AccountCompany {
  ID: number
  Key: string
  Name: string
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, 32, SCRYPT)
  return `scrypt$${SCRYPT.N}$${salt.toString('base64')}$${hash.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false
  const [scheme, n, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    ...SCRYPT,
    N: Number(n),
  })
  return timingSafeEqual(actual, expected)
}

export async function createAccount(
  sql: Sql,
  input: {
    email: string
    password?: string
    displayName?: string
    isLicenseAdmin?: boolean
    globalIdentity?: string
  },
): Promise<IdentityAccount> {
  const gid = input.globalIdentity ?? randomUUID()
  const hash = input.password ? await hashPassword(input.password) : null
  const { rows } = await sql.query<IdentityAccount>(
    `insert into identity_account (global_identity, email, password_hash, display_name, is_license_admin)
     values ($1, $2, $3, $4, $5) returning *`,
    [gid, input.email.trim(), hash, input.displayName ?? input.email, input.isLicenseAdmin ?? false],
  )
  return rows[0]!
}

export async function setPassword(sql: Sql, globalIdentity: string, password: string): Promise<void> {
  await sql.query(
    'update identity_account set password_hash = $2, failed_logins = 0 where global_identity = $1',
    [globalIdentity, await hashPassword(password)],
  )
}

export async function findAccountByEmail(sql: Sql, email: string): Promise<IdentityAccount | undefined> {
  const { rows } = await sql.query<IdentityAccount>(
    'select * from identity_account where lower(email) = lower($1)',
    [email.trim()],
  )
  return rows[0]
}

export async function findAccount(sql: Sql, globalIdentity: string): Promise<IdentityAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(globalIdentity)) return undefined
  const { rows } = await sql.query<IdentityAccount>(
    'select * from identity_account where global_identity = $1',
    [globalIdentity],
  )
  return rows[0]
}

/** Companies the person may open: an active, not deleted User row with their GlobalIdentity. */
export async function companiesOf(sql: Sql, globalIdentity: string): Promise<AccountCompany[]> {
  const { rows } = await sql.query<AccountCompany>(
    `select c."ID", c."Key", c."Name" from "Company" c
       join "User" u on u."CompanyID" = c."ID"
      where u."GlobalIdentity" = $1 and u."Deleted" = false and u."StatusCode" = 110001 and c."Deleted" = false
      order by c."Name"`,
    [globalIdentity],
  )
  return rows
}
