// Invitations (spec 4.10): an Administrator invites an e-mail address; the invitee gets a recorded
// e-mail (a Notification, not sent) with a verification code and the sign-up link, and becomes an
// active user with the default products and roles after signing up. A person the identity server
// knows already is added and activated at once and notified instead.
import { randomBytes } from 'node:crypto'
import { isEmailAddress } from '../../../common/field-checks.ts'
import { PurchaseStatus, UserStatus } from '../../../common/status.ts'
import { PlatformError } from '../../errors.ts'
import { createAccount, findAccountByEmail } from '../../identity/accounts.ts'
import type { PlatformContext } from '../../routes/context.ts'
import type { Tenant } from '../../tenancy/tenancy.ts'
import { requireWriteAccess } from '../../tenancy/user-admin.ts'
import {
  activateMember,
  findMember,
  grantDefaultProducts,
  grantDefaults,
  inCompany,
  inTenant,
} from './membership.ts'
import { UserType } from './roles.ts'

/** How long a verification code opens the sign-up page. */
export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const MIN_PASSWORD_LENGTH = 8

export function signupUrl(pc: PlatformContext, code: string): string {
  return `${pc.urls.auth}/signup?code=${encodeURIComponent(code)}`
}

function parseInvitation(body: unknown): { email: string; userType: number | null } {
  const o =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  if (!o) throw new PlatformError('BAD_REQUEST', 'Send { Email, UserType }')
  const key = (name: string) => Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase())
  const rawEmail = o[key('Email') ?? 'Email']
  const email = typeof rawEmail === 'string' ? rawEmail.trim() : ''
  if (!isEmailAddress(email))
    throw new PlatformError(
      'VALIDATION',
      `Email ${JSON.stringify(rawEmail ?? null)} is not a valid e-mail address`,
      {
        validationResults: {
          Email: [
            {
              PropertyName: 'Email',
              EntityType: 'UserVerification',
              Message: 'A valid e-mail address is required',
            },
          ],
        },
      },
    )
  const rawType = o[key('UserType') ?? 'UserType']
  if (rawType === null || rawType === undefined) return { email, userType: null }
  const known = Object.values(UserType) as number[]
  if (typeof rawType !== 'number' || !known.includes(rawType))
    throw new PlatformError(
      'VALIDATION',
      `UserType ${JSON.stringify(rawType)} is not known: null or 0 (standard), 1 (accountant), 2 (support)`,
    )
  return { email, userType: rawType === UserType.Standard ? null : rawType }
}

/** `POST /api/biz/user-verifications`: answers the UserVerification with its User expanded. */
export async function invite(
  pc: PlatformContext,
  tenant: Tenant,
  body: unknown,
  reason: string,
): Promise<number> {
  return inTenant(pc, tenant, reason, async (w) => {
    await requireWriteAccess(
      { ...w, userId: tenant.userId, globalIdentity: tenant.globalIdentity },
      'UserVerification',
    )
    const { email, userType } = parseInvitation(body)
    if (await findMember(w.sql, w.companyId, { email }))
      throw new PlatformError('CONFLICT', `${email} is already a user (or invited) in this company`)
    const user = w.registry.require('User')
    const verification = w.registry.require('UserVerification')
    const notification = w.registry.require('Notification')
    const { rows: companies } = await w.sql.query<{ Name: string }>(
      'select "Name" from "Company" where "ID" = $1',
      [w.companyId],
    )
    const companyName = companies[0]?.Name ?? ''
    const { rows: inviters } = await w.sql.query<{ DisplayName: string | null }>(
      'select "DisplayName" from "User" where "CompanyID" = $1 and "ID" = $2',
      [w.companyId, tenant.userId],
    )
    const sender = inviters[0]?.DisplayName ?? ''

    const account = await findAccountByEmail(w.sql, email)
    if (account) {
      const member = await activateMember(w, account, { UserType: userType })
      await grantDefaults(w, { ID: member.id, GlobalIdentity: account.global_identity })
      const id = await w.api.create(verification, {
        Email: account.email,
        UserType: userType,
        DisplayName: account.display_name,
        UserID: member.id,
      })
      await w.api.setFields(verification, id, { UsedAt: new Date().toISOString() })
      await w.api.create(notification, {
        Message: `You have been added to ${companyName} in Ledgerdesk. Sign in with your existing account.`,
        EntityType: 'User',
        EntityID: member.id,
        RecipientID: account.global_identity,
        SenderDisplayName: sender,
        SourceEntityType: 'UserVerification',
        SourceEntityID: id,
        Channels: 'email',
      })
      return id
    }

    const userId = await w.api.create(user, { Email: email, UserName: email, UserType: userType })
    // The user licenses exist from the invitation on and become Active at sign-up.
    await grantDefaultProducts(w, { ID: userId, GlobalIdentity: null }, PurchaseStatus.Pending)
    const code = randomBytes(24).toString('base64url')
    const id = await w.api.create(verification, {
      Email: email,
      UserType: userType,
      UserID: userId,
      VerificationCode: code,
      ExpirationDate: new Date(Date.now() + VERIFICATION_TTL_MS).toISOString(),
    })
    await w.api.create(notification, {
      Message:
        `You are invited to ${companyName} in Ledgerdesk. Verification code: ${code}. ` +
        `Sign up at ${signupUrl(pc, code)}`,
      EntityType: 'UserVerification',
      EntityID: id,
      SenderDisplayName: sender,
      SourceEntityType: 'User',
      SourceEntityID: userId,
      Channels: 'email',
    })
    return id
  })
}

export interface PendingSignup {
  companyId: number
  verificationId: number
  userId: number
  email: string
  /** An identity account with this e-mail exists already (the invitee signs up with its password). */
  accountExists: boolean
}

export type SignupProblem = 'unknown' | 'used' | 'expired'

/** The invitation behind a code, or why it cannot be used. */
export async function pendingSignup(
  pc: PlatformContext,
  code: string,
): Promise<PendingSignup | SignupProblem> {
  if (!code || code.length > 200) return 'unknown'
  const { rows } = await pc.store.query<{
    CompanyID: number
    ID: number
    UserID: number | null
    Email: string
    ExpirationDate: string | null
    UsedAt: string | null
    UserStatus: number | null
  }>(
    `select v."CompanyID", v."ID", v."UserID", v."Email", v."ExpirationDate", v."UsedAt", u."StatusCode" as "UserStatus"
       from "UserVerification" v
       left join "User" u on u."CompanyID" = v."CompanyID" and u."ID" = v."UserID" and u."Deleted" = false
      where v."VerificationCode" = $1 and v."Deleted" = false
      limit 1`,
    [code],
  )
  const v = rows[0]
  if (!v || v.UserID === null || v.UserStatus === null) return 'unknown'
  if (v.UsedAt || v.UserStatus !== UserStatus.Invited) return 'used'
  if (!v.ExpirationDate || new Date(v.ExpirationDate).getTime() < Date.now()) return 'expired'
  return {
    companyId: v.CompanyID,
    verificationId: v.ID,
    userId: v.UserID,
    email: v.Email,
    accountExists: Boolean(await findAccountByEmail(pc.store, v.Email)),
  }
}

/**
 * Completes a sign-up: the identity account (or the existing one, proven by its password), the user
 * linked and active, the user licenses active and the default roles given, the code used up.
 * Answers false when an existing account's password does not match (or its sign-in is held back or locked).
 */
export async function completeSignup(
  pc: PlatformContext,
  pending: PendingSignup,
  input: { displayName: string; password: string; client?: string },
): Promise<boolean> {
  return inCompany(
    pc,
    pending.companyId,
    '00000000-0000-0000-0000-000000000000',
    'POST /identity/signup',
    async (w) => {
      const { rows: fresh } = await w.sql.query(
        'select 1 from "UserVerification" where "CompanyID" = $1 and "ID" = $2 and "UsedAt" is null for update',
        [pending.companyId, pending.verificationId],
      )
      if (!fresh.length) throw new PlatformError('BAD_REQUEST', 'The invitation has been used already')
      let account = await findAccountByEmail(w.sql, pending.email)
      if (account) {
        // Counted like a sign-in: repeated wrong passwords back off and lock the account for a while.
        const checked = await pc.signIns.signIn(w.sql, {
          username: pending.email,
          password: input.password,
          client: input.client,
        })
        if (!checked.ok) return false
      } else {
        account = await createAccount(w.sql, {
          email: pending.email,
          password: input.password,
          displayName: input.displayName,
        })
      }
      const user = w.registry.require('User')
      await w.api.setFields(user, pending.userId, {
        GlobalIdentity: account.global_identity,
        DisplayName: account.display_name,
        StatusCode: UserStatus.Active,
      })
      await grantDefaults(w, { ID: pending.userId, GlobalIdentity: account.global_identity })
      await w.api.setFields(w.registry.require('UserVerification'), pending.verificationId, {
        UsedAt: new Date().toISOString(),
        DisplayName: account.display_name,
      })
      return true
    },
  )
}
