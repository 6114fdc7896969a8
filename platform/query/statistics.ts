// The statistics route's query (spec 4.2, field notes "Responses"): `model`, `select` with `as` aliases
// and aggregates, `filter`, `join`, `expand`, `orderby`, `having`, `distinct`, `top`, `skip`. The group by
// is the non-aggregate select expressions. Soft-deleted rows are included unless the query filters
// `Deleted eq 0`; every table is limited to the caller's company.
import { ident } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import type { EntityDef } from '../registry/types.ts'
import { Compiler } from './compiler.ts'
import { readGrant } from './access.ts'
import { QueryContext, Scope, type Compiled } from './scope.ts'
import { runQuery } from './execute.ts'
import { parseBool, parseCount, queryParam } from './options.ts'
import {
  parseExpression,
  parseOrderList,
  parsePathList,
  parseSelectList,
  queryError,
  quote,
  type Node,
  type SelectItem,
} from './parser.ts'
import type { ReadContext } from './types.ts'

type Row = Record<string, unknown>

/** Column names per the field notes; a repeated name gets a number (`countID`, `countID2`). */
function columnName(entity: EntityDef, item: SelectItem, c: Compiled, index: number): string {
  if (item.alias) return item.alias
  if (c.rootField) return `${entity.name}${c.name}`
  return c.name || `Column${index + 1}`
}

function conjuncts(node: Node): Node[] {
  return node.kind === 'logic' && node.op === 'and'
    ? [...conjuncts(node.left), ...conjuncts(node.right)]
    : [node]
}

function pathsOf(node: Node): Extract<Node, { kind: 'path' }>[] {
  switch (node.kind) {
    case 'path':
      return [node]
    case 'literal':
      return []
    case 'call':
      return node.args.flatMap(pathsOf)
    case 'compare':
    case 'logic':
      return [...pathsOf(node.left), ...pathsOf(node.right)]
    case 'in':
      return [...pathsOf(node.left), ...node.list.flatMap(pathsOf)]
    case 'not':
      return pathsOf(node.expr)
  }
}

/** `join=a.x eq b.y and ...`: each other model is left-joined once, on the conditions that name it. */
function addJoins(ctx: ReadContext, q: QueryContext, scope: Scope, text: string): void {
  const root = scope.root.entity
  const order: EntityDef[] = []
  const conditions = new Map<EntityDef, Node[]>()
  for (const cond of conjuncts(parseExpression(text, 'join'))) {
    let latest: EntityDef | undefined
    for (const p of pathsOf(cond)) {
      if (p.parts.length < 2) continue
      const model = ctx.registry.get(p.parts[0]!)
      if (model?.internal)
        throw queryError(`Unknown model ${quote(p.parts[0]!)} at position ${cond.pos} in join`)
      if (
        !model ||
        model === root ||
        ctx.registry.field(root, p.parts[0]!) ||
        ctx.registry.relation(root, p.parts[0]!)
      )
        continue
      if (!order.includes(model)) {
        // A join into a model the reader may not read is refused, not emptied.
        readGrant(ctx, model, 'statistics join')
        order.push(model)
      }
      if (!latest || order.indexOf(model) > order.indexOf(latest)) latest = model
    }
    if (!latest)
      throw queryError(
        `Each join condition must name another model (Model.Field) at position ${cond.pos} in join`,
      )
    conditions.set(latest, [...(conditions.get(latest) ?? []), cond])
  }
  const compiler = new Compiler(q, { what: 'join', allowAggregates: false })
  const bindings = order.map((m) => scope.addModel(m))
  order.forEach((model, i) => {
    const b = bindings[i]!
    const mark = scope.joins.length
    const conds = (conditions.get(model) ?? []).map((c) => compiler.condition(c, scope))
    const company = q.companyCondition(b.alias, model)
    if (company) conds.push(company)
    // Relation joins a condition needed go after the model they start from.
    const extra = scope.joins.splice(mark)
    scope.joins.push(
      `left join ${ident(model.name)} ${b.alias} on ${conds.length ? conds.join(' and ') : 'true'}`,
      ...extra,
    )
  })
}

async function run(ctx: ReadContext, query: Record<string, unknown>): Promise<Row[]> {
  const modelName = queryParam(query, 'model')?.trim()
  if (!modelName) throw queryError('model is required (for example model=SupplierInvoice)')
  const entity = /^[A-Za-z_][A-Za-z0-9_]*$/.test(modelName) ? ctx.registry.get(modelName) : undefined
  if (!entity || entity.internal) throw queryError(`Unknown model ${quote(modelName)}`)
  readGrant(ctx, entity)

  const q = new QueryContext(ctx, 'stats')
  const scope = Scope.forRoot(q, entity)
  const a = scope.root.alias

  const join = queryParam(query, 'join')
  if (join?.trim()) addJoins(ctx, q, scope, join)

  const expand = queryParam(query, 'expand')
  if (expand?.trim()) {
    const pathCompiler = new Compiler(q, { what: 'expand', allowAggregates: false })
    for (const p of parsePathList(expand, 'expand')) {
      // Joining the relation path makes its fields usable in select, filter and orderby.
      pathCompiler.value({ ...p, parts: [...p.parts, 'ID'], partPos: [...p.partPos, p.pos] }, scope)
    }
  }

  const select = queryParam(query, 'select')
  let items = select?.trim() && select.trim() !== '*' ? parseSelectList(select) : []
  if (!items.length) {
    items = ctx.registry
      .fields(entity)
      .filter((f) => !f.secret)
      .map((f) => ({ expr: { kind: 'path', parts: [f.name], partPos: [1], pos: 1 }, pos: 1 }))
  }
  const selectCompiler = new Compiler(q, { what: 'select', allowAggregates: true })
  const compiled = items.map((item) => selectCompiler.value(item.expr, scope))
  const names: string[] = []
  items.forEach((item, i) => {
    const base = columnName(entity, item, compiled[i]!, i)
    let name = base
    for (let n = 2; names.includes(name); n++) name = `${base}${n}`
    names.push(name)
  })
  const aliases = new Map<string, Compiled>()
  items.forEach((item, i) => {
    if (item.alias && !aliases.has(item.alias.toLowerCase()))
      aliases.set(item.alias.toLowerCase(), compiled[i]!)
  })

  const where: string[] = []
  const company = q.companyCondition(a, entity)
  if (company) where.push(company)
  const filter = queryParam(query, 'filter')
  if (filter?.trim())
    where.push(
      new Compiler(q, { what: 'filter', allowAggregates: false }).condition(parseExpression(filter), scope),
    )

  const having = queryParam(query, 'having')
  const havingSql = having?.trim()
    ? new Compiler(q, { what: 'having', allowAggregates: true, aliases }).condition(
        parseExpression(having, 'having'),
        scope,
      )
    : ''

  const distinct = parseBool(query, 'distinct') ?? false
  const grouped = compiled.some((c) => c.agg) || havingSql !== ''
  const groupBy = grouped ? compiled.flatMap((c, i) => (c.agg ? [] : [String(i + 1)])) : []

  const order: string[] = []
  const orderby = queryParam(query, 'orderby')
  if (orderby?.trim()) {
    const orderCompiler = new Compiler(q, { what: 'orderby', allowAggregates: true, aliases })
    for (const item of parseOrderList(orderby)) {
      const dir = item.desc ? 'desc' : 'asc'
      const e = item.expr
      const byName =
        e.kind === 'path' && e.parts.length === 1
          ? names.findIndex((n) => n.toLowerCase() === e.parts[0]!.toLowerCase())
          : -1
      if (byName >= 0) {
        order.push(`${byName + 1} ${dir}`)
        continue
      }
      const c = orderCompiler.value(e, scope)
      const same = compiled.findIndex((s) => s.sql === c.sql)
      if (same >= 0) order.push(`${same + 1} ${dir}`)
      else if (distinct)
        throw queryError(
          `With distinct=true, orderby may only name selected columns (position ${item.pos} in orderby)`,
        )
      else order.push(`${c.sql} ${dir}`)
    }
  }
  // Stable paging over plain rows.
  if (!grouped && !distinct) order.push(`${a}."ID" asc`)

  let text = `select ${distinct ? 'distinct ' : ''}${compiled.map((c, i) => `${c.sql} as c${i}`).join(', ')} from ${ident(entity.name)} ${a} ${scope.joins.join(' ')}`
  if (where.length) text += ` where ${where.join(' and ')}`
  if (groupBy.length) text += ` group by ${groupBy.join(', ')}`
  if (havingSql) text += ` having ${havingSql}`
  if (order.length) text += ` order by ${order.join(', ')}`
  const top = parseCount(query, 'top')
  const skip = parseCount(query, 'skip')
  if (top !== undefined) text += ` limit ${q.params.add(top, 'bigint')}`
  if (skip) text += ` offset ${q.params.add(skip, 'bigint')}`

  const { rows } = await runQuery(ctx.sql, text, q.params.values)
  return rows.map((row) => {
    const out: Row = {}
    compiled.forEach((c, i) => {
      const v = row[`c${i}`]
      out[names[i]!] =
        (c.type === 'int' || c.type === 'number') && typeof v === 'string' ? Number(v) : (v ?? null)
    })
    return out
  })
}

export async function runStatistics(ctx: ReadContext, query: Record<string, unknown>): Promise<Row[]> {
  try {
    return await run(ctx, query)
  } catch (err) {
    // The route answers 400 with `Success: false` and the reason (field notes "Responses").
    if (err instanceof PlatformError && (err.code === 'QUERY_INVALID' || err.code === 'FORBIDDEN')) {
      throw new PlatformError(err.code, err.message, { body: { Success: false, Data: [] } })
    }
    throw err
  }
}
