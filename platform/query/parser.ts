// Tokenizer and recursive-descent parser for the query language of spec 4.2 and the statistics route:
// filter expressions, select lists (with `as` aliases), orderby lists and relation paths. Positions
// (1-based character offsets into the parameter) travel with every node so messages can point at
// the problem. Nothing here knows SQL or the registry; the compiler checks names and types.
import { PlatformError } from '../errors.ts'

export type CompareOp = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'like' | 'notlike'

export type Node =
  | { kind: 'path'; parts: string[]; partPos: number[]; pos: number }
  | {
      kind: 'literal'
      type: 'string' | 'number' | 'bool' | 'null'
      value: string | boolean | null
      pos: number
    }
  | { kind: 'call'; name: string; args: Node[]; star: boolean; pos: number }
  | { kind: 'compare'; op: CompareOp; left: Node; right: Node; pos: number }
  | { kind: 'in'; left: Node; list: Node[]; pos: number }
  | { kind: 'logic'; op: 'and' | 'or'; left: Node; right: Node; pos: number }
  | { kind: 'not'; expr: Node; pos: number }

export interface SelectItem {
  expr: Node
  alias?: string
  pos: number
}

export interface OrderItem {
  expr: Node
  desc: boolean
  pos: number
}

type Token =
  | { kind: 'ident'; parts: string[]; partPos: number[]; pos: number; text: string }
  | { kind: 'string'; value: string; pos: number; text: string }
  | { kind: 'number'; value: string; pos: number; text: string }
  | { kind: 'punct'; value: '(' | ')' | ',' | '*'; pos: number; text: string }
  | { kind: 'eof'; pos: number; text: string }

const compareOps = new Set<string>(['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'like', 'notlike'])
/** Longest accepted parameter; a longer one is almost certainly not a hand-written query. */
export const MAX_QUERY_LENGTH = 10_000
/** Deepest accepted nesting of parentheses, `not` and function calls. */
const MAX_DEPTH = 40

export function queryError(message: string): PlatformError {
  return new PlatformError('QUERY_INVALID', message)
}

/** A short, printable excerpt of client text for a message. */
export function quote(text: string): string {
  const t = text.length > 40 ? `${text.slice(0, 40)}...` : text
  return `'${Array.from(t, (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? '?' : ch)).join('')}'`
}

function describe(t: Token): string {
  return t.kind === 'eof' ? 'the end' : quote(t.text)
}

const IDENT_START = /[A-Za-z_]/
const IDENT_PART = /[A-Za-z0-9_]/

export function tokenize(input: string, what: string): Token[] {
  if (input.length > MAX_QUERY_LENGTH)
    throw queryError(`The ${what} is too long (at most ${MAX_QUERY_LENGTH} characters)`)
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    const c = input[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    const pos = i + 1
    if (c === "'") {
      let value = ''
      let j = i + 1
      for (;;) {
        if (j >= input.length) throw queryError(`Unterminated string starting at position ${pos} in ${what}`)
        if (input[j] === "'") {
          // A quote inside a string is doubled (field notes).
          if (input[j + 1] === "'") {
            value += "'"
            j += 2
            continue
          }
          break
        }
        value += input[j]
        j++
      }
      tokens.push({ kind: 'string', value, pos, text: input.slice(i, j + 1) })
      i = j + 1
      continue
    }
    if (/[0-9]/.test(c) || ((c === '-' || c === '+') && /[0-9]/.test(input[i + 1] ?? ''))) {
      const m = /^[+-]?[0-9]+(\.[0-9]+)?/.exec(input.slice(i))!
      const after = input[i + m[0].length] ?? ''
      if (IDENT_PART.test(after) || after === '.')
        throw queryError(`Malformed number at position ${pos} in ${what}`)
      tokens.push({ kind: 'number', value: m[0].replace(/^\+/, ''), pos, text: m[0] })
      i += m[0].length
      continue
    }
    if (IDENT_START.test(c)) {
      const parts: string[] = []
      const partPos: number[] = []
      let j = i
      for (;;) {
        const start = j
        while (j < input.length && IDENT_PART.test(input[j]!)) j++
        parts.push(input.slice(start, j))
        partPos.push(start + 1)
        if (input[j] !== '.') break
        j++
        if (!IDENT_START.test(input[j] ?? ''))
          throw queryError(`Expected a name after '.' at position ${j + 1} in ${what}`)
      }
      tokens.push({ kind: 'ident', parts, partPos, pos, text: input.slice(i, j) })
      i = j
      continue
    }
    if (c === '(' || c === ')' || c === ',' || c === '*') {
      tokens.push({ kind: 'punct', value: c, pos, text: c })
      i++
      continue
    }
    throw queryError(`Unexpected character ${quote(c)} at position ${pos} in ${what}`)
  }
  tokens.push({ kind: 'eof', pos: input.length + 1, text: '' })
  return tokens
}

class Parser {
  private i = 0
  private depth = 0
  constructor(
    private readonly tokens: Token[],
    private readonly what: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.i]!
  }
  private next(): Token {
    const t = this.tokens[this.i]!
    if (t.kind !== 'eof') this.i++
    return t
  }
  private keyword(t: Token): string | undefined {
    return t.kind === 'ident' && t.parts.length === 1 ? t.parts[0]!.toLowerCase() : undefined
  }
  private isPunct(t: Token, v: string): boolean {
    return t.kind === 'punct' && t.value === v
  }
  private fail(message: string, t: Token): never {
    throw queryError(`${message} at position ${t.pos} in ${this.what}`)
  }
  private expectPunct(v: string, context: string): Token {
    const t = this.peek()
    if (!this.isPunct(t, v)) this.fail(`Expected '${v}' ${context} but found ${describe(t)}`, t)
    return this.next()
  }
  private enter(t: Token): void {
    if (++this.depth > MAX_DEPTH) this.fail(`The ${this.what} is nested too deeply`, t)
  }

  atEnd(): boolean {
    return this.peek().kind === 'eof'
  }

  expectEnd(expected: string): void {
    const t = this.peek()
    if (t.kind === 'eof') return
    if (this.isPunct(t, ')')) this.fail(`Unexpected ')' without a matching '('`, t)
    this.fail(`Unexpected ${describe(t)}; expected ${expected}`, t)
  }

  expression(): Node {
    let left = this.conjunction()
    while (this.keyword(this.peek()) === 'or') {
      const t = this.next()
      left = { kind: 'logic', op: 'or', left, right: this.conjunction(), pos: t.pos }
    }
    return left
  }

  private conjunction(): Node {
    let left = this.unary()
    while (this.keyword(this.peek()) === 'and') {
      const t = this.next()
      left = { kind: 'logic', op: 'and', left, right: this.unary(), pos: t.pos }
    }
    return left
  }

  private unary(): Node {
    const t = this.peek()
    if (
      this.keyword(t) === 'not' &&
      !this.isPunct(this.tokens[this.i + 1]!, ',') &&
      this.tokens[this.i + 1]!.kind !== 'eof'
    ) {
      this.next()
      this.enter(t)
      const expr = this.unary()
      this.depth--
      return { kind: 'not', expr, pos: t.pos }
    }
    return this.comparison()
  }

  private comparison(): Node {
    const left = this.primary()
    const t = this.peek()
    const kw = this.keyword(t)
    if (kw && compareOps.has(kw)) {
      this.next()
      const right = this.primary()
      return { kind: 'compare', op: kw as CompareOp, left, right, pos: t.pos }
    }
    if (kw === 'in') {
      this.next()
      this.expectPunct('(', "after 'in'")
      const list: Node[] = []
      do list.push(this.primary())
      while (this.isPunct(this.peek(), ',') && this.next())
      this.expectPunct(')', `to close the list of 'in' at position ${t.pos}`)
      return { kind: 'in', left, list, pos: t.pos }
    }
    return left
  }

  private primary(): Node {
    const t = this.peek()
    if (this.isPunct(t, '(')) {
      this.next()
      this.enter(t)
      const inner = this.expression()
      this.depth--
      const close = this.peek()
      if (!this.isPunct(close, ')')) {
        if (close.kind === 'eof') this.fail(`Missing ')' for the '(' at position ${t.pos}`, close)
        this.fail(`Expected ')' for the '(' at position ${t.pos} but found ${describe(close)}`, close)
      }
      this.next()
      return inner
    }
    if (t.kind === 'string') {
      this.next()
      return { kind: 'literal', type: 'string', value: t.value, pos: t.pos }
    }
    if (t.kind === 'number') {
      this.next()
      return { kind: 'literal', type: 'number', value: t.value, pos: t.pos }
    }
    if (t.kind === 'ident') {
      this.next()
      if (this.isPunct(this.peek(), '(')) {
        if (t.parts.length > 1) this.fail(`Unknown function ${quote(t.text)}`, t)
        return this.call(t)
      }
      const kw = this.keyword(t)
      if (kw === 'true' || kw === 'false')
        return { kind: 'literal', type: 'bool', value: kw === 'true', pos: t.pos }
      if (kw === 'null') return { kind: 'literal', type: 'null', value: null, pos: t.pos }
      if (kw && (compareOps.has(kw) || kw === 'and' || kw === 'or' || kw === 'not' || kw === 'in')) {
        this.fail(`Expected a field, value or '(' but found ${describe(t)}`, t)
      }
      return { kind: 'path', parts: t.parts, partPos: t.partPos, pos: t.pos }
    }
    if (this.isPunct(t, ')')) this.fail(`Unexpected ')'`, t)
    this.fail(`Expected a field, value or '(' but found ${describe(t)}`, t)
  }

  private call(nameToken: Extract<Token, { kind: 'ident' }>): Node {
    const open = this.next()
    this.enter(open)
    const args: Node[] = []
    let star = false
    if (this.isPunct(this.peek(), '*')) {
      this.next()
      star = true
    } else if (!this.isPunct(this.peek(), ')')) {
      do args.push(this.expression())
      while (this.isPunct(this.peek(), ',') && this.next())
    }
    const close = this.peek()
    if (!this.isPunct(close, ')')) {
      if (close.kind === 'eof') this.fail(`Missing ')' for the '(' at position ${open.pos}`, close)
      this.fail(
        `Expected ',' or ')' in the arguments of ${quote(nameToken.text)} but found ${describe(close)}`,
        close,
      )
    }
    this.next()
    this.depth--
    return { kind: 'call', name: nameToken.parts[0]!, args, star, pos: nameToken.pos }
  }

  selectItem(): SelectItem {
    const pos = this.peek().pos
    const expr = this.expression()
    if (this.keyword(this.peek()) === 'as') {
      this.next()
      const a = this.peek()
      if (a.kind !== 'ident' || a.parts.length !== 1)
        this.fail(`Expected an alias after 'as' but found ${describe(a)}`, a)
      this.next()
      return { expr, alias: a.text, pos }
    }
    return { expr, pos }
  }

  orderItem(): OrderItem {
    const pos = this.peek().pos
    const expr = this.expression()
    const kw = this.keyword(this.peek())
    if (kw === 'asc' || kw === 'desc') {
      this.next()
      return { expr, desc: kw === 'desc', pos }
    }
    return { expr, desc: false, pos }
  }

  list<T>(item: () => T, expected: string): T[] {
    const out: T[] = []
    for (;;) {
      if (this.isPunct(this.peek(), ',')) this.fail('Empty item', this.peek())
      out.push(item())
      const t = this.peek()
      if (this.isPunct(t, ',')) {
        this.next()
        continue
      }
      this.expectEnd(expected)
      return out
    }
  }
}

/** A boolean expression: `filter`, `having`, `join`. */
export function parseExpression(input: string, what = 'filter'): Node {
  const p = new Parser(tokenize(input, what), what)
  if (p.atEnd()) throw queryError(`The ${what} is empty`)
  const node = p.expression()
  p.expectEnd("'and', 'or' or the end")
  return node
}

/** Statistics `select`: expressions with optional `as` aliases. */
export function parseSelectList(input: string, what = 'select'): SelectItem[] {
  const p = new Parser(tokenize(input, what), what)
  if (p.atEnd()) return []
  return p.list(() => p.selectItem(), "',', 'as' or the end")
}

/** `orderby`: expressions with optional `asc`/`desc`. */
export function parseOrderList(input: string, what = 'orderby'): OrderItem[] {
  const p = new Parser(tokenize(input, what), what)
  if (p.atEnd()) return []
  return p.list(() => p.orderItem(), "',', 'asc', 'desc' or the end")
}

/** `select` and `expand` of list routes: comma-separated dotted paths. */
export function parsePathList(input: string, what: string): Extract<Node, { kind: 'path' }>[] {
  const tokens = tokenize(input, what)
  const out: Extract<Node, { kind: 'path' }>[] = []
  let i = 0
  for (;;) {
    const t = tokens[i]!
    if (t.kind === 'eof' && out.length === 0) return out
    if (t.kind === 'punct' && t.value === '*' && what === 'select') {
      i++
    } else {
      if (t.kind !== 'ident')
        throw queryError(`Expected a property name but found ${describe(t)} at position ${t.pos} in ${what}`)
      out.push({ kind: 'path', parts: t.parts, partPos: t.partPos, pos: t.pos })
      i++
    }
    const sep = tokens[i]!
    if (sep.kind === 'eof') return out
    if (sep.kind !== 'punct' || sep.value !== ',')
      throw queryError(`Expected ',' but found ${describe(sep)} at position ${sep.pos} in ${what}`)
    i++
  }
}
