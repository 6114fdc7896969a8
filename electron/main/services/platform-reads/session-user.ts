// The signed-in user of a company as the platform answers it (`users?action=current-session`): who the
// outbox acts as, and whose bookings and decisions a retry looks for.
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'

type Row = PlatformRow

export interface Me {
  ID: number
  GlobalIdentity: string
}
/** The signed-in user per company, per client (one client per session): a batch asks once per company. */
const known = new WeakMap<ApiClient, Map<string, Promise<Me>>>()

/** The signed-in user's User.ID and GlobalIdentity in a company (asked once per company and client). */
export function sessionUser(api: ApiClient, companyKey: string): Promise<Me> {
  const perCompany = known.get(api) ?? new Map<string, Promise<Me>>()
  known.set(api, perCompany)
  let answer = perCompany.get(companyKey)
  if (!answer) {
    answer = api
      .get<Row>('api/biz/users', { companyKey, query: { action: 'current-session' } })
      .then((s) => ({ ID: Number(s.ID), GlobalIdentity: String(s.GlobalIdentity ?? '') }))
    answer.catch(() => perCompany.delete(companyKey))
    perCompany.set(companyKey, answer)
  }
  return answer
}
