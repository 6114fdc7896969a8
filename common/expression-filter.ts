// The ExpressionFilter language of spec 6.3: `updated(Entity, "Property")`, `startswith(var, "text")`,
// `contains(var, "text")`, `isnull(var)`, `isnotnull(var)`, `=` and the comparisons, `and`, `or`,
// parentheses. Source text -> tokens -> tree -> value; every error carries the position (0-based
// character offset) where it was found. Keywords and function names are case-insensitive.
// One evaluator for both sides: the local platform filters its Eventplans with it, and the desktop app's
// filter tester checks and evaluates a filter with it, so the two cannot disagree.

/** What is wrong with an expression, as a code and its parameters (the app words them in its languages). */
export type ExpressionProblem =
  | { code: 'empty' }
  | { code: 'unterminatedString' }
  | { code: 'unexpectedCharacter'; char: string }
  /** `expected`: `)`, `) ,` or `value`; `found`: the token's text, or '' for the end of the expression. */
  | { code: 'expected'; expected: ')' | ') ,' | 'value'; found: string }
  | { code: 'unexpected'; found: string }
  | { code: 'wrongRoot'; path: string; entity: string }
  | { code: 'needsProperty'; root: string; entity: string }
  | { code: 'noProperty'; model: string; property: string }
  | { code: 'isObject'; path: string }
  | { code: 'unknownFunction'; name: string; known: string }
  | { code: 'arity'; name: string; count: number }
  | { code: 'entityArgument'; name: string; entity: string }
  | { code: 'propertyArgument'; name: string }
  | { code: 'entityMissing'; entity: string }
  | { code: 'tooDeep'; max: number }
  | { code: 'tooManyTerms'; max: number }

/**
 * Limits of one expression, checked while it is parsed: how deep parentheses, `not` and function calls may
 * nest, and how many terms `and`/`or` may join in the whole expression. A filter is a handful of conditions;
 * without these a stored filter of thousands of nested parentheses or terms exhausts the stack when it is
 * parsed or evaluated, so the plan answered 500 or was stored and then never matched.
 */
export const MAX_EXPRESSION_DEPTH = 50
export const MAX_EXPRESSION_TERMS = 500

/** The problem in English (the platform's 400 message and the error's own message). */
export function expressionProblemText(p: ExpressionProblem): string {
  const found = (f: string) => (f === '' ? 'the end of the expression' : f)
  switch (p.code) {
    case 'empty':
      return 'the expression is empty'
    case 'unterminatedString':
      return 'unterminated string'
    case 'unexpectedCharacter':
      return `unexpected character '${p.char}'`
    case 'expected':
      return `expected ${p.expected === 'value' ? 'a value' : p.expected === ')' ? "')'" : "')' or ','"} but found ${found(p.found)}`
    case 'unexpected':
      return `unexpected ${found(p.found)}`
    case 'wrongRoot':
      return `'${p.path}' must start with the filtered entity ${p.entity} (as in ${p.entity}.StatusCode)`
    case 'needsProperty':
      return `'${p.root}' needs a property (as in ${p.entity}.StatusCode)`
    case 'noProperty':
      return `${p.model} has no property '${p.property}'`
    case 'isObject':
      return `'${p.path}' is an object, not a value`
    case 'unknownFunction':
      return `unknown function '${p.name}' (known: ${p.known})`
    case 'arity':
      return `${p.name}() takes ${p.count} argument${p.count > 1 ? 's' : ''}`
    case 'entityArgument':
      return `the first argument of ${p.name}() must be the entity ${p.entity}`
    case 'propertyArgument':
      return `the second argument of ${p.name}() must be a property name in quotes`
    case 'entityMissing':
      return `the expression must name the entity ${p.entity} (as in ${p.entity}.StatusCode)`
    case 'tooDeep':
      return `the expression nests parentheses, not and function calls more than ${p.max} levels deep`
    case 'tooManyTerms':
      return `the expression joins more than ${p.max} terms with and/or`
  }
}

export class ExpressionError extends Error {
  constructor(
    readonly problem: ExpressionProblem,
    readonly position: number,
  ) {
    super(`${expressionProblemText(problem)} (at position ${position})`)
    this.name = 'ExpressionError'
  }
}

export type CompareOp = '=' | '!=' | '<' | '>' | '<=' | '>='

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null; pos: number }
  | { kind: 'var'; path: string[]; pos: number }
  | { kind: 'call'; name: string; args: Expr[]; pos: number }
  | { kind: 'compare'; op: CompareOp; left: Expr; right: Expr; pos: number }
  | { kind: 'and' | 'or'; left: Expr; right: Expr; pos: number }
  | { kind: 'not'; operand: Expr; pos: number }

type Token =
  | { t: 'ident'; v: string; pos: number }
  | { t: 'string'; v: string; pos: number }
  | { t: 'number'; v: number; pos: number }
  | { t: 'op'; v: CompareOp; pos: number }
  | { t: '(' | ')' | ',' | 'end'; pos: number }

const wordOps: Record<string, CompareOp> = { eq: '=', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=' }

function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    const pos = i
    if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c, pos })
      i++
      continue
    }
    if (c === '"' || c === "'") {
      // A quote inside a string is doubled ('it''s') or escaped with a backslash.
      let v = ''
      i++
      for (;;) {
        if (i >= src.length) throw new ExpressionError({ code: 'unterminatedString' }, pos)
        const d = src[i]!
        if (d === '\\' && i + 1 < src.length) {
          v += src[i + 1]
          i += 2
        } else if (d === c && src[i + 1] === c) {
          v += c
          i += 2
        } else if (d === c) {
          i++
          break
        } else {
          v += d
          i++
        }
      }
      out.push({ t: 'string', v, pos })
      continue
    }
    const num = /^-?\d+(?:\.\d+)?/.exec(src.slice(i))
    if (num && (c !== '-' || /\d/.test(src[i + 1] ?? ''))) {
      out.push({ t: 'number', v: Number(num[0]), pos })
      i += num[0].length
      continue
    }
    const two = src.slice(i, i + 2)
    if (two === '<=' || two === '>=' || two === '!=' || two === '<>' || two === '==') {
      out.push({ t: 'op', v: two === '<>' ? '!=' : two === '==' ? '=' : (two as CompareOp), pos })
      i += 2
      continue
    }
    if (c === '=' || c === '<' || c === '>') {
      out.push({ t: 'op', v: c, pos })
      i++
      continue
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i))
    if (word) {
      const op = wordOps[word[0].toLowerCase()]
      out.push(op ? { t: 'op', v: op, pos } : { t: 'ident', v: word[0], pos })
      i += word[0].length
      continue
    }
    throw new ExpressionError({ code: 'unexpectedCharacter', char: c }, pos)
  }
  out.push({ t: 'end', pos: src.length })
  return out
}

const keyword = (tok: Token, word: string) => tok.t === 'ident' && tok.v.toLowerCase() === word

/** Parses an expression into its tree; throws ExpressionError naming the position of the problem. */
export function parseExpression(src: string): Expr {
  if (typeof src !== 'string' || !src.trim()) throw new ExpressionError({ code: 'empty' }, 0)
  const tokens = tokenize(src)
  let at = 0
  const peek = () => tokens[at]!
  const next = () => tokens[at++]!
  /** A token as the user wrote it, quoted; '' for the end of the expression. */
  const describe = (tok: Token) =>
    tok.t === 'end'
      ? ''
      : tok.t === 'ident' || tok.t === 'op'
        ? `'${tok.v}'`
        : tok.t === 'string'
          ? `"${tok.v}"`
          : tok.t === 'number'
            ? String(tok.v)
            : `'${tok.t}'`
  const expect = (t: ')' | ',', expected: ')' | ') ,') => {
    const tok = next()
    if (tok.t !== t) throw new ExpressionError({ code: 'expected', expected, found: describe(tok) }, tok.pos)
  }
  // The parser recurses once per nesting level, so the depth is checked before each step down: a hostile
  // expression is refused with its position instead of exhausting the stack.
  let depth = 0
  const nested = <T>(pos: number, parse: () => T): T => {
    if (++depth > MAX_EXPRESSION_DEPTH)
      throw new ExpressionError({ code: 'tooDeep', max: MAX_EXPRESSION_DEPTH }, pos)
    const result = parse()
    depth--
    return result
  }
  let terms = 1
  const joined = (pos: number) => {
    if (++terms > MAX_EXPRESSION_TERMS)
      throw new ExpressionError({ code: 'tooManyTerms', max: MAX_EXPRESSION_TERMS }, pos)
  }

  function or(): Expr {
    let left = and()
    while (keyword(peek(), 'or')) {
      const pos = next().pos
      joined(pos)
      left = { kind: 'or', left, right: and(), pos }
    }
    return left
  }
  function and(): Expr {
    let left = unary()
    while (keyword(peek(), 'and')) {
      const pos = next().pos
      joined(pos)
      left = { kind: 'and', left, right: unary(), pos }
    }
    return left
  }
  function unary(): Expr {
    if (keyword(peek(), 'not')) {
      const pos = next().pos
      return { kind: 'not', operand: nested(pos, unary), pos }
    }
    return comparison()
  }
  function comparison(): Expr {
    const left = primary()
    const tok = peek()
    if (tok.t !== 'op') return left
    next()
    return { kind: 'compare', op: tok.v, left, right: primary(), pos: tok.pos }
  }
  function primary(): Expr {
    const tok = next()
    switch (tok.t) {
      case '(': {
        const e = nested(tok.pos, or)
        expect(')', ')')
        return e
      }
      case 'string':
      case 'number':
        return { kind: 'literal', value: tok.v, pos: tok.pos }
      case 'ident': {
        const lower = tok.v.toLowerCase()
        if (peek().t === '(') {
          next()
          const args: Expr[] = []
          if (peek().t !== ')') {
            args.push(nested(tok.pos, or))
            while (peek().t === ',') {
              next()
              args.push(nested(tok.pos, or))
            }
          }
          expect(')', ') ,')
          return { kind: 'call', name: lower, args, pos: tok.pos }
        }
        if (lower === 'true' || lower === 'false')
          return { kind: 'literal', value: lower === 'true', pos: tok.pos }
        if (lower === 'null') return { kind: 'literal', value: null, pos: tok.pos }
        if (lower === 'and' || lower === 'or' || lower === 'not') {
          throw new ExpressionError({ code: 'expected', expected: 'value', found: `'${tok.v}'` }, tok.pos)
        }
        return { kind: 'var', path: tok.v.split('.'), pos: tok.pos }
      }
      default:
        throw new ExpressionError({ code: 'expected', expected: 'value', found: describe(tok) }, tok.pos)
    }
  }

  const tree = or()
  const rest = peek()
  if (rest.t !== 'end') throw new ExpressionError({ code: 'unexpected', found: describe(rest) }, rest.pos)
  return tree
}

// ---- checking an expression against the model it filters ----

export interface ExpressionModel {
  /** The model's name as declared (`CustomerInvoice`). */
  name: string
  /** The declared spelling of a property of the model, or undefined when it has none by that name. */
  property(name: string): string | undefined
  /** The model a one-relation leads to, for nested paths (`CustomerInvoice.Customer.CustomerNumber`). */
  related?(name: string): ExpressionModel | undefined
}

interface FunctionSig {
  arity: number
  /** updated() takes the entity itself and a property name as a string. */
  entityArg?: boolean
}

const functions: Record<string, FunctionSig> = {
  updated: { arity: 2, entityArg: true },
  startswith: { arity: 2 },
  endswith: { arity: 2 },
  contains: { arity: 2 },
  isnull: { arity: 1 },
  isnotnull: { arity: 1 },
}

/**
 * Checks what parsing cannot (spec 6.3): every variable's root is the filtered entity and names a
 * property of its model, functions exist with their arity, and the entity appears at all. Throws
 * ExpressionError at the first problem.
 */
export function checkExpression(tree: Expr, model: ExpressionModel): void {
  let namesEntity = false
  const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  function checkPath(path: string[], pos: number): void {
    const [root, ...props] = path
    if (!sameName(root!, model.name)) {
      throw new ExpressionError({ code: 'wrongRoot', path: path.join('.'), entity: model.name }, pos)
    }
    if (props.length === 0) {
      throw new ExpressionError({ code: 'needsProperty', root: root!, entity: model.name }, pos)
    }
    namesEntity = true
    let current: ExpressionModel | undefined = model
    for (let i = 0; i < props.length && current; i++) {
      const prop = props[i]!
      // Custom fields live under CustomValues (spec 2.16); their names are not checked here.
      if (i === 0 && sameName(prop, 'CustomValues')) return
      const last = i === props.length - 1
      if (last && current.property(prop)) return
      const related: ExpressionModel | undefined = current.related?.(prop)
      if (!related) {
        throw new ExpressionError({ code: 'noProperty', model: current.name, property: prop }, pos)
      }
      if (last) throw new ExpressionError({ code: 'isObject', path: path.join('.') }, pos)
      current = related
    }
  }
  function walk(e: Expr): void {
    switch (e.kind) {
      case 'literal':
        return
      case 'var':
        return checkPath(e.path, e.pos)
      case 'not':
        return walk(e.operand)
      case 'and':
      case 'or':
      case 'compare':
        walk(e.left)
        walk(e.right)
        return
      case 'call': {
        const sig = functions[e.name]
        if (!sig) {
          throw new ExpressionError(
            { code: 'unknownFunction', name: e.name, known: Object.keys(functions).join(', ') },
            e.pos,
          )
        }
        if (e.args.length !== sig.arity) {
          throw new ExpressionError({ code: 'arity', name: e.name, count: sig.arity }, e.pos)
        }
        if (sig.entityArg) {
          const [target, prop] = e.args
          if (
            target!.kind !== 'var' ||
            target!.path.length !== 1 ||
            !sameName(target!.path[0]!, model.name)
          ) {
            throw new ExpressionError(
              { code: 'entityArgument', name: e.name, entity: model.name },
              target!.pos,
            )
          }
          if (prop!.kind !== 'literal' || typeof prop!.value !== 'string') {
            throw new ExpressionError({ code: 'propertyArgument', name: e.name }, prop!.pos)
          }
          if (!model.property(prop!.value) && !/^Custom/i.test(prop!.value)) {
            throw new ExpressionError(
              { code: 'noProperty', model: model.name, property: prop!.value },
              prop!.pos,
            )
          }
          namesEntity = true
          return
        }
        e.args.forEach(walk)
        return
      }
    }
  }
  walk(tree)
  if (!namesEntity) {
    throw new ExpressionError({ code: 'entityMissing', entity: model.name }, 0)
  }
}

/**
 * A model read off one row in the platform's read shape (the app's cached rows keep its field names): a
 * property is a key holding a value, a relation a key holding an object. The platform documents no field
 * list for most models (spec 2.15), so the row the user tests against is the best account of them.
 */
export function modelFromRow(name: string, row: Record<string, unknown>): ExpressionModel {
  const key = (wanted: string) => Object.keys(row).find((k) => k.toLowerCase() === wanted.toLowerCase())
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v)
  return {
    name,
    property(wanted) {
      const k = key(wanted)
      return k !== undefined && !isObject(row[k]) && !Array.isArray(row[k]) ? k : undefined
    },
    related(wanted) {
      const k = key(wanted)
      return k !== undefined && isObject(row[k])
        ? modelFromRow(k, row[k] as Record<string, unknown>)
        : undefined
    },
  }
}

/** The properties an expression asks `updated(Entity, "Property")` about, in the order written. */
export function updatedProperties(tree: Expr): string[] {
  const out: string[] = []
  const walk = (e: Expr): void => {
    if (e.kind === 'call') {
      const prop = e.args[1]
      if (e.name === 'updated' && prop?.kind === 'literal' && typeof prop.value === 'string') {
        if (!out.some((p) => p.toLowerCase() === (prop.value as string).toLowerCase())) out.push(prop.value)
      } else e.args.forEach(walk)
    } else if (e.kind === 'not') walk(e.operand)
    else if (e.kind === 'and' || e.kind === 'or' || e.kind === 'compare') {
      walk(e.left)
      walk(e.right)
    }
  }
  walk(tree)
  return out
}

// ---- evaluation ----

export interface EvaluationInput {
  /** The entity in read shape. */
  entity: Record<string, unknown>
  /** Names of the properties the write changed; `updated()` is true only for these. */
  changed?: readonly string[]
}

type Value = string | number | boolean | null | undefined | object

function lookup(obj: unknown, key: string): unknown {
  if (typeof obj !== 'object' || obj === null) return undefined
  const rec = obj as Record<string, unknown>
  if (key in rec) return rec[key]
  const lower = key.toLowerCase()
  const found = Object.keys(rec).find((k) => k.toLowerCase() === lower)
  return found === undefined ? undefined : rec[found]
}

/** spec 6.3: null, the empty string, `''` and 0 count as null. */
function isNullish(v: Value): boolean {
  return v === null || v === undefined || v === '' || v === "''" || v === 0
}

const asNumber = (v: Value): number | undefined => {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return undefined
}

function compare(op: CompareOp, a: Value, b: Value): boolean {
  if (a === undefined) a = null
  if (b === undefined) b = null
  if (a === null || b === null) {
    if (op === '=') return a === b
    if (op === '!=') return a !== b
    return false
  }
  let x: number | string | boolean
  let y: number | string | boolean
  const na = asNumber(a)
  const nb = asNumber(b)
  if (na !== undefined && nb !== undefined && (typeof a === 'number' || typeof b === 'number')) {
    x = na
    y = nb
  } else if (typeof a === 'boolean' || typeof b === 'boolean') {
    x = String(a).toLowerCase()
    y = String(b).toLowerCase()
  } else if (typeof a === 'object' || typeof b === 'object') {
    x = JSON.stringify(a)
    y = JSON.stringify(b)
  } else {
    x = String(a)
    y = String(b)
  }
  switch (op) {
    case '=':
      return x === y
    case '!=':
      return x !== y
    case '<':
      return x < y
    case '>':
      return x > y
    case '<=':
      return x <= y
    case '>=':
      return x >= y
  }
}

const text = (v: Value) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v).toLowerCase()

/** The value of an expression for one entity; the filter matches when it is true. */
export function evaluateExpression(tree: Expr, input: EvaluationInput): boolean {
  return evaluate(tree, input) === true
}

function evaluate(e: Expr, input: EvaluationInput): Value {
  switch (e.kind) {
    case 'literal':
      return e.value
    case 'var': {
      let v: unknown = input.entity
      for (const prop of e.path.slice(1)) v = lookup(v, prop)
      return v as Value
    }
    case 'not':
      return evaluate(e.operand, input) !== true
    case 'and':
    case 'or': {
      // `a or b or c` is a tree leaning left, as deep as the chain is long: its terms are gathered along
      // the left edge in a loop and evaluated in order, so a long chain costs no stack. What is left to
      // recurse on is bounded by the parser's depth limit.
      const terms: Expr[] = []
      let node: Expr = e
      while ((node.kind === 'and' || node.kind === 'or') && node.kind === e.kind) {
        terms.push(node.right)
        node = node.left
      }
      terms.push(node)
      for (let i = terms.length - 1; i >= 0; i--) {
        const holds = evaluate(terms[i]!, input) === true
        if (holds !== (e.kind === 'and')) return holds
      }
      return e.kind === 'and'
    }
    case 'compare':
      return compare(e.op, evaluate(e.left, input), evaluate(e.right, input))
    case 'call': {
      if (e.name === 'updated') {
        const prop = e.args[1]
        if (prop?.kind !== 'literal' || typeof prop.value !== 'string') return false
        const wanted = prop.value.toLowerCase()
        return (input.changed ?? []).some((c) => c.toLowerCase() === wanted)
      }
      const args = e.args.map((a) => evaluate(a, input))
      switch (e.name) {
        case 'isnull':
          return isNullish(args[0])
        case 'isnotnull':
          return !isNullish(args[0])
        case 'startswith':
          return args[0] !== null && args[0] !== undefined && text(args[0]).startsWith(text(args[1]))
        case 'endswith':
          return args[0] !== null && args[0] !== undefined && text(args[0]).endsWith(text(args[1]))
        case 'contains':
          return args[0] !== null && args[0] !== undefined && text(args[0]).includes(text(args[1]))
        default:
          throw new ExpressionError(
            { code: 'unknownFunction', name: e.name, known: Object.keys(functions).join(', ') },
            e.pos,
          )
      }
    }
  }
}
