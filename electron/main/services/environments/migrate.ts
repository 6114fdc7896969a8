// The stored list of environments carries a schema version; every older shape is lifted to the current
// one here, step by step, so a newer app reads what an older one wrote.
//   1: { schemaVersion: 1, environments: [{ name, baseUrl, clientId, clientSecret? }], selected?: name }
//      (secrets in plain text, the sandbox implied)
//   2: { schemaVersion: 2, environments: [StoredEnvironment], lastUsedId } (secrets sealed by the
//      SecretStore, the Local sandbox an explicit entry); an environment may carry `licenseAdminUrl`, added
//      later as an optional field (a document without it is read as it is: no license administration
//      address), so no new version was needed
import { z } from 'zod'

export const currentSchemaVersion = 2
export const sandboxEnvironmentId = 'local-sandbox'
export const desktopClientId = 'ledgerdesk-desktop'

export const StoredEnvironment = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'custom']),
  /** API base URL, ending with '/'; null for the sandbox (its port is chosen at start). */
  baseUrl: z.string().nullable(),
  /** Login address (issuer); null for the sandbox. */
  authUrl: z.string().nullable(),
  /**
   * The license administration address (spec 4.10 `{license_admin_url}`, ending with '/'), as the user gave
   * it; absent when none was given, and for the sandbox (its platform tells it at start).
   */
  licenseAdminUrl: z.string().optional(),
  clientId: z.string(),
  clientSecretSealed: z.string().optional(),
})
export type StoredEnvironment = z.infer<typeof StoredEnvironment>

export const EnvironmentsDoc = z.object({
  schemaVersion: z.literal(currentSchemaVersion),
  environments: z.array(StoredEnvironment),
  lastUsedId: z.string(),
})
export type EnvironmentsDoc = z.infer<typeof EnvironmentsDoc>

const V1 = z.object({
  schemaVersion: z.literal(1),
  environments: z.array(
    z.object({
      name: z.string(),
      baseUrl: z.string(),
      clientId: z.string(),
      clientSecret: z.string().optional(),
    }),
  ),
  selected: z.string().optional(),
})

export const sandboxEnvironment: StoredEnvironment = {
  id: sandboxEnvironmentId,
  name: 'Local sandbox',
  kind: 'sandbox',
  baseUrl: null,
  authUrl: null,
  clientId: desktopClientId,
}

export function freshEnvironments(): EnvironmentsDoc {
  return {
    schemaVersion: currentSchemaVersion,
    environments: [sandboxEnvironment],
    lastUsedId: sandboxEnvironmentId,
  }
}

export class EnvironmentsSchemaError extends Error {
  constructor(readonly foundVersion: unknown) {
    super(
      `The saved environments have schema version ${String(foundVersion)}, which this version of Ledgerdesk does not know`,
    )
  }
}

/**
 * Lifts a stored document to the current schema. `seal` encrypts a secret that an older version kept
 * in plain text. Nothing stored yields the fresh default; a shape from a newer app throws (the caller
 * keeps the file untouched).
 */
export async function migrateEnvironments(
  raw: unknown,
  seal: (plain: string) => Promise<string>,
  newId: () => string,
): Promise<{ doc: EnvironmentsDoc; migrated: boolean }> {
  if (raw === undefined || raw === null) return { doc: freshEnvironments(), migrated: true }
  const version = (raw as { schemaVersion?: unknown }).schemaVersion
  if (version === currentSchemaVersion) {
    const doc = EnvironmentsDoc.parse(raw)
    // The sandbox is built in: a document without it gets it back.
    if (!doc.environments.some((e) => e.id === sandboxEnvironmentId))
      doc.environments.unshift(sandboxEnvironment)
    return { doc, migrated: false }
  }
  if (version === 1) {
    const v1 = V1.parse(raw)
    const environments: StoredEnvironment[] = [sandboxEnvironment]
    let lastUsedId = sandboxEnvironmentId
    for (const e of v1.environments) {
      const id = newId()
      environments.push({
        id,
        name: e.name,
        kind: 'custom',
        baseUrl: e.baseUrl.endsWith('/') ? e.baseUrl : `${e.baseUrl}/`,
        authUrl: null,
        clientId: e.clientId,
        ...(e.clientSecret ? { clientSecretSealed: await seal(e.clientSecret) } : {}),
      })
      if (v1.selected === e.name) lastUsedId = id
    }
    return { doc: { schemaVersion: currentSchemaVersion, environments, lastUsedId }, migrated: true }
  }
  throw new EnvironmentsSchemaError(version)
}
