// Rule link groups (spec 2.15, 4.8): a group links suppliers, projects or departments
// (SourceEntity 0, 1, 2) to approval rules; of the groups that hold a link for the invoice's
// supplier, project or department, the one with the lowest Priority (0 first) chooses the rule.
import { PlatformError } from '../../errors.ts'
import type { ActionDef, ActionRequest } from '../../model/hooks.ts'
import { idValue, num, one, prop } from './model.ts'

type Row = Record<string, unknown>

const SOURCE_NAMES = ['supplierID', 'projectID', 'departmentID'] as const

function arrayBody(req: ActionRequest, what: string): unknown[] {
  const body = Array.isArray(req.body)
    ? req.body
    : req.body && typeof req.body === 'object'
      ? [req.body]
      : null
  if (!body || !body.length) throw new PlatformError('BAD_REQUEST', `Send an array of ${what}`)
  return body
}

/** `PUT ApprovalRuleLinkGroups?action=bulk-save`: creates or updates (by ID) each group with its Links. */
export const bulkSave: ActionDef = {
  methods: ['PUT', 'POST'],
  target: 'collection',
  async handler(req) {
    const groups = arrayBody(req, 'ApprovalRuleLinkGroups with their Links')
    const entity = req.registry.require('ApprovalRuleLinkGroup')
    const ids: number[] = []
    for (const g of groups) {
      const id = idValue(prop(g, 'ID'))
      if (id !== undefined) {
        await req.api.update(entity, id, g)
        ids.push(id)
      } else ids.push(await req.api.create(entity, g))
    }
    return Promise.all(ids.map((id) => req.api.read(entity, id, { expand: 'Links' })))
  },
}

/**
 * `POST ApprovalRuleLinks?action=insert-or-update-links-in-linkgroup` (spec 8: the links of one
 * request share one link group and one source entity). A link with an ID is updated; one without is
 * matched to the group's link for the same SourceInstanceID, else created.
 */
export const insertOrUpdateLinks: ActionDef = {
  methods: ['POST', 'PUT'],
  target: 'collection',
  async handler(req) {
    const links = arrayBody(req, 'ApprovalRuleLinks')
    const groupIds = new Set(links.map((l) => String(num(prop(l, 'ApprovalRuleLinkGroupID')))))
    const sources = new Set(links.map((l) => String(num(prop(l, 'SourceEntity')))))
    if (groupIds.size !== 1 || groupIds.has('null')) {
      throw new PlatformError(
        'BAD_REQUEST',
        'All links must have the same ApprovalRuleLinkGroupID (one link group per request)',
      )
    }
    if (sources.size !== 1 || sources.has('null')) {
      throw new PlatformError(
        'BAD_REQUEST',
        'All links must have the same SourceEntity (one source entity per request)',
      )
    }
    const groupId = Number([...groupIds][0])
    const sourceEntity = Number([...sources][0])
    const group = await one<{ SourceEntity: number | null }>(
      req.sql,
      `select "SourceEntity" from "ApprovalRuleLinkGroup" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
      [req.companyId, groupId],
    )
    if (!group) throw new PlatformError('BAD_REQUEST', `ApprovalRuleLinkGroup ${groupId} was not found`)
    if (group.SourceEntity !== null && Number(group.SourceEntity) !== sourceEntity) {
      throw new PlatformError(
        'BAD_REQUEST',
        `SourceEntity ${sourceEntity} differs from the SourceEntity ${group.SourceEntity} of link group ${groupId}`,
      )
    }
    const entity = req.registry.require('ApprovalRuleLink')
    const ids: number[] = []
    for (const link of links) {
      let id = idValue(prop(link, 'ID'))
      if (id === undefined) {
        const existing = await one<{ ID: number }>(
          req.sql,
          `select "ID" from "ApprovalRuleLink"
            where "CompanyID" = $1 and "ApprovalRuleLinkGroupID" = $2 and "SourceInstanceID" = $3 and "Deleted" = false
            order by "ID" limit 1`,
          [req.companyId, groupId, num(prop(link, 'SourceInstanceID'))],
        )
        id = existing?.ID
      }
      if (id !== undefined) {
        await req.api.update(entity, id, { ...(link as Row), ID: id })
        ids.push(id)
      } else ids.push(await req.api.create(entity, link))
    }
    return Promise.all(ids.map((id) => req.api.read(entity, id)))
  },
}

/** The rule chosen for a supplier, project and department by group Priority (0 first), or null. */
export async function ruleFor(
  req: Pick<ActionRequest, 'sql' | 'companyId'>,
  ids: { supplierID?: number; projectID?: number; departmentID?: number },
): Promise<number | null> {
  const bySource = SOURCE_NAMES.map((n) => ids[n] ?? null)
  const row = await one<{ ApprovalRuleID: number }>(
    req.sql,
    `select l."ApprovalRuleID"
       from "ApprovalRuleLink" l
       join "ApprovalRuleLinkGroup" g on g."CompanyID" = l."CompanyID" and g."ID" = l."ApprovalRuleLinkGroupID"
       join "ApprovalRule" r on r."CompanyID" = l."CompanyID" and r."ID" = l."ApprovalRuleID" and r."Deleted" = false
      where l."CompanyID" = $1 and l."Deleted" = false and g."Deleted" = false
        and l."SourceInstanceID" = (case coalesce(l."SourceEntity", g."SourceEntity")
              when 0 then $2::int when 1 then $3::int when 2 then $4::int end)
      order by coalesce(g."Priority", 0), g."ID", l."ID"
      limit 1`,
    [req.companyId, ...bySource],
  )
  return row ? Number(row.ApprovalRuleID) : null
}

/** `GET ApprovalRuleLinks?action=get-approvalruleid&projectID=&supplierID=&departmentID=`. */
export const getApprovalRuleId: ActionDef = {
  methods: ['GET'],
  target: 'collection',
  async handler(req) {
    const ids: Record<string, number | undefined> = {}
    for (const name of SOURCE_NAMES) {
      const raw = req.query[name.toLowerCase()]
      if (raw === undefined || raw === '' || raw === 'null') continue
      const id = idValue(raw)
      if (id === undefined) throw new PlatformError('BAD_REQUEST', `${name} must be an id, not '${raw}'`)
      ids[name] = id
    }
    return ruleFor(req, ids)
  },
}
