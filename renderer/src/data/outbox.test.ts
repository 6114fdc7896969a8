import { afterEach, describe, expect, it } from 'vitest'
import { outboxAction } from '@common/bridge/outbox'
import { queueAction, updateRow } from './outbox.ts'
import { isAction, namedActionOf, queued, queuedIn, queuedRows, shownValues } from './outbox-queries.ts'
import { openWorkspace, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

async function seeded(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.SupplierInvoice.bulkPut([
    {
      companyKey: 'nordlys',
      ID: 1,
      InvoiceNumber: 'A-1',
      PaymentDueDate: '2026-12-01',
      UpdatedAt: '2026-11-01T10:00:00Z',
    },
    {
      companyKey: 'aurora',
      ID: 1,
      InvoiceNumber: 'B-1',
      PaymentDueDate: '2026-12-05',
      UpdatedAt: '2026-11-01T10:00:00Z',
    },
  ])
  return db
}

describe('the outbox', () => {
  it('writes the row and its outbox entry together, with the server values as base', async () => {
    await seeded()
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'A-2' })
    expect((await db.SupplierInvoice.get(['nordlys', 1]))?.InvoiceNumber).toBe('A-2')
    expect((await db.SupplierInvoice.get(['aurora', 1]))?.InvoiceNumber).toBe('B-1')
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      companyKey: 'nordlys',
      entity: 'SupplierInvoice',
      entityId: 1,
      action: 'update',
      body: { InvoiceNumber: 'A-2' },
      base: { InvoiceNumber: 'A-1' },
      baseUpdatedAt: '2026-11-01T10:00:00Z',
      state: 'pending',
    })
  })

  it('joins a pending change of the same row and keeps the first base', async () => {
    await seeded()
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'A-2' })
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, {
      InvoiceNumber: 'A-3',
      PaymentDueDate: '2026-12-10',
    })
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0]!.body).toEqual({ InvoiceNumber: 'A-3', PaymentDueDate: '2026-12-10' })
    expect(entries[0]!.base).toEqual({ InvoiceNumber: 'A-1', PaymentDueDate: '2026-12-01' })
  })

  it('queues a new entry after a transition, so changes and actions stay in order', async () => {
    await seeded()
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'A-2' })
    await queueAction(db, 'nordlys', 1, outboxAction('SupplierInvoice', 'assign-to', { UserIDs: [7] }))
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'A-3' })
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => e.action)).toEqual(['update', 'assign-to', 'update'])
    expect(entries[2]!.base).toEqual({ InvoiceNumber: 'A-2' })
  })

  it('refuses a change to a row that is not cached, and writes nothing', async () => {
    await seeded()
    await expect(updateRow(db, 'nordlys', 'SupplierInvoice', 99, { InvoiceNumber: 'X' })).rejects.toThrow(
      /not in the offline cache/,
    )
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('the outbox queries', () => {
  it('marks each queued row once, in conflict when one of its entries is, and only rows of the entities asked', async () => {
    await seeded()
    await updateRow(db, 'nordlys', 'SupplierInvoice', 1, { InvoiceNumber: 'A-2' })
    await queueAction(db, 'nordlys', 1, outboxAction('SupplierInvoice', 'journal'))
    await queueAction(db, 'aurora', 1, outboxAction('SupplierInvoice', 'comment', { Text: 'Sjekk' }))
    const [first] = await queued(db, 'nordlys', 'SupplierInvoice', 1)
    await db.outbox.update(first!.seq!, { state: 'conflict' })
    const nordlys = await queuedIn(db, 'nordlys')
    expect(queuedRows(nordlys, ['SupplierInvoice'])).toEqual(new Map([['SupplierInvoice:1', true]]))
    expect(queuedRows(nordlys, ['CustomerInvoice'])).toEqual(new Map())
    expect(queuedRows(await queuedIn(db, 'aurora'), ['SupplierInvoice'])).toEqual(
      new Map([['SupplierInvoice:1', false]]),
    )
    expect(nordlys.map((e) => isAction(e, 'SupplierInvoice', 'journal', 'comment'))).toEqual([false, true])
    expect(nordlys.map((e) => [namedActionOf(e), shownValues(e)])).toEqual([
      [null, { InvoiceNumber: 'A-2' }],
      ['journal', {}],
    ])
  })
})
