// Booking a journal draft the way the outbox does it, against the real local platform: main's sync service
// executes the book-journal-entries entry; a retry after an unknown outcome finds the booked entries by
// their marker and books nothing twice; a refusal names the entry and line; the search finds the entry by
// number, date, account and amount, with its VAT line and its file; a PDF dropped on a draft is uploaded to the
// company's files and booked with the entry, anything else is refused by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxCommand } from '../../../common/bridge/outbox.ts'
import { bookingMarker } from '../../../common/journal-booking.ts'
import { createApiClient, type ApiClient } from '../../../electron/main/services/api/client.ts'
import { createJournalService } from '../../../electron/main/services/journal/journal-service.ts'
import { createSyncService } from '../../../electron/main/services/sync/sync-service.ts'
import { generateInvoice } from '../../../platform/ocr/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api as raw, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
let p: TestPlatform
let client: ApiClient
let sync: ReturnType<typeof createSyncService>
let journal: ReturnType<typeof createJournalService>
let account: (n: number) => number
let inputVat25: { ID: number; IncomingAccountID: number }

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
function command(body: unknown, operationKey: string, attempts: number): OutboxCommand {
  return OutboxCommand.parse({
    entity: 'JournalEntry',
    action: 'book-journal-entries',
    body,
    entityId: -1,
    base: {},
    baseUpdatedAt: null,
    operationKey,
    attempts,
  })
}

async function entriesWithMarker(key: string): Promise<number> {
  const found = await journal.bookedBy(nordlys, key)
  return found.length
}

describe('booking journal entries through the outbox', () => {
  it('books a batch with 25 % input VAT once, and a retry after an unknown outcome sends nothing again', async () => {
    const key = crypto.randomUUID()
    const body = [
      {
        Description: `Husleie ${bookingMarker(key, 1)}`,
        DraftLines: [
          {
            AccountID: account(6300),
            Amount: '12500.00',
            FinancialDate: '2026-03-31',
            VatTypeID: inputVat25.ID,
          },
          { AccountID: account(1920), Amount: '-12500.00', FinancialDate: '2026-03-31' },
        ],
        FileIDs: [],
      },
      {
        Description: `Gebyr ${bookingMarker(key, 2)}`,
        DraftLines: [
          { AccountID: account(7770), Amount: '95.50', FinancialDate: '2026-03-31' },
          { AccountID: account(1920), Amount: '-95.50', FinancialDate: '2026-03-31' },
        ],
      },
    ]
    const first = await sync.execute(nordlys, command(body, key, 0))
    expect(first.status).toBe('done')
    // The answer was lost on the way back: the engine sends the entry again with attempts 1.
    const retry = await sync.execute(nordlys, command(body, key, 1))
    expect(retry.status).toBe('done')
    expect(await entriesWithMarker(key)).toBe(2)

    const booked = await journal.bookedBy(nordlys, key)
    expect(booked.map((e) => e.JournalEntryNumber)).toEqual([
      expect.stringMatching(/^\d+-2026$/),
      expect.stringMatching(/^\d+-2026$/),
    ])
    const rent = booked.find((e) => e.Description?.startsWith('Husleie'))!
    expect(rent.Lines.map((l) => [l.AccountID, Number(l.Amount)]).sort()).toEqual(
      [
        [account(6300), 10000],
        [inputVat25.IncomingAccountID, 2500],
        [account(1920), -12500],
      ].sort(),
    )

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
    const key = crypto.randomUUID()
    const body = [
      {
        Description: bookingMarker(key, 1),
        DraftLines: [
          { AccountID: account(6300), Amount: '100.00', FinancialDate: '2026-03-31' },
          { AccountID: 99999999, Amount: '-100.00', FinancialDate: '2026-03-31' },
        ],
      },
    ]
    const outcome = await sync.execute(nordlys, command(body, key, 0))
    expect(outcome.status).toBe('failed')
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/^Entry 1, line 2: /)
    expect(await entriesWithMarker(key)).toBe(0)
  })

  it("keeps one company's entries out of another's search", async () => {
    const aurora: string = DEMO_COMPANIES.aurora.key
    const key = crypto.randomUUID()
    await sync.execute(
      nordlys,
      command(
        [
          {
            Description: bookingMarker(key, 1),
            DraftLines: [
              { AccountID: account(6300), Amount: '4321.09', FinancialDate: '2026-03-30' },
              { AccountID: account(1920), Amount: '-4321.09', FinancialDate: '2026-03-30' },
            ],
          },
        ],
        key,
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
      const key = crypto.randomUUID()
      const outcome = await sync.execute(
        nordlys,
        command(
          [
            {
              Description: bookingMarker(key, 1),
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
          key,
          0,
        ),
      )
      expect(outcome.status).toBe('done')
      const [entry] = await journal.bookedBy(nordlys, key)
      return entry!.Lines
    }
    const first = await book('777.00')
    expect(first.map((l) => [l.DepartmentID ?? null, l.ProjectID ?? null])).toEqual([
      [department!.ID, project!.ID],
      [department!.ID, null],
      [null, null],
    ])
    const again = await book('778.00')
    const dimensionsOf = async (lines: typeof first) => {
      const ids = lines.map((l) => l.ID).join(',')
      const rows = await client.get<{ DimensionsID: number | null }[]>('api/biz/journalentrylines', {
        companyKey: nordlys,
        query: { filter: `ID in (${ids})`, select: 'ID,DimensionsID', orderby: 'ID' },
      })
      return rows.map((r) => r.DimensionsID)
    }
    // The second booking reuses the rows the first one made: no new Dimensions row per booking.
    expect(await dimensionsOf(again)).toEqual(await dimensionsOf(first))
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

    const key = crypto.randomUUID()
    const body = [
      {
        Description: `Kvittering ${bookingMarker(key, 1)}`,
        DraftLines: [
          { AccountID: account(7770), Amount: '120.00', FinancialDate: '2026-03-31' },
          { AccountID: account(1920), Amount: '-120.00', FinancialDate: '2026-03-31' },
        ],
        FileIDs: [uploaded.fileId],
      },
    ]
    expect((await sync.execute(nordlys, command(body, key, 0))).status).toBe('done')
    const [booked] = await journal.bookedBy(nordlys, key)
    expect(booked!.FileIDs).toEqual([uploaded.fileId])

    await expect(
      journal.uploadDocument(nordlys, {
        name: 'lønn.xlsx',
        data: Buffer.from('PK\u0003\u0004 not a document').toString('base64'),
      }),
    ).rejects.toMatchObject({ code: 'JOURNAL_NOT_A_DOCUMENT' })
  })
})
