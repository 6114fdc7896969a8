import { describe, expect, it } from 'vitest'
import type { PullOptions } from '../../../../common/bridge/sync.ts'
import { afterCheckpoint, and, sources } from './entities.ts'

describe('the pull filter', () => {
  it('takes the rest of a shared UpdatedAt by ID, then later stamps', () => {
    expect(afterCheckpoint('2026-11-01T10:00:00.000Z', 42)).toBe(
      "(UpdatedAt gt '2026-11-01T10:00:00.000Z' or (UpdatedAt eq '2026-11-01T10:00:00.000Z' and ID gt 42))",
    )
    expect(afterCheckpoint(null, 0)).toBeNull()
  })

  it('keeps journaled invoices only from the last days of the setting, and the user approvals only', () => {
    const now = new Date('2026-11-23T00:00:00.000Z')
    const options: Required<PullOptions> = { top: 10, userId: 7, journaledDays: 30 }
    const scope = sources.SupplierInvoice.scope!(options, now)
    expect(scope).toBe("(StatusCode ne 30104 or UpdatedAt ge '2026-10-24T00:00:00.000Z')")
    expect(sources.Approval.scope!(options, now)).toBe('UserID eq 7')
    expect(and(scope, null, 'ID gt 1')).toBe(`${scope} and ID gt 1`)
  })
})
