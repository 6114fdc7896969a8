// Password sign-in shared by the sign-in page, the password grant and the sign-up of an invitee who has an
// account. Guessing is throttled twice over, and nothing locks an account for ever:
// - per account: after 5 wrong passwords in a row each further attempt waits 1, 2, 4, 8, 16 seconds after
//   the last failure (refused before the password is looked at); the 10th locks the account for 15 minutes.
//   Once a lock has run out, one more wrong password locks it again; failures are forgotten after a
//   successful sign-in, 24 hours without one, or when a license administrator of the person's office lifts
//   the lock (`POST {license_admin_url}/api/users/{Id}/unlock`).
// - per client address (table sign_in_address, so every process on one database counts them together): after 20 failures, whatever accounts they named, each
//   further attempt from the address waits 1, 2, 4 ... seconds, at most 15 minutes; forgotten an hour after
//   its last failure. Higher than the account's: a bookkeeping office signs in from behind one address.
// A refresh of a signed-in session (the refresh_token grant) is never refused by any of this, so someone
// guessing a password cannot sign the person out.
import type { Sql, Store } from '../db/store.ts'
import { findAccountByEmail, verifyPassword, type IdentityAccount } from './accounts.ts'

export const ACCOUNT_BACKOFF_AFTER = 5
export const ACCOUNT_LOCK_AFTER = 10
export const ACCOUNT_LOCK_MS = 15 * 60_000
/** A run of failures older than this is forgotten. */
export const ACCOUNT_FORGET_MS = 24 * 60 * 60_000
export const ADDRESS_BACKOFF_AFTER = 20
export const ADDRESS_MAX_WAIT_MS = 15 * 60_000
export const ADDRESS_FORGET_MS = 60 * 60_000

export type SignInResult =
  | { ok: true; account: IdentityAccount }
  | { ok: false; reason: 'wrong' }
  /** Refused without looking at the password: too many failures just now (account or address). */
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  /** The account is locked until its lock runs out or an administrator lifts it. */
  | { ok: false; reason: 'locked'; retryAfterSeconds: number }

export interface SignInAttempt {
  username: string
  password: string
  /** The client's address as the connection shows it (the per-address back-off). */
  client?: string
}

export interface SignInGuard {
  /** Milliseconds since the epoch: the clock every wait and lock is measured on. */
  now(): number
  signIn(sql: Sql, attempt: SignInAttempt): Promise<SignInResult>
  /** Lifts the lock and forgets the account's failures (an administrator's decision). */
  unlock(sql: Sql, globalIdentity: string): Promise<void>
}

/** The wait after `failures` failures in a row from where back-off starts: 1 s, 2 s, 4 s, ... */
const backoffMs = (failures: number, from: number) => 1000 * 2 ** Math.max(0, failures - from)

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

interface AccountRow {
  failed_logins: number
  last_failed_login: string | null
  locked_until: string | null
}

const inTransaction = <T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> =>
  'transaction' in sql ? (sql as Store).transaction(fn) : fn(sql)

/** The throttle of one platform; `now` is injectable so tests can let a lock run out. */
export function createSignInGuard(options: { now?: () => number } = {}): SignInGuard {
  const now = options.now ?? Date.now

  async function addressWait(sql: Sql, client: string, at: number): Promise<number> {
    const { rows } = await sql.query<{ failures: number; last_failed_at: string }>(
      'select failures, last_failed_at from sign_in_address where client = $1',
      [client],
    )
    const entry = rows[0]
    if (!entry) return 0
    const last = Date.parse(entry.last_failed_at)
    if (at - last >= ADDRESS_FORGET_MS || entry.failures < ADDRESS_BACKOFF_AFTER) return 0
    const wait = Math.min(ADDRESS_MAX_WAIT_MS, backoffMs(entry.failures, ADDRESS_BACKOFF_AFTER))
    return wait - (at - last)
  }

  /** Counts a failure of the address; answers how to take it back (the attempt turned out right). */
  async function countAddress(
    sql: Sql,
    client: string | undefined,
    at: number,
  ): Promise<() => Promise<void>> {
    if (!client) return async () => {}
    const atIso = new Date(at).toISOString()
    const forgetBefore = new Date(at - ADDRESS_FORGET_MS).toISOString()
    // Runs of failures an hour old are forgotten, this address's included (it starts again from one).
    await sql.query('delete from sign_in_address where last_failed_at <= $1', [forgetBefore])
    const { rows } = await sql.query<{ before: string | null }>(
      `with before as (select last_failed_at from sign_in_address where client = $1)
       insert into sign_in_address (client, failures, last_failed_at) values ($1, 1, $2)
       on conflict (client) do update set failures = sign_in_address.failures + 1, last_failed_at = $2
       returning (select last_failed_at from before) as before`,
      [client, atIso],
    )
    const before = rows[0]?.before ?? null
    return async () => {
      // The wait runs from the last real failure, unless another one came in meanwhile.
      await sql.query(
        `update sign_in_address
            set failures = greatest(0, failures - 1),
                last_failed_at = case when last_failed_at = $2 then coalesce($3, $2) else last_failed_at end
          where client = $1`,
        [client, atIso, before],
      )
      await sql.query('delete from sign_in_address where client = $1 and failures = 0', [client])
    }
  }

  /**
   * Decides and records the attempt in one transaction (the row locked), so parallel guesses cannot all
   * pass the back-off before any of them is counted: the attempt counts as a failure until the password
   * proves right.
   */
  async function claimAttempt(
    sql: Sql,
    globalIdentity: string,
    at: number,
  ): Promise<{ refused: SignInResult } | { lockedNow: boolean }> {
    return inTransaction(sql, async (tx) => {
      const { rows } = await tx.query<AccountRow>(
        `select failed_logins, last_failed_login, locked_until from identity_account
          where global_identity = $1 for update`,
        [globalIdentity],
      )
      const row = rows[0]
      const last = row?.last_failed_login ? Date.parse(row.last_failed_login) : undefined
      const lockedUntil = row?.locked_until ? Date.parse(row.locked_until) : undefined
      if (lockedUntil !== undefined && at < lockedUntil) {
        return { refused: { ok: false, reason: 'locked', retryAfterSeconds: seconds(lockedUntil - at) } }
      }
      const failures = last !== undefined && at - last < ACCOUNT_FORGET_MS ? (row?.failed_logins ?? 0) : 0
      if (failures >= ACCOUNT_BACKOFF_AFTER && failures < ACCOUNT_LOCK_AFTER && last !== undefined) {
        const wait = backoffMs(failures, ACCOUNT_BACKOFF_AFTER) - (at - last)
        if (wait > 0) return { refused: { ok: false, reason: 'throttled', retryAfterSeconds: seconds(wait) } }
      }
      const counted = failures + 1
      const lockedNow = counted >= ACCOUNT_LOCK_AFTER
      await tx.query(
        `update identity_account set failed_logins = $2, last_failed_login = $3, locked_until = $4
          where global_identity = $1`,
        [
          globalIdentity,
          counted,
          new Date(at).toISOString(),
          lockedNow ? new Date(at + ACCOUNT_LOCK_MS).toISOString() : null,
        ],
      )
      return { lockedNow }
    })
  }

  return {
    now,
    async signIn(sql, { username, password, client }) {
      const at = now()
      const addressWaits = client ? await addressWait(sql, client, at) : 0
      if (addressWaits > 0)
        return { ok: false, reason: 'throttled', retryAfterSeconds: seconds(addressWaits) }
      const takeBack = await countAddress(sql, client, at)
      const account = await findAccountByEmail(sql, username)
      if (!account) return { ok: false, reason: 'wrong' }
      const claim = await claimAttempt(sql, account.global_identity, at)
      if ('refused' in claim) {
        // Refused unseen: the password was not tried, so the address is not charged for it.
        await takeBack()
        return claim.refused
      }
      if (!(await verifyPassword(password, account.password_hash))) {
        return claim.lockedNow
          ? { ok: false, reason: 'locked', retryAfterSeconds: seconds(ACCOUNT_LOCK_MS) }
          : { ok: false, reason: 'wrong' }
      }
      await takeBack()
      await sql.query(
        `update identity_account set failed_logins = 0, last_failed_login = null, locked_until = null,
                last_login = $2
          where global_identity = $1`,
        [account.global_identity, new Date(at).toISOString()],
      )
      return { ok: true, account }
    },
    async unlock(sql, globalIdentity) {
      await sql.query(
        `update identity_account set failed_logins = 0, last_failed_login = null, locked_until = null
          where global_identity = $1`,
        [globalIdentity],
      )
    },
  }
}
