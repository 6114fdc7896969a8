// The approval rules editor's service against the platform as documented (spec 4.8 gives the writes of
// rules, thresholds and rule link groups and get-approvalruleid, and no list of any of them): the editor
// opens, names the lists it could not read, creates a rule, a threshold and a supplier's link from the
// documented writes, shows what it created in this session, asks the platform which rule applies, and
// refuses to change what it cannot read back, without asking the platform for anything else.
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { useDemoClients } from '../../support/demo-clients.ts'
import {
  createApprovalRulesService,
  NOT_OFFERED,
} from '../../../electron/main/services/admin/approval-rules-service.ts'
import type { ApprovalSetup } from '../../../common/bridge/admin.ts'

const key: string = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne'], { start: { platformOptions: { surface: 'documented' } } })
let rules: ReturnType<typeof createApprovalRulesService>
let setup: ApprovalSetup

beforeAll(async () => {
  rules = createApprovalRulesService({ api: async () => demo.clients.anne! })
})

const userId = (name: string) => setup.users.find((u) => u.name === name)!.ID
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as { code: string; message: string },
  )
/** Undocumented routes the platform was asked for (each once per route shape). */
const undocumentedRoutes = () =>
  demo.platform.platform
    .undocumented!.uses.filter((u) => u.kind === 'route')
    .map((u) => `${u.method} ${u.route}`)

describe('approval rules on a platform that does not list them', () => {
  it('opens with the documented lists and names the ones it could not read', async () => {
    setup = await rules.setup(key)
    expect(setup.unlisted).toEqual(['rules', 'thresholds', 'linkGroups', 'projects', 'departments'])
    // The demo company has a rule, but this platform does not list it: nothing earlier is shown.
    expect(setup.rules).toEqual([])
    expect(setup.thresholds).toEqual([])
    expect(setup.linkGroups).toEqual([])
    expect(setup.users.map((u) => u.name)).toContain('Anne Accountant')
    expect(setup.transitions.map((t) => t.name)).toContain('journal')
    expect(setup.suppliers.length).toBeGreaterThan(1)
  })

  it('creates a rule, a threshold and a supplier link, and shows them when opened again', async () => {
    const rule = await rules.saveRule(key, {
      ID: null,
      Description: 'Byggeprosjekter',
      Steps: [
        { ID: null, ApprovalType: 1, UserIDs: [userId('Per Approver')], Limit: null },
        { ID: null, ApprovalType: 0, UserIDs: [userId('Anne Accountant')], Limit: 50_000 },
      ],
    })
    expect(rule.ID).toBeGreaterThan(0)
    expect(rule.Description).toBe('Byggeprosjekter')
    expect(rule.Steps.map((s) => [s.ApprovalType, s.UserIDs, s.Limit])).toEqual([
      [1, [userId('Per Approver')], null],
      [0, [userId('Anne Accountant')], 50_000],
    ])

    const threshold = await rules.saveThreshold(key, {
      ID: null,
      PropertyName: 'TaxInclusiveAmount',
      Operator: 1,
      Value: '100000',
      SharedApproveTransitionId: setup.transitions.find((t) => t.name === 'journal')!.ID,
      SharedRoleId: setup.roles.find((r) => r.name === 'Administrator')!.ID,
    })
    expect(threshold.ID).toBeGreaterThan(0)

    const [first, second] = setup.suppliers
    const group = await rules.saveLinkGroup(key, {
      ID: null,
      Name: 'Leverandører',
      SourceEntity: 0,
      Priority: 0,
      Links: [{ ID: null, SourceInstanceID: first!.ID, ApprovalRuleID: rule.ID }],
    })
    expect(group.ID).toBeGreaterThan(0)
    expect(group.Links.map((l) => [l.SourceInstanceID, l.ApprovalRuleID])).toEqual([[first!.ID, rule.ID]])
    // The platform's own choice for the supplier (get-approvalruleid, documented).
    expect(await rules.ruleFor(key, { supplierID: first!.ID, projectID: null })).toBe(rule.ID)
    expect(await rules.ruleFor(key, { supplierID: second!.ID, projectID: null })).not.toBe(rule.ID)

    // A group made in this session takes another link: saved again from its last answer, not read back.
    const grown = await rules.saveLinkGroup(key, {
      ...group,
      Links: [...group.Links, { ID: null, SourceInstanceID: second!.ID, ApprovalRuleID: rule.ID }],
    })
    expect(grown.ID).toBe(group.ID)
    expect(grown.Links.map((l) => l.SourceInstanceID).sort()).toEqual([first!.ID, second!.ID].sort())
    expect(await rules.ruleFor(key, { supplierID: second!.ID, projectID: null })).toBe(rule.ID)

    const again = await rules.setup(key)
    expect(again.rules).toEqual([rule])
    expect(again.thresholds).toEqual([threshold])
    expect(again.linkGroups).toEqual([grown])
    expect(again.unlisted).toContain('rules')
  })

  it('does not change a rule or threshold it cannot read back, and says why', async () => {
    const [rule] = (await rules.setup(key)).rules
    const [threshold] = (await rules.setup(key)).thresholds
    const ruleRefused = await refusal(rules.saveRule(key, { ...rule!, Description: 'Endret' }))
    expect(ruleRefused?.code).toBe(NOT_OFFERED)
    expect(ruleRefused?.message).toMatch(/read a rule back/)
    const thresholdRefused = await refusal(rules.saveThreshold(key, { ...threshold!, Value: '250000' }))
    expect(thresholdRefused?.code).toBe(NOT_OFFERED)
    const groupRefused = await refusal(
      rules.saveLinkGroup(key, { ID: 999_999, Name: 'Eldre', SourceEntity: 0, Priority: 1, Links: [] }),
    )
    expect(groupRefused?.code).toBe(NOT_OFFERED)
  })

  it('asked the platform for no undocumented route but the lists it tried once each', () => {
    expect(undocumentedRoutes().sort()).toEqual(
      [
        'GET api/biz/approvalrulelinkgroups',
        'GET api/biz/approvalrules',
        'GET api/biz/departments',
        'GET api/biz/projects',
        'GET api/biz/thresholds',
      ].sort(),
    )
    const puts = demo.platform.platform.undocumented!.uses.filter(
      (u) => u.method === 'PUT' && /threshold|approvalrules\//i.test(u.route),
    )
    expect(puts).toEqual([])
  })
})
