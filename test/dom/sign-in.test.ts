// The renderer's side of signing in: the sign-in view instead of the workspace while signed out, the
// reason a session ended in plain words, the company switcher's cache never mixing companies, and the
// warning before a refresh token is kept on a weak keychain.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Company, CompanySession, SessionState } from '@common/bridge/contract'
import { useCompaniesStore } from '@renderer/stores/companies'
import { mountShell, type MountedShell } from './mount-shell.ts'
import { createTestBridge, sampleSession } from './test-bridge.ts'

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
  sessionStorage.clear()
  localStorage.clear()
})

const expired: SessionState = {
  status: 'signedOut',
  reason: { code: 'SESSION_EXPIRED', message: 'Your session has ended; sign in again' },
}

const companies: Company[] = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'key-nordlys', IsTest: false, OrganizationNumber: '924956488' },
  {
    ID: 2,
    Name: 'Fjordbygg Rørlegger AS',
    Key: 'key-fjordbygg',
    IsTest: false,
    OrganizationNumber: '949687058',
  },
  { ID: 9, Name: 'Demo Testselskap AS', Key: 'key-test', IsTest: true, OrganizationNumber: '943492670' },
]
const answer = (c: Company, views: CompanySession['views'] = ['inbox', 'settings']): CompanySession => ({
  companyKey: c.Key,
  companyName: c.Name,
  user: sampleSession.status === 'signedIn' ? sampleSession.user : (undefined as never),
  permissions: [],
  views,
})

describe('signing in, in the renderer', () => {
  it('shows the sign-in view with the reason the session ended, in plain words', async () => {
    const test = createTestBridge({ handlers: { 'session.get': () => expired } })
    shell = await mountShell({ test, languages: ['en-US'] })
    expect(await shell.text('sign-in-outcome')).toBe(
      'Your session has ended. Sign in again to continue; nothing you did here is lost.',
    )
    expect(document.querySelector('[data-testid="view-overview"]')).toBeNull()
  })

  it('says it in Norwegian for a Norwegian user', async () => {
    const test = createTestBridge({ handlers: { 'session.get': () => expired } })
    shell = await mountShell({ test, languages: ['nb-NO'] })
    expect(await shell.text('sign-in-outcome')).toContain('Økten er avsluttet')
  })

  it('goes back to sign-in when main reports the session ended, and to the workspace when signed in again', async () => {
    const test = createTestBridge()
    shell = await mountShell({ test, languages: ['en-US'] })
    await shell.find('view-overview')
    test.emit('session.changed', expired)
    expect(await shell.text('sign-in-outcome')).toContain('Your session has ended')
    test.emit('session.changed', sampleSession)
    await shell.find('view-overview')
  })

  it('never shows one company’s session under another’s name when answers arrive late', async () => {
    let releaseNordlys!: () => void
    const test = createTestBridge({
      handlers: {
        'companies.list': () => companies,
        'companies.session': (key) =>
          key === 'key-nordlys'
            ? new Promise<CompanySession>(
                (resolve) => (releaseNordlys = () => resolve(answer(companies[0]!, ['admin', 'settings']))),
              )
            : answer(companies.find((c) => c.Key === key)!),
      },
    })
    shell = await mountShell({ test, languages: ['en-US'] })
    const store = useCompaniesStore(shell.pinia)
    await flushPromises()
    store.select('key-nordlys')
    store.select('key-fjordbygg')
    await flushPromises()
    releaseNordlys()
    await flushPromises()
    expect(store.current?.Name).toBe('Fjordbygg Rørlegger AS')
    expect(store.currentSession?.companyKey).toBe('key-fjordbygg')
    expect(await shell.text('current-company')).toBe('Fjordbygg Rørlegger AS')
    // The Nordlys answer is kept for later, under its own key only.
    store.select('key-nordlys')
    expect(store.currentSession).toMatchObject({ companyKey: 'key-nordlys', views: ['admin', 'settings'] })
    // Recent first: Nordlys, then Fjordbygg, then the rest by name.
    expect(store.ordered.map((c) => c.Key)).toEqual(['key-nordlys', 'key-fjordbygg', 'key-test'])
    // The window remembers its company.
    expect(sessionStorage.getItem('ledgerdesk.currentCompany')).toBe('key-nordlys')
  })

  it('offers only the views the company’s current-session answer allows', async () => {
    const test = createTestBridge({
      handlers: {
        'companies.list': () => companies,
        'companies.session': (key) =>
          answer(
            companies.find((c) => c.Key === key)!,
            ['approvals', 'settings'],
          ),
      },
    })
    shell = await mountShell({ test, languages: ['en-US'] })
    await flushPromises()
    await shell.find('nav-approvals')
    const store = useCompaniesStore(shell.pinia)
    await vi.waitFor(() => expect(store.views).toEqual(['approvals', 'settings']))
    await vi.waitFor(() => expect(document.querySelector('[data-testid="nav-inbox"]')).toBeNull())
    expect(document.querySelector('[data-testid="nav-settings"]')).not.toBeNull()
  })

  it('warns before keeping the sign-in on a computer without a real keychain', async () => {
    const test = createTestBridge({
      handlers: {
        'session.vaultInfo': () => ({
          backend: 'safeStorage:basic_text',
          weakBackend: true,
          refreshTokens: 'memory',
        }),
        'session.setPersistRefreshTokens': (persist) => ({
          backend: 'safeStorage:basic_text',
          weakBackend: true,
          refreshTokens: persist ? 'weak-opted-in' : 'memory',
        }),
      },
    })
    shell = await mountShell({ test, path: '/settings', languages: ['en-US'] })
    expect(await shell.text('vault-warning')).toContain('without real protection')
    const box = (await shell.find('vault-persist')).querySelector('input')!
    expect(box.checked).toBe(false)
    box.click()
    await flushPromises()
    expect(test.calls.filter((c) => c.name === 'session.setPersistRefreshTokens')).toEqual([
      { name: 'session.setPersistRefreshTokens', args: [true] },
    ])
    await vi.waitFor(() => expect(box.checked).toBe(true))
  })
})

describe('adding an environment', () => {
  const probe = {
    baseUrl: 'https://test.example.no/',
    authUrl: 'https://login.example.no',
    issuer: 'https://login.example.no',
    endpoints: { AppFramework: 'https://test.example.no/', Identity: 'https://login.example.no' },
    authorizationEndpoint: 'https://login.example.no/connect/authorize',
    tokenEndpoint: 'https://login.example.no/connect/token',
    revocationEndpoint: null,
    scopesSupported: ['openid', 'AppFramework'],
  }
  /** A bridge whose main probes and saves as the environments service does. */
  const environmentsBridge = () =>
    createTestBridge({
      handlers: {
        'session.get': () => ({ status: 'signedOut', reason: null }),
        'environments.probe': (url) => {
          if (url.includes('nowhere')) {
            throw Object.assign(new Error('Nothing answered at nowhere.test'), {
              code: 'ENVIRONMENT_UNREACHABLE',
            })
          }
          return probe
        },
        'environments.add': (input) => {
          if (input.licenseAdminUrl?.startsWith('ftp:'))
            throw Object.assign(new Error('The license administration address: must start with https://'), {
              code: 'ENVIRONMENT_INVALID_LICENSE_ADMIN_URL',
            })
          return {
            id: 'env-test',
            name: input.name,
            kind: 'custom',
            baseUrl: probe.baseUrl,
            authUrl: probe.authUrl,
            licenseAdminUrl: input.licenseAdminUrl ? `${input.licenseAdminUrl}/` : null,
            clientId: input.clientId,
            hasClientSecret: Boolean(input.clientSecret),
          }
        },
      },
    })
  const type = async (input: HTMLInputElement, value: string) => {
    input.value = value
    input.dispatchEvent(new Event('input'))
    await flushPromises()
  }
  const submit = async (input: HTMLInputElement) => {
    input.form!.requestSubmit()
    await flushPromises()
  }

  it('checks the address, shows what it found, and saves it as the chosen environment', async () => {
    const test = environmentsBridge()
    shell = await mountShell({ test, languages: ['en-US'] })
    await shell.find('sign-in-view')
    ;[...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Add environment'))!.click()
    const address = (await shell.find('env-address')) as HTMLInputElement
    await type(address, 'https://nowhere.test')
    await submit(address)
    expect(await shell.text('env-error')).toBe(
      'Nothing answered at that address. Check the address and your connection.',
    )
    await type(address, 'https://test.example.no')
    await submit(address)
    const found = await shell.text('env-found')
    expect(found).toContain('https://test.example.no/')
    expect(found).toContain('https://login.example.no')
    await submit(address)
    // The license administration address left empty: none is sent.
    expect(test.calls.find((c) => c.name === 'environments.add')?.args).toEqual([
      { name: 'test.example.no', url: 'https://test.example.no', clientId: 'ledgerdesk-desktop' },
    ])
    await vi.waitFor(async () => expect(await shell!.text('environment-list')).toContain('test.example.no'))
  })

  it('takes an optional license administration address, explained in Norwegian, and saves it with the environment', async () => {
    const test = environmentsBridge()
    shell = await mountShell({ test, languages: ['nb-NO'] })
    await shell.find('sign-in-view')
    ;[...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Legg til miljø'))!.click()
    const address = (await shell.find('env-address')) as HTMLInputElement
    await type(address, 'https://test.example.no')
    await submit(address)
    const field = (await shell.find('env-license-admin')) as HTMLInputElement
    const dialog = field.closest('form')!
    expect(dialog.querySelector('label[for="env-license-admin"]')?.textContent).toBe(
      'Adresse for lisensadministrasjon (valgfritt)',
    )
    const hint = document.getElementById(field.getAttribute('aria-describedby')!)
    expect(hint?.textContent).toContain('Trengs bare for å endre roller')

    await type(field, 'ftp://lisens.example.no')
    await submit(address)
    expect(await shell.text('env-error')).toBe(
      'Adressen for lisensadministrasjon er ikke gyldig. Bruk https://…, eller la feltet stå tomt.',
    )

    await type(field, '  https://lisens.example.no  ')
    await submit(address)
    expect(test.calls.filter((c) => c.name === 'environments.add').at(-1)?.args).toEqual([
      {
        name: 'test.example.no',
        url: 'https://test.example.no',
        clientId: 'ledgerdesk-desktop',
        licenseAdminUrl: 'https://lisens.example.no',
      },
    ])
    await vi.waitFor(async () => expect(await shell!.text('environment-list')).toContain('test.example.no'))
  })
})
