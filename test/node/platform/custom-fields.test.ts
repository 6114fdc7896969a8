// Custom fields end to end (spec 2.16, 3.6, 4.11): type list, create, activate, use on the model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg = DEMO_COMPANIES.fjordbygg.key

let p: TestPlatform
let anne: string
const call = (method: string, path: string, body?: unknown, companyKey = nordlys) =>
  api(p.urls.base, method, path, { token: anne, companyKey, body })

let types: Record<string, string>
let teamModelId: number

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  const lists = (
    await call('GET', "api/biz/valuelists?expand=items&filter=code eq 'customfieldsqltypes'&hateoas=false")
  ).body
  types = Object.fromEntries(lists[0].Items.map((i: { Name: string; Code: string }) => [i.Name, i.Code]))
  teamModelId = (await call('GET', "api/biz/models?filter=name eq 'Team'")).body[0].ID
})
afterAll(() => p?.close())

async function activeField(name: string, type: string): Promise<number> {
  const f = await call('POST', 'api/biz/custom-fields', {
    Name: name,
    ModelID: teamModelId,
    DataType: types[type],
    Nullable: true,
  })
  expect(f.status).toBe(201)
  expect((await call('POST', `api/biz/custom-fields/${f.body.ID}?action=activate`)).status).toBe(200)
  return f.body.ID
}

describe('custom fields', () => {
  it('offers the four data types with fixed GUID codes', async () => {
    expect(Object.keys(types).sort()).toEqual(['Money', 'Number', 'Small text field', 'Text'])
    for (const code of Object.values(types)) expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const again = (await call('GET', "api/biz/valuelists?expand=items&filter=code eq 'customfieldsqltypes'"))
      .body
    expect(again[0].Items.map((i: { Code: string }) => i.Code).sort()).toEqual(Object.values(types).sort())
  })

  it('creates a field with StatusCode 110100 and activates it with 200 (status 110101)', async () => {
    const f = await call('POST', 'api/biz/custom-fields', {
      Name: 'Color',
      ModelID: teamModelId,
      DataType: types['Small text field'],
      Nullable: true,
    })
    expect(f.status).toBe(201)
    expect(f.body).toMatchObject({ ID: expect.any(Number), StatusCode: 110100, Name: 'Color' })
    // Not usable before activation: the value is refused, naming the key, and nothing is written.
    const before = await call('POST', 'api/biz/teams', {
      Name: 'Early',
      CustomValues: { CustomColor: 'red' },
    })
    expect(before.status).toBe(400)
    expect(before.body._validationResults.CustomColor[0].Message).toMatch(
      /not an active custom field of Team/,
    )
    expect((await call('GET', "api/biz/teams?filter=Name eq 'Early'")).body).toEqual([])
    const act = await call('POST', `api/biz/custom-fields/${f.body.ID}?action=activate`)
    expect(act.status).toBe(200)
    expect(act.body.StatusCode).toBe(110101)
    const team = await call('POST', 'api/biz/teams', {
      Name: 'Colored',
      CustomValues: { CustomColor: 'blue' },
    })
    expect(team.body.CustomValues).toEqual({ CustomColor: 'blue' })
    const filtered = await call(
      'GET',
      "api/biz/teams?filter=CustomValues.CustomColor eq 'blue'&select=Name,CustomValues.CustomColor",
    )
    expect(filtered.status).toBe(200)
    expect(filtered.body.map((t: { ID: number }) => t.ID)).toEqual([team.body.ID])
    // Updates merge into the stored values.
    const upd = await call('PUT', `api/biz/teams/${team.body.ID}`, { CustomValues: { CustomColor: 'green' } })
    expect(upd.body.CustomValues).toEqual({ CustomColor: 'green' })
  })

  it('validates values by type: small text length, Number whole, Money two decimals', async () => {
    await activeField('Notes', 'Small text field')
    await activeField('Seats', 'Number')
    await activeField('Budget', 'Money')
    const bad = await call('POST', 'api/biz/teams', {
      Name: 'Bad',
      CustomValues: { CustomNotes: 'x'.repeat(256), CustomSeats: 2.5, CustomBudget: '12.345' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body._validationResults).sort()).toEqual([
      'CustomBudget',
      'CustomNotes',
      'CustomSeats',
    ])
    const text = await call('POST', 'api/biz/teams', { Name: 'Text', CustomValues: { CustomSeats: 'many' } })
    expect(text.status).toBe(400)
    expect(text.body.Message).toMatch(/CustomSeats/)
    const good = await call('POST', 'api/biz/teams', {
      Name: 'Good',
      CustomValues: { CustomNotes: 'x'.repeat(255), CustomSeats: '12', CustomBudget: 1234.5 },
    })
    expect(good.status).toBe(201)
    expect(good.body.CustomValues).toMatchObject({ CustomSeats: 12, CustomBudget: 1234.5 })
  })

  it('refuses an unknown DataType, an unknown model, a bad name and a duplicate name', async () => {
    const base = { Name: 'Dup', ModelID: teamModelId, DataType: types.Text }
    expect((await call('POST', 'api/biz/custom-fields', base)).status).toBe(201)
    const dup = await call('POST', 'api/biz/custom-fields', base)
    expect(dup.status).toBe(400)
    expect(dup.body.Message).toMatch(/Dup/)
    const dt = await call('POST', 'api/biz/custom-fields', {
      ...base,
      Name: 'Other',
      DataType: '00000000-0000-4000-8000-000000000000',
    })
    expect(dt.status).toBe(400)
    expect(dt.body._validationResults.DataType).toBeTruthy()
    const model = await call('POST', 'api/biz/custom-fields', { ...base, Name: 'Other', ModelID: 999999 })
    expect(model.status).toBe(400)
    expect(model.body._validationResults.ModelID).toBeTruthy()
    const name = await call('POST', 'api/biz/custom-fields', { ...base, Name: 'has space' })
    expect(name.status).toBe(400)
    // Another company may use the same name.
    expect((await call('POST', 'api/biz/custom-fields', base, fjordbygg)).status).toBe(201)
  })

  it('keeps one company’s custom fields off another company’s rows', async () => {
    const r = await call(
      'POST',
      'api/biz/teams',
      { Name: 'Other co', CustomValues: { CustomColor: 'red' } },
      fjordbygg,
    )
    // Nordlys's Color is no field of Fjordbygg's teams: refused by name, not stored.
    expect(r.status).toBe(400)
    expect(r.body._validationResults.CustomColor).toHaveLength(1)
    const plain = await call('POST', 'api/biz/teams', { Name: 'Other co' }, fjordbygg)
    expect(plain.status).toBe(201)
    expect(plain.body.CustomValues).toEqual({})
  })
})
