// The review screen's sending-on against the real local platform: the renderer's actions queue in the
// outbox, main's sync service executes them over HTTP. Save with cost lines and an override comment,
// send for approval to the rule the platform proposes, book, lock and unlock, delete a draft, and the
// history; a replay after a lost answer does nothing twice.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import { onOutboxNotice, type OutboxNoticed } from '../../../renderer/src/data/outbox-notices.ts'
import { pullEntity } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import {
  addComment,
  bookInvoice,
  deleteDraft,
  saveInvoice,
  sendForApproval,
  setLocked,
} from '../../../renderer/src/features/review/logic/actions.ts'
import {
  createReviewService,
  type ReviewService,
} from '../../../electron/main/services/review/review-service.ts'
import { useSyncPlatform, type Row } from '../../support/sync-platform.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const anne = DEMO_USERS.anne.email

const sync = useSyncPlatform(anne, nordlys)
let review: ReviewService
let db: WorkspaceDb

beforeAll(() => {
  review = createReviewService({ api: async () => sync.api })
})
beforeEach(async () => {
  await db?.delete()
  db = openWorkspace('test', crypto.randomUUID())
})

const call = <T = Row>(method: string, path: string, body?: unknown) => sync.answer<T>(method, path, body)
const get = async <T = Row>(path: string) => (await call<T>('GET', path)).body
const drain = () => drainCompany(db, sync.transport(), nordlys)

/** A fresh draft on the platform, cached: every test works on its own invoice. */
async function draft(values: Record<string, unknown> = {}): Promise<Row> {
  const [supplier] = await get<Row[]>('api/biz/suppliers?hateoas=false&top=1&orderby=ID')
  const created = await call<Row>('POST', 'api/biz/supplierinvoices', {
    SupplierID: supplier!.ID,
    InvoiceNumber: `R-${crypto.randomUUID().slice(0, 8)}`,
    InvoiceDate: '2026-03-10',
    PaymentDueDate: '2026-03-24',
    TaxInclusiveAmount: 1250,
    ...values,
  })
  expect(created.status).toBeLessThan(300)
  await pullEntity(db, sync.transport(), nordlys, 'SupplierInvoice', {
    top: 1000,
    userId: null,
    journaledDays: 90,
  })
  const row = await db.SupplierInvoice.get([nordlys, created.body.ID])
  expect(row).toBeDefined()
  return row as Row
}

/**
 * The company's `n`th supplier (by ID), one no approval rule is linked to: the first one is linked to a rule
 * below, and a booking asks for the rule when it is sent.
 */
async function supplierWithoutRule(n: number): Promise<number> {
  const suppliers = await get<Row[]>('api/biz/suppliers?hateoas=false&orderby=ID')
  const id = suppliers[n]!.ID
  expect(await review.proposedRule(nordlys, { supplierId: id, projectId: null })).toMatchObject({
    ApprovalRuleID: null,
  })
  return id
}

async function accountId(number: number): Promise<number> {
  const [account] = await get<Row[]>(`api/biz/accounts?hateoas=false&filter=AccountNumber eq ${number}`)
  return account!.ID
}
async function vatTypeId(code: string): Promise<number> {
  const [vat] = await get<Row[]>(`api/biz/vattypes?hateoas=false&filter=VatCode eq '${code}'`)
  return vat!.ID
}
async function linesOnPlatform(id: number): Promise<Row[]> {
  const invoice = await get(`api/biz/supplierinvoices/${id}?hateoas=false&expand=JournalEntry.DraftLines`)
  const lines = ((invoice.JournalEntry as Row | null)?.DraftLines as Row[] | undefined) ?? []
  return lines.filter((l) => l.Deleted !== true)
}
async function commentsOnPlatform(id: number): Promise<Row[]> {
  return get<Row[]>(`api/biz/comments/SupplierInvoice/${id}`)
}

/** Cuts the answer of the first request matching, after the platform did the work. */
function loseAnswerOf(method: string, part: string): { sent: () => number } {
  let sent = 0
  sync.link.fault = (phase, url, m) => {
    if (m !== method || !url.includes(part)) return false
    if (phase === 'before') sent++
    return phase === 'after' && sent === 1
  }
  return { sent: () => sent }
}

describe('saving the review', () => {
  it('saves header fields, cost lines and the override reason as a comment, and records the outcome', async () => {
    const invoice = await draft()
    const [office, coffee, vat25] = await Promise.all([accountId(6540), accountId(6800), vatTypeId('1')])
    await saveInvoice(db, {
      companyKey: nordlys,
      invoiceId: invoice.ID,
      fields: { PaymentID: '10072345-', InvoiceDate: '2026-03-10' },
      costLines: [
        { AccountID: office, VatTypeID: vat25, Amount: 1000, Description: 'Papir' },
        { AccountID: coffee, VatTypeID: vat25, Amount: 250, Description: 'Kaffe' },
      ],
      proposed: { PaymentID: '10072345-', InvoiceDate: '2026-03-10', AccountID: office },
      override: {
        fields: ['BankAccount'],
        reason: 'Utenlandsk konto',
        text: 'Lagret med feilet kontroll: Utenlandsk konto',
      },
    })
    // Only the field that changed is queued: InvoiceDate is the same as on the platform.
    const queued = await db.outbox.orderBy('seq').toArray()
    expect(queued.map((e) => e.action)).toEqual(['update', 'save-cost-lines', 'comment'])
    expect(queued[0]!.body).toEqual({ PaymentID: '10072345-' })
    expect(await db.reviewOutcomes.get([nordlys, invoice.ID])).toMatchObject({
      straightThrough: true,
      changedFields: [],
    })

    expect(await drain()).toMatchObject({ done: 3, failed: 0, conflicts: 0 })
    const server = await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false`)
    expect(server.PaymentID).toBe('10072345-')
    const lines = await linesOnPlatform(invoice.ID)
    expect(lines.map((l) => [l.AccountID, Number(l.Amount), l.Description])).toEqual([
      [office, 1000, 'Papir'],
      [coffee, 250, 'Kaffe'],
    ])
    expect((await commentsOnPlatform(invoice.ID)).map((c) => c.Text)).toEqual([
      'Lagret med feilet kontroll: Utenlandsk konto',
    ])
    // The cache has the platform's lines with their IDs after the sync.
    const cached = await db.SupplierInvoice.get([nordlys, invoice.ID])
    const cachedLines = (cached?.JournalEntry as Row).DraftLines as Row[]
    expect(cachedLines.every((l) => typeof l.ID === 'number')).toBe(true)

    // A second save changes one line, drops the other, and counts as not straight through.
    await saveInvoice(db, {
      companyKey: nordlys,
      invoiceId: invoice.ID,
      fields: {},
      costLines: [
        {
          ID: cachedLines[0]!.ID as number,
          AccountID: office,
          VatTypeID: vat25,
          Amount: 1250,
          Description: 'Papir',
        },
      ],
      proposed: { AccountID: coffee },
    })
    expect(await db.reviewOutcomes.get([nordlys, invoice.ID])).toMatchObject({
      straightThrough: false,
      changedFields: ['AccountID'],
    })
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    const after = await linesOnPlatform(invoice.ID)
    expect(after.map((l) => [l.ID, Number(l.Amount)])).toEqual([[cachedLines[0]!.ID, 1250]])
  })

  it('does not add the cost lines twice when the answer to the save was lost', async () => {
    const invoice = await draft()
    const office = await accountId(6540)
    await saveInvoice(db, {
      companyKey: nordlys,
      invoiceId: invoice.ID,
      fields: {},
      costLines: [
        { AccountID: office, Amount: 600, Description: 'A' },
        { AccountID: office, Amount: 650, Description: 'B' },
      ],
    })
    const lost = loseAnswerOf('PUT', `supplierinvoices/${invoice.ID}`)
    expect((await drain()).interrupted).toBe(true)
    expect(await linesOnPlatform(invoice.ID)).toHaveLength(2)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    expect(lost.sent()).toBe(1)
    const lines = await linesOnPlatform(invoice.ID)
    expect(lines.map((l) => l.Description).sort()).toEqual(['A', 'B'])
  })

  it('posts a comment once when its answer was lost', async () => {
    const invoice = await draft()
    await addComment(db, nordlys, invoice.ID, 'Sjekket mot pakkseddel')
    loseAnswerOf('POST', `comments/SupplierInvoice/${invoice.ID}`)
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1 })
    expect((await commentsOnPlatform(invoice.ID)).map((c) => c.Text)).toEqual(['Sjekket mot pakkseddel'])
  })

  it('refuses an override without a reason and an invoice that is no longer editable', async () => {
    const invoice = await draft()
    await expect(
      saveInvoice(db, {
        companyKey: nordlys,
        invoiceId: invoice.ID,
        fields: { PaymentID: '123' },
        override: { fields: ['PaymentID'], reason: ' ', text: '' },
      }),
    ).rejects.toMatchObject({ code: 'OVERRIDE_REASON_MISSING' })
    await db.SupplierInvoice.update([nordlys, invoice.ID], { StatusCode: SupplierInvoiceStatus.ForApproval })
    await expect(
      saveInvoice(db, { companyKey: nordlys, invoiceId: invoice.ID, fields: { PaymentID: '123' } }),
    ).rejects.toMatchObject({ code: 'NOT_EDITABLE' })
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('sending on', () => {
  it('sends for approval to the rule the platform proposes for the supplier, once though the answer was lost', async () => {
    const invoice = await draft()
    const [rule] = await get<Row[]>('api/biz/approvalrules?hateoas=false&top=1&orderby=ID')
    const grouped = await call('PUT', 'api/biz/ApprovalRuleLinkGroups?action=bulk-save', [
      {
        SourceEntity: 0,
        Priority: 0,
        Links: [{ SourceEntity: 0, SourceInstanceID: invoice.SupplierID, ApprovalRuleID: rule!.ID }],
      },
    ])
    expect(grouped.status).toBeLessThan(300)
    const proposed = await review.proposedRule(nordlys, {
      supplierId: Number(invoice.SupplierID),
      projectId: null,
    })
    expect(proposed.ApprovalRuleID).toBe(rule!.ID)
    expect(proposed.Description).toBe(rule!.Description)
    expect(await review.proposedRule(nordlys, { supplierId: 999_999, projectId: null })).toEqual({
      ApprovalRuleID: null,
      Description: null,
    })

    await sendForApproval(db, nordlys, invoice.ID, { ApprovalRuleID: proposed.ApprovalRuleID! }, 'Se over')
    expect((await db.SupplierInvoice.get([nordlys, invoice.ID]))?.StatusCode).toBe(
      SupplierInvoiceStatus.ForApproval,
    )
    const lost = loseAnswerOf('POST', `supplierinvoices/${invoice.ID}?`)
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    expect(lost.sent()).toBe(1)
    expect((await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false`)).StatusCode).toBe(
      SupplierInvoiceStatus.ForApproval,
    )
    const history = await review.history(nordlys, invoice.ID)
    expect(history.tasks).toHaveLength(1)
    expect((history.tasks[0]!.Approvals as Row[]).length).toBeGreaterThan(0)
  })

  it('books a draft with its cost lines where no approval is needed', async () => {
    const invoice = await draft({ TaxInclusiveAmount: 500, SupplierID: await supplierWithoutRule(1) })
    const [office, vat25] = await Promise.all([accountId(6540), vatTypeId('1')])
    await saveInvoice(db, {
      companyKey: nordlys,
      invoiceId: invoice.ID,
      fields: {},
      costLines: [{ AccountID: office, VatTypeID: vat25, Amount: 500, Description: 'Papir' }],
    })
    await bookInvoice(db, nordlys, invoice.ID)
    expect(await drain()).toMatchObject({ done: 2, failed: 0 })
    const server = await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false&expand=JournalEntry`)
    expect(server.StatusCode).toBe(SupplierInvoiceStatus.Journaled)
    expect((server.JournalEntry as Row).JournalEntryNumber).toMatch(/^\d+-\d{4}$/)
  })

  it('locks with a message (the platform then refuses changes) and unlocks, each once', async () => {
    const invoice = await draft()
    await setLocked(db, nordlys, invoice.ID, true, 'Venter på kreditnota')
    loseAnswerOf('POST', 'entitylock')
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1 })
    const locks = await get<Row[]>(
      `api/biz/entitylock?hateoas=false&filter=EntityType eq 'SupplierInvoice' and EntityID eq ${invoice.ID}`,
    )
    expect(locks.map((l) => l.Message)).toEqual(['Venter på kreditnota'])
    const refused = await call('PUT', `api/biz/supplierinvoices/${invoice.ID}`, { InvoiceNumber: 'X' })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('Venter på kreditnota')

    await setLocked(db, nordlys, invoice.ID, false)
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    const open = await call('PUT', `api/biz/supplierinvoices/${invoice.ID}`, { InvoiceNumber: 'X' })
    expect(open.status).toBe(200)
  })

  it('deletes a wrongly scanned draft, once though the answer was lost, and refuses a non-draft', async () => {
    const invoice = await draft()
    await deleteDraft(db, nordlys, invoice.ID)
    expect(await db.SupplierInvoice.get([nordlys, invoice.ID])).toBeUndefined()
    loseAnswerOf('DELETE', `supplierinvoices/${invoice.ID}`)
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    expect((await call('GET', `api/biz/supplierinvoices/${invoice.ID}`)).status).toBe(404)

    const other = await draft()
    await db.SupplierInvoice.update([nordlys, other.ID], { StatusCode: SupplierInvoiceStatus.Approved })
    await expect(deleteDraft(db, nordlys, other.ID)).rejects.toMatchObject({ code: 'NOT_A_DRAFT' })
  })

  it('reads the history with comments from the platform', async () => {
    const invoice = await draft()
    await addComment(db, nordlys, invoice.ID, 'Første kommentar')
    await drain()
    const history = await review.history(nordlys, invoice.ID)
    expect(history.comments.map((c) => c.Text)).toEqual(['Første kommentar'])
    expect((history.comments[0]!.Author as Row).DisplayName).toBeTruthy()
    expect(history.tasks).toEqual([])
  })

  it('sends a booking queued offline for approval by the rule linked to its supplier, never booking it without asking', async () => {
    // A supplier whose invoices need an approver: its link to a rule with a step (spec 4.8).
    const supplierId = await supplierWithoutRule(2)
    const [per] = await get<Row[]>(`api/biz/users?hateoas=false&filter=Email eq '${DEMO_USERS.per.email}'`)
    const rule = (
      await call<Row>('POST', 'api/biz/approvalrules', {
        Description: 'Havbris: Per godkjenner',
        // No limit: a rule for its links only, not a global one (spec 3.5) that every booking would meet.
        Steps: [{ StepNumber: 1, ApprovalType: 1, Users: [{ UserID: per!.ID }] }],
      })
    ).body
    const linked = await call('PUT', 'api/biz/ApprovalRuleLinkGroups?action=bulk-save', [
      {
        SourceEntity: 0,
        Priority: 0,
        Links: [{ SourceEntity: 0, SourceInstanceID: supplierId, ApprovalRuleID: rule.ID }],
      },
    ])
    expect(linked.status).toBeLessThan(300)
    const invoice = await draft({ TaxInclusiveAmount: 500, SupplierID: supplierId })
    const noticed: OutboxNoticed[] = []
    const stop = onOutboxNotice((n) => noticed.push(n))

    // Offline the review could not ask for the rule, and the user booked: queued, sent later.
    sync.link.down = true
    await bookInvoice(db, nordlys, invoice.ID)
    expect((await drain()).interrupted).toBe(true)
    sync.link.down = false
    // Online again, but the rule question itself fails when the entry is sent: it waits, unbooked.
    sync.link.fault = (phase, url) => phase === 'before' && url.includes('ApprovalRuleLinks')
    expect((await drain()).interrupted).toBe(true)
    expect((await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false`)).StatusCode).toBe(
      SupplierInvoiceStatus.Draft,
    )
    sync.link.fault = undefined

    // Answered: the rule applies, so the invoice goes for approval by it instead of being booked.
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    const server = await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false&expand=JournalEntry`)
    expect(server.StatusCode).toBe(SupplierInvoiceStatus.ForApproval)
    expect((server.JournalEntry as Row | null)?.JournalEntryNumber ?? null).toBeNull()
    const history = await review.history(nordlys, invoice.ID)
    expect(history.tasks.map((t) => t.ApprovalRuleID)).toEqual([rule.ID])
    expect((await db.SupplierInvoice.get([nordlys, invoice.ID]))?.StatusCode).toBe(
      SupplierInvoiceStatus.ForApproval,
    )
    expect(await db.outbox.count()).toBe(0)
    // The entry's outcome says so, for the user to be told.
    expect(noticed).toEqual([
      expect.objectContaining({
        companyKey: nordlys,
        entity: 'SupplierInvoice',
        entityId: invoice.ID,
        notice: {
          code: 'SENT_FOR_APPROVAL_INSTEAD',
          ApprovalRuleID: rule.ID,
          Description: 'Havbris: Per godkjenner',
        },
      }),
    ])
    stop()
  })

  it('sends a booking for approval once though the answer to sending it was lost', async () => {
    const supplierId = await supplierWithoutRule(3)
    const [rule] = await get<Row[]>('api/biz/approvalrules?hateoas=false&top=1&orderby=ID')
    await call('PUT', 'api/biz/ApprovalRuleLinkGroups?action=bulk-save', [
      {
        SourceEntity: 0,
        Priority: 0,
        Links: [{ SourceEntity: 0, SourceInstanceID: supplierId, ApprovalRuleID: rule!.ID }],
      },
    ])
    const invoice = await draft({ SupplierID: supplierId })
    await bookInvoice(db, nordlys, invoice.ID)
    const lost = loseAnswerOf('POST', `supplierinvoices/${invoice.ID}?`)
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    expect(lost.sent()).toBe(1)
    const history = await review.history(nordlys, invoice.ID)
    expect(history.tasks.map((t) => t.ApprovalRuleID)).toEqual([rule!.ID])
  })

  // Last in the file: the global rule it creates applies to every later booking in the company.
  it('counts a booking that a global rule turned into an approval flow as done on replay', async () => {
    const invoice = await draft({ TaxInclusiveAmount: 90_000, SupplierID: await supplierWithoutRule(1) })
    const [per] = await get<Row[]>(`api/biz/users?hateoas=false&filter=Email eq '${DEMO_USERS.per.email}'`)
    const rule = await call('POST', 'api/biz/approvalrules', {
      Description: 'Over 50 000',
      Steps: [{ StepNumber: 1, ApprovalType: 1, Limit: 50_000, Users: [{ UserID: per!.ID }] }],
    })
    expect(rule.status).toBeLessThan(300)
    await bookInvoice(db, nordlys, invoice.ID)
    const lost = loseAnswerOf('POST', `supplierinvoices/${invoice.ID}?`)
    expect((await drain()).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drain()).toMatchObject({ done: 1, failed: 0 })
    expect(lost.sent()).toBe(1)
    expect((await get(`api/biz/supplierinvoices/${invoice.ID}?hateoas=false`)).StatusCode).toBe(
      SupplierInvoiceStatus.ForApproval,
    )
    expect((await db.SupplierInvoice.get([nordlys, invoice.ID]))?.StatusCode).toBe(
      SupplierInvoiceStatus.ForApproval,
    )
  })
})
