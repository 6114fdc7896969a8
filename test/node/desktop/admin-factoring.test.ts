// Factoring of Fjordbygg as Anne (its administrator) sets it up from Admin, through main's factoring
// service against the real local platform: a refusal named on its fields, activation, the stored setups
// (the FactoringSettings list the sales view's sending option reads) after it, deactivation and the list
// after that, and what the app can say about which setup is active.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { defaultBankAccountNumber, exampleActivation } from '../../support/factoring.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { ApiError } from '../../../electron/main/services/api/errors.ts'
import { createFactoringService } from '../../../electron/main/services/admin/factoring-service.ts'
import type { FactoringActivation } from '../../../common/bridge/admin-factoring.ts'
import type { KeyValueStore } from '../../../electron/main/ports.ts'

let p: TestPlatform
let anne: string
let factoring: ReturnType<typeof createFactoringService>
const key: string = DEMO_COMPANIES.fjordbygg.key
const other: string = DEMO_COMPANIES.nordlys.key
let bankAccountNumber: string
const memory = new Map<string, unknown>()
const store: KeyValueStore = {
  get: (k) => memory.get(k),
  set: (k, v) => void memory.set(k, v),
  delete: (k) => void memory.delete(k),
}

/** What the sales view's cache pulls (entity FactoringSettings, route factoringsettings). */
const storedList = async (companyKey = key) =>
  (await api(p.urls.base, 'GET', 'api/biz/factoringsettings', { token: anne, companyKey })).body as {
    ID: number
  }[]

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  const grant = { accessToken: anne, apiBaseUrl: p.urls.base }
  const client = createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
  factoring = createFactoringService({
    api: async () => client,
    store,
    environment: async () => 'local',
    now: () => new Date('2026-03-02T09:30:00Z'),
  })
  bankAccountNumber = await defaultBankAccountNumber((path) =>
    api(p.urls.base, 'GET', path, { token: anne, companyKey: key }),
  )
})
afterAll(() => p?.close())

const activation = (over: Partial<FactoringActivation> = {}): FactoringActivation => ({
  ...exampleActivation(bankAccountNumber),
  ...over,
})

describe('factoring from Admin', () => {
  it('starts with no setup stored and nothing activated from the app', async () => {
    const start = await factoring.overview(key)
    expect(start.setups).toEqual([])
    expect(start.lastAnswer).toBeNull()
  })

  it('names the account that is not in the chart, and stores nothing', async () => {
    const error = await factoring.activate(key, activation({ FactoringLoanAccountNumber: 9999 })).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).fields.map((f) => f.field)).toContain('FactoringLoanAccountNumber')
    expect(await storedList()).toEqual([])
    expect((await factoring.overview(key)).lastAnswer).toBeNull()
  })

  it('activates a setup, lists it with its accounts and KID, and knows it activated it', async () => {
    const after = await factoring.activate(key, activation())
    expect(after.setups).toHaveLength(1)
    const setup = after.setups[0]!
    expect(setup.FactoringAccount?.AccountNumber).toBe(1510)
    expect(setup.FactoringLoanAccount?.AccountNumber).toBe(2380)
    expect(setup.FactoringCustomerNumber).toBe('4711')
    expect(setup.FactoringDistribution).toBe(1)
    expect(setup.FactoringNotificationText).toBe('Fakturaen er overdratt til Factoring AS')
    expect(setup.FactoringPaymentInfoType?.Length).toBe(20)
    expect(setup.FactoringPaymentInfoType?.Parts.map((x) => x.Length)).toEqual([4, 5, 9, 1, 1])
    expect(after.lastAnswer).toEqual({ setupId: setup.ID, at: '2026-03-02T09:30:00.000Z' })
    // The sales view's source follows: the list now holds the setup.
    expect((await storedList()).map((r) => r.ID)).toEqual([setup.ID])
  })

  it('deactivates: the setups stay listed and the app knows none is active', async () => {
    const before = (await storedList()).map((r) => r.ID)
    const after = await factoring.deactivate(key)
    expect(after.setups.map((s) => s.ID)).toEqual(before)
    expect(after.lastAnswer).toEqual({ setupId: null, at: '2026-03-02T09:30:00.000Z' })
    expect((await storedList()).map((r) => r.ID)).toEqual(before)
  })

  it('activates again: the new setup first, the earlier one still listed', async () => {
    const after = await factoring.activate(key, activation({ FactoringCustomerNumber: '4712' }))
    expect(after.setups.map((s) => s.FactoringCustomerNumber)).toEqual(['4712', '4711'])
    expect(after.lastAnswer?.setupId).toBe(after.setups[0]!.ID)
  })

  it('keeps each company to itself', async () => {
    expect((await factoring.overview(other)).setups).toEqual([])
    expect((await factoring.overview(other)).lastAnswer).toBeNull()
    expect(await storedList(other)).toEqual([])
  })
})
