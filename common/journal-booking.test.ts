import { describe, expect, it } from 'vitest'
import {
  matchBooking,
  partlyBookedMessage,
  withoutBookingMarker,
  type FoundLine,
  type SentEntry,
} from './journal-booking.ts'

const anne = '5f1c2b9e-0000-4000-8000-00000000a11e'
const origin = { createdBy: anne, since: '2026-03-31T10:00:00.000Z' }

const rent: SentEntry = {
  DraftLines: [
    {
      AccountID: 6300,
      Amount: '12500.00',
      FinancialDate: '2026-03-31',
      Description: 'Husleie',
      VatTypeID: 7,
    },
    { AccountID: 1920, Amount: '-12500.00', FinancialDate: '2026-03-31', Description: 'Husleie' },
  ],
}
const fee: SentEntry = {
  DraftLines: [
    { AccountID: 7770, Amount: 95.5, FinancialDate: '2026-03-31' },
    { AccountID: 1920, Amount: '-95.50', FinancialDate: '2026-03-31' },
  ],
}

let nextId = 1000
function booked(entryId: number, number: string, lines: Partial<FoundLine>[]): FoundLine[] {
  return lines.map((l) => ({
    ID: nextId++,
    JournalEntryID: entryId,
    JournalEntryNumber: number,
    AccountID: null,
    Amount: null,
    FinancialDate: '2026-03-31',
    Description: null,
    CreatedBy: anne,
    CreatedAt: '2026-03-31T10:00:01.250Z',
    Deleted: false,
    ...l,
  }))
}

/** The lines the platform books for the rent (VAT split off on 2710) and the fee. */
const rentLines = (id = 90, number = '7-2026') =>
  booked(id, number, [
    { AccountID: 6300, Amount: 10000, Description: 'Husleie' },
    { AccountID: 2710, Amount: 2500, Description: 'Inngående mva 25 %' },
    { AccountID: 1920, Amount: -12500, Description: 'Husleie' },
  ])
const feeLines = (id = 91, number = '8-2026') =>
  booked(id, number, [
    { AccountID: 7770, Amount: '95.50', Description: '' },
    { AccountID: 1920, Amount: '-95.50' },
  ])

describe('finding a booking again by what it was sent with', () => {
  it('answers the entries of a booking found whole, in the order of the request', () => {
    const lines = [...feeLines(), ...rentLines()]
    expect(matchBooking([rent, fee], lines, origin)).toEqual({
      found: 'all',
      entries: [
        { ID: 90, JournalEntryNumber: '7-2026' },
        { ID: 91, JournalEntryNumber: '8-2026' },
      ],
    })
  })

  it('finds nothing in rows the platform should have filtered out: other users, older, deleted, other values', () => {
    const rows = [
      ...booked(80, '1-2026', [{ AccountID: 7770, Amount: 95.5, CreatedBy: 'someone-else' }]),
      ...booked(81, '2-2026', [{ AccountID: 7770, Amount: 95.5, CreatedAt: '2026-03-31T09:59:59.000Z' }]),
      ...booked(82, '3-2026', [{ AccountID: 7770, Amount: 95.5, Deleted: true }]),
      ...booked(83, '4-2026', [{ AccountID: 7770, Amount: 95.5, Description: 'Gebyr' }]),
      ...booked(84, '5-2026', [{ AccountID: 7770, Amount: 95.4 }]),
      ...booked(85, '6-2026', [{ AccountID: 7770, Amount: 95.5, FinancialDate: '2026-03-30' }]),
      ...booked(86, '9-2026', [{ AccountID: 7770, Amount: 95.5, CreatedBy: undefined }]),
    ]
    expect(matchBooking([fee], rows, origin)).toEqual({ found: 'none' })
  })

  it('names the entries to check when only part of a batch is found', () => {
    expect(matchBooking([rent, fee], rentLines(), origin)).toEqual({ found: 'partly', numbers: ['7-2026'] })
    // One line of an entry is not a booked entry either.
    expect(matchBooking([fee], feeLines().slice(1), origin)).toEqual({
      found: 'partly',
      numbers: ['8-2026'],
    })
  })

  it('takes one journal entry per sent entry: two identical entries need two', () => {
    expect(matchBooking([fee, fee], feeLines(91, '8-2026'), origin)).toEqual({
      found: 'partly',
      numbers: ['8-2026'],
    })
    expect(matchBooking([fee, fee], [...feeLines(92, '9-2026'), ...feeLines(91, '8-2026')], origin)).toEqual({
      found: 'all',
      entries: [
        { ID: 91, JournalEntryNumber: '8-2026' },
        { ID: 92, JournalEntryNumber: '9-2026' },
      ],
    })
  })

  it('without a known first send, any time counts', () => {
    const old = booked(70, '3-2026', [
      { AccountID: 7770, Amount: 95.5, CreatedAt: '2020-01-01T00:00:00Z' },
      { AccountID: 1920, Amount: -95.5, CreatedAt: '2020-01-01T00:00:00Z' },
    ])
    expect(matchBooking([fee], old, { createdBy: anne, since: null })).toMatchObject({ found: 'all' })
    expect(matchBooking([fee], old, origin)).toEqual({ found: 'none' })
  })

  it('words what the accountant checks', () => {
    expect(partlyBookedMessage(['7-2026'])).toBe(
      'Part of this booking may already be on the platform; check entry 7-2026 before booking again',
    )
    expect(partlyBookedMessage(['7-2026', '8-2026'])).toMatch(/check entries 7-2026, 8-2026 before/)
  })
})

describe('the marker of earlier versions', () => {
  it('is left out where the app shows a Description, and the rest is kept as written', () => {
    expect(withoutBookingMarker('Husleie mars [ld:0f3a9c2e-2]')).toBe('Husleie mars')
    expect(withoutBookingMarker('[ld:0f3a9c2e-1]')).toBe('')
    expect(withoutBookingMarker('Gebyr [ld:notamark-1] bank')).toBe('Gebyr [ld:notamark-1] bank')
    expect(withoutBookingMarker(null)).toBe('')
  })
})
