// Password sign-in shared by the sign-in page and the password grant: failed attempts are counted and
// an account is locked after too many of them; a locked account cannot sign in.
import type { Sql } from '../db/store.ts'
import { findAccountByEmail, verifyPassword, type IdentityAccount } from './accounts.ts'

export const MAX_FAILED_LOGINS = 10

export type SignInResult = { ok: true; account: IdentityAccount } | { ok: false; reason: 'wrong' | 'locked' }

export async function signIn(sql: Sql, username: string, password: string): Promise<SignInResult> {
  const account = await findAccountByEmail(sql, username)
  if (!account) return { ok: false, reason: 'wrong' }
  if (account.locked) return { ok: false, reason: 'locked' }
  if (!(await verifyPassword(password, account.password_hash))) {
    const { rows } = await sql.query<{ locked: boolean }>(
      `update identity_account set failed_logins = failed_logins + 1,
              locked = locked or failed_logins + 1 >= $2
        where global_identity = $1 returning locked`,
      [account.global_identity, MAX_FAILED_LOGINS],
    )
    return { ok: false, reason: rows[0]?.locked ? 'locked' : 'wrong' }
  }
  await sql.query(
    'update identity_account set failed_logins = 0, last_login = now() where global_identity = $1',
    [account.global_identity],
  )
  return { ok: true, account }
}
