import { describe, expect, it } from 'vitest'
import {
  currentSchemaVersion,
  EnvironmentsSchemaError,
  freshEnvironments,
  migrateEnvironments,
  sandboxEnvironmentId,
} from './migrate.ts'

const seal = async (p: string) => `sealed(${p})`
let n = 0
const newId = () => `id-${++n}`

describe('migrating the saved environments', () => {
  it('starts a fresh install with the Local sandbox as the default', async () => {
    const { doc, migrated } = await migrateEnvironments(undefined, seal, newId)
    expect(migrated).toBe(true)
    expect(doc).toEqual(freshEnvironments())
    expect(doc.lastUsedId).toBe(sandboxEnvironmentId)
    expect(doc.environments.map((e) => e.kind)).toEqual(['sandbox'])
  })

  it('lifts version 1: ids, the sandbox entry, sealed secrets, the selected environment kept', async () => {
    const v1 = {
      schemaVersion: 1,
      environments: [
        { name: 'Test', baseUrl: 'https://test.example.no', clientId: 'desk' },
        {
          name: 'Partner',
          baseUrl: 'https://partner.example.no/',
          clientId: 'partner-desk',
          clientSecret: 's3cret',
        },
      ],
      selected: 'Partner',
    }
    const { doc, migrated } = await migrateEnvironments(v1, seal, newId)
    expect(migrated).toBe(true)
    expect(doc.schemaVersion).toBe(currentSchemaVersion)
    expect(doc.environments).toHaveLength(3)
    expect(doc.environments[0]!.id).toBe(sandboxEnvironmentId)
    const [, test, partner] = doc.environments
    expect(test).toMatchObject({
      name: 'Test',
      kind: 'custom',
      baseUrl: 'https://test.example.no/',
      authUrl: null,
      clientId: 'desk',
    })
    expect(test).not.toHaveProperty('clientSecretSealed')
    expect(partner).toMatchObject({ name: 'Partner', clientSecretSealed: 'sealed(s3cret)' })
    expect(JSON.stringify(doc)).not.toContain('"s3cret"')
    expect(doc.lastUsedId).toBe(partner!.id)
  })

  it('keeps a current document as it is, and puts the sandbox back if it went missing', async () => {
    const current = { ...freshEnvironments(), environments: [] }
    const { doc, migrated } = await migrateEnvironments(current, seal, newId)
    expect(migrated).toBe(false)
    expect(doc.environments.map((e) => e.id)).toEqual([sandboxEnvironmentId])
  })

  it('refuses a document from a newer version instead of overwriting it', async () => {
    await expect(
      migrateEnvironments({ schemaVersion: 99, environments: [] }, seal, newId),
    ).rejects.toBeInstanceOf(EnvironmentsSchemaError)
  })
})
