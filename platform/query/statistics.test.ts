import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, PlatformError } from '../errors.ts'
import { runStatistics } from './index.ts'
import { createFixture, OTHER_MARK, type Fixture } from './testing/fixture.ts'

let fx: Fixture

beforeAll(async () => {
  fx = await createFixture()
})

afterAll(async () => {
  await fx?.store.close()
})

const stats = (query: Record<string, unknown>) => runStatistics(fx.ctx, query)

async function statsError(query: Record<string, unknown>): Promise<PlatformError> {
  try {
    await stats(query)
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError)
    return err as PlatformError
  }
  throw new Error('expected a statistics error')
}

describe('statistics: columns and naming', () => {
  it('names columns by alias, model + field, dotted path without dots, and function + argument', async () => {
    const rows = await stats({
      model: 'Invoice',
      select:
        'ID as _id, StatusCode, Party.DefaultPhone.Number, Invoice.InvoiceNumber, CustomValues.CustomColor',
      filter: 'ID eq 1',
    })
    expect(rows).toEqual([
      {
        _id: 1,
        InvoiceStatusCode: 30101,
        PartyDefaultPhoneNumber: '222',
        InvoiceInvoiceNumber: 'INV-100',
        CustomValuesCustomColor: 'Red',
      },
    ])
    const agg = await stats({
      model: 'Invoice',
      select: 'count(ID),sum(Amount),min(InvoiceDate),max(Amount),avg(Amount)',
      filter: 'Deleted eq 0',
    })
    expect(agg).toEqual([
      { countID: 4, sumAmount: 2550.49, minInvoiceDate: '2021-01-15', maxAmount: 2000, avgAmount: 637.6225 },
    ])
  })

  it('returns every field of the model when select is left out or *', async () => {
    for (const select of [undefined, '*']) {
      const rows = await stats({ model: 'Category', orderby: 'ID', select })
      expect(rows[0]).toMatchObject({
        CategoryID: 1,
        CategoryName: 'Goods',
        CategoryCode: 'G',
        CategoryDeleted: false,
      })
    }
  })

  it('numbers repeated column names', async () => {
    const rows = await stats({ model: 'Invoice', select: 'count(ID), count(ID)', filter: 'Deleted eq 0' })
    expect(rows).toEqual([{ countID: 4, countID2: 4 }])
  })
})

describe('statistics: rows, grouping and ordering', () => {
  it('includes soft-deleted rows unless the filter excludes them', async () => {
    expect(await stats({ model: 'Invoice', select: 'count(ID) as n' })).toEqual([{ n: 5 }])
    expect(await stats({ model: 'Invoice', select: 'count(ID) as n', filter: 'Deleted eq 0' })).toEqual([
      { n: 4 },
    ])
  })

  it('groups by the non-aggregate select expressions and orders by alias or aggregate', async () => {
    const rows = await stats({
      model: 'Invoice',
      select: 'StatusCode as status, count(ID) as n, sum(Amount) as total',
      orderby: 'n desc, status',
    })
    expect(rows).toEqual([
      { status: 30101, n: 2, total: 105.5 },
      { status: 30102, n: 2, total: 2350 },
      { status: 30103, n: 1, total: 99.99 },
    ])
    const byAggregate = await stats({
      model: 'Invoice',
      select: 'StatusCode, sum(Amount)',
      orderby: 'sum(Amount) desc',
      top: '1',
    })
    expect(byAggregate).toEqual([{ InvoiceStatusCode: 30102, sumAmount: 2350 }])
  })

  it('filters groups with having', async () => {
    expect(
      await stats({
        model: 'Invoice',
        select: 'year(InvoiceDate) as y, count(ID) as n',
        having: 'count(ID) gt 2',
      }),
    ).toEqual([{ y: 2021, n: 3 }])
    expect(
      await stats({ model: 'Invoice', select: 'PartyID, sum(Amount) as total', having: 'total ge 2000' }),
    ).toEqual([{ InvoicePartyID: 2, total: 2000 }])
  })

  it('removes duplicate rows with distinct=true', async () => {
    expect(await stats({ model: 'Invoice', select: 'Paid', distinct: 'true', orderby: 'Paid' })).toEqual([
      { InvoicePaid: false },
      { InvoicePaid: true },
    ])
  })

  it('pages with top and skip', async () => {
    expect(await stats({ model: 'Invoice', select: 'ID', top: '2', skip: '1' })).toEqual([
      { InvoiceID: 2 },
      { InvoiceID: 3 },
    ])
  })

  it('evaluates isnull, casewhen, year, month, between, contains and startswith', async () => {
    const rows = await stats({
      model: 'Invoice',
      select:
        "ID, isnull(Rate, 0) as rate, casewhen(Paid eq 1, 'paid', 'open') as state, month(InvoiceDate) as m, between(Amount, 100, 500) as mid, " +
        "casewhen(contains(Note,'ORDER'), 1, 0) as hasOrder, casewhen(startswith(InvoiceNumber,'inv-2'), 1, 0) as second",
      filter: 'ID le 3',
    })
    expect(rows).toEqual([
      { InvoiceID: 1, rate: 1.5, state: 'paid', m: 1, mid: true, hasOrder: 1, second: 0 },
      { InvoiceID: 2, rate: 0.25, state: 'open', m: 2, mid: false, hasOrder: 0, second: 0 },
      { InvoiceID: 3, rate: 0, state: 'open', m: 3, mid: true, hasOrder: 0, second: 0 },
    ])
  })
})

describe('statistics: relations and joins', () => {
  it('uses expanded relation paths in select and filter', async () => {
    const rows = await stats({
      model: 'Invoice',
      expand: 'Party,Category',
      select: 'ID,Party.Name,Category.Name',
      filter: "Category.Code eq 'G' and Deleted eq 0",
    })
    expect(rows).toEqual([
      { InvoiceID: 1, PartyName: 'Acme AS', CategoryName: 'Goods' },
      { InvoiceID: 4, PartyName: null, CategoryName: 'Goods' },
    ])
  })

  it('joins another model with join=a.x eq b.y, within the company', async () => {
    const rows = await stats({
      model: 'Invoice',
      select: 'ID as id, FileLink.FileName as file',
      join: "Invoice.ID eq FileLink.EntityID and FileLink.EntityType eq 'Invoice'",
      filter: 'Deleted eq 0',
    })
    expect(rows).toEqual([
      { id: 1, file: 'scan-1.pdf' },
      { id: 2, file: 'scan-2.pdf' },
      { id: 3, file: null },
      { id: 4, file: null },
    ])
    expect(JSON.stringify(rows)).not.toContain(OTHER_MARK)
  })

  it('counts children through a many-relation path', async () => {
    const rows = await stats({
      model: 'Invoice',
      select: 'ID, count(Lines.ID) as lines',
      filter: 'Deleted eq 0 and Lines.Deleted ne true',
      orderby: 'ID',
    })
    expect(rows).toEqual([
      { InvoiceID: 1, lines: 2 },
      { InvoiceID: 2, lines: 1 },
      { InvoiceID: 3, lines: 0 },
      { InvoiceID: 4, lines: 1 },
    ])
  })

  it("keeps each company's statistics to its own rows", async () => {
    const rows = await runStatistics(fx.otherCtx, {
      model: 'Invoice',
      select: 'InvoiceNumber, Party.Name',
      filter: 'Deleted eq 0',
    })
    expect(rows).toHaveLength(4)
    for (const r of rows) expect(String(r.InvoiceInvoiceNumber)).toContain(OTHER_MARK)
  })
})

describe('statistics: errors', () => {
  it('answers 400 with Success false, empty Data and the reason', async () => {
    const err = await statsError({ model: 'Invoice', select: 'ID', filter: 'Nope eq 1' })
    expect(err.code).toBe('QUERY_INVALID')
    expect(err.status).toBe(400)
    expect(errorBody(err, 'ref')).toMatchObject({
      Success: false,
      Data: [],
      Message: "Unknown field 'Nope' on Invoice at position 1 in filter",
    })
  })

  it('names the problem: missing or unknown model, bad select, join and having', async () => {
    expect((await statsError({ select: 'ID' })).message).toContain('model is required')
    expect((await statsError({ model: 'Nope' })).message).toBe("Unknown model 'Nope'")
    expect((await statsError({ model: 'Invoice', select: 'ID as' })).message).toContain(
      "Expected an alias after 'as'",
    )
    expect((await statsError({ model: 'Invoice', select: 'sum(InvoiceNumber)' })).message).toContain(
      'sum expects a number',
    )
    expect((await statsError({ model: 'Invoice', join: 'ID eq 1' })).message).toContain(
      'Each join condition must name another model',
    )
    expect(
      (await statsError({ model: 'Invoice', select: 'ID', filter: 'count(ID) gt 1' })).message,
    ).toContain('only allowed in the select, having and orderby')
    expect(
      (await statsError({ model: 'Invoice', select: 'Paid', distinct: 'true', orderby: 'Amount' })).message,
    ).toContain('With distinct=true')
    expect(
      (await statsError({ model: 'Invoice', select: 'StatusCode, count(ID)', orderby: 'Amount' })).message,
    ).toContain('must be grouped')
    expect((await statsError({ model: 'Invoice', top: '-1' })).message).toContain(
      'top must be a whole number',
    )
  })
})
