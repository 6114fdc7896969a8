// References stay inside the company: every one-relation the registry declares, written at the root of
// a request or inside a graph write, must name a row that exists, is not deleted and belongs to the
// caller's company. A property test writes random graphs with foreign, deleted and nonexistent IDs and
// expects 400 naming the field in the validation shape of the field notes, with no row written.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../../platform/registry/index.ts'
import type { EntityDef, RelationDef } from '../../../platform/registry/types.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const home = DEMO_COMPANIES.nordlys.key
const foreign = DEMO_COMPANIES.aurora.key
let p: TestPlatform
let anne = ''
const companyIds: Record<string, number> = {}

/** Models the generic routes write (company rows, not read-only, with their own route). */
const writable = registry.entities.filter(
  (e) => !e.internal && !e.readOnly && e.scope === 'company' && !['UserVerification'].includes(e.name),
)

interface Slot {
  /** Model of the object carrying the reference. */
  holder: EntityDef
  rel: RelationDef
  /** Posted model and, for a nested reference, the owned list it sits in. */
  root: EntityDef
  via?: RelationDef
}

const referenceOf = (holder: EntityDef) =>
  holder.relations.filter((r) => r.kind === 'one' && registry.field(holder, r.foreignKey)?.readOnly !== true)

/** Every declared reference at the root of a write, and one level down in every owned list. */
const slots: Slot[] = writable.flatMap((root) => [
  ...referenceOf(root).map((rel) => ({ holder: root, rel, root })),
  ...root.relations
    .filter((via) => via.kind === 'many' && via.owned)
    .flatMap((via) => {
      const holder = registry.require(via.target)
      return referenceOf(holder)
        .filter((rel) => rel.foreignKey !== via.foreignKey)
        .map((rel) => ({ holder, rel, root, via }))
    }),
])

type Kind = 'foreign' | 'deleted' | 'nonexistent'

/** An ID of `target` that is not a live row of the home company, of the kind asked for (or undefined). */
async function badId(target: EntityDef, kind: Kind, salt: number): Promise<number | undefined> {
  if (kind === 'nonexistent' || target.scope !== 'company') return 900_000_000 + salt
  if (kind === 'foreign') {
    const { rows } = await p.store.query<{ ID: number }>(
      `select f."ID" from "${target.name}" f where f."CompanyID" = $1 and f."Deleted" = false
         and not exists (select 1 from "${target.name}" h where h."CompanyID" = $2 and h."ID" = f."ID" and h."Deleted" = false)
       order by f."ID" limit 1`,
      [companyIds[foreign], companyIds[home]],
    )
    return rows[0] ? Number(rows[0].ID) : undefined
  }
  const { rows } = await p.store.query<{ ID: number }>(
    `select "ID" from "${target.name}" where "CompanyID" = $1 and "Deleted" = true order by "ID" limit 1`,
    [companyIds[home]],
  )
  return rows[0] ? Number(rows[0].ID) : undefined
}

async function rowCount(): Promise<number> {
  const { rows } = await p.store.query<{ n: number }>('select count(*)::integer as n from change_event')
  return Number(rows[0]!.n)
}

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email, { companyKey: home })
  const { rows } = await p.store.query<{ ID: number; Key: string }>('select "ID", "Key" from "Company"')
  for (const r of rows) companyIds[r.Key] = Number(r.ID)
  // A deleted row of every company model the slots point at, so "deleted" has something to name.
  const targets = new Set(slots.map((s) => s.rel.target))
  for (const name of targets) {
    const target = registry.require(name)
    if (target.scope !== 'company') continue
    await p.store.query(
      `update "${name}" set "Deleted" = true where "CompanyID" = $1 and "ID" = (
         select max("ID") from "${name}" where "CompanyID" = $1)`,
      [companyIds[home]],
    )
  }
}, 120_000)

afterAll(() => p?.close())

describe('references inside the company', () => {
  it('covers every declared reference of the writable models', () => {
    expect(slots.length).toBeGreaterThan(40)
    const named = slots.map((s) => `${s.holder.name}.${s.rel.foreignKey}`)
    for (const expected of [
      'Contact.InfoID',
      'SupplierInvoice.SupplierID',
      'CustomerInvoice.CustomerID',
      'CustomerInvoiceItem.AccountID',
      'CustomerInvoiceItem.VatTypeID',
    ])
      expect(named).toContain(expected)
  })

  it('refuses a contact that names another company’s business relation (400 naming InfoID)', async () => {
    const id = await badId(registry.require('BusinessRelation'), 'foreign', 0)
    expect(id).toBeDefined()
    const before = await rowCount()
    const r = await api(p.urls.base, 'POST', 'api/biz/contacts', {
      token: anne,
      companyKey: home,
      body: { InfoID: id },
    })
    expect(r.status).toBe(400)
    expect(r.body._validationResults.InfoID[0]).toMatchObject({
      PropertyName: 'InfoID',
      EntityType: 'Contact',
    })
    expect(await rowCount()).toBe(before)
  })

  it('refuses random graphs with foreign, deleted and nonexistent IDs on every declared reference', async () => {
    let checked = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...slots),
        fc.constantFrom<Kind>('foreign', 'deleted', 'nonexistent'),
        fc.integer({ min: 1, max: 99_999 }),
        fc.nat({ max: 2 }),
        async (slot, kind, salt, position) => {
          const target = registry.require(slot.rel.target)
          const id = await badId(target, kind, salt)
          if (id === undefined) return // no such row exists to name (e.g. no deleted one of a global model)
          const holderBody = { [slot.rel.foreignKey]: id }
          const body = slot.via
            ? {
                [slot.via.name]: [...Array.from({ length: position }, () => ({})), holderBody],
              }
            : holderBody
          const before = await rowCount()
          const r = await api(p.urls.base, 'POST', `api/biz/${slot.root.route}`, {
            token: anne,
            companyKey: home,
            body,
          })
          const where = `${slot.root.name}${slot.via ? `.${slot.via.name}[${position}]` : ''}.${slot.rel.foreignKey} = ${id} (${kind})`
          expect(r.status, `${where}: ${JSON.stringify(r.body)}`).toBe(400)
          const results = slot.via
            ? r.body[slot.via.name]?.[position]?._validationResults
            : r.body._validationResults
          expect(results?.[slot.rel.foreignKey]?.[0], `${where}: ${JSON.stringify(r.body)}`).toMatchObject({
            PropertyName: slot.rel.foreignKey,
            EntityType: slot.holder.name,
          })
          expect(await rowCount(), `${where}: nothing written`).toBe(before)
          checked++
        },
      ),
      { numRuns: 150 },
    )
    expect(checked).toBeGreaterThan(50)
  }, 300_000)

  it('keeps a row that still points at a row deleted since, when the update leaves the reference alone', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      api(p.urls.base, method, path, { token: anne, companyKey: home, body })
    const info = await call('POST', 'api/biz/business-relations', { Name: 'Soon gone' })
    expect(info.status).toBe(201)
    const contact = await call('POST', 'api/biz/contacts', { InfoID: info.body.ID, Role: 'Buyer' })
    expect(contact.status, JSON.stringify(contact.body)).toBe(201)
    expect((await call('DELETE', `api/biz/business-relations/${info.body.ID}`)).status).toBe(204)
    const kept = await call('PUT', `api/biz/contacts/${contact.body.ID}`, { ...contact.body, Role: 'Owner' })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    const moved = await call('PUT', `api/biz/contacts/${contact.body.ID}`, { InfoID: 900_000_001 })
    expect(moved.status).toBe(400)
    expect(moved.body._validationResults.InfoID).toHaveLength(1)
  })

  it('refuses custom values of no active custom field, naming the key, and keeps the row', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      api(p.urls.base, method, path, { token: anne, companyKey: home, body })
    const supplier = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
    const r = await call('PUT', `api/biz/suppliers/${supplier.ID}`, {
      ID: supplier.ID,
      CustomValues: { CustomNoSuchField: 'x' },
    })
    expect(r.status).toBe(400)
    expect(r.body._validationResults.CustomNoSuchField[0].Message).toContain('CustomNoSuchField')
    const after = await call('GET', `api/biz/suppliers/${supplier.ID}`)
    expect(after.body.UpdatedAt).toBe(supplier.UpdatedAt)
  })
})
