import { afterEach, describe, expect, it } from 'vitest'
import type { OutboxCommand, OutboxOutcome } from '@common/bridge/outbox'
import type { CustomerInvoice } from '@common/entities/rows'
import { CustomerInvoiceStatus } from '@common/status'
import { drainCompany } from './drain.ts'
import { discardEntry } from './outbox-actions.ts'
import { creditInvoice, draftOf, editSalesDraft } from './sales.ts'
import { onSalesDraftMoved } from './sales-outcomes.ts'
import type { SyncTransport } from './sync-transport.ts'
import { openWorkspace, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const invoiced = {
  companyKey: 'nordlys',
  ID: 90,
  CustomerID: 7,
  CustomerName: 'Fjellbrød AS',
  InvoiceType: 0,
  StatusCode: CustomerInvoiceStatus.Invoiced,
  InvoiceDate: '2026-11-20',
  UpdatedAt: '2026-11-20T10:00:00Z',
  Items: [
    { ID: 11, ItemText: 'Rugbrød', NumberOfItems: 3, PriceExVatCurrency: 100, VatTypeID: null, SortIndex: 0 },
  ],
}

/** Main as far as these entries need it: the credit answers the platform's credit draft 501. */
function platform(sent: OutboxCommand[]): SyncTransport {
  const execute = async (_: string, command: OutboxCommand): Promise<OutboxOutcome> => {
    sent.push(command)
    const row =
      command.action === 'credit'
        ? {
            ID: 501,
            InvoiceType: 1,
            InvoiceReferenceID: 90,
            StatusCode: 42001,
            UpdatedAt: '2026-11-21T08:00:00Z',
            Items: [],
          }
        : { ID: command.entityId, StatusCode: 42001, UpdatedAt: '2026-11-21T08:05:00Z' }
    return { status: 'done', row, merged: [] }
  }
  return { execute } as unknown as SyncTransport
}

describe("sales' answers in the offline workspace", () => {
  it('holds the edit of a local credit draft until the credit is answered, then sends it on the platform ID', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.CustomerInvoice.put(invoiced)
    const local = await creditInvoice(db, 'nordlys', 90)
    const row = (await db.CustomerInvoice.get(['nordlys', local])) as unknown as CustomerInvoice
    await editSalesDraft(db, 'nordlys', local, { ...draftOf(row), FreeTxt: 'Retur' })
    const moved: unknown[] = []
    const stop = onSalesDraftMoved((m) => moved.push(m))
    const sent: OutboxCommand[] = []
    await drainCompany(db, platform(sent), 'nordlys')
    stop()
    expect(sent.map((c) => [c.action, c.entityId, c.baseUpdatedAt])).toEqual([
      ['credit', 90, '2026-11-20T10:00:00Z'],
      // Sent on the platform's credit draft, its base the answered row.
      ['edit-draft', 501, '2026-11-21T08:00:00Z'],
    ])
    expect(moved).toEqual([{ workspace: db.name, companyKey: 'nordlys', from: local, to: 501 }])
    expect(await db.CustomerInvoice.get(['nordlys', local])).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })

  it('takes the local credit draft and its queued changes away with a discarded credit', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.CustomerInvoice.put(invoiced)
    const local = await creditInvoice(db, 'nordlys', 90)
    const row = (await db.CustomerInvoice.get(['nordlys', local])) as unknown as CustomerInvoice
    await editSalesDraft(db, 'nordlys', local, { ...draftOf(row), FreeTxt: 'Retur' })
    const [credit] = await db.outbox.orderBy('seq').toArray()
    const offline = {
      row: async () => Promise.reject(new TypeError('fetch failed')),
    } as unknown as SyncTransport
    await discardEntry(db, offline, credit!.seq!)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.CustomerInvoice.get(['nordlys', local])).toBeUndefined()
    expect(await db.CustomerInvoice.get(['nordlys', 90])).toMatchObject({
      StatusCode: CustomerInvoiceStatus.Invoiced,
    })
  })
})
