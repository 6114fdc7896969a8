// Straight-through by rule: the decision and every reason it holds an invoice back, the proposal, and on a
// real Dexie workspace (fake-indexeddb) that an invoice goes exactly once (two windows, a restart, a sync
// round), reaches the platform once when the outbox drains, and can be taken back while it is queued.
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus, TaskStatus } from '@common/status'
import type { OutboxCommand, OutboxOutcome } from '@common/bridge/outbox'
import { drainCompany } from '@renderer/data/drain'
import { openWorkspace, workspaceName, type WorkspaceDb, type ReviewOutcome } from '@renderer/data/schema'
import type { SyncTransport } from '@renderer/data/sync-transport'
import { decideStraightThrough, proposeRule, usualRange, type HoldReason } from './straight-rule.ts'
import {
  approvedInFlow,
  incomingDecisions,
  runStraightThrough,
  sendOnByRule,
  setRule,
  undoState,
  undoWentThrough,
  UndoError,
} from './straight-send.ts'
import { wentThroughToday } from '@renderer/data/went-through'

const { Draft, Journaled, ForApproval } = SupplierInvoiceStatus
const KEY = 'nordlys'
const SUPPLIER = 7
const supplier = {
  companyKey: KEY,
  ID: SUPPLIER,
  Info: { Name: 'Havbris AS', BankAccounts: [{ ID: 70, AccountNumber: '86011117947' }] },
}

/** An invoice of the supplier that went on: booked on account 6540 with VAT code 1. */
const booked = (ID: number, amount: number, day: number) => ({
  companyKey: KEY,
  ID,
  SupplierID: SUPPLIER,
  StatusCode: Journaled,
  InvoiceNumber: `H-${ID}`,
  InvoiceDate: `2026-10-${String(day).padStart(2, '0')}`,
  PaymentDueDate: `2026-11-${String(day).padStart(2, '0')}`,
  TaxInclusiveAmount: amount,
  BankAccountID: 70,
  JournalEntry: {
    DraftLines: [{ AccountID: 6540, VatTypeID: 1, Amount: amount, Description: 'Rengjøring' }],
  },
  UpdatedAt: '2026-10-30T00:00:00Z',
})
const history = [
  booked(1, 1000, 1),
  booked(2, 1100, 5),
  booked(3, 1200, 9),
  booked(4, 1050, 13),
  booked(5, 1150, 17),
]

/** The incoming draft: unchanged from the supplier's usual, read by OCR. */
const incoming = (over: Record<string, unknown> = {}) => ({
  companyKey: KEY,
  ID: 100,
  SupplierID: SUPPLIER,
  StatusCode: Draft,
  InvoiceNumber: 'H-100',
  InvoiceDate: '2026-11-20',
  PaymentDueDate: '2026-12-04',
  TaxInclusiveAmount: 1125,
  BankAccountID: 70,
  UpdatedAt: '2026-11-20T08:00:00Z',
  ...over,
})

const decide = (
  over: Record<string, unknown> = {},
  rows: readonly Record<string, unknown>[] = history,
  queuedHere = false,
) => {
  const invoice = incoming(over)
  return decideStraightThrough({ invoice, supplier, invoices: [...rows, invoice], queuedHere })
}
const reasons = (decision: ReturnType<typeof decide>): HoldReason[] => (decision.go ? [] : decision.reasons)
const codes = (decision: ReturnType<typeof decide>) => reasons(decision).map((r) => r.code)

describe('the straight-through decision', () => {
  it('lets an invoice like the supplier’s last ones go, with supplier memory’s line for the total', () => {
    const decision = decide()
    expect(decision).toEqual({
      go: true,
      line: { AccountID: 6540, VatTypeID: 1, Description: 'Rengjøring', Amount: 1125 },
    })
  })

  it('holds back an invoice whose checks fail, naming the fields', () => {
    expect(reasons(decide({ PaymentDueDate: '2026-11-01' }))).toContainEqual({
      code: 'checkFailed',
      fields: ['PaymentDueDate'],
    })
    expect(reasons(decide({ TaxInclusiveAmount: null }))).toContainEqual({
      code: 'checkFailed',
      fields: ['TaxInclusiveAmount'],
    })
    expect(reasons(decide({ PaymentID: '12345678' }))).toContainEqual(
      expect.objectContaining({ code: 'checkFailed', fields: ['PaymentID'] }),
    )
  })

  it('holds back an amount outside the supplier’s usual range (lowest to highest of the last 10, ±10 %)', () => {
    expect(usualRange(SUPPLIER, history)).toEqual({ low: 90000, high: 132000, known: 5 })
    expect(decide({ TaxInclusiveAmount: 1320 }).go).toBe(true)
    expect(reasons(decide({ TaxInclusiveAmount: 1320.01 }))).toEqual([
      { code: 'outsideRange', amount: 132001, low: 90000, high: 132000 },
    ])
    expect(codes(decide({ TaxInclusiveAmount: 899.99 }))).toEqual(['outsideRange'])
  })

  it('holds back an invoice when too few earlier invoices give a usual range', () => {
    expect(reasons(decide({}, history.slice(0, 2)))).toEqual([{ code: 'noRange', known: 2 }])
  })

  it('holds back an invoice whose bank account the supplier has not been paid to', () => {
    const decision = decide({ BankAccountID: null, PaymentInformation: '1234.56.78903' })
    expect(reasons(decision)).toEqual([{ code: 'bankAccountChanged', account: '12345678903' }])
  })

  it('holds back a duplicate candidate (same number, or same amount within 30 days)', () => {
    expect(reasons(decide({ InvoiceNumber: 'H-5' }))).toEqual([{ code: 'duplicate', number: 'H-5' }])
    expect(reasons(decide({ TaxInclusiveAmount: 1150, InvoiceDate: '2026-10-20' }))).toEqual([
      { code: 'duplicate', number: 'H-5' },
    ])
  })

  it('holds back an invoice with no coding to send it with', () => {
    const uncoded = history.map((row) => ({ ...row, JournalEntry: null }))
    expect(codes(decide({}, uncoded))).toEqual(['noCoding'])
  })

  it('holds back an invoice the accountant is changing on this computer', () => {
    expect(codes(decide({}, history, true))).toEqual(['changedHere'])
  })

  it('lists every reason at once', () => {
    expect(
      codes(
        decide({
          InvoiceNumber: 'H-1',
          TaxInclusiveAmount: 9000,
          BankAccountID: null,
          PaymentInformation: '12345678903',
        }),
      ),
    ).toEqual(['bankAccountChanged', 'duplicate', 'outsideRange'])
  })
})

describe('proposing the rule', () => {
  const rows = new Map(history.map((row) => [row.ID, row]))
  const outcome = (invoiceId: number, straightThrough: boolean, checksPassed = true): ReviewOutcome => ({
    companyKey: KEY,
    invoiceId,
    straightThrough,
    changedFields: straightThrough ? [] : ['AccountID'],
    savedAt: `2026-10-${String(invoiceId).padStart(2, '0')}T10:00:00Z`,
    checksPassed,
  })
  it('proposes it after the supplier’s last 5 saves kept every proposal and passed every check', () => {
    expect(
      proposeRule(
        SUPPLIER,
        [1, 2, 3, 4, 5].map((id) => outcome(id, true)),
        rows,
      ),
    ).toBe(true)
    expect(
      proposeRule(
        SUPPLIER,
        [1, 2, 3, 4].map((id) => outcome(id, true)),
        rows,
      ),
    ).toBe(false)
    expect(
      proposeRule(
        SUPPLIER,
        [1, 2, 3, 4, 5].map((id) => outcome(id, id !== 3)),
        rows,
      ),
    ).toBe(false)
    expect(
      proposeRule(
        SUPPLIER,
        [1, 2, 3, 4, 5].map((id) => outcome(id, true, id !== 4)),
        rows,
      ),
    ).toBe(false)
    expect(
      proposeRule(
        99,
        [1, 2, 3, 4, 5].map((id) => outcome(id, true)),
        rows,
      ),
    ).toBe(false)
  })
})

let dbs: WorkspaceDb[] = []
afterEach(async () => {
  for (const db of dbs) db.close()
  if (dbs[0]) await dbs[0].delete()
  dbs = []
})

const user = () => `user-${crypto.randomUUID()}`
function open(identity: string): WorkspaceDb {
  const db = openWorkspace('sandbox', identity)
  dbs.push(db)
  return db
}
async function seeded(identity = user()): Promise<WorkspaceDb> {
  const db = open(identity)
  await db.Supplier.put(supplier)
  await db.SupplierInvoice.bulkPut([...history, incoming()])
  await setRule(db, KEY, SUPPLIER, true)
  return db
}

function platform(): { transport: SyncTransport; commands: OutboxCommand[] } {
  const commands: OutboxCommand[] = []
  const unused = () => Promise.reject(new Error('not used'))
  const transport: SyncTransport = {
    probe: unused,
    pull: unused,
    ids: unused,
    row: () => Promise.resolve(null),
    execute: (_key: string, command: OutboxCommand): Promise<OutboxOutcome> => {
      commands.push(command)
      return Promise.resolve({ status: 'done', row: null, merged: [] } as unknown as OutboxOutcome)
    },
    download: unused,
    ocr: unused,
  }
  return { transport, commands }
}

describe('sending on by rule', () => {
  it('does nothing for a supplier whose rule is off', async () => {
    const db = await seeded()
    await setRule(db, KEY, SUPPLIER, false)
    expect(await incomingDecisions(db, KEY)).toEqual([])
    expect(await runStraightThrough(db, KEY)).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('queues the cost line and the booking offline, with the invoice shown as sent on', async () => {
    const db = await seeded()
    expect(await runStraightThrough(db, KEY, () => Promise.reject(new Error('offline')))).toBe(1)
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => [e.entityId, e.action, e.body])).toEqual([
      [
        100,
        'save-cost-lines',
        { Lines: [{ AccountID: 6540, VatTypeID: 1, Description: 'Rengjøring', Amount: 1125 }] },
      ],
      [100, 'journal', undefined],
    ])
    expect((await db.SupplierInvoice.get([KEY, 100]))?.StatusCode).toBe(Journaled)
    expect((await wentThroughToday(db, [KEY, 'other'])).get(KEY)).toBe(1)
  })

  it('leaves an invoice open in a review for the person looking at it, and sends it once it is put down', async () => {
    const db = await seeded()
    const offline = () => Promise.reject(new Error('offline'))
    expect(await runStraightThrough(db, KEY, offline, (id) => id === 100)).toBe(0)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.SupplierInvoice.get([KEY, 100]))?.StatusCode).not.toBe(Journaled)
    expect(await runStraightThrough(db, KEY, offline, () => false)).toBe(1)
    expect((await db.SupplierInvoice.get([KEY, 100]))?.StatusCode).toBe(Journaled)
  })

  it('sends for approval by the supplier’s linked rule when the platform names one', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY, () => Promise.resolve(12))
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries[1]).toMatchObject({ action: 'assign-to', body: { ApprovalRuleID: 12 } })
    expect((await db.SupplierInvoice.get([KEY, 100]))?.StatusCode).toBe(ForApproval)
  })

  it('sends an invoice on exactly once: two windows at once, a restart, another round', async () => {
    const identity = user()
    const first = await seeded(identity)
    const second = open(identity)
    const sent = await Promise.all([
      runStraightThrough(first, KEY),
      runStraightThrough(second, KEY),
      sendOnByRule(second, KEY, 100, null),
    ])
    expect(sent.reduce<number>((a, b) => a + Number(b), 0)).toBe(1)
    expect(await first.outbox.count()).toBe(2)
    first.close()
    const restarted = open(identity)
    expect(restarted.name).toBe(workspaceName('sandbox', identity))
    expect(await runStraightThrough(restarted, KEY)).toBe(0)
    // The platform gets each action once; a sync round after it finds nothing to send again.
    const { transport, commands } = platform()
    await drainCompany(restarted, transport, KEY)
    expect(commands.map((c) => c.action)).toEqual(['save-cost-lines', 'journal'])
    await restarted.SupplierInvoice.put({ ...incoming(), StatusCode: Draft })
    expect(await runStraightThrough(restarted, KEY)).toBe(0)
    await drainCompany(restarted, transport, KEY)
    expect(commands).toHaveLength(2)
  })

  it('stops when the bank account changed, and says why', async () => {
    const db = await seeded()
    await db.SupplierInvoice.put(incoming({ BankAccountID: null, PaymentInformation: '12345678903' }))
    const [decision] = await incomingDecisions(db, KEY)
    expect(decision?.reasons).toEqual([{ code: 'bankAccountChanged', account: '12345678903' }])
    expect(await runStraightThrough(db, KEY)).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('undo', () => {
  it('takes a queued invoice back to a draft, and the rule does not send it again', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY)
    await undoWentThrough(db, KEY, 100)
    expect(await db.outbox.count()).toBe(0)
    const invoice = await db.SupplierInvoice.get([KEY, 100])
    expect(invoice?.StatusCode).toBe(Draft)
    expect(invoice?.JournalEntry).toBeNull()
    expect((await db.wentThrough.get([KEY, 100]))?.undoneAt).toBeTruthy()
    expect(await runStraightThrough(db, KEY)).toBe(0)
    expect((await wentThroughToday(db, [KEY])).get(KEY)).toBe(0)
    await expect(undoWentThrough(db, KEY, 100)).rejects.toBeInstanceOf(UndoError)
  })

  it('is not offered while the entry is being sent, nor once the platform has booked it', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY)
    const row = (await db.wentThrough.get([KEY, 100]))!
    const entries = await db.outbox.bulkGet(row.seqs)
    expect(undoState(row, entries, undefined)).toEqual({ possible: true })
    const sending = entries.map((e) => (e ? { ...e, state: 'sending' as const } : e))
    expect(undoState(row, sending, undefined)).toEqual({ possible: false, reason: 'sending' })
    await drainCompany(db, platform().transport, KEY)
    await db.SupplierInvoice.put({ ...incoming(), StatusCode: Journaled })
    await expect(undoWentThrough(db, KEY, 100)).rejects.toMatchObject({
      state: { possible: false, reason: 'booked' },
    })
  })

  it('once sent for approval, queues rejectAssignment exactly once, offline, and shows the invoice as a draft', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY, () => Promise.resolve(12))
    await drainCompany(db, platform().transport, KEY)
    await db.SupplierInvoice.put({ ...incoming(), StatusCode: ForApproval })
    expect(await db.outbox.count()).toBe(0)
    expect(await undoWentThrough(db, KEY, 100)).toBe('queued')
    await expect(undoWentThrough(db, KEY, 100)).rejects.toMatchObject({
      state: { possible: false, reason: 'undone' },
    })
    const entries = await db.outbox.toArray()
    expect(entries.map((e) => [e.entityId, e.action])).toEqual([[100, 'rejectAssignment']])
    expect((await db.SupplierInvoice.get([KEY, 100]))?.StatusCode).toBe(Draft)
    const row = (await db.wentThrough.get([KEY, 100]))!
    expect(row.undoSeq).toBe(entries[0]!.seq)
    expect(await runStraightThrough(db, KEY, () => Promise.resolve(12))).toBe(0)
    // On reconnect it reaches main once; a refused undo says so on the row.
    const { transport, commands } = platform()
    await drainCompany(db, transport, KEY)
    await drainCompany(db, transport, KEY)
    expect(commands.map((c) => c.action)).toEqual(['rejectAssignment'])
    const refused = { ...entries[0]!, state: 'failed' as const }
    expect(undoState(row, [], undefined, false, refused)).toEqual({ possible: false, reason: 'undoRefused' })
  })

  it('words why an invoice on the platform cannot be taken back, per state', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY, () => Promise.resolve(12))
    await drainCompany(db, platform().transport, KEY)
    const row = (await db.wentThrough.get([KEY, 100]))!
    const state = (StatusCode: number, stepApproved = false) =>
      undoState(row, [undefined, undefined], incoming({ StatusCode }), stepApproved)
    expect(state(ForApproval)).toEqual({ possible: true })
    expect(state(SupplierInvoiceStatus.Assigned)).toEqual({ possible: true })
    expect(state(ForApproval, true)).toEqual({ possible: false, reason: 'approved' })
    expect(state(SupplierInvoiceStatus.Approved)).toEqual({ possible: false, reason: 'approved' })
    expect(state(Journaled)).toEqual({ possible: false, reason: 'booked' })
    expect(state(SupplierInvoiceStatus.Archived)).toEqual({ possible: false, reason: 'booked' })
    expect(state(SupplierInvoiceStatus.Rejected)).toEqual({ possible: false, reason: 'rejected' })
    expect(state(Draft)).toEqual({ possible: false, reason: 'moved' })
  })

  it('sees an approved step of the running flow in the cache, and then does not queue the undo', async () => {
    const db = await seeded()
    await runStraightThrough(db, KEY, () => Promise.resolve(12))
    await drainCompany(db, platform().transport, KEY)
    await db.SupplierInvoice.put({ ...incoming(), StatusCode: ForApproval })
    await db.Task.bulkPut([
      { companyKey: KEY, ID: 5, EntityID: 100, StatusCode: TaskStatus.Active },
      { companyKey: KEY, ID: 6, EntityID: 101, StatusCode: TaskStatus.Active },
    ])
    await db.Approval.bulkPut([
      { companyKey: KEY, ID: 50, TaskID: 5, StatusCode: ApprovalStatus.Active },
      { companyKey: KEY, ID: 60, TaskID: 6, StatusCode: ApprovalStatus.Approved },
    ])
    expect([...(await approvedInFlow(db, KEY))]).toEqual([101])
    await db.Approval.put({ companyKey: KEY, ID: 51, TaskID: 5, StatusCode: ApprovalStatus.Approved })
    expect([...(await approvedInFlow(db, KEY))].sort()).toEqual([100, 101])
    await expect(undoWentThrough(db, KEY, 100)).rejects.toMatchObject({
      state: { possible: false, reason: 'approved' },
    })
    expect(await db.outbox.count()).toBe(0)
  })
})
