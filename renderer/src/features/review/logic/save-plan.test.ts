// The review's save rules in their order: field checks, unreadable cost lines, lines against the total, an
// unconfirmed bank account, nothing changed; and what a save carries (changed lines, new override reasons).
import { describe, expect, it } from 'vitest'
import { emptyLine, summarise, type CostLineDraft, type CostVatType } from '../cost-lines.ts'
import type { FormProblems } from '../review-form.ts'
import { firstLineProblem, overrideKey, planSave, type SaveInput } from './save-plan.ts'

const accounts = [{ ID: 10, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 1 }]
const vatTypes: CostVatType[] = [
  {
    ID: 1,
    VatCode: '1',
    Name: 'Inngående mva. 25 %',
    VatPercent: '25',
    OutputVat: false,
    ReversedTaxDutyVat: false,
    IncomingAccountID: 2710,
    OutgoingAccountID: null,
  },
]
const line = (values: Partial<CostLineDraft>): CostLineDraft => ({ ...emptyLine(), ...values })
/** An invoice of 1 250,00 saved with one line on account 6540, VAT code 1. */
const row = {
  ID: 7,
  TaxInclusiveAmount: 1250,
  JournalEntry: { DraftLines: [{ ID: 70, AccountID: 10, VatTypeID: 1, Amount: 1250, Description: null }] },
}
const savedLine = line({ ID: 70, account: '6540', vat: '1', amount: '1 250,00' })

function input(values: Partial<SaveInput> & { total?: number } = {}): SaveInput {
  const lines = values.lines ?? [savedLine]
  return {
    row,
    changes: {},
    blocking: {},
    lines,
    summary: summarise(lines, accounts, vatTypes, values.total ?? 125_000, '2026-05-02'),
    dims: { DepartmentID: null, ProjectID: null },
    bankAccountUnconfirmed: false,
    overrides: new Map(),
    posted: new Set(),
    ...values,
  }
}

describe('saving the review', () => {
  it('asks for the fix of a field that cannot be overridden before the reason for one that can', () => {
    const kid = { level: 'error', code: 'kidChecksum', params: {}, overridable: true } as const
    const date = { level: 'error', code: 'dateFormat', params: {}, overridable: false } as const
    const blocking: FormProblems = { PaymentID: kid, InvoiceDate: date }
    expect(planSave(input({ blocking }))).toMatchObject({ kind: 'blocked', field: 'InvoiceDate' })
    const kidOnly: FormProblems = { PaymentID: kid }
    expect(planSave(input({ blocking: kidOnly }))).toMatchObject({
      kind: 'blocked',
      field: 'PaymentID',
      problem: { overridable: true },
    })
  })

  it('stops at the first cost line cell that cannot be read, an empty account first of all', () => {
    const lines = [savedLine, line({ account: '', vat: '9', amount: 'x' })]
    expect(planSave(input({ lines, changes: { InvoiceNumber: 'A-1' } }))).toEqual({
      kind: 'lines',
      problem: { index: 1, cell: 'account', code: 'accountMissing' },
    })
    const unknown = [line({ account: '6540', vat: '9', amount: '1 250,00' })]
    expect(firstLineProblem(summarise(unknown, accounts, vatTypes, 125_000, '2026-05-02'))).toEqual({
      index: 0,
      cell: 'vat',
      code: 'vatCodeUnknown',
    })
  })

  it('stops when the lines do not add up to the total, even with a bank account to confirm', () => {
    const plan = planSave(input({ total: 130_000, bankAccountUnconfirmed: true }))
    expect(plan.kind).toBe('lines')
    expect(plan.kind === 'lines' && 'code' in plan.problem && !('cell' in plan.problem)).toBe(true)
  })

  it('waits for a new bank account to be confirmed, then saves', () => {
    const changes = { BankAccount: '15038812345' }
    expect(planSave(input({ changes, bankAccountUnconfirmed: true }))).toEqual({ kind: 'bankAccount' })
    expect(planSave(input({ changes }))).toMatchObject({ kind: 'save', changes, costLines: undefined })
  })

  it('says nothing changed when fields, lines and reasons are all as saved', () => {
    expect(planSave(input())).toEqual({ kind: 'unchanged' })
  })

  it('carries the lines only when they differ from what the invoice has saved', () => {
    const lines = [line({ ID: 70, account: '6540', vat: '1', amount: '1 250,00', description: 'Stoler' })]
    const plan = planSave(input({ lines }))
    expect(plan).toMatchObject({
      kind: 'save',
      changes: {},
      costLines: [{ ID: 70, AccountID: 10, VatTypeID: 1, Amount: 1250, Description: 'Stoler' }],
    })
  })

  it('posts each override reason once, however often the invoice is saved', () => {
    const overrides = new Map([['PaymentID', 'Bekreftet på telefon']] as const)
    expect(planSave(input({ overrides }))).toMatchObject({
      kind: 'save',
      overrides: [['PaymentID', 'Bekreftet på telefon']],
    })
    const posted = new Set([overrideKey('PaymentID', 'Bekreftet på telefon')])
    expect(planSave(input({ overrides, posted }))).toEqual({ kind: 'unchanged' })
  })
})
