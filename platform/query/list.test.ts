import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import { getEntityById, listEntities, rowToApi } from './index.ts'
import { createFixture, OTHER_MARK, type Fixture } from './testing/fixture.ts'
import type { ListOptions, ReadContext } from './types.ts'

let fx: Fixture

beforeAll(async () => {
  fx = await createFixture()
})

afterAll(async () => {
  await fx?.store.close()
})

const invoice = () => fx.registry.require('Invoice')

async function ids(opts: ListOptions, ctx: ReadContext = fx.ctx): Promise<number[]> {
  return (await listEntities(ctx, invoice(), opts)).rows.map((r) => r.ID as number)
}

async function queryError(opts: ListOptions): Promise<string> {
  try {
    await listEntities(fx.ctx, invoice(), opts)
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError)
    expect((err as PlatformError).code).toBe('QUERY_INVALID')
    expect((err as PlatformError).status).toBe(400)
    return (err as PlatformError).message
  }
  throw new Error('expected QUERY_INVALID')
}

describe('lists', () => {
  it("lists the company's rows that are not deleted, by ID, with the total count", async () => {
    const { rows, count } = await listEntities(fx.ctx, invoice(), {})
    expect(rows.map((r) => r.ID)).toEqual([1, 2, 3, 4])
    expect(count).toBe(4)
    expect(JSON.stringify(rows)).not.toContain(OTHER_MARK)
  })

  it('answers rows in API shape: money as numbers, dates as text, custom values as an object', async () => {
    const { rows } = await listEntities(fx.ctx, invoice(), { filter: 'ID eq 1' })
    expect(rows[0]).toMatchObject({
      ID: 1,
      Deleted: false,
      InvoiceNumber: 'INV-100',
      InvoiceDate: '2021-01-15',
      Amount: 100.5,
      Rate: 1.5,
      Paid: true,
      Meta: { source: 'test' },
      SentAt: '2021-01-15T10:00:00.000Z',
      CustomValues: { CustomColor: 'Red', CustomWeight: 10 },
    })
    expect(rows[0]).not.toHaveProperty('CompanyID')
  })

  it('pages with top and skip and counts every filtered row when asked', async () => {
    expect(await listEntities(fx.ctx, invoice(), { top: 2, count: true })).toMatchObject({
      count: 4,
      rows: [{ ID: 1 }, { ID: 2 }],
    })
    expect(await listEntities(fx.ctx, invoice(), { top: 2, skip: 2, count: true })).toMatchObject({
      count: 4,
      rows: [{ ID: 3 }, { ID: 4 }],
    })
    expect(
      await listEntities(fx.ctx, invoice(), { top: 1, skip: 1, filter: 'Paid eq false', count: true }),
    ).toMatchObject({ count: 2, rows: [{ ID: 3 }] })
    // Not asked: a full page leaves the total unknown (no count query); a short page proves it.
    expect((await listEntities(fx.ctx, invoice(), { top: 2 })).count).toBeUndefined()
    expect((await listEntities(fx.ctx, invoice(), { top: 3, skip: 2 })).count).toBe(4)
    expect(await listEntities(fx.ctx, invoice(), { skip: 10, count: true })).toEqual({ rows: [], count: 4 })
    expect(await listEntities(fx.ctx, invoice(), { top: 0, count: true })).toEqual({ rows: [], count: 4 })
  })

  it('orders by several keys, through a one-relation, with ID as the last tiebreak', async () => {
    expect(await ids({ orderby: 'ID desc' })).toEqual([4, 3, 2, 1])
    expect(await ids({ orderby: 'Paid desc, Amount' })).toEqual([4, 1, 3, 2])
    expect(await ids({ orderby: 'StatusCode desc' })).toEqual([4, 2, 3, 1])
    // Nulls sort last ascending; equal names fall back to ID.
    expect(await ids({ orderby: 'Party.Name asc' })).toEqual([1, 3, 2, 4])
    expect(await ids({ orderby: 'party.name DESC' })).toEqual([4, 2, 1, 3])
  })

  it('orders an expanded many-relation by its field, and refuses an unknown field there', async () => {
    const { rows } = await listEntities(fx.ctx, invoice(), {
      expand: 'Lines',
      orderby: 'ID, Lines.Quantity desc',
    })
    expect(rows.map((r) => r.ID)).toEqual([1, 2, 3, 4])
    const quantities = rows.map((r) => (r.Lines as { Quantity: number }[]).map((l) => Number(l.Quantity)))
    expect(quantities.some((q) => q.length > 1)).toBe(true)
    for (const q of quantities) expect(q).toEqual([...q].sort((a, b) => b - a))
    expect(await queryError({ orderby: 'Lines.Nope' })).toContain("Cannot order by 'Lines.Nope'")
  })
})

describe('filters against stored rows', () => {
  it('compares with every operator', async () => {
    expect(await ids({ filter: 'Amount gt 350' })).toEqual([2])
    expect(await ids({ filter: 'Amount ge 350' })).toEqual([2, 3])
    expect(await ids({ filter: 'Amount lt 100.5' })).toEqual([4])
    expect(await ids({ filter: 'Amount le 100.5' })).toEqual([1, 4])
    expect(await ids({ filter: 'StatusCode ne 30102' })).toEqual([1, 4])
    expect(await ids({ filter: "InvoiceNumber like 'inv-1%'" })).toEqual([1, 2, 3])
    expect(await ids({ filter: "InvoiceNumber notlike '%2%'" })).toEqual([1])
  })

  it('matches contains, startswith and endswith without regard to case', async () => {
    expect(await ids({ filter: "contains(InvoiceNumber,'INV-1')" })).toEqual([1, 2, 3])
    expect(await ids({ filter: "startswith(Note,'o''brien')" })).toEqual([1])
    expect(await ids({ filter: "endsWith(InvoiceNumber,'00')" })).toEqual([1, 4])
    expect(await ids({ filter: "contains(Note,'50%')" })).toEqual([2])
    expect(await ids({ filter: "contains(InvoiceNumber,'INV_1')" })).toEqual([])
  })

  it('includes rows whose field is null in not contains and ne', async () => {
    expect(await ids({ filter: "not contains(Note,'order')" })).toEqual([2, 3, 4])
    expect(await ids({ filter: "Note ne 'x'" })).toEqual([1, 2, 3, 4])
  })

  it('reads the quoting rules: doubled quotes, quoted numbers, dates, booleans, null', async () => {
    expect(await ids({ filter: "Note eq 'O''Brien''s order'" })).toEqual([1])
    expect(await ids({ filter: "PartyID eq '2'" })).toEqual([2])
    expect(await ids({ filter: "InvoiceDate le '2021-02-25'" })).toEqual([1, 2])
    expect(await ids({ filter: "Paid eq 'false'" })).toEqual([2, 3])
    expect(await ids({ filter: 'Paid eq true' })).toEqual([1, 4])
    expect(await ids({ filter: 'Paid eq 0' })).toEqual([2, 3])
    expect(await ids({ filter: 'Rate eq null' })).toEqual([3])
    expect(await ids({ filter: 'Rate ne null and Rate lt 1' })).toEqual([2])
  })

  it('combines and, or, not and parentheses with and binding tighter', async () => {
    expect(await ids({ filter: 'StatusCode eq 30101 or StatusCode eq 30102 AND Paid eq 1' })).toEqual([1])
    expect(await ids({ filter: '(StatusCode eq 30101 OR StatusCode eq 30102) and Paid eq 0' })).toEqual([
      2, 3,
    ])
    expect(await ids({ filter: 'not (StatusCode eq 30102)' })).toEqual([1, 4])
  })

  it('uses the statistics functions in filters', async () => {
    expect(await ids({ filter: 'year(InvoiceDate) eq 2021 and month(InvoiceDate) ge 2' })).toEqual([2, 3])
    expect(await ids({ filter: 'between(Amount, 100, 400)' })).toEqual([1, 3])
    expect(await ids({ filter: 'isnull(Rate, 9) gt 1.5' })).toEqual([3, 4])
    expect(await ids({ filter: 'StatusCode in (30101, 30103)' })).toEqual([1, 4])
  })

  it('filters through a one-relation and through a global model', async () => {
    expect(await ids({ filter: "Party.Name eq 'acme as'" })).toEqual([1, 3])
    expect(await ids({ filter: "Party.DefaultPhone.Number eq '222'" })).toEqual([1, 3])
    expect(await ids({ filter: "Category.Code eq 'G'" })).toEqual([1, 4])
  })

  it('filters through a many-relation as "any child matches", ignoring deleted children', async () => {
    expect(await ids({ filter: "Lines.Product.Name eq 'toner'" })).toEqual([1, 4])
    expect(await ids({ filter: 'Lines.Quantity ge 3' })).toEqual([2, 4])
    expect(await ids({ filter: "contains(Lines.Description,'removed')" })).toEqual([])
    expect(await ids({ filter: "not contains(Lines.Description,'toner')" })).toEqual([2, 3])
  })

  it('filters on custom fields with and without the CustomValues prefix', async () => {
    expect(await ids({ filter: "CustomValues.CustomColor eq 'RED'" })).toEqual([1, 4])
    expect(await ids({ filter: 'customweight gt 15' })).toEqual([2])
    expect(await ids({ filter: 'CustomWeight eq null' })).toEqual([3, 4])
  })

  it('answers QUERY_INVALID with a message that points at the problem', async () => {
    expect(await queryError({ filter: "StatusCode eq 30102 and Foo eq 'x'" })).toBe(
      "Unknown field 'Foo' on Invoice at position 25 in filter",
    )
    expect(await queryError({ filter: "StatusCode eq 'abc'" })).toContain("'abc' is not a whole number")
    expect(await queryError({ filter: '(StatusCode eq 1' })).toContain("Missing ')'")
    expect(await queryError({ filter: "Note eq 'abc" })).toContain('Unterminated string')
    expect(await queryError({ filter: 'frobnicate(Note) eq 1' })).toContain("Unknown function 'frobnicate'")
    expect(await queryError({ filter: 'ID eq 1 ID' })).toContain("Unexpected 'ID'")
  })
})

describe('select and expand', () => {
  it('returns the selected fields plus ID, Deleted and CustomValues', async () => {
    const { rows } = await listEntities(fx.ctx, invoice(), { select: 'InvoiceNumber,amount', top: 1 })
    expect(rows[0]).toEqual({
      ID: 1,
      Deleted: false,
      InvoiceNumber: 'INV-100',
      Amount: 100.5,
      CustomValues: { CustomColor: 'Red', CustomWeight: 10 },
    })
  })

  it('gives nested objects for dotted select paths', async () => {
    const { rows } = await listEntities(fx.ctx, invoice(), { select: 'InvoiceNumber,Party.Name', top: 2 })
    expect(rows).toEqual([
      {
        ID: 1,
        Deleted: false,
        InvoiceNumber: 'INV-100',
        CustomValues: expect.any(Object),
        Party: { ID: 1, Deleted: false, Name: 'Acme AS', CustomValues: {} },
      },
      {
        ID: 2,
        Deleted: false,
        InvoiceNumber: 'INV-112',
        CustomValues: expect.any(Object),
        Party: { ID: 2, Deleted: false, Name: 'Bergen Bygg', CustomValues: {} },
      },
    ])
  })

  it('refuses unknown fields and relations in select and expand', async () => {
    expect(await queryError({ select: 'ID,Nope' })).toBe(
      "Unknown field 'Nope' on Invoice at position 4 in select",
    )
    expect(await queryError({ expand: 'Lines.Nope' })).toBe(
      "Unknown relation 'Nope' on InvoiceLine at position 7 in expand",
    )
  })

  it('expands many-relations as arrays and one-relations as objects or null, without deleted rows', async () => {
    const { rows } = await listEntities(fx.ctx, invoice(), {
      expand: 'Lines.Product,Party.DefaultPhone,Category',
    })
    const byId = new Map(rows.map((r) => [r.ID, r]))
    const first = byId.get(1) as Record<string, unknown> & { Lines: Record<string, unknown>[] }
    expect(first.Lines.map((l) => [l.ID, (l.Product as { Name: string }).Name])).toEqual([
      [1, 'Paper'],
      [2, 'Toner'],
    ])
    expect(first.Party).toMatchObject({ Name: 'Acme AS', DefaultPhone: { Number: '222' } })
    expect(first.Category).toMatchObject({ Code: 'G' })
    // Invoice 2: its deleted line is left out; its party's default phone is deleted.
    expect((byId.get(2)!.Lines as unknown[]).length).toBe(1)
    expect(byId.get(2)!.Party).toMatchObject({ Name: 'Bergen Bygg', DefaultPhone: null })
    // Invoice 3 has no lines and no category; invoice 4 no party.
    expect(byId.get(3)).toMatchObject({ Lines: [], Category: null })
    expect(byId.get(4)).toMatchObject({ Party: null })
    expect(JSON.stringify(rows)).not.toContain(OTHER_MARK)
  })

  it('loads expansions with one statement per relation and level, whatever the row count', async () => {
    const statements: string[] = []
    const counting: ReadContext = {
      ...fx.ctx,
      sql: {
        query: (text, params) => {
          statements.push(text)
          return fx.store.query(text, params)
        },
      },
    }
    await listEntities(counting, invoice(), { expand: 'Lines.Product,Party.DefaultPhone' })
    // page + Lines + Product + Party + DefaultPhone (the count comes from the short page).
    expect(statements.length).toBe(5)
  })

  it('reads a phone list through a many-relation expansion of the party', async () => {
    const { rows } = await listEntities(fx.ctx, fx.registry.require('Party'), {
      expand: 'Phones',
      select: 'Name,Phones.Number',
    })
    expect(rows[0]).toMatchObject({
      Name: 'Acme AS',
      Phones: [
        { ID: 1, Number: '111' },
        { ID: 2, Number: '222' },
      ],
    })
    expect(rows[0]!.Phones as unknown[]).toHaveLength(2)
    expect((rows[0]!.Phones as Record<string, unknown>[])[0]).not.toHaveProperty('PartyID')
  })
})

describe('company isolation and single reads', () => {
  it('shows each company only its own rows, including in expansions', async () => {
    const { rows } = await listEntities(fx.otherCtx, invoice(), {
      expand: 'Lines.Product,Party',
      filter: "contains(InvoiceNumber,'INV')",
    })
    expect(rows.length).toBe(4)
    for (const r of rows) expect(String(r.InvoiceNumber)).toContain(OTHER_MARK)
    expect(rows[0]).toMatchObject({ Party: { Name: `Acme AS ${OTHER_MARK}` } })
    const mine = await listEntities(fx.ctx, invoice(), { filter: `contains(InvoiceNumber,'${OTHER_MARK}')` })
    expect(mine).toEqual({ rows: [], count: 0 })
  })

  it('reads one entity by ID in the caller company, hiding deleted ones unless asked', async () => {
    expect(await getEntityById(fx.ctx, invoice(), 2)).toMatchObject({
      InvoiceNumber: 'INV-112',
      Amount: 2000,
    })
    expect(await getEntityById(fx.otherCtx, invoice(), 2)).toMatchObject({
      InvoiceNumber: `INV-112 ${OTHER_MARK}`,
    })
    expect(await getEntityById(fx.ctx, invoice(), 5)).toBeUndefined()
    expect(await getEntityById(fx.ctx, invoice(), 5, { includeDeleted: true })).toMatchObject({
      Deleted: true,
      InvoiceNumber: 'INV-DEL',
    })
    expect(await getEntityById(fx.ctx, invoice(), 999)).toBeUndefined()
  })

  it('reads one entity with select and expand', async () => {
    const one = await getEntityById(fx.ctx, invoice(), 1, { select: 'InvoiceNumber', expand: 'Lines' })
    expect(one).toMatchObject({ ID: 1, InvoiceNumber: 'INV-100', Lines: [{ ID: 1 }, { ID: 2 }] })
    expect(one).not.toHaveProperty('Amount')
  })

  it('reads a global model without a company', async () => {
    const { rows } = await listEntities(fx.ctx, fx.registry.require('Category'), { orderby: 'Name desc' })
    expect(rows.map((r) => r.Name)).toEqual(['Services', 'Goods'])
  })
})

describe('rowToApi', () => {
  it('converts stored values and keeps only active custom fields', () => {
    const api = rowToApi(
      fx.registry,
      invoice(),
      {
        CompanyID: 1,
        ID: 3,
        Amount: '12.30',
        Rate: '0.125000',
        InvoiceDate: '2024-02-29',
        CustomValues: { CustomColor: 'Green', CustomGone: 'x' },
      },
      [
        { name: 'Color', type: 'smalltext' },
        { name: 'Weight', type: 'number' },
      ],
    )
    expect(api).toEqual({
      ID: 3,
      Amount: 12.3,
      Rate: 0.125,
      InvoiceDate: '2024-02-29',
      CustomValues: { CustomColor: 'Green', CustomWeight: null },
    })
  })
})
