// Sends thousands of random and hostile filter/select/orderby strings through parse, compile and execute
// against a real embedded database: every outcome is rows or QUERY_INVALID, no message quotes SQL, and no
// row of the other company ever comes back.
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import { listEntities, runStatistics } from './index.ts'
import { createFixture, OTHER_MARK, SECRET_MARK, type Fixture } from './testing/fixture.ts'
import type { ListOptions } from './types.ts'

let fx: Fixture

beforeAll(async () => {
  fx = await createFixture()
})

afterAll(async () => {
  await fx?.store.close()
})

/** Text of the compiled SQL that must never reach a client, unless the client itself wrote it. */
const sqlMarkers = [
  '"CompanyID"',
  't0.',
  't1.',
  '$1',
  '$2',
  'select 1',
  'select t',
  'select count',
  'select distinct',
  ' from "',
  'exists (',
  '::',
  'ilike',
  'coalesce(',
  'left join',
  'jsonb_typeof',
  'lower(',
  'group by 1',
  'order by t',
  'order by 1',
]

let outcomes = { rows: 0, invalid: 0 }

async function check(input: string, run: () => Promise<unknown>): Promise<void> {
  let result: unknown
  try {
    result = await run()
    outcomes.rows++
  } catch (err) {
    if (!(err instanceof PlatformError) || err.code !== 'QUERY_INVALID') {
      throw new Error(`input ${JSON.stringify(input)} gave an unexpected error: ${String(err)}`)
    }
    outcomes.invalid++
    for (const marker of sqlMarkers) {
      if (
        err.message.toLowerCase().includes(marker.toLowerCase()) &&
        !input.toLowerCase().includes(marker.toLowerCase())
      ) {
        throw new Error(`message for ${JSON.stringify(input)} leaks SQL (${marker}): ${err.message}`)
      }
    }
    return
  }
  if (JSON.stringify(result).includes(OTHER_MARK))
    throw new Error(`input ${JSON.stringify(input)} returned another company's rows`)
}

const fields = [
  'ID',
  'id',
  'InvoiceNumber',
  'INVOICENUMBER',
  'Amount',
  'Rate',
  'Paid',
  'InvoiceDate',
  'SentAt',
  'Ref',
  'Meta',
  'Note',
  'StatusCode',
  'Deleted',
  'PartyID',
  'CategoryID',
  'CustomValues',
  'Party.Name',
  'party.defaultphone.number',
  'Party.Phones.Number',
  'Lines.Quantity',
  'Lines.Price',
  'Lines.Product.Name',
  'Category.Code',
  'Category.Name',
  'CustomColor',
  'CustomValues.CustomWeight',
  'CustomValues.CustomNope',
  'Foo',
  'CompanyID',
  'Lines',
  'Party',
  'Invoice.ID',
  'FileLink.FileName',
  'pg_catalog.pg_user',
  'information_schema.tables',
]
const hostileText = [
  "' or 1=1 --",
  '\'; drop table "Invoice"; --',
  '" or "1"="1',
  "\\'",
  '%',
  '_',
  '%%',
  '\u0000',
  '\u202e',
  'Ærøskøbing',
  '🚀💥',
  "''",
  "x' union select * from identity_account --",
  'CompanyID',
  '$1',
  'OTHERCO',
]
const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`

const value = fc.oneof(
  fc.constantFrom(
    'null',
    'NULL',
    'true',
    'false',
    '0',
    '1',
    '-1',
    "'2021-02-25'",
    "'2021-13-45'",
    "'2021-02-25T10:00:00Z'",
    '99999999999999999999999',
    `1${'0'.repeat(60)}`,
    '3.14159',
    '-0.5',
    "'00000000-0000-4000-8000-000000000001'",
    "'12'",
    "'abc'",
    "'false'",
  ),
  fc.constantFrom(...hostileText).map(quoted),
  fc.string({ maxLength: 12 }).map(quoted),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(...fields),
)
const field = fc.constantFrom(...fields)
const op = fc.constantFrom(
  'eq',
  'ne',
  'gt',
  'lt',
  'ge',
  'le',
  'like',
  'notlike',
  'EQ',
  'Like',
  'in',
  '=',
  '==',
)
const fn = fc.constantFrom(
  'contains',
  'startswith',
  'endsWith',
  'isnull',
  'year',
  'month',
  'between',
  'casewhen',
  'count',
  'sum',
  'substringof',
  'pg_sleep',
  'lower',
)

const textField = fc.constantFrom(
  'InvoiceNumber',
  'note',
  'Party.Name',
  'Lines.Product.Name',
  'Category.Code',
  'CustomColor',
  'Party.Phones.Number',
)
const numberField = fc.constantFrom(
  'ID',
  'Amount',
  'Rate',
  'StatusCode',
  'PartyID',
  'Lines.Quantity',
  'Lines.Price',
  'CustomValues.CustomWeight',
)
const boolField = fc.constantFrom('Paid', 'Deleted', 'Lines.Deleted')
const text = fc.oneof(
  fc.constantFrom(...hostileText),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('inv', 'INV-1', 'acme', 'toner', '1'),
)
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => (n / 100).toFixed(2)),
)
const day = fc
  .integer({ min: 0, max: 20_000 })
  .map((n) => `'${new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)}'`)
const typedLeaf = fc.oneof(
  fc
    .tuple(textField, fc.constantFrom('eq', 'ne', 'like', 'notlike', 'gt'), text)
    .map(([f, o, v]) => `${f} ${o} ${quoted(v)}`),
  fc
    .tuple(fc.constantFrom('contains', 'startswith', 'endswith', 'not contains'), textField, text)
    .map(([n, f, v]) => `${n}(${f},${quoted(v)})`),
  fc
    .tuple(numberField, fc.constantFrom('eq', 'ne', 'gt', 'lt', 'ge', 'le'), number, fc.boolean())
    .map(([f, o, v, q]) => `${f} ${o} ${q ? quoted(v) : v}`),
  fc
    .tuple(boolField, fc.constantFrom('true', 'false', '0', '1', "'false'", "'TRUE'", 'null'))
    .map(([f, v]) => `${f} eq ${v}`),
  fc
    .tuple(fc.constantFrom('InvoiceDate', 'SentAt'), fc.constantFrom('eq', 'le', 'gt'), day)
    .map(([f, o, v]) => `${f} ${o} ${v}`),
  fc.tuple(numberField, number, number).map(([f, a, b]) => `between(${f},${a},${b})`),
  fc
    .tuple(fc.constantFrom('year', 'month'), day, fc.integer({ min: 1, max: 2030 }))
    .map(([n, _d, v]) => `${n}(InvoiceDate) eq ${v}`),
  fc.tuple(numberField, number).map(([f, v]) => `isnull(${f},0) ge ${v}`),
)

const hostileLeaf = fc.oneof(
  fc.tuple(field, op, value).map(([f, o, v]) => (o === 'in' ? `${f} in (${v}, ${v})` : `${f} ${o} ${v}`)),
  fc.tuple(fn, field, value).map(([n, f, v]) => `${n}(${f},${v})`),
  fc.tuple(fn, field, value, value).map(([n, f, a, b]) => `${n}(${f}, ${a}, ${b}) eq ${a}`),
  fc.tuple(field, value).map(([f, v]) => `year(${f}) eq ${v}`),
  fc.tuple(field, value).map(([f, v]) => `not contains(${f},${v})`),
)

const expression: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: typedLeaf, weight: 4 },
    { arbitrary: hostileLeaf, weight: 1 },
    fc
      .tuple(tie('node'), fc.constantFrom('and', 'or', 'AND', 'Or', 'and', 'or', 'xor'), tie('node'))
      .map(([a, j, b]) => `${a} ${j} ${b}`),
    tie('node').map((n) => `(${n})`),
    tie('node').map((n) => `not (${n})`),
  ),
})).node

/** A well-formed expression with one stray character inserted or one character removed. */
const mutated = fc
  .tuple(
    expression,
    fc.nat(),
    fc.constantFrom("'", '(', ')', ',', ' ', '"', ';', '.', '-', '*', '\u00a0', ''),
  )
  .map(([e, at, ch]) => {
    const i = e.length ? at % e.length : 0
    return ch === '' ? e.slice(0, i) + e.slice(i + 1) : e.slice(0, i) + ch + e.slice(i)
  })

const deep = fc.nat({ max: 200 }).map((n) => `${'('.repeat(n)}ID eq 1${')'.repeat(n)}`)
const longChain = fc
  .nat({ max: 400 })
  .map((n) => Array.from({ length: n + 1 }, (_, i) => `ID eq ${i}`).join(' or '))

const filterInput = fc.oneof(
  { arbitrary: expression, weight: 6 },
  { arbitrary: mutated, weight: 3 },
  { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: longChain, weight: 1 },
)

const listOf = (item: fc.Arbitrary<string>) =>
  fc.array(item, { minLength: 0, maxLength: 5 }).map((xs) => xs.join(','))
const plainField = fc.constantFrom(
  'ID',
  'InvoiceNumber',
  'Amount',
  'Rate',
  'Paid',
  'InvoiceDate',
  'Note',
  'StatusCode',
  'Deleted',
  'Party.Name',
  'Category.Code',
  'CustomColor',
  'CustomValues.CustomWeight',
)
const selectInput = fc.oneof(
  {
    arbitrary: listOf(
      fc.oneof(plainField, fc.constantFrom('*', 'Lines.Product.Name', 'Party.DefaultPhone.Number', 'Lines')),
    ),
    weight: 3,
  },
  { arbitrary: listOf(fc.oneof(field, fc.constantFrom('Party.Nope', "'x'", '1', ''))), weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
)
const orderInput = fc.oneof(
  {
    arbitrary: listOf(
      fc.tuple(plainField, fc.constantFrom('', ' asc', ' desc', ' DESC')).map(([f, d]) => `${f}${d}`),
    ),
    weight: 3,
  },
  {
    arbitrary: listOf(fc.tuple(field, fc.constantFrom('', ' asc', ' sideways')).map(([f, d]) => `${f}${d}`)),
    weight: 1,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
)
const aggregate = fc.oneof(
  fc.tuple(fc.constantFrom('count', 'sum', 'min', 'max', 'avg'), numberField).map(([f, x]) => `${f}(${x})`),
  fc.constantFrom('count(*)', 'min(InvoiceDate)', 'max(Note)', 'count(Lines.ID)'),
)
const statsSelect = fc.oneof(
  {
    arbitrary: fc
      .tuple(listOf(plainField), listOf(aggregate), fc.constantFrom('', ' as a', ' as _id'))
      .map(([plain, aggs, alias]) => [plain, aggs].filter(Boolean).join(',') + (plain || aggs ? alias : '')),
    weight: 4,
  },
  {
    arbitrary: listOf(
      fc.oneof(
        field,
        fc
          .tuple(fc.constantFrom('count', 'sum', 'year', 'month', 'isnull'), field)
          .map(([f, x]) => `${f}(${x})`),
        fc.tuple(field, fc.constantFrom('a', 'x y', 'select', '"q"')).map(([f, a]) => `${f} as ${a}`),
        expression,
      ),
    ),
    weight: 1,
  },
)
const having = fc
  .tuple(aggregate, fc.constantFrom('gt', 'le', 'ne'), number)
  .map(([a, o, n]) => `${a} ${o} ${n}`)

describe('fuzzing the read path with random and hostile query strings', () => {
  beforeEach(() => {
    outcomes = { rows: 0, invalid: 0 }
  })

  // Both outcomes occur often, so the generators reach the database as well as the error paths.
  afterEach(() => {
    expect(outcomes.rows).toBeGreaterThan(150)
    expect(outcomes.invalid).toBeGreaterThan(150)
  })

  it('answers rows or QUERY_INVALID for 2,600 filters and never leaks SQL or the other company', async () => {
    await fc.assert(
      fc.asyncProperty(filterInput, async (filter) => {
        await check(filter, () =>
          listEntities(fx.ctx, fx.registry.require('Invoice'), { filter, expand: 'Party' }),
        )
      }),
      { numRuns: 2600 },
    )
  })

  it('does the same for 1,000 select, expand and orderby combinations', async () => {
    await fc.assert(
      fc.asyncProperty(
        selectInput,
        orderInput,
        fc.option(fc.nat({ max: 5 })),
        async (select, orderby, top) => {
          const opts: ListOptions = {
            select,
            orderby,
            expand: select.includes('Lines') ? 'Lines' : undefined,
          }
          if (top !== null) opts.top = top
          await check(`${select} ${orderby}`, () =>
            listEntities(fx.ctx, fx.registry.require('Invoice'), opts),
          )
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('does the same for 1,500 statistics queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: fc.constantFrom('Invoice', 'invoice'), weight: 6 },
          {
            arbitrary: fc.constantFrom('Party', 'Category', 'Nope', 'identity_account', '"Invoice"'),
            weight: 1,
          },
        ),
        statsSelect,
        fc.option(fc.oneof({ arbitrary: typedLeaf, weight: 3 }, { arbitrary: filterInput, weight: 1 }), {
          freq: 2,
        }),
        fc.option(fc.oneof({ arbitrary: having, weight: 3 }, { arbitrary: expression, weight: 1 }), {
          freq: 2,
        }),
        fc.option(orderInput, { freq: 2 }),
        fc.option(
          fc.constantFrom(
            'Invoice.ID eq FileLink.EntityID',
            'FileLink.EntityID eq ID',
            "FileLink.EntityType eq 'x' or 1 eq 1",
            'Party.ID eq 1',
          ),
        ),
        fc.constantFrom(undefined, 'true', 'false', 'maybe'),
        async (model, select, filter, having, orderby, join, distinct) => {
          const query: Record<string, unknown> = { model, select }
          if (filter !== null) query.filter = filter
          if (having !== null) query.having = having
          if (orderby !== null) query.orderby = orderby
          if (join !== null) query.join = join
          if (distinct !== undefined) query.distinct = distinct
          await check(JSON.stringify(query), () => runStatistics(fx.ctx, query))
        },
      ),
      { numRuns: 1500 },
    )
  })
})

describe('fuzzing statistics into a model the reader may not read', () => {
  const viewer = { globalIdentity: '00000000-0000-4000-8000-0000000000aa', userId: 1 }
  const member = () => ({ ...fx.ctx, viewer: { ...viewer, roles: new Set<string>() } })
  const auditor = () => ({ ...fx.ctx, viewer: { ...viewer, roles: new Set(['auditor']) } })
  const seen = { refused: 0, invalid: 0, rows: 0, secretRefused: 0 }

  it('refuses 600 joins, selects and filters into it for a member, and never returns its write-only field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Invoice', 'Party', 'AuditNote'),
        fc.constantFrom(
          'AuditNote.InvoiceID eq Invoice.ID',
          'AuditNote.InvoiceID eq ID',
          "AuditNote.Note ne 'x' and AuditNote.InvoiceID eq Invoice.ID",
          'Party.ID eq AuditNote.InvoiceID',
          'AuditNote.Token eq Invoice.InvoiceNumber',
          'Invoice.ID eq AuditNote.InvoiceID and Invoice.PartyID eq Party.ID',
        ),
        fc.constantFrom(
          'ID',
          'AuditNote.Note',
          'AuditNote.Token',
          'count(AuditNote.ID)',
          'ID,AuditNote.ID as a',
          '*',
        ),
        fc.option(
          fc.constantFrom("AuditNote.Note ne ''", "startswith(AuditNote.Token,'S')", 'AuditNote.ID gt 0'),
        ),
        fc.option(fc.constantFrom('Invoice', 'Invoice.Party')),
        async (model, join, select, filter, expand) => {
          const query: Record<string, unknown> = { model, join, select }
          if (filter !== null) query.filter = filter
          if (expand !== null) query.expand = expand
          const input = JSON.stringify(query)
          try {
            await runStatistics(member(), query)
            throw new Error(`a member without the role read AuditNote with ${input}`)
          } catch (err) {
            if (!(err instanceof PlatformError) || !['FORBIDDEN', 'QUERY_INVALID'].includes(err.code))
              throw err
            if (err.code === 'FORBIDDEN') {
              expect(err.message).toMatch(/AuditNote/)
              seen.refused++
            } else seen.invalid++
          }
          try {
            const rows = await runStatistics(auditor(), query)
            expect(JSON.stringify(rows), input).not.toContain(SECRET_MARK)
            expect(JSON.stringify(rows), input).not.toContain(OTHER_MARK)
            seen.rows++
          } catch (err) {
            if (!(err instanceof PlatformError) || !['FORBIDDEN', 'QUERY_INVALID'].includes(err.code))
              throw err
            if (err.code === 'FORBIDDEN') {
              // An auditor may read the model; only its write-only field is refused.
              expect(err.message, input).toMatch(/AuditNote\.Token is write-only/)
              seen.secretRefused++
            }
          }
        },
      ),
      { numRuns: 600 },
    )
    expect(seen.refused).toBeGreaterThan(300)
    expect(seen.rows).toBeGreaterThan(100)
    expect(seen.secretRefused).toBeGreaterThan(50)
  })
})
