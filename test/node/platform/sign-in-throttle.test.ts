// Guessing passwords is throttled, not rewarded with a lock for ever: back-off after five wrong passwords,
// a lock of fifteen minutes after ten that runs out on its own (the platform's sign-in clock is moved
// forward here), a license administrator of the person's office who lifts it, a per-address back-off across
// accounts, and a signed-in session whose refresh goes on whatever someone else guesses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAccount } from '../../../platform/identity/accounts.ts'
import {
  ACCOUNT_LOCK_MS,
  ADDRESS_BACKOFF_AFTER,
  ADDRESS_FORGET_MS,
} from '../../../platform/identity/sign-in.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const INTEGRATION = { client_id: 'ledgerdesk-integration', client_secret: 'local-integration-secret' }
const SCOPE = 'openid profile AppFramework offline_access'

let p: TestPlatform
/** The platform's sign-in clock; real time does not move it. */
let now = Date.now()
const SECOND = 1000
const MINUTE = 60 * SECOND

beforeAll(async () => {
  p = await startTestPlatform({ platformOptions: { signInClock: () => now } })
})
afterAll(() => p?.close())
// Every test starts after the address's failures of the one before were forgotten.
beforeEach(() => {
  now += ADDRESS_FORGET_MS + MINUTE
})

async function tokenRequest(form: Record<string, string>) {
  const res = await fetch(`${p.urls.auth}/connect/token`, { method: 'POST', body: new URLSearchParams(form) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const grant = (username: string, password: string) =>
  tokenRequest({ grant_type: 'password', ...INTEGRATION, username, password, scope: SCOPE })

/** What the password grant answered: `ok`, or its error description. */
async function outcome(username: string, password: string): Promise<string> {
  const r = await grant(username, password)
  return r.status === 200 ? 'ok' : String(r.body.error_description)
}

let people = 0
/** A new person, a member of Nordlys (Lars's office), with password `right-pass`. */
async function person(): Promise<string> {
  const email = `guessed.${++people}@kontor.example.no`
  const account = await createAccount(p.store, { email, password: 'right-pass' })
  await p.store.query(
    `insert into "User" ("CompanyID", "ID", "GlobalIdentity", "Email", "DisplayName", "StatusCode")
     values ((select "ID" from "Company" where "Key" = $1),
             (select coalesce(max("ID"), 0) + 1000 from "User"), $2, $3, $3, 110001)`,
    [DEMO_COMPANIES.nordlys.key, account.global_identity, email],
  )
  return email
}

/** Ten wrong passwords, each after the back-off the one before asked for: the account is locked. */
async function lockOut(email: string): Promise<void> {
  for (let i = 1; i <= 10; i++) {
    const answer = await outcome(email, `wrong-${i}`)
    if (i < 10) expect(answer, `attempt ${i}`).toBe('wrong username or password')
    else
      expect(answer).toMatch(/^the account is locked after too many failed sign-ins: try again in 15 minutes/)
    now += 20 * SECOND
  }
}

describe('wrong passwords', () => {
  it('back off after five, lock for 15 minutes after ten, and the lock runs out', async () => {
    const email = await person()
    for (let i = 1; i <= 5; i++) expect(await outcome(email, `wrong-${i}`)).toBe('wrong username or password')
    // From the fifth on, each attempt waits longer after the last failure: 1, 2, 4, 8, 16 seconds. Not even
    // the right password is looked at before then.
    for (const [i, wait] of [
      [6, 1],
      [7, 2],
      [8, 4],
      [9, 8],
      [10, 16],
    ] as const) {
      expect(await outcome(email, 'right-pass')).toBe(
        `too many failed sign-ins: try again in ${wait} second${wait === 1 ? '' : 's'}`,
      )
      now += wait * SECOND - 1
      expect(await outcome(email, `wrong-${i}`)).toMatch(/^too many failed sign-ins: try again in 1 second$/)
      now += 1
      const answer = await outcome(email, `wrong-${i}`)
      if (i < 10) expect(answer).toBe('wrong username or password')
      else
        expect(answer).toBe(
          'the account is locked after too many failed sign-ins: try again in 15 minutes, or ask a license administrator of your office to lift the lock',
        )
    }
    expect(await outcome(email, 'right-pass')).toMatch(/^the account is locked .*try again in 15 minutes/)
    now += 14 * MINUTE
    expect(await outcome(email, 'right-pass')).toMatch(/^the account is locked .*try again in 60 seconds/)
    now += MINUTE
    expect(await outcome(email, 'right-pass')).toBe('ok')
    // A success forgets the failures: five more wrong passwords before any back-off.
    for (let i = 1; i <= 5; i++) expect(await outcome(email, `again-${i}`)).toBe('wrong username or password')
  })

  it('locks again at the first wrong password after a lock ran out, and forgets a day later', async () => {
    const email = await person()
    await lockOut(email)
    now += ACCOUNT_LOCK_MS
    expect(await outcome(email, 'still-wrong')).toMatch(/^the account is locked .*try again in 15 minutes/)
    now += 24 * 60 * MINUTE
    expect(await outcome(email, 'wrong-tomorrow')).toBe('wrong username or password')
    expect(await outcome(email, 'right-pass')).toBe('ok')
  })

  it('never refuses the refresh of a session signed in before the account was locked', async () => {
    const email = await person()
    const signedIn = await grant(email, 'right-pass')
    expect(signedIn.status).toBe(200)
    await lockOut(email)
    expect(await outcome(email, 'right-pass')).toMatch(/^the account is locked/)
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      ...INTEGRATION,
      refresh_token: String(signedIn.body.refresh_token),
    })
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200)
    expect(refreshed.body.access_token).toEqual(expect.any(String))
    const me = await fetch(`${p.urls.auth}/connect/userinfo`, {
      headers: { Authorization: `Bearer ${String(refreshed.body.access_token)}` },
    })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ email })
  })
})

describe('lifting a lock', () => {
  it('lets a license administrator of the person’s office lift it at once, and nobody else', async () => {
    const email = await person()
    await lockOut(email)
    const lars = await p.token(DEMO_USERS.lars.email)
    const anne = await p.token(DEMO_USERS.anne.email)
    const listed = await api(
      p.urls.licenseAdmin + '/',
      'GET',
      `api/users?email=${encodeURIComponent(email)}`,
      {
        token: lars,
      },
    )
    expect(listed.body).toEqual([expect.objectContaining({ Email: email, LockedUntil: expect.any(String) })])
    const id = listed.body[0].Id as number
    const unlock = (token: string, which: number | string = id) =>
      api(p.urls.licenseAdmin + '/', 'POST', `api/users/${which}/unlock`, { token })

    // Not a license administrator.
    const byAnne = await unlock(anne)
    expect(byAnne.status).toBe(403)
    expect(byAnne.body.Message).toBe('You have no permission to lift sign-in locks')
    // The license administrator of another office (Aurora only, where the person is no member).
    const kari = 'kari.unlock@annet-kontor.example.no'
    const other = await createAccount(p.store, { email: kari, password: DEMO_PASSWORD, isLicenseAdmin: true })
    await p.store.query(
      `insert into license_permission (global_identity, company_id, kind, role)
       values ($1, (select "ID" from "Company" where "Key" = $2), 'license', 1)`,
      [other.global_identity, DEMO_COMPANIES.aurora.key],
    )
    const byKari = await unlock(await p.token(kari))
    expect(byKari.status).toBe(404)
    expect(byKari.body.Message).toBe(`No user with id ${id} in your office`)
    expect((await unlock(lars, 'abc')).status).toBe(404)
    expect(await outcome(email, 'right-pass')).toMatch(/^the account is locked/)

    const byLars = await unlock(lars)
    expect(byLars.status).toBe(200)
    expect(byLars.body).toEqual({ Message: `The sign-in lock of ${email} is lifted` })
    expect(await outcome(email, 'right-pass')).toBe('ok')
    const after = await api(
      p.urls.licenseAdmin + '/',
      'GET',
      `api/users?email=${encodeURIComponent(email)}`,
      {
        token: lars,
      },
    )
    expect(after.body[0].LockedUntil).toBeNull()
  })
})

describe('one address guessing across accounts', () => {
  it('is held back after 20 failures whatever accounts they named, with a growing wait', async () => {
    const email = await person()
    for (let i = 0; i < ADDRESS_BACKOFF_AFTER; i++)
      expect(await outcome(`nobody.${i}@example.no`, 'guess')).toBe('wrong username or password')
    // Another account, the right password: the address waits first.
    expect(await outcome(email, 'right-pass')).toBe('too many failed sign-ins: try again in 1 second')
    now += SECOND
    expect(await outcome('nobody.more@example.no', 'guess')).toBe('wrong username or password')
    expect(await outcome(email, 'right-pass')).toBe('too many failed sign-ins: try again in 2 seconds')
    now += 2 * SECOND
    expect(await outcome(email, 'right-pass')).toBe('ok')
    // A right password does not wipe the address's record: the next failure waits 4 seconds.
    expect(await outcome('nobody.again@example.no', 'guess')).toBe('wrong username or password')
    expect(await outcome(email, 'right-pass')).toBe('too many failed sign-ins: try again in 4 seconds')
  })
})
