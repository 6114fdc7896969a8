// Comments on any entity (field notes "Approvals": the comment that accompanies a rejection):
// POST and GET comments/{EntityType}/{EntityID}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { newDraftInvoice } from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key

let p: TestPlatform
let anne: string
let per: string
const call = (
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; companyKey?: string } = {},
) =>
  api(p.urls.base, method, path, {
    token: opts.token ?? anne,
    companyKey: opts.companyKey ?? nordlys,
    body: opts.body,
  })

async function userId(email: string): Promise<number> {
  const r = await call('GET', `api/biz/users?filter=Email eq '${email}'`)
  return r.body[0].ID
}

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  per = await p.token(DEMO_USERS.per.email)
})
afterAll(() => p?.close())

describe('comments', () => {
  it('creates comments written by the caller and lists them for the entity, oldest first', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const first = await call('POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, {
      body: { Text: 'Wrong amount: the delivery was partial' },
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      Text: 'Wrong amount: the delivery was partial',
      EntityType: 'SupplierInvoice',
      EntityID: inv.ID,
      AuthorID: await userId(DEMO_USERS.anne.email),
    })
    const second = await call('POST', `api/biz/comments/supplierinvoice/${inv.ID}`, {
      body: { Text: 'Credit note requested' },
      token: per,
    })
    expect(second.status).toBe(201)
    expect(second.body.AuthorID).toBe(await userId(DEMO_USERS.per.email))
    const list = await call('GET', `api/biz/comments/SupplierInvoice/${inv.ID}`)
    expect(list.status).toBe(200)
    expect(list.body.map((c: { Text: string }) => c.Text)).toEqual([
      'Wrong amount: the delivery was partial',
      'Credit note requested',
    ])
    // Another invoice has its own comments.
    const other = await newDraftInvoice(p, anne, nordlys)
    expect((await call('GET', `api/biz/comments/SupplierInvoice/${other.ID}`)).body).toEqual([])
  })

  it('refuses an empty Text with 400', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    for (const body of [{ Text: '' }, { Text: '   ' }, {}, undefined]) {
      const r = await call('POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, { body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.Message).toMatch(/Text is required/)
    }
    expect((await call('GET', `api/biz/comments/SupplierInvoice/${inv.ID}`)).body).toEqual([])
  })

  it('answers 404 for an entity that does not exist in the company and 400 for an unknown type', async () => {
    const missing = await call('POST', 'api/biz/comments/SupplierInvoice/999999', { body: { Text: 'x' } })
    expect(missing.status).toBe(404)
    expect(missing.body.Message).toMatch(/SupplierInvoice 999999 was not found/)
    expect((await call('GET', 'api/biz/comments/SupplierInvoice/999999')).status).toBe(404)
    const unknown = await call('POST', 'api/biz/comments/Spaceship/1', { body: { Text: 'x' } })
    expect(unknown.status).toBe(400)
    const inv = await newDraftInvoice(p, anne, fjordbygg)
    await call('POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, {
      body: { Text: 'Fjordbygg only' },
      companyKey: fjordbygg,
    })
    const fromNordlys = await call('GET', `api/biz/comments/SupplierInvoice/${inv.ID}`)
    const texts = fromNordlys.status === 200 ? fromNordlys.body.map((c: { Text: string }) => c.Text) : []
    expect(texts).not.toContain('Fjordbygg only')
  })
})
