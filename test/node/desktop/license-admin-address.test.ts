// The license administration address through the desktop app's own services: an environment added with it
// (here the platform's bulk-permission host under another host name than the API's, so it is trusted only
// because the environment names it) sends update-permissions there with the session's token; one added
// without it shows the office read-only and refuses to send, saying where the address is added.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fetch } from '../../../electron/main/ports.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { signInToEnvironment, startDesktop, type Desktop } from './desktop-services.ts'

let p: TestPlatform
const dirs: string[] = []
/** Every request the desktop app sent: method, URL and whether it carried a token. */
const sent: { method: string; url: string; token: boolean }[] = []
const recordingFetch: Fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  const auth = new Headers(init?.headers).get('authorization')
  sent.push({ method: init?.method ?? 'GET', url, token: auth?.startsWith('Bearer ') === true })
  return fetch(input, init)
}

beforeAll(async () => {
  p = await startTestPlatform()
})
afterAll(async () => {
  await p?.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function desktop(): Promise<Desktop> {
  const d = await startDesktop({ fetch: recordingFetch })
  dirs.push(d.dataDir)
  return d
}

async function nordlysId(): Promise<number> {
  const { rows } = await p.store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
    DEMO_COMPANIES.nordlys.key,
  ])
  return Number(rows[0]!.ID)
}

async function licenseIdOf(email: string): Promise<number> {
  const { rows } = await p.store.query<{ license_user_id: number }>(
    'select license_user_id from identity_account where email = $1',
    [email],
  )
  return Number(rows[0]!.license_user_id)
}

describe('the license administration address of an added environment', () => {
  it('receives update-permissions with the session’s token, though the endpoint set never names it', async () => {
    const d = await desktop()
    // The same platform under the name localhost: a host of its own, not the API base's 127.0.0.1.
    const licenseAdmin = p.urls.licenseAdmin.replace('127.0.0.1', 'localhost')
    const env = await d.services.environments.add({
      name: 'Office',
      url: p.urls.base,
      clientId: 'ledgerdesk-desktop',
      licenseAdminUrl: licenseAdmin,
    })
    expect(env.licenseAdminUrl).toBe(`${licenseAdmin}/`)
    await signInToEnvironment(d, env.id, DEMO_USERS.lars.email, DEMO_COMPANIES.nordlys.key)

    const from = sent.length
    const queued = await d.services.handlers['admin.updatePermissions']({
      CompanyIds: [await nordlysId()],
      UserIds: [await licenseIdOf(DEMO_USERS.per.email)],
      Roles: null,
    })
    expect(queued.message).toMatch(/queued/i)
    expect(sent.slice(from).filter((r) => r.url.includes('update-permissions'))).toEqual([
      { method: 'POST', url: `${licenseAdmin}/api/companies/v2/update-permissions`, token: true },
    ])
    expect(sent.slice(from).some((r) => r.url.startsWith(`${p.urls.license}/`))).toBe(false)
    await d.services.dispose()
  }, 60_000)

  it('is missing: the office says so, and update-permissions is refused before anything is sent', async () => {
    const d = await desktop()
    const env = await d.services.environments.add({
      name: 'Office without',
      url: p.urls.base,
      clientId: 'ledgerdesk-desktop',
    })
    expect(env.licenseAdminUrl).toBeNull()
    await signInToEnvironment(d, env.id, DEMO_USERS.lars.email, DEMO_COMPANIES.nordlys.key)

    const grid = await d.services.handlers['admin.office']()
    expect(grid.licenseAdminAddress).toBe(false)
    const from = sent.length
    await expect(
      d.services.handlers['admin.updatePermissions']({
        CompanyIds: [await nordlysId()],
        UserIds: [await licenseIdOf(DEMO_USERS.per.email)],
        Roles: null,
      }),
    ).rejects.toMatchObject({
      code: 'ADMIN_NO_LICENSE_ADMIN_ADDRESS',
      message: expect.stringContaining('Add the environment on the sign-in screen'),
    })
    expect(sent.slice(from)).toEqual([])
    await d.services.dispose()
  }, 60_000)
})
