// The offline workspace against the real local platform, through main's sync service: pull with the
// (UpdatedAt, ID) checkpoint across rows sharing one UpdatedAt, reconciliation of deletions, and the
// outbox: merge, conflict, validation failure, and the retry check of actions and creates.
import { beforeEach, describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'
import { outboxAction } from '../../../common/bridge/outbox.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import { queueAction, updateRow } from '../../../renderer/src/data/outbox.ts'
import { pullEntity, reconcileEntity } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { createSyncEngine } from '../../../renderer/src/data/sync-engine.ts'
import { useSyncPlatform, type Row } from '../../support/sync-platform.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const aurora = DEMO_COMPANIES.aurora.key
const anne = DEMO_USERS.anne.email

const sync = useSyncPlatform(anne, nordlys)
let db: WorkspaceDb

beforeEach(async () => {
  await db?.delete()
  db = openWorkspace('test', crypto.randomUUID())
})

const options = { top: 2, userId: null, journaledDays: 90 }

describe('pulling from the platform', () => {
  it('takes every seeded invoice once in pages of two, though they share one UpdatedAt', async () => {
    const transport = sync.transport()
    const onPlatform = await sync.answer<{ ID: number; UpdatedAt: string }[]>(
      'GET',
      'api/biz/supplierinvoices?hateoas=false',
    )
    expect(onPlatform.body.length).toBeGreaterThan(2)
    const stamps = new Set(onPlatform.body.map((r) => r.UpdatedAt))
    expect(stamps.size).toBeLessThan(onPlatform.body.length)
    const taken = await pullEntity(db, transport, nordlys, 'SupplierInvoice', options)
    expect(taken).toBe(onPlatform.body.length)
    const cached = await db.SupplierInvoice.where('companyKey').equals(nordlys).toArray()
    expect(cached.map((r) => r.ID).sort((a, b) => a - b)).toEqual(
      onPlatform.body.map((r) => r.ID).sort((a, b) => a - b),
    )
    expect(cached[0]).toHaveProperty('Supplier.Info.Name')
    // Nothing changed: the next pull takes nothing.
    expect(await pullEntity(db, transport, nordlys, 'SupplierInvoice', options)).toBe(0)
    expect(await db.SupplierInvoice.where('companyKey').equals(aurora).count()).toBe(0)
  })
})

const get = async <T = Row>(path: string, companyKey = nordlys) =>
  (await sync.answer<T>('GET', path, undefined, companyKey)).body
const put = (path: string, body: unknown, companyKey = nordlys) => sync.answer('PUT', path, body, companyKey)

async function cachedDrafts(): Promise<Row[]> {
  await pullEntity(db, sync.transport(), nordlys, 'SupplierInvoice', { ...options, top: 1000 })
  return (await db.SupplierInvoice.where('[companyKey+StatusCode]')
    .equals([nordlys, SupplierInvoiceStatus.Draft])
    .sortBy('ID')) as Row[]
}

describe('a full sync of a company', () => {
  it('caches every entity of the company with its company key, and nothing of another company', async () => {
    const engine = createSyncEngine({
      db,
      transport: sync.transport(),
      userIdentity: DEMO_USERS.anne.globalIdentity,
    })
    await db.companies.put({
      Key: nordlys,
      Name: 'Nordlys',
      OrganizationNumber: null,
      offline: true,
      lastOpenedAt: null,
      syncState: 'idle',
      lastSyncAt: null,
      lastError: null,
      userId: null,
    })
    await engine.syncCompany(nordlys, true)
    const company = await db.companies.get(nordlys)
    expect(company?.lastError).toBeNull()
    expect(company?.lastSyncAt).not.toBeNull()
    // Anne's own User.ID in Nordlys selects her approvals there.
    const me = await db.User.where('companyKey')
      .equals(nordlys)
      .filter((u) => u.GlobalIdentity === DEMO_USERS.anne.globalIdentity)
      .first()
    expect(company?.userId).toBe(me?.ID)
    const approvals = await db.Approval.where('companyKey').equals(nordlys).toArray()
    expect(approvals.every((a) => a.UserID === me?.ID)).toBe(true)
    for (const entity of [
      'SupplierInvoice',
      'Supplier',
      'Account',
      'VatType',
      'User',
      'CompanySettings',
    ] as const)
      expect(await db[entity].where('companyKey').equals(nordlys).count(), entity).toBeGreaterThan(0)
    const supplier = await db.Supplier.where('companyKey').equals(nordlys).first()
    expect(supplier).toHaveProperty('Info.Name')
    // VAT types come with their rates and validity, so a preview dated before a rate change is right.
    const vatTypes = await db.VatType.where('companyKey').equals(nordlys).toArray()
    expect(vatTypes.every((v) => Array.isArray(v.VatPercentages))).toBe(true)
    const rates = vatTypes.flatMap((v) => v.VatPercentages as { ValidFrom?: string | null }[])
    expect(rates.some((r) => typeof r.ValidFrom === 'string')).toBe(true)
    expect(await db.SupplierInvoice.where('companyKey').equals(aurora).count()).toBe(0)
  })
})

describe('reconciling IDs', () => {
  it('drops a row deleted on the server, and turns one with unsynced changes into a conflict', async () => {
    const transport = sync.transport()
    const [first, second] = await cachedDrafts()
    await sync.answer('DELETE', `api/biz/supplierinvoices/${first!.ID}`)
    await sync.answer('DELETE', `api/biz/supplierinvoices/${second!.ID}`)
    await updateRow(db, nordlys, 'SupplierInvoice', second!.ID, { InvoiceNumber: 'KEEP-ME' })
    const removed = await reconcileEntity(db, transport, nordlys, 'SupplierInvoice', options)
    expect(removed).toEqual([first!.ID])
    expect(await db.SupplierInvoice.get([nordlys, first!.ID])).toBeUndefined()
    expect((await db.SupplierInvoice.get([nordlys, second!.ID]))?.InvoiceNumber).toBe('KEEP-ME')
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ state: 'conflict', lastError: { code: 'DELETED_ON_SERVER' } })
  })
})

describe('sending the outbox', () => {
  it('merges a change to another property made on the server since the base', async () => {
    const [invoice] = await cachedDrafts()
    await updateRow(db, nordlys, 'SupplierInvoice', invoice!.ID, { InvoiceNumber: 'MINE-1' })
    await put(`api/biz/supplierinvoices/${invoice!.ID}`, { PaymentDueDate: '2027-03-31' })
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result).toMatchObject({ done: 1, conflicts: 0, failed: 0 })
    const server = await get(`api/biz/supplierinvoices/${invoice!.ID}?hateoas=false`)
    expect(server.InvoiceNumber).toBe('MINE-1')
    expect(String(server.PaymentDueDate)).toMatch(/^2027-03-31/)
    expect(await db.outbox.count()).toBe(0)
    expect(String((await db.SupplierInvoice.get([nordlys, invoice!.ID]))?.PaymentDueDate)).toMatch(
      /^2027-03-31/,
    )
  })

  it('turns a change to a property changed on the server into a conflict, holding later changes of that row only', async () => {
    const [invoice, other] = await cachedDrafts()
    await updateRow(db, nordlys, 'SupplierInvoice', invoice!.ID, { InvoiceNumber: 'MINE-2' })
    await queueAction(db, nordlys, invoice!.ID, outboxAction('SupplierInvoice', 'assign'))
    await updateRow(db, nordlys, 'SupplierInvoice', other!.ID, { InvoiceNumber: 'OTHER-2' })
    await put(`api/biz/supplierinvoices/${invoice!.ID}`, { InvoiceNumber: 'THEIRS-2' })
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result).toMatchObject({ done: 1, conflicts: 1 })
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => e.state)).toEqual(['conflict', 'pending'])
    expect(entries[0]!.theirs).toEqual({ InvoiceNumber: 'THEIRS-2' })
    const server = await get(`api/biz/supplierinvoices/${invoice!.ID}?hateoas=false`)
    expect(server).toMatchObject({ InvoiceNumber: 'THEIRS-2', StatusCode: SupplierInvoiceStatus.Draft })
    expect((await get(`api/biz/supplierinvoices/${other!.ID}?hateoas=false`)).InvoiceNumber).toBe('OTHER-2')
  })

  it('marks a change the platform refuses as failed with the platform message', async () => {
    const [invoice] = await cachedDrafts()
    await updateRow(db, nordlys, 'SupplierInvoice', invoice!.ID, { SupplierID: 999999 })
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result.failed).toBe(1)
    const [entry] = await db.outbox.toArray()
    expect(entry!.state).toBe('failed')
    expect(entry!.lastError?.message.length).toBeGreaterThan(5)
    expect(entry!.lastError?.code).toMatch(/^API_/)
  })

  it('does not run an action twice when its answer was lost', async () => {
    const [invoice] = await cachedDrafts()
    await queueAction(db, nordlys, invoice!.ID, outboxAction('SupplierInvoice', 'assign'))
    let posts = 0
    sync.link.fault = (phase, url, method) => {
      if (method !== 'POST' || !url.includes(`/${invoice!.ID}?`)) return false
      if (phase === 'before') posts++
      return phase === 'after'
    }
    const first = await drainCompany(db, sync.transport(), nordlys)
    expect(first.interrupted).toBe(true)
    expect((await get(`api/biz/supplierinvoices/${invoice!.ID}?hateoas=false`)).StatusCode).toBe(
      SupplierInvoiceStatus.Assigned,
    )
    sync.link.fault = undefined
    const second = await drainCompany(db, sync.transport(), nordlys)
    expect(second).toMatchObject({ done: 1, failed: 0 })
    expect(posts).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('does not create twice when the answer to the create was lost', async () => {
    const [invoice] = await cachedDrafts()
    const { createRow } = await import('../../../renderer/src/data/outbox.ts')
    const number = `NEW-${crypto.randomUUID().slice(0, 8)}`
    const localId = await createRow(db, nordlys, 'SupplierInvoice', {
      SupplierID: invoice!.SupplierID,
      InvoiceNumber: number,
    })
    await updateRow(db, nordlys, 'SupplierInvoice', localId, { PaymentDueDate: '2027-01-15' })
    sync.link.fault = (phase, url, method) => phase === 'after' && method === 'POST'
    expect((await drainCompany(db, sync.transport(), nordlys)).interrupted).toBe(true)
    sync.link.fault = undefined
    expect(await drainCompany(db, sync.transport(), nordlys)).toMatchObject({ done: 2 })
    const created = await get<Row[]>(
      `api/biz/supplierinvoices?hateoas=false&filter=InvoiceNumber eq '${number}'`,
    )
    expect(created).toHaveLength(1)
    expect(String(created[0]!.PaymentDueDate)).toMatch(/^2027-01-15/)
    expect(await db.SupplierInvoice.get([nordlys, localId])).toBeUndefined()
    expect((await db.SupplierInvoice.get([nordlys, created[0]!.ID]))?.InvoiceNumber).toBe(number)
  })
})

describe('sending the outbox in batches', () => {
  /** Records every request's method and path (without the query) while the drain runs. */
  function requests(): string[] {
    const seen: string[] = []
    sync.link.fault = (phase, url, method) => {
      if (phase === 'before') seen.push(`${method} ${new URL(url).pathname}`)
      return false
    }
    return seen
  }

  it('sends updates of several rows as one bulk PUT, and a refused change fails alone with its message', async () => {
    const [a, b, c] = await cachedDrafts()
    await updateRow(db, nordlys, 'SupplierInvoice', a!.ID, { InvoiceNumber: 'BULK-A' })
    await updateRow(db, nordlys, 'SupplierInvoice', b!.ID, { SupplierID: 999999 })
    await updateRow(db, nordlys, 'SupplierInvoice', c!.ID, { InvoiceNumber: 'BULK-C' })
    const seen = requests()
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result).toMatchObject({ done: 2, failed: 1, conflicts: 0 })
    // One read of the three rows, the bulk write the platform refused as a whole, then each alone.
    expect(seen.slice(0, 2)).toEqual(['GET /api/biz/supplierinvoices', 'PUT /api/biz/supplierinvoices'])
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ entityId: b!.ID, state: 'failed' })
    expect(entry!.lastError?.message.length).toBeGreaterThan(5)
    expect((await get(`api/biz/supplierinvoices/${a!.ID}?hateoas=false`)).InvoiceNumber).toBe('BULK-A')
    expect((await get(`api/biz/supplierinvoices/${c!.ID}?hateoas=false`)).InvoiceNumber).toBe('BULK-C')
    expect((await get(`api/biz/supplierinvoices/${b!.ID}?hateoas=false`)).SupplierID).toBe(b!.SupplierID)
  })

  it('holds only the row whose change conflicts, and sends the others in one request', async () => {
    const [a, b] = await cachedDrafts()
    await updateRow(db, nordlys, 'SupplierInvoice', a!.ID, { InvoiceNumber: 'MINE-A' })
    await updateRow(db, nordlys, 'SupplierInvoice', b!.ID, { InvoiceNumber: 'MINE-B' })
    await put(`api/biz/supplierinvoices/${a!.ID}`, { InvoiceNumber: 'THEIRS-A' })
    const seen = requests()
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result).toMatchObject({ done: 1, conflicts: 1 })
    expect(seen).toEqual(['GET /api/biz/supplierinvoices', 'PUT /api/biz/supplierinvoices'])
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ entityId: a!.ID, state: 'conflict', theirs: { InvoiceNumber: 'THEIRS-A' } })
    expect((await get(`api/biz/supplierinvoices/${a!.ID}?hateoas=false`)).InvoiceNumber).toBe('THEIRS-A')
    expect((await get(`api/biz/supplierinvoices/${b!.ID}?hateoas=false`)).InvoiceNumber).toBe('MINE-B')
    expect((await db.SupplierInvoice.get([nordlys, b!.ID]))?.InvoiceNumber).toBe('MINE-B')
  })

  it('creates several rows with one bulk POST and moves each local row to the ID it got', async () => {
    const [invoice] = await cachedDrafts()
    const { createRow } = await import('../../../renderer/src/data/outbox.ts')
    const prefix = `BULK-${crypto.randomUUID().slice(0, 8)}-`
    const localIds: number[] = []
    for (let n = 0; n < 3; n++)
      localIds.push(
        await createRow(db, nordlys, 'SupplierInvoice', {
          SupplierID: invoice!.SupplierID,
          InvoiceNumber: `${prefix}${n}`,
        }),
      )
    const seen = requests()
    expect(await drainCompany(db, sync.transport(), nordlys)).toMatchObject({ done: 3 })
    expect(seen).toEqual(['POST /api/biz/supplierinvoices'])
    const created = await get<Row[]>(
      `api/biz/supplierinvoices?hateoas=false&filter=startswith(InvoiceNumber,'${prefix}')&orderby=ID`,
    )
    expect(created.map((r) => r.InvoiceNumber)).toEqual([0, 1, 2].map((n) => `${prefix}${n}`))
    for (const [n, row] of created.entries()) {
      expect(await db.SupplierInvoice.get([nordlys, localIds[n]!])).toBeUndefined()
      expect((await db.SupplierInvoice.get([nordlys, row.ID]))?.InvoiceNumber).toBe(`${prefix}${n}`)
    }
  })
})
