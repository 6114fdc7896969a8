// Generic routes for every registry entity under /api/biz/<route> (spec 4.2, field notes
// "Responses", "Graph writes"): list, get, create (object or bulk array), update, soft delete, and
// `?action=` dispatch to a domain action or else a transition (spec 3.2). Every answer is read back
// through the query engine, so writes answer the same shape as reads.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasTransition, runTransition } from '../domain/transitions.ts'
import { PlatformError } from '../errors.ts'
import { ActionResponse, type ActionRequest } from '../model/hooks.ts'
import { createEntities, createEntity, deleteEntity, updateEntity } from '../model/write.ts'
import { getEntityById, listEntities, parseListOptions, type ReadContext } from '../query/index.ts'
import { accessDenied, grantOf } from '../registry/access.ts'
import type { EntityDef } from '../registry/types.ts'
import { entityApi, readContext, tenantOf, writeContext, type PlatformContext } from './context.ts'
import { addLinks } from './hypermedia.ts'

type Method = ActionRequest['method']
type Query = Record<string, unknown>

/** Models without a generic route: flows are listed via statistics. Internal models (companies) never have one. */
const WITHOUT_ROUTE = new Set(['transitionflow'])

function entityFor(pc: PlatformContext, route: string): EntityDef {
  const entity = pc.registry.byRoute(route)
  if (!entity || entity.internal || WITHOUT_ROUTE.has(entity.name.toLowerCase())) {
    throw new PlatformError('NOT_FOUND', `No route /api/biz/${route}`)
  }
  return entity
}

function parseId(raw: string, route: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2147483647) {
    throw new PlatformError('NOT_FOUND', `No route /api/biz/${route}/${raw}`)
  }
  return Number(raw)
}

/** Query parameter by name, any casing. */
function param(query: Query, name: string): string | undefined {
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase())
  const v = key === undefined ? undefined : query[key]
  return Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v)
}

function wantsLinks(query: Query): boolean {
  return /^(true|1)$/i.test(param(query, 'hateoas') ?? '')
}

function reasonOf(request: FastifyRequest): string {
  const [path, qs] = request.url.split('?')
  const action = qs && new URLSearchParams(qs).get('action')
  return `${request.method} ${path}${action ? `?action=${action}` : ''}`
}

async function answerEntity(
  pc: PlatformContext,
  rc: ReadContext,
  entity: EntityDef,
  id: number,
  query: Query,
) {
  const opts = parseListOptions(query)
  const row = await getEntityById(rc, entity, id, { select: opts.select, expand: opts.expand })
  if (!row) throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
  return wantsLinks(query) ? (await addLinks(pc, rc, entity, [row]))[0] : row
}

export function registerBizRoutes(app: FastifyInstance, pc: PlatformContext): void {
  async function inTransaction<T>(
    request: FastifyRequest,
    fn: (api: { rc: ReadContext; ctx: Awaited<ReturnType<typeof writeContext>> }) => Promise<T>,
  ): Promise<T> {
    const tenant = tenantOf(request)
    const rc = await readContext(pc, tenant)
    const result = await pc.store.transaction(async (tx) => {
      const ctx = writeContext(pc, tenant, rc, tx, reasonOf(request))
      return fn({ rc: { ...rc, sql: tx }, ctx })
    })
    // A committed write may have changed memberships or custom fields; the next request reads them again.
    pc.tenants.clear()
    pc.customFields.invalidate(tenant.companyId)
    return result
  }

  async function dispatchAction(
    request: FastifyRequest,
    reply: FastifyReply,
    entity: EntityDef,
    name: string,
    id?: number,
  ) {
    const method = request.method as Method
    // An action reads (and, unless it is a GET, changes) the model: its declarations apply first.
    const roles = (await readContext(pc, tenantOf(request))).viewer?.roles ?? new Set<string>()
    if (grantOf(entity, 'read', roles) === 'none') throw accessDenied(entity, 'read')
    if (method !== 'GET' && grantOf(entity, 'write', roles) === 'none') throw accessDenied(entity, 'write')
    const query = Object.fromEntries(
      Object.entries(request.query as Query).map(([k, v]) => [k.toLowerCase(), String(v)]),
    )
    const action = pc.hooks.action(entity.name, name)
    if (action) {
      if (!(action.methods ?? ['POST', 'PUT']).includes(method)) {
        throw new PlatformError('BAD_REQUEST', `Action '${name}' of ${entity.name} does not accept ${method}`)
      }
      const target = action.target ?? 'either'
      if (target === 'entity' && id === undefined)
        throw new PlatformError(
          'BAD_REQUEST',
          `Action '${name}' needs an id: ${entity.route}/{id}?action=${name}`,
        )
      if (target === 'collection' && id !== undefined)
        throw new PlatformError('BAD_REQUEST', `Action '${name}' takes no id: ${entity.route}?action=${name}`)
      const result = await inTransaction(request, async ({ rc, ctx }) =>
        action.handler({
          ...ctx,
          api: entityApi(ctx, rc),
          entity,
          method,
          id,
          body: request.body,
          query,
          clientId: tenantOf(request).clientId,
        }),
      )
      if (result instanceof ActionResponse) {
        reply.status(result.status)
        return result.body === undefined ? reply.send() : reply.send(result.body)
      }
      if (result === undefined) return reply.status(204).send()
      // A bare string is still JSON (field notes: actions may answer a JSON string).
      return reply.type('application/json').send(JSON.stringify(result))
    }
    if (
      (method === 'POST' || method === 'PUT') &&
      id !== undefined &&
      (await hasTransition(pc.store, entity, name))
    ) {
      await inTransaction(request, ({ ctx }) => runTransition(ctx, entity, id, name))
      return reply.status(204).send()
    }
    throw new PlatformError('BAD_REQUEST', `Unknown action '${name}' for ${entity.name}`)
  }

  app.route<{ Params: { route: string } }>({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/biz/:route',
    async handler(request, reply) {
      const entity = entityFor(pc, request.params.route)
      const query = request.query as Query
      const action = param(query, 'action')
      if (action) return dispatchAction(request, reply, entity, action)
      const tenant = tenantOf(request)
      switch (request.method) {
        case 'GET': {
          const rc = await readContext(pc, tenant)
          const { rows, count } = await listEntities(rc, entity, parseListOptions(query))
          if (count !== undefined) reply.header('count', String(count))
          return wantsLinks(query) ? addLinks(pc, rc, entity, rows) : rows
        }
        case 'POST': {
          const body = request.body
          if (Array.isArray(body)) {
            const ids = await inTransaction(request, ({ ctx }) => createEntities(ctx, entity, body))
            const rc = await readContext(pc, tenant)
            reply.status(201)
            return Promise.all(ids.map((id) => answerEntity(pc, rc, entity, id, query)))
          }
          const id = await inTransaction(request, ({ ctx }) => createEntity(ctx, entity, body))
          reply.status(201).header('location', `${pc.urls.base}api/biz/${entity.route}/${id}`)
          return answerEntity(pc, await readContext(pc, tenant), entity, id, query)
        }
        case 'PUT': {
          // A bulk update: an array (or one object) of entities, each with its ID.
          const items = Array.isArray(request.body) ? request.body : [request.body]
          const ids = items.map((item, i) => {
            const raw = item && typeof item === 'object' ? (item as Record<string, unknown>).ID : undefined
            const n = Number(raw)
            if (!Number.isInteger(n) || n < 1)
              throw new PlatformError(
                'BAD_REQUEST',
                `Item ${i} has no ID: PUT ${entity.route}/{id} or send each entity with its ID`,
              )
            return n
          })
          await inTransaction(request, async ({ ctx }) => {
            for (const [i, id] of ids.entries()) await updateEntity(ctx, entity, id, items[i])
          })
          const rc = await readContext(pc, tenant)
          const answers = await Promise.all(ids.map((id) => answerEntity(pc, rc, entity, id, query)))
          return Array.isArray(request.body) ? answers : answers[0]
        }
        default:
          throw new PlatformError('BAD_REQUEST', `DELETE needs an id: ${entity.route}/{id}`)
      }
    },
  })

  app.route<{ Params: { route: string; id: string } }>({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/biz/:route/:id',
    async handler(request, reply) {
      const entity = entityFor(pc, request.params.route)
      const id = parseId(request.params.id, request.params.route)
      const query = request.query as Query
      const action = param(query, 'action')
      if (action) return dispatchAction(request, reply, entity, action, id)
      const tenant = tenantOf(request)
      switch (request.method) {
        case 'GET':
          return answerEntity(pc, await readContext(pc, tenant), entity, id, query)
        case 'PUT': {
          await inTransaction(request, ({ ctx }) => updateEntity(ctx, entity, id, request.body))
          return answerEntity(pc, await readContext(pc, tenant), entity, id, query)
        }
        case 'DELETE': {
          await inTransaction(request, ({ ctx }) => deleteEntity(ctx, entity, id))
          return reply.status(204).send()
        }
        default:
          throw new PlatformError(
            'BAD_REQUEST',
            `POST to ${entity.route}/${id} needs an action (?action=<name>); use PUT to update`,
          )
      }
    },
  })
}
