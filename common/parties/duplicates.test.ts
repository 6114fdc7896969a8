import { describe, expect, it } from 'vitest'
import { GenericStatus } from '../status.ts'
import { duplicatesOf } from './duplicates.ts'

describe('duplicate parties', () => {
  it('pairs parties with the same organisation number however it is written', () => {
    const found = duplicatesOf([
      { ID: 3, OrgNumber: '995525828' },
      { ID: 9, OrgNumber: 'NO 995 525 828 MVA' },
      { ID: 4, OrgNumber: '995 525 828' },
      { ID: 5, OrgNumber: '911111111' },
      { ID: 6, OrgNumber: null },
      { ID: 7, OrgNumber: null },
    ])
    expect(found.get(3)).toEqual([4, 9])
    expect(found.get(9)).toEqual([3, 4])
    expect(found.has(5)).toBe(false)
    expect(found.has(6)).toBe(false)
  })

  it('no longer counts a deactivated (merged) or deleted party', () => {
    const found = duplicatesOf([
      { ID: 1, OrgNumber: '995525828' },
      { ID: 2, OrgNumber: '995525828', StatusCode: GenericStatus.Inactive },
      { ID: 3, OrgNumber: '995525828', Deleted: true },
    ])
    expect(found.size).toBe(0)
  })
})
