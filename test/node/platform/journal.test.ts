// Journal entries over HTTP (spec 2.14, 4.6; field notes "Journal entries"): booking with numbers
// per company and year, VAT lines, balance and lock-date rules, files, immutable booked lines, and
// the account and VAT type lookups.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

const accounts = new Map<string, number>()
async function account(n: number, companyKey = nordlys): Promise<number> {
  const key = `${companyKey}:${n}`
  if (!accounts.has(key)) {
    const r = await call(
      'GET',
      `api/biz/accounts?filter=accountnumber eq ${n}&select=ID`,
      undefined,
      companyKey,
    )
    expect(r.body).toHaveLength(1)
    accounts.set(key, r.body[0].ID)
  }
  return accounts.get(key)!
}
async function vatType(code: string): Promise<{ ID: number; VatPercent: number; IncomingAccountID: number }> {
  const r = await call('GET', `api/biz/vattypes?filter=VatCode eq '${code}'`)
  expect(r.body).toHaveLength(1)
  return r.body[0]
}
const book = (entries: unknown, query = '', companyKey = nordlys) =>
  call('POST', `api/biz/journalentries?action=book-journal-entries${query}`, entries, companyKey)

/** A simple balanced entry: bank against a cost account. */
async function simple(amount: number, date = '2026-05-10', companyKey = nordlys) {
  return {
    DraftLines: [
      {
        AccountID: await account(6800, companyKey),
        Amount: amount,
        FinancialDate: date,
        Description: 'Kontorrekvisita',
      },
      {
        AccountID: await account(1920, companyKey),
        Amount: -amount,
        FinancialDate: date,
        Description: 'Bank',
      },
    ],
  }
}

const NBSP = '\u00a0'

describe('book-journal-entries', () => {
  it('books a balanced entry with a number n-year, its booked lines and its draft lines', async () => {
    const r = await book([await simple(199.9)])
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(1)
    const [entry] = r.body
    expect(entry.JournalEntryNumber).toMatch(/^\d+-2026$/)
    expect(entry.DraftLines).toHaveLength(2)
    expect(entry.Lines).toHaveLength(2)
    const lines = [...entry.Lines].sort((a, b) => a.SortIndex - b.SortIndex)
    expect(lines.map((l: { Amount: number }) => l.Amount)).toEqual([199.9, -199.9])
    expect(lines[0]).toMatchObject({
      AccountID: await account(6800),
      FinancialDate: '2026-05-10',
      VatDate: '2026-05-10',
      JournalEntryNumber: entry.JournalEntryNumber,
      Description: 'Kontorrekvisita',
    })
    // Omitted fields filled: the company's base currency (NOK).
    const nok = (await call('GET', "api/biz/currencycodes?filter=Code eq 'NOK'")).body[0]
    expect(lines[0].CurrencyCodeID).toBe(nok.ID)
    expect(lines[0].AmountCurrency).toBe(199.9)

    const read = await call('GET', `api/biz/journalentries/${entry.ID}?expand=Lines`)
    expect(read.status).toBe(200)
    expect(read.body.JournalEntryNumber).toBe(entry.JournalEntryNumber)
    expect(read.body.Lines.map((l: { ID: number }) => l.ID).sort()).toEqual(
      lines.map((l: { ID: number }) => l.ID).sort(),
    )
  })

  it('answers the entries in request order with consecutive numbers', async () => {
    const r = await book([await simple(10), await simple(20), await simple(30)])
    expect(r.status).toBe(200)
    const numbers = r.body.map((e: { JournalEntryNumberNumeric: number }) => e.JournalEntryNumberNumeric)
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2])
    expect(
      r.body.map((e: { Lines: { Amount: number }[] }) => Math.max(...e.Lines.map((l) => l.Amount))),
    ).toEqual([10, 20, 30])
  })

  it('refuses an unbalanced entry with the difference, and books nothing of the request', async () => {
    const before = (await call('GET', 'api/biz/journalentries?select=ID')).body.length
    const bad = {
      DraftLines: [
        { AccountID: await account(6800), Amount: 1250, FinancialDate: '2026-05-10' },
        { AccountID: await account(1920), Amount: -1000, FinancialDate: '2026-05-10' },
      ],
    }
    const r = await book([await simple(5), bad])
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe(
      `Entry 2 does not balance: debit 1${NBSP}250,00 – credit 1${NBSP}000,00 = 250,00`,
    )
    expect(r.body.Messages[0]).toMatchObject({ PropertyName: '[1].DraftLines', Level: 30 })
    expect((await call('GET', 'api/biz/journalentries?select=ID')).body.length).toBe(before)
  })

  it('names the line and the id of an unknown account', async () => {
    const r = await book([
      {
        DraftLines: [
          { AccountID: await account(6800), Amount: 100, FinancialDate: '2026-05-10' },
          { AccountID: 987654, Amount: -100, FinancialDate: '2026-05-10' },
        ],
      },
    ])
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe('Entry 1, line 2: account 987654 does not exist')
    expect(r.body.Messages[0].PropertyName).toBe('[0].DraftLines[1].AccountID')
  })

  it('refuses an account of another company as unknown', async () => {
    const other = await account(6800, fjordbygg)
    const mine = await account(6800)
    if (other === mine) return expect(other).toBe(mine) // ids are per company; only a distinct id proves it
    const r = await book([
      {
        DraftLines: [
          { AccountID: other, Amount: 100, FinancialDate: '2026-05-10' },
          { AccountID: await account(1920), Amount: -100, FinancialDate: '2026-05-10' },
        ],
      },
    ])
    expect(r.status).toBe(400)
  })

  it('refuses a locked account, naming it', async () => {
    const id = await account(8040)
    expect((await call('PUT', `api/biz/accounts/${id}`, { Locked: true })).status).toBe(200)
    const r = await book([
      {
        DraftLines: [
          { AccountID: id, Amount: -50, FinancialDate: '2026-05-10' },
          { AccountID: await account(1920), Amount: 50, FinancialDate: '2026-05-10' },
        ],
      },
    ])
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/^Entry 1, line 1: account \d+ \(8040 Renteinntekt\) is locked$/)
    await call('PUT', `api/biz/accounts/${id}`, { Locked: false })
  })

  it('names a line without FinancialDate', async () => {
    const r = await book([
      {
        DraftLines: [
          { AccountID: await account(6800), Amount: 100, FinancialDate: '2026-05-10' },
          { AccountID: await account(1920), Amount: -100 },
        ],
      },
    ])
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe('Entry 1, line 2: FinancialDate is required')
  })

  it('splits a gross line with a VAT type: 1250 at 25% books 1000 net and 250 input VAT', async () => {
    const vat = await vatType('1')
    expect(vat.VatPercent).toBe(25)
    const r = await book([
      {
        DraftLines: [
          { AccountID: await account(6800), Amount: 1250, VatTypeID: vat.ID, FinancialDate: '2026-05-11' },
          { AccountID: await account(2400), Amount: -1250, FinancialDate: '2026-05-11' },
        ],
      },
    ])
    expect(r.status).toBe(200)
    const lines = r.body[0].Lines as {
      AccountID: number
      Amount: number
      VatTypeID: number
      VatPercent: number
    }[]
    expect(lines).toHaveLength(3)
    const byAccount = Object.fromEntries(lines.map((l) => [l.AccountID, l]))
    expect(byAccount[await account(6800)]).toMatchObject({ Amount: 1000, VatTypeID: vat.ID, VatPercent: 25 })
    expect(vat.IncomingAccountID).toBe(await account(2710))
    expect(byAccount[await account(2710)]!.Amount).toBe(250)
    expect(byAccount[await account(2400)]!.Amount).toBe(-1250)
    // The draft line keeps the gross amount the client sent.
    expect(r.body[0].DraftLines.find((d: { VatTypeID: number }) => d.VatTypeID === vat.ID).Amount).toBe(1250)
  })

  it('rounds VAT to the øre half away from zero and still balances', async () => {
    const vat = await vatType('13')
    // 0.14 at 12%: VAT 14 * 12 / 112 = 1.5 øre -> 2 øre; a credit of 0.14 gives -2 øre.
    const r = await book([
      {
        DraftLines: [
          { AccountID: await account(7140), Amount: 0.14, VatTypeID: vat.ID, FinancialDate: '2026-05-11' },
          { AccountID: await account(7140), Amount: -0.14, VatTypeID: vat.ID, FinancialDate: '2026-05-11' },
          { AccountID: await account(7140), Amount: 100.01, VatTypeID: vat.ID, FinancialDate: '2026-05-11' },
          { AccountID: await account(1920), Amount: -100.01, FinancialDate: '2026-05-11' },
        ],
      },
    ])
    expect(r.status).toBe(200)
    const amounts = r.body[0].Lines.map((l: { Amount: number }) => l.Amount).sort(
      (a: number, b: number) => a - b,
    )
    // 100.01 * 12 / 112 = 10.7154 -> 10.72, net 89.29.
    expect(amounts).toEqual([-100.01, -0.12, -0.02, 0.02, 0.12, 10.72, 89.29])
  })

  it('books output VAT on the outgoing account for a sale', async () => {
    const vat = await vatType('3')
    const r = await book([
      {
        DraftLines: [
          { AccountID: await account(3000), Amount: -500, VatTypeID: vat.ID, FinancialDate: '2026-05-12' },
          { AccountID: await account(1500), Amount: 500, FinancialDate: '2026-05-12' },
        ],
      },
    ])
    expect(r.status).toBe(200)
    const byAccount = Object.fromEntries(r.body[0].Lines.map((l: { AccountID: number }) => [l.AccountID, l]))
    expect(byAccount[await account(3000)].Amount).toBe(-400)
    expect(byAccount[await account(2700)].Amount).toBe(-100)
  })

  it('refuses a line dated on or before the accounting lock date unless the flag allows it', async () => {
    const settings = (await call('GET', 'api/biz/companysettings', undefined, fjordbygg)).body[0]
    expect(
      (
        await call(
          'PUT',
          `api/biz/companysettings/${settings.ID}`,
          { AccountingLockedDate: '2026-01-31' },
          fjordbygg,
        )
      ).status,
    ).toBe(200)
    const locked = await simple(75, '2026-01-31', fjordbygg)
    const r = await book([locked], '', fjordbygg)
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe(
      'Entry 1, line 1: FinancialDate 2026-01-31 is on or before the accounting lock date 2026-01-31; ' +
        'Entry 1, line 2: FinancialDate 2026-01-31 is on or before the accounting lock date 2026-01-31',
    )
    expect((await book([await simple(75, '2026-02-01', fjordbygg)], '', fjordbygg)).status).toBe(200)
    const allowed = await book([locked], '&allowJournalingRegardlessOfLockedDates=true', fjordbygg)
    expect(allowed.status).toBe(200)
    expect(allowed.body[0].JournalEntryNumber).toMatch(/-2026$/)
  })

  it('numbers per company and per year of the first line', async () => {
    const a = await book(
      [await simple(1, '2025-12-31'), await simple(1, '2027-01-01'), await simple(1, '2025-06-01')],
      '',
      DEMO_COMPANIES.aurora.key,
    )
    expect(a.status).toBe(200)
    const first = a.body.map((e: { JournalEntryNumber: string }) => e.JournalEntryNumber)
    expect(first[0]).toMatch(/^\d+-2025$/)
    expect(first[1]).toMatch(/^\d+-2027$/)
    const n2025 = Number(first[0].split('-')[0])
    expect(first[2]).toBe(`${n2025 + 1}-2025`)
    expect(a.body[1].FinancialYear).toBe(2027)
    // Another company's numbering is its own.
    const t = await book(
      [await simple(1, '2027-01-01', DEMO_COMPANIES.test.key)],
      '',
      DEMO_COMPANIES.test.key,
    )
    expect(t.status).toBe(200)
    expect(t.body[0].JournalEntryNumber).toBe(first[1])
  })

  it('gives concurrent bookings distinct numbers without gaps', async () => {
    const entries = await Promise.all(Array.from({ length: 8 }, () => simple(3, '2028-03-03')))
    const answers = await Promise.all(entries.map((e) => book([e])))
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200))
    const numbers = answers.map((r) => r.body[0].JournalEntryNumberNumeric as number).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => numbers[0]! + i))
    expect(answers.every((r) => r.body[0].JournalEntryNumber.endsWith('-2028'))).toBe(true)
  })

  it('links FileIDs to the entry and refuses an unknown file', async () => {
    const file = await call('POST', 'api/biz/files', { Name: 'bilag.pdf', ContentType: 'application/pdf' })
    expect(file.status).toBe(201)
    const r = await book([{ ...(await simple(42)), FileIDs: [file.body.ID] }])
    expect(r.status).toBe(200)
    const links = await call(
      'GET',
      `api/biz/fileentitylinks?filter=EntityType eq 'JournalEntry' and EntityID eq ${r.body[0].ID}`,
    )
    expect(links.body.map((l: { FileID: number }) => l.FileID)).toEqual([file.body.ID])
    const bad = await book([{ ...(await simple(42)), FileIDs: [999999] }])
    expect(bad.status).toBe(400)
    expect(bad.body.Message).toBe('Entry 1: file 999999 does not exist')
  })

  it('asks for an array when a single entry object is sent', async () => {
    const r = await book(await simple(5))
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/send an array/)
  })
})

describe('booked lines', () => {
  it('are immutable: amount, account and date refused, delete refused; the description may change', async () => {
    const [entry] = (await book([await simple(60)])).body
    const line = entry.Lines[0]
    for (const change of [
      { Amount: 1 },
      { AccountID: await account(1920) },
      { FinancialDate: '2026-01-01' },
    ]) {
      const r = await call('PUT', `api/biz/journalentrylines/${line.ID}`, change)
      expect(r.status).toBe(400)
      expect(r.body.Message).toContain(
        `Journal entry line ${line.ID} is booked: ${Object.keys(change)[0]} cannot be changed`,
      )
    }
    expect((await call('DELETE', `api/biz/journalentrylines/${line.ID}`)).status).toBe(400)
    const ok = await call('PUT', `api/biz/journalentrylines/${line.ID}`, {
      Description: 'Kontorrekvisita mai',
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ Description: 'Kontorrekvisita mai', Amount: line.Amount })
  })

  it('cannot be created directly, and a booked entry keeps its draft lines and number', async () => {
    const [entry] = (await book([await simple(61)])).body
    const direct = await call('POST', 'api/biz/journalentrylines', {
      JournalEntryID: entry.ID,
      AccountID: await account(1920),
      Amount: 5,
    })
    expect(direct.status).toBe(400)
    expect(direct.body.Message).toMatch(/created by booking/)
    const draft = entry.DraftLines[0]
    const change = await call('PUT', `api/biz/journalentries/${entry.ID}`, {
      DraftLines: [{ ID: draft.ID, Amount: 1 }],
    })
    expect(change.status).toBe(400)
    expect(change.body.Message).toBe(
      `Journal entry ${entry.JournalEntryNumber} is booked: its draft lines cannot be changed`,
    )
    expect((await call('DELETE', `api/biz/journalentries/${entry.ID}`)).status).toBe(400)
    const read = await call('GET', `api/biz/journalentries/${entry.ID}?expand=DraftLines,Lines`)
    expect(read.body.DraftLines.map((d: { Amount: number }) => d.Amount).sort()).toEqual([-61, 61])
    expect(read.body.Lines).toHaveLength(2)
  })
})

describe('lookups (spec 4.6)', () => {
  it('finds an account by number with the selected fields', async () => {
    const r = await call(
      'GET',
      'api/biz/accounts?filter=accountnumber eq 1920&select=ID,AccountNumber,AccountName,VatTypeID',
    )
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(1)
    expect(r.body[0]).toMatchObject({ AccountNumber: 1920, AccountName: 'Bankinnskudd', VatTypeID: null })
    // The query engine always adds ID, Deleted and CustomValues; other fields stay out.
    expect(Object.keys(r.body[0]).sort()).toEqual(
      ['AccountName', 'AccountNumber', 'CustomValues', 'Deleted', 'ID', 'VatTypeID'].sort(),
    )
  })

  it('lists VAT types with rate, SAF-T code and side', async () => {
    const r = await call('GET', 'api/biz/vattypes?select=ID,Name,VatPercent,VatCode,OutputVat')
    expect(r.status).toBe(200)
    expect(Object.keys(r.body[0]).sort()).toEqual(
      ['CustomValues', 'Deleted', 'ID', 'Name', 'OutputVat', 'VatCode', 'VatPercent'].sort(),
    )
    const high = r.body.find((v: { VatCode: string }) => v.VatCode === '3')
    expect(high).toMatchObject({ VatPercent: 25, OutputVat: true })
    expect(r.body.find((v: { VatCode: string }) => v.VatCode === '1')).toMatchObject({
      VatPercent: 25,
      OutputVat: false,
    })
  })
})
