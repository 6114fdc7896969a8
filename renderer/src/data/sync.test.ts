// The sync engine's bookkeeping in the cache, against an in-memory platform that answers pages exactly as
// main's sync.pull does: rows after the (UpdatedAt, ID) checkpoint, ordered by UpdatedAt then ID.
import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { outboxAction, type OutboxCommand, type OutboxOutcome } from '@common/bridge/outbox'
import type { PlatformRow, PullCheckpoint } from '@common/bridge/sync'
import { drainCompany } from './drain.ts'
import { outboxEntry, queueAction, updateRow } from './outbox.ts'
import { discardEntry, removeCompanyData, resolveEntry } from './outbox-actions.ts'
import { pullEntity, reconcileEntity } from './pull.ts'
import {
  defineVersions,
  openWorkspace,
  workspaceName,
  workspaceVersion,
  type OutboxEntry,
  type WorkspaceDb,
} from './schema.ts'
import type { SyncTransport } from './sync-transport.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db?.delete()
})

function memoryPlatform(rows: PlatformRow[]) {
  const table = new Map<number, PlatformRow>(rows.map((r) => [Number(r.ID), r]))
  const sent: OutboxCommand[] = []
  let answer: (command: OutboxCommand) => OutboxOutcome | Error = () => ({
    status: 'done',
    row: null,
    merged: [],
  })
  const after = (row: PlatformRow, from: PullCheckpoint) => {
    const t = String(row.UpdatedAt)
    if (from.updatedAt === null) return Number(row.ID) > from.id
    return t > from.updatedAt || (t === from.updatedAt && Number(row.ID) > from.id)
  }
  const transport: SyncTransport = {
    probe: async () => ({ state: 'online', checkedAt: new Date().toISOString(), message: null }),
    async pull(_companyKey, _entity, from, options) {
      const page = [...table.values()]
        .filter((r) => after(r, from))
        .sort((a, b) => String(a.UpdatedAt).localeCompare(String(b.UpdatedAt)) || Number(a.ID) - Number(b.ID))
        .slice(0, options.top)
      const last = page.at(-1)
      return {
        rows: page,
        checkpoint: last ? { updatedAt: String(last.UpdatedAt), id: Number(last.ID) } : from,
        more: page.length === options.top,
      }
    },
    ids: async () => [...table.keys()],
    row: async (_c, _e, id) => table.get(id) ?? null,
    async execute(_companyKey, command) {
      sent.push(command)
      const outcome = answer(command)
      if (outcome instanceof Error) throw outcome
      return outcome
    },
    download: async () => {
      throw new Error('no files here')
    },
    ocr: async () => null,
  }
  return {
    table,
    sent,
    transport,
    answerWith: (fn: typeof answer) => (answer = fn),
  }
}

const shared = '2026-11-01T10:00:00.000Z'
const invoice = (ID: number, UpdatedAt = shared, extra: PlatformRow = {}): PlatformRow => ({
  ID,
  UpdatedAt,
  InvoiceNumber: `N-${ID}`,
  StatusCode: 30101,
  Supplier: { Info: { Name: `Supplier ${ID}` } },
  TaxInclusiveAmount: 100 * ID,
  ...extra,
})
const options = { top: 3, userId: null, journaledDays: 90 }

describe('pulling with a checkpoint', () => {
  it('takes rows sharing one UpdatedAt across page boundaries, each once', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([1, 2, 3, 4, 5, 6, 7].map((id) => invoice(id)))
    expect(await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)).toBe(7)
    expect(await db.checkpoints.get(['a', 'SupplierInvoice'])).toMatchObject({ updatedAt: shared, id: 7 })
    platform.table.set(8, invoice(8))
    platform.table.set(2, invoice(2, '2026-11-02T00:00:00.000Z', { InvoiceNumber: 'CHANGED' }))
    expect(await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)).toBe(2)
    expect((await db.SupplierInvoice.get(['a', 2]))?.InvoiceNumber).toBe('CHANGED')
    expect(await db.SupplierInvoice.count()).toBe(8)
    expect(await db.checkpoints.get(['a', 'SupplierInvoice'])).toMatchObject({
      updatedAt: '2026-11-02T00:00:00.000Z',
      id: 2,
    })
  })

  it('keeps the values of unsynced changes over the server row, and the search text current', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { InvoiceNumber: 'LOCAL' })
    platform.table.set(1, invoice(1, '2026-11-03T00:00:00.000Z', { PaymentDueDate: '2027-01-01' }))
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    const row = await db.SupplierInvoice.get(['a', 1])
    expect(row).toMatchObject({ InvoiceNumber: 'LOCAL', PaymentDueDate: '2027-01-01' })
    expect(row?._search).toBe('supplier 1 local 100')
  })
})

describe('reconciling IDs', () => {
  it('removes rows the platform no longer lists, in that company only, unless they hold changes', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([1, 2, 3].map((id) => invoice(id)))
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await pullEntity(db, platform.transport, 'b', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 3, { InvoiceNumber: 'MINE' })
    platform.table.delete(2)
    platform.table.delete(3)
    expect(await reconcileEntity(db, platform.transport, 'a', 'SupplierInvoice', options)).toEqual([2])
    expect((await db.SupplierInvoice.where('companyKey').equals('a').primaryKeys()).map((k) => k[1])).toEqual(
      [1, 3],
    )
    expect(await db.SupplierInvoice.where('companyKey').equals('b').count()).toBe(3)
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: 'conflict',
      lastError: { code: 'DELETED_ON_SERVER' },
    })
  })
})

describe('draining the outbox', () => {
  it('sends in order per company; a conflict holds later entries of that row and lets other rows go on', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([1, 2].map((id) => invoice(id)))
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await pullEntity(db, platform.transport, 'b', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { InvoiceNumber: 'X' })
    await queueAction(db, 'a', 1, outboxAction('SupplierInvoice', 'assign'))
    await updateRow(db, 'b', 'SupplierInvoice', 1, { InvoiceNumber: 'OTHER COMPANY' })
    await updateRow(db, 'a', 'SupplierInvoice', 2, { InvoiceNumber: 'Y' })
    platform.answerWith((c) =>
      c.entityId === 1 && c.action === 'update'
        ? { status: 'conflict', fields: ['InvoiceNumber'], theirs: { InvoiceNumber: 'THEIRS' }, row: null }
        : { status: 'done', row: null, merged: [] },
    )
    const result = await drainCompany(db, platform.transport, 'a')
    expect(result).toMatchObject({ done: 1, conflicts: 1, failed: 0, interrupted: false })
    expect(platform.sent.map((c) => [c.entityId, c.action])).toEqual([
      [1, 'update'],
      [2, 'update'],
    ])
    const left = await db.outbox.orderBy('seq').toArray()
    expect(left.map((e) => [e.companyKey, e.state])).toEqual([
      ['a', 'conflict'],
      ['a', 'pending'],
      ['b', 'pending'],
    ])
  })

  it('stops at a lost connection with the entry pending and its attempt counted for the retry check', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1), invoice(2)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await queueAction(db, 'a', 1, outboxAction('SupplierInvoice', 'journal'))
    await updateRow(db, 'a', 'SupplierInvoice', 2, { InvoiceNumber: 'Z' })
    platform.answerWith(() => Object.assign(new Error('gone'), { code: 'API_NETWORK' }))
    expect(await drainCompany(db, platform.transport, 'a')).toMatchObject({ done: 0, interrupted: true })
    expect(platform.sent).toHaveLength(1)
    expect(platform.sent[0]!).toMatchObject({ attempts: 0, firstSentAt: null })
    const [first] = await db.outbox.orderBy('seq').toArray()
    expect(first).toMatchObject({ state: 'pending', attempts: 1, firstSentAt: expect.any(String) })
    platform.answerWith(() => ({ status: 'done', row: null, merged: [] }))
    expect(await drainCompany(db, platform.transport, 'a')).toMatchObject({ done: 2 })
    // The retry says when the entry was first sent: its effect is looked for from then on.
    expect(platform.sent[1]).toMatchObject({
      attempts: 1,
      action: 'journal',
      firstSentAt: first!.firstSentAt,
    })
    expect(platform.sent[1]!.operationKey).toBe(platform.sent[0]!.operationKey)
  })

  it('fails an entry that is no outbox action on its own, with the reason, and sends the others', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1), invoice(2)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    // As an older version (or a fault) could have left one: an action the outbox union does not declare.
    await db.outbox.add({
      ...outboxEntry('a', 1, outboxAction('SupplierInvoice', 'journal')),
      action: 'rejectinvoice',
    } as unknown as OutboxEntry)
    await updateRow(db, 'a', 'SupplierInvoice', 2, { InvoiceNumber: 'Z' })
    expect(await drainCompany(db, platform.transport, 'a')).toMatchObject({
      done: 1,
      failed: 1,
      interrupted: false,
    })
    expect(platform.sent.map((c) => [c.entityId, c.action])).toEqual([[2, 'update']])
    const [left] = await db.outbox.toArray()
    expect(left).toMatchObject({ entityId: 1, state: 'failed', lastError: { code: 'INVALID_CHANGE' } })
    expect(left!.lastError!.message).toMatch(/^This change cannot be sent: action: /)
  })

  it('marks a refused change failed with the platform message and keeps the local value', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { PaymentDueDate: 'soon' })
    platform.answerWith(() => ({
      status: 'failed',
      error: { code: 'API_VALIDATION', message: 'PaymentDueDate is not a date', field: 'PaymentDueDate' },
      row: null,
    }))
    expect(await drainCompany(db, platform.transport, 'a')).toMatchObject({ failed: 1 })
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: 'failed',
      lastError: { message: 'PaymentDueDate is not a date', field: 'PaymentDueDate' },
    })
    expect((await db.SupplierInvoice.get(['a', 1]))?.PaymentDueDate).toBe('soon')
  })
})

describe('what the user does with a change', () => {
  it('discarding returns the row to the server state', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { InvoiceNumber: 'OOPS' })
    platform.table.set(1, invoice(1, '2026-11-05T00:00:00.000Z', { InvoiceNumber: 'SERVER' }))
    await discardEntry(db, platform.transport, (await db.outbox.toArray())[0]!.seq!)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.SupplierInvoice.get(['a', 1]))?.InvoiceNumber).toBe('SERVER')
  })

  it('resolving a conflict field by field keeps mine where chosen and takes theirs elsewhere', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1, shared, { PaymentDueDate: '2027-01-01' })])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { InvoiceNumber: 'MINE', PaymentDueDate: '2027-02-02' })
    const theirs = { InvoiceNumber: 'THEIRS', PaymentDueDate: '2027-03-03' }
    platform.answerWith(() => ({ status: 'conflict', fields: Object.keys(theirs), theirs, row: null }))
    await drainCompany(db, platform.transport, 'a')
    const seq = (await db.outbox.toArray())[0]!.seq!
    await expect(resolveEntry(db, seq, { InvoiceNumber: 'mine' })).rejects.toMatchObject({
      code: 'CHOICE_MISSING',
    })
    await resolveEntry(db, seq, { InvoiceNumber: 'mine', PaymentDueDate: 'theirs' })
    const entry = (await db.outbox.get(seq))!
    expect(entry).toMatchObject({
      state: 'pending',
      body: { InvoiceNumber: 'MINE' },
      base: { InvoiceNumber: 'THEIRS' },
    })
    expect(await db.SupplierInvoice.get(['a', 1])).toMatchObject({
      InvoiceNumber: 'MINE',
      PaymentDueDate: '2027-03-03',
    })
  })

  it('refuses to remove a company with unsynced changes, listing them, and removes it otherwise', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const platform = memoryPlatform([invoice(1)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    await pullEntity(db, platform.transport, 'b', 'SupplierInvoice', options)
    await updateRow(db, 'a', 'SupplierInvoice', 1, { InvoiceNumber: 'UNSENT' })
    const refused = await removeCompanyData(db, 'a')
    expect(refused.removed).toBe(false)
    expect(!refused.removed && refused.unsynced.map((e) => e.body)).toEqual([{ InvoiceNumber: 'UNSENT' }])
    expect(await db.SupplierInvoice.where('companyKey').equals('a').count()).toBe(1)
    expect(await removeCompanyData(db, 'b')).toEqual({ removed: true })
    expect(await db.SupplierInvoice.where('companyKey').equals('b').count()).toBe(0)
    expect(await db.checkpoints.get(['b', 'SupplierInvoice'])).toBeUndefined()
    expect(await db.checkpoints.get(['a', 'SupplierInvoice'])).toBeDefined()
  })
})

describe('the schema upgrade', () => {
  it('opens a version 1 database with data at the current version, keeping rows and outbox and filling what is new', async () => {
    const user = crypto.randomUUID()
    const old = new Dexie(workspaceName('upgrade', user))
    defineVersions(old, 1)
    await old.table('SupplierInvoice').bulkPut([
      { companyKey: 'a', ...invoice(1) },
      { companyKey: 'b', ...invoice(1, shared, { InvoiceNumber: 'B-1' }) },
    ])
    await old.table('outbox').add({
      companyKey: 'a',
      entity: 'SupplierInvoice',
      entityId: 1,
      operation: { kind: 'action', action: 'journal' },
      changes: {},
      base: {},
      baseUpdatedAt: shared,
      operationKey: 'k-1',
      attempts: 0,
      state: 'sending',
      lastError: null,
      createdAt: shared,
    })
    await old.table('Approval').bulkPut([
      { companyKey: 'a', ID: 1, UserID: 7, StatusCode: 50120 },
      { companyKey: 'a', ID: 2, UserID: 8, StatusCode: 50120 },
    ])
    expect(old.verno).toBe(1)
    old.close()

    db = openWorkspace('upgrade', user)
    await db.open()
    expect(db.verno).toBe(workspaceVersion)
    expect(await db.SupplierInvoice.count()).toBe(2)
    expect((await db.SupplierInvoice.get(['b', 1]))?._search).toBe('supplier 1 b-1 100')
    expect(
      await db.SupplierInvoice.where('[companyKey+PaymentDueDate]')
        .between(['a', ''], ['a', '\uffff'])
        .count(),
    ).toBe(0)
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      entity: 'SupplierInvoice',
      action: 'journal',
      state: 'pending',
      attempts: 1,
      operationKey: 'k-1',
    })
    expect(entry).not.toHaveProperty('operation')
    expect(entry).not.toHaveProperty('changes')
    expect(await db.settings.get('journaledDays')).toEqual({ name: 'journaledDays', value: 90 })
    expect(await db.outbox.where('[companyKey+state]').equals(['a', 'pending']).count()).toBe(1)
    // Version 9's index holds the approvals written before it.
    expect(await db.Approval.where('[companyKey+UserID+StatusCode]').equals(['a', 7, 50120]).count()).toBe(1)
  })

  it('turns the entries of a version 11 outbox into their actions, and they drain as before', async () => {
    const user = crypto.randomUUID()
    const old = new Dexie(workspaceName('upgrade', user))
    defineVersions(old, 11)
    await old.table('SupplierInvoice').bulkPut([1, 2].map((id) => ({ companyKey: 'a', ...invoice(id) })))
    await old.table('CustomerInvoice').put({ companyKey: 'a', ID: 5, UpdatedAt: shared, FreeTxt: 'Takk!' })
    const draft = { CustomerID: 3, CustomerName: 'Kunde', InvoiceDate: null, Items: [], FreeTxt: 'Ny' }
    const kept = { baseUpdatedAt: shared, attempts: 0, state: 'pending', lastError: null, createdAt: shared }
    await old.table('outbox').bulkAdd([
      {
        ...kept,
        companyKey: 'a',
        entity: 'SupplierInvoice',
        entityId: 1,
        operation: { kind: 'update' },
        changes: { InvoiceNumber: 'LOCAL' },
        base: { InvoiceNumber: 'N-1' },
        operationKey: 'key-update',
      },
      {
        ...kept,
        companyKey: 'a',
        entity: 'SupplierInvoice',
        entityId: 2,
        operation: { kind: 'action', action: 'comment', body: { Text: 'Sjekket' } },
        changes: {},
        base: {},
        operationKey: 'key-comment',
      },
      {
        ...kept,
        companyKey: 'a',
        entity: 'CustomerInvoice',
        entityId: 5,
        operation: { kind: 'action', action: 'edit-draft', body: draft },
        changes: { FreeTxt: 'Ny' },
        base: { FreeTxt: 'Takk!' },
        operationKey: 'key-edit-draft',
      },
    ])
    old.close()

    db = openWorkspace('upgrade', user)
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map(({ entity, action, body, overlay }) => ({ entity, action, body, overlay }))).toEqual([
      { entity: 'SupplierInvoice', action: 'update', body: { InvoiceNumber: 'LOCAL' }, overlay: undefined },
      { entity: 'SupplierInvoice', action: 'comment', body: { Text: 'Sjekket' }, overlay: undefined },
      {
        entity: 'CustomerInvoice',
        action: 'edit-draft',
        body: draft,
        overlay: { FreeTxt: 'Ny' },
      },
    ])
    for (const entry of entries) expect(Object.keys(entry)).not.toContain('operation')

    // A pull keeps what the entries show over the server's rows, as before the upgrade.
    const platform = memoryPlatform([invoice(1, '2026-11-02T00:00:00.000Z'), invoice(2)])
    await pullEntity(db, platform.transport, 'a', 'SupplierInvoice', options)
    expect((await db.SupplierInvoice.get(['a', 1]))?.InvoiceNumber).toBe('LOCAL')
    platform.answerWith((command) => ({
      status: 'done',
      row: command.entity === 'SupplierInvoice' ? { ...invoice(command.entityId), UpdatedAt: shared } : null,
      merged: [],
    }))
    expect(await drainCompany(db, platform.transport, 'a')).toMatchObject({ done: 3, failed: 0 })
    expect(
      platform.sent.map(({ entity, action, body, entityId, operationKey }) => [
        entity,
        action,
        body,
        entityId,
        operationKey,
      ]),
    ).toEqual([
      ['SupplierInvoice', 'update', { InvoiceNumber: 'LOCAL' }, 1, 'key-update'],
      ['SupplierInvoice', 'comment', { Text: 'Sjekket' }, 2, 'key-comment'],
      ['CustomerInvoice', 'edit-draft', draft, 5, 'key-edit-draft'],
    ])
    expect(await db.outbox.count()).toBe(0)
  })
})
