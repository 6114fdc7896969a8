// One IBAN and bank-account check for every form: the review form, the inbox panel's form and the field
// checks give the same answer for the same input, because each calls common/field-checks.ts, which reads
// the field with common/bank-account.ts and common/iban.ts; and the review and the inbox save a valid
// account alike. (The scan station's reading:
// electron/main/services/scan/read-fields.test.ts.)
import { describe, expect, it } from 'vitest'
import { readBankAccount } from '@common/bank-account'
import { checkBankAccount } from '@common/field-checks'
import * as review from '@renderer/features/review/review-form'
import * as inbox from '@renderer/features/inbox/invoice-form'

const supplier = {
  ID: 7,
  Info: { Name: 'Havbris AS', BankAccounts: [{ ID: 70, AccountNumber: '86011117947' }] },
}
const row = { ID: 41, SupplierID: 7, InvoiceNumber: '71001', StatusCode: 30101, BankAccountID: 70 }

/** Inputs and the reason every form gives for them (null: valid). */
const cases: [string, string | null][] = [
  ['8601.11.17947', null],
  ['8601 11 17947', null],
  ['NO93 8601.11.17947', null],
  ['NO93-8601-1117-947', null],
  ['DE89 3704 0044 0532 0130 00', null],
  ['GB29 NWBK 6016 1331 9268 19', null],
  ['8601.11.17948', 'bankAccountChecksum'],
  ['8601.11.1794', 'bankAccountLength'],
  ['NO94 8601 1117 947', 'ibanChecksum'],
  ['NO93 8601 1117 94', 'ibanLength'],
  ['US12 3456 7890 1234', 'ibanCountry'],
  ['NL91 AB0A 0417 1643 00', 'ibanCharacter'],
  ['DE89 3704 0044 0532 0130 0O', 'ibanCharacter'],
]

function reviewFinding(input: string) {
  const form = { ...review.formFromRow(row, supplier, 'nb'), BankAccount: input }
  const problem = review.checkForm(form).BankAccount
  if (!problem) return null
  const { overridable: _, ...found } = problem
  return found
}

function inboxFinding(input: string) {
  const form = { ...inbox.formFromRow(row, 'nb', supplier), BankAccount: input }
  return inbox.changesFrom(form, row, supplier).problems.BankAccount ?? null
}

describe('every form checks a bank account or IBAN the same way', () => {
  it.each(cases)('%s: %s', (input, code) => {
    const shared = readBankAccount(input)
    const reason = shared && 'problem' in shared ? shared.problem : null
    expect(reason?.code ?? null).toBe(code)
    // Every form gives the field check's finding (with the check digit the account would need).
    const found = checkBankAccount(input)
    expect(found?.code ?? null).toBe(code)
    if (reason) expect(found?.params).toMatchObject((({ code: _, ...params }) => params)(reason))
    expect(reviewFinding(input)).toEqual(found)
    expect(inboxFinding(input)).toEqual(found)
  })

  it('the review and the inbox save a valid account alike', () => {
    for (const [input, code] of cases) {
      if (code !== null) continue
      const fromReview = review.changesFrom(
        { ...review.formFromRow(row, supplier, 'nb'), BankAccount: input },
        { row, supplier, overridden: new Set() },
      ).changes
      const fromInbox = inbox.changesFrom(
        { ...inbox.formFromRow(row, 'nb', supplier), BankAccount: input },
        row,
        supplier,
      ).changes
      expect(fromInbox, input).toEqual(fromReview)
    }
    // A foreign IBAN is not one of the supplier's accounts: it travels as the payment information.
    expect(
      inbox.changesFrom(
        { ...inbox.formFromRow(row, 'nb', supplier), BankAccount: 'DE89 3704 0044 0532 0130 00' },
        row,
        supplier,
      ).changes,
    ).toEqual({ BankAccountID: null, PaymentInformation: 'DE89370400440532013000' })
  })
})
