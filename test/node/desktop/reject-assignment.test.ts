// The undo of an invoice that went through by itself once its send reached the platform: the outbox's
// `rejectAssignment` against the local platform on its documented surface (no `GET tasks`: the running flow
// is read through the statistics route). Waiting in approval with no step approved: sent once, the invoice
// is a draft again and its task cancelled, and a retry after a lost answer does not send it again. Already a
// draft: done without a request. Approved, a step approved, booked: "already handled", nothing sent.
import { beforeEach, describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus, TaskStatus } from '../../../common/status.ts'
import type { OutboxOutcome } from '../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { outboxCommand, useDemoClients } from '../../support/demo-clients.ts'

const key = DEMO_COMPANIES.nordlys.key
/** Every request Anne's app sent, as `METHOD url`. */
let sent: string[] = []
const demo = useDemoClients(['anne', 'per'], {
  start: { platformOptions: { surface: 'documented' } },
  fetch: async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    sent.push(`${init?.method ?? 'GET'} ${decodeURIComponent(url)}`)
    return fetch(input, init)
  },
})
beforeEach(() => {
  sent = []
})

const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  demo.clients.anne!.get<T>(`api/biz/${path}`, { companyKey: key, query })
const act = (who: 'anne' | 'per', invoiceId: number, action: string, body: unknown = null) =>
  demo.clients[who]!.post(`api/biz/supplierinvoices/${invoiceId}`, body, {
    companyKey: key,
    query: { action },
  })
const undo = (invoiceId: number, attempts = 0) =>
  demo.services.anne!.execute(
    key,
    outboxCommand('SupplierInvoice', invoiceId, { kind: 'action', action: 'rejectAssignment' }, {}, attempts),
  )
const status = async (id: number) => Number((await get<PlatformRow>(`supplierinvoices/${id}`)).StatusCode)
const rejectsSent = () => sent.filter((r) => r.startsWith('POST') && /action=rejectAssignment/.test(r))

async function draft(costAccount?: number): Promise<number> {
  const [supplier] = await get<PlatformRow[]>('suppliers', { top: 1, orderby: 'ID' })
  const lines = costAccount
    ? {
        JournalEntry: {
          _createguid: crypto.randomUUID(),
          DraftLines: [
            { _createguid: crypto.randomUUID(), AccountID: costAccount, Amount: 900, Description: 'Vask' },
          ],
        },
      }
    : {}
  const created = await demo.clients.anne!.post<PlatformRow>(
    'api/biz/supplierinvoices',
    {
      SupplierID: supplier!.ID,
      InvoiceNumber: `U-${crypto.randomUUID().slice(0, 8)}`,
      InvoiceDate: '2026-03-10',
      PaymentDueDate: '2026-03-24',
      TaxInclusiveAmount: 900,
      ...lines,
    },
    { companyKey: key },
  )
  return Number(created.ID)
}

/** A fresh invoice sent to Per for approval, as a straight-through send with a rule leaves it. */
async function inApproval(): Promise<number> {
  const id = await draft()
  await act('anne', id, 'assign-to', { UserIDs: [await demo.myId('per', key)] })
  expect(await status(id)).toBe(SupplierInvoiceStatus.ForApproval)
  return id
}

async function perApproves(invoiceId: number): Promise<void> {
  const per = await demo.myId('per', key)
  const approvals = await demo.clients.per!.get<PlatformRow[]>('api/biz/approvals', {
    companyKey: key,
    query: { filter: `UserID eq ${per} and StatusCode eq ${ApprovalStatus.Active}`, expand: 'Task' },
  })
  const mine = approvals.find((a) => Number((a.Task as PlatformRow).EntityID) === invoiceId)!
  await demo.clients.per!.post(`api/biz/approvals/${Number(mine.ID)}`, null, {
    companyKey: key,
    query: { action: 'approve' },
  })
}

async function activeTasks(invoiceId: number): Promise<number> {
  const rows = await demo.clients.anne!.statistics<PlatformRow>(
    {
      model: 'Task',
      select: 'ID as ID,StatusCode as StatusCode',
      filter: `Deleted eq 0 and EntityID eq ${invoiceId}`,
      orderby: 'ID',
    },
    { companyKey: key },
  )
  return rows.filter((t) => Number(t.StatusCode) === TaskStatus.Active).length
}

function expectAlreadyHandled(outcome: OutboxOutcome): void {
  expect(outcome.status).toBe('failed')
  expect((outcome as { error: { code: string } }).error.code).toBe('ALREADY_HANDLED')
}

describe('rejectAssignment from the outbox', () => {
  it('takes an invoice waiting in approval with no step approved back to a draft, once', async () => {
    const id = await inApproval()
    expect(await activeTasks(id)).toBe(1)
    const outcome = await undo(id)
    expect(outcome.status).toBe('done')
    expect(Number((outcome as { row: PlatformRow }).row.StatusCode)).toBe(SupplierInvoiceStatus.Draft)
    expect(rejectsSent()).toHaveLength(1)
    expect(await status(id)).toBe(SupplierInvoiceStatus.Draft)
    expect(await activeTasks(id)).toBe(0)
    // The platform refuses the undocumented task list: the running flow was read through statistics.
    expect(sent.some((r) => /^GET .*\/api\/statistics\?.*model=Task/i.test(r))).toBe(true)

    // A retry after the answer was lost finds the draft and sends nothing.
    sent = []
    expect((await undo(id, 1)).status).toBe('done')
    expect(rejectsSent()).toHaveLength(0)
  })

  it('is done without a request for an invoice already back in draft', async () => {
    const id = await draft()
    const outcome = await undo(id)
    expect(outcome.status).toBe('done')
    expect(rejectsSent()).toHaveLength(0)
    expect(await status(id)).toBe(SupplierInvoiceStatus.Draft)
  })

  it('ends as already handled, sending nothing, when the invoice was approved meanwhile', async () => {
    const id = await inApproval()
    await perApproves(id)
    expect(await status(id)).toBe(SupplierInvoiceStatus.Approved)
    sent = []
    expectAlreadyHandled(await undo(id))
    expect(rejectsSent()).toHaveLength(0)
    expect(await status(id)).toBe(SupplierInvoiceStatus.Approved)
  })

  it('ends as already handled when a step of a flow still running is approved', async () => {
    const id = await draft()
    // Two steps: Per first, then Anne; Per approves his, the invoice still waits for Anne's.
    const rule = await demo.clients.anne!.post<PlatformRow>(
      'api/biz/approvalrules',
      {
        Description: `Two steps ${id}`,
        Steps: [
          { StepNumber: 1, ApprovalType: 1, Users: [{ UserID: await demo.myId('per', key) }] },
          { StepNumber: 2, ApprovalType: 1, Users: [{ UserID: await demo.myId('anne', key) }] },
        ],
      },
      { companyKey: key },
    )
    await act('anne', id, 'assign-to', { ApprovalRuleID: Number(rule.ID) })
    await perApproves(id)
    expect(await status(id)).toBe(SupplierInvoiceStatus.ForApproval)
    sent = []
    expectAlreadyHandled(await undo(id))
    expect(rejectsSent()).toHaveLength(0)
    expect(await status(id)).toBe(SupplierInvoiceStatus.ForApproval)
  })

  it('ends as already handled for a booked invoice', async () => {
    const [account] = await get<PlatformRow[]>('accounts', { filter: 'AccountNumber eq 6540', top: 1 })
    const id = await draft(Number(account!.ID))
    await act('anne', id, 'journal')
    expect(await status(id)).toBe(SupplierInvoiceStatus.Journaled)
    sent = []
    expectAlreadyHandled(await undo(id))
    expect(rejectsSent()).toHaveLength(0)
  })
})

describe('reAssign-to on the documented surface', () => {
  it('finds the flow a lost attempt started through statistics, and does not start another', async () => {
    const id = await inApproval()
    const anne = await demo.myId('anne', key)
    // The first attempt reached the platform; its answer was lost.
    await act('anne', id, 'reAssign-to', { UserIDs: [anne] })
    const before = await activeTasks(id)
    sent = []
    const retried = await demo.services.anne!.execute(
      key,
      outboxCommand(
        'SupplierInvoice',
        id,
        { kind: 'action', action: 'reAssign-to', body: { UserIDs: [anne] } },
        {},
        1,
      ),
    )
    expect(retried.status).toBe('done')
    expect(sent.filter((r) => r.startsWith('POST') && /action=reAssign-to/.test(r))).toEqual([])
    expect(await activeTasks(id)).toBe(before)
  })
})
