// The environments the user can sign in to: the built-in Local sandbox and the ones they added, kept
// through the key-value port with a schema version (migrate.ts). Client secrets are sealed by the
// SecretStore and never leave main.
import { randomUUID } from 'node:crypto'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { Logger } from '../../logger.ts'
import type { Fetch, KeyValueStore, SecretStore } from '../../ports.ts'
import {
  EnvironmentsSchemaError,
  migrateEnvironments,
  sandboxEnvironmentId,
  type EnvironmentsDoc,
  type StoredEnvironment,
} from './migrate.ts'
import { normalizeAddress, probeEnvironment, type ProbeResult } from './probe.ts'

export const EnvironmentErrorCode = {
  NotFound: 'ENVIRONMENT_NOT_FOUND',
  BuiltIn: 'ENVIRONMENT_BUILT_IN',
  Unreadable: 'ENVIRONMENT_LIST_UNREADABLE',
  /** The license administration address given is not an https address (http only on this machine). */
  InvalidLicenseAdminUrl: 'ENVIRONMENT_INVALID_LICENSE_ADMIN_URL',
} as const

const docKey = 'environments'

export interface EnvironmentView {
  id: string
  name: string
  kind: 'sandbox' | 'custom'
  baseUrl: string | null
  authUrl: string | null
  /** Spec 4.10 `{license_admin_url}`; null when none is configured (and for the sandbox, told at start). */
  licenseAdminUrl: string | null
  clientId: string
  hasClientSecret: boolean
}

export interface NewEnvironment {
  name: string
  url: string
  clientId: string
  clientSecret?: string
  /** The license administration address; blank or absent: none. */
  licenseAdminUrl?: string
}

/**
 * The license administration address as saved: checked like the environment's address (https, or http on
 * this machine), ending with '/'; undefined when blank.
 */
export function licenseAdminAddress(input: string | undefined): string | undefined {
  const text = input?.trim() ?? ''
  if (text === '') return undefined
  try {
    return normalizeAddress(text).href
  } catch (error) {
    throw new BridgeError(
      EnvironmentErrorCode.InvalidLicenseAdminUrl,
      `The license administration address: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

export type EnvironmentsService = ReturnType<typeof createEnvironmentsService>

export function createEnvironmentsService(deps: {
  store: KeyValueStore
  secrets: SecretStore
  fetch: Fetch
  log: Logger
}) {
  let loaded: Promise<EnvironmentsDoc> | undefined

  function load(): Promise<EnvironmentsDoc> {
    loaded ??= (async () => {
      const raw = deps.store.get(docKey)
      try {
        const { doc, migrated } = await migrateEnvironments(raw, (p) => deps.secrets.encrypt(p), randomUUID)
        if (migrated) deps.store.set(docKey, doc)
        return doc
      } catch (error) {
        loaded = undefined
        if (error instanceof EnvironmentsSchemaError)
          throw new BridgeError(EnvironmentErrorCode.Unreadable, error.message)
        deps.log.error('environments: the saved list could not be read', { error })
        throw new BridgeError(
          EnvironmentErrorCode.Unreadable,
          'The saved list of environments could not be read',
        )
      }
    })()
    return loaded
  }

  const save = (doc: EnvironmentsDoc) => deps.store.set(docKey, doc)

  const view = (e: StoredEnvironment): EnvironmentView => ({
    id: e.id,
    name: e.name,
    kind: e.kind,
    baseUrl: e.baseUrl,
    authUrl: e.authUrl,
    licenseAdminUrl: e.licenseAdminUrl ?? null,
    clientId: e.clientId,
    hasClientSecret: e.clientSecretSealed !== undefined,
  })

  async function find(id: string): Promise<StoredEnvironment> {
    const env = (await load()).environments.find((e) => e.id === id)
    if (!env) throw new BridgeError(EnvironmentErrorCode.NotFound, 'That environment no longer exists')
    return env
  }

  return {
    async list(): Promise<{ environments: EnvironmentView[]; lastUsedId: string }> {
      const doc = await load()
      return { environments: doc.environments.map(view), lastUsedId: doc.lastUsedId }
    },

    probe: (url: string): Promise<ProbeResult> => probeEnvironment(deps.fetch, url),

    /** Probes again (the address must work now) and saves what it found. */
    async add(input: NewEnvironment): Promise<EnvironmentView> {
      normalizeAddress(input.url)
      const licenseAdminUrl = licenseAdminAddress(input.licenseAdminUrl)
      const found = await probeEnvironment(deps.fetch, input.url)
      const doc = await load()
      const env: StoredEnvironment = {
        id: randomUUID(),
        name: input.name.trim(),
        kind: 'custom',
        baseUrl: found.baseUrl,
        authUrl: found.authUrl,
        ...(licenseAdminUrl ? { licenseAdminUrl } : {}),
        clientId: input.clientId.trim(),
        ...(input.clientSecret ? { clientSecretSealed: await deps.secrets.encrypt(input.clientSecret) } : {}),
      }
      doc.environments.push(env)
      save(doc)
      return view(env)
    },

    async remove(id: string): Promise<{ environments: EnvironmentView[]; lastUsedId: string }> {
      if (id === sandboxEnvironmentId) {
        throw new BridgeError(
          EnvironmentErrorCode.BuiltIn,
          'The Local sandbox is built in and cannot be removed',
        )
      }
      await find(id)
      const doc = await load()
      doc.environments = doc.environments.filter((e) => e.id !== id)
      if (doc.lastUsedId === id) doc.lastUsedId = sandboxEnvironmentId
      save(doc)
      return this.list()
    },

    async markUsed(id: string): Promise<void> {
      const doc = await load()
      if (doc.lastUsedId === id) return
      doc.lastUsedId = id
      save(doc)
    },

    /** The environment with its client secret, for the sign-in flow inside main. */
    async resolve(id: string): Promise<StoredEnvironment & { clientSecret?: string }> {
      const env = await find(id)
      return env.clientSecretSealed
        ? { ...env, clientSecret: await deps.secrets.decrypt(env.clientSecretSealed) }
        : { ...env }
    },
  }
}
