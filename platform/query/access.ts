// The read side of the access declarations (registry/access.ts) for one read context: every path of
// the query engine (list, get, expand, select, filter, orderby, statistics model/join/expand) asks
// here before it touches a model, and gets the same 403 whichever path it took.
import { accessDenied, grantOf, secretRefused } from '../registry/access.ts'
import type { EntityDef, FieldDef } from '../registry/types.ts'
import type { ReadContext } from './types.ts'

/**
 * What the reader may see of a model: `all` rows of the company or `own` rows (addressed to them).
 * Throws the 403 when the reader may not read the model. The platform's own reads (no viewer) see all.
 */
export function readGrant(ctx: ReadContext, entity: EntityDef, via?: string): 'all' | 'own' {
  if (!ctx.viewer) return 'all'
  const grant = grantOf(entity, 'read', ctx.viewer.roles)
  if (grant === 'none') throw accessDenied(entity, 'read', via)
  return grant
}

/** The field may appear in a query (select, filter, orderby, join, having): not write-only. */
export function assertQueryable(entity: EntityDef, field: FieldDef, where: string): void {
  if (field.secret) throw secretRefused(entity, field, where)
}

/** The SQL condition limiting `alias` to rows addressed to the viewer, or '' when all rows are visible. */
export function ownRowsCondition(
  ctx: ReadContext,
  entity: EntityDef,
  alias: string,
  param: (value: unknown, cast: string) => string,
  via?: string,
): string {
  if (readGrant(ctx, entity, via) === 'all' || !entity.ownerField || !ctx.viewer) return ''
  return `${alias}."${entity.ownerField}" = ${param(ctx.viewer.globalIdentity, 'uuid')}`
}
