// The approval set-up of one company as an administrator edits it (spec 2.15, 4.8): rules with sequential
// steps (type, users, limit), thresholds, rule link groups, and which rule the platform chooses for a
// supplier and project. Every call carries its company; a refusal reaches the renderer as the ApiError of
// the client, whose field problems are paths in the body sent here (`Steps.2.Limit`), so the body keeps
// the editor's order of steps and puts removed children last.
import type {
  ApprovalRuleDraft,
  ApprovalRuleView,
  ApprovalSetup,
  LinkGroupDraft,
  LinkGroupView,
  RuleQuestion,
  ThresholdDraft,
  ThresholdView,
} from '../../../../common/bridge/admin.ts'
import { UserStatus } from '../../../../common/status.ts'
import type { ApiClient, QueryOptions } from '../api/client.ts'

type Row = Record<string, unknown>

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : [])
const byStep = (a: Row, b: Row) => (num(a.StepNumber) ?? 0) - (num(b.StepNumber) ?? 0)
/** A new nested object is created when it carries `_createguid` (spec, conventions). */
const createGuid = () => ({ _createguid: crypto.randomUUID() })
/** No default page size is documented (field notes): lists are read a thousand rows at a time. */
const PAGE = 1000

export function toRuleView(rule: Row): ApprovalRuleView {
  return {
    ID: Number(rule.ID),
    Description: str(rule.Description),
    Steps: rows(rule.Steps)
      .filter((s) => s.Deleted !== true)
      .sort(byStep)
      .map((s) => ({
        ID: Number(s.ID),
        ApprovalType: num(s.ApprovalType) === 0 ? 0 : 1,
        UserIDs: rows(s.Users)
          .filter((u) => u.Deleted !== true)
          .map((u) => Number(u.UserID)),
        Limit: num(s.Limit),
      })),
  }
}

function toThresholdView(t: Row): ThresholdView {
  return {
    ID: Number(t.ID),
    PropertyName: str(t.PropertyName),
    Operator: num(t.Operator) ?? 0,
    Value: str(t.Value),
    SharedApproveTransitionId: Number(t.SharedApproveTransitionId),
    SharedRoleId: num(t.SharedRoleId),
  }
}

function toGroupView(g: Row): LinkGroupView {
  const source = num(g.SourceEntity)
  return {
    ID: Number(g.ID),
    Name: str(g.Name),
    SourceEntity: source === 1 ? 1 : source === 2 ? 2 : 0,
    Priority: num(g.Priority) ?? 0,
    Links: rows(g.Links)
      .filter((l) => l.Deleted !== true)
      .map((l) => ({
        ID: Number(l.ID),
        SourceInstanceID: Number(l.SourceInstanceID),
        ApprovalRuleID: Number(l.ApprovalRuleID),
      })),
  }
}

/**
 * The rule as the platform's graph write wants it (`stored`: the rule as read with `Steps.Users`): steps in
 * the editor's order, a kept step's users by their link rows, and removed steps and users after the rest.
 */
export function ruleBody(draft: ApprovalRuleDraft, stored: Row | null): Row {
  const storedSteps = new Map(
    rows(stored?.Steps)
      .filter((s) => s.Deleted !== true)
      .map((s) => [Number(s.ID), rows(s.Users).filter((u) => u.Deleted !== true)]),
  )
  const steps: Row[] = draft.Steps.map((step, i) => {
    const before = step.ID !== null ? storedSteps.get(step.ID) : undefined
    const keep = (before ?? []).filter((u) => step.UserIDs.includes(Number(u.UserID)))
    const users = [
      ...step.UserIDs.map((UserID) => {
        const existing = keep.find((u) => Number(u.UserID) === UserID)
        return existing ? { ID: Number(existing.ID), UserID } : { ...createGuid(), UserID }
      }),
      ...(before ?? []).filter((u) => !keep.includes(u)).map((u) => ({ ID: Number(u.ID), Deleted: true })),
    ]
    return {
      ...(before ? { ID: step.ID } : createGuid()),
      StepNumber: i + 1,
      ApprovalType: step.ApprovalType,
      Limit: step.Limit,
      Users: users,
    }
  })
  const kept = new Set(draft.Steps.map((s) => s.ID))
  for (const id of storedSteps.keys()) if (!kept.has(id)) steps.push({ ID: id, Deleted: true })
  return { ...(stored ? { ID: Number(stored.ID) } : {}), Description: draft.Description, Steps: steps }
}

export function createApprovalRulesService(deps: { api(): Promise<ApiClient> }) {
  async function client(companyKey: string) {
    const api = await deps.api()
    return {
      async list(route: string, query: QueryOptions = {}): Promise<Row[]> {
        const out: Row[] = []
        for (let skip = 0; ; skip += PAGE) {
          const page = await api.get<Row[]>(`api/biz/${route}`, {
            companyKey,
            query: { ...query, top: PAGE, ...(skip ? { skip } : {}) },
          })
          out.push(...rows(page))
          if (rows(page).length < PAGE) return out
        }
      },
      get: <T>(path: string, query: QueryOptions = {}) =>
        api.get<T>(`api/biz/${path}`, { companyKey, query }),
      put: <T>(path: string, body: unknown, query: QueryOptions = {}) =>
        api.put<T>(`api/biz/${path}`, body, { companyKey, query }),
      post: <T>(path: string, body: unknown, query: QueryOptions = {}) =>
        api.post<T>(`api/biz/${path}`, body, { companyKey, query }),
    }
  }

  /** A rule as stored, with the IDs of its step users (to remove the ones the editor dropped). */
  async function storedRule(c: Awaited<ReturnType<typeof client>>, id: number): Promise<Row> {
    return c.get<Row>(`approvalrules/${id}`, { expand: 'Steps.Users' })
  }

  return {
    async setup(companyKey: string): Promise<ApprovalSetup> {
      const c = await client(companyKey)
      const [rules, thresholds, groups, users, roles, transitions, suppliers, projects, departments] =
        await Promise.all([
          c.list('approvalrules', { expand: 'Steps.Users', orderby: 'ID' }),
          c.list('thresholds', { orderby: 'ID' }),
          c.list('approvalrulelinkgroups', { expand: 'Links', orderby: 'Priority,ID' }),
          c.list('users', { select: 'ID,DisplayName,Email', filter: `StatusCode eq ${UserStatus.Active}` }),
          c.list('roles', { select: 'ID,Name,Label', orderby: 'Name' }),
          c.list('transitions', { filter: "EntityType eq 'SupplierInvoice'", orderby: 'ID' }),
          c.list('suppliers', { expand: 'Info', filter: 'StatusCode eq 20001 OR StatusCode eq 30001' }),
          c.list('projects', { select: 'ID,Name,ProjectNumber', orderby: 'ID' }),
          c.list('departments', { select: 'ID,Name,DepartmentNumber', orderby: 'ID' }),
        ])
      const named = (list: Row[], name: (r: Row) => string) =>
        list
          .map((r) => ({ ID: Number(r.ID), name: name(r) || `#${String(r.ID)}` }))
          .sort((a, b) => a.name.localeCompare(b.name, 'nb'))
      const numbered = (n: unknown, name: unknown) => [str(n), str(name)].filter(Boolean).join(' ')
      return {
        rules: rules.map(toRuleView),
        thresholds: thresholds.map(toThresholdView),
        linkGroups: groups.map(toGroupView),
        users: named(users, (u) => str(u.DisplayName) || str(u.Email)),
        roles: named(roles, (r) => str(r.Label) || str(r.Name)),
        transitions: transitions.map((t) => ({ ID: Number(t.ID), name: str(t.MethodName) })),
        suppliers: named(suppliers, (s) => str((s.Info as Row | undefined)?.Name)),
        projects: named(projects, (p) => numbered(p.ProjectNumber, p.Name)),
        departments: named(departments, (d) => numbered(d.DepartmentNumber, d.Name)),
      }
    },

    async saveRule(companyKey: string, draft: ApprovalRuleDraft): Promise<ApprovalRuleView> {
      const c = await client(companyKey)
      if (draft.ID === null) {
        const created = await c.post<Row>('approvalrules', ruleBody(draft, null))
        return toRuleView(await storedRule(c, Number(created.ID)))
      }
      const body = ruleBody(draft, await storedRule(c, draft.ID))
      await c.put<Row>(`approvalrules/${draft.ID}`, body)
      return toRuleView(await storedRule(c, draft.ID))
    },

    async saveThreshold(companyKey: string, draft: ThresholdDraft): Promise<ThresholdView> {
      const c = await client(companyKey)
      const { ID, ...fields } = draft
      const saved =
        ID === null ? await c.post<Row>('thresholds', fields) : await c.put<Row>(`thresholds/${ID}`, fields)
      return toThresholdView(saved)
    },

    async saveLinkGroup(companyKey: string, draft: LinkGroupDraft): Promise<LinkGroupView> {
      const c = await client(companyKey)
      const stored =
        draft.ID === null
          ? null
          : toGroupView(await c.get<Row>(`approvalrulelinkgroups/${draft.ID}`, { expand: 'Links' }))
      const kept = new Set(draft.Links.map((l) => l.ID).filter((id): id is number => id !== null))
      const body = {
        ...(draft.ID === null ? {} : { ID: draft.ID }),
        Name: draft.Name,
        SourceEntity: draft.SourceEntity,
        Priority: draft.Priority,
        Links: [
          ...draft.Links.map((l) => ({
            ...(l.ID === null ? createGuid() : { ID: l.ID }),
            SourceEntity: draft.SourceEntity,
            SourceInstanceID: l.SourceInstanceID,
            ApprovalRuleID: l.ApprovalRuleID,
          })),
          ...(stored?.Links ?? []).filter((l) => !kept.has(l.ID)).map((l) => ({ ID: l.ID, Deleted: true })),
        ],
      }
      // spec 4.8: PUT ApprovalRuleLinkGroups/?action=bulk-save with an array of groups and their Links.
      const [saved] = await c.put<Row[]>('ApprovalRuleLinkGroups/', [body], { action: 'bulk-save' })
      return toGroupView(saved ?? {})
    },

    async ruleFor(companyKey: string, question: RuleQuestion): Promise<number | null> {
      const c = await client(companyKey)
      const answer = await c.get<unknown>('ApprovalRuleLinks', {
        action: 'get-approvalruleid',
        ...(question.projectID !== null ? { projectID: question.projectID } : {}),
        ...(question.supplierID !== null ? { supplierID: question.supplierID } : {}),
      })
      return num(answer)
    },
  }
}
