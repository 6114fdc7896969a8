import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import type { VatTypeRule } from '@common/vat'
import { answeredRows, keepAnswer } from '@renderer/data/answered-rows'
import { openWorkspace, workspaceName, type WorkspaceDb } from '@renderer/data/schema'
import { emptyLine, newDraft, templateOf, type DraftLine, type JournalDraft } from './draft.ts'
import {
  deleteDraft,
  getDraft,
  listDrafts,
  listTemplates,
  queueBooking,
  refusalMessages,
  refuseBooking,
  saveDraft,
  saveTemplate,
  settleBooking,
  settlePartlyBooked,
} from './draft-store.ts'

const vatTypes = new Map<number, VatTypeRule>([
  [
    7,
    {
      ID: 7,
      Name: 'Inngående mva 25 %',
      VatPercent: '25',
      OutputVat: false,
      ReversedTaxDutyVat: false,
      IncomingAccountID: 2710,
      OutgoingAccountID: null,
    },
  ],
])

let db: WorkspaceDb
let user: string
afterEach(async () => {
  db.close()
  await Dexie.delete(workspaceName('sandbox', user))
})

function open(): WorkspaceDb {
  user ??= `user-${crypto.randomUUID()}`
  db = openWorkspace('sandbox', user)
  return db
}

function line(entry: number, accountId: number, amount: number, vatTypeId: number | null = null): DraftLine {
  return { ...emptyLine(entry, '2026-01-31'), accountId, amount, vatTypeId }
}

function balanced(companyKey = 'nordlys'): JournalDraft {
  return {
    ...newDraft(companyKey, '2026-01-31'),
    lines: [line(1, 6300, 1250000, 7), line(1, 1920, -1250000)],
  }
}

describe('journal drafts in the offline workspace', () => {
  it('keeps each company its own drafts, and they survive closing and reopening the database', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const nordlys = balanced('nordlys')
    const aurora = balanced('aurora')
    await saveDraft(db, nordlys)
    await saveDraft(db, aurora)
    db.close()
    open()
    expect((await listDrafts(db, 'nordlys')).map((d) => d.id)).toEqual([nordlys.id])
    expect((await getDraft(db, 'aurora', aurora.id))?.lines[0]?.amount).toBe(1250000)
    expect(await getDraft(db, 'aurora', nordlys.id)).toBeUndefined()
  })

  it('queues a balanced draft: the draft and one outbox entry with all its entries, in one transaction', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const draft = balanced()
    draft.lines.push(line(2, 6300, 500), line(2, 1920, -500))
    await saveDraft(db, draft)
    const seq = await queueBooking(db, draft, vatTypes)
    const entry = await db.outbox.get(seq)
    expect(entry).toMatchObject({
      companyKey: 'nordlys',
      entity: 'JournalEntry',
      entityId: draft.id,
      state: 'pending',
      action: 'book-journal-entries',
    })
    const body = entry!.body as { DraftLines: unknown[] }[]
    expect(body).toHaveLength(2)
    expect(body[0]!.DraftLines).toHaveLength(2)
    expect(await getDraft(db, 'nordlys', draft.id)).toMatchObject({ state: 'queued', outboxSeq: seq })
    await expect(saveDraft(db, draft)).rejects.toMatchObject({ code: 'DRAFT_LOCKED' })
    await expect(queueBooking(db, draft, vatTypes)).rejects.toMatchObject({ code: 'DRAFT_LOCKED' })
    expect(await db.outbox.count()).toBe(1)
  })

  it('refuses to queue an unbalanced draft and queues nothing', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const draft = { ...balanced(), lines: [line(1, 6300, 1250000, 7), line(1, 1920, -1200000)] }
    await saveDraft(db, draft)
    await expect(queueBooking(db, draft, vatTypes)).rejects.toMatchObject({ code: 'DRAFT_NOT_BOOKABLE' })
    expect(await db.outbox.count()).toBe(0)
    expect((await getDraft(db, 'nordlys', draft.id))?.state).toBe('draft')
  })

  it('shows each entry number after booking: the answer lists the entries in the order of the request', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const draft = balanced()
    // Entry numbers need not start at 1 or follow on: the answer goes by place, not by number.
    draft.lines.push(line(3, 6300, 500), line(3, 1920, -500))
    const seq = await queueBooking(db, draft, vatTypes)
    const body = (await db.outbox.get(seq))!.body as unknown[]
    expect(JSON.stringify(body)).not.toContain('[ld:')
    const settled = await settleBooking(db, 'nordlys', draft.id, [
      { ID: 91, JournalEntryNumber: '8-2026', Description: null },
      { ID: 90, JournalEntryNumber: '7-2026', Description: null },
    ])
    expect(settled.booked).toEqual([
      { entry: 1, number: '8-2026' },
      { entry: 3, number: '7-2026' },
    ])
    expect(settled.state).toBe('booked')
    expect(await db.outbox.count()).toBe(0)
    expect((await db.JournalEntry.get(['nordlys', 90]))?.JournalEntryNumber).toBe('7-2026')
    await expect(deleteDraft(db, 'nordlys', draft.id)).resolves.toBeUndefined()
  })

  it('takes the answer the drain kept under the booking, and names the entries to check when it was found in part', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const draft = balanced()
    draft.lines.push(line(2, 6300, 500), line(2, 1920, -500))
    const seq = await queueBooking(db, draft, vatTypes)
    const outbox = (await db.outbox.get(seq))!
    await keepAnswer(db, 'nordlys', outbox, [
      { ID: 90, JournalEntryNumber: '7-2026' },
      { ID: 91, JournalEntryNumber: '8-2026' },
    ])
    const kept = await answeredRows(db, 'JournalEntry', 'nordlys', outbox.operationKey)
    expect(kept.map((r) => r.ID)).toEqual([90, 91])
    const settled = await settleBooking(
      db,
      'nordlys',
      draft.id,
      kept.map((r) => ({ ...r, JournalEntryNumber: String(r.JournalEntryNumber) })),
    )
    expect(settled.booked.map((b) => b.number)).toEqual(['7-2026', '8-2026'])
    expect(await answeredRows(db, 'JournalEntry', 'nordlys', outbox.operationKey)).toEqual([])

    const again = { ...balanced(), title: 'Again' }
    await queueBooking(db, again, vatTypes)
    const uncertain = await settlePartlyBooked(db, 'nordlys', again.id, ['7-2026'])
    expect(uncertain).toMatchObject({ state: 'failed', partlyBooked: ['7-2026'], outboxSeq: null })
    expect(await db.outbox.count()).toBe(0)
    await expect(saveDraft(db, uncertain)).resolves.toBeUndefined()
    await queueBooking(db, uncertain, vatTypes)
    expect((await getDraft(db, 'nordlys', again.id))?.partlyBooked).toBeNull()
  })

  it("puts the platform's refusal on the line it concerns and makes the draft editable again", async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    const draft = balanced()
    await queueBooking(db, draft, vatTypes)
    await expect(deleteDraft(db, 'nordlys', draft.id)).rejects.toMatchObject({ code: 'DRAFT_LOCKED' })
    const refused = await refuseBooking(db, 'nordlys', draft.id, {
      message:
        'Entry 1, line 2: account 1920 is locked for manual entries; Accounting is locked until 31.12.2026',
    })
    expect(refused.lines.map((l) => l.refusal)).toEqual([null, 'account 1920 is locked for manual entries'])
    expect(refused.refusal).toBe('Accounting is locked until 31.12.2026')
    expect(refused.state).toBe('failed')
    expect(await db.outbox.count()).toBe(0)
    await expect(saveDraft(db, refused)).resolves.toBeUndefined()
  })

  it('reads the numbered lines of a refusal message', () => {
    expect(
      refusalMessages('Entry 2, line 1: account 9999 does not exist; Entry 1 does not balance (and 2 more)'),
    ).toEqual([
      { PropertyName: '[1].DraftLines[0]', Message: 'account 9999 does not exist' },
      { PropertyName: '', Message: 'Entry 1 does not balance' },
    ])
  })

  it('keeps templates per company', async () => {
    user = `user-${crypto.randomUUID()}`
    open()
    await saveTemplate(db, templateOf(balanced('nordlys'), 'Husleie'))
    await saveTemplate(db, templateOf(balanced('aurora'), 'Lønn'))
    expect((await listTemplates(db, 'nordlys')).map((t) => t.name)).toEqual(['Husleie'])
  })

  it('upgrades a version 1 workspace with rows in it and keeps them', async () => {
    user = `user-${crypto.randomUUID()}`
    const v1 = new Dexie(workspaceName('sandbox', user))
    v1.version(1).stores({
      Account: '[companyKey+ID], companyKey',
      outbox: '++seq, companyKey, state, [companyKey+entity+entityId]',
    })
    await v1.table('Account').put({ companyKey: 'nordlys', ID: 1, AccountNumber: 1920 })
    v1.close()
    open()
    expect((await db.Account.get(['nordlys', 1]))?.AccountNumber).toBe(1920)
    await saveDraft(db, balanced())
    expect(await listDrafts(db, 'nordlys')).toHaveLength(1)
  })
})
