// Notifications are addressed to one person (spec 3.1: assigned users are notified; spec 4.10: an
// invitation e-mail with its verification code is recorded). Members read their own; administrators
// read all of the company's; nobody else reads them through lists, ids, expansions or statistics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const company = DEMO_COMPANIES.nordlys.key
let p: TestPlatform
const tokens = { anne: '', siri: '', per: '' }
let invitationNoticeId = 0
let siriNoticeId = 0

const as = (who: keyof typeof tokens, method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: tokens[who], companyKey: company, body })

beforeAll(async () => {
  p = await startTestPlatform()
  tokens.anne = await p.token(DEMO_USERS.anne.email, { companyKey: company })
  tokens.siri = await p.token(DEMO_USERS.siri.email, { companyKey: company })
  tokens.per = await p.token(DEMO_USERS.per.email, { companyKey: company })

  const invite = await as('anne', 'POST', 'api/biz/user-verifications', { Email: 'ny.ansatt@demo.test' })
  expect(invite.status).toBeLessThan(300)
  const notices = await as(
    'anne',
    'GET',
    `api/biz/notifications?filter=EntityType eq 'UserVerification' and EntityID eq ${invite.body.ID}`,
  )
  expect(notices.body).toHaveLength(1)
  expect(notices.body[0].Message).toMatch(/Verification code/)
  invitationNoticeId = notices.body[0].ID

  const siri = (await as('anne', 'GET', `api/biz/users?filter=Email eq '${DEMO_USERS.siri.email}'`)).body[0]
  const supplier = (await as('anne', 'GET', 'api/biz/suppliers?top=1')).body[0]
  const invoice = await as('anne', 'POST', 'api/biz/supplierinvoices', { SupplierID: supplier.ID })
  const assigned = await as('anne', 'POST', `api/biz/supplierinvoices/${invoice.body.ID}?action=assign-to`, {
    UserIDs: [siri.ID],
  })
  expect(assigned.status).toBe(200)
  const siriNotes = await as(
    'anne',
    'GET',
    `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.siri.globalIdentity}'`,
  )
  expect(siriNotes.body.length).toBeGreaterThan(0)
  siriNoticeId = siriNotes.body[0].ID
}, 120_000)

afterAll(() => p?.close())

describe('notifications', () => {
  it('are listed to their recipient only, never to other members', async () => {
    const siri = await as('siri', 'GET', 'api/biz/notifications')
    expect(siri.status).toBe(200)
    expect(siri.body.length).toBeGreaterThan(0)
    for (const n of siri.body) expect(n.RecipientID).toBe(DEMO_USERS.siri.globalIdentity)
    expect(siri.body.map((n: { ID: number }) => n.ID)).not.toContain(invitationNoticeId)

    const per = await as('per', 'GET', 'api/biz/notifications')
    expect(per.body.map((n: { ID: number }) => n.ID)).not.toContain(siriNoticeId)
    expect(per.body.map((n: { ID: number }) => n.ID)).not.toContain(invitationNoticeId)
  })

  it('answer 404 by id to anyone but the recipient or an administrator', async () => {
    expect((await as('per', 'GET', `api/biz/notifications/${invitationNoticeId}`)).status).toBe(404)
    expect((await as('per', 'GET', `api/biz/notifications/${siriNoticeId}`)).status).toBe(404)
    expect((await as('siri', 'GET', `api/biz/notifications/${siriNoticeId}`)).status).toBe(200)
    expect((await as('anne', 'GET', `api/biz/notifications/${invitationNoticeId}`)).status).toBe(200)
  })

  it('are limited the same way in statistics', async () => {
    const per = await as('per', 'GET', 'api/statistics?model=Notification&select=ID as id&wrap=false')
    expect(per.status).toBe(200)
    const ids = (per.body as { id: number }[]).map((r) => r.id)
    expect(ids).not.toContain(invitationNoticeId)
    expect(ids).not.toContain(siriNoticeId)
    const anne = await as('anne', 'GET', 'api/statistics?model=Notification&select=ID as id&wrap=false')
    expect((anne.body as { id: number }[]).map((r) => r.id)).toEqual(
      expect.arrayContaining([invitationNoticeId, siriNoticeId]),
    )
  })
})
