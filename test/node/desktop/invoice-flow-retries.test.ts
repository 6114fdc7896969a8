// The accountant's reAssign-to and sendForPayment from the outbox against the real local platform, when
// the network fails: an answer lost after the platform acted is retried without acting twice, a retry of a
// request that never arrived acts once, and an action a colleague overtook ends as "already handled by …".
import { beforeAll, describe, expect, it } from 'vitest'
import { ApprovalStatus, PaymentStatus, SupplierInvoiceStatus, TaskStatus } from '../../../common/status.ts'
import type { OutboxOutcome } from '../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { ApiError } from '../../../electron/main/services/api/errors.ts'
import { demoClients, outboxCommand, useDemoClients, type DemoClients } from '../../support/demo-clients.ts'

const key = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne', 'per'])
/** Anne's app on a network that loses the answer of the next request matching `loseAnswerOf`. */
let lossy: DemoClients
let loseAnswerOf: RegExp | null = null

beforeAll(async () => {
  lossy = await demoClients(demo.platform, ['anne'], async (input, init) => {
    const response = await fetch(input, init)
    const url = input instanceof Request ? input.url : String(input)
    if (loseAnswerOf?.test(url) && (init?.method ?? 'GET') !== 'GET') {
      loseAnswerOf = null
      await response.body?.cancel()
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })
    }
    return response
  })
})

const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  demo.clients.anne!.get<T>(`api/biz/${path}`, { companyKey: key, query })
const act = (who: 'anne' | 'per', invoiceId: number, action: string, body: unknown = null) =>
  demo.clients[who]!.post(`api/biz/supplierinvoices/${invoiceId}`, body, {
    companyKey: key,
    query: { action },
  })
const queued = (invoiceId: number, action: string, body?: unknown, attempts = 0) =>
  outboxCommand(
    'SupplierInvoice',
    invoiceId,
    { kind: 'action', action, ...(body ? { body } : {}) },
    {},
    attempts,
  )

async function tasksOf(invoiceId: number): Promise<PlatformRow[]> {
  const [model] = await get<PlatformRow[]>('models', { filter: "Name eq 'SupplierInvoice'", select: 'ID' })
  return get<PlatformRow[]>('tasks', {
    filter: `EntityID eq ${invoiceId} and ModelID eq ${Number(model!.ID)}`,
    expand: 'ApprovalPlan',
    orderby: 'ID',
  })
}
const planUsers = (task: PlatformRow | undefined) =>
  [...new Set(((task?.ApprovalPlan ?? []) as PlatformRow[]).map((r) => Number(r.UserID)))].sort()
const invoice = (id: number) => get<PlatformRow>(`supplierinvoices/${id}`)

/** An invoice of Nordlys waiting for Per's step one. */
async function atStepOne(): Promise<number> {
  const per = await demo.myId('per', key)
  const approvals = await get<PlatformRow[]>('approvals', {
    filter: `UserID eq ${per} and StatusCode eq ${ApprovalStatus.Active}`,
    expand: 'Task',
    orderby: 'ID',
  })
  return Number((approvals[0]!.Task as PlatformRow).EntityID)
}

function expectAlreadyHandledBy(outcome: OutboxOutcome, name: string): void {
  expect(outcome.status).toBe('failed')
  expect((outcome as { error: { code: string; by?: string } }).error).toMatchObject({
    code: 'ALREADY_HANDLED',
    by: name,
  })
}

describe('reAssign-to from the outbox', () => {
  it('retries a reassignment whose answer was lost without starting a second flow', async () => {
    const id = await atStepOne()
    const siri = (await get<PlatformRow[]>('users', { filter: "Email eq 'siri.substitute@demo.test'" }))[0]!
    const before = (await tasksOf(id)).length
    const command = queued(id, 'reAssign-to', { UserIDs: [Number(siri.ID)], Message: 'Per er borte' })
    loseAnswerOf = /action=reAssign-to/
    const lost = await lossy.services.anne!.execute(key, command).catch((e: unknown) => e)
    expect(lost).toBeInstanceOf(ApiError)
    expect((lost as ApiError).code).toBe('API_NETWORK')
    // The platform did act: one new flow, to Siri.
    expect((await tasksOf(id)).length).toBe(before + 1)

    const retried = await demo.services.anne!.execute(key, { ...command, attempts: 1 })
    expect(retried.status).toBe('done')
    const tasks = await tasksOf(id)
    expect(tasks.length).toBe(before + 1)
    const active = tasks.filter((t) => Number(t.StatusCode) === TaskStatus.Active)
    expect(active).toHaveLength(1)
    expect(planUsers(active[0])).toEqual([Number(siri.ID)])
  })

  it('sends a retried reassignment that never reached the platform, once', async () => {
    const id = await atStepOne()
    const anne = await demo.myId('anne', key)
    const before = (await tasksOf(id)).length
    // A first attempt failed before it left (connection refused): attempts 1, nothing on the platform.
    const outcome = await demo.services.anne!.execute(key, queued(id, 'reAssign-to', { UserIDs: [anne] }, 1))
    expect(outcome.status).toBe('done')
    const tasks = await tasksOf(id)
    expect(tasks.length).toBe(before + 1)
    expect(planUsers(tasks.at(-1))).toEqual([anne])
  })

  it('ends a reassignment as already handled when the flow finished meanwhile', async () => {
    const id = await atStepOne()
    const per = await demo.myId('per', key)
    // Queued by Anne offline; meanwhile the flow went to Per alone and he approved it.
    const command = queued(id, 'reAssign-to', { UserIDs: [await demo.myId('anne', key)] })
    await act('anne', id, 'reAssign-to', { UserIDs: [per] })
    const [approval] = await get<PlatformRow[]>('approvals', {
      filter: `UserID eq ${per} and StatusCode eq ${ApprovalStatus.Active}`,
      expand: 'Task',
      orderby: 'ID desc',
    })
    expect(Number((approval!.Task as PlatformRow).EntityID)).toBe(id)
    await demo.clients.per!.post(`api/biz/approvals/${Number(approval!.ID)}`, null, {
      companyKey: key,
      query: { action: 'approve' },
    })
    expect(Number((await invoice(id)).StatusCode)).toBe(SupplierInvoiceStatus.Approved)
    const before = (await tasksOf(id)).length

    expectAlreadyHandledBy(await demo.services.anne!.execute(key, command), 'Per Approver')
    expect((await tasksOf(id)).length).toBe(before)
  })
})

describe('sendForPayment from the outbox', () => {
  /** An approved invoice of Nordlys (the demo's, or the one approved above), booked by Anne. */
  async function booked(): Promise<number> {
    const approved = await get<PlatformRow[]>('supplierinvoices', {
      filter: `StatusCode eq ${SupplierInvoiceStatus.Approved}`,
      orderby: 'ID',
    })
    const id = Number(approved[0]!.ID)
    await act('anne', id, 'journal')
    expect(Number((await invoice(id)).StatusCode)).toBe(SupplierInvoiceStatus.Journaled)
    return id
  }

  it('retries a payment whose answer was lost as done, without sending it again', async () => {
    const id = await booked()
    const command = queued(id, 'sendForPayment')
    loseAnswerOf = /action=sendForPayment/
    const lost = await lossy.services.anne!.execute(key, command).catch((e: unknown) => e)
    expect((lost as ApiError).code).toBe('API_NETWORK')
    const sent = await invoice(id)
    expect(Number(sent.PaymentStatus)).toBe(PaymentStatus.TransferredToBank)

    const retried = await demo.services.anne!.execute(key, { ...command, attempts: 1 })
    expect(retried.status).toBe('done')
    // Not sent again: the row is as the first attempt left it.
    expect((await invoice(id)).UpdatedAt).toBe(sent.UpdatedAt)
  })

  it('ends a payment a colleague sent meanwhile as already handled by them', async () => {
    const id = await booked()
    const command = queued(id, 'sendForPayment')
    await act('per', id, 'sendForPayment')
    expectAlreadyHandledBy(await demo.services.anne!.execute(key, command), 'Per Approver')
    // Also on a retry: the platform's row names Per, not Anne, as who sent it.
    expectAlreadyHandledBy(
      await demo.services.anne!.execute(key, { ...command, attempts: 2 }),
      'Per Approver',
    )
  })
})
