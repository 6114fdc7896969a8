// Comments on any entity (field notes "Approvals": the comment that accompanies a rejection is posted
// separately): `POST /api/biz/comments/{EntityType}/{EntityID}` with `{ Text }` creates one written by the
// caller; `GET` on the same path lists them, oldest first. The entity must exist in the caller's company.
// On every write path (this route, the generic comments routes with one object or an array, any action) a
// comment's author is the member who writes it, and only its author or an administrator of the company
// changes or deletes it.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PlatformError } from '../errors.ts'
import type { HookSet } from '../model/hooks.ts'
import { createEntity, loadRow } from '../model/write.ts'
import { getEntityById, listEntities, parseListOptions } from '../query/index.ts'
import { queryParam } from '../query/options.ts'
import { readContext, tenantOf, writeContext, type PlatformContext } from '../routes/context.ts'
import { rolesOf } from '../tenancy/roles.ts'
import { entityTypeOf } from './entity-locks.ts'

type Params = { entityType: string; entityId: string }

function entityIdOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2147483647)
    throw new PlatformError('NOT_FOUND', `No entity with id '${raw}'`)
  return Number(raw)
}

function textOf(body: unknown): string {
  const obj =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const key = Object.keys(obj).find((k) => k.toLowerCase() === 'text')
  const text = key === undefined ? undefined : obj[key]
  if (typeof text !== 'string' || text.trim() === '') {
    const message = 'Text is required: send { "Text": "..." }'
    throw new PlatformError('VALIDATION', message, {
      validationResults: { Text: [{ PropertyName: 'Text', EntityType: 'Comment', Message: message }] },
    })
  }
  return text
}

/**
 * Who wrote a comment is not the client's to say: a new comment's AuthorID is the writing member whatever
 * the body names, the author is never changed afterwards, and a comment is changed or deleted by its author
 * or an administrator of the company (403 otherwise). The platform's own writes (user 0) keep what they set.
 */
export function registerComments(hooks: HookSet): void {
  hooks.register('Comment', {
    async beforeWrite(e) {
      if (e.userId === 0) return
      if (e.operation === 'C') {
        e.values.AuthorID = e.userId
        return
      }
      const id = String(e.before?.ID ?? '')
      if (e.operation === 'U' && 'AuthorID' in e.values) {
        throw new PlatformError('FORBIDDEN', `The author of comment ${id} cannot be changed`)
      }
      if (Number(e.before?.AuthorID) === e.userId) return
      if ((await rolesOf(e.sql, e.companyId, e.userId)).has('administrator')) return
      throw new PlatformError(
        'FORBIDDEN',
        `Comment ${id} was written by another user: only its author or an administrator of the company may ${e.operation === 'D' ? 'delete' : 'change'} it`,
      )
    },
  })
}

export function registerCommentRoutes(app: FastifyInstance, pc: PlatformContext): void {
  const commentDef = pc.registry.require('Comment')

  async function target(request: FastifyRequest<{ Params: Params }>) {
    const tenant = tenantOf(request)
    const rc = await readContext(pc, tenant)
    const entity = entityTypeOf(pc.registry, request.params.entityType)
    const id = entityIdOf(request.params.entityId)
    if (!(await loadRow(pc.store, rc, entity, id)))
      throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
    return { tenant, rc, entity, id }
  }

  app.post<{ Params: Params }>('/api/biz/comments/:entityType/:entityId', async (request, reply) => {
    const text = textOf(request.body)
    const { tenant, rc, entity, id } = await target(request)
    const commentId = await pc.store.transaction((tx) => {
      const ctx = writeContext(pc, tenant, rc, tx, `POST comments/${entity.name}/${id}`)
      return createEntity(ctx, commentDef, {
        Text: text,
        EntityType: entity.name,
        EntityID: id,
        AuthorID: tenant.userId,
      })
    })
    reply.status(201).header('location', `${pc.urls.base}api/biz/comments/${commentId}`)
    return getEntityById(await readContext(pc, tenant), commentDef, commentId)
  })

  app.get<{ Params: Params }>('/api/biz/comments/:entityType/:entityId', async (request) => {
    const { rc, entity, id } = await target(request)
    const query = request.query as Record<string, unknown>
    const own = `EntityType eq '${entity.name}' and EntityID eq ${id}`
    const extra = queryParam(query, 'filter')
    const opts = parseListOptions({
      ...query,
      filter: extra ? `(${own}) and (${extra})` : own,
      orderby: queryParam(query, 'orderby') ?? 'ID',
    })
    return (await listEntities(rc, commentDef, opts)).rows
  })
}
