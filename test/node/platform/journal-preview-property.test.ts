// The app's journal preview is what the platform books: 1,000 random drafts (random accounts, VAT codes
// including reverse charge and zero rates, amounts with øre, dates on both sides of a rate change) are
// previewed with common/vat.ts, booked over HTTP with book-journal-entries, and compared to the øre, line
// by line; every booked entry balances.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oreToDecimal, toOre } from '../../../common/money.ts'
import { previewEntry, type DraftLineFacts, type VatTypeRule } from '../../../common/vat.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const DRAFTS = 1000
const BATCH = 25

let p: TestPlatform
let token: string
const call = (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token, companyKey: nordlys, body })

let accountIds: number[]
let bank: number
let vatTypes: Map<number, VatTypeRule>
let elevenId: number

beforeAll(async () => {
  p = await startTestPlatform()
  token = await p.token(DEMO_USERS.anne.email)
  const accounts = await call(
    'GET',
    'api/biz/accounts?filter=AccountNumber ge 1200 and AccountNumber le 7999 and AccountNumber ne 2400&select=ID,AccountNumber,LockManualPosts,Locked',
  )
  const usable = (
    accounts.body as { ID: number; AccountNumber: number; LockManualPosts: boolean; Locked: boolean }[]
  ).filter((a) => !a.LockManualPosts && !a.Locked)
  accountIds = usable.map((a) => a.ID)
  bank = usable.find((a) => a.AccountNumber === 1920)!.ID

  // A rate change in the middle of the year: middle-rate input VAT (code 11) goes from 15 % to 12 %.
  const eleven = (await call('GET', "api/biz/vattypes?filter=VatCode eq '11'&expand=VatPercentages")).body[0]
  elevenId = eleven.ID
  const current = eleven.VatPercentages[0]
  expect(
    (await call('PUT', `api/biz/vattypepercentages/${current.ID}`, { ...current, ValidTo: '2026-06-30' }))
      .status,
  ).toBe(200)
  const added = await call('POST', 'api/biz/vattypepercentages', {
    VatTypeID: eleven.ID,
    VatPercent: 12,
    ValidFrom: '2026-07-01',
  })
  expect(added.status).toBe(201)

  const types = (await call('GET', 'api/biz/vattypes?expand=VatPercentages')).body as (VatTypeRule & {
    VatCode?: string | null
  })[]
  vatTypes = new Map(types.map((v) => [v.ID, v]))
}, 120_000)
afterAll(() => p?.close())

const line = () =>
  fc.record({
    account: fc.nat(),
    ore: fc.oneof(fc.integer({ min: -5_000_000_00, max: 5_000_000_00 }), fc.integer({ min: -999, max: 999 })),
    vat: fc.option(fc.nat(), { nil: null, freq: 4 }),
    day: fc.integer({ min: 1, max: 365 }),
  })
const draft = () => fc.array(line(), { minLength: 1, maxLength: 4 })

function dateOf(day: number): string {
  return new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10)
}

/** Random lines and a bank line that balances their gross amounts. */
function toDraft(
  lines: { account: number; ore: number; vat: number | null; day: number }[],
): DraftLineFacts[] {
  const ids = [...vatTypes.keys()]
  const draftLines: DraftLineFacts[] = lines.map((l) => ({
    AccountID: accountIds[l.account % accountIds.length]!,
    Amount: oreToDecimal(l.ore),
    VatTypeID: l.vat === null ? null : ids[l.vat % ids.length]!,
    FinancialDate: dateOf(l.day),
  }))
  const sum = lines.reduce((s, l) => s + l.ore, 0)
  draftLines.push({ AccountID: bank, Amount: oreToDecimal(-sum), FinancialDate: dateOf(lines[0]!.day) })
  return draftLines
}

interface BookedLine {
  AccountID: number
  Amount: number
}

const key = (l: { accountId: number; amount: number }) => `${l.accountId}:${l.amount}`

describe('journal preview and booking (property)', () => {
  it('previews exactly the lines the platform books, to the øre, for 1,000 random drafts', async () => {
    const drafts = fc.sample(draft(), { numRuns: DRAFTS, seed: 20261123 }).map(toDraft)
    let reverseCharge = 0
    let acrossRateChange = 0
    for (let start = 0; start < drafts.length; start += BATCH) {
      const batch = drafts.slice(start, start + BATCH)
      const previews = batch.map((d) => previewEntry(d, vatTypes))
      for (const preview of previews) {
        expect(preview.problems).toEqual([])
        expect(preview.balance).toBe(0)
      }
      const r = await call(
        'POST',
        'api/biz/journalentries?action=book-journal-entries',
        batch.map((DraftLines) => ({ DraftLines })),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      for (const [i, entry] of (r.body as { Lines: BookedLine[] }[]).entries()) {
        const booked = entry.Lines.map((l) =>
          key({ accountId: l.AccountID, amount: toOre(l.Amount)! }),
        ).sort()
        const previewed = previews[i]!.lines.map(key).sort()
        expect(booked).toEqual(previewed)
        expect(entry.Lines.reduce((s, l) => s + toOre(l.Amount)!, 0)).toBe(0)
        if (previews[i]!.lines.some((l) => l.role === 'reverseChargeOutput')) reverseCharge++
      }
      for (const d of batch) {
        if (d.some((l) => l.VatTypeID === elevenId && l.FinancialDate! >= '2026-07-01')) acrossRateChange++
      }
    }
    // The random drafts reach the cases the rule distinguishes.
    expect(reverseCharge).toBeGreaterThan(10)
    expect(acrossRateChange).toBeGreaterThan(10)
  }, 300_000)
})
