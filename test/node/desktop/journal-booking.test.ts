// Booking a journal draft the way the outbox does it, against the real local platform: main's sync service
// executes the book-journal-entries entry and answers its entries in the order of the request; a retry after
// an unknown outcome finds the booked entries by what they were sent with and books nothing twice; a
// refusal names the entry and line; the search finds the entry by number, date, account and amount, with
// its VAT line and its file; a PDF dropped on a draft is uploaded to the company's files and booked with
// the entry, anything else is refused by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxCommand, type OutboxOutcome } from '../../../common/bridge/outbox.ts'
import { createApiClient, type ApiClient } from '../../../electron/main/services/api/client.ts'
import { createJournalService } from '../../../electron/main/services/journal/journal-service.ts'
import type { BookedJournalEntry } from '../../../common/bridge/journal.ts'
import { createSyncService } from '../../../electron/main/services/sync/sync-service.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api as raw, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
let p: TestPlatform
let client: ApiClient
let sync: ReturnType<typeof createSyncService>
let journal: ReturnType<typeof createJournalService>
let account: (n: number) => number
let inputVat25: { ID: number; IncomingAccountID: number }

interface DimensionsRow {
  DepartmentID: number | null
  ProjectID: number | null
}

beforeAll(async () => {
  p = await startTestPlatform()
  const token = await p.token(DEMO_USERS.anne.email)
  const grant = { accessToken: token, apiBaseUrl: new URL('/', p.urls.base).toString() }
  client = createApiClient({
    fetch: (input, init) => fetch(input, init),
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
  sync = createSyncService({ api: async () => client, fetch: (input, init) => fetch(input, init) })
  journal = createJournalService({ api: async () => client })
  const accounts = await client.get<{ ID: number; AccountNumber: number }[]>('api/biz/accounts', {
    companyKey: nordlys,
    query: { select: 'ID,AccountNumber', top: 1000 },
  })
  account = (n) => accounts.find((a) => a.AccountNumber === n)!.ID
  const [vat] = await client.get<{ ID: number; IncomingAccountID: number }[]>('api/biz/vattypes', {
    companyKey: nordlys,
    query: { filter: "VatCode eq '1'" },
  })
  inputVat25 = vat!
}, 120_000)
afterAll(() => p?.close())

/** The booking as the outbox sends it, checked against the outbox union as the bridge checks it. */
function command(body: unknown, attempts: number, firstSentAt: string | null = null): OutboxCommand {
  return OutboxCommand.parse({
    entity: 'JournalEntry',
    action: 'book-journal-entries',
    body,
    entityId: -1,
    base: {},
    baseUpdatedAt: null,
    operationKey: crypto.randomUUID(),
    attempts,
    firstSentAt,
  })
}

/** The IDs of the entries a booking answered, in the order of the request. */
function bookedIds(outcome: OutboxOutcome): number[] {
  if (outcome.status !== 'done') throw new Error(`not booked: ${JSON.stringify(outcome)}`)
  return (outcome.rows ?? []).map((r) => Number(r.ID))
}

/** The booked lines of an amount on a date made since a moment (each booking of it makes one). */
async function linesOf(amount: string, date: string, since: string): Promise<number> {
  const rows = await client.statistics(
    {
      model: 'JournalEntryLine',
      select: 'ID as ID',
      filter: `Deleted eq 0 and Amount eq ${amount} and FinancialDate eq '${date}' and CreatedAt ge '${since}'`,
    },
    { companyKey: nordlys },
  )
  return rows.length
}

describe('booking journal entries through the outbox', () => {
  it('books a batch with 25 % input VAT once, and a retry after an unknown outcome sends nothing again', async () => {
    const body = [
      {
        DraftLines: [
          {
            AccountID: account(6300),
            Amount: '12500.00',
            FinancialDate: '2026-03-31',
            Description: 'Husleie',
            VatTypeID: inputVat25.ID,
          },
          {
            AccountID: account(1920),
            Amount: '-12500.00',
            FinancialDate: '2026-03-31',
            Description: 'Husleie',
          },
        ],
        FileIDs: [],
      },
      {
        DraftLines: [
          { AccountID: account(7770), Amount: '95.50', FinancialDate: '2026-03-31', Description: 'Gebyr' },
          { AccountID: account(1920), Amount: '-95.50', FinancialDate: '2026-03-31' },
        ],
      },
    ]
    const sentAt = new Date().toISOString()
    const first = await sync.execute(nordlys, command(body, 0))
    const ids = bookedIds(first)
    expect(ids).toHaveLength(2)
    // The answer was lost on the way back: the engine sends the entry again with attempts 1.
    const retry = await sync.execute(nordlys, command(body, 1, sentAt))
    expect(bookedIds(retry)).toEqual(ids)
    expect(await linesOf('-12500.00', '2026-03-31', sentAt)).toBe(1)
    expect(await linesOf('-95.50', '2026-03-31', sentAt)).toBe(1)

    const booked = await journal.entries(nordlys, ids)
    expect(booked.map((e) => e.JournalEntryNumber)).toEqual([
      expect.stringMatching(/^\d+-2026$/),
      expect.stringMatching(/^\d+-2026$/),
    ])
    const [rent, fee] = booked as [BookedJournalEntry, BookedJournalEntry]
    expect(rent.Description).toBe('Husleie')
    expect(fee.Description).toBe('Gebyr')
    expect(rent.Lines.map((l) => [l.AccountID, Number(l.Amount)]).sort()).toEqual(
      [
        [account(6300), 10000],
        [inputVat25.IncomingAccountID, 2500],
        [account(1920), -12500],
      ].sort(),
    )
    // `7` is that number in any year.
    const bare = rent.JournalEntryNumber!.split('-')[0]!
    expect((await journal.search(nordlys, { number: bare })).map((e) => e.ID)).toContain(rent.ID)

    const byNumber = await journal.search(nordlys, { number: rent.JournalEntryNumber! })
    expect(byNumber.map((e) => e.ID)).toEqual([rent.ID])
    const byAmountAndAccount = await journal.search(nordlys, {
      amountOre: 1250000,
      accountId: account(1920),
      from: '2026-03-01',
      to: '2026-03-31',
    })
    expect(byAmountAndAccount.map((e) => e.ID)).toContain(rent.ID)
    expect(byAmountAndAccount.every((e) => e.Lines.some((l) => Math.abs(Number(l.Amount)) === 12500))).toBe(
      true,
    )
    const otherMonth = await journal.search(nordlys, {
      amountOre: 1250000,
      from: '2026-04-01',
      to: '2026-04-30',
    })
    expect(otherMonth.map((e) => e.ID)).not.toContain(rent.ID)
  })

  it('a first send that fails books nothing; the refusal names the entry and the line', async () => {
    const sentAt = new Date().toISOString()
    const body = [
      {
        DraftLines: [
          { AccountID: account(6300), Amount: '100.00', FinancialDate: '2026-03-31' },
          { AccountID: 99999999, Amount: '-100.00', FinancialDate: '2026-03-31' },
        ],
      },
    ]
    const outcome = await sync.execute(nordlys, command(body, 0))
    expect(outcome.status).toBe('failed')
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/^Entry 1, line 2: /)
    expect(await journal.findBooking(nordlys, body, sentAt)).toEqual({ found: 'none' })
  })

  it("keeps one company's entries out of another's search", async () => {
    const aurora: string = DEMO_COMPANIES.aurora.key
    await sync.execute(
      nordlys,
      command(
        [
          {
            DraftLines: [
              { AccountID: account(6300), Amount: '4321.09', FinancialDate: '2026-03-30' },
              { AccountID: account(1920), Amount: '-4321.09', FinancialDate: '2026-03-30' },
            ],
          },
        ],
        0,
      ),
    )
    expect((await journal.search(nordlys, { amountOre: 432109 })).length).toBe(1)
    const token = await p.token(DEMO_USERS.anne.email, { companyKey: aurora })
    const seen = await raw(p.urls.base, 'GET', 'api/biz/journalentrylines?filter=Amount eq 4321.09', {
      token,
      companyKey: aurora,
    })
    expect(seen.body).toEqual([])
    expect((await journal.search(aurora, { amountOre: 432109 })).length).toBe(0)
  })

  it('books lines on a department and a project through one Dimensions row per combination, reused later', async () => {
    const [department] = await client.get<{ ID: number }[]>('api/biz/departments', {
      companyKey: nordlys,
      query: { filter: "DepartmentNumber eq '2'" },
    })
    const [project] = await client.get<{ ID: number }[]>('api/biz/projects', {
      companyKey: nordlys,
      query: { filter: "ProjectNumber eq '101'" },
    })
    const both = { DepartmentID: department!.ID, ProjectID: project!.ID }
    const book = async (amount: string) => {
      const outcome = await sync.execute(
        nordlys,
        command(
          [
            {
              DraftLines: [
                { AccountID: account(6300), Amount: amount, FinancialDate: '2026-03-29', Dimensions: both },
                {
                  AccountID: account(6540),
                  Amount: '10.00',
                  FinancialDate: '2026-03-29',
                  Dimensions: { DepartmentID: department!.ID, ProjectID: null },
                },
                {
                  AccountID: account(1920),
                  Amount: `-${(Number(amount) + 10).toFixed(2)}`,
                  FinancialDate: '2026-03-29',
                },
              ],
            },
          ],
          0,
        ),
      )
      const [id] = bookedIds(outcome)
      // The platform's own record of the lines' Dimensions (the app reads no Dimensions back).
      return client.get<{ ID: number; DimensionsID: number | null; Dimensions: DimensionsRow | null }[]>(
        'api/biz/journalentrylines',
        {
          companyKey: nordlys,
          query: { filter: `JournalEntryID eq ${id}`, expand: 'Dimensions', orderby: 'ID' },
        },
      )
    }
    const first = await book('777.00')
    expect(first.map((l) => [l.Dimensions?.DepartmentID ?? null, l.Dimensions?.ProjectID ?? null])).toEqual([
      [department!.ID, project!.ID],
      [department!.ID, null],
      [null, null],
    ])
    const again = await book('778.00')
    // The second booking reuses the rows the first one made: no new Dimensions row per booking.
    expect(again.map((l) => l.DimensionsID)).toEqual(first.map((l) => l.DimensionsID))
  })

  it('uploads a dropped PDF to the company and books it with the entry; refuses a file that is not a document', async () => {
    const pdf = Buffer.from((await generateInvoice(11)).pdf)
    const uploaded = await journal.uploadDocument(nordlys, {
      name: 'kvittering.pdf',
      data: pdf.toString('base64'),
    })
    expect(uploaded).toEqual({ fileId: expect.any(Number), name: 'kvittering.pdf', size: pdf.length })
    const file = await client.get<{ Name: string; ContentLength?: number }>(
      `api/biz/files/${uploaded.fileId}`,
      { companyKey: nordlys },
    )
    expect(file.Name).toBe('kvittering.pdf')
    // The file belongs to Nordlys only.
    await expect(
      client.get(`api/biz/files/${uploaded.fileId}`, { companyKey: DEMO_COMPANIES.fjordbygg.key }),
    ).rejects.toMatchObject({ status: 404 })

    const body = [
      {
        DraftLines: [
          {
            AccountID: account(7770),
            Amount: '120.00',
            FinancialDate: '2026-03-31',
            Description: 'Kvittering',
          },
          { AccountID: account(1920), Amount: '-120.00', FinancialDate: '2026-03-31' },
        ],
        FileIDs: [uploaded.fileId],
      },
    ]
    const ids = bookedIds(await sync.execute(nordlys, command(body, 0)))
    const [booked] = await journal.entries(nordlys, ids)
    expect(booked!.FileIDs).toEqual([uploaded.fileId])

    await expect(
      journal.uploadDocument(nordlys, {
        name: 'lønn.xlsx',
        data: Buffer.from('PK\u0003\u0004 not a document').toString('base64'),
      }),
    ).rejects.toMatchObject({ code: 'JOURNAL_NOT_A_DOCUMENT' })
  })
})
