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
let siri: string
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
  siri = await p.token(DEMO_USERS.siri.email)
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

describe('who writes and changes a comment', () => {
  // Siri is a member of Nordlys with no roles; Anne is its administrator.
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(method, path, { token, body })
  const stored = async (id: number) => (await call('GET', `api/biz/comments/${id}`)).body

  it('makes the caller the author on every create path, whatever AuthorID the body names', async () => {
    const anneId = await userId(DEMO_USERS.anne.email)
    const siriId = await userId(DEMO_USERS.siri.email)
    const inv = await newDraftInvoice(p, anne, nordlys)
    const target = { EntityType: 'SupplierInvoice', EntityID: inv.ID }
    const one = await as(siri, 'POST', 'api/biz/comments', {
      ...target,
      Text: 'In Anne’s name',
      AuthorID: anneId,
    })
    expect(one.status, JSON.stringify(one.body)).toBe(201)
    expect(one.body.AuthorID).toBe(siriId)
    const many = await as(siri, 'POST', 'api/biz/comments', [
      { ...target, Text: 'First of two', AuthorID: anneId },
      { ...target, Text: 'Second of two', authorid: anneId },
    ])
    expect(many.status, JSON.stringify(many.body)).toBe(201)
    expect(many.body.map((c: { AuthorID: number }) => c.AuthorID)).toEqual([siriId, siriId])
    const routed = await as(siri, 'POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, {
      Text: 'Through the comment route',
      AuthorID: anneId,
    })
    expect(routed.body.AuthorID).toBe(siriId)
    const list = await call('GET', `api/biz/comments/SupplierInvoice/${inv.ID}`)
    expect(new Set(list.body.map((c: { AuthorID: number }) => c.AuthorID))).toEqual(new Set([siriId]))
  })

  it('refuses a member who changes or deletes another user’s comment with 403, and keeps it', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const annes = await call('POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, {
      body: { Text: 'Anne wrote this' },
    })
    const id = annes.body.ID as number
    const edit = await as(siri, 'PUT', `api/biz/comments/${id}`, { Text: 'Siri rewrote it' })
    expect(edit.status).toBe(403)
    expect(edit.body.Message).toBe(
      `Comment ${id} was written by another user: only its author or an administrator of the company may change it`,
    )
    const bulk = await as(siri, 'PUT', 'api/biz/comments', [{ ID: id, Text: 'Siri rewrote it in bulk' }])
    expect(bulk.status).toBe(403)
    const removed = await as(siri, 'DELETE', `api/biz/comments/${id}`)
    expect(removed.status).toBe(403)
    expect(removed.body.Message).toMatch(/only its author or an administrator of the company may delete it/)
    expect(await stored(id)).toMatchObject({
      Text: 'Anne wrote this',
      AuthorID: await userId(DEMO_USERS.anne.email),
    })
  })

  it('lets the author change and delete their own comment, but not hand it to someone else', async () => {
    const siriId = await userId(DEMO_USERS.siri.email)
    const inv = await newDraftInvoice(p, anne, nordlys)
    const own = await as(siri, 'POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, { Text: 'Draft note' })
    const id = own.body.ID as number
    const edit = await as(siri, 'PUT', `api/biz/comments/${id}`, { Text: 'Corrected note' })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body).toMatchObject({ Text: 'Corrected note', AuthorID: siriId })
    const handed = await as(siri, 'PUT', `api/biz/comments/${id}`, {
      AuthorID: await userId(DEMO_USERS.anne.email),
    })
    expect(handed.status).toBe(403)
    expect(handed.body.Message).toBe(`The author of comment ${id} cannot be changed`)
    expect((await as(siri, 'DELETE', `api/biz/comments/${id}`)).status).toBe(204)
  })

  it('lets an administrator of the company change and delete any comment, keeping its author', async () => {
    const siriId = await userId(DEMO_USERS.siri.email)
    const inv = await newDraftInvoice(p, anne, nordlys)
    const siris = await as(siri, 'POST', `api/biz/comments/SupplierInvoice/${inv.ID}`, {
      Text: 'Rude remark',
    })
    const id = siris.body.ID as number
    const moderated = await call('PUT', `api/biz/comments/${id}`, {
      body: { Text: '(removed by the administrator)' },
    })
    expect(moderated.status, JSON.stringify(moderated.body)).toBe(200)
    expect(moderated.body).toMatchObject({ Text: '(removed by the administrator)', AuthorID: siriId })
    expect((await call('DELETE', `api/biz/comments/${id}`)).status).toBe(204)
  })
})
