import { describe, expect, it } from 'vitest'
import { calls } from './contract.ts'
import { OutboxCommand, outboxAction } from './outbox.ts'

const bookkeeping = {
  entityId: 7,
  base: {},
  baseUpdatedAt: null,
  operationKey: 'op-00000001',
  attempts: 0,
}
const executeArgs = calls['outbox.execute'].args

describe('the outbox union', () => {
  it('lets the bridge take a command of a declared action with a body that fits it', () => {
    const assign = {
      ...outboxAction('SupplierInvoice', 'assign-to', { UserIDs: [3, 4], Message: 'Se på denne' }),
      ...bookkeeping,
    }
    expect(executeArgs.parse(['nordlys', assign])[1]).toEqual(assign)
  })

  it('refuses an action its entity does not have, an unknown action, and a body that does not fit', () => {
    const refused = (command: unknown) => executeArgs.safeParse(['nordlys', command]).success
    expect(refused({ entity: 'Approval', action: 'journal', ...bookkeeping })).toBe(false)
    expect(refused({ entity: 'SupplierInvoice', action: 'rejectinvoice', ...bookkeeping })).toBe(false)
    expect(refused({ entity: 'Account', action: 'update', body: {}, ...bookkeeping })).toBe(false)
    expect(refused({ entity: 'Approval', action: 'reject', body: {}, ...bookkeeping })).toBe(false)
    expect(
      refused({
        entity: 'SupplierInvoice',
        action: 'save-cost-lines',
        body: { Lines: [{ AccountID: 6540, Amount: 'tusen' }] },
        ...bookkeeping,
      }),
    ).toBe(false)
    expect(refused({ entity: 'Approval', action: 'approve', ...bookkeeping })).toBe(true)
  })

  it('passes a booking’s lines on with the properties the platform books them with', () => {
    const line = { AccountID: 6300, Amount: '125.00', FinancialDate: '2026-03-31', AmountCurrency: '125.00' }
    const parsed = OutboxCommand.parse({
      entity: 'JournalEntry',
      action: 'book-journal-entries',
      body: [{ DraftLines: [line], FileIDs: [] }],
      ...bookkeeping,
    })
    expect(parsed.body).toEqual([{ DraftLines: [line], FileIDs: [] }])
  })
})
