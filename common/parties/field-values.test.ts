import { describe, expect, it } from 'vitest'
import { partyValueProblem } from './field-values.ts'

describe("a party field's value", () => {
  it('takes what each field holds and names what it must be otherwise', () => {
    expect(partyValueProblem('CreditDays', 14)).toBeNull()
    expect(partyValueProblem('CreditDays', 'fourteen')).toBe(
      'CreditDays must be a whole number from 0 to 365',
    )
    expect(partyValueProblem('CreditDays', 400)).toMatch(/0 to 365/)
    expect(partyValueProblem('CostAccountID', 6800)).toBeNull()
    expect(partyValueProblem('CostAccountID', 0)).toMatch(/an ID/)
    expect(partyValueProblem('OrgNumber', '995525828')).toBeNull()
    expect(partyValueProblem('OrgNumber', '995 525 828')).toMatch(/nine digits/)
    expect(partyValueProblem('Info.DefaultEmail.EmailAddress', 'post@fjord.no')).toBeNull()
    expect(partyValueProblem('Info.DefaultEmail.EmailAddress', 'post at fjord')).toMatch(/e-mail/)
    expect(partyValueProblem('Info.InvoiceAddress.CountryCode', 'NO')).toBeNull()
    expect(partyValueProblem('Info.Name', 12)).toBe('Info.Name must be text')
  })

  it('lets any field be cleared', () => {
    for (const path of ['CreditDays', 'OrgNumber', 'Info.Name'] as const) {
      expect(partyValueProblem(path, null)).toBeNull()
      expect(partyValueProblem(path, '')).toBeNull()
    }
  })
})
