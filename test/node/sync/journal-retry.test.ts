// A journal draft booked through the outbox when the network fails, against the real local platform: the
// renderer's drain and main's sync service, on a link that can lose a request or its answer and that can
// answer filters as the real service does (field notes: a filter on a field it does not know is ignored and
// the rows come back unfiltered). The booking is made exactly once, the draft's entries take the numbers of
// the entries booked for them, and the voucher texts are exactly what the accountant wrote.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxCommand } from '../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import type { VatType } from '../../../common/entities/rows.ts'
import { toOre } from '../../../common/money.ts'
import { vatTypeRule, type VatTypeRule } from '../../../common/vat.ts'
import { createApiClient, type ApiClient } from '../../../electron/main/services/api/client.ts'
import { createJournalService } from '../../../electron/main/services/journal/journal-service.ts'
import { createSyncService, type SyncService } from '../../../electron/main/services/sync/sync-service.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import {
  emptyLine,
  newDraft,
  type DraftLine,
  type JournalDraft,
} from '../../../renderer/src/features/journal/draft.ts'
import * as drafts from '../../../renderer/src/features/journal/draft-store.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { directTransport } from '../../support/sync.ts'

const nordlys = DEMO_COMPANIES.nordlys.key

/**
 * How the platform treats a list or statistics filter: as the local platform does; as the real service
 * does with a field it does not know (the rows come back unfiltered); or every filter ignored.
 */
type Filters = 'kept' | 'unknown-ignored' | 'all-ignored'

/** The fields the spec and the field notes give each model (lower case): a filter on any other is unknown. */
const standardFields = [
  'id',
  'deleted',
  'customvalues',
  'createdat',
  'updatedat',
  'createdby',
  'updatedby',
  'statuscode',
]
const documentedFields: Record<string, string[]> = {
  // field notes "Journal entries": the number; the route that lists them is not in the spec at all.
  journalentry: ['journalentrynumber'],
  // spec 2.14: the fields of the draft line a booked line is made from, and its entry's number.
  journalentryline: [
    'accountid',
    'amount',
    'description',
    'financialdate',
    'vattypeid',
    'journalentry.journalentrynumber',
  ],
}
const routeModels: Record<string, string> = {
  journalentries: 'journalentry',
  journalentrylines: 'journalentryline',
}
const keywords = new Set([
  'and',
  'or',
  'not',
  'eq',
  'ne',
  'gt',
  'lt',
  'ge',
  'le',
  'like',
  'notlike',
  'null',
  'true',
  'false',
])

/** The field paths a filter names (not its strings, numbers, keywords or functions). */
function fieldsOf(filter: string): string[] {
  const bare = filter.replace(/'(?:[^']|'')*'/g, "''")
  return [...bare.matchAll(/([A-Za-z_][\w.]*)\s*(\()?/g)]
    .filter((m) => !m[2] && !keywords.has(m[1]!.toLowerCase()))
    .map((m) => m[1]!.toLowerCase())
}

/** The request as a platform treating filters so would take it: the filter gone where it would be ignored. */
function asFiltered(url: URL, filters: Filters): URL {
  const filter = url.searchParams.get('filter')
  if (!filter || filters === 'kept') return url
  const route = /\/api\/biz\/([^/?]+)$/.exec(url.pathname)?.[1]?.toLowerCase()
  const model = url.pathname.endsWith('/api/statistics')
    ? url.searchParams.get('model')?.toLowerCase()
    : route && routeModels[route]
  const known = model ? documentedFields[model] : undefined
  const ignored =
    filters === 'all-ignored' ||
    (known !== undefined && fieldsOf(filter).some((f) => !standardFields.includes(f) && !known.includes(f)))
  if (!ignored) return url
  const unfiltered = new URL(url)
  unfiltered.searchParams.delete('filter')
  return unfiltered
}

/** The network between the app and the platform. */
const net: {
  filters: Filters
  /** The next booking request is lost before it reaches the platform, or its answer after. */
  lose: 'request' | 'answer' | null
  unfiltered: number
} = { filters: 'kept', lose: null, unfiltered: 0 }

async function network(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const booking =
    (init?.method ?? 'GET') === 'POST' && url.searchParams.get('action') === 'book-journal-entries'
  if (booking && net.lose === 'request') {
    net.lose = null
    throw new TypeError('fetch failed: the request did not reach the platform')
  }
  const sent = (init?.method ?? 'GET') === 'GET' ? asFiltered(url, net.filters) : url
  if (sent !== url) net.unfiltered++
  const response = await fetch(sent, init)
  if (booking && net.lose === 'answer') {
    net.lose = null
    await response.body?.cancel()
    throw new TypeError('fetch failed: the answer was lost after the platform booked')
  }
  return response
}

let p: TestPlatform
/** Anne's app over the network above. */
let service: SyncService
/** A direct look at the platform, for the checks. */
let platform: ApiClient
let db: WorkspaceDb
let account: (n: number) => number
let vatRules: Map<number, VatTypeRule>
let inputVat25: number

beforeAll(async () => {
  p = await startTestPlatform()
  const token = await p.token(DEMO_USERS.anne.email)
  const grant = { accessToken: token, apiBaseUrl: p.urls.base }
  const tokens = { current: async () => grant, afterUnauthorized: async () => grant }
  const api = createApiClient({ fetch: network, tokens, attempts: 1, sleep: async () => undefined })
  service = createSyncService({ api: async () => api, fetch: network })
  platform = createApiClient({ fetch, tokens })
  db = openWorkspace('journal-retry', crypto.randomUUID())
  const accounts = await platform.get<{ ID: number; AccountNumber: number }[]>('api/biz/accounts', {
    companyKey: nordlys,
    query: { select: 'ID,AccountNumber', top: 1000 },
  })
  account = (n) => accounts.find((a) => a.AccountNumber === n)!.ID
  const types = await platform.get<VatType[]>('api/biz/vattypes', {
    companyKey: nordlys,
    query: { expand: 'VatPercentages' },
  })
  vatRules = new Map(types.map((t) => [t.ID, vatTypeRule(t)]))
  inputVat25 = types.find((t) => t.VatCode === '1')!.ID
}, 120_000)
afterAll(async () => {
  await db?.delete()
  await p?.close()
})

/** An amount no other booking has (in øre, whole kroner by five, so 25 % VAT of it is exact). */
let counter = 0
function uniqueAmount(): number {
  counter++
  return ((Date.now() % 90_000) * 10 + counter) * 500
}

function line(
  entry: number,
  accountNumber: number,
  amount: number,
  text: string,
  vat: number | null = null,
): DraftLine {
  return {
    ...emptyLine(entry, '2026-03-31'),
    accountId: account(accountNumber),
    amount,
    description: text,
    vatTypeId: vat,
  }
}

/** A rent with 25 % input VAT and a bank fee, as the accountant types them, queued for booking. */
async function queuedDraft(rent: number, fee: number): Promise<JournalDraft> {
  const draft: JournalDraft = {
    ...newDraft(nordlys, '2026-03-31'),
    title: 'Mars',
    lines: [
      line(1, 6300, rent, 'Husleie april', inputVat25),
      line(1, 1920, -rent, 'Husleie april'),
      line(2, 7770, fee, 'Gebyr'),
      line(2, 1920, -fee, ''),
    ],
  }
  await drafts.saveDraft(db, draft)
  await drafts.queueBooking(db, draft, vatRules)
  return (await drafts.getDraft(db, nordlys, draft.id))!
}

/** The booked lines of an amount (in øre) on the platform, with their entry and its number. */
async function bookedLines(ore: number): Promise<PlatformRow[]> {
  const amount = (ore / 100).toFixed(2)
  return platform.statistics(
    {
      model: 'JournalEntryLine',
      select:
        'ID as ID,JournalEntryID as JournalEntryID,JournalEntry.JournalEntryNumber as number,Description as Description',
      expand: 'JournalEntry',
      filter: `Deleted eq 0 and Amount eq ${amount}`,
    },
    { companyKey: nordlys },
  )
}

const transport = () => directTransport(service)

describe('booking a journal draft exactly once when the network fails', () => {
  it('a booking whose answer was lost is found on retry and not booked twice; the draft takes its numbers by place', async () => {
    net.filters = 'unknown-ignored'
    const rent = uniqueAmount()
    const fee = uniqueAmount()
    const draft = await queuedDraft(rent, fee)

    net.lose = 'answer'
    const lost = await drainCompany(db, transport(), nordlys)
    expect(lost.interrupted).toBe(true)
    // The platform booked it; the app saw a network error and keeps the entry, its attempt counted.
    expect(await bookedLines(-rent)).toHaveLength(1)
    const [waiting] = await db.outbox.toArray()
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, firstSentAt: expect.any(String) })

    const retried = await drainCompany(db, transport(), nordlys)
    expect(retried).toMatchObject({ done: 1, failed: 0, interrupted: false })
    expect(await db.outbox.count()).toBe(0)
    const [rentLine] = await bookedLines(-rent)
    const [feeLine] = await bookedLines(fee)
    expect(await bookedLines(-rent)).toHaveLength(1)
    expect(await bookedLines(fee)).toHaveLength(1)

    // The voucher texts are what the accountant wrote, on the entry and on every line.
    expect(rentLine!.Description).toBe('Husleie april')
    expect(feeLine!.Description).toBe('Gebyr')
    for (const id of [rentLine!.JournalEntryID, feeLine!.JournalEntryID]) {
      const entry = await platform.get<PlatformRow>(`api/biz/journalentries/${Number(id)}`, {
        companyKey: nordlys,
      })
      expect(String(entry.Description ?? '')).not.toContain('[ld:')
    }

    const settled = await drafts.followBooking(db, draft, {
      findBooking: () => Promise.reject(new Error('the kept answer is used')),
      entries: (key, ids) => createJournalService({ api: async () => platform }).entries(key, ids),
    })
    expect(settled?.state).toBe('booked')
    expect(settled?.booked).toEqual([
      { entry: 1, number: rentLine!.number },
      { entry: 2, number: feeLine!.number },
    ])
    // The entries are kept with their lines for the booked entries' search offline.
    const kept = await db.JournalEntry.get([nordlys, Number(rentLine!.JournalEntryID)])
    expect(kept?.Lines?.map((l) => toOre(l.Amount)).sort((a, b) => a! - b!)).toEqual(
      [-rent, rent - rent / 5, rent / 5].sort((a, b) => a - b),
    )
  })

  it.each(['unknown-ignored', 'all-ignored'] as const)(
    'a platform that answers unfiltered rows (%s) cannot make a retry skip a booking that was never made',
    async (filters) => {
      net.filters = 'kept'
      // Something booked already, for an unfiltered answer to show.
      const other = await queuedDraft(uniqueAmount(), uniqueAmount())
      expect((await drainCompany(db, transport(), nordlys)).done).toBe(1)
      expect(await bookedLines(other.lines[0]!.amount!)).toHaveLength(0)

      const rent = uniqueAmount()
      const fee = uniqueAmount()
      const draft = await queuedDraft(rent, fee)
      net.lose = 'request'
      expect((await drainCompany(db, transport(), nordlys)).interrupted).toBe(true)
      expect(await bookedLines(-rent)).toHaveLength(0)

      net.filters = filters
      net.unfiltered = 0
      const retried = await drainCompany(db, transport(), nordlys)
      expect(retried).toMatchObject({ done: 1, failed: 0 })
      expect(await bookedLines(-rent)).toHaveLength(1)
      expect(await bookedLines(fee)).toHaveLength(1)
      // The look-up filters on documented fields only, so the real service applies its filter; a service
      // that ignored it anyway answered rows it should have left out, and the booking was still made.
      if (filters === 'unknown-ignored') expect(net.unfiltered).toBe(0)
      else expect(net.unfiltered).toBeGreaterThan(0)
      const settled = await drafts.followBooking(db, draft, {
        findBooking: () => Promise.reject(new Error('the kept answer is used')),
        entries: async () => [],
      })
      expect(settled?.booked.map((b) => b.entry)).toEqual([1, 2])
      net.filters = 'kept'
    },
  )

  it('a booking found on the platform only in part is not sent again: the accountant is told which entry to check', async () => {
    net.filters = 'unknown-ignored'
    const rent = uniqueAmount()
    const fee = uniqueAmount()
    const sentAt = new Date().toISOString()
    const body = [
      {
        DraftLines: [
          {
            AccountID: account(6300),
            Amount: (rent / 100).toFixed(2),
            FinancialDate: '2026-03-31',
            Description: 'Husleie',
            VatTypeID: inputVat25,
          },
          {
            AccountID: account(1920),
            Amount: (-rent / 100).toFixed(2),
            FinancialDate: '2026-03-31',
            Description: 'Husleie',
          },
        ],
      },
      {
        DraftLines: [
          {
            AccountID: account(7770),
            Amount: (fee / 100).toFixed(2),
            FinancialDate: '2026-03-31',
            Description: 'Gebyr',
          },
          { AccountID: account(1920), Amount: (-fee / 100).toFixed(2), FinancialDate: '2026-03-31' },
        ],
      },
    ]
    const command = (entries: unknown, attempts: number) =>
      OutboxCommand.parse({
        entity: 'JournalEntry',
        action: 'book-journal-entries',
        body: entries,
        entityId: -1,
        base: {},
        baseUpdatedAt: null,
        operationKey: crypto.randomUUID(),
        attempts,
        firstSentAt: sentAt,
      })
    // The rent alone is on the platform (booked on its own meanwhile).
    expect((await service.execute(nordlys, command([body[0]], 0))).status).toBe('done')
    const [rentLine] = await bookedLines(-rent)

    const outcome = await service.execute(nordlys, command(body, 1))
    expect(outcome).toEqual({
      status: 'failed',
      error: {
        code: 'JOURNAL_PARTLY_BOOKED',
        message: `Part of this booking may already be on the platform; check entry ${String(rentLine!.number)} before booking again`,
        numbers: [rentLine!.number],
      },
      row: null,
    })
    expect(await bookedLines(fee)).toHaveLength(0)
    expect(await bookedLines(-rent)).toHaveLength(1)
    net.filters = 'kept'
  })
})
