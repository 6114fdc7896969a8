// The contacts register against the real local platform: the renderer's party changes queue in the outbox,
// main's sync service writes them as graphs. Each is replayed with the connection cut after every request
// it makes (the platform did the work, the answer was lost): afterwards the platform holds it exactly once.
// A colleague's change of the same field is a conflict with their value; of another field, it is kept.
import { describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { checkedMarkText, isCheckedMark } from '../../../common/parties/scan-mark.ts'
import { GenericStatus, SupplierInvoiceStatus } from '../../../common/status.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import {
  addBankAccount,
  createParty,
  editParty,
  markChecked,
  mergeParty,
  partyValue,
  removeBankAccount,
} from '../../../renderer/src/data/parties.ts'
import { storeRow } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { useSyncPlatform, type Row } from '../../support/sync-platform.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const anne = DEMO_USERS.anne.email

const sync = useSyncPlatform(anne, nordlys)
let db: WorkspaceDb

const transport = () => sync.transport()
const call = sync.call
const get = <T = Row>(path: string) => call<T>('GET', `${path}${path.includes('?') ? '&' : '?'}hateoas=false`)
const expand = 'Info,Info.InvoiceAddress,Info.DefaultEmail,Info.DefaultPhone,Info.BankAccounts'
const supplierOnPlatform = (id: number) => get(`api/biz/suppliers/${id}?expand=${expand}`)
const unique = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`
const liveAccounts = (supplier: Row) =>
  ((partyValue(supplier, 'Info.BankAccounts') as Row[] | undefined) ?? []).filter((a) => a.Deleted !== true)

/** A supplier made on the platform (as a colleague would) and cached. */
async function cachedSupplier(values: Record<string, unknown> = {}): Promise<Row> {
  const created = await call('POST', 'api/biz/suppliers', {
    OrgNumber: '995525828',
    CostAccountID: null,
    ...values,
    Info: {
      _createguid: 'info',
      Name: unique('Fjord AS'),
      InvoiceAddress: { _createguid: 'a', AddressLine1: 'Strandgaten 1', City: 'Bergen' },
      BankAccounts: [{ _createguid: 'b', AccountNumber: '86011117947' }],
    },
  })
  await cache(created.ID)
  return (await db.Supplier.get([nordlys, created.ID])) as unknown as Row
}

async function cache(id: number, entity: 'Supplier' | 'SupplierInvoice' = 'Supplier') {
  const row = await transport().row(nordlys, entity, id)
  expect(row).not.toBeNull()
  await storeRow(db, nordlys, entity, row!)
}

/** Drains until nothing is pending; returns the requests it made. */
async function drainAll(): Promise<number> {
  const before = sync.link.requests
  for (let round = 0; round < 5; round++) {
    const result = await drainCompany(db, transport(), nordlys)
    expect(result.failed, JSON.stringify((await db.outbox.toArray()).map((e) => e.lastError))).toBe(0)
    if (!result.interrupted && (await db.outbox.count()) === 0) break
  }
  expect(await db.outbox.count()).toBe(0)
  return sync.link.requests - before
}

/**
 * Runs a scenario once over a sound connection (counting its requests), then once per request with the
 * answer of that request lost after the platform did the work, each followed by a drain that finishes
 * the job; `check` runs after each on the platform.
 */
async function everyCut<T>(
  queue: () => Promise<T>,
  check: (queued: T) => Promise<void>,
  drainFirst: () => Promise<void> = async () => undefined,
): Promise<void> {
  const fresh = async () => {
    await db?.delete()
    db = openWorkspace('parties', crypto.randomUUID())
    await drainFirst()
  }
  await fresh()
  const clean = await queue()
  const requests = await drainAll()
  await check(clean)
  expect(requests).toBeGreaterThan(0)
  for (let cut = 1; cut <= requests; cut++) {
    await fresh()
    const queued = await queue()
    let seen = 0
    sync.link.fault = (phase) => phase === 'after' && ++seen === cut
    const first = await drainCompany(db, transport(), nordlys)
    expect(first.interrupted, `cut after request ${cut}`).toBe(true)
    sync.link.fault = undefined
    await drainAll()
    await check(queued)
  }
}

describe("the register's rows", () => {
  it("come through main's pull from the local platform, with the expansions the cards show", async () => {
    const supplier = await call('POST', 'api/biz/suppliers', {
      Info: {
        _createguid: 'i',
        Name: unique('Pull AS'),
        DefaultEmail: { _createguid: 'e', EmailAddress: 'p@pull.no' },
      },
    })
    await call('POST', `api/biz/comments/Supplier/${supplier.ID}`, { Text: 'Opprettet fra skanning' })
    // spec 4.3: a customer created inline with its invoice.
    await call('POST', 'api/biz/invoices', {
      CustomerID: 0,
      Customer: { Info: { Name: unique('Kunde AS') } },
      CustomerName: 'Kunde AS',
    })
    const from = { updatedAt: null, id: 0 }
    const pullOptions = { top: 5000, userId: null, journaledDays: 90 }
    for (const entity of ['Supplier', 'Customer', 'Contact', 'Comment', 'CustomerInvoice'] as const) {
      const page = await transport().pull(nordlys, entity, from, pullOptions)
      expect(page.rows.length, entity).toBeGreaterThan(0)
      expect((await transport().ids(nordlys, entity, pullOptions)).length, entity).toBeGreaterThan(0)
      if (entity === 'Supplier') {
        const row = page.rows.find((r) => r.ID === supplier.ID)
        expect(partyValue(row, 'Info.DefaultEmail.EmailAddress')).toBe('p@pull.no')
      }
      if (entity === 'Comment') {
        expect(page.rows.every((r) => r.EntityType === 'Supplier')).toBe(true)
        expect(page.rows.some((r) => r.EntityID === supplier.ID)).toBe(true)
      }
      if (entity === 'Customer') expect(page.rows[0]).toHaveProperty('Info')
      if (entity === 'CustomerInvoice') expect(page.rows[0]).toHaveProperty('CustomerID')
    }
  })
})

describe('creating parties', () => {
  it('creates a supplier with its address, e-mail, phone and default bank account once, however the answers are lost', async () => {
    await everyCut(
      async () => {
        const name = unique('Kaffebrenneriet AS')
        const id = await createParty(db, nordlys, 'Supplier', {
          Name: name,
          OrgNumber: '911111111',
          InvoiceAddress: { AddressLine1: 'Torget 2', PostalCode: '5014', City: 'Bergen' },
          EmailAddress: 'faktura@kaffe.no',
          PhoneNumber: '55001117',
          BankAccounts: [{ AccountNumber: '12345678903' }],
        })
        expect(id).toBeLessThan(0)
        return name
      },
      async (name) => {
        const found = await get<Row[]>(`api/biz/suppliers?filter=Info.Name eq '${name}'&expand=${expand}`)
        expect(found).toHaveLength(1)
        const supplier = found[0]!
        expect(supplier.OrgNumber).toBe('911111111')
        expect(partyValue(supplier, 'Info.InvoiceAddress.City')).toBe('Bergen')
        expect(partyValue(supplier, 'Info.DefaultEmail.EmailAddress')).toBe('faktura@kaffe.no')
        expect(partyValue(supplier, 'Info.DefaultPhone.Number')).toBe('55001117')
        const accounts = liveAccounts(supplier)
        expect(accounts.map((a) => a.AccountNumber)).toEqual(['12345678903'])
        expect(partyValue(supplier, 'Info.DefaultBankAccountID')).toBe(accounts[0]!.ID)
        // The cache moved the local row onto the platform's ID.
        const cached = await db.Supplier.where('companyKey').equals(nordlys).toArray()
        expect(cached.map((r) => r.ID)).toEqual([supplier.ID])
      },
    )
  })

  it('creates a contact person linked to the supplier they work for, once', async () => {
    const supplier = await call('POST', 'api/biz/suppliers', {
      Info: { _createguid: 'i', Name: unique('Lev AS') },
    })
    const infoId = (await supplierOnPlatform(supplier.ID)).BusinessRelationID as number
    await everyCut(
      async () => {
        const name = unique('Kari Nordmann')
        await createParty(db, nordlys, 'Contact', {
          Name: name,
          EmailAddress: 'kari@lev.no',
          Role: 'Innkjøper',
          ParentBusinessRelationID: infoId,
        })
        return name
      },
      async (name) => {
        const found = await get<Row[]>(
          `api/biz/contacts?filter=ParentBusinessRelationID eq ${infoId} and Info.Name eq '${name}'&expand=Info,Info.DefaultEmail`,
        )
        expect(found).toHaveLength(1)
        expect(found[0]).toMatchObject({
          Role: 'Innkjøper',
          Info: { DefaultEmail: { EmailAddress: 'kari@lev.no' } },
        })
      },
    )
  })
})

describe('a supplier and its contact person created offline', () => {
  it('sends the person once the supplier is on the platform, linked to it, each once', async () => {
    await everyCut(
      async () => {
        const name = unique('Ny Leverandør AS')
        const supplierId = await createParty(db, nordlys, 'Supplier', { Name: name })
        const supplier = await db.Supplier.get([nordlys, supplierId])
        await createParty(db, nordlys, 'Contact', {
          Name: `Kari i ${name}`,
          ParentBusinessRelationID: supplier!.Info!.ID,
        })
        return name
      },
      async (name) => {
        const [supplier, ...more] = await get<Row[]>(`api/biz/suppliers?filter=Info.Name eq '${name}'`)
        expect(more).toHaveLength(0)
        const contacts = await get<Row[]>(`api/biz/contacts?filter=Info.Name eq 'Kari i ${name}'`)
        expect(contacts).toHaveLength(1)
        expect(contacts[0]!.ParentBusinessRelationID).toBe(supplier!.BusinessRelationID)
      },
    )
  })
})

describe('editing a supplier', () => {
  it('sets name, address, e-mail and cost account in one graph write, once', async () => {
    const [cost] = await get<Row[]>('api/biz/accounts?filter=AccountNumber eq 6800')
    let supplierId = 0
    await everyCut(
      async () => {
        supplierId = (await cachedSupplier()).ID
        await editParty(db, nordlys, 'Supplier', supplierId, {
          'Info.Name': `Fjord Vest ${supplierId}`,
          'Info.InvoiceAddress.City': 'Os',
          'Info.DefaultEmail.EmailAddress': 'post@fjord.no',
          CostAccountID: cost!.ID,
        })
        return supplierId
      },
      async (id) => {
        const supplier = await supplierOnPlatform(id)
        expect(partyValue(supplier, 'Info.Name')).toBe(`Fjord Vest ${id}`)
        expect(partyValue(supplier, 'Info.InvoiceAddress.City')).toBe('Os')
        expect(partyValue(supplier, 'Info.InvoiceAddress.AddressLine1')).toBe('Strandgaten 1')
        expect(partyValue(supplier, 'Info.DefaultEmail.EmailAddress')).toBe('post@fjord.no')
        expect(supplier.CostAccountID).toBe(cost!.ID)
        const emails = await get<Row[]>(
          `api/biz/emails?filter=EmailAddress eq 'post@fjord.no' and ID eq ${partyValue(supplier, 'Info.DefaultEmailID')}`,
        )
        expect(emails).toHaveLength(1)
        const cached = await db.Supplier.get([nordlys, id])
        expect(partyValue(cached, 'Info.DefaultEmail.EmailAddress')).toBe('post@fjord.no')
      },
    )
  })

  it("is a conflict with the colleague's value when they changed the same field, and keeps their other change", async () => {
    db = openWorkspace('parties', crypto.randomUUID())
    const supplier = await cachedSupplier()
    const info = (await supplierOnPlatform(supplier.ID)).Info as Row
    // A colleague renames it and moves its address after this cache read it.
    await call('PUT', `api/biz/suppliers/${supplier.ID}`, {
      ID: supplier.ID,
      Info: {
        ID: info.ID,
        Name: 'Kollegas navn AS',
        InvoiceAddress: { ID: (info.InvoiceAddress as Row).ID, PostalCode: '5003' },
      },
    })
    await editParty(db, nordlys, 'Supplier', supplier.ID, {
      'Info.Name': 'Mitt navn AS',
      'Info.InvoiceAddress.City': 'Os',
    })
    const result = await drainCompany(db, transport(), nordlys)
    expect(result.conflicts).toBe(1)
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ state: 'conflict', theirs: { 'Info.Name': 'Kollegas navn AS' } })
    expect((await supplierOnPlatform(supplier.ID)).Info).toMatchObject({ Name: 'Kollegas navn AS' })

    // Another field only (the cache read again, as after discarding the conflict): sent, and the
    // colleague's change stays.
    await db.outbox.clear()
    await cache(supplier.ID)
    await editParty(db, nordlys, 'Supplier', supplier.ID, { 'Info.InvoiceAddress.City': 'Os' })
    expect((await drainCompany(db, transport(), nordlys)).done).toBe(1)
    const after = await supplierOnPlatform(supplier.ID)
    expect(after.Info).toMatchObject({
      Name: 'Kollegas navn AS',
      InvoiceAddress: { City: 'Os', PostalCode: '5003', AddressLine1: 'Strandgaten 1' },
    })
    await db.delete()
  })
})

describe('bank accounts', () => {
  it('adds one as the default and removes another, once each', async () => {
    await everyCut(
      async () => {
        const supplier = await cachedSupplier()
        const old = liveAccounts(supplier)[0]!
        await addBankAccount(db, nordlys, 'Supplier', supplier.ID, { AccountNumber: '12345678903' }, true)
        await removeBankAccount(db, nordlys, 'Supplier', supplier.ID, old.ID)
        return supplier.ID
      },
      async (id) => {
        const supplier = await supplierOnPlatform(id)
        const accounts = liveAccounts(supplier)
        expect(accounts.map((a) => a.AccountNumber)).toEqual(['12345678903'])
        expect(partyValue(supplier, 'Info.DefaultBankAccountID')).toBe(accounts[0]!.ID)
      },
    )
  })
})

describe('a supplier created by a scan', () => {
  it('is marked checked with one comment', async () => {
    await everyCut(
      async () => {
        const supplier = await cachedSupplier()
        await call('POST', `api/biz/comments/Supplier/${supplier.ID}`, { Text: 'Opprettet fra skanning' })
        await markChecked(db, nordlys, supplier.ID, checkedMarkText('nb'))
        return supplier.ID
      },
      async (id) => {
        const comments = await get<Row[]>(`api/biz/comments/Supplier/${id}`)
        expect(comments.filter((c) => isCheckedMark(c.Text as string))).toHaveLength(1)
      },
    )
  })
})

describe('merging duplicates', () => {
  it('moves the draft invoice, leaves the journaled one, and deactivates the duplicate, once', async () => {
    const [cost] = await get<Row[]>('api/biz/accounts?filter=AccountNumber eq 6540')
    await everyCut(
      async () => {
        const into = await cachedSupplier()
        const duplicate = await cachedSupplier()
        const draftInvoice = await call('POST', 'api/biz/supplierinvoices', {
          SupplierID: duplicate.ID,
          InvoiceNumber: unique('D'),
        })
        const booked = await call('POST', 'api/biz/supplierinvoices', {
          SupplierID: duplicate.ID,
          InvoiceNumber: unique('J'),
          TaxInclusiveAmount: 100,
          JournalEntry: {
            _createguid: 'je',
            DraftLines: [{ _createguid: 'l', AccountID: cost!.ID, Amount: 100, FinancialDate: '2026-11-02' }],
          },
        })
        await call('POST', `api/biz/supplierinvoices/${booked.ID}?action=journal`)
        expect((await get(`api/biz/supplierinvoices/${booked.ID}`)).StatusCode).toBe(
          SupplierInvoiceStatus.Journaled,
        )
        await cache(draftInvoice.ID, 'SupplierInvoice')
        await cache(booked.ID, 'SupplierInvoice')
        // The user saw both (the booked one was booked by a colleague meanwhile, say).
        await mergeParty(db, nordlys, 'Supplier', duplicate.ID, into.ID, [draftInvoice.ID, booked.ID])
        return { into: into.ID, duplicate: duplicate.ID, draft: draftInvoice.ID, booked: booked.ID }
      },
      async ({ into, duplicate, draft, booked }) => {
        expect((await get(`api/biz/supplierinvoices/${draft}`)).SupplierID).toBe(into)
        expect((await get(`api/biz/supplierinvoices/${booked}`)).SupplierID).toBe(duplicate)
        expect((await get(`api/biz/suppliers/${duplicate}`)).StatusCode).toBe(GenericStatus.Inactive)
        expect((await get(`api/biz/suppliers/${into}`)).StatusCode).toBe(GenericStatus.Active)
        const cached = await db.Supplier.get([nordlys, duplicate])
        expect(cached?.StatusCode).toBe(GenericStatus.Inactive)
        // The cache moved both at once; the journaled one went back with the platform's answer.
        expect((await db.SupplierInvoice.get([nordlys, draft]))?.SupplierID).toBe(into)
        expect((await db.SupplierInvoice.get([nordlys, booked]))?.SupplierID).toBe(duplicate)
        expect((cached as Record<string, unknown> | undefined)?.MergeSkippedInvoices).toEqual([
          { ID: booked, SupplierID: duplicate, StatusCode: SupplierInvoiceStatus.Journaled },
        ])
      },
    )
  })
})

describe('merging customers', () => {
  it("moves the duplicate's draft invoice to the other customer and deactivates the duplicate", async () => {
    db = openWorkspace('parties', crypto.randomUUID())
    const draftOf = (name: string) =>
      call('POST', 'api/biz/invoices', {
        CustomerID: 0,
        Customer: { OrgNumber: '911111111', Info: { Name: name } },
        CustomerName: name,
      })
    const kept = await draftOf(unique('Kunde AS'))
    const dup = await draftOf(unique('Kunde AS (dublett)'))
    for (const invoice of [kept, dup]) {
      await storeRow(
        db,
        nordlys,
        'Customer',
        (await transport().row(nordlys, 'Customer', invoice.CustomerID as number))!,
      )
      await storeRow(
        db,
        nordlys,
        'CustomerInvoice',
        (await transport().row(nordlys, 'CustomerInvoice', invoice.ID))!,
      )
    }
    await mergeParty(db, nordlys, 'Customer', dup.CustomerID as number, kept.CustomerID as number, [dup.ID])
    await drainAll()
    expect((await get(`api/biz/invoices/${dup.ID}`)).CustomerID).toBe(kept.CustomerID)
    expect((await get(`api/biz/customers/${dup.CustomerID}`)).StatusCode).toBe(GenericStatus.Inactive)
    expect((await db.CustomerInvoice.get([nordlys, dup.ID]))?.CustomerID).toBe(kept.CustomerID)
    await db.delete()
  })
})
