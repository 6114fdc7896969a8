// The flow of an invoice, substitutes and the accountant's flow actions against the real local platform
// with the demo office: the flow names its steps, approvals, times and the rule; Per's substitute period is
// created and deleted through the outbox commands and pulled back in his scope; anne reassigns an invoice
// and cancels an approval through outbox actions.
import { describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus } from '../../../common/status.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { outboxCommand, useDemoClients, type DemoUserKey } from '../../support/demo-clients.ts'
import { createApprovalFlowService } from '../../../electron/main/services/approvals/flow-service.ts'

const key = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne', 'per', 'siri'])
const { clients, services } = demo

const get = <T>(who: string, path: string, query: Record<string, string | number> = {}) =>
  clients[who]!.get<T>(`api/biz/${path}`, { companyKey: key, query })
const myId = (who: DemoUserKey) => demo.myId(who, key)
const command = outboxCommand

async function invoicesIn(status: number): Promise<PlatformRow[]> {
  return get<PlatformRow[]>('anne', 'supplierinvoices', { filter: `StatusCode eq ${status}`, orderby: 'ID' })
}

describe('the flow of an invoice', () => {
  it('names each step with its limit and approvers, who approved step one and when, and the rule', async () => {
    // Anne's step two: Per approved step one.
    const anne = await myId('anne')
    const [waiting] = await get<PlatformRow[]>('anne', 'approvals', {
      filter: `UserID eq ${anne} and StatusCode eq ${ApprovalStatus.Active}`,
      expand: 'Task',
    })
    const invoiceId = Number((waiting!.Task as PlatformRow).EntityID)
    const flow = await createApprovalFlowService({ api: async () => clients.anne! }).flow(key, invoiceId)
    expect(flow.invoiceStatus).toBe(SupplierInvoiceStatus.ForApproval)
    expect(flow.task?.status).not.toBeNull()
    expect(flow.steps.map((s) => s.step)).toEqual([1, 2])
    const [one, two] = flow.steps
    expect(one!.rows.map((r) => [r.userName, r.status])).toContainEqual([
      'Per Approver',
      ApprovalStatus.Approved,
    ])
    expect(one!.rows.find((r) => r.status === ApprovalStatus.Approved)?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(two!.rows.map((r) => [r.userName, r.status])).toEqual([['Anne Accountant', ApprovalStatus.Active]])
    expect(flow.rule?.description).toBeTruthy()
    expect(['link', 'global', 'chosen']).toContain(flow.rule?.reason)
  })
})

describe('substitutes through outbox commands', () => {
  it('creates Per’s period for Anne, pulls it in his and her scope, and deletes it', async () => {
    const per = await myId('per')
    const anne = await myId('anne')
    const created = await services.per!.execute(
      key,
      command(
        'ApprovalSubstitute',
        -1,
        { kind: 'create' },
        {
          UserID: per,
          SubstituteUserID: anne,
          FromDate: '2030-01-01',
          ToDate: '2030-01-10',
        },
      ),
    )
    expect(created.status).toBe('done')
    const id = Number((created as { row: PlatformRow }).row.ID)
    const options = { top: 500, journaledDays: 90 }
    const mine = await services.per!.pull(
      key,
      'ApprovalSubstitute',
      { updatedAt: null, id: 0 },
      { ...options, userId: per },
    )
    expect(mine.rows.map((r) => Number(r.ID))).toContain(id)
    const hers = await services.anne!.pull(
      key,
      'ApprovalSubstitute',
      { updatedAt: null, id: 0 },
      { ...options, userId: anne },
    )
    expect(hers.rows.map((r) => Number(r.ID))).toContain(id)
    // Siri is in neither side of it.
    const siri = await myId('siri')
    const siris = await services.siri!.pull(
      key,
      'ApprovalSubstitute',
      { updatedAt: null, id: 0 },
      { ...options, userId: siri },
    )
    expect(siris.rows.map((r) => Number(r.ID))).not.toContain(id)

    const refused = await services.per!.execute(
      key,
      command(
        'ApprovalSubstitute',
        -2,
        { kind: 'create' },
        { UserID: per, SubstituteUserID: per, FromDate: '2030-01-01', ToDate: '2030-01-02' },
      ),
    )
    expect(refused.status).toBe('failed')
    expect((refused as { error: { message: string } }).error.message).toMatch(/own substitute/)

    const ended = await services.per!.execute(key, command('ApprovalSubstitute', id, { kind: 'delete' }))
    expect(ended.status).toBe('done')
    expect(await services.per!.ids(key, 'ApprovalSubstitute', { ...options, userId: per })).not.toContain(id)
  })
})

describe('the accountant’s flow actions', () => {
  it('reassigns an invoice in approval to another approver, and cancels an approval of an approved one', async () => {
    const siri = await myId('siri')
    const [inFlow] = await invoicesIn(SupplierInvoiceStatus.ForApproval)
    const reassigned = await services.anne!.execute(
      key,
      command('SupplierInvoice', Number(inFlow!.ID), {
        kind: 'action',
        action: 'reAssign-to',
        body: { UserIDs: [siri] },
      }),
    )
    expect(reassigned.status).toBe('done')
    const flow = await createApprovalFlowService({ api: async () => clients.anne! }).flow(
      key,
      Number(inFlow!.ID),
    )
    expect(flow.steps.flatMap((s) => s.rows.map((r) => [r.userName, r.status]))).toEqual([
      ['Siri Substitute', ApprovalStatus.Active],
    ])

    const [approved] = await invoicesIn(SupplierInvoiceStatus.Approved)
    const cancelled = await services.anne!.execute(
      key,
      command('SupplierInvoice', Number(approved!.ID), { kind: 'action', action: 'cancelApprovement' }),
    )
    expect(cancelled.status).toBe('done')
    expect(Number((cancelled as { row: PlatformRow }).row.StatusCode)).toBe(SupplierInvoiceStatus.ForApproval)
  })
})
