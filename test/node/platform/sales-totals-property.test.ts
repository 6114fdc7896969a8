// The editor's preview against the platform: 1,000 random drafts (decimal quantities, prices, discounts,
// the sales VAT codes at 25, 15, 12 (14 from 2026) and 0 %, one to eight lines) POSTed to the real local platform in bulk;
// common/sales/totals.ts must answer every item's sums and the invoice's totals exactly as the platform
// books them, to the øre. The seed is printed; LEDGERDESK_SALES_SEED=<seed> runs the same drafts again.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesDraft, SalesLine } from '../../../common/bridge/sales.ts'
import type { VatType } from '../../../common/entities/rows.ts'
import { toOre } from '../../../common/money.ts'
import { draftTotals, vatPercentsOf } from '../../../common/sales/totals.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const DRAFTS = 1000
const BATCH = 100
const SALES_CODES = ['3', '31', '33', '5'] as const

const decimal = (min: number, max: number, scale: number) =>
  fc
    .integer({ min: Math.round(min * 10 ** scale), max: Math.round(max * 10 ** scale) })
    .map((n) => n / 10 ** scale)

describe('sales totals against the platform', () => {
  const nordlys: string = DEMO_COMPANIES.nordlys.key
  let p: TestPlatform
  let anne: string
  let vatTypes: VatType[]
  let customerId: number
  const call = (method: string, path: string, body?: unknown) =>
    api(p.urls.base, method, path, { token: anne, companyKey: nordlys, body })

  beforeAll(async () => {
    p = await startTestPlatform()
    anne = await p.token(DEMO_USERS.anne.email)
    // The 12 % rate changes to 14 % from 2026 (as Norwegian rates have changed at a new year): a draft is
    // priced at the rate valid on its date, by the platform and by the preview.
    const reduced = (await call('GET', "api/biz/vattypes?filter=VatCode eq '33'&expand=VatPercentages"))
      .body[0]
    const current = reduced.VatPercentages[0]
    const changed = [
      await call('PUT', `api/biz/vattypepercentages/${current.ID}`, { ValidTo: '2025-12-31' }),
      await call('POST', 'api/biz/vattypepercentages', {
        VatTypeID: reduced.ID,
        VatPercent: 14,
        ValidFrom: '2026-01-01',
      }),
    ]
    for (const answer of changed) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
    vatTypes = (await call('GET', 'api/biz/vattypes?expand=VatPercentages')).body
    customerId = (await call('GET', 'api/biz/customers?top=1')).body[0].ID
  })
  afterAll(() => p?.close())

  it(`previews ${DRAFTS} random drafts to the øre as the platform books them`, async () => {
    const vatIds = SALES_CODES.map((code) => vatTypes.find((t) => t.VatCode === code)!.ID)
    const lineArb = fc.record({
      NumberOfItems: fc.oneof(decimal(-20, 500, 3), fc.integer({ min: 1, max: 40 })),
      PriceExVatCurrency: fc.oneof(decimal(0, 20000, 2), decimal(0, 50, 4)),
      DiscountPercent: fc.oneof(fc.constant(null), fc.constant(0), decimal(0, 100, 2)),
      VatTypeID: fc.constantFrom(...vatIds),
    })
    const draftArb = fc.record({
      InvoiceDate: fc.constantFrom('2025-12-31', '2026-01-01', '2026-11-02'),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    })
    const seed = Number(process.env.LEDGERDESK_SALES_SEED) || Date.now() % 2 ** 31
    console.log(`sales totals property seed ${seed}`)
    const drafts: SalesDraft[] = fc.sample(draftArb, { seed, numRuns: DRAFTS }).map((d) => ({
      CustomerID: customerId,
      CustomerName: 'Fjordkafeen AS',
      InvoiceDate: d.InvoiceDate,
      Items: d.lines.map((l, k): SalesLine => ({ ...l, ItemText: `Linje ${k + 1}`, SortIndex: k })),
    }))
    const percentOf = vatPercentsOf(vatTypes)
    const ore = (v: unknown) => toOre(v) ?? 0
    let compared = 0
    for (let start = 0; start < drafts.length; start += BATCH) {
      const batch = drafts.slice(start, start + BATCH)
      const r = await call(
        'POST',
        'api/biz/invoices?expand=Items',
        batch.map((d) => ({
          ...d,
          Items: d.Items.map((line, k) => ({ ...line, _createguid: `line-${k}` })),
        })),
      )
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(201)
      for (const [k, booked] of (r.body as Record<string, unknown>[]).entries()) {
        const draft = batch[k]!
        const where = `seed ${seed}, draft ${start + k}: ${JSON.stringify(draft.Items)}`
        const t = draftTotals(draft, percentOf)
        const items = [...(booked.Items as Record<string, unknown>[])].sort(
          (a, b) => Number(a.SortIndex) - Number(b.SortIndex),
        )
        expect(
          items.map((i) => [
            ore(i.SumTotalExVatCurrency),
            ore(i.SumVatCurrency),
            ore(i.SumTotalIncVatCurrency),
          ]),
          where,
        ).toEqual(t.lines.map((l) => [l.net, l.vat, l.gross]))
        expect(
          [booked.TaxExclusiveAmount, booked.VatTotalsAmount, booked.TaxInclusiveAmount].map(ore),
          where,
        ).toEqual([t.net, t.vatTotal, t.gross])
        // The platform keeps no VAT lines per rate on the invoice: the summary is its items' sums per rate.
        const perRate = new Map<number, [number, number]>()
        for (const i of items) {
          const sum = perRate.get(Number(i.VatPercent)) ?? [0, 0]
          perRate.set(Number(i.VatPercent), [
            sum[0] + ore(i.SumTotalExVatCurrency),
            sum[1] + ore(i.SumVatCurrency),
          ])
        }
        expect(
          t.vat.map((v) => [v.percent, v.base, v.vat]),
          where,
        ).toEqual(
          [...perRate.entries()]
            .sort((a, b) => b[0] - a[0])
            .map(([percent, [base, vat]]) => [percent, base, vat]),
        )
        compared++
      }
    }
    expect(compared).toBe(DRAFTS)
  }, 120_000)
})
