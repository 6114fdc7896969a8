// Every cached entity's declaration (common/entities/declarations.ts) is read by each part that needs it:
// the bridge validates the entity, the renderer's Dexie schema has its table with its indexes, and main's
// pull asks the platform for it on a route (or statistics model) the platform serves, with expansions and
// index fields the platform's model has.
import 'fake-indexeddb/auto'
import { afterAll, describe, expect, it } from 'vitest'
import { SyncEntity } from '../../../common/bridge/sync.ts'
import { cachedEntities, cachedEntityDeclarations } from '../../../common/entities/declarations.ts'
import { sources } from '../../../electron/main/services/sync/entities.ts'
import { registry } from '../../../platform/registry/index.ts'
import type { EntityDef } from '../../../platform/registry/types.ts'
import { openWorkspace, workspaceVersion } from '../../../renderer/src/data/schema.ts'

/** The platform model at the end of a relation path (`Supplier.Info`), or undefined where it breaks. */
function along(model: EntityDef | undefined, path: string): EntityDef | undefined {
  let at = model
  for (const name of path.split('.')) {
    const relation = at && registry.relation(at, name)
    at = relation && registry.get(relation.target)
  }
  return at
}

/** The columns a statistics select names (`File.Name as Name` gives `Name`). */
const aliases = (select: string) => select.split(',').map((column) => column.split(' as ')[1]!.trim())

describe('the cached-entity declarations', () => {
  const db = openWorkspace('declarations', crypto.randomUUID())
  afterAll(() => db.delete())

  it('give the bridge the entities it validates, and nothing else', () => {
    for (const entity of cachedEntities) expect(SyncEntity.safeParse(entity).success, entity).toBe(true)
    expect(SyncEntity.safeParse('CustomerOrder').success).toBe(false)
  })

  it('give every entity its Dexie table, keyed by company and ID, with the declared indexes', async () => {
    await db.open()
    expect(db.verno).toBe(workspaceVersion)
    for (const entity of cachedEntities) {
      const { since, indexes = [] } = cachedEntityDeclarations[entity].table
      expect(since, entity).toBeLessThanOrEqual(workspaceVersion)
      const table = db.tables.find((t) => t.name === entity)
      expect(table, `${entity} has no table`).toBeDefined()
      expect(table!.schema.primKey.name).toBe('[companyKey+ID]')
      const names = table!.schema.indexes.map((index) => index.name)
      expect(names, entity).toContain('companyKey')
      for (const index of indexes) {
        expect(index.since, `${entity} indexes a table it does not have yet`).toBeGreaterThanOrEqual(since)
        expect(names, entity).toContain(`[companyKey+${index.by.join('+')}]`)
      }
    }
  })

  it("give main's pull a source for every entity that the platform serves, with what it expands and indexes", () => {
    for (const entity of cachedEntities) {
      const source = sources[entity]
      const { indexes = [] } = cachedEntityDeclarations[entity].table
      // Local keys (`_orgNumber`) are the workspace's own, worked out from the row: the platform has none.
      const fields = indexes.flatMap((index) => index.by).filter((field) => !field.startsWith('_'))
      const localKeys = Object.keys(cachedEntityDeclarations[entity].localKeys ?? {})
      for (const field of indexes.flatMap((index) => index.by).filter((f) => f.startsWith('_')))
        expect(localKeys, `${entity} indexes ${field}, which it does not keep`).toContain(field)
      if (source.statistics) {
        const model = registry.get(source.statistics.model)
        expect(model, `${entity}: unknown statistics model`).toBeDefined()
        expect(along(model, source.statistics.expand), `${entity}: ${source.statistics.expand}`).toBeDefined()
        for (const field of fields) expect(aliases(source.statistics.select), entity).toContain(field)
        continue
      }
      // The route serves the model the entity is named after (the cache keeps the platform's names).
      const model = registry.byRoute(source.route)
      expect(model?.name, `${entity}: route ${source.route}`).toBe(entity)
      for (const path of source.expand?.split(',') ?? [])
        expect(along(model, path), `${entity}: expand ${path}`).toBeDefined()
      for (const field of fields) expect(registry.field(model!, field), `${entity}.${field}`).toBeDefined()
    }
  })

  it('scope their rows by fields the platform model has (a filter on an unknown field is refused)', () => {
    const now = new Date('2026-11-23T00:00:00.000Z')
    for (const entity of cachedEntities) {
      const source = sources[entity]
      const filter = source.scope?.({ userId: 7, journaledDays: 90 }, now)
      if (!filter || source.statistics) continue
      const model = registry.byRoute(source.route)!
      const fields = [...filter.matchAll(/([A-Za-z][\w.]*) (?:eq|ne|gt|ge|lt|le) /g)].map((m) => m[1]!)
      expect(fields.length, `${entity}: ${filter}`).toBeGreaterThan(0)
      for (const path of fields) {
        const steps = path.split('.')
        const owner = steps.length > 1 ? along(model, steps.slice(0, -1).join('.')) : model
        expect(owner && registry.field(owner, steps.at(-1)!), `${entity}: ${path}`).toBeTruthy()
      }
    }
  })

  it('give the contacts register its parties with the parts the card shows', () => {
    for (const entity of ['Supplier', 'Customer'] as const)
      for (const part of [
        'Info.InvoiceAddress',
        'Info.DefaultEmail',
        'Info.DefaultPhone',
        'Info.BankAccounts',
      ])
        expect(sources[entity].expand?.split(','), entity).toContain(part)
    expect(sources.Comment.scope?.({ userId: null, journaledDays: 90 }, new Date())).toBe(
      "EntityType eq 'Supplier'",
    )
  })

  it("keep a per-user entity to the user's own rows, and none while the user is not known", () => {
    const now = new Date('2026-11-23T00:00:00.000Z')
    const perUser = cachedEntities.filter((entity) => cachedEntityDeclarations[entity].pull === 'perUser')
    expect(perUser.length).toBeGreaterThan(0)
    for (const entity of perUser) {
      const scope = cachedEntityDeclarations[entity].scope
      expect(scope, `${entity} would cache every user's rows`).toBeDefined()
      expect(scope!({ userId: null, journaledDays: 90 }, now)).toBe('ID lt 0')
      expect(scope!({ userId: 7, journaledDays: 90 }, now)).toMatch(/\bUserID eq 7\b/)
    }
  })
})
