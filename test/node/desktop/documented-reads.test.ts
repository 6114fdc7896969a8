// Main's services against the platform as documented, where they used to read what the documents give
// only a write for: an invoice's history and flow (tasks and comments have only a POST; a rule cannot be
// read), commenting, locking and unlocking an invoice (entity locks have no list), and the scan station's
// note on a supplier it created (comments have no list). Each works from documented reads, says what this
// platform does not offer instead of showing it empty, and keeps its exactly-once sense without the read.
import { describe, expect, it } from 'vitest'
import { ApprovalStatus } from '../../../common/status.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { createApprovalFlowService } from '../../../electron/main/services/approvals/flow-service.ts'
import { createReviewService } from '../../../electron/main/services/review/review-service.ts'
import { createScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { outboxCommand, useDemoClients } from '../../support/demo-clients.ts'

const key: string = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne'], { start: { platformOptions: { surface: 'documented' } } })

const anne = () => demo.clients.anne!
const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  anne().get<T>(`api/biz/${path}`, { companyKey: key, query })
const rowsOf = async (sql: string, params: unknown[]) =>
  (await demo.platform.store.query<Record<string, unknown>>(sql, params)).rows

/** An invoice in approval where Per approved step one and Anne's step two is active (the demo office). */
async function invoiceInApproval(): Promise<number> {
  const me = await demo.myId('anne', key)
  const [waiting] = await get<PlatformRow[]>('approvals', {
    filter: `UserID eq ${me} and StatusCode eq ${ApprovalStatus.Active}`,
  })
  const [task] = await anne().statistics<PlatformRow>(
    { model: 'Task', select: 'ID as ID,EntityID as EntityID', filter: `ID eq ${Number(waiting!.TaskID)}` },
    { companyKey: key },
  )
  return Number(task!.EntityID)
}

async function draftInvoice(): Promise<number> {
  const [supplier] = await get<PlatformRow[]>('suppliers', { top: 1, orderby: 'ID' })
  const created = await anne().post<PlatformRow>(
    'api/biz/supplierinvoices',
    { SupplierID: supplier!.ID, InvoiceNumber: `D-${crypto.randomUUID().slice(0, 8)}` },
    { companyKey: key },
  )
  return Number(created.ID)
}

const run = (command: ReturnType<typeof outboxCommand>) => demo.services.anne!.execute(key, command)

describe('an invoice’s history and flow', () => {
  it('reads the approvals from documented reads and says the comments are not available', async () => {
    const id = await invoiceInApproval()
    const history = await createReviewService({ api: async () => anne() }).history(key, id)
    expect(history.unavailable).toEqual(['comments'])
    expect(history.comments).toEqual([])
    const approvals = history.tasks.flatMap((t) => t.Approvals as PlatformRow[])
    expect(approvals.map((a) => Number(a.StatusCode)).sort()).toEqual(
      [ApprovalStatus.Approved, ApprovalStatus.Active].sort(),
    )
    expect(history.tasks.every((t) => Number(t.EntityID) === id)).toBe(true)
  })

  it('shows the flow’s task, its plan’s steps and approvals, and names what it cannot tell', async () => {
    const id = await invoiceInApproval()
    const flow = await createApprovalFlowService({ api: async () => anne() }).flow(key, id)
    // The plan is read through statistics (platform-reads/tasks.ts); the rule and the comments are not readable.
    expect(flow.unavailable.sort()).toEqual(['comments', 'rule'])
    expect(flow.task?.ID).toBeGreaterThan(0)
    expect(flow.steps.map((s) => s.step)).toEqual([1, 2])
    expect(flow.steps.map((s) => s.rows.map((r) => [r.userName, r.status]))).toEqual([
      [['Per Approver', ApprovalStatus.Approved]],
      [['Anne Accountant', ApprovalStatus.Active]],
    ])
    expect(flow.rule).toBeNull()
  })

  it('proposes the rule linked to a supplier by its ID when the rule cannot be read', async () => {
    const me = await demo.myId('anne', key)
    const rule = await anne().post<PlatformRow>(
      'api/biz/approvalrules',
      { Description: 'Dokumentert', Steps: [{ StepNumber: 1, ApprovalType: 1, Users: [{ UserID: me }] }] },
      { companyKey: key },
    )
    const [, supplier] = await get<PlatformRow[]>('suppliers', { top: 2, orderby: 'ID' })
    await anne().put(
      'api/biz/ApprovalRuleLinkGroups/',
      [
        {
          SourceEntity: 0,
          Priority: 0,
          Links: [{ SourceEntity: 0, SourceInstanceID: supplier!.ID, ApprovalRuleID: rule.ID }],
        },
      ],
      { companyKey: key, query: { action: 'bulk-save' } },
    )
    const proposed = await createReviewService({ api: async () => anne() }).proposedRule(key, {
      supplierId: Number(supplier!.ID),
      projectId: null,
    })
    expect(proposed).toEqual({ ApprovalRuleID: rule.ID, Description: null })
  })

  it('posts a comment without reading the comments first', async () => {
    const id = await draftInvoice()
    const outcome = await run(
      outboxCommand('SupplierInvoice', id, { kind: 'action', action: 'comment', body: { Text: 'Sjekket' } }),
    )
    expect(outcome.status).toBe('done')
    const stored = await rowsOf(
      `select "Text" from "Comment" where "EntityType" = 'SupplierInvoice' and "EntityID" = $1 and "Deleted" = false`,
      [id],
    )
    expect(stored.map((c) => c.Text)).toEqual(['Sjekket'])
  })
})

describe('locking an invoice without the list of locks', () => {
  const locks = (id: number) =>
    rowsOf(
      `select "Message" from "EntityLock" where "EntityType" = 'SupplierInvoice' and "EntityID" = $1 and "Deleted" = false`,
      [id],
    )

  it('locks once (a second lock finds it locked: done) and unlocks once (a second unlock: done)', async () => {
    const id = await draftInvoice()
    const lock = () =>
      run(
        outboxCommand('SupplierInvoice', id, {
          kind: 'action',
          action: 'lock',
          body: { Message: 'Venter på kreditnota' },
        }),
      )
    const unlock = () => run(outboxCommand('SupplierInvoice', id, { kind: 'action', action: 'unlock' }))
    expect((await lock()).status).toBe('done')
    expect((await lock()).status).toBe('done')
    expect((await locks(id)).map((l) => l.Message)).toEqual(['Venter på kreditnota'])
    expect((await unlock()).status).toBe('done')
    expect(await locks(id)).toEqual([])
    expect((await unlock()).status).toBe('done')
    expect(await locks(id)).toEqual([])
  })
})

describe('the scan station’s note on a supplier it created', () => {
  it('posts the note when the platform does not list a supplier’s comments', async () => {
    const scan = createScanPlatform({
      api: async () => anne(),
      filesUrl: async () => demo.platform.urls.files,
    })
    const [supplier] = await get<PlatformRow[]>('suppliers', { top: 1, orderby: 'ID desc' })
    const notes = () =>
      rowsOf(
        `select "Text" from "Comment" where "EntityType" = 'Supplier' and "EntityID" = $1 and "Deleted" = false`,
        [supplier!.ID],
      )
    const before = (await notes()).length
    // Not `fresh`: a resumed run that has no record of posting it (pipeline.ts asks only then).
    await scan.markSupplier(key, Number(supplier!.ID), 'Opprettet fra skanning')
    expect((await notes()).length).toBe(before + 1)
  })
})

describe('what the platform was asked', () => {
  it('asked no undocumented route but the reads these services fall back from', () => {
    const routes = demo.platform.platform
      .undocumented!.uses.filter((u) => u.kind === 'route')
      .map((u) => `${u.method} ${u.route}`)
      .sort()
    expect(routes).toEqual(
      [
        'GET api/biz/approvalrules/{id}',
        'GET api/biz/comments/supplier/{id}',
        'GET api/biz/comments/supplierinvoice/{id}',
        'GET api/biz/entitylock',
        'GET api/biz/tasks',
      ].sort(),
    )
  })
})
