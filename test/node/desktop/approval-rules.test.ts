// The approval set-up of Nordlys Bakeri AS as Anne (its administrator) edits it, against the real local
// platform: the demo rule with its two steps, a third step refused on its limit and then saved, a step's
// users changed and a step removed, a threshold, and rule link groups whose priority decides which rule
// the platform chooses for a supplier and a project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { ApiError } from '../../../electron/main/services/api/errors.ts'
import { createApprovalRulesService } from '../../../electron/main/services/admin/approval-rules-service.ts'
import type { ApprovalSetup } from '../../../common/bridge/admin.ts'

let p: TestPlatform
let rules: ReturnType<typeof createApprovalRulesService>
const key = DEMO_COMPANIES.nordlys.key
let setup: ApprovalSetup

beforeAll(async () => {
  p = await startTestPlatform()
  const grant = { accessToken: await p.token(DEMO_USERS.anne.email), apiBaseUrl: p.urls.base }
  const api = createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
  rules = createApprovalRulesService({ api: async () => api })
  setup = await rules.setup(key)
})
afterAll(() => p?.close())

const userId = (name: string) => setup.users.find((u) => u.name === name)!.ID
const demoRule = () => setup.rules.find((r) => r.Steps.length === 2)!

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('approval rules of a company', () => {
  it('reads the demo rule with its steps, the users, roles, transitions, suppliers and projects', () => {
    const rule = demoRule()
    expect(rule.Steps.map((s) => s.UserIDs)).toEqual([[userId('Per Approver')], [userId('Anne Accountant')]])
    expect(rule.Steps.every((s) => s.ApprovalType === 1)).toBe(true)
    expect(setup.roles.map((r) => r.name)).toContain('Administrator')
    expect(setup.transitions.map((t) => t.name)).toEqual(
      expect.arrayContaining(['journal', 'sendForPayment']),
    )
    expect(setup.suppliers.length).toBeGreaterThan(1)
    expect(setup.projects.length).toBeGreaterThan(0)
  })

  it('refuses a step whose limit the platform cannot hold, on that step, and saves it once fixed', async () => {
    const rule = demoRule()
    const third = { ID: null, ApprovalType: 0 as const, UserIDs: [userId('Siri Substitute')], Limit: 1e12 }
    const error = await refusal(rules.saveRule(key, { ...rule, Steps: [...rule.Steps, third] }))
    expect(error.code).toBe('API_VALIDATION')
    expect(error.fields.map((f) => f.field)).toEqual(['Steps.2.Limit'])
    // Nothing of the refused write was kept.
    expect((await rules.setup(key)).rules.find((r) => r.ID === rule.ID)!.Steps).toHaveLength(2)

    const saved = await rules.saveRule(key, { ...rule, Steps: [...rule.Steps, { ...third, Limit: 50_000 }] })
    expect(saved.Steps.map((s) => [s.ApprovalType, s.UserIDs, s.Limit])).toEqual([
      [1, [userId('Per Approver')], null],
      [1, [userId('Anne Accountant')], null],
      [0, [userId('Siri Substitute')], 50_000],
    ])
  })

  it('names an unknown user on the step that holds it', async () => {
    const rule = (await rules.setup(key)).rules.find((r) => r.ID === demoRule().ID)!
    const steps = rule.Steps.map((s, i) => (i === 1 ? { ...s, UserIDs: [...s.UserIDs, 999_999] } : s))
    const error = await refusal(rules.saveRule(key, { ...rule, Steps: steps }))
    expect(error.fields.map((f) => f.field)).toEqual([
      expect.stringMatching(/^Steps\.1\.Users\.\d+\.UserID$/),
    ])
  })

  it("changes a step's users and removes a step", async () => {
    const rule = (await rules.setup(key)).rules.find((r) => r.ID === demoRule().ID)!
    const steps = [
      { ...rule.Steps[0]!, UserIDs: [userId('Siri Substitute'), userId('Per Approver')] },
      rule.Steps[2]!,
    ]
    const saved = await rules.saveRule(key, { ...rule, Description: 'To trinn', Steps: steps })
    expect(saved.Description).toBe('To trinn')
    expect(saved.Steps.map((s) => [s.ID, [...s.UserIDs].sort()])).toEqual([
      [rule.Steps[0]!.ID, [userId('Siri Substitute'), userId('Per Approver')].sort()],
      [rule.Steps[2]!.ID, [userId('Siri Substitute')]],
    ])
  })

  it('creates a rule and a threshold, and changes the threshold', async () => {
    const created = await rules.saveRule(key, {
      ID: null,
      Description: 'Byggeprosjekter',
      Steps: [{ ID: null, ApprovalType: 1, UserIDs: [userId('Anne Accountant')], Limit: null }],
    })
    expect(created.Steps).toHaveLength(1)
    const journal = setup.transitions.find((t) => t.name === 'journal')!.ID
    const admin = setup.roles.find((r) => r.name === 'Administrator')!.ID
    const threshold = await rules.saveThreshold(key, {
      ID: null,
      PropertyName: 'TaxInclusiveAmount',
      Operator: 1,
      Value: '100000',
      SharedApproveTransitionId: journal,
      SharedRoleId: admin,
    })
    const changed = await rules.saveThreshold(key, { ...threshold, Value: '250000' })
    expect(changed).toEqual({ ...threshold, Value: '250000' })
    expect((await rules.setup(key)).thresholds).toContainEqual(changed)
  })

  it('links a supplier and a project to rules; the group with the lower priority decides', async () => {
    const now = await rules.setup(key)
    const [first, second] = now.rules
    const supplier = now.suppliers[0]!.ID
    const project = now.projects[0]!.ID
    expect(await rules.ruleFor(key, { supplierID: supplier, projectID: null })).toBeNull()

    const suppliers = await rules.saveLinkGroup(key, {
      ID: null,
      Name: 'Leverandører',
      SourceEntity: 0,
      Priority: 1,
      Links: [{ ID: null, SourceInstanceID: supplier, ApprovalRuleID: first!.ID }],
    })
    expect(await rules.ruleFor(key, { supplierID: supplier, projectID: project })).toBe(first!.ID)

    const projects = await rules.saveLinkGroup(key, {
      ID: null,
      Name: 'Prosjekter',
      SourceEntity: 1,
      Priority: 0,
      Links: [{ ID: null, SourceInstanceID: project, ApprovalRuleID: second!.ID }],
    })
    expect(await rules.ruleFor(key, { supplierID: supplier, projectID: project })).toBe(second!.ID)
    expect(await rules.ruleFor(key, { supplierID: supplier, projectID: null })).toBe(first!.ID)

    // Removing the project's link hands the choice back to the supplier's group.
    const emptied = await rules.saveLinkGroup(key, { ...projects, Links: [] })
    expect(emptied.Links).toEqual([])
    expect(await rules.ruleFor(key, { supplierID: supplier, projectID: project })).toBe(first!.ID)
    expect((await rules.setup(key)).linkGroups.map((g) => g.ID)).toEqual(
      expect.arrayContaining([suppliers.ID, projects.ID]),
    )
  })
})
