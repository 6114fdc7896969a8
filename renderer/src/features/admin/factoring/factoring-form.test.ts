import { describe, expect, it } from 'vitest'
import { checkForm, emptyForm } from './factoring-form.ts'

const bankProblem = (bankAccount: string) => {
  const checked = checkForm(
    { ...emptyForm(), bankAccount, factoringAccount: '1510', loanAccount: '2380' },
    new Set(),
  )
  return 'problems' in checked ? (checked.problems.bankAccount?.key ?? null) : null
}

describe('the factoring form’s bank account', () => {
  it('takes a Norwegian account as it is written, or as a Norwegian IBAN', () => {
    expect(bankProblem('8601.11.17947')).toBeNull()
    expect(bankProblem('8601 11 17947')).toBeNull()
    expect(bankProblem('NO93 8601 1117 947')).toBeNull()
  })

  it('refuses a wrong check digit, text around the number and a foreign IBAN', () => {
    expect(bankProblem('8601.11.17948')).toBe('bankAccount')
    // Read by the bank-account check of every form: letters make it an IBAN, and this is none.
    expect(bankProblem('konto 8601.11.17947')).toBe('bankAccount')
    expect(bankProblem('DE89 3704 0044 0532 0130 00')).toBe('bankAccount')
    expect(bankProblem('')).toBe('required')
  })
})
