// Compiles parsed query expressions to parameterised SQL: comparisons, functions and aggregates, each
// operand type-checked against the registry type of the field it meets. Every client value travels as a
// parameter ($1, $2, ...) with an explicit cast, so the statement text depends on the query's shape, not
// its values (prepared-statement friendly); the only exceptions pick a cheaper form of the same test
// (`like` for a pattern without letters, `integer` for a number that fits the column).
import { queryError, quote, type Node } from './parser.ts'
import { NeedExists, type Compiled, type QueryContext, type Scope, type ValType } from './scope.ts'

type Literal = Extract<Node, { kind: 'literal' }>

const typeLabel: Record<ValType, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  bool: 'a boolean',
  date: 'a date',
  datetime: 'a date and time',
  guid: 'a GUID',
  json: 'an object',
}

export interface CompileOptions {
  /** Where the expression comes from, for messages (`filter`, `having`, `select`). */
  what: string
  allowAggregates: boolean
  /** Statistics: select aliases usable by name in having and orderby (lowercase alias -> expression). */
  aliases?: ReadonlyMap<string, Compiled>
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INT = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d))
  return (
    y >= 1 && y <= 9999 && dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d
  )
}

function literalText(lit: Literal): string {
  return lit.type === 'string' ? quote(String(lit.value)) : String(lit.value)
}

export class Compiler {
  constructor(
    readonly q: QueryContext,
    readonly opts: CompileOptions,
  ) {}

  private fail(message: string, pos: number): never {
    throw queryError(`${message} at position ${pos} in ${this.opts.what}`)
  }

  /** A client value as a parameter of the given type. */
  coerce(lit: Literal, type: ValType, against: string): string {
    const bad = (): never =>
      this.fail(`${literalText(lit)} is not ${typeLabel[type]} (compared with ${against})`, lit.pos)
    const v = lit.value
    const p = this.q.params
    switch (type) {
      case 'int':
      case 'number': {
        const text = lit.type === 'number' ? String(v) : lit.type === 'string' ? String(v).trim() : bad()
        if (type === 'int' && INT.test(text)) {
          const n = Number(text)
          if (!Number.isSafeInteger(n)) this.fail(`The number ${quote(text)} is out of range`, lit.pos)
          return p.add(n, Math.abs(n) <= 2147483647 ? 'integer' : 'bigint')
        }
        if (!DECIMAL.test(text)) bad()
        if (text.replace(/[^0-9]/g, '').length > 30)
          this.fail(`The number ${quote(text)} is out of range`, lit.pos)
        return p.add(text, 'numeric')
      }
      case 'string':
        if (lit.type === 'string' || lit.type === 'number') return p.add(String(v), 'text')
        return bad()
      case 'bool': {
        if (lit.type === 'bool') return p.add(v, 'boolean')
        const s = String(v).trim().toLowerCase()
        if (lit.type !== 'null' && /^(true|false|0|1)$/.test(s))
          return p.add(s === 'true' || s === '1', 'boolean')
        return bad()
      }
      case 'date': {
        const m = lit.type === 'string' ? DATETIME.exec(String(v).trim()) : null
        if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) bad()
        return p.add(`${m![1]}-${m![2]}-${m![3]}`, 'date')
      }
      case 'datetime': {
        const m = lit.type === 'string' ? DATETIME.exec(String(v).trim()) : null
        if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) bad()
        const d = new Date(DATE.test(String(v).trim()) ? `${String(v).trim()}T00:00:00Z` : String(v).trim())
        if (Number.isNaN(d.getTime())) bad()
        return p.add(d.toISOString(), 'timestamptz')
      }
      case 'guid':
        if (lit.type === 'string' && GUID.test(String(v).trim()))
          return p.add(String(v).trim().toLowerCase(), 'uuid')
        return bad()
      case 'json':
        return this.fail(`${against} is an object and cannot be compared`, lit.pos)
    }
  }

  /** A literal standing alone (no typed partner): its own type. */
  private literalValue(lit: Literal): Compiled {
    const base = { agg: false, name: '', rootField: false }
    switch (lit.type) {
      case 'string':
        return { ...base, sql: this.q.params.add(lit.value, 'text'), type: 'string' }
      case 'number':
        return { ...base, sql: this.coerce(lit, 'number', 'a number'), type: 'number' }
      case 'bool':
        return { ...base, sql: this.q.params.add(lit.value, 'boolean'), type: 'bool' }
      case 'null':
        return { ...base, sql: 'null', type: 'string' }
    }
  }

  /** A boolean condition (filter, having, join, casewhen's first argument). */
  condition(node: Node, scope: Scope): string {
    if (node.kind === 'logic') {
      const items: Node[] = []
      const collect = (n: Node) => {
        if (n.kind === 'logic' && n.op === node.op) {
          collect(n.left)
          collect(n.right)
        } else items.push(n)
      }
      collect(node)
      return `(${items.map((n) => this.condition(n, scope)).join(` ${node.op} `)})`
    }
    if (node.kind === 'not') return `not coalesce(${this.condition(node.expr, scope)}, false)`
    try {
      const c = this.value(node, scope)
      if (c.type !== 'bool')
        this.fail(
          `Expected a condition (for example Field eq 'value') but found ${this.describeNode(node)}`,
          node.pos,
        )
      return c.sql
    } catch (err) {
      if (!(err instanceof NeedExists)) throw err
      // spec 4.2 / field notes: a path through a many-relation filters on "any child matches". Parameters
      // of the abandoned attempt stay unreferenced and are dropped before the statement runs.
      const { scope: sub, table, conditions } = scope.child(err.parent, err.rel, err.key, err.display)
      const inner = this.condition(node, sub)
      return `exists (select 1 from ${table} ${sub.joins.join(' ')} where ${conditions} and ${inner})`
    }
  }

  private describeNode(node: Node): string {
    if (node.kind === 'path') return quote(node.parts.join('.'))
    if (node.kind === 'literal') return literalText(node)
    if (node.kind === 'call') return quote(`${node.name}(...)`)
    return 'an expression'
  }

  /** Compiles a value expression; literals get their own type. */
  value(node: Node, scope: Scope): Compiled {
    const operand = this.operand(node, scope)
    return 'kind' in operand ? this.literalValue(operand) : operand
  }

  private operand(node: Node, scope: Scope): Compiled | Literal {
    switch (node.kind) {
      case 'literal':
        return node
      case 'path': {
        const aliased =
          node.parts.length === 1 ? this.opts.aliases?.get(node.parts[0]!.toLowerCase()) : undefined
        if (aliased) return aliased
        scope.setWhat(this.opts.what)
        return scope.path(node)
      }
      case 'call':
        return this.call(node, scope)
      case 'compare':
        return this.compare(node, scope)
      case 'in':
        return this.inList(node, scope)
      case 'logic':
      case 'not':
        return { sql: this.condition(node, scope), type: 'bool', agg: false, name: '', rootField: false }
    }
  }

  /** Pairs two operands: a literal takes the type of its typed partner; two typed operands must be comparable. */
  private typed(a: Compiled | Literal, b: Compiled | Literal, pos: number): [Compiled, Compiled] {
    const aLit = 'kind' in a
    const bLit = 'kind' in b
    if (aLit && bLit) return [this.literalValue(a), this.literalValue(b)]
    if (aLit)
      return [
        {
          ...(b as Compiled),
          sql: this.coerce(a, (b as Compiled).type, this.label(b as Compiled)),
          agg: false,
          name: '',
        },
        b as Compiled,
      ]
    if (bLit)
      return [
        a as Compiled,
        {
          ...(a as Compiled),
          sql: this.coerce(b, (a as Compiled).type, this.label(a as Compiled)),
          agg: false,
          name: '',
        },
      ]
    const ca = a as Compiled
    const cb = b as Compiled
    if (family(ca.type) !== family(cb.type))
      this.fail(
        `Cannot compare ${this.label(ca)} (${typeLabel[ca.type]}) with ${this.label(cb)} (${typeLabel[cb.type]})`,
        pos,
      )
    if (ca.type === 'json') this.fail(`${this.label(ca)} is an object and cannot be compared`, pos)
    return [ca, cb]
  }

  private label(c: Compiled): string {
    return c.name || 'the expression'
  }

  private compare(node: Extract<Node, { kind: 'compare' }>, scope: Scope): Compiled {
    const result = (sql: string, agg: boolean): Compiled => ({
      sql,
      type: 'bool',
      agg,
      name: '',
      rootField: false,
    })
    let left = this.operand(node.left, scope)
    let right = this.operand(node.right, scope)
    if ('kind' in left && left.type === 'null' && !('kind' in right && right.type === 'null'))
      [left, right] = [right, left]
    if ('kind' in right && right.type === 'null') {
      const l = 'kind' in left ? this.literalValue(left) : left
      if (node.op === 'eq') return result(`(${l.sql} is null)`, l.agg)
      if (node.op === 'ne') return result(`(${l.sql} is not null)`, l.agg)
      this.fail(`null can only be compared with eq or ne`, node.pos)
    }
    if (node.op === 'like' || node.op === 'notlike') {
      if ('kind' in left) this.fail(`The left side of ${node.op} must be a field`, node.pos)
      if (!('kind' in right) || (right.type !== 'string' && right.type !== 'number'))
        this.fail(`${node.op} expects a text pattern in quotes`, node.pos)
      const l = left as Compiled
      if (l.type === 'json') this.fail(`${this.label(l)} is an object and cannot be compared`, node.pos)
      // spec 4.2: `%` is the wildcard; `_` and `\` match themselves.
      const raw = String(right.value).replace(/[\\_]/g, '\\$&')
      const pattern = this.q.params.add(raw, 'text')
      const text = l.type === 'string' ? l.sql : `(${l.sql})::text`
      const op = likeOperator(raw)
      return result(
        node.op === 'like' ? `(${text} ${op} ${pattern})` : `(${text} not ${op} ${pattern})`,
        l.agg,
      )
    }
    const [l, r] = this.typed(left, right, node.pos)
    const ops: Record<string, string> = {
      eq: '=',
      ne: 'is distinct from',
      gt: '>',
      lt: '<',
      ge: '>=',
      le: '<=',
    }
    // Text equality ignores case, as on the real service (`Email eq 'Anne@x.no'` finds anne@x.no).
    if (l.type === 'string' && (node.op === 'eq' || node.op === 'ne')) {
      return result(`(lower(${l.sql}) ${ops[node.op]} lower(${r.sql}))`, l.agg || r.agg)
    }
    return result(`(${l.sql} ${ops[node.op]} ${r.sql})`, l.agg || r.agg)
  }

  private inList(node: Extract<Node, { kind: 'in' }>, scope: Scope): Compiled {
    const left = this.value(node.left, scope)
    const items = node.list.map((item) => {
      if (item.kind === 'literal' && item.type === 'null')
        this.fail('null cannot be in a list; use eq null', item.pos)
      const [, r] = this.typed(left, this.operand(item, scope), item.pos)
      return left.type === 'string' ? `lower(${r.sql})` : r.sql
    })
    const l = left.type === 'string' ? `lower(${left.sql})` : left.sql
    return { sql: `(${l} in (${items.join(', ')}))`, type: 'bool', agg: left.agg, name: '', rootField: false }
  }

  private call(node: Extract<Node, { kind: 'call' }>, scope: Scope): Compiled {
    const name = node.name.toLowerCase()
    const args = node.args
    const arity = (n: number) => {
      if (node.star && name !== 'count') this.fail(`${node.name}(*) is not allowed`, node.pos)
      if (args.length !== n)
        this.fail(`${node.name} expects ${n} argument${n === 1 ? '' : 's'} but got ${args.length}`, node.pos)
    }
    const field = (n: Node): Compiled => {
      const c = this.operand(n, scope)
      if ('kind' in c) this.fail(`The first argument of ${node.name} must be a field`, n.pos)
      return c as Compiled
    }
    const named = (sql: string, type: ValType, agg: boolean, argName: string): Compiled => ({
      sql,
      type,
      agg,
      name: `${name}${argName}`,
      rootField: false,
    })
    switch (name) {
      case 'contains':
      case 'startswith':
      case 'endswith': {
        arity(2)
        const f = field(args[0]!)
        const v = args[1]!
        if (v.kind !== 'literal' || (v.type !== 'string' && v.type !== 'number'))
          this.fail(`${node.name} expects a text value in quotes as its second argument`, v.pos)
        if (f.type === 'json') this.fail(`${this.label(f)} is an object and cannot be searched`, node.pos)
        const escaped = String(v.value).replace(/[\\%_]/g, '\\$&')
        const pattern =
          name === 'contains' ? `%${escaped}%` : name === 'startswith' ? `${escaped}%` : `%${escaped}`
        const text = f.type === 'string' ? f.sql : `(${f.sql})::text`
        return named(
          `(${text} ${likeOperator(pattern)} ${this.q.params.add(pattern, 'text')})`,
          'bool',
          f.agg,
          f.name,
        )
      }
      case 'isnull': {
        arity(2)
        const x = this.operand(args[0]!, scope)
        const d = this.operand(args[1]!, scope)
        const [a, b] = this.typed(x, d, node.pos)
        return named(`coalesce(${a.sql}, ${b.sql})`, a.type, a.agg || b.agg, a.name)
      }
      case 'year':
      case 'month':
      case 'day': {
        arity(1)
        const x = this.operand(args[0]!, scope)
        const d: Compiled =
          'kind' in x
            ? { sql: this.coerce(x, 'date', name), type: 'date', agg: false, name: '', rootField: false }
            : x
        if (d.type !== 'date' && d.type !== 'datetime') this.fail(`${node.name} expects a date`, node.pos)
        return named(`extract(${name} from ${d.sql})::integer`, 'int', d.agg, d.name)
      }
      case 'between': {
        arity(3)
        const f = field(args[0]!)
        const [, lo] = this.typed(f, this.operand(args[1]!, scope), args[1]!.pos)
        const [, hi] = this.typed(f, this.operand(args[2]!, scope), args[2]!.pos)
        return named(`(${f.sql} between ${lo.sql} and ${hi.sql})`, 'bool', f.agg || lo.agg || hi.agg, f.name)
      }
      case 'casewhen': {
        arity(3)
        const cond = this.condition(args[0]!, scope)
        let a = this.operand(args[1]!, scope)
        let b = this.operand(args[2]!, scope)
        if ('kind' in a && 'kind' in b && a.type !== b.type) {
          // Mixed literals ('yes', 0): both as text.
          if (a.type !== 'null') a = { ...a, type: 'string', value: String(a.value) }
          if (b.type !== 'null') b = { ...b, type: 'string', value: String(b.value) }
        }
        const [x, y] = this.typed(a, b, node.pos)
        return named(`(case when ${cond} then ${x.sql} else ${y.sql} end)`, x.type, x.agg || y.agg, '')
      }
      case 'count':
      case 'sum':
      case 'avg':
      case 'min':
      case 'max': {
        if (!this.opts.allowAggregates)
          this.fail(
            `The aggregate ${node.name} is only allowed in the select, having and orderby of statistics`,
            node.pos,
          )
        if (name === 'count' && (node.star || args.length === 0)) {
          if (args.length) arity(0)
          return named('count(*)', 'int', true, '')
        }
        arity(1)
        const x = this.value(args[0]!, scope)
        if (x.agg) this.fail('Aggregates cannot be nested', node.pos)
        if (name === 'count') return named(`count(${x.sql})`, 'int', true, x.name)
        if ((name === 'sum' || name === 'avg') && x.type !== 'int' && x.type !== 'number')
          this.fail(`${node.name} expects a number`, node.pos)
        if (x.type === 'bool' || x.type === 'json' || x.type === 'guid')
          this.fail(`${node.name} cannot be used on ${typeLabel[x.type]}`, node.pos)
        return named(`${name}(${x.sql})`, name === 'sum' || name === 'avg' ? 'number' : x.type, true, x.name)
      }
      default:
        return this.fail(`Unknown function ${quote(node.name)}`, node.pos)
    }
  }
}

/** Case-insensitive matching; a pattern without letters (`%12%`) matches the same with the cheaper `like`. */
function likeOperator(pattern: string): 'like' | 'ilike' {
  return pattern.toLowerCase() === pattern.toUpperCase() ? 'like' : 'ilike'
}

function family(t: ValType): string {
  if (t === 'int' || t === 'number') return 'number'
  if (t === 'date' || t === 'datetime') return 'date'
  return t
}
