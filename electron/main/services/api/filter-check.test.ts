import { describe, expect, it } from 'vitest'
import { createApiClient } from './client.ts'
import { ApiErrorCode } from './errors.ts'
import { rowAgainstFilter } from './filter-check.ts'

describe('an answer checked against its filter', () => {
  it('finds a row that contradicts an equality, an inequality or a comparison', () => {
    expect(
      rowAgainstFilter('EntityID eq 7', [
        { ID: 1, EntityID: 7 },
        { ID: 2, EntityID: 8 },
      ]),
    ).toEqual({ ID: 2, EntityID: 8 })
    expect(rowAgainstFilter('StatusCode ne 30104', [{ ID: 1, StatusCode: 30104 }])).not.toBeNull()
    expect(rowAgainstFilter('ID gt 10', [{ ID: 3 }])).not.toBeNull()
    expect(rowAgainstFilter("SupplierID eq '12'", [{ ID: 1, SupplierID: 13 }])).not.toBeNull()
    expect(rowAgainstFilter("Email eq 'anne@x.no'", [{ ID: 1, Email: 'per@x.no' }])).not.toBeNull()
  })

  it('accepts rows that meet the filter, in any letter case of field and text', () => {
    expect(
      rowAgainstFilter("email eq 'ANNE@x.no' and statuscode eq 110001", [
        { Email: 'anne@x.no', StatusCode: 110001 },
      ]),
    ).toBeNull()
    expect(
      rowAgainstFilter('(UserID eq 1 or SubstituteUserID eq 1)', [{ UserID: 2, SubstituteUserID: 1 }]),
    ).toBeNull()
    expect(rowAgainstFilter('DepartmentID eq null', [{ DepartmentID: null }])).toBeNull()
  })

  it('leaves alone what it cannot read: functions, dotted paths, dates, in-lists and fields the row lacks', () => {
    expect(rowAgainstFilter("contains(Description,'x')", [{ Description: 'y' }])).toBeNull()
    expect(rowAgainstFilter("Info.Name eq 'A'", [{ Info: { Name: 'B' } }])).toBeNull()
    expect(
      rowAgainstFilter("UpdatedAt eq '2026-01-01T00:00:00Z'", [{ UpdatedAt: '2026-01-01T00:00:00.000Z' }]),
    ).toBeNull()
    expect(rowAgainstFilter('ID in (1,2)', [{ ID: 3 }])).toBeNull()
    expect(rowAgainstFilter("Sha256 eq 'abc'", [{ ID: 1 }])).toBeNull()
    // What it can read still counts beside what it cannot.
    expect(
      rowAgainstFilter("contains(Description,'x') and ID eq 1", [{ ID: 2, Description: 'x' }]),
    ).not.toBeNull()
  })
})

describe('the client refuses an answer that ignored its filter', () => {
  const client = (rows: unknown) =>
    createApiClient({
      fetch: async () =>
        new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } }),
      tokens: {
        current: async () => ({ accessToken: 't', apiBaseUrl: 'http://127.0.0.1:9/' }),
        afterUnauthorized: async () => ({ accessToken: 't', apiBaseUrl: 'http://127.0.0.1:9/' }),
      },
    })

  it('an unknown filter answered unfiltered is an error, not the rows', async () => {
    const unfiltered = [
      { ID: 1, EntityID: 3 },
      { ID: 2, EntityID: 9 },
    ]
    await expect(
      client(unfiltered).get('api/biz/tasks', { query: { filter: 'EntityID eq 9' } }),
    ).rejects.toMatchObject({
      code: ApiErrorCode.FilterIgnored,
    })
  })

  it('a filtered answer is the rows', async () => {
    await expect(
      client([{ ID: 2, EntityID: 9 }]).get('api/biz/tasks', { query: { filter: 'EntityID eq 9' } }),
    ).resolves.toEqual([{ ID: 2, EntityID: 9 }])
  })
})
