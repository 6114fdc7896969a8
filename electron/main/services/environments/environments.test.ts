// The saved environments with their license administration address (spec 4.10 `{license_admin_url}`, which
// the endpoint set does not name): given when the environment is added, checked like its address, kept
// across restarts, and absent (null) for one saved before the field existed.
import { describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import type { Fetch, KeyValueStore, SecretStore } from '../../ports.ts'
import { createEnvironmentsService, EnvironmentErrorCode } from './environments.ts'
import { sandboxEnvironmentId } from './migrate.ts'

function memoryStore(): KeyValueStore {
  const data = new Map<string, unknown>()
  return {
    get: (k) => structuredClone(data.get(k)),
    set: (k, v) => void data.set(k, structuredClone(v)),
    delete: (k) => void data.delete(k),
  }
}

const secrets: SecretStore = {
  backend: 'test',
  encrypt: async (p) => `sealed(${p})`,
  decrypt: async (c) => c.replace(/^sealed\((.*)\)$/, '$1'),
}

/** A platform at test.example.no whose login server is login.example.no. */
const fetchPlatform: Fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : input)
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
  if (url.href === 'https://test.example.no/api/endpoints')
    return json({ AppFramework: 'https://test.example.no/', Identity: 'https://login.example.no' })
  if (url.href === 'https://login.example.no/.well-known/openid-configuration')
    return json({
      issuer: 'https://login.example.no',
      authorization_endpoint: 'https://login.example.no/connect/authorize',
      token_endpoint: 'https://login.example.no/connect/token',
    })
  return new Response('not found', { status: 404 })
}

const service = (store: KeyValueStore) =>
  createEnvironmentsService({ store, secrets, fetch: fetchPlatform, log: memoryLogger() })

const input = { name: 'Test', url: 'https://test.example.no', clientId: 'ledgerdesk-desktop' }

describe('the license administration address of an environment', () => {
  it('is saved as given (checked, ending with /) and read back after a restart', async () => {
    const store = memoryStore()
    const added = await service(store).add({
      ...input,
      licenseAdminUrl: '  https://lisens.example.no/admin ',
    })
    expect(added.licenseAdminUrl).toBe('https://lisens.example.no/admin/')
    const again = service(store)
    const listed = (await again.list()).environments.find((e) => e.id === added.id)
    expect(listed?.licenseAdminUrl).toBe('https://lisens.example.no/admin/')
    expect((await again.resolve(added.id)).licenseAdminUrl).toBe('https://lisens.example.no/admin/')
  })

  it('is none when left blank, and for the Local sandbox (its platform tells it at start)', async () => {
    const envs = service(memoryStore())
    expect((await envs.add({ ...input, licenseAdminUrl: '   ' })).licenseAdminUrl).toBeNull()
    expect((await envs.add(input)).licenseAdminUrl).toBeNull()
    const sandbox = (await envs.list()).environments.find((e) => e.id === sandboxEnvironmentId)
    expect(sandbox?.licenseAdminUrl).toBeNull()
  })

  it('refuses plain http to another machine and other schemes, naming the field, and saves nothing', async () => {
    const store = memoryStore()
    const envs = service(store)
    for (const bad of ['http://lisens.example.no', 'ftp://lisens.example.no', 'https://exa mple'])
      await expect(envs.add({ ...input, licenseAdminUrl: bad })).rejects.toMatchObject({
        code: EnvironmentErrorCode.InvalidLicenseAdminUrl,
        message: expect.stringContaining('license administration address'),
      })
    expect((await envs.list()).environments.map((e) => e.id)).toEqual([sandboxEnvironmentId])
    // Plain http on this machine is allowed, as for the environment's own address.
    expect(
      (await envs.add({ ...input, licenseAdminUrl: 'http://127.0.0.1:4100/license-admin' })).licenseAdminUrl,
    ).toBe('http://127.0.0.1:4100/license-admin/')
  })

  it('is none for an environment saved before the field existed, which keeps working', async () => {
    const store = memoryStore()
    store.set('environments', {
      schemaVersion: 2,
      environments: [
        {
          id: 'old',
          name: 'Saved earlier',
          kind: 'custom',
          baseUrl: 'https://test.example.no/',
          authUrl: 'https://login.example.no',
          clientId: 'ledgerdesk-desktop',
        },
      ],
      lastUsedId: 'old',
    })
    const envs = service(store)
    const { environments, lastUsedId } = await envs.list()
    expect(lastUsedId).toBe('old')
    expect(environments.find((e) => e.id === 'old')).toMatchObject({
      name: 'Saved earlier',
      baseUrl: 'https://test.example.no/',
      licenseAdminUrl: null,
    })
    expect((await envs.resolve('old')).licenseAdminUrl).toBeUndefined()
  })
})
