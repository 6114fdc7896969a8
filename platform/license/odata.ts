// The license server's query options (spec 4.10; field notes: `$filter`, `$select`, `$expand`): a
// small OData subset over flat records. `$filter` takes eq, ne, in, and, or, not and parentheses with
// string, number, boolean and null literals; names are case-insensitive and an unknown name is refused,
// never ignored (an unfiltered answer would look like a filtered one).
import { PlatformError } from '../errors.ts'

type Value = string | number | boolean | null
type Rec = Record<string, unknown>
export type Predicate = (r: Rec) => boolean

interface Token {
  kind: 'name' | 'string' | 'number' | 'punct'
  text: string
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    const c = input[i]!
    if (/\s/.test(c)) {
      i++
    } else if (c === "'") {
      let text = ''
      i++
      for (;;) {
        if (i >= input.length) throw invalid('a string is not closed')
        if (input[i] === "'") {
          if (input[i + 1] === "'") {
            text += "'"
            i += 2
            continue
          }
          i++
          break
        }
        text += input[i++]
      }
      tokens.push({ kind: 'string', text })
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c })
      i++
    } else if (/[-\d]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(input.slice(i))
      if (!m) throw invalid(`unexpected '${c}'`)
      tokens.push({ kind: 'number', text: m[0] })
      i += m[0].length
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(input.slice(i))!
      tokens.push({ kind: 'name', text: m[0] })
      i += m[0].length
    } else {
      throw invalid(`unexpected '${c}'`)
    }
  }
  return tokens
}

function invalid(reason: string): PlatformError {
  return new PlatformError('QUERY_INVALID', `Invalid $filter: ${reason}`)
}

function fieldOf(fields: readonly string[], name: string, option: string): string {
  const f = fields.find((x) => x.toLowerCase() === name.toLowerCase())
  if (!f)
    throw new PlatformError(
      'QUERY_INVALID',
      `Unknown field '${name}' in ${option}; known: ${fields.join(', ')}`,
    )
  return f
}

function same(a: unknown, b: Value): boolean {
  if (a === null || a === undefined || b === null) return (a ?? null) === b
  // field notes: booleans arrive as `eq true`, `eq 'true'` or `eq 1`.
  if (typeof a === 'boolean')
    return typeof b === 'number' ? a === (b !== 0) : String(b).toLowerCase() === String(a)
  if (typeof a === 'number') return a === Number(b)
  return String(a).toLowerCase() === String(b).toLowerCase()
}

/** Parses `$filter` into a predicate over records with the given field names. */
export function parseFilter(input: string, fields: readonly string[]): Predicate {
  const tokens = tokenize(input)
  let pos = 0
  const peek = () => tokens[pos]
  const isWord = (t: Token | undefined, word: string) => t?.kind === 'name' && t.text.toLowerCase() === word
  const expect = (text: string) => {
    const t = tokens[pos++]
    if (t?.kind !== 'punct' || t.text !== text) throw invalid(`expected '${text}'`)
  }
  const literal = (): Value => {
    const t = tokens[pos++]
    if (!t) throw invalid('a value is missing')
    if (t.kind === 'string') return t.text
    if (t.kind === 'number') return Number(t.text)
    if (t.kind === 'name' && /^(true|false)$/i.test(t.text)) return t.text.toLowerCase() === 'true'
    if (t.kind === 'name' && t.text.toLowerCase() === 'null') return null
    throw invalid(`'${t.text}' is not a value`)
  }
  const or = (): Predicate => {
    let left = and()
    while (isWord(peek(), 'or')) {
      pos++
      const l = left
      const r = and()
      left = (x) => l(x) || r(x)
    }
    return left
  }
  const and = (): Predicate => {
    let left = unary()
    while (isWord(peek(), 'and')) {
      pos++
      const l = left
      const r = unary()
      left = (x) => l(x) && r(x)
    }
    return left
  }
  const unary = (): Predicate => {
    if (isWord(peek(), 'not')) {
      pos++
      const inner = unary()
      return (x) => !inner(x)
    }
    const t = peek()
    if (t?.kind === 'punct' && t.text === '(') {
      pos++
      const inner = or()
      expect(')')
      return inner
    }
    return comparison()
  }
  const comparison = (): Predicate => {
    const t = tokens[pos++]
    if (t?.kind !== 'name')
      throw invalid(t ? `expected a field name at '${t.text}'` : 'a field name is missing')
    const field = fieldOf(fields, t.text, '$filter')
    const op = tokens[pos++]
    const opName = op?.kind === 'name' ? op.text.toLowerCase() : ''
    if (opName === 'eq' || opName === 'ne') {
      const v = literal()
      return opName === 'eq' ? (x) => same(x[field], v) : (x) => !same(x[field], v)
    }
    if (opName === 'in') {
      expect('(')
      const values: Value[] = [literal()]
      while (peek()?.kind === 'punct' && peek()!.text === ',') {
        pos++
        values.push(literal())
      }
      expect(')')
      return (x) => values.some((v) => same(x[field], v))
    }
    throw invalid(`unsupported operator '${op?.text ?? ''}' after ${field} (eq, ne, in)`)
  }
  if (tokens.length === 0) return () => true
  const predicate = or()
  if (pos < tokens.length) throw invalid(`unexpected '${tokens[pos]!.text}'`)
  return predicate
}

/** Parses `$select` into the field names to keep (all when empty). */
export function parseSelect(input: string | undefined, fields: readonly string[]): string[] {
  const names = (input ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return names.length ? names.map((n) => fieldOf(fields, n, '$select')) : [...fields]
}
