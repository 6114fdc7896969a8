import { describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import {
  parseExpression,
  parseOrderList,
  parsePathList,
  parseSelectList,
  tokenize,
  type Node,
} from './parser.ts'

/** A compact printout of a parsed tree, to assert structure and precedence. */
function show(n: Node): string {
  switch (n.kind) {
    case 'path':
      return n.parts.join('.')
    case 'literal':
      return n.type === 'string' ? `'${String(n.value)}'` : String(n.value)
    case 'call':
      return `${n.name}(${n.star ? '*' : n.args.map(show).join(',')})`
    case 'compare':
      return `[${show(n.left)} ${n.op} ${show(n.right)}]`
    case 'in':
      return `[${show(n.left)} in ${n.list.map(show).join('|')}]`
    case 'logic':
      return `(${show(n.left)} ${n.op} ${show(n.right)})`
    case 'not':
      return `!${show(n.expr)}`
  }
}

function errorOf(fn: () => unknown): PlatformError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError)
    expect((err as PlatformError).code).toBe('QUERY_INVALID')
    return err as PlatformError
  }
  throw new Error('expected a QUERY_INVALID error')
}

describe('filter tokenizer', () => {
  it('reads a doubled quote inside a string as one quote', () => {
    const t = tokenize("Name eq 'O''Brien''s'", 'filter')
    expect(t[2]).toMatchObject({ kind: 'string', value: "O'Brien's" })
  })

  it('keeps an empty string and unicode text', () => {
    expect(tokenize("''", 'filter')[0]).toMatchObject({ kind: 'string', value: '' })
    expect(tokenize("'Ærlig Åse 🚀'", 'filter')[0]).toMatchObject({ kind: 'string', value: 'Ærlig Åse 🚀' })
  })

  it('reads negative and decimal numbers and dotted names with their positions', () => {
    const t = tokenize('Supplier.Info.Name gt -12.5', 'filter')
    expect(t[0]).toMatchObject({ kind: 'ident', parts: ['Supplier', 'Info', 'Name'], partPos: [1, 10, 15] })
    expect(t[2]).toMatchObject({ kind: 'number', value: '-12.5', pos: 23 })
  })

  it('points at an unterminated string', () => {
    expect(errorOf(() => tokenize("Name eq 'abc", 'filter')).message).toBe(
      'Unterminated string starting at position 9 in filter',
    )
  })

  it('points at a character the language does not have', () => {
    expect(errorOf(() => tokenize('Name eq "x"', 'filter')).message).toBe(
      `Unexpected character '"' at position 9 in filter`,
    )
    expect(errorOf(() => tokenize('ID eq 1; drop table x', 'filter')).message).toContain(
      "Unexpected character ';' at position 8",
    )
  })

  it('rejects a name ending in a dot and a number glued to letters', () => {
    expect(errorOf(() => tokenize('Info. eq 1', 'filter')).message).toContain(
      "Expected a name after '.' at position 6",
    )
    expect(errorOf(() => tokenize('ID eq 12abc', 'filter')).message).toContain(
      'Malformed number at position 7',
    )
  })

  it('refuses a parameter longer than the limit', () => {
    expect(errorOf(() => tokenize('x'.repeat(10_001), 'filter')).message).toContain('too long')
  })
})

describe('filter parser', () => {
  it('parses every comparison operator in any casing', () => {
    for (const op of ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'like', 'notlike']) {
      expect(show(parseExpression(`A ${op.toUpperCase()} 1`))).toBe(`[A ${op} 1]`)
      expect(show(parseExpression(`A ${op} 'x'`))).toBe(`[A ${op} 'x']`)
    }
  })

  it('binds and tighter than or, in any casing', () => {
    expect(show(parseExpression('A eq 1 OR B eq 2 and C eq 3'))).toBe('([A eq 1] or ([B eq 2] and [C eq 3]))')
    expect(show(parseExpression('A eq 1 AND B eq 2 Or C eq 3'))).toBe('(([A eq 1] and [B eq 2]) or [C eq 3])')
  })

  it('lets parentheses override precedence', () => {
    expect(show(parseExpression('(A eq 1 or B eq 2) and C eq 3'))).toBe(
      '(([A eq 1] or [B eq 2]) and [C eq 3])',
    )
    expect(show(parseExpression('((A eq 1))'))).toBe('[A eq 1]')
  })

  it('parses not before a function and before a parenthesis', () => {
    expect(show(parseExpression("not contains(Name,'x') and NOT (A eq 1)"))).toBe(
      "(!contains(Name,'x') and ![A eq 1])",
    )
  })

  it('parses functions with their arguments, including nested ones and count(*)', () => {
    expect(show(parseExpression("startsWith(Info.Name, 'Ac')"))).toBe("startsWith(Info.Name,'Ac')")
    expect(show(parseExpression('between(Amount, 1, 10)'))).toBe('between(Amount,1,10)')
    expect(show(parseExpression('isnull(Rate,0) gt year(InvoiceDate)'))).toBe(
      '[isnull(Rate,0) gt year(InvoiceDate)]',
    )
    expect(show(parseSelectList('count(*)')[0]!.expr)).toBe('count(*)')
  })

  it('parses true, false and null literals and an in-list', () => {
    expect(show(parseExpression('Paid eq false and Note eq NULL'))).toBe(
      '([Paid eq false] and [Note eq null])',
    )
    expect(show(parseExpression("Code in ('a', 'b')"))).toBe("[Code in 'a'|'b']")
  })

  it('points at a missing closing parenthesis', () => {
    expect(errorOf(() => parseExpression('(A eq 1 and (B eq 2)')).message).toBe(
      "Missing ')' for the '(' at position 1 at position 21 in filter",
    )
  })

  it('points at a closing parenthesis without an opening one', () => {
    expect(errorOf(() => parseExpression('A eq 1)')).message).toBe(
      "Unexpected ')' without a matching '(' at position 7 in filter",
    )
  })

  it('points at trailing garbage', () => {
    expect(errorOf(() => parseExpression('A eq 1 B')).message).toBe(
      "Unexpected 'B'; expected 'and', 'or' or the end at position 8 in filter",
    )
  })

  it('points at a missing operand', () => {
    expect(errorOf(() => parseExpression('A eq')).message).toBe(
      "Expected a field, value or '(' but found the end at position 5 in filter",
    )
    expect(errorOf(() => parseExpression('A eq 1 and')).message).toContain('found the end at position 11')
    expect(errorOf(() => parseExpression('eq 1')).message).toContain("found 'eq' at position 1")
  })

  it('rejects an empty filter and a dotted function name', () => {
    expect(errorOf(() => parseExpression('   ')).message).toBe('The filter is empty')
    expect(errorOf(() => parseExpression("x.contains(Name,'a')")).message).toContain(
      "Unknown function 'x.contains'",
    )
  })

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(errorOf(() => parseExpression(`${'('.repeat(4000)}A eq 1${')'.repeat(4000)}`)).message).toContain(
      'nested too deeply',
    )
    expect(errorOf(() => parseExpression(`${'not '.repeat(100)}A eq 1`)).message).toContain(
      'nested too deeply',
    )
    expect(show(parseExpression(`${'('.repeat(30)}A eq 1${')'.repeat(30)}`))).toBe('[A eq 1]')
  })

  it('accepts long and/or chains', () => {
    const chain = Array.from({ length: 500 }, (_, i) => `A eq ${i}`).join(' or ')
    expect(parseExpression(chain).kind).toBe('logic')
  })
})

describe('select, orderby and path lists', () => {
  it('reads select items with aliases', () => {
    const items = parseSelectList('ID as _id, sum(Amount) AS total, Supplier.Info.Name')
    expect(items.map((i) => [show(i.expr), i.alias])).toEqual([
      ['ID', '_id'],
      ['sum(Amount)', 'total'],
      ['Supplier.Info.Name', undefined],
    ])
  })

  it('reads orderby keys with directions', () => {
    const items = parseOrderList('Type,PaymentInfoTypeParts.SortIndex asc, ID DESC')
    expect(items.map((i) => [show(i.expr), i.desc])).toEqual([
      ['Type', false],
      ['PaymentInfoTypeParts.SortIndex', false],
      ['ID', true],
    ])
  })

  it('reads comma-separated relation paths', () => {
    expect(parsePathList('Items.Product, Info.DefaultPhone', 'expand').map((p) => p.parts.join('.'))).toEqual(
      ['Items.Product', 'Info.DefaultPhone'],
    )
  })

  it('points at an empty item and a missing alias', () => {
    expect(errorOf(() => parseSelectList('ID,,Name')).message).toBe('Empty item at position 4 in select')
    expect(errorOf(() => parseSelectList('ID as')).message).toContain(
      "Expected an alias after 'as' but found the end",
    )
    expect(errorOf(() => parsePathList("Items,'x'", 'expand')).message).toContain(
      "Expected a property name but found ''x'' at position 7 in expand",
    )
  })
})
