// Rules of the Eventplan API (spec 6.1, 6.3, 7, 8): ModelFilter names models of the registry,
// OperationFilter holds only C, U and D, a SigningKey is generated when omitted, subscriber endpoints
// are absolute http(s) URLs, and each ExpressionFilter names one of the plan's ModelFilter entries
// (at most one filter per entry) with an expression that parses and names that entity's properties.
// The whole plan is checked after every write of the plan or a part of it, in the write's
// transaction, so a nested write that leaves the plan inconsistent is refused as a whole.
import { randomUUID } from 'node:crypto'
import type { Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import type { BeforeWriteEvent, HookSet } from '../model/hooks.ts'
import { accessDenied, grantOf } from '../registry/access.ts'
import type { Registry } from '../registry/registry.ts'
import { rolesOf } from '../tenancy/roles.ts'
import type { EntityDef } from '../registry/types.ts'
import {
  checkEndpoint,
  listDeliveries,
  notifyDeliveries,
  redeliver,
  type DeliveryKind,
  type DeliveryStatus,
} from './delivery.ts'
import {
  checkExpression,
  ExpressionError,
  parseExpression,
  type ExpressionModel,
} from '../../common/expression-filter.ts'

/** The entries of a ModelFilter (`CustomerInvoice, Customer`): comma-separated model names. */
export function modelFilterEntries(filter: unknown): string[] {
  if (typeof filter !== 'string') return []
  return filter
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** A registry model as the expression checker sees it: declared fields and one-relations. */
export function expressionModel(registry: Registry, entity: EntityDef): ExpressionModel {
  return {
    name: entity.name,
    property: (name) => registry.field(entity, name)?.name,
    related(name) {
      const rel = registry.relation(entity, name)
      return rel?.kind === 'one' ? expressionModel(registry, registry.require(rel.target)) : undefined
    },
  }
}

function invalid(entity: string, property: string, message: string): PlatformError {
  return new PlatformError('VALIDATION', message, {
    validationResults: { [property]: [{ PropertyName: property, EntityType: entity, Message: message }] },
  })
}

function listenable(registry: Registry, name: string): EntityDef | undefined {
  const e = registry.get(name)
  return e && !e.internal ? e : undefined
}

function checkModelFilter(registry: Registry, value: unknown): string {
  const entries = modelFilterEntries(value)
  if (!entries.length) {
    throw invalid(
      'Eventplan',
      'ModelFilter',
      'ModelFilter must name at least one model (e.g. CustomerInvoice)',
    )
  }
  const canonical: string[] = []
  for (const entry of entries) {
    const e = listenable(registry, entry)
    if (!e)
      throw invalid('Eventplan', 'ModelFilter', `ModelFilter: '${entry}' is not a model of the platform`)
    if (!canonical.includes(e.name)) canonical.push(e.name)
  }
  return canonical.join(',')
}

/**
 * A webhook carries every row of the models it listens to: the plan's writer must be allowed to read
 * all rows of each (a plan cannot route around a read declaration). The platform's own writes pass.
 */
async function checkListenable(e: BeforeWriteEvent, modelFilter: string): Promise<void> {
  if (e.userId === 0) return
  const roles = await rolesOf(e.sql, e.companyId, e.userId)
  for (const name of modelFilterEntries(modelFilter)) {
    const model = e.registry.require(name)
    if (grantOf(model, 'read', roles) !== 'all') throw accessDenied(model, 'read', 'Eventplan ModelFilter')
  }
}

function checkOperationFilter(value: unknown): string {
  const ops = typeof value === 'string' ? value.replace(/[\s,]/g, '').toUpperCase() : ''
  if (!ops || !/^[CUD]+$/.test(ops)) {
    throw invalid(
      'Eventplan',
      'OperationFilter',
      `OperationFilter must be letters C (create), U (update) and D (delete), not '${String(value ?? '')}'`,
    )
  }
  return [...new Set(ops)].join('')
}

/** An expression as a refusal quotes it: a long one is cut, the problem's position says where to look. */
const shown = (expression: string) => (expression.length > 200 ? `${expression.slice(0, 200)}…` : expression)

function parseOrRefuse(expression: unknown): void {
  if (typeof expression !== 'string' || !expression.trim()) {
    throw invalid('ExpressionFilter', 'Expression', 'Expression is required')
  }
  try {
    parseExpression(expression)
  } catch (err) {
    if (err instanceof ExpressionError) {
      throw invalid('ExpressionFilter', 'Expression', `Expression '${shown(expression)}': ${err.message}`)
    }
    throw err
  }
}

interface FilterRow {
  ID: number
  EntityName: string | null
  Expression: string | null
}

/** Checks a stored plan and its filters together (spec 6.3, 8); throws the first problem. */
async function checkPlan(sql: Sql, registry: Registry, companyId: number, planId: number): Promise<void> {
  const { rows: plans } = await sql.query<{ ModelFilter: string | null }>(
    `select "ModelFilter" from "Eventplan" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
    [companyId, planId],
  )
  if (!plans[0]) return
  const models = modelFilterEntries(plans[0].ModelFilter)
  const { rows: filters } = await sql.query<FilterRow>(
    `select "ID", "EntityName", "Expression" from "ExpressionFilter"
      where "CompanyID" = $1 and "EventplanID" = $2 and "Deleted" = false order by "ID"`,
    [companyId, planId],
  )
  const seen = new Set<string>()
  for (const f of filters) {
    const name = f.EntityName ?? ''
    const inFilter = models.find((m) => m.toLowerCase() === name.toLowerCase())
    if (!inFilter) {
      throw invalid(
        'ExpressionFilter',
        'EntityName',
        `ExpressionFilter EntityName '${name}' is not one of the plan's ModelFilter entries (${models.join(', ') || 'none'})`,
      )
    }
    if (seen.has(inFilter.toLowerCase())) {
      throw invalid(
        'ExpressionFilter',
        'EntityName',
        `A plan has at most one ExpressionFilter per ModelFilter entry; ${inFilter} has more than one`,
      )
    }
    seen.add(inFilter.toLowerCase())
    const entity = listenable(registry, inFilter)
    if (!entity) continue
    try {
      checkExpression(parseExpression(f.Expression ?? ''), expressionModel(registry, entity))
    } catch (err) {
      if (err instanceof ExpressionError) {
        throw invalid(
          'ExpressionFilter',
          'Expression',
          `Expression for ${entity.name} '${shown(f.Expression ?? '')}': ${err.message}`,
        )
      }
      throw err
    }
  }
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

function number(query: Record<string, string>, name: string): number | undefined {
  const raw = query[name]
  if (raw === undefined || raw === '') return undefined
  if (!/^\d+$/.test(raw))
    throw new PlatformError('BAD_REQUEST', `${name} must be a whole number, not '${raw}'`)
  return Number(raw)
}

const statuses: Record<string, DeliveryStatus> = {
  pending: 'pending',
  delivered: 'delivered',
  failed: 'failed',
}
const kinds: Record<string, DeliveryKind> = { webhook: 'webhook', purchase: 'purchase' }

export function registerEventplans(hooks: HookSet): void {
  // A committed write may have raised events: the dispatcher looks now rather than at its next poll.
  hooks.register('*', { afterWrite: () => notifyDeliveries() })

  hooks.register('Eventplan', {
    async beforeWrite(e) {
      if (e.operation === 'D') return
      const v = e.values
      if (e.operation === 'C' || 'ModelFilter' in v) {
        v.ModelFilter = checkModelFilter(e.registry, v.ModelFilter)
        await checkListenable(e, v.ModelFilter as string)
      }
      if (e.operation === 'C' || 'OperationFilter' in v)
        v.OperationFilter = checkOperationFilter(v.OperationFilter)
      // spec 6.1: when omitted a random GUID is generated (also when a client clears it).
      if ((e.operation === 'C' || 'SigningKey' in v) && !text(v.SigningKey).trim())
        v.SigningKey = randomUUID()
    },
    async afterWrite(e) {
      if (e.operation !== 'D') await checkPlan(e.sql, e.registry, e.companyId, e.id)
    },
    actions: {
      // POST eventplans/{id}?action=redeliver&deliveryId=N (or eventplans?action=...): a failed
      // delivery gets another attempt; answers the delivery as the log shows it.
      redeliver: {
        methods: ['POST', 'PUT'],
        target: 'either',
        async handler(req) {
          const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
            string,
            unknown
          >
          const raw = req.query.deliveryid ?? body.DeliveryID ?? body.deliveryId
          const deliveryId = Number(raw)
          if (!Number.isInteger(deliveryId) || deliveryId <= 0) {
            throw new PlatformError('BAD_REQUEST', 'redeliver needs deliveryId=<id of a failed delivery>')
          }
          const q = { companyId: req.companyId, deliveryId, eventplanId: req.id }
          if (!(await redeliver(req.sql, q))) {
            throw new PlatformError('NOT_FOUND', `No failed delivery ${deliveryId} to send again`)
          }
          return (await listDeliveries(req.sql, q))[0]
        },
      },
      // The delivery log: GET eventplans/{id}?action=deliveries (one plan) or eventplans?action=deliveries
      // (every delivery of the company); optional status=pending|delivered|failed, kind, top, skip.
      deliveries: {
        methods: ['GET'],
        target: 'either',
        async handler(req) {
          if (req.id !== undefined && !(await req.api.read(req.entity, req.id))) {
            throw new PlatformError('NOT_FOUND', `Eventplan ${req.id} was not found`)
          }
          const status = req.query.status?.toLowerCase()
          if (status && !statuses[status]) {
            throw new PlatformError(
              'BAD_REQUEST',
              `status must be pending, delivered or failed, not '${req.query.status}'`,
            )
          }
          const kind = req.query.kind?.toLowerCase()
          if (kind && !kinds[kind]) {
            throw new PlatformError(
              'BAD_REQUEST',
              `kind must be webhook or purchase, not '${req.query.kind}'`,
            )
          }
          return listDeliveries(req.sql, {
            companyId: req.companyId,
            eventplanId: req.id,
            status: status ? statuses[status] : undefined,
            kind: kind ? kinds[kind] : req.id !== undefined ? 'webhook' : undefined,
            top: number(req.query, 'top'),
            skip: number(req.query, 'skip'),
          })
        },
      },
    },
  })

  hooks.register('ExpressionFilter', {
    beforeWrite(e) {
      if (e.operation === 'D') return
      const v = e.values
      if (e.operation === 'C' && !v.EventplanID) {
        throw invalid(
          'ExpressionFilter',
          'EventplanID',
          'EventplanID is required (or write the filter inside its Eventplan)',
        )
      }
      if (e.operation === 'C' || 'EntityName' in v) {
        const e2 = listenable(e.registry, text(v.EntityName))
        if (!text(v.EntityName).trim())
          throw invalid('ExpressionFilter', 'EntityName', 'EntityName is required')
        if (!e2)
          throw invalid(
            'ExpressionFilter',
            'EntityName',
            `EntityName '${text(v.EntityName)}' is not a model of the platform`,
          )
        v.EntityName = e2.name
      }
      if (e.operation === 'C' || 'Expression' in v) parseOrRefuse(v.Expression)
    },
    async afterWrite(e) {
      if (e.operation === 'D') return
      const { rows } = await e.sql.query<{ EventplanID: number | null }>(
        `select "EventplanID" from "ExpressionFilter" where "CompanyID" = $1 and "ID" = $2`,
        [e.companyId, e.id],
      )
      const planId = rows[0]?.EventplanID
      if (planId) {
        const { rows: plan } = await e.sql.query(
          `select 1 from "Eventplan" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
          [e.companyId, planId],
        )
        if (!plan.length)
          throw invalid('ExpressionFilter', 'EventplanID', `Eventplan ${planId} was not found`)
        await checkPlan(e.sql, e.registry, e.companyId, planId)
      }
    },
  })

  hooks.register('EventSubscriber', {
    async beforeWrite(e) {
      if (e.operation === 'D') return
      const v = e.values
      if (e.operation === 'C' && !v.EventplanID) {
        throw invalid(
          'EventSubscriber',
          'EventplanID',
          'EventplanID is required (or write the subscriber inside its Eventplan)',
        )
      }
      if (e.operation === 'C' || 'Endpoint' in v) {
        const problem = checkEndpoint(v.Endpoint)
        if (problem) throw invalid('EventSubscriber', 'Endpoint', `Endpoint ${problem}`)
      }
      if (e.operation === 'C' || 'EventplanID' in v) {
        const { rows } = await e.sql.query(
          `select 1 from "Eventplan" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
          [e.companyId, v.EventplanID],
        )
        if (!rows.length)
          throw invalid('EventSubscriber', 'EventplanID', `Eventplan ${text(v.EventplanID)} was not found`)
      }
    },
  })
}
