// Custom fields of Nordlys Bakeri AS against the real local platform: Anne (its administrator) reads the data
// types and models through Admin's service, defines a field on supplier invoices and one on suppliers, and
// activates them; a refused name comes back on the field it names. A value typed offline goes through the
// outbox (an invoice update with CustomValues, a supplier edit by path) and is read back on the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { CustomFieldStatus } from '../../../common/status.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { ApiError } from '../../../electron/main/services/api/errors.ts'
import { createCustomFieldsService } from '../../../electron/main/services/admin/custom-fields-service.ts'
import type { CustomFieldsRead } from '../../../common/bridge/admin-fields.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import { editParty } from '../../../renderer/src/data/parties.ts'
import { createSalesDraft, editSalesDraft } from '../../../renderer/src/data/sales.ts'
import { draftOf } from '../../../renderer/src/data/sales-rows.ts'
import type { CustomerInvoice } from '../../../common/entities/rows.ts'
import { updateRow } from '../../../renderer/src/data/outbox.ts'
import { storeRow } from '../../../renderer/src/data/pull.ts'
import { keepField, keepRead, fieldsForRow } from '../../../renderer/src/data/custom-fields.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { salesLines, salesSetup } from '../../support/sales.ts'
import { useSyncPlatform, type Row } from '../../support/sync-platform.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const anne = DEMO_USERS.anne.email
const sync = useSyncPlatform(anne, nordlys)
let db: WorkspaceDb
let fields: ReturnType<typeof createCustomFieldsService>
let read: CustomFieldsRead

beforeAll(async () => {
  // Admin's service reads past the link: cutting it leaves the field definitions reachable.
  const grant = { accessToken: sync.token, apiBaseUrl: sync.platform.urls.base }
  const client = createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
  fields = createCustomFieldsService({ api: async () => client })
  db = openWorkspace('custom-fields', crypto.randomUUID())
  read = await fields.read(nordlys)
})
afterAll(async () => db?.delete())

const call = sync.call
const modelId = (model: string) => read.models.find((m) => m.model === model)!.ModelID!
const typeCode = (kind: string) => read.types.find((t) => t.kind === kind)!.Code

async function cache(entity: 'Supplier' | 'SupplierInvoice', id: number): Promise<void> {
  const row = await sync.transport().row(nordlys, entity, id)
  expect(row).not.toBeNull()
  await storeRow(db, nordlys, entity, row!)
}
async function drainAll(): Promise<void> {
  const result = await drainCompany(db, sync.transport(), nordlys)
  expect(result.failed, JSON.stringify((await db.outbox.toArray()).map((e) => e.lastError))).toBe(0)
  expect(await db.outbox.count()).toBe(0)
}

async function defineActive(
  model: 'SupplierInvoice' | 'Supplier' | 'CustomerInvoice',
  Name: string,
  kind: string,
  Nullable = true,
) {
  const created = await fields.define(nordlys, {
    Name,
    model,
    ModelID: modelId(model),
    DataType: typeCode(kind),
    Nullable,
  })
  expect(created).toMatchObject({ Name, model, kind, StatusCode: CustomFieldStatus.Created })
  const active = await fields.activate(nordlys, { ...created, ID: created.ID! })
  expect(active.StatusCode).toBe(CustomFieldStatus.Active)
  await keepField(db, nordlys, active)
  return active
}

describe('custom fields', () => {
  it('reads the four data types of the value list and the offered models’ ids', () => {
    expect(read.types.map((t) => t.kind)).toEqual(['smalltext', 'text', 'number', 'money'])
    for (const model of ['SupplierInvoice', 'Supplier', 'Customer', 'CustomerInvoice'])
      expect(read.models.find((m) => m.model === model)!.ModelID).toBeGreaterThan(0)
    expect(read.seen.find((s) => s.model === 'JournalEntryLine')!.readable).toBe(false)
  })

  it('refuses a name the platform cannot take, on the Name field, and keeps nothing', async () => {
    const error = await fields
      .define(nordlys, {
        Name: 'Prosjekt-kode',
        model: 'Supplier',
        ModelID: modelId('Supplier'),
        DataType: typeCode('text'),
        Nullable: true,
      })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).fields.map((f) => f.field)).toEqual(['Name'])
    const again = await fields.read(nordlys)
    expect(again.seen.find((s) => s.model === 'Supplier')!.names).not.toContain('Prosjekt-kode')
  })

  it('defines and activates a field; the rows then carry it, and a read names it with its kept type', async () => {
    await defineActive('SupplierInvoice', 'Prosjektkode', 'smalltext')
    const after = await fields.read(nordlys)
    expect(after.seen.find((s) => s.model === 'SupplierInvoice')!.names).toContain('Prosjektkode')
    const set = await keepRead(db, nordlys, after)
    const known = set.fields.find((f) => f.model === 'SupplierInvoice' && f.Name === 'Prosjektkode')
    expect(known).toMatchObject({ kind: 'smalltext', StatusCode: CustomFieldStatus.Active })
  })

  it('saves a supplier invoice’s custom value offline through the outbox and reads it back on the row', async () => {
    const supplier = (await call<Row[]>('GET', 'api/biz/suppliers?top=1&hateoas=false'))[0]!
    const invoice = await call('POST', 'api/biz/supplierinvoices', {
      SupplierID: supplier.ID,
      InvoiceNumber: `CF-${crypto.randomUUID().slice(0, 6)}`,
    })
    await cache('SupplierInvoice', invoice.ID)
    const cached = (await db.SupplierInvoice.get([nordlys, invoice.ID]))!
    expect(cached.CustomValues).toHaveProperty('CustomProsjektkode', null)

    sync.link.down = true
    await updateRow(db, nordlys, 'SupplierInvoice', invoice.ID, {
      CustomValues: { CustomProsjektkode: 'P-1042' },
    })
    expect((await db.SupplierInvoice.get([nordlys, invoice.ID]))!.CustomValues).toMatchObject({
      CustomProsjektkode: 'P-1042',
    })
    const offline = await drainCompany(db, sync.transport(), nordlys)
    expect(offline.interrupted).toBe(true)
    expect(await db.outbox.count()).toBe(1)
    sync.link.down = false
    await drainAll()

    const onPlatform = await call('GET', `api/biz/supplierinvoices/${invoice.ID}?hateoas=false`)
    expect(onPlatform.CustomValues).toMatchObject({ CustomProsjektkode: 'P-1042' })
    expect((await db.SupplierInvoice.get([nordlys, invoice.ID]))!.CustomValues).toMatchObject({
      CustomProsjektkode: 'P-1042',
    })
  })

  it('keeps a sales draft’s custom value made offline through its create and an edit, and reads it back', async () => {
    await defineActive('CustomerInvoice', 'Ordrenummer', 'smalltext')
    const setup = await salesSetup(sync.get)
    await db.VatType.bulkPut(setup.vatTypes.map((v) => ({ ...v, companyKey: nordlys })))
    sync.link.down = true
    const localId = await createSalesDraft(db, nordlys, {
      CustomerID: setup.customerId,
      CustomerName: setup.customerName,
      InvoiceDate: '2026-11-20',
      CustomValues: { CustomOrdrenummer: 'O-1' },
      Items: salesLines(setup),
    })
    expect((await db.CustomerInvoice.get([nordlys, localId]))!.CustomValues).toMatchObject({
      CustomOrdrenummer: 'O-1',
    })
    sync.link.down = false
    await drainAll()
    const [created] = (await db.CustomerInvoice.toArray()).filter(
      (r) => r.ID > 0 && (r.CustomValues as Record<string, unknown> | null)?.CustomOrdrenummer === 'O-1',
    ) as unknown as CustomerInvoice[]
    expect(created, 'the draft under its platform ID').toBeDefined()
    expect((await call('GET', `api/biz/invoices/${created!.ID}?hateoas=false`)).CustomValues).toMatchObject({
      CustomOrdrenummer: 'O-1',
    })
    await editSalesDraft(db, nordlys, created!.ID, {
      ...draftOf(created!),
      CustomValues: { ...created!.CustomValues, CustomOrdrenummer: 'O-2' },
    })
    await drainAll()
    expect((await call('GET', `api/biz/invoices/${created!.ID}?hateoas=false`)).CustomValues).toMatchObject({
      CustomOrdrenummer: 'O-2',
    })
  })

  it('edits a supplier’s money field by path offline; a colleague’s change of another custom field is kept', async () => {
    await defineActive('Supplier', 'Rammeavtale', 'money')
    await defineActive('Supplier', 'Kundenummer', 'number')
    const supplier = await call('POST', 'api/biz/suppliers', {
      Info: { _createguid: 'i', Name: `Custom ${crypto.randomUUID().slice(0, 6)}` },
    })
    await cache('Supplier', supplier.ID)
    const row = (await db.Supplier.get([nordlys, supplier.ID]))!
    const known = (await db.customFieldSets.get(nordlys))!.fields
    expect(fieldsForRow(known, 'Supplier', row.CustomValues).map((f) => [f.Name, f.kind])).toEqual(
      expect.arrayContaining([
        ['Rammeavtale', 'money'],
        ['Kundenummer', 'number'],
      ]),
    )

    sync.link.down = true
    await editParty(db, nordlys, 'Supplier', supplier.ID, { 'CustomValues.CustomRammeavtale': 125000.5 })
    // Meanwhile a colleague sets the other custom field on the platform.
    sync.link.down = false
    await call('PUT', `api/biz/suppliers/${supplier.ID}`, {
      ID: supplier.ID,
      CustomValues: { CustomKundenummer: 4711 },
    })
    await drainAll()

    const onPlatform = await call('GET', `api/biz/suppliers/${supplier.ID}?hateoas=false`)
    expect(onPlatform.CustomValues).toMatchObject({ CustomRammeavtale: 125000.5, CustomKundenummer: 4711 })
  })

  it('refuses a value of the wrong type for a field defined elsewhere: the outbox entry fails naming it', async () => {
    const supplier = await call('POST', 'api/biz/suppliers', {
      Info: { _createguid: 'i', Name: `Typed ${crypto.randomUUID().slice(0, 6)}` },
    })
    await cache('Supplier', supplier.ID)
    await editParty(db, nordlys, 'Supplier', supplier.ID, {
      'CustomValues.CustomKundenummer': 'not a number',
    })
    const result = await drainCompany(db, sync.transport(), nordlys)
    expect(result.failed).toBe(1)
    const [entry] = await db.outbox.toArray()
    expect(entry!.lastError?.message).toMatch(/CustomKundenummer/)
    await db.outbox.clear()
  })
})
