// Users, invitations and roles over HTTP (spec 2.18, 3.2, 4.10): the invite-to-active journey through
// the sign-up page, invitations of known people, the license rule of roles and the bulk role actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from '../../../platform/identity/accounts.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key
const aurora: string = DEMO_COMPANIES.aurora.key
const testCompany: string = DEMO_COMPANIES.test.key

let p: TestPlatform
let anne: string
let siri: string
let per: string

const as = (token: string, companyKey: string) => (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token, companyKey, body })

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  siri = await p.token(DEMO_USERS.siri.email)
  per = await p.token(DEMO_USERS.per.email)
})
afterAll(() => p?.close())

async function userByEmail(companyKey: string, email: string) {
  const r = await as(anne, companyKey)('GET', `api/biz/users?filter=Email eq '${email}'`)
  expect(r.status).toBe(200)
  return r.body[0]
}

async function roleNames(companyKey: string, userId: number): Promise<string[]> {
  const r = await as(anne, companyKey)('GET', `api/biz/userroles?filter=UserID eq ${userId}`)
  expect(r.status).toBe(200)
  return r.body.map((ur: { SharedRoleName: string }) => ur.SharedRoleName).sort()
}

/** The code of an invitation as the invitee gets it: from the recorded e-mail (the answer never carries it). */
async function codeOf(companyKey: string, invitationId: number): Promise<string> {
  const notes = await as(anne, companyKey)(
    'GET',
    `api/biz/notifications?filter=EntityType eq 'UserVerification' and EntityID eq ${invitationId}`,
  )
  const code = /Verification code: (\S+)\./.exec(notes.body[0]?.Message ?? '')?.[1]
  expect(code).toBeDefined()
  return code!
}

function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html)
  expect(m).not.toBeNull()
  return m![1]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
}

async function postForm(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return { status: res.status, html: await res.text() }
}

describe('invitation and sign-up', () => {
  it('takes an invitee from the invitation to an active user who can sign in', async () => {
    const email = 'nina.newcomer@example.no'
    const invite = await as(anne, nordlys)('POST', 'api/biz/user-verifications', {
      Email: email,
      UserType: null,
    })
    expect(invite.status).toBe(201)
    expect(invite.body).toMatchObject({
      Email: email,
      UserType: null,
      User: { Email: email, StatusCode: 110000 },
    })
    const userId = invite.body.UserID as number

    // The recorded e-mail carries the code and the sign-up link.
    const notes = await as(anne, nordlys)(
      'GET',
      `api/biz/notifications?filter=EntityType eq 'UserVerification' and EntityID eq ${invite.body.ID}`,
    )
    expect(notes.body).toHaveLength(1)
    expect(notes.body[0].Channels).toBe('email')
    const link = /(http:\S+\/identity\/signup\?code=(\S+))/.exec(notes.body[0].Message)
    expect(link).not.toBeNull()
    expect(notes.body[0].Message).toContain(`Verification code: ${decodeURIComponent(link![2]!)}`)
    const url = link![1]!

    const page = await fetch(url, { headers: { 'accept-language': 'en' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(email)
    const csrf = csrfOf(html)

    // Refusals keep the invitation open: a forged form, a short password, two different passwords.
    expect(
      (
        await postForm(url, {
          csrf: 'forged',
          displayName: 'Nina',
          password: 'long-enough-1',
          password2: 'long-enough-1',
        })
      ).status,
    ).toBe(400)
    const short = await postForm(url, { csrf, displayName: 'Nina', password: 'short', password2: 'short' })
    expect(short.status).toBe(400)
    expect(short.html).toContain('at least 8 characters')
    const mismatch = await postForm(url, {
      csrf,
      displayName: 'Nina',
      password: 'long-enough-1',
      password2: 'long-enough-2',
    })
    expect(mismatch.status).toBe(400)
    expect((await userByEmail(nordlys, email)).StatusCode).toBe(110000)

    const done = await postForm(url, {
      csrf,
      displayName: 'Nina Newcomer',
      password: 'long-enough-1',
      password2: 'long-enough-1',
    })
    expect(done.status).toBe(200)

    const user = await userByEmail(nordlys, email)
    expect(user).toMatchObject({ ID: userId, StatusCode: 110001, DisplayName: 'Nina Newcomer' })
    expect(user.GlobalIdentity).toMatch(/^[0-9a-f-]{36}$/)
    // Default roles of the Standard contract's default products (Accounting, Sales).
    expect(await roleNames(nordlys, userId)).toEqual([
      'Accounting.Journal',
      'Accounting.Reporting',
      'Sales.Invoice',
    ])
    const licenses = await as(anne, nordlys)('GET', `api/biz/purchases?filter=UserID eq ${userId}`)
    expect(licenses.body.map((l: { ProductName: string }) => l.ProductName).sort()).toEqual([
      'Accounting',
      'Sales',
    ])
    expect(
      licenses.body.every(
        (l: { PurchaseStatus: number; GlobalIdentity: string }) =>
          l.PurchaseStatus === 2 && l.GlobalIdentity === user.GlobalIdentity,
      ),
    ).toBe(true)

    // The new user signs in with the password grant and works in the company.
    const token = await p.token(email, { password: 'long-enough-1' })
    const session = await as(token, nordlys)('GET', 'api/biz/users?action=current-session')
    expect(session.status).toBe(200)
    expect(session.body.Email).toBe(email)

    // The code is used up.
    const again = await fetch(url)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('used already')
  })

  it('links an account created after the invitation when its password is given', async () => {
    const email = 'olav.otherplace@example.no'
    const invite = await as(anne, fjordbygg)('POST', 'api/biz/user-verifications', { Email: email })
    expect(invite.status).toBe(201)
    // Meanwhile Olav signed up through another company's invitation.
    await createAccount(p.store, { email, password: 'olav-password', displayName: 'Olav Otherplace' })
    expect(invite.body).not.toHaveProperty('VerificationCode')
    const url = `${p.urls.auth}/signup?code=${encodeURIComponent(await codeOf(fjordbygg, invite.body.ID))}`
    const page = await fetch(url, { headers: { 'accept-language': 'en' } })
    const html = await page.text()
    expect(html).toContain('already have an account')
    const csrf = csrfOf(html)
    expect((await postForm(url, { csrf, password: 'wrong-password' })).status).toBe(401)
    expect((await postForm(url, { csrf, password: 'olav-password' })).status).toBe(200)
    const user = await userByEmail(fjordbygg, email)
    expect(user).toMatchObject({ StatusCode: 110001, DisplayName: 'Olav Otherplace' })
    const token = await p.token(email, { password: 'olav-password', companyKey: fjordbygg })
    expect((await as(token, fjordbygg)('GET', 'api/biz/users?action=current-session')).status).toBe(200)
  })

  it('answers a clear 400 page for an unknown or expired code', async () => {
    const unknown = await fetch(`${p.urls.auth}/signup?code=nope`, { headers: { 'accept-language': 'en' } })
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('does not exist')

    const invite = await as(anne, nordlys)('POST', 'api/biz/user-verifications', { Email: 'late@example.no' })
    expect(invite.status).toBe(201)
    await p.store.query(
      `update "UserVerification" set "ExpirationDate" = now() - interval '1 minute' where "Email" = $1`,
      ['late@example.no'],
    )
    const code = encodeURIComponent(await codeOf(nordlys, invite.body.ID))
    const expired = await fetch(`${p.urls.auth}/signup?code=${code}`, {
      headers: { 'accept-language': 'en' },
    })
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain('expired')
  })

  it('adds and activates a person the identity server knows, with a notification instead of an invitation', async () => {
    const invite = await as(anne, aurora)('POST', 'api/biz/user-verifications', {
      Email: DEMO_USERS.per.email,
    })
    expect(invite.status).toBe(201)
    expect(invite.body).not.toHaveProperty('VerificationCode')
    expect(invite.body.User).toMatchObject({
      StatusCode: 110001,
      GlobalIdentity: DEMO_USERS.per.globalIdentity,
    })
    const notes = await as(anne, aurora)(
      'GET',
      `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.per.globalIdentity}'`,
    )
    expect(
      notes.body.some((n: { Message: string }) => n.Message.includes('added to Aurora Arkitekter AS')),
    ).toBe(true)
    expect(await roleNames(aurora, invite.body.UserID)).toEqual([
      'Accounting.Journal',
      'Accounting.Reporting',
      'Sales.Invoice',
    ])
    // Per now opens Aurora.
    expect((await as(per, aurora)('GET', 'api/biz/users?action=current-session')).status).toBe(200)
  })

  it('shows invitations (with their codes) to administrators only', async () => {
    const list = await as(anne, nordlys)('GET', 'api/biz/user-verifications')
    expect(list.status).toBe(200)
    expect(list.body.length).toBeGreaterThan(0)
    const one = await as(anne, nordlys)('GET', `api/biz/user-verifications/${list.body[0].ID}?expand=User`)
    expect(one.body.User.Email).toBe(list.body[0].Email)
    expect((await as(siri, nordlys)('GET', 'api/biz/user-verifications')).status).toBe(403)
    expect((await as(siri, nordlys)('GET', `api/biz/userverifications/${list.body[0].ID}`)).status).toBe(403)
  })

  it('refuses invitations from non-administrators, of bad addresses and of members', async () => {
    expect(
      (await as(siri, nordlys)('POST', 'api/biz/user-verifications', { Email: 'x@example.no' })).status,
    ).toBe(403)
    expect(
      (await as(per, nordlys)('POST', 'api/biz/user-verifications', { Email: 'x@example.no' })).status,
    ).toBe(403)
    const bad = await as(anne, nordlys)('POST', 'api/biz/user-verifications', { Email: 'not-an-address' })
    expect(bad.status).toBe(400)
    expect(bad.body.Message).toContain('not-an-address')
    const member = await as(anne, nordlys)('POST', 'api/biz/user-verifications', {
      Email: DEMO_USERS.siri.email,
    })
    expect(member.status).toBe(409)
    expect(member.body.Message).toContain(DEMO_USERS.siri.email)
  })
})

describe('users and roles', () => {
  it("finds one user by e-mail and lists roles and a user's roles", async () => {
    const users = await as(siri, nordlys)('GET', `api/biz/users?filter=Email eq '${DEMO_USERS.per.email}'`)
    expect(users.body).toHaveLength(1)
    expect(users.body[0].GlobalIdentity).toBe(DEMO_USERS.per.globalIdentity)
    const roles = await as(anne, nordlys)('GET', 'api/biz/roles')
    expect(roles.body.map((r: { Name: string }) => r.Name)).toContain('Administrator')
    expect(await roleNames(nordlys, users.body[0].ID)).toEqual(['Approval.Accounting'])
  })

  it('gives roles in bulk only with an active purchase of a product that includes them', async () => {
    const siriUser = await userByEmail(fjordbygg, DEMO_USERS.siri.email)
    const call = as(anne, fjordbygg)
    const refused = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleName: 'Accounting.Journal', UserID: siriUser.ID },
      { SharedRoleName: 'Payroll.Payroll', UserID: siriUser.ID },
    ])
    expect(refused.status).toBe(400)
    expect(refused.body.Message).toContain("'Payroll.Payroll'")
    expect(refused.body.Message).toContain('Payroll')
    // All or nothing.
    expect(await roleNames(fjordbygg, siriUser.ID)).toEqual([])

    const roles = (await call('GET', 'api/biz/roles')).body as { ID: number; Name: string }[]
    const journalId = roles.find((r) => r.Name === 'Accounting.Journal')!.ID
    const given = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleId: journalId, UserID: siriUser.ID },
      { SharedRoleName: 'Administrator', UserID: siriUser.ID },
      { SharedRoleName: 'accounting.journal', UserID: siriUser.ID },
    ])
    expect(given.status).toBe(200)
    expect(given.body.map((ur: { SharedRoleName: string }) => ur.SharedRoleName)).toEqual([
      'Accounting.Journal',
      'Administrator',
    ])
    expect(await roleNames(fjordbygg, siriUser.ID)).toEqual(['Accounting.Journal', 'Administrator'])

    // An accountant (Anne, UserType 1) needs no license.
    const anneUser = await userByEmail(fjordbygg, DEMO_USERS.anne.email)
    expect(anneUser.UserType).toBe(1)
    const exempt = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleName: 'Payroll.Payroll', UserID: anneUser.ID },
    ])
    expect(exempt.status).toBe(200)

    // After the company buys Payroll and the provider activates it, Siri may have the role.
    expect((await call('POST', 'api/elsa/purchases', { ProductID: 3 })).status).toBe(201)
    expect(
      (
        await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
          { SharedRoleName: 'Payroll.Payroll', UserID: siriUser.ID },
        ])
      ).status,
    ).toBe(400)
    expect(
      (
        await api(p.urls.base, 'PUT', 'api/elsa/purchases/3?action=set-as-active', {
          token: anne,
          companyKey: fjordbygg,
        })
      ).status,
    ).toBe(200)
    const licensed = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleName: 'Payroll.Payroll', UserID: siriUser.ID },
    ])
    expect(licensed.status).toBe(200)

    const unknown = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleName: 'Chief.Wizard', UserID: siriUser.ID },
    ])
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toContain('Chief.Wizard')
    // Siri is an Administrator now; Per is not.
    expect(
      (
        await as(per, fjordbygg)('POST', 'api/biz/userroles?action=bulk-insert-roles', [
          { SharedRoleName: 'Accounting.Journal', UserID: siriUser.ID },
        ])
      ).status,
    ).toBe(403)
  })

  it('deletes roles in bulk and refuses unknown ids', async () => {
    const call = as(anne, testCompany)
    const siriUser = await userByEmail(testCompany, DEMO_USERS.siri.email)
    const given = await call('POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { SharedRoleName: 'Accounting.Reporting', UserID: siriUser.ID },
      { SharedRoleName: 'Sales.Invoice', UserID: siriUser.ID },
    ])
    expect(given.status).toBe(200)
    const ids = given.body.map((ur: { ID: number }) => ur.ID)
    const unknown = await call(
      'DELETE',
      `api/biz/userroles?action=bulk-delete-roles&userRoleIds=${ids[0]},99999`,
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toContain('99999')
    expect(await roleNames(testCompany, siriUser.ID)).toEqual(['Accounting.Reporting', 'Sales.Invoice'])
    expect(
      (
        await as(siri, testCompany)(
          'DELETE',
          `api/biz/userroles?action=bulk-delete-roles&userRoleIds=${ids.join(',')}`,
        )
      ).status,
    ).toBe(403)
    const deleted = await call(
      'DELETE',
      `api/biz/userroles?action=bulk-delete-roles&userRoleIds=${ids.join(',')}`,
    )
    expect(deleted.status).toBe(204)
    expect(await roleNames(testCompany, siriUser.ID)).toEqual([])
  })

  it('adds a known identity as an active user and refuses an unknown one', async () => {
    const call = as(anne, testCompany)
    const unknown = await call(
      'POST',
      'api/biz/users?action=add-user&globalIdentity=5e1d0000-a000-4000-8000-0000000000ff',
      null,
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toContain('5e1d0000-a000-4000-8000-0000000000ff')
    expect(
      (
        await call(
          'POST',
          `api/biz/users?action=add-user&globalIdentity=${DEMO_USERS.per.globalIdentity}`,
          null,
        )
      ).status,
    ).toBe(200)
    const user = await userByEmail(testCompany, DEMO_USERS.per.email)
    expect(user).toMatchObject({ StatusCode: 110001, GlobalIdentity: DEMO_USERS.per.globalIdentity })
    // No e-mail: nothing recorded for Per.
    const notes = await call(
      'GET',
      `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.per.globalIdentity}'`,
    )
    expect(notes.body).toEqual([])
    expect(
      (
        await call(
          'POST',
          `api/biz/users?action=add-user&globalIdentity=${DEMO_USERS.per.globalIdentity}`,
          null,
        )
      ).status,
    ).toBe(409)
    expect(
      (
        await as(siri, testCompany)(
          'POST',
          `api/biz/users?action=add-user&globalIdentity=${DEMO_USERS.per.globalIdentity}`,
          null,
        )
      ).status,
    ).toBe(403)
  })

  it('inactivates and activates a user through the transitions of spec 3.2', async () => {
    const call = as(anne, aurora)
    const siriUser = await userByEmail(aurora, DEMO_USERS.siri.email)
    expect((await as(siri, aurora)('POST', `api/biz/users/${siriUser.ID}?action=inactivate`)).status).toBe(
      403,
    )
    expect((await call('POST', `api/biz/users/${siriUser.ID}?action=inactivate`)).status).toBe(204)
    expect((await userByEmail(aurora, DEMO_USERS.siri.email)).StatusCode).toBe(110002)
    expect((await call('POST', `api/biz/users/${siriUser.ID}?action=inactivate`)).status).toBe(400)
    expect((await call('POST', `api/biz/users/${siriUser.ID}?action=activate`)).status).toBe(204)
    expect((await userByEmail(aurora, DEMO_USERS.siri.email)).StatusCode).toBe(110001)
  })
})
