// Purchases of products (spec 2.17, 3.4, 4.9, 6.4) under /api/elsa/purchases: a customer activates a
// product (the purchase starts in the product's initial status), the provider moves it with
// set-as-active / set-as-pending / set-as-canceled, the customer may cancel it, and every move posts
// the purchase-event envelope to the product's activation endpoint. A company has one purchase per
// product; user licenses (Purchase rows with a UserID) belong to user administration.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PurchaseEventType, PurchaseStatus } from '../../../common/status.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import { enqueueDelivery } from '../../events/index.ts'
import {
  companyContractType,
  contractProducts,
  findProduct,
  type ProductRecord,
} from '../../license/catalogue.ts'
import type { HookSet } from '../../model/hooks.ts'
import { getEntityById, listEntities, parseListOptions } from '../../query/index.ts'
import { readContext, tenantOf, type PlatformContext } from '../../routes/context.ts'
import type { Tenant } from '../../tenancy/tenancy.ts'
import { requireWriteAccess } from '../../tenancy/user-admin.ts'
import { inTenant, type CompanyWrite } from '../users/membership.ts'

type Status = (typeof PurchaseStatus)[keyof typeof PurchaseStatus]
const STATUS_NAME: Record<number, string> = Object.fromEntries(
  Object.entries(PurchaseStatus).map(([name, code]) => [code, name]),
)

/** spec 3.4: the moves, where they may start, and the event each posts (spec 6.4). */
const MOVES: Record<string, { to: Status; event: number; from?: readonly number[] }> = {
  'set-as-active': {
    to: PurchaseStatus.Active,
    event: PurchaseEventType.OnActive,
    from: [PurchaseStatus.Pending, PurchaseStatus.Accepted],
  },
  'set-as-pending': { to: PurchaseStatus.Pending, event: PurchaseEventType.OnPending },
  'set-as-canceled': { to: PurchaseStatus.Canceled, event: PurchaseEventType.OnDeactivate },
  // The customer's own cancellation of a purchase that is still in force.
  cancel: {
    to: PurchaseStatus.Canceled,
    event: PurchaseEventType.OnCancel,
    from: [PurchaseStatus.Accepted, PurchaseStatus.Pending, PurchaseStatus.Active],
  },
}

interface PurchaseRow {
  ID: number
  ProductID: number
  PurchaseStatus: number
  GlobalIdentity: string | null
}

async function companyPurchase(
  sql: Sql,
  companyId: number,
  productId: number,
): Promise<PurchaseRow | undefined> {
  const { rows } = await sql.query<PurchaseRow>(
    `select "ID", "ProductID", "PurchaseStatus", "GlobalIdentity" from "Purchase"
      where "CompanyID" = $1 and "ProductID" = $2 and "UserID" is null and "Deleted" = false
      order by "ID" desc limit 1`,
    [companyId, productId],
  )
  return rows[0]
}

function productIdOf(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    throw new PlatformError('BAD_REQUEST', `ProductID ${JSON.stringify(raw ?? null)} is not a product id`)
  return n
}

async function productOr404(sql: Sql, id: number): Promise<ProductRecord> {
  const product = await findProduct(sql, id)
  if (!product) throw new PlatformError('NOT_FOUND', `Product ${id} was not found`)
  return product
}

/** spec 2.17: the envelope posted to the activation endpoint. */
async function postEvent(
  w: CompanyWrite,
  pc: PlatformContext,
  tenant: Tenant,
  o: { product: ProductRecord; purchaseId: number; eventType: number; created: boolean; reason: string },
): Promise<void> {
  const url = o.product.activation_endpoint?.trim()
  if (!url) return
  const { rows: companies } = await w.sql.query<{
    Name: string
    OrganizationNumber: string | null
    Key: string
  }>('select "Name", "OrganizationNumber", "Key" from "Company" where "ID" = $1', [w.companyId])
  const { rows: buyers } = await w.sql.query<{ email: string }>(
    `select a.email from "Purchase" p join identity_account a on a.global_identity = p."GlobalIdentity"
      where p."CompanyID" = $1 and p."ID" = $2`,
    [w.companyId, o.purchaseId],
  )
  const company = companies[0]!
  await enqueueDelivery(w.sql, {
    companyId: w.companyId,
    url,
    kind: 'purchase',
    body: {
      EventType: o.created ? 'Create' : 'Update',
      EntityName: 'PurchaseEvent',
      Entity: {
        PurchaseEventType: o.eventType,
        ProductId: o.product.id,
        CompanyName: company.Name,
        OrganizationNumber: company.OrganizationNumber,
        Email: buyers[0]?.email ?? null,
        Platform: 'Ledgerdesk',
        ApiBaseUrl: pc.urls.base,
        CompanyKey: company.Key,
        ID: o.purchaseId,
      },
      EntityID: o.purchaseId,
      MessageID: randomUUID(),
      SessionID: tenant.globalIdentity,
      TimeStamp: new Date().toISOString(),
      Reason: o.reason,
    },
  })
}

function reasonOf(request: FastifyRequest): string {
  const [path, qs] = request.url.split('?')
  const action = qs && new URLSearchParams(qs).get('action')
  return `${request.method} ${path}${action ? `?action=${action}` : ''}`
}

export function registerPurchases(hooks: HookSet): void {
  hooks.register('Purchase', {
    beforeWrite(e) {
      // Purchases move only through /api/elsa/purchases and user administration, where the rules live.
      if (/^\w+ \/api\/biz\/purchases\b/i.test(e.reason))
        throw new PlatformError('BAD_REQUEST', 'Purchases are changed through /api/elsa/purchases')
    },
  })
}

export function registerPurchaseRoutes(app: FastifyInstance, pc: PlatformContext): void {
  const purchase = pc.registry.require('Purchase')
  const answer = async (tenant: Tenant, id: number) =>
    getEntityById(await readContext(pc, tenant), purchase, id)

  app.get('/api/elsa/purchases', async (request, reply) => {
    const tenant = tenantOf(request)
    const { rows, count } = await listEntities(
      await readContext(pc, tenant),
      purchase,
      parseListOptions(request.query as Record<string, unknown>),
    )
    if (count !== undefined) reply.header('count', String(count))
    return rows
  })

  app.get<{ Params: { productId: string } }>('/api/elsa/purchases/:productId', async (request) => {
    const tenant = tenantOf(request)
    const productId = productIdOf(request.params.productId)
    await productOr404(pc.store, productId)
    const row = await companyPurchase(pc.store, tenant.companyId, productId)
    if (!row) throw new PlatformError('NOT_FOUND', `The company has no purchase of product ${productId}`)
    return answer(tenant, row.ID)
  })

  // The customer's activation of a product (spec 3.4 "customer activates product").
  app.post('/api/elsa/purchases', async (request, reply) => {
    const tenant = tenantOf(request)
    const body =
      request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
    const key = Object.keys(body).find((k) => k.toLowerCase() === 'productid')
    const productId = productIdOf(key ? body[key] : undefined)
    const reason = reasonOf(request)
    const id = await inTenant(pc, tenant, reason, async (w) => {
      await requireWriteAccess(
        { ...w, userId: tenant.userId, globalIdentity: tenant.globalIdentity },
        'Purchase',
      )
      const product = await productOr404(w.sql, productId)
      const offered = await contractProducts(w.sql, await companyContractType(w.sql, w.companyId))
      if (!offered.some((p) => p.id === product.id) || product.productstatus !== 'Live')
        throw new PlatformError('BAD_REQUEST', `Product ${product.name} is not offered to this company`)
      const initial = product.initial_status === 'Pending' ? PurchaseStatus.Pending : PurchaseStatus.Accepted
      const existing = await companyPurchase(w.sql, w.companyId, product.id)
      const open =
        existing &&
        existing.PurchaseStatus !== PurchaseStatus.Canceled &&
        existing.PurchaseStatus !== PurchaseStatus.Rejected
      if (open)
        throw new PlatformError(
          'CONFLICT',
          `Product ${product.name} is purchased already (${STATUS_NAME[existing.PurchaseStatus] ?? existing.PurchaseStatus})`,
        )
      const values = {
        PurchaseStatus: initial,
        GlobalIdentity: tenant.globalIdentity,
        PurchaseDate: new Date().toISOString(),
      }
      let purchaseId: number
      if (existing) {
        purchaseId = existing.ID
      } else {
        purchaseId = await w.api.create(purchase, { ProductID: product.id, ProductName: product.name })
      }
      await w.api.setFields(purchase, purchaseId, values)
      // Pending asks the provider to approve (1010); Accepted is in force at once (1020).
      const eventType =
        initial === PurchaseStatus.Pending ? PurchaseEventType.OnPending : PurchaseEventType.OnActive
      await postEvent(w, pc, tenant, { product, purchaseId, eventType, created: true, reason })
      return purchaseId
    })
    return reply.status(201).send(await answer(tenant, id))
  })

  async function move(request: FastifyRequest<{ Params: { productId: string } }>, name: string) {
    const tenant = tenantOf(request)
    const spec = MOVES[name.toLowerCase()]
    if (!spec)
      throw new PlatformError(
        'BAD_REQUEST',
        `Unknown action '${name}': set-as-active, set-as-pending, set-as-canceled, cancel`,
      )
    const productId = productIdOf(request.params.productId)
    const reason = reasonOf(request)
    const id = await inTenant(pc, tenant, reason, async (w) => {
      await requireWriteAccess(
        { ...w, userId: tenant.userId, globalIdentity: tenant.globalIdentity },
        'Purchase',
      )
      const product = await productOr404(w.sql, productId)
      const row = await companyPurchase(w.sql, w.companyId, productId)
      if (!row) throw new PlatformError('NOT_FOUND', `The company has no purchase of product ${productId}`)
      if (spec.from && !spec.from.includes(row.PurchaseStatus))
        throw new PlatformError(
          'BAD_REQUEST',
          `The purchase of ${product.name} is ${STATUS_NAME[row.PurchaseStatus] ?? row.PurchaseStatus}; ${name} is not possible from there`,
        )
      await w.api.setFields(purchase, row.ID, { PurchaseStatus: spec.to })
      await postEvent(w, pc, tenant, {
        product,
        purchaseId: row.ID,
        eventType: spec.event,
        created: false,
        reason,
      })
      return row.ID
    })
    return answer(tenant, id)
  }

  app.put<{ Params: { productId: string } }>('/api/elsa/purchases/:productId', async (request) => {
    const action = (request.query as Record<string, unknown>).action
    if (typeof action !== 'string' || !action)
      throw new PlatformError(
        'BAD_REQUEST',
        'PUT needs ?action=set-as-active|set-as-pending|set-as-canceled|cancel',
      )
    return move(request, action)
  })

  app.delete<{ Params: { productId: string } }>('/api/elsa/purchases/:productId', (request) =>
    move(request, 'cancel'),
  )
}
