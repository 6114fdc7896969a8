// A refused user-administration call as words for the field it concerns. The platform names a property
// where it has one (`Email` of an invitation); a refusal of roles names none, so it belongs to the roles
// of the user being changed. The spec's product rule of roles (4.10) is explained in the user's words.
import { UserStatus } from '@common/status'
import { fieldProblems } from './field-problems.ts'

export type UserProblemKey =
  | 'emailInvalid'
  | 'alreadyUser'
  | 'identityUnknown'
  | 'identityInvalid'
  | 'roleNeedsLicense'
  | 'roleInNoProduct'
  | 'forbidden'
  | 'notAllowedNow'
  | 'unreachable'
  | 'other'

export interface UserProblem {
  key: UserProblemKey
  params: Record<string, string>
}

const status = (error: unknown): number | undefined =>
  (error as { details?: { status?: unknown } } | null)?.details?.status as number | undefined
const code = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '')
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** The words for a refusal of `call`; `other` quotes the platform when nothing better is known. */
export function userProblem(
  error: unknown,
  call: 'read' | 'invite' | 'identity' | 'roles' | 'access',
): UserProblem {
  const text = message(error)
  if (/^API_(NETWORK|TIMEOUT|UNAVAILABLE)$/.test(code(error))) return { key: 'unreachable', params: {} }
  if (status(error) === 403 || code(error) === 'API_FORBIDDEN') return { key: 'forbidden', params: {} }
  if (call === 'invite') {
    if (fieldProblems(error).some((f) => f.field === 'Email')) return { key: 'emailInvalid', params: {} }
    if (status(error) === 409) return { key: 'alreadyUser', params: {} }
  }
  if (call === 'identity') {
    if (code(error) === 'BRIDGE_INVALID_ARGUMENTS') return { key: 'identityInvalid', params: {} }
    if (/identity/i.test(text) && status(error) === 400) return { key: 'identityUnknown', params: {} }
    if (status(error) === 409) return { key: 'alreadyUser', params: {} }
  }
  if (call === 'roles') {
    // spec 4.10: a role other than a few needs an active purchase of a product whose listofroles holds it.
    const licensed =
      /Role '([^']+)' needs an active purchase of a product that includes it \(([^)]*)\)/i.exec(text)
    if (licensed) return { key: 'roleNeedsLicense', params: { role: licensed[1]!, products: licensed[2]! } }
    const none = /Role '([^']+)' is not included in any product/i.exec(text)
    if (none) return { key: 'roleInNoProduct', params: { role: none[1]! } }
  }
  if (call === 'access' && status(error) === 400) return { key: 'notAllowedNow', params: {} }
  return { key: 'other', params: { message: text } }
}

/** field notes: 110000 Invited, 110001 Active, 110002 Inactive. */
export function statusKey(code: number | null): 'invited' | 'active' | 'inactive' | 'unknown' {
  if (code === UserStatus.Invited) return 'invited'
  if (code === UserStatus.Active) return 'active'
  if (code === UserStatus.Inactive) return 'inactive'
  return 'unknown'
}
