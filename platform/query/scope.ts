// Names and tables of one read statement: the model registry's fields, relations and custom fields
// resolved to table aliases and joins, the company condition of every table, and the parameter list.
// Only registry spellings reach the SQL text; client values only ever become parameters.
import { ident } from '../db/store.ts'
import type { EntityDef, FieldType, RelationDef } from '../registry/types.ts'
import { assertQueryable, ownRowsCondition } from './access.ts'
import { queryError, quote, type Node } from './parser.ts'
import type { CustomFieldDef, ReadContext } from './types.ts'

export type ValType = 'int' | 'number' | 'string' | 'bool' | 'date' | 'datetime' | 'guid' | 'json'

export interface Compiled {
  sql: string
  type: ValType
  /** Contains an aggregate (statistics: decides the group by). */
  agg: boolean
  /** Column name per the field notes (`SupplierInfoName`, `countID`); root fields get the model prefix later. */
  name: string
  /** A single field of the root model written without a model prefix (`StatusCode`). */
  rootField: boolean
}

type PathNode = Extract<Node, { kind: 'path' }>

export const fieldValType: Record<FieldType, ValType> = {
  int: 'int',
  bigint: 'int',
  decimal: 'number',
  money: 'number',
  string: 'string',
  text: 'string',
  bool: 'bool',
  date: 'date',
  datetime: 'datetime',
  guid: 'guid',
  json: 'json',
}

export class Params {
  readonly values: unknown[] = []
  add(value: unknown, cast: string): string {
    this.values.push(value)
    return `$${this.values.length}::${cast}`
  }
}

export interface Binding {
  alias: string
  entity: EntityDef
  /** Lowercase relation path from the root model ('' for the root, 'info.defaultphone'). */
  key: string
  /** Canonical spelling of that path (`Info.DefaultPhone`) for column names. */
  display: string
}

/** Thrown while resolving a path of a list filter that crosses a many-relation: the leaf becomes EXISTS. */
export class NeedExists {
  constructor(
    readonly parent: Binding,
    readonly rel: RelationDef,
    readonly key: string,
    readonly display: string,
  ) {}
}

export class QueryContext {
  readonly params = new Params()
  private companyRef?: string
  private aliasCount = 0
  private readonly customCache = new Map<EntityDef, readonly CustomFieldDef[]>()
  constructor(
    readonly ctx: ReadContext,
    /** `list`: generic routes (deleted rows hidden, many-relation paths as EXISTS); `stats`: statistics (joins). */
    readonly mode: 'list' | 'stats',
  ) {}
  /** The caller's company as a parameter, added on first use (an unused parameter has no type). */
  get companyParam(): string {
    return (this.companyRef ??= this.params.add(this.ctx.companyId, 'integer'))
  }
  alias(): string {
    return `t${this.aliasCount++}`
  }
  customFields(entity: EntityDef): readonly CustomFieldDef[] {
    let defs = this.customCache.get(entity)
    if (!defs) {
      defs = this.ctx.customFields(entity)
      this.customCache.set(entity, defs)
    }
    return defs
  }
  /**
   * The company condition for a table alias, or '' for a global model, with the reader's row limit of
   * the model's access declaration. Throws the 403 when the reader may not read the model at all, so a
   * join, expansion or filter into it is refused the same way as the model's own list.
   */
  companyCondition(alias: string, entity: EntityDef, parent?: Binding): string {
    const via = parent ? `through ${parent.entity.name}` : undefined
    const own = ownRowsCondition(this.ctx, entity, alias, (v, cast) => this.params.add(v, cast), via)
    if (entity.scope !== 'company') return own
    const company =
      parent && parent.entity.scope === 'company'
        ? `${alias}."CompanyID" = ${parent.alias}."CompanyID"`
        : `${alias}."CompanyID" = ${this.companyParam}`
    return own ? `${company} and ${own}` : company
  }
}

export class Scope {
  private readonly bindings = new Map<string, Binding>()
  readonly joins: string[] = []
  /** Statistics: models joined with `join=` (lowercase name -> binding). */
  readonly models = new Map<string, Binding>()

  constructor(
    readonly q: QueryContext,
    readonly root: Binding,
    readonly parent?: Scope,
  ) {
    this.bindings.set(root.key, root)
  }

  static forRoot(q: QueryContext, entity: EntityDef): Scope {
    return new Scope(q, { alias: q.alias(), entity, key: '', display: '' })
  }

  private lookup(key: string): Binding | undefined {
    return this.bindings.get(key) ?? this.parent?.lookup(key)
  }

  private lookupModel(name: string): Binding | undefined {
    return this.models.get(name.toLowerCase()) ?? this.parent?.lookupModel(name)
  }

  private top(): Scope {
    return this.parent ? this.parent.top() : this
  }

  /** Adds a model joined by name (statistics `join=`). */
  addModel(entity: EntityDef): Binding {
    const b: Binding = {
      alias: this.q.alias(),
      entity,
      key: `@${entity.name.toLowerCase()}`,
      display: entity.name,
    }
    this.models.set(entity.name.toLowerCase(), b)
    this.bindings.set(b.key, b)
    return b
  }

  /** Joins a relation of `parent` into this scope (one-relations in lists; any relation in statistics). */
  join(parent: Binding, rel: RelationDef, key: string, display: string): Binding {
    const { registry } = this.q.ctx
    const target = registry.require(rel.target)
    const alias = this.q.alias()
    const conds = [relationCondition(this.q, parent, rel, alias, target)]
    const company = this.q.companyCondition(alias, target, parent)
    if (company) conds.push(company)
    if (this.q.mode === 'list') conds.push(`${alias}."Deleted" = false`)
    this.joins.push(`left join ${ident(target.name)} ${alias} on ${conds.join(' and ')}`)
    const b: Binding = { alias, entity: target, key, display }
    this.bindings.set(key, b)
    return b
  }

  /** Resolves a dotted path to a column (or custom value) expression. */
  path(node: PathNode): Compiled {
    const { registry } = this.q.ctx
    const parts = node.parts
    let current = this.top().root
    let i = 0
    let modelPrefixed = false
    if (this.q.mode === 'stats' && parts.length > 1) {
      const first = parts[0]!
      const joined = this.lookupModel(first)
      const isOwn = registry.field(current.entity, first) || registry.relation(current.entity, first)
      if (!isOwn && joined) {
        current = joined
        i = 1
        modelPrefixed = true
      } else if (!isOwn && first.toLowerCase() === current.entity.name.toLowerCase()) {
        i = 1
        modelPrefixed = true
      }
    }
    const names: string[] = modelPrefixed ? [current.entity.name] : []
    for (; i < parts.length; i++) {
      const part = parts[i]!
      const pos = node.partPos[i]!
      const last = i === parts.length - 1
      const field = registry.field(current.entity, part)
      if (field && last) {
        assertQueryable(current.entity, field, this.whatOf())
        names.push(field.name)
        return {
          sql: `${current.alias}.${ident(field.name)}`,
          type: fieldValType[field.type],
          agg: false,
          name: names.join(''),
          rootField: names.length === 1 && current.key === '',
        }
      }
      if (part.toLowerCase() === 'customvalues') {
        if (last)
          throw queryError(
            `CustomValues is an object; name one of its fields (CustomValues.Custom<Name>) at position ${pos} in ${this.whatOf()}`,
          )
        if (i !== parts.length - 2)
          throw queryError(
            `Unknown custom field ${quote(parts.slice(i + 1).join('.'))} on ${current.entity.name} at position ${node.partPos[i + 1]} in ${this.whatOf()}`,
          )
        names.push('CustomValues')
        continue
      }
      const custom = last ? this.customField(current.entity, part) : undefined
      if (custom) {
        names.push(`Custom${custom.name}`)
        return {
          ...this.customValue(current, custom),
          name: names.join(''),
          rootField: names.length === 1 && current.key === '',
        }
      }
      if (last && names[names.length - 1] === 'CustomValues') {
        throw queryError(
          `Unknown custom field ${quote(part)} on ${current.entity.name} at position ${pos} in ${this.whatOf()}`,
        )
      }
      const rel = registry.relation(current.entity, part)
      if (!rel) {
        const kind = last ? 'field' : 'relation'
        throw queryError(
          `Unknown ${kind} ${quote(part)} on ${current.entity.name} at position ${pos} in ${this.whatOf()}`,
        )
      }
      if (last)
        throw queryError(
          `${rel.name} is a relation of ${current.entity.name}, not a field, at position ${pos} in ${this.whatOf()}`,
        )
      const key = `${current.key}${current.key ? '.' : ''}${rel.name.toLowerCase()}`
      const display = `${current.display}${current.display ? '.' : ''}${rel.name}`
      names.push(rel.name)
      const bound = this.lookup(key)
      if (bound) {
        current = bound
        continue
      }
      if (rel.kind === 'many' && this.q.mode === 'list') throw new NeedExists(current, rel, key, display)
      current = this.join(current, rel, key, display)
    }
    throw queryError(
      `Unknown field ${quote(node.parts.join('.'))} at position ${node.pos} in ${this.whatOf()}`,
    )
  }

  private customField(entity: EntityDef, name: string): CustomFieldDef | undefined {
    const lower = name.toLowerCase()
    if (!lower.startsWith('custom')) return undefined
    return this.q.customFields(entity).find((d) => `custom${d.name}`.toLowerCase() === lower)
  }

  private customValue(b: Binding, def: CustomFieldDef): Pick<Compiled, 'sql' | 'type' | 'agg'> {
    // The key is a client-defined name, so it travels as a parameter too.
    const key = this.q.params.add(`Custom${def.name}`, 'text')
    const json = `${b.alias}."CustomValues"`
    if (def.type === 'number' || def.type === 'money') {
      return {
        sql: `(case when jsonb_typeof(${json}->${key}) = 'number' then (${json}->>${key})::numeric end)`,
        type: 'number',
        agg: false,
      }
    }
    return { sql: `(${json}->>${key})`, type: 'string', agg: false }
  }

  private whatValue = 'filter'
  whatOf(): string {
    return this.parent ? this.parent.whatOf() : this.whatValue
  }
  setWhat(what: string): void {
    this.top().whatValue = what
  }

  /** A child scope for an EXISTS subquery over a many-relation. */
  child(
    parent: Binding,
    rel: RelationDef,
    key: string,
    display: string,
  ): { scope: Scope; table: string; conditions: string } {
    const { registry } = this.q.ctx
    const target = registry.require(rel.target)
    const alias = this.q.alias()
    const scope = new Scope(this.q, { alias, entity: target, key, display }, this)
    const conds = [relationCondition(this.q, parent, rel, alias, target)]
    const company = this.q.companyCondition(alias, target, parent)
    if (company) conds.push(company)
    if (this.q.mode === 'list') conds.push(`${alias}."Deleted" = false`)
    return { scope, table: `${ident(target.name)} ${alias}`, conditions: conds.join(' and ') }
  }
}

function relationCondition(
  q: QueryContext,
  parent: Binding,
  rel: RelationDef,
  alias: string,
  target: EntityDef,
): string {
  const { registry } = q.ctx
  if (rel.kind === 'one') {
    const fk = registry.field(parent.entity, rel.foreignKey)
    if (!fk) throw queryError(`The relation ${rel.name} of ${parent.entity.name} cannot be queried`)
    return `${alias}."ID" = ${parent.alias}.${ident(fk.name)}`
  }
  const fk = registry.field(target, rel.foreignKey)
  if (!fk) throw queryError(`The relation ${rel.name} of ${parent.entity.name} cannot be queried`)
  return `${alias}.${ident(fk.name)} = ${parent.alias}."ID"`
}

export function isNeedExists(err: unknown): boolean {
  return err instanceof NeedExists
}
