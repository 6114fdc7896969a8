// Lookups over the declared entities. Names and routes match case-insensitively, as real clients
// vary their casing (`SupplierInvoices`, `supplierinvoices`).
import { checkAccessDeclaration } from './access.ts'
import { standardFields, type EntityDef, type FieldDef, type RelationDef } from './types.ts'

export interface Registry {
  readonly entities: readonly EntityDef[]
  /** By model name (`SupplierInvoice`), any casing. */
  get(name: string): EntityDef | undefined
  /** Like get, but throws for an unknown model (a programming error, not a client error). */
  require(name: string): EntityDef
  /** By route under /api/biz (`supplierinvoices`) or one of its aliases, any casing. */
  byRoute(route: string): EntityDef | undefined
  /** Standard fields followed by the entity's declared fields. */
  fields(entity: EntityDef): readonly FieldDef[]
  /** A field by name, any casing. */
  field(entity: EntityDef, name: string): FieldDef | undefined
  /** A relation by property name, any casing. */
  relation(entity: EntityDef, name: string): RelationDef | undefined
}

export function createRegistry(entities: readonly EntityDef[]): Registry {
  const byName = new Map<string, EntityDef>()
  const byRoute = new Map<string, EntityDef>()
  const fieldCache = new Map<EntityDef, { list: readonly FieldDef[]; map: Map<string, FieldDef> }>()
  for (const e of entities) {
    const key = e.name.toLowerCase()
    if (byName.has(key)) throw new Error(`model ${e.name} declared twice`)
    byName.set(key, e)
    for (const r of [e.route, ...(e.routeAliases ?? [])]) {
      const rk = r.toLowerCase()
      if (byRoute.has(rk)) throw new Error(`route ${r} declared twice`)
      byRoute.set(rk, e)
    }
  }
  const fieldsOf = (e: EntityDef) => {
    let c = fieldCache.get(e)
    if (!c) {
      const declared = new Set(e.fields.map((f) => f.name.toLowerCase()))
      const list = [...standardFields.filter((f) => !declared.has(f.name.toLowerCase())), ...e.fields]
      c = { list, map: new Map(list.map((f) => [f.name.toLowerCase(), f])) }
      fieldCache.set(e, c)
    }
    return c
  }
  for (const e of entities) {
    checkAccessDeclaration(e, new Set(fieldsOf(e).map.keys()))
    for (const r of e.relations) {
      const target = byName.get(r.target.toLowerCase())
      if (!target) throw new Error(`${e.name}.${r.name} targets unknown model ${r.target}`)
      // An internal model is reachable by no path, so no expansion or filter can cross into it.
      if (target.internal) throw new Error(`${e.name}.${r.name} targets internal model ${r.target}`)
    }
  }
  return {
    entities,
    get: (name) => byName.get(name.toLowerCase()),
    require(name) {
      const e = byName.get(name.toLowerCase())
      if (!e) throw new Error(`unknown model ${name}`)
      return e
    },
    byRoute: (route) => byRoute.get(route.toLowerCase()),
    fields: (e) => fieldsOf(e).list,
    field: (e, name) => fieldsOf(e).map.get(name.toLowerCase()),
    relation: (e, name) => e.relations.find((r) => r.name.toLowerCase() === name.toLowerCase()),
  }
}
