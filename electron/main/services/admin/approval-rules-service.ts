// The approval set-up of one company as an administrator edits it (spec 2.15, 4.8): rules with sequential
// steps (type, users, limit), thresholds, rule link groups, and which rule the platform chooses for a
// supplier and project. Every call carries its company; a refusal reaches the renderer as the ApiError of
// the client, whose field problems are paths in the body sent here (`Steps.2.Limit`), so the body keeps
// the editor's order of steps and puts removed children last.
//
// The spec documents only the writes (POST approvalrules, POST thresholds, PUT ApprovalRuleLinkGroups?
// action=bulk-save) and get-approvalruleid; the lists of rules, thresholds and groups, reading one back, and
// the project and department lists are not documented. A platform that does not offer a list (offered.ts)
// leaves the editor working: what this app creates is kept here per company from the writes' answers and
// shown in place of the list (`unlisted` names which), an existing rule or threshold is not changed (that
// would need reading it, or a PUT the documents do not give), and a group created in this session is saved
// again from its last answer.
import type {
  ApprovalRuleDraft,
  ApprovalRuleView,
  ApprovalSetup,
  LinkGroupDraft,
  LinkGroupView,
  RuleQuestion,
  SetupList,
  ThresholdDraft,
  ThresholdView,
} from '../../../../common/bridge/admin.ts'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import { UserStatus } from '../../../../common/status.ts'
import type { ApiClient, QueryOptions } from '../api/client.ts'
import { ApiError, ApiErrorCode, HttpStatus } from '../api/errors.ts'
import { ifOffered } from '../api/offered.ts'

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
/** An id in an answer, or null where the answer did not carry one. */
const idOf = (v: unknown): number | null => {
  const n = num(v)
  return n !== null && Number.isInteger(n) && n > 0 ? n : null
}

/** The code of a change this platform does not offer (the renderer shows the message as the refusal). */
export const NOT_OFFERED = 'NOT_OFFERED'

/** A write was made but its answer named no ID: saying so keeps the administrator from saving it twice. */
function unnamedAnswer(what: string): ApiError {
  return new ApiError(
    ApiErrorCode.InvalidResponse,
    `The platform saved the ${what} but its answer did not name it; it is not shown here until the platform lists it. Do not save it again.`,
    { status: HttpStatus.Ok, fields: [], reference: null },
  )
}

export function toRuleView(rule: Row): ApprovalRuleView {
  return {
    ID: Number(rule.ID),
    Description: str(rule.Description),
    Steps: rows(rule.Steps)
      .filter((s) => s.Deleted !== true)
      .sort(byStep)
      .map((s) => ({
        ID: idOf(s.ID),
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
        ID: idOf(l.ID),
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

/** What this app created for one company in this session, for a platform that does not list it. */
interface Created {
  unlisted: Set<SetupList>
  rules: Map<number, ApprovalRuleView>
  thresholds: Map<number, ThresholdView>
  groups: Map<number, LinkGroupView>
}

/** A new rule as its creation's answer names it: the answer's ID, and its steps where it carries them. */
function createdRuleView(answer: Row, draft: ApprovalRuleDraft): ApprovalRuleView {
  const id = idOf(answer.ID)
  if (id === null) throw unnamedAnswer('rule')
  const answered = toRuleView({ ...answer, ID: id })
  return {
    ID: id,
    Description: typeof answer.Description === 'string' ? answered.Description : draft.Description,
    Steps: Array.isArray(answer.Steps)
      ? answered.Steps
      : draft.Steps.map((step) => ({ ...step, UserIDs: [...step.UserIDs], ID: null })),
  }
}

/** The platform's business routes for one company, with its lists read page by page. */
function bizClient(api: ApiClient, companyKey: string) {
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
    get: <T>(path: string, query: QueryOptions = {}) => api.get<T>(`api/biz/${path}`, { companyKey, query }),
    put: <T>(path: string, body: unknown, query: QueryOptions = {}) =>
      api.put<T>(`api/biz/${path}`, body, { companyKey, query }),
    post: <T>(path: string, body: unknown, query: QueryOptions = {}) =>
      api.post<T>(`api/biz/${path}`, body, { companyKey, query }),
  }
}
type BizClient = ReturnType<typeof bizClient>

/** A rule as stored, with the IDs of its step users (to remove the ones the editor dropped). */
async function storedRule(c: BizClient, id: number): Promise<Row> {
  return c.get<Row>(`approvalrules/${id}`, { expand: 'Steps.Users' })
}

/**
 * The company's approval setup: its rules, thresholds and link groups where the platform lists them (else
 * what this app created in this session), and the users, roles, transitions, suppliers, projects and
 * departments they name. Notes in `memory` which lists the platform does not give.
 */
async function readSetup(c: BizClient, memory: Created): Promise<ApprovalSetup> {
  /** A list the documents do not give: null when the platform does not offer it. */
  const optional = (route: string, query: QueryOptions) => ifOffered(() => c.list(route, query))
  const [rules, thresholds, groups, users, roles, transitions, suppliers, projects, departments] =
    await Promise.all([
      optional('approvalrules', { expand: 'Steps.Users', orderby: 'ID' }),
      optional('thresholds', { orderby: 'ID' }),
      optional('approvalrulelinkgroups', { expand: 'Links', orderby: 'Priority,ID' }),
      c.list('users', { select: 'ID,DisplayName,Email', filter: `StatusCode eq ${UserStatus.Active}` }),
      c.list('roles', { select: 'ID,Name,Label', orderby: 'Name' }),
      c.list('transitions', { filter: "EntityType eq 'SupplierInvoice'", orderby: 'ID' }),
      c.list('suppliers', { expand: 'Info', filter: 'StatusCode eq 20001 OR StatusCode eq 30001' }),
      optional('projects', { select: 'ID,Name,ProjectNumber', orderby: 'ID' }),
      optional('departments', { select: 'ID,Name,DepartmentNumber', orderby: 'ID' }),
    ])
  const lists: [SetupList, unknown][] = [
    ['rules', rules],
    ['thresholds', thresholds],
    ['linkGroups', groups],
    ['projects', projects],
    ['departments', departments],
  ]
  memory.unlisted = new Set(lists.filter(([, list]) => list === null).map(([name]) => name))
  const named = (list: Row[], name: (r: Row) => string) =>
    list
      .map((r) => ({ ID: Number(r.ID), name: name(r) || `#${String(r.ID)}` }))
      .sort((a, b) => a.name.localeCompare(b.name, 'nb'))
  const numbered = (n: unknown, name: unknown) => [str(n), str(name)].filter(Boolean).join(' ')
  const byId = <T extends { ID: number }>(list: Iterable<T>) => [...list].sort((a, b) => a.ID - b.ID)
  return {
    rules: rules ? rules.map(toRuleView) : byId(memory.rules.values()),
    thresholds: thresholds ? thresholds.map(toThresholdView) : byId(memory.thresholds.values()),
    linkGroups: groups
      ? groups.map(toGroupView)
      : byId(memory.groups.values()).sort((a, b) => a.Priority - b.Priority),
    users: named(users, (u) => str(u.DisplayName) || str(u.Email)),
    roles: named(roles, (r) => str(r.Label) || str(r.Name)),
    transitions: transitions.map((t) => ({ ID: Number(t.ID), name: str(t.MethodName) })),
    suppliers: named(suppliers, (s) => str((s.Info as Row | undefined)?.Name)),
    projects: named(projects ?? [], (p) => numbered(p.ProjectNumber, p.Name)),
    departments: named(departments ?? [], (d) => numbered(d.DepartmentNumber, d.Name)),
    unlisted: lists.filter(([name]) => memory.unlisted.has(name)).map(([name]) => name),
  }
}

/** The bulk-save body of a link group: the draft's links, and the stored ones it dropped marked deleted. */
function linkGroupBody(draft: LinkGroupDraft, stored: LinkGroupView | null) {
  const kept = new Set(draft.Links.map((l) => l.ID).filter((id): id is number => id !== null))
  return {
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
      ...(stored?.Links ?? [])
        .filter((l) => l.ID !== null && !kept.has(l.ID))
        .map((l) => ({ ID: l.ID, Deleted: true })),
    ],
  }
}

/** A saved link group: what the answer carries wins; where it does not (spec: not shown), the draft. */
function savedGroupView(saved: Row | undefined, draft: LinkGroupDraft, id: number): LinkGroupView {
  return toGroupView({
    ...saved,
    ID: id,
    Name: str(saved?.Name) || draft.Name,
    SourceEntity: saved?.SourceEntity ?? draft.SourceEntity,
    Priority: saved?.Priority ?? draft.Priority,
    Links: Array.isArray(saved?.Links) ? saved.Links : draft.Links.map((l) => ({ ...l, ID: l.ID ?? null })),
  })
}

export function createApprovalRulesService(deps: { api(): Promise<ApiClient> }) {
  const created = new Map<string, Created>()
  const memoryOf = (companyKey: string): Created => {
    let memory = created.get(companyKey)
    if (!memory) {
      memory = { unlisted: new Set(), rules: new Map(), thresholds: new Map(), groups: new Map() }
      created.set(companyKey, memory)
    }
    return memory
  }
  const notOffered = (message: string) => new BridgeError(NOT_OFFERED, message)
  const client = async (companyKey: string) => bizClient(await deps.api(), companyKey)

  return {
    async setup(companyKey: string): Promise<ApprovalSetup> {
      return readSetup(await client(companyKey), memoryOf(companyKey))
    },

    async saveRule(companyKey: string, draft: ApprovalRuleDraft): Promise<ApprovalRuleView> {
      const c = await client(companyKey)
      const memory = memoryOf(companyKey)
      if (draft.ID === null) {
        const answer = await c.post<Row>('approvalrules', ruleBody(draft, null))
        const id = idOf(answer?.ID)
        // Read back where the platform lists rules; otherwise (or where it refuses) the answer is the rule.
        const stored =
          id !== null && !memory.unlisted.has('rules') ? await ifOffered(() => storedRule(c, id)) : null
        const view = stored ? toRuleView(stored) : createdRuleView(answer ?? {}, draft)
        memory.rules.set(view.ID, view)
        return view
      }
      if (memory.unlisted.has('rules'))
        throw notOffered(
          'This platform does not let the app read a rule back, so an existing rule cannot be changed here; create a new rule instead.',
        )
      const body = ruleBody(draft, await storedRule(c, draft.ID))
      await c.put<Row>(`approvalrules/${draft.ID}`, body)
      return toRuleView(await storedRule(c, draft.ID))
    },

    async saveThreshold(companyKey: string, draft: ThresholdDraft): Promise<ThresholdView> {
      const c = await client(companyKey)
      const memory = memoryOf(companyKey)
      const { ID, ...fields } = draft
      if (ID === null) {
        const answer = await c.post<Row>('thresholds', fields)
        const id = idOf(answer?.ID)
        if (id === null) throw unnamedAnswer('threshold')
        // The answer's fields where it carries them (spec: the creation's answer body is not shown).
        const view = toThresholdView({ ...fields, ...answer, ID: id })
        memory.thresholds.set(id, view)
        return view
      }
      // Changing a threshold is a PUT the documents do not give; offered only where the platform lists them.
      if (memory.unlisted.has('thresholds'))
        throw notOffered(
          'This platform does not list thresholds, so an existing threshold cannot be changed here.',
        )
      return toThresholdView(await c.put<Row>(`thresholds/${ID}`, fields))
    },

    async saveLinkGroup(companyKey: string, draft: LinkGroupDraft): Promise<LinkGroupView> {
      const c = await client(companyKey)
      const memory = memoryOf(companyKey)
      let stored: LinkGroupView | null = null
      if (draft.ID !== null && memory.unlisted.has('linkGroups')) {
        // Not listed: a group this app created in this session is saved again from its last answer.
        stored = memory.groups.get(draft.ID) ?? null
        if (!stored)
          throw notOffered(
            'This platform does not list rule link groups, so a group made earlier cannot be changed here.',
          )
      } else if (draft.ID !== null) {
        stored = toGroupView(await c.get<Row>(`approvalrulelinkgroups/${draft.ID}`, { expand: 'Links' }))
      }
      const body = linkGroupBody(draft, stored)
      // spec 4.8: PUT ApprovalRuleLinkGroups/?action=bulk-save with an array of groups and their Links.
      const answer = await c.put<unknown>('ApprovalRuleLinkGroups/', [body], { action: 'bulk-save' })
      const saved = (Array.isArray(answer) ? answer[0] : answer) as Row | undefined
      const id = idOf(saved?.ID) ?? draft.ID
      if (id === null) throw unnamedAnswer('rule link group')
      const view = savedGroupView(saved, draft, id)
      memory.groups.set(id, view)
      return view
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
