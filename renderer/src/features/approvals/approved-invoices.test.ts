// "Approved, not booked" on a real Dexie workspace (fake-indexeddb): the company's 30103 invoices only,
// booking (and booking with payment) queued in order, a refusal held on its row, and the entry number shown
// once the platform booked the invoice.
import { afterEach, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '@common/status'
import type { OutboxCommand, OutboxOutcome } from '@common/bridge/outbox'
import { drainCompany } from '@renderer/data/drain'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import type { SyncTransport } from '@renderer/data/sync-transport'
import { bookRows, loadApproved } from './approved-invoices.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const invoice = (companyKey: string, ID: number, StatusCode: number, InvoiceNumber: string) => ({
  companyKey,
  ID,
  StatusCode,
  InvoiceNumber,
  TaxInclusiveAmount: 1000 + ID,
  PaymentDueDate: `2026-12-${String(ID).padStart(2, '0')}`,
  Supplier: { Info: { Name: `Supplier ${ID}` } },
  UpdatedAt: '2026-11-01T00:00:00Z',
})

async function seeded() {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.SupplierInvoice.bulkPut([
    invoice('nordlys', 1, SupplierInvoiceStatus.Approved, '100'),
    invoice('nordlys', 2, SupplierInvoiceStatus.Approved, '101'),
    invoice('nordlys', 3, SupplierInvoiceStatus.ForApproval, '102'),
    invoice('fjordbygg', 1, SupplierInvoiceStatus.Approved, '900'),
  ])
}

function transport(answer: (command: OutboxCommand) => OutboxOutcome): SyncTransport {
  const unused = () => Promise.reject(new Error('not used'))
  return {
    probe: unused,
    pull: unused,
    ids: unused,
    row: () => Promise.resolve(null),
    execute: (_key: string, command: OutboxCommand) => Promise.resolve(answer(command)),
    download: unused,
    ocr: unused,
  }
}

describe('approved, not booked', () => {
  it('lists only this company’s approved invoices, by due date', async () => {
    await seeded()
    const rows = await loadApproved(db, 'nordlys')
    expect(rows.map((r) => [r.InvoiceNumber, r.supplierName, r.state])).toEqual([
      ['100', 'Supplier 1', 'open'],
      ['101', 'Supplier 2', 'open'],
    ])
  })

  it('books one, books and sends another for payment in order, and shows the entry number after', async () => {
    await seeded()
    const rows = await loadApproved(db, 'nordlys')
    expect(await bookRows(db, [rows[0]!], { sendForPayment: false })).toEqual([1])
    expect(await bookRows(db, [rows[1]!], { sendForPayment: true })).toEqual([2])
    const entries = await db.outbox.toArray()
    expect(entries.map((e) => [e.entityId, e.action])).toEqual([
      [1, 'journal'],
      [2, 'journal'],
      [2, 'sendForPayment'],
    ])
    // Both stay in the list while queued, though the cache shows them booked already.
    const kept = new Set([1, 2])
    expect((await loadApproved(db, 'nordlys', kept)).map((r) => r.state)).toEqual(['pending', 'pending'])

    const sent: string[] = []
    await drainCompany(
      db,
      transport((command) => {
        const action = command.action
        sent.push(`${command.entityId} ${action}`)
        if (command.entityId === 2 && action === 'journal')
          return {
            status: 'failed',
            error: { code: 'BAD_REQUEST', message: 'The period is locked' },
            row: null,
          }
        return {
          status: 'done',
          row: { ID: command.entityId, StatusCode: SupplierInvoiceStatus.Journaled, JournalEntryID: 77 },
          merged: [],
        }
      }),
      'nordlys',
    )
    // The refused booking holds back the payment of the same invoice.
    expect(sent).toEqual(['1 journal', '2 journal'])
    await db.JournalEntry.put({ companyKey: 'nordlys', ID: 77, JournalEntryNumber: '45-2026' })
    const after = await loadApproved(db, 'nordlys', kept)
    expect(after.map((r) => [r.ID, r.state, r.entryNumber, r.message])).toEqual([
      [1, 'booked', '45-2026', ''],
      [2, 'refused', null, 'The period is locked'],
    ])
  })

  it('shows a payment a colleague sent first as already handled by them, not as refused', async () => {
    await seeded()
    const rows = await loadApproved(db, 'nordlys')
    await bookRows(db, [rows[0]!], { sendForPayment: true })
    await drainCompany(
      db,
      transport((command) => {
        const action = command.action
        if (action === 'sendForPayment')
          return {
            status: 'failed',
            error: {
              code: 'ALREADY_HANDLED',
              message: 'Already handled by Per Approver',
              by: 'Per Approver',
            },
            row: { ID: 1, StatusCode: SupplierInvoiceStatus.Journaled },
          }
        return { status: 'done', row: { ID: 1, StatusCode: SupplierInvoiceStatus.Journaled }, merged: [] }
      }),
      'nordlys',
    )
    const [row] = await loadApproved(db, 'nordlys', new Set([1]))
    expect([row!.state, row!.message]).toEqual(['handled', 'Per Approver'])
  })
})
