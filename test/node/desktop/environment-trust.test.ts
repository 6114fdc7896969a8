// Two local platforms as two environments: what one environment's server said is never used for the other.
// After switching, a document goes to the second environment's file server with its token; and a login
// server whose token names another platform than the environment's (the AppFramework claim) is refused
// before any token is sent anywhere.
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionState } from '../../../common/bridge/contract.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { completeLogin } from './login-browser.ts'
import { signInTo, startDesktop } from './desktop-services.ts'
import { DEMO_PASSWORD } from '../../../platform/seed/demo-constants.ts'

let first: TestPlatform
let second: TestPlatform
const dirs: string[] = []
const company = DEMO_COMPANIES.nordlys.key

beforeAll(async () => {
  ;[first, second] = await Promise.all([
    startTestPlatform({ seed: 'demo' }),
    startTestPlatform({ seed: 'demo' }),
  ])
}, 120_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function document(name: string) {
  const pdf = await PDFDocument.create()
  pdf.addPage([200, 200]).drawText(name, { x: 20, y: 100 })
  return { name, data: Buffer.from(await pdf.save()).toString('base64') }
}

async function fileNamed(platform: TestPlatform, id: number): Promise<string | null> {
  const token = await platform.token(DEMO_USERS.anne.email)
  const answer = await api<{ Name?: string }>(platform.urls.base, 'GET', `api/biz/files/${id}`, {
    token,
    companyKey: company,
  })
  return answer.status === 200 ? (answer.body.Name ?? null) : null
}

describe('switching environment', () => {
  it('sends a document to the file server of the environment signed in to now, with its token', async () => {
    const d = await startDesktop()
    dirs.push(d.dataDir)
    await signInTo(d, first.urls.base, DEMO_USERS.anne.email, company)
    const before = await d.services.journal.uploadDocument(company, await document('first-environment.pdf'))
    expect(await fileNamed(first, before.fileId)).toBe('first-environment.pdf')

    await signInTo(d, second.urls.base, DEMO_USERS.anne.email, company)
    const after = await d.services.journal.uploadDocument(company, await document('second-environment.pdf'))
    expect(await fileNamed(second, after.fileId)).toBe('second-environment.pdf')
    // The first environment's file server received nothing more.
    expect(await fileNamed(first, after.fileId)).not.toBe('second-environment.pdf')
    await d.services.dispose()
  }, 60_000)
})

describe('the AppFramework claim of a new sign-in', () => {
  it('refuses a token that names another platform than the environment’s, and sends it nowhere', async () => {
    // An API address whose /api/endpoints names the second platform's login server: its tokens name the
    // second platform, not this one. It records whether a token ever reached it.
    const reached: (string | undefined)[] = []
    const server = createServer((req, res) => {
      reached.push(req.headers.authorization)
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify(
          req.url === '/api/endpoints'
            ? { AppFramework: base, Identity: second.urls.auth, Files: `${base}files` }
            : [],
        ),
      )
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    try {
      const d = await startDesktop()
      dirs.push(d.dataDir)
      const env = await d.services.environments.add({
        name: 'Mismatched',
        url: base,
        clientId: 'ledgerdesk-desktop',
      })
      const started = d.events.length
      await d.services.session.signIn(env.id)
      const opened = await d.next('shell.openUrlRequested', () => true, started)
      await completeLogin(opened.url, {
        email: DEMO_USERS.anne.email,
        password: DEMO_PASSWORD,
        companyKey: company,
      })
      const state = (await d.next(
        'session.changed',
        (s) => s.status === 'signedOut',
        started,
      )) as SessionState
      expect(state).toMatchObject({
        status: 'signedOut',
        reason: {
          code: 'SIGN_IN_WRONG_PLATFORM',
          message: expect.stringContaining(`this environment's platform is ${base}`),
        },
      })
      expect(await d.services.vault.load(env.id)).toBeUndefined()
      await expect(d.services.companies.list()).rejects.toMatchObject({ code: 'SESSION_SIGNED_OUT' })
      // Only the probe's unauthenticated /api/endpoints reached the API address; never a token.
      expect(reached.length).toBeGreaterThan(0)
      expect(reached.every((authorization) => authorization === undefined)).toBe(true)
      await d.services.dispose()
    } finally {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  }, 60_000)
})
