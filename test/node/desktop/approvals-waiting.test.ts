// Approvals waiting too long, through main's service against the real local platform with the demo office:
// the demo seed has approvals waiting for Per and Anne for some days (platform/seed/demo-approvals.ts).
// Anne asks across Nordlys and Fjordbygg for those older than 3 days and gets exactly the ones the
// platform holds as active and created before then, of anyone (Per's too), oldest first; a company she
// cannot read is named, the others still answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { createWaitingApprovalsService } from '../../../electron/main/services/approvals/waiting-service.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'

let p: TestPlatform
beforeAll(async () => {
  p = await startTestPlatform()
})
afterAll(() => p?.close())

describe('approvals waiting too long', () => {
  it('lists every active approval older than the date in each company, of anyone, oldest first', async () => {
    const grant = { accessToken: await p.token(DEMO_USERS.anne.email), apiBaseUrl: p.urls.base }
    const api = createApiClient({
      fetch,
      tokens: { current: async () => grant, afterUnauthorized: async () => grant },
    })
    const service = createWaitingApprovalsService({ api: async () => api })
    const keys = [DEMO_COMPANIES.nordlys.key, DEMO_COMPANIES.fjordbygg.key]
    const before = new Date(Date.now() - 3 * 86_400_000).toISOString()
    const answer = await service.waiting([...keys, '00000000-0000-4000-8000-000000000999'], before)
    const { rows: expected } = await p.store.query<{ ID: number; Key: string }>(
      `select a."ID", c."Key" from "Approval" a join "Company" c on c."ID" = a."CompanyID"
        where a."StatusCode" = 50120 and a."Deleted" = false and a."CreatedAt" < $1 and c."Key" = any($2)
        order by a."ID"`,
      [before, keys],
    )
    // The seed: Nordlys waits 6 and 4 days, Fjordbygg 5 and 8 days (and one 3 days, older than three days
    // once the seed is a moment old).
    expect(expected.length).toBeGreaterThanOrEqual(4)
    expect(answer.rows.map((r) => `${r.companyKey}:${r.ID}`).sort()).toEqual(
      expected.map((r) => `${r.Key}:${r.ID}`).sort(),
    )
    expect(answer.rows.map((r) => r.CreatedAt)).toEqual([...answer.rows.map((r) => r.CreatedAt)].sort())
    expect(new Set(answer.rows.map((r) => r.UserID)).size).toBeGreaterThan(1)
    expect(Object.keys(answer.unreadable)).toEqual(['00000000-0000-4000-8000-000000000999'])
    const none = await service.waiting(keys, new Date(Date.now() - 30 * 86_400_000).toISOString())
    expect(none.rows).toEqual([])
  }, 60_000)
})
