import { describe, expect, it } from 'vitest'
import { BridgeError } from '@common/bridge/contract'
import { fieldProblems, parseLimit, problemsByField, problemText, ruleFieldKey } from './field-problems'

describe('field problems of a refused approval rule', () => {
  it('puts each platform problem on the field of its step', () => {
    const error = new BridgeError('API_VALIDATION', 'Validation failed', {
      status: 400,
      fields: [
        { field: 'Steps.2.Limit', entityType: 'ApprovalRuleStep', message: 'Limit is out of range' },
        {
          field: 'Steps.1.Users.3.UserID',
          entityType: 'ApprovalRuleStepUser',
          message: 'UserID 9 is not a User of this company (it does not exist or was deleted)',
        },
        { field: 'Description', entityType: 'ApprovalRule', message: 'Description is required' },
        { field: 'Steps.0.ApprovalType', entityType: 'ApprovalRuleStep', message: 'Computer says no' },
      ],
    })
    expect(problemsByField(fieldProblems(error), ruleFieldKey)).toEqual({
      'steps.2.limit': { key: 'outOfRange', params: {} },
      'steps.1.users': { key: 'notFound', params: {} },
      description: { key: 'required', params: {} },
      'steps.0.approvaltype': { key: 'other', params: { message: 'Computer says no' } },
    })
  })

  it('finds no field problems in a failure of another kind', () => {
    expect(fieldProblems(new BridgeError('API_NETWORK', 'The platform could not be reached'))).toEqual([])
    expect(fieldProblems(new TypeError('fetch failed'))).toEqual([])
  })

  it('reads a limit as people type it', () => {
    expect(parseLimit('')).toBeNull()
    expect(parseLimit('50 000')).toBe(50_000)
    expect(parseLimit('12 500,50')).toBe(12_500.5)
    expect(parseLimit('femti')).toBeUndefined()
    expect(parseLimit('-5')).toBeUndefined()
    expect(problemText('Limit must be a number, got "x"').key).toBe('notNumber')
  })
})
