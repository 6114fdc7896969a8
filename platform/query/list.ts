// The generic read path: lists and single entities with filter, select, expand, orderby, top, skip and
// the total count (spec 4.2). One statement reads the page, a separate cheap statement counts, and
// expansions load in batches: one statement per relation and level, never one per row.
import { ident, toIso } from '../db/store.ts'
import type { EntityDef, RelationDef } from '../registry/types.ts'
import { Compiler } from './compiler.ts'
import { assertQueryable, ownRowsCondition, readGrant } from './access.ts'
import { isNeedExists, QueryContext, Scope } from './scope.ts'
import { runQuery, runTextQuery } from './execute.ts'
import { parseExpression, parseOrderList, parsePathList, queryError, quote } from './parser.ts'
import { rowToApi } from './row.ts'
import type { ListOptions, ReadContext } from './types.ts'

type Row = Record<string, unknown>

/** What to read of one entity: its selected fields (null = all) and the relations to load under it. */
interface ReadNode {
  entity: EntityDef
  fields: Set<string> | null
  children: Map<string, { rel: RelationDef; node: ReadNode }>
}

function childNode(ctx: ReadContext, parent: ReadNode, rel: RelationDef, restricted: boolean): ReadNode {
  let c = parent.children.get(rel.name)
  if (!c) {
    const entity = ctx.registry.require(rel.target)
    // An expansion (or a select through a relation) into a model the reader may not read is refused.
    readGrant(ctx, entity, `${parent.entity.name}.${rel.name}`)
    c = {
      rel,
      node: {
        entity,
        fields: restricted ? new Set() : null,
        children: new Map(),
      },
    }
    parent.children.set(rel.name, c)
  }
  return c.node
}

/** Builds the read tree from `select` (nested with `.`) and `expand` (relation paths nested with `.`). */
function readTree(
  ctx: ReadContext,
  entity: EntityDef,
  opts: Pick<ListOptions, 'select' | 'expand'>,
): ReadNode {
  const { registry } = ctx
  const root: ReadNode = { entity, fields: null, children: new Map() }
  if (opts.expand) {
    for (const path of parsePathList(opts.expand, 'expand')) {
      let node = root
      path.parts.forEach((part, i) => {
        const rel = registry.relation(node.entity, part)
        if (!rel)
          throw queryError(
            `Unknown relation ${quote(part)} on ${node.entity.name} at position ${path.partPos[i]} in expand`,
          )
        node = childNode(ctx, node, rel, false)
      })
    }
  }
  if (opts.select) {
    const paths = parsePathList(opts.select, 'select')
    if (paths.length) root.fields = new Set()
    for (const path of paths) {
      let node = root
      for (let i = 0; i < path.parts.length; i++) {
        const part = path.parts[i]!
        const pos = path.partPos[i]!
        const last = i === path.parts.length - 1
        const field = registry.field(node.entity, part)
        if (field && last) {
          assertQueryable(node.entity, field, 'select')
          ;(node.fields ??= new Set()).add(field.name)
          break
        }
        if (part.toLowerCase() === 'customvalues') {
          // CustomValues is always returned; a named custom field must exist.
          const name = path.parts[i + 1]
          if (
            name !== undefined &&
            (i + 2 !== path.parts.length ||
              !ctx
                .customFields(node.entity)
                .some((d) => `custom${d.name}`.toLowerCase() === name.toLowerCase()))
          ) {
            throw queryError(
              `Unknown custom field ${quote(path.parts.slice(i + 1).join('.'))} on ${node.entity.name} at position ${path.partPos[i + 1]} in select`,
            )
          }
          break
        }
        if (
          last &&
          ctx.customFields(node.entity).some((d) => `custom${d.name}`.toLowerCase() === part.toLowerCase())
        )
          break
        const rel = registry.relation(node.entity, part)
        if (!rel)
          throw queryError(
            `Unknown ${last ? 'field' : 'relation'} ${quote(part)} on ${node.entity.name} at position ${pos} in select`,
          )
        const existed = node.children.has(rel.name)
        node = childNode(ctx, node, rel, !last)
        if (last && existed) node.fields = null
      }
    }
  }
  return root
}

/** Columns to read for a node; `hidden` are read only to load relations and left out of the answer. */
function columnsOf(
  ctx: ReadContext,
  node: ReadNode,
  extra: readonly string[],
): { columns: string[]; hidden: Set<string> } {
  // Write-only fields are never read, not even to be dropped later.
  const all = ctx.registry
    .fields(node.entity)
    .filter((f) => !f.secret)
    .map((f) => f.name)
  const wanted = node.fields ? all.filter((f) => f === 'ID' || f === 'Deleted' || node.fields!.has(f)) : all
  const columns = [...wanted]
  const hidden = new Set<string>()
  const need = [...extra]
  for (const { rel } of node.children.values()) if (rel.kind === 'one') need.push(rel.foreignKey)
  for (const name of need) {
    const f = ctx.registry.field(node.entity, name)
    if (f && !columns.includes(f.name)) {
      columns.push(f.name)
      hidden.add(f.name)
    }
  }
  return { columns, hidden }
}

/**
 * The select list of a read: the row's columns and CustomValues as one JSON text (`{"f1":..,"f2":..}` in
 * column order). The database builds it and the server parses it once, which costs far less than decoding
 * every typed column of every row; `decodeRows` turns it back into a row keyed by field name.
 */
function selectList(alias: string, columns: readonly string[]): string {
  return `row_to_json(row(${[...columns.map((c) => `${alias}.${ident(c)}`), `${alias}."CustomValues"`].join(', ')}))::text as "r"`
}

/**
 * Rows of a `selectList` read, keyed by field name in the shapes the database driver gives: JSON already
 * has numbers, 'YYYY-MM-DD' dates and parsed CustomValues; timestamps carry the session's offset and
 * become ISO with Z here.
 */
function decodeRows(
  ctx: ReadContext,
  entity: EntityDef,
  columns: readonly string[],
  rows: readonly string[],
): Row[] {
  const names = [...columns, 'CustomValues']
  const keys = names.map((_, i) => `f${i + 1}`)
  const datetimes = columns.filter((c) => ctx.registry.field(entity, c)?.type === 'datetime')
  return rows.map((r) => {
    const json = JSON.parse(r) as Record<string, unknown>
    const row: Row = {}
    for (let i = 0; i < names.length; i++) row[names[i]!] = json[keys[i]!]
    for (const c of datetimes) {
      const v = row[c]
      if (typeof v === 'string') row[c] = toIso(v)
    }
    return row
  })
}

function toApi(ctx: ReadContext, entity: EntityDef, rows: Row[], hidden: Set<string>): Row[] {
  const custom = ctx.customFields(entity)
  return rows.map((row) => {
    const api = rowToApi(ctx.registry, entity, row, custom)
    for (const h of hidden) delete api[h]
    return api
  })
}

/** Loads the relations of `node` for all `raw` rows at once and attaches them to `api`. */
async function expand(ctx: ReadContext, node: ReadNode, raw: Row[], api: Row[]): Promise<void> {
  if (!raw.length) return
  for (const { rel, node: child } of node.children.values()) {
    const target = child.entity
    const one = rel.kind === 'one'
    const fkField = one
      ? ctx.registry.field(node.entity, rel.foreignKey)
      : ctx.registry.field(target, rel.foreignKey)
    if (!fkField) throw queryError(`The relation ${rel.name} of ${node.entity.name} cannot be expanded`)
    const keys = [
      ...new Set(
        raw.map((r) => (one ? r[fkField.name] : r.ID)).filter((v): v is number => typeof v === 'number'),
      ),
    ]
    const { columns, hidden } = columnsOf(ctx, child, one ? [] : [fkField.name])
    let childRaw: Row[] = []
    if (keys.length) {
      const where = [`t0.${ident(one ? 'ID' : fkField.name)} = any($1::bigint[])`, 't0."Deleted" = false']
      const params: unknown[] = [keys]
      if (target.scope === 'company') {
        where.unshift('t0."CompanyID" = $2::integer')
        params.push(ctx.companyId)
      }
      ownerWhere(ctx, target, where, params)
      const order = one ? '' : ` order by t0.${ident(fkField.name)}, t0."ID"`
      const text = `select ${selectList('t0', columns)} from ${ident(target.name)} t0 where ${where.join(' and ')}${order}`
      childRaw = decodeRows(
        ctx,
        target,
        columns,
        await runTextQuery(ctx.sql, text, params, { prepared: true }),
      )
    }
    const childApi = toApi(ctx, target, childRaw, hidden)
    await expand(ctx, child, childRaw, childApi)
    if (one) {
      const byId = new Map<number, Row>()
      childRaw.forEach((r, i) => byId.set(r.ID as number, childApi[i]!))
      raw.forEach((r, i) => {
        const fk = r[fkField.name]
        api[i]![rel.name] = typeof fk === 'number' ? (byId.get(fk) ?? null) : null
      })
    } else {
      const byParent = new Map<number, Row[]>()
      childRaw.forEach((r, i) => {
        const k = r[fkField.name] as number
        let list = byParent.get(k)
        if (!list) byParent.set(k, (list = []))
        list.push(childApi[i]!)
      })
      raw.forEach((r, i) => {
        api[i]![rel.name] = byParent.get(r.ID as number) ?? []
      })
    }
  }
}

/** The reader's row limit of the model's read declaration (rows addressed to them), if any. */
function ownerWhere(ctx: ReadContext, entity: EntityDef, where: string[], params: unknown[]): void {
  const own = ownRowsCondition(ctx, entity, 't0', (value, cast) => {
    params.push(value)
    return `$${params.length}::${cast}`
  })
  if (own) where.push(own)
}

export async function listEntities(
  ctx: ReadContext,
  entity: EntityDef,
  opts: ListOptions,
): Promise<{ rows: Row[]; count: number | undefined }> {
  readGrant(ctx, entity)
  const tree = readTree(ctx, entity, opts)
  const q = new QueryContext(ctx, 'list')
  const scope = Scope.forRoot(q, entity)
  const a = scope.root.alias
  const where = [`${a}."Deleted" = false`]
  const company = q.companyCondition(a, entity)
  if (company) where.unshift(company)
  if (opts.filter)
    where.push(
      new Compiler(q, { what: 'filter', allowAggregates: false }).condition(
        parseExpression(opts.filter),
        scope,
      ),
    )
  const filterJoins = scope.joins.length
  const filterParams = q.params.values.length

  const order: string[] = []
  const childOrders: ChildOrder[] = []
  let idOrdered = false
  if (opts.orderby) {
    const compiler = new Compiler(q, { what: 'orderby', allowAggregates: false })
    for (const item of parseOrderList(opts.orderby)) {
      if (item.expr.kind !== 'path') throw queryError(`orderby expects field names at position ${item.pos}`)
      let c
      try {
        c = compiler.value(item.expr, scope)
      } catch (err) {
        if (!isNeedExists(err)) throw err
        // field notes: `orderby=Type,PaymentInfoTypeParts.SortIndex asc` orders the expanded list itself.
        const listOrder = childOrder(ctx, entity, item.expr.parts, item.desc)
        if (!listOrder)
          throw queryError(
            `Cannot order by ${quote(item.expr.parts.join('.'))}: it goes through a list relation (position ${item.pos} in orderby)`,
          )
        childOrders.push(listOrder)
        continue
      }
      if (c.type === 'json') throw queryError(`Cannot order by an object at position ${item.pos} in orderby`)
      order.push(`${c.sql} ${item.desc ? 'desc' : 'asc'}`)
      if (c.sql === `${a}."ID"`) idOrdered = true
    }
  }
  // Stable paging: ID is always the last tiebreak.
  if (!idOrdered) order.push(`${a}."ID" asc`)

  const { columns, hidden } = columnsOf(ctx, tree, [])
  const from = `from ${ident(entity.name)} ${a}`
  let text = `select ${selectList(a, columns)} ${from} ${scope.joins.join(' ')} where ${where.join(' and ')} order by ${order.join(', ')}`
  if (opts.top !== undefined) text += ` limit ${q.params.add(opts.top, 'bigint')}`
  if (opts.skip) text += ` offset ${q.params.add(opts.skip, 'bigint')}`
  const raw = decodeRows(ctx, entity, columns, await runTextQuery(ctx.sql, text, q.params.values))

  const skip = opts.skip ?? 0
  let count: number | undefined
  if ((opts.top === undefined || raw.length < opts.top) && (raw.length > 0 || skip === 0))
    count = skip + raw.length
  else if (opts.count) {
    const countText = `select count(*)::integer as n ${from} ${scope.joins.slice(0, filterJoins).join(' ')} where ${where.join(' and ')}`
    const r = await runQuery<{ n: number }>(ctx.sql, countText, q.params.values.slice(0, filterParams))
    count = r.rows[0]!.n
  }

  const api = toApi(ctx, entity, raw, hidden)
  await expand(ctx, tree, raw, api)
  for (const o of childOrders) sortExpandedList(api, o)
  return { rows: api, count }
}

/** An orderby item that orders an expanded list relation (`Items.SortIndex`): relation path and field. */
interface ChildOrder {
  relations: string[]
  field: string
  desc: boolean
}

/** The list-relation order an orderby path names (relations down to a field), or undefined. */
function childOrder(
  ctx: ReadContext,
  entity: EntityDef,
  parts: readonly string[],
  desc: boolean,
): ChildOrder | undefined {
  let current = entity
  const relations: string[] = []
  for (const part of parts.slice(0, -1)) {
    const rel = ctx.registry.relation(current, part)
    if (!rel) return undefined
    relations.push(rel.name)
    const target = ctx.registry.require(rel.target)
    readGrant(ctx, target, `${current.name}.${rel.name}`)
    current = target
  }
  const field = ctx.registry.field(current, parts[parts.length - 1]!)
  if (!field || field.type === 'json') return undefined
  assertQueryable(current, field, 'orderby')
  return { relations, field: field.name, desc }
}

function sortExpandedList(rows: Row[], o: ChildOrder, depth = 0): void {
  for (const row of rows) {
    const value = row[o.relations[depth]!]
    const children = Array.isArray(value)
      ? (value as Row[])
      : value && typeof value === 'object'
        ? [value as Row]
        : []
    if (depth < o.relations.length - 1) sortExpandedList(children, o, depth + 1)
    else if (Array.isArray(value)) {
      const key = (r: Row) => r[o.field]
      value.sort((a: Row, b: Row) => {
        const x = key(a)
        const y = key(b)
        if (x === y) return 0
        if (x === null || x === undefined) return 1
        if (y === null || y === undefined) return -1
        const cmp = (x as number | string) < (y as number | string) ? -1 : 1
        return o.desc ? -cmp : cmp
      })
    }
  }
}

export async function getEntityById(
  ctx: ReadContext,
  entity: EntityDef,
  id: number,
  opts: Pick<ListOptions, 'select' | 'expand'> & { includeDeleted?: boolean } = {},
): Promise<Row | undefined> {
  readGrant(ctx, entity)
  if (!Number.isSafeInteger(id)) return undefined
  const tree = readTree(ctx, entity, opts)
  const { columns, hidden } = columnsOf(ctx, tree, [])
  const where = ['t0."ID" = $1::bigint']
  const params: unknown[] = [id]
  if (entity.scope === 'company') {
    where.unshift('t0."CompanyID" = $2::integer')
    params.push(ctx.companyId)
  }
  ownerWhere(ctx, entity, where, params)
  if (!opts.includeDeleted) where.push('t0."Deleted" = false')
  const text = `select ${selectList('t0', columns)} from ${ident(entity.name)} t0 where ${where.join(' and ')}`
  const raw = decodeRows(ctx, entity, columns, await runTextQuery(ctx.sql, text, params, { prepared: true }))
  if (!raw.length) return undefined
  const api = toApi(ctx, entity, raw, hidden)
  await expand(ctx, tree, raw, api)
  return api[0]
}
