// Files linked to entities (spec 2.13 "a file is linked to an entity by entity type and entity id", 4.5):
// which entity an attachment call names, the supplier-invoice status rule, and link, unlink and list.
// A locked entity refuses links through the entity-lock hook on FileEntityLink writes.
import { SupplierInvoiceStatus as SI } from '../../common/status.ts'
import { entityTypeOf } from '../domain/entity-locks.ts'
import { PlatformError } from '../errors.ts'
import { createEntity, deleteEntity, loadRow, type WriteContext } from '../model/write.ts'
import { getEntityById, type ReadContext } from '../query/index.ts'
import type { EntityDef } from '../registry/types.ts'

/** spec 4.5: files are attached to, linked to and removed from a supplier invoice only in these states. */
const ATTACHABLE_INVOICE_STATUSES: readonly number[] = [SI.Draft, SI.ForApproval, SI.Assigned]

export interface AttachmentTarget {
  entity: EntityDef
  id: number
}

function entityIdOf(raw: unknown): number {
  const text = String(raw ?? '').trim()
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2147483647)
    throw new PlatformError('BAD_REQUEST', `EntityID must be a positive whole number, got '${text}'`)
  return Number(text)
}

/** The existing entity an attachment call names, in the caller's company (400 unknown type, 404 no such row). */
export async function findTarget(
  ctx: Pick<WriteContext, 'sql' | 'registry' | 'companyId'>,
  rawType: unknown,
  rawId: unknown,
): Promise<AttachmentTarget & { row: Record<string, unknown> }> {
  const entity = entityTypeOf(ctx.registry, rawType)
  const id = entityIdOf(rawId)
  const row = await loadRow(ctx.sql, ctx, entity, id)
  if (!row) throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
  return { entity, id, row }
}

/** Like findTarget, and refuses a supplier invoice whose status does not allow attachment changes. */
export async function attachableTarget(
  ctx: Pick<WriteContext, 'sql' | 'registry' | 'companyId'>,
  rawType: unknown,
  rawId: unknown,
): Promise<AttachmentTarget> {
  const target = await findTarget(ctx, rawType, rawId)
  if (target.entity.name === 'SupplierInvoice') {
    const status = Number(target.row.StatusCode)
    if (!ATTACHABLE_INVOICE_STATUSES.includes(status)) {
      throw new PlatformError(
        'BAD_REQUEST',
        `Files can be attached to or removed from a supplier invoice only in status ${ATTACHABLE_INVOICE_STATUSES.join(', ')}; ` +
          `SupplierInvoice ${target.id} is in status ${status}`,
      )
    }
  }
  return { entity: target.entity, id: target.id }
}

async function requireFile(ctx: WriteContext, fileId: number): Promise<void> {
  if (!(await loadRow(ctx.sql, ctx, ctx.registry.require('File'), fileId)))
    throw new PlatformError('NOT_FOUND', `File ${fileId} was not found`)
}

async function linkIds(
  ctx: Pick<WriteContext, 'sql' | 'companyId'>,
  fileId: number | null,
  t: AttachmentTarget,
) {
  const { rows } = await ctx.sql.query<{ ID: number; FileID: number }>(
    `select "ID", "FileID" from "FileEntityLink"
      where "CompanyID" = $1 and "EntityType" = $2 and "EntityID" = $3 and "Deleted" = false
        and ($4::int is null or "FileID" = $4::int)
      order by "ID"`,
    [ctx.companyId, t.entity.name, t.id, fileId],
  )
  return rows
}

/** Links a file of the company to the target; linking it again answers the existing link. */
export async function linkFile(ctx: WriteContext, fileId: number, target: AttachmentTarget): Promise<number> {
  await requireFile(ctx, fileId)
  const existing = await linkIds(ctx, fileId, target)
  if (existing[0]) return existing[0].ID
  return createEntity(ctx, ctx.registry.require('FileEntityLink'), {
    FileID: fileId,
    EntityType: target.entity.name,
    EntityID: target.id,
    IsAttachment: true,
  })
}

export async function unlinkFile(ctx: WriteContext, fileId: number, target: AttachmentTarget): Promise<void> {
  const links = await linkIds(ctx, fileId, target)
  if (!links.length)
    throw new PlatformError(
      'NOT_FOUND',
      `File ${fileId} is not attached to ${target.entity.name} ${target.id}`,
    )
  const def = ctx.registry.require('FileEntityLink')
  for (const link of links) await deleteEntity(ctx, def, link.ID)
}

/** The files attached to an entity, in the order they were attached, as `GET files/{id}` shows them. */
export async function attachedFiles(
  rc: ReadContext,
  target: AttachmentTarget,
): Promise<Record<string, unknown>[]> {
  const links = await linkIds({ sql: rc.sql, companyId: rc.companyId }, null, target)
  const fileDef = rc.registry.require('File')
  const seen = new Set<number>()
  const files: Record<string, unknown>[] = []
  for (const link of links) {
    if (seen.has(link.FileID)) continue
    seen.add(link.FileID)
    const file = await getEntityById(rc, fileDef, link.FileID)
    if (file) files.push(file)
  }
  return files
}
