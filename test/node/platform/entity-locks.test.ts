// Entity locks (spec 2.18, 4.5): a locked entity refuses updates, deletes, attachments and transitions with
// the lock's message, until it is unlocked.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'
import { newDraftInvoice, pngBytes, upload } from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key
const MESSAGE = 'Being paid through the bank integration'

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

async function lock(entityType: string, id: number, companyKey = nordlys) {
  return call(
    'POST',
    'api/biz/entitylock',
    { Message: MESSAGE, EntityType: entityType, EntityID: id },
    companyKey,
  )
}

describe('entity locks', () => {
  it('makes an invoice refuse update, delete, upload, link, unlink and a transition with the lock message', async () => {
    const inv = await newDraftInvoice(anne.p, anne.token, nordlys)
    const attached = await upload(
      anne.p,
      { bytes: pngBytes(), fileName: 'a.png', key: nordlys, entityType: 'SupplierInvoice', entityId: inv.ID },
      { token: anne.token },
    )
    expect(attached.status).toBe(201)
    const loose = await upload(
      anne.p,
      { bytes: pngBytes(), fileName: 'b.png', key: nordlys },
      { token: anne.token },
    )

    const created = await lock('SupplierInvoice', inv.ID)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ EntityType: 'SupplierInvoice', EntityID: inv.ID, Message: MESSAGE })

    const refusals = [
      await call('PUT', `api/biz/supplierinvoices/${inv.ID}`, { InvoiceNumber: 'changed' }),
      await call('DELETE', `api/biz/supplierinvoices/${inv.ID}`),
      await upload(
        anne.p,
        {
          bytes: pngBytes(),
          fileName: 'c.png',
          key: nordlys,
          entityType: 'SupplierInvoice',
          entityId: inv.ID,
        },
        { token: anne.token },
      ),
      await call(
        'POST',
        `api/biz/files/${loose.body.ID}?action=link&entitytype=SupplierInvoice&entityid=${inv.ID}`,
      ),
      await call('DELETE', `api/biz/files/SupplierInvoice/${inv.ID}/${attached.body.ID}`),
      await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=journal`),
    ]
    for (const [i, r] of refusals.entries()) {
      expect(r.status, `refusal ${i}`).toBe(400)
      expect(r.body.Message, `refusal ${i}`).toContain(MESSAGE)
      expect(r.body.Message).toContain(`SupplierInvoice ${inv.ID} is locked`)
    }
    const after = await call('GET', `api/biz/supplierinvoices/${inv.ID}`)
    expect(after.body).toMatchObject({ InvoiceNumber: inv.InvoiceNumber, StatusCode: 30101, Deleted: false })
    expect((await call('GET', `api/biz/files/SupplierInvoice/${inv.ID}`)).body).toHaveLength(1)

    // Other invoices are not affected.
    const other = await newDraftInvoice(anne.p, anne.token, nordlys)
    expect(
      (await call('PUT', `api/biz/supplierinvoices/${other.ID}`, { InvoiceNumber: 'free' })).status,
    ).toBe(200)

    const unlock = await call(
      'PUT',
      `api/biz/entitylock?action=unlock&id=${inv.ID}&entitytype=SupplierInvoice`,
    )
    expect(unlock.status).toBe(204)
    const edit = await call('PUT', `api/biz/supplierinvoices/${inv.ID}`, { InvoiceNumber: 'changed' })
    expect(edit.status).toBe(200)
    expect(edit.body.InvoiceNumber).toBe('changed')
    expect(
      (
        await call(
          'POST',
          `api/biz/files/${loose.body.ID}?action=link&entitytype=SupplierInvoice&entityid=${inv.ID}`,
        )
      ).status,
    ).toBe(200)
  })

  it('refuses a lock on an entity that does not exist in the caller company', async () => {
    const missing = await lock('SupplierInvoice', 999999)
    expect(missing.status).toBe(404)
    expect(missing.body.Message).toMatch(/SupplierInvoice 999999 was not found/)
    const unknown = await lock('Spaceship', 1)
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toMatch(/Spaceship/)
    const nordInvoice = await newDraftInvoice(anne.p, anne.token, nordlys)
    const { rows } = await anne.p.store.query<{ n: number }>(
      'select coalesce(max("ID"), 0)::int as n from "SupplierInvoice" where "CompanyID" = (select "ID" from "Company" where "Key" = $1)',
      [fjordbygg],
    )
    const foreign = await lock('SupplierInvoice', Math.max(nordInvoice.ID, rows[0]!.n) + 1, fjordbygg)
    expect(foreign.status).toBe(404)
  })

  it('matches the entity type in any casing, refuses a second lock, and unlocks by the lock id', async () => {
    const inv = await newDraftInvoice(anne.p, anne.token, nordlys)
    const created = await lock('supplierinvoice', inv.ID)
    expect(created.status).toBe(201)
    expect(created.body.EntityType).toBe('SupplierInvoice')
    const second = await lock('SupplierInvoice', inv.ID)
    expect(second.status).toBe(400)
    expect(second.body.Message).toMatch(/already locked/)
    expect((await call('PUT', `api/biz/supplierinvoices/${inv.ID}`, { InvoiceNumber: 'x' })).status).toBe(400)
    const unlock = await call('PUT', `api/biz/entitylock/${created.body.ID}?action=unlock`)
    expect(unlock.status).toBe(204)
    expect((await call('PUT', `api/biz/supplierinvoices/${inv.ID}`, { InvoiceNumber: 'x' })).status).toBe(200)
    const notLocked = await call(
      'PUT',
      `api/biz/entitylock?action=unlock&id=${inv.ID}&entitytype=SupplierInvoice`,
    )
    expect(notLocked.status).toBe(404)
    expect(notLocked.body.Message).toMatch(/is not locked/)
  })

  it('finds the locks of a write through an index on company, entity type and id', async () => {
    const { rows } = await anne.p.store.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'EntityLock' and indexname = 'EntityLock_target_idx'`,
    )
    expect(rows[0]?.indexdef).toMatch(/"CompanyID", "EntityType", "EntityID"/)
  })

  it('locks other entity types too', async () => {
    const sup = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
    expect((await lock('Supplier', sup.ID)).status).toBe(201)
    const r = await call('PUT', `api/biz/suppliers/${sup.ID}`, { StatusCode: sup.StatusCode })
    expect(r.status).toBe(400)
    const del = await call('DELETE', `api/biz/suppliers/${sup.ID}`)
    expect(del.status).toBe(400)
    expect(del.body.Message).toContain(MESSAGE)
    expect(
      (await call('PUT', `api/biz/entitylock?action=unlock&id=${sup.ID}&entitytype=Supplier`)).status,
    ).toBe(204)
  })
})
