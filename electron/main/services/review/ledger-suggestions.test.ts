// Reading the platform's smart booking answer, whose shape the field notes do not give.
import { describe, expect, it } from 'vitest'
import { readSuggestions } from './ledger-suggestions.ts'

describe('ledgersuggestions answers', () => {
  it('reads a list, one suggestion, or an object holding the list; accounts directly or expanded', () => {
    const one = { AccountNumber: 6540, AccountName: 'Inventar', VatCode: '1' }
    const expected = {
      AccountID: null,
      AccountNumber: 6540,
      AccountName: 'Inventar',
      VatTypeID: null,
      VatCode: '1',
    }
    expect(readSuggestions([one])).toEqual([expected])
    expect(readSuggestions(one)).toEqual([expected])
    expect(readSuggestions({ Suggestions: [one] })).toEqual([expected])
    expect(
      readSuggestions([
        {
          accountid: '12',
          Account: { AccountNumber: 6800, AccountName: 'Kontorrekvisita' },
          VatType: { ID: 5 },
        },
      ]),
    ).toEqual([
      { AccountID: 12, AccountNumber: 6800, AccountName: 'Kontorrekvisita', VatTypeID: 5, VatCode: null },
    ])
  })

  it('leaves out what names no account, and answers that are not suggestions', () => {
    expect(readSuggestions([{ VatCode: '1' }, null, 'x', { AccountNumber: -3 }])).toEqual([])
    expect(readSuggestions(null)).toEqual([])
    expect(readSuggestions('6540')).toEqual([])
  })
})
