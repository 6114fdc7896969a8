// The office's memory of a supplier and the platform's smart booking, read against the client's chart.
import { describe, expect, it } from 'vitest'
import { officeCoding, type ClientChart, type OfficeEvidence } from './office-memory.ts'
import { suggestionCoding } from './ledger-suggestions.ts'
import type { Row } from './invoice-rows.ts'

let nextId = 1000
/** An invoice of another client coded to `accountId` with `vatId`. */
const coded = (accountId: number, vatId: number | null, day: string): Row => ({
  ID: nextId++,
  SupplierID: 7,
  InvoiceDate: day,
  JournalEntry: { DraftLines: [{ ID: nextId++, AccountID: accountId, VatTypeID: vatId, Amount: 1250 }] },
})

/** Another client whose chart has `accounts` (ID → number, name) and VAT types (ID → code). */
function client(
  companyKey: string,
  invoices: Row[],
  accounts: Record<number, [number, string]>,
  vatTypes: Record<number, string> = { 501: '1' },
): OfficeEvidence {
  return {
    companyKey,
    invoices,
    accounts: new Map(
      Object.entries(accounts).map(([id, [AccountNumber, AccountName]]) => [
        Number(id),
        { ID: Number(id), AccountNumber, AccountName },
      ]),
    ),
    vatTypes: new Map(
      Object.entries(vatTypes).map(([id, VatCode]) => [Number(id), { ID: Number(id), VatCode }]),
    ),
  }
}

/** This client's chart: 6540 Inventar (ID 40), 6800 Kontorrekvisita (ID 41), VAT code 1 (ID 101). */
const chart = (overrides: Partial<Record<number, Row>> = {}, vatTypes?: Row[]): ClientChart => ({
  accounts: [
    { ID: 40, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 101, ...overrides[6540] },
    { ID: 41, AccountNumber: 6800, AccountName: 'Kontorrekvisita', VatTypeID: 101, ...overrides[6800] },
  ],
  vatTypes: vatTypes ?? [{ ID: 101, VatCode: '1', Name: 'Inngående 25 %' }],
})

const inventar = (key: string, day = '2026-10-01') =>
  client(key, [coded(640, 501, day)], { 640: [6540, 'Inventar'] })

describe('office memory', () => {
  it('proposes the account by number and name in this client’s chart, with the clients that used it', () => {
    const coding = officeCoding([inventar('a'), inventar('b'), inventar('c')], chart())
    expect(coding.notes).toEqual([])
    expect(coding.proposals.AccountID).toEqual({
      value: 40,
      source: 'office',
      count: 3,
      total: 3,
      account: '6540 Inventar',
    })
    // The VAT code by its SAF-T code, as this client's own VAT type.
    expect(coding.proposals.VatTypeID).toMatchObject({ value: 101, source: 'office', count: 3 })
  })

  it('follows most clients, then the one that used the supplier last', () => {
    const rekvisita = (key: string, day: string) =>
      client(key, [coded(680, 501, day)], { 680: [6800, 'Kontorrekvisita'] })
    expect(
      officeCoding([inventar('a'), rekvisita('b', '2026-11-01'), inventar('c')], chart()).proposals.AccountID,
    ).toMatchObject({ value: 40, count: 2, total: 3 })
    expect(
      officeCoding([inventar('a', '2026-09-01'), rekvisita('b', '2026-11-01')], chart()).proposals.AccountID,
    ).toMatchObject({ value: 41, count: 1 })
  })

  it('never proposes a number named otherwise here, and says so', () => {
    const coding = officeCoding([inventar('a'), inventar('b')], chart({ 6540: { AccountName: 'Verktøy' } }))
    expect(coding.proposals).toEqual({})
    expect(coding.notes).toEqual([
      { kind: 'nameDiffers', account: '6540 Inventar', clients: 2, here: '6540 Verktøy' },
    ])
    // Case and spacing are not a different name.
    expect(
      officeCoding([inventar('a')], chart({ 6540: { AccountName: ' inventar ' } })).proposals.AccountID
        ?.value,
    ).toBe(40)
  })

  it('never proposes an account this client lacks, has locked or hidden', () => {
    const missing = officeCoding([inventar('a')], { ...chart(), accounts: chart().accounts.slice(1) })
    expect(missing).toEqual({
      proposals: {},
      notes: [{ kind: 'missing', account: '6540 Inventar', clients: 1 }],
    })
    for (const closed of [{ Locked: true }, { Visible: false }, { Deleted: true }]) {
      const coding = officeCoding([inventar('a')], chart({ 6540: closed }))
      expect(coding.proposals).toEqual({})
      expect(coding.notes[0]?.kind).toBe(closed.Deleted ? 'missing' : 'locked')
    }
  })

  it('proposes the VAT code only when this client has it in use', () => {
    const hidden = [{ ID: 101, VatCode: '1', Name: 'Inngående 25 %', Visible: false }]
    const coding = officeCoding([inventar('a')], chart({}, hidden))
    expect(coding.proposals.AccountID?.value).toBe(40)
    expect(coding.proposals.VatTypeID).toBeUndefined()
    const other = officeCoding([inventar('a')], chart({}, [{ ID: 111, VatCode: '11', Name: '15 %' }]))
    expect(other.proposals.VatTypeID).toBeUndefined()
  })

  it('proposes nothing from clients without coding for the supplier', () => {
    const uncoded = client('a', [{ ID: 1, SupplierID: 7, InvoiceDate: '2026-10-01' }], {})
    expect(officeCoding([uncoded], chart())).toEqual({ proposals: {}, notes: [] })
    expect(officeCoding([], chart())).toEqual({ proposals: {}, notes: [] })
  })
})

describe('smart booking (ledgersuggestions)', () => {
  const s = (fields: Partial<Record<string, unknown>>) => ({
    AccountID: null,
    AccountNumber: null,
    AccountName: null,
    VatTypeID: null,
    VatCode: null,
    ...fields,
  })

  it('takes the first suggestion the chart allows, by number and name, else by the company’s own ID', () => {
    const locked = chart({ 6540: { Locked: true } })
    expect(
      suggestionCoding([s({ AccountNumber: 6540 }), s({ AccountNumber: 6800, VatCode: '1' })], locked),
    ).toEqual({
      AccountID: {
        value: 41,
        source: 'ledgerSuggestion',
        count: 0,
        total: 0,
        account: '6800 Kontorrekvisita',
      },
      VatTypeID: {
        value: 101,
        source: 'ledgerSuggestion',
        count: 0,
        total: 0,
        account: '6800 Kontorrekvisita',
      },
    })
    expect(suggestionCoding([s({ AccountNumber: 6540, AccountName: 'Verktøy' })], chart())).toEqual({})
    expect(suggestionCoding([s({ AccountID: 40, VatTypeID: 101 })], chart())).toMatchObject({
      AccountID: { value: 40 },
      VatTypeID: { value: 101 },
    })
    expect(suggestionCoding([s({ AccountNumber: 1920 })], chart())).toEqual({})
  })
})
