import { describe, expect, it } from 'vitest'
import type { OfficeGrid } from '@common/bridge/admin-users'
import { permissionRequest, waitForPermissions } from './office-grid.ts'

const grid: OfficeGrid = {
  companies: [
    { ID: 1, Key: 'a', Name: 'A AS' },
    { ID: 2, Key: 'b', Name: 'B AS' },
  ],
  people: [
    { key: 'p1', DisplayName: 'Kari', Email: 'kari@x.no', licenseUserId: 11, companies: {} },
    { key: 'p2', DisplayName: 'Ola', Email: 'ola@x.no', licenseUserId: null, companies: {} },
  ],
  roles: ['Administrator'],
  unreadable: {},
  licenseUsersKnown: true,
  licenseAdminAddress: true,
}

describe('office permission requests', () => {
  it('sends the license ids of the chosen people and the ids of the chosen companies', () => {
    expect(permissionRequest(grid, new Set(['p1', 'p2']), new Set(['b']), ['Administrator'])).toEqual({
      CompanyIds: [2],
      UserIds: [11],
      Roles: ['Administrator'],
    })
    expect(permissionRequest(grid, new Set(['p2']), new Set(['a']), null)).toBeNull()
  })

  it('reads back until every company is done, and marks the rest waiting at the bound', async () => {
    const rounds: string[][] = []
    let n = 0
    const check = async (q: { companyKeys: string[] }) => {
      rounds.push(q.companyKeys)
      n++
      return { a: true, b: n > 99 }
    }
    const progress = await waitForPermissions(
      check,
      { companyKeys: ['a', 'b'], people: ['p1'], Roles: null },
      { rounds: 3, delayMs: 0, sleep: async () => {} },
    )
    expect(progress).toEqual({ a: 'done', b: 'waiting' })
    // A company done is not asked about again.
    expect(rounds).toEqual([['a', 'b'], ['b'], ['b']])
    const all = await waitForPermissions(
      async () => ({ a: true, b: true }),
      { companyKeys: ['a', 'b'], people: ['p1'], Roles: null },
      { rounds: 5, delayMs: 0, sleep: async () => {} },
    )
    expect(all).toEqual({ a: 'done', b: 'done' })
  })
})
