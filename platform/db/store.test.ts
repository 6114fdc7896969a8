// The embedded store's single-exchange text reads: same answers as a query, database errors with their
// codes, and prepared statements that survive failed executions and the closing of old statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from './store.ts'

describe('queryText on the embedded database', () => {
  let store: Store
  beforeAll(async () => {
    store = await openStore({})
    await store.query('create table item (id bigint primary key, name text, price numeric(18,2))')
    await store.query(`insert into item values (1, 'Kaffe', 12.50), (2, 'Te «grønn»', null), (3, 'Vann', 0)`)
  }, 60_000)
  afterAll(() => store.close())

  const byIds =
    'select row_to_json(row(id, name, price))::text as r from item where id = any($1::bigint[]) order by id'

  it('answers one text per row, parameters sent as text', async () => {
    const rows = await store.queryText!(byIds, [[3, 1]])
    expect(rows.map((r) => JSON.parse(r!) as unknown)).toEqual([
      { f1: 1, f2: 'Kaffe', f3: 12.5 },
      { f1: 3, f2: 'Vann', f3: 0 },
    ])
    expect(await store.queryText!('select $1::text || $2::text as r', ['a', true])).toEqual(['atrue'])
    expect(await store.queryText!('select $1::text as r', [null])).toEqual([null])
  })

  it('reads a prepared statement again with other values', async () => {
    const text = 'select row_to_json(row(id, name))::text as r from item where id = $1::bigint'
    expect(await store.queryText!(text, [2], { prepared: true })).toEqual(['{"f1":2,"f2":"Te «grønn»"}'])
    expect(await store.queryText!(text, [1], { prepared: true })).toEqual(['{"f1":1,"f2":"Kaffe"}'])
    expect(await store.queryText!(text, [9], { prepared: true })).toEqual([])
  })

  it('throws the database error with its code and keeps working after it', async () => {
    const text = 'select (100 / $1::integer)::text as r'
    await expect(store.queryText!(text, [0], { prepared: true })).rejects.toMatchObject({ code: '22012' })
    // The statement was prepared before the failed execution; using it again must not prepare it twice.
    expect(await store.queryText!(text, [4], { prepared: true })).toEqual(['25'])
    await expect(store.queryText!('select nope as r', [])).rejects.toMatchObject({ code: '42703' })
    await expect(store.queryText!('select nope as r', [], { prepared: true })).rejects.toMatchObject({
      code: '42703',
    })
    expect(await store.queryText!(byIds, [[2]])).toHaveLength(1)
  })

  it('closes the least recently used statements when many distinct reads were prepared', async () => {
    const first = 'select $1::text as r'
    expect(await store.queryText!(first, ['first'], { prepared: true })).toEqual(['first'])
    for (let i = 0; i < 450; i++) {
      expect(
        await store.queryText!(`select ($1::integer + ${i})::text as r`, [1], { prepared: true }),
      ).toEqual([String(1 + i)])
    }
    expect(await store.queryText!(first, ['again'], { prepared: true })).toEqual(['again'])
    const { rows } = await store.query<{ n: number }>(
      'select count(*)::integer as n from pg_prepared_statements',
    )
    expect(rows[0]!.n).toBeLessThanOrEqual(200)
  })

  it('waits for an open transaction instead of reading inside it', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const tx = store.transaction(async (t) => {
      await t.query(`update item set name = 'uncommitted' where id = 1`)
      await held
      throw new Error('roll back')
    })
    const read = store.queryText!('select name as r from item where id = $1::bigint', [1], { prepared: true })
    release()
    await expect(tx).rejects.toThrow('roll back')
    expect(await read).toEqual(['Kaffe'])
  })
})
