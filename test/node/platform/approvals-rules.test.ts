// Rules that start approval flows by themselves (spec 3.5, 4.8): thresholds on a transition, global
// rules on sendForPayment and journal, and rule link groups with try-auto-assign. Each kind runs in
// its own demo company, so a rule of one never fires in the tests of another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

type Who = 'anne' | 'per' | 'siri'
type Company = 'nordlys' | 'fjordbygg' | 'aurora'

let p: TestPlatform
const tokens = {} as Record<Who, string>

const as = (who: Who, company: Company, method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: tokens[who], companyKey: DEMO_COMPANIES[company].key, body })

async function userId(company: Company, who: Who): Promise<number> {
  const r = await as('anne', company, 'GET', `api/biz/users?filter=Email eq '${DEMO_USERS[who].email}'`)
  return r.body[0].ID
}

async function suppliers(company: Company): Promise<number[]> {
  return (
    await as('anne', company, 'GET', 'api/biz/suppliers?filter=StatusCode eq 30001&orderby=ID')
  ).body.map((s: { ID: number }) => s.ID)
}

async function newInvoice(
  company: Company,
  amount: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const supplierId = (await suppliers(company))[0]
  const r = await as('anne', company, 'POST', 'api/biz/supplierinvoices', {
    SupplierID: supplierId,
    InvoiceNumber: `R-${Math.random().toString(36).slice(2, 8)}`,
    TaxInclusiveAmount: amount,
    ...extra,
  })
  expect(r.status).toBe(201)
  return r.body.ID
}

const invoice = async (company: Company, id: number) =>
  (await as('anne', company, 'GET', `api/biz/supplierinvoices/${id}`)).body

async function rule(company: Company, steps: { users: number[]; limit?: number }[]): Promise<number> {
  const r = await as('anne', company, 'POST', 'api/biz/approvalrules', {
    Description: 'rule',
    Steps: steps.map((s, i) => ({
      StepNumber: i + 1,
      ApprovalType: 1,
      Limit: s.limit ?? null,
      Users: s.users.map((u) => ({ UserID: u })),
    })),
  })
  expect(r.status).toBe(201)
  return r.body.ID
}

beforeAll(async () => {
  p = await startTestPlatform()
  for (const who of ['anne', 'per', 'siri'] as const) tokens[who] = await p.token(DEMO_USERS[who].email)
})
afterAll(() => p?.close())

describe('thresholds (spec 3.5 threshold rule)', () => {
  const company = 'fjordbygg'
  let roleId = 0

  beforeAll(async () => {
    roleId = (await as('anne', company, 'GET', "api/biz/roles?filter=Name eq 'Accounting.Approval'")).body[0]
      .ID
    const transitions = (
      await as('anne', company, 'GET', "api/biz/transitions?filter=EntityType eq 'SupplierInvoice'")
    ).body as { ID: number; MethodName: string }[]
    const tid = (name: string) => transitions.find((t) => t.MethodName === name)!.ID
    const r = await as('anne', company, 'POST', 'api/biz/thresholds', {
      PropertyName: 'TaxInclusiveAmount',
      Operator: 1,
      Value: '1000',
      SharedApproveTransitionId: tid('approve'),
      SharedRejectTransitionId: tid('rejectInvoice'),
      SharedRoleId: roleId,
      RejectStatusCode: 30105,
    })
    expect(r.status).toBe(201)
    expect(r.body.EntityType).toBe('SupplierInvoice')
  })

  it('starts a flow for the role when a requester without it runs the transition, and holds the transition', async () => {
    const inv = await newInvoice(company, 5000)
    expect((await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=assign`)).status).toBe(
      204,
    )
    const r = await as('per', company, 'POST', `api/biz/supplierinvoices/${inv}?action=approve`)
    expect(r.status).toBe(204)
    expect((await invoice(company, inv)).StatusCode).toBe(30108)
    const tasks = (
      await as('anne', company, 'GET', `api/biz/tasks?filter=EntityID eq ${inv}&expand=Approvals`)
    ).body
    expect(tasks).toHaveLength(1)
    expect(tasks[0].StatusCode).toBe(50020)
    const approval = tasks[0].Approvals[0]
    expect(approval).toMatchObject({ SharedRoleId: roleId, StatusCode: 50120, UserID: null })
    expect(approval.Thresholds[0]).toMatchObject({
      PropertyName: 'TaxInclusiveAmount',
      Operator: 1,
      Value: '1000',
    })
    // The role holders are notified.
    const notes = (
      await as(
        'anne',
        company,
        'GET',
        `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.anne.globalIdentity}' and EntityID eq ${inv}`,
      )
    ).body
    expect(notes).toHaveLength(1)
    // Only a holder of the role may act on it.
    expect((await as('per', company, 'POST', `api/biz/approvals/${approval.ID}?action=approve`)).status).toBe(
      403,
    )
    expect(
      (await as('anne', company, 'POST', `api/biz/approvals/${approval.ID}?action=approve`)).status,
    ).toBe(200)
    expect((await invoice(company, inv)).StatusCode).toBe(30103)
  })

  it('lets the transition through for a requester holding the role, or when the check passes', async () => {
    const big = await newInvoice(company, 5000)
    await as('anne', company, 'POST', `api/biz/supplierinvoices/${big}?action=assign`)
    expect((await as('anne', company, 'POST', `api/biz/supplierinvoices/${big}?action=approve`)).status).toBe(
      204,
    )
    expect((await invoice(company, big)).StatusCode).toBe(30103)
    const small = await newInvoice(company, 800)
    await as('anne', company, 'POST', `api/biz/supplierinvoices/${small}?action=assign`)
    expect(
      (await as('per', company, 'POST', `api/biz/supplierinvoices/${small}?action=approve`)).status,
    ).toBe(204)
    expect((await invoice(company, small)).StatusCode).toBe(30103)
    const tasks = (
      await as('anne', company, 'GET', `api/biz/tasks?filter=EntityID eq ${big} or EntityID eq ${small}`)
    ).body
    expect(tasks).toEqual([])
  })

  it('applies to the approve transition an approval flow runs at its end', async () => {
    const inv = await newInvoice(company, 5000)
    const per = await userId(company, 'per')
    const task = (
      await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, {
        UserIDs: [per],
      })
    ).body
    expect(
      (await as('per', company, 'POST', `api/biz/approvals/${task.Approvals[0].ID}?action=approve`)).status,
    ).toBe(200)
    expect((await invoice(company, inv)).StatusCode).toBe(30102)
    const role = (
      await as(
        'anne',
        company,
        'GET',
        `api/biz/tasks?filter=EntityID eq ${inv} and StatusCode eq 50020&expand=Approvals`,
      )
    ).body[0]
    expect(role.ID).not.toBe(task.ID)
    const rejected = await as(
      'anne',
      company,
      'POST',
      `api/biz/approvals/${role.Approvals[0].ID}?action=reject`,
    )
    expect(rejected.status).toBe(200)
    expect((await invoice(company, inv)).StatusCode).toBe(30105)
  })

  it('refuses a threshold on a property the entity does not have', async () => {
    const approve = (
      await as(
        'anne',
        company,
        'GET',
        "api/biz/transitions?filter=EntityType eq 'SupplierInvoice' and MethodName eq 'approve'",
      )
    ).body[0].ID
    const r = await as('anne', company, 'POST', 'api/biz/thresholds', {
      PropertyName: 'Colour',
      Operator: 8,
      Value: 'red',
      SharedApproveTransitionId: approve,
      SharedRoleId: roleId,
    })
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/Colour/)
  })
})

describe('global rules (one step with a limit)', () => {
  const company = 'aurora'
  let ruleId = 0
  let siri = 0

  beforeAll(async () => {
    siri = await userId(company, 'siri')
    ruleId = await rule(company, [{ users: [siri], limit: 1000 }])
  })

  async function costLines(amount: number) {
    const account = (await as('anne', company, 'GET', 'api/biz/accounts?filter=AccountNumber eq 4000'))
      .body[0]
    return {
      JournalEntry: {
        _createguid: 'c1',
        DraftLines: [
          {
            _createguid: 'd1',
            AccountID: account.ID,
            Amount: amount,
            Description: 'Varekjøp',
            FinancialDate: '2026-11-10',
          },
        ],
      },
    }
  }

  it('fires on journal for an unapproved invoice whose amount reaches the limit, then journal runs once approved', async () => {
    const inv = await newInvoice(company, 5000, await costLines(5000))
    const r = await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=journal`)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      ApprovalStarted: true,
      ApprovalRuleID: ruleId,
      TaskID: expect.any(Number),
    })
    expect((await invoice(company, inv)).StatusCode).toBe(30102)
    const approval = r.body.Task.Approvals[0]
    expect(approval.UserID).toBe(siri)
    expect(
      (await as('siri', company, 'POST', `api/biz/approvals/${approval.ID}?action=approve`)).status,
    ).toBe(200)
    expect((await invoice(company, inv)).StatusCode).toBe(30103)
    expect((await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=journal`)).status).toBe(
      204,
    )
    expect((await invoice(company, inv)).StatusCode).toBe(30104)
  })

  it('does not fire below the limit: journal, sendForPayment and pay run and set PaymentStatus', async () => {
    const inv = await newInvoice(company, 500, await costLines(500))
    expect((await invoice(company, inv)).PaymentStatus).toBe(30109)
    expect((await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=journal`)).status).toBe(
      204,
    )
    expect((await invoice(company, inv)).StatusCode).toBe(30104)
    expect(
      (await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=sendForPayment`)).status,
    ).toBe(204)
    expect(await invoice(company, inv)).toMatchObject({ PaymentStatus: 30110, IsSentToPayment: true })
    expect((await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=pay`)).status).toBe(204)
    expect((await invoice(company, inv)).PaymentStatus).toBe(30112)
  })

  it('fires on sendForPayment of an unapproved invoice', async () => {
    const inv = await newInvoice(company, 2500)
    const r = await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=sendForPayment`)
    expect(r.status).toBe(200)
    expect(r.body.ApprovalStarted).toBe(true)
    expect(await invoice(company, inv)).toMatchObject({ StatusCode: 30102, PaymentStatus: 30109 })
  })

  it('try-auto-assign falls back to the global rule, and answers 400 when no rule matches', async () => {
    const big = await newInvoice(company, 3000)
    const r = await as('anne', company, 'POST', `api/biz/supplierinvoices/${big}?action=try-auto-assign`)
    expect(r.status).toBe(200)
    expect(r.body.ApprovalRuleID).toBe(ruleId)
    expect((await invoice(company, big)).StatusCode).toBe(30102)
    const small = await newInvoice(company, 300)
    const none = await as('anne', company, 'POST', `api/biz/supplierinvoices/${small}?action=try-auto-assign`)
    expect(none.status).toBe(400)
    expect(none.body.Message).toMatch(/No approval rule matches/)
    expect((await invoice(company, small)).StatusCode).toBe(30101)
  })
})

describe('rule link groups', () => {
  const company = 'nordlys'
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let project = 0
  let perRule = 0
  let siriRule = 0
  let supplierGroup = 0
  let projectGroup = 0

  const ruleIdFor = async (query: string) => {
    const r = await as('anne', company, 'GET', `api/biz/ApprovalRuleLinks?action=get-approvalruleid&${query}`)
    expect(r.status).toBe(200)
    return r.body as number | null
  }

  beforeAll(async () => {
    ;[s1, s2, s3] = (await suppliers(company)) as [number, number, number]
    project = (await as('anne', company, 'GET', "api/biz/projects?filter=ProjectNumber eq '100'")).body[0].ID
    perRule = await rule(company, [{ users: [await userId(company, 'per')] }])
    siriRule = await rule(company, [{ users: [await userId(company, 'siri')] }])
  })

  it('bulk-saves groups with their links and chooses the rule by group priority', async () => {
    const r = await as('anne', company, 'PUT', 'api/biz/ApprovalRuleLinkGroups/?action=bulk-save', [
      {
        Name: 'Suppliers',
        SourceEntity: 0,
        Priority: 1,
        Links: [{ SourceEntity: 0, SourceInstanceID: s1, ApprovalRuleID: perRule }],
      },
      {
        Name: 'Projects',
        SourceEntity: 1,
        Priority: 0,
        Links: [{ SourceEntity: 1, SourceInstanceID: project, ApprovalRuleID: siriRule }],
      },
    ])
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(2)
    expect(r.body[0].Links).toHaveLength(1)
    ;[supplierGroup, projectGroup] = r.body.map((g: { ID: number }) => g.ID)

    expect(await ruleIdFor(`supplierID=${s1}&projectID=${project}`)).toBe(siriRule)
    expect(await ruleIdFor(`supplierID=${s1}`)).toBe(perRule)
    expect(await ruleIdFor(`supplierID=${s2}&departmentID=1`)).toBeNull()

    // Updated by ID: the project group drops below the supplier group.
    const upd = await as('anne', company, 'PUT', 'api/biz/approvalrulelinkgroups?action=bulk-save', [
      { ID: projectGroup, Priority: 5 },
    ])
    expect(upd.status).toBe(200)
    expect(upd.body[0]).toMatchObject({ ID: projectGroup, Priority: 5, Name: 'Projects' })
    expect(await ruleIdFor(`supplierID=${s1}&projectID=${project}`)).toBe(perRule)
  })

  it('inserts or updates links of one group and one source entity only', async () => {
    const mixedGroups = await as(
      'anne',
      company,
      'POST',
      'api/biz/ApprovalRuleLinks?action=insert-or-update-links-in-linkgroup',
      [
        {
          ApprovalRuleLinkGroupID: supplierGroup,
          SourceEntity: 0,
          SourceInstanceID: s2,
          ApprovalRuleID: perRule,
        },
        {
          ApprovalRuleLinkGroupID: projectGroup,
          SourceEntity: 0,
          SourceInstanceID: s3,
          ApprovalRuleID: perRule,
        },
      ],
    )
    expect(mixedGroups.status).toBe(400)
    expect(mixedGroups.body.Message).toMatch(/ApprovalRuleLinkGroupID/)
    const mixedSources = await as(
      'anne',
      company,
      'POST',
      'api/biz/ApprovalRuleLinks?action=insert-or-update-links-in-linkgroup',
      [
        {
          ApprovalRuleLinkGroupID: supplierGroup,
          SourceEntity: 0,
          SourceInstanceID: s2,
          ApprovalRuleID: perRule,
        },
        {
          ApprovalRuleLinkGroupID: supplierGroup,
          SourceEntity: 1,
          SourceInstanceID: project,
          ApprovalRuleID: perRule,
        },
      ],
    )
    expect(mixedSources.status).toBe(400)
    expect(mixedSources.body.Message).toMatch(/SourceEntity/)
    expect(await ruleIdFor(`supplierID=${s2}`)).toBeNull()

    const r = await as(
      'anne',
      company,
      'POST',
      'api/biz/ApprovalRuleLinks?action=insert-or-update-links-in-linkgroup',
      [
        {
          ApprovalRuleLinkGroupID: supplierGroup,
          SourceEntity: 0,
          SourceInstanceID: s1,
          ApprovalRuleID: siriRule,
        },
        {
          ApprovalRuleLinkGroupID: supplierGroup,
          SourceEntity: 0,
          SourceInstanceID: s2,
          ApprovalRuleID: perRule,
        },
      ],
    )
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(2)
    const links = (
      await as(
        'anne',
        company,
        'GET',
        `api/biz/approvalrulelinks?filter=ApprovalRuleLinkGroupID eq ${supplierGroup}`,
      )
    ).body
    expect(links).toHaveLength(2)
    expect(await ruleIdFor(`supplierID=${s1}`)).toBe(siriRule)
    expect(await ruleIdFor(`supplierID=${s2}`)).toBe(perRule)
  })

  it('try-auto-assign starts the flow of the linked rule', async () => {
    const inv = (
      await as('anne', company, 'POST', 'api/biz/supplierinvoices', {
        SupplierID: s2,
        TaxInclusiveAmount: 100,
      })
    ).body.ID
    const r = await as('anne', company, 'POST', `api/biz/supplierinvoices/${inv}?action=try-auto-assign`)
    expect(r.status).toBe(200)
    expect(r.body.ApprovalRuleID).toBe(perRule)
    expect(r.body.Approvals.map((a: { UserID: number }) => a.UserID)).toEqual([await userId(company, 'per')])
    expect((await invoice(company, inv)).StatusCode).toBe(30102)
    // The project's link wins over the supplier's when its group comes first.
    const viaProject = (
      await as('anne', company, 'POST', 'api/biz/supplierinvoices', {
        SupplierID: s2,
        DefaultDimensions: { _createguid: 'dim', ProjectID: project },
      })
    ).body.ID
    await as('anne', company, 'PUT', 'api/biz/approvalrulelinkgroups?action=bulk-save', [
      { ID: projectGroup, Priority: 0 },
    ])
    const second = await as(
      'anne',
      company,
      'POST',
      `api/biz/supplierinvoices/${viaProject}?action=try-auto-assign`,
    )
    expect(second.status).toBe(200)
    expect(second.body.ApprovalRuleID).toBe(siriRule)
  })
})
