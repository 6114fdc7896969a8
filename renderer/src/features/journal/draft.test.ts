import { describe, expect, it } from 'vitest'
import type { VatTypeRule } from '@common/vat'
import {
  applyRefusal,
  bookingBody,
  draftBookable,
  draftFromTemplate,
  emptyLine,
  entryForNewLine,
  newDraft,
  previewDraft,
  templateOf,
  type DraftLine,
  type JournalDraft,
} from './draft.ts'

const inputVat25: VatTypeRule = {
  ID: 7,
  Name: 'Inngående mva 25 %',
  VatPercent: '25',
  OutputVat: false,
  ReversedTaxDutyVat: false,
  IncomingAccountID: 2710,
  OutgoingAccountID: null,
}
const vatTypes = new Map([[7, inputVat25]])

function line(entry: number, accountId: number, amount: number, vatTypeId: number | null = null): DraftLine {
  return {
    ...emptyLine(entry, '2026-01-31'),
    accountId,
    amount,
    vatTypeId,
    description: `konto ${accountId}`,
  }
}

function draftOf(lines: DraftLine[]): JournalDraft {
  return { ...newDraft('nordlys', '2026-01-31'), lines }
}

describe('a journal draft', () => {
  it('previews the 25 % input VAT line under its line and balances to 0,00', () => {
    const draft = draftOf([line(1, 6300, 1250000, 7), line(1, 1920, -1250000)])
    const [entry] = previewDraft(draft, vatTypes)
    expect(entry!.byLine.get(0)).toEqual([
      expect.objectContaining({ accountId: 6300, amount: 1000000, role: 'line' }),
      expect.objectContaining({ accountId: 2710, amount: 250000, role: 'vat' }),
    ])
    expect(entry!.preview.balance).toBe(0)
    expect(draftBookable(previewDraft(draft, vatTypes))).toBe(true)
  })

  it('shows the difference of an unbalanced entry and refuses to book it', () => {
    const draft = draftOf([line(1, 6300, 1250000, 7), line(1, 1920, -1200000)])
    const entries = previewDraft(draft, vatTypes)
    expect(entries[0]!.preview.balance).toBe(50000)
    expect(draftBookable(entries)).toBe(false)
  })

  it('keeps entries apart: each balances on its own, and a new line after a balanced entry starts the next', () => {
    const draft = draftOf([
      line(1, 6300, 100, null),
      line(1, 1920, -100),
      line(2, 6300, 500),
      line(2, 1920, -400),
    ])
    const entries = previewDraft(draft, vatTypes)
    expect(entries.map((e) => [e.entry, e.preview.balance, e.bookable])).toEqual([
      [1, 0, true],
      [2, 100, false],
    ])
    expect(entryForNewLine(draft, entries)).toBe(2)
    const balanced = draftOf(draft.lines.slice(0, 2))
    expect(entryForNewLine(balanced, previewDraft(balanced, vatTypes))).toBe(2)
  })

  it('does not book a line without an account, and ignores blank lines', () => {
    const missing = { ...line(1, 0, 100), accountId: null, accountText: '6301' }
    const draft = draftOf([missing, line(1, 1920, -100), emptyLine(1, '2026-01-31')])
    const [entry] = previewDraft(draft, vatTypes)
    expect(entry!.lineIndexes).toEqual([0, 1])
    expect(entry!.preview.problems).toEqual([{ draftIndex: 0, field: 'AccountID', problem: 'missing' }])
    // The line without an account still counts in the difference shown.
    expect(entry!.preview.balance).toBe(0)
    const lonely = draftOf([line(1, 1920, -100), { ...missing, amount: 40 }])
    expect(previewDraft(lonely, vatTypes)[0]!.preview.balance).toBe(-60)
    expect(entry!.bookable).toBe(false)
  })

  it('books one request item per entry (its draft lines and files) with the gross amounts and VAT codes', () => {
    const draft = draftOf([
      line(1, 6300, 1250000, 7),
      line(1, 1920, -1250000),
      line(2, 6300, 1),
      line(2, 1920, -1),
    ])
    draft.attachments = [{ entry: 2, fileId: 41, name: 'kvittering.pdf' }]
    const body = bookingBody(draft)
    expect(body).toEqual([
      {
        DraftLines: [
          {
            AccountID: 6300,
            Amount: '12500.00',
            FinancialDate: '2026-01-31',
            Description: 'konto 6300',
            VatTypeID: 7,
          },
          { AccountID: 1920, Amount: '-12500.00', FinancialDate: '2026-01-31', Description: 'konto 1920' },
        ],
        FileIDs: [],
      },
      expect.objectContaining({ FileIDs: [41] }),
    ])
  })

  it('sends each Description exactly as the accountant wrote it, with nothing added', () => {
    const draft = draftOf([
      { ...line(1, 6300, 1250000, 7), description: 'Husleie mars' },
      { ...line(1, 1920, -1250000), description: '' },
    ])
    draft.title = 'Husleie'
    const body = bookingBody(draft)
    expect(body[0]!.DraftLines.map((l) => l.Description)).toEqual(['Husleie mars', undefined])
    expect(Object.keys(body[0]!)).toEqual(['DraftLines', 'FileIDs'])
    expect(JSON.stringify(body)).not.toContain('[ld:')
  })

  it('sends the department and project of a line for main to book on their Dimensions row', () => {
    const draft = draftOf([
      { ...line(1, 6300, 500), departmentId: 22, projectId: 31 },
      { ...line(1, 6540, 100), departmentId: 22 },
      line(1, 1920, -600),
    ])
    const [entry] = bookingBody(draft)
    expect(entry!.DraftLines.map((l) => ('Dimensions' in l ? l.Dimensions : null))).toEqual([
      { DepartmentID: 22, ProjectID: 31 },
      { DepartmentID: 22, ProjectID: null },
      null,
    ])
  })

  it('puts the platform refusal on the line it names and the rest on the draft', () => {
    const draft = draftOf([
      emptyLine(1, null),
      line(1, 6300, 100),
      line(1, 1920, -100),
      line(2, 6300, 5),
      line(2, 1920, -5),
    ])
    const refused = applyRefusal(
      draft,
      [
        { PropertyName: '[1].DraftLines[1].AccountID', Message: 'account 1920 is locked' },
        { PropertyName: '', Message: 'Accounting is locked until 31.12.2025' },
      ],
      'refused',
    )
    expect(refused.lines.map((l) => l.refusal)).toEqual([null, null, null, null, 'account 1920 is locked'])
    expect(refused.refusal).toBe('Accounting is locked until 31.12.2025')
    expect(refused.state).toBe('failed')
  })

  it('saves a template without dates and applies it on a chosen date', () => {
    const draft = draftOf([line(1, 6300, 1250000, 7), line(1, 1920, -1250000), emptyLine(1, null)])
    const template = templateOf(draft, 'Husleie')
    expect(template.lines).toHaveLength(2)
    const applied = draftFromTemplate(template, '2026-02-28')
    expect(applied.lines.map((l) => [l.date, l.accountId, l.amount])).toEqual([
      ['2026-02-28', 6300, 1250000],
      ['2026-02-28', 1920, -1250000],
    ])
    expect(applied.id).not.toBe(draft.id)
    expect(applied.title).toBe('Husleie')
  })
})
