// Approval flows over HTTP (spec 3.1, 3.5, 4.5, 4.8; field notes "Approvals"): assign-to with users,
// teams and rules, approve and reject, steps and limits, substitutes, reassignment, tasks written
// directly, notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

let p: TestPlatform
const tokens: Record<'anne' | 'per' | 'siri', string> = { anne: '', per: '', siri: '' }
const ids: Record<'anne' | 'per' | 'siri', number> = { anne: 0, per: 0, siri: 0 }
let supplierId = 0
let costAccountId = 0

type Who = keyof typeof tokens
const as = (who: Who, method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: tokens[who], companyKey: nordlys, body })
const call = (method: string, path: string, body?: unknown) => as('anne', method, path, body)

/** A draft invoice whose cost line matches its amount, so it can also be journaled. */
async function newInvoice(amount = 5000, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await call('POST', 'api/biz/supplierinvoices', {
    SupplierID: supplierId,
    InvoiceNumber: `A-${Math.random().toString(36).slice(2, 8)}`,
    TaxInclusiveAmount: amount,
    JournalEntry: {
      _createguid: 'je',
      DraftLines: [
        { _createguid: 'l1', AccountID: costAccountId, Amount: amount, FinancialDate: '2026-11-10' },
      ],
    },
    ...extra,
  })
  expect(r.status).toBe(201)
  return r.body.ID
}

const statusOf = async (invoiceId: number) =>
  (await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode as number

async function approvalsOfTask(
  taskId: number,
): Promise<{ ID: number; UserID: number; StatusCode: number; StepNumber: number }[]> {
  return (await call('GET', `api/biz/approvals?filter=TaskID eq ${taskId}&orderby=ID`)).body
}

async function rule(steps: { users: Who[]; type?: number; limit?: number }[]): Promise<number> {
  const r = await call('POST', 'api/biz/approvalrules', {
    Description: `Rule ${Math.random().toString(36).slice(2, 6)}`,
    Steps: steps.map((s, i) => ({
      StepNumber: i + 1,
      ApprovalType: s.type ?? 1,
      Limit: s.limit ?? null,
      Users: s.users.map((u) => ({ UserID: ids[u] })),
    })),
  })
  expect(r.status).toBe(201)
  return r.body.ID
}

beforeAll(async () => {
  p = await startTestPlatform()
  for (const who of ['anne', 'per', 'siri'] as const) {
    tokens[who] = await p.token(DEMO_USERS[who].email)
  }
  for (const who of ['anne', 'per', 'siri'] as const) {
    const r = await call('GET', `api/biz/users?filter=Email eq '${DEMO_USERS[who].email}'`)
    ids[who] = r.body[0].ID
  }
  supplierId = (await call('GET', 'api/biz/suppliers?filter=StatusCode eq 30001&top=1')).body[0].ID
  costAccountId = (await call('GET', 'api/biz/accounts?filter=AccountNumber eq 4000')).body[0].ID
  // The demo office has Siri standing in for Per; these tests set their own substitute periods.
  for (const s of (await call('GET', 'api/biz/approvalsubstitutes')).body as { ID: number }[])
    expect((await call('DELETE', `api/biz/approvalsubstitutes/${s.ID}`)).status).toBe(204)
})
afterAll(() => p?.close())

describe('assign-to', () => {
  it('assigns to users: a task with one step, an active approval per user, the invoice for approval', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      Message: 'Please check the delivery',
      UserIDs: [ids.per, ids.siri],
    })
    expect(r.status).toBe(200)
    const sharedApprove = (
      await call(
        'GET',
        "api/biz/transitions?filter=EntityType eq 'SupplierInvoice' and MethodName eq 'approve'",
      )
    ).body[0].ID
    const model = (await call('GET', "api/biz/models?filter=Name eq 'SupplierInvoice'")).body[0].ID
    expect(r.body).toMatchObject({
      StatusCode: 50020,
      EntityID: inv,
      ModelID: model,
      UserID: ids.anne,
      SharedApproveTransitionId: sharedApprove,
      RejectStatusCode: 30105,
      Message: 'Please check the delivery',
    })
    expect(r.body.Approvals.map((a: { UserID: number }) => a.UserID).sort()).toEqual(
      [ids.per, ids.siri].sort(),
    )
    expect(
      r.body.Approvals.every(
        (a: { StatusCode: number; ApprovalType: number }) => a.StatusCode === 50120 && a.ApprovalType === 1,
      ),
    ).toBe(true)
    expect(r.body.ApprovalPlan).toHaveLength(2)
    expect(r.body.ApprovalPlan.every((row: { StepNumber: number }) => row.StepNumber === 1)).toBe(true)
    expect(await statusOf(inv)).toBe(30102)

    const mine = await as(
      'per',
      'GET',
      `api/biz/approvals?filter=UserID eq ${ids.per} and statuscode eq 50120`,
    )
    expect(mine.status).toBe(200)
    expect(mine.body.map((a: { TaskID: number }) => a.TaskID)).toContain(r.body.ID)
  })

  it('records a notification for every assigned user, listed for the recipient', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      Message: 'Notify me',
      UserIDs: [ids.per],
    })
    expect(r.status).toBe(200)
    const list = await as(
      'per',
      'GET',
      `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.per.globalIdentity}' and EntityID eq ${inv}`,
    )
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      EntityType: 'SupplierInvoice',
      EntityID: inv,
      SourceEntityType: 'Approval',
      SourceEntityID: r.body.Approvals[0].ID,
      SenderDisplayName: DEMO_USERS.anne.displayName,
      Channels: 'email,push',
    })
    expect(list.body[0].Message).toMatch(/Notify me/)
  })

  it('assigns to a team: its members approve, any one of them', async () => {
    const team = (await call('GET', "api/biz/teams?filter=Name eq 'Godkjennere'&expand=Positions")).body[0]
    const members = team.Positions.map((x: { UserID: number }) => x.UserID).sort()
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { TeamIDs: [team.ID] })
    expect(r.status).toBe(200)
    expect(r.body.Approvals.map((a: { UserID: number }) => a.UserID).sort()).toEqual(members)
    expect(await statusOf(inv)).toBe(30102)
  })

  it('assigns to a rule: the plan holds every step, approvals only for the first', async () => {
    const ruleId = await rule([{ users: ['per', 'siri'] }, { users: ['per'] }])
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      ApprovalRuleID: ruleId,
    })
    expect(r.status).toBe(200)
    expect(r.body.ApprovalRuleID).toBe(ruleId)
    expect(r.body.ApprovalPlan.map((row: { StepNumber: number }) => row.StepNumber).sort()).toEqual([1, 1, 2])
    expect(r.body.Approvals).toHaveLength(2)
    expect(r.body.Approvals.every((a: { StepNumber: number }) => a.StepNumber === 1)).toBe(true)
  })

  it('answers 400 without a payload kind, with two kinds, in a wrong status, or for an unknown user', async () => {
    const inv = await newInvoice()
    const none = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { Message: 'x' })
    expect(none.status).toBe(400)
    expect(none.body.Message).toMatch(/ApprovalRuleID, TeamIDs, UserIDs/)
    const two = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      UserIDs: [ids.per],
      TeamIDs: [1],
    })
    expect(two.status).toBe(400)
    expect(two.body.Message).toMatch(/UserIDs and TeamIDs/)
    const unknown = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      UserIDs: [ids.per, 9999],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toMatch(/9999/)
    const noRule = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      ApprovalRuleID: 9999,
    })
    expect(noRule.status).toBe(400)
    expect(noRule.body.Message).toMatch(/9999/)
    expect(await statusOf(inv)).toBe(30101)

    const journaled = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${journaled}?action=journal`)).status).toBe(204)
    const wrong = await call('POST', `api/biz/supplierinvoices/${journaled}?action=assign-to`, {
      UserIDs: [ids.per],
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.Message).toMatch(/30104/)
    expect(
      (await call('GET', `api/biz/tasks?filter=EntityID eq ${inv} or EntityID eq ${journaled}`)).body,
    ).toEqual([])
  })

  it('starts from the manual flow (assign, 30108)', async () => {
    const inv = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=assign`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(30108)
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [ids.per] })
    expect(r.status).toBe(200)
    expect(await statusOf(inv)).toBe(30102)
  })
})

describe('approve and reject (spec 3.5)', () => {
  it('walks a two-step rule: one approval of step 1 indirectly approves the other, step 2 approves the invoice', async () => {
    const ruleId = await rule([{ users: ['per', 'siri'] }, { users: ['per'] }])
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { ApprovalRuleID: ruleId })
    ).body
    const first = task.Approvals.find((a: { UserID: number }) => a.UserID === ids.per)
    const r = await as('per', 'POST', `api/biz/approvals/${first.ID}?action=approve`)
    expect(r.status).toBe(200)
    expect(r.body.StatusCode).toBe(50130)
    let approvals = await approvalsOfTask(task.ID)
    expect(approvals.find((a) => a.UserID === ids.siri && a.StepNumber === 1)!.StatusCode).toBe(50160)
    const second = approvals.find((a) => a.StepNumber === 2)!
    expect(second).toMatchObject({ UserID: ids.per, StatusCode: 50120 })
    expect(await statusOf(inv)).toBe(30102)
    // The approver of step 2 was notified when the step opened.
    const notes = await as(
      'per',
      'GET',
      `api/biz/notifications?filter=SourceEntityType eq 'Approval' and SourceEntityID eq ${second.ID}`,
    )
    expect(notes.body).toHaveLength(1)

    expect((await as('per', 'POST', `api/biz/approvals/${second.ID}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
    expect((await call('GET', `api/biz/tasks/${task.ID}`)).body.StatusCode).toBe(50030)
    approvals = await approvalsOfTask(task.ID)
    expect(approvals.map((a) => a.StatusCode).sort()).toEqual([50130, 50130, 50160])
    const plan = (await call('GET', `api/biz/taskapprovalplans?filter=TaskID eq ${task.ID}`)).body
    expect(plan.map((row: { StatusCode: number }) => row.StatusCode).sort()).toEqual([50130, 50130, 50160])
  })

  it('waits for every approver of a step of type All', async () => {
    const ruleId = await rule([{ users: ['per', 'siri'], type: 0 }])
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { ApprovalRuleID: ruleId })
    ).body
    const byUser = (who: Who) => task.Approvals.find((a: { UserID: number }) => a.UserID === ids[who]).ID
    expect((await as('per', 'POST', `api/biz/approvals/${byUser('per')}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30102)
    expect((await call('GET', `api/biz/approvals/${byUser('siri')}`)).body.StatusCode).toBe(50120)
    expect((await as('siri', 'POST', `api/biz/approvals/${byUser('siri')}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
  })

  it('skips a step whose limit is greater than the invoice amount', async () => {
    const ruleId = await rule([
      { users: ['siri'], limit: 100000 },
      { users: ['per'] },
      { users: ['siri'], limit: 50000 },
    ])
    const inv = await newInvoice(5000)
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { ApprovalRuleID: ruleId })
    ).body
    expect(task.Approvals).toHaveLength(1)
    expect(task.Approvals[0]).toMatchObject({ UserID: ids.per, StepNumber: 2 })
    const skipped = task.ApprovalPlan.find((row: { StepNumber: number }) => row.StepNumber === 1)
    expect(skipped.Comment).toMatch(/100000\.00.*5000\.00/)
    expect((await as('per', 'POST', `api/biz/approvals/${task.Approvals[0].ID}?action=approve`)).status).toBe(
      200,
    )
    // Step 3 (limit 50000) is skipped too: the invoice is approved.
    expect(await statusOf(inv)).toBe(30103)
    expect((await approvalsOfTask(task.ID)).map((a) => a.UserID)).toEqual([ids.per])
  })

  it('rejects with a comment: the invoice is rejected, the remaining approvals removed, and it can be resubmitted', async () => {
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [ids.per, ids.siri] })
    ).body
    const perApproval = task.Approvals.find((a: { UserID: number }) => a.UserID === ids.per)
    const comment = await as('per', 'POST', 'api/biz/comments', {
      Text: 'Wrong amount',
      EntityType: 'SupplierInvoice',
      EntityID: inv,
    })
    expect(comment.status).toBe(201)
    const r = await as('per', 'POST', `api/biz/approvals/${perApproval.ID}?action=reject`)
    expect(r.status).toBe(200)
    expect(r.body.StatusCode).toBe(50140)
    expect(await statusOf(inv)).toBe(30105)
    const left = await approvalsOfTask(task.ID)
    expect(left.map((a) => a.ID)).toEqual([perApproval.ID])
    expect(
      (
        await as(
          'siri',
          'GET',
          `api/biz/approvals?filter=UserID eq ${ids.siri} and statuscode eq 50120 and TaskID eq ${task.ID}`,
        )
      ).body,
    ).toEqual([])
    expect((await call('GET', `api/biz/tasks/${task.ID}`)).body.StatusCode).toBe(50030)
    const comments = (
      await call('GET', `api/biz/comments?filter=EntityType eq 'SupplierInvoice' and EntityID eq ${inv}`)
    ).body
    expect(comments.map((c: { Text: string }) => c.Text)).toEqual(['Wrong amount'])

    // Rejected invoices may be edited and sent again (spec 3.1: 30105 -> 30102).
    expect((await call('PUT', `api/biz/supplierinvoices/${inv}`, { TaxInclusiveAmount: 4500 })).status).toBe(
      200,
    )
    const again = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      UserIDs: [ids.per],
    })
    expect(again.status).toBe(200)
    expect(again.body.ID).not.toBe(task.ID)
    expect(await statusOf(inv)).toBe(30102)
    expect(
      (await as('per', 'POST', `api/biz/approvals/${again.body.Approvals[0].ID}?action=approve`)).status,
    ).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
  })

  it('refuses a stranger with 403 and an approval that is no longer active with 400', async () => {
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [ids.per] })
    ).body
    const approvalId = task.Approvals[0].ID
    const stranger = await as('siri', 'POST', `api/biz/approvals/${approvalId}?action=approve`)
    expect(stranger.status).toBe(403)
    expect(stranger.body.Message).toBeTruthy()
    expect((await call('POST', `api/biz/approvals/${approvalId}?action=reject`)).status).toBe(403)
    // Nor can the stranger take the approval over.
    const takeOver = await as('siri', 'PUT', `api/biz/approvals/${approvalId}`, { UserID: ids.siri })
    expect(takeOver.status).toBe(400)
    expect(takeOver.body.Message).toMatch(/UserID/)
    expect((await call('GET', `api/biz/approvals/${approvalId}`)).body.StatusCode).toBe(50120)
    expect((await as('per', 'POST', `api/biz/approvals/${approvalId}?action=approve`)).status).toBe(200)
    const twice = await as('per', 'POST', `api/biz/approvals/${approvalId}?action=approve`)
    expect(twice.status).toBe(400)
    expect(twice.body.Message).toMatch(/not active/)
  })

  it('lets a substitute act inside the date range and not outside it', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10)
    const past = await as('per', 'POST', 'api/biz/approvalsubstitutes', {
      UserID: ids.per,
      SubstituteUserID: ids.siri,
      FromDate: day(-30),
      ToDate: day(-10),
    })
    expect(past.status).toBe(201)
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [ids.per] })
    ).body
    const approvalId = task.Approvals[0].ID
    expect((await as('siri', 'POST', `api/biz/approvals/${approvalId}?action=approve`)).status).toBe(403)

    const now = await as('per', 'POST', 'api/biz/approvalsubstitutes', {
      UserID: ids.per,
      SubstituteUserID: ids.siri,
      FromDate: day(-1),
      ToDate: day(1),
    })
    expect(now.status).toBe(201)
    expect((await as('siri', 'POST', `api/biz/approvals/${approvalId}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)

    // Once deleted, the substitute no longer acts.
    expect((await as('per', 'DELETE', `api/biz/approvalsubstitutes/${now.body.ID}`)).status).toBe(204)
    const inv2 = await newInvoice()
    const task2 = (
      await call('POST', `api/biz/supplierinvoices/${inv2}?action=assign-to`, { UserIDs: [ids.per] })
    ).body
    expect(
      (await as('siri', 'POST', `api/biz/approvals/${task2.Approvals[0].ID}?action=approve`)).status,
    ).toBe(403)
  })

  it('validates substitutes: dates in order, known users, not oneself', async () => {
    const body = { UserID: ids.per, SubstituteUserID: ids.siri, FromDate: '2026-05-10', ToDate: '2026-05-01' }
    const backwards = await as('per', 'POST', 'api/biz/approvalsubstitutes', body)
    expect(backwards.status).toBe(400)
    expect(backwards.body._validationResults.ToDate).toBeTruthy()
    const self = await as('per', 'POST', 'api/biz/approvalsubstitutes', {
      ...body,
      SubstituteUserID: ids.per,
      ToDate: '2026-05-20',
    })
    expect(self.status).toBe(400)
    expect(self.body.Message).toMatch(/own substitute/)
    const unknown = await as('per', 'POST', 'api/biz/approvalsubstitutes', {
      ...body,
      SubstituteUserID: 9999,
      ToDate: '2026-05-20',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toMatch(/9999/)
  })
})

describe('reAssign-to', () => {
  it('cancels the current task (approvals Reassigned) and starts a new one', async () => {
    const inv = await newInvoice()
    const old = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [ids.per] })
    ).body
    const second = await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
      UserIDs: [ids.siri],
    })
    expect(second.status).toBe(400)
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=reAssign-to`, {
      Message: 'Siri takes over',
      UserIDs: [ids.siri],
    })
    expect(r.status).toBe(200)
    expect(r.body.ID).not.toBe(old.ID)
    expect(r.body.Approvals.map((a: { UserID: number }) => a.UserID)).toEqual([ids.siri])
    expect((await call('GET', `api/biz/tasks/${old.ID}`)).body.StatusCode).toBe(50050)
    expect((await approvalsOfTask(old.ID)).map((a) => a.StatusCode)).toEqual([50150])
    expect(await statusOf(inv)).toBe(30102)
    expect((await as('per', 'POST', `api/biz/approvals/${old.Approvals[0].ID}?action=approve`)).status).toBe(
      400,
    )
    expect(
      (await as('siri', 'POST', `api/biz/approvals/${r.body.Approvals[0].ID}?action=approve`)).status,
    ).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
  })

  it('answers 400 for an invoice that is not in a flow', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=reAssign-to`, { UserIDs: [ids.per] })
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/30101/)
  })
})

describe('tasks written directly (POST tasks)', () => {
  it('creates a task with approvals and a plan, one active task per entity, and runs its approve transition', async () => {
    const inv = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=assign`)).status).toBe(204)
    const model = (await call('GET', "api/biz/models?filter=Name eq 'SupplierInvoice'")).body[0].ID
    const transitions = (await call('GET', "api/biz/transitions?filter=EntityType eq 'SupplierInvoice'")).body
    const tid = (name: string) => transitions.find((t: { MethodName: string }) => t.MethodName === name).ID
    const body = {
      ModelID: model,
      EntityID: inv,
      Title: 'Check this one',
      SharedApproveTransitionId: tid('approve'),
      SharedRejectTransitionId: tid('rejectInvoice'),
      RejectStatusCode: 30105,
      Approvals: [{ UserID: ids.per, ApprovalType: 1, StepNumber: 1 }],
      ApprovalPlan: [
        { UserID: ids.per, StepNumber: 1, ApprovalType: 1 },
        { UserID: ids.siri, StepNumber: 2, ApprovalType: 1 },
      ],
    }
    const r = await call('POST', 'api/biz/tasks?expand=Approvals,ApprovalPlan', body)
    expect(r.status).toBe(201)
    expect(r.body.StatusCode).toBe(50020)
    expect(r.body.Approvals).toHaveLength(1)
    const dup = await call('POST', 'api/biz/tasks', { ...body, Approvals: [], ApprovalPlan: [] })
    expect(dup.status).toBe(409)
    expect(dup.body.Message).toMatch(/active task/)
    const missing = await call('POST', 'api/biz/tasks', { ...body, EntityID: 999999 })
    expect(missing.status).toBe(400)
    expect(missing.body._validationResults.EntityID).toBeTruthy()

    expect(
      (await as('per', 'POST', `api/biz/approvals/${r.body.Approvals[0].ID}?action=approve`)).status,
    ).toBe(200)
    const step2 = (await approvalsOfTask(r.body.ID)).find((a) => a.StepNumber === 2)!
    expect(step2).toMatchObject({ UserID: ids.siri, StatusCode: 50120 })
    expect(await statusOf(inv)).toBe(30108)
    expect((await as('siri', 'POST', `api/biz/approvals/${step2.ID}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
  })

  it('runs only the approve transition for a task of type Custom', async () => {
    const inv = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=assign`)).status).toBe(204)
    const model = (await call('GET', "api/biz/models?filter=Name eq 'SupplierInvoice'")).body[0].ID
    const approve = (
      await call(
        'GET',
        "api/biz/transitions?filter=EntityType eq 'SupplierInvoice' and MethodName eq 'approve'",
      )
    ).body[0].ID
    const r = await call('POST', 'api/biz/tasks?expand=Approvals', {
      ModelID: model,
      EntityID: inv,
      Type: 1,
      Title: 'Custom check',
      SharedApproveTransitionId: approve,
      Approvals: [
        { UserID: ids.per, ApprovalType: 1 },
        { UserID: ids.siri, ApprovalType: 1 },
      ],
    })
    expect(r.status).toBe(201)
    const perApproval = r.body.Approvals.find((a: { UserID: number }) => a.UserID === ids.per)
    expect((await as('per', 'POST', `api/biz/approvals/${perApproval.ID}?action=approve`)).status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
    expect((await call('GET', `api/biz/tasks/${r.body.ID}`)).body.StatusCode).toBe(50030)
    // No indirect approval in a Custom task.
    const siriApproval = r.body.Approvals.find((a: { UserID: number }) => a.UserID === ids.siri)
    expect((await call('GET', `api/biz/approvals/${siriApproval.ID}`)).body.StatusCode).toBe(50120)
  })
})
