import { describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import { createRegistry } from '../registry/registry.ts'
import { Compiler } from './compiler.ts'
import { QueryContext, Scope } from './scope.ts'
import { compactParams } from './execute.ts'
import { parseExpression, parseSelectList } from './parser.ts'
import { testEntities } from './testing/fixture.ts'
import type { ReadContext } from './types.ts'

const registry = createRegistry(testEntities)
const ctx: ReadContext = {
  sql: {
    query: () => {
      throw new Error('compile tests run no SQL')
    },
  },
  registry,
  companyId: 7,
  customFields: (e) =>
    e.name === 'Invoice'
      ? [
          { name: 'Color', type: 'smalltext' },
          { name: 'Weight', type: 'number' },
        ]
      : [],
}

function compile(filter: string, mode: 'list' | 'stats' = 'list', model = 'Invoice') {
  const q = new QueryContext(ctx, mode)
  // As the list query does: the company condition of the root comes first.
  expect(q.companyParam).toBe('$1::integer')
  const scope = Scope.forRoot(q, registry.require(model))
  const sql = new Compiler(q, { what: 'filter', allowAggregates: false }).condition(
    parseExpression(filter),
    scope,
  )
  return { sql, params: q.params.values, joins: scope.joins }
}

function failure(filter: string, mode: 'list' | 'stats' = 'list'): string {
  try {
    compile(filter, mode)
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError)
    expect((err as PlatformError).code).toBe('QUERY_INVALID')
    return (err as PlatformError).message
  }
  throw new Error(`expected ${filter} to fail`)
}

describe('filter compiler: values travel as parameters', () => {
  it('compiles each comparison operator to its SQL operator with the value as a parameter', () => {
    const ops = { eq: '=', ne: 'is distinct from', gt: '>', lt: '<', ge: '>=', le: '<=' }
    for (const [op, sqlOp] of Object.entries(ops)) {
      const r = compile(`Amount ${op} 12.5`)
      expect(r.sql).toBe(`(t0."Amount" ${sqlOp} $2::numeric)`)
      expect(r.params).toEqual([7, '12.5'])
    }
  })

  it('compares text case-insensitively with eq and ne', () => {
    expect(compile("InvoiceNumber eq 'inv-100'").sql).toBe('(lower(t0."InvoiceNumber") = lower($2::text))')
  })

  it('never pastes a value into the SQL text, however hostile', () => {
    const hostile = 'x\'); drop table "Invoice"; --'
    const r = compile(`InvoiceNumber eq '${hostile.replace(/'/g, "''")}'`)
    expect(r.sql).not.toContain('drop')
    expect(r.params).toContain(hostile)
  })

  it('accepts numbers quoted or unquoted and field names in any casing', () => {
    expect(compile("PARTYID eq '12'").params).toEqual([7, 12])
    expect(compile('partyid eq 12').sql).toBe('(t0."PartyID" = $2::integer)')
  })

  it('accepts booleans as false, 0, and quoted', () => {
    for (const [text, value] of [
      ['false', false],
      ["'false'", false],
      ['0', false],
      ['1', true],
      ["'TRUE'", true],
    ] as const) {
      expect(compile(`Paid eq ${text}`).params).toEqual([7, value])
    }
  })

  it('accepts quoted dates and date-times', () => {
    expect(compile("InvoiceDate le '2021-02-25'")).toMatchObject({
      sql: '(t0."InvoiceDate" <= $2::date)',
      params: [7, '2021-02-25'],
    })
    expect(compile("SentAt gt '2021-02-25'").params).toEqual([7, '2021-02-25T00:00:00.000Z'])
    expect(compile("SentAt gt '2021-02-25T10:00:00+01:00'").params).toEqual([7, '2021-02-25T09:00:00.000Z'])
  })

  it('turns eq null and ne null into IS NULL checks', () => {
    expect(compile('Note eq null').sql).toBe('(t0."Note" is null)')
    expect(compile('null ne Note').sql).toBe('(t0."Note" is not null)')
  })

  it('escapes _ and \\ in like patterns and keeps % as the wildcard', () => {
    const r = compile("Note like 'under_sc%'")
    expect(r.sql).toBe('(t0."Note" ilike $2::text)')
    expect(r.params).toEqual([7, 'under\\_sc%'])
    expect(compile("Note notlike '%x%'").sql).toBe('(t0."Note" not ilike $2::text)')
  })

  it('searches with contains, startswith and endswith, escaping the wildcards of the value', () => {
    expect(compile("contains(Note,'50%')").params).toEqual([7, '%50\\%%'])
    expect(compile("STARTSWITH(Note,'ab')").params).toEqual([7, 'ab%'])
    expect(compile("endsWith(Note,'ab')").params).toEqual([7, '%ab'])
    // A pattern without letters needs no case folding.
    expect(compile("contains(InvoiceNumber,'12')").sql).toBe('(t0."InvoiceNumber" like $2::text)')
  })

  it('wraps not in a null-safe negation', () => {
    expect(compile("not contains(Note,'x')").sql).toBe('not coalesce((t0."Note" ilike $2::text), false)')
  })

  it('joins and/or chains flat and keeps their grouping', () => {
    expect(compile('ID eq 1 or ID eq 2 or ID eq 3 and PartyID eq 4').sql).toBe(
      '((t0."ID" = $2::integer) or (t0."ID" = $3::integer) or ((t0."ID" = $4::integer) and (t0."PartyID" = $5::integer)))',
    )
  })

  it('compiles isnull, year, month and between', () => {
    expect(compile('isnull(Rate,0) gt 1').sql).toBe('(coalesce(t0."Rate", $2::numeric) > $3::numeric)')
    expect(compile('year(InvoiceDate) eq 2021 and month(InvoiceDate) eq 2').sql).toContain(
      'extract(year from t0."InvoiceDate")::integer',
    )
    expect(compile("between(InvoiceDate,'2021-01-01','2021-12-31')").sql).toBe(
      '(t0."InvoiceDate" between $2::date and $3::date)',
    )
  })

  it('compiles an in-list with every item coerced to the field type', () => {
    expect(compile("StatusCode in (30101, '30102')")).toMatchObject({
      sql: '(t0."StatusCode" in ($2::integer, $3::integer))',
      params: [7, 30101, 30102],
    })
  })
})

describe('filter compiler: relations and custom fields', () => {
  it('joins a one-relation path within the company and hides its deleted rows', () => {
    const r = compile("Party.Name eq 'Acme'")
    expect(r.joins).toEqual([
      'left join "Party" t1 on t1."ID" = t0."PartyID" and t1."CompanyID" = t0."CompanyID" and t1."Deleted" = false',
    ])
    expect(r.sql).toBe('(lower(t1."Name") = lower($2::text))')
  })

  it('joins a global model without a company condition', () => {
    expect(compile("Category.Code eq 'G'").joins).toEqual([
      'left join "Category" t1 on t1."ID" = t0."CategoryID" and t1."Deleted" = false',
    ])
  })

  it('turns a path through a many-relation into EXISTS over the children', () => {
    const r = compile("Lines.Product.Name eq 'Toner'")
    expect(r.joins).toEqual([])
    expect(r.sql).toBe(
      'exists (select 1 from "InvoiceLine" t1 left join "Product" t2 on t2."ID" = t1."ProductID" and t2."CompanyID" = t1."CompanyID" and t2."Deleted" = false ' +
        'where t1."InvoiceID" = t0."ID" and t1."CompanyID" = t0."CompanyID" and t1."Deleted" = false and (lower(t2."Name") = lower($2::text)))',
    )
    expect(r.params).toEqual([7, 'Toner'])
  })

  it('joins many-relations in statistics instead', () => {
    const r = compile('Lines.Quantity gt 1', 'stats')
    expect(r.joins).toEqual([
      'left join "InvoiceLine" t1 on t1."InvoiceID" = t0."ID" and t1."CompanyID" = t0."CompanyID"',
    ])
  })

  it('reads custom fields with and without the CustomValues prefix, the key as a parameter', () => {
    expect(compile("CustomValues.CustomColor eq 'Red'")).toMatchObject({
      sql: '(lower((t0."CustomValues"->>$2::text)) = lower($3::text))',
      params: [7, 'CustomColor', 'Red'],
    })
    expect(compile('customweight ge 10').sql).toContain(
      `jsonb_typeof(t0."CustomValues"->$2::text) = 'number'`,
    )
  })
})

describe('filter compiler: messages point at the problem', () => {
  it('names an unknown field, its model and position', () => {
    expect(failure("InvoiceNumber eq 'x' and Foo eq 1")).toBe(
      "Unknown field 'Foo' on Invoice at position 26 in filter",
    )
    expect(failure("Party.Nmae eq 'x'")).toBe("Unknown field 'Nmae' on Party at position 7 in filter")
    expect(failure("Partee.Name eq 'x'")).toBe("Unknown relation 'Partee' on Invoice at position 1 in filter")
    expect(failure("CustomValues.CustomSize eq 'x'")).toBe(
      "Unknown custom field 'CustomSize' on Invoice at position 14 in filter",
    )
  })

  it('refuses a value of the wrong type', () => {
    expect(failure("StatusCode eq 'abc'")).toBe(
      "'abc' is not a whole number (compared with StatusCode) at position 15 in filter",
    )
    expect(failure("InvoiceDate eq '2021-02-30'")).toContain("'2021-02-30' is not a date")
    expect(failure("Paid eq 'maybe'")).toContain("'maybe' is not a boolean")
    expect(failure("Ref eq 'not-a-guid'")).toContain('is not a GUID')
    expect(failure('InvoiceDate eq Amount')).toContain(
      'Cannot compare InvoiceDate (a date) with Amount (a number)',
    )
    expect(failure("Meta eq 'x'")).toContain('Meta is an object and cannot be compared')
  })

  it('refuses numbers out of range', () => {
    expect(failure('ID eq 99999999999999999999')).toContain('out of range')
    expect(failure(`Amount gt 1${'0'.repeat(40)}`)).toContain('out of range')
  })

  it('refuses unknown functions, wrong arities and aggregates in a filter', () => {
    expect(failure("lower(Note) eq 'x'")).toBe("Unknown function 'lower' at position 1 in filter")
    expect(failure('contains(Note)')).toBe('contains expects 2 arguments but got 1 at position 1 in filter')
    expect(failure("contains('x', Note)")).toContain('The first argument of contains must be a field')
    expect(failure('count(ID) gt 1')).toContain(
      'only allowed in the select, having and orderby of statistics',
    )
  })

  it('refuses a value where a condition belongs and a relation used as a field', () => {
    expect(failure('InvoiceNumber')).toBe(
      "Expected a condition (for example Field eq 'value') but found 'InvoiceNumber' at position 1 in filter",
    )
    expect(failure("Party eq 'x'")).toBe(
      'Party is a relation of Invoice, not a field, at position 1 in filter',
    )
    expect(failure('Note gt null')).toContain('null can only be compared with eq or ne')
  })

  it('never quotes SQL in a message', () => {
    for (const f of ["StatusCode eq 'abc'", 'Foo eq 1', "Lines.Nope eq 'x'", 'year(Note) eq 1']) {
      const m = failure(f)
      expect(m).not.toMatch(/"CompanyID"|\$\d|t0\.|select |exists/i)
    }
  })
})

describe('statistics select expressions', () => {
  function select(text: string) {
    const q = new QueryContext(ctx, 'stats')
    const scope = Scope.forRoot(q, registry.require('Invoice'))
    const c = new Compiler(q, { what: 'select', allowAggregates: true })
    return parseSelectList(text).map((i) => c.value(i.expr, scope))
  }

  it('names columns from their paths and aggregates', () => {
    const [a, b, c, d] = select('StatusCode, Party.DefaultPhone.Number, count(ID), sum(Amount)')
    expect([a, b, c, d].map((x) => [x!.name, x!.rootField, x!.agg])).toEqual([
      ['StatusCode', true, false],
      ['PartyDefaultPhoneNumber', false, false],
      ['countID', false, true],
      ['sumAmount', false, true],
    ])
  })

  it('refuses nested aggregates and sums of text', () => {
    expect(() => select('sum(count(ID))')).toThrow('Aggregates cannot be nested')
    expect(() => select('sum(Note)')).toThrow('sum expects a number')
  })
})

describe('compactParams', () => {
  it('drops unreferenced parameters and renumbers the rest', () => {
    expect(compactParams('a = $1::integer and b = $3::text or c = $3::text', [1, 'unused', 'x'])).toEqual({
      text: 'a = $1::integer and b = $2::text or c = $2::text',
      params: [1, 'x'],
    })
    expect(compactParams('a = $2::integer', [7, 8])).toEqual({ text: 'a = $1::integer', params: [8] })
  })

  it('keeps a many-relation filter runnable after an abandoned attempt left parameters behind', () => {
    const r = compile("isnull(Note, 'none') eq Lines.Description")
    expect(r.params).toEqual([7, 'none', 'none'])
    const compact = compactParams(
      `select 1 from "Invoice" t0 where t0."CompanyID" = $1::integer and ${r.sql}`,
      r.params,
    )
    expect(compact.params).toEqual([7, 'none'])
    expect(compact.text).toContain('coalesce(t0."Note", $2::text)')
  })
})
