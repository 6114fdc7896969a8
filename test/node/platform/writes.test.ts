// The generic write path over HTTP: create, read, update, soft delete, graph writes, validation,
// IDs per company, change events and the company wall.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg = DEMO_COMPANIES.fjordbygg.key
const aurora = DEMO_COMPANIES.aurora.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

async function companyId(key: string): Promise<number> {
  const { rows } = await anne.p.store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
    key,
  ])
  return rows[0]!.ID
}

describe('create, read, update, delete', () => {
  it('creates an entity and answers it with its new ID and server-set fields', async () => {
    const r = await call('POST', 'api/biz/teams', {
      Name: 'Inbox crew',
      _isDirty: true,
      SomethingElse: 1,
      ID: 999999,
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      Name: 'Inbox crew',
      Deleted: false,
      CreatedBy: DEMO_USERS.anne.globalIdentity,
      UpdatedBy: DEMO_USERS.anne.globalIdentity,
    })
    expect(r.body.ID).toBeGreaterThan(0)
    expect(r.body.ID).not.toBe(999999)
    expect(r.body).not.toHaveProperty('_isDirty')
    expect(Date.parse(r.body.CreatedAt)).toBeGreaterThan(Date.now() - 60_000)
    const got = await call('GET', `api/biz/teams/${r.body.ID}`)
    expect(got.status).toBe(200)
    expect(got.body).toEqual(r.body)
  })

  it('lists with a count header and the query options of the read path', async () => {
    await call('POST', 'api/biz/teams', { Name: 'Count me' })
    await call('POST', 'api/biz/teams', { Name: 'Count me' })
    const r = await call('GET', "api/biz/Teams?filter=Name eq 'Count me'&top=1&count=true")
    expect(r.status).toBe(200)
    expect(Array.isArray(r.body)).toBe(true)
    expect(r.body).toHaveLength(1)
    expect(r.headers.get('count')).toBe('2')
    // OData's spelling asks too; a short page carries its total without asking; a full page does not.
    const odata = await call('GET', "api/biz/Teams?$filter=Name eq 'Count me'&$top=1&$inlinecount=allpages")
    expect(odata.headers.get('count')).toBe('2')
    const short = await call('GET', "api/biz/Teams?filter=Name eq 'Count me'&top=10")
    expect(short.headers.get('count')).toBe('2')
    const full = await call('GET', "api/biz/Teams?filter=Name eq 'Count me'&top=1")
    expect(full.headers.get('count')).toBeNull()
    const bad = await call('GET', 'api/biz/Teams?count=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.Message).toContain('count must be true or false')
    // spec 4.5 writes a slash before the query.
    const slash = await call('GET', "api/biz/teams/?filter=Name eq 'Count me'")
    expect(slash.status).toBe(200)
    expect(slash.body).toHaveLength(2)
  })

  it('updates with PUT and answers the updated entity; CreatedBy stays, UpdatedAt moves', async () => {
    const created = (await call('POST', 'api/biz/teams', { Name: 'Before' })).body
    const r = await call('PUT', `api/biz/teams/${created.ID}`, {
      ...created,
      Name: 'After',
      CreatedBy: '11111111-1111-4111-8111-111111111111',
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ ID: created.ID, Name: 'After', CreatedBy: created.CreatedBy })
    expect(Date.parse(r.body.UpdatedAt)).toBeGreaterThanOrEqual(Date.parse(created.UpdatedAt))
  })

  it('soft-deletes with DELETE: 204, then hidden from GET and lists, the row kept with Deleted', async () => {
    const created = (await call('POST', 'api/biz/teams', { Name: 'Short-lived' })).body
    const del = await call('DELETE', `api/biz/teams/${created.ID}`)
    expect(del.status).toBe(204)
    expect((await call('GET', `api/biz/teams/${created.ID}`)).status).toBe(404)
    const list = await call('GET', "api/biz/teams?filter=Name eq 'Short-lived'")
    expect(list.body).toEqual([])
    const { rows } = await anne.p.store.query(
      'select "Deleted" from "Team" where "CompanyID" = $1 and "ID" = $2',
      [await companyId(nordlys), created.ID],
    )
    expect(rows).toEqual([{ Deleted: true }])
    expect((await call('DELETE', `api/biz/teams/${created.ID}`)).status).toBe(404)
  })

  it('writes an array as a bulk create and answers an array', async () => {
    const r = await call('POST', 'api/biz/teams', [{ Name: 'Bulk A' }, { Name: 'Bulk B' }])
    expect(r.status).toBe(201)
    expect(r.body.map((t: { Name: string }) => t.Name)).toEqual(['Bulk A', 'Bulk B'])
    expect(r.body[1].ID).toBe(r.body[0].ID + 1)
  })

  it('refuses writes to read-only models', async () => {
    const t = await call('POST', 'api/biz/transitions', { MethodName: 'x', EntityType: 'User' })
    expect(t.status).toBe(400)
    expect(t.body.Message).toMatch(/read-only/)
    const m = await call('PUT', 'api/biz/models/1', { Name: 'Renamed' })
    expect(m.status).toBe(400)
    expect((await call('DELETE', 'api/biz/models/1')).status).toBe(400)
  })
})

describe('graph writes', () => {
  it('creates nested objects with _createguid: one-relations set the FK, owned children get the parent ID', async () => {
    const r = await call('POST', 'api/biz/customers', {
      Info: {
        _createguid: 'a1b2c3d4-0000-4000-8000-000000000001',
        Name: 'Graph Kunde AS',
        Addresses: [
          {
            _createguid: 'a1b2c3d4-0000-4000-8000-000000000002',
            AddressLine1: 'Storgata 1',
            PostalCode: '0155',
            City: 'Oslo',
          },
          {
            _createguid: 'a1b2c3d4-0000-4000-8000-000000000003',
            AddressLine1: 'Bryggen 2',
            PostalCode: '5003',
            City: 'Bergen',
          },
        ],
      },
    })
    expect(r.status).toBe(201)
    expect(r.body.BusinessRelationID).toBeGreaterThan(0)
    const got = await call('GET', `api/biz/customers/${r.body.ID}?expand=Info.Addresses`)
    expect(got.body.Info).toMatchObject({ ID: r.body.BusinessRelationID, Name: 'Graph Kunde AS' })
    expect(got.body.Info.Addresses.map((a: { City: string }) => a.City).sort()).toEqual(['Bergen', 'Oslo'])
    expect(
      got.body.Info.Addresses.every(
        (a: { BusinessRelationID: number }) => a.BusinessRelationID === r.body.BusinessRelationID,
      ),
    ).toBe(true)
  })

  it('updates a nested object by ID, removes a child sent with Deleted: true, adds a new child', async () => {
    const created = (
      await call('POST', 'api/biz/customers', {
        Info: {
          _createguid: 'x',
          Name: 'Old name',
          Addresses: [
            { _createguid: 'y', City: 'Oslo' },
            { _createguid: 'z', City: 'Bergen' },
          ],
        },
      })
    ).body
    const before = (await call('GET', `api/biz/customers/${created.ID}?expand=Info.Addresses`)).body
    const oslo = before.Info.Addresses.find((a: { City: string }) => a.City === 'Oslo')
    const bergen = before.Info.Addresses.find((a: { City: string }) => a.City === 'Bergen')
    const r = await call('PUT', `api/biz/customers/${created.ID}`, {
      ID: created.ID,
      Info: {
        ID: before.Info.ID,
        Name: 'New name',
        Addresses: [
          { ID: oslo.ID, Deleted: true },
          { ID: bergen.ID, City: 'Bergen sentrum' },
          { _createguid: 'w', City: 'Trondheim' },
        ],
      },
    })
    expect(r.status).toBe(200)
    const after = (await call('GET', `api/biz/customers/${created.ID}?expand=Info.Addresses`)).body
    expect(after.Info.Name).toBe('New name')
    expect(after.Info.Addresses.map((a: { City: string }) => a.City).sort()).toEqual([
      'Bergen sentrum',
      'Trondheim',
    ])
  })

  it('creates an inline object whose foreign key is sent as 0 (spec 4.3 CustomerID: 0)', async () => {
    const r = await call('POST', 'api/biz/customers', {
      BusinessRelationID: 0,
      Info: { Name: 'Inline Zero AS' },
    })
    expect(r.status).toBe(201)
    expect(r.body.BusinessRelationID).toBeGreaterThan(0)
    const got = await call('GET', `api/biz/customers/${r.body.ID}?expand=Info`)
    expect(got.body.Info.Name).toBe('Inline Zero AS')
  })

  it('refuses to touch a child that belongs to another parent', async () => {
    const a = (
      await call('POST', 'api/biz/teams', { Name: 'Team A', Positions: [{ UserID: 1, Position: 1 }] })
    ).body
    const b = (await call('POST', 'api/biz/teams', { Name: 'Team B' })).body
    const aFull = (await call('GET', `api/biz/teams/${a.ID}?expand=Positions`)).body
    const foreignChild = aFull.Positions[0].ID
    const r = await call('PUT', `api/biz/teams/${b.ID}`, { Positions: [{ ID: foreignChild, Position: 9 }] })
    expect(r.status).toBe(400)
    const still = (await call('GET', `api/biz/teams/${a.ID}?expand=Positions`)).body
    expect(still.Positions[0]).toMatchObject({ ID: foreignChild, Position: 1, TeamID: a.ID })
  })

  it('soft-deletes owned children with their parent', async () => {
    const t = (
      await call('POST', 'api/biz/teams', {
        Name: 'Parent',
        Positions: [
          { UserID: 1, Position: 1 },
          { UserID: 2, Position: 2 },
        ],
      })
    ).body
    expect((await call('DELETE', `api/biz/teams/${t.ID}`)).status).toBe(204)
    const { rows } = await anne.p.store.query<{ Deleted: boolean }>(
      'select "Deleted" from "TeamPosition" where "CompanyID" = $1 and "TeamID" = $2',
      [await companyId(nordlys), t.ID],
    )
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.Deleted)).toBe(true)
  })
})

describe('validation', () => {
  it('answers 400 with _validationResults and a top-level Message for a missing required field', async () => {
    const r = await call('POST', 'api/biz/supplierinvoices', { InvoiceNumber: 'X-1' })
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/SupplierID/)
    expect(r.body._validationResults.SupplierID[0]).toMatchObject({
      PropertyName: 'SupplierID',
      EntityType: 'SupplierInvoice',
      Message: expect.stringMatching(/required/),
    })
  })

  it('names each field with a wrong type, and writes nothing', async () => {
    const before = await anne.p.store.query<{ n: number }>('select count(*)::int as n from "SupplierInvoice"')
    const r = await call('POST', 'api/biz/supplierinvoices', {
      SupplierID: 'abc',
      TaxInclusiveAmount: 'lots',
      InvoiceDate: '2026-13-45',
      PaymentStatus: 123,
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body._validationResults).sort()).toEqual([
      'InvoiceDate',
      'PaymentStatus',
      'SupplierID',
      'TaxInclusiveAmount',
    ])
    expect(r.body._validationResults.SupplierID[0].Message).toMatch(/SupplierID must be a whole number/)
    const after = await anne.p.store.query<{ n: number }>('select count(*)::int as n from "SupplierInvoice"')
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })

  it('accepts numbers and booleans sent as strings', async () => {
    const sup = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
    const r = await call('POST', 'api/biz/supplierinvoices', {
      SupplierID: String(sup.ID),
      TaxInclusiveAmount: '1250.50',
      InvoiceDate: '2026-03-05',
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      SupplierID: sup.ID,
      TaxInclusiveAmount: 1250.5,
      InvoiceDate: '2026-03-05',
      StatusCode: 30101,
    })
  })

  it('checks maxLength', async () => {
    const r = await call('POST', 'api/biz/teams', { Name: 'x'.repeat(201) })
    expect(r.status).toBe(400)
    expect(r.body._validationResults.Name[0].Message).toMatch(/at most 200/)
  })

  it('reports errors of nested objects inside the nested object, with the path in the Message', async () => {
    const r = await call('POST', 'api/biz/customers', {
      Info: {
        _createguid: 'g',
        Name: 'Nested',
        Addresses: [
          { _createguid: 'h', City: 'Oslo' },
          { _createguid: 'i', PostalCode: { x: 1 } },
        ],
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/Info\.Addresses\[1\]\.PostalCode/)
    expect(r.body.Info.Addresses[1]._validationResults.PostalCode[0]).toMatchObject({
      PropertyName: 'PostalCode',
      EntityType: 'Address',
    })
  })
})

describe('IDs, change events and the company wall', () => {
  it('numbers IDs per company', async () => {
    const a1 = (await call('POST', 'api/biz/teams', { Name: 'Seq 1' }, nordlys)).body.ID
    const b1 = (await call('POST', 'api/biz/teams', { Name: 'Seq 1' }, fjordbygg)).body.ID
    const b2 = (await call('POST', 'api/biz/teams', { Name: 'Seq 2' }, fjordbygg)).body.ID
    const a2 = (await call('POST', 'api/biz/teams', { Name: 'Seq 2' }, nordlys)).body.ID
    expect(a2).toBe(a1 + 1)
    expect(b2).toBe(b1 + 1)
  })

  it('writes a change event for every create, update and delete with fields, entity and reason', async () => {
    const t = (await call('POST', 'api/biz/teams', { Name: 'Evented' })).body
    await call('PUT', `api/biz/teams/${t.ID}`, { Name: 'Evented 2' })
    await call('DELETE', `api/biz/teams/${t.ID}`)
    const { rows } = await anne.p.store.query<{
      operation: string
      changed: string[]
      entity_json: Record<string, unknown>
      reason: string
      session_id: string
    }>(
      'select operation, changed, entity_json, reason, session_id from change_event where company_id = $1 and entity = $2 and entity_id = $3 order by id',
      [await companyId(nordlys), 'Team', t.ID],
    )
    expect(rows.map((r) => r.operation)).toEqual(['C', 'U', 'D'])
    expect(rows[0]!.changed).toContain('Name')
    expect(rows[0]!.reason).toBe('POST /api/biz/teams')
    expect(rows[1]!.changed).toEqual(['Name'])
    expect(rows[1]!.entity_json).toMatchObject({ ID: t.ID, Name: 'Evented 2' })
    expect(rows[1]!.reason).toBe(`PUT /api/biz/teams/${t.ID}`)
    expect(rows[2]!.entity_json).toMatchObject({ ID: t.ID, Deleted: true })
  })

  it('does not read, update or delete another company’s row by ID', async () => {
    const nordlysId = await companyId(nordlys)
    const { rows } = await anne.p.store.query<{ max: number | null }>(
      'select max("ID") as max from "Team" where "CompanyID" = $1',
      [nordlysId],
    )
    let foreign = (await call('POST', 'api/biz/teams', { Name: 'Aurora only' }, aurora)).body
    while (foreign.ID <= (rows[0]!.max ?? 0) + 5)
      foreign = (await call('POST', 'api/biz/teams', { Name: 'Aurora only' }, aurora)).body
    expect((await call('GET', `api/biz/teams/${foreign.ID}`, undefined, nordlys)).status).toBe(404)
    expect((await call('PUT', `api/biz/teams/${foreign.ID}`, { Name: 'Hijacked' }, nordlys)).status).toBe(404)
    expect((await call('DELETE', `api/biz/teams/${foreign.ID}`, undefined, nordlys)).status).toBe(404)
    const still = await call('GET', `api/biz/teams/${foreign.ID}`, undefined, aurora)
    expect(still.status).toBe(200)
    expect(still.body).toMatchObject({ Name: 'Aurora only', Deleted: false, UpdatedAt: foreign.UpdatedAt })
  })
})
