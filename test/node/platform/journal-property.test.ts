// Property test of journal booking (spec 2.14; issue "Done when"): batches of random entries with random
// VAT types, some balanced, some with a defect (off by some øre, an unknown account, a missing date),
// booked straight through bookJournalEntries against the platform's store, one transaction per batch.
// Every booked entry sums to exactly 0 øre, the lines booked from a draft line sum to its amount, VAT
// lines carry the VAT of the gross amount; every refused batch names each defective entry and its reason.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatOre, oreToDecimal, toOre, vatOfGross, vatOfNet } from '../../../common/money.ts'
import { createCustomFieldCache } from '../../../platform/domain/custom-fields.ts'
import { bookJournalEntries, type JournalEntryInput } from '../../../platform/domain/journal/index.ts'
import { transitionEntities } from '../../../platform/domain/transitions.ts'
import { PlatformError } from '../../../platform/errors.ts'
import { hooks } from '../../../platform/model/hooks.ts'
import { readContext, writeContext, type PlatformContext } from '../../../platform/routes/context.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { createTenantCache, type Tenant } from '../../../platform/tenancy/tenancy.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { createSignInGuard } from '../../../platform/identity/sign-in.ts'

interface VatTypeRow {
  ID: number
  VatCode: string
  VatPercent: string
  OutputVat: boolean
  ReversedTaxDutyVat: boolean
  IncomingAccountID: number | null
  OutgoingAccountID: number | null
}

let p: TestPlatform
let pc: PlatformContext
let tenant: Tenant
let accountIds: number[]
let bank: number
let vatTypes: VatTypeRow[]

beforeAll(async () => {
  p = await startTestPlatform()
  const store = p.store
  const company = (
    await store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
      DEMO_COMPANIES.nordlys.key,
    ])
  ).rows[0]!
  tenant = {
    companyId: company.ID,
    companyKey: DEMO_COMPANIES.nordlys.key,
    userId: 0,
    globalIdentity: '00000000-0000-0000-0000-000000000000',
    clientId: 'property-test',
  }
  pc = {
    store,
    registry: p.platform.registry,
    hooks,
    urls: p.urls,
    customFields: createCustomFieldCache(),
    tenants: createTenantCache(),
    transitionEntities: await transitionEntities(store),
    signIns: createSignInGuard(),
  }
  const accounts = await store.query<{ ID: number; AccountNumber: number }>(
    `select "ID", "AccountNumber" from "Account" where "CompanyID" = $1 and "AccountNumber" in
       (1200, 1500, 1920, 3000, 3020, 4000, 6300, 6800, 7140, 7790)`,
    [company.ID],
  )
  accountIds = accounts.rows.map((a) => a.ID)
  bank = accounts.rows.find((a) => a.AccountNumber === 1920)!.ID
  vatTypes = (
    await store.query<VatTypeRow>(
      `select "ID", "VatCode", "VatPercent", "OutputVat", "ReversedTaxDutyVat", "IncomingAccountID", "OutgoingAccountID"
         from "VatType" where "CompanyID" = $1`,
      [company.ID],
    )
  ).rows
})
afterAll(() => p?.close())

type Defect = 'none' | 'unbalanced' | 'unknown-account' | 'no-date'

interface GenLine {
  account: number
  amount: number
  vat: number | null
  day: number
}
interface GenEntry {
  lines: GenLine[]
  defect: Defect
  offset: number
  badLine: number
}

const line = () =>
  fc.record({
    account: fc.nat(),
    amount: fc.oneof(fc.integer({ min: -200_000_00, max: 200_000_00 }), fc.integer({ min: -300, max: 300 })),
    vat: fc.option(fc.nat(), { nil: null }),
    day: fc.integer({ min: 1, max: 360 }),
  })
const entry = () =>
  fc.record({
    lines: fc.array(line(), { minLength: 1, maxLength: 5 }),
    defect: fc.constantFrom<Defect>('none', 'none', 'none', 'unbalanced', 'unknown-account', 'no-date'),
    offset: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
    badLine: fc.nat(),
  })

function dateOf(day: number): string {
  return new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10)
}

/** The request entry: the generated lines and a bank line that balances them (plus the defect). */
function toInput(g: GenEntry): JournalEntryInput {
  const lines = g.lines.map((l) => ({
    AccountID: accountIds[l.account % accountIds.length]!,
    Amount: oreToDecimal(l.amount),
    VatTypeID: l.vat === null ? null : vatTypes[l.vat % vatTypes.length]!.ID,
    FinancialDate: dateOf(l.day) as string | undefined,
  }))
  // Booked lines of a draft line always add up to its gross amount, so the bank line balances the grosses.
  const sum = g.lines.reduce((s, l) => s + l.amount, 0)
  lines.push({
    AccountID: bank,
    Amount: oreToDecimal(-sum + (g.defect === 'unbalanced' ? g.offset : 0)),
    VatTypeID: null,
    FinancialDate: dateOf(g.lines[0]!.day),
  })
  const bad = g.badLine % lines.length
  if (g.defect === 'unknown-account') lines[bad]!.AccountID = 900_000 + bad
  if (g.defect === 'no-date') delete lines[bad]!.FinancialDate
  return { DraftLines: lines }
}

async function inTransaction<T>(fn: (scope: ReturnType<typeof writeContext>) => Promise<T>): Promise<T> {
  const rc = await readContext(pc, tenant)
  return pc.store.transaction((tx) => fn(writeContext(pc, tenant, { ...rc, sql: tx }, tx, 'property test')))
}

interface LineRow {
  JournalEntryID: number
  JournalEntryDraftLineID: number
  AccountID: number
  Amount: string
  VatTypeID: number | null
}

describe('journal booking (property)', () => {
  it('books balanced entries to exactly 0 øre and refuses every defect by name', async () => {
    let booked = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry(), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (generated, clean) => {
          // Half the batches are clean: a defect anywhere refuses the whole request.
          const batch = clean ? generated.map((g) => ({ ...g, defect: 'none' as const })) : generated
          const inputs = batch.map(toInput)
          const defective = batch.flatMap((g, i) => (g.defect === 'none' ? [] : [i]))
          let ids: number[] | undefined
          let error: unknown
          try {
            ids = await inTransaction((scope) => bookJournalEntries(scope, inputs))
          } catch (err) {
            error = err
          }
          if (defective.length === 0) {
            expect(error).toBeUndefined()
            expect(ids).toHaveLength(batch.length)
            booked += batch.length
            const { rows } = await pc.store.query<LineRow>(
              `select "JournalEntryID", "JournalEntryDraftLineID", "AccountID", "Amount", "VatTypeID" from "JournalEntryLine"
              where "CompanyID" = $1 and "JournalEntryID" = any($2::int[]) order by "ID"`,
              [tenant.companyId, ids],
            )
            const drafts = await pc.store.query<{
              ID: number
              JournalEntryID: number
              Amount: string
              VatTypeID: number | null
              VatPercent: string | null
            }>(
              `select "ID", "JournalEntryID", "Amount", "VatTypeID", "VatPercent" from "JournalEntryDraftLine"
              where "CompanyID" = $1 and "JournalEntryID" = any($2::int[])`,
              [tenant.companyId, ids],
            )
            for (const [i, id] of ids!.entries()) {
              const lines = rows.filter((r) => r.JournalEntryID === id)
              expect(lines.reduce((s, l) => s + toOre(l.Amount)!, 0)).toBe(0)
              const mine = drafts.rows.filter((d) => d.JournalEntryID === id)
              expect(mine).toHaveLength(inputs[i]!.DraftLines.length)
              for (const d of mine) {
                const from = lines.filter((l) => l.JournalEntryDraftLineID === d.ID)
                expect(from.reduce((s, l) => s + toOre(l.Amount)!, 0)).toBe(toOre(d.Amount))
                const vat = vatTypes.find((v) => v.ID === d.VatTypeID)
                if (!vat || Number(vat.VatPercent) === 0) {
                  expect(from).toHaveLength(1)
                  continue
                }
                const gross = toOre(d.Amount)!
                const vatAccount = vat.OutputVat ? vat.OutgoingAccountID : vat.IncomingAccountID
                if (vat.ReversedTaxDutyVat) {
                  const expected = vatOfNet(gross, vat.VatPercent)
                  const out = from.filter((l) => l.AccountID === vat.OutgoingAccountID)
                  expect(out.map((l) => toOre(l.Amount))).toEqual([0 - expected])
                } else {
                  const expected = vatOfGross(gross, vat.VatPercent)
                  // The generated lines never use a VAT account, so the VAT type's account holds only the VAT line.
                  const onVat = from.filter((l) => l.AccountID === vatAccount)
                  expect(from).toHaveLength(2)
                  expect(onVat.map((l) => toOre(l.Amount))).toEqual([expected])
                }
              }
            }
            return
          }
          refused += 1
          expect(error).toBeInstanceOf(PlatformError)
          const err = error as PlatformError
          expect(err.status).toBe(400)
          const messages = err.details.messages ?? []
          const named = new Set(messages.map((m) => Number(/^\[(\d+)\]/.exec(m.PropertyName)?.[1])))
          expect([...named].sort((a, b) => a - b)).toEqual(defective)
          for (const i of defective) {
            const g = batch[i]!
            const mine = messages.filter((m) => m.PropertyName.startsWith(`[${i}]`)).map((m) => m.Message)
            const bad = g.badLine % (g.lines.length + 1)
            if (g.defect === 'unbalanced') {
              expect(mine).toEqual([
                expect.stringMatching(
                  new RegExp(
                    `^Entry ${i + 1} does not balance: .* = ${formatOre(g.offset).replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}$`,
                  ),
                ),
              ])
            } else if (g.defect === 'unknown-account') {
              expect(mine).toContain(
                `Entry ${i + 1}, line ${bad + 1}: account ${900_000 + bad} does not exist`,
              )
            } else {
              expect(mine).toContain(`Entry ${i + 1}, line ${bad + 1}: FinancialDate is required`)
            }
          }
        },
      ),
      { numRuns: 300 },
    )
    // Enough of both kinds ran for the property to mean something.
    expect(booked).toBeGreaterThan(500)
    expect(refused).toBeGreaterThan(50)
  }, 300_000)
})
