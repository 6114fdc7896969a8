// Approving and rejecting from the outbox against the real local platform, with the demo office's
// approval journeys: Per approves step one, Siri's decision on the same approval arrives later and ends
// as "already handled by Per Approver", a rejection posts its comment once, and the cache's approval
// pull includes the approvals of the user one stands in for.
import { describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus } from '../../../common/status.ts'
import type { OutboxCommand } from '../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { outboxCommand, useDemoClients, type DemoUserKey } from '../../support/demo-clients.ts'

const key = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne', 'per', 'siri'])
const { clients, services } = demo

const myId = (who: DemoUserKey) => demo.myId(who, key)

function decision(
  approvalId: number,
  action: 'approve' | 'reject',
  attempts = 0,
  body?: unknown,
): OutboxCommand {
  return outboxCommand(
    'Approval',
    approvalId,
    { kind: 'action', action, ...(body ? { body } : {}) },
    {},
    attempts,
  )
}

async function activeOf(who: string, userId: number): Promise<PlatformRow[]> {
  return clients[who]!.get<PlatformRow[]>('api/biz/approvals', {
    companyKey: key,
    query: {
      filter: `UserID eq ${userId} and StatusCode eq ${ApprovalStatus.Active}`,
      expand: 'Task',
      orderby: 'ID',
    },
  })
}

describe('approval decisions from the outbox', () => {
  it("pulls Per's approvals for Per, and for Siri who stands in for him", async () => {
    const per = await myId('per')
    const siri = await myId('siri')
    const options = { top: 500, journaledDays: 90 }
    const forPer = await services.per!.pull(
      key,
      'Approval',
      { updatedAt: null, id: 0 },
      { ...options, userId: per },
    )
    const perActive = forPer.rows.filter((r) => r.StatusCode === ApprovalStatus.Active)
    expect(perActive.length).toBeGreaterThanOrEqual(3)
    expect(forPer.rows.every((r) => r.UserID === per)).toBe(true)
    const forSiri = await services.siri!.pull(
      key,
      'Approval',
      { updatedAt: null, id: 0 },
      { ...options, userId: siri },
    )
    expect(forSiri.rows.map((r) => r.ID)).toEqual(expect.arrayContaining(perActive.map((r) => r.ID)))
    const tasks = await services.per!.pull(
      key,
      'Task',
      { updatedAt: null, id: 0 },
      { ...options, userId: per },
    )
    const task = tasks.rows.find((t) => t.ID === perActive[0]!.TaskID)!
    expect((task.ApprovalPlan as PlatformRow[]).map((s) => s.StepNumber)).toEqual([1, 2])
  })

  it('approves once, and a retry of the same decision is done without sending it again', async () => {
    const per = await myId('per')
    const [approval] = await activeOf('per', per)
    const outcome = await services.per!.execute(key, decision(Number(approval!.ID), 'approve'))
    expect(outcome).toMatchObject({ status: 'done', row: { StatusCode: ApprovalStatus.Approved } })
    const retry = await services.per!.execute(key, decision(Number(approval!.ID), 'approve', 1))
    expect(retry.status).toBe('done')
    // Step two opened for Anne.
    const next = await clients.anne!.get<PlatformRow[]>('api/biz/approvals', {
      companyKey: key,
      query: { filter: `TaskID eq ${Number(approval!.TaskID)} and StatusCode eq ${ApprovalStatus.Active}` },
    })
    expect(next.map((a) => [a.UserID, a.StepNumber])).toEqual([[await myId('anne'), 2]])
  })

  it('ends a decision overtaken by a colleague as already handled by them, not as an error', async () => {
    const per = await myId('per')
    const [approval] = await activeOf('per', per)
    await services.per!.execute(key, decision(Number(approval!.ID), 'approve'))
    const late = await services.siri!.execute(key, decision(Number(approval!.ID), 'approve'))
    expect(late).toMatchObject({
      status: 'failed',
      error: { code: 'ALREADY_HANDLED', by: DEMO_USERS.per.displayName },
    })
  })

  it('posts the comment of a rejection once and returns the invoice as rejected', async () => {
    const per = await myId('per')
    const [approval] = await activeOf('per', per)
    const invoiceId = Number((approval!.Task as PlatformRow).EntityID)
    const comment = 'Feil beløp: avtalt pris er 4 000 kr eks. mva'
    const command = decision(Number(approval!.ID), 'reject', 0, { Comment: comment })
    expect((await services.per!.execute(key, command)).status).toBe('done')
    expect((await services.per!.execute(key, { ...command, attempts: 1 })).status).toBe('done')
    const comments = await clients.anne!.get<PlatformRow[]>(`api/biz/comments/SupplierInvoice/${invoiceId}`, {
      companyKey: key,
    })
    expect(comments.filter((c) => c.Text === comment)).toHaveLength(1)
    const invoice = await clients.anne!.get<PlatformRow>(`api/biz/supplierinvoices/${invoiceId}`, {
      companyKey: key,
    })
    expect(invoice.StatusCode).toBe(SupplierInvoiceStatus.Rejected)
  })
})
